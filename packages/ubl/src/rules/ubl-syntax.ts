/**
 * The UBL-only syntax rules of the CEN EN 16931 UBL validation 1.3.16 (UBL-SR-*, UBL-DT-*, a subset of UBL-CR-*):
 * cardinalities that UBL allows but EN 16931 does not, data-type attributes, and elements EN 16931 does not use.
 * They run directly on the UBL tree (their context nodes are UBL elements). Our own wording; ids and flags
 * official. All 678 UBL-CR rules: 673 from the generated table ubl-cr-table.ts (run in one pass over the tree
 * with a path -> rule lookup), five by hand.
 */
import type { MessageTexts, XmlElement } from '@kontor/xml';
import { XPathDynamicError, type CiiDoc, type RuleDef, type RuleFlag } from '@kontor/cii/rules';
import { UBL_CR_TABLE } from './ubl-cr-table';
import { CAC, CBC, sel, sv } from './ubl-path';
import { ublRuleTexts, ublTemplateTexts } from './messages';

// ------------------------------------------------------------------ path helpers over the UBL tree

const count = (from: XmlElement | readonly XmlElement[], path: string): number => sel(from, path).length;
/** //ns:local in document order: the read model's per-name index (built once per document), not a scan per rule. */
const descendants = (doc: CiiDoc, local: string, ns: string): readonly XmlElement[] => doc.all(local, ns);
/**
 * `cac:TaxScheme/upper-case(cbc:ID)` for one TaxScheme: '' when it has no ID (upper-case of the empty sequence), a
 * dynamic error for several (the official run stops the assertion there).
 */
const schemeId = (ts: XmlElement): string => {
  const ids = sel(ts, 'cbc:ID');
  if (ids.length > 1) throw new XPathDynamicError('XPTY0004', 'upper-case() of more than one TaxScheme/ID');
  return ids.length === 0 ? '' : sv(ids[0]!).toUpperCase();
};
/** PartyTaxScheme[cac:TaxScheme/upper-case(cbc:ID) = 'VAT'] */
const isVat = (pts: XmlElement): boolean => sel(pts, 'cac:TaxScheme').some((ts) => schemeId(ts) === 'VAT');

/** A rule; its message is the entry of `id` in the catalogue of this package (./messages.ts) unless given. */
function def(id: string, flag: RuleFlag, check: RuleDef['check'], bt?: string, message: MessageTexts = ublRuleTexts(id)): RuleDef {
  const r: RuleDef = { id, flag, ruleset: 'en16931', message, check };
  if (bt) r.bt = bt;
  return r;
}

/** A document-level rule (context: the root), failing once when `ok` is false. */
const atRoot = (id: string, flag: RuleFlag, ok: (root: XmlElement, doc: CiiDoc) => boolean, message?: MessageTexts): RuleDef =>
  def(
    id,
    flag,
    (doc, fail) => {
      if (!ok(doc.root, doc)) fail(doc.root);
    },
    undefined,
    message,
  );
const atMost1 = (id: string, path: string): RuleDef => atRoot(id, 'fatal', (r) => count(r, path) <= 1);
/** Per context element (any depth): fails each element for which `ok` is false. */
const perNode = (id: string, flag: RuleFlag, local: string, ns: string, ok: (el: XmlElement, doc: CiiDoc) => boolean): RuleDef =>
  def(id, flag, (doc, fail) => {
    for (const el of descendants(doc, local, ns)) if (!ok(el, doc)) fail(el);
  });
/** Distinct values (by string) of a node list. */
const distinct = (els: readonly XmlElement[]): number => new Set(els.map(sv)).size;

const lines = (r: XmlElement): XmlElement[] => [...sel(r, 'cac:InvoiceLine'), ...sel(r, 'cac:CreditNoteLine')];

/** Root-level "element not used in EN 16931" warnings (UBL-CR). */
const notUsed = (id: string, present: (r: XmlElement, doc: CiiDoc) => boolean): RuleDef => atRoot(id, 'warning', (r, d) => !present(r, d));

// ------------------------------------------------------------------ UBL-CR: path -> rule lookup in one pass

const EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
const PREFIX: Record<string, string> = { cac: CAC, cbc: CBC, ext: EXT };
interface CrPath {
  id: string;
  anchored: boolean;
  steps: { ns: string; local: string }[];
  attr?: string;
}
/** The table compiled once (module constant, immutable): candidates by the qualified name of the last element step. */
const CR_INDEX: ReadonlyMap<string, readonly CrPath[]> = (() => {
  const idx = new Map<string, CrPath[]>();
  for (const [id, , paths] of UBL_CR_TABLE) {
    for (const p of paths) {
      const anchored = !p.startsWith('//');
      const parts = (anchored ? p : p.slice(2)).split('/');
      const last = parts[parts.length - 1] as string;
      const attrName = last.startsWith('@') ? last.slice(1) : undefined;
      if (attrName !== undefined) parts.pop();
      const steps = parts.map((s) => {
        const [pre, local] = s.split(':') as [string, string];
        const ns = PREFIX[pre];
        if (ns === undefined) throw new Error(`UBL-CR table: unknown prefix in ${p}`);
        return { ns, local };
      });
      const tail = steps[steps.length - 1];
      const key = tail ? `${tail.ns} ${tail.local}` : '*';
      const cp: CrPath = { id, anchored, steps };
      if (attrName !== undefined) cp.attr = attrName;
      const list = idx.get(key);
      if (list) list.push(cp);
      else idx.set(key, [cp]);
    }
  }
  return idx;
})();
/**
 * The paths relative to the root as a tree of element steps (by local name, then namespace): the document is walked
 * from its root along this tree only, so an element meets just the paths that lead to it, not every path ending in
 * its name (most of the 788 paths are anchored at the root, and many end in the same name: cbc:ID, cbc:Name, …).
 */
interface CrNode {
  kids: Map<string, Map<string, CrNode>>;
  /** The paths that end at this step. */
  ends: CrPath[];
}
const CR_TREE: CrNode = { kids: new Map(), ends: [] };
/** The paths starting with '//' (anywhere below the root) by local name, then namespace, of their last step. */
const CR_ANYWHERE: ReadonlyMap<string, ReadonlyMap<string, readonly CrPath[]>> = (() => {
  const idx = new Map<string, Map<string, CrPath[]>>();
  for (const [key, paths] of CR_INDEX) {
    if (key === '*') continue;
    for (const p of paths) {
      if (p.anchored) {
        let node = CR_TREE;
        for (const s of p.steps) {
          let byNs = node.kids.get(s.local);
          if (!byNs) node.kids.set(s.local, (byNs = new Map()));
          let next = byNs.get(s.ns);
          if (!next) byNs.set(s.ns, (next = { kids: new Map(), ends: [] }));
          node = next;
        }
        node.ends.push(p);
        continue;
      }
      const last = p.steps[p.steps.length - 1]!;
      let byNs = idx.get(last.local);
      if (!byNs) idx.set(last.local, (byNs = new Map()));
      const list = byNs.get(last.ns);
      if (list) list.push(p);
      else byNs.set(last.ns, [p]);
    }
  }
  return idx;
})();
function crMatches(e: XmlElement, p: CrPath, root: XmlElement): boolean {
  if (p.attr !== undefined && e.attr(p.attr) === undefined) return false;
  let cur: XmlElement | null | undefined = e;
  for (let i = p.steps.length - 1; i >= 0; i--) {
    const s = p.steps[i] as { ns: string; local: string };
    if (!cur || cur === root || cur.local !== s.local || cur.ns !== s.ns) return false;
    cur = cur.parent;
  }
  return !p.anchored || cur === root;
}
const UNQUALIFIED = Symbol('ubl-unqualified-attributes');
/** In unqualifiedAttributes' set: a `name` attribute on an element other than cbc:PaymentMeansCode (UBL-DT-18). */
const NAME_OUTSIDE_PAYMENT_MEANS_CODE = ' name outside PaymentMeansCode';
/**
 * The local names of the attributes without a namespace anywhere in the document (one pass for the UBL-DT
 * "attribute not used" rules, memoised), and NAME_OUTSIDE_PAYMENT_MEANS_CODE when UBL-DT-18 has a hit.
 */
