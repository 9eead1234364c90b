/**
 * The deterministic text path: a German or English invoice's text layer (with positions) → the Invoice model,
 * without a language model. Labels find header values, the address window gives seller and buyer, a header row with
 * column titles gives the line table (columns by x position), totals and VAT are recomputed and compared.
 * What stays unsure gets a placeholder (KORRIGIEREN / 1900-01-01 / 0) and its path in repairedPaths; nothing is
 * invented: an IBAN, VAT ID or amount is only taken as printed.
 */
import { Big, type Decimal, type Lang } from '@kontor/xml';
import { msg, type MessageKey, type TextParams } from '../messages';
import { PLACEHOLDER_DATE, PLACEHOLDER_TEXT } from '@kontor/cii';
import type { TextLayer, TextLine, TextRun } from './text-layer';
import { amountOfCell, BIC_RE, findAmounts, findDates, findIbans, findVatId, parseNumberText, toNumber } from './values';
import type { ExtractionIssue } from './types';

type Json = Record<string, unknown>;

export interface TextExtraction {
  invoice: Json;
  issues: ExtractionIssue[];
  repairedPaths: string[];
  /** language guessed from the labels */
  lang: 'de' | 'en';
}

const DOC_TITLES: [RegExp, string][] = [
  [/^(Rechnungskorrektur|Credit note|Gutschrift \(Korrektur\))\b/i, '381'],
  [/^(Korrigierte Rechnung|Corrected invoice)\b/i, '384'],
  [/^(Belastungsanzeige|Debit note)\b/i, '383'],
  [/^(Vorauszahlungsrechnung|Prepayment invoice)\b/i, '386'],
  [/^(Teilrechnung|Partial invoice)\b/i, '326'],
  [/^(Gutschrift|Self-billed invoice)\b/i, '389'],
  [/^(Abschlagsrechnung|Partial construction invoice)\b/i, '875'],
  [/^(Teilschlussrechnung|Partial final construction invoice)\b/i, '876'],
  [/^(Schlussrechnung|Final construction invoice)\b/i, '877'],
  [/^(Rechnung|Invoice)\b/i, '380'],
];

