/**
 * The one message catalogue of the native rule engine: the text of every rule of the EN 16931 and XRechnung rule
 * sets (and of the engine's own findings) in German and English. Our own short wording, keyed by the official rule
 * id; the German texts follow the terms of the German edition of EN 16931 (Verkäufer, Käufer, Nachlass, Zuschlag,
 * Umsatzsteueraufschlüsselung …). The formulaic binding rules of the CII syntax (CII-SR-xxx / CII-DT-xxx "element not
 * used here", cardinality and attribute tables in en16931/dsl.ts) share one typed template per pattern.
 *
 * A rule definition takes its texts from here when it is defined (`ruleTexts(id)` / `templateTexts(key, params)`);
 * the engine picks the language per finding (`lang` option, default 'en'). The English texts are the ones findings
 * carried before the catalogue existed.
 */
import { defineMessages, message, type Lang, type MessageCatalogue, type MessageParams, type MessageTexts } from '@kontor/xml';

export const ruleMessages = defineMessages({
  // ---- EN 16931 semantic model (BR-*, BR-CO-*, BR-DEC-*, VAT categories BR-S/Z/E/AE/IC/G/O/AF/AG/B-*)
  'BR-65': { de: 'Die Artikelklassifizierung (BT-158) braucht eine Schemakennung', en: 'Item classification identifier (BT-158) needs a scheme identifier' },
  'BR-52': { de: 'Ein rechnungsbegründendes Dokument (BG-24) braucht eine Referenz (BT-122)', en: 'Additional supporting document (BG-24) needs a reference (BT-122)' },
  'BR-51': {
    de: 'Von der Kartennummer (BT-87) dürfen nur die letzten 4 bis 6 Ziffern angegeben werden (höchstens 10 Zeichen)',
    en: 'Only the last 4 to 6 digits of the card number (BT-87) may be given (max. 10 characters)',
  },
  'BR-50': { de: 'Eine Überweisung braucht eine Kennung des Zahlungskontos (BT-84)', en: 'Credit transfer needs a payment account identifier (BT-84)' },
  'BR-61': { de: 'Eine Überweisung braucht ein Element mit der Kennung des Zahlungskontos (BT-84)', en: 'Credit transfer needs a payment account identifier element (BT-84)' },
  'BR-57': { de: 'Die Lieferanschrift (BG-15) braucht einen Ländercode (BT-80)', en: 'Deliver-to address (BG-15) needs a country code (BT-80)' },
  'BR-31': { de: 'Ein Nachlass auf Dokumentenebene braucht einen Betrag (BT-92)', en: 'Document level allowance needs an amount (BT-92)' },
  'BR-32': { de: 'Ein Nachlass auf Dokumentenebene braucht einen Umsatzsteuer-Kategoriecode (BT-95)', en: 'Document level allowance needs a VAT category code (BT-95)' },
  'BR-33': { de: 'Ein Nachlass auf Dokumentenebene braucht einen Grund (BT-97) oder einen Grundcode (BT-98)', en: 'Document level allowance needs a reason (BT-97) or reason code (BT-98)' },
  'BR-CO-05': { de: 'Grundcode und Grund eines Nachlasses müssen denselben Grund angeben', en: 'Allowance reason code and reason must indicate the same reason' },
  'BR-CO-21': { de: 'Ein Nachlass auf Dokumentenebene braucht einen Grund oder einen Grundcode', en: 'Document level allowance needs a reason or a reason code' },
  'BR-DEC-01': { de: 'Der Betrag eines Nachlasses auf Dokumentenebene (BT-92) hat höchstens 2 Nachkommastellen', en: 'Document level allowance amount (BT-92) has at most 2 decimals' },
  'BR-DEC-02': { de: 'Der Grundbetrag eines Nachlasses auf Dokumentenebene (BT-93) hat höchstens 2 Nachkommastellen', en: 'Document level allowance base amount (BT-93) has at most 2 decimals' },
  'BR-36': { de: 'Ein Zuschlag auf Dokumentenebene braucht einen Betrag (BT-99)', en: 'Document level charge needs an amount (BT-99)' },
  'BR-37': { de: 'Ein Zuschlag auf Dokumentenebene braucht einen Umsatzsteuer-Kategoriecode (BT-102)', en: 'Document level charge needs a VAT category code (BT-102)' },
  'BR-38': { de: 'Ein Zuschlag auf Dokumentenebene braucht einen Grund (BT-104) oder einen Grundcode (BT-105)', en: 'Document level charge needs a reason (BT-104) or reason code (BT-105)' },
  'BR-CO-06': { de: 'Grundcode und Grund eines Zuschlags müssen denselben Grund angeben', en: 'Charge reason code and reason must indicate the same reason' },
  'BR-CO-22': { de: 'Ein Zuschlag auf Dokumentenebene braucht einen Grund oder einen Grundcode', en: 'Document level charge needs a reason or a reason code' },
  'BR-DEC-05': { de: 'Der Betrag eines Zuschlags auf Dokumentenebene (BT-99) hat höchstens 2 Nachkommastellen', en: 'Document level charge amount (BT-99) has at most 2 decimals' },
  'BR-DEC-06': { de: 'Der Grundbetrag eines Zuschlags auf Dokumentenebene (BT-100) hat höchstens 2 Nachkommastellen', en: 'Document level charge base amount (BT-100) has at most 2 decimals' },
  'BR-12': { de: 'Die Summe der Nettobeträge der Rechnungspositionen (BT-106) ist erforderlich', en: 'Sum of invoice line net amounts (BT-106) is required' },
  'BR-13': { de: 'Der Rechnungsgesamtbetrag ohne Umsatzsteuer (BT-109) ist erforderlich', en: 'Invoice total without VAT (BT-109) is required' },
  'BR-14': { de: 'Der Rechnungsgesamtbetrag einschließlich Umsatzsteuer (BT-112) ist erforderlich', en: 'Invoice total with VAT (BT-112) is required' },
  'BR-15': { de: 'Der fällige Zahlungsbetrag (BT-115) ist erforderlich', en: 'Amount due for payment (BT-115) is required' },
  'BR-53': {
    de: 'Mit einer Steuerbuchungswährung (BT-6) ist der Umsatzsteuergesamtbetrag in dieser Währung (BT-111) erforderlich, und BT-6 muss von BT-5 abweichen',
    en: 'With a VAT accounting currency (BT-6) the VAT total in that currency (BT-111) is required, and BT-6 must differ from BT-5',
  },
  'BR-CO-10': {
    de: 'Die Summe der Nettobeträge der Positionen (BT-106) muss der Summe der Nettobeträge der Rechnungspositionen (BT-131) entsprechen',
    en: 'Sum of line net amounts (BT-106) must equal the sum of the invoice line net amounts (BT-131)',
  },
  'BR-CO-11': {
    de: 'Die Summe der Nachlässe auf Dokumentenebene (BT-107) muss der Summe der Nachlassbeträge auf Dokumentenebene (BT-92) entsprechen',
    en: 'Sum of allowances on document level (BT-107) must equal the sum of the document level allowance amounts (BT-92)',
  },
  'BR-CO-12': {
    de: 'Die Summe der Zuschläge auf Dokumentenebene (BT-108) muss der Summe der Zuschlagsbeträge auf Dokumentenebene (BT-99) entsprechen',
    en: 'Sum of charges on document level (BT-108) must equal the sum of the document level charge amounts (BT-99)',
  },
  'BR-CO-13': {
    de: 'Der Rechnungsgesamtbetrag ohne Umsatzsteuer (BT-109) muss Positionssumme (BT-106) − Nachlässe (BT-107) + Zuschläge (BT-108) entsprechen',
    en: 'Invoice total without VAT (BT-109) must equal line total (BT-106) − allowances (BT-107) + charges (BT-108)',
  },
  'BR-CO-16': {
    de: 'Der fällige Betrag (BT-115) muss Gesamtbetrag mit Umsatzsteuer (BT-112) − gezahlter Betrag (BT-113) + Rundungsbetrag (BT-114) entsprechen',
    en: 'Amount due (BT-115) must equal total with VAT (BT-112) − paid amount (BT-113) + rounding amount (BT-114)',
  },
  'BR-DEC-09': { de: 'Die Summe der Nettobeträge der Positionen (BT-106) hat höchstens 2 Nachkommastellen', en: 'Sum of line net amounts (BT-106) has at most 2 decimals' },
  'BR-DEC-10': { de: 'Die Summe der Nachlässe (BT-107) hat höchstens 2 Nachkommastellen', en: 'Sum of allowances (BT-107) has at most 2 decimals' },
  'BR-DEC-11': { de: 'Die Summe der Zuschläge (BT-108) hat höchstens 2 Nachkommastellen', en: 'Sum of charges (BT-108) has at most 2 decimals' },
  'BR-DEC-12': { de: 'Der Rechnungsgesamtbetrag ohne Umsatzsteuer (BT-109) hat höchstens 2 Nachkommastellen', en: 'Invoice total without VAT (BT-109) has at most 2 decimals' },
  'BR-DEC-14': { de: 'Der Rechnungsgesamtbetrag einschließlich Umsatzsteuer (BT-112) hat höchstens 2 Nachkommastellen', en: 'Invoice total with VAT (BT-112) has at most 2 decimals' },
  'BR-DEC-13': { de: 'Der Umsatzsteuergesamtbetrag der Rechnung (BT-110) hat höchstens 2 Nachkommastellen', en: 'Invoice total VAT amount (BT-110) has at most 2 decimals' },
  'BR-DEC-15': {
    de: 'Der Umsatzsteuergesamtbetrag in Steuerbuchungswährung (BT-111) hat höchstens 2 Nachkommastellen',
    en: 'Invoice total VAT amount in accounting currency (BT-111) has at most 2 decimals',
  },
  'BR-DEC-16': { de: 'Der gezahlte Betrag (BT-113) hat höchstens 2 Nachkommastellen', en: 'Paid amount (BT-113) has at most 2 decimals' },
  'BR-DEC-17': { de: 'Der Rundungsbetrag (BT-114) hat höchstens 2 Nachkommastellen', en: 'Rounding amount (BT-114) has at most 2 decimals' },
  'BR-DEC-18': { de: 'Der fällige Betrag (BT-115) hat höchstens 2 Nachkommastellen', en: 'Amount due (BT-115) has at most 2 decimals' },
  'BR-01': { de: 'Die Spezifikationskennung (BT-24) ist erforderlich', en: 'Specification identifier (BT-24) is required' },
  'BR-02': { de: 'Die Rechnungsnummer (BT-1) ist erforderlich', en: 'Invoice number (BT-1) is required' },
  'BR-03': { de: 'Das Rechnungsdatum (BT-2) ist erforderlich', en: 'Invoice issue date (BT-2) is required' },
  'BR-04': { de: 'Der Rechnungsartcode (BT-3) ist erforderlich', en: 'Invoice type code (BT-3) is required' },
  'BR-05': { de: 'Der Währungscode der Rechnung (BT-5) ist erforderlich', en: 'Invoice currency code (BT-5) is required' },
  'BR-06': { de: 'Der Name des Verkäufers (BT-27) ist erforderlich', en: 'Seller name (BT-27) is required' },
  'BR-07': { de: 'Der Name des Käufers (BT-44) ist erforderlich', en: 'Buyer name (BT-44) is required' },
  'BR-08': { de: 'Die Postanschrift des Verkäufers (BG-5) ist erforderlich', en: 'Seller postal address (BG-5) is required' },
  'BR-09': { de: 'Der Ländercode des Verkäufers (BT-40) ist erforderlich', en: 'Seller country code (BT-40) is required' },
  'BR-10': { de: 'Die Postanschrift des Käufers (BG-8) ist erforderlich', en: 'Buyer postal address (BG-8) is required' },
  'BR-11': { de: 'Der Ländercode des Käufers (BT-55) ist erforderlich', en: 'Buyer country code (BT-55) is required' },
  'BR-16': { de: 'Mindestens eine Rechnungsposition (BG-25) ist erforderlich', en: 'At least one invoice line (BG-25) is required' },
  'BR-62': { de: 'Die elektronische Adresse des Verkäufers (BT-34) braucht eine Schemakennung', en: 'Seller electronic address (BT-34) needs a scheme identifier' },
  'BR-63': { de: 'Die elektronische Adresse des Käufers (BT-49) braucht eine Schemakennung', en: 'Buyer electronic address (BT-49) needs a scheme identifier' },
  'BR-CO-15': {
    de: 'Der Rechnungsgesamtbetrag einschließlich Umsatzsteuer (BT-112) muss Gesamtbetrag ohne Umsatzsteuer (BT-109) + Umsatzsteuergesamtbetrag (BT-110) entsprechen',
    en: 'Invoice total with VAT (BT-112) must equal total without VAT (BT-109) + VAT total (BT-110)',
  },
  'BR-S-01': {
    de: 'Normal besteuerte Positionen, Nachlässe oder Zuschläge brauchen eine Umsatzsteueraufschlüsselung der Kategorie S',
    en: 'Standard rated items or allowances/charges need a VAT breakdown of category S',
  },
  'BR-Z-01': { de: 'Nullsatz-Positionen brauchen genau eine Umsatzsteueraufschlüsselung der Kategorie Z', en: 'Zero rated items need exactly one VAT breakdown of category Z' },
  'BR-E-01': { de: 'Steuerbefreite Positionen brauchen genau eine Umsatzsteueraufschlüsselung der Kategorie E', en: 'Exempt items need exactly one VAT breakdown of category E' },
  'BR-AE-01': {
    de: 'Positionen mit Umkehrung der Steuerschuldnerschaft brauchen genau eine Umsatzsteueraufschlüsselung der Kategorie AE',
    en: 'Reverse charge items need exactly one VAT breakdown of category AE',
  },
  'BR-IC-01': { de: 'Innergemeinschaftliche Lieferungen brauchen genau eine Umsatzsteueraufschlüsselung der Kategorie K', en: 'Intra-community supplies need exactly one VAT breakdown of category K' },
  'BR-G-01': { de: 'Ausfuhrpositionen brauchen genau eine Umsatzsteueraufschlüsselung der Kategorie G', en: 'Export items need exactly one VAT breakdown of category G' },
  'BR-O-01': {
    de: 'Eine Umsatzsteueraufschlüsselung der Kategorie O muss die einzige sein und braucht Positionen, Nachlässe oder Zuschläge der Kategorie O',
    en: 'A VAT breakdown of category O must be the only one and needs items or allowances/charges of category O',
  },
  'BR-AF-01': { de: 'IGIC-Positionen (Kategorie L) brauchen mindestens eine Umsatzsteueraufschlüsselung der Kategorie L', en: 'IGIC items (category L) need at least one VAT breakdown of category L' },
  'BR-AG-01': { de: 'IPSI-Positionen (Kategorie M) brauchen mindestens eine Umsatzsteueraufschlüsselung der Kategorie M', en: 'IPSI items (category M) need at least one VAT breakdown of category M' },
  'BR-B-01': { de: 'Split Payment (Kategorie B) gibt es nur für italienische Inlandsrechnungen', en: 'Split payment (category B) is only for Italian domestic invoices' },
  'BR-B-02': { de: 'Split Payment (Kategorie B) kann nicht mit dem Normalsatz (S) kombiniert werden', en: 'Split payment (category B) cannot be combined with standard rate (S)' },
  'BR-21': { de: 'Die Kennung der Rechnungsposition (BT-126) ist erforderlich', en: 'Invoice line identifier (BT-126) is required' },
  'BR-22': { de: 'Die in Rechnung gestellte Menge (BT-129) ist erforderlich', en: 'Invoiced quantity (BT-129) is required' },
  'BR-23': { de: 'Die Maßeinheit der in Rechnung gestellten Menge (BT-130) ist erforderlich', en: 'Invoiced quantity unit of measure (BT-130) is required' },
  'BR-24': { de: 'Der Nettobetrag der Rechnungsposition (BT-131) ist erforderlich', en: 'Invoice line net amount (BT-131) is required' },
  'BR-25': { de: 'Der Artikelname (BT-153) ist erforderlich', en: 'Item name (BT-153) is required' },
  'BR-26': { de: 'Der Nettopreis des Artikels (BT-146) ist erforderlich', en: 'Item net price (BT-146) is required' },
  'BR-27': { de: 'Der Nettopreis des Artikels (BT-146) darf nicht negativ sein', en: 'Item net price (BT-146) must not be negative' },
  'BR-28': { de: 'Der Bruttopreis des Artikels (BT-148) darf nicht negativ sein', en: 'Item gross price (BT-148) must not be negative' },
  'BR-64': { de: 'Die Standardkennung des Artikels (BT-157) braucht eine Schemakennung', en: 'Item standard identifier (BT-157) needs a scheme identifier' },
  'BR-CO-04': { de: 'Jede Rechnungsposition braucht einen Umsatzsteuer-Kategoriecode des Artikels (BT-151)', en: 'Each invoice line needs an invoiced item VAT category code (BT-151)' },
  'BR-CO-18': { de: 'Die Rechnung braucht mindestens eine Umsatzsteueraufschlüsselung (BG-23)', en: 'The invoice needs at least one VAT breakdown (BG-23)' },
  'BR-DEC-23': { de: 'Der Nettobetrag der Rechnungsposition (BT-131) hat höchstens 2 Nachkommastellen', en: 'Invoice line net amount (BT-131) has at most 2 decimals' },
  'BR-41': { de: 'Ein Positionsnachlass braucht einen Betrag (BT-136)', en: 'Line allowance needs an amount (BT-136)' },
  'BR-42': { de: 'Ein Positionsnachlass braucht einen Grund (BT-139) oder einen Grundcode (BT-140)', en: 'Line allowance needs a reason (BT-139) or reason code (BT-140)' },
  'BR-CO-07': { de: 'Grundcode und Grund eines Positionsnachlasses müssen denselben Grund angeben', en: 'Line allowance reason code and reason must indicate the same reason' },
  'BR-CO-23': { de: 'Ein Positionsnachlass braucht einen Grund oder einen Grundcode', en: 'Line allowance needs a reason or a reason code' },
  'BR-DEC-24': { de: 'Der Betrag eines Positionsnachlasses (BT-136) hat höchstens 2 Nachkommastellen', en: 'Line allowance amount (BT-136) has at most 2 decimals' },
  'BR-DEC-25': { de: 'Der Grundbetrag eines Positionsnachlasses (BT-137) hat höchstens 2 Nachkommastellen', en: 'Line allowance base amount (BT-137) has at most 2 decimals' },
  'BR-43': { de: 'Ein Positionszuschlag braucht einen Betrag (BT-141)', en: 'Line charge needs an amount (BT-141)' },
  'BR-44': { de: 'Ein Positionszuschlag braucht einen Grund (BT-144) oder einen Grundcode (BT-145)', en: 'Line charge needs a reason (BT-144) or reason code (BT-145)' },
  'BR-CO-08': { de: 'Grundcode und Grund eines Positionszuschlags müssen denselben Grund angeben', en: 'Line charge reason code and reason must indicate the same reason' },
  'BR-CO-24': { de: 'Ein Positionszuschlag braucht einen Grund oder einen Grundcode', en: 'Line charge needs a reason or a reason code' },
  'BR-DEC-27': { de: 'Der Betrag eines Positionszuschlags (BT-141) hat höchstens 2 Nachkommastellen', en: 'Line charge amount (BT-141) has at most 2 decimals' },
  'BR-DEC-28': { de: 'Der Grundbetrag eines Positionszuschlags (BT-142) hat höchstens 2 Nachkommastellen', en: 'Line charge base amount (BT-142) has at most 2 decimals' },
  'BR-30': { de: 'Das Enddatum des Positionszeitraums (BT-135) darf nicht vor seinem Anfangsdatum (BT-134) liegen', en: 'Line period end date (BT-135) must not be before its start date (BT-134)' },
  'BR-CO-20': { de: 'Der Positionszeitraum (BG-26) braucht ein Anfangs- oder ein Enddatum', en: 'Line period (BG-26) needs a start or an end date' },
  'BR-29': { de: 'Das Enddatum des Rechnungszeitraums (BT-74) darf nicht vor seinem Anfangsdatum (BT-73) liegen', en: 'Invoicing period end date (BT-74) must not be before its start date (BT-73)' },
  'BR-CO-19': { de: 'Der Rechnungszeitraum (BG-14) braucht ein Anfangs- oder ein Enddatum', en: 'Invoicing period (BG-14) needs a start or an end date' },
  'BR-54': { de: 'Ein Artikelattribut (BG-32) braucht einen Namen (BT-160) und einen Wert (BT-161)', en: 'Item attribute (BG-32) needs a name (BT-160) and a value (BT-161)' },
  'BR-17': {
    de: 'Der Name des Zahlungsempfängers (BT-59) ist erforderlich, wenn der Zahlungsempfänger nicht der Verkäufer ist',
    en: 'Payee name (BT-59) is required when the payee differs from the seller',
  },
  'BR-49': { de: 'Die Zahlungsanweisungen (BG-16) brauchen einen Code für die Zahlungsart (BT-81)', en: 'Payment instructions (BG-16) need a payment means code (BT-81)' },
  'BR-55': { de: 'Ein Verweis auf eine vorausgegangene Rechnung (BG-3) braucht deren Rechnungsnummer (BT-25)', en: 'Preceding invoice reference (BG-3) needs the preceding invoice number (BT-25)' },
  'BR-CO-26': {
    de: 'Der Verkäufer braucht eine Kennung (BT-29), eine Registernummer (BT-30) oder eine Umsatzsteuer-Identifikationsnummer (BT-31)',
    en: 'The seller needs an identifier (BT-29), a legal registration identifier (BT-30) or a VAT identifier (BT-31)',
  },
  'BR-18': { de: 'Der Name des Steuervertreters des Verkäufers (BT-62) ist erforderlich', en: 'Seller tax representative name (BT-62) is required' },
  'BR-19': { de: 'Die Postanschrift des Steuervertreters des Verkäufers (BG-12) ist erforderlich', en: 'Seller tax representative postal address (BG-12) is required' },
  'BR-20': { de: 'Der Ländercode des Steuervertreters des Verkäufers (BT-69) ist erforderlich', en: 'Seller tax representative country code (BT-69) is required' },
  'BR-56': { de: 'Die Umsatzsteuer-Identifikationsnummer des Steuervertreters des Verkäufers (BT-63) ist erforderlich', en: 'Seller tax representative VAT identifier (BT-63) is required' },
  'BR-CO-14': {
    de: 'Der Umsatzsteuergesamtbetrag der Rechnung (BT-110) muss der Summe der Steuerbeträge je Kategorie (BT-117) entsprechen',
    en: 'Invoice total VAT amount (BT-110) must equal the sum of the VAT category tax amounts (BT-117)',
  },
  'BR-CO-09': {
    de: 'Umsatzsteuer-Identifikationsnummern müssen mit einem Länderpräfix beginnen (ISO 3166-1 alpha-2, EL für Griechenland)',
    en: 'VAT identifiers must start with a country prefix (ISO 3166-1 alpha-2, EL for Greece)',
  },
  'BR-AE-08': {
    de: 'Der Steuerbemessungsbetrag bei Umkehrung der Steuerschuldnerschaft (BT-116) muss den Positionen, Nachlässen und Zuschlägen der Kategorie AE entsprechen',
    en: 'Reverse charge taxable amount (BT-116) must match lines and allowances/charges of category AE',
  },
  'BR-AE-09': { de: 'Der Steuerbetrag bei Umkehrung der Steuerschuldnerschaft (BT-117) muss 0 sein', en: 'Reverse charge VAT amount (BT-117) must be 0' },
  'BR-AE-10': {
    de: 'Eine Aufschlüsselung mit Umkehrung der Steuerschuldnerschaft braucht einen Befreiungsgrund (BT-120) oder -code (BT-121)',
    en: 'Reverse charge breakdown needs an exemption reason (BT-120) or code (BT-121)',
  },
  'BR-AE-03': {
    de: 'Ein Nachlass mit Umkehrung der Steuerschuldnerschaft braucht die Umsatzsteuer-Identifikationsnummern von Verkäufer und Käufer',
    en: 'Reverse charge allowance needs seller and buyer VAT identifiers',
  },
  'BR-AE-06': { de: 'Der Umsatzsteuersatz eines Nachlasses mit Umkehrung der Steuerschuldnerschaft (BT-96) muss 0 sein', en: 'Reverse charge allowance VAT rate (BT-96) must be 0' },
  'BR-AE-04': {
    de: 'Ein Zuschlag mit Umkehrung der Steuerschuldnerschaft braucht die Umsatzsteuer-Identifikationsnummern von Verkäufer und Käufer',
    en: 'Reverse charge charge needs seller and buyer VAT identifiers',
  },
  'BR-AE-07': { de: 'Der Umsatzsteuersatz eines Zuschlags mit Umkehrung der Steuerschuldnerschaft (BT-103) muss 0 sein', en: 'Reverse charge charge VAT rate (BT-103) must be 0' },
  'BR-AE-02': {
    de: 'Eine Position mit Umkehrung der Steuerschuldnerschaft braucht die Umsatzsteuer-Identifikationsnummern von Verkäufer und Käufer',
    en: 'Reverse charge line needs seller and buyer VAT identifiers',
  },
  'BR-AE-05': { de: 'Der Umsatzsteuersatz einer Position mit Umkehrung der Steuerschuldnerschaft (BT-152) muss 0 sein', en: 'Reverse charge line VAT rate (BT-152) must be 0' },
  'BR-AF-08': {
    de: 'Der IGIC-Bemessungsbetrag (BT-116) muss je Steuersatz den Positionen, Nachlässen und Zuschlägen der Kategorie L entsprechen',
    en: 'IGIC taxable amount (BT-116) must match lines and allowances/charges of category L per rate',
  },
  'BR-AF-09': { de: 'Der IGIC-Steuerbetrag (BT-117) muss Bemessungsbetrag × Steuersatz entsprechen', en: 'IGIC VAT amount (BT-117) must equal taxable amount × rate' },
  'BR-AF-10': { de: 'Eine IGIC-Aufschlüsselung darf keinen Befreiungsgrund haben', en: 'IGIC breakdown must not have an exemption reason' },
  'BR-AF-02': { de: 'Eine IGIC-Position braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers', en: 'IGIC line needs a seller VAT or tax registration identifier' },
  'BR-AF-05': { de: 'Der Umsatzsteuersatz einer IGIC-Position (BT-152) muss größer als 0 sein', en: 'IGIC line VAT rate (BT-152) must be greater than 0' },
  'BR-AF-03': { de: 'Ein IGIC-Nachlass braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers', en: 'IGIC allowance needs a seller VAT or tax registration identifier' },
  'BR-AF-06': { de: 'Der Umsatzsteuersatz eines IGIC-Nachlasses (BT-96) muss größer als 0 sein', en: 'IGIC allowance VAT rate (BT-96) must be greater than 0' },
  'BR-AF-04': { de: 'Ein IGIC-Zuschlag braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers', en: 'IGIC charge needs a seller VAT or tax registration identifier' },
  'BR-AF-07': { de: 'Der Umsatzsteuersatz eines IGIC-Zuschlags (BT-103) muss größer als 0 sein', en: 'IGIC charge VAT rate (BT-103) must be greater than 0' },
  'BR-AG-08': {
    de: 'Der IPSI-Bemessungsbetrag (BT-116) muss je Steuersatz den Positionen, Nachlässen und Zuschlägen der Kategorie M entsprechen',
    en: 'IPSI taxable amount (BT-116) must match lines and allowances/charges of category M per rate',
  },
  'BR-AG-09': { de: 'Der IPSI-Steuerbetrag (BT-117) muss Bemessungsbetrag × Steuersatz entsprechen', en: 'IPSI VAT amount (BT-117) must equal taxable amount × rate' },
  'BR-AG-10': { de: 'Eine IPSI-Aufschlüsselung darf keinen Befreiungsgrund haben', en: 'IPSI breakdown must not have an exemption reason' },
  'BR-AG-02': { de: 'Eine IPSI-Position braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers', en: 'IPSI line needs a seller VAT or tax registration identifier' },
  'BR-AG-05': { de: 'Der Umsatzsteuersatz einer IPSI-Position (BT-152) muss 0 oder größer sein', en: 'IPSI line VAT rate (BT-152) must be 0 or greater' },
  'BR-AG-03': { de: 'Ein IPSI-Nachlass braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers', en: 'IPSI allowance needs a seller VAT or tax registration identifier' },
  'BR-AG-06': { de: 'Der Umsatzsteuersatz eines IPSI-Nachlasses (BT-96) muss 0 oder größer sein', en: 'IPSI allowance VAT rate (BT-96) must be 0 or greater' },
  'BR-AG-04': { de: 'Ein IPSI-Zuschlag braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers', en: 'IPSI charge needs a seller VAT or tax registration identifier' },
  'BR-AG-07': { de: 'Der Umsatzsteuersatz eines IPSI-Zuschlags (BT-103) muss 0 oder größer sein', en: 'IPSI charge VAT rate (BT-103) must be 0 or greater' },
  'BR-E-08': {
    de: 'Der steuerbefreite Bemessungsbetrag (BT-116) muss den Positionen, Nachlässen und Zuschlägen der Kategorie E entsprechen',
    en: 'Exempt taxable amount (BT-116) must match lines and allowances/charges of category E',
  },
  'BR-E-09': { de: 'Der Steuerbetrag bei Steuerbefreiung (BT-117) muss 0 sein', en: 'Exempt VAT amount (BT-117) must be 0' },
  'BR-E-10': { de: 'Eine steuerbefreite Aufschlüsselung braucht einen Befreiungsgrund (BT-120) oder -code (BT-121)', en: 'Exempt breakdown needs an exemption reason (BT-120) or code (BT-121)' },
  'BR-E-03': {
    de: 'Ein steuerbefreiter Nachlass braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers',
    en: 'Exempt allowance needs a seller VAT or tax registration identifier',
  },
  'BR-E-06': { de: 'Der Umsatzsteuersatz eines steuerbefreiten Nachlasses (BT-96) muss 0 sein', en: 'Exempt allowance VAT rate (BT-96) must be 0' },
  'BR-E-04': {
    de: 'Ein steuerbefreiter Zuschlag braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers',
    en: 'Exempt charge needs a seller VAT or tax registration identifier',
  },
  'BR-E-07': { de: 'Der Umsatzsteuersatz eines steuerbefreiten Zuschlags (BT-103) muss 0 sein', en: 'Exempt charge VAT rate (BT-103) must be 0' },
  'BR-E-02': {
    de: 'Eine steuerbefreite Position braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers',
    en: 'Exempt line needs a seller VAT or tax registration identifier',
  },
  'BR-E-05': { de: 'Der Umsatzsteuersatz einer steuerbefreiten Position (BT-152) muss 0 sein', en: 'Exempt line VAT rate (BT-152) must be 0' },
  'BR-G-08': {
    de: 'Der Bemessungsbetrag der Ausfuhr (BT-116) muss den Positionen, Nachlässen und Zuschlägen der Kategorie G entsprechen',
    en: 'Export taxable amount (BT-116) must match lines and allowances/charges of category G',
  },
  'BR-G-09': { de: 'Der Steuerbetrag der Ausfuhr (BT-117) muss 0 sein', en: 'Export VAT amount (BT-117) must be 0' },
  'BR-G-10': { de: 'Eine Ausfuhr-Aufschlüsselung braucht einen Befreiungsgrund (BT-120) oder -code (BT-121)', en: 'Export breakdown needs an exemption reason (BT-120) or code (BT-121)' },
  'BR-G-03': { de: 'Ein Ausfuhr-Nachlass braucht eine Umsatzsteuer-Identifikationsnummer des Verkäufers', en: 'Export allowance needs a seller VAT identifier' },
  'BR-G-06': { de: 'Der Umsatzsteuersatz eines Ausfuhr-Nachlasses (BT-96) muss 0 sein', en: 'Export allowance VAT rate (BT-96) must be 0' },
  'BR-G-04': { de: 'Ein Ausfuhr-Zuschlag braucht eine Umsatzsteuer-Identifikationsnummer des Verkäufers', en: 'Export charge needs a seller VAT identifier' },
  'BR-G-07': { de: 'Der Umsatzsteuersatz eines Ausfuhr-Zuschlags (BT-103) muss 0 sein', en: 'Export charge VAT rate (BT-103) must be 0' },
  'BR-G-02': { de: 'Eine Ausfuhrposition braucht eine Umsatzsteuer-Identifikationsnummer des Verkäufers', en: 'Export line needs a seller VAT identifier' },
  'BR-G-05': { de: 'Der Umsatzsteuersatz einer Ausfuhrposition (BT-152) muss 0 sein', en: 'Export line VAT rate (BT-152) must be 0' },
  'BR-IC-08': {
    de: 'Der innergemeinschaftliche Bemessungsbetrag (BT-116) muss den Positionen, Nachlässen und Zuschlägen der Kategorie K entsprechen',
    en: 'Intra-community taxable amount (BT-116) must match lines and allowances/charges of category K',
  },
  'BR-IC-09': { de: 'Der innergemeinschaftliche Steuerbetrag (BT-117) muss 0 sein', en: 'Intra-community VAT amount (BT-117) must be 0' },
  'BR-IC-10': {
    de: 'Eine innergemeinschaftliche Aufschlüsselung braucht einen Befreiungsgrund (BT-120) oder -code (BT-121)',
    en: 'Intra-community breakdown needs an exemption reason (BT-120) or code (BT-121)',
  },
  'BR-IC-11': {
    de: 'Eine innergemeinschaftliche Lieferung braucht ein tatsächliches Lieferdatum (BT-72) oder einen Rechnungszeitraum (BG-14)',
    en: 'Intra-community supply needs an actual delivery date (BT-72) or an invoicing period (BG-14)',
  },
  'BR-IC-12': { de: 'Eine innergemeinschaftliche Lieferung braucht den Ländercode der Lieferanschrift (BT-80)', en: 'Intra-community supply needs the deliver-to country code (BT-80)' },
  'BR-IC-03': {
    de: 'Ein innergemeinschaftlicher Nachlass braucht die Umsatzsteuer-Identifikationsnummern von Verkäufer und Käufer',
    en: 'Intra-community allowance needs seller and buyer VAT identifiers',
  },
  'BR-IC-06': { de: 'Der Umsatzsteuersatz eines innergemeinschaftlichen Nachlasses (BT-96) muss 0 sein', en: 'Intra-community allowance VAT rate (BT-96) must be 0' },
  'BR-IC-04': {
    de: 'Ein innergemeinschaftlicher Zuschlag braucht die Umsatzsteuer-Identifikationsnummern von Verkäufer und Käufer',
    en: 'Intra-community charge needs seller and buyer VAT identifiers',
  },
  'BR-IC-07': { de: 'Der Umsatzsteuersatz eines innergemeinschaftlichen Zuschlags (BT-103) muss 0 sein', en: 'Intra-community charge VAT rate (BT-103) must be 0' },
  'BR-IC-02': {
    de: 'Eine innergemeinschaftliche Position braucht die Umsatzsteuer-Identifikationsnummern von Verkäufer und Käufer',
    en: 'Intra-community line needs seller and buyer VAT identifiers',
  },
  'BR-IC-05': { de: 'Der Umsatzsteuersatz einer innergemeinschaftlichen Position (BT-152) muss 0 sein', en: 'Intra-community line VAT rate (BT-152) must be 0' },
  'BR-O-08': {
    de: 'Der nicht steuerbare Bemessungsbetrag (BT-116) muss den Positionen, Nachlässen und Zuschlägen der Kategorie O entsprechen',
    en: 'Not-subject-to-VAT taxable amount (BT-116) must match lines and allowances/charges of category O',
  },
  'BR-O-09': { de: 'Der Steuerbetrag bei Nichtsteuerbarkeit (BT-117) muss 0 sein', en: 'Not-subject-to-VAT VAT amount (BT-117) must be 0' },
  'BR-O-10': {
    de: 'Eine Aufschlüsselung „nicht steuerbar“ braucht einen Befreiungsgrund (BT-120) oder -code (BT-121)',
    en: 'Not-subject-to-VAT breakdown needs an exemption reason (BT-120) or code (BT-121)',
  },
  'BR-O-11': { de: 'Mit Kategorie O ist keine andere Umsatzsteueraufschlüsselung zulässig', en: 'With category O no other VAT breakdown is allowed' },
  'BR-O-12': { de: 'Mit Kategorie O müssen alle Rechnungspositionen der Kategorie O angehören', en: 'With category O all invoice lines must be category O' },
  'BR-O-13': { de: 'Mit Kategorie O müssen alle Nachlässe auf Dokumentenebene der Kategorie O angehören', en: 'With category O all document level allowances must be category O' },
  'BR-O-14': { de: 'Mit Kategorie O müssen alle Zuschläge auf Dokumentenebene der Kategorie O angehören', en: 'With category O all document level charges must be category O' },
  'BR-O-03': {
    de: 'Nicht steuerbarer Nachlass: keine Umsatzsteuer-Identifikationsnummer von Verkäufer, Steuervertreter oder Käufer zulässig',
    en: 'Not-subject-to-VAT allowance: no seller, tax representative or buyer VAT identifier allowed',
  },
  'BR-O-06': { de: 'Ein nicht steuerbarer Nachlass darf keinen Umsatzsteuersatz (BT-96) haben', en: 'Not-subject-to-VAT allowance must not have a VAT rate (BT-96)' },
  'BR-O-04': {
    de: 'Nicht steuerbarer Zuschlag: keine Umsatzsteuer-Identifikationsnummer von Verkäufer, Steuervertreter oder Käufer zulässig',
    en: 'Not-subject-to-VAT charge: no seller, tax representative or buyer VAT identifier allowed',
  },
  'BR-O-07': { de: 'Ein nicht steuerbarer Zuschlag darf keinen Umsatzsteuersatz (BT-103) haben', en: 'Not-subject-to-VAT charge must not have a VAT rate (BT-103)' },
  'BR-O-02': {
    de: 'Nicht steuerbare Position: keine Umsatzsteuer-Identifikationsnummer von Verkäufer, Steuervertreter oder Käufer zulässig',
    en: 'Not-subject-to-VAT line: no seller, tax representative or buyer VAT identifier allowed',
  },
  'BR-O-05': { de: 'Eine nicht steuerbare Position darf keinen Umsatzsteuersatz (BT-152) haben', en: 'Not-subject-to-VAT line must not have a VAT rate (BT-152)' },
  'BR-S-08': {
    de: 'Der Bemessungsbetrag zum Normalsatz (BT-116) muss den Positionen, Nachlässen und Zuschlägen der Kategorie S mit diesem Steuersatz entsprechen',
    en: 'Standard rate taxable amount (BT-116) must match lines and allowances/charges of category S at that rate',
  },
  'BR-S-09': {
    de: 'Der Steuerbetrag zum Normalsatz (BT-117) muss Bemessungsbetrag × Steuersatz entsprechen, gerundet (±1)',
    en: 'Standard rate VAT amount (BT-117) must equal taxable amount × rate, rounded (±1)',
  },
  'BR-S-10': { de: 'Eine Aufschlüsselung zum Normalsatz darf keinen Befreiungsgrund haben', en: 'Standard rate breakdown must not have an exemption reason' },
  'BR-S-02': {
    de: 'Eine Position zum Normalsatz braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers',
    en: 'Standard rate line needs a seller VAT or tax registration identifier',
  },
  'BR-S-05': { de: 'Der Umsatzsteuersatz einer Position zum Normalsatz (BT-152) muss größer als 0 sein', en: 'Standard rate line VAT rate (BT-152) must be greater than 0' },
  'BR-S-03': {
    de: 'Ein Nachlass zum Normalsatz braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers',
    en: 'Standard rate allowance needs a seller VAT or tax registration identifier',
  },
  'BR-S-06': { de: 'Der Umsatzsteuersatz eines Nachlasses zum Normalsatz (BT-96) muss größer als 0 sein', en: 'Standard rate allowance VAT rate (BT-96) must be greater than 0' },
  'BR-S-04': {
    de: 'Ein Zuschlag zum Normalsatz braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers',
    en: 'Standard rate charge needs a seller VAT or tax registration identifier',
  },
  'BR-S-07': { de: 'Der Umsatzsteuersatz eines Zuschlags zum Normalsatz (BT-103) muss größer als 0 sein', en: 'Standard rate charge VAT rate (BT-103) must be greater than 0' },
  'BR-Z-08': {
    de: 'Der Bemessungsbetrag zum Nullsatz (BT-116) muss den Positionen, Nachlässen und Zuschlägen der Kategorie Z entsprechen',
    en: 'Zero rated taxable amount (BT-116) must match lines and allowances/charges of category Z',
  },
  'BR-Z-09': { de: 'Der Steuerbetrag zum Nullsatz (BT-117) muss 0 sein', en: 'Zero rated VAT amount (BT-117) must be 0' },
  'BR-Z-10': { de: 'Eine Aufschlüsselung zum Nullsatz darf keinen Befreiungsgrund haben', en: 'Zero rated breakdown must not have an exemption reason' },
  'BR-Z-03': {
    de: 'Ein Nachlass zum Nullsatz braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers',
    en: 'Zero rated allowance needs a seller VAT or tax registration identifier',
  },
  'BR-Z-06': { de: 'Der Umsatzsteuersatz eines Nachlasses zum Nullsatz (BT-96) muss 0 sein', en: 'Zero rated allowance VAT rate (BT-96) must be 0' },
  'BR-Z-04': {
    de: 'Ein Zuschlag zum Nullsatz braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers',
    en: 'Zero rated charge needs a seller VAT or tax registration identifier',
  },
  'BR-Z-07': { de: 'Der Umsatzsteuersatz eines Zuschlags zum Nullsatz (BT-103) muss 0 sein', en: 'Zero rated charge VAT rate (BT-103) must be 0' },
  'BR-Z-02': {
    de: 'Eine Position zum Nullsatz braucht eine Umsatzsteuer-Identifikationsnummer oder Steuernummer des Verkäufers',
    en: 'Zero rated line needs a seller VAT or tax registration identifier',
  },
  'BR-Z-05': { de: 'Der Umsatzsteuersatz einer Position zum Nullsatz (BT-152) muss 0 sein', en: 'Zero rated line VAT rate (BT-152) must be 0' },
  'BR-45': { de: 'Eine Umsatzsteueraufschlüsselung braucht einen Bemessungsbetrag (BT-116)', en: 'VAT breakdown needs a taxable amount (BT-116)' },
  'BR-46': { de: 'Eine Umsatzsteueraufschlüsselung braucht einen Steuerbetrag (BT-117)', en: 'VAT breakdown needs a VAT amount (BT-117)' },
  'BR-47': { de: 'Eine Umsatzsteueraufschlüsselung braucht einen Umsatzsteuer-Kategoriecode (BT-118)', en: 'VAT breakdown needs a VAT category code (BT-118)' },
  'BR-48': { de: 'Eine Umsatzsteueraufschlüsselung braucht einen Umsatzsteuersatz (BT-119), außer bei Kategorie O', en: 'VAT breakdown needs a VAT rate (BT-119), except for category O' },
  'BR-CO-03': { de: 'Steuerzeitpunkt (BT-7) und Code des Steuerzeitpunkts (BT-8) schließen einander aus', en: 'VAT point date (BT-7) and VAT point date code (BT-8) are mutually exclusive' },
  'BR-CO-17': {
    de: 'Der Steuerbetrag einer Kategorie (BT-117) muss Bemessungsbetrag × Steuersatz entsprechen, auf 2 Nachkommastellen gerundet (±1)',
    en: 'VAT category tax amount (BT-117) must equal taxable amount × rate, rounded to 2 decimals (±1)',
  },
  'BR-DEC-19': { de: 'Der Bemessungsbetrag einer Umsatzsteuerkategorie (BT-116) hat höchstens 2 Nachkommastellen', en: 'VAT category taxable amount (BT-116) has at most 2 decimals' },
  'BR-DEC-20': { de: 'Der Steuerbetrag einer Umsatzsteuerkategorie (BT-117) hat höchstens 2 Nachkommastellen', en: 'VAT category tax amount (BT-117) has at most 2 decimals' },

  // ---- CII syntax binding (CII-SR-*), hand-written rules
  'CII-SR-046': { de: 'Eine Standardkennung des Artikels (BT-157) braucht eine Schemakennung', en: 'An item standard identifier (BT-157) needs a scheme identifier' },
  'CII-SR-090': { de: 'Das Herkunftsland des Artikels (BT-159) braucht genau einen Ländercode', en: 'Item country of origin (BT-159) needs exactly one country code' },
  'CII-SR-119': {
    de: 'Ein Rabatt auf den Bruttopreis braucht sowohl einen ChargeIndicator false als auch einen Betrag, oder keines von beiden',
    en: 'A gross price discount needs both a ChargeIndicator false and an amount, or neither',
  },
  'CII-SR-463': { de: 'Ein Nachlass oder Zuschlag braucht einen ChargeIndicator', en: 'An allowance or charge needs a ChargeIndicator' },
  'CII-SR-186': {
    de: 'Das Attribut @format eines Prozentsatzes für Positionsnachlässe oder -zuschläge sollte nicht verwendet werden',
    en: 'The @format attribute of a line allowance/charge percentage should not be used',
  },
  'CII-SR-474': { de: 'Höchstens eine Objektkennung (Dokumentart 130) je Position', en: 'At most one invoiced object identifier (document type 130) per line' },
  'CII-SR-450': { de: 'Käuferkennung: entweder ID oder GlobalID verwenden, nicht beide', en: 'Buyer identifier: use either ID or GlobalID, not both' },
  'CII-SR-455': { de: 'Höchstens ein Kontakt des Verkäufers (BG-6)', en: 'At most one seller contact (BG-6)' },
  'CII-SR-456': { de: 'Höchstens ein Kontakt des Käufers (BG-9)', en: 'At most one buyer contact (BG-9)' },
  'CII-SR-457': { de: 'Höchstens eine Vergabe- oder Losreferenz (Dokumentart 50)', en: 'At most one tender or lot reference (document type 50)' },
  'CII-SR-458': { de: 'Höchstens eine Objektkennung (Dokumentart 130)', en: 'At most one invoiced object identifier (document type 130)' },
  'CII-SR-465': { de: 'Kontakt des Verkäufers: entweder einen Personennamen oder eine Abteilung angeben, nicht beides', en: 'Seller contact: give a person name or a department name, not both' },
  'CII-SR-466': { de: 'Kontakt des Käufers: entweder einen Personennamen oder eine Abteilung angeben, nicht beides', en: 'Buyer contact: give a person name or a department name, not both' },
  'CII-SR-475': { de: 'Ein rechnungsbegründendes Dokument (Art 916) sollte höchstens eine Beschreibung haben', en: 'A supporting document (type 916) should have at most one description' },
  'CII-SR-476': { de: 'Ein rechnungsbegründendes Dokument (Art 916) sollte höchstens einen Anhang haben', en: 'A supporting document (type 916) should have at most one attachment' },
  'CII-SR-449': { de: 'Lieferort: entweder ID oder GlobalID verwenden, nicht beide', en: 'Deliver-to location: use either ID or GlobalID, not both' },
  'CII-SR-451': { de: 'Kennung des Zahlungsempfängers: entweder ID oder GlobalID verwenden, nicht beide', en: 'Payee identifier: use either ID or GlobalID, not both' },
  'CII-SR-462': { de: 'Alle Codes des Steuerzeitpunkts (BT-8) müssen gleich sein', en: 'All VAT point date codes (BT-8) must be the same' },
  'CII-SR-469': { de: 'Höchstens ein Verwendungszweck (BT-83)', en: 'At most one remittance information (BT-83)' },
  'CII-SR-470': {
    de: 'Eine Überweisung (Zahlungsart 30/58) braucht eine Kontokennung (IBAN oder proprietär)',
    en: 'Credit transfer (payment means 30/58) needs an account identifier (IBAN or proprietary)',
  },
  'CII-SR-467': { de: 'Alle Codes der Zahlungsart (BT-81) müssen gleich sein', en: 'All payment means codes (BT-81) must be the same' },
  'CII-SR-468': { de: 'Alle Texte der Zahlungsart (BT-82) müssen gleich sein', en: 'All payment means texts (BT-82) must be the same' },

  // ---- CII data types (CII-DT-*), hand-written rules
  'CII-DT-015': { de: 'Eine URI ist nur bei einem rechnungsbegründenden Dokument (Art 916) zulässig', en: 'A URI is only allowed on a supporting document (type 916)' },
  'CII-DT-018': {
    de: 'Ein Dokumentartcode ist nur bei einem zusätzlichen Dokument der Art 50, 130 oder 916 zulässig',
    en: 'A document type code is only allowed on an additional document with type 50, 130 or 916',
  },
  'CII-DT-021': {
    de: 'Eine Dokumentbeschreibung ist nur bei einem rechnungsbegründenden Dokument (Art 916) zulässig',
    en: 'A document description is only allowed on a supporting document (type 916)',
  },
  'CII-DT-022': { de: 'Ein Anhang ist nur bei einem rechnungsbegründenden Dokument (Art 916) zulässig', en: 'An attachment is only allowed on a supporting document (type 916)' },
  'CII-DT-024': {
    de: 'Ein Referenzartcode (Schema) ist nur bei einer Objektkennung (Art 130) zulässig',
    en: 'A reference type code (scheme) is only allowed on an invoiced object identifier (type 130)',
  },
  'CII-DT-027': { de: 'Ein Ausstellungsdatum ist nur bei einem Verweis auf eine vorausgegangene Rechnung zulässig', en: 'An issue date is only allowed on a preceding invoice reference' },
  'CII-DT-033': {
    de: 'Ein Einheitencode an einer Menge setzt voraus, dass die in Rechnung gestellten Mengen (BT-130) Einheitencodes tragen',
    en: 'A unit code on a quantity requires the invoiced quantities (BT-130) to carry unit codes',
  },
  'CII-DT-037': { de: 'Der Steuerartcode muss VAT sein', en: 'The tax type code must be VAT' },
  'CII-DT-041': { de: 'Ein Bemessungsbetrag gehört nur in die Umsatzsteueraufschlüsselung auf Dokumentenebene', en: 'A taxable amount belongs only to the document VAT breakdown' },
  'CII-DT-052': { de: 'Ein Code für den Befreiungsgrund gehört nur in eine Umsatzsteueraufschlüsselung', en: 'A VAT exemption reason code belongs only to a VAT breakdown' },
  'CII-DT-098': { de: 'Ein Text für den Befreiungsgrund gehört nur in eine Umsatzsteueraufschlüsselung', en: 'A VAT exemption reason text belongs only to a VAT breakdown' },
  'CII-DT-054': { de: 'Ein Steuerzeitpunkt gehört nur in die Umsatzsteueraufschlüsselung auf Dokumentenebene', en: 'A VAT point date belongs only to the document VAT breakdown' },
  'CII-DT-058': { de: 'Ein Code des Steuerzeitpunkts gehört nur in die Umsatzsteueraufschlüsselung auf Dokumentenebene', en: 'A VAT point date code belongs only to the document VAT breakdown' },
  'CII-DT-059': { de: 'Das Attribut @format eines Umsatzsteuersatzes sollte nicht verwendet werden', en: 'The @format attribute of a VAT rate should not be used' },
  'CII-DT-097': { de: 'Ein Datum im Format 102 muss ein gültiges Datum JJJJMMTT sein', en: 'A date in format 102 must be a valid YYYYMMDD date' },

  // ---- code lists (BR-CL-*)
  'BR-CL-01': { de: 'Der Rechnungsartcode (BT-3) gehört nicht zur Teilmenge von UNTDID 1001', en: 'Invoice type code (BT-3) is not in the UNTDID 1001 subset' },
  'BR-CL-03': { de: 'Die Währung des Umsatzsteuergesamtbetrags ist kein Code nach ISO 4217', en: 'Currency of the VAT total is not an ISO 4217 code' },
  'BR-CL-04': { de: 'Die Rechnungswährung (BT-5) ist kein Code nach ISO 4217', en: 'Invoice currency (BT-5) is not an ISO 4217 code' },
  'BR-CL-05': { de: 'Die Steuerbuchungswährung (BT-6) ist kein Code nach ISO 4217', en: 'VAT accounting currency (BT-6) is not an ISO 4217 code' },
  'BR-CL-06': { de: 'Der Code des Steuerzeitpunkts (BT-8) muss 5, 29 oder 72 sein (UNTDID 2475)', en: 'VAT point date code (BT-8) must be 5, 29 or 72 (UNTDID 2475)' },
  'BR-CL-07': { de: 'Das Schema der Objektkennung (BT-18) ist kein Code nach UNTDID 1153', en: 'Invoiced object scheme (BT-18) is not a UNTDID 1153 code' },
  'BR-CL-08': { de: 'Der Betreffcode der Bemerkung (BT-21) ist kein Code nach UNTDID 4451', en: 'Note subject code (BT-21) is not a UNTDID 4451 code' },
  'BR-CL-10': { de: 'Das Kennungsschema ist kein ICD-Code nach ISO 6523', en: 'Identifier scheme is not an ISO 6523 ICD code' },
  'BR-CL-11': { de: 'Das Schema der Registernummer ist kein ICD-Code nach ISO 6523', en: 'Registration identifier scheme is not an ISO 6523 ICD code' },
  'BR-CL-13': { de: 'Das Schema der Artikelklassifizierung (BT-158) ist kein Code nach UNTDID 7143', en: 'Item classification scheme (BT-158) is not a UNTDID 7143 code' },
  'BR-CL-14': { de: 'Der Ländercode ist kein Code nach ISO 3166-1 alpha-2', en: 'Country code is not an ISO 3166-1 alpha-2 code' },
  'BR-CL-15': { de: 'Das Herkunftsland (BT-159) ist kein Code nach ISO 3166-1 alpha-2', en: 'Country of origin (BT-159) is not an ISO 3166-1 alpha-2 code' },
  'BR-CL-16': { de: 'Der Code der Zahlungsart (BT-81) ist kein Code nach UNTDID 4461', en: 'Payment means code (BT-81) is not a UNTDID 4461 code' },
  'BR-CL-17': {
    de: 'Die Umsatzsteuerkategorie eines Nachlasses oder Zuschlags ist kein Code der EN 16931 nach UNTDID 5305',
    en: 'VAT category of an allowance/charge is not a UNTDID 5305 code of EN 16931',
  },
  'BR-CL-18': { de: 'Der Umsatzsteuer-Kategoriecode ist kein Code der EN 16931 nach UNTDID 5305', en: 'VAT category code is not a UNTDID 5305 code of EN 16931' },
  'BR-CL-19': { de: 'Der Code des Nachlassgrundes ist kein Code nach UNTDID 5189', en: 'Allowance reason code is not a UNTDID 5189 code' },
  'BR-CL-20': { de: 'Der Code des Zuschlagsgrundes ist kein Code nach UNTDID 7161', en: 'Charge reason code is not a UNTDID 7161 code' },
  'BR-CL-21': { de: 'Das Schema der Standardkennung des Artikels (BT-157) ist kein ICD-Code nach ISO 6523', en: 'Item standard identifier scheme (BT-157) is not an ISO 6523 ICD code' },
  'BR-CL-22': { de: 'Der Code des Befreiungsgrundes (BT-121) ist kein VATEX-Code', en: 'VAT exemption reason code (BT-121) is not a VATEX code' },
  'BR-CL-23': { de: 'Der Einheitencode ist kein Code nach UN/ECE Empfehlung 20 oder 21', en: 'Unit code is not a UN/ECE Rec 20 or Rec 21 code' },
  'BR-CL-24': { de: 'Der MIME-Code eines Anhangs muss PDF, PNG, JPEG, CSV, XLSX oder ODS sein', en: 'Attachment MIME code must be PDF, PNG, JPEG, CSV, XLSX or ODS' },
  'BR-CL-25': { de: 'Das Schema der elektronischen Adresse ist kein CEF-EAS-Code', en: 'Electronic address scheme is not a CEF EAS code' },
  'BR-CL-26': { de: 'Das Schema der Lieferortkennung (BT-71) ist kein ICD-Code nach ISO 6523', en: 'Deliver-to location identifier scheme (BT-71) is not an ISO 6523 ICD code' },

  // ---- Peppol rules XRechnung adopts (PEPPOL-EN16931-R*)
  'PEPPOL-EN16931-R001': { de: 'Die Prozesskennung (BT-23) ist erforderlich.', en: 'Business process (BT-23) is required.' },
  'PEPPOL-EN16931-R005': { de: 'Die Steuerbuchungswährung (BT-6) muss von der Rechnungswährung (BT-5) abweichen.', en: 'VAT accounting currency (BT-6) must differ from the invoice currency (BT-5).' },
  'PEPPOL-EN16931-R053': { de: 'Höchstens ein Umsatzsteuergesamtbetrag der Rechnung (BT-110) in der Rechnungswährung.', en: 'At most one invoice total VAT amount (BT-110) in the invoice currency.' },
  'PEPPOL-EN16931-R054': {
    de: 'Genau dann ein Umsatzsteuergesamtbetrag in Steuerbuchungswährung (BT-111), wenn BT-6 angegeben ist.',
    en: 'One VAT total in accounting currency (BT-111) exactly when BT-6 is given.',
  },
  'PEPPOL-EN16931-R055': {
    de: 'Umsatzsteuergesamtbetrag (BT-110) und Umsatzsteuergesamtbetrag in Steuerbuchungswährung (BT-111) müssen dasselbe Vorzeichen haben.',
    en: 'VAT total (BT-110) and VAT total in accounting currency (BT-111) must have the same sign.',
  },
  'PEPPOL-EN16931-R010': { de: 'Die elektronische Adresse des Käufers (BT-49) ist erforderlich.', en: 'Buyer electronic address (BT-49) is required.' },
  'PEPPOL-EN16931-R020': { de: 'Die elektronische Adresse des Verkäufers (BT-34) ist erforderlich.', en: 'Seller electronic address (BT-34) is required.' },
  'PEPPOL-EN16931-R041': { de: 'Ein Prozentsatz eines Nachlasses oder Zuschlags braucht einen Grundbetrag.', en: 'An allowance/charge percentage needs a base amount.' },
  'PEPPOL-EN16931-R042': { de: 'Ein Grundbetrag eines Nachlasses oder Zuschlags braucht einen Prozentsatz.', en: 'An allowance/charge base amount needs a percentage.' },
  'PEPPOL-EN16931-R040': {
    de: 'Der Betrag eines Nachlasses oder Zuschlags muss Grundbetrag × Prozentsatz / 100 entsprechen.',
    en: 'Allowance/charge amount must equal base amount × percentage / 100.',
  },
  'PEPPOL-EN16931-R043-1': { de: "Der Indikator für Nachlass oder Zuschlag muss 'true' oder 'false' sein.", en: "Allowance/charge indicator must be 'true' or 'false'." },
  'PEPPOL-EN16931-R043-2': { de: "Der Indikator eines Preisnachlasses muss 'true' oder 'false' sein.", en: "Price allowance indicator must be 'true' or 'false'." },
  'PEPPOL-EN16931-R061': { de: 'Eine Lastschrift (Zahlungsart 49 oder 59) braucht eine Mandatsreferenz (BT-89).', en: 'Direct debit (payment means 49 or 59) needs a mandate reference (BT-89).' },
  'PEPPOL-EN16931-R110': {
    de: 'Der Beginn des Positionszeitraums (BT-134) darf nicht vor dem Beginn des Rechnungszeitraums (BT-73) liegen.',
    en: 'Line period start (BT-134) must not be before the invoice period start (BT-73).',
  },
  'PEPPOL-EN16931-R111': {
    de: 'Das Ende des Positionszeitraums (BT-135) darf nicht nach dem Ende des Rechnungszeitraums (BT-74) liegen.',
    en: 'Line period end (BT-135) must not be after the invoice period end (BT-74).',
  },
  'PEPPOL-EN16931-R120': {
    de: 'Der Nettobetrag der Position (BT-131) sollte Menge × Nettopreis / Basismenge + Zuschläge − Nachlässe sein.',
    en: 'Line net amount (BT-131) should be quantity × net price / base quantity + charges − allowances.',
  },
  'PEPPOL-EN16931-R101': { de: 'Eine Position darf nur auf eine Objektkennung (Dokumentart 130) verweisen.', en: 'A line may only reference an invoiced object (document type 130).' },
  'PEPPOL-EN16931-R121': { de: 'Die Basismenge des Preises (BT-149) muss größer als null sein.', en: 'Price base quantity (BT-149) must be greater than zero.' },
  'PEPPOL-EN16931-R130': {
    de: 'Die Einheit der Basismenge des Preises (BT-150) muss die Einheit der in Rechnung gestellten Menge (BT-130) sein.',
    en: 'Price base quantity unit (BT-150) must be the invoiced quantity unit (BT-130).',
  },
  'PEPPOL-EN16931-R008': { de: 'Leere Elemente sind nicht zulässig.', en: 'Empty elements are not allowed.' },
  'PEPPOL-EN16931-R044': { de: 'Der Bruttopreis darf nur einen Preisnachlass tragen, keinen Zuschlag.', en: 'The gross price may carry a price discount only, no charge.' },
  'PEPPOL-EN16931-R046': {
    de: 'Der Nettopreis (BT-146) muss Bruttopreis (BT-148) minus Preisnachlass (BT-147) entsprechen.',
    en: 'Net price (BT-146) must equal gross price (BT-148) minus price discount (BT-147).',
  },

  // ---- XRechnung national, extension and CVD rules (BR-DE-*, BR-DEX-*, BR-TMP-*)
  'BR-DE-30': { de: 'Eine Lastschrift (BG-19) braucht die Gläubiger-Identifikationsnummer (BT-90).', en: 'Direct debit (BG-19) needs the bank assigned creditor identifier (BT-90).' },
  'BR-DE-31': { de: 'Eine Lastschrift (BG-19) braucht die Kennung des belasteten Kontos (BT-91).', en: 'Direct debit (BG-19) needs the debited account identifier (BT-91).' },
  'BR-DE-1': { de: 'Zahlungsanweisungen (BG-16) sind erforderlich.', en: 'Payment instructions (BG-16) are required.' },
  'BR-DE-15': { de: 'Die Käuferreferenz (BT-10) ist erforderlich.', en: 'Buyer reference (BT-10) is required.' },
  'BR-DE-16': {
    de: 'Bei Umsatzsteuerkategorie S, Z, E, AE, K, G, L oder M ist die Umsatzsteuer-Identifikationsnummer (BT-31), die Steuernummer (BT-32) des Verkäufers oder ein Steuervertreter (BG-11) erforderlich.',
    en: 'With VAT category S, Z, E, AE, K, G, L or M the seller VAT id (BT-31), tax number (BT-32) or tax representative (BG-11) is required.',
  },
  'BR-DE-17': { de: 'Der Rechnungsartcode (BT-3) sollte 326, 380, 384, 389, 381, 875, 876 oder 877 sein.', en: 'Invoice type code (BT-3) should be 326, 380, 384, 389, 381, 875, 876 or 877.' },
  'BR-DE-18': {
    de: 'Skonto-Zeilen in den Zahlungsbedingungen (BT-20) müssen #SKONTO#TAGE=n#PROZENT=n.nn#[BASISBETRAG=n.nn#] lauten und mit einem Zeilenumbruch enden.',
    en: 'Skonto lines in payment terms (BT-20) must read #SKONTO#TAGE=n#PROZENT=n.nn#[BASISBETRAG=n.nn#] and end with a line break.',
  },
  'BR-DE-22': { de: 'Die Dateinamen der Anhänge (BT-125) müssen eindeutig sein.', en: 'Attachment file names (BT-125) must be unique.' },
  'BR-DE-26': { de: 'Eine korrigierte Rechnung (384) sollte auf die vorausgegangene Rechnung (BG-3) verweisen.', en: 'A corrected invoice (384) should reference the preceding invoice (BG-3).' },
  'BR-DE-21': { de: 'Die Spezifikationskennung (BT-24) sollte eine Kennung von XRechnung 3.0 sein.', en: 'Specification identifier (BT-24) should be an XRechnung 3.0 identifier.' },
  'BR-DE-2': { de: 'Der Kontakt des Verkäufers (BG-6) ist erforderlich.', en: 'Seller contact (BG-6) is required.' },
  'BR-DE-3': { de: 'Der Ort des Verkäufers (BT-37) ist erforderlich.', en: 'Seller city (BT-37) is required.' },
  'BR-DE-4': { de: 'Die Postleitzahl des Verkäufers (BT-38) ist erforderlich.', en: 'Seller post code (BT-38) is required.' },
  'BR-DE-5': { de: 'Die Kontaktstelle des Verkäufers (BT-41) ist erforderlich.', en: 'Seller contact point (BT-41) is required.' },
  'BR-DE-6': { de: 'Die Telefonnummer des Kontakts des Verkäufers (BT-42) ist erforderlich.', en: 'Seller contact telephone number (BT-42) is required.' },
  'BR-DE-7': { de: 'Die E-Mail-Adresse des Kontakts des Verkäufers (BT-43) ist erforderlich.', en: 'Seller contact email address (BT-43) is required.' },
  'BR-DE-27': { de: 'Die Telefonnummer des Verkäufers (BT-42) sollte mindestens drei Ziffern enthalten.', en: 'Seller telephone number (BT-42) should contain at least three digits.' },
  'BR-DE-28': {
    de: 'Die E-Mail-Adresse des Verkäufers (BT-43) sollte genau ein @ zwischen nicht leeren Teilen und eine Domain mit Punkt haben.',
    en: 'Seller email address (BT-43) should be one @ between non-blank parts, with a dotted domain.',
  },
  'BR-DE-8': { de: 'Der Ort des Käufers (BT-52) ist erforderlich.', en: 'Buyer city (BT-52) is required.' },
  'BR-DE-9': { de: 'Die Postleitzahl des Käufers (BT-53) ist erforderlich.', en: 'Buyer post code (BT-53) is required.' },
  'BR-TMP-2': { de: 'Der Ort eines externen Dokuments (BT-124) muss eine absolute URL mit Schema sein.', en: 'External document location (BT-124) must be an absolute URL with a scheme.' },
  'BR-DE-10': { de: 'Der Ort der Lieferanschrift (BT-77) ist in einer Lieferanschrift (BG-15) erforderlich.', en: 'Deliver-to city (BT-77) is required in a deliver-to address (BG-15).' },
  'BR-DE-11': {
    de: 'Die Postleitzahl der Lieferanschrift (BT-78) ist in einer Lieferanschrift (BG-15) erforderlich.',
    en: 'Deliver-to post code (BT-78) is required in a deliver-to address (BG-15).',
  },
  'BR-DE-19': { de: 'Bei SEPA-Überweisung (58) sollte das Zahlungskonto (BT-84) eine gültige IBAN sein.', en: 'For SEPA credit transfer (58) the payment account (BT-84) should be a valid IBAN.' },
  'BR-DE-23-a': { de: 'Eine Überweisung (30, 58) erfordert Überweisungsangaben (BG-17).', en: 'Credit transfer (30, 58) requires credit transfer information (BG-17).' },
  'BR-DE-23-b': {
    de: 'Eine Überweisung (30, 58) schließt Karten- (BG-18) und Lastschriftangaben (BG-19) aus.',
    en: 'Credit transfer (30, 58) excludes card (BG-18) and direct debit (BG-19) information.',
  },
  'BR-DE-24-a': { de: 'Eine Kartenzahlung (48, 54, 55) erfordert Kartenangaben (BG-18).', en: 'Card payment (48, 54, 55) requires card information (BG-18).' },
  'BR-DE-24-b': {
    de: 'Eine Kartenzahlung (48, 54, 55) schließt Überweisungs- (BG-17) und Lastschriftangaben (BG-19) aus.',
    en: 'Card payment (48, 54, 55) excludes credit transfer (BG-17) and direct debit (BG-19) information.',
  },
  'BR-DE-20': { de: 'Bei SEPA-Lastschrift (59) sollte das belastete Konto (BT-91) eine gültige IBAN sein.', en: 'For SEPA direct debit (59) the debited account (BT-91) should be a valid IBAN.' },
  'BR-DE-25-a': { de: 'Eine Lastschrift (59) erfordert Lastschriftangaben (BG-19).', en: 'Direct debit (59) requires direct debit information (BG-19).' },
  'BR-DE-25-b': { de: 'Eine Lastschrift (59) schließt Überweisungs- (BG-17) und Kartenangaben (BG-18) aus.', en: 'Direct debit (59) excludes credit transfer (BG-17) and card (BG-18) information.' },
  'BR-DE-14': { de: 'Der Umsatzsteuersatz der Kategorie (BT-119) ist erforderlich.', en: 'VAT category rate (BT-119) is required.' },
  'BR-DE-TMP-32': {
    de: 'Das Lieferdatum (BT-72), den Rechnungszeitraum (BG-14) oder an jeder Position einen Zeitraum (BG-26) angeben.',
    en: 'Give the delivery date (BT-72), the invoicing period (BG-14) or a period on every line (BG-26).',
  },
  'BR-TMP-3': {
    de: 'Basismenge (BT-149) und ihre Einheit (BT-150) müssen bei Brutto- und Nettopreis gleich sein.',
    en: 'Price base quantity (BT-149) and its unit (BT-150) must be the same on gross and net price.',
  },
  'BR-DEX-15': { de: 'Unterpositionen (ParentLineID) werden von XRechnung nicht unterstützt.', en: 'Sub invoice lines (ParentLineID) are not supported by XRechnung.' },
  'BR-DEX-04': { de: 'Die Schemakennung muss ein ICD-Code nach ISO 6523 sein (oder XR01-XR03).', en: 'Scheme identifier must be an ISO 6523 ICD code (or XR01-XR03).' },
  'BR-DEX-05': { de: 'Die Schemakennung muss ein ICD-Code nach ISO 6523 sein (oder XR01-XR03).', en: 'Scheme identifier must be an ISO 6523 ICD code (or XR01-XR03).' },
  'BR-DEX-06': {
    de: 'Das Schema der Standardkennung des Artikels (BT-157) muss ein ICD-Code nach ISO 6523 sein (oder XR01-XR03).',
    en: 'Item standard identifier scheme (BT-157) must be an ISO 6523 ICD code (or XR01-XR03).',
  },
  'BR-DEX-07': {
    de: 'Das Schema der elektronischen Adresse (BT-34/BT-49) muss ein CEF-EAS-Code sein (oder XR01-XR03).',
    en: 'Electronic address scheme (BT-34/BT-49) must be a CEF EAS code (or XR01-XR03).',
  },
  'BR-DEX-08': {
    de: 'Das Schema der Lieferortkennung (BT-71) muss ein ICD-Code nach ISO 6523 sein (oder XR01-XR03).',
    en: 'Deliver-to location identifier scheme (BT-71) must be an ISO 6523 ICD code (or XR01-XR03).',
  },
  'BR-DEX-01': { de: 'Das angehängte Dokument (BT-125) hat einen MIME-Code, den die Extension nicht zulässt.', en: 'Attached document (BT-125) has a MIME code the extension does not allow.' },
  'BR-DE-CVD-03': {
    de: "Mindestens eine Position braucht eine Artikelklassifizierung 'CVD' (BT-158) und ein Artikelattribut 'cva' (BT-160).",
    en: "At least one line needs a 'CVD' item classification (BT-158) and a 'cva' item attribute (BT-160).",
  },
  'BR-DE-CVD-06-b': {
    de: "Eine Position mit einem Attribut 'cva' (BT-160) braucht genau eine Artikelklassifizierung 'CVD' (BT-158).",
    en: "A line with a 'cva' attribute (BT-160) needs exactly one 'CVD' item classification (BT-158).",
  },
  'BR-DE-CVD-06-a': {
    de: "Eine Position mit einer Artikelklassifizierung 'CVD' (BT-158) braucht genau ein Attribut 'cva' (BT-160).",
    en: "A line with a 'CVD' item classification (BT-158) needs exactly one 'cva' attribute (BT-160).",
  },
  'BR-TMP-CVD-01': {
    de: 'Das Schema der Artikelklassifizierung (BT-158) muss ein Code nach UNTDID 7143 oder CVD sein.',
    en: 'Item classification scheme (BT-158) must be an UNTDID 7143 code or CVD.',
  },
  'BR-DE-CVD-04': {
    de: "Eine Artikelklassifizierung 'CVD' (BT-158) muss eine Fahrzeugklasse M1, M2, M3, N1, N2 oder N3 sein.",
    en: "A 'CVD' item classification (BT-158) must be a vehicle category M1, M2, M3, N1, N2 or N3.",
  },
  'BR-DE-CVD-05': { de: "Der Wert des Attributs 'cva' (BT-161) muss clean, zero-emission oder other sein.", en: "The 'cva' attribute value (BT-161) must be clean, zero-emission or other." },
  'BR-DE-CVD-01': { de: 'Die Vertragsreferenz (BT-12) ist erforderlich.', en: 'Contract reference (BT-12) is required.' },
  'BR-DE-CVD-02': { de: 'Die Vergabe- oder Losreferenz (BT-17) ist erforderlich.', en: 'Tender or lot reference (BT-17) is required.' },

  // ---- German VAT-law and company-law content of a German seller's invoice (de-ustg/legal-content.ts; warnings)
  'DE-UStG-14-4-2': {
    de: 'Die Rechnung nennt weder die Steuernummer noch die USt-IdNr. des leistenden Unternehmers (§ 14 Abs. 4 Satz 1 Nr. 2 UStG); seller.taxNumber oder seller.vatId angeben.',
    en: "The invoice states neither the seller's tax number (Steuernummer) nor its VAT ID (§ 14 (4) sentence 1 no. 2 UStG); give seller.taxNumber or seller.vatId.",
  },
  'DE-UStG-14-4-6': {
    de: 'Es fehlt der Zeitpunkt der Lieferung oder sonstigen Leistung (§ 14 Abs. 4 Satz 1 Nr. 6 UStG): deliveryDate oder invoicingPeriod angeben; ist das Leistungsdatum das Rechnungsdatum, deliveryDate = issueDate setzen.',
    en: 'The date of supply is missing (§ 14 (4) sentence 1 no. 6 UStG): give deliveryDate or invoicingPeriod; when it equals the invoice date, set deliveryDate to issueDate.',
  },
  'DE-UStG-14a-5': {
    de: 'Bei Umkehrung der Steuerschuldnerschaft (Kategorie AE) muss die Rechnung – auch in ihren strukturierten Daten – die Angabe „Steuerschuldnerschaft des Leistungsempfängers“ enthalten (§ 14a Abs. 5 UStG); als exemptionReason (BT-120) oder Bemerkung angeben.',
    en: 'A reverse-charge invoice (category AE) must carry the statement "Steuerschuldnerschaft des Leistungsempfängers", in its structured data too (§ 14a (5) UStG); give it as exemptionReason (BT-120) or as a note.',
  },
  'DE-UStG-14-4-8': {
    de: 'Für die Kategorie {category} fehlt ein Hinweis auf die Steuerbefreiung in Worten (§ 14 Abs. 4 Satz 1 Nr. 8 UStG), z. B. die Vorschrift des UStG oder der MwStSystRL; exemptionReason angeben.',
    en: 'Category {category} needs a reference to the exemption in words (§ 14 (4) sentence 1 no. 8 UStG), e.g. the provision of the UStG or the VAT Directive; give exemptionReason.',
  },
  'DE-UStG-14a-3.buyer': {
    de: 'Eine innergemeinschaftliche Lieferung (Kategorie K) muss die USt-IdNr. des Leistungsempfängers nennen (§ 14a Abs. 3 UStG).',
    en: "An intra-community supply (category K) must state the buyer's VAT ID (§ 14a (3) UStG).",
  },
  'DE-UStG-14a-3.seller': {
    de: 'Eine innergemeinschaftliche Lieferung (Kategorie K) muss die USt-IdNr. des leistenden Unternehmers nennen (§ 14a Abs. 3 UStG).',
    en: "An intra-community supply (category K) must state the seller's VAT ID (§ 14a (3) UStG).",
  },
  'DE-UStG-19': {
    de: 'Es wird keine Umsatzsteuer berechnet, aber kein Grund mit Vorschrift genannt. Als Kleinunternehmer den Hinweis „Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.“ angeben (§ 19 UStG, § 34a UStDV), sonst die Befreiungsvorschrift (§ 4 UStG).',
    en: 'No VAT is charged but no reason names a provision. A small business (Kleinunternehmer) must state "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet." (§ 19 UStG, § 34a UStDV); otherwise name the exemption (§ 4 UStG).',
  },
  'DE-LEGAL-FORM.REGISTER-NUMBER': {
    de: 'Für eine {form} fehlt die Registernummer (z. B. HRB 12345) ({source}); in seller.registrationId (BT-30) oder seller.legalInfo (BT-33) angeben.',
    en: 'The register number (e.g. HRB 12345) of the {form} is missing ({source}); give it in seller.registrationId (BT-30) or seller.legalInfo (BT-33).',
  },
  'DE-LEGAL-FORM.REGISTER-COURT': {
    de: 'Für eine {form} fehlt das Registergericht (z. B. Amtsgericht München) ({source}); in seller.legalInfo (BT-33) angeben.',
    en: 'The register court (e.g. Amtsgericht München) of the {form} is missing ({source}); give it in seller.legalInfo (BT-33).',
  },
  'DE-LEGAL-FORM.SEAT': {
    de: 'Für eine {form} fehlt der Sitz der Gesellschaft ({source}); in seller.legalInfo (BT-33) angeben.',
    en: 'The registered seat (Sitz) of the {form} is missing ({source}); give it in seller.legalInfo (BT-33).',
  },
  'DE-LEGAL-FORM.MANAGING-DIRECTORS': {
    de: 'Für eine {form} fehlen die Geschäftsführer (alle, mit Familienname und ausgeschriebenem Vornamen) ({source}); in seller.legalInfo (BT-33) angeben.',
    en: 'The managing directors (Geschäftsführer, all of them, with full names) of the {form} are missing ({source}); give it in seller.legalInfo (BT-33).',
  },
  'DE-LEGAL-FORM.MANAGEMENT-BOARD': {
    de: 'Für eine {form} fehlen die Vorstandsmitglieder (und der Vorsitzende des Aufsichtsrats) ({source}); in seller.legalInfo (BT-33) angeben.',
    en: 'The members of the management board (Vorstand) and the chair of the supervisory board of the {form} are missing ({source}); give it in seller.legalInfo (BT-33).',
  },
  'DE-LEGAL-FORM.GENERAL-PARTNER': {
    de: 'Für eine {form} fehlen Firma, Sitz, Registergericht und Geschäftsführer der persönlich haftenden Gesellschafterin (Komplementärin) ({source}); in seller.legalInfo (BT-33) angeben.',
    en: 'The general partner (Komplementär) of the {form} with its seat, register and managing directors is missing ({source}); give it in seller.legalInfo (BT-33).',
  },

  // ---- templates of the formulaic CII syntax binding tables (en16931/dsl.ts: absent, counted, noAttributes)
  'template.absent.must': { de: '{element} ({path}) ist hier nicht Teil der EN 16931 und darf nicht verwendet werden', en: '{element} ({path}) is not part of EN 16931 here and must not be used' },
  'template.absent.should': {
    de: '{element} ({path}) ist hier nicht Teil der EN 16931 und sollte nicht verwendet werden',
    en: '{element} ({path}) is not part of EN 16931 here and should not be used',
  },
  'template.once.must': { de: '{element} ({path}) muss genau einmal vorkommen', en: '{element} ({path}) must occur exactly once' },
  'template.once.should': { de: '{element} ({path}) sollte genau einmal vorkommen', en: '{element} ({path}) should occur exactly once' },
  'template.atMostOnce.must': { de: '{element} ({path}) darf höchstens einmal vorkommen', en: '{element} ({path}) must occur at most once' },
  'template.atMostOnce.should': { de: '{element} ({path}) sollte höchstens einmal vorkommen', en: '{element} ({path}) should occur at most once' },
  'template.attribute.must': { de: 'Das Attribut @{name} darf an diesem Element nicht verwendet werden', en: 'Attribute @{name} must not be used on this element' },
  'template.attribute.should': { de: 'Das Attribut @{name} sollte an diesem Element nicht verwendet werden', en: 'Attribute @{name} should not be used on this element' },

  // ---- notes of a validation result (validateCii / validateUbl `notes`)
  'NOTE.BT24_MISSING': { de: 'BT-24 (Spezifikationskennung) fehlt.', en: 'BT-24 (specification identifier) is missing.' },
  'NOTE.FACTURX_MINIMUM': {
    de: 'BT-24 ist Factur-X MINIMUM, keine Rechnung nach EN 16931; die Regeln der EN 16931 wurden trotzdem angewandt und melden fehlende Angaben.',
    en: 'BT-24 is Factur-X MINIMUM, which is not an EN 16931 invoice; EN 16931 rules were applied anyway and will report missing information.',
  },
  'NOTE.FACTURX_BASICWL': {
    de: 'BT-24 ist Factur-X BASIC WL, keine Rechnung nach EN 16931 (ohne Positionen); die Regeln der EN 16931 wurden trotzdem angewandt.',
    en: 'BT-24 is Factur-X BASIC WL, which is not an EN 16931 invoice (no lines); EN 16931 rules were applied anyway.',
  },
  'NOTE.FACTURX_BASIC': {
    de: 'BT-24 ist Factur-X BASIC (eine Teilmenge der EN 16931): Regeln der EN 16931 angewandt; das Schematron des Factur-X-Profils wird nicht ausgeführt.',
    en: 'BT-24 is Factur-X BASIC (an EN 16931 subset): EN 16931 rules applied; the Factur-X profile schematron is not run.',
  },
  'NOTE.FACTURX_EXTENDED': {
    de: 'BT-24 ist Factur-X EXTENDED (konforme Erweiterung): Regeln der EN 16931 angewandt; Erweiterungselemente lösen CII-SR-Warnungen aus; das Schematron von Factur-X EXTENDED wird nicht ausgeführt.',
    en: 'BT-24 is Factur-X EXTENDED (conformant extension): EN 16931 rules applied; extension elements raise CII-SR warnings; the Factur-X EXTENDED schematron is not run.',
  },
  'NOTE.PEPPOL_BIS': {
    de: 'BT-24 ist Peppol BIS Billing 3.0: Regeln der EN 16931 angewandt; die von XRechnung übernommenen Peppol-Regeln laufen mit --profile xrechnung, das vollständige Schematron von Peppol BIS wird nicht ausgeführt.',
    en: 'BT-24 is Peppol BIS Billing 3.0: EN 16931 rules applied; the Peppol rules that XRechnung adopts run with --profile xrechnung, the full Peppol BIS schematron is not run.',
  },
  'NOTE.XRECHNUNG_1_2': {
    de: 'BT-24 nennt eine Spezifikation XRechnung 1.x/2.x („{id}“); die aktuelle KoSIT-Konfiguration (XRechnung 3.0) hat dafür kein Szenario.',
    en: 'BT-24 names an XRechnung 1.x/2.x specification ("{id}"); the current KoSIT configuration (XRechnung 3.0) has no scenario for it.',
  },
  'NOTE.NO_KOSIT_SCENARIO': {
    de: 'BT-24 „{id}“ passt zu keinem KoSIT-Szenario: der KoSIT-Validator würde das Dokument zurückweisen.',
    en: 'BT-24 "{id}" matches no KoSIT scenario: the KoSIT validator would reject the document.',
  },
  'NOTE.XSD_TRUNCATED': { de: 'Das Schema meldete {errors} Fehler; die ersten {listed} sind aufgeführt.', en: 'The schema reported {errors} errors; the first {listed} are listed.' },
  'NOTE.NO_SCHEMA_STORE': { de: 'Kein Schemaspeicher angegeben: der XSD-Schritt ({label}) wurde übersprungen.', en: 'No schema store given: the XSD step ({label}) was skipped.' },
  'NOTE.XSD_SET_UNAVAILABLE': { de: 'XSD-Satz {set} nicht verfügbar: XSD-Schritt übersprungen.', en: 'XSD set {set} not available: XSD step skipped.' },
  'NOTE.UNREADABLE': { de: 'Das Dokument konnte nicht als XML gelesen werden; es wurde keine Regel ausgeführt.', en: 'The document could not be read as XML; no rule was run.' },
  'NOTE.XSD_INVALID': {
    de: 'Das Dokument ist nicht XSD-gültig: Regeln, die darauf nicht ausgewertet werden können, werden übersprungen (RULE_NOT_EVALUATED).',
    en: 'The document is not XSD-valid: rules that cannot be evaluated on it are skipped (RULE_NOT_EVALUATED).',
  },

  // ---- the engine's own findings
  RULE_NOT_EVALUATED: { de: '{rule} konnte auf diesem Dokument nicht ausgewertet werden: {reason}', en: '{rule} could not be evaluated on this document: {reason}' },
  RULE_ENGINE_ERROR: { de: '{rule} konnte auf diesem Dokument nicht ausgewertet werden: {reason}', en: '{rule} could not be evaluated on this document: {reason}' },
});

