/**
 * The read model every rule works on: the parsed CII tree plus indexes built lazily, once per document —
 * elements by name, the header blocks, the lines, and the first-match context assignment of each schematron
 * pattern — so that a full validation stays linear in the size of the invoice.
 */
import type { XmlElement } from '@kontor/xml';
import type { CiiDoc, ContextDef, ContextSpec, LineView, Pattern } from './types';
import { NS, RAM, RSM, kid, kids, nsp, sv } from './xpath';

// ------------------------------------------------------------------ patterns

class PatternImpl implements Pattern {
  readonly name: string;
  private readonly list: ContextDef[] = [];
  constructor(name: string) {
    this.name = name;
  }
  get contexts(): readonly ContextDef[] {
    return this.list;
  }
  context(spec: ContextSpec): ContextDef {
    const def: ContextDef = { ...spec, pattern: this, id: this.list.length };
    this.list.push(def);
    return def;
  }
}

/** Declares a schematron pattern (call at module level; contexts are declared right after, at import time). */
export function definePattern(name: string): Pattern {
  return new PatternImpl(name);
}

/** Per pattern: local name → candidate contexts, highest priority first (wildcards merged in). */
interface Dispatch {
  byLocal: Map<string, readonly ContextDef[]>;
  wildcard: readonly ContextDef[];
  /** The local names of byLocal as an array (patterns without wildcards visit only these elements). */
  locals: readonly string[];
  /** Contexts declared for several local names (their elements are collected per name, then put in document order). */
  multiLocal: readonly ContextDef[];
  /**
   * Patterns with wildcard contexts: per element name (local name, then namespace) the plan of NamePlan. A plan
   * depends only on the static pattern and the name, never on a document (see nameOutcome), so it is kept with
   * the pattern; at most NAME_PLANS_MAX names are kept, further names are planned per document.
   */
  names: Map<string, NamePlan[]>;
  namesKept: number;
}
const NAME_PLANS_MAX = 4096;
// Derived from static pattern definitions only; caching it per Pattern object keeps no per-request state.
const dispatchCache = new WeakMap<Pattern, Dispatch>();
function dispatchOf(p: Pattern): Dispatch {
  let d = dispatchCache.get(p);
  if (d) return d;
  const byPrio = [...p.contexts].sort((a, b) => b.priority - a.priority);
  const wildcard = byPrio.filter((c) => c.locals === '*');
  const locals = new Set<string>();
  for (const c of byPrio) if (c.locals !== '*') for (const l of c.locals) locals.add(l);
  const byLocal = new Map<string, readonly ContextDef[]>();
  for (const l of locals)
    byLocal.set(
      l,
      byPrio.filter((c) => c.locals === '*' || c.locals.includes(l)),
    );
  d = { byLocal, wildcard, locals: [...locals], multiLocal: p.contexts.filter((c) => c.locals !== '*' && c.locals.length > 1), names: new Map(), namesKept: 0 };
  dispatchCache.set(p, d);
  return d;
}

// ------------------------------------------------------------------ document

/**
 * XSLT 2.0 treats an error while matching a pattern (e.g. a predicate casting "yes" to xs:boolean) as a
 * non-match, and Saxon takes that recovery; so do we.
 */
function matches(c: ContextDef, el: XmlElement, doc: CiiDoc): boolean {
  try {
    return c.match(el, doc);
  } catch {
    return false;
  }
}

const EMPTY: readonly XmlElement[] = Object.freeze([]);
/** A header slot not computed yet (its value may be undefined). */
const UNSET: unique symbol = Symbol('unset');

/** One local name in a document: its elements (document order), the first namespace's name number, then any other's. */
interface NameIds {
  list: XmlElement[];
  ns: string;
  id: number;
  more: Map<string, number> | undefined;
}

/**
 * How the elements of one name (namespace + local name) are assigned in a pattern with wildcard contexts: try `evaluate` in priority order on each element, else it fires `terminal` (a wildcard context that
 * matches every element of this name), else none. Wildcard contexts that match no element of the name are left out.
 */
interface NamePlan {
  readonly ns: string;
  readonly evaluate: readonly ContextDef[];
  readonly terminal: ContextDef | undefined;
}

