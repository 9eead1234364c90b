/**
 * Per-syntax bindings: EN 16931 / XRechnung rules whose official UBL binding differs from the CII one in its
 * context or its XPath (e.g. BR-09 fires per seller postal address in UBL, per document in CII; PEPPOL-EN16931-R053
 * counts UBL TaxTotal elements). The rule's meaning stays the one of @kontor/cii; these definitions replace the
 * neutral rule of the same id when validating UBL. Our own wording; ids and flags official.
 */
import type { XmlElement } from '@kontor/xml';
import {
  ISO_4217_CURRENCIES,
  ISO_6523_ICD_EXT_CODES,
  inSpacedList,
  trimXmlSpace,
  XPathDynamicError,
  isBlank,
  normalizeSpace,
  cmpUntyped,
  fractionLength,
  untypedDbl,
  xsDateInstant,
  type CmpOp,
  type CiiDoc,
  type RuleDef,
  type RuleFlag,
  type RuleSet,
} from '@kontor/cii/rules';
import { Big } from '@kontor/xml';
import { officialCodes } from '@kontor/cii';
import { UBL_NS } from '../binding/to-cii';
import { ublRuleTexts } from './messages';
import { CAC, CBC, sel, sv } from './ubl-path';

/** fn:normalize-space: XML whitespace only (String.trim would also take a no-break space off the ends). */
const nsp = normalizeSpace;
const NONE: readonly XmlElement[] = [];
/** //cac:X (or //cbc:X): every element of that name anywhere, in document order (the read model's per-name index). Do not modify the result. */
const anywhere = (doc: CiiDoc, local: string, ns: string = CAC): readonly XmlElement[] => doc.all(local, ns);
const isVatScheme = (cat: XmlElement): boolean => sel(cat, 'cac:TaxScheme/cbc:ID').some((id) => nsp(sv(id)).toUpperCase() === 'VAT');
const catIs = (cat: XmlElement, code: string): boolean => sel(cat, 'cbc:ID').some((id) => nsp(sv(id)) === code);

/** A rule; its message is the entry of `id` in the catalogue of this package (./messages.ts). */
function def(id: string, flag: RuleFlag, ruleset: RuleSet, check: RuleDef['check'], bt?: string): RuleDef {
  const r: RuleDef = { id, flag, ruleset, message: ublRuleTexts(id), check };
  if (bt) r.bt = bt;
  return r;
}
const atRoot = (id: string, ruleset: RuleSet, ok: (root: XmlElement, doc: CiiDoc) => boolean, bt?: string): RuleDef =>
  def(
    id,
    'fatal',
    ruleset,
    (doc, fail) => {
      if (!ok(doc.root, doc)) fail(doc.root);
    },
    bt,
  );

type B = InstanceType<typeof Big>;
/** xs:decimal(node): exact, a dynamic error on a bad lexical form (the engine then skips the rule, as Saxon aborts). */
function dec(el: XmlElement): B {
  // The cast trims XML white space only; big.js takes no '+' sign, xs:decimal does.
  const t = trimXmlSpace(sv(el));
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) throw new XPathDynamicError('FORG0001', `cannot cast "${t}" to xs:decimal`);
  return new Big(t.charCodeAt(0) === 0x2b ? t.slice(1) : t);
}
/** At most one node (a path in an arithmetic or cast context); several are a type error, as in XPath 2.0. */
function one(els: readonly XmlElement[]): XmlElement | undefined {
  if (els.length > 1) throw new XPathDynamicError('XPTY0004', 'a sequence of more than one item is not allowed here');
  return els[0];
}
/** fn:round on a decimal: half towards positive infinity. */
function floor(x: B): B {
  const t = x.round(0, 0);
  return t.gt(x) ? t.minus(1) : t;
}
/** fn:round: half towards positive infinity = floor(x + 0.5). */
const roundXPath = (x: B): B => floor(x.plus(new Big('0.5')));

/** round(x * 10 * 10) div 100 on a decimal. */
const centsXPath = (x: B): B => roundXPath(x.times(100)).div(100);
/** exists(cbc:X) below e. */
const hasChild = (e: XmlElement, local: string): boolean => sel(e, `cbc:${local}`).length > 0;
/** xs:decimal(cbc:X) below e: none is the empty sequence (undefined: every comparison with it is false), several a type error. */
function decChild(e: XmlElement, local: string): B | undefined {
  const c = one(sel(e, `cbc:${local}`));
  return c === undefined ? undefined : dec(c);
}

/** xs:date(node) as an instant (see xsDateInstant); FORG0001 on a bad form. */
const xsDate = (el: XmlElement): number => xsDateInstant(sv(el));
/** The parent chain of e is `locals` (nearest first), all in the cac namespace. */
const under = (e: XmlElement, ...locals: string[]): boolean => {
  let p = e.parent;
  for (const l of locals) {
    if (p === null || p.local !== l || p.ns !== CAC) return false;
    p = p.parent;
  }
  return true;
};
/** A code list as the CEN UBL 1.3.16 schematron lists countries: with SS, without the withdrawn AN of the CII lists. */
const asInUbl = (codes: Iterable<string>): string[] => [...codes].filter((c) => c !== 'AN').concat('SS');
/** BR-CO-09's list string in the UBL binding, for its plain contains(). */
const UBL_VAT_PREFIX_LIST = ` ${asInUbl(officialCodes.VAT_ID_PREFIXES).join(' ')} `;
const CL03 = new Set([
  'Amount',
  'BaseAmount',
  'PriceAmount',
  'TaxAmount',
  'TaxableAmount',
  'LineExtensionAmount',
  'TaxExclusiveAmount',
  'TaxInclusiveAmount',
  'AllowanceTotalAmount',
  'ChargeTotalAmount',
  'PrepaidAmount',
  'PayableRoundingAmount',
  'PayableAmount',
]);
/** The S-category line/allowance-charge filter of BR-S-08: category S and xs:decimal(Percent) = rate (general comparison). */
const atRate = (cats: readonly XmlElement[], code: string, rate: B): boolean => cats.some((c) => catIs(c, code)) && cats.flatMap((c) => sel(c, 'cbc:Percent')).some((p) => dec(p).eq(rate));

const codeSet = (list: string): ReadonlySet<string> => new Set(list.split(' '));
/** BT-3 in UBL (CEN UBL 1.3.16 BR-CL-01): the invoice codes, and the credit note codes on a CreditNote. */
const UBL_INVOICE_TYPES = codeSet(
  '71 80 81 82 84 102 130 202 203 204 211 218 219 295 325 326 331 380 382 383 384 385 386 387 388 389 390 393 394 395 456 457 471 472 473 500 501 527 553 575 623 633 751 780 817 870 875 876 877 935',
);
const UBL_CREDIT_NOTE_TYPES = codeSet('81 83 261 262 296 308 381 396 420 458 502 503 532');
const DE16_CODES = codeSet('S Z E AE K G L M');

const EXTENSION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0';
/** The XRechnung extension's $isExtension: BT-24 (text as written) is the extension's identifier. */
const isExtension = (root: XmlElement): boolean => sel(root, 'cbc:CustomizationID').some((c) => c.text === EXTENSION_ID);

/** Country code present (normalize-space(cac:Country/cbc:IdentificationCode) != ''); Saxon errors on several. */
const hasCountry = (addr: XmlElement): boolean => sel(addr, 'cac:Country/cbc:IdentificationCode').some((c) => nsp(sv(c)) !== '');

const VAT_CODES = Symbol('ubl-bindings-vat-codes');
/** The codes (normalize-space of every cbc:ID) of the VAT-scheme cac:TaxCategory / cac:ClassifiedTaxCategory anywhere. */
function vatCodesAnywhere(doc: CiiDoc): ReadonlySet<string> {
  return doc.memo(VAT_CODES, () => {
    const out = new Set<string>();
    for (const c of [...anywhere(doc, 'TaxCategory'), ...anywhere(doc, 'ClassifiedTaxCategory')]) if (isVatScheme(c)) for (const id of sel(c, 'cbc:ID')) out.add(nsp(sv(id)));
    return out;
  });
}

