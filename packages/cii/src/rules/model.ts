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
  /** This dispatch's slot in every PathNode's `plans`. */
  num: number;
  byLocal: Map<string, readonly ContextDef[]>;
  wildcard: readonly ContextDef[];
  /** The local names of byLocal as an array (patterns without wildcards visit only these elements). */
  locals: readonly string[];
  /** Their shared objects (undefined for a name the full table has no room for), parallel to `locals`. */
  localNames: readonly (LocalName | undefined)[];
  /** Contexts declared for several local names (their elements are collected per name, then put in document order). */
  multiLocal: readonly ContextDef[];
  /** Per ContextDef.id: declared for several local names (see multiLocal). */
  isMulti: readonly boolean[];
}
// Derived from static pattern definitions only; caching it per Pattern object keeps no per-request state.
const dispatchCache = new WeakMap<Pattern, Dispatch>();
let dispatches = 0;
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
  const multiLocal = p.contexts.filter((c) => c.locals !== '*' && c.locals.length > 1);
  d = {
    num: dispatches++,
    byLocal,
    wildcard,
    locals: [...locals],
    localNames: [...locals].map(localName).map((n) => {
      // A pattern without wildcards visits the elements of its names (listOf): documents list them in their walk.
      if (n !== undefined && wildcard.length === 0) want(n);
      return n;
    }),
    multiLocal,
    isMulti: p.contexts.map((c) => multiLocal.includes(c)),
  };
  dispatchCache.set(p, d);
  return d;
}

// ------------------------------------------------------------------ name paths

/**
 * One name path from the root (the namespace and local name of an element and of each of its ancestors): a node of
 * a trie shared by all documents. Per pattern it keeps the plan of PathPlan for the elements at this path. A plan
 * depends only on the static pattern and the path, never on a document (see pathOutcome), so it is kept here; the
 * trie holds at most PATH_NODES_MAX paths, elements at further paths are assigned by trying every candidate.
 */
interface PathNode {
  readonly ns: string;
  /** The shared object of the element's local name (PATH_ROOT: a placeholder). */
  readonly name: LocalName;
  /**
   * Child paths, in the order first seen (every namespace). Up to KIDS_SCANNED of them are found by a scan comparing
   * names by identity (the reader's names are internalized), cheaper per element than a map lookup; beyond, by `next`.
   */
  readonly kids: PathNode[];
  /** The local names of `kids` (parallel to it): the scan reads one small array, not each child node. */
  readonly kidLocals: string[];
  /** Child paths by local name (the first namespace seen with it; others in that node's `alt`). */
  readonly next: Map<string, PathNode>;
  alt: PathNode[] | undefined;
  /** Per Dispatch.num: this path's plan in that pattern. */
  readonly plans: (PathPlan | undefined)[];
  /**
   * Per Dispatch.num, the plan as one small integer (undefined: not planned yet): the id of the context every element
   * here fires (nothing to try), PLAN_NONE (fires none), PLAN_EVALUATE (try `plans[num]` per element). assign reads
   * this one number per element and pattern instead of the plan object, its list of contexts and a context.
   */
  readonly codes: number[];
}
/** PathNode.codes: no context fires at this path. */
const PLAN_NONE = -1;
/** PathNode.codes: contexts must be tried per element (the plan's `evaluate` is not empty). */
const PLAN_EVALUATE = -2;
/** The code of a plan (see PathNode.codes). */
function planCode(plan: PathPlan): number {
  if (plan.evaluate.length !== 0) return PLAN_EVALUATE;
  return plan.terminal === undefined ? PLAN_NONE : plan.terminal.id;
}
/**
 * One object per distinct local name (shared by all documents): the trie is keyed by these, so a document looks
 * each of its names up once by text (comparing its strings with another document's costs a character
 * comparison) and every element by identity.
 */
