/**
 * Document-wide VAT figures the EN 16931 model rules compare against: line net amounts and document-level
 * allowances/charges summed per VAT category (and rate), party VAT registrations. Each is computed once per
 * document (memo) so the per-breakdown rules stay linear in the number of lines.
 */
import type { XmlElement } from '@kontor/xml';
import type { CiiDoc } from '../types';
import { DecimalSum } from '../decimal-sum';
import { D, RAM, XPathDynamicError, attr, castBoolean, cents, decimal, fromRoot, indicatorIs, kids, one, onlyKid, sel, sv, type Dec } from '../xpath';

export const INV = '/rsm:CrossIndustryInvoice';
export const TX = `${INV}/rsm:SupplyChainTradeTransaction`;
export const LINE = `${TX}/ram:IncludedSupplyChainTradeLineItem`;
export const HEADER_SETTLEMENT = `${TX}/ram:ApplicableHeaderTradeSettlement`;
export const HEADER_AGREEMENT = `${TX}/ram:ApplicableHeaderTradeAgreement`;
// Absolute paths of the rules as constants (a template literal in a rule would build and hash a new string per call).
const LINE_SETTLEMENT_PATH = `${LINE}/ram:SpecifiedLineTradeSettlement`;
const HEADER_AC_PATH = `${HEADER_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge`;
const SELLER_PATH = `${HEADER_AGREEMENT}/ram:SellerTradeParty`;
const TAX_REP_PATH = `${HEADER_AGREEMENT}/ram:SellerTaxRepresentativeTradeParty`;

/** xs:decimal of at most one node ('()' when none). */
export function decOpt(nodes: readonly XmlElement[]): Dec | undefined {
  const n = one(nodes);
  return n ? decimal(sv(n)) : undefined;
}
/** xs:decimal(path[1]): the first node, if any. */
export function decFirst(nodes: readonly XmlElement[]): Dec | undefined {
  const n = nodes[0];
  return n ? decimal(sv(n)) : undefined;
}

// ------------------------------------------------------------------ line net amounts per category / rate

interface LineVat {
  /** The line's VAT category codes, each once, in document order. */
  categories: readonly string[];
  /** Σ xs:decimal(LineTotalAmount) of the line's monetary summations. */
  total: DecimalSum;
  settlement: XmlElement;
}

const LINE_VAT = Symbol('en16931.lineVat');
const NONE: readonly string[] = Object.freeze([]);
function lineVat(doc: CiiDoc): readonly LineVat[] {
  return doc.memo(LINE_VAT, buildLineVat);
}

/** Per line settlement: its categories and net amount, in plain loops over the children (no list per path step). */
function buildLineVat(doc: CiiDoc): readonly LineVat[] {
  const settlements = fromRoot(doc.root, LINE_SETTLEMENT_PATH);
  const out: LineVat[] = [];
  for (let i = 0; i < settlements.length; i++) {
    const settlement = settlements[i]!;
    const ch = settlement.children;
    // distinct-values(ram:ApplicableTradeTax/ram:CategoryCode), in document order (made at the first value as
    // [v], room for one: a line mostly has one category).
    let categories: string[] | undefined;
    for (let k = 0; k < ch.length; k++) {
      const t = ch[k]!;
      if (t.local !== 'ApplicableTradeTax' || t.ns !== RAM) continue;
      const tc = t.children;
      for (let j = 0; j < tc.length; j++) {
        const c = tc[j]!;
        if (c.local !== 'CategoryCode' || c.ns !== RAM) continue;
        const v = sv(c);
        if (categories === undefined) categories = [v];
        else if (!categories.includes(v)) categories.push(v);
      }
    }
    // Exact sums in integer units where they fit (decimal-sum.ts): the same Dec as adding with big.js.
    const total = new DecimalSum();
    for (let k = 0; k < ch.length; k++) {
      const m = ch[k]!;
      if (m.local !== 'SpecifiedTradeSettlementLineMonetarySummation' || m.ns !== RAM) continue;
      const n = onlyKid(m, 'LineTotalAmount');
      if (n) total.addText(sv(n));
    }
    out.push({ categories: categories ?? NONE, total, settlement });
  }
  return out;
}

const LINE_BY_CAT = Symbol('en16931.lineSumByCategory');
/** sum(lines[ApplicableTradeTax/CategoryCode = cat]/…/xs:decimal(LineTotalAmount)) */
export function lineSum(doc: CiiDoc, cat: string): Dec {
  const m = doc.memo(LINE_BY_CAT, sumsByCategory);
  return m.get(cat)?.value() ?? D(0);
}