/** BR-x-01 of the form "a category used anywhere needs exactly one VAT breakdown of it". */
const exactlyOneBreakdown = (id: string, code: string): RuleDef =>
  atRoot(
    id,
    'en16931',
    (r, doc) => {
      if (!vatCodesAnywhere(doc).has(code)) return true;
      // count(…/cac:TaxCategory[VAT]/cbc:ID[normalize-space(.) = code]) = 1: the ids are counted
      return (
        sel(r, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory')
          .filter(isVatScheme)
          .flatMap((c) => sel(c, 'cbc:ID').filter((i) => nsp(sv(i)) === code)).length === 1
      );
    },
    'BG-23',
  );

/** Categories (TaxCategory/ClassifiedTaxCategory elements) with this code; `vat` also requires the VAT scheme. */
const withCode = (cats: readonly XmlElement[], code: string, vat: boolean): XmlElement[] => cats.filter((c) => catIs(c, code) && (!vat || isVatScheme(c)));
const headerCats = (root: XmlElement): XmlElement[] => sel(root, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory');
const acCats = (doc: CiiDoc): XmlElement[] => anywhere(doc, 'AllowanceCharge').flatMap((ac) => sel(ac, 'cac:TaxCategory'));
const sellerHasTaxId = (doc: CiiDoc, vatOnly: boolean): boolean =>
  anywhere(doc, 'AccountingSupplierParty').some((w) => sel(w, 'cac:Party/cac:PartyTaxScheme').some((p) => (!vatOnly || isVatScheme(p)) && sel(p, 'cbc:CompanyID').length > 0)) ||
  anywhere(doc, 'TaxRepresentativeParty').some((r) => sel(r, 'cac:PartyTaxScheme').some((p) => isVatScheme(p) && sel(p, 'cbc:CompanyID').length > 0));
const buyerVatId = (doc: CiiDoc): boolean =>
  anywhere(doc, 'AccountingCustomerParty').some((w) => sel(w, 'cac:Party/cac:PartyTaxScheme').some((p) => isVatScheme(p) && sel(p, 'cbc:CompanyID').length > 0));
const buyerLegalId = (doc: CiiDoc): boolean => anywhere(doc, 'AccountingCustomerParty').some((w) => sel(w, 'cac:Party/cac:PartyLegalEntity/cbc:CompanyID').length > 0);

/** BR-S-01, BR-AF-01, BR-AG-01: items or allowances/charges of a category need at least one breakdown of it. */
const atLeastOneBreakdown = (id: string, code: string, vat: boolean): RuleDef =>
  atRoot(
    id,
    'en16931',
    (r, doc) => {
      const used = withCode(acCats(doc), code, vat).length + withCode(anywhere(doc, 'ClassifiedTaxCategory'), code, vat).length;
      // The official test checks the breakdown without normalize-space / VAT scheme in the "used" branch for L and M.
      const header = vat ? headerCats(r).filter((c) => sel(c, 'cbc:ID').some((i) => sv(i) === code)).length : withCode(headerCats(r), code, false).length;
      const headerVat = withCode(headerCats(r), code, vat).length;
      return (used > 0 && header > 0) || (used === 0 && headerVat === 0);
    },
    'BG-23',
  );

/** BR-x-02: an item of category X needs the seller's VAT (or tax registration) id, or the tax representative's. */
const needsSellerId = (id: string, code: string, extra: (doc: CiiDoc) => boolean = () => true, vatOnly = false): RuleDef =>
  atRoot(
    id,
    'en16931',
    (_r, doc) => {
      const items = anywhere(doc, 'ClassifiedTaxCategory');
      if (!withCode(items, code, code !== 'S').length) return true;
      return withCode(items, code, true).length > 0 && sellerHasTaxId(doc, vatOnly) && extra(doc);
    },
    'BT-31',
  );

/**
 * `cbc:ChargeIndicator = true()/false()` as XPath compares it: the value cast to xs:boolean ('true'/'1', 'false'/'0',
 * whitespace collapsed); any other value is a dynamic error (FORG0001), which aborts the official assertion.
 */
function chargeIs(ac: XmlElement, v: boolean): boolean {
  let hit = false;
  for (const c of sel(ac, 'cbc:ChargeIndicator')) {
    const t = nsp(sv(c));
    if (t !== 'true' && t !== '1' && t !== 'false' && t !== '0') throw new XPathDynamicError('FORG0001', `cannot cast "${t}" to xs:boolean`);
    if ((t === 'true' || t === '1') === v) hit = true;
  }
  return hit;
}

/**
 * BR-x-03 / BR-x-04 as bound in UBL: one assertion on the document (not one per allowance/charge) — a document
 * allowance (`charge` false) or charge (true) anywhere (//cac:AllowanceCharge) with a VAT category of this code
 * (normalize-space of cbc:ID, VAT scheme) needs the seller's tax id (PartyTaxScheme/CompanyID; of the VAT scheme
 * when `vatOnly`) or the tax representative's VAT id, plus `extra` (the buyer's ids for AE and K). `exactId`: the
 * official negation tests cbc:ID without normalize-space (BR-AF-04).
 */
const acNeedsSellerId = (id: string, code: string, charge: boolean, opts: { vatOnly?: boolean; extra?: (doc: CiiDoc) => boolean; exactId?: boolean } = {}): RuleDef =>
  atRoot(
    id,
    'en16931',
    (_r, doc) => {
      const cats = anywhere(doc, 'AllowanceCharge')
        .filter((ac) => chargeIs(ac, charge))
        .flatMap((ac) => sel(ac, 'cac:TaxCategory'))
        .filter(isVatScheme);
      const present = opts.exactId ? cats.some((c) => sel(c, 'cbc:ID').some((i) => sv(i) === code)) : cats.some((c) => catIs(c, code));
      if (!present) return true;
      return cats.some((c) => catIs(c, code)) && sellerHasTaxId(doc, opts.vatOnly ?? false) && (opts.extra ?? (() => true))(doc);
    },
    'BT-31',
  );
const buyerIds = (d: CiiDoc): boolean => buyerVatId(d) || buyerLegalId(d);

/** `cbc:ChargeIndicator = true()/false()` in a rule context: a value that is no boolean makes the pattern not match. */
const chargeMatches = (ac: XmlElement, v: boolean): boolean =>
  sel(ac, 'cbc:ChargeIndicator').some((c) => {
    const t = nsp(sv(c));
    return v ? t === 'true' || t === '1' : t === 'false' || t === '0';
  });
/**
 * `node op number` as the official run (Saxon-HE 9.9) compares an untyped node value with a number: "-0.00" is below 0,
 * NaN above every number (see cmpUntyped in @kontor/cii/rules); a bad lexical form is FORG0001.
 */
const untypedCmp = (el: XmlElement, op: CmpOp, n: number): boolean => cmpUntyped(untypedDbl(sv(el)), op, n);
type RateWhere = 'line' | 'allowance' | 'charge';
const RATE_CONTEXTS = Symbol('ubl-bindings-rate-contexts');
/**
 * The elements the BR-x-05/06/07 contexts match, by category code (one pass per document for the 27 rules): item
 * categories of lines, tax categories of allowances / charges (by the indicator as a pattern reads it).
 */
function rateContexts(doc: CiiDoc): Record<RateWhere, Map<string, XmlElement[]>> {
  return doc.memo(RATE_CONTEXTS, () => {
    const out: Record<RateWhere, Map<string, XmlElement[]>> = { line: new Map(), allowance: new Map(), charge: new Map() };
    // [normalize-space(cbc:ID) = code][cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT']: one id (several make
    // normalize-space fail, so the pattern does not match), VAT scheme
    const add = (where: RateWhere, c: XmlElement): void => {
      const ids = sel(c, 'cbc:ID');
      if (ids.length !== 1 || !isVatScheme(c)) return;
      const code = nsp(sv(ids[0]!));
      const a = out[where].get(code);
      if (a) a.push(c);
      else out[where].set(code, [c]);
    };
    for (const l of [...anywhere(doc, 'InvoiceLine'), ...anywhere(doc, 'CreditNoteLine')]) for (const c of sel(l, 'cac:Item/cac:ClassifiedTaxCategory')) add('line', c);
    for (const ac of anywhere(doc, 'AllowanceCharge')) {
      const cats = sel(ac, 'cac:TaxCategory');
      if (chargeMatches(ac, false)) for (const c of cats) add('allowance', c);
      if (chargeMatches(ac, true)) for (const c of cats) add('charge', c);
    }
    return out;
  });
}
type RateTest = 'zero' | 'positive' | 'nonNegative' | 'absent';
const rateOk: Record<RateTest, (cat: XmlElement) => boolean> = {
  // xs:decimal(cbc:Percent) = 0: none is false, several a type error
  zero: (c) => {
    const p = one(sel(c, 'cbc:Percent'));
    return p !== undefined && dec(p).eq(0);
  },
  // (cbc:Percent) > 0 / >= 0: general comparisons (some Percent satisfies it)
  positive: (c) => sel(c, 'cbc:Percent').some((p) => untypedCmp(p, '>', 0)),
  nonNegative: (c) => sel(c, 'cbc:Percent').some((p) => untypedCmp(p, '>=', 0)),
  absent: (c) => sel(c, 'cbc:Percent').length === 0,
};
/**
 * BR-x-05 / -06 / -07: the rate of a line's item category, a document or line allowance's, a charge's, with the UBL
 * contexts (cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory, cac:AllowanceCharge[cbc:ChargeIndicator=…]/cac:TaxCategory,
 * category code after normalize-space, VAT scheme) and the UBL tests (L and M: rate ≥ 0).
 */
const categoryRate = (id: string, code: string, where: RateWhere, test: RateTest, bt: string): RuleDef =>
  def(
    id,
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const c of rateContexts(doc)[where].get(code) ?? NONE) if (!rateOk[test](c)) fail(c);
    },
    bt,
  );
/** The eight rate-bearing categories (rule prefix, code, rate test) and O. */
const CATEGORY_RATES: readonly (readonly [string, string, RateTest])[] = [
  ['S', 'S', 'positive'],
  ['Z', 'Z', 'zero'],
  ['E', 'E', 'zero'],
  ['AE', 'AE', 'zero'],
  ['IC', 'K', 'zero'],
  ['G', 'G', 'zero'],
  ['AF', 'L', 'nonNegative'],
  ['AG', 'M', 'nonNegative'],
  ['O', 'O', 'absent'],
];

/** A VAT breakdown (cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory, VAT scheme) of this category code. */
const hasHeaderCat = (root: XmlElement, code: string): boolean => headerCats(root).some((c) => isVatScheme(c) && catIs(c, code));
/** fn:string-length of at most one node (a type error with several), 0 for none. */
const strLen = (els: readonly XmlElement[]): number => {
  const e = one(els);
  return e ? [...sv(e)].length : 0;
};
/** `[normalize-space(cbc:ID) != 'O'][VAT scheme]`: no id reads '' (not O); several ids are a type error. */
const notO = (c: XmlElement): boolean => isVatScheme(c) && nspId(c) !== 'O';
/**
 * The code-list test of the UBL Codesmodel pattern, `not(contains(normalize-space(v), ' ')) and contains(' LIST ',
 * concat(' ', normalize-space(v), ' '))`: one token of the list (an empty value is none).
 */