function unqualifiedAttributes(doc: CiiDoc): Set<string> {
  return doc.memo(UNQUALIFIED, () => {
    const names = new Set<string>();
    for (const e of doc.elements()) {
      const attrs = e.attributes;
      for (let i = 0; i < attrs.length; i++) {
        const a = attrs[i]!;
        if (a.ns !== '') continue;
        names.add(a.local);
        if (a.local === 'name' && !(e.local === 'PaymentMeansCode' && e.ns === CBC)) names.add(NAME_OUTSIDE_PAYMENT_MEANS_CODE);
      }
    }
    return names;
  });
}
const CR_HITS = Symbol('ubl-cr-hits');
/** Ids of the UBL-CR table rules whose paths select something in the document (one pass, memoised). */
function crHits(doc: CiiDoc): Set<string> {
  return doc.memo(CR_HITS, () => {
    const hits = new Set<string>();
    // Paths from the root: along CR_TREE.
    const walk = (e: XmlElement, node: CrNode): void => {
      const ch = e.children;
      for (let i = 0; i < ch.length; i++) {
        const c = ch[i]!;
        const next = node.kids.get(c.local)?.get(c.ns);
        if (next === undefined) continue;
        for (const p of next.ends) if (!hits.has(p.id) && (p.attr === undefined || c.attr(p.attr) !== undefined)) hits.add(p.id);
        if (next.kids.size !== 0) walk(c, next);
      }
    };
    walk(doc.root, CR_TREE);
    // Paths from anywhere, and those without an element step: per element.
    const any = CR_INDEX.get('*') ?? [];
    for (const e of doc.elements()) {
      const cands = CR_ANYWHERE.get(e.local)?.get(e.ns);
      if (cands) for (const p of cands) if (!hits.has(p.id) && crMatches(e, p, doc.root)) hits.add(p.id);
      for (const p of any) if (!hits.has(p.id) && crMatches(e, p, doc.root)) hits.add(p.id);
    }
    return hits;
  });
}

/** UBL-CR table rules per quiet group (consecutive rows of the table). */
const CR_GROUP = 32;
const CR_GROUP_OF = new Map<string, number>(UBL_CR_TABLE.map(([id], i) => [id, Math.floor(i / CR_GROUP)]));
const CR_GROUPS = Symbol('ubl-cr-groups');
/** The groups with a hit (memoised per document). */
function crGroupHits(doc: CiiDoc): Set<number> {
  return doc.memo(CR_GROUPS, () => new Set([...crHits(doc)].map((id) => CR_GROUP_OF.get(id)).filter((g) => g !== undefined)));
}
const CR_GROUP_QUIET: ((doc: CiiDoc) => boolean)[] = Array.from({ length: Math.ceil(UBL_CR_TABLE.length / CR_GROUP) }, (_, g) => (doc: CiiDoc) => !crGroupHits(doc).has(g));

