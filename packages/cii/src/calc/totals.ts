/**
 * The arithmetic of EN 16931 on a normalised invoice: expected line net amounts, document totals (BR-CO-10..16)
 * and the VAT breakdown the lines and allowances/charges imply (BR-x-08, BR-CO-17). All exact, half-up to 2.
 */
import { vatCategory } from '../codelists/vat-categories';
import { type Big, dec, percentOf, rateKey, round2, sum, ZERO } from '../internal/decimal';
import type { Invoice } from '../model/invoice';

export interface VatGroup {
  categoryCode: string;
  ratePercent: number;
  /** Σ line net − allowances + charges of this category and rate. */
  basisAmount: Big;
  /** round2(basis × rate / 100) for rated categories, 0 for zero/exempt categories. */
  taxAmount: Big;
  lineCount: number;
  allowanceChargeCount: number;
}

export interface InvoiceTotals {
  /** Per line: round2(quantity × price) − allowances + charges. */
  lineNetAmounts: Big[];
  /** BT-106: Σ of the lines' stated net amounts. */
  lineTotal: Big;
  /** BT-107 / BT-108. */
  allowanceTotal: Big;
  chargeTotal: Big;
  /** BT-109 as it must be: BT-106 − BT-107 + BT-108 (BR-CO-13). */
  taxBasisTotal: Big;
  /** BT-110 as it must be: Σ stated breakdown tax amounts (BR-CO-14). */
  taxTotal: Big;
  /** BT-112 as it must be: stated BT-109 + stated BT-110 (BR-CO-15). */
  grandTotal: Big;
  /** BT-113. */
  paidAmount: Big;
  /** BT-115 = stated BT-112 − BT-113 (BR-CO-16; no rounding amount). */
  duePayable: Big;
  /** The breakdown the lines and document allowances/charges imply, keyed `${category}|${rate}`. */
  vatGroups: Map<string, VatGroup>;
}

export function groupKey(categoryCode: string, ratePercent: number): string {
  return `${categoryCode}|${rateKey(ratePercent)}`;
}

/** Whether a category carries VAT (S, L, M) or is always 0 (Z, E, AE, K, G, O). */
export function isTaxedCategory(code: string): boolean {
  const c = vatCategory(code);
  return c ? c.rate === 'positive' || c.rate === 'non-negative' : true;
}

/**
 * @example
 * ```ts
 * lineNetAmount(invoice.lines[0]!).toFixed(2); // '960.00' for 8 HUR × 120.00, no line allowances
 * ```
 */
export function lineNetAmount(line: Invoice['lines'][number]): Big {
  const base = round2(dec(line.quantity).times(dec(line.unitPriceNet)));
  let net = base;
  for (const ac of line.allowanceCharges ?? []) {
    const amount = ac.amount !== undefined ? dec(ac.amount) : ac.percent !== undefined ? percentOf(ac.basisAmount ?? base, ac.percent) : ZERO;
    net = ac.charge ? net.plus(amount) : net.minus(amount);
  }
  return net;
}

/**
 * Computes every derived total of a normalised invoice (see normalizeInvoice).
 * @example
 * ```ts
 * const invoice = completeInvoice({ invoiceNumber: 'RE-1', issueDate: '2026-03-10', dueDate: '2026-04-09',
 *   seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
 *   buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
 *   lines: [{ name: 'Beratung', quantity: 8, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }] });
 * const t = computeTotals(invoice);
 * console.log(t.taxBasisTotal.toFixed(2), t.grandTotal.toFixed(2)); // '960.00' '1142.40'
 * ```
 */
export function computeTotals(inv: Invoice): InvoiceTotals {
  const groups = new Map<string, VatGroup>();
  const group = (cat: string, rate: number): VatGroup => {
    const k = groupKey(cat, rate);
    let g = groups.get(k);
    if (!g) {
      g = { categoryCode: cat, ratePercent: rate, basisAmount: ZERO, taxAmount: ZERO, lineCount: 0, allowanceChargeCount: 0 };
      groups.set(k, g);
    }
    return g;
  };
  const lineNetAmounts = inv.lines.map(lineNetAmount);
  for (const line of inv.lines) {
    const g = group(line.categoryCode ?? 'S', line.vatRatePercent);
    g.basisAmount = g.basisAmount.plus(dec(line.lineNetAmount));
    g.lineCount++;
  }
  let allowanceTotal = ZERO;
  let chargeTotal = ZERO;
  for (const ac of inv.allowanceCharges ?? []) {
    const amount = dec(ac.amount ?? 0);
    if (ac.charge) chargeTotal = chargeTotal.plus(amount);
    else allowanceTotal = allowanceTotal.plus(amount);
    if (ac.ratePercent === undefined) continue;
    const g = group(ac.categoryCode ?? 'S', ac.ratePercent);
    g.basisAmount = ac.charge ? g.basisAmount.plus(amount) : g.basisAmount.minus(amount);
    g.allowanceChargeCount++;
  }
  for (const g of groups.values()) g.taxAmount = isTaxedCategory(g.categoryCode) ? percentOf(g.basisAmount, g.ratePercent) : ZERO;
  const lineTotal = sum(inv.lines.map((l) => dec(l.lineNetAmount)));
  const taxBasisTotal = lineTotal.minus(allowanceTotal).plus(chargeTotal);
  const taxTotal = sum(inv.vatBreakdown.map((b) => dec(b.taxAmount)));
  const grandTotal = dec(inv.totalNet).plus(dec(inv.totalVat));
  const paidAmount = dec(inv.paidAmount ?? 0);
  const duePayable = dec(inv.totalGross).minus(paidAmount);
  return { lineNetAmounts, lineTotal, allowanceTotal, chargeTotal, taxBasisTotal, taxTotal, grandTotal, paidAmount, duePayable, vatGroups: groups };
}
