/**
 * EN 16931 semantic model rules bound to CII (pattern "EN16931-CII-Model" of the CEN artefacts 1.3.16):
 * BR-01…BR-65, BR-CO-*, BR-DEC-* and the VAT category rules BR-S/Z/E/AE/IC(K)/G/O/AF(L)/AG(M)/B-*.
 * Contexts and priorities follow the official pattern, so e.g. a document VAT breakdown of category O, L or M
 * fires only its category rule and not the generic BG-23 rules (as the official validator does).
 */
import type { XmlElement } from '@kontor/xml';
import type { CiiDoc, RuleDef } from '../types';
import { definePattern } from '../model';
import {
  D,
  RAM,
  RSM,
  UDT,
  abs,
  add,
  anchored,
  anyKidIs,
  anyEqNodes,
  anyNum,
  anyStr,
  attr,
  cmp,
  dbl,
  decimal,
  div,
  fractionLength,
  fromRoot,
  has,
  indicatorIs,
  is,
  isBlank,
  kid,
  kids,
  mul,
  nsp,
  nspAt,
  one,
  onlyKid,
  round,
  sel,
  sub,
  sumNodes,
  sv,
  toDecimal,
  upper,
  XPathDynamicError,
  anyNumAt,
  onlyAt,
  someAt,
  type Dec,
  type XNum,
} from '../xpath';
import { VAT_ID_PREFIXES } from '../codelists';
import { rule, docRule } from './dsl';
import {
  HEADER_SETTLEMENT,
  TX,
  anyBuyerHasLegalId,
  anyBuyerHasVatId,
  anySellerHasVatId,
  anySellerHasVatOrTaxId,
  decFirst,
  decOpt,
  expectedBasis,
  expectedBasisIsInteger,
  isCharge,
  sellerHasVatId,
  sellerHasVatOrTaxId,
} from './vat';

