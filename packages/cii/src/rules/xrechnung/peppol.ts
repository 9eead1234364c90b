/**
 * The Peppol BIS Billing 3.0 rules that KoSIT merges into the XRechnung CII schematron (PEPPOL-EN16931-R*),
 * in their three official patterns. Their contexts match anywhere in the document, as the official ones do.
 */
import type { XmlElement } from '@kontor/xml';
import { definePattern } from '../model';
import type { CiiDoc, RuleDef } from '../types';
import { anyNum, anyStr, D, decimal, first, has, is, one, RAM, round, RSM, sel, sv, type Dec } from '../xpath';
import { decimalDiv, each, isBlank, nspEl, nspOf } from './helpers';
import { rule } from './rule';

// ---------------------------------------------------------------- document values (the XSL's global parameters)

const CURRENCIES = Symbol('xr.peppol.currencies');

interface Currencies {
  /** $documentCurrencyCode: the BT-5 values. */
  invoice: string[];
  /** $taxCurrencyCode: the BT-6 values. */
  tax: string[];
  /** $slackValue: 0.5 for HUF, else 0.02. */
  slack: Dec;
}

function currencies(doc: CiiDoc): Currencies {
  return doc.memo(CURRENCIES, () => {
    const settlement = sel(doc.root, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement');
    const ok = is(doc.root, 'CrossIndustryInvoice', RSM);
    const invoice = ok ? sel(settlement, 'ram:InvoiceCurrencyCode').map(sv) : [];
    const tax = ok ? sel(settlement, 'ram:TaxCurrencyCode').map(sv) : [];
    return { invoice, tax, slack: D(invoice.includes('HUF') ? '0.5' : '0.02') };
  });
}

/** u:slack: expected ± slack contains actual. */
function withinSlack(expected: Dec, actual: Dec, slack: Dec): boolean {
  return expected.plus(slack).gte(actual) && expected.minus(slack).lte(actual);
}

/** xs:decimal(path): empty for no node, a dynamic error for several nodes or a bad value. */
function decimalAt(from: XmlElement | readonly XmlElement[] | undefined, path: string): Dec | undefined {
  const el = one(sel(from, path));
  return el ? decimal(sv(el)) : undefined;
}

/** `@currencyID = $codes` (general comparison: false when the attribute is absent). */
function currencyIn(amount: XmlElement, codes: readonly string[]): boolean {
  const c = amount.attr('currencyID');
  return c !== undefined && codes.includes(c);
}

/** A predicate inside a match pattern: a dynamic error there means "does not match" (XSLT 2.0 recovery). */
function typeCodeIn(el: XmlElement, codes: readonly string[]): boolean {
  const codesHere = sel(el, 'ram:TypeCode');
  return codesHere.length <= 1 && codes.includes(nspEl(codesHere[0]));
}

// ---------------------------------------------------------------- pattern peppol-cii-pattern-1

const p1 = definePattern('peppol-cii-pattern-1');
const anywhere = (local: string, priority: number, ns: string = RAM) => p1.context({ label: local, priority, locals: [local], match: (e) => e.ns === ns });

const cx = {
  context: anywhere('ExchangedDocumentContext', 14, RSM),
  settlement: anywhere('ApplicableHeaderTradeSettlement', 13),
  buyer: anywhere('BuyerTradeParty', 12),
  seller: anywhere('SellerTradeParty', 11),
  acPercentOnly: p1.context({
    label: 'ram:SpecifiedTradeAllowanceCharge[ram:CalculationPercent and not(ram:BasisAmount)]',
    priority: 10,
    locals: ['SpecifiedTradeAllowanceCharge'],
    match: (e) => e.ns === RAM && has(e, 'ram:CalculationPercent') && !has(e, 'ram:BasisAmount'),
  }),
  acBaseOnly: p1.context({
    label: 'ram:SpecifiedTradeAllowanceCharge[not(ram:CalculationPercent) and ram:BasisAmount]',
    priority: 9,
    locals: ['SpecifiedTradeAllowanceCharge'],
    match: (e) => e.ns === RAM && !has(e, 'ram:CalculationPercent') && has(e, 'ram:BasisAmount'),
  }),
  ac: anywhere('SpecifiedTradeAllowanceCharge', 8),
  priceAc: anywhere('AppliedTradeAllowanceCharge', 7),
  directDebit: p1.context({
    label: 'ram:SpecifiedTradeSettlementPaymentMeans with code 49 or 59',
    priority: 6,
    locals: ['SpecifiedTradeSettlementPaymentMeans'],
    match: (e) => e.ns === RAM && typeCodeIn(e, ['49', '59']),
  }),
  lineStart: p1.context({
    label: 'line period start, when the invoice period has a start',
    priority: 5,
    locals: ['StartDateTime'],
    match: (e, doc) => linePeriodDate(e, 'StartDateTime', doc) !== undefined,
  }),
  lineEnd: p1.context({
    label: 'line period end, when the invoice period has an end',
    priority: 4,
    locals: ['EndDateTime'],
    match: (e, doc) => linePeriodDate(e, 'EndDateTime', doc) !== undefined,
  }),
  line: anywhere('IncludedSupplyChainTradeLineItem', 3),
  price: p1.context({
    label: 'ram:NetPriceProductTradePrice | ram:GrossPriceProductTradePrice',
    priority: 2,
    locals: ['NetPriceProductTradePrice', 'GrossPriceProductTradePrice'],
    match: (e) => e.ns === RAM,
  }),
  baseQuantityUnit: p1.context({
    label: 'price ram:BasisQuantity[@unitCode]',
    priority: 1,
    locals: ['BasisQuantity'],
    match: (e) => e.ns === RAM && e.attr('unitCode') !== undefined && (is(e.parent, 'NetPriceProductTradePrice') || is(e.parent, 'GrossPriceProductTradePrice')),
  }),
};

const HEADER_PERIODS = Symbol('xr.peppol.headerPeriods');

/**
 * For rsm:SupplyChainTradeTransaction[invoice period date]/line/ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod/date:
 * the invoice period's date values; undefined when `e` is not such a node. Cached per transaction, since the
 * header blocks follow all the lines.
 */
function linePeriodDate(e: XmlElement, date: 'StartDateTime' | 'EndDateTime', doc: CiiDoc): string[] | undefined {
  const period = e.parent;
  const settlement = period?.parent;
  const line = settlement?.parent;
  const tx = line?.parent;
  if (!is(e, date) || !is(period, 'BillingSpecifiedPeriod') || !is(settlement, 'SpecifiedLineTradeSettlement')) return undefined;
  if (!is(line, 'IncludedSupplyChainTradeLineItem') || !is(tx, 'SupplyChainTradeTransaction', RSM)) return undefined;
  const cache = doc.memo(HEADER_PERIODS, () => new Map<XmlElement, Partial<Record<typeof date, string[] | null>>>());
  let perTx = cache.get(tx);
  if (!perTx) cache.set(tx, (perTx = {}));
  let values = perTx[date];
  if (values === undefined) {
    const header = sel(tx, `ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod/ram:${date}`);
    values = perTx[date] = header.length ? sel(header, 'udt:DateTimeString').map(sv) : null;
  }
  return values ?? undefined;
}

/** Untyped dates compare as strings (general comparison: some pair satisfies it). */
function someDatePair(e: XmlElement, doc: CiiDoc, date: 'StartDateTime' | 'EndDateTime', ok: (line: string, header: string) => boolean): boolean {
  const header = linePeriodDate(e, date, doc) ?? [];
  return sel(e, 'udt:DateTimeString').some((l) => header.some((h) => ok(sv(l), h)));
}

const indicatorOk = (el: XmlElement) => ['true', 'false'].includes(nspOf(el, 'ram:ChargeIndicator/udt:Indicator'));

function taxTotals(settlement: XmlElement): XmlElement[] {
  return sel(settlement, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount');
}

/** R120: line net amount = quantity × (net price / base quantity) + line charges − line allowances, ± slack. */
function lineAmountAgrees(line: XmlElement, doc: CiiDoc): boolean {
  const lineTotal = decimalAt(line, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount') ?? D(0);
  const quantity = decimalAt(line, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity') ?? D(1);
  const price = decimalAt(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount') ?? D(0);
  const netBase = decimalAt(line, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity');
  const grossBase = netBase && !netBase.eq(0) ? undefined : decimalAt(line, 'ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity');
  const base = netBase && !netBase.eq(0) ? netBase : grossBase && !grossBase.eq(0) ? grossBase : D(1);
  const charges = sel(line, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge');
  const total = (indicator: string): Dec => {
    const picked = charges.filter((c) => nspOf(c, 'ram:ChargeIndicator/udt:Indicator') === indicator);
    if (picked.length === 0) return D(0);
    let sum = D(0);
    for (const a of sel(picked, 'ram:ActualAmount')) sum = sum.plus(decimal(sv(a)));
    return (round(sum.times(100)) as Dec).times('0.01'); // exact, as `div 100` is
  };
  const unitPrice = base.eq(1) ? price : decimalDiv(price, base);
  const expected = quantity.times(unitPrice).plus(total('true')).minus(total('false'));
  return withinSlack(lineTotal, expected, currencies(doc).slack);
}

const pattern1: RuleDef[] = [
  rule(
    'PEPPOL-EN16931-R001',
    'fatal',
    'BT-23',
    each(cx.context, (e) => has(e, 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID')),
  ),
  rule(
    'PEPPOL-EN16931-R005',
    'fatal',
    'BT-6',
    each(cx.settlement, (e) => !has(e, 'ram:TaxCurrencyCode') || nspOf(e, 'ram:TaxCurrencyCode') !== nspOf(e, 'ram:InvoiceCurrencyCode')),
  ),
  rule(
    'PEPPOL-EN16931-R053',
    'fatal',
    'BT-110',
    each(cx.settlement, (e, doc) => taxTotals(e).filter((t) => currencyIn(t, currencies(doc).invoice)).length <= 1),
  ),
  rule(
    'PEPPOL-EN16931-R054',
    'fatal',
    'BT-111',
    each(cx.settlement, (e, doc) => {
      const invoice = currencies(doc).invoice;
      const other = taxTotals(e).filter((t) => {
        const c = t.attr('currencyID');
        return c !== undefined && invoice.some((x) => x !== c);
      });
      return other.length === (has(e, 'ram:TaxCurrencyCode') ? 1 : 0);
    }),
  ),
  rule(
    'PEPPOL-EN16931-R055',
    'fatal',
    'BT-111',
    each(cx.settlement, (e, doc) => {
      const { invoice, tax } = currencies(doc);
      const inInvoice = taxTotals(e).filter((t) => currencyIn(t, invoice));
      const inTax = taxTotals(e).filter((t) => currencyIn(t, tax));
      if (tax.length === 0 || inInvoice.length === 0) return true;
      return (anyNum(inTax, '<', D(0)) && anyNum(inInvoice, '<', D(0))) || (anyNum(inTax, '>=', D(0)) && anyNum(inInvoice, '>=', D(0)));
    }),
  ),
  rule(
    'PEPPOL-EN16931-R010',
    'fatal',
    'BT-49',
    each(cx.buyer, (e) => has(e, 'ram:URIUniversalCommunication/ram:URIID')),
  ),
  rule(
    'PEPPOL-EN16931-R020',
    'fatal',
    'BT-34',
    each(cx.seller, (e) => has(e, 'ram:URIUniversalCommunication/ram:URIID')),
  ),
  rule(
    'PEPPOL-EN16931-R041',
    'fatal',
    'BT-93',
    each(cx.acPercentOnly, () => false),
  ),
  rule(
    'PEPPOL-EN16931-R042',
    'fatal',
    'BT-94',
    each(cx.acBaseOnly, () => false),
  ),
  rule(
    'PEPPOL-EN16931-R040',
    'fatal',
    'BT-92',
    each(cx.ac, (e, doc) => {
      if (!has(e, 'ram:CalculationPercent') || !has(e, 'ram:BasisAmount')) return true;
      const amount = decimalAt(e, 'ram:ActualAmount') ?? D(0);
      // Division by 100 is exact, whatever the scale rule.
      const computed = decimalAt(e, 'ram:BasisAmount')!.times(decimalAt(e, 'ram:CalculationPercent')!).times('0.01');
      return withinSlack(amount, computed, currencies(doc).slack);
    }),
  ),
  rule('PEPPOL-EN16931-R043-1', 'fatal', 'BT-98', each(cx.ac, indicatorOk)),
  rule('PEPPOL-EN16931-R043-2', 'fatal', 'BT-147', each(cx.priceAc, indicatorOk)),
  rule(
    'PEPPOL-EN16931-R061',
    'fatal',
    'BT-89',
    each(cx.directDebit, (e) => has(e, '../ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID')),
  ),
  rule(
    'PEPPOL-EN16931-R110',
    'fatal',
    'BT-134',
    each(cx.lineStart, (e, doc) => someDatePair(e, doc, 'StartDateTime', (l, h) => l >= h)),
  ),
  rule(
    'PEPPOL-EN16931-R111',
    'fatal',
    'BT-135',
    each(cx.lineEnd, (e, doc) => someDatePair(e, doc, 'EndDateTime', (l, h) => l <= h)),
  ),
  rule('PEPPOL-EN16931-R120', 'warning', 'BT-131', each(cx.line, lineAmountAgrees)),
  rule(
    'PEPPOL-EN16931-R101',
    'fatal',
    'BT-128',
    each(
      cx.line,
      (e) => !has(e, 'ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument') || anyStr(sel(e, 'ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument/ram:TypeCode'), '130'),
    ),
  ),
  rule(
    'PEPPOL-EN16931-R121',
    'fatal',
    'BT-149',
    each(cx.price, (e) => {
      const q = decimalAt(e, 'ram:BasisQuantity');
      return q === undefined || q.gt(0);
    }),
  ),
  rule(
    'PEPPOL-EN16931-R130',
    'fatal',
    'BT-150',
    each(cx.baseQuantityUnit, (e) => {
      const unit = e.attr('unitCode');
      return sel(e, '../../../ram:SpecifiedLineTradeDelivery/ram:BilledQuantity').some((q) => q.attr('unitCode') === unit);
    }),
  ),
];

// ---------------------------------------------------------------- patterns peppol-cii-pattern-0-a and -0-b

const p0a = definePattern('peppol-cii-pattern-0-a');
const emptyElement = p0a.context({
  label: "//*[not(name() = 'ram:ApplicableHeaderTradeDelivery') and not(*) and not(normalize-space())]",
  priority: 1,
  locals: '*',
  // name() is the prefixed name as written: a delivery element with another prefix is not exempt.
  match: (e) => e.children.length === 0 && isBlank(e.text) && e.name !== 'ram:ApplicableHeaderTradeDelivery',
});

const p0b = definePattern('peppol-cii-pattern-0-b');
const grossPrice = p0b.context({
  label: 'rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice',
  priority: 1,
  locals: ['GrossPriceProductTradePrice'],
  match: (e) =>
    e.ns === RAM && is(e.parent, 'SpecifiedLineTradeAgreement') && is(e.parent?.parent, 'IncludedSupplyChainTradeLineItem') && is(e.parent?.parent?.parent, 'SupplyChainTradeTransaction', RSM),
});

const pattern0: RuleDef[] = [
  rule(
    'PEPPOL-EN16931-R008',
    'fatal',
    undefined,
    each(emptyElement, () => false),
  ),
  rule(
    'PEPPOL-EN16931-R044',
    'fatal',
    'BT-147',
    each(grossPrice, (e) => !has(e, 'ram:AppliedTradeAllowanceCharge/ram:ActualAmount') || anyStr(sel(e, 'ram:AppliedTradeAllowanceCharge/ram:ChargeIndicator/udt:Indicator'), 'false')),
  ),
  rule(
    'PEPPOL-EN16931-R046',
    'fatal',
    'BT-146',
    each(grossPrice, (e) => {
      const gross = decimalAt(e, 'ram:ChargeAmount');
      if (gross === undefined) return true;
      const net = decimalAt(e, '../ram:NetPriceProductTradePrice/ram:ChargeAmount');
      const discounts = sel(e, 'ram:AppliedTradeAllowanceCharge')
        .map((ac) => first(ac, 'ram:ActualAmount'))
        .filter((a) => a !== undefined);
      const discountEl = one(discounts);
      const discount = discountEl ? decimal(sv(discountEl)) : D(0);
      return net !== undefined && net.eq(gross.minus(discount));
    }),
  ),
];

export const peppolRules: RuleDef[] = [...pattern1, ...pattern0];
