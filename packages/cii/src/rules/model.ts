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
}
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
  for (const l of locals) byLocal.set(l, byPrio.filter((c) => c.locals === '*' || c.locals.includes(l)));
  d = { byLocal, wildcard };
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
    const { byLocal, wildcard } = dispatchOf(p);
    const out: (XmlElement[] | undefined)[] = new Array(p.contexts.length).fill(undefined);
    const order = this.elements();
    // Candidates per local-name string of this document (the reader shares one string per name, so these
    // lookups mostly compare pointers instead of characters).
    const seen = new Map<string, readonly ContextDef[]>();
    for (let k = 0; k < order.length; k++) {
      const el = order[k]!;
      let cands = seen.get(el.local);
      if (cands === undefined) {
        cands = byLocal.get(el.local) ?? wildcard;
        seen.set(el.local, cands);
      }
      for (let i = 0; i < cands.length; i++) {
        const c = cands[i]!;
        if (matches(c, el, this)) {
          const list = out[c.id];
          if (list) list.push(el);
          else out[c.id] = [el];
          break;
        }
      }
    }
    return out;
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
    for (const s of p.children) { if (s === el) break; if (s.local === el.local && s.ns === el.ns) idx++; }
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