const P = definePattern('EN16931-CII-Model');
// Context paths as constants (not template literals inside a match, which would build a new string per element).
const HEADER_DELIVERY_PATH = `${TX}/ram:ApplicableHeaderTradeDelivery`;
const PRECEDING_INVOICE_PATH = `${HEADER_SETTLEMENT}/ram:InvoiceReferencedDocument`;
const ram = (el: XmlElement) => el.ns === RAM;
// Absolute paths of the rules as constants (a template literal in a rule would build and hash a new string per call).
const INVOICE_CURRENCY_PATH = `${HEADER_SETTLEMENT}/ram:InvoiceCurrencyCode`;
const TAX_CURRENCY_PATH = `${HEADER_SETTLEMENT}/ram:TaxCurrencyCode`;
const HEADER_SUMMATION_PATH = `${HEADER_SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
const HEADER_TAX_AMOUNT_PATH = `${HEADER_SETTLEMENT}/ram:ApplicableTradeTax/ram:CalculatedAmount`;
const DELIVERY_DATE_PATH = `${TX}/ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`;
const SHIP_TO_COUNTRY_PATH = `${TX}/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID`;
const HEADER_AC_PATH = `${HEADER_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge`;

/** upper-case(ram:TypeCode) = 'VAT' (one TypeCode at most, as upper-case demands). */
const vatTyped = (tax: XmlElement | null | undefined) => {
  if (!tax) return false;
  const t = sv(onlyKid(tax, 'TypeCode'));
  // Mostly written 'VAT': no upper-cased copy for it.
  return t === 'VAT' || upper(t) === 'VAT';
};
/** A VAT-typed tax with a category code (module level: no closure per line). */
const vatWithCategory = (t: XmlElement) => vatTyped(t) && has(t, 'ram:CategoryCode');
/** Carries @unitCode (module level: no closure per line). */
const hasUnitCode = (q: XmlElement) => attr(q, 'unitCode') !== undefined;
/** [ram:CategoryCode = code] */
const hasCategory = (tax: XmlElement | null | undefined, code: string) => !!tax && anyKidIs(tax, 'CategoryCode', code);
/** The element's parent is a ram:SpecifiedTradeAllowanceCharge with this indicator (boolean comparison). */
const inAllowanceCharge = (el: XmlElement, charge: boolean) => is(el.parent, 'SpecifiedTradeAllowanceCharge') && indicatorIs(sel(el.parent, 'ram:ChargeIndicator/udt:Indicator'), charge);
/** Context predicate of a header ChargeIndicator: udt:Indicator = 'true' / 'false' as a string. */
const indicatorText = (el: XmlElement, value: string) => anyKidIs(el, 'Indicator', value, UDT);

/** ram:ApplicableTradeTax under the line settlement of a line of a transaction (any depth above). */
const isLineTax = (el: XmlElement) =>
  ram(el) &&
  is(el, 'ApplicableTradeTax') &&
  is(el.parent, 'SpecifiedLineTradeSettlement') &&
  is(el.parent!.parent, 'IncludedSupplyChainTradeLineItem') &&
  is(el.parent!.parent!.parent, 'SupplyChainTradeTransaction', RSM);
/** ram:ApplicableTradeTax of the header settlement of a transaction. */
const isHeaderTaxOfTx = (el: XmlElement) => ram(el) && is(el.parent, 'ApplicableHeaderTradeSettlement') && is(el.parent!.parent, 'SupplyChainTradeTransaction', RSM);
/** ram:CategoryCode of a header ApplicableTradeTax (optionally: under a transaction). */
// Names along the ancestor axis first, the text last: elements at other paths (line category codes) are then
// settled once per path by the context planner (model.ts) instead of reading each element's text.
const isHeaderCategory = (el: XmlElement, code: string, underTx: boolean) =>
  ram(el) &&
  is(el.parent, 'ApplicableTradeTax') &&
  is(el.parent!.parent, 'ApplicableHeaderTradeSettlement') &&
  (!underTx || is(el.parent!.parent!.parent, 'SupplyChainTradeTransaction', RSM)) &&
  sv(el) === code;

/**
 * The text of a tax's only ram:CategoryCode child; undefined when it has none or several (then hasCategory decides).
 * A guard key (ContextSpec.guard): with exactly one code, [ram:CategoryCode = code] holds only for that text.
 */
function onlyCategory(tax: XmlElement): string | undefined {
  let found: XmlElement | undefined;
  const ch = tax.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local !== 'CategoryCode' || c.ns !== RAM) continue;
    if (found !== undefined) return undefined;
    found = c;
  }
  return found === undefined ? undefined : sv(found);
}

/** The three or four contexts each VAT category has. */
function categoryContexts(code: string, prio: { header?: number; line: number; allowance: number; charge: number }, header: 'category' | 'categoryTx' | 'tax' | 'none') {
  return {
    header:
      header === 'none' || prio.header === undefined
        ? undefined
        : header === 'tax'
          ? P.context({
              label: `document VAT breakdown, category ${code}`,
              priority: prio.header,
              locals: ['ApplicableTradeTax'],
              match: (el) => isHeaderTaxOfTx(el) && hasCategory(el, code) && vatTyped(el),
            })
          : P.context({
              label: `document VAT breakdown category code ${code}`,
              priority: prio.header,
              locals: ['CategoryCode'],
              match: (el) => isHeaderCategory(el, code, header === 'categoryTx') && (header === 'category' && (code === 'S' || code === 'Z') ? true : vatTyped(el.parent)),
            }),
    // A match is a conjunction whose errors count as a non-match, so its most selective cheap test may go first:
    // the category (a look at the children) before the position test that every line tax passes (tried by each of
    // the nine categories' line contexts in turn) and before the indicator test (a path evaluation).
    line: P.context({
      label: `line VAT, category ${code}`,
      priority: prio.line,
      locals: ['ApplicableTradeTax'],
      match: (el) => hasCategory(el, code) && isLineTax(el) && vatTyped(el),
      guard: { key: onlyCategory, value: code },
    }),
    allowance: P.context({
      label: `allowance VAT, category ${code}`,
      priority: prio.allowance,
      locals: ['CategoryTradeTax'],
      match: (el) => ram(el) && hasCategory(el, code) && inAllowanceCharge(el, false) && vatTyped(el),
    }),
    charge: P.context({
      label: `charge VAT, category ${code}`,
      priority: prio.charge,
      locals: ['CategoryTradeTax'],
      match: (el) => ram(el) && hasCategory(el, code) && inAllowanceCharge(el, true) && vatTyped(el),
    }),
  };
}

const C = {
  classification: P.context({ label: 'item classification (BT-158)', priority: 1058, locals: ['DesignatedProductClassification'], match: ram }),
  additionalDocument: P.context({ label: 'additional supporting document (BG-24)', priority: 1057, locals: ['AdditionalReferencedDocument'], match: ram }),
  card: P.context({ label: 'payment card (BG-18)', priority: 1056, locals: ['ApplicableTradeSettlementFinancialCard'], match: ram }),
  creditTransferAccount: P.context({
    label: 'credit transfer account (BG-17) of payment means 30/58',
    priority: 1055,
    locals: ['PayeePartyCreditorFinancialAccount'],
    match: (el) => ram(el) && is(el.parent, 'SpecifiedTradeSettlementPaymentMeans') && kids(el.parent!, 'TypeCode').some((t) => sv(t) === '30' || sv(t) === '58'),
  }),
  headerDelivery: P.context({ label: 'header delivery', priority: 1054, locals: ['ApplicableHeaderTradeDelivery'], match: anchored(HEADER_DELIVERY_PATH) }),
  headerAllowanceIndicator: P.context({
    label: 'document level allowance (BG-20)',
    priority: 1053,
    locals: ['ChargeIndicator'],
    match: (el) => ram(el) && is(el.parent, 'SpecifiedTradeAllowanceCharge') && is(el.parent!.parent, 'ApplicableHeaderTradeSettlement') && indicatorText(el, 'false'),
  }),
  headerChargeIndicator: P.context({
    label: 'document level charge (BG-21)',
    priority: 1052,
    locals: ['ChargeIndicator'],
    match: (el) => ram(el) && is(el.parent, 'SpecifiedTradeAllowanceCharge') && is(el.parent!.parent, 'ApplicableHeaderTradeSettlement') && indicatorText(el, 'true'),
  }),
  totals: P.context({ label: 'document totals (BG-22)', priority: 1051, locals: ['SpecifiedTradeSettlementHeaderMonetarySummation'], match: ram }),
  invoice: P.context({ label: 'invoice', priority: 1050, locals: ['CrossIndustryInvoice'], match: (el) => el.parent === null && el.ns === RSM }),
  line: P.context({ label: 'invoice line (BG-25)', priority: 1049, locals: ['IncludedSupplyChainTradeLineItem'], match: ram }),
  lineAllowanceIndicator: P.context({
    label: 'line allowance (BG-27)',
    priority: 1048,
    locals: ['ChargeIndicator'],
    match: (el) => ram(el) && is(el.parent, 'SpecifiedTradeAllowanceCharge') && is(el.parent!.parent, 'SpecifiedLineTradeSettlement') && indicatorText(el, 'false'),
  }),
  lineChargeIndicator: P.context({
    label: 'line charge (BG-28)',
    priority: 1047,
    locals: ['ChargeIndicator'],
    match: (el) => ram(el) && is(el.parent, 'SpecifiedTradeAllowanceCharge') && is(el.parent!.parent, 'SpecifiedLineTradeSettlement') && indicatorText(el, 'true'),
  }),
  linePeriod: P.context({ label: 'line period (BG-26)', priority: 1046, locals: ['BillingSpecifiedPeriod'], match: (el) => ram(el) && is(el.parent, 'SpecifiedLineTradeSettlement') }),
  headerPeriod: P.context({ label: 'invoicing period (BG-14)', priority: 1045, locals: ['BillingSpecifiedPeriod'], match: (el) => ram(el) && is(el.parent, 'ApplicableHeaderTradeSettlement') }),
  characteristic: P.context({ label: 'item attribute (BG-32)', priority: 1044, locals: ['ApplicableProductCharacteristic'], match: ram }),
  payee: P.context({ label: 'payee (BG-10)', priority: 1043, locals: ['PayeeTradeParty'], match: ram }),
  paymentMeans: P.context({ label: 'payment instructions (BG-16)', priority: 1042, locals: ['SpecifiedTradeSettlementPaymentMeans'], match: ram }),
  precedingInvoice: P.context({ label: 'preceding invoice reference (BG-3)', priority: 1041, locals: ['InvoiceReferencedDocument'], match: anchored(PRECEDING_INVOICE_PATH) }),
  seller: P.context({ label: 'seller (BG-4)', priority: 1040, locals: ['SellerTradeParty'], match: ram }),
  taxRepresentative: P.context({ label: 'seller tax representative (BG-11)', priority: 1039, locals: ['SellerTaxRepresentativeTradeParty'], match: ram }),
  vatTotal: P.context({
    label: 'VAT total in invoice currency (BT-110)',
    priority: 1038,
    locals: ['TaxTotalAmount'],
    match: (el, doc) => ram(el) && is(el.parent, 'SpecifiedTradeSettlementHeaderMonetarySummation') && anyStr(invoiceCurrencyNodes(doc), attr(el, 'currencyID') ?? '\u0000'),
  }),
  vatId: P.context({ label: 'VAT identifier', priority: 1037, locals: ['ID'], match: (el) => ram(el) && is(el.parent, 'SpecifiedTaxRegistration') && attr(el, 'schemeID') === 'VA' }),
  ae: categoryContexts('AE', { header: 1036, allowance: 1035, charge: 1034, line: 1033 }, 'categoryTx'),
  l: categoryContexts('L', { header: 1032, line: 1031, allowance: 1030, charge: 1029 }, 'tax'),
  m: categoryContexts('M', { header: 1028, line: 1027, allowance: 1026, charge: 1025 }, 'tax'),
  e: categoryContexts('E', { header: 1024, allowance: 1023, charge: 1022, line: 1021 }, 'categoryTx'),
  g: categoryContexts('G', { header: 1020, allowance: 1019, charge: 1018, line: 1017 }, 'categoryTx'),
  k: categoryContexts('K', { header: 1016, allowance: 1015, charge: 1014, line: 1013 }, 'categoryTx'),
  o: categoryContexts('O', { header: 1012, allowance: 1011, charge: 1010, line: 1009 }, 'tax'),
  s: categoryContexts('S', { header: 1008, line: 1007, allowance: 1006, charge: 1005 }, 'category'),
  z: categoryContexts('Z', { header: 1004, allowance: 1003, charge: 1002, line: 1001 }, 'category'),
  headerTax: P.context({ label: 'VAT breakdown (BG-23)', priority: 1000, locals: ['ApplicableTradeTax'], match: (el) => ram(el) && is(el.parent, 'ApplicableHeaderTradeSettlement') }),
};

const INVOICE_CURRENCY = Symbol('en16931.invoiceCurrencyNodes');
function invoiceCurrencyNodes(doc: CiiDoc): XmlElement[] {
  return doc.memo(INVOICE_CURRENCY, () => fromRoot(doc.root, INVOICE_CURRENCY_PATH));
}
const taxCurrencyNodes = (doc: CiiDoc) => fromRoot(doc.root, TAX_CURRENCY_PATH);

/** string-length(substring-after(value, '.')) <= 2 on at most one node. */
const twoDecimals = (nodes: readonly XmlElement[]) => fractionLength(sv(one(nodes))) <= 2;
/** Same on the first node (path[1]). */
const twoDecimalsFirst = (nodes: readonly XmlElement[]) => fractionLength(sv(nodes[0])) <= 2;
const notBlank = (el: XmlElement | undefined, path: string) => !isBlank(sv(onlyAt(el, path)));
const hasReason = (el: XmlElement) => has(el, '../ram:Reason') || has(el, '../ram:ReasonCode');
// Compared with the double 0, which is what the decimal 0 becomes against the node's double (no list, no conversion).
const rateIs = (op: '>' | '=' | '>=') => (el: XmlElement) => anyNumAt(el, 'ram:RateApplicablePercent', op, 0);
const always = () => true;

/** Optional-value arithmetic: '()' propagates, as in XPath. */
const opt = <T>(f: (...xs: XNum[]) => T, ...xs: (XNum | undefined)[]): T | undefined => (xs.some((x) => x === undefined) ? undefined : f(...(xs as XNum[])));
const eqOpt = (a: XNum | undefined, b: XNum | undefined) => a !== undefined && b !== undefined && cmp(a, '=', b);
const hundredths = (x: XNum) => div(round(mul(mul(x, D(10)), D(10))), D(100));

// ------------------------------------------------------------------ VAT category families

const CATEGORY_COUNTS = Symbol('en16931.categoryCounts');
/** BR-xx-01 family: number of breakdowns of a category against its use on lines and allowances/charges. */
function categoryCounts(doc: CiiDoc, code: string): { header: number; line: number; allowanceCharge: number } {
  const all = doc.memo(CATEGORY_COUNTS, () => {
    // Per category code: how many taxes carry it (a tax counts once even with several CategoryCode children).
    const tally = (taxes: readonly XmlElement[]) => {
      const m = new Map<string, number>();
      for (let i = 0; i < taxes.length; i++) {
        // Each distinct CategoryCode value of the tax once: a value counts unless an earlier CategoryCode child had it.
        const ch = taxes[i]!.children;
        for (let k = 0; k < ch.length; k++) {
          const c = ch[k]!;
          if (c.local !== 'CategoryCode' || c.ns !== RAM) continue;
          const v = sv(c);
          let earlier = false;
          for (let j = 0; j < k && !earlier; j++) {
            const e = ch[j]!;
            earlier = e.local === 'CategoryCode' && e.ns === RAM && sv(e) === v;
          }
          if (!earlier) m.set(v, (m.get(v) ?? 0) + 1);
        }
      }
      return m;
    };
    return {
      header: tally(sel(doc.all('ApplicableHeaderTradeSettlement'), 'ram:ApplicableTradeTax')),
      line: tally(sel(doc.all('SpecifiedLineTradeSettlement'), 'ram:ApplicableTradeTax')),
      allowanceCharge: tally(doc.all('CategoryTradeTax')),
    };
  });
  return { header: all.header.get(code) ?? 0, line: all.line.get(code) ?? 0, allowanceCharge: all.allowanceCharge.get(code) ?? 0 };
}
/** S, L, M: several rates allowed, so at least one breakdown when used. */
const atLeastOneBreakdown = (code: string) => (doc: CiiDoc) => {
  const n = categoryCounts(doc, code);
  return (n.line + n.header >= 2 || n.line === 0) && (n.allowanceCharge + n.header >= 2 || n.allowanceCharge === 0);
};
/** Z, E, AE, K, G: exactly one breakdown when used, none when unused. */
const exactlyOneBreakdown = (code: string) => (doc: CiiDoc) => {
  const n = categoryCounts(doc, code);
  return (n.header === 0 && n.line === 0 && n.allowanceCharge === 0) || (n.header === 1 && (n.line > 0 || n.allowanceCharge > 0));
};

/** BR-xx-08 for single-rate categories: taxable amount within ±1 of the expected sum (context = CategoryCode). */
function basisWithinOne(code: string, strict = false) {
  return (el: XmlElement, doc: CiiDoc) => {
    const basis = one(sel(el, '../ram:BasisAmount'));
    if (!basis) return false;
    const b = dbl(sv(basis));
    const expected = expectedBasis(doc, code, { strict });
    return cmp(b - 1, '<', expected) && cmp(b + 1, '>', expected);
  };
}

/** BR-xx-08 for S/L/M: per rate of the breakdown, the taxable amount equals the expected sum. */
function basisPerRate(code: string, basisPath: string, ratePath: string) {
  return (el: XmlElement, doc: CiiDoc) =>
    sel(el, ratePath).every((r) => {
      const rate = decimal(sv(r));
      return anyNum(sel(el, basisPath), '=', expectedBasis(doc, code, { rate }), () => expectedBasisIsInteger(doc, code, { rate }));
    });
}

const calculatedIsZero = (path: string) => (el: XmlElement) => anyNumAt(el, path, '=', 0);
const exemptionGiven = (prefix: string) => {
  const reason = `${prefix}ram:ExemptionReason`;
  const code = `${prefix}ram:ExemptionReasonCode`;
  return (el: XmlElement) => has(el, reason) || has(el, code);
};
const noExemption = (prefix: string) => {
  const reason = `${prefix}ram:ExemptionReason`;
  const code = `${prefix}ram:ExemptionReasonCode`;
  return (el: XmlElement) => !has(el, reason) && !has(el, code);
};

const aeParties = (doc: CiiDoc) => anySellerHasVatOrTaxId(doc) && (anyBuyerHasVatId(doc) || anyBuyerHasLegalId(doc));
const icParties = (doc: CiiDoc) => anySellerHasVatId(doc) && anyBuyerHasVatId(doc);
const outOfScopeParties = (doc: CiiDoc) => !sellerHasVatId(doc) && !anyBuyerHasVatId(doc);

// ------------------------------------------------------------------ rules

export const modelRules: readonly RuleDef[] = [
  // ---- references, payment
  rule(
    'BR-65',
    'f',
    C.classification,
    'BT-158',
    (el) =>
      nsp(
        one(
          sel(el, 'ram:ClassCode')
            .map((c) => attr(c, 'listID'))
            .filter((a): a is string => a !== undefined),
        ),
      ) !== '' || !has(el, 'ram:ClassCode'),
  ),
  rule('BR-52', 'f', C.additionalDocument, 'BT-122', (el) => notBlank(el, 'ram:IssuerAssignedID')),
  rule('BR-51', 'f', C.card, 'BT-87', (el) => [...nspAt(el, 'ram:ID')].length <= 10),
  rule('BR-50', 'f', C.creditTransferAccount, 'BT-84', (el) => notBlank(el, 'ram:IBANID') || notBlank(el, 'ram:ProprietaryID')),
  rule('BR-61', 'f', C.creditTransferAccount, 'BT-84', (el) => has(el, 'ram:IBANID') || has(el, 'ram:ProprietaryID')),
  rule('BR-57', 'f', C.headerDelivery, 'BT-80', (el) => !has(el, 'ram:ShipToTradeParty/ram:PostalTradeAddress') || notBlank(el, 'ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID')),

  // ---- document level allowances (BG-20) and charges (BG-21)
  rule('BR-31', 'f', C.headerAllowanceIndicator, 'BT-92', (el) => has(el, '../ram:ActualAmount')),
  rule('BR-32', 'f', C.headerAllowanceIndicator, 'BT-95', (el) => kids(el.parent!, 'CategoryTradeTax').some((t) => vatTyped(t) && has(t, 'ram:CategoryCode'))),
  rule('BR-33', 'f', C.headerAllowanceIndicator, 'BT-97', hasReason),
  rule('BR-CO-05', 'f', C.headerAllowanceIndicator, 'BT-98', always),
  rule('BR-CO-21', 'f', C.headerAllowanceIndicator, 'BT-97', hasReason),
  rule('BR-DEC-01', 'f', C.headerAllowanceIndicator, 'BT-92', (el) => twoDecimalsFirst(sel(el, '../ram:ActualAmount'))),
  rule('BR-DEC-02', 'f', C.headerAllowanceIndicator, 'BT-93', (el) => twoDecimals(sel(el, '../ram:BasisAmount'))),
  rule('BR-36', 'f', C.headerChargeIndicator, 'BT-99', (el) => has(el, '../ram:ActualAmount')),
  rule('BR-37', 'f', C.headerChargeIndicator, 'BT-102', (el) => kids(el.parent!, 'CategoryTradeTax').some((t) => vatTyped(t) && has(t, 'ram:CategoryCode'))),
  rule('BR-38', 'f', C.headerChargeIndicator, 'BT-104', hasReason),
  rule('BR-CO-06', 'f', C.headerChargeIndicator, 'BT-105', always),
  rule('BR-CO-22', 'f', C.headerChargeIndicator, 'BT-104', hasReason),
  rule('BR-DEC-05', 'f', C.headerChargeIndicator, 'BT-99', (el) => twoDecimalsFirst(sel(el, '../ram:ActualAmount'))),
  rule('BR-DEC-06', 'f', C.headerChargeIndicator, 'BT-100', (el) => twoDecimals(sel(el, '../ram:BasisAmount'))),

  // ---- document totals (BG-22)
  rule('BR-12', 'f', C.totals, 'BT-106', (el) => has(el, 'ram:LineTotalAmount')),
  rule('BR-13', 'f', C.totals, 'BT-109', (el) => has(el, 'ram:TaxBasisTotalAmount')),
  rule('BR-14', 'f', C.totals, 'BT-112', (el) => has(el, 'ram:GrandTotalAmount')),
  rule('BR-15', 'f', C.totals, 'BT-115', (el) => has(el, 'ram:DuePayableAmount')),
  rule('BR-53', 'f', C.totals, 'BT-111', (el, doc) => {
    const tcc = taxCurrencyNodes(doc);
    if (tcc.length === 0) return true;
    const currencies = sel(el, 'ram:TaxTotalAmount')
      .map((t) => attr(t, 'currencyID'))
      .filter((c): c is string => c !== undefined);
    return anyStr(tcc, ...currencies) && !anyEqNodes(tcc, invoiceCurrencyNodes(doc));
  }),
  rule('BR-CO-10', 'f', C.totals, 'BT-106', (el) => {
    const total = decOpt(kids(el, 'LineTotalAmount'));
    if (!total) return false;
    const lineSum = sumNodes(sel(el, '../../ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount'));
    return cmp(total, '=', div(round(mul(toDecimal(lineSum), D(100))), D(100)));
  }),
  rule('BR-CO-11', 'f', C.totals, 'BT-107', (el, doc) => sumOfAllowancesCharges(el, doc, false, 'AllowanceTotalAmount')),
  rule('BR-CO-12', 'f', C.totals, 'BT-108', (el, doc) => sumOfAllowancesCharges(el, doc, true, 'ChargeTotalAmount')),
  rule('BR-CO-13', 'f', C.totals, 'BT-109', (el) => {
    const t = decFirst(kids(el, 'TaxBasisTotalAmount'));
    const l = decFirst(kids(el, 'LineTotalAmount'));
    const a = decFirst(kids(el, 'AllowanceTotalAmount'));
    const c = decFirst(kids(el, 'ChargeTotalAmount'));
    const noA = !has(el, 'ram:AllowanceTotalAmount');
    const noC = !has(el, 'ram:ChargeTotalAmount');
    return (
      eqOpt(
        t,
        opt((l, a, c) => hundredths(add(sub(l, a), c)), l, a, c),
      ) ||
      (eqOpt(
        t,
        opt((l, a) => hundredths(sub(l, a)), l, a),
      ) &&
        noC) ||
      (eqOpt(
        t,
        opt((l, c) => hundredths(add(l, c)), l, c),
      ) &&
        noA) ||
      (eqOpt(
        t,
        opt((l) => hundredths(l), l),
      ) &&
        noC &&
        noA)
    );
  }),
  rule('BR-CO-16', 'f', C.totals, 'BT-115', (el) => {
    const due = decFirst(kids(el, 'DuePayableAmount'));
    const g = decFirst(kids(el, 'GrandTotalAmount'));
    const p = decFirst(kids(el, 'TotalPrepaidAmount'));
    const r = decFirst(kids(el, 'RoundingAmount'));
    const noP = !has(el, 'ram:TotalPrepaidAmount');
    const noR = !has(el, 'ram:RoundingAmount');
    return (
      eqOpt(
        due,
        opt((g, p, r) => add(sub(g, p), r), g, p, r),
      ) ||
      (eqOpt(
        due,
        opt((g, r) => add(g, r), g, r),
      ) &&
        noP) ||
      (eqOpt(
        due,
        opt((g, p) => sub(g, p), g, p),
      ) &&
        noR) ||
      (eqOpt(due, g) && noP && noR)
    );
  }),
  rule('BR-DEC-09', 'f', C.totals, 'BT-106', (el) => twoDecimals(kids(el, 'LineTotalAmount'))),
  rule('BR-DEC-10', 'f', C.totals, 'BT-107', (el) => twoDecimals(kids(el, 'AllowanceTotalAmount'))),
  rule('BR-DEC-11', 'f', C.totals, 'BT-108', (el) => twoDecimals(kids(el, 'ChargeTotalAmount'))),
  rule('BR-DEC-12', 'f', C.totals, 'BT-109', (el) => twoDecimals(kids(el, 'TaxBasisTotalAmount'))),
  rule('BR-DEC-14', 'f', C.totals, 'BT-112', (el) => twoDecimals(kids(el, 'GrandTotalAmount'))),
  rule('BR-DEC-13', 'f', C.totals, 'BT-110', (el, doc) => {
    const taxes = kids(el, 'TaxTotalAmount');
    if (taxes.length === 0) return true;
    const ic = invoiceCurrencyNodes(doc);
    return taxes.some((t) => {
      const inInvoiceCurrency = anyStr(ic, attr(t, 'currencyID') ?? '\u0000');
      return (inInvoiceCurrency && hasCents(t)) || !inInvoiceCurrency;
    });
  }),
  rule('BR-DEC-15', 'f', C.totals, 'BT-111', (el, doc) => {
    const taxes = kids(el, 'TaxTotalAmount');
    if (taxes.length === 0) return true;
    const tcc = taxCurrencyNodes(doc);
    return taxes.some((t) => (anyStr(tcc, attr(t, 'currencyID') ?? '\u0000') && hasCents(t)) || tcc.length === 0);
  }),
  rule('BR-DEC-16', 'f', C.totals, 'BT-113', (el) => twoDecimals(kids(el, 'TotalPrepaidAmount'))),
  rule('BR-DEC-17', 'f', C.totals, 'BT-114', (el) => twoDecimals(kids(el, 'RoundingAmount'))),
  rule('BR-DEC-18', 'f', C.totals, 'BT-115', (el) => twoDecimals(kids(el, 'DuePayableAmount'))),

  // ---- invoice
  rule('BR-01', 'f', C.invoice, 'BT-24', (el) => notBlank(el, 'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID')),
  rule('BR-02', 'f', C.invoice, 'BT-1', (el) => notBlank(el, 'rsm:ExchangedDocument/ram:ID')),
  rule('BR-03', 'f', C.invoice, 'BT-2', (el) => nsp(sv(one(sel(el, 'rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString').filter((d) => attr(d, 'format') === '102')))) !== ''),
  rule('BR-04', 'f', C.invoice, 'BT-3', (el) => notBlank(el, 'rsm:ExchangedDocument/ram:TypeCode')),
  rule('BR-05', 'f', C.invoice, 'BT-5', (el) => notBlank(el, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode')),
  rule('BR-06', 'f', C.invoice, 'BT-27', (el) => notBlank(el, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:Name')),
  rule('BR-07', 'f', C.invoice, 'BT-44', (el) => notBlank(el, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:Name')),
  rule('BR-08', 'f', C.invoice, 'BG-5', (el) => has(el, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:PostalTradeAddress')),
  rule('BR-09', 'f', C.invoice, 'BT-40', (el) => notBlank(el, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:PostalTradeAddress/ram:CountryID')),
  rule('BR-10', 'f', C.invoice, 'BG-8', (el) => has(el, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:PostalTradeAddress')),
  rule('BR-11', 'f', C.invoice, 'BT-55', (el) => notBlank(el, 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:PostalTradeAddress/ram:CountryID')),
  docRule('BR-16', 'f', C.invoice, 'BG-25', (doc) => doc.all('IncludedSupplyChainTradeLineItem').length > 0),
  rule('BR-62', 'f', C.invoice, 'BT-34', (el) => electronicAddressScheme(el, 'SellerTradeParty')),
  rule('BR-63', 'f', C.invoice, 'BT-49', (el) => electronicAddressScheme(el, 'BuyerTradeParty')),
  docRule('BR-CO-15', 'f', C.invoice, 'BT-112', (doc) => {
    const sums = fromRoot(doc.root, HEADER_SUMMATION_PATH);
    const grand = decFirst(sel(sums, 'ram:GrandTotalAmount'));
    const basis = decFirst(sel(sums, 'ram:TaxBasisTotalAmount'));
    const taxTotals = sel(sums, 'ram:TaxTotalAmount');
    return invoiceCurrencyNodes(doc).every((currency) => {
      const inCurrency = taxTotals.filter((t) => attr(t, 'currencyID') === sv(currency));
      const tax = decFirst(inCurrency);
      const withTax =
        inCurrency.length === 1 &&
        eqOpt(
          grand,
          opt((b, t) => div(round(mul(add(b, t), D(100))), D(100)), basis, tax),
        );
      return withTax || eqOpt(grand, basis);
    });
  }),
  docRule('BR-S-01', 'f', C.invoice, 'BG-23', atLeastOneBreakdown('S')),
  docRule('BR-Z-01', 'f', C.invoice, 'BG-23', exactlyOneBreakdown('Z')),
  docRule('BR-E-01', 'f', C.invoice, 'BG-23', exactlyOneBreakdown('E')),
  docRule('BR-AE-01', 'f', C.invoice, 'BG-23', exactlyOneBreakdown('AE')),
  docRule('BR-IC-01', 'f', C.invoice, 'BG-23', exactlyOneBreakdown('K')),
  docRule('BR-G-01', 'f', C.invoice, 'BG-23', exactlyOneBreakdown('G')),
  docRule('BR-O-01', 'f', C.invoice, 'BG-23', (doc) => {
    const n = categoryCounts(doc, 'O');
    return n.header === 0 || (n.header === 1 && (n.line > 0 || n.allowanceCharge > 0));
  }),
  docRule('BR-AF-01', 'f', C.invoice, 'BG-23', atLeastOneBreakdown('L')),
  docRule('BR-AG-01', 'f', C.invoice, 'BG-23', atLeastOneBreakdown('M')),
  docRule('BR-B-01', 'f', C.invoice, 'BT-151', (doc) => {
    const b = anyStr(doc.all('CategoryCode'), 'B');
    return (!doc.all('CountryID').some((c) => sv(c) !== 'IT') && b) || !b;
  }),
  docRule('BR-B-02', 'f', C.invoice, 'BT-151', (doc) => {
    const codes = doc.all('CategoryCode');
    const b = anyStr(codes, 'B');
    return (b && !anyStr(codes, 'S')) || !b;
  }),

  // ---- lines (BG-25)
  rule('BR-21', 'f', C.line, 'BT-126', (el) => notBlank(el, 'ram:AssociatedDocumentLineDocument/ram:LineID')),
  rule('BR-22', 'f', C.line, 'BT-129', (el) => has(el, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity')),
  rule('BR-23', 'f', C.line, 'BT-130', (el) => someAt(el, 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity', hasUnitCode)),
  rule('BR-24', 'f', C.line, 'BT-131', (el) => has(el, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount')),
  rule('BR-25', 'f', C.line, 'BT-153', (el) => notBlank(el, 'ram:SpecifiedTradeProduct/ram:Name')),
  rule('BR-26', 'f', C.line, 'BT-146', (el) => has(el, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount')),
  rule('BR-27', 'f', C.line, 'BT-146', (el) => anyNumAt(el, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount', '>=', 0)),
  rule('BR-28', 'f', C.line, 'BT-148', (el) => {
    const gross = 'ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:ChargeAmount';
    return anyNumAt(el, gross, '>=', 0) || !has(el, gross);
  }),
  rule('BR-64', 'f', C.line, 'BT-157', (el) => {
    // nsp(one(GlobalID/@schemeID)) != '' or not(GlobalID): the attributes counted in one walk (no lists).
    const ids = sel(el, 'ram:SpecifiedTradeProduct/ram:GlobalID');
    let scheme: string | undefined;
    let schemes = 0;
    for (let i = 0; i < ids.length; i++) {
      const s = attr(ids[i]!, 'schemeID');
      if (s === undefined) continue;
      if (schemes++ === 0) scheme = s;
    }
    if (schemes > 1) throw new XPathDynamicError('XPTY0004', `a sequence of ${schemes} items where one is allowed`);
    return nsp(scheme) !== '' || ids.length === 0;
  }),
  rule('BR-CO-04', 'f', C.line, 'BT-151', (el) => someAt(el, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax', vatWithCategory)),
  docRule('BR-CO-18', 'f', C.line, 'BG-23', (doc) => doc.all('ApplicableHeaderTradeSettlement').some((s) => is(s.parent, 'SupplyChainTradeTransaction', RSM) && has(s, 'ram:ApplicableTradeTax'))),
  rule('BR-DEC-23', 'f', C.line, 'BT-131', (el) => fractionLength(sv(onlyAt(el, 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount'))) <= 2),

  // ---- line allowances (BG-27) and charges (BG-28)
  rule('BR-41', 'f', C.lineAllowanceIndicator, 'BT-136', (el) => has(el, '../ram:ActualAmount')),
  rule('BR-42', 'f', C.lineAllowanceIndicator, 'BT-139', hasReason),
  rule('BR-CO-07', 'f', C.lineAllowanceIndicator, 'BT-140', always),
  rule('BR-CO-23', 'f', C.lineAllowanceIndicator, 'BT-139', hasReason),
  rule('BR-DEC-24', 'f', C.lineAllowanceIndicator, 'BT-136', (el) => twoDecimalsFirst(sel(el, '../ram:ActualAmount'))),
  rule('BR-DEC-25', 'f', C.lineAllowanceIndicator, 'BT-137', (el) => twoDecimals(sel(el, '../ram:BasisAmount'))),
  rule('BR-43', 'f', C.lineChargeIndicator, 'BT-141', (el) => has(el, '../ram:ActualAmount')),
  rule('BR-44', 'f', C.lineChargeIndicator, 'BT-144', hasReason),
  rule('BR-CO-08', 'f', C.lineChargeIndicator, 'BT-145', always),
  rule('BR-CO-24', 'f', C.lineChargeIndicator, 'BT-144', hasReason),
  rule('BR-DEC-27', 'f', C.lineChargeIndicator, 'BT-141', (el) => twoDecimalsFirst(sel(el, '../ram:ActualAmount'))),
  rule('BR-DEC-28', 'f', C.lineChargeIndicator, 'BT-142', (el) => twoDecimals(sel(el, '../ram:BasisAmount'))),

  // ---- periods
  rule('BR-30', 'f', C.linePeriod, 'BT-135', periodInOrder),
  rule('BR-CO-20', 'f', C.linePeriod, 'BG-26', (el) => has(el, 'ram:StartDateTime') || has(el, 'ram:EndDateTime')),
  rule('BR-29', 'f', C.headerPeriod, 'BT-74', periodInOrder),
  rule('BR-CO-19', 'f', C.headerPeriod, 'BG-14', (el) => has(el, 'ram:StartDateTime') || has(el, 'ram:EndDateTime')),

  // ---- parties, items, payment
  rule('BR-54', 'f', C.characteristic, 'BT-160', (el) => has(el, 'ram:Description') && has(el, 'ram:Value')),
  rule('BR-17', 'f', C.payee, 'BT-59', (el) => {
    const seller = sel(el, '../../ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty');
    return (
      has(el, 'ram:Name') &&
      !anyEqNodes(kids(el, 'Name'), sel(seller, 'ram:Name')) &&
      !anyEqNodes(kids(el, 'ID'), sel(seller, 'ram:ID')) &&
      !anyEqNodes(sel(el, 'ram:SpecifiedLegalOrganization/ram:ID'), sel(seller, 'ram:SpecifiedLegalOrganization/ram:ID'))
    );
  }),
  rule('BR-49', 'f', C.paymentMeans, 'BT-81', (el) => has(el, 'ram:TypeCode')),
  rule('BR-55', 'f', C.precedingInvoice, 'BT-25', (el) => notBlank(el, 'ram:IssuerAssignedID')),
  rule(
    'BR-CO-26',
    'f',
    C.seller,
    'BT-29',
    (el) =>
      has(el, 'ram:ID') || has(el, 'ram:GlobalID') || has(el, 'ram:SpecifiedLegalOrganization/ram:ID') || sel(el, 'ram:SpecifiedTaxRegistration/ram:ID').some((i) => attr(i, 'schemeID') === 'VA'),
  ),
  rule('BR-18', 'f', C.taxRepresentative, 'BT-62', (el) => notBlank(el, 'ram:Name')),
  rule('BR-19', 'f', C.taxRepresentative, 'BG-12', (el) => has(el, 'ram:PostalTradeAddress')),
  rule('BR-20', 'f', C.taxRepresentative, 'BT-69', (el) => notBlank(el, 'ram:PostalTradeAddress/ram:CountryID')),
  rule('BR-56', 'f', C.taxRepresentative, 'BT-63', (el) => nsp(sv(one(sel(el, 'ram:SpecifiedTaxRegistration/ram:ID').filter((i) => attr(i, 'schemeID') === 'VA')))) !== ''),
  rule('BR-CO-14', 'f', C.vatTotal, 'BT-110', (el, doc) => {
    // A sum of nothing is the integer 0 (and so is the rounded cents of it); a sum of amounts is a double.
    const sum = sumNodes(fromRoot(doc.root, HEADER_TAX_AMOUNT_PATH));
    return anyNum(el, '=', hundredths(sum), typeof sum !== 'number');
  }),
  rule('BR-CO-09', 'f', C.vatId, 'BT-31', (el) => {
    const prefix = [...sv(el)].slice(0, 2).join('');
    return prefix.length === 2 && VAT_ID_PREFIXES.has(prefix);
  }),

  // ---- reverse charge (AE)
  rule('BR-AE-08', 'f', C.ae.header!, 'BT-116', basisWithinOne('AE')),
  rule('BR-AE-09', 'f', C.ae.header!, 'BT-117', calculatedIsZero('../ram:CalculatedAmount')),
  rule('BR-AE-10', 'f', C.ae.header!, 'BT-120', exemptionGiven('../')),
  docRule('BR-AE-03', 'f', C.ae.allowance, 'BT-31', aeParties),
  rule('BR-AE-06', 'f', C.ae.allowance, 'BT-96', rateIs('=')),
  docRule('BR-AE-04', 'f', C.ae.charge, 'BT-31', aeParties),
  rule('BR-AE-07', 'f', C.ae.charge, 'BT-103', rateIs('=')),
  docRule('BR-AE-02', 'f', C.ae.line, 'BT-31', aeParties),
  rule('BR-AE-05', 'f', C.ae.line, 'BT-152', rateIs('=')),

  // ---- IGIC (L)
  rule('BR-AF-08', 'f', C.l.header!, 'BT-116', basisPerRate('L', '../ram:BasisAmount', '../ram:RateApplicablePercent')),
  rule('BR-AF-09', 'f', C.l.header!, 'BT-117', always),
  rule('BR-AF-10', 'f', C.l.header!, 'BT-120', noExemption('')),
  docRule('BR-AF-02', 'f', C.l.line, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-AF-05', 'f', C.l.line, 'BT-152', rateIs('>')),
  docRule('BR-AF-03', 'f', C.l.allowance, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-AF-06', 'f', C.l.allowance, 'BT-96', rateIs('>')),
  docRule('BR-AF-04', 'f', C.l.charge, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-AF-07', 'f', C.l.charge, 'BT-103', rateIs('>')),

  // ---- IPSI (M)
  rule('BR-AG-08', 'f', C.m.header!, 'BT-116', basisPerRate('M', '../ram:BasisAmount', '../ram:RateApplicablePercent')),
  rule('BR-AG-09', 'f', C.m.header!, 'BT-117', always),
  rule('BR-AG-10', 'f', C.m.header!, 'BT-120', noExemption('')),
  docRule('BR-AG-02', 'f', C.m.line, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-AG-05', 'f', C.m.line, 'BT-152', rateIs('>=')),
  docRule('BR-AG-03', 'f', C.m.allowance, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-AG-06', 'f', C.m.allowance, 'BT-96', rateIs('>=')),
  docRule('BR-AG-04', 'f', C.m.charge, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-AG-07', 'f', C.m.charge, 'BT-103', rateIs('>=')),

  // ---- exempt (E)
  rule('BR-E-08', 'f', C.e.header!, 'BT-116', basisWithinOne('E')),
  rule('BR-E-09', 'f', C.e.header!, 'BT-117', calculatedIsZero('../ram:CalculatedAmount')),
  rule('BR-E-10', 'f', C.e.header!, 'BT-120', exemptionGiven('../')),
  docRule('BR-E-03', 'f', C.e.allowance, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-E-06', 'f', C.e.allowance, 'BT-96', rateIs('=')),
  docRule('BR-E-04', 'f', C.e.charge, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-E-07', 'f', C.e.charge, 'BT-103', rateIs('=')),
  docRule('BR-E-02', 'f', C.e.line, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-E-05', 'f', C.e.line, 'BT-152', rateIs('=')),

  // ---- export outside the EU (G)
  rule('BR-G-08', 'f', C.g.header!, 'BT-116', basisWithinOne('G')),
  rule('BR-G-09', 'f', C.g.header!, 'BT-117', calculatedIsZero('../ram:CalculatedAmount')),
  rule('BR-G-10', 'f', C.g.header!, 'BT-120', exemptionGiven('../')),
  docRule('BR-G-03', 'f', C.g.allowance, 'BT-31', anySellerHasVatId),
  rule('BR-G-06', 'f', C.g.allowance, 'BT-96', rateIs('=')),
  docRule('BR-G-04', 'f', C.g.charge, 'BT-31', anySellerHasVatId),
  rule('BR-G-07', 'f', C.g.charge, 'BT-103', rateIs('=')),
  docRule('BR-G-02', 'f', C.g.line, 'BT-31', anySellerHasVatId),
  rule('BR-G-05', 'f', C.g.line, 'BT-152', rateIs('=')),

  // ---- intra-community supply (K)
  rule('BR-IC-08', 'f', C.k.header!, 'BT-116', basisWithinOne('K')),
  rule('BR-IC-09', 'f', C.k.header!, 'BT-117', calculatedIsZero('../ram:CalculatedAmount')),
  rule('BR-IC-10', 'f', C.k.header!, 'BT-120', exemptionGiven('../')),
  rule(
    'BR-IC-11',
    'f',
    C.k.header!,
    'BT-72',
    (el, doc) => fromRoot(doc.root, DELIVERY_DATE_PATH).length > 0 || has(el, '../../ram:BillingSpecifiedPeriod/ram:StartDateTime') || has(el, '../../ram:BillingSpecifiedPeriod/ram:EndDateTime'),
  ),
  rule('BR-IC-12', 'f', C.k.header!, 'BT-80', (_el, doc) => fromRoot(doc.root, SHIP_TO_COUNTRY_PATH).length > 0),
  docRule('BR-IC-03', 'f', C.k.allowance, 'BT-31', icParties),
  rule('BR-IC-06', 'f', C.k.allowance, 'BT-96', rateIs('=')),
  docRule('BR-IC-04', 'f', C.k.charge, 'BT-31', icParties),
  rule('BR-IC-07', 'f', C.k.charge, 'BT-103', rateIs('=')),
  docRule('BR-IC-02', 'f', C.k.line, 'BT-31', icParties),
  rule('BR-IC-05', 'f', C.k.line, 'BT-152', rateIs('=')),

  // ---- not subject to VAT (O)
  rule('BR-O-08', 'f', C.o.header!, 'BT-116', (el, doc) => anyNum(kids(el, 'BasisAmount'), '=', expectedBasis(doc, 'O', { strict: true }), () => expectedBasisIsInteger(doc, 'O', { strict: true }))),
  rule('BR-O-09', 'f', C.o.header!, 'BT-117', calculatedIsZero('ram:CalculatedAmount')),
  rule('BR-O-10', 'f', C.o.header!, 'BT-120', exemptionGiven('')),
  docRule('BR-O-11', 'f', C.o.header!, 'BG-23', noOtherCategory('ApplicableTradeTax')),
  docRule('BR-O-12', 'f', C.o.header!, 'BT-151', noOtherCategory('ApplicableTradeTax')),
  docRule('BR-O-13', 'f', C.o.header!, 'BT-95', noOtherCategory('CategoryTradeTax')),
  docRule('BR-O-14', 'f', C.o.header!, 'BT-102', noOtherCategory('CategoryTradeTax')),
  docRule('BR-O-03', 'f', C.o.allowance, 'BT-31', outOfScopeParties),
  rule('BR-O-06', 'f', C.o.allowance, 'BT-96', (el) => !has(el, 'ram:RateApplicablePercent')),
  docRule('BR-O-04', 'f', C.o.charge, 'BT-31', outOfScopeParties),
  rule('BR-O-07', 'f', C.o.charge, 'BT-103', (el) => !has(el, 'ram:RateApplicablePercent')),
  docRule('BR-O-02', 'f', C.o.line, 'BT-31', outOfScopeParties),
  rule('BR-O-05', 'f', C.o.line, 'BT-152', (el) => !has(el, 'ram:RateApplicablePercent')),

  // ---- standard rate (S)
  rule('BR-S-08', 'f', C.s.header!, 'BT-116', basisPerRate('S', '../ram:BasisAmount', '../ram:RateApplicablePercent')),
  rule('BR-S-09', 'f', C.s.header!, 'BT-117', (el) => {
    const calcValue = decimalOf(one(sel(el, '../ram:CalculatedAmount')));
    const basis = decimalOf(one(sel(el, '../ram:BasisAmount')));
    const rate = one(sel(el, '../ram:RateApplicablePercent'));
    if (calcValue === undefined || basis === undefined || !rate) return false;
    const calc = abs(calcValue);
    const expected = div(round(mul(abs(basis), dbl(sv(rate)))), D(100));
    return cmp(sub(calc, D(1)), '<', expected) && cmp(add(calc, D(1)), '>', expected);
  }),
  rule('BR-S-10', 'f', C.s.header!, 'BT-120', noExemption('../')),
  docRule('BR-S-02', 'f', C.s.line, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-S-05', 'f', C.s.line, 'BT-152', rateIs('>')),
  docRule('BR-S-03', 'f', C.s.allowance, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-S-06', 'f', C.s.allowance, 'BT-96', rateIs('>')),
  docRule('BR-S-04', 'f', C.s.charge, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-S-07', 'f', C.s.charge, 'BT-103', rateIs('>')),

  // ---- zero rated (Z)
  rule('BR-Z-08', 'f', C.z.header!, 'BT-116', basisWithinOne('Z', true)),
  rule('BR-Z-09', 'f', C.z.header!, 'BT-117', calculatedIsZero('../ram:CalculatedAmount')),
  rule('BR-Z-10', 'f', C.z.header!, 'BT-120', noExemption('../')),
  docRule('BR-Z-03', 'f', C.z.allowance, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-Z-06', 'f', C.z.allowance, 'BT-96', rateIs('=')),
  docRule('BR-Z-04', 'f', C.z.charge, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-Z-07', 'f', C.z.charge, 'BT-103', rateIs('=')),
  docRule('BR-Z-02', 'f', C.z.line, 'BT-31', sellerHasVatOrTaxId),
  rule('BR-Z-05', 'f', C.z.line, 'BT-152', rateIs('=')),

  // ---- VAT breakdown (BG-23), generic
  rule('BR-45', 'f', C.headerTax, 'BT-116', (el) => has(el, 'ram:BasisAmount')),
  rule('BR-46', 'f', C.headerTax, 'BT-117', (el) => has(el, 'ram:CalculatedAmount')),
  rule('BR-47', 'f', C.headerTax, 'BT-118', (el) => vatTyped(el) && has(el, 'ram:CategoryCode')),
  rule('BR-48', 'f', C.headerTax, 'BT-119', (el) => vatTyped(el) && (has(el, 'ram:RateApplicablePercent') || hasCategory(el, 'O'))),
  docRule('BR-CO-03', 'f', C.headerTax, 'BT-7', (doc) => !(doc.all('TaxPointDate').length > 0 && doc.all('DueDateTypeCode').length > 0)),
  rule('BR-CO-17', 'f', C.headerTax, 'BT-117', (el) => {
    const type = sv(onlyKid(el, 'TypeCode'));
    const isVat = type === 'VAT' || nsp(upper(type)) === 'VAT';
    const rate = isVat ? decOpt(kids(el, 'RateApplicablePercent')) : undefined;
    const calc = decOpt(kids(el, 'CalculatedAmount'));
    const calcRoundsToZero = calc !== undefined && cmp(round(calc), '=', D(0));
    if (rate === undefined) return calcRoundsToZero;
    if (cmp(round(rate), '=', D(0))) return calcRoundsToZero;
    // The taxable amount is only read on this branch (XPath evaluates it lazily, so must we).
    const basis = decOpt(kids(el, 'BasisAmount'));
    if (calc === undefined || basis === undefined) return false;
    const expected = div(round(mul(mul(mul(basis.abs(), div(rate, D(100))), D(10)), D(10))), D(100));
    return cmp(sub(calc.abs(), D(1)), '<=', expected) && cmp(add(calc.abs(), D(1)), '>=', expected);
  }),
  rule('BR-DEC-19', 'f', C.headerTax, 'BT-116', (el) => twoDecimals(kids(el, 'BasisAmount'))),
  rule('BR-DEC-20', 'f', C.headerTax, 'BT-117', (el) => twoDecimals(kids(el, 'CalculatedAmount'))),
];

// ------------------------------------------------------------------ helpers used above

function decimalOf(el: XmlElement | undefined): Dec | undefined {
  return el ? decimal(sv(el)) : undefined;
}

/** value = round(value * 100) div 100, in doubles. */
function hasCents(el: XmlElement): boolean {
  const v = dbl(sv(el));
  return v === Math.round(v * 100) / 100;
}

/** ram:XTotalAmount = round(sum(document allowances|charges /ActualAmount[1]) * 10 * 10) div 100 */
function sumOfAllowancesCharges(el: XmlElement, doc: CiiDoc, charge: boolean, totalName: string): boolean {
  const acs = fromRoot(doc.root, HEADER_AC_PATH).filter((ac) => isCharge(ac, charge));
  const totals = kids(el, totalName);
  if (acs.length === 0 && totals.length === 0) return true;
  const amounts = acs.map((ac) => kid(ac, 'ActualAmount')).filter((a): a is XmlElement => a !== undefined);
  return anyNum(totals, '=', hundredths(sumNodes(amounts)), amounts.length === 0);
}

/** normalize-space(party/URIUniversalCommunication[1]/URIID/@schemeID) != '' or not(party/URIUniversalCommunication) */
function electronicAddressScheme(invoice: XmlElement, party: string): boolean {
  const parties = sel(invoice, `rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:${party}`);
  const firstComms = parties.map((p) => kid(p, 'URIUniversalCommunication')).filter((c): c is XmlElement => c !== undefined);
  if (firstComms.length === 0) return true;
  const schemes = sel(firstComms, 'ram:URIID')
    .map((u) => attr(u, 'schemeID'))
    .filter((s): s is string => s !== undefined);
  return nsp(one(schemes)) !== '';
}

/** (End/DateTimeString[@format='102']) >= (Start/…) as strings, or one of the dates absent. */
function periodInOrder(el: XmlElement): boolean {
  if (!has(el, 'ram:EndDateTime') || !has(el, 'ram:StartDateTime')) return true;
  const f102 = (path: string) =>
    sel(el, path)
      .filter((d) => attr(d, 'format') === '102')
      .map(sv);
  const ends = f102('ram:EndDateTime/udt:DateTimeString');
  const starts = f102('ram:StartDateTime/udt:DateTimeString');
  return ends.some((e) => starts.some((s) => e >= s));
}

/** not(//ram:<local>[ram:CategoryCode != 'O']) */
function noOtherCategory(local: string) {
  return (doc: CiiDoc) => !doc.all(local).some((t) => kids(t, 'CategoryCode').some((c) => sv(c) !== 'O'));
}
