/**
 * normalizeInvoice: the canonical form the writer consumes and round trips compare. Fills everything the spec
 * derives (units, line categories from the breakdown, percent-based amounts and their basis defaults, allowance
 * rates and categories, exemption defaults, payment means default, Skonto stages) and reports what it could not.
 */
import type { Finding, Lang, MessageTexts } from '@kontor/xml';
import { CARD_CODES } from '../codelists/payment-means';
import { normalizeUnit } from '../codelists/units';
import { vatCategory } from '../codelists/vat-categories';
import { Big, dec, eq, num, percentOf, rateKey, round2, sum } from '../internal/decimal';
import { FindingList } from '../internal/findings';
import { texts as T } from '../messages';
import type { Invoice, InvoiceProfile } from '../model/invoice';

export interface NormalizeOptions {
  /** Overrides invoice.profile (the writer's profile option). */
  profile?: InvoiceProfile;
  /** Language of the finding messages (default en). */
  lang?: Lang | undefined;
}

export interface NormalizeResult {
  invoice: Invoice;
  findings: Finding[];
  /** Both texts of each finding by `code|path`. */
  texts: ReadonlyMap<string, MessageTexts>;
}

/** Slack the XRechnung schematron allows between an allowance amount and basis × percent (PEPPOL-EN16931-R040). */
const R040_SLACK = new Big('0.02');

export const SKONTO_LINE = /^#SKONTO#TAGE=([0-9]+)#PROZENT=([0-9]+\.[0-9]{2})#(?:BASISBETRAG=(-?[0-9]+\.[0-9]{2})#)?$/;

/** Keys whose value must stay even when empty, so that the rules can name the missing value. */
const KEEP_EMPTY = new Set(['invoiceNumber', 'issueDate', 'name', 'text', 'id']);

function trimDeep(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const x of value) {
      const t = trimDeep(x);
      if (t === '') continue;
      out.push(t);
    }
    return out;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(value)) {
      if (x === undefined) continue;
      const t = trimDeep(x);
      if (t === '' && !KEEP_EMPTY.has(k)) continue;
      out[k] = t;
    }
    return out;
  }
  return value;
}

export interface DiscountStage {
  days: number;
  percent: number;
  basisAmount?: number | undefined;
}

/** Splits payment terms into free text and the #SKONTO# marker lines it already contains. */
export function splitSkontoMarkers(terms: string | undefined): { text: string | undefined; stages: DiscountStage[] } {
  if (terms === undefined) return { text: undefined, stages: [] };
  const stages: DiscountStage[] = [];
  const rest: string[] = [];
  for (const line of terms.split(/\r?\n/)) {
    const m = SKONTO_LINE.exec(line.trim());
    if (m) {
      const stage: DiscountStage = { days: Number(m[1]), percent: Number(m[2]) };
      if (m[3] !== undefined) stage.basisAmount = Number(m[3]);
      stages.push(stage);
    } else rest.push(line);
  }
  const text = rest.join('\n').trim();
  return { text: text === '' ? undefined : text, stages };
}

/**
 * @example
 * ```ts
 * const invoice = completeInvoice({ invoiceNumber: 'RE-1', issueDate: '2026-03-10', dueDate: '2026-04-09',
 *   seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
 *   buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
 *   lines: [{ name: 'Beratung', quantity: 8, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }] });
 * const { invoice: canonical } = normalizeInvoice(invoice); // unit aliases resolved, categories and defaults filled in
 * ```
 */
