/**
 * Labels and number/date formats of the typeset invoice, German and English. Amounts are formatted from exact
 * decimals (big.js), never through floats: `1.234,56 €` (de) and `€1,234.56` (en).
 */
import Big from 'big.js';
import type { Lang } from '../types';

export interface Labels {
  documentTitles: Record<string, string>;
  number: string;
  invoiceNo: string;
  invoiceDate: string;
  deliveryDate: string;
  servicePeriod: string;
  dueDate: string;
  supplierNo: string;
  buyerReference: string;
  purchaseOrder: string;
  contract: string;
  project: string;
  costCenter: string;
  despatchAdvice: string;
  receivingAdvice: string;
  precedingInvoice: string;
  buyerVatId: string;
  buyerRegistration: string;
  buyerGln: string;
  page: (x: number, y: number) => string;
  colPos: string;
  colDescription: string;
  colQuantity: string;
  colUnit: string;
  colUnitPrice: string;
  colVat: string;
  colAmount: string;
  articleNo: string;
  buyerArticleNo: string;
  gtin: string;
  carriedForward: string;
  carriedOver: string;
  lineTotal: string;
  allowance: string;
  charge: string;
  percentOf: (pct: string, basis: string) => string;
  netTotal: string;
  vatOn: (rate: string, basis: string) => string;
  categoryNames: Record<string, string>;
  categoryOn: (name: string, basis: string) => string;
  grandTotal: string;
  paid: string;
  due: string;
  balanceDue: string;
  vatInTaxCurrency: (cur: string) => string;
  paymentTitle: string;
  termsTitle: string;
  selfBilled: string;
  payBy: (date: string) => string;
  payNow: string;
  skonto: (pct: string, days: number, date: string | undefined, discount: string, pay: string) => string;
  transfer: string;
  accountHolder: string;
  iban: string;
  bic: string;
  reference: string;
  directDebit: (amount: string, iban: string, date: string | undefined) => string;
  mandate: string;
  creditorId: string;
  card: (number: string, holder: string | undefined) => string;
  cash: string;
  paidInFull: string;
  creditNote: string;
  notes: string;
  exemption: string;
  delivery: string;
  payee: string;
  attachments: string;
  vatId: string;
  taxNumber: string;
  registration: string;
  phone: string;
  email: string;
  gln: string;
  eAddress: string;
  contact: string;
  hybridHint: string;
  sealRing: string;
  sealCenter: string[];
  sealBanner: string;
  dateMonths: string[];
}