export type RuleMessageKey = keyof typeof ruleMessages;
/** The keys of the notes of a validation result. */
export type NoteKey = Extract<RuleMessageKey, `NOTE.${string}`>;
/** The keys of the shared templates (each with its placeholders). */
export type RuleTemplateKey = Extract<RuleMessageKey, `template.${string}`>;

const catalogue: MessageCatalogue = ruleMessages;

/**
 * The texts of a rule, by its official id: the catalogue entry itself. An id without an entry gets its id as text
 * (the catalogue test fails for it, see messages.test.ts), so a forgotten entry never breaks validation.
 *
 * @example
 * ```ts
 * ruleTexts('BR-CO-13').de; // 'Der Rechnungsgesamtbetrag ohne Umsatzsteuer (BT-109) muss …'
 * ```
 */
export function ruleTexts(id: string): MessageTexts {
  return Object.hasOwn(catalogue, id) ? catalogue[id]! : { de: id, en: id };
}

/**
 * A template filled in both languages (done once, when a rule is defined — not per finding).
 *
 * @example
 * ```ts
 * templateTexts('template.attribute.must', { name: 'format' }).en; // 'Attribute @format must not be used on this element'
 * ```
 */
export function templateTexts(key: RuleTemplateKey, params: MessageParams): MessageTexts {
  return { de: message(ruleMessages, key, 'de', params), en: message(ruleMessages, key, 'en', params) };
}