export function normalizeInvoice(input: Invoice, opts: NormalizeOptions = {}): NormalizeResult {
  const f = new FindingList(opts.lang ?? 'en');
  const inv = trimDeep(structuredClone(input)) as Invoice;
  if (opts.profile) inv.profile = opts.profile;
  const xr = inv.profile === 'xrechnung';
  inv.lines ??= [];
  inv.vatBreakdown ??= [];
  inv.currency = (inv.currency ?? 'EUR').toUpperCase();
  if (inv.taxCurrencyCode !== undefined) inv.taxCurrencyCode = inv.taxCurrencyCode.toUpperCase();

  // Breakdown: category default and exemption defaults (AE text "Reverse charge", VATEX codes).
  for (const [i, b] of inv.vatBreakdown.entries()) {
    b.categoryCode = (b.categoryCode ?? 'S').toUpperCase();
    const cat = vatCategory(b.categoryCode);
    if (cat?.exemption === 'required') {
      if (b.exemptionReason === undefined && cat.defaultExemptionReason) {
        b.exemptionReason = cat.defaultExemptionReason;
        f.info('EXEMPTION_REASON_DEFAULTED', T('EXEMPTION_DEFAULTED', { reason: cat.defaultExemptionReason, category: cat.code }), `vatBreakdown.${i}.exemptionReason`, 'BT-120');
      }
      if (b.exemptionReasonCode === undefined && cat.defaultExemptionReasonCode) b.exemptionReasonCode = cat.defaultExemptionReasonCode;
    }
    if (b.exemptionReasonCode !== undefined) b.exemptionReasonCode = b.exemptionReasonCode.toUpperCase();
  }

  const breakdownByRate = new Map<string, string[]>();
  for (const b of inv.vatBreakdown) {
    const k = rateKey(b.ratePercent);
    const cats = breakdownByRate.get(k) ?? [];
    if (!cats.includes(b.categoryCode)) cats.push(b.categoryCode);
    breakdownByRate.set(k, cats);
  }

  // Lines: unit aliases, category inheritance, line allowances/charges.
  for (const [i, line] of inv.lines.entries()) {
    const unit = normalizeUnit(line.unitCode);
    if (unit.via === 'fallback') f.warning('UNIT_UNKNOWN', T('UNIT_UNKNOWN', { unit: line.unitCode }), `lines.${i}.unitCode`, 'BT-130');
    line.unitCode = unit.code;
    if (line.globalArticleId === undefined) delete (line as { globalArticleScheme?: string }).globalArticleScheme;
    if (line.categoryCode !== undefined) line.categoryCode = line.categoryCode.toUpperCase();
    else {
      const cats = breakdownByRate.get(rateKey(line.vatRatePercent)) ?? [];
      if (cats.length === 1) line.categoryCode = cats[0]!;
      else if (cats.length === 0) f.error('BR-CO-04', T('LINE_CATEGORY_NO_RATE', { rate: line.vatRatePercent }), `lines.${i}.vatRatePercent`, 'BT-151');
      else f.error('BR-CO-04', T('LINE_CATEGORY_AMBIGUOUS', { rate: line.vatRatePercent, categories: cats.join(', ') }), `lines.${i}.categoryCode`, 'BT-151');
    }
    const lineBase = round2(dec(line.quantity).times(dec(line.unitPriceNet)));
    for (const [j, ac] of (line.allowanceCharges ?? []).entries()) {
      const path = `lines.${i}.allowanceCharges.${j}`;
      if (ac.percent !== undefined) {
        if (ac.basisAmount === undefined) ac.basisAmount = num(lineBase);
        derivePercentAmount(ac, path, xr, f, ac.charge ? 'BT-141' : 'BT-136');
      } else {
        if (ac.amount === undefined) f.error(ac.charge ? 'BR-43' : 'BR-41', T('LINE_AC_AMOUNT_REQUIRED'), `${path}.amount`, ac.charge ? 'BT-141' : 'BT-136');
        if (ac.basisAmount !== undefined && xr) {
          delete ac.basisAmount;
          f.warning('PEPPOL-EN16931-R042', T('AC_BASIS_DROPPED'), `${path}.basisAmount`);
        }
      }
    }
  }

  // Document level allowances/charges: rate, category, basis default, amount.
  const lineRateKeys = [...new Set(inv.lines.map((l) => rateKey(l.vatRatePercent)))];
  for (const [k, ac] of (inv.allowanceCharges ?? []).entries()) {
    const path = `allowanceCharges.${k}`;
    if (ac.ratePercent === undefined) {
      if (lineRateKeys.length === 1) ac.ratePercent = inv.lines[0]!.vatRatePercent;
      else f.error('ALLOWANCE_CHARGE_RATE_REQUIRED', T('AC_RATE_REQUIRED', { count: lineRateKeys.length }), `${path}.ratePercent`, ac.charge ? 'BT-103' : 'BT-96');
    }
    if (ac.categoryCode !== undefined) ac.categoryCode = ac.categoryCode.toUpperCase();
    else if (ac.ratePercent !== undefined) {
      const cats = breakdownByRate.get(rateKey(ac.ratePercent)) ?? [];
      if (cats.length > 1)
        f.error(ac.charge ? 'BR-37' : 'BR-32', T('AC_CATEGORY_AMBIGUOUS', { rate: ac.ratePercent, categories: cats.join(', ') }), `${path}.categoryCode`, ac.charge ? 'BT-102' : 'BT-95');
      else ac.categoryCode = cats[0] ?? 'S';
    } else ac.categoryCode = 'S';
    if (ac.percent !== undefined) {
      if (ac.basisAmount === undefined && ac.ratePercent !== undefined) {
        const rk = rateKey(ac.ratePercent);
        const sameRate = inv.lines.filter((l) => rateKey(l.vatRatePercent) === rk);
        const mixed = new Set(sameRate.map((l) => l.categoryCode)).size > 1;
        const basisLines = mixed ? sameRate.filter((l) => l.categoryCode === ac.categoryCode) : sameRate;
        ac.basisAmount = num(sum(basisLines.map((l) => dec(l.lineNetAmount))));
      }
      if (ac.basisAmount !== undefined) derivePercentAmount(ac, path, xr, f, ac.charge ? 'BT-99' : 'BT-92');
    } else {
      if (ac.amount === undefined) f.error(ac.charge ? 'BR-36' : 'BR-31', T('DOC_AC_AMOUNT_REQUIRED'), `${path}.amount`, ac.charge ? 'BT-99' : 'BT-92');
      if (ac.basisAmount !== undefined && xr) {
        delete ac.basisAmount;
        f.warning('PEPPOL-EN16931-R042', T('AC_BASIS_DROPPED'), `${path}.basisAmount`);
      }
    }
  }

  if (inv.payee?.id !== undefined && inv.payee.gln !== undefined) {
    delete inv.payee.id;
    f.warning('PAYEE_ONE_IDENTIFIER', T('PAYEE_ONE_IDENTIFIER'), 'payee.id', 'BT-60');
  }
  normalizeNotes(inv);
  normalizeDelivery(inv, f);
  normalizeParties(inv);
  normalizePayment(inv, f);
  return { invoice: inv, findings: f.items, texts: f.texts };
}