/** How many LineTotalAmount values `lineSum` (or, with a rate, `lineSumAtRate`) adds up. */
function lineSumItems(doc: CiiDoc, cat: string, rate: Dec | undefined): number {
  if (rate === undefined) return doc.memo(LINE_BY_CAT, sumsByCategory).get(cat)?.items ?? 0;
  return doc.memo(LINE_BY_CAT_RATE, sumsByCategoryRate).get(cat)?.get(rate.toString())?.items ?? 0;
}

function sumsByCategory(doc: CiiDoc): Map<string, DecimalSum> {
  const sums = new Map<string, DecimalSum>();
  for (const l of lineVat(doc))
    for (let j = 0; j < l.categories.length; j++) {
      const c = l.categories[j]!;
      let sum = sums.get(c);
      if (sum === undefined) sums.set(c, (sum = new DecimalSum()));
      sum.addSum(l.total);
    }
  return sums;
}

const LINE_BY_CAT_RATE = Symbol('en16931.lineSumByCategoryRate');
/** … and ApplicableTradeTax/xs:decimal(RateApplicablePercent) = rate */
export function lineSumAtRate(doc: CiiDoc, cat: string, rate: Dec): Dec {
  const m = doc.memo(LINE_BY_CAT_RATE, sumsByCategoryRate);
  return m.get(cat)?.get(rate.toString())?.value() ?? D(0);
}

/** Per category, per rate (the decimal's canonical string): the line net amounts; built once per document. */
function sumsByCategoryRate(doc: CiiDoc): Map<string, Map<string, DecimalSum>> {
  const sums = new Map<string, Map<string, DecimalSum>>();
  // A rate's written form → its decimal's canonical string: lines mostly repeat a few written rates, so each is
  // cast once (a form that does not cast throws on its first line, as before).
  const canonical = new Map<string, string>();
  for (const l of lineVat(doc)) {
    // Made at the first rate as [r] (room for one), as the categories.
    let rates: string[] | undefined;
    const ch = l.settlement.children;
    for (let k = 0; k < ch.length; k++) {
      const t = ch[k]!;
      if (t.local !== 'ApplicableTradeTax' || t.ns !== RAM) continue;
      const n = onlyKid(t, 'RateApplicablePercent');
      if (!n) continue;
      const text = sv(n);
      let r = canonical.get(text);
      if (r === undefined) {
        r = decimal(text).toString();
        canonical.set(text, r);
      }
      if (rates === undefined) rates = [r];
      else if (!rates.includes(r)) rates.push(r);
    }
    const rs = rates ?? NONE;
    for (let j = 0; j < l.categories.length; j++) {
      const c = l.categories[j]!;
      let byRate = sums.get(c);
      if (!byRate) sums.set(c, (byRate = new Map()));
      for (let q = 0; q < rs.length; q++) {
        const r = rs[q]!;
        let sum = byRate.get(r);
        if (sum === undefined) byRate.set(r, (sum = new DecimalSum()));
        sum.addSum(l.total);
      }
    }
  }
  return sums;
}

// ------------------------------------------------------------------ document-level allowances / charges

const HEADER_AC = Symbol('en16931.headerAllowanceCharges');
function headerAllowanceCharges(doc: CiiDoc): readonly XmlElement[] {
  return doc.memo(HEADER_AC, () => fromRoot(doc.root, HEADER_AC_PATH));
}

/** `ram:ChargeIndicator/udt:Indicator = true()` (general comparison) or, strict, `(… cast as xs:boolean) = true()`. */
export function isCharge(ac: XmlElement, charge: boolean, strict = false): boolean {
  const ind = sel(ac, 'ram:ChargeIndicator/udt:Indicator');
  if (!strict) return indicatorIs(ind, charge);
  if (ind.length !== 1) throw new XPathDynamicError('XPTY0004', `cast as xs:boolean of ${ind.length} items`);
  return castBoolean(sv(ind[0]!)) === charge;
}

/**
 * sum(/…/ApplicableHeaderTradeSettlement/SpecifiedTradeAllowanceCharge[indicator and CategoryTradeTax/CategoryCode = cat
 * (and CategoryTradeTax/xs:decimal(RateApplicablePercent) = rate)]/xs:decimal(ActualAmount[1]))
 */
export function allowanceChargeSum(doc: CiiDoc, charge: boolean, cat: string, opts: { rate?: Dec; strict?: boolean } = {}): Dec {
  return allowanceChargeSumItems(doc, charge, cat, opts)[0];
}