const inList = (list: ReadonlySet<string>, v: string): boolean => {
  const t = nsp(v);
  return t !== '' && !t.includes(' ') && list.has(t);
};
/** ISO 3166-1 as the CEN UBL 1.3.16 schematron lists it (BR-CL-14/15). */
const UBL_COUNTRY_CODES: ReadonlySet<string> = new Set(asInUbl(officialCodes.COUNTRY_CODES));
/**
 * A BR-CL rule of the UBL Codesmodel pattern: every `child` (cbc) of every `parent` element (cac) anywhere, with the
 * attribute `attr` when given (context `…/cbc:X[@attr]`, the attribute's value tested) or the element's value.
 */
const codeRule = (
  id: string,
  bt: string,
  parents: readonly string[],
  child: string,
  attr: string | null,
  ok: (v: string, el: XmlElement) => boolean,
  parentOk: (p: XmlElement) => boolean = () => true,
): RuleDef =>
  def(
    id,
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const p of parents.flatMap((local) => anywhere(doc, local))) {
        if (!parentOk(p)) continue;
        for (const e of sel(p, `cbc:${child}`)) {
          const v = attr === null ? sv(e) : e.attr(attr);
          if (v !== undefined && !ok(v, e)) fail(e);
        }
      }
    },
    bt,
  );
const hasAncestor = (e: XmlElement, locals: readonly string[]): boolean => {
  for (let p = e.parent; p; p = p.parent) if (p.ns === CAC && locals.includes(p.local)) return true;
  return false;
};
const ICD = officialCodes.ICD_SCHEMES;
/** A rule of the context `cac:InvoiceLine | cac:CreditNoteLine` (anywhere, either kind whatever the root). */
const lineRule = (id: string, bt: string, ok: (line: XmlElement) => boolean): RuleDef =>
  def(
    id,
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const e of [...anywhere(doc, 'InvoiceLine'), ...anywhere(doc, 'CreditNoteLine')]) if (!ok(e)) fail(e);
    },
    bt,
  );
/** string-length(substring-after(x, '.')) of at most one node (a type error with several; '' for none). */
const decimalsAfterPoint = (els: readonly XmlElement[]): number => {
  const e = one(els);
  return e ? fractionLength(sv(e)) : 0;
};
const isLine = (e: XmlElement | null): boolean => !!e && e.ns === CAC && (e.local === 'InvoiceLine' || e.local === 'CreditNoteLine');

/** BR-x-09: the VAT amount of a breakdown of this category = taxable × rate / 100, rounded (±1). */
/** normalize-space(cbc:ID) of a category in an expression: '' without an id, a type error with several. */
function nspId(c: XmlElement): string {
  const id = one(sel(c, 'cbc:ID'));
  return id ? nsp(sv(id)) : '';
}
/**
 * The breakdown categories the root's `cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory[normalize-space(cbc:ID) = X]
 * [cac:TaxScheme/normalize-space(upper-case(cbc:ID))='VAT']` contexts match (one id, VAT scheme).
 */
const headerContexts = (doc: CiiDoc, code: string): XmlElement[] =>
  headerCats(doc.root).filter((c) => {
    const ids = sel(c, 'cbc:ID');
    return ids.length === 1 && nsp(sv(ids[0]!)) === code && isVatScheme(c);
  });
/**
 * BR-E/Z/G/IC/AE/O-08: the taxable amount (BT-116) of the category's breakdown = the root lines of that category
 * (any of the item's categories, normalize-space, no scheme filter) + root charges − root allowances of it, exactly;
 * tried with cac:InvoiceLine, then with cac:CreditNoteLine (each needs such a line anywhere).
 */
const breakdownBasis = (id: string, code: string): RuleDef =>
  def(
    id,
    'fatal',
    'en16931',
    (doc, fail) => {
      const r = doc.root;
      const has = (els: readonly XmlElement[]): boolean => els.some((e) => nspId(e) === code);
      for (const cat of headerContexts(doc, code)) {
        const st = cat.parent!;
        const branch = (lineName: 'InvoiceLine' | 'CreditNoteLine'): boolean => {
          if (!anywhere(doc, lineName).length) return false;
          const t = one(sel(st, 'cbc:TaxableAmount'));
          const taxable = t ? dec(t) : undefined;
          let sum = new Big(0);
          for (const l of sel(r, `cac:${lineName}`)) {
            if (!has(sel(l, 'cac:Item/cac:ClassifiedTaxCategory'))) continue;
            const a = one(sel(l, 'cbc:LineExtensionAmount'));
            if (a) sum = sum.plus(dec(a));
          }
          const acs = sel(r, 'cac:AllowanceCharge');
          for (const charge of [true, false])
            for (const ac of acs.filter((x) => chargeIs(x, charge)))
              if (has(sel(ac, 'cac:TaxCategory'))) {
                const a = one(sel(ac, 'cbc:Amount'));
                if (a) sum = charge ? sum.plus(dec(a)) : sum.minus(dec(a));
              }
          return taxable?.eq(sum) === true;
        };
        if (!(branch('InvoiceLine') || branch('CreditNoteLine'))) fail(cat);
      }
    },
    'BT-116',
  );
/** BR-E/Z/G/IC/AE/O-09: xs:decimal(../cbc:TaxAmount) = 0 on the category's breakdown. */
const breakdownZeroTax = (id: string, code: string): RuleDef =>
  def(
    id,
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const cat of headerContexts(doc, code)) {
        const t = one(sel(cat.parent!, 'cbc:TaxAmount'));
        if (!t || !dec(t).eq(0)) fail(cat);
      }
    },
    'BT-117',
  );
/** BR-x-10: an exemption reason (text or code) on the category's breakdown is required (`need`) or not allowed. */
const breakdownExemption = (id: string, code: string, need: boolean): RuleDef =>
  def(
    id,
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const cat of headerContexts(doc, code)) {
        const has = sel(cat, 'cbc:TaxExemptionReason').length > 0 || sel(cat, 'cbc:TaxExemptionReasonCode').length > 0;
        if (has !== need) fail(cat);
      }
    },
    'BT-120',
  );
const sellerOrRepOrBuyerVat = (doc: CiiDoc): boolean =>
  anywhere(doc, 'AccountingSupplierParty').some((w) => sel(w, 'cac:Party/cac:PartyTaxScheme').some((p) => isVatScheme(p) && sel(p, 'cbc:CompanyID').length > 0)) ||
  anywhere(doc, 'TaxRepresentativeParty').some((w) => sel(w, 'cac:PartyTaxScheme').some((p) => isVatScheme(p) && sel(p, 'cbc:CompanyID').length > 0)) ||
  buyerVatId(doc);
const breakdownTax = (id: string, code: string): RuleDef =>
  def(
    id,
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const t of sel(doc.root, 'cac:TaxTotal'))
        for (const st of sel(t, 'cac:TaxSubtotal'))
          for (const cat of sel(st, 'cac:TaxCategory')) {
            if (!sel(cat, 'cbc:ID').some((i) => nsp(sv(i)) === code) || !isVatScheme(cat)) continue;
            const taxEl = one(sel(st, 'cbc:TaxAmount'));
            const basisEl = one(sel(st, 'cbc:TaxableAmount'));
            const pctEl = one(sel(cat, 'cbc:Percent'));
            if (!taxEl || !basisEl || !pctEl) {
              fail(cat);
              continue;
            }
            const expected = centsXPath(dec(basisEl).abs().times(dec(pctEl).div(100)));
            const tax = dec(taxEl).abs();
            if (!(tax.minus(1).lt(expected) && tax.plus(1).gt(expected))) fail(cat);
          }
    },
    'BT-117',
  );

/**
 * BR-S-08, BR-AF-08, BR-AG-08: per rate of a category's breakdown, the taxable amount (BT-116) within ±1 of the lines
 * and document allowances/charges of that category and rate. `rated`: a line or allowance/charge at that rate must
 * exist (S); `anyLine`: any line must exist (L, M), as the official bindings are written.
 */
const perRateBasis = (id: string, code: string, mode: 'rated' | 'anyLine'): RuleDef =>
  def(
    id,
    'fatal',
    'en16931',
    (doc, fail) => {
      const root = doc.root;
      const docAc = sel(root, 'cac:AllowanceCharge');
      const anyAc = anywhere(doc, 'AllowanceCharge');
      for (const t of sel(root, 'cac:TaxTotal')) {
        for (const st of sel(t, 'cac:TaxSubtotal')) {
          for (const cat of sel(st, 'cac:TaxCategory')) {
            if (!sel(cat, 'cbc:ID').some((id) => nsp(sv(id)) === code) || !isVatScheme(cat)) continue;
            const taxableEl = one(sel(st, 'cbc:TaxableAmount'));
            let ok = true;
            for (const rateEl of sel(cat, 'cbc:Percent')) {
              const rate = dec(rateEl);
              const branch = (lineName: string): boolean => {
                const lines = sel(root, lineName).filter((l) => atRate(sel(l, 'cac:Item/cac:ClassifiedTaxCategory'), code, rate));
                const exists =
                  mode === 'anyLine'
                    ? anywhere(doc, lineName.slice(4)).length > 0
                    : anywhere(doc, lineName.slice(4)).some((l) => atRate(sel(l, 'cac:Item/cac:ClassifiedTaxCategory'), code, rate)) ||
                      anyAc.some((ac) => atRate(sel(ac, 'cac:TaxCategory'), code, rate));
                if (!exists || !taxableEl) return false;
                let sum = new Big(0);
                for (const l of lines) for (const a of sel(l, 'cbc:LineExtensionAmount')) sum = sum.plus(dec(a));
                for (const ac of docAc) {
                  if (!atRate(sel(ac, 'cac:TaxCategory'), code, rate)) continue;
                  for (const a of sel(ac, 'cbc:Amount')) {
                    if (chargeMatches(ac, true)) sum = sum.plus(dec(a));
                    if (chargeMatches(ac, false)) sum = sum.minus(dec(a));
                  }
                }
                const taxable = Number(sv(taxableEl));
                if (!Number.isFinite(taxable)) throw new XPathDynamicError('FORG0001', `cannot cast "${sv(taxableEl)}" to xs:double`);
                return new Big(taxable - 1).lt(sum) && new Big(taxable + 1).gt(sum);
              };
              if (!(branch('cac:InvoiceLine') || branch('cac:CreditNoteLine'))) ok = false;
            }
            if (!ok) fail(cat);
          }
        }
      }
    },
    'BT-116',
  );

