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
  private byLocal: Map<string, XmlElement[]> | undefined;
  private byName = new Map<string, readonly XmlElement[]>();
  private order: XmlElement[] | undefined;
  /** Per pattern: the elements each context fires on, indexed by ContextDef.id. */
  private readonly assigned = new Map<Pattern, (XmlElement[] | undefined)[]>();
  private lastPattern: Pattern | undefined;
  private lastAssigned: (XmlElement[] | undefined)[] | undefined;
  private readonly memos = new Map<symbol, unknown>();
  private cache: Record<string, unknown> = {};

  constructor(root: XmlElement) {
    this.root = root;
  }

  private lazy<T>(key: string, build: () => T): T {
    if (key in this.cache) return this.cache[key] as T;
    const v = build();
    this.cache[key] = v;
    return v;
  }

  memo<T>(key: symbol, build: () => T): T {
    const hit = this.memos.get(key);
    if (hit !== undefined || this.memos.has(key)) return hit as T;
    const v = build();
    this.memos.set(key, v);
    return v;
  }

  /** Every element in document order (built once). */
  elements(): readonly XmlElement[] {
    if (!this.order) this.index();
    return this.order!;
  }

  private index(): void {
    const order: XmlElement[] = [];
    const byLocal = new Map<string, XmlElement[]>();
    const stack: XmlElement[] = [this.root];
    while (stack.length) {
      const e = stack.pop()!;
      order.push(e);
      const list = byLocal.get(e.local);
      if (list) list.push(e);
      else byLocal.set(e.local, [e]);
      const ch = e.children;
      for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]!);
    }
    this.order = order;
    this.byLocal = byLocal;
  }

  all(local: string, ns: string = RAM): readonly XmlElement[] {
    if (!this.byLocal) this.index();
    const key = ns === RAM ? local : `${ns}|${local}`;
    let hit = this.byName.get(key);
    if (!hit) {
      const list = this.byLocal!.get(local);
      hit = list ? list.filter((e) => e.ns === ns) : EMPTY;
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
        const els = byLocal.get(local);
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
      for (const c of d.multiLocal) {
        const list = out[c.id];
        if (list && list.length > 1) list.sort(this.documentOrder());
      }
      return out;
    }
    const order = this.elements();
    // Per element name: the candidates left once the wildcard contexts that the name alone decides are settled
    // (namePlan). The reader shares one string per name, so these lookups mostly compare pointers.
    let local: string | undefined;
    let ns: string | undefined;
    let plan: NamePlan | undefined;
    for (let k = 0; k < order.length; k++) {
      const el = order[k]!;
      if (el.local !== local || el.ns !== ns) {
        local = el.local;
        ns = el.ns;
        plan = this.planOf(d, el);
      }
      if (plan!.evaluate.length !== 0 && this.fire(el, plan!.evaluate, out)) continue;
      const t = plan!.terminal;
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
    return this.lazy('context', () => kid(this.invoice, 'ExchangedDocumentContext', RSM));
  }
  get document(): XmlElement | undefined {
    return this.lazy('document', () => kid(this.invoice, 'ExchangedDocument', RSM));
  }
  get transaction(): XmlElement | undefined {
    return this.lazy('transaction', () => kid(this.invoice, 'SupplyChainTradeTransaction', RSM));
  }
  get agreement(): XmlElement | undefined {
    return this.lazy('agreement', () => kid(this.transaction, 'ApplicableHeaderTradeAgreement'));
  }
  get delivery(): XmlElement | undefined {
    return this.lazy('delivery', () => kid(this.transaction, 'ApplicableHeaderTradeDelivery'));
  }
  get settlement(): XmlElement | undefined {
    return this.lazy('settlement', () => kid(this.transaction, 'ApplicableHeaderTradeSettlement'));
  }
  get summation(): XmlElement | undefined {
    return this.lazy('summation', () => kid(this.settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation'));
  }
  get seller(): XmlElement | undefined {
    return this.lazy('seller', () => kid(this.agreement, 'SellerTradeParty'));
  }
  get buyer(): XmlElement | undefined {
    return this.lazy('buyer', () => kid(this.agreement, 'BuyerTradeParty'));
  }
  get sellerTaxRepresentative(): XmlElement | undefined {
    return this.lazy('taxrep', () => kid(this.agreement, 'SellerTaxRepresentativeTradeParty'));
  }
  get specificationId(): string | undefined {
    return this.lazy('bt24', () => {
      const id = kid(kid(this.context, 'GuidelineSpecifiedDocumentContextParameter'), 'ID');
      return id ? sv(id).trim() : undefined;
    });
  }
  get invoiceCurrency(): string {
    return this.lazy('bt5', () => nsp(sv(kid(this.settlement, 'InvoiceCurrencyCode'))));
  }
  get taxCurrency(): string {
    return this.lazy('bt6', () => nsp(sv(kid(this.settlement, 'TaxCurrencyCode'))));
  }
  get lines(): readonly LineView[] {
    return this.lazy('lines', () =>
      kids(this.transaction, 'IncludedSupplyChainTradeLineItem').map((el): LineView => {
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
      }),
    );
  }
  get headerAllowanceCharges(): readonly XmlElement[] {
    return this.lazy('hac', () => kids(this.settlement, 'SpecifiedTradeAllowanceCharge'));
  }
  get headerTaxes(): readonly XmlElement[] {
    return this.lazy('htax', () => kids(this.settlement, 'ApplicableTradeTax'));
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