/** `allowanceChargeSum` and how many amounts it adds up. */
function allowanceChargeSumItems(doc: CiiDoc, charge: boolean, cat: string, opts: { rate?: Dec; strict?: boolean }): [Dec, number] {
  let s = D(0);
  let items = 0;
  for (const ac of headerAllowanceCharges(doc)) {
    if (!isCharge(ac, charge, opts.strict)) continue;
    if (!sel(ac, 'ram:CategoryTradeTax/ram:CategoryCode').some((c) => sv(c) === cat)) continue;
    if (opts.rate) {
      const rate = opts.rate;
      if (!kids(ac, 'CategoryTradeTax').some((t) => decOpt(kids(t, 'RateApplicablePercent'))?.eq(rate))) continue;
    }
    const v = decFirst(kids(ac, 'ActualAmount'));
    if (v) {
      s = s.plus(v);
      items++;
    }
  }
  return [s, items];
}

/** The expected taxable amount of a category: rounded line sum + rounded charges − rounded allowances. */
export function expectedBasis(doc: CiiDoc, cat: string, opts: { rate?: Dec; strict?: boolean } = {}): Dec {
  const lines = opts.rate ? lineSumAtRate(doc, cat, opts.rate) : lineSum(doc, cat);
  return (cents(lines) as Dec).plus(cents(allowanceChargeSum(doc, true, cat, opts)) as Dec).minus(cents(allowanceChargeSum(doc, false, cat, opts)) as Dec);
}

/**
 * Whether `expectedBasis` is an xs:integer in the official run: only when all three sums add up nothing (sum(()) is
 * the integer 0, and Saxon-HE 9.9 keeps `0 div 100` an integer); else it is an xs:decimal. A node compared with it is
 * read accordingly (see anyNum): "-0" equals the integer 0 but not a decimal 0.
 */
export function expectedBasisIsInteger(doc: CiiDoc, cat: string, opts: { rate?: Dec; strict?: boolean } = {}): boolean {
  return lineSumItems(doc, cat, opts.rate) === 0 && allowanceChargeSumItems(doc, true, cat, opts)[1] === 0 && allowanceChargeSumItems(doc, false, cat, opts)[1] === 0;
}

// ------------------------------------------------------------------ VAT registrations

function vatIds(parties: readonly XmlElement[], schemes: readonly string[]): boolean {
  return sel(parties, 'ram:SpecifiedTaxRegistration/ram:ID').some((id) => {
    const s = attr(id, 'schemeID');
    return s !== undefined && schemes.includes(s);
  });
}

const anchoredSeller = (doc: CiiDoc) => fromRoot(doc.root, SELLER_PATH);
const anchoredTaxRep = (doc: CiiDoc) => fromRoot(doc.root, TAX_REP_PATH);

/** Seller VAT or tax registration (BT-31/BT-32) or tax representative VAT id (BT-63), at the document's own parties. */
export function sellerHasVatOrTaxId(doc: CiiDoc): boolean {
  return vatIds(anchoredSeller(doc), ['VA', 'FC']) || vatIds(anchoredTaxRep(doc), ['VA']);
}

/** Same, for parties anywhere in the document (the '//' form some category rules use). */
export function anySellerHasVatOrTaxId(doc: CiiDoc): boolean {
  return vatIds(doc.all('SellerTradeParty'), ['VA', 'FC']) || vatIds(doc.all('SellerTaxRepresentativeTradeParty'), ['VA']);
}

/** Seller or tax representative VAT id (BT-31/BT-63), parties anywhere. */
export function anySellerHasVatId(doc: CiiDoc): boolean {
  return vatIds(doc.all('SellerTradeParty'), ['VA']) || vatIds(doc.all('SellerTaxRepresentativeTradeParty'), ['VA']);
}

/** Seller or tax representative VAT id at the document's own parties. */
export function sellerHasVatId(doc: CiiDoc): boolean {
  return vatIds(anchoredSeller(doc), ['VA']) || vatIds(anchoredTaxRep(doc), ['VA']);
}

export function anyBuyerHasVatId(doc: CiiDoc): boolean {
  return vatIds(doc.all('BuyerTradeParty'), ['VA']);
}

export function anyBuyerHasLegalId(doc: CiiDoc): boolean {
  return sel(doc.all('BuyerTradeParty'), 'ram:SpecifiedLegalOrganization/ram:ID').length > 0;
}