function derivePercentAmount(ac: { amount?: number | undefined; basisAmount?: number | undefined; percent?: number | undefined }, path: string, xr: boolean, f: FindingList, bt: string): void {
  const derived = percentOf(ac.basisAmount!, ac.percent!);
  if (ac.amount === undefined) {
    ac.amount = num(derived);
    return;
  }
  if (eq(ac.amount, derived)) return;
  const diff = dec(ac.amount).minus(derived).abs();
  const msg = T('AC_AMOUNT_MISMATCH', { amount: ac.amount, basis: ac.basisAmount, percent: ac.percent, expected: derived.toFixed(2) });
  if (xr && diff.gt(R040_SLACK)) f.error('PEPPOL-EN16931-R040', msg, `${path}.amount`, bt);
  else f.warning('PEPPOL-EN16931-R040', msg, `${path}.amount`, bt);
}

function normalizeNotes(inv: Invoice): void {
  if (!inv.notes) return;
  const notes: NonNullable<Invoice['notes']> = [];
  for (const n of inv.notes) {
    if (typeof n === 'string') notes.push(n);
    else if (n.text !== '') notes.push(n.subjectCode ? { text: n.text, subjectCode: n.subjectCode.toUpperCase() } : n.text);
  }
  if (notes.length) inv.notes = notes;
  else delete inv.notes;
}

function normalizeDelivery(inv: Invoice, f: FindingList): void {
  const d = inv.delivery;
  if (inv.deliveryCountryCode) inv.deliveryCountryCode = inv.deliveryCountryCode.toUpperCase();
  if (!d) return;
  if (d.address) {
    if (d.address.countryCode) d.address.countryCode = d.address.countryCode.toUpperCase();
    if (d.address.countryCode === undefined) {
      if (inv.deliveryCountryCode) d.address.countryCode = inv.deliveryCountryCode;
    } else if (inv.deliveryCountryCode === undefined) inv.deliveryCountryCode = d.address.countryCode;
    else if (inv.deliveryCountryCode !== d.address.countryCode) {
      f.error('DELIVERY_COUNTRY_CONFLICT', T('DELIVERY_COUNTRY_CONFLICT', { code: inv.deliveryCountryCode, addressCode: d.address.countryCode }), 'deliveryCountryCode', 'BT-80');
    }
    const { countryCode, ...rest } = d.address;
    // An address that is only a country is the same as deliveryCountryCode alone.
    if (Object.keys(rest).length === 0) {
      if (countryCode && !inv.deliveryCountryCode) inv.deliveryCountryCode = countryCode;
      delete d.address;
    }
  }
  if (Object.keys(d).length === 0) delete inv.delivery;
}