interface LocalName {
  readonly local: string;
  /** Its slot in a document's `byNum`. */
  readonly num: number;
  /**
   * The value of `wantEpoch` when some pattern or `all` first asked for this name's elements (Infinity until then):
   * a document indexed later lists them in its walk; an earlier one lists them on request (one scan).
   */
  wantedAt: number;
}
const PATH_NODES_MAX = 20_000;
// Derived from static pattern definitions and element names only (bounded); keeps no per-request state.
const PATH_ROOT: PathNode = { ns: '', name: { local: '', num: -1, wantedAt: Infinity }, kids: [], kidLocals: [], next: new Map(), alt: undefined, plans: [], codes: [] };
/** Child paths of one path node found by a scan (more by the node's map). */
const KIDS_SCANNED = 16;
const LOCAL_NAMES = new Map<string, LocalName>();
/** Counts the names asked for so far (see LocalName.wantedAt); grows with the static set of names rules ask for. */
let wantEpoch = 0;

/** Notes that the elements of this name are asked for (documents indexed from now on list them in their walk). */
function want(n: LocalName): void {
  if (n.wantedAt === Infinity) n.wantedAt = ++wantEpoch;
}
let pathNodes = 0;

/** The shared object of a local name; undefined when the table is full. */
function localName(local: string): LocalName | undefined {
  let n = LOCAL_NAMES.get(local);
  if (n === undefined && LOCAL_NAMES.size < PATH_NODES_MAX) LOCAL_NAMES.set(local, (n = { local, num: LOCAL_NAMES.size, wantedAt: Infinity }));
  return n;
}

/**
 * The path node of an element named (local, ns) under `parent`; undefined when the trie (or the table of local
 * names) is full. Keyed by the local name's text: the reader's names are internalized strings (hash cached, compared
 * by pointer), so this one lookup per element also finds the name's shared object.
 */
