/**
 * The one message catalogue of @kontor/ubl's native rules: the UBL-only syntax rules (UBL-SR-*, UBL-DT-*, UBL-CR-*)
 * and the EN 16931 / XRechnung rules whose UBL binding replaces the @kontor/cii rule of the same id, in German and
 * English. Our own short wording, keyed by the official rule id. The 673 table rules of ubl-cr-table.ts ("element not
 * used in EN 16931") and the attribute rules UBL-DT-08…28 share one typed template each.
 *
 * Rule definitions take their texts from here when they are defined; the engine (`runRules` of @kontor/cii) picks the
 * language per finding (`lang` option of validateUbl, default 'en'). The English texts are the ones findings carried
 * before the catalogue existed. The syntax-neutral rules run on UBL keep the texts of @kontor/cii's catalogue.
 */
import { defineMessages, message, type Lang, type MessageCatalogue, type MessageParams, type MessageTexts } from '@kontor/xml';

export const ublRuleMessages = defineMessages({
  // ---- UBL bindings of whole-document rules (context or test differ from the CII binding)
  'BR-CO-09': {
    de: 'Die Umsatzsteuer-Identifikationsnummer (BT-31, BT-48, BT-63) muss mit einem Länderpräfix nach ISO 3166-1 alpha-2 beginnen (EL für Griechenland).',
    en: 'The VAT identifier (BT-31, BT-48, BT-63) must start with an ISO 3166-1 alpha-2 country prefix (EL for Greece).',
  },
  'BR-56': { de: 'Der Steuervertreter des Verkäufers (BG-11) braucht eine Umsatzsteuer-Identifikationsnummer (BT-63).', en: 'The seller tax representative (BG-11) needs a VAT identifier (BT-63).' },
  'BR-62': { de: 'Die elektronische Adresse des Verkäufers (BT-34) braucht das Attribut schemeID.', en: 'The seller electronic address (BT-34) needs a schemeID attribute.' },
  'BR-63': { de: 'Die elektronische Adresse des Käufers (BT-49) braucht das Attribut schemeID.', en: 'The buyer electronic address (BT-49) needs a schemeID attribute.' },
  'BR-65': { de: 'Die Artikelklassifizierung (BT-158) braucht das Attribut listID.', en: 'The item classification identifier (BT-158) needs a listID attribute.' },
  'BR-CL-23': { de: 'Der Einheitencode ist kein Code nach UN/ECE Empfehlung 20 oder 21.', en: 'The unit code is not a UN/ECE Recommendation 20 or 21 code.' },
  'BR-CO-11': {
    de: 'Die Summe der Nachlässe auf Dokumentenebene (BT-107) muss der gerundeten Summe der Nachlassbeträge (BT-92) entsprechen.',
    en: 'The sum of document level allowances (BT-107) must equal the rounded sum of the allowance amounts (BT-92).',
  },
  'BR-CO-12': {
    de: 'Die Summe der Zuschläge auf Dokumentenebene (BT-108) muss der gerundeten Summe der Zuschlagsbeträge (BT-99) entsprechen.',
    en: 'The sum of document level charges (BT-108) must equal the rounded sum of the charge amounts (BT-99).',
  },
  'BR-29': {
    de: 'Das Enddatum des Rechnungszeitraums (BT-74) darf nicht vor seinem Anfangsdatum (BT-73) liegen (als xs:date verglichen).',
    en: 'The invoicing period end date (BT-74) must not be before its start date (BT-73) (compared as xs:date).',
  },
  'BR-30': {
    de: 'Das Enddatum des Positionszeitraums (BT-135) darf nicht vor seinem Anfangsdatum (BT-134) liegen (als xs:date verglichen).',
    en: 'The line period end date (BT-135) must not be before its start date (BT-134) (compared as xs:date).',
  },
  'PEPPOL-EN16931-R110': {
    de: 'Der Beginn des Positionszeitraums (BT-134) darf nicht vor dem Beginn des Rechnungszeitraums (BT-73) liegen.',
    en: 'The line period start (BT-134) must not be before the invoice period start (BT-73).',
  },
  'PEPPOL-EN16931-R111': {
    de: 'Das Ende des Positionszeitraums (BT-135) darf nicht nach dem Ende des Rechnungszeitraums (BT-74) liegen.',
    en: 'The line period end (BT-135) must not be after the invoice period end (BT-74).',
  },
  'BR-CO-13': {
    de: 'Der Gesamtbetrag ohne Umsatzsteuer (BT-109) muss der Summe der Positionsnettobeträge (BT-106) plus Zuschläge (BT-108) minus Nachlässe (BT-107) entsprechen, auf Cent gerundet; ohne Zuschläge und Nachlässe genau der Summe der Positionsnettobeträge.',
    en: 'The total without VAT (BT-109) must equal the sum of line net amounts (BT-106) plus charges (BT-108) less allowances (BT-107), rounded to cents; without charges and allowances exactly the sum of line net amounts.',
  },
  'BR-CO-16': {
    de: 'Der fällige Zahlungsbetrag (BT-115) abzüglich Rundungsbetrag (BT-114) muss dem Gesamtbetrag mit Umsatzsteuer (BT-112) abzüglich des gezahlten Betrags (BT-113) entsprechen, auf Cent gerundet.',
    en: 'The amount due (BT-115) less the rounding amount (BT-114) must equal the total with VAT (BT-112) less the paid amount (BT-113), rounded to cents.',
  },
  'BR-CO-15': {
    de: 'Der Gesamtbetrag mit Umsatzsteuer (BT-112) muss dem Gesamtbetrag ohne Umsatzsteuer (BT-109) plus dem Umsatzsteuergesamtbetrag in Rechnungswährung (BT-110) entsprechen.',
    en: 'The invoice total with VAT (BT-112) must equal the total without VAT (BT-109) plus the VAT total in the invoice currency (BT-110).',
  },
  'PEPPOL-EN16931-R121': { de: 'Die Basismenge des Preises (BT-149) muss größer als null sein.', en: 'The price base quantity (BT-149) must be greater than zero.' },
  'PEPPOL-EN16931-R130': {
    de: 'Die Einheit der Basismenge des Preises (BT-150) muss die Einheit der Menge der Position (BT-130) sein.',
    en: 'The price base quantity unit (BT-150) must be the unit of the line quantity (BT-130).',
  },
  // ---- UBL syntax binding (UBL-SR-*)
  'UBL-SR-01': { de: 'Die Vertragsreferenz (BT-12) darf höchstens einmal vorkommen.', en: 'The contract reference (BT-12) may occur at most once.' },
  'UBL-SR-02': { de: 'Die Referenz auf den Wareneingang (BT-15) darf höchstens einmal vorkommen.', en: 'The receiving advice reference (BT-15) may occur at most once.' },
  'UBL-SR-03': { de: 'Die Referenz auf die Versandanzeige (BT-16) darf höchstens einmal vorkommen.', en: 'The despatch advice reference (BT-16) may occur at most once.' },
  'UBL-SR-04': { de: 'Die Objektkennung (BT-18) darf höchstens einmal vorkommen.', en: 'The invoiced object identifier (BT-18) may occur at most once.' },
  'UBL-SR-05': { de: 'Die Zahlungsbedingungen (BT-20) dürfen höchstens einmal vorkommen.', en: 'The payment terms (BT-20) may occur at most once.' },
  'UBL-SR-08': { de: 'Der Rechnungszeitraum (BG-14) darf höchstens einmal vorkommen.', en: 'The invoice period (BG-14) may occur at most once.' },
  'UBL-SR-09': { de: 'Der Name des Verkäufers (BT-27) darf höchstens einmal vorkommen.', en: 'The seller name (BT-27) may occur at most once.' },
  'UBL-SR-10': { de: 'Der Handelsname des Verkäufers (BT-28) darf höchstens einmal vorkommen.', en: 'The seller trading name (BT-28) may occur at most once.' },
  'UBL-SR-11': { de: 'Die Registernummer des Verkäufers (BT-30) darf höchstens einmal vorkommen.', en: 'The seller legal registration identifier (BT-30) may occur at most once.' },
  'UBL-SR-12': { de: 'Die Umsatzsteuer-Identifikationsnummer des Verkäufers (BT-31) darf höchstens einmal vorkommen.', en: 'The seller VAT identifier (BT-31) may occur at most once.' },
  'UBL-SR-13': { de: 'Die Steuernummer des Verkäufers (BT-32) darf höchstens einmal vorkommen.', en: 'The seller tax registration identifier (BT-32) may occur at most once.' },
  'UBL-SR-14': {
    de: 'Die zusätzlichen rechtlichen Informationen des Verkäufers (BT-33) dürfen höchstens einmal vorkommen.',
    en: 'The seller additional legal information (BT-33) may occur at most once.',
  },
  'UBL-SR-15': { de: 'Der Name des Käufers (BT-44) darf höchstens einmal vorkommen.', en: 'The buyer name (BT-44) may occur at most once.' },
  'UBL-SR-16': { de: 'Die Kennung des Käufers (BT-46) darf höchstens einmal vorkommen.', en: 'The buyer identifier (BT-46) may occur at most once.' },
  'UBL-SR-17': { de: 'Die Registernummer des Käufers (BT-47) darf höchstens einmal vorkommen.', en: 'The buyer legal registration identifier (BT-47) may occur at most once.' },
  'UBL-SR-18': { de: 'Die Umsatzsteuer-Identifikationsnummer des Käufers (BT-48) darf höchstens einmal vorkommen.', en: 'The buyer VAT identifier (BT-48) may occur at most once.' },
  'UBL-SR-24': { de: 'Die Lieferinformationen (BG-13) dürfen höchstens einmal vorkommen.', en: 'Deliver to information (BG-13) may occur at most once.' },
  'UBL-SR-29': { de: 'Die Gläubiger-Identifikationsnummer (BT-90) darf höchstens einmal vorkommen.', en: 'The bank assigned creditor identifier (BT-90) may occur at most once.' },
  'UBL-SR-39': { de: 'Die Projektreferenz (BT-11) darf höchstens einmal vorkommen.', en: 'The project reference (BT-11) may occur at most once.' },
  'UBL-SR-40': { de: 'Der Handelsname des Käufers (BT-45) darf höchstens einmal vorkommen.', en: 'The buyer trade name (BT-45) may occur at most once.' },
  'UBL-SR-44': { de: 'Ein Verwendungszweck (BT-83) darf höchstens einmal verwendet werden (unterschiedliche Werte).', en: 'A payment ID (BT-83) may be used at most once (distinct values).' },
  'UBL-SR-45': { de: 'Das Fälligkeitsdatum (BT-9) darf höchstens einmal vorkommen.', en: 'The due date (BT-9) may occur at most once.' },
  'UBL-SR-46': { de: 'Der Text der Zahlungsart (BT-82) darf höchstens einmal vorkommen.', en: 'The payment means text (BT-82) may occur at most once.' },
  'UBL-SR-47': {
    de: 'Bei mehreren Zahlungsarten müssen alle denselben Code der Zahlungsart (BT-81) haben.',
    en: 'When there are several payment means, they must share one payment means code (BT-81).',
  },
  'UBL-SR-49': { de: 'Der Code des Steuerzeitpunkts (BT-8) darf höchstens einmal vorkommen.', en: 'The value added tax point date code (BT-8) may occur at most once.' },
  'UBL-SR-54': { de: 'Die Kartenangaben (BG-18) dürfen höchstens einmal vorkommen.', en: 'Payment card information (BG-18) may occur at most once.' },
  'UBL-SR-55': { de: 'Die Lastschriftangaben (BG-19) dürfen höchstens einmal vorkommen.', en: 'Direct debit information (BG-19) may occur at most once.' },
  'UBL-SR-56': { de: 'Die Vergabe- oder Losreferenz (BT-17) darf höchstens einmal vorkommen.', en: 'The tender or lot reference (BT-17) may occur at most once.' },
  'UBL-SR-42': { de: 'Eine Partei darf höchstens zwei Steuerschemata haben (VAT und ein weiteres).', en: 'A party may have at most two tax schemes (VAT and one other).' },
  'UBL-SR-33': { de: 'Die Beschreibung eines rechnungsbegründenden Dokuments (BT-123) darf höchstens einmal vorkommen.', en: 'A supporting document description (BT-123) may occur at most once.' },
  'UBL-SR-43': {
    de: 'Eine Schemakennung an einer Dokumentreferenz ist nur bei der Objektkennung zulässig (BT-18, Code 130).',
    en: 'A scheme identifier on a document reference is only allowed for the invoiced object identifier (BT-18, code 130).',
  },
  'UBL-SR-25': { de: 'Der Name des Warenempfängers (BT-70) darf höchstens einmal vorkommen.', en: 'The deliver to party name (BT-70) may occur at most once.' },
  'UBL-SR-53': {
    de: 'Ein Steuerschema einer Partei braucht sowohl die Kennung des Steuerschemas als auch die Unternehmenskennung (Umsatzsteuer-Identifikationsnummer).',
    en: 'A party tax scheme needs both the tax scheme id and the company id (VAT identifier).',
  },
  'UBL-SR-30': { de: 'Ein Nachlassgrund (BT-97/BT-139) darf höchstens einmal vorkommen.', en: 'An allowance reason (BT-97/BT-139) may occur at most once.' },
  'UBL-SR-31': { de: 'Ein Zuschlagsgrund (BT-104/BT-144) darf höchstens einmal vorkommen.', en: 'A charge reason (BT-104/BT-144) may occur at most once.' },
  'UBL-SR-34': { de: 'Eine Bemerkung zur Rechnungsposition (BT-127) darf höchstens einmal vorkommen.', en: 'An invoice line note (BT-127) may occur at most once.' },
  'UBL-SR-35': { de: 'Die referenzierte Bestellposition (BT-132) darf höchstens einmal vorkommen.', en: 'The referenced purchase order line (BT-132) may occur at most once.' },
  'UBL-SR-36': { de: 'Der Zeitraum der Rechnungsposition (BG-26) darf höchstens einmal vorkommen.', en: 'The invoice line period (BG-26) may occur at most once.' },
  'UBL-SR-37': { de: 'Der Preisnachlass des Artikels (BT-147) darf höchstens einmal vorkommen.', en: 'The item price discount (BT-147) may occur at most once.' },
  'UBL-SR-48': { de: 'Eine Rechnungsposition hat genau eine Umsatzsteuerkategorie des Artikels (BG-30).', en: 'An invoice line has exactly one invoiced item VAT category (BG-30).' },
  'UBL-SR-50': { de: 'Die Artikelbeschreibung (BT-154) darf höchstens einmal vorkommen.', en: 'The item description (BT-154) may occur at most once.' },
  'UBL-SR-52': { de: 'Die Objektkennung der Rechnungsposition (BT-128) darf höchstens einmal vorkommen.', en: 'The invoice line object identifier (BT-128) may occur at most once.' },
  'UBL-SR-26': { de: 'Der Verwendungszweck (BT-83) darf je Zahlungsart höchstens einmal vorkommen.', en: 'The remittance information (BT-83) may occur at most once per payment means.' },
  'UBL-SR-27': { de: 'Der Code der Zahlungsart (BT-81) darf je Zahlungsart höchstens einmal vorkommen.', en: 'The payment means code (BT-81) may occur at most once per payment means.' },
  'UBL-SR-28': { de: 'Die Mandatsreferenz (BT-89) darf je Zahlungsart höchstens einmal vorkommen.', en: 'The mandate reference (BT-89) may occur at most once per payment means.' },
  'UBL-SR-06': {
    de: 'Eine Rechnungsreferenz enthält höchstens einen Verweis auf eine vorausgegangene Rechnung (BG-3).',
    en: 'A billing reference holds at most one preceding invoice reference (BG-3).',
  },
  'UBL-SR-07': { de: 'Eine Rechnungsreferenz braucht den Verweis auf die vorausgegangene Rechnung (BT-25).', en: 'A billing reference needs the preceding invoice reference (BT-25).' },
  'UBL-SR-22': { de: 'Der Name des Steuervertreters (BT-62) darf höchstens einmal vorkommen.', en: 'The tax representative name (BT-62) may occur at most once.' },
  'UBL-SR-23': {
    de: 'Die Umsatzsteuer-Identifikationsnummer des Steuervertreters (BT-63) darf höchstens einmal vorkommen.',
    en: 'The tax representative VAT identifier (BT-63) may occur at most once.',
  },
  'UBL-SR-32': {
    de: 'Der Text des Befreiungsgrundes (BT-120) darf je Umsatzsteueraufschlüsselung höchstens einmal vorkommen.',
    en: 'The VAT exemption reason text (BT-120) may occur at most once per VAT breakdown.',
  },
  'UBL-SR-19': {
    de: 'Der Name des Zahlungsempfängers (BT-59) darf höchstens einmal vorkommen und muss sich vom Namen des Verkäufers unterscheiden.',
    en: 'The payee name (BT-59) may occur at most once and must differ from the seller name.',
  },
  'UBL-SR-20': {
    de: 'Die Kennung des Zahlungsempfängers (BT-60) darf höchstens einmal vorkommen, und der Name des Zahlungsempfängers muss sich vom Namen des Verkäufers unterscheiden.',
    en: 'The payee identifier (BT-60) may occur at most once and the payee name must differ from the seller name.',
  },
  'UBL-SR-21': {
    de: 'Die Registernummer des Zahlungsempfängers (BT-61) darf höchstens einmal vorkommen, und der Name des Zahlungsempfängers muss sich vom Namen des Verkäufers unterscheiden.',
    en: 'The payee legal registration identifier (BT-61) may occur at most once and the payee name must differ from the seller name.',
  },
  'UBL-SR-51': { de: 'Eine Anschrift enthält höchstens eine dritte Adresszeile (BT-162/BT-163/BT-165).', en: 'An address holds at most one address line 3 (BT-162/BT-163/BT-165).' },

  // ---- UBL data types (UBL-DT-*)
  'UBL-DT-01': { de: 'Beträge haben höchstens zwei Nachkommastellen (ausgenommen Preise und Preisnachlässe).', en: 'Amounts have at most two decimals (prices and price discounts excepted).' },
  'UBL-DT-06': { de: 'Ein Binärobjekt braucht einen MIME-Code (BT-125-1).', en: 'A binary object needs a MIME code (BT-125-1).' },
  'UBL-DT-07': { de: 'Ein Binärobjekt braucht einen Dateinamen (BT-125-2).', en: 'A binary object needs a file name (BT-125-2).' },
  'UBL-DT-18': { de: 'Das Attribut name wird in der EN 16931 nur am Code der Zahlungsart verwendet.', en: 'The attribute name is used in EN 16931 only on the payment means code.' },

  // ---- UBL elements not used in EN 16931, hand-written rules (UBL-CR-*)
  'UBL-CR-002': {
    de: 'Eine andere UBL-Versionskennung als 2.1 wird in der EN 16931 nicht verwendet und sollte nicht vorhanden sein.',
    en: 'A UBL version id other than 2.1 is not used in EN 16931 and should not be present.',
  },
  'UBL-CR-412': {
    de: 'Ein Fälligkeitsdatum an der Zahlungsart einer Rechnung wird in der EN 16931 nicht verwendet und sollte nicht vorhanden sein.',
    en: 'A payment due date on the payment means of an invoice is not used in EN 16931 and should not be present.',
  },
  'UBL-CR-665': {
    de: 'Eine Schemakennung an einer anderen Dokumentreferenz als der Objektkennung (Code 130) wird in der EN 16931 nicht verwendet und sollte nicht vorhanden sein.',
    en: 'A scheme identifier on a document reference other than the invoiced object identifier (code 130) is not used in EN 16931 and should not be present.',
  },
  'UBL-CR-666': { de: 'Ein Anhang an der Referenz der Objektkennung (Code 130) ist nicht zulässig.', en: 'An attachment on the invoiced object identifier reference (code 130) is not allowed.' },
  'UBL-CR-673': {
    de: 'Eine Dokumentbeschreibung an der Referenz der Objektkennung (Code 130) ist nicht zulässig.',
    en: 'A document description on the invoiced object identifier reference (code 130) is not allowed.',
  },

  // ---- EN 16931 / XRechnung rules with a UBL-specific binding (replace the @kontor/cii rule of the same id on UBL)
  'BR-09': { de: 'Der Ländercode des Verkäufers (BT-40) ist in der Postanschrift des Verkäufers erforderlich.', en: 'Seller country code (BT-40) is required in the seller postal address.' },
  'BR-11': { de: 'Der Ländercode des Käufers (BT-55) ist in der Postanschrift des Käufers erforderlich.', en: 'Buyer country code (BT-55) is required in the buyer postal address.' },
  'BR-20': { de: 'Der Ländercode des Steuervertreters (BT-69) ist in dessen Postanschrift erforderlich.', en: 'Tax representative country code (BT-69) is required in its postal address.' },
  'BR-CO-18': { de: 'Mindestens eine Umsatzsteueraufschlüsselung (BG-23) ist erforderlich.', en: 'At least one VAT breakdown (BG-23) is required.' },
  'BR-45': { de: 'Jede Umsatzsteueraufschlüsselung braucht den Bemessungsbetrag (BT-116).', en: 'Each VAT breakdown needs the taxable amount (BT-116).' },
  'BR-46': { de: 'Jede Umsatzsteueraufschlüsselung braucht den Steuerbetrag (BT-117).', en: 'Each VAT breakdown needs the VAT amount (BT-117).' },
  'BR-CO-14': {
    de: 'Umsatzsteuergesamtbetrag der Rechnung (BT-110) = Summe der Steuerbeträge je Kategorie (BT-117).',
    en: 'Invoice total VAT amount (BT-110) = sum of the VAT category tax amounts (BT-117).',
  },
  'BR-CL-03': { de: 'Die Währungskennungen von Beträgen müssen Codes nach ISO 4217 sein.', en: 'Currency identifiers of amounts must be ISO 4217 codes.' },
  'BR-CO-17': {
    de: 'Steuerbetrag der Kategorie (BT-117) = Bemessungsbetrag (BT-116) × Steuersatz (BT-119) / 100, auf zwei Nachkommastellen gerundet (±1).',
    en: 'VAT category tax amount (BT-117) = taxable amount (BT-116) × rate (BT-119) / 100, rounded to two decimals (±1).',
  },
  'BR-S-08': {
    de: 'Der Bemessungsbetrag (BT-116) einer Aufschlüsselung der Kategorie S muss den Positionen, Nachlässen und Zuschlägen auf Dokumentenebene dieser Kategorie und dieses Steuersatzes entsprechen (±1).',
    en: 'Taxable amount (BT-116) of a category S breakdown must match the lines and document allowances/charges of that category and rate (±1).',
  },
  'BR-AF-08': {
    de: 'Der Bemessungsbetrag (BT-116) einer Aufschlüsselung der Kategorie L muss den Positionen, Nachlässen und Zuschlägen auf Dokumentenebene dieser Kategorie und dieses Steuersatzes entsprechen (±1).',
    en: 'Taxable amount (BT-116) of a category L breakdown must match the lines and document allowances/charges of that category and rate (±1).',
  },
  'BR-AG-08': {
    de: 'Der Bemessungsbetrag (BT-116) einer Aufschlüsselung der Kategorie M muss den Positionen, Nachlässen und Zuschlägen auf Dokumentenebene dieser Kategorie und dieses Steuersatzes entsprechen (±1).',
    en: 'Taxable amount (BT-116) of a category M breakdown must match the lines and document allowances/charges of that category and rate (±1).',
  },
  'BR-IC-01': {
    de: 'Innergemeinschaftliche Lieferungen (Kategorie K) brauchen genau eine Umsatzsteueraufschlüsselung dieser Kategorie.',
    en: 'Intra-community supplies (category K) needs exactly one VAT breakdown of that category.',
  },
  'BR-S-01': {
    de: 'Positionen, Nachlässe oder Zuschläge der Kategorie S brauchen mindestens eine Umsatzsteueraufschlüsselung dieser Kategorie.',
    en: 'Items or allowances/charges of category S need at least one VAT breakdown of that category.',
  },
  'BR-AF-01': {
    de: 'Positionen, Nachlässe oder Zuschläge der Kategorie L brauchen mindestens eine Umsatzsteueraufschlüsselung dieser Kategorie.',
    en: 'Items or allowances/charges of category L need at least one VAT breakdown of that category.',
  },
  'BR-AG-01': {
    de: 'Positionen, Nachlässe oder Zuschläge der Kategorie M brauchen mindestens eine Umsatzsteueraufschlüsselung dieser Kategorie.',
    en: 'Items or allowances/charges of category M need at least one VAT breakdown of that category.',
  },
  'BR-S-02': {
    de: 'Ein Artikel der Kategorie S braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "An item of category S needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-Z-02': {
    de: 'Ein Artikel der Kategorie Z braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "An item of category Z needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-AE-02': {
    de: 'Ein Artikel der Kategorie AE braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "An item of category AE needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-IC-02': {
    de: 'Ein Artikel der Kategorie K braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "An item of category K needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-S-09': {
    de: 'Steuerbetrag (BT-117) einer Aufschlüsselung der Kategorie S = Bemessungsbetrag × Steuersatz / 100, gerundet (±1).',
    en: 'VAT amount (BT-117) of a category S breakdown = taxable amount × rate / 100, rounded (±1).',
  },
  'BR-AF-09': {
    de: 'Steuerbetrag (BT-117) einer Aufschlüsselung der Kategorie L = Bemessungsbetrag × Steuersatz / 100, gerundet (±1).',
    en: 'VAT amount (BT-117) of a category L breakdown = taxable amount × rate / 100, rounded (±1).',
  },
  'BR-AG-09': {
    de: 'Steuerbetrag (BT-117) einer Aufschlüsselung der Kategorie M = Bemessungsbetrag × Steuersatz / 100, gerundet (±1).',
    en: 'VAT amount (BT-117) of a category M breakdown = taxable amount × rate / 100, rounded (±1).',
  },
  'BR-O-11': { de: 'Eine Umsatzsteueraufschlüsselung der Kategorie O muss die einzige Umsatzsteueraufschlüsselung sein.', en: 'A VAT breakdown of category O must be the only VAT breakdown.' },
  'BR-O-12': { de: 'Mit einer Umsatzsteueraufschlüsselung der Kategorie O muss jeder Artikel der Kategorie O angehören.', en: 'With a VAT breakdown of category O every item must be of category O.' },
  'BR-O-13': {
    de: 'Mit einer Umsatzsteueraufschlüsselung der Kategorie O muss jeder Nachlass der Kategorie O angehören.',
    en: 'With a VAT breakdown of category O every allowance must be of category O.',
  },
  'BR-O-14': {
    de: 'Mit einer Umsatzsteueraufschlüsselung der Kategorie O muss jeder Zuschlag der Kategorie O angehören.',
    en: 'With a VAT breakdown of category O every charge must be of category O.',
  },
  'BR-48': { de: 'Jede Umsatzsteueraufschlüsselung braucht den Steuersatz (BT-119), außer bei Kategorie O.', en: 'Each VAT breakdown needs the rate (BT-119), except category O.' },
  'BR-61': { de: 'Eine Überweisung (Codes 30, 58) braucht die Kennung des Zahlungskontos (BT-84).', en: 'Credit transfer (codes 30, 58) needs the payment account identifier (BT-84).' },
  'BR-51': {
    de: 'Die Kartennummer (BT-87) sollte höchstens 10 Zeichen zeigen (die ersten 6 und die letzten 4 Ziffern).',
    en: 'The card account number (BT-87) should show at most 10 characters (the first 6 and the last 4 digits).',
  },
  'BR-CO-19': {
    de: 'Der Rechnungszeitraum (BG-14) braucht ein Anfangsdatum, ein Enddatum oder den Code des Steuerzeitpunkts (BT-8).',
    en: 'The invoicing period (BG-14) needs a start date, an end date or the VAT point date code (BT-8).',
  },
  'BR-CL-06': { de: 'Der Code des Steuerzeitpunkts (BT-8) muss 3, 35 oder 432 sein (UNTDID 2005).', en: 'The VAT point date code (BT-8) must be 3, 35 or 432 (UNTDID 2005).' },
  'BR-CO-03': {
    de: 'Das Datum des Steuerzeitpunkts (BT-7) und sein Code (BT-8) schließen einander aus.',
    en: 'The VAT point date (BT-7) and the VAT point date code (BT-8) are mutually exclusive.',
  },
  'BR-IC-11': {
    de: 'Mit einer Aufschlüsselung der Kategorie K ist das Lieferdatum (BT-72) oder ein Rechnungszeitraum (BG-14) erforderlich.',
    en: 'With a category K breakdown the actual delivery date (BT-72) or an invoicing period (BG-14) is required.',
  },
  'BR-IC-12': {
    de: 'Mit einer Aufschlüsselung der Kategorie K ist der Ländercode der Lieferanschrift (BT-80) erforderlich.',
    en: 'With a category K breakdown the deliver to country code (BT-80) is required.',
  },
  'BR-57': { de: 'Jede Lieferanschrift (BG-15) braucht einen Ländercode (BT-80).', en: 'Each deliver to address (BG-15) needs a country code (BT-80).' },
  'BR-CL-07': {
    de: 'Die Schemakennung der Objektkennung (BT-18) muss ein Code nach UNTDID 1153 sein.',
    en: 'The scheme identifier of the invoiced object identifier (BT-18) must be a UNTDID 1153 code.',
  },
  'BR-CL-10': {
    de: 'Die Schemakennung einer Parteikennung muss ein ICD-Code nach ISO 6523 sein (SEPA nur beim Verkäufer oder Zahlungsempfänger).',
    en: 'The scheme identifier of a party identifier must be an ISO 6523 ICD code (SEPA only for the seller or the payee).',
  },
  'BR-CL-11': { de: 'Die Schemakennung einer Registernummer muss ein ICD-Code nach ISO 6523 sein.', en: 'The scheme identifier of a legal registration identifier must be an ISO 6523 ICD code.' },
  'BR-CL-14': { de: 'Ländercodes müssen Codes nach ISO 3166-1 sein.', en: 'Country codes must be ISO 3166-1 codes.' },
  'BR-CL-15': { de: 'Der Ursprungsland-Code des Artikels (BT-159) muss ein Code nach ISO 3166-1 sein.', en: 'The item country of origin (BT-159) must be an ISO 3166-1 code.' },
  'BR-CL-17': { de: 'Umsatzsteuerkategorien müssen Codes nach UNTDID 5305 sein.', en: 'VAT category codes must be UNTDID 5305 codes.' },
  'BR-CL-18': { de: 'Die Umsatzsteuerkategorie eines Artikels (BT-151) muss ein Code nach UNTDID 5305 sein.', en: 'The invoiced item VAT category code (BT-151) must be a UNTDID 5305 code.' },
  'BR-CL-21': {
    de: 'Die Schemakennung einer Artikelkennung (BT-157) muss ein ICD-Code nach ISO 6523 sein.',
    en: 'The scheme identifier of an item standard identifier (BT-157) must be an ISO 6523 ICD code.',
  },
  'BR-CO-10': {
    de: 'Die Summe der Nettobeträge der Positionen (BT-106) muss der Summe der Nettobeträge aller Rechnungspositionen (BT-131) entsprechen.',
    en: 'The sum of invoice line net amounts (BT-106) must equal the sum of all invoice line net amounts (BT-131).',
  },
  'BR-47': { de: 'Jede Umsatzsteueraufschlüsselung braucht den Kategoriecode (BT-118).', en: 'Each VAT breakdown needs the VAT category code (BT-118).' },
  'BR-DEC-19': { de: 'Der Bemessungsbetrag (BT-116) hat höchstens zwei Nachkommastellen.', en: 'The VAT category taxable amount (BT-116) has at most two decimals.' },
  'BR-DEC-20': { de: 'Der Steuerbetrag der Kategorie (BT-117) hat höchstens zwei Nachkommastellen.', en: 'The VAT category tax amount (BT-117) has at most two decimals.' },
  'BR-CL-19': { de: 'Der Code eines Nachlassgrunds muss ein Code nach UNTDID 5189 sein.', en: 'An allowance reason code must be a UNTDID 5189 code.' },
  'BR-CL-20': { de: 'Der Code eines Zuschlagsgrunds muss ein Code nach UNTDID 7161 sein.', en: 'A charge reason code must be a UNTDID 7161 code.' },
  'BR-16': { de: 'Eine Rechnung braucht mindestens eine Rechnungsposition (BG-25).', en: 'An invoice needs at least one invoice line (BG-25).' },
  'BR-21': { de: 'Jede Rechnungsposition braucht eine Positionskennung (BT-126).', en: 'Each invoice line needs an invoice line identifier (BT-126).' },
  'BR-22': { de: 'Jede Rechnungsposition braucht die berechnete Menge (BT-129).', en: 'Each invoice line needs the invoiced quantity (BT-129).' },
  'BR-23': { de: 'Jede Rechnungsposition braucht die Mengeneinheit der berechneten Menge (BT-130).', en: 'Each invoice line needs the unit of measure of the invoiced quantity (BT-130).' },
  'BR-24': { de: 'Jede Rechnungsposition braucht den Nettobetrag der Position (BT-131).', en: 'Each invoice line needs the invoice line net amount (BT-131).' },
  'BR-25': { de: 'Jede Rechnungsposition braucht den Artikelnamen (BT-153).', en: 'Each invoice line needs the item name (BT-153).' },
  'BR-26': { de: 'Jede Rechnungsposition braucht den Nettopreis des Artikels (BT-146).', en: 'Each invoice line needs the item net price (BT-146).' },
  'BR-27': { de: 'Der Nettopreis des Artikels (BT-146) darf nicht negativ sein.', en: 'The item net price (BT-146) must not be negative.' },
  'BR-49': { de: 'Jede Zahlungsart braucht den Code der Zahlungsart (BT-81).', en: 'Each payment means needs the payment means type code (BT-81).' },
  'BR-CL-22': { de: 'Der Code des Befreiungsgrunds (BT-121) muss ein Code der VATEX-Liste sein.', en: 'The VAT exemption reason code (BT-121) must be a VATEX code.' },
  'BR-CL-01': {
    de: 'Der Rechnungsartcode (BT-3) muss ein Rechnungscode nach UNTDID 1001 sein (Gutschriftcodes bei einer CreditNote).',
    en: 'Invoice type code (BT-3) must be a UNTDID 1001 invoice code (credit note codes on a CreditNote).',
  },
  'BR-DE-16': {
    de: 'Bei Umsatzsteuerkategorie S, Z, E, AE, K, G, L oder M ist die Umsatzsteuer-Identifikationsnummer (BT-31), die Steuernummer (BT-32) des Verkäufers oder ein Steuervertreter (BG-11) erforderlich.',
    en: 'With VAT category S, Z, E, AE, K, G, L or M the seller VAT id (BT-31), tax number (BT-32) or tax representative (BG-11) is required.',
  },
  'BR-AF-02': {
    de: 'Ein Artikel der Kategorie L braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "An item of category L needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-AG-02': {
    de: 'Ein Artikel der Kategorie M braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "An item of category M needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-E-02': {
    de: 'Ein Artikel der Kategorie E braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "An item of category E needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-G-02': {
    de: 'Ein Artikel der Kategorie G braucht die Umsatzsteuer-Identifikationsnummer des Verkäufers (BT-31) oder die des Steuervertreters (BT-63).',
    en: "An item of category G needs the seller VAT identifier (BT-31) or the tax representative's (BT-63).",
  },
  'BR-S-03': {
    de: 'Ein Nachlass auf Dokumentenebene der Kategorie S braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "A document level allowance of category S needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-Z-03': {
    de: 'Ein Nachlass auf Dokumentenebene der Kategorie Z braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "A document level allowance of category Z needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-E-03': {
    de: 'Ein Nachlass auf Dokumentenebene der Kategorie E braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "A document level allowance of category E needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-AE-03': {
    de: 'Ein Nachlass auf Dokumentenebene der Kategorie AE braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63) sowie die Umsatzsteuer-Identifikationsnummer oder Registernummer des Käufers (BT-48/BT-47).',
    en: "A document level allowance of category AE needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63) and the buyer VAT or legal registration identifier (BT-48/BT-47).",
  },
  'BR-IC-03': {
    de: 'Ein Nachlass auf Dokumentenebene der Kategorie K braucht die Umsatzsteuer-Identifikationsnummer des Verkäufers (BT-31) oder die des Steuervertreters (BT-63) sowie die Umsatzsteuer-Identifikationsnummer des Käufers (BT-48).',
    en: "A document level allowance of category K needs the seller VAT identifier (BT-31) or the tax representative's (BT-63) and the buyer VAT identifier (BT-48).",
  },
  'BR-G-03': {
    de: 'Ein Nachlass auf Dokumentenebene der Kategorie G braucht die Umsatzsteuer-Identifikationsnummer des Verkäufers (BT-31) oder die des Steuervertreters (BT-63).',
    en: "A document level allowance of category G needs the seller VAT identifier (BT-31) or the tax representative's (BT-63).",
  },
  'BR-AF-03': {
    de: 'Ein Nachlass auf Dokumentenebene der Kategorie L braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "A document level allowance of category L needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-AG-03': {
    de: 'Ein Nachlass auf Dokumentenebene der Kategorie M braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "A document level allowance of category M needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-S-04': {
    de: 'Ein Zuschlag auf Dokumentenebene der Kategorie S braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "A document level charge of category S needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-Z-04': {
    de: 'Ein Zuschlag auf Dokumentenebene der Kategorie Z braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "A document level charge of category Z needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-E-04': {
    de: 'Ein Zuschlag auf Dokumentenebene der Kategorie E braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "A document level charge of category E needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-AE-04': {
    de: 'Ein Zuschlag auf Dokumentenebene der Kategorie AE braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63) sowie die Umsatzsteuer-Identifikationsnummer oder Registernummer des Käufers (BT-48/BT-47).',
    en: "A document level charge of category AE needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63) and the buyer VAT or legal registration identifier (BT-48/BT-47).",
  },
  'BR-IC-04': {
    de: 'Ein Zuschlag auf Dokumentenebene der Kategorie K braucht die Umsatzsteuer-Identifikationsnummer des Verkäufers (BT-31) oder die des Steuervertreters (BT-63) sowie die Umsatzsteuer-Identifikationsnummer des Käufers (BT-48).',
    en: "A document level charge of category K needs the seller VAT identifier (BT-31) or the tax representative's (BT-63) and the buyer VAT identifier (BT-48).",
  },
  'BR-G-04': {
    de: 'Ein Zuschlag auf Dokumentenebene der Kategorie G braucht die Umsatzsteuer-Identifikationsnummer des Verkäufers (BT-31) oder die des Steuervertreters (BT-63).',
    en: "A document level charge of category G needs the seller VAT identifier (BT-31) or the tax representative's (BT-63).",
  },
  'BR-AF-04': {
    de: 'Ein Zuschlag auf Dokumentenebene der Kategorie L braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "A document level charge of category L needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-AG-04': {
    de: 'Ein Zuschlag auf Dokumentenebene der Kategorie M braucht die Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers (BT-31/BT-32) oder die des Steuervertreters (BT-63).',
    en: "A document level charge of category M needs the seller VAT identifier (BT-31/BT-32) or the tax representative's (BT-63).",
  },
  'BR-S-05': {
    de: 'Der Umsatzsteuersatz (BT-152) eines Artikels zum Normalsatz (Kategorie S) muss größer als 0 sein.',
    en: 'The VAT rate (BT-152) of an item standard rated (category S) must be greater than 0.',
  },
  'BR-Z-05': { de: 'Der Umsatzsteuersatz (BT-152) eines Artikels zum Nullsatz (Kategorie Z) muss 0 sein.', en: 'The VAT rate (BT-152) of an item zero rated (category Z) must be 0.' },
  'BR-E-05': { de: 'Der Umsatzsteuersatz (BT-152) eines Artikels der steuerbefreiten Kategorie E muss 0 sein.', en: 'The VAT rate (BT-152) of an item exempt (category E) must be 0.' },
  'BR-AE-05': {
    de: 'Der Umsatzsteuersatz (BT-152) eines Artikels der Kategorie AE (Steuerschuldnerschaft des Leistungsempfängers) muss 0 sein.',
    en: 'The VAT rate (BT-152) of an item reverse charge (category AE) must be 0.',
  },
  'BR-IC-05': {
    de: 'Der Umsatzsteuersatz (BT-152) eines Artikels der Kategorie K (innergemeinschaftlich) muss 0 sein.',
    en: 'The VAT rate (BT-152) of an item intra-community (category K) must be 0.',
  },
  'BR-G-05': { de: 'Der Umsatzsteuersatz (BT-152) eines Artikels der Kategorie G (Ausfuhr) muss 0 sein.', en: 'The VAT rate (BT-152) of an item export (category G) must be 0.' },
  'BR-AF-05': { de: 'Der Umsatzsteuersatz (BT-152) eines Artikels der Kategorie L (IGIC) darf nicht negativ sein.', en: 'The VAT rate (BT-152) of an item IGIC (category L) must not be negative.' },
  'BR-AG-05': { de: 'Der Umsatzsteuersatz (BT-152) eines Artikels der Kategorie M (IPSI) darf nicht negativ sein.', en: 'The VAT rate (BT-152) of an item IPSI (category M) must not be negative.' },
  'BR-O-05': {
    de: 'Der Umsatzsteuersatz (BT-152) eines Artikels der Kategorie O (nicht steuerbar) darf nicht angegeben sein.',
    en: 'The VAT rate (BT-152) of an item not subject to VAT (category O) must not be given.',
  },
  'BR-S-06': {
    de: 'Der Umsatzsteuersatz (BT-96) eines Nachlasses zum Normalsatz (Kategorie S) muss größer als 0 sein.',
    en: 'The VAT rate (BT-96) of an allowance standard rated (category S) must be greater than 0.',
  },
  'BR-Z-06': { de: 'Der Umsatzsteuersatz (BT-96) eines Nachlasses zum Nullsatz (Kategorie Z) muss 0 sein.', en: 'The VAT rate (BT-96) of an allowance zero rated (category Z) must be 0.' },
  'BR-E-06': { de: 'Der Umsatzsteuersatz (BT-96) eines Nachlasses der steuerbefreiten Kategorie E muss 0 sein.', en: 'The VAT rate (BT-96) of an allowance exempt (category E) must be 0.' },
  'BR-AE-06': {
    de: 'Der Umsatzsteuersatz (BT-96) eines Nachlasses der Kategorie AE (Steuerschuldnerschaft des Leistungsempfängers) muss 0 sein.',
    en: 'The VAT rate (BT-96) of an allowance reverse charge (category AE) must be 0.',
  },
  'BR-IC-06': {
    de: 'Der Umsatzsteuersatz (BT-96) eines Nachlasses der Kategorie K (innergemeinschaftlich) muss 0 sein.',
    en: 'The VAT rate (BT-96) of an allowance intra-community (category K) must be 0.',
  },
  'BR-G-06': { de: 'Der Umsatzsteuersatz (BT-96) eines Nachlasses der Kategorie G (Ausfuhr) muss 0 sein.', en: 'The VAT rate (BT-96) of an allowance export (category G) must be 0.' },
  'BR-AF-06': {
    de: 'Der Umsatzsteuersatz (BT-96) eines Nachlasses der Kategorie L (IGIC) darf nicht negativ sein.',
    en: 'The VAT rate (BT-96) of an allowance IGIC (category L) must not be negative.',
  },
  'BR-AG-06': {
    de: 'Der Umsatzsteuersatz (BT-96) eines Nachlasses der Kategorie M (IPSI) darf nicht negativ sein.',
    en: 'The VAT rate (BT-96) of an allowance IPSI (category M) must not be negative.',
  },
  'BR-O-06': {
    de: 'Der Umsatzsteuersatz (BT-96) eines Nachlasses der Kategorie O (nicht steuerbar) darf nicht angegeben sein.',
    en: 'The VAT rate (BT-96) of an allowance not subject to VAT (category O) must not be given.',
  },
  'BR-S-07': {
    de: 'Der Umsatzsteuersatz (BT-103) eines Zuschlags zum Normalsatz (Kategorie S) muss größer als 0 sein.',
    en: 'The VAT rate (BT-103) of a charge standard rated (category S) must be greater than 0.',
  },
  'BR-Z-07': { de: 'Der Umsatzsteuersatz (BT-103) eines Zuschlags zum Nullsatz (Kategorie Z) muss 0 sein.', en: 'The VAT rate (BT-103) of a charge zero rated (category Z) must be 0.' },
  'BR-E-07': { de: 'Der Umsatzsteuersatz (BT-103) eines Zuschlags der steuerbefreiten Kategorie E muss 0 sein.', en: 'The VAT rate (BT-103) of a charge exempt (category E) must be 0.' },
  'BR-AE-07': {
    de: 'Der Umsatzsteuersatz (BT-103) eines Zuschlags der Kategorie AE (Steuerschuldnerschaft des Leistungsempfängers) muss 0 sein.',
    en: 'The VAT rate (BT-103) of a charge reverse charge (category AE) must be 0.',
  },
  'BR-IC-07': {
    de: 'Der Umsatzsteuersatz (BT-103) eines Zuschlags der Kategorie K (innergemeinschaftlich) muss 0 sein.',
    en: 'The VAT rate (BT-103) of a charge intra-community (category K) must be 0.',
  },
  'BR-G-07': { de: 'Der Umsatzsteuersatz (BT-103) eines Zuschlags der Kategorie G (Ausfuhr) muss 0 sein.', en: 'The VAT rate (BT-103) of a charge export (category G) must be 0.' },
  'BR-AF-07': { de: 'Der Umsatzsteuersatz (BT-103) eines Zuschlags der Kategorie L (IGIC) darf nicht negativ sein.', en: 'The VAT rate (BT-103) of a charge IGIC (category L) must not be negative.' },
  'BR-AG-07': { de: 'Der Umsatzsteuersatz (BT-103) eines Zuschlags der Kategorie M (IPSI) darf nicht negativ sein.', en: 'The VAT rate (BT-103) of a charge IPSI (category M) must not be negative.' },
  'BR-O-07': {
    de: 'Der Umsatzsteuersatz (BT-103) eines Zuschlags der Kategorie O (nicht steuerbar) darf nicht angegeben sein.',
    en: 'The VAT rate (BT-103) of a charge not subject to VAT (category O) must not be given.',
  },
  'BR-E-08': {
    de: 'Der Bemessungsbetrag (BT-116) der Aufschlüsselung der Kategorie E muss der Summe der Positionen und Zuschläge abzüglich der Nachlässe dieser Kategorie entsprechen.',
    en: 'The taxable amount (BT-116) of the category E breakdown must equal its lines plus charges minus allowances of that category.',
  },
  'BR-E-09': { de: 'Der Steuerbetrag (BT-117) der Aufschlüsselung der Kategorie E muss 0 sein.', en: 'The VAT amount (BT-117) of the category E breakdown must be 0.' },
  'BR-Z-08': {
    de: 'Der Bemessungsbetrag (BT-116) der Aufschlüsselung der Kategorie Z muss der Summe der Positionen und Zuschläge abzüglich der Nachlässe dieser Kategorie entsprechen.',
    en: 'The taxable amount (BT-116) of the category Z breakdown must equal its lines plus charges minus allowances of that category.',
  },
  'BR-Z-09': { de: 'Der Steuerbetrag (BT-117) der Aufschlüsselung der Kategorie Z muss 0 sein.', en: 'The VAT amount (BT-117) of the category Z breakdown must be 0.' },
  'BR-G-08': {
    de: 'Der Bemessungsbetrag (BT-116) der Aufschlüsselung der Kategorie G muss der Summe der Positionen und Zuschläge abzüglich der Nachlässe dieser Kategorie entsprechen.',
    en: 'The taxable amount (BT-116) of the category G breakdown must equal its lines plus charges minus allowances of that category.',
  },
  'BR-G-09': { de: 'Der Steuerbetrag (BT-117) der Aufschlüsselung der Kategorie G muss 0 sein.', en: 'The VAT amount (BT-117) of the category G breakdown must be 0.' },
  'BR-IC-08': {
    de: 'Der Bemessungsbetrag (BT-116) der Aufschlüsselung der Kategorie K muss der Summe der Positionen und Zuschläge abzüglich der Nachlässe dieser Kategorie entsprechen.',
    en: 'The taxable amount (BT-116) of the category K breakdown must equal its lines plus charges minus allowances of that category.',
  },
  'BR-IC-09': { de: 'Der Steuerbetrag (BT-117) der Aufschlüsselung der Kategorie K muss 0 sein.', en: 'The VAT amount (BT-117) of the category K breakdown must be 0.' },
  'BR-AE-08': {
    de: 'Der Bemessungsbetrag (BT-116) der Aufschlüsselung der Kategorie AE muss der Summe der Positionen und Zuschläge abzüglich der Nachlässe dieser Kategorie entsprechen.',
    en: 'The taxable amount (BT-116) of the category AE breakdown must equal its lines plus charges minus allowances of that category.',
  },
  'BR-AE-09': { de: 'Der Steuerbetrag (BT-117) der Aufschlüsselung der Kategorie AE muss 0 sein.', en: 'The VAT amount (BT-117) of the category AE breakdown must be 0.' },
  'BR-O-08': {
    de: 'Der Bemessungsbetrag (BT-116) der Aufschlüsselung der Kategorie O muss der Summe der Positionen und Zuschläge abzüglich der Nachlässe dieser Kategorie entsprechen.',
    en: 'The taxable amount (BT-116) of the category O breakdown must equal its lines plus charges minus allowances of that category.',
  },
  'BR-O-09': { de: 'Der Steuerbetrag (BT-117) der Aufschlüsselung der Kategorie O muss 0 sein.', en: 'The VAT amount (BT-117) of the category O breakdown must be 0.' },
  'BR-E-10': {
    de: 'Die Aufschlüsselung der Kategorie E braucht einen Befreiungsgrund (BT-120) oder seinen Code (BT-121).',
    en: 'The category E breakdown needs an exemption reason (BT-120) or its code (BT-121).',
  },
  'BR-G-10': {
    de: 'Die Aufschlüsselung der Kategorie G braucht einen Befreiungsgrund (BT-120) oder seinen Code (BT-121).',
    en: 'The category G breakdown needs an exemption reason (BT-120) or its code (BT-121).',
  },
  'BR-IC-10': {
    de: 'Die Aufschlüsselung der Kategorie K braucht einen Befreiungsgrund (BT-120) oder seinen Code (BT-121).',
    en: 'The category K breakdown needs an exemption reason (BT-120) or its code (BT-121).',
  },
  'BR-AE-10': {
    de: 'Die Aufschlüsselung der Kategorie AE braucht einen Befreiungsgrund (BT-120) oder seinen Code (BT-121).',
    en: 'The category AE breakdown needs an exemption reason (BT-120) or its code (BT-121).',
  },
  'BR-O-10': {
    de: 'Die Aufschlüsselung der Kategorie O braucht einen Befreiungsgrund (BT-120) oder seinen Code (BT-121).',
    en: 'The category O breakdown needs an exemption reason (BT-120) or its code (BT-121).',
  },
  'BR-Z-10': {
    de: 'Die Aufschlüsselung der Kategorie Z darf keinen Befreiungsgrund (BT-120, BT-121) haben.',
    en: 'The category Z breakdown must not have an exemption reason (BT-120, BT-121).',
  },
  'BR-S-10': {
    de: 'Die Aufschlüsselung der Kategorie S darf keinen Befreiungsgrund (BT-120, BT-121) haben.',
    en: 'The category S breakdown must not have an exemption reason (BT-120, BT-121).',
  },
  'BR-AF-10': {
    de: 'Die Aufschlüsselung der Kategorie L darf keinen Befreiungsgrund (BT-120, BT-121) haben.',
    en: 'The category L breakdown must not have an exemption reason (BT-120, BT-121).',
  },
  'BR-AG-10': {
    de: 'Die Aufschlüsselung der Kategorie M darf keinen Befreiungsgrund (BT-120, BT-121) haben.',
    en: 'The category M breakdown must not have an exemption reason (BT-120, BT-121).',
  },
  'BR-O-02': {
    de: 'Mit Artikeln der Kategorie O darf es keine Umsatzsteuer-Identifikationsnummer des Verkäufers, des Steuervertreters oder des Käufers geben.',
    en: 'With items of category O there must be no VAT identifier of the seller, the tax representative or the buyer.',
  },
  'BR-O-03': {
    de: 'Mit Nachlässen der Kategorie O darf es keine Umsatzsteuer-Identifikationsnummer des Verkäufers, des Steuervertreters oder des Käufers geben.',
    en: 'With allowances of category O there must be no VAT identifier of the seller, the tax representative or the buyer.',
  },
  'BR-O-04': {
    de: 'Mit Zuschlägen der Kategorie O darf es keine Umsatzsteuer-Identifikationsnummer des Verkäufers, des Steuervertreters oder des Käufers geben.',
    en: 'With charges of category O there must be no VAT identifier of the seller, the tax representative or the buyer.',
  },
  'BR-53': {
    de: 'Mit einer Steuerbuchungswährung (BT-6) ist der Umsatzsteuergesamtbetrag in dieser Währung (BT-111) erforderlich.',
    en: 'With a VAT accounting currency (BT-6) the total VAT in that currency (BT-111) is required.',
  },
  'BR-55': { de: 'Ein Verweis auf eine vorausgegangene Rechnung braucht deren Rechnungsnummer (BT-25).', en: 'A preceding invoice reference needs the preceding invoice number (BT-25).' },
  'BR-52': { de: 'Ein Verweis auf ein rechnungsbegründendes Dokument (BG-24) braucht dessen Kennung (BT-122).', en: 'A supporting document reference (BG-24) needs its identifier (BT-122).' },
  'BR-32': { de: 'Ein Nachlass auf Dokumentenebene (BG-20) braucht seinen Umsatzsteuer-Kategoriecode (BT-95).', en: 'A document allowance (BG-20) needs its VAT category code (BT-95).' },
  'BR-CO-04': { de: 'Jede Rechnungsposition braucht den Umsatzsteuer-Kategoriecode des Artikels (BT-151).', en: 'Each invoice line needs the invoiced item VAT category code (BT-151).' },
  'BR-DEC-13': {
    de: 'Der Umsatzsteuergesamtbetrag (BT-110) hat höchstens zwei Nachkommastellen.',
    en: 'The invoice total VAT amount (BT-110) has at most two decimals.',
  },
  'BR-DEC-15': {
    de: 'Der Umsatzsteuergesamtbetrag in Steuerbuchungswährung (BT-111) hat höchstens zwei Nachkommastellen.',
    en: 'The VAT total in accounting currency (BT-111) has at most two decimals.',
  },
  'BR-E-01': {
    de: 'Steuerbefreite Positionen, Nachlässe oder Zuschläge (Kategorie E) brauchen genau eine Umsatzsteueraufschlüsselung dieser Kategorie.',
    en: 'Exempt items or allowances/charges (category E) needs exactly one VAT breakdown of that category.',
  },
  'BR-Z-01': {
    de: 'Positionen, Nachlässe oder Zuschläge zum Nullsatz (Kategorie Z) brauchen genau eine Umsatzsteueraufschlüsselung dieser Kategorie.',
    en: 'Zero rated items or allowances/charges (category Z) needs exactly one VAT breakdown of that category.',
  },
  'BR-AE-01': {
    de: 'Positionen, Nachlässe oder Zuschläge mit Umkehrung der Steuerschuldnerschaft (Kategorie AE) brauchen genau eine Umsatzsteueraufschlüsselung dieser Kategorie.',
    en: 'Reverse charge items or allowances/charges (category AE) needs exactly one VAT breakdown of that category.',
  },
  'BR-G-01': {
    de: 'Ausfuhrpositionen, -nachlässe oder -zuschläge (Kategorie G) brauchen genau eine Umsatzsteueraufschlüsselung dieser Kategorie.',
    en: 'Export items or allowances/charges (category G) needs exactly one VAT breakdown of that category.',
  },
  'BR-O-01': {
    de: 'Nicht steuerbare Positionen, Nachlässe oder Zuschläge (Kategorie O) brauchen genau eine Umsatzsteueraufschlüsselung dieser Kategorie.',
    en: 'Items or allowances/charges not subject to VAT (category O) needs exactly one VAT breakdown of that category.',
  },
  'PEPPOL-EN16931-R043': { de: "Der Indikator für Nachlass oder Zuschlag muss 'true' oder 'false' sein.", en: "Allowance/charge indicator must be 'true' or 'false'." },
  'PEPPOL-EN16931-R044': { de: "Der Indikator eines Preisnachlasses muss 'false' sein.", en: "A price discount's charge indicator must be 'false'." },
  'BR-DEX-02': {
    de: 'Der Nettobetrag einer Position (BT-131) sollte der Summe ihrer Unterpositionen (BG-DEX-01) entsprechen.',
    en: 'A line net amount (BT-131) should equal the sum of its sub invoice lines (BG-DEX-01).',
  },
  'BR-DEX-04': {
    de: 'Das Schema einer Parteikennung muss ein ICD-Code nach ISO 6523 sein (oder XR01-XR03); SEPA nur beim Verkäufer oder Zahlungsempfänger.',
    en: 'A party identifier scheme must be an ISO 6523 ICD code (or XR01-XR03); SEPA only for the seller or the payee.',
  },
  'BR-DEX-03': { de: 'Eine Unterposition (BG-DEX-01) braucht genau eine Umsatzsteuerangabe (BG-DEX-06).', en: 'A sub invoice line (BG-DEX-01) needs exactly one VAT information (BG-DEX-06).' },
  'BR-DEX-09': {
    de: 'Fälliger Betrag (BT-115) = Gesamtbetrag mit Umsatzsteuer (BT-112) − gezahlt (BT-113) + Rundung (BT-114) + Zahlungen Dritter (BT-DEX-002).',
    en: 'Amount due (BT-115) = total with VAT (BT-112) − paid (BT-113) + rounding (BT-114) + third-party payments (BT-DEX-002).',
  },
  'PEPPOL-EN16931-R020': { de: 'Die elektronische Adresse des Verkäufers (BT-34) ist erforderlich.', en: 'The seller electronic address (BT-34) is required.' },
  'BR-DEX-10': { de: 'Eine Zahlung Dritter (BG-DEX-09) braucht ihre Art (BT-DEX-001).', en: 'A third-party payment (BG-DEX-09) needs its type (BT-DEX-001).' },
  'BR-DEX-11': { de: 'Eine Zahlung Dritter (BG-DEX-09) braucht ihren Betrag (BT-DEX-002).', en: 'A third-party payment (BG-DEX-09) needs its amount (BT-DEX-002).' },
  'BR-DEX-12': { de: 'Eine Zahlung Dritter (BG-DEX-09) braucht ihre Beschreibung (BT-DEX-003).', en: 'A third-party payment (BG-DEX-09) needs its description (BT-DEX-003).' },
  'BR-DEX-13': { de: 'Der Betrag einer Zahlung Dritter (BT-DEX-002) hat höchstens zwei Nachkommastellen.', en: 'A third-party payment amount (BT-DEX-002) has at most two decimals.' },
  'BR-DEX-14': { de: 'Der Betrag einer Zahlung Dritter (BT-DEX-002) lautet auf die Rechnungswährung (BT-5).', en: 'A third-party payment amount (BT-DEX-002) is in the invoice currency (BT-5).' },
  'PEPPOL-EN16931-R055': {
    de: 'Der Umsatzsteuergesamtbetrag (BT-110) und der Umsatzsteuergesamtbetrag in Steuerbuchungswährung (BT-111) müssen dasselbe Vorzeichen haben.',
    en: 'The VAT total (BT-110) and the VAT total in accounting currency (BT-111) must have the same sign.',
  },
  'PEPPOL-EN16931-R010': { de: 'Die elektronische Adresse des Käufers (BT-49) ist erforderlich.', en: 'The buyer electronic address (BT-49) is required.' },
  'BR-DE-30': {
    de: 'Mit einem Lastschriftmandat (BG-19) ist die Gläubiger-Identifikationsnummer (BT-90) erforderlich.',
    en: 'With a direct debit mandate (BG-19) the bank assigned creditor identifier (BT-90) is required.',
  },
  'BR-DE-31': {
    de: 'Mit einem Lastschriftmandat (BG-19) ist die Kennung des belasteten Kontos (BT-91) erforderlich.',
    en: 'With a direct debit mandate (BG-19) the debited account identifier (BT-91) is required.',
  },
  'BR-DE-TMP-32': {
    de: 'Die Rechnung sollte das Lieferdatum (BT-72), einen Rechnungszeitraum (BG-14) oder in jeder Position einen Positionszeitraum (BG-26) angeben.',
    en: 'The invoice should give the actual delivery date (BT-72), an invoicing period (BG-14) or a line period (BG-26) in every line.',
  },
  'PEPPOL-EN16931-R008': { de: 'Leere Elemente sind nicht zulässig.', en: 'Empty elements are not allowed.' },
  'PEPPOL-EN16931-R053': { de: 'Genau eine Steuersumme mit Umsatzsteueraufschlüsselungen ist erforderlich.', en: 'Exactly one tax total with VAT breakdowns is required.' },
  'PEPPOL-EN16931-R054': {
    de: 'Eine Steuersumme ohne Aufschlüsselungen (Umsatzsteuer in Steuerbuchungswährung, BT-111) ist genau dann erforderlich, wenn eine Steuerbuchungswährung (BT-6) angegeben ist.',
    en: 'A tax total without breakdowns (VAT in accounting currency, BT-111) is required exactly when a VAT accounting currency (BT-6) is given.',
  },

  // ---- templates of the table-driven rules
  'template.elementNotUsed': { de: '{paths} wird in der EN 16931 nicht verwendet und sollte nicht vorhanden sein ({id}).', en: '{paths} is not used in EN 16931 and should not be present ({id}).' },
  'template.attributeNotUsed': {
    de: 'Das Attribut {name} wird in der EN 16931 nicht verwendet und sollte nicht vorhanden sein.',
    en: 'The attribute {name} is not used in EN 16931 and should not be present.',
  },

  // ---- validateUbl's own findings
  NOT_UBL: { de: 'Das Dokument ist <{name}> im Namensraum {ns}, keine UBL-2.1-Invoice oder -CreditNote', en: 'The document is <{name}> in {ns}, not a UBL 2.1 Invoice or CreditNote' },
  NOT_UBL_NO_NAMESPACE: {
    de: 'Das Dokument ist <{name}> ohne Namensraum, keine UBL-2.1-Invoice oder -CreditNote',
    en: 'The document is <{name}> in no namespace, not a UBL 2.1 Invoice or CreditNote',
  },
});

export type UblRuleMessageKey = keyof typeof ublRuleMessages;
/** The keys of the shared templates (each with its placeholders). */
export type UblRuleTemplateKey = Extract<UblRuleMessageKey, `template.${string}`>;

const catalogue: MessageCatalogue = ublRuleMessages;

/**
 * The texts of a UBL rule, by its official id: the catalogue entry itself (an id without an entry gets its id as
 * text; the catalogue test fails for it).
 *
 * @example
 * ```ts
 * ublRuleTexts('UBL-SR-01').en; // 'The contract reference (BT-12) may occur at most once.'
 * ```
 */
export function ublRuleTexts(id: string): MessageTexts {
  return Object.hasOwn(catalogue, id) ? catalogue[id]! : { de: id, en: id };
}

/**
 * A template filled in both languages (once, when a rule is defined).
 *
 * @example
 * ```ts
 * ublTemplateTexts('template.attributeNotUsed', { name: 'listName' }).de;
 * ```
 */
export function ublTemplateTexts(key: UblRuleTemplateKey, params: MessageParams): MessageTexts {
  return { de: message(ublRuleMessages, key, 'de', params), en: message(ublRuleMessages, key, 'en', params) };
}

/**
 * The text of "this is not a UBL document" in `lang`.
 *
 * @example
 * ```ts
 * notUblText('Foo', '', 'de'); // 'Das Dokument ist <Foo> ohne Namensraum, …'
 * ```
 */
export function notUblText(name: string, ns: string, lang: Lang): string {
  return ns ? message(ublRuleMessages, 'NOT_UBL', lang, { name, ns }) : message(ublRuleMessages, 'NOT_UBL_NO_NAMESPACE', lang, { name });
}