function normalizeParties(inv: Invoice): void {
  for (const p of [inv.seller, inv.buyer]) {
    if (!p) continue;
    p.address ??= { countryCode: 'DE' };
    p.address.countryCode = (p.address.countryCode ?? 'DE').toUpperCase();
    if (p.contact && Object.keys(p.contact).length === 0) delete p.contact;
    if (p.electronicAddress) p.electronicAddress.scheme ??= 'EM';
    if (p.vatId) p.vatId = p.vatId.replace(/\s+/g, '').toUpperCase();
  }
}

const DIRECT_DEBIT = new Set(['49', '59']);

function normalizePayment(inv: Invoice, f: FindingList): void {
  const p = inv.payment;
  if (!p) return;
  if (p.iban) p.iban = p.iban.replace(/\s+/g, '').toUpperCase();
  if (p.debitedIban) p.debitedIban = p.debitedIban.replace(/\s+/g, '').toUpperCase();
  if (p.bic) p.bic = p.bic.replace(/\s+/g, '').toUpperCase();
  if (p.meansCode === undefined) {
    if (p.iban) p.meansCode = '58';
    else if (p.debitedIban || p.mandateId || p.creditorId) p.meansCode = '59';
  }
  if (p.meansCode !== undefined && DIRECT_DEBIT.has(p.meansCode)) {
    for (const k of ['iban', 'bic', 'accountName'] as const) {
      if (p[k] !== undefined && p.meansCode === '59') {
        delete p[k];
        f.warning('PAYEE_ACCOUNT_IGNORED', T('PAYEE_ACCOUNT_IGNORED', { field: k }), `payment.${k}`);
      }
    }
  } else {
    for (const k of ['mandateId', 'creditorId', 'debitedIban'] as const) {
      if (p[k] !== undefined) {
        delete p[k];
        f.warning('DIRECT_DEBIT_FIELD_IGNORED', T('DIRECT_DEBIT_FIELD_IGNORED', { field: k, code: p.meansCode ?? { key: 'NONE' } }), `payment.${k}`);
      }
    }
  }
  if ((p.cardNumber !== undefined || p.cardHolder !== undefined) && (p.meansCode === undefined || !CARD_CODES.has(p.meansCode))) {
    delete p.cardNumber;
    delete p.cardHolder;
    f.warning('CARD_IGNORED', T('CARD_IGNORED'), 'payment.cardNumber', 'BT-87');
  }
  // Skonto: canonical form = first stage in discountPercent/discountDays, further stages in discountStages.
  const split = splitSkontoMarkers(p.terms);
  const stages: DiscountStage[] = [];
  if (p.discountPercent !== undefined || p.discountDays !== undefined) {
    if (p.discountPercent === undefined || p.discountDays === undefined) {
      f.error('SKONTO_INCOMPLETE', T('SKONTO_INCOMPLETE'), p.discountPercent === undefined ? 'payment.discountPercent' : 'payment.discountDays', 'BT-20');
    } else stages.push({ days: p.discountDays, percent: p.discountPercent });
  }
  for (const s of p.discountStages ?? []) stages.push(s.basisAmount === undefined ? { days: s.days, percent: s.percent } : { ...s });
  stages.push(...split.stages);
  if (split.text === undefined) delete p.terms;
  else p.terms = split.text;
  delete p.discountPercent;
  delete p.discountDays;
  delete p.discountStages;
  const [first, ...more] = stages;
  if (first) {
    if (first.basisAmount === undefined) {
      p.discountPercent = first.percent;
      p.discountDays = first.days;
    } else more.unshift(first);
  }
  if (more.length) p.discountStages = more;
  if (Object.keys(p).length === 0) delete inv.payment;
}

/**
 * The Skonto stages of a normalised payment, in order.
 * @example
 * ```ts
 * readDiscountStages({ iban: 'DE02120300000000202051', discountPercent: 2, discountDays: 10 }); // [{ days: 10, percent: 2 }]
 * readDiscountStages(undefined);                            // []
 * ```
 */
export function readDiscountStages(p: Invoice['payment']): DiscountStage[] {
  if (!p) return [];
  const out: DiscountStage[] = [];
  if (p.discountPercent !== undefined && p.discountDays !== undefined) out.push({ days: p.discountDays, percent: p.discountPercent });
  for (const s of p.discountStages ?? []) out.push(s.basisAmount === undefined ? { days: s.days, percent: s.percent } : { days: s.days, percent: s.percent, basisAmount: s.basisAmount });
  return out;
}