/** BR-CO-11 / BR-CO-12 as the CEN UBL schematron binds them (context cac:LegalMonetaryTotal). */
function totalOfAllowancesCharges(id: string, charge: boolean, total: string, bt: string): RuleDef {
  return def(
    id,
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const lmt of anywhere(doc, 'LegalMonetaryTotal')) {
        // ../cac:AllowanceCharge[cbc:ChargeIndicator = true()/false()]
        const acs = (lmt.parent ? sel(lmt.parent, 'cac:AllowanceCharge') : []).filter((ac) => chargeIs(ac, charge));
        const totals = sel(lmt, `cbc:${total}`);
        let ok = totals.length === 0 && acs.length === 0;
        if (!ok && totals.length > 0) {
          const t = dec(one(totals)!);
          let sum = new Big(0);
          for (const ac of acs) {
            const a = one(sel(ac, 'cbc:Amount'));
            if (a !== undefined) sum = sum.plus(dec(a));
          }
          ok = t.eq(centsXPath(sum));
        }
        if (!ok) fail(lmt);
      }
    },
    bt,
  );
}

export const ublBindingRules: readonly RuleDef[] = [
  def(
    'BR-09',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const a of sel(doc.root, 'cac:AccountingSupplierParty/cac:Party/cac:PostalAddress')) if (!hasCountry(a)) fail(a);
    },
    'BT-40',
  ),
  def(
    'BR-11',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const a of sel(doc.root, 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress')) if (!hasCountry(a)) fail(a);
    },
    'BT-55',
  ),
  def(
    'BR-20',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const p of anywhere(doc, 'TaxRepresentativeParty')) for (const a of sel(p, 'cac:PostalAddress')) if (!hasCountry(a)) fail(a);
    },
    'BT-69',
  ),
  atRoot('BR-CO-18', 'en16931', (r) => sel(r, 'cac:TaxTotal/cac:TaxSubtotal').length > 0, 'BG-23'),
  def(
    'BR-45',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const t of anywhere(doc, 'TaxTotal')) for (const s of sel(t, 'cac:TaxSubtotal')) if (!sel(s, 'cbc:TaxableAmount').length) fail(s);
    },
    'BT-116',
  ),
  def(
    'BR-46',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const t of anywhere(doc, 'TaxTotal')) for (const s of sel(t, 'cac:TaxSubtotal')) if (!sel(s, 'cbc:TaxAmount').length) fail(s);
    },
    'BT-117',
  ),
  def(
    'BR-CO-14',
    'fatal',
    'en16931',
    (doc, fail) => {
      // xs:decimal(cbc:TaxAmount) = round(sum(cac:TaxSubtotal/xs:decimal(cbc:TaxAmount)) * 10 * 10) div 100, or no
      // subtotal: the total exact (a third decimal is a difference), only the sum rounded to cents (half up, exact).
      for (const t of sel(doc.root, 'cac:TaxTotal')) {
        const subs = sel(t, 'cac:TaxSubtotal');
        if (!subs.length) continue;
        const total = one(sel(t, 'cbc:TaxAmount'));
        let sum = new Big(0);
        for (const s of subs) {
          const a = one(sel(s, 'cbc:TaxAmount'));
          if (a) sum = sum.plus(dec(a));
        }
        if (total === undefined || !dec(total).eq(centsXPath(sum))) fail(t);
      }
    },
    'BT-110',
  ),
  def(
    'BR-CL-03',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const e of doc.elements()) {
        if (e.ns !== CBC || !CL03.has(e.local)) continue;
        const c = nsp(e.attr('currencyID') ?? '');
        if (c.includes(' ') || !ISO_4217_CURRENCIES.has(c)) fail(e);
      }
    },
    'BT-5',
  ),
  def(
    'BR-CO-17',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const t of anywhere(doc, 'TaxTotal')) {
        for (const st of sel(t, 'cac:TaxSubtotal')) {
          const pctEl = one(
            sel(st, 'cac:TaxCategory')
              .filter(isVatScheme)
              .flatMap((c) => sel(c, 'cbc:Percent')),
          );
          const taxEl = one(sel(st, 'cbc:TaxAmount'));
          const basisEl = one(sel(st, 'cbc:TaxableAmount'));
          const tax = taxEl ? dec(taxEl) : undefined;
          const pct = pctEl ? dec(pctEl) : undefined;
          let ok = false;
          if (pct !== undefined && tax !== undefined) {
            if (roundXPath(pct).eq(0)) ok = roundXPath(tax).eq(0);
            else if (basisEl) {
              const expected = centsXPath(dec(basisEl).abs().times(pct.div(100)));
              ok = tax.abs().minus(1).lt(expected) && tax.abs().plus(1).gt(expected);
            }
          } else if (pct === undefined && tax !== undefined) ok = roundXPath(tax).eq(0);
          if (!ok) fail(st);
        }
      }
    },
    'BT-117',
  ),
  perRateBasis('BR-S-08', 'S', 'rated'),
  perRateBasis('BR-AF-08', 'L', 'anyLine'),
  perRateBasis('BR-AG-08', 'M', 'anyLine'),
  exactlyOneBreakdown('BR-IC-01', 'K'),
  atLeastOneBreakdown('BR-S-01', 'S', false),
  atLeastOneBreakdown('BR-AF-01', 'L', true),
  atLeastOneBreakdown('BR-AG-01', 'M', true),
  needsSellerId('BR-S-02', 'S'),
  needsSellerId('BR-Z-02', 'Z'),
  needsSellerId('BR-AE-02', 'AE', buyerIds),
  needsSellerId('BR-IC-02', 'K', buyerVatId, true),
  breakdownTax('BR-S-09', 'S'),
  breakdownTax('BR-AF-09', 'L'),
  breakdownTax('BR-AG-09', 'M'),
  ...(
    [
      ['E', 'E', true],
      ['Z', 'Z', false],
      ['G', 'G', true],
      ['IC', 'K', true],
      ['AE', 'AE', true],
      ['O', 'O', true],
    ] as const
  ).flatMap(([p, code, exemption]) => [breakdownBasis(`BR-${p}-08`, code), breakdownZeroTax(`BR-${p}-09`, code), breakdownExemption(`BR-${p}-10`, code, exemption)]),
  breakdownExemption('BR-S-10', 'S', false),
  breakdownExemption('BR-AF-10', 'L', false),
  breakdownExemption('BR-AG-10', 'M', false),
  // BR-O-02..04: items (anywhere) / root allowances / root charges of category O exclude the seller's, the tax
  // representative's and the buyer's VAT ids; one assertion per document.
  atRoot('BR-O-02', 'en16931', (_r, doc) => !anywhere(doc, 'ClassifiedTaxCategory').some((c) => isVatScheme(c) && nspId(c) === 'O') || !sellerOrRepOrBuyerVat(doc), 'BT-31'),
  ...(
    [
      ['BR-O-03', false],
      ['BR-O-04', true],
    ] as const
  ).map(([id, charge]) =>
    atRoot(
      id,
      'en16931',
      (r, doc) =>
        !sel(r, 'cac:AllowanceCharge')
          .filter((ac) => chargeIs(ac, charge))
          .some((ac) => sel(ac, 'cac:TaxCategory').some((c) => isVatScheme(c) && nspId(c) === 'O')) || !sellerOrRepOrBuyerVat(doc),
      'BT-31',
    ),
  ),
  // BR-O-11..14: with an O breakdown, no VAT category [normalize-space(cbc:ID) != 'O'] among the breakdowns, the items,
  // the allowances, the charges (anywhere: //cac:AllowanceCharge[cbc:ChargeIndicator=…]); a category without an id reads ''.
  atRoot('BR-O-11', 'en16931', (r) => !hasHeaderCat(r, 'O') || !headerCats(r).some(notO), 'BG-23'),
  atRoot('BR-O-12', 'en16931', (r, doc) => !hasHeaderCat(r, 'O') || !anywhere(doc, 'ClassifiedTaxCategory').some(notO), 'BG-23'),
  ...(
    [
      ['BR-O-13', false, 'BT-95'],
      ['BR-O-14', true, 'BT-102'],
    ] as const
  ).map(([id, charge, bt]) =>
    atRoot(
      id,
      'en16931',
      (r, doc) =>
        !hasHeaderCat(r, 'O') ||
        !anywhere(doc, 'AllowanceCharge')
          .filter((ac) => chargeIs(ac, charge))
          .some((ac) => sel(ac, 'cac:TaxCategory').some(notO)),
      bt,
    ),
  ),
  def(
    'BR-48',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const t of anywhere(doc, 'TaxTotal'))
        for (const st of sel(t, 'cac:TaxSubtotal')) {
          const cats = sel(st, 'cac:TaxCategory').filter(isVatScheme);
          if (!cats.some((c) => sel(c, 'cbc:Percent').length > 0) && !cats.some((c) => sel(c, 'cbc:ID').some((i) => nsp(sv(i)) === 'O'))) fail(st);
        }
    },
    'BT-119',
  ),
  def(
    'BR-61',
    'fatal',
    'en16931',
    (doc, fail) => {
      // normalize-space(cbc:PaymentMeansCode): '' without a code (not a transfer), a type error with several.
      for (const pm of anywhere(doc, 'PaymentMeans')) {
        const el = one(sel(pm, 'cbc:PaymentMeansCode'));
        const code = el ? nsp(sv(el)) : '';
        const transfer = code === '30' || code === '58';
        if (transfer && !sel(pm, 'cac:PayeeFinancialAccount/cbc:ID').length) fail(pm);
      }
    },
    'BT-84',
  ),
  // A warning in UBL, on each card number (cac:PaymentMeans/cac:CardAccount/cbc:PrimaryAccountNumberID).
  def(
    'BR-51',
    'warning',
    'en16931',
    (doc, fail) => {
      for (const pm of anywhere(doc, 'PaymentMeans')) for (const pan of sel(pm, 'cac:CardAccount/cbc:PrimaryAccountNumberID')) if ([...nsp(sv(pan))].length > 10) fail(pan);
    },
    'BT-87',
  ),
  // The document's invoicing period (context cac:InvoicePeriod after the line periods' rule): a start date, an end
  // date or a VAT point date code (BT-8, which UBL carries in the period).
  def(
    'BR-CO-19',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const p of anywhere(doc, 'InvoicePeriod')) {
        if (isLine(p.parent)) continue;
        if (!sel(p, 'cbc:StartDate').length && !sel(p, 'cbc:EndDate').length && !sel(p, 'cbc:DescriptionCode').length) fail(p);
      }
    },
    'BG-14',
  ),
  def(
    'BR-CL-06',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const p of anywhere(doc, 'InvoicePeriod'))
        for (const c of sel(p, 'cbc:DescriptionCode')) {
          const v = nsp(sv(c));
          if (v !== '3' && v !== '35' && v !== '432') fail(c);
        }
    },
    'BT-8',
  ),
  atRoot('BR-CO-03', 'en16931', (r) => !(sel(r, 'cbc:TaxPointDate').length > 0 && sel(r, 'cac:InvoicePeriod/cbc:DescriptionCode').length > 0), 'BT-7'),
  // BR-IC-11 / BR-IC-12: one assertion per document with a K breakdown; string-length of the (single) delivery date or
  // deliver-to country code, so an empty element counts as missing.
  atRoot('BR-IC-11', 'en16931', (r) => !hasHeaderCat(r, 'K') || strLen(sel(r, 'cac:Delivery/cbc:ActualDeliveryDate')) > 1 || sel(r, 'cac:InvoicePeriod').some((p) => p.children.length > 0), 'BT-72'),
  atRoot('BR-IC-12', 'en16931', (r) => !hasHeaderCat(r, 'K') || strLen(sel(r, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode')) > 1, 'BT-80'),
  def(
    'BR-57',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const d of anywhere(doc, 'Delivery')) for (const a of sel(d, 'cac:DeliveryLocation/cac:Address')) if (!sel(a, 'cac:Country/cbc:IdentificationCode').length) fail(a);
    },
    'BT-80',
  ),
  def(
    'BR-CL-01',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const e of doc.elements()) {
        if (e.ns !== CBC || (e.local !== 'InvoiceTypeCode' && e.local !== 'CreditNoteTypeCode')) continue;
        const v = nsp(sv(e));
        const list = e.local === 'InvoiceTypeCode' ? UBL_INVOICE_TYPES : UBL_CREDIT_NOTE_TYPES;
        if (v.includes(' ') || !list.has(v)) fail(e);
      }
    },
    'BT-3',
  ),
  // XRechnung: with a VAT category S, Z, E, AE, K, G, L or M (BT-95, BT-102, BT-151) the seller VAT/tax id (BT-31/32) or a tax representative (BG-11).
  atRoot(
    'BR-DE-16',
    'xrechnung',
    (r) => {
      const acIds = (charge: boolean): string[] =>
        sel(r, 'cac:AllowanceCharge')
          .filter((ac) => sel(ac, 'cbc:ChargeIndicator').some((c) => sv(c) === (charge ? 'true' : 'false')))
          .flatMap((ac) => sel(ac, 'cac:TaxCategory/cbc:ID'))
          .map(sv);
      const lineIds = [...sel(r, 'cac:InvoiceLine'), ...sel(r, 'cac:CreditNoteLine')].flatMap((l) => sel(l, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID')).map(sv);
      const used = [...acIds(false), ...acIds(true), ...lineIds].some((v) => DE16_CODES.has(v));
      if (!used) return true;
      return sel(r, 'cac:TaxRepresentativeParty').length > 0 || sel(r, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID').some((c) => nsp(sv(c)) !== '');
    },
    'BT-31',
  ),
  needsSellerId('BR-AF-02', 'L'),
  needsSellerId('BR-AG-02', 'M'),
  ...CATEGORY_RATES.flatMap(([p, code, test]) => [
    categoryRate(`BR-${p}-05`, code, 'line', test, 'BT-152'),
    categoryRate(`BR-${p}-06`, code, 'allowance', test, 'BT-96'),
    categoryRate(`BR-${p}-07`, code, 'charge', test, 'BT-103'),
  ]),
  def(
    'BR-49',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const pm of anywhere(doc, 'PaymentMeans')) if (!sel(pm, 'cbc:PaymentMeansCode').length) fail(pm);
    },
    'BT-81',
  ),
  def(
    'BR-CL-22',
    'fatal',
    'en16931',
    (doc, fail) => {
      // compared in upper case: concat(' ', normalize-space(upper-case(.)), ' ')
      for (const c of anywhere(doc, 'TaxExemptionReasonCode', CBC)) if (!inList(officialCodes.VATEX_CODES, sv(c).toUpperCase())) fail(c);
    },
    'BT-121',
  ),
  // --- the line rules on cac:InvoiceLine | cac:CreditNoteLine (either kind of line, in either document)
  atRoot('BR-16', 'en16931', (r) => sel(r, 'cac:InvoiceLine').length > 0 || sel(r, 'cac:CreditNoteLine').length > 0, 'BG-25'),
  lineRule('BR-21', 'BT-126', (l) => {
    const id = one(sel(l, 'cbc:ID'));
    return !!id && nsp(sv(id)) !== '';
  }),
  lineRule('BR-22', 'BT-129', (l) => sel(l, 'cbc:InvoicedQuantity').length > 0 || sel(l, 'cbc:CreditedQuantity').length > 0),
  lineRule('BR-23', 'BT-130', (l) => [...sel(l, 'cbc:InvoicedQuantity'), ...sel(l, 'cbc:CreditedQuantity')].some((q) => q.attr('unitCode') !== undefined)),
  lineRule('BR-24', 'BT-131', (l) => sel(l, 'cbc:LineExtensionAmount').length > 0),
  lineRule('BR-25', 'BT-153', (l) => {
    const n = one(sel(l, 'cac:Item/cbc:Name'));
    return !!n && nsp(sv(n)) !== '';
  }),
  lineRule('BR-26', 'BT-146', (l) => sel(l, 'cac:Price/cbc:PriceAmount').length > 0),
  lineRule('BR-27', 'BT-146', (l) => sel(l, 'cac:Price/cbc:PriceAmount').some((p) => untypedCmp(p, '>=', 0))),
  // --- code lists where the UBL contexts reach elements the CII binding does not carry (anywhere in the document)
  // BR-CL-07: cac:AdditionalDocumentReference[cbc:DocumentTypeCode = '130']/cbc:ID[@schemeID] | cac:DocumentReference[…]/…
  codeRule(
    'BR-CL-07',
    'BT-18',
    ['AdditionalDocumentReference', 'DocumentReference'],
    'ID',
    'schemeID',
    (v) => inList(officialCodes.REFERENCE_TYPE_CODES, v),
    (r) => sel(r, 'cbc:DocumentTypeCode').some((c) => sv(c) === '130'),
  ),
  codeRule('BR-CL-10', 'BT-29', ['PartyIdentification'], 'ID', 'schemeID', (v, e) => inList(ICD, v) || (inList(new Set(['SEPA']), v) && hasAncestor(e, ['AccountingSupplierParty', 'PayeeParty']))),
  codeRule('BR-CL-11', 'BT-30', ['PartyLegalEntity'], 'CompanyID', 'schemeID', (v) => inList(ICD, v)),
  codeRule('BR-CL-14', 'BT-40', ['Country'], 'IdentificationCode', null, (v) => inList(UBL_COUNTRY_CODES, v)),
  codeRule('BR-CL-15', 'BT-159', ['OriginCountry'], 'IdentificationCode', null, (v) => inList(UBL_COUNTRY_CODES, v)),
  codeRule('BR-CL-17', 'BT-118', ['TaxCategory'], 'ID', null, (v) => inList(officialCodes.VAT_CATEGORY_CODES, v)),
  codeRule('BR-CL-18', 'BT-151', ['ClassifiedTaxCategory'], 'ID', null, (v) => inList(officialCodes.VAT_CATEGORY_CODES, v)),
  codeRule('BR-CL-21', 'BT-157', ['StandardItemIdentification'], 'ID', 'schemeID', (v) => inList(ICD, v)),
  // BR-CO-10 (context cac:LegalMonetaryTotal): the sum of line net amounts = round(sum(//(cac:InvoiceLine |
  // cac:CreditNoteLine)/xs:decimal(cbc:LineExtensionAmount)) * 100) div 100, over lines of either kind anywhere
  def(
    'BR-CO-10',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const lmt of anywhere(doc, 'LegalMonetaryTotal')) {
        const total = one(sel(lmt, 'cbc:LineExtensionAmount'));
        const t = total ? dec(total) : undefined;
        let sum = new Big(0);
        for (const l of [...anywhere(doc, 'InvoiceLine'), ...anywhere(doc, 'CreditNoteLine')]) {
          const a = one(sel(l, 'cbc:LineExtensionAmount'));
          if (a) sum = sum.plus(dec(a));
        }
        if (!t?.eq(centsXPath(sum))) fail(lmt);
      }
    },
    'BT-106',
  ),
  // BR-47 / BR-DEC-19 / BR-DEC-20 on every cac:TaxTotal/cac:TaxSubtotal: in UBL the category contexts match the
  // cac:TaxCategory, not the subtotal, so these fire for every category (in CII the category's breakdown context takes
  // the ram:ApplicableTradeTax first).
  def(
    'BR-47',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const t of anywhere(doc, 'TaxTotal')) for (const st of sel(t, 'cac:TaxSubtotal')) if (!sel(st, 'cac:TaxCategory').some((c) => isVatScheme(c) && sel(c, 'cbc:ID').length > 0)) fail(st);
    },
    'BT-118',
  ),
  ...(
    [
      ['BR-DEC-19', 'TaxableAmount', 'BT-116'],
      ['BR-DEC-20', 'TaxAmount', 'BT-117'],
    ] as const
  ).map(([id, amount, bt]) =>
    def(
      id,
      'fatal',
      'en16931',
      (doc, fail) => {
        for (const t of anywhere(doc, 'TaxTotal')) for (const st of sel(t, 'cac:TaxSubtotal')) if (decimalsAfterPoint(sel(st, `cbc:${amount}`)) > 2) fail(st);
      },
      bt,
    ),
  ),
  // BR-CL-19 / BR-CL-20: cac:AllowanceCharge[cbc:ChargeIndicator = false()/true()]/cbc:AllowanceChargeReasonCode anywhere
  // (price discounts too)
  codeRule(
    'BR-CL-19',
    'BT-98',
    ['AllowanceCharge'],
    'AllowanceChargeReasonCode',
    null,
    (v) => inList(officialCodes.ALLOWANCE_REASON_CODES, v),
    (ac) => chargeMatches(ac, false),
  ),
  codeRule(
    'BR-CL-20',
    'BT-105',
    ['AllowanceCharge'],
    'AllowanceChargeReasonCode',
    null,
    (v) => inList(officialCodes.CHARGE_REASON_CODES, v),
    (ac) => chargeMatches(ac, true),
  ),
  needsSellerId('BR-E-02', 'E'),
  needsSellerId('BR-G-02', 'G', () => true, true),
  ...([false, true] as const).flatMap((charge) => {
    const n = charge ? '04' : '03';
    return [
      acNeedsSellerId(`BR-S-${n}`, 'S', charge),
      acNeedsSellerId(`BR-Z-${n}`, 'Z', charge),
      acNeedsSellerId(`BR-E-${n}`, 'E', charge),
      acNeedsSellerId(`BR-AE-${n}`, 'AE', charge, { extra: buyerIds }),
      acNeedsSellerId(`BR-IC-${n}`, 'K', charge, { vatOnly: true, extra: buyerVatId }),
      acNeedsSellerId(`BR-G-${n}`, 'G', charge, { vatOnly: true }),
      acNeedsSellerId(`BR-AF-${n}`, 'L', charge, { exactId: charge }),
      acNeedsSellerId(`BR-AG-${n}`, 'M', charge),
    ];
  }),
  atRoot(
    'BR-53',
    'en16931',
    (r, doc) => sel(r, 'cbc:TaxCurrencyCode').every((c) => anywhere(doc, 'TaxTotal').some((t) => sel(t, 'cbc:TaxAmount').some((a) => a.attr('currencyID') === sv(c)))),
    'BT-111',
  ),
  def(
    'BR-55',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const b of anywhere(doc, 'BillingReference')) if (!sel(b, 'cac:InvoiceDocumentReference/cbc:ID').length) fail(b);
    },
    'BT-25',
  ),
  def(
    'BR-52',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const d of anywhere(doc, 'AdditionalDocumentReference')) {
        const ids = sel(d, 'cbc:ID');
        if (ids.length > 1) throw new XPathDynamicError('XPTY0004', 'several document ids');
        if (!ids[0] || nsp(sv(ids[0])) === '') fail(d);
      }
    },
    'BT-122',
  ),
  def(
    'BR-32',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const ac of sel(doc.root, 'cac:AllowanceCharge')) {
        const ind = sel(ac, 'cbc:ChargeIndicator').map((c) => nsp(sv(c)));
        // [cbc:ChargeIndicator = false()]: a value that is not a boolean makes the match pattern fail (no match).
        if (!ind.some((v) => v === 'false' || v === '0')) continue;
        if (!sel(ac, 'cac:TaxCategory').some((c) => isVatScheme(c) && sel(c, 'cbc:ID').length > 0)) fail(ac);
      }
    },
    'BT-95',
  ),
  def(
    'BR-CO-04',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const l of [...anywhere(doc, 'InvoiceLine'), ...anywhere(doc, 'CreditNoteLine')])
        if (!sel(l, 'cac:Item/cac:ClassifiedTaxCategory').some((c) => isVatScheme(c) && sel(c, 'cbc:ID').length > 0)) fail(l);
    },
    'BT-151',
  ),
  // BR-DEC-13 and BR-DEC-15 as bound in UBL compare @currencyID with cbc:DocumentCurrencyCode / cbc:TaxCurrencyCode
  // *below* cbc:TaxAmount, which never exists: the official assertions cannot fail, so neither do ours (the CII
  // binding checks the decimals of BT-110 / BT-111; a TaxAmount of 33.333 passes officially in UBL).
  def('BR-DEC-13', 'fatal', 'en16931', () => undefined, 'BT-110'),
  def('BR-DEC-15', 'fatal', 'en16931', () => undefined, 'BT-111'),
  exactlyOneBreakdown('BR-E-01', 'E'),
  exactlyOneBreakdown('BR-Z-01', 'Z'),
  exactlyOneBreakdown('BR-AE-01', 'AE'),
  exactlyOneBreakdown('BR-G-01', 'G'),
  exactlyOneBreakdown('BR-O-01', 'O'),

  // --- XRechnung: Peppol allowance/charge indicators as the UBL schematron binds them (R043 covers document and line level).
  def(
    'PEPPOL-EN16931-R043',
    'fatal',
    'xrechnung',
    (doc, fail) => {
      const r = doc.root;
      const acs = [...sel(r, 'cac:AllowanceCharge'), ...[...sel(r, 'cac:InvoiceLine'), ...sel(r, 'cac:CreditNoteLine')].flatMap((l) => sel(l, 'cac:AllowanceCharge'))];
      for (const ac of acs) {
        const v = sel(ac, 'cbc:ChargeIndicator').map((c) => nsp(c.text));
        if (v.length > 1) throw new XPathDynamicError('XPTY0004', 'several charge indicators');
        if (v[0] !== 'true' && v[0] !== 'false') fail(ac);
      }
    },
    'BT-98',
  ),
  def(
    'PEPPOL-EN16931-R044',
    'fatal',
    'xrechnung',
    (doc, fail) => {
      for (const price of anywhere(doc, 'Price'))
        for (const ac of sel(price, 'cac:AllowanceCharge')) {
          const v = sel(ac, 'cbc:ChargeIndicator').map((c) => nsp(sv(c)));
          if (v.length > 1) throw new XPathDynamicError('XPTY0004', 'several charge indicators');
          if (v[0] !== 'false') fail(ac);
        }
    },
    'BT-147',
  ),
  // --- XRechnung extension (CustomizationID = the extension's, exactly)
  // BR-DEX-04 on cac:PartyIdentification/cbc:ID[@schemeID]: an ICD code of the extension's list, or SEPA (after
  // normalize-space, case as written) in the seller's or payee's party. The CII view cannot carry this: there a SEPA
  // creditor identifier (BT-90, @schemeID = 'SEPA' exactly) is no party identifier at all.
  def('BR-DEX-04', 'fatal', 'xrechnung', (doc, fail) => {
    if (!isExtension(doc.root)) return;
    for (const id of anywhere(doc, 'ID', CBC)) {
      const p = id.parent;
      if (p === null || p.local !== 'PartyIdentification' || p.ns !== CAC) continue;
      const scheme = id.attr('schemeID');
      if (scheme === undefined) continue;
      const s = nsp(scheme);
      if (inSpacedList(ISO_6523_ICD_EXT_CODES, s)) continue;
      if (s === 'SEPA' && hasAncestor(id, ['AccountingSupplierParty', 'PayeeParty'])) continue;
      fail(id);
    }
  }),
  def(
    'BR-DEX-02',
    'warning',
    'xrechnung',
    (doc, fail) => {
      const r = doc.root;
      if (!isExtension(r) || r.local !== 'Invoice') return;
      const sumOf = (l: XmlElement): B =>
        sel(l, 'cac:SubInvoiceLine')
          .flatMap((s) => sel(s, 'cbc:LineExtensionAmount'))
          .reduce((a, e) => a.plus(dec(e)), new Big(0));
      const own = (l: XmlElement): B | undefined => {
        const e = one(sel(l, 'cbc:LineExtensionAmount'));
        return e ? dec(e) : undefined;
      };
      const linesOk = sel(r, 'cac:InvoiceLine')
        .filter((l) => sel(l, 'cac:SubInvoiceLine').length > 0)
        .every((l) => {
          const o = own(l);
          return o !== undefined && o.eq(sumOf(l));
        });
      const subs = anywhere(doc, 'SubInvoiceLine').filter((s) => sel(s, 'cac:SubInvoiceLine').length > 0);
      const subsOk =
        subs.filter((s) => {
          const o = own(s);
          return o !== undefined && o.eq(sumOf(s));
        }).length === subs.length;
      if (!(linesOk && subsOk)) fail(r);
    },
    'BT-131',
  ),
  atRoot(
    'BR-DEX-03',
    'xrechnung',
    (r, doc) => !isExtension(r) || r.local !== 'Invoice' || !anywhere(doc, 'SubInvoiceLine').some((s) => sel(s, 'cac:Item').some((i) => sel(i, 'cac:ClassifiedTaxCategory').length !== 1)),
  ),
  def(
    'BR-DEX-09',
    'fatal',
    'xrechnung',
    (doc, fail) => {
      const r = doc.root;
      if (!isExtension(r)) return;
      for (const m of anywhere(doc, 'LegalMonetaryTotal')) {
        const opt = (name: string): B => {
          const e = one(sel(m, `cbc:${name}`));
          return e ? dec(e) : new Big(0);
        };
        const paid = m.parent ? sel(m.parent, 'cac:PrepaidPayment') : [];
        const third = paid.flatMap((p) => sel(p, 'cbc:PaidAmount')).some((a) => nsp(sv(a)) !== '')
          ? paid.flatMap((p) => sel(p, 'cbc:PaidAmount')).reduce((a, e) => a.plus(dec(e)), new Big(0))
          : new Big(0);
        const payable = one(sel(m, 'cbc:PayableAmount'));
        const inclusive = one(sel(m, 'cbc:TaxInclusiveAmount'));
        if (!payable || !inclusive) {
          fail(m);
          continue;
        }
        const left = centsXPath(dec(payable).minus(opt('PayableRoundingAmount')));
        const right = centsXPath(dec(inclusive).minus(opt('PrepaidAmount')).plus(third));
        if (!left.eq(right)) fail(m);
      }
    },
    'BT-115',
  ),
  def(
    'PEPPOL-EN16931-R020',
    'fatal',
    'xrechnung',
    (doc, fail) => {
      for (const w of anywhere(doc, 'AccountingSupplierParty')) for (const p of sel(w, 'cac:Party')) if (!sel(p, 'cbc:EndpointID').length) fail(p);
    },
    'BT-34',
  ),
  ...(
    [
      ['BR-DEX-10', (p: XmlElement) => sel(p, 'cbc:ID').some((e) => nsp(sv(e)) !== '')],
      ['BR-DEX-11', (p: XmlElement) => sel(p, 'cbc:PaidAmount').some((e) => nsp(sv(e)) !== '')],
      ['BR-DEX-12', (p: XmlElement) => sel(p, 'cbc:InstructionID').some((e) => nsp(sv(e)) !== '')],
      [
        'BR-DEX-13',
        (p: XmlElement) => {
          const a = sel(p, 'cbc:PaidAmount');
          if (a.length > 1) throw new XPathDynamicError('XPTY0004', 'several paid amounts');
          const v = a[0] ? sv(a[0]) : '';
          const i = v.indexOf('.');
          return i < 0 || v.length - i - 1 <= 2;
        },
      ],
      [
        'BR-DEX-14',
        (p: XmlElement) => {
          const cur = p.parent ? sel(p.parent, 'cbc:DocumentCurrencyCode').map(sv) : [];
          return sel(p, 'cbc:PaidAmount').some((a) => {
            const c = a.attr('currencyID');
            return c !== undefined && cur.includes(c);
          });
        },
      ],
    ] as const
  ).map(([id, ok]) =>
    def(
      id,
      'fatal',
      'xrechnung',
      (doc, fail) => {
        const r = doc.root;
        if (r.local !== 'Invoice' || !isExtension(r)) return;
        for (const p of sel(r, 'cac:PrepaidPayment')) if (!ok(p)) fail(p);
      },
      'BG-DEX-09',
    ),
  ),
  def(
    'PEPPOL-EN16931-R010',
    'fatal',
    'xrechnung',
    (doc, fail) => {
      for (const w of anywhere(doc, 'AccountingCustomerParty')) for (const p of sel(w, 'cac:Party')) if (!sel(p, 'cbc:EndpointID').length) fail(p);
    },
    'BT-49',
  ),
  // BR-DE-30 / BR-DE-31: only a payment mandate (BG-19 in UBL) asks for the creditor id (SEPA) and the debited account.
  atRoot(
    'BR-DE-30',
    'xrechnung',
    (r) =>
      !sel(r, 'cac:PaymentMeans/cac:PaymentMandate').length ||
      [...sel(r, 'cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID'), ...sel(r, 'cac:PayeeParty/cac:PartyIdentification/cbc:ID')].some((i) => i.attr('schemeID') === 'SEPA'),
    'BT-90',
  ),
  atRoot('BR-DE-31', 'xrechnung', (r) => !sel(r, 'cac:PaymentMeans/cac:PaymentMandate').length || sel(r, 'cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID').length > 0, 'BT-91'),
  def(
    'BR-DE-TMP-32',
    'information',
    'xrechnung',
    (doc, fail) => {
      const r = doc.root;
      const ok =
        sel(r, 'cac:Delivery/cbc:ActualDeliveryDate').length > 0 ||
        sel(r, 'cac:InvoicePeriod').length > 0 ||
        [...sel(r, 'cac:InvoiceLine'), ...sel(r, 'cac:CreditNoteLine')].every((l) => sel(l, 'cac:InvoicePeriod').length > 0);
      if (!ok) fail(r);
    },
    'BT-72',
  ),
  atRoot('PEPPOL-EN16931-R055', 'xrechnung', (r) => {
    if (!sel(r, 'cbc:TaxCurrencyCode').length) return true;
    const amounts = (code: string): XmlElement[] => {
      const cur = sel(r, `cbc:${code}`).map((c) => nsp(sv(c)));
      return sel(r, 'cac:TaxTotal/cbc:TaxAmount').filter((a) => cur.includes(a.attr('currencyID') ?? '\u0000'));
    };
    const tax = amounts('TaxCurrencyCode');
    const docCur = amounts('DocumentCurrencyCode');
    // General comparisons of untyped amounts with 0: true when some amount satisfies them (in Saxon's order, see untypedCmp).
    const some = (els: XmlElement[], op: CmpOp): boolean => els.some((a) => untypedCmp(a, op, 0));
    return (some(tax, '<=') && some(docCur, '<=')) || (some(tax, '>=') && some(docCur, '>='));
  }),
  // --- Bindings that differ from the CII view in their test (found by comparing fresh mutants of whole documents
  // with the official UBL schematrons). BR-CO-09: contains(' <prefixes> ', substring(cbc:CompanyID, 1, 2)) on every
  // VAT PartyTaxScheme — a plain substring test (CII puts spaces around the prefix), over the UBL list (SS, no AN).
  def(
    'BR-CO-09',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const pts of anywhere(doc, 'PartyTaxScheme')) {
        if (!isVatScheme(pts)) continue;
        const id = one(sel(pts, 'cbc:CompanyID'));
        const prefix = id ? [...sv(id)].slice(0, 2).join('') : '';
        if (!UBL_VAT_PREFIX_LIST.includes(prefix)) fail(pts);
      }
    },
    'BT-31',
  ),
  // BR-62 / BR-63 / BR-65: the identifier carries the attribute (exists(@schemeID) / exists(@listID)); an empty one counts.
  def(
    'BR-62',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const e of anywhere(doc, 'EndpointID', CBC)) if (under(e, 'Party', 'AccountingSupplierParty') && e.attr('schemeID') === undefined) fail(e);
    },
    'BT-34',
  ),
  def(
    'BR-63',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const e of anywhere(doc, 'EndpointID', CBC)) if (under(e, 'Party', 'AccountingCustomerParty') && e.attr('schemeID') === undefined) fail(e);
    },
    'BT-49',
  ),
  def(
    'BR-65',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const e of anywhere(doc, 'ItemClassificationCode', CBC))
        if ((under(e, 'CommodityClassification', 'Item', 'InvoiceLine') || under(e, 'CommodityClassification', 'Item', 'CreditNoteLine')) && e.attr('listID') === undefined) fail(e);
    },
    'BT-158',
  ),
  // BR-CL-23: every InvoicedQuantity, BaseQuantity and CreditedQuantity with a unitCode, wherever it is (sub-invoice
  // lines of the XRechnung extension too, which the CII view does not carry).
  def(
    'BR-CL-23',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const e of doc.elements()) {
        if (e.ns !== CBC || (e.local !== 'InvoicedQuantity' && e.local !== 'BaseQuantity' && e.local !== 'CreditedQuantity')) continue;
        const unit = e.attr('unitCode');
        if (unit === undefined) continue;
        const code = nsp(unit);
        if (code.includes(' ') || !officialCodes.UNIT_CODES.has(code)) fail(e);
      }
    },
    'BT-130',
  ),
  // BR-CO-15: for each document currency exactly one TaxTotal/TaxAmount in it, and TaxInclusiveAmount =
  // round((TaxExclusiveAmount + that TaxAmount) * 100) div 100 in xs:decimal (no second chance as in the CII binding).
  atRoot(
    'BR-CO-15',
    'en16931',
    (r) =>
      sel(r, 'cbc:DocumentCurrencyCode').every((cur) => {
        const c = sv(cur);
        const taxes: B[] = [];
        for (const t of sel(r, 'cac:TaxTotal')) {
          const a = one(sel(t, 'cbc:TaxAmount').filter((x) => x.attr('currencyID') === c));
          if (a) taxes.push(dec(a));
        }
        if (taxes.length !== 1) return false;
        const totals = sel(r, 'cac:LegalMonetaryTotal');
        const excl = one(totals.flatMap((t) => sel(t, 'cbc:TaxExclusiveAmount')));
        if (excl === undefined) return false;
        const expected = centsXPath(dec(excl).plus(taxes[0]!));
        return totals.some((t) => {
          const incl = one(sel(t, 'cbc:TaxInclusiveAmount'));
          return incl !== undefined && dec(incl).eq(expected);
        });
      }),
    'BT-112',
  ),
  // BR-CO-11 / BR-CO-12 in UBL: xs:decimal(total) = round(sum(xs:decimal(Amount) of the document allowances resp.
  // charges) * 100) div 100, or neither total nor allowance/charge (the CII binding compares the untyped total).
  totalOfAllowancesCharges('BR-CO-11', false, 'AllowanceTotalAmount', 'BT-107'),
  totalOfAllowancesCharges('BR-CO-12', true, 'ChargeTotalAmount', 'BT-108'),
  // BR-56: exists(cac:PartyTaxScheme[VAT]/cbc:CompanyID) per tax representative — an empty identifier counts (the CII
  // binding asks for a non-blank one)
  def(
    'BR-56',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const trp of anywhere(doc, 'TaxRepresentativeParty')) if (!sel(trp, 'cac:PartyTaxScheme').some((p) => isVatScheme(p) && sel(p, 'cbc:CompanyID').length > 0)) fail(trp);
    },
    'BT-63',
  ),
  // BR-29 / BR-30 compare xs:date(cbc:EndDate) >= xs:date(cbc:StartDate) (the CII binding compares the 102 strings, which
  // a year of five digits or a time zone breaks). BR-30 is for the periods of InvoiceLine / CreditNoteLine, BR-29 for
  // every other cac:InvoicePeriod (the document's, and a sub-invoice line's: the first rule of the pattern that matches).
  ...(['BR-29', 'BR-30'] as const).map((id) =>
    def(
      id,
      'fatal',
      'en16931',
      (doc, fail) => {
        for (const p of anywhere(doc, 'InvoicePeriod')) {
          const parent = p.parent;
          const onLine = parent !== null && parent.ns === CAC && (parent.local === 'InvoiceLine' || parent.local === 'CreditNoteLine');
          if (onLine !== (id === 'BR-30')) continue;
          const e = one(sel(p, 'cbc:EndDate'));
          const b = one(sel(p, 'cbc:StartDate'));
          if (e !== undefined && b !== undefined && !(xsDate(e) >= xsDate(b))) fail(p);
        }
      },
      id === 'BR-29' ? 'BT-74' : 'BT-135',
    ),
  ),
  // BR-CO-13 as the UBL schematron states it: by which of ChargeTotalAmount / AllowanceTotalAmount exist,
  // xs:decimal(TaxExclusiveAmount) against the line total plus charges less allowances rounded to cents, and without
  // either against the line total itself, unrounded (the CII binding rounds in every case: 147.000000001 passes there).
  def(
    'BR-CO-13',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const lmt of anywhere(doc, 'LegalMonetaryTotal')) {
        const excl = decChild(lmt, 'TaxExclusiveAmount');
        const lines = decChild(lmt, 'LineExtensionAmount');
        const charges = decChild(lmt, 'ChargeTotalAmount');
        const allowances = decChild(lmt, 'AllowanceTotalAmount');
        // Neither total: the line total itself, unrounded; else rounded to cents (an absent one counts as no term).
        const expected = lines === undefined ? undefined : charges === undefined && allowances === undefined ? lines : centsXPath(lines.plus(charges ?? 0).minus(allowances ?? 0));
        if (excl === undefined || expected === undefined || !excl.eq(expected)) fail(lmt);
      }
    },
    'BT-109',
  ),
  // BR-CO-16 as the UBL schematron states it: by which of PrepaidAmount / PayableRoundingAmount exist, PayableAmount
  // (less the rounding, then rounded to cents) against TaxInclusiveAmount (less the prepaid amount, rounded to cents),
  // in xs:decimal — the rounding amount is subtracted before rounding (CII: added to the expected amount).
  def(
    'BR-CO-16',
    'fatal',
    'en16931',
    (doc, fail) => {
      for (const lmt of anywhere(doc, 'LegalMonetaryTotal')) {
        const has = (n: string): boolean => hasChild(lmt, n);
        const d = (n: string): B | undefined => decChild(lmt, n);
        const prepaid = has('PrepaidAmount');
        const rounding = has('PayableRoundingAmount');
        let ok: boolean;
        if (!rounding) {
          const payable = d('PayableAmount');
          const incl = d('TaxInclusiveAmount');
          const pre = prepaid ? d('PrepaidAmount') : undefined;
          ok = payable !== undefined && incl !== undefined && (prepaid ? pre !== undefined && payable.eq(centsXPath(incl.minus(pre))) : payable.eq(incl));
        } else {
          const payable = d('PayableAmount');
          const rnd = d('PayableRoundingAmount');
          const incl = d('TaxInclusiveAmount');
          const pre = prepaid ? d('PrepaidAmount') : undefined;
          const left = payable !== undefined && rnd !== undefined ? centsXPath(payable.minus(rnd)) : undefined;
          ok = left !== undefined && incl !== undefined && (prepaid ? pre !== undefined && left.eq(centsXPath(incl.minus(pre))) : left.eq(incl));
        }
        if (!ok) fail(lmt);
      }
    },
    'BT-115',
  ),
  // --- XRechnung schematron (Peppol rules it carries)
  // PEPPOL-EN16931-R110 / R111: each line period's StartDate (EndDate) against the document's, as xs:date (see BR-29),
  // when the document has one: xs:date(text()) >= (<=) xs:date(../../../cac:InvoicePeriod/cbc:StartDate (EndDate)).
  ...(
    [
      ['PEPPOL-EN16931-R110', 'StartDate', 'BT-134'],
      ['PEPPOL-EN16931-R111', 'EndDate', 'BT-135'],
    ] as const
  ).map(([id, date, bt]) =>
    def(
      id,
      'fatal',
      'xrechnung',
      (doc, fail) => {
        const root = doc.root;
        const docDates = sel(root, `cac:InvoicePeriod/cbc:${date}`);
        if (docDates.length === 0) return;
        let theirs: number | undefined; // cast at the first line date (none: no context node, nothing evaluated)
        const lineName = root.local === 'CreditNote' ? 'CreditNoteLine' : 'InvoiceLine';
        for (const line of sel(root, `cac:${lineName}`))
          for (const d of sel(line, `cac:InvoicePeriod/cbc:${date}`)) {
            // xs:date(text()): an empty element has no text node, so the comparison is with () and false
            if (d.text === '' && d.children.length === 0) {
              fail(d);
              continue;
            }
            const own = xsDate(d);
            theirs ??= xsDate(one(docDates)!);
            if (!(date === 'StartDate' ? own >= theirs : own <= theirs)) fail(d);
          }
      },
      bt,
    ),
  ),
  // PEPPOL-EN16931-R121: per line, not(cac:Price/cbc:BaseQuantity) or xs:decimal(cac:Price/cbc:BaseQuantity) > 0 — once
  // per line (the CII view has the base quantity twice, gross and net price).
  def('PEPPOL-EN16931-R121', 'fatal', 'xrechnung', (doc, fail) => {
    for (const l of doc.elements()) {
      if (l.ns !== CAC || (l.local !== 'InvoiceLine' && l.local !== 'CreditNoteLine')) continue;
      const bq = one(sel(l, 'cac:Price/cbc:BaseQuantity'));
      if (bq !== undefined && !dec(bq).gt(0)) fail(l);
    }
  }),
  // PEPPOL-EN16931-R130: each Price/BaseQuantity with a unitCode once (the CII view has it twice, gross and net
  // price), against the line's InvoicedQuantity (in an Invoice) or CreditedQuantity (in a CreditNote).
  def('PEPPOL-EN16931-R130', 'fatal', 'xrechnung', (doc, fail) => {
    const invoice = doc.root.local === 'Invoice' && doc.root.ns === UBL_NS.inv;
    for (const price of anywhere(doc, 'Price')) {
      const line = price.parent;
      if (line === null) continue;
      const quantities = sel(line, invoice ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity');
      const hasQuantity = sel(line, 'cbc:InvoicedQuantity').length > 0 || sel(line, 'cbc:CreditedQuantity').length > 0;
      for (const bq of sel(price, 'cbc:BaseQuantity')) {
        const unit = bq.attr('unitCode');
        if (unit === undefined || !hasQuantity) continue;
        if (!quantities.some((q) => q.attr('unitCode') === unit)) fail(bq);
      }
    }
  }),
  def('PEPPOL-EN16931-R008', 'fatal', 'xrechnung', (doc, fail) => {
    // normalize-space(.) = '' asked without building the string: a leaf's text may be a whole base64 attachment.
    for (const e of doc.elements()) if (e.children.length === 0 && isBlank(e.text)) fail(e);
  }),
  atRoot('PEPPOL-EN16931-R053', 'xrechnung', (r) => sel(r, 'cac:TaxTotal').filter((t) => sel(t, 'cac:TaxSubtotal').length > 0).length === 1),
  atRoot('PEPPOL-EN16931-R054', 'xrechnung', (r) => sel(r, 'cac:TaxTotal').filter((t) => sel(t, 'cac:TaxSubtotal').length === 0).length === (sel(r, 'cbc:TaxCurrencyCode').length ? 1 : 0)),
];

/** Ids of @kontor/cii rules that the UBL schematrons do not have (CII-only bindings); they are not run on UBL. */
const NOT_IN_UBL = ['BR-DEX-15', 'BR-TMP-3', 'PEPPOL-EN16931-R043-1', 'PEPPOL-EN16931-R043-2'];

export const ublBindingIds: ReadonlySet<string> = new Set([...ublBindingRules.map((r) => r.id), ...NOT_IN_UBL]);
