/**
 * Field accuracy of the text path: typeset an invoice with @kontor/zugferd, read it back from the text layer only
 * (the embedded XML is not looked at), compare field by field with the data it was typeset from.
 * Shared by the round-trip test and the bench row.
 */
import { completeInvoice, type InvoiceInput } from '@kontor/cii';
import { extractFromTextLayer, readTextLayer, typesetInvoice, type Lang } from '../src/index';

/** Header fields compared when the original has them (dot paths). */
export const HEADER_FIELDS = [
  'invoiceNumber',
  'documentTypeCode',
  'issueDate',
  'dueDate',
  'deliveryDate',
  'invoicingPeriod.start',
  'invoicingPeriod.end',
  'purchaseOrderReference',
  'contractReference',
  'projectReference',
  'buyerReference',
  'precedingInvoiceNumber',
  'currency',
  'seller.name',
  'seller.vatId',
  'seller.taxNumber',
  'seller.address.line1',
  'seller.address.postalCode',
  'seller.address.city',
  'buyer.name',
  'buyer.vatId',
  'buyer.address.line1',
  'buyer.address.postalCode',
  'buyer.address.city',
  'payment.iban',
  'payment.bic',
  'totalNet',
  'totalVat',
  'totalGross',
  'paidAmount',
  'vatBreakdown',
] as const;

const LINE_FIELDS = ['name', 'quantity', 'unitCode', 'unitPriceNet', 'vatRatePercent', 'lineNetAmount'] as const;

function at(o: unknown, path: string): unknown {
  let v = o;
  for (const p of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

const DEFAULTS: Record<string, unknown> = { documentTypeCode: '380', currency: 'EUR' };

function normalize(path: string, v: unknown): unknown {
  if (v === undefined && path in DEFAULTS) return DEFAULTS[path];
  if (path === 'payment.iban' && typeof v === 'string') return v.replace(/\s+/g, '');
  if (path === 'vatBreakdown' && Array.isArray(v)) {
    return JSON.stringify(
      v.map((b: Record<string, unknown>) => [Number(b.ratePercent), Number(b.basisAmount), Number(b.taxAmount), b.categoryCode ?? 'S']).sort((x, y) => Number(x[0]) - Number(y[0])),
    );
  }
  return v;
}

export interface FieldTally {
  [field: string]: { compared: number; equal: number };
}

export interface AccuracyReport {
  invoices: number;
  header: FieldTally;
  headerCompared: number;
  headerEqual: number;
  linesCompared: number;
  linesExact: number;
  /** per invoice: mismatching fields (for diagnostics) */
  misses: { name: string; field: string; expected: unknown; got: unknown }[];
}

export function emptyReport(): AccuracyReport {
  return { invoices: 0, header: {}, headerCompared: 0, headerEqual: 0, linesCompared: 0, linesExact: 0, misses: [] };
}

export function compareExtraction(name: string, original: InvoiceInput, got: Record<string, unknown>, r: AccuracyReport): void {
  r.invoices++;
  for (const f of HEADER_FIELDS) {
    const exp = normalize(f, at(original, f));
    if (exp === undefined) continue;
    const val = normalize(f, at(got, f));
    const t = (r.header[f] ??= { compared: 0, equal: 0 });
    t.compared++;
    r.headerCompared++;
    if (JSON.stringify(exp) === JSON.stringify(val)) {
      t.equal++;
      r.headerEqual++;
    } else r.misses.push({ name, field: f, expected: exp, got: val });
  }
  const ol = original.lines as Record<string, unknown>[];
  const gl = (Array.isArray(got.lines) ? got.lines : []) as Record<string, unknown>[];
  ol.forEach((line, i) => {
    r.linesCompared++;
    const g = gl[i];
    const bad = LINE_FIELDS.filter((f) => {
      const e = f === 'unitCode' ? (line[f] ?? 'C62') : line[f];
      const v = g ? (f === 'unitCode' ? (g[f] ?? 'C62') : g[f]) : undefined;
      return JSON.stringify(e) !== JSON.stringify(v);
    });
    if (bad.length === 0) r.linesExact++;
    else r.misses.push({ name, field: `lines.${i}.${bad.join('+')}`, expected: bad.map((f) => line[f]), got: bad.map((f) => g?.[f]) });
  });
}

/** Typesets `json` and reads it back through the text path only. */
export async function roundTrip(json: InvoiceInput, lang: Lang): Promise<Record<string, unknown>> {
  const { pdf } = await typesetInvoice(json, { now: new Date('2025-03-10T10:00:00Z'), lang });
  return extractFromTextLayer(await readTextLayer(pdf)).invoice;
}

export function summary(r: AccuracyReport): { header: number; lines: number } {
  return { header: r.headerCompared ? r.headerEqual / r.headerCompared : 0, lines: r.linesCompared ? r.linesExact / r.linesCompared : 0 };
}

/** Completed copies of invoice drafts (amounts by @kontor/cii). */
export const complete = (d: Parameters<typeof completeInvoice>[0]): InvoiceInput => completeInvoice(d);

/** The same PDF without its embedded invoice (catalog /Names and /AF removed): a plain print of the invoice. */
export { stripEmbeddedInvoice } from '@kontor/testkit/pdf';
