/**
 * Value readers for printed invoices: amounts in German (1.234,56) and English (1,234.56) notation as decimals
 * (big.js, never floats), dates (10.03.2025, 2025-03-10, 21 Mar 2025, 10. März 2025, March 21, 2025), IBANs with
 * their ISO 7064 check digits, BICs and VAT IDs (check digits via @kontor/vies).
 */
import { Big, type Decimal } from '@kontor/xml';
import { isValidIban } from '@kontor/cii';
import { checkVatSyntax } from '@kontor/vies';

const CURRENCY_SIGNS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', CHF: 'CHF', EUR: 'EUR', USD: 'USD', GBP: 'GBP' };

export interface AmountMatch {
  value: Decimal;
  currency?: string;
  /** the matched text */
  raw: string;
}

const AMOUNT_RE = /(?<![\w.,])(-|−)?\s?(€|\$|£|EUR|USD|GBP|CHF)?\s?(-|−)?(\d{1,3}(?:([.,'\u00a0\u202f ])\d{3})*(?:[.,]\d{1,4})?|\d+(?:[.,]\d{1,4})?)(?:\s?(€|EUR|USD|GBP|CHF|\$|£))?(?![\w]|[.,]\d)/g;

/** Reads one number in German or English notation. `hint` decides the ambiguous "1.234" / "1,234". */
export function parseNumberText(raw: string, hint: 'de' | 'en' | undefined = undefined): Decimal | undefined {
  let s = raw.replace(/[\s\u00a0\u202f']/g, '').replace(/−/g, '-');
  if (!/^-?\d[\d.,]*$/.test(s)) return undefined;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimalSep: '.' | ',' | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimalSep = lastDot > lastComma ? '.' : ',';
  else if (lastComma >= 0) {
    const tail = s.length - lastComma - 1;
    const count = s.split(',').length - 1;
    decimalSep = count > 1 ? null : tail === 3 && hint === 'en' ? null : ',';
  } else if (lastDot >= 0) {
    const tail = s.length - lastDot - 1;
    const count = s.split('.').length - 1;
    decimalSep = count > 1 ? null : tail === 3 && hint !== 'en' ? null : '.';
  }
  if (decimalSep === ',') s = s.replace(/\./g, '').replace(',', '.');
  else if (decimalSep === '.') s = s.replace(/,/g, '');
  else s = s.replace(/[.,]/g, '');
  try {
    return new Big(s);
  } catch {
    return undefined;
  }
}

/** Every amount-like number in a text, left to right. Percentages and dates are skipped. */
export function findAmounts(text: string, hint?: 'de' | 'en'): AmountMatch[] {
  const out: AmountMatch[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    const after = text.slice((m.index ?? 0) + m[0].length);
    if (/^\s?%/.test(after)) continue;
    if (/^\.\d/.test(after) || /^\d{1,2}\.\d{1,2}\.$/.test(m[0])) continue;
    const value = parseNumberText(m[4]!, hint);
    if (!value) continue;
    const neg = m[1] ?? m[3];
    const cur = m[2] ?? m[6];
    out.push({ value: neg ? value.times(-1) : value, raw: m[0].trim(), ...(cur ? { currency: CURRENCY_SIGNS[cur] ?? cur } : {}) });
  }
  return out;
}

/** A cell that is exactly one amount (with optional currency). */
export function amountOfCell(text: string, hint?: 'de' | 'en'): AmountMatch | undefined {
  // "+3,00 €" (a charge) reads as 3,00
  const t = text
    .trim()
    .replace(/^\+\s?/, '')
    .replace(/^([€$£])\s?\+/, '$1');
  if (!/^[-−]?\s?(€|\$|£|EUR|USD|GBP|CHF)?\s?[-−]?\d[\d.,'\u00a0\u202f ]*\s?(€|EUR|USD|GBP|CHF|\$|£)?$/.test(t)) return undefined;
  const a = findAmounts(t, hint);
  return a.length === 1 ? a[0] : undefined;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  januar: 1,
  january: 1,
  jänner: 1,
  feb: 2,
  februar: 2,
  february: 2,
  mär: 3,
  mrz: 3,
  märz: 3,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  mai: 5,
  may: 5,
  jun: 6,
  juni: 6,
  june: 6,
  jul: 7,
  juli: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  oct: 10,
  oktober: 10,
  october: 10,
  nov: 11,
  november: 11,
  dez: 12,
  dec: 12,
  dezember: 12,
  december: 12,
};

function iso(y: number, m: number, d: number): string | undefined {
  if (y < 100) y += 2000;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1950 || y > 2100) return undefined;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCMonth() !== m - 1) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface DateMatch {
  date: string;
  index: number;
  raw: string;
}

const DATE_RES: { re: RegExp; get: (m: RegExpMatchArray) => string | undefined }[] = [
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, get: (m) => iso(+m[1]!, +m[2]!, +m[3]!) },
  { re: /\b(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})\b/g, get: (m) => iso(+m[3]!, +m[2]!, +m[1]!) },
  { re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, get: (m) => iso(+m[3]!, +m[2]!, +m[1]!) },
  { re: /\b(\d{1,2})\.?\s([A-Za-zÄäÖöÜü]{3,9})\.?\s(\d{4})\b/g, get: (m) => (MONTHS[m[2]!.toLowerCase()] ? iso(+m[3]!, MONTHS[m[2]!.toLowerCase()]!, +m[1]!) : undefined) },
  { re: /\b([A-Za-z]{3,9})\.?\s(\d{1,2}),?\s(\d{4})\b/g, get: (m) => (MONTHS[m[1]!.toLowerCase()] ? iso(+m[3]!, MONTHS[m[1]!.toLowerCase()]!, +m[2]!) : undefined) },
];

/** Every date in a text, in order of appearance. */
export function findDates(text: string): DateMatch[] {
  const out: DateMatch[] = [];
  for (const { re, get } of DATE_RES) {
    for (const m of text.matchAll(re)) {
      const date = get(m);
      if (date) out.push({ date, index: m.index ?? 0, raw: m[0] });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

const IBAN_RE = /\b([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?)\b/g;

/** IBANs in a text whose check digits are right (wrong ones are returned separately: never used, only reported). */
export function findIbans(text: string): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const m of text.toUpperCase().matchAll(IBAN_RE)) {
    const compact = m[1]!.replace(/\s+/g, '');
    if (compact.length < 15 || compact.length > 34) continue;
    if (isValidIban(compact)) valid.includes(compact) || valid.push(compact);
    else if (!/^\d+$/.test(compact.slice(4))) invalid.push(compact);
    else invalid.push(compact);
  }
  return { valid, invalid };
}

export const BIC_RE = /\b([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b/;

const VAT_RE = /\b((?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|GR|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)\s?[A-Z0-9][A-Z0-9 .]{6,14}[A-Z0-9])/;

export interface VatIdMatch {
  vatId: string;
  /** the check digits are right (or the country has none we check) */
  checksumOk: boolean;
  message?: string;
}

/** A VAT ID in a text (the first), with the check-digit verdict of @kontor/vies. */
export function findVatId(text: string): VatIdMatch | undefined {
  const m = VAT_RE.exec(text.toUpperCase());
  if (!m) return undefined;
  // trim trailing words that the pattern swallowed ("DE123456789 STEUERNR")
  const candidate = m[1]!.replace(/[ .]+/g, '');
  for (let len = Math.min(candidate.length, 14); len >= 4; len--) {
    const c = candidate.slice(0, len);
    const r = checkVatSyntax(c);
    if (r.valid) return { vatId: r.normalized, checksumOk: true };
    if (r.code === 'VAT_CHECKSUM') return { vatId: r.normalized ?? c, checksumOk: false, message: r.message };
  }
  return undefined;
}

/** Decimal → JSON number at the edge (two decimals at most for amounts, as printed). */
export const toNumber = (d: Decimal): number => Number(d.toString());