/**
 * Any entry in both languages with its placeholders filled (the German legal-content warnings, de-ustg/).
 *
 * @example
 * ```ts
 * ruleMessageTexts('DE-UStG-14-4-8', { category: 'E' }).en; // 'Category E needs a reference to the exemption in words …'
 * ```
 */
export function ruleMessageTexts(key: RuleMessageKey, params: MessageParams = {}): MessageTexts {
  return { de: message(ruleMessages, key, 'de', params), en: message(ruleMessages, key, 'en', params) };
}

/**
 * A note of a validation result in `lang`.
 *
 * @example
 * ```ts
 * noteText('NOTE.NO_SCHEMA_STORE', 'de', { label: 'CII D16B' }); // 'Kein Schemaspeicher angegeben: der XSD-Schritt (CII D16B) wurde übersprungen.'
 * ```
 */
export function noteText(key: NoteKey, lang: Lang, params?: MessageParams): string {
  if (params !== undefined) return message(ruleMessages, key, lang, params);
  // A note without parameters is the same text every time: made once per language (a validation adds one or two).
  const cache = lang === 'de' ? plainNotes.de : lang === 'en' ? plainNotes.en : undefined;
  if (cache === undefined) return message(ruleMessages, key, lang);
  let t = cache.get(key);
  if (t === undefined) cache.set(key, (t = message(ruleMessages, key, lang)));
  return t;
}
// Static texts of the catalogue only (bounded by its note keys).
const plainNotes = { de: new Map<NoteKey, string>(), en: new Map<NoteKey, string>() };

