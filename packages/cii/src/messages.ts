/**
 * The message catalogue of @kontor/cii for every user-facing text that is not a rule engine message (those live with
 * the rules): invoice JSON parsing (model/parse), the pre-generation checks and normalisation (calc), the generation
 * gate. German and English; `{name}` placeholders are filled by `texts()`, which also writes numbers and ISO dates the
 * German way in the German text (12,5; 15.01.2025).
 */
import { defineMessages, message, type Lang, type MessageParams, type MessageTexts } from '@kontor/xml';

export const messages = defineMessages({
  // ---- model/parse: invoice JSON
  INVALID_NUMBER_PATH: {
    en: 'Not a finite number ({value}): amounts, quantities and rates must be finite decimals',
    de: 'Keine endliche Zahl ({value}): Beträge, Mengen und Sätze müssen endliche Dezimalzahlen sein',
  },
  TOO_DEEP: { en: 'JSON nested deeper than {max} levels', de: 'JSON tiefer als {max} Ebenen verschachtelt' },
  // the placeholders themselves (model/parse PLACEHOLDER_TEXT, PLACEHOLDER_DATE) are data, written as they are
  PLACEHOLDER_TEXT: { en: 'Placeholder "KORRIGIEREN" must be replaced by the real value', de: 'Der Platzhalter „KORRIGIEREN“ muss durch den echten Wert ersetzt werden' },
  PLACEHOLDER_DATE: { en: 'Placeholder date 1900-01-01 must be replaced by the real date', de: 'Das Platzhalterdatum 1900-01-01 muss durch das echte Datum ersetzt werden' },
  INVOICE_TOO_LARGE: { en: 'The invoice JSON has {bytes} bytes; at most {limit} are allowed', de: 'Das Rechnungs-JSON hat {bytes} Bytes; erlaubt sind höchstens {limit}' },
  INVALID_JSON: { en: 'Not valid JSON: {reason}', de: 'Kein gültiges JSON: {reason}' },
  NOT_AN_OBJECT: { en: 'The invoice must be a JSON object', de: 'Die Rechnung muss ein JSON-Objekt sein' },
  FIELD_REQUIRED: { en: 'Required field "{field}" is missing', de: 'Das Pflichtfeld „{field}“ fehlt' },
  UNKNOWN_PROPERTY: { en: 'Unknown property "{field}"', de: 'Unbekannte Eigenschaft „{field}“' },
  NOTE_SHAPE: { en: 'Expected a string or an object {text, subjectCode}', de: 'Erwartet wird ein Text oder ein Objekt mit text und subjectCode' },
  INVALID_CODE: { en: 'Invalid value "{value}": expected one of {expected}', de: 'Ungültiger Wert „{value}“: erwartet wird einer von {expected}' },
  INVALID_DATE: { en: 'Not a date of the form YYYY-MM-DD: "{value}"', de: 'Kein Datum der Form JJJJ-MM-TT: „{value}“' },
  LIMIT_EXCEEDED: { en: 'At most {max} entries are allowed (got {count})', de: 'Erlaubt sind höchstens {max} Einträge (angegeben: {count})' },
  TOO_LONG: { en: 'At most {max} characters are allowed (got {count})', de: 'Erlaubt sind höchstens {max} Zeichen (angegeben: {count})' },
  TOO_FEW_ENTRIES: { en: 'At least {min} entries are needed', de: 'Nötig sind mindestens {min} Einträge' },
  TOO_SHORT: { en: 'At least {min} characters are needed', de: 'Nötig sind mindestens {min} Zeichen' },
  INVALID_LENGTH: { en: 'Exactly {length} characters are needed (got {count})', de: 'Nötig sind genau {length} Zeichen (angegeben: {count})' },
  OUT_OF_RANGE: { en: 'The value {value} is out of range ({requirement})', de: 'Der Wert {value} liegt außerhalb des erlaubten Bereichs ({requirement})' },
  NOT_AN_INTEGER: { en: 'A whole number is needed (got {value})', de: 'Nötig ist eine ganze Zahl (angegeben: {value})' },
  INVALID_FORMAT: { en: 'The value "{value}" has not the required format', de: 'Der Wert „{value}“ hat nicht das verlangte Format' },
  INVALID_TYPE: { en: 'Wrong type: expected {expected}, got {received}', de: 'Falscher Typ: erwartet {expected}, angegeben {received}' },

  // ---- calc/check: codes and decimals
  CURRENCY_NOT_ISO: { en: 'Currency "{code}" is not an ISO 4217 code', de: 'Die Währung „{code}“ ist kein Code nach ISO 4217' },
  TAX_CURRENCY_NOT_ISO: { en: 'Tax currency "{code}" is not an ISO 4217 code', de: 'Die Steuerwährung „{code}“ ist kein Code nach ISO 4217' },
  COUNTRY_NOT_ISO: { en: 'Country code "{code}" is not an ISO 3166-1 alpha-2 code', de: 'Der Ländercode „{code}“ ist kein Code nach ISO 3166-1 alpha-2' },
  VAT_ID_PREFIX: {
    en: 'VAT identifier "{vatId}" must start with a country prefix (e.g. DE, ATU.., EL for Greece)',
    de: 'Die Umsatzsteuer-ID „{vatId}“ muss mit einem Länderpräfix beginnen (z. B. DE, ATU.., EL für Griechenland)',
  },
  EAS_UNKNOWN: {
    en: 'Electronic address scheme "{scheme}" is not in the CEF EAS code list (e.g. EM, 0204, 9930, 0088)',
    de: 'Das Schema der elektronischen Adresse „{scheme}“ steht nicht in der CEF-EAS-Codeliste (z. B. EM, 0204, 9930, 0088)',
  },
  NOTE_SUBJECT_UNKNOWN: { en: 'Note subject code "{code}" is not in UNTDID 4451', de: 'Der Betreff-Code der Bemerkung „{code}“ steht nicht in UNTDID 4451' },
  PAYMENT_MEANS_UNKNOWN: {
    en: 'Payment means code "{code}" is not in UNTDID 4461 (30 credit transfer, 58 SEPA credit transfer, 59 SEPA direct debit, ...)',
    de: 'Der Zahlungsart-Code „{code}“ steht nicht in UNTDID 4461 (30 Überweisung, 58 SEPA-Überweisung, 59 SEPA-Lastschrift, …)',
  },
  TWO_DECIMALS: { en: 'At most 2 decimals are allowed (got {value})', de: 'Erlaubt sind höchstens 2 Nachkommastellen (angegeben: {value})' },
  NOT_FINITE: { en: 'Not a finite number', de: 'Keine endliche Zahl' },

  // ---- calc/check: lines, allowances and charges
  LINES_REQUIRED: { en: 'An invoice needs at least one line', de: 'Eine Rechnung braucht mindestens eine Position' },
  ITEM_NAME_EMPTY: { en: 'The item name must not be empty', de: 'Die Artikelbezeichnung darf nicht leer sein' },
  ITEM_PRICE_NEGATIVE: {
    en: 'The item net price must not be negative (use a negative quantity or an allowance)',
    de: 'Der Nettopreis darf nicht negativ sein (eine negative Menge oder einen Abschlag verwenden)',
  },
  VAT_CATEGORY_UNKNOWN: { en: 'VAT category "{code}" is not one of S, Z, E, AE, K, G, O, L, M', de: 'Die Umsatzsteuerkategorie „{code}“ ist keine von S, Z, E, AE, K, G, O, L, M' },
  ITEM_SCHEME_UNKNOWN: { en: 'Item identifier scheme "{scheme}" is not an ISO 6523 ICD code (0160 = GTIN)', de: 'Das Schema der Artikelkennung „{scheme}“ ist kein ISO-6523-ICD-Code (0160 = GTIN)' },
  LINE_ALLOWANCE_REASON: { en: 'A line allowance needs a reason or a reason code', de: 'Ein Abschlag auf Positionsebene braucht einen Grund oder einen Grund-Code' },
  LINE_CHARGE_REASON: { en: 'A line charge needs a reason or a reason code', de: 'Ein Zuschlag auf Positionsebene braucht einen Grund oder einen Grund-Code' },
  DOC_ALLOWANCE_REASON: { en: 'A document allowance needs a reason or a reason code', de: 'Ein Abschlag auf Belegebene braucht einen Grund oder einen Grund-Code' },
  DOC_CHARGE_REASON: { en: 'A document charge needs a reason or a reason code', de: 'Ein Zuschlag auf Belegebene braucht einen Grund oder einen Grund-Code' },
  CHARGE_REASON_UNKNOWN: { en: 'Charge reason code "{code}" is not in UNTDID 7161', de: 'Der Zuschlagsgrund-Code „{code}“ steht nicht in UNTDID 7161' },
  ALLOWANCE_REASON_UNKNOWN: {
    en: 'Allowance reason code "{code}" is not in UNTDID 5189 (e.g. 95 discount, 100 special agreement)',
    de: 'Der Abschlagsgrund-Code „{code}“ steht nicht in UNTDID 5189 (z. B. 95 Rabatt, 100 Sondervereinbarung)',
  },
  LINE_NET_AMOUNT: {
    en: 'Line net amount {amount} must equal quantity × price − allowances + charges = {expected}',
    de: 'Der Nettobetrag der Position {amount} muss Menge × Preis − Abschläge + Zuschläge = {expected} sein',
  },
  LINE_AC_AMOUNT_REQUIRED: { en: 'Line allowance or charge needs an amount or a percent', de: 'Ein Ab- oder Zuschlag auf Positionsebene braucht einen Betrag oder einen Prozentsatz' },
  DOC_AC_AMOUNT_REQUIRED: { en: 'Document allowance or charge needs an amount or a percent', de: 'Ein Ab- oder Zuschlag auf Belegebene braucht einen Betrag oder einen Prozentsatz' },
  AC_BASIS_DROPPED: {
    en: 'A base amount without a percentage is not allowed in XRechnung; the base amount is left out',
    de: 'Ein Basisbetrag ohne Prozentsatz ist in XRechnung nicht erlaubt; der Basisbetrag wird weggelassen',
  },
  AC_AMOUNT_MISMATCH: { en: 'Amount {amount} differs from basis {basis} × {percent} % = {expected}', de: 'Der Betrag {amount} weicht von Basis {basis} × {percent} % = {expected} ab' },
  AC_RATE_REQUIRED: {
    en: 'The lines have {count} different VAT rates; set ratePercent on the document allowance or charge',
    de: 'Die Positionen haben {count} verschiedene Steuersätze; ratePercent am Ab- oder Zuschlag auf Belegebene angeben',
  },
  AC_CATEGORY_AMBIGUOUS: {
    en: 'Several VAT breakdown entries share the rate {rate} % ({categories}); set categoryCode on the document allowance or charge',
    de: 'Mehrere Einträge der Steueraufschlüsselung haben den Satz {rate} % ({categories}); categoryCode am Ab- oder Zuschlag auf Belegebene angeben',
  },
  LINE_CATEGORY_NO_RATE: {
    en: "No VAT breakdown entry has the rate {rate} %, so the line's VAT category cannot be inherited; add the breakdown entry or set categoryCode",
    de: 'Kein Eintrag der Steueraufschlüsselung hat den Satz {rate} %, die Umsatzsteuerkategorie der Position kann also nicht übernommen werden; den Eintrag ergänzen oder categoryCode angeben',
  },
  LINE_CATEGORY_AMBIGUOUS: {
    en: 'Several VAT breakdown entries share the rate {rate} % ({categories}); set categoryCode on the line',
    de: 'Mehrere Einträge der Steueraufschlüsselung haben den Satz {rate} % ({categories}); categoryCode an der Position angeben',
  },

  // ---- calc/check: VAT
  RATE_GREATER_ZERO: { en: 'greater than 0', de: 'größer als 0' },
  RATE_NON_NEGATIVE: { en: '0 or more', de: '0 oder mehr' },
  RATE_ZERO: { en: '0', de: '0' },
  RATE_NONE: { en: '0 (it is not written: not subject to VAT)', de: '0 (er wird nicht geschrieben: nicht umsatzsteuerbar)' },
  LINE_RATE: {
    en: 'A line with VAT category {category} needs the rate {requirement} (got {rate})',
    de: 'Eine Position mit Umsatzsteuerkategorie {category} braucht den Satz {requirement} (angegeben: {rate})',
  },
  DOC_ALLOWANCE_RATE: {
    en: 'A document allowance with VAT category {category} needs the rate {requirement} (got {rate})',
    de: 'Ein Abschlag auf Belegebene mit Umsatzsteuerkategorie {category} braucht den Satz {requirement} (angegeben: {rate})',
  },
  DOC_CHARGE_RATE: {
    en: 'A document charge with VAT category {category} needs the rate {requirement} (got {rate})',
    de: 'Ein Zuschlag auf Belegebene mit Umsatzsteuerkategorie {category} braucht den Satz {requirement} (angegeben: {rate})',
  },
  SELLER_VAT_OR_TAX_NUMBER: {
    en: "VAT category {category} requires the seller's VAT identifier (BT-31) or tax number (BT-32)",
    de: 'Umsatzsteuerkategorie {category} verlangt die Umsatzsteuer-ID (BT-31) oder Steuernummer (BT-32) des Verkäufers',
  },
  SELLER_VAT_REQUIRED: { en: "VAT category {category} requires the seller's VAT identifier (BT-31)", de: 'Umsatzsteuerkategorie {category} verlangt die Umsatzsteuer-ID des Verkäufers (BT-31)' },
  SELLER_VAT_FORBIDDEN: {
    en: 'An invoice not subject to VAT (O) must not carry the seller VAT identifier; use seller.taxNumber if needed',
    de: 'Eine nicht umsatzsteuerbare Rechnung (O) darf keine Umsatzsteuer-ID des Verkäufers tragen; bei Bedarf seller.taxNumber verwenden',
  },
  BUYER_VAT_OR_REGISTRATION: {
    en: 'Reverse charge (AE) requires the buyer VAT identifier (BT-48) or the buyer legal registration identifier (BT-47)',
    de: 'Die Steuerschuldnerschaft des Leistungsempfängers (AE) verlangt die Umsatzsteuer-ID (BT-48) oder die Registernummer (BT-47) des Käufers',
  },
  BUYER_VAT_REQUIRED: { en: 'VAT category {category} requires the buyer VAT identifier (BT-48)', de: 'Umsatzsteuerkategorie {category} verlangt die Umsatzsteuer-ID des Käufers (BT-48)' },
  BUYER_VAT_FORBIDDEN: {
    en: 'An invoice not subject to VAT (O) must not carry the buyer VAT identifier',
    de: 'Eine nicht umsatzsteuerbare Rechnung (O) darf keine Umsatzsteuer-ID des Käufers tragen',
  },
  SPLIT_PAYMENT: { en: 'Split payment (B) applies to domestic Italian invoices only', de: 'Split Payment (B) gilt nur für inländische italienische Rechnungen' },
  BREAKDOWN_DUPLICATE: { en: 'Two breakdown entries for category {category} and rate {rate} %', de: 'Zwei Einträge der Steueraufschlüsselung für Kategorie {category} und Satz {rate} %' },
  BREAKDOWN_RATE: { en: 'VAT category {category} needs the rate {requirement} (got {rate})', de: 'Umsatzsteuerkategorie {category} braucht den Satz {requirement} (angegeben: {rate})' },
  BREAKDOWN_BASIS: {
    en: 'Taxable amount of {category} {rate} % is {basis}, but its lines − allowances + charges give {expected}',
    de: 'Die Bemessungsgrundlage von {category} {rate} % ist {basis}, die Positionen − Abschläge + Zuschläge ergeben aber {expected}',
  },
  BREAKDOWN_TAX: {
    en: 'Tax amount of {category} {rate} % should be round({basis} × {rate} / 100) = {expected} (got {tax})',
    de: 'Der Steuerbetrag von {category} {rate} % sollte round({basis} × {rate} / 100) = {expected} sein (angegeben: {tax})',
  },
  BREAKDOWN_TAX_ROUNDING: {
    en: 'Tax amount of {category} {rate} % should be round({basis} × {rate} / 100) = {expected} (got {tax}); accepted as per-line rounding',
    de: 'Der Steuerbetrag von {category} {rate} % sollte round({basis} × {rate} / 100) = {expected} sein (angegeben: {tax}); als zeilenweise Rundung akzeptiert',
  },
  BREAKDOWN_TAX_ZERO: { en: 'The tax amount of VAT category {category} must be 0 (got {tax})', de: 'Der Steuerbetrag der Umsatzsteuerkategorie {category} muss 0 sein (angegeben: {tax})' },
  EXEMPTION_FORBIDDEN: {
    en: 'VAT category {category} must not carry an exemption reason or code',
    de: 'Umsatzsteuerkategorie {category} darf keinen Befreiungsgrund und keinen Befreiungscode tragen',
  },
  EXEMPTION_REQUIRED: {
    en: 'VAT category {category} needs an exemption reason (BT-120) or a VATEX code (BT-121)',
    de: 'Umsatzsteuerkategorie {category} braucht einen Befreiungsgrund (BT-120) oder einen VATEX-Code (BT-121)',
  },
  VATEX_UNKNOWN: { en: 'Exemption reason code "{code}" is not in the VATEX code list (e.g. VATEX-EU-AE)', de: 'Der Befreiungscode „{code}“ steht nicht in der VATEX-Codeliste (z. B. VATEX-EU-AE)' },
  BREAKDOWN_CATEGORY_MISSING: {
    en: 'Lines or allowances/charges use VAT category {category} but the breakdown has no entry for it',
    de: 'Positionen oder Ab-/Zuschläge verwenden die Umsatzsteuerkategorie {category}, die Steueraufschlüsselung hat dafür aber keinen Eintrag',
  },
  BREAKDOWN_RATE_MISSING: {
    en: 'Lines or allowances/charges use {category} {rate} % but the breakdown has no entry for that rate (expected taxable amount {expected})',
    de: 'Positionen oder Ab-/Zuschläge verwenden {category} {rate} %, die Steueraufschlüsselung hat für diesen Satz aber keinen Eintrag (erwartete Bemessungsgrundlage {expected})',
  },
  O_OTHER_BREAKDOWN: { en: 'An invoice with category O must not have other VAT breakdown entries', de: 'Eine Rechnung mit Kategorie O darf keine anderen Einträge der Steueraufschlüsselung haben' },
  O_OTHER_LINES: { en: 'An invoice with category O must not have lines of another category', de: 'Eine Rechnung mit Kategorie O darf keine Positionen einer anderen Kategorie haben' },
  O_OTHER_ALLOWANCES: {
    en: 'An invoice with category O must not have document allowances of another category',
    de: 'Eine Rechnung mit Kategorie O darf keine Abschläge auf Belegebene einer anderen Kategorie haben',
  },
  O_OTHER_CHARGES: {
    en: 'An invoice with category O must not have document charges of another category',
    de: 'Eine Rechnung mit Kategorie O darf keine Zuschläge auf Belegebene einer anderen Kategorie haben',
  },
  K_DELIVERY_DATE: {
    en: 'An intra-community supply (K) needs the delivery date (deliveryDate) or the invoicing period',
    de: 'Eine innergemeinschaftliche Lieferung (K) braucht das Lieferdatum (deliveryDate) oder den Abrechnungszeitraum',
  },
  K_DELIVERY_COUNTRY: {
    en: 'An intra-community supply (K) needs the deliver-to country (deliveryCountryCode or delivery.address.countryCode)',
    de: 'Eine innergemeinschaftliche Lieferung (K) braucht das Lieferland (deliveryCountryCode oder delivery.address.countryCode)',
  },
  EXEMPTION_DEFAULTED: { en: 'Exemption reason "{reason}" added for category {category}', de: 'Befreiungsgrund „{reason}“ für Kategorie {category} ergänzt' },

  // ---- calc/check: totals
  TOTAL_NET: {
    en: 'totalNet {total} must equal Σ line net amounts {lines} − allowances {allowances} + charges {charges} = {expected}',
    de: 'totalNet {total} muss Σ Positionsbeträge {lines} − Abschläge {allowances} + Zuschläge {charges} = {expected} sein',
  },
  TOTAL_VAT: { en: 'totalVat {total} must equal the sum of the breakdown tax amounts {expected}', de: 'totalVat {total} muss die Summe der Steuerbeträge der Aufschlüsselung {expected} sein' },
  TOTAL_GROSS: { en: 'totalGross {total} must equal totalNet + totalVat = {expected}', de: 'totalGross {total} muss totalNet + totalVat = {expected} sein' },
  PAID_EXCEEDS_TOTAL: {
    en: 'paidAmount {paid} exceeds totalGross {total}; the amount due is negative',
    de: 'Der bereits gezahlte Betrag {paid} übersteigt den Rechnungsbetrag {total}; der Zahlbetrag ist negativ',
  },
  TAX_CURRENCY_TOTAL_REQUIRED: {
    en: 'With taxCurrencyCode {code} the total VAT in that currency (totalVatInTaxCurrency) is required',
    de: 'Mit taxCurrencyCode {code} ist die Umsatzsteuer in dieser Währung (totalVatInTaxCurrency) Pflicht',
  },
  TAX_CURRENCY_SAME_ERROR: { en: 'The VAT accounting currency must differ from the invoice currency', de: 'Die Währung der Umsatzsteuer muss sich von der Rechnungswährung unterscheiden' },
  TAX_CURRENCY_SAME_WARNING: {
    en: 'The VAT accounting currency equals the invoice currency; leave it out',
    de: 'Die Währung der Umsatzsteuer entspricht der Rechnungswährung; taxCurrencyCode weglassen',
  },
  TAX_CURRENCY_CODE_REQUIRED: { en: 'totalVatInTaxCurrency needs taxCurrencyCode', de: 'totalVatInTaxCurrency braucht taxCurrencyCode' },
  TAX_CURRENCY_SIGN_ERROR: { en: 'totalVat and totalVatInTaxCurrency must have the same sign', de: 'totalVat und totalVatInTaxCurrency müssen dasselbe Vorzeichen haben' },
  TAX_CURRENCY_SIGN_WARNING: { en: 'totalVat and totalVatInTaxCurrency have different signs', de: 'totalVat und totalVatInTaxCurrency haben unterschiedliche Vorzeichen' },
  CREDIT_NOTE_NEGATIVE: {
    en: 'A credit note carries positive amounts (they reduce the preceding invoice); a negative total reverses it',
    de: 'Eine Rechnungskorrektur trägt positive Beträge (sie mindern die ursprüngliche Rechnung); ein negativer Gesamtbetrag kehrt sie um',
  },

  // ---- calc/check: parties, payment, dates
  SELLER_NAME_EMPTY: { en: 'The seller name must not be empty', de: 'Der Name des Verkäufers darf nicht leer sein' },
  BUYER_NAME_EMPTY: { en: 'The buyer name must not be empty', de: 'Der Name des Käufers darf nicht leer sein' },
  SELLER_IDENTIFIER: {
    en: 'The seller needs an identifier: vatId (BT-31), registrationId (BT-30), gln or customerAssignedId (BT-29)',
    de: 'Der Verkäufer braucht eine Kennung: vatId (BT-31), registrationId (BT-30), gln oder customerAssignedId (BT-29)',
  },
  PAYEE_IS_SELLER: {
    en: 'The payee (BG-10) must differ from the seller; leave payee out when the seller is paid',
    de: 'Der Zahlungsempfänger (BG-10) muss sich vom Verkäufer unterscheiden; payee weglassen, wenn an den Verkäufer gezahlt wird',
  },
  PAYEE_SELLER_REGISTRATION: {
    en: "The payee has the seller's legal registration identifier; leave payee out when the seller is paid",
    de: 'Der Zahlungsempfänger hat die Registernummer des Verkäufers; payee weglassen, wenn an den Verkäufer gezahlt wird',
  },
  PAYEE_SELLER_ID: {
    en: "The payee has the seller's identifier; leave payee out when the seller is paid",
    de: 'Der Zahlungsempfänger hat die Kennung des Verkäufers; payee weglassen, wenn an den Verkäufer gezahlt wird',
  },
  PAYEE_ONE_IDENTIFIER: {
    en: 'A payee carries one identifier (CII-SR-451): the GLN is written, payee.id is left out',
    de: 'Ein abweichender Zahlungsempfänger trägt eine Kennung (CII-SR-451): die GLN wird geschrieben, payee.id entfällt',
  },
  DELIVERY_ADDRESS_COUNTRY: {
    en: 'A delivery address needs a country code (delivery.address.countryCode or deliveryCountryCode)',
    de: 'Eine Lieferanschrift braucht einen Ländercode (delivery.address.countryCode oder deliveryCountryCode)',
  },
  DELIVERY_COUNTRY_CONFLICT: {
    en: 'deliveryCountryCode {code} differs from delivery.address.countryCode {addressCode}',
    de: 'deliveryCountryCode {code} weicht von delivery.address.countryCode {addressCode} ab',
  },
  DUE_DATE_OR_TERMS: { en: 'With an amount due, the invoice needs dueDate or payment terms', de: 'Mit einem offenen Zahlbetrag braucht die Rechnung dueDate oder Zahlungsbedingungen' },
  CREDIT_TRANSFER_IBAN: {
    en: 'Payment means {code} (credit transfer) needs the payee IBAN (payment.iban)',
    de: 'Zahlungsart {code} (Überweisung) braucht die IBAN des Zahlungsempfängers (payment.iban)',
  },
  DIRECT_DEBIT_MANDATE: { en: 'A SEPA direct debit needs the mandate reference (payment.mandateId)', de: 'Eine SEPA-Lastschrift braucht die Mandatsreferenz (payment.mandateId)' },
  DIRECT_DEBIT_CREDITOR: { en: 'A SEPA direct debit needs the creditor identifier (payment.creditorId)', de: 'Eine SEPA-Lastschrift braucht die Gläubiger-Identifikationsnummer (payment.creditorId)' },
  DIRECT_DEBIT_ACCOUNT: { en: 'A SEPA direct debit needs the debited account (payment.debitedIban)', de: 'Eine SEPA-Lastschrift braucht das belastete Konto (payment.debitedIban)' },
  CARD_NUMBER_REQUIRED: { en: 'Payment means {code} (card) needs payment.cardNumber (last 4-6 digits)', de: 'Zahlungsart {code} (Karte) braucht payment.cardNumber (letzte 4–6 Ziffern)' },
  CARD_NO_IBAN: {
    en: 'With card payment ({code}) XRechnung allows no credit transfer account; leave payment.iban out',
    de: 'Bei Kartenzahlung ({code}) erlaubt XRechnung kein Überweisungskonto; payment.iban weglassen',
  },
  BIC_NEEDS_IBAN: { en: 'payment.bic/accountName need payment.iban', de: 'payment.bic/accountName brauchen payment.iban' },
  CARD_NUMBER_TOO_LONG: { en: 'Only the last 4 to 6 digits of a card number may appear on an invoice', de: 'Auf einer Rechnung dürfen nur die letzten 4 bis 6 Ziffern einer Kartennummer stehen' },
  IBAN_CHECK: { en: 'IBAN "{iban}" fails the ISO 13616 check', de: 'Die IBAN „{iban}“ besteht die Prüfung nach ISO 13616 nicht' },
  DEBITED_IBAN_CHECK: { en: 'Debited IBAN "{iban}" fails the ISO 13616 check', de: 'Die IBAN des Lastschriftkontos „{iban}“ besteht die Prüfung nach ISO 13616 nicht' },
  PAYEE_ACCOUNT_IGNORED: {
    en: "payment.{field} is not written for a SEPA direct debit (the buyer's account is debited)",
    de: 'payment.{field} wird bei einer SEPA-Lastschrift nicht geschrieben (das Konto des Käufers wird belastet)',
  },
  DIRECT_DEBIT_FIELD_IGNORED: {
    en: 'payment.{field} belongs to a direct debit (meansCode 59) and is not written for means code {code}',
    de: 'payment.{field} gehört zu einer Lastschrift (meansCode 59) und wird für Zahlungsart {code} nicht geschrieben',
  },
  CARD_IGNORED: { en: 'payment.cardNumber/cardHolder are written only with means code 48, 54 or 55', de: 'payment.cardNumber/cardHolder werden nur mit Zahlungsart 48, 54 oder 55 geschrieben' },
  SKONTO_INCOMPLETE: { en: 'discountPercent and discountDays go together', de: 'discountPercent und discountDays gehören zusammen' },
  SKONTO_PERCENT_DECIMALS: { en: 'Skonto percent {percent} has more than 2 decimals', de: 'Der Skontosatz {percent} hat mehr als 2 Nachkommastellen' },
  SKONTO_BASIS_DECIMALS: { en: 'Skonto basis amount {amount} has more than 2 decimals', de: 'Der Skonto-Basisbetrag {amount} hat mehr als 2 Nachkommastellen' },
  SKONTO_RATE_IMPLAUSIBLE: { en: 'A cash discount of {percent} % is unusually high', de: 'Ein Skonto von {percent} % ist ungewöhnlich hoch' },
  SKONTO_AFTER_DUE_DATE: { en: 'The discount period ({days} days from {from}) ends after the due date {due}', de: 'Die Skontofrist ({days} Tage ab {from}) endet nach dem Fälligkeitsdatum {due}' },
  SKONTO_MARKER: {
    en: 'A payment terms line starting with # must be a Skonto marker #SKONTO#TAGE=n#PROZENT=n.nn#: "{line}"',
    de: 'Eine Zeile der Zahlungsbedingungen, die mit # beginnt, muss eine Skonto-Markierung #SKONTO#TAGE=n#PROZENT=n.nn# sein: „{line}“',
  },
  PERIOD_BOUNDS: { en: 'An invoicing period needs a start or an end date', de: 'Ein Abrechnungszeitraum braucht ein Anfangs- oder ein Enddatum' },
  PERIOD_ORDER: { en: 'The invoicing period ends ({end}) before it starts ({start})', de: 'Der Abrechnungszeitraum endet ({end}) vor seinem Beginn ({start})' },
  PRECEDING_NUMBER: { en: 'precedingInvoiceDate needs precedingInvoiceNumber', de: 'precedingInvoiceDate braucht precedingInvoiceNumber' },
  CORRECTED_INVOICE_REFERENCE: {
    en: 'A corrected invoice (384) should name the corrected invoice (precedingInvoiceNumber)',
    de: 'Eine korrigierte Rechnung (384) sollte die korrigierte Rechnung nennen (precedingInvoiceNumber)',
  },
  CREDIT_NOTE_REFERENCE: {
    en: 'A credit note (381) should name the invoice it refers to (precedingInvoiceNumber)',
    de: 'Eine Rechnungskorrektur (381) sollte die Rechnung nennen, auf die sie sich bezieht (precedingInvoiceNumber)',
  },
  DUE_BEFORE_ISSUE: { en: 'The due date {due} is before the issue date {issue}', de: 'Das Fälligkeitsdatum {due} liegt vor dem Rechnungsdatum {issue}' },
  INVOICE_NUMBER_EMPTY: { en: 'The invoice number must not be empty', de: 'Die Rechnungsnummer darf nicht leer sein' },
  UNIT_UNKNOWN: {
    en: 'Unit "{unit}" is neither a UN/ECE Rec 20 code nor a known alias; written as C62 (piece)',
    de: 'Die Einheit „{unit}“ ist weder ein Code nach UN/ECE Rec 20 noch ein bekannter Alias; geschrieben als C62 (Stück)',
  },

  // ---- calc/check: XRechnung
  XR_BUYER_REFERENCE: {
    en: 'XRechnung requires buyerReference (BT-10; the Leitweg-ID for German public buyers)',
    de: 'XRechnung verlangt buyerReference (BT-10; die Leitweg-ID bei öffentlichen Auftraggebern)',
  },
  XR_SELLER_CONTACT: {
    en: 'XRechnung requires the seller contact (seller.contact with name, phone and email)',
    de: 'XRechnung verlangt den Kontakt des Verkäufers (seller.contact mit Name, Telefon und E-Mail)',
  },
  XR_CONTACT_NAME: { en: 'XRechnung requires the seller contact name (BR-DE-5)', de: 'XRechnung verlangt den Namen des Ansprechpartners des Verkäufers (BR-DE-5)' },
  XR_CONTACT_PHONE: { en: 'XRechnung requires the seller contact phone (BR-DE-6)', de: 'XRechnung verlangt die Telefonnummer des Ansprechpartners des Verkäufers (BR-DE-6)' },
  XR_PHONE_DIGITS: { en: 'The seller phone should contain at least three digits', de: 'Die Telefonnummer des Verkäufers sollte mindestens drei Ziffern enthalten' },
  XR_CONTACT_EMAIL: { en: 'XRechnung requires the seller contact e-mail (BR-DE-7)', de: 'XRechnung verlangt die E-Mail-Adresse des Ansprechpartners des Verkäufers (BR-DE-7)' },
  XR_EMAIL_FORMAT: { en: 'The seller e-mail address does not look valid', de: 'Die E-Mail-Adresse des Verkäufers sieht nicht gültig aus' },
  XR_SELLER_CITY: { en: 'XRechnung requires the seller city', de: 'XRechnung verlangt den Ort des Verkäufers' },
  XR_SELLER_POSTCODE: { en: 'XRechnung requires the seller postal code', de: 'XRechnung verlangt die Postleitzahl des Verkäufers' },
  XR_BUYER_CITY: { en: 'XRechnung requires the buyer city', de: 'XRechnung verlangt den Ort des Käufers' },
  XR_BUYER_POSTCODE: { en: 'XRechnung requires the buyer postal code', de: 'XRechnung verlangt die Postleitzahl des Käufers' },
  XR_DELIVERY_CITY: {
    en: 'XRechnung requires the deliver-to city when a delivery address or country is given',
    de: 'XRechnung verlangt den Ort der Lieferanschrift, wenn eine Lieferanschrift oder ein Lieferland angegeben ist',
  },
  XR_DELIVERY_POSTCODE: {
    en: 'XRechnung requires the deliver-to postal code when a delivery address or country is given',
    de: 'XRechnung verlangt die Postleitzahl der Lieferanschrift, wenn eine Lieferanschrift oder ein Lieferland angegeben ist',
  },
  XR_SELLER_ADDRESS: {
    en: 'XRechnung requires the seller electronic address (seller.electronicAddress, scheme EM by default)',
    de: 'XRechnung verlangt die elektronische Adresse des Verkäufers (seller.electronicAddress, Schema standardmäßig EM)',
  },
  XR_BUYER_ADDRESS: {
    en: 'XRechnung requires the buyer electronic address (buyer.electronicAddress, scheme EM by default or 0204 for a Leitweg-ID)',
    de: 'XRechnung verlangt die elektronische Adresse des Käufers (buyer.electronicAddress, Schema standardmäßig EM oder 0204 für eine Leitweg-ID)',
  },
  XR_PAYMENT: { en: 'XRechnung requires payment instructions: payment.iban or payment.meansCode', de: 'XRechnung verlangt Zahlungsangaben: payment.iban oder payment.meansCode' },
  XR_SELLER_TAX_ID: { en: 'XRechnung requires the seller VAT identifier or tax number', de: 'XRechnung verlangt die Umsatzsteuer-ID oder Steuernummer des Verkäufers' },
  XR_DOCUMENT_TYPE: {
    en: 'XRechnung expects document type 326, 380, 381, 384, 389 or 875-877 (got {code})',
    de: 'XRechnung erwartet die Dokumentart 326, 380, 381, 384, 389 oder 875–877 (angegeben: {code})',
  },

  // ---- calc/check: attachments
  ATTACHMENT_FILENAME: { en: 'An attachment needs a file name', de: 'Ein Anhang braucht einen Dateinamen' },
  ATTACHMENT_NOT_EMBEDDABLE: {
    en: 'Attachment type {mime} cannot be embedded in the XML (allowed: PDF, PNG, JPEG, CSV, XLSX, ODS)',
    de: 'Der Anhangstyp {mime} kann nicht in das XML eingebettet werden (erlaubt: PDF, PNG, JPEG, CSV, XLSX, ODS)',
  },
  ATTACHMENT_TYPE: { en: 'Attachment type {mime} is not accepted (PDF, PNG, JPEG, CSV, XLSX, ODS, XML)', de: 'Der Anhangstyp {mime} wird nicht angenommen (PDF, PNG, JPEG, CSV, XLSX, ODS, XML)' },
  ATTACHMENT_DATA: { en: 'An embedded attachment needs its content', de: 'Ein eingebetteter Anhang braucht seinen Inhalt' },
  ATTACHMENT_SIZE: { en: 'An attachment may have at most {max} bytes', de: 'Ein Anhang darf höchstens {max} Bytes haben' },
  ATTACHMENT_ID_DUPLICATE: { en: 'Two attachments share the reference "{id}"', de: 'Zwei Anhänge haben dieselbe Referenz „{id}“' },
  ATTACHMENT_NAME_DUPLICATE: { en: 'Two attachments share the file name "{name}"', de: 'Zwei Anhänge haben denselben Dateinamen „{name}“' },
  UNKNOWN_VALUE: { en: 'unknown', de: 'unbekannt' },
  NONE: { en: '(none)', de: '(keine)' },

  // ---- read/read-cii: the reader's findings and skip notes
  READ_NOT_DECIMAL: { en: '"{value}" is not a decimal number', de: '„{value}“ ist keine Dezimalzahl' },
  READ_DATE: { en: 'Date "{value}" (format {format}) cannot be read as YYYY-MM-DD', de: 'Das Datum „{value}“ (Format {format}) kann nicht als JJJJ-MM-TT gelesen werden' },
  READ_NOT_IN_MODEL: { en: '{element}{known} is not part of the invoice model', de: '{element}{known} ist nicht Teil des Rechnungsmodells' },
  READ_GLOBAL_ID: { en: 'GlobalID with scheme {scheme}: the model keeps one GLN (scheme 0088)', de: 'GlobalID mit Schema {scheme}: das Modell hält eine GLN (Schema 0088)' },
  READ_TAX_REGISTRATION: { en: 'Tax registration with scheme {scheme} is not part of the model for the {party}', de: 'Steuerregistrierung mit Schema {scheme} ist für {party} nicht Teil des Modells' },
  SELLER: { en: 'seller', de: 'den Verkäufer' },
  BUYER: { en: 'buyer', de: 'den Käufer' },
  READ_NO_INDICATOR: { en: 'Allowance/charge without a charge indicator', de: 'Ab- oder Zuschlag ohne Zuschlagskennzeichen' },
  READ_NOT_CII: { en: 'The document is {what}, not a UN/CEFACT CII D16B CrossIndustryInvoice', de: 'Das Dokument ist {what}, keine UN/CEFACT-CII-D16B-CrossIndustryInvoice' },
  READ_ZUGFERD1: { en: 'a ZUGFeRD 1.0 CrossIndustryDocument (not supported)', de: 'ein ZUGFeRD 1.0 CrossIndustryDocument (nicht unterstützt)' },
  READ_UBL: { en: 'a UBL document (not CII)', de: 'ein UBL-Dokument (kein CII)' },
  READ_OTHER_ROOT: { en: '<{root}> in {ns}', de: '<{root}> in {ns}' },
  NO_NAMESPACE: { en: 'no namespace', de: 'keinem Namensraum' },
  READ_FAILED: { en: 'Reading failed: {reason}', de: 'Lesen fehlgeschlagen: {reason}' },
  READ_NO_GUIDELINE: { en: 'No specification identifier (BT-24)', de: 'Keine Spezifikationskennung (BT-24)' },
  READ_DOCUMENT_TYPE: { en: "Document type {code} is outside the generator's supported list", de: 'Die Dokumentart {code} liegt außerhalb der vom Generator unterstützten Liste' },
  READ_NOTE_CONTENT: { en: 'Only the first Content of a note is kept', de: 'Nur der erste Content einer Bemerkung wird übernommen' },
  READ_NO_LINES: {
    en: 'The invoice has no lines (MINIMUM / BASIC WL profiles carry none); the model needs at least one',
    de: 'Die Rechnung hat keine Positionen (die Profile MINIMUM / BASIC WL tragen keine); das Modell braucht mindestens eine',
  },
  READ_BT17: { en: 'BT-17 tender or lot reference is not part of the model', de: 'Die Vergabe- oder Losreferenz BT-17 ist nicht Teil des Modells' },
  READ_BT18: { en: 'BT-18 invoiced object identifier is not part of the model', de: 'Die Objektkennung BT-18 ist nicht Teil des Modells' },
  READ_REFERENCED_DOCUMENT: { en: 'Additional referenced document of type {code} is not part of the model', de: 'Ein zusätzliches referenziertes Dokument der Art {code} ist nicht Teil des Modells' },
  READ_DELIVERY_DETAIL: { en: "The deliver-to party's {field} is not part of the model", de: '{field} des Warenempfängers ist nicht Teil des Modells' },
  READ_PRICE_BASE: { en: 'Net price {price} per {quantity} units converted to a unit price', de: 'Nettopreis {price} je {quantity} Einheiten in einen Einzelpreis umgerechnet' },
  READ_ONE_MEANS: { en: 'The model holds one payment means; further ones are dropped', de: 'Das Modell hält eine Zahlungsart; weitere entfallen' },
  READ_ONE_TERMS: { en: 'The model holds one payment terms entry; further ones are dropped', de: 'Das Modell hält einen Eintrag für Zahlungsbedingungen; weitere entfallen' },
  READ_TAX_TOTAL: { en: 'A further tax total amount is not part of the model', de: 'Ein weiterer Steuergesamtbetrag ist nicht Teil des Modells' },

  // ---- write: the generation gate
  GATE_FAILED: { en: 'The generated XML was not accepted by the authoritative check', de: 'Das erzeugte XML wurde von der maßgeblichen Prüfung nicht angenommen' },
});