function childPath(parent: PathNode, local: string, ns: string): PathNode | undefined {
  const kids = parent.kids;
  if (kids.length <= KIDS_SCANNED) {
    const locals = parent.kidLocals;
    for (let i = 0; i < locals.length; i++) {
      if (locals[i] !== local) continue;
      const c = kids[i]!;
      if (c.ns === ns) return c;
    }
  }
  const n = parent.next.get(local);
  if (n !== undefined) {
    if (n.ns === ns) return n;
    const alt = n.alt;
    if (alt !== undefined) for (let i = 0; i < alt.length; i++) if (alt[i]!.ns === ns) return alt[i];
  }
  if (pathNodes >= PATH_NODES_MAX) return undefined;
  const name = n !== undefined ? n.name : localName(local);
  if (name === undefined) return undefined;
  pathNodes++;
  const c: PathNode = { ns, name, kids: [], kidLocals: [], next: new Map(), alt: undefined, plans: [], codes: [] };
  kids.push(c);
  parent.kidLocals.push(name.local);
  if (n === undefined) parent.next.set(local, c);
  else (n.alt ??= []).push(c);
  return c;
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
/** Documents up to this many elements get their element-sized arrays made at once (V8 keeps them fast arrays). */
const PREALLOCATE_MAX = 1_000_000;
/** A header slot not computed yet (its value may be undefined). */
const UNSET: unique symbol = Symbol('unset');

/**
 * One local name in a document: its elements in document order as a chain of document positions (indexes of
 * `order`): `head`, then `nextSame[head]`, … (`count` of them). The walk links positions into one array per document
 * instead of growing two arrays per name (elements and positions); the list of elements is made when asked for.
 */
interface NameIndex {
  head: number;
  /** The last position (where the chain is extended). */
  tail: number;
  count: number;
  /** The elements (document order, exact size), made on first request (see listIn). */
  list: XmlElement[] | undefined;
  ns: string;
  /** Some element of this local name has another namespace than `ns`. */
  mixed: boolean;
}

/**
 * How the elements of one name path are assigned in a pattern: try `evaluate` in priority order on each element,
 * else it fires `terminal` (a context that matches every element at this path), else none. Contexts that match no
 * element at this path are left out.
 */
interface PathPlan {
  readonly evaluate: readonly ContextDef[];
  readonly terminal: ContextDef | undefined;
}

function pathPlan(sample: XmlElement, cands: readonly ContextDef[], doc: CiiDoc): PathPlan {
  const evaluate: ContextDef[] = [];
  for (const c of cands) {
    const o = pathOutcome(c, sample, doc);
    if (o === true) return { evaluate, terminal: c };
    if (o === 'per-element') evaluate.push(c);
  }
  return { evaluate, terminal: undefined };
}

/**
 * Is a context's outcome on `sample` the outcome for every element at the same name path? Most contexts test
 * names and positions ("any ram:…Amount", "ram:X whose parent is ram:Y", an absolute path): the match runs once
 * on a view of the element that notes any read other than `local`, `ns` and `parent` (the parent seen through
 * the same kind of view, so up to the root): attributes, children, text, the document …; a match is a pure
 * function of what it reads, so an outcome that read only names along the ancestor axis holds for the whole path.
 * The outcome must also equal the match on the real element (a view cannot reproduce identity comparisons), else,
 * and whenever anything else was read, the context is tried on each element.
 */
function pathOutcome(c: ContextDef, sample: XmlElement, doc: CiiDoc): boolean | 'per-element' {
  let other = false;
  const views = new Map<XmlElement, XmlElement>();
  const viewOf = (el: XmlElement): XmlElement => {
    let v = views.get(el);
    if (v !== undefined) return v;
    v = new Proxy(el, {
      get(target, prop) {
        if (prop === 'parent') {
          const p = target.parent;
          return p === null ? null : viewOf(p);
        }
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
    views.set(el, v);
    return v;
  };
  const docView = new Proxy(doc, {
    get(target, prop) {
      other = true;
      return Reflect.get(target, prop, target) as unknown;
    },
  });
  const viewed = matches(c, viewOf(sample), docView);
  if (other) return 'per-element';
  return viewed === matches(c, sample, doc) ? viewed : 'per-element';
}

/** Plans the elements at `path` in dispatch `num` on this sample element; returns the plan's code (PathNode.codes). */
function planPath(path: PathNode, num: number, sample: XmlElement, cands: readonly ContextDef[], doc: CiiDoc): number {
  const plan = (path.plans[num] = pathPlan(sample, cands, doc));
  return (path.codes[num] = planCode(plan));
}

/** A context's id, -1 for none. */
function idOf(c: ContextDef | undefined): number {
  return c === undefined ? -1 : c.id;
}

/** `list` reordered by the document positions `pos` (parallel to it; ascending runs, one per local name). */
function inPositionOrder(list: XmlElement[], pos: number[]): XmlElement[] {
  const idx = list.map((_, i) => i);
  idx.sort((a, b) => pos[a]! - pos[b]!);
  return idx.map((i) => list[i]!);
}

export class CiiDocument implements CiiDoc {
  readonly root: XmlElement;
  /**
   * Per local name without a shared object (the table of LOCAL_NAMES is full): its elements in document order
   * (`list`) and positions. Undefined until the document is indexed.
   */
  private byLocal: Map<string, NameIndex> | undefined;
  /** The same for the names with a shared object, by LocalName.num (holes for names not in this document). */
  private byNum: (NameIndex | undefined)[] = [];
  /** all()'s answers in the ram namespace by local name; for other namespaces, one map per namespace. */
  private byName = new Map<string, readonly XmlElement[]>();
  private readonly byNsName = new Map<string, Map<string, readonly XmlElement[]>>();
  private order: XmlElement[] | undefined;
  /** wantEpoch when the document was indexed (the names wanted by then are listed in byNum). */
  private indexEpoch = 0;
  /** The name path of each element of `order` (undefined beyond the trie's bound). */
  private orderPaths: (PathNode | undefined)[] = [];
  /** Per document position: the position of the next element of the same local name (see NameIndex). */
  private nextSame: number[] = [];
  /** Per pattern: the elements each context fires on, indexed by ContextDef.id. */
  private readonly assigned = new Map<Pattern, (XmlElement[] | undefined)[]>();
  private lastPattern: Pattern | undefined;
  private lastAssigned: (XmlElement[] | undefined)[] | undefined;
  private readonly memos = new Map<symbol, unknown>();
  private lastMemoKey: symbol | undefined;
  private lastMemo: unknown;
  /** The header getters' values, computed on first use (UNSET until then): 0 context, 1 document, 2 transaction, 3 agreement, 4 delivery, 5 settlement, 6 summation, 7 seller, 8 buyer, 9 taxrep, 10 bt5, 11 bt6, 12 bt24, 13 lines, 14 hac, 15 htax. */
  private readonly slots: unknown[] = new Array(16).fill(UNSET);

  /** Elements in root's tree when the caller knows (parseXml's elementCount), else counted by index(). */
  private readonly knownCount: number | undefined;

  constructor(root: XmlElement, elementCount?: number | undefined) {
    this.root = root;
    this.knownCount = elementCount;
  }

  memo<T>(key: symbol, build: (doc: CiiDoc) => T): T {
    // Rules of one table ask for the same memo in a row (one per row): the last key answers them without the map.
    if (key === this.lastMemoKey) return this.lastMemo as T;
    let v = this.memos.get(key);
    if (v === undefined && !this.memos.has(key)) {
      v = build(this);
      this.memos.set(key, v);
    }
    this.lastMemoKey = key;
    this.lastMemo = v;
    return v as T;
  }

  /** Every element in document order (built once). */
  elements(): readonly XmlElement[] {
    if (!this.order) this.index();
    return this.order!;
  }

  /**
   * One walk over the tree: document order, per element its name path (a node of the shared trie, so a pattern
   * plans each path once and finds the plan on the path's node, no string-keyed lookup per element and pattern), and
   * the elements of each name some pattern or `all` has asked for (listOf builds the others on request). The arrays of
   * the document's size are made at the element count (parseXml's, else countElements'), so they are not copied while
   * they grow: what a validation allocates while the young parse tree is alive, each scavenge copies the tree.
   */
  private index(): void {
    const byLocal = new Map<string, NameIndex>();
    const byNum: (NameIndex | undefined)[] = [];
    const count = this.knownCount ?? countElements(this.root);
    // Preallocated up to a size V8 keeps as a fast (not dictionary) array; beyond it, appended as before.
    const order: XmlElement[] = count <= PREALLOCATE_MAX ? new Array<XmlElement>(count) : [];
    const orderPaths: (PathNode | undefined)[] = count <= PREALLOCATE_MAX ? new Array<PathNode | undefined>(count) : [];
    // A plain array (small integers), not an Int32Array: a typed array of more than a few elements gets a backing
    // store outside the heap, which costs microseconds per document on a small invoice.
    const next: number[] = count <= PREALLOCATE_MAX ? new Array<number>(count) : [];
    const epoch = (this.indexEpoch = wantEpoch);
    const stack: XmlElement[] = [this.root];
    // The parent's name path of each stacked element.
    const stackPaths: (PathNode | undefined)[] = [PATH_ROOT];
    let k = 0;
    while (stack.length) {
      const e = stack.pop()!;
      const parentPath = stackPaths.pop();
      const local = e.local;
      const ns = e.ns;
      // Mostly the element's path node (one lookup) gives its name's shared object; else (past the trie's bound)
      // the table of names by text, else (past that table's bound) this document's map of the remaining names.
      const path = parentPath === undefined ? undefined : childPath(parentPath, local, ns);
      const name = path !== undefined ? path.name : localName(local);
      if (name === undefined || name.wantedAt <= epoch) {
        let n = name !== undefined ? byNum[name.num] : byLocal.get(local);
        if (n === undefined) {
          n = { head: k, tail: k, count: 1, list: undefined, ns, mixed: false };
          if (name !== undefined) byNum[name.num] = n;
          else byLocal.set(local, n);
        } else {
          next[n.tail] = k;
          n.tail = k;
          n.count++;
          if (n.ns !== ns) n.mixed = true;
        }
      }
      order[k] = e;
      orderPaths[k] = path;
      k++;
      const ch = e.children;
      for (let i = ch.length - 1; i >= 0; i--) {
        stack.push(ch[i]!);
        stackPaths.push(path);
      }
    }
    // A count given by the caller that was too high leaves no holes behind (one too low only made the arrays grow).
    if (order.length !== k) {
      order.length = k;
      orderPaths.length = k;
    }
    this.order = order;
    this.orderPaths = orderPaths;
    this.nextSame = next;
    this.byLocal = byLocal;
    this.byNum = byNum;
  }

  /**
   * The elements of one local name (`name` its shared object, undefined past the table's bound): listed by the walk
   * when the name was asked for before this document was indexed, else found by one scan now (and the name is
   * listed in the walk of later documents).
   */
  private listOf(name: LocalName | undefined, local: string): NameIndex | undefined {
    if (!this.order) this.index();
    if (name === undefined) return this.byLocal!.get(local);
    if (name.wantedAt <= this.indexEpoch) return this.byNum[name.num];
    want(name);
    let n = this.byNum[name.num];
    if (n !== undefined) return n.count === 0 ? undefined : n;
    const order = this.order!;
    n = { head: -1, tail: -1, count: 0, list: undefined, ns: '', mixed: false };
    for (let k = 0; k < order.length; k++) {
      const e = order[k]!;
      if (e.local !== local) continue;
      if (n.count === 0) {
        n.head = k;
        n.ns = e.ns;
      } else {
        this.nextSame[n.tail] = k;
        if (n.ns !== e.ns) n.mixed = true;
      }
      n.tail = k;
      n.count++;
    }
    // An empty index notes "scanned, none" (listOf answers undefined for it, as for a name the walk did not meet).
    this.byNum[name.num] = n;
    return n.count === 0 ? undefined : n;
  }

  /** The elements of a name's index in document order (made once, exact size). */
  private listIn(n: NameIndex): XmlElement[] {
    let l = n.list;
    if (l !== undefined) return l;
    const order = this.order!;
    const next = this.nextSame;
    const count = n.count;
    l = new Array<XmlElement>(count);
    for (let i = 0, p = n.head; i < count; i++) {
      if (i !== 0) p = next[p]!;
      l[i] = order[p]!;
    }
    return (n.list = l);
  }

  all(local: string, ns: string = RAM): readonly XmlElement[] {
    // Answers by local name, one map per namespace asked for: no key string is built per call (the UBL rules ask for
    // cac/cbc names many times per document).
    let byName = ns === RAM ? this.byName : this.byNsName.get(ns);
    if (byName === undefined) this.byNsName.set(ns, (byName = new Map()));
    let hit = byName.get(local);
    if (!hit) {
      const n = this.listOf(localName(local), local);
      // Mostly every element of a local name is in one namespace: then the index's own list is the answer when
      // that is the namespace asked for (read-only to callers, no copy), else there is none.
      hit = n === undefined ? EMPTY : !n.mixed ? (n.ns === ns ? this.listIn(n) : EMPTY) : this.listIn(n).filter((e) => e.ns === ns);
      byName.set(local, hit);
    }
    return hit;
  }

  nodes(ctx: ContextDef): readonly XmlElement[] {
    return this.assignedOf(ctx.pattern)[ctx.id] ?? EMPTY;
  }

  /** `nodes(ctx).length === 0` for the context of this pattern with this id (a RuleDef.quiet context, see runRules). */
  firesNone(p: Pattern, id: number): boolean {
    const l = this.assignedOf(p)[id];
    return l === undefined || l.length === 0;
  }

  /** The elements each context of the pattern fires on, by ContextDef.id (assigned on first request). */
  private assignedOf(p: Pattern): (XmlElement[] | undefined)[] {
    // Rules come grouped by pattern: the last pattern's assignment is usually the one asked for.
    let m = p === this.lastPattern ? this.lastAssigned : this.assigned.get(p);
    if (!m) {
      m = this.assign(p);
      this.assigned.set(p, m);
    }
    this.lastPattern = p;
    this.lastAssigned = m;
    return m;
  }

  private assign(p: Pattern): (XmlElement[] | undefined)[] {
    const d = dispatchOf(p);
    const out: (XmlElement[] | undefined)[] = new Array(p.contexts.length).fill(undefined);
    if (!this.byLocal) this.index();
    if (d.wildcard.length === 0) {
      // Only elements with one of the pattern's local names can fire a context: visit those (each name's
      // elements are in document order), not the whole document.
      // Document positions of the elements of multi-name contexts (to restore document order at the end).
      const posOf: (number[] | undefined)[] | undefined = d.multiLocal.length === 0 ? undefined : new Array(p.contexts.length).fill(undefined);
      const num = d.num;
      const isMulti = d.isMulti;
      for (let n = 0; n < d.locals.length; n++) {
        const local = d.locals[n]!;
        const name = d.localNames[n];
        const ix = this.listOf(name, local);
        if (ix === undefined) continue;
        const order = this.order!;
        const next = this.nextSame;
        const count = ix.count;
        const paths = this.orderPaths;
        const cands = d.byLocal.get(local)!;
        // Mostly every element of a name fires one context declared for that name only (e.g. every invoice line):
        // then that context's nodes are the name's own list (read-only to callers, no copy). `shared` is that
        // context while elements 0..k-1 all fired it (not yet copied anywhere).
        // (The id of that context, -1 for none.) Each element's context is found as its id (-1: none), from the
        // path's plan code without touching the context where nothing is tried.
        let shared = -1;
        for (let k = 0, p = ix.head; k < count; k++) {
          if (k !== 0) p = next[p]!;
          const el = order[p]!;
          const path = paths[p];
          let id: number;
          if (path === undefined) id = idOf(this.first(el, cands));
          else {
            let code = path.codes[num];
            if (code === undefined) code = planPath(path, num, el, cands, this);
            id = code !== PLAN_EVALUATE ? code : idOf(this.planned(el, path.plans[num]!));
          }
          if (k === 0 && id >= 0 && !isMulti[id]) {
            shared = id;
            continue;
          }
          if (shared >= 0) {
            if (id === shared) continue;
            out[shared] = this.listIn(ix).slice(0, k);
            shared = -1;
          }
          if (id < 0) continue;
          const list = out[id];
          if (list) list.push(el);
          else out[id] = [el];
          if (posOf !== undefined && isMulti[id]) (posOf[id] ??= []).push(p);
        }
        if (shared >= 0) out[shared] = this.listIn(ix);
      }
      // A context with several local names got its elements name by name: restore document order.
      if (posOf !== undefined)
        for (let i = 0; i < d.multiLocal.length; i++) {
          const c = d.multiLocal[i]!;
          const list = out[c.id];
          if (list && list.length > 1) out[c.id] = inPositionOrder(list, posOf[c.id]!);
        }
      return out;
    }
    const order = this.order!;
    const paths = this.orderPaths;
    const num = d.num;
    for (let k = 0; k < order.length; k++) {
      const el = order[k]!;
      const path = paths[k];
      let id: number;
      if (path === undefined) id = idOf(this.first(el, d.byLocal.get(el.local) ?? d.wildcard));
      else {
        let code = path.codes[num];
        if (code === undefined) code = planPath(path, num, el, d.byLocal.get(el.local) ?? d.wildcard, this);
        id = code !== PLAN_EVALUATE ? code : idOf(this.planned(el, path.plans[num]!));
      }
      if (id < 0) continue;
      const list = out[id];
      if (list) list.push(el);
      else out[id] = [el];
    }
    return out;
  }

  /** The context a plan that tries contexts per element gives `el`: the first that matches, else its terminal. */
  private planned(el: XmlElement, plan: PathPlan): ContextDef | undefined {
    return this.first(el, plan.evaluate) ?? plan.terminal;
  }

  /** The first candidate context that matches `el`; undefined when none does. */
  private first(el: XmlElement, cands: readonly ContextDef[]): ContextDef | undefined {
    // The key of the last guard asked on this element (contexts sharing a key function come in a row).
    let keyOf: ((el: XmlElement) => string | undefined) | undefined;
    let key: string | undefined;
    for (let i = 0; i < cands.length; i++) {
      const c = cands[i]!;
      const g = c.guard;
      if (g !== undefined) {
        if (g.key !== keyOf) {
          keyOf = g.key;
          try {
            key = g.key(el);
          } catch {
            key = undefined;
          }
        }
        if (key !== undefined && key !== g.value) continue;
      }
      if (matches(c, el, this)) return c;
    }
    return undefined;
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

/** The elements of root's tree, root included (when parseXml's elementCount is not at hand). */
function countElements(root: XmlElement): number {
  const stack: XmlElement[] = [root];
  let count = 0;
  while (stack.length) {
    const ch = stack.pop()!.children;
    count++;
    for (let i = 0; i < ch.length; i++) stack.push(ch[i]!);
  }
  return count;
}

/**
 * Builds the read model over a parsed tree. `elementCount` — the number of elements in root's tree, as parseXml
 * returns it — saves the model a counting pass; without it the model counts.
 * @example
 * ```ts
 * import { readCiiDoc, runRules, xrechnungRules } from '@kontor/cii/rules';
 * const doc = readCiiDoc(parseXml(xml).root); // the indexed view the rules run on (read once, reused)
 * const findings = runRules(xrechnungRules, doc);
 * ```
 */
export function readCiiDoc(root: XmlElement, elementCount?: number | undefined): CiiDoc {
  return new CiiDocument(root, elementCount);
}

// ------------------------------------------------------------------ locations

const PREFIX_OF: Record<string, string> = Object.fromEntries(Object.entries(NS).map(([p, u]) => [u, p]));

/**
 * Per-run cache of sibling positions, so that paths of many findings under one parent stay linear: per parent, the
 * number of positions asked so far (each found by a scan of the siblings), and from the POSITIONS_SCANNED-th on
 * every child's position at once.
 */
export type PathCache = Map<XmlElement, Map<XmlElement, number> | number>;
/** Positions under one parent found by scanning before its children's positions are all noted at once. */
const POSITIONS_SCANNED = 4;

/** The position of `el` among its parent's children of the same name (1 for the root), by a scan of the siblings. */
function scannedPosition(p: XmlElement, el: XmlElement): number {
  let idx = 1;
  const ch = p.children;
  const local = el.local;
  const ns = el.ns;
  for (let k = 0; k < ch.length; k++) {
    const s = ch[k]!;
    if (s === el) break;
    if (s.local === local && s.ns === ns) idx++;
  }
  return idx;
}

function positionOf(el: XmlElement, cache?: PathCache): number {
  const p = el.parent;
  if (!p) return 1;
  if (!cache) return scannedPosition(p, el);
  const m = cache.get(p);
  if (m === undefined || typeof m === 'number') {
    // A parent with few findings below it (most: one) costs a scan each, not a map of all its children.
    const asked = m ?? 0;
    if (asked + 1 < POSITIONS_SCANNED) {
      cache.set(p, asked + 1);
      return scannedPosition(p, el);
    }
    const all = new Map<XmlElement, number>();
    const seen = new Map<string, number>();
    for (const s of p.children) {
      const key = `${s.ns}|${s.local}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      all.set(s, n);
    }
    cache.set(p, all);
    return all.get(el) ?? 1;
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