const DE: Labels = {
  documentTitles: {
    '380': 'Rechnung',
    '381': 'Rechnungskorrektur',
    '384': 'Korrigierte Rechnung',
    '383': 'Belastungsanzeige',
    '386': 'Vorauszahlungsrechnung',
    '326': 'Teilrechnung',
    '389': 'Gutschrift',
    '875': 'Abschlagsrechnung',
    '876': 'Teilschlussrechnung',
    '877': 'Schlussrechnung',
  },
  number: 'Nr.',
  invoiceNo: 'Rechnungsnummer',
  invoiceDate: 'Rechnungsdatum',
  deliveryDate: 'Leistungsdatum',
  servicePeriod: 'Leistungszeitraum',
  dueDate: 'Fällig am',
  supplierNo: 'Lieferantennummer',
  buyerReference: 'Ihre Referenz',
  purchaseOrder: 'Bestellnummer',
  contract: 'Vertrag',
  project: 'Projekt',
  costCenter: 'Kostenstelle',
  despatchAdvice: 'Lieferschein',
  receivingAdvice: 'Wareneingang',
  precedingInvoice: 'Bezug auf Rechnung',
  buyerVatId: 'Ihre USt-IdNr.',
  buyerRegistration: 'Ihre Registernr.',
  buyerGln: 'Ihre GLN',
  page: (x, y) => `Seite ${x} von ${y}`,
  colPos: 'Pos.',
  colDescription: 'Bezeichnung',
  colQuantity: 'Menge',
  colUnit: 'Einheit',
  colUnitPrice: 'Einzelpreis',
  colVat: 'USt.',
  colAmount: 'Betrag',
  articleNo: 'Art.-Nr.',
  buyerArticleNo: 'Ihre Art.-Nr.',
  gtin: 'GTIN',
  carriedForward: 'Übertrag auf nächste Seite',
  carriedOver: 'Übertrag',
  lineTotal: 'Summe Positionen (netto)',
  allowance: 'Nachlass',
  charge: 'Zuschlag',
  percentOf: (pct, basis) => `${pct} von ${basis}`,
  netTotal: 'Nettobetrag',
  vatOn: (rate, basis) => `zzgl. ${rate} USt. auf ${basis}`,
  categoryNames: {
    S: 'USt.',
    Z: 'Nullsatz',
    E: 'Steuerfrei',
    AE: 'Steuerschuldnerschaft des Leistungsempfängers',
    K: 'Innergemeinschaftliche Lieferung, steuerfrei',
    G: 'Ausfuhrlieferung, steuerfrei',
    O: 'Nicht steuerbar',
    L: 'IGIC (Kanaren)',
    M: 'IPSI (Ceuta/Melilla)',
  },
  categoryOn: (name, basis) => `${name} (0\u00a0%) auf ${basis}`,
  grandTotal: 'Gesamtbetrag',
  paid: 'Bereits gezahlt',
  due: 'Zahlbetrag',
  balanceDue: 'Offener Betrag',
  vatInTaxCurrency: (cur) => `USt. in ${cur}`,
  paymentTitle: 'Zahlung',
  termsTitle: 'Zahlungsbedingungen',
  selfBilled: 'Den Betrag überweisen wir Ihnen auf folgendes Konto:',
  payBy: (date) => `Zahlbar bis ${date} ohne Abzug.`,
  payNow: 'Zahlbar sofort ohne Abzug.',
  skonto: (pct, days, date, discount, pay) => `Bei Zahlung innerhalb von ${days} Tagen${date ? ` (bis ${date})` : ''} gewähren wir ${pct} Skonto (${discount}); zu zahlen sind dann ${pay}.`,
  transfer: 'Bitte überweisen Sie den Betrag unter Angabe des Verwendungszwecks auf folgendes Konto:',
  accountHolder: 'Kontoinhaber',
  iban: 'IBAN',
  bic: 'BIC',
  reference: 'Verwendungszweck',
  directDebit: (amount, iban, date) =>
    `Den Betrag von ${amount} ziehen wir${date ? ` zum Fälligkeitstag ${date}` : ''} per SEPA-Lastschrift von Ihrem Konto ${iban} ein. Bitte sorgen Sie für ausreichende Deckung.`,
  mandate: 'Mandatsreferenz',
  creditorId: 'Gläubiger-ID',
  card: (number, holder) => `Zahlung per Karte ${number}${holder ? ` (${holder})` : ''}.`,
  cash: 'Zahlung in bar.',
  paidInFull: 'Der Rechnungsbetrag ist bereits vollständig beglichen.',
  creditNote: 'Der Betrag wird Ihnen gutgeschrieben.',
  notes: 'Hinweise',
  exemption: 'Steuerbefreiung',
  delivery: 'Lieferanschrift',
  payee: 'Zahlungsempfänger',
  attachments: 'Anlagen',
  vatId: 'USt-IdNr.',
  taxNumber: 'Steuernr.',
  registration: 'Register',
  phone: 'Tel.',
  email: 'E-Mail',
  gln: 'GLN',
  eAddress: 'E-Rechnung an',
  contact: 'Ansprechpartner',
  hybridHint: 'Diese Rechnung enthält die maschinenlesbaren Rechnungsdaten (ZUGFeRD / Factur-X, Profil EN 16931) als Anhang factur-x.xml.',
  sealRing: 'KONTOR · E-RECHNUNG EN 16931 · PDF/A-3 · GEPRÜFT · ',
  sealCenter: ['KOSTENLOSE', 'VERSION'],
  sealBanner: 'Erstellt mit der kostenlosen Version von Kontor',
  dateMonths: [],
};