export type MessageKey = keyof typeof messages;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL_TEXT = /^-?\d+\.\d+$/;

/** A parameter as the German text writes it: decimal comma, DD.MM.YYYY; unchanged in English. */
function localize(v: MessageParams[string], lang: Lang): MessageParams[string] {
  if (lang !== 'de') return v;
  if (typeof v === 'number') return String(v).replace('.', ',');
  if (typeof v === 'string' && DECIMAL_TEXT.test(v)) return v.replace('.', ',');
  if (typeof v === 'string' && ISO_DATE.test(v)) return v.split('-').reverse().join('.');
  return v;
}

/** A parameter that is itself a text of this catalogue (e.g. the rate requirement), filled in per language. */
export type TextParams = Readonly<Record<string, MessageParams[string] | { key: MessageKey }>>;

/** The text of `key` in `lang`, parameters localised. */
export function msg(key: MessageKey, lang: Lang, params: TextParams = {}): string {
  const p: Record<string, MessageParams[string]> = {};
  for (const [k, v] of Object.entries(params)) p[k] = v !== null && typeof v === 'object' ? message(messages, v.key, lang) : localize(v, lang);
  return message(messages, key, lang, p);
}

/** Both texts of `key` (findings render one, warnings keep both for the warning language). */
export function texts(key: MessageKey, params: TextParams = {}): MessageTexts {
  return { de: msg(key, 'de', params), en: msg(key, 'en', params) };
}