export const ublSyntaxRules: readonly RuleDef[] = [
  // --- cardinalities at the document level
  atMost1('UBL-SR-01', 'cac:ContractDocumentReference/cbc:ID'),
  atMost1('UBL-SR-02', 'cac:ReceiptDocumentReference/cbc:ID'),
  atMost1('UBL-SR-03', 'cac:DespatchDocumentReference/cbc:ID'),
  atRoot(
    'UBL-SR-04',
    'fatal',
    (r) =>
      sel(r, 'cac:AdditionalDocumentReference')
        .filter((d) => sel(d, 'cbc:DocumentTypeCode').some((c) => sv(c) === '130'))
        .flatMap((d) => sel(d, 'cbc:ID')).length <= 1,
  ),
  atMost1('UBL-SR-05', 'cac:PaymentTerms/cbc:Note'),
  atMost1('UBL-SR-08', 'cac:InvoicePeriod'),
  atMost1('UBL-SR-09', 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
  atMost1('UBL-SR-10', 'cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name'),
  atMost1('UBL-SR-11', 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID'),
  atRoot(
    'UBL-SR-12',
    'fatal',
    (r) =>
      sel(r, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme')
        .filter(isVat)
        .flatMap((p) => sel(p, 'cbc:CompanyID')).length <= 1,
  ),
  atRoot(
    'UBL-SR-13',
    'fatal',
    (r) =>
      sel(r, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme')
        // [cac:TaxScheme/upper-case(cbc:ID) != 'VAT']: a TaxScheme without ID reads '' (so counts here)
        .filter((p) => sel(p, 'cac:TaxScheme').some((ts) => schemeId(ts) !== 'VAT'))
        .flatMap((p) => sel(p, 'cbc:CompanyID')).length <= 1,
  ),
  atMost1('UBL-SR-14', 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyLegalForm'),
  atMost1('UBL-SR-15', 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
  atMost1('UBL-SR-16', 'cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID'),
  atMost1('UBL-SR-17', 'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID'),
  atRoot(
    'UBL-SR-18',
    'fatal',
    (r) =>
      sel(r, 'cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme')
        .filter(isVat)
        .flatMap((p) => sel(p, 'cbc:CompanyID')).length <= 1,
  ),
  atMost1('UBL-SR-24', 'cac:Delivery'),
  atRoot(
    'UBL-SR-29',
    'fatal',
    (_r, d) =>
      descendants(d, 'PartyIdentification', CAC)
        .flatMap((p) => sel(p, 'cbc:ID'))
        .filter((id) => (id.attr('schemeID') ?? '').toUpperCase() === 'SEPA').length <= 1,
  ),
  atMost1('UBL-SR-39', 'cac:ProjectReference/cbc:ID'),
  atMost1('UBL-SR-40', 'cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name'),
  atRoot('UBL-SR-44', 'fatal', (_r, d) => distinct(descendants(d, 'PaymentID', CBC)) <= 1),
  atMost1('UBL-SR-45', 'cac:PaymentMeans/cbc:PaymentDueDate'),
  atRoot('UBL-SR-46', 'fatal', (r) => sel(r, 'cac:PaymentMeans/cbc:PaymentMeansCode').filter((c) => c.attr('name') !== undefined).length <= 1),
  atRoot('UBL-SR-47', 'fatal', (_r, d) => distinct(descendants(d, 'PaymentMeansCode', CBC)) <= 1),
  atMost1('UBL-SR-49', 'cac:InvoicePeriod/cbc:DescriptionCode'),
  atMost1('UBL-SR-54', 'cac:PaymentMeans/cac:CardAccount'),
  atMost1('UBL-SR-55', 'cac:PaymentMeans/cac:PaymentMandate'),
  atMost1('UBL-SR-56', 'cac:OriginatorDocumentReference/cbc:ID'),

  // --- per context element
  perNode('UBL-SR-42', 'fatal', 'Party', CAC, (p) => p.parent?.local !== 'AccountingSupplierParty' || p.parent.ns !== CAC || count(p, 'cac:PartyTaxScheme') <= 2),
  perNode('UBL-SR-33', 'fatal', 'AdditionalDocumentReference', CAC, (d) => count(d, 'cbc:DocumentDescription') <= 1),
  perNode('UBL-SR-43', 'fatal', 'AdditionalDocumentReference', CAC, (d, doc) => {
    const codes = sel(d, 'cbc:DocumentTypeCode').map(sv);
    if (codes.includes('130')) return true;
    if (doc.root.local === 'CreditNote' && codes.includes('50')) return true;
    return !sel(d, 'cbc:ID').some((id) => id.attr('schemeID') !== undefined) && codes.length === 0;
  }),
  perNode('UBL-SR-25', 'fatal', 'Delivery', CAC, (d) => count(d, 'cac:DeliveryParty/cac:PartyName/cbc:Name') <= 1),
  perNode('UBL-SR-53', 'fatal', 'PartyTaxScheme', CAC, (p) => count(p, 'cac:TaxScheme/cbc:ID') > 0 && count(p, 'cbc:CompanyID') > 0),
  def('UBL-SR-30', 'fatal', (doc, fail) => {
    for (const ac of descendants(doc, 'AllowanceCharge', CAC))
      if (sel(ac, 'cbc:ChargeIndicator').some((c) => sv(c).trim() === 'false' || sv(c).trim() === '0') && count(ac, 'cbc:AllowanceChargeReason') > 1) fail(ac);
  }),
  def('UBL-SR-31', 'fatal', (doc, fail) => {
    for (const ac of descendants(doc, 'AllowanceCharge', CAC))
      if (sel(ac, 'cbc:ChargeIndicator').some((c) => sv(c).trim() === 'true' || sv(c).trim() === '1') && count(ac, 'cbc:AllowanceChargeReason') > 1) fail(ac);
  }),
  def('UBL-SR-34', 'fatal', (doc, fail) => {
    for (const l of lines(doc.root)) if (count(l, 'cbc:Note') > 1) fail(l);
  }),
  def('UBL-SR-35', 'fatal', (doc, fail) => {
    for (const l of lines(doc.root)) if (count(l, 'cac:OrderLineReference/cbc:LineID') > 1) fail(l);
  }),
  def('UBL-SR-36', 'fatal', (doc, fail) => {
    for (const l of lines(doc.root)) if (count(l, 'cac:InvoicePeriod') > 1) fail(l);
  }),
  def('UBL-SR-37', 'fatal', (doc, fail) => {
    for (const l of lines(doc.root)) if (count(l, 'cac:Price/cac:AllowanceCharge/cbc:Amount') > 1) fail(l);
  }),
  def('UBL-SR-48', 'fatal', (doc, fail) => {
    for (const l of lines(doc.root)) if (count(l, 'cac:Item/cac:ClassifiedTaxCategory') !== 1) fail(l);
  }),
  def('UBL-SR-50', 'fatal', (doc, fail) => {
    for (const l of lines(doc.root)) if (count(l, 'cac:Item/cbc:Description') > 1) fail(l);
  }),
  def('UBL-SR-52', 'fatal', (doc, fail) => {
    for (const l of lines(doc.root)) if (count(l, 'cac:DocumentReference') > 1) fail(l);
  }),
  perNode('UBL-SR-26', 'fatal', 'PaymentMeans', CAC, (p) => count(p, 'cbc:PaymentID') <= 1),
  perNode('UBL-SR-27', 'fatal', 'PaymentMeans', CAC, (p) => count(p, 'cbc:PaymentMeansCode') <= 1),
  perNode('UBL-SR-28', 'fatal', 'PaymentMeans', CAC, (p) => count(p, 'cac:PaymentMandate/cbc:ID') <= 1),
  perNode('UBL-SR-06', 'fatal', 'BillingReference', CAC, (b) => count(b, 'cac:InvoiceDocumentReference') <= 1),
  perNode('UBL-SR-07', 'fatal', 'BillingReference', CAC, (b) => count(b, 'cac:InvoiceDocumentReference/cbc:ID') > 0),
  perNode('UBL-SR-22', 'fatal', 'TaxRepresentativeParty', CAC, (p) => count(p, 'cac:PartyName/cbc:Name') <= 1),
  perNode('UBL-SR-23', 'fatal', 'TaxRepresentativeParty', CAC, (p) => count(p, 'cac:PartyTaxScheme/cbc:CompanyID') <= 1),
  perNode('UBL-SR-32', 'fatal', 'TaxSubtotal', CAC, (s) => count(s, 'cac:TaxCategory/cbc:TaxExemptionReason') <= 1),
  ...(
    [
      ['UBL-SR-19', (p: XmlElement) => count(p, 'cac:PartyName/cbc:Name') <= 1],
      ['UBL-SR-20', (p: XmlElement) => sel(p, 'cac:PartyIdentification/cbc:ID').filter((id) => (id.attr('schemeID') ?? '').toUpperCase() !== 'SEPA').length <= 1],
      ['UBL-SR-21', (p: XmlElement) => count(p, 'cac:PartyLegalEntity/cbc:CompanyID') <= 1],
    ] as const
  ).map(([id, card]) =>
    perNode(id, 'fatal', 'PayeeParty', CAC, (p) => {
      if (!card(p)) return false;
      // (PartyName/Name) != (seller RegistrationName): a general comparison, true when some pair differs.
      const names = sel(p, 'cac:PartyName/cbc:Name').map(sv);
      const seller = p.parent ? sel(p.parent, 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName').map(sv) : [];
      return names.some((n) => seller.some((s) => s !== n));
    }),
  ),
  def('UBL-SR-51', 'fatal', (doc, fail) => {
    for (const e of doc.elements()) if ((e.local === 'PostalAddress' || e.local === 'Address') && e.ns === CAC && count(e, 'cac:AddressLine') > 1) fail(e);
  }),

  // --- data types
  def('UBL-DT-01', 'fatal', (doc, fail) => {
    for (const e of doc.elements()) {
      if (!e.name.endsWith('Amount') || e.name.endsWith('PriceAmount')) continue;
      let inPriceAc = false;
      for (let a = e.parent; a; a = a.parent) if (a.local === 'AllowanceCharge' && a.ns === CAC && a.parent?.local === 'Price' && a.parent.ns === CAC) inPriceAc = true;
      if (inPriceAc) continue;
      const v = sv(e);
      const i = v.indexOf('.');
      if (i >= 0 && v.length - i - 1 > 2) fail(e);
    }
  }),
  def('UBL-DT-06', 'fatal', (doc, fail) => {
    for (const e of doc.elements()) if (e.name.endsWith('BinaryObject') && e.attr('mimeCode') === undefined) fail(e);
  }),
  def('UBL-DT-07', 'fatal', (doc, fail) => {
    for (const e of doc.elements()) if (e.name.endsWith('BinaryObject') && e.attr('filename') === undefined) fail(e);
  }),
  ...(
    [
      ['UBL-DT-08', 'schemeName'],
      ['UBL-DT-09', 'schemeAgencyName'],
      ['UBL-DT-10', 'schemeDataURI'],
      ['UBL-DT-11', 'schemeURI'],
      ['UBL-DT-12', 'format'],
      ['UBL-DT-13', 'unitCodeListIdentifier'],
      ['UBL-DT-14', 'unitCodeListAgencyIdentifier'],
      ['UBL-DT-15', 'unitCodeListAgencyName'],
      ['UBL-DT-16', 'listAgencyName'],
      ['UBL-DT-17', 'listName'],
      ['UBL-DT-19', 'languageID'],
      ['UBL-DT-20', 'listURI'],
      ['UBL-DT-21', 'listSchemeURI'],
      ['UBL-DT-22', 'languageLocaleID'],
      ['UBL-DT-23', 'uri'],
      ['UBL-DT-24', 'currencyCodeListVersionID'],
      ['UBL-DT-25', 'characterSetCode'],
      ['UBL-DT-26', 'encodingCode'],
      ['UBL-DT-27', 'schemeAgencyID'],
      ['UBL-DT-28', 'listAgencyID'],
    ] as const
  ).map(([id, name]) => atRoot(id, 'warning', (_r, d) => !unqualifiedAttributes(d).has(name), ublTemplateTexts('template.attributeNotUsed', { name }))),
  atRoot('UBL-DT-18', 'warning', (_r, d) => !unqualifiedAttributes(d).has(NAME_OUTSIDE_PAYMENT_MEANS_CODE)),

  // --- elements not used in EN 16931: the generated table (one pass) and the five non-plain tests by hand
  ...UBL_CR_TABLE.map(([id, flag, paths], i) => {
    const r = def(
      id,
      flag,
      (doc, fail) => {
        if (crHits(doc).has(id)) fail(doc.root);
      },
      undefined,
      ublTemplateTexts('template.elementNotUsed', { paths: paths.join(' | '), id }),
    );
    // Quiet, with the rules of its group, where no rule of the group has a hit: the engine skips such a run of rules
    // at once (most documents hit a few of the 673 rules, if any).
    r.quiet = CR_GROUP_QUIET[Math.floor(i / CR_GROUP)]!;
    return r;
  }),
  notUsed('UBL-CR-002', (r) => count(r, 'cbc:UBLVersionID') > 0 && !sel(r, 'cbc:UBLVersionID').some((v) => sv(v) === '2.1')),
  notUsed('UBL-CR-412', (r) => r.local !== 'CreditNote' && count(r, 'cac:PaymentMeans/cbc:PaymentDueDate') > 0),
  notUsed('UBL-CR-665', (_r, d) =>
    descendants(d, 'AdditionalDocumentReference', CAC)
      .filter((a) => sel(a, 'cbc:DocumentTypeCode').length === 0 || sel(a, 'cbc:DocumentTypeCode').some((c) => sv(c) !== '130'))
      .some((a) => sel(a, 'cbc:ID').some((id) => id.attr('schemeID') !== undefined)),
  ),
  atRoot(
    'UBL-CR-666',
    'fatal',
    (_r, d) => !descendants(d, 'AdditionalDocumentReference', CAC).some((a) => sel(a, 'cbc:DocumentTypeCode').some((c) => sv(c) === '130') && count(a, 'cac:Attachment') > 0),
  ),
  atRoot(
    'UBL-CR-673',
    'fatal',
    (_r, d) => !descendants(d, 'AdditionalDocumentReference', CAC).some((a) => sel(a, 'cbc:DocumentTypeCode').some((c) => sv(c) === '130') && count(a, 'cbc:DocumentDescription') > 0),
  ),
];
