/**
 * Per-syntax bindings: EN 16931 / XRechnung rules whose official UBL binding differs from the CII one in its
 * context or its XPath (e.g. BR-09 fires per seller postal address in UBL, per document in CII; PEPPOL-EN16931-R053
 * counts UBL TaxTotal elements). The rule's meaning stays the one of @kontor/cii; these definitions replace the
 * neutral rule of the same id when validating UBL. Our own wording; ids and flags official.
 */
import type { XmlElement } from '@kontor/xml';
import type { CiiDoc, RuleDef, RuleFlag, RuleSet } from '@kontor/cii';
import { UBL_NS } from '../binding/to-cii';

const CAC = UBL_NS.cac;
const CBC = UBL_NS.cbc;

function sel(from: XmlElement | readonly XmlElement[], path: string): XmlElement[] {
  let cur: readonly XmlElement[] = Array.isArray(from) ? from : [from as XmlElement];
  for (const step of path.split('/')) {
    const [p, local] = step.split(':') as [string, string];
    const ns = p === 'cac' ? CAC : CBC;
    const next: XmlElement[] = [];
    for (const e of cur) for (const c of e.children) if (c.local === local && c.ns === ns) next.push(c);
    cur = next;
  }
  return cur as XmlElement[];
}
function sv(el: XmlElement): string {
  if (el.children.length === 0) return el.text;
  let s = el.text;
  for (const c of el.children) s += sv(c);
  return s;
}
const nsp = (s: string): string => s.replace(/[ \t\r\n]+/g, ' ').trim();
const ALL = Symbol('ubl-bindings-all');
function all(doc: CiiDoc): XmlElement[] {
  return doc.memo(ALL, () => {
    const out: XmlElement[] = [];
    const walk = (e: XmlElement): void => {
      out.push(e);
      for (const c of e.children) walk(c);
    };
    walk(doc.root);
    return out;
  });
}
const anywhere = (doc: CiiDoc, local: string, ns: string = CAC): XmlElement[] => all(doc).filter((e) => e.local === local && e.ns === ns);
const isVatScheme = (cat: XmlElement): boolean => sel(cat, 'cac:TaxScheme/cbc:ID').some((id) => nsp(sv(id)).toUpperCase() === 'VAT');
const catIs = (cat: XmlElement, code: string): boolean => sel(cat, 'cbc:ID').some((id) => nsp(sv(id)) === code);

function def(id: string, flag: RuleFlag, ruleset: RuleSet, message: string, check: RuleDef['check'], bt?: string): RuleDef {
  const r: RuleDef = { id, flag, ruleset, message, check };
  if (bt) r.bt = bt;
  return r;
}
const atRoot = (id: string, ruleset: RuleSet, message: string, ok: (root: XmlElement, doc: CiiDoc) => boolean, bt?: string): RuleDef =>
  def(id, 'fatal', ruleset, message, (doc, fail) => { if (!ok(doc.root, doc)) fail(doc.root); }, bt);