/** Header labels → field. The value is the next cell on the line, or the rest of the label's cell. */
const LABELS: { field: string; re: RegExp }[] = [
  {
    field: 'invoiceNumber',
    re: /^(Rechnungs-?\s?(nummer|nr\.?)|Re\.?-?Nr\.?|Beleg-?(nummer|nr\.?)|Gutschrifts?-?(nummer|nr\.?)|Invoice\s(number|no\.?|#)|Invoice\s?#|Credit note (number|no\.?)|Document (number|no\.?))\s*:?/i,
  },
  { field: 'issueDate', re: /^(Rechnungsdatum|Belegdatum|Gutschriftsdatum|Datum|Invoice date|Date of issue|Issue date|Date)\s*:?/i },
  { field: 'deliveryDate', re: /^(Liefer-?\s?\/?\s?Leistungsdatum|Leistungsdatum|Lieferdatum|Delivery date|Date of (supply|delivery)|Service date)\s*:?/i },
  { field: 'servicePeriod', re: /^(Leistungszeitraum|Abrechnungszeitraum|Service period|Billing period|Period)\s*:?/i },
  { field: 'dueDate', re: /^(Fällig(keitsdatum| am| bis)?|Zahlungsziel|Zahlbar bis|Due date|Payment due( date)?|Due on)\s*:?/i },
  { field: 'purchaseOrderReference', re: /^(Bestell-?\s?(nummer|nr\.?)|Ihre Bestellung|Auftragsnummer|Purchase order( number)?|PO( number| no\.?)?|Order (number|no\.?))\s*:?/i },
  { field: 'contractReference', re: /^(Vertrag(snummer)?|Contract( number| no\.?)?)\s*:?/i },
  { field: 'projectReference', re: /^(Projekt(nummer)?|Project( number)?)\s*:?/i },
  { field: 'buyerReference', re: /^(Ihre Referenz|Käuferreferenz|Leitweg-?ID|Your reference|Buyer reference)\s*:?/i },
  { field: 'costCenter', re: /^(Kostenstelle|Cost cent(re|er))\s*:?/i },
  { field: 'precedingInvoiceNumber', re: /^(Bezug auf Rechnung|Refers to invoice|Original invoice)\s*:?/i },
  { field: 'buyer.vatId', re: /^(Ihre USt-?\s?Id(Nr)?\.?|Your VAT (ID|number|no\.?))\s*:?/i },
  { field: 'contact', re: /^(Ansprechpartner(in)?|Contact( person)?|Bearbeiter(in)?)\s*:?/i },
  { field: 'supplierNo', re: /^(Lieferantennummer|Supplier number)\s*:?/i },
];

const SELLER_VAT_LABEL = /(?<!Ihre\s)(?<!Your\s)(USt\.?-?\s?Id(ent)?\.?-?\s?(Nr|Nummer)?\.?|Umsatzsteuer-?\s?Identifikationsnummer|UID(-Nr\.?)?|VAT[\s-]?(ID|Reg\.? No\.?|number|no\.?))\s*:?\s*/i;
const TAX_NUMBER_LABEL = /(Steuer-?\s?(nummer|nr\.?)|St\.?-?Nr\.?|Tax (no\.?|number))\s*:?\s*([0-9][0-9/ ]{6,16}[0-9])/i;
const REGISTRATION_LABEL = /\b(HR[AB]\s?\d+\s?[A-Z]?)\b/;

const TOTAL_NET = /^(Nettobetrag|Netto(summe|betrag)?|Summe netto|Gesamt netto|Zwischensumme|Net amount|Net total|Total net|Subtotal|Sub-total|Total \(net\))(?=[\s:]|$)/i;
const TOTAL_GROSS =
  /^(Gesamtbetrag|Rechnungsbetrag|Bruttobetrag|Gesamtsumme|Endbetrag|Summe brutto|Gesamt brutto|Brutto|Total amount|Grand total|Gross total|Invoice total|Total \(gross\)|Total( due)?)\s*:?(?=\s|$)/i;
const TOTAL_VAT = /^(USt\.? Gesamt|MwSt\.? Gesamt|Umsatzsteuer gesamt|Steuerbetrag|Total VAT|VAT total|Tax total|Tax)\s*:?(?=\s|$)/i;
const PAID = /^(Bereits gezahlt|Anzahlung|Already paid|Paid|Prepaid)\b/i;
const DUE_PAYABLE = /^(Zahlbetrag|Offener Betrag|Amount due|Balance due|Due payable|Amount payable)\b/i;
const VAT_LINE =
  /(zzgl\.?|inkl\.?|plus)?\s*(\d{1,2}(?:[.,]\d{1,2})?)\s?%\s?(USt\.?|MwSt\.?|Mehrwertsteuer|Umsatzsteuer|VAT)|(USt\.?|MwSt\.?|VAT|Umsatzsteuer|Mehrwertsteuer)\s*(\d{1,2}(?:[.,]\d{1,2})?)\s?%/i;
const ZERO_CATEGORIES: [RegExp, string][] = [
  [/Steuerschuldnerschaft des Leistungsempfängers|Reverse charge|§\s?13b/i, 'AE'],
  [/Innergemeinschaftliche Lieferung|Intra-community supply/i, 'K'],
  [/Ausfuhrlieferung|Export outside the EU/i, 'G'],
  [/Nicht steuerbar|Not subject to VAT/i, 'O'],
  [/Nullsatz|Zero rated/i, 'Z'],
  [/Steuerfrei|VAT exempt|§\s?19 UStG|Kleinunternehmer/i, 'E'],
];

const HEADER_WORDS: { col: 'pos' | 'name' | 'qty' | 'unit' | 'price' | 'vat' | 'amount'; re: RegExp }[] = [
  { col: 'pos', re: /^(Pos\.?|Position|Nr\.?|Item|No\.?|#)$/i },
  { col: 'name', re: /^(Bezeichnung|Beschreibung|Artikel|Leistung|Artikelbezeichnung|Produkt|Description|Product|Service|Article|Item description)/i },
  { col: 'qty', re: /^(Menge|Anzahl|Anz\.?|Qty\.?|Quantity)/i },
  { col: 'unit', re: /^(Einheit|ME|Unit)$/i },
  { col: 'price', re: /^(Einzelpreis|E-Preis|Preis|Unit price|Price)/i },
  { col: 'vat', re: /^(USt\.?|MwSt\.?|VAT|Tax|Steuer)( ?%)?$/i },
  { col: 'amount', re: /^(Betrag|Gesamt|Gesamtpreis|Summe|Amount|Total|Line total|Net)/i },
];

const UNITS: [RegExp, string][] = [
  [/^(Stk\.?|Stück|pc|pcs|piece|x)$/i, 'C62'],
  [/^(je|each|ea)$/i, 'EA'],
  [/^(Std\.?|Stunden?|h|hrs?|hours?)$/i, 'HUR'],
  [/^(Min\.?|min)$/i, 'MIN'],
  [/^(Tage?|days?)$/i, 'DAY'],
  [/^(Woche|week)$/i, 'WEE'],
  [/^(Monat|Monate|month|months)$/i, 'MON'],
  [/^(Jahr|year)$/i, 'ANN'],
  [/^kg$/i, 'KGM'],
  [/^g$/i, 'GRM'],
  [/^t$/i, 'TNE'],
  [/^m$/i, 'MTR'],
  [/^(lfm|lin\. m)$/i, 'LM'],
  [/^m²$/i, 'MTK'],
  [/^m³$/i, 'MTQ'],
  [/^l$/i, 'LTR'],
  [/^kWh$/i, 'KWH'],
  [/^(Satz|set)$/i, 'SET'],
  [/^(pauschal|psch\.?|lump sum)$/i, 'LS'],
  [/^(Paar|pair)$/i, 'PR'],
  [/^(Pkg\.?|pkg)$/i, 'XPK'],
  [/^(Leistung|service)$/i, 'E48'],
];

const COUNTRIES: Record<string, string> = {
  deutschland: 'DE',
  germany: 'DE',
  österreich: 'AT',
  austria: 'AT',
  schweiz: 'CH',
  switzerland: 'CH',
  frankreich: 'FR',
  france: 'FR',
  niederlande: 'NL',
  netherlands: 'NL',
  belgien: 'BE',
  belgium: 'BE',
  luxemburg: 'LU',
  luxembourg: 'LU',
  italien: 'IT',
  italy: 'IT',
  spanien: 'ES',
  spain: 'ES',
  polen: 'PL',
  poland: 'PL',
  dänemark: 'DK',
  denmark: 'DK',
  'vereinigtes königreich': 'GB',
  'united kingdom': 'GB',
  tschechien: 'CZ',
  'czech republic': 'CZ',
  schweden: 'SE',
  sweden: 'SE',
};

const POSTAL_CITY = /^(?:(D|A|CH|F|NL|B|L)-?\s?)?(\d{4,5}(?:\s?[A-Z]{2}(?=\s))?)\s+(.+)$/;
const SEPARATORS = /\s+[·•●|–-]\s+|\s*[·•●|]\s*/;

function cellsRight(line: TextLine, idx: number): string {
  return line.cells
    .slice(idx + 1)
    .map((c) => c.str)
    .join(' ')
    .trim();
}

/** The value for a label: the rest of the same cell after the label, else the next cell to the right. */
function labelValue(line: TextLine, idx: number, re: RegExp): string {
  const cell = line.cells[idx]!;
  const m = re.exec(cell.str);
  const rest = m ? cell.str.slice(m.index + m[0].length).trim() : '';
  if (rest !== '') return rest;
  const next = line.cells[idx + 1];
  return next ? next.str.trim() : '';
}

function looksLikeLanguage(lines: TextLine[]): 'de' | 'en' {
  let de = 0;
  let en = 0;
  for (const l of lines) {
    if (/Rechnung|Datum|Betrag|Menge|USt|MwSt|Fällig|Bezeichnung|zzgl|Steuer/i.test(l.text)) de++;
    if (/Invoice|Date|Amount|Qty|Quantity|VAT|Due|Description|Total/i.test(l.text)) en++;
  }
  return en > de ? 'en' : 'de';
}

function numberHint(lines: TextLine[], lang: 'de' | 'en'): 'de' | 'en' {
  let de = 0;
  let en = 0;
  for (const l of lines) {
    for (const m of l.text.matchAll(/\d[.,]\d{2}(?!\d)/g)) {
      if (m[0][1] === ',') de++;
      else en++;
    }
  }
  if (de === en) return lang;
  return de > en ? 'de' : 'en';
}

interface Found {
  [path: string]: unknown;
}

class Builder {
  readonly invoice: Json = {};
  readonly issues: ExtractionIssue[] = [];
  readonly repaired: string[] = [];

  constructor(readonly lang: Lang) {}

  /** A text of the catalogue in the language of the issues. */
  t(key: MessageKey, params: TextParams = {}): string {
    return msg(key, this.lang, params);
  }

  set(path: string, value: unknown): void {
    const parts = path.split('.');
    let o: Json = this.invoice;
    for (const p of parts.slice(0, -1)) {
      if (typeof o[p] !== 'object' || o[p] === null) o[p] = {};
      o = o[p] as Json;
    }
    o[parts[parts.length - 1]!] = value;
  }

  get(path: string): unknown {
    let o: unknown = this.invoice;
    for (const p of path.split('.')) {
      if (typeof o !== 'object' || o === null) return undefined;
      o = (o as Json)[p];
    }
    return o;
  }

  placeholder(path: string, kind: 'text' | 'date' | 'amount', why: string): void {
    this.set(path, kind === 'text' ? PLACEHOLDER_TEXT : kind === 'date' ? PLACEHOLDER_DATE : 0);
    this.repaired.push(path);
    this.issues.push({ code: 'EXTRACTION_UNCERTAIN', severity: kind === 'amount' ? 'warning' : 'error', message: this.t('PLACEHOLDER_SET', { why }), path });
  }

  issue(code: string, severity: 'error' | 'warning', message: string, path?: string): void {
    this.issues.push({ code, severity, message, ...(path !== undefined ? { path } : {}) });
  }
}

/** Splits a sender line or a header line "Name · Street · 12345 City · Country" into its parts. */
function splitAddressParts(parts: string[]): { line1?: string; postalCode?: string; city?: string; countryCode?: string } {
  const out: { line1?: string; postalCode?: string; city?: string; countryCode?: string } = {};
  for (const p of parts) {
    const pc = POSTAL_CITY.exec(p);
    if (pc && !out.postalCode) {
      out.postalCode = pc[2]!;
      out.city = pc[3]!.trim();
    } else if (COUNTRIES[p.toLowerCase()]) out.countryCode = COUNTRIES[p.toLowerCase()]!;
    else if (!out.line1 && /\d/.test(p) && !/@|Tel|Phone|Fax|www\./i.test(p)) out.line1 = p;
  }
  return out;
}

/**
 * Extracts an invoice from the text layer. Never throws for odd layouts; everything unsure is a placeholder.
 * @example
 * ```ts
 * const t = extractFromTextLayer(await readTextLayer(bytes), 'de');
 * console.log(t.lang, t.invoice.invoiceNumber, t.repairedPaths); // labels found deterministically, KORRIGIEREN where not
 * ```
 */
export function extractFromTextLayer(layer: TextLayer, messageLang: Lang = 'en'): TextExtraction {
  const b = new Builder(messageLang);
  const all: TextLine[] = layer.pages.flatMap((p) => p.lines);
  const lang = looksLikeLanguage(all);
  const hint = numberHint(all, lang);

  b.issue('NO_MODEL_USED', 'warning', b.t('NO_MODEL_USED'));
  if (layer.encrypted) b.issue('PDF_ENCRYPTED_READABLE', 'warning', b.t('PDF_ENCRYPTED_READABLE'));
  if (layer.truncated) b.issue('PDF_PAGES_TRUNCATED', 'warning', b.t('PDF_PAGES_TRUNCATED'));
  if (layer.runCount === 0) {
    b.issue('NO_TEXT_LAYER', 'error', b.t('NO_TEXT_LAYER'));
  }

  const page1 = layer.pages[0];
  const page1Lines = page1?.lines ?? [];
  const pageHeight = page1?.height ?? 842;
  const pageWidth = page1?.width ?? 595;

  // --- header fields by label -------------------------------------------------------------------------------
  const found: Found = {};
  all.forEach((line, li) => {
    line.cells.forEach((cell, idx) => {
      // the longest matching label wins ("Date of delivery" is not "Date")
      let best: { field: string; re: RegExp; len: number } | undefined;
      for (const { field, re } of LABELS) {
        const m = re.exec(cell.str);
        if (!m || m.index !== 0) continue;
        // a label ends at a word boundary ("Pos." is not "PO")
        if (!/[\s:]$/.test(m[0]) && /^[\p{L}\d]/u.test(cell.str.slice(m[0].length))) continue;
        if (!best || m[0].trim().length > best.len) best = { field, re, len: m[0].trim().length };
      }
      if (best && found[best.field] === undefined) {
        const { field, re } = best;
        let value = labelValue(line, idx, re);
        if (value === '') return;
        // a value wrapped in its column: "15 Jan 2025 – 30 Jun" / "2025"
        const valueCell = line.cells[idx + 1];
        const next = all[li + 1];
        if (
          valueCell &&
          next &&
          next.page === line.page &&
          line.y - next.y < 15 &&
          next.cells.some((c) => Math.abs(c.x - valueCell.x) < 1.5) &&
          !next.cells.some((c) => c.x > pageWidth * 0.5 && c.x < valueCell.x - 1)
        ) {
          const cont = next.cells.find((c) => Math.abs(c.x - valueCell.x) < 1.5)!;
          value = `${value} ${cont.str}`;
        }
        found[field] = value;
      }
    });
  });
  // document title "Rechnung Nr. X" / "Invoice No. X"
  let docType: string | undefined;
  for (const line of page1Lines) {
    for (const [re, code] of DOC_TITLES) {
      const m = re.exec(line.text);
      if (!m) continue;
      const rest = line.text.slice(m[0].length).trim();
      const no = /^(?:(?:Nr\.?|No\.?|#)\s*:?\s*(\S+)|([A-Z0-9][\w\-/.]*\d[\w\-/.]*)(?=\s|$))/.exec(rest);
      if (no) {
        docType ??= code;
        if (found.invoiceNumber === undefined) found.invoiceNumber = no[1] ?? no[2];
        const dated = /(?:von|vom|dated|of|from)\s+(.+)$/i.exec(rest);
        if (dated && found.issueDate === undefined && findDates(dated[1]!)[0]) found.issueDate = dated[1];
      } else if (rest === '' && docType === undefined && line.cells.length === 1) docType = code;
    }
    if (docType) break;
  }
  if (docType && docType !== '380') b.set('documentTypeCode', docType);

  let invNo = typeof found.invoiceNumber === 'string' ? found.invoiceNumber.split(/\s{2,}/)[0]!.trim() : '';
  // "RE-20201121/508 issued at 2020-11-21", "R-17 vom 02.01.2025": the number ends before the date phrase
  const datePhrase = /\s+(?:von|vom|issued(?: at| on)?|dated|of|from|date[d]?)\s+(.+)$/i.exec(invNo);
  if (datePhrase) {
    if (found.issueDate === undefined && findDates(datePhrase[1]!)[0]) found.issueDate = datePhrase[1];
    invNo = invNo.slice(0, datePhrase.index).trim();
  }
  if (invNo && invNo.length <= 60) b.set('invoiceNumber', invNo);
  else b.placeholder('invoiceNumber', 'text', b.t('NOT_FOUND', { what: { key: 'WHAT_INVOICE_NUMBER' } }));

  const dateField = (field: string, path: string, required: boolean, what: MessageKey) => {
    const raw = found[field];
    const d = typeof raw === 'string' ? findDates(raw)[0] : undefined;
    if (d) b.set(path, d.date);
    else if (required) b.placeholder(path, 'date', b.t('NOT_FOUND', { what: { key: what } }));
    else if (raw !== undefined) b.issue('DATE_UNREADABLE', 'warning', b.t('DATE_UNREADABLE', { what: { key: what }, value: String(raw) }), path);
  };
  dateField('issueDate', 'issueDate', true, 'WHAT_ISSUE_DATE');
  dateField('dueDate', 'dueDate', false, 'WHAT_DUE_DATE');
  dateField('deliveryDate', 'deliveryDate', false, 'WHAT_DELIVERY_DATE');
  if (typeof found.servicePeriod === 'string') {
    const ds = findDates(found.servicePeriod);
    if (ds.length >= 2) b.set('invoicingPeriod', { start: ds[0]!.date, end: ds[1]!.date });
    else if (ds.length === 1) {
      // "ab 01.03.2025" / "bis …" decide; a lone date does not say whether it starts or ends the period
      if (/\b(ab|from|seit|since)\b|[–-]\s*$/i.test(found.servicePeriod)) b.set('invoicingPeriod', { start: ds[0]!.date });
      else if (/\b(bis|until|to)\b|^\s*[–-]/i.test(found.servicePeriod)) b.set('invoicingPeriod', { end: ds[0]!.date });
      else b.issue('PERIOD_AMBIGUOUS', 'warning', b.t('PERIOD_AMBIGUOUS', { date: ds[0]!.date }), 'invoicingPeriod');
    }
  }
  if (typeof found.precedingInvoiceNumber === 'string') {
    // "RE-2025-0380 / 10.03.2025" or "RE-2025-0380 vom 10.03.2025"
    const [no, ...rest] = found.precedingInvoiceNumber.replace(/\s*\/\s*$/, '').split(/\s+(?:\/|vom|of|dated)\s+/i);
    found.precedingInvoiceNumber = no!.trim();
    const d = findDates(rest.join(' '))[0];
    if (d) b.set('precedingInvoiceDate', d.date);
  }
  for (const f of ['purchaseOrderReference', 'contractReference', 'projectReference', 'buyerReference', 'costCenter', 'precedingInvoiceNumber'] as const) {
    const raw = found[f];
    if (typeof raw === 'string' && raw.length <= 60) b.set(f, raw);
  }

  // --- currency ---------------------------------------------------------------------------------------------
  const allText = all.map((l) => l.text).join('\n');
  const curCounts: Record<string, number> = {};
  for (const m of allText.matchAll(/€|\bEUR\b|\bUSD\b|\$|£|\bGBP\b|\bCHF\b/g)) {
    const c = m[0] === '€' ? 'EUR' : m[0] === '$' ? 'USD' : m[0] === '£' ? 'GBP' : m[0];
    curCounts[c] = (curCounts[c] ?? 0) + 1;
  }
  const currency = Object.entries(curCounts).sort((x, y) => y[1] - x[1])[0]?.[0];
  if (currency && currency !== 'EUR') b.set('currency', currency);
  if (!currency && layer.runCount > 0) b.issue('CURRENCY_ASSUMED', 'warning', b.t('CURRENCY_ASSUMED'), 'currency');

  // --- parties ----------------------------------------------------------------------------------------------
  extractParties(b, page1Lines, pageWidth, pageHeight, found, all);

  // --- payment ----------------------------------------------------------------------------------------------
  extractPayment(b, all);

  // --- lines, VAT, totals -----------------------------------------------------------------------------------
  const lines = extractLineTable(b, layer, hint);
  extractTotals(b, all, hint, lines);

  return { invoice: b.invoice, issues: b.issues, repairedPaths: b.repaired, lang };
}

function extractParties(b: Builder, page1: TextLine[], pageWidth: number, pageHeight: number, found: Found, all: TextLine[]): void {
  const left = (l: TextLine) => (l.cells[0]?.x ?? 0) < pageWidth * 0.5;
  // The sender line above the address window: "Name · Street · 12345 City", small print, left half, upper half.
  let senderIdx = -1;
  for (let i = 0; i < page1.length; i++) {
    const l = page1[i]!;
    if (l.y < pageHeight * 0.45 || !left(l)) continue;
    const first = {
      str: l.cells
        .filter((c) => c.x < pageWidth * 0.5)
        .map((c) => c.str)
        .join(' · '),
    };
    const parts = first.str
      .split(SEPARATORS)
      .map((s) => s.trim())
      .filter(Boolean);
    if (i > 0 && parts.length === 1 && parts[0] === page1[0]?.cells[0]?.str && page1[0]!.y - l.y > 40) {
      senderIdx = i;
      break;
    }
    if (parts.length >= 2 && !/\d/.test(parts[0]!) && parts.slice(1).some((p) => POSTAL_CITY.test(p)) && !/Tel|Phone|E-?Mail|Fax/i.test(first.str)) {
      senderIdx = i;
      break;
    }
  }
  const seller: Json = {};
  const sellerAddr: Json = {};
  const buyer: Json = {};
  const buyerAddr: Json = {};
  if (senderIdx >= 0) {
    const parts = page1[senderIdx]!.cells.filter((c) => c.x < pageWidth * 0.5)
      .map((c) => c.str)
      .join(' · ')
      .split(SEPARATORS)
      .map((s) => s.trim())
      .filter(Boolean);
    seller.name = parts[0];
    Object.assign(sellerAddr, splitAddressParts(parts.slice(1)));
    // buyer: the following left lines of the window until a gap or a non-address line
    const win: TextLine[] = [];
    let prevY = page1[senderIdx]!.y;
    for (let i = senderIdx + 1; i < page1.length && win.length < 6; i++) {
      const l = page1[i]!;
      if (!left(l)) continue;
      if (prevY - l.y > 50) break;
      win.push(l);
      prevY = l.y;
      if (POSTAL_CITY.test(l.cells[0]!.str)) {
        const next = page1[i + 1];
        if (next && left(next) && COUNTRIES[next.cells[0]!.str.toLowerCase()] && l.y - next.y < 20) win.push(next);
        break;
      }
    }
    const texts = win.map((l) => l.cells[0]!.str.trim());
    if (texts.length > 0) {
      buyer.name = texts[0];
      const rest = texts.slice(1);
      const pcIdx = rest.findIndex((t) => POSTAL_CITY.test(t));
      const streetLines = pcIdx >= 0 ? rest.slice(0, pcIdx) : rest;
      if (streetLines[0]) buyerAddr.line1 = streetLines[0];
      if (streetLines[1]) buyerAddr.line2 = streetLines[1];
      if (pcIdx >= 0) {
        const m = POSTAL_CITY.exec(rest[pcIdx]!)!;
        buyerAddr.postalCode = m[2];
        buyerAddr.city = m[3]!.trim();
        const country = rest[pcIdx + 1];
        if (country && COUNTRIES[country.toLowerCase()]) buyerAddr.countryCode = COUNTRIES[country.toLowerCase()];
      }
    }
  } else {
    // No sender line: the first line of the page is taken as the seller, the first left block with a postal code
    // below it as the buyer.
    const top = page1[0];
    if (top && !LABELS.some((x) => x.re.test(top.text))) {
      seller.name = top.cells[0]!.str;
      const next = page1[1];
      if (next) Object.assign(sellerAddr, splitAddressParts(next.text.split(SEPARATORS).map((s) => s.trim())));
    }
    for (let i = 2; i < page1.length; i++) {
      const l = page1[i]!;
      if (!left(l) || !POSTAL_CITY.test(l.cells[0]!.str)) continue;
      const block: TextLine[] = [];
      for (let j = i - 1; j >= Math.max(1, i - 3); j--) {
        const u = page1[j]!;
        if (!left(u) || u.y - l.y > 60) break;
        block.unshift(u);
      }
      if (block.length === 0) continue;
      const name = block[0]!.cells[0]!.str;
      if (name === seller.name) continue;
      buyer.name = name;
      if (block[1]) buyerAddr.line1 = block[1].cells[0]!.str;
      if (block[2]) buyerAddr.line2 = block[2].cells[0]!.str;
      const m = POSTAL_CITY.exec(l.cells[0]!.str)!;
      buyerAddr.postalCode = m[2];
      buyerAddr.city = m[3]!.trim();
      break;
    }
  }
  // the header of page 1 may add the country / street of the seller ("Street · 12345 City · Germany")
  if (page1[1] && seller.name && page1[0]?.cells[0]?.str === seller.name) {
    const extra = splitAddressParts(page1[1].text.split(SEPARATORS).map((s) => s.trim()));
    if (extra.countryCode && !sellerAddr.countryCode) sellerAddr.countryCode = extra.countryCode;
    if (extra.line1 && !sellerAddr.line1) sellerAddr.line1 = extra.line1;
  }

  // seller identifiers: VAT ID, tax number, register, contact — anywhere except after a buyer label
  let sellerVat: ReturnType<typeof findVatId>;
  let buyerVat: ReturnType<typeof findVatId>;
  if (typeof found['buyer.vatId'] === 'string') buyerVat = findVatId(found['buyer.vatId']);
  for (const l of all) {
    for (const c of l.cells) {
      if (!sellerVat) {
        const m = SELLER_VAT_LABEL.exec(c.str);
        if (m && !/(Ihre|Your)\s*$/i.test(c.str.slice(0, m.index))) {
          const after = c.str.slice(m.index + m[0].length) || l.cells[l.cells.indexOf(c) + 1]?.str || '';
          const v = findVatId(after);
          if (v && v.vatId !== buyerVat?.vatId) sellerVat = v;
        }
      }
      if (!seller.taxNumber) {
        const t = TAX_NUMBER_LABEL.exec(c.str);
        if (t) seller.taxNumber = t[4]!.trim();
      }
      if (!seller.registrationId) {
        const r = REGISTRATION_LABEL.exec(c.str);
        if (r && /Register|Registration|HR[AB]/i.test(c.str)) seller.registrationId = r[1];
      }
    }
  }
  const useVat = (v: NonNullable<typeof sellerVat>, target: Json, path: string) => {
    target.vatId = v.vatId;
    if (!v.checksumOk) b.issue('VAT_ID_CHECKSUM', 'warning', b.t('VAT_ID_CHECKSUM', { vatId: v.vatId, reason: v.message ?? { key: 'CHECKSUM' } }), path);
  };
  if (sellerVat) useVat(sellerVat, seller, 'seller.vatId');
  if (buyerVat) useVat(buyerVat, buyer, 'buyer.vatId');
  else if (found['buyer.vatId'] !== undefined) b.issue('VAT_ID_UNREADABLE', 'warning', b.t('VAT_ID_UNREADABLE', { value: String(found['buyer.vatId']) }), 'buyer.vatId');

  // seller contact: phone and e-mail from header/footer lines
  const contact: Json = {};
  for (const l of all) {
    const phone = /(?:Tel\.?|Telefon|Phone|Fon)\s*:?\s*(\+?[\d][\d ()/-]{5,24}\d)/i.exec(l.text);
    if (phone && !contact.phone) contact.phone = phone[1]!.trim();
    const mail = l.text.includes('@') ? /([A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24})/.exec(l.text) : null;
    if (mail && !contact.email) contact.email = mail[1];
  }
  if (typeof found.contact === 'string' && found.contact.length <= 150) contact.name = found.contact;
  if (Object.keys(contact).length > 0) seller.contact = contact;

  if (typeof seller.name === 'string' && seller.name.length <= 200) b.set('seller.name', seller.name);
  else b.placeholder('seller.name', 'text', b.t('NOT_FOUND', { what: { key: 'WHAT_SELLER_NAME' } }));
  for (const k of ['vatId', 'taxNumber', 'registrationId', 'contact'] as const) if (seller[k] !== undefined) b.set(`seller.${k}`, seller[k]);
  b.set('seller.address', { ...sellerAddr });
  if (!seller.vatId && !seller.taxNumber) b.issue('SELLER_TAX_ID_MISSING', 'warning', b.t('SELLER_TAX_ID_MISSING'), 'seller.vatId');

  if (typeof buyer.name === 'string' && buyer.name.length <= 200) b.set('buyer.name', buyer.name);
  else b.placeholder('buyer.name', 'text', b.t('NOT_FOUND', { what: { key: 'WHAT_BUYER_NAME' } }));
  if (buyer.vatId !== undefined) b.set('buyer.vatId', buyer.vatId);
  b.set('buyer.address', { ...buyerAddr });
}

function extractPayment(b: Builder, all: TextLine[]): void {
  const payment: Json = {};
  let debit = false;
  for (const l of all) {
    const idx = l.cells.findIndex((c) => /^IBAN\b/i.test(c.str));
    if (idx >= 0 && !payment.iban) {
      const text = `${l.cells[idx]!.str.replace(/^IBAN\s*:?/i, '')} ${cellsRight(l, idx)}`;
      const { valid, invalid } = findIbans(text);
      if (valid[0]) payment.iban = valid[0];
      else if (invalid[0]) b.issue('IBAN_CHECKSUM', 'error', b.t('IBAN_CHECKSUM', { iban: invalid[0] }), 'payment.iban');
    }
    const bicIdx = l.cells.findIndex((c) => /^(BIC|SWIFT)\b/i.test(c.str));
    if (bicIdx >= 0 && !payment.bic) {
      const text = `${l.cells[bicIdx]!.str.replace(/^(BIC|SWIFT)(\/SWIFT)?\s*:?/i, '')} ${cellsRight(l, bicIdx)}`.trim();
      const m = BIC_RE.exec(text);
      if (m) payment.bic = m[1];
    }
    const holder = l.cells.findIndex((c) => /^(Kontoinhaber|Account holder)\s*:?$/i.test(c.str));
    if (holder >= 0 && l.cells[holder + 1] && !payment.accountName) payment.accountName = l.cells[holder + 1]!.str.slice(0, 70);
    const ref = l.cells.findIndex((c) => /^(Verwendungszweck|Reference|Payment reference)\s*:?$/i.test(c.str));
    if (ref >= 0 && l.cells[ref + 1] && !payment.reference) payment.reference = l.cells[ref + 1]!.str.slice(0, 140);
    if (/Lastschrift|abgebucht|eingezogen|direct debit/i.test(l.text)) debit = true;
  }
  if (!payment.iban) {
    // an IBAN in free text (no label cell), e.g. "IBAN: DE.." inside a sentence; only check-digit-valid ones
    const { valid } = findIbans(all.map((l) => l.text).join('\n'));
    if (valid[0]) payment.iban = valid[0];
  }
  if (debit && payment.iban) {
    b.issue('PAYMENT_MEANS_UNSURE', 'warning', b.t('PAYMENT_MEANS_UNSURE'), 'payment.iban');
  }
  if (Object.keys(payment).length > 0) {
    if (payment.iban) payment.meansCode = debit ? '59' : '58';
    b.set('payment', payment);
  }
}

interface Column {
  col: string;
  x0: number;
  x1: number;
}

interface ExtractedLine {
  name: string;
  quantity?: Decimal;
  unitCode?: string;
  unitPriceNet?: Decimal;
  vatRatePercent?: Decimal;
  lineNetAmount?: Decimal;
  sellerArticleId?: string;
  categoryCode?: string;
}

function headerColumns(line: TextLine): Column[] | null {
  const cols: Column[] = [];
  for (const c of line.cells) {
    const w = HEADER_WORDS.find((h) => h.re.test(c.str.replace(/\s+(EUR|€|USD|\$|in EUR|netto|net)$/i, '')));
    if (!w) return cols.length >= 3 ? cols : null;
    cols.push({ col: w.col, x0: c.x, x1: c.x + c.width });
  }
  // "Amount | Product | … | Total": an amount heading left of the description is the quantity
  const nameCol = cols.find((c) => c.col === 'name');
  if (nameCol && cols.filter((c) => c.col === 'amount').length > 1) for (const c of cols) if (c.col === 'amount' && c.x1 <= nameCol.x0 && !cols.some((q) => q.col === 'qty')) c.col = 'qty';
  const kinds = new Set(cols.map((c) => c.col));
  return kinds.has('name') && kinds.has('amount') && cols.length >= 3 ? cols : null;
}

/** The column of a cell: text columns by left edge, numbers by right edge (they are right-aligned). */
function columnOf(cell: TextRun, cols: Column[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  const numeric = /^[-−]?[\d.,\s%€$£]+$/.test(cell.str) || /^\d+(\s?%)?$/.test(cell.str);
  for (const c of cols) {
    const d = numeric && c.col !== 'pos' && c.col !== 'name' ? Math.abs(cell.x + cell.width - c.x1) : Math.abs(cell.x - c.x0);
    const overlap = Math.min(cell.x + cell.width, c.x1) - Math.max(cell.x, c.x0);
    const score = overlap > 0 ? d * 0.5 : d;
    if (score < bestD) {
      bestD = score;
      best = c.col;
    }
  }
  return bestD < 60 ? best : undefined;
}

function extractLineTable(b: Builder, layer: TextLayer, hint: 'de' | 'en'): ExtractedLine[] {
  const out: ExtractedLine[] = [];
  let sawHeader = false;
  for (const page of layer.pages) {
    let cols: Column[] | null = null;
    let current: ExtractedLine | null = null;
    for (const line of page.lines) {
      if (!cols) {
        cols = headerColumns(line);
        if (cols) sawHeader = true;
        continue;
      }
      const first = line.cells[0]?.str ?? '';
      if (TOTAL_NET.test(first) || TOTAL_GROSS.test(first) || /^(Übertrag auf|Carried forward|Summe Positionen|Sum of lines)/i.test(first) || /^(Seite|Page) \d+/i.test(first)) {
        cols = null;
        current = null;
        continue;
      }
      if (/^(Übertrag|Brought forward)\b/i.test(first)) continue;
      if (line.cells.some((c) => TOTAL_NET.test(c.str) || TOTAL_GROSS.test(c.str))) {
        cols = null;
        current = null;
        continue;
      }
      const byCol: Record<string, string> = {};
      for (const c of line.cells) {
        // "3 Stk." joined into one cell: quantity and unit
        const qu = /^([-−]?\d[\d.,]*)\s+([A-Za-zÄÖÜäöü²³]{1,8}\.?)$/.exec(c.str);
        if (qu && cols.some((x) => x.col === 'qty') && !byCol.qty && Math.abs(c.x - cols.find((x) => x.col === 'qty')!.x1) < 80) {
          byCol.qty = qu[1]!;
          byCol.unit = qu[2]!;
          continue;
        }
        const k = columnOf(c, cols);
        if (!k) continue;
        byCol[k] = byCol[k] ? `${byCol[k]} ${c.str}` : c.str;
      }
      const amount = byCol.amount !== undefined ? amountOfCell(byCol.amount, hint) : undefined;
      if (amount && byCol.name) {
        current = { name: byCol.name, lineNetAmount: amount.value };
        if (byCol.qty) {
          const q = /^([-−]?[\d.,]+)\s*(.*)$/.exec(byCol.qty.trim());
          if (q) {
            const qn = parseNumberText(q[1]!, hint);
            if (qn) current.quantity = qn;
            if (q[2] && !byCol.unit) byCol.unit = q[2];
          }
        }
        if (byCol.unit) {
          const unit = byCol.unit.trim();
          const u = UNITS.find(([re]) => re.test(unit));
          if (u) current.unitCode = u[1];
          else if (/^(C62|H87|EA|HUR|DAY|KGM|MTR|LTR|MTK|MTQ|SET|LS|PR|XPK|E48|MON|ANN|WEE|MIN|TNE|GRM|KWH)$/.test(unit)) current.unitCode = unit;
        }
        if (byCol.price) {
          const p = amountOfCell(byCol.price, hint);
          if (p) current.unitPriceNet = p.value;
        }
        if (byCol.vat) {
          const letter = /^(AE|K|G|E|O|Z)$/.exec(byCol.vat.trim());
          const r = /([\d.,]+)\s?%?/.exec(byCol.vat);
          const rv = r ? parseNumberText(r[1]!, hint) : undefined;
          if (letter) {
            current.vatRatePercent = new Big(0);
            current.categoryCode = letter[1]!;
          } else if (rv) current.vatRatePercent = rv;
        }
        out.push(current);
      } else if (current && byCol.name && Object.keys(byCol).every((k) => k === 'name')) {
        const t = byCol.name;
        const art = /^(Art\.?-?Nr\.?|Artikelnummer|Item no\.?|SKU)\s*:?\s*(\S+)/i.exec(t);
        if (art) current.sellerArticleId = art[2]!;
        else if (/^(Ihre Art\.-Nr\.|Your item no\.|GTIN|Nachlass|Zuschlag|Allowance|Charge)\b/i.test(t)) {
          /* buyer article id / GTIN: not compared */
        } else if (current.name.length + t.length < 290) current.name = `${current.name} ${t}`;
      }
    }
  }
  if (!sawHeader && layer.runCount > 0) b.issue('LINE_TABLE_NOT_FOUND', 'warning', b.t('LINE_TABLE_NOT_FOUND'), 'lines');
  return out;
}

function dec(v: Decimal | undefined): Decimal {
  return v ?? new Big(0);
}

function extractTotals(b: Builder, all: TextLine[], hint: 'de' | 'en', lines: ExtractedLine[]): void {
  let totalNet: Decimal | undefined;
  let totalGross: Decimal | undefined;
  let paid: Decimal | undefined;
  let printedVat: Decimal | undefined;
  let duePayable: Decimal | undefined;
  const allowanceCharges: Json[] = [];
  const vats: { rate: Decimal; basis?: Decimal; tax: Decimal; category: string }[] = [];
  const lastAmount = (l: TextLine): Decimal | undefined => {
    for (let i = l.cells.length - 1; i >= 0; i--) {
      const a = amountOfCell(l.cells[i]!.str, hint);
      if (a) return a.value;
    }
    return undefined;
  };
  all.forEach((l, li) => {
    const first = l.cells[0]?.str ?? '';
    // document-level allowance / charge (BG-20 / BG-21): "Nachlass: reason, 2 % von 189,00 €," [USt. 7 %] | -3,78 €
    const ac = /^(Nachlass|Zuschlag|Allowance|Charge):\s*(.*)$/i.exec(first);
    if (ac && l.cells.length >= 2) {
      const amount = lastAmount(l);
      if (amount === undefined) return;
      let text = ac[2]!;
      const next = all[li + 1];
      if (next && next.cells.length === 1 && Math.abs(next.cells[0]!.x - l.cells[0]!.x) < 2 && l.y - next.y < 16 && !/^(Nachlass|Zuschlag|Allowance|Charge)/i.test(next.cells[0]!.str))
        text = `${text} ${next.cells[0]!.str}`;
      const entry: Json = { charge: /^(Zuschlag|Charge)/i.test(ac[1]!), amount: toNumber(amount.abs()) };
      const reason = text.split(',')[0]!.trim();
      if (reason && !/^(USt|VAT)\b/i.test(reason) && !/%/.test(reason)) entry.reason = reason.slice(0, 200);
      const pct = /(\d+(?:[.,]\d+)?)\s?%\s*(?:von|of)\s*(.+)$/i.exec(text);
      if (pct) {
        const p = parseNumberText(pct[1]!, hint);
        const basis = findAmounts(pct[2]!, hint)[0]?.value;
        if (p) entry.percent = toNumber(p);
        if (basis) entry.basisAmount = toNumber(basis);
      }
      const rate = /(?:USt\.?|MwSt\.?|VAT)\s*(\d+(?:[.,]\d+)?)\s?%/i.exec(text);
      const rv = rate ? parseNumberText(rate[1]!, hint) : undefined;
      if (rv) entry.ratePercent = toNumber(rv);
      allowanceCharges.push(entry);
      return;
    }
    if (/^(Nachlass|Zuschlag|Allowance|Charge)\b/i.test(first)) return;
    // a VAT breakdown table row: "19 % | 336,00 € | 63,84 €"
    const rateCell = /^(\d{1,2}(?:[.,]\d{1,2})?)\s?%$/.exec(first);
    if (rateCell && l.cells.length >= 3) {
      const amounts = l.cells
        .slice(1)
        .map((c) => amountOfCell(c.str, hint))
        .filter((a): a is NonNullable<typeof a> => !!a);
      const rate = parseNumberText(rateCell[1]!, hint);
      if (rate && amounts.length >= 2 && !vats.some((v) => v.rate.eq(rate))) vats.push({ rate, basis: amounts[0]!.value, tax: amounts[amounts.length - 1]!.value, category: rate.gt(0) ? 'S' : 'Z' });
      return;
    }
    const label = l.cells.find(
      (c) =>
        TOTAL_NET.test(c.str) ||
        TOTAL_GROSS.test(c.str) ||
        TOTAL_VAT.test(c.str) ||
        PAID.test(c.str) ||
        DUE_PAYABLE.test(c.str) ||
        VAT_LINE.test(c.str) ||
        ZERO_CATEGORIES.some(([re]) => re.test(c.str)),
    );
    if (!label) return;
    let value = l.cells.length >= 2 ? lastAmount(l) : undefined;
    if (value === undefined) {
      // "Nettobetrag: 496,00 €" in one cell
      const m = /:\s*(.+)$/.exec(label.str);
      const a = m ? findAmounts(m[1]!, hint) : [];
      value = a.length > 0 ? a[a.length - 1]!.value : undefined;
      if (value !== undefined) label.str.replace(/:\s*.+$/, '');
    }
    if (value === undefined) return;
    let t = label.str;
    // a long label wraps: "… (0 %) auf" / "7.350,00 €" on the next line, same left edge, no value cell
    const next = all[li + 1];
    if (
      next &&
      next.cells.length === 1 &&
      Math.abs(next.cells[0]!.x - label.x) < 2 &&
      Math.abs(next.y - l.y) < 20 &&
      (VAT_LINE.test(t) || ZERO_CATEGORIES.some(([re]) => re.test(t))) &&
      !/(auf|on)\s+\S*\d/.test(t)
    )
      t = `${t} ${next.cells[0]!.str}`;
    if (TOTAL_NET.test(t)) totalNet ??= value;
    else if (TOTAL_GROSS.test(t)) totalGross ??= value;
    else if (TOTAL_VAT.test(t) && !VAT_LINE.test(t)) printedVat ??= value;
    else if (PAID.test(t)) paid = value;
    else if (DUE_PAYABLE.test(t)) duePayable ??= value;
    else {
      const vm = VAT_LINE.exec(t);
      const zero = ZERO_CATEGORIES.find(([re]) => re.test(t));
      if (/^\d/.test(first) && !vm) return;
      const basisM = /(?:auf|on|von|of)\s+(.+)$/i.exec(t);
      const basis = basisM ? findAmounts(basisM[1]!, hint)[0]?.value : undefined;
      if (vm) {
        const rate = parseNumberText((vm[2] ?? vm[5])!, hint);
        const category = rate?.gt(0) ? (/IGIC/i.test(t) ? 'L' : /IPSI/i.test(t) ? 'M' : 'S') : (zero?.[1] ?? 'Z');
        if (rate) vats.push({ rate, ...(basis ? { basis } : {}), tax: value, category });
      } else if (zero && /\(0\s?%\)|0\s?%/.test(t)) {
        vats.push({ rate: new Big(0), basis: basis ?? value, tax: new Big(0), category: zero[1] });
      } else if (/IGIC|IPSI/.test(t)) {
        const r = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/.exec(t);
        const rate = r ? parseNumberText(r[1]!, hint) : undefined;
        if (rate) vats.push({ rate, ...(basis ? { basis } : {}), tax: value, category: /IGIC/.test(t) ? 'L' : 'M' });
      }
    }
  });

  // lines
  const outLines: Json[] = [];
  lines.forEach((l, i) => {
    const line: Json = { name: l.name.slice(0, 300) };
    const p = `lines.${i}`;
    if (l.quantity !== undefined) line.quantity = toNumber(l.quantity);
    else {
      line.quantity = 0;
      b.repaired.push(`${p}.quantity`);
      b.issue('EXTRACTION_UNCERTAIN', 'warning', b.t('NO_QUANTITY'), `${p}.quantity`);
    }
    if (l.unitCode) line.unitCode = l.unitCode;
    if (l.sellerArticleId) line.sellerArticleId = l.sellerArticleId;
    if (l.unitPriceNet !== undefined) line.unitPriceNet = toNumber(l.unitPriceNet);
    else if (l.quantity !== undefined && l.quantity.eq(1) && l.lineNetAmount) line.unitPriceNet = toNumber(l.lineNetAmount);
    else {
      line.unitPriceNet = 0;
      b.repaired.push(`${p}.unitPriceNet`);
      b.issue('EXTRACTION_UNCERTAIN', 'warning', b.t('NO_UNIT_PRICE'), `${p}.unitPriceNet`);
    }
    let rate = l.vatRatePercent;
    if (rate === undefined && vats.length === 1) rate = vats[0]!.rate;
    if (rate !== undefined) line.vatRatePercent = toNumber(rate);
    else {
      line.vatRatePercent = 0;
      b.repaired.push(`${p}.vatRatePercent`);
      b.issue('EXTRACTION_UNCERTAIN', 'warning', b.t('NO_LINE_RATE'), `${p}.vatRatePercent`);
    }
    const cat = l.categoryCode ?? vats.find((v) => rate !== undefined && v.rate.eq(rate))?.category;
    if (cat && cat !== 'S') line.categoryCode = cat;
    line.lineNetAmount = toNumber(dec(l.lineNetAmount));
    if (l.quantity !== undefined && l.unitPriceNet !== undefined && l.lineNetAmount !== undefined) {
      const calc = l.quantity.times(l.unitPriceNet).round(2, Big.roundHalfUp);
      if (!calc.eq(l.lineNetAmount)) b.issue('LINE_AMOUNT_MISMATCH', 'warning', b.t('LINE_AMOUNT_MISMATCH', { calc: calc.toFixed(2), amount: l.lineNetAmount.toFixed(2) }), `${p}.lineNetAmount`);
    }
    outLines.push(line);
  });
  if (outLines.length === 0) {
    b.set('lines', [{ name: PLACEHOLDER_TEXT, quantity: 0, unitPriceNet: 0, vatRatePercent: 0, lineNetAmount: 0 }]);
    for (const f of ['name', 'quantity', 'unitPriceNet', 'vatRatePercent', 'lineNetAmount']) b.repaired.push(`lines.0.${f}`);
    b.issue('EXTRACTION_UNCERTAIN', 'error', b.t('NO_LINE_READ'), 'lines.0.name');
  } else b.set('lines', outLines);

  // VAT breakdown: basis from the printed text, else the sum of the lines at that rate
  const sumAtRate = (rate: Decimal) => lines.filter((l) => l.vatRatePercent !== undefined && l.vatRatePercent.eq(rate)).reduce((s, l) => s.plus(dec(l.lineNetAmount)), new Big(0));
  const breakdown: Json[] = [];
  vats.forEach((v, i) => {
    let basis = v.basis;
    if (basis === undefined && lines.length > 0) {
      basis = sumAtRate(v.rate);
      b.issue('VAT_BASIS_COMPUTED', 'warning', b.t('VAT_BASIS_COMPUTED', { rate: v.rate.toString(), basis: basis.toFixed(2) }), `vatBreakdown.${i}.basisAmount`);
    }
    const entry: Json = { ratePercent: toNumber(v.rate), basisAmount: toNumber(dec(basis)), taxAmount: toNumber(v.tax), categoryCode: v.category };
    if (basis === undefined) {
      b.repaired.push(`vatBreakdown.${i}.basisAmount`);
      b.issue('EXTRACTION_UNCERTAIN', 'warning', b.t('NO_TAXABLE_AMOUNT'), `vatBreakdown.${i}.basisAmount`);
    } else if (v.category === 'S') {
      const calc = basis.times(v.rate).div(100).round(2, Big.roundHalfUp);
      if (!calc.eq(v.tax))
        b.issue(
          'VAT_AMOUNT_MISMATCH',
          'warning',
          b.t('VAT_AMOUNT_MISMATCH', { rate: v.rate.toString(), basis: basis.toFixed(2), calc: calc.toFixed(2), tax: v.tax.toFixed(2) }),
          `vatBreakdown.${i}.taxAmount`,
        );
    }
    breakdown.push(entry);
  });
  if (breakdown.length === 0) {
    b.set('vatBreakdown', [{ ratePercent: 0, basisAmount: 0, taxAmount: 0 }]);
    for (const f of ['ratePercent', 'basisAmount', 'taxAmount']) b.repaired.push(`vatBreakdown.0.${f}`);
    b.issue('EXTRACTION_UNCERTAIN', 'error', b.t('NO_VAT_BREAKDOWN_READ'), 'vatBreakdown.0.ratePercent');
  } else b.set('vatBreakdown', breakdown);

  // no gross total printed, nothing prepaid: the amount payable is the gross total
  if (totalGross === undefined && paid === undefined && duePayable !== undefined) totalGross = duePayable;
  const summed = vats.length > 0 ? vats.reduce((s, v) => s.plus(v.tax), new Big(0)) : undefined;
  const totalVat = printedVat ?? summed;
  if (printedVat !== undefined && summed !== undefined && !printedVat.eq(summed))
    b.issue('VAT_TOTAL_MISMATCH', 'warning', b.t('VAT_TOTAL_MISMATCH', { sum: summed.toFixed(2), total: printedVat.toFixed(2) }), 'totalVat');
  const put = (path: string, v: Decimal | undefined, what: MessageKey) => {
    if (v !== undefined) b.set(path, toNumber(v));
    else b.placeholder(path, 'amount', b.t('NOT_FOUND', { what: { key: what } }));
  };
  put('totalNet', totalNet, 'WHAT_NET_TOTAL');
  put('totalVat', totalVat, 'WHAT_VAT_TOTAL');
  put('totalGross', totalGross, 'WHAT_GROSS_TOTAL');
  if (paid !== undefined && !paid.eq(0)) b.set('paidAmount', toNumber(paid.abs()));

  // one VAT rate on the whole invoice: it is the rate of every allowance and charge too
  if (vats.length === 1) for (const a of allowanceCharges) a.ratePercent ??= toNumber(vats[0]!.rate);
  if (allowanceCharges.length > 0) b.set('allowanceCharges', allowanceCharges);
  // recompute and compare
  if (lines.length > 0 && totalNet !== undefined) {
    let sum = lines.reduce((s, l) => s.plus(dec(l.lineNetAmount)), new Big(0));
    for (const a of allowanceCharges) sum = a.charge ? sum.plus(a.amount as number) : sum.minus(a.amount as number);
    if (!sum.eq(totalNet))
      b.issue('TOTALS_MISMATCH', 'warning', b.t(allowanceCharges.length ? 'TOTALS_MISMATCH_LINES_AC' : 'TOTALS_MISMATCH_LINES', { sum: sum.toFixed(2), total: totalNet.toFixed(2) }), 'totalNet');
  }
  if (totalNet !== undefined && totalVat !== undefined && totalGross !== undefined && !totalNet.plus(totalVat).eq(totalGross)) {
    b.issue('TOTALS_MISMATCH', 'warning', b.t('TOTALS_MISMATCH_GROSS', { net: totalNet.toFixed(2), vat: totalVat.toFixed(2), gross: totalGross.toFixed(2) }), 'totalGross');
  }
}
