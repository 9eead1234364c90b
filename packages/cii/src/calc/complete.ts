/**
 * completeInvoice: fills the computed parts of a draft (line net amounts, the VAT breakdown, the totals) from
 * its lines and allowances/charges, exactly as the rules will check them. Stated values are kept.
 */
import { vatCategory } from '../codelists/vat-categories';
import { dec, num, percentOf, rateKey, round2, sum, ZERO } from '../internal/decimal';
import type { InvoiceInput } from '../model/invoice';
import { isTaxedCategory } from './totals';

type Line = InvoiceInput['lines'][number];
type DraftLine = Omit<Line, 'lineNetAmount'> & { lineNetAmount?: number };

/** An invoice whose computed fields may be missing. */
export type DraftInvoice = Omit<InvoiceInput, 'lines' | 'vatBreakdown' | 'totalNet' | 'totalVat' | 'totalGross'> & {
  lines: DraftLine[];
  vatBreakdown?: InvoiceInput['vatBreakdown'];
  totalNet?: number;
  totalVat?: number;
  totalGross?: number;
};

/**
 * @example
 * ```ts
 * const invoice = completeInvoice({ invoiceNumber: 'RE-1', issueDate: '2026-03-10', dueDate: '2026-04-09',
 *   seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
 *   buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
 *   lines: [{ name: 'Beratung', quantity: 8, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }] });
 * console.log(invoice.totalGross, invoice.vatBreakdown); // 1142.4 [{ category: 'S', ratePercent: 19, … }]
 * ```
 */
export function completeInvoice(draft: DraftInvoice): InvoiceInput {
  const inv = structuredClone(draft) as DraftInvoice;
  for (const line of inv.lines) {
    if (line.lineNetAmount !== undefined) continue;
    const base = round2(dec(line.quantity).times(dec(line.unitPriceNet)));
    let net = base;
    for (const ac of line.allowanceCharges ?? []) {
      const amount = ac.amount !== undefined ? dec(ac.amount) : ac.percent !== undefined ? percentOf(ac.basisAmount ?? base, ac.percent) : ZERO;
      net = ac.charge ? net.plus(amount) : net.minus(amount);
    }
    line.lineNetAmount = num(net);
  }
  const lines = inv.lines as Line[];
  const rates = [...new Set(lines.map((l) => rateKey(l.vatRatePercent)))];
  const lineCat = (l: Line): string => l.categoryCode ?? inv.vatBreakdown?.find((b) => rateKey(b.ratePercent) === rateKey(l.vatRatePercent))?.categoryCode ?? 'S';
  const groups = new Map<string, { cat: string; rate: number; basis: ReturnType<typeof dec> }>();
  const add = (cat: string, rate: number, amount: ReturnType<typeof dec>): void => {
    const k = `${cat}|${rateKey(rate)}`;
    const g = groups.get(k) ?? { cat, rate, basis: ZERO };
    g.basis = g.basis.plus(amount);
    groups.set(k, g);
  };
  for (const l of lines) add(lineCat(l), l.vatRatePercent, dec(l.lineNetAmount));
  let allowances = ZERO;
  let charges = ZERO;
  for (const ac of inv.allowanceCharges ?? []) {
    const rate = ac.ratePercent ?? (rates.length === 1 ? lines[0]!.vatRatePercent : undefined);
    if (rate === undefined) continue;
    const lineCats = [...new Set(lines.filter((l) => rateKey(l.vatRatePercent) === rateKey(rate)).map(lineCat))];
    const cat = ac.categoryCode ?? inv.vatBreakdown?.find((b) => rateKey(b.ratePercent) === rateKey(rate))?.categoryCode ?? (lineCats.length === 1 ? lineCats[0]! : 'S');
    let amount = ac.amount !== undefined ? dec(ac.amount) : undefined;
    if (amount === undefined && ac.percent !== undefined) {
      const sameRate = lines.filter((l) => rateKey(l.vatRatePercent) === rateKey(rate));
      const mixed = new Set(sameRate.map(lineCat)).size > 1;
      const basis = ac.basisAmount !== undefined ? dec(ac.basisAmount) : sum((mixed ? sameRate.filter((l) => lineCat(l) === cat) : sameRate).map((l) => dec(l.lineNetAmount)));
      amount = percentOf(basis, ac.percent);
    }
    amount ??= ZERO;
    if (ac.charge) charges = charges.plus(amount);
    else allowances = allowances.plus(amount);
    add(cat, rate, ac.charge ? amount : amount.times(-1));
  }
  if (!inv.vatBreakdown) {
    inv.vatBreakdown = [...groups.values()].map((g) => {
      const entry: InvoiceInput['vatBreakdown'][number] = {
        categoryCode: g.cat,
        ratePercent: g.rate,
        basisAmount: num(g.basis),
        taxAmount: num(isTaxedCategory(g.cat) ? percentOf(g.basis, g.rate) : ZERO),
      };
      const c = vatCategory(g.cat);
      if (c?.exemption === 'required' && !c.defaultExemptionReason) entry.exemptionReason = 'Exempt from VAT';
      return entry;
    });
  }
  const lineTotal = sum(lines.map((l) => dec(l.lineNetAmount)));
  inv.totalNet ??= num(lineTotal.minus(allowances).plus(charges));
  inv.totalVat ??= num(sum(inv.vatBreakdown.map((b) => dec(b.taxAmount))));
  inv.totalGross ??= num(dec(inv.totalNet).plus(dec(inv.totalVat)));
  return inv as InvoiceInput;
}