const EN: Labels = {
  documentTitles: {
    '380': 'Invoice',
    '381': 'Credit note',
    '384': 'Corrected invoice',
    '383': 'Debit note',
    '386': 'Prepayment invoice',
    '326': 'Partial invoice',
    '389': 'Self-billed invoice',
    '875': 'Partial construction invoice',
    '876': 'Partial final construction invoice',
    '877': 'Final construction invoice',
  },
  number: 'No.',
  invoiceNo: 'Invoice number',
  invoiceDate: 'Invoice date',
  deliveryDate: 'Date of supply',
  servicePeriod: 'Service period',
  dueDate: 'Due date',
  supplierNo: 'Supplier number',
  buyerReference: 'Your reference',
  purchaseOrder: 'Purchase order',
  contract: 'Contract',
  project: 'Project',
  costCenter: 'Cost centre',
  despatchAdvice: 'Despatch advice',
  receivingAdvice: 'Receiving advice',
  precedingInvoice: 'Refers to invoice',
  buyerVatId: 'Your VAT ID',
  buyerRegistration: 'Your registration',
  buyerGln: 'Your GLN',
  page: (x, y) => `Page ${x} of ${y}`,
  colPos: 'Item',
  colDescription: 'Description',
  colQuantity: 'Qty',
  colUnit: 'Unit',
  colUnitPrice: 'Unit price',
  colVat: 'VAT',
  colAmount: 'Amount',
  articleNo: 'Item no.',
  buyerArticleNo: 'Your item no.',
  gtin: 'GTIN',
  carriedForward: 'Carried forward',
  carriedOver: 'Brought forward',
  lineTotal: 'Sum of lines (net)',
  allowance: 'Allowance',
  charge: 'Charge',
  percentOf: (pct, basis) => `${pct} of ${basis}`,
  netTotal: 'Net amount',
  vatOn: (rate, basis) => `VAT ${rate} on ${basis}`,
  categoryNames: {
    S: 'VAT',
    Z: 'Zero rated',
    E: 'VAT exempt',
    AE: 'Reverse charge',
    K: 'Intra-community supply, VAT exempt',
    G: 'Export outside the EU, VAT exempt',
    O: 'Not subject to VAT',
    L: 'IGIC (Canary Islands)',
    M: 'IPSI (Ceuta/Melilla)',
  },
  categoryOn: (name, basis) => `${name} (0%) on ${basis}`,
  grandTotal: 'Total',
  paid: 'Already paid',
  due: 'Amount due',
  balanceDue: 'Balance due',
  vatInTaxCurrency: (cur) => `VAT in ${cur}`,
  paymentTitle: 'Payment',
  termsTitle: 'Payment terms',
  selfBilled: 'We will transfer the amount to the following account:',
  payBy: (date) => `Payable by ${date} without deduction.`,
  payNow: 'Payable immediately without deduction.',
  skonto: (pct, days, date, discount, pay) => `If paid within ${days} days${date ? ` (by ${date})` : ''}, you may deduct a ${pct} early payment discount (${discount}) and pay ${pay}.`,
  transfer: 'Please transfer the amount, quoting the reference, to:',
  accountHolder: 'Account holder',
  iban: 'IBAN',
  bic: 'BIC',
  reference: 'Reference',
  directDebit: (amount, iban, date) =>
    `We will collect ${amount} by SEPA direct debit from your account ${iban}${date ? ` on the due date ${date}` : ''}. Please ensure sufficient funds are available.`,
  mandate: 'Mandate reference',
  creditorId: 'Creditor ID',
  card: (number, holder) => `Paid by card ${number}${holder ? ` (${holder})` : ''}.`,
  cash: 'Paid in cash.',
  paidInFull: 'This invoice has been paid in full.',
  creditNote: 'The amount will be credited to you.',
  notes: 'Notes',
  exemption: 'VAT exemption',
  delivery: 'Delivery address',
  payee: 'Payee',
  attachments: 'Attachments',
  vatId: 'VAT ID',
  taxNumber: 'Tax no.',
  registration: 'Registration',
  phone: 'Phone',
  email: 'Email',
  gln: 'GLN',
  eAddress: 'E-invoices to',
  contact: 'Contact',
  hybridHint: 'This invoice carries its machine-readable data (ZUGFeRD / Factur-X, profile EN 16931) as the attachment factur-x.xml.',
  sealRing: 'KONTOR · E-INVOICE EN 16931 · PDF/A-3 · CHECKED · ',
  sealCenter: ['FREE', 'VERSION'],
  sealBanner: 'Created with the free version of Kontor',
  dateMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};

export function labelsFor(lang: Lang): Labels {
  return lang === 'en' ? EN : DE;
}

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£', JPY: '¥' };

/** Groups the integer part and sets the separators of `lang`; `fixed` is a plain decimal string like "-1234.50". */
function localizeFixed(fixed: string, lang: Lang): string {
  const neg = fixed.startsWith('-');
  const body = neg ? fixed.slice(1) : fixed;
  const [int = '0', frac] = body.split('.');
  const group = lang === 'de' ? '.' : ',';
  const point = lang === 'de' ? ',' : '.';
  let grouped = '';
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) grouped += group;
    grouped += int[i];
  }
  return `${neg ? '-' : ''}${grouped}${frac !== undefined ? point + frac : ''}`;
}

function toBig(value: Big | number | string): Big {
  return value instanceof Big ? value : new Big(value);
}

/**
 * Exact decimal with between minDp and maxDp fraction digits (half-up beyond maxDp).
 * @example
 * ```ts
 * formatNumber('1234.5', 'de', 0, 3); // '1.234,5'
 * ```
 */