/**
 * The note that the XSD step was skipped for want of a schema store (`noteText('NOTE.NO_SCHEMA_STORE', lang, { label })`),
 * made once per language and label (validateCii adds it to every result made without a store).
 *
 * @example
 * ```ts
 * noSchemaStoreNote('en', 'CII D16B'); // 'No schema store given: the XSD step (CII D16B) was skipped.'
 * ```
 */
export function noSchemaStoreNote(lang: Lang, label: string): string {
  const cache = lang === 'de' ? storeNotes.de : lang === 'en' ? storeNotes.en : undefined;
  let t = cache?.get(label);
  if (t !== undefined) return t;
  t = message(ruleMessages, 'NOTE.NO_SCHEMA_STORE', lang, { label });
  // Labels are the callers' constants ('CII D16B', the UBL ones); a caller passing ever new labels is not cached.
  if (cache !== undefined && cache.size < 16) cache.set(label, t);
  return t;
}
const storeNotes = { de: new Map<string, string>(), en: new Map<string, string>() };

/**
 * The text of one of the engine's own findings in `lang`.
 *
 * @example
 * ```ts
 * engineText('RULE_NOT_EVALUATED', 'de', { rule: 'BR-CO-13', reason: 'FORG0001' });
 * ```
 */
export function engineText(key: 'RULE_NOT_EVALUATED' | 'RULE_ENGINE_ERROR', lang: Lang, params: MessageParams): string {
  return message(ruleMessages, key, lang, params);
}