function namePlan(sample: XmlElement, cands: readonly ContextDef[], doc: CiiDoc): NamePlan {
  const evaluate: ContextDef[] = [];
  for (const c of cands) {
    const o = nameOutcome(c, sample, doc);
    if (o === true) return { ns: sample.ns, evaluate, terminal: c };
    if (o === 'per-element') evaluate.push(c);
  }
  return { ns: sample.ns, evaluate, terminal: undefined };
}

/**
 * Is a wildcard context's outcome on `sample` the outcome for every element with the same namespace and local
 * name? Wildcard contexts are mostly name tests ("any ram:…Amount"): the match runs once on a view of the element
 * that notes any read other than `local` and `ns` (parent, attributes, children, text, name, the document …); a
 * match is a pure function of what it reads, so an outcome that read only the name holds for the whole name. The
 * outcome must also equal the match on the real element (a view cannot reproduce identity comparisons), else, and
 * whenever anything else was read, the context is tried on each element as before.
 */
function nameOutcome(c: ContextDef, sample: XmlElement, doc: CiiDoc): boolean | 'per-element' {
  let other = false;
  const view = new Proxy(sample, {
    get(target, prop) {
      if (prop !== 'local' && prop !== 'ns') other = true;
      return Reflect.get(target, prop, target) as unknown;
    },
    has(target, prop) {
      other = true;
      return Reflect.has(target, prop);
    },
    ownKeys(target) {
      other = true;
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, prop) {
      other = true;
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    getPrototypeOf(target) {
      other = true;
      return Reflect.getPrototypeOf(target);
    },
  });
  const docView = new Proxy(doc, {
    get(target, prop) {
      other = true;
      return Reflect.get(target, prop, target) as unknown;
    },
  });
  const viewed = matches(c, view, docView);
  if (other) return 'per-element';
  return viewed === matches(c, sample, doc) ? viewed : 'per-element';
}

/** Document order of two elements of one tree: compare the children of the deepest common ancestor. */
function compareDocumentOrder(a: XmlElement, b: XmlElement): number {
  if (a === b) return 0;
  const up = (e: XmlElement): XmlElement[] => {
    const chain: XmlElement[] = [];
    for (let c: XmlElement | null = e; c; c = c.parent) chain.push(c);
    return chain;
  };
  const ca = up(a);
  const cb = up(b);
  let i = ca.length - 1;
  let j = cb.length - 1;
  while (i >= 0 && j >= 0 && ca[i] === cb[j]) {
    i--;
    j--;
  }
  if (i < 0) return -1; // a is an ancestor of b
  if (j < 0) return 1;
  const siblings = ca[i + 1]!.children;
  return siblings.indexOf(ca[i]!) - siblings.indexOf(cb[j]!);
}

export class CiiDocument implements CiiDoc {
  readonly root: XmlElement;
  /** Per local name: its elements in document order (`list`) and its name numbers. */
  private byLocal: Map<string, NameIds> | undefined;
  private byName = new Map<string, readonly XmlElement[]>();
  private order: XmlElement[] | undefined;
  /** Per pattern: the elements each context fires on, indexed by ContextDef.id. */
  private readonly assigned = new Map<Pattern, (XmlElement[] | undefined)[]>();
  private lastPattern: Pattern | undefined;
  private lastAssigned: (XmlElement[] | undefined)[] | undefined;
  private readonly memos = new Map<symbol, unknown>();
  /** The header getters' values, computed on first use (UNSET until then): 0 context, 1 document, 2 transaction, 3 agreement, 4 delivery, 5 settlement, 6 summation, 7 seller, 8 buyer, 9 taxrep, 10 bt5, 11 bt6, 12 bt24, 13 lines, 14 hac, 15 htax. */
  private readonly slots: unknown[] = new Array(16).fill(UNSET);

  constructor(root: XmlElement) {
    this.root = root;
  }

  memo<T>(key: symbol, build: (doc: CiiDoc) => T): T {
    const hit = this.memos.get(key);
    if (hit !== undefined || this.memos.has(key)) return hit as T;
    const v = build(this);
    this.memos.set(key, v);
    return v;
  }

  /** Every element in document order (built once). */
  elements(): readonly XmlElement[] {
    if (!this.order) this.index();
    return this.order!;
  }

  /**
   * One walk over the tree: document order, the elements per local name, and per element a small number for its
   * name (local name + namespace; `nameIds[k]` for `order[k]`), so a pattern plans each name once per document
   * and looks the plan up by number (no string-keyed lookup per element and pattern).
   */
  private index(): void {
    const order: XmlElement[] = [];
    // Per local name (one lookup per element): its elements and the name numbers of the namespaces seen with it.
    const idsOf = new Map<string, NameIds>();
    const ids: number[] = [];
    let names = 0;
    const stack: XmlElement[] = [this.root];
    while (stack.length) {
      const e = stack.pop()!;
      order.push(e);
      const local = e.local;
      let n = idsOf.get(local);
      if (n === undefined) {
        n = { list: [e], ns: e.ns, id: names++, more: undefined };
        idsOf.set(local, n);
        ids.push(n.id);
        const ch = e.children;
        for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]!);
        continue;
      }
      n.list.push(e);
      if (n.ns === e.ns) ids.push(n.id);
      else {
        const more = (n.more ??= new Map());
        let id = more.get(e.ns);
        if (id === undefined) {
          id = names++;
          more.set(e.ns, id);
        }
        ids.push(id);
      }
      const ch = e.children;
      for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]!);
    }
    this.order = order;
    this.byLocal = idsOf;
    this.nameIds = ids;
    this.nameCount = names;
  }
  private nameIds: number[] = [];
  private nameCount = 0;

  all(local: string, ns: string = RAM): readonly XmlElement[] {
    if (!this.byLocal) this.index();
    const key = ns === RAM ? local : `${ns}|${local}`;
    let hit = this.byName.get(key);
    if (!hit) {
      const n = this.byLocal!.get(local);
      // Mostly every element of a local name is in one namespace (no `more`): then the index's own list is the
      // answer when that is the namespace asked for (read-only to callers, no copy), else there is none.
      hit = n === undefined ? EMPTY : n.more === undefined ? (n.ns === ns ? n.list : EMPTY) : n.list.filter((e) => e.ns === ns);
      this.byName.set(key, hit);
    }
    return hit;
  }

  nodes(ctx: ContextDef): readonly XmlElement[] {
    const p = ctx.pattern;
    // Rules come grouped by pattern: the last pattern's assignment is usually the one asked for.
    let m = p === this.lastPattern ? this.lastAssigned : this.assigned.get(p);
    if (!m) {
      m = this.assign(p);
      this.assigned.set(p, m);
    }
    this.lastPattern = p;
    this.lastAssigned = m;
    return m[ctx.id] ?? EMPTY;
  }

  private assign(p: Pattern): (XmlElement[] | undefined)[] {
    const d = dispatchOf(p);
    const out: (XmlElement[] | undefined)[] = new Array(p.contexts.length).fill(undefined);
    if (d.wildcard.length === 0) {
      // Only elements with one of the pattern's local names can fire a context: visit those (each name's
      // elements are in document order), not the whole document.
      if (!this.byLocal) this.index();
      const byLocal = this.byLocal!;
      for (let n = 0; n < d.locals.length; n++) {
        const local = d.locals[n]!;
        const els = byLocal.get(local)?.list;
        if (els === undefined) continue;
        let plan = this.planOf(d, els[0]!);
        for (let k = 0; k < els.length; k++) {
          const el = els[k]!;
          if (el.ns !== plan.ns) plan = this.planOf(d, el);
          if (plan.evaluate.length !== 0 && this.fire(el, plan.evaluate, out)) continue;
          const t = plan.terminal;
          if (t !== undefined) {
            const list = out[t.id];
            if (list) list.push(el);
            else out[t.id] = [el];
          }
        }
      }
      // A context with several local names got its elements name by name: restore document order.
      for (let i = 0; i < d.multiLocal.length; i++) {
        const c = d.multiLocal[i]!;
        const list = out[c.id];
        if (list && list.length > 1) list.sort(this.documentOrder());
      }
      return out;
    }
    const order = this.elements();
    const ids = this.nameIds;
    // Per element name: the candidates left once the wildcard contexts that the name alone decides are settled
    // (namePlan), looked up by the name's number in this document.
    const plans: (NamePlan | undefined)[] = new Array(this.nameCount).fill(undefined);
    for (let k = 0; k < order.length; k++) {
      const el = order[k]!;
      const id = ids[k]!;
      let plan = plans[id];
      if (plan === undefined) plan = plans[id] = this.planOf(d, el);
      if (plan.evaluate.length !== 0 && this.fire(el, plan.evaluate, out)) continue;
      const t = plan.terminal;
      if (t !== undefined) {
        const list = out[t.id];
        if (list) list.push(el);
        else out[t.id] = [el];
      }
    }
    return out;
  }

  /** Names planned for this document beyond the pattern's bounded store. */
  private extraPlans: Map<Dispatch, Map<string, NamePlan>> | undefined;

  private planOf(d: Dispatch, el: XmlElement): NamePlan {
    const kept = d.names.get(el.local);
    if (kept !== undefined) for (let i = 0; i < kept.length; i++) if (kept[i]!.ns === el.ns) return kept[i]!;
    const plan = namePlan(el, d.byLocal.get(el.local) ?? d.wildcard, this);
    if (d.namesKept < NAME_PLANS_MAX) {
      d.namesKept++;
      if (kept !== undefined) kept.push(plan);
      else d.names.set(el.local, [plan]);
      return plan;
    }
    const extra = (this.extraPlans ??= new Map()).get(d) ?? new Map<string, NamePlan>();
    this.extraPlans.set(d, extra);
    const key = `${el.ns} ${el.local}`;
    const hit = extra.get(key);
    if (hit) return hit;
    extra.set(key, plan);
    return plan;
  }

  /** Assigns `el` to the first candidate context that matches it; false when none does. */
  private fire(el: XmlElement, cands: readonly ContextDef[], out: (XmlElement[] | undefined)[]): boolean {
    for (let i = 0; i < cands.length; i++) {
      const c = cands[i]!;
      if (matches(c, el, this)) {
        const list = out[c.id];
        if (list) list.push(el);
        else out[c.id] = [el];
        return true;
      }
    }
    return false;
  }

  /** Comparator by document order: the first differing ancestor decides (no index of the whole document). */
  private documentOrder(): (a: XmlElement, b: XmlElement) => number {
    return compareDocumentOrder;
  }

  str(el: XmlElement | undefined): string {
    return sv(el);
  }

  nstr(el: XmlElement | undefined): string {
    return nsp(sv(el));
  }

  // ---- header structure ----
  private get invoice(): XmlElement | undefined {
    return this.root.local === 'CrossIndustryInvoice' && this.root.ns === RSM ? this.root : undefined;
  }
  get context(): XmlElement | undefined {
    const v = this.slots[0];
    return (v !== UNSET ? v : (this.slots[0] = kid(this.invoice, 'ExchangedDocumentContext', RSM))) as XmlElement | undefined;
  }
  get document(): XmlElement | undefined {
    const v = this.slots[1];
    return (v !== UNSET ? v : (this.slots[1] = kid(this.invoice, 'ExchangedDocument', RSM))) as XmlElement | undefined;
  }
  get transaction(): XmlElement | undefined {
    const v = this.slots[2];
    return (v !== UNSET ? v : (this.slots[2] = kid(this.invoice, 'SupplyChainTradeTransaction', RSM))) as XmlElement | undefined;
  }
  get agreement(): XmlElement | undefined {
    const v = this.slots[3];
    return (v !== UNSET ? v : (this.slots[3] = kid(this.transaction, 'ApplicableHeaderTradeAgreement'))) as XmlElement | undefined;
  }
  get delivery(): XmlElement | undefined {
    const v = this.slots[4];
    return (v !== UNSET ? v : (this.slots[4] = kid(this.transaction, 'ApplicableHeaderTradeDelivery'))) as XmlElement | undefined;
  }
  get settlement(): XmlElement | undefined {
    const v = this.slots[5];
    return (v !== UNSET ? v : (this.slots[5] = kid(this.transaction, 'ApplicableHeaderTradeSettlement'))) as XmlElement | undefined;
  }
  get summation(): XmlElement | undefined {
    const v = this.slots[6];
    return (v !== UNSET ? v : (this.slots[6] = kid(this.settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation'))) as XmlElement | undefined;
  }
  get seller(): XmlElement | undefined {
    const v = this.slots[7];
    return (v !== UNSET ? v : (this.slots[7] = kid(this.agreement, 'SellerTradeParty'))) as XmlElement | undefined;
  }
  get buyer(): XmlElement | undefined {
    const v = this.slots[8];
    return (v !== UNSET ? v : (this.slots[8] = kid(this.agreement, 'BuyerTradeParty'))) as XmlElement | undefined;
  }
  get sellerTaxRepresentative(): XmlElement | undefined {
    const v = this.slots[9];
    return (v !== UNSET ? v : (this.slots[9] = kid(this.agreement, 'SellerTaxRepresentativeTradeParty'))) as XmlElement | undefined;
  }
  get specificationId(): string | undefined {
    const v = this.slots[12];
    if (v !== UNSET) return v as string | undefined;
    const id = kid(kid(this.context, 'GuidelineSpecifiedDocumentContextParameter'), 'ID');
    return (this.slots[12] = id ? sv(id).trim() : undefined);
  }
  get invoiceCurrency(): string {
    const v = this.slots[10];
    return (v !== UNSET ? v : (this.slots[10] = nsp(sv(kid(this.settlement, 'InvoiceCurrencyCode'))))) as string;
  }
  get taxCurrency(): string {
    const v = this.slots[11];
    return (v !== UNSET ? v : (this.slots[11] = nsp(sv(kid(this.settlement, 'TaxCurrencyCode'))))) as string;
  }
  get lines(): readonly LineView[] {
    const v = this.slots[13];
    if (v !== UNSET) return v as readonly LineView[];
    return (this.slots[13] = kids(this.transaction, 'IncludedSupplyChainTradeLineItem').map((el): LineView => {
      const settlement = kid(el, 'SpecifiedLineTradeSettlement');
      return {
        el,
        doc: kid(el, 'AssociatedDocumentLineDocument'),
        agreement: kid(el, 'SpecifiedLineTradeAgreement'),
        delivery: kid(el, 'SpecifiedLineTradeDelivery'),
        settlement,
        product: kid(el, 'SpecifiedTradeProduct'),
        taxes: kids(settlement, 'ApplicableTradeTax'),
        allowanceCharges: kids(settlement, 'SpecifiedTradeAllowanceCharge'),
        summation: kid(settlement, 'SpecifiedTradeSettlementLineMonetarySummation'),
      };
    }));
  }
  get headerAllowanceCharges(): readonly XmlElement[] {
    const v = this.slots[14];
    return (v !== UNSET ? v : (this.slots[14] = kids(this.settlement, 'SpecifiedTradeAllowanceCharge'))) as readonly XmlElement[];
  }
  get headerTaxes(): readonly XmlElement[] {
    const v = this.slots[15];
    return (v !== UNSET ? v : (this.slots[15] = kids(this.settlement, 'ApplicableTradeTax'))) as readonly XmlElement[];
  }
}

/**
 * Builds the read model over a parsed tree.
 * @example
 * ```ts
 * import { readCiiDoc, runRules, xrechnungRules } from '@kontor/cii/rules';
 * const doc = readCiiDoc(parseXml(xml).root); // the indexed view the rules run on (read once, reused)
 * const findings = runRules(xrechnungRules, doc);
 * ```
 */
export function readCiiDoc(root: XmlElement): CiiDoc {
  return new CiiDocument(root);
}

// ------------------------------------------------------------------ locations

const PREFIX_OF: Record<string, string> = Object.fromEntries(Object.entries(NS).map(([p, u]) => [u, p]));

/** Per-run cache of sibling positions, so that paths of many findings under one parent stay linear. */
export type PathCache = Map<XmlElement, Map<XmlElement, number>>;

function positionOf(el: XmlElement, cache?: PathCache): number {
  const p = el.parent;
  if (!p) return 1;
  if (!cache) {
    let idx = 1;
    for (const s of p.children) {
      if (s === el) break;
      if (s.local === el.local && s.ns === el.ns) idx++;
    }
    return idx;
  }
  let m = cache.get(p);
  if (!m) {
    m = new Map();
    const seen = new Map<string, number>();
    for (const s of p.children) {
      const key = `${s.ns}|${s.local}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      m.set(s, n);
    }
    cache.set(p, m);
  }
  return m.get(el) ?? 1;
}

/** Position path in the oracle's normalised style: /rsm:CrossIndustryInvoice[1]/ram:X[2] (canonical prefixes). */
export function oraclePath(el: XmlElement | null, cache?: PathCache): string {
  if (!el) return '/';
  const parts: string[] = [];
  for (let cur: XmlElement | null = el; cur; cur = cur.parent) {
    const prefix = PREFIX_OF[cur.ns];
    const name = prefix ? `${prefix}:${cur.local}` : cur.ns ? `*:${cur.local}[namespace-uri()='${cur.ns}']` : cur.local;
    parts.push(`${name}[${positionOf(cur, cache)}]`);
  }
  return '/' + parts.reverse().join('/');
}