export function formatNumber(value: Big | number | string, lang: Lang, minDp = 0, maxDp = 2): string {
  const b = toBig(value).round(maxDp, Big.roundHalfUp);
  let s = b.toFixed(maxDp);
  if (maxDp > minDp && s.includes('.')) {
    const [i, f = ''] = s.split('.');
    let frac = f;
    while (frac.length > minDp && frac.endsWith('0')) frac = frac.slice(0, -1);
    s = frac.length > 0 ? `${i}.${frac}` : i!;
  }
  if (/^-0(\.0*)?$/.test(s)) s = s.slice(1);
  return localizeFixed(s, lang);
}

/**
 * `1.234,56 €` (de), `€1,234.56` (en); other currencies by code (`1.234,56 CHF`, `CHF 1,234.56`); no-break spaces.
 * @example
 * ```ts
 * formatMoney('1142.4', 'EUR', 'de'); // '1.142,40 €' (no-break space)
 * formatMoney('1142.4', 'EUR', 'en'); // '€1,142.40'
 * ```
 */
export function formatMoney(value: Big | number | string, currency: string, lang: Lang): string {
  const n = formatNumber(value, lang, 2, 2);
  const sym = SYMBOLS[currency];
  // no-break spaces keep amount and currency on one line
  if (lang === 'de') return `${n}\u00a0${sym ?? currency}`;
  const neg = n.startsWith('-');
  const abs = neg ? n.slice(1) : n;
  return `${neg ? '-' : ''}${sym ?? `${currency}\u00a0`}${abs}`;
}

/**
 * `19 %` (de), `19%` (en).
 * @example
 * ```ts
 * formatPercent(19, 'de'); // '19 %'
 * ```
 */
export function formatPercent(value: Big | number | string, lang: Lang): string {
  const n = formatNumber(value, lang, 0, 4);
  return lang === 'de' ? `${n}\u00a0%` : `${n}%`;
}

/**
 * `15.01.2024` (de), `15 Jan 2024` (en), from YYYY-MM-DD; anything else is returned as is.
 * @example
 * ```ts
 * formatDate('2026-03-10', 'de'); // '10.03.2026'
 * ```
 */
export function formatDate(iso: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const [, y, mo, d] = m;
  if (lang === 'de') return `${d}.${mo}.${y}`;
  return `${Number(d)} ${EN.dateMonths[Number(mo) - 1] ?? mo} ${y}`;
}

/** YYYY-MM-DD plus days (calendar arithmetic in UTC, no time zone involved). */
export function addDays(iso: string, days: number): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return undefined;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

const UNIT_LABELS: Record<string, [de: string, en: string]> = {
  C62: ['Stk.', 'pc'],
  H87: ['Stk.', 'pc'],
  EA: ['je', 'each'],
  HUR: ['Std.', 'h'],
  MIN: ['Min.', 'min'],
  SEC: ['Sek.', 's'],
  DAY: ['Tag', 'day'],
  WEE: ['Woche', 'week'],
  MON: ['Monat', 'month'],
  ANN: ['Jahr', 'year'],
  KGM: ['kg', 'kg'],
  GRM: ['g', 'g'],
  TNE: ['t', 't'],
  MTR: ['m', 'm'],
  LM: ['lfm', 'lin. m'],
  CMT: ['cm', 'cm'],
  MMT: ['mm', 'mm'],
  KMT: ['km', 'km'],
  MTK: ['m²', 'm²'],
  MTQ: ['m³', 'm³'],
  LTR: ['l', 'l'],
  MLT: ['ml', 'ml'],
  KWH: ['kWh', 'kWh'],
  KWT: ['kW', 'kW'],
  SET: ['Satz', 'set'],
  LS: ['pauschal', 'lump sum'],
  PR: ['Paar', 'pair'],
  XPK: ['Pkg.', 'pkg'],
  XPA: ['Pkg.', 'pkg'],
  XBX: ['Karton', 'box'],
  XPX: ['Palette', 'pallet'],
  P1: ['%', '%'],
  E48: ['Leistung', 'service'],
  D64: ['Block', 'block'],
  XRO: ['Rolle', 'roll'],
  XBO: ['Flasche', 'bottle'],
};

export function unitLabel(code: string, lang: Lang): string {
  const e = UNIT_LABELS[code];
  return e ? e[lang === 'de' ? 0 : 1] : code;
}

/** Country name in the language of the invoice (Intl data when available, else the code). */
export function countryName(code: string, lang: Lang): string {
  try {
    const dn = new Intl.DisplayNames([lang], { type: 'region' });
    return dn.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** IBAN in groups of four, joined by no-break spaces (it never wraps inside). */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1\u00a0');
}