/** Decimal-free two-place comparison helpers for BR-CO-14 (values as JS numbers of cents, exact for amounts). */
function cents(s: string): number | null {
  const t = s.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** Country code present (normalize-space(cac:Country/cbc:IdentificationCode) != ''); Saxon errors on several. */
const hasCountry = (addr: XmlElement): boolean => sel(addr, 'cac:Country/cbc:IdentificationCode').some((c) => nsp(sv(c)) !== '');

/** BR-x-01 of the form "a category used anywhere needs exactly one VAT breakdown of it". */
const exactlyOneBreakdown = (id: string, code: string, what: string): RuleDef =>
  atRoot(id, 'en16931', `${what} (category ${code}) needs exactly one VAT breakdown of that category.`, (r, doc) => {
    const used = anywhere(doc, 'TaxCategory').some((c) => isVatScheme(c) && catIs(c, code)) || anywhere(doc, 'ClassifiedTaxCategory').some((c) => isVatScheme(c) && catIs(c, code));
    if (!used) return true;
    return sel(r, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').filter((c) => isVatScheme(c) && catIs(c, code)).length === 1;
  }, 'BG-23');

export const ublBindingRules: readonly RuleDef[] = [
  def('BR-09', 'fatal', 'en16931', 'Seller country code (BT-40) is required in the seller postal address.', (doc, fail) => {
    for (const a of sel(doc.root, 'cac:AccountingSupplierParty/cac:Party/cac:PostalAddress')) if (!hasCountry(a)) fail(a);
  }, 'BT-40'),
  def('BR-11', 'fatal', 'en16931', 'Buyer country code (BT-55) is required in the buyer postal address.', (doc, fail) => {
    for (const a of sel(doc.root, 'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress')) if (!hasCountry(a)) fail(a);
  }, 'BT-55'),
  def('BR-20', 'fatal', 'en16931', 'Tax representative country code (BT-69) is required in its postal address.', (doc, fail) => {
    for (const p of anywhere(doc, 'TaxRepresentativeParty')) for (const a of sel(p, 'cac:PostalAddress')) if (!hasCountry(a)) fail(a);
  }, 'BT-69'),
  atRoot('BR-CO-18', 'en16931', 'At least one VAT breakdown (BG-23) is required.', (r) => sel(r, 'cac:TaxTotal/cac:TaxSubtotal').length > 0, 'BG-23'),
  def('BR-45', 'fatal', 'en16931', 'Each VAT breakdown needs the taxable amount (BT-116).', (doc, fail) => {
    for (const t of anywhere(doc, 'TaxTotal')) for (const s of sel(t, 'cac:TaxSubtotal')) if (!sel(s, 'cbc:TaxableAmount').length) fail(s);
  }, 'BT-116'),
  def('BR-46', 'fatal', 'en16931', 'Each VAT breakdown needs the VAT amount (BT-117).', (doc, fail) => {
    for (const t of anywhere(doc, 'TaxTotal')) for (const s of sel(t, 'cac:TaxSubtotal')) if (!sel(s, 'cbc:TaxAmount').length) fail(s);
  }, 'BT-117'),
  def('BR-CO-14', 'fatal', 'en16931', 'Invoice total VAT amount (BT-110) = sum of the VAT category tax amounts (BT-117).', (doc, fail) => {
    for (const t of sel(doc.root, 'cac:TaxTotal')) {
      const subs = sel(t, 'cac:TaxSubtotal');
      if (!subs.length) continue;
      const total = sel(t, 'cbc:TaxAmount');
      let sum = 0;
      let bad = false;
      for (const s of subs) for (const a of sel(s, 'cbc:TaxAmount')) { const c = cents(sv(a)); if (c === null) bad = true; else sum += c; }
      const tv = total.length === 1 ? cents(sv(total[0]!)) : null;
      if (bad || tv === null || tv !== sum) fail(t);
    }
  }, 'BT-110'),
  exactlyOneBreakdown('BR-E-01', 'E', 'Exempt items or allowances/charges'),
  exactlyOneBreakdown('BR-Z-01', 'Z', 'Zero rated items or allowances/charges'),
  exactlyOneBreakdown('BR-AE-01', 'AE', 'Reverse charge items or allowances/charges'),
  exactlyOneBreakdown('BR-G-01', 'G', 'Export items or allowances/charges'),
  exactlyOneBreakdown('BR-O-01', 'O', 'Items or allowances/charges not subject to VAT'),

  // --- XRechnung schematron (Peppol rules it carries)
  def('PEPPOL-EN16931-R008', 'fatal', 'xrechnung', 'Empty elements are not allowed.', (doc, fail) => {
    for (const e of all(doc)) if (e.children.length === 0 && nsp(e.text) === '') fail(e);
  }),
  atRoot('PEPPOL-EN16931-R053', 'xrechnung', 'Exactly one tax total with VAT breakdowns is required.', (r) => sel(r, 'cac:TaxTotal').filter((t) => sel(t, 'cac:TaxSubtotal').length > 0).length === 1),
  atRoot('PEPPOL-EN16931-R054', 'xrechnung', 'A tax total without breakdowns (VAT in accounting currency, BT-111) is required exactly when a VAT accounting currency (BT-6) is given.', (r) =>
    sel(r, 'cac:TaxTotal').filter((t) => sel(t, 'cac:TaxSubtotal').length === 0).length === (sel(r, 'cbc:TaxCurrencyCode').length ? 1 : 0),
  ),
];

export const ublBindingIds: ReadonlySet<string> = new Set(ublBindingRules.map((r) => r.id));
