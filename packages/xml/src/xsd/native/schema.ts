/**
 * Compiles an XSD of the subset the ISO 20022 / DK payment schemas use into data the streaming validator runs on:
 * global element declarations, complex types (attributes + a content model as a lazily determinised automaton, or
 * simple content), simple types (built-in base + facets). Anything outside the subset makes `compileNativeSchema`
 * return `{ refused: reason }`, and the schema store keeps using libxml2 for that set.
 *
 * Subset: one schema document (no include/import/redefine), `xs` bound to the XSD namespace and the default
 * namespace to the target namespace, elementFormDefault qualified, attributeFormDefault unqualified; global
 * xs:element (name + type); xs:complexType with xs:sequence / xs:choice (nested, minOccurs/maxOccurs), local
 * xs:element (name + type, no ref, no default/fixed/nillable), xs:any namespace="##any" (lax or skip);
 * xs:complexContent xs:restriction (content model restated, attributes of the base kept); xs:simpleContent
 * xs:extension with xs:attribute (name, type, use); xs:simpleType xs:restriction of xs:string / xs:decimal /
 * xs:boolean / xs:date / xs:dateTime / xs:time / xs:gYear / xs:gYearMonth or of a named simple type, with
 * enumeration, pattern, length, minLength, maxLength, totalDigits, fractionDigits, min/maxInclusive,
 * min/maxExclusive. No identity constraints, groups, attribute groups, lists, unions, substitution groups.
 */
import { parseXml } from '../../reader/parse';
import type { XmlElement } from '../../reader/element';
import { compileXsdPattern } from './regex';
import { attachValid } from './values';

export const XS = 'http://www.w3.org/2001/XMLSchema';

export type Builtin = 'string' | 'decimal' | 'boolean' | 'date' | 'dateTime' | 'time' | 'gYear' | 'gYearMonth';
const BUILTINS = new Set<Builtin>(['string', 'decimal', 'boolean', 'date', 'dateTime', 'time', 'gYear', 'gYearMonth']);

export interface PatternStep {
  /** The facet values as written (for messages; several in one step are alternatives). */
  sources: string[];
  regexes: RegExp[];
}

export interface SimpleType {
  kind: 'simple';
  /** For messages: '{ns}Name' for a named type, 'xs:decimal' for a built-in one. */
  name: string;
  anonymous: boolean;
  builtin: Builtin;
  /** Enumeration of the most derived step that has one. */
  enumeration: string[] | null;
  enumSet: Set<string> | null;
  /** Pattern steps, most derived first. */
  patterns: PatternStep[];
  length?: number;
  minLength?: number;
  maxLength?: number;
  totalDigits?: number;
  fractionDigits?: number;
  minInclusive?: string;
  maxInclusive?: string;
  minExclusive?: string;
  maxExclusive?: string;
  /** Order in which the value facets were declared (base first), as libxml2 checks them. */
  facetOrder: FacetName[];
  /**
   * True only when the value has no error (values.ts compiles it from the data above, kept non-enumerable so that
   * copies of the compiled schema carry data only); checkValue words the errors.
   */
  valid?: ((raw: string) => boolean) | undefined;
}

export type FacetName = 'length' | 'minLength' | 'maxLength' | 'totalDigits' | 'fractionDigits' | 'minInclusive' | 'maxInclusive' | 'minExclusive' | 'maxExclusive';
const VALUE_FACETS = new Set<string>(['length', 'minLength', 'maxLength', 'totalDigits', 'fractionDigits', 'minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive']);

export interface AttributeUse {
  name: string;
  type: SimpleType;
  required: boolean;
}

export interface ElementDecl {
  local: string;
  ns: string;
  /** '{ns}local' for messages. */
  qname: string;
  type: ComplexType | SimpleType;
}

export interface ComplexType {
  kind: 'complex';
  name: string;
  attributes: Map<string, AttributeUse>;
  /** 'elements': element-only content model; 'simple': simple content of `simple`; 'empty': no content. */
  content: 'elements' | 'simple' | 'empty';
  simple?: SimpleType;
  automaton?: Automaton;
}

// ------------------------------------------------------------------ content model automaton

type Particle =
  | { kind: 'element'; decl: ElementDecl; min: number; max: number }
  | { kind: 'any'; lax: boolean; min: number; max: number }
  | { kind: 'sequence' | 'choice'; items: Particle[]; min: number; max: number };

/** A wildcard transition: lax (validate when a global declaration exists) or skip. */
export interface WildcardDecl {
  wildcard: true;
  lax: boolean;
}

interface NfaEdge {
  key: string | null; // null = wildcard
  decl: ElementDecl | WildcardDecl;
  to: number;
}

export interface DfaState {
  accepting: boolean;
  /**
   * The local name (the engine's own, internalized copy) of the target-namespace element taken from this state
   * last, and its transition: one comparison for the usual case, where a position in a content model is mostly
   * followed by the same element (runtime cache; '' until a validation fills it: no element's local name is empty,
   * and a string from the start keeps the comparison on strings, which compiled code then never leaves).
   */
  hitLocal: string;
  hitEdge: DfaEdge | null;
  /** Transitions computed so far on declared names: key '{ns}local' → next state and the declaration matched. */
  next: Map<string, DfaEdge | null>;
  /**
   * The same transitions for elements of the schema's target namespace by local name, as validations meet them
   * (one lookup per element instead of a '{ns}local' key and `next`); declared names only.
   */
  byLocal: Map<string, DfaEdge>;
  nfa: number[];
}

export interface DfaEdge {
  state: DfaState;
  decl: ElementDecl | WildcardDecl;
  /** What the validation reads of `decl` at each start tag (null for a wildcard). */
  run: ElementRun | null;
}

/**
 * An element declaration as the streaming validation reads it at every start tag: one object of one shape per
 * transition (the types themselves come in many shapes), made when the transition is first taken.
 */
export interface ElementRun {
  decl: ElementDecl;
  /** The declared local name, internalized (compared with the reader's internalized names by pointer). */
  local: string;
  qname: string;
  type: ComplexType | SimpleType;
  /** The simple type of the element's value (a simple type, or simple content), else null. */
  simple: SimpleType | null;
  /** The content model of element-only content, else null. */
  automaton: Automaton | null;
  /** `simple`'s value predicate (values.ts compileValid), else null. */
  valid: ((raw: string) => boolean) | null;
  /** The declared attributes, null when there are none. */
  attributes: Map<string, AttributeUse> | null;
  /** Empty content (no element, no character content). */
  empty: boolean;
}

/** The engine's own copy of a string, internalized (a property key). */
function internalized(s: string): string {
  const o: Record<string, 0> = Object.create(null) as Record<string, 0>;
  o[s] = 0;
  for (const k in o) return k;
  return s;
}

export function elementRun(decl: ElementDecl): ElementRun {
  const t = decl.type;
  const complex = t.kind === 'complex' ? t : null;
  const simple = complex === null ? (t as SimpleType) : complex.content === 'simple' ? complex.simple! : null;
  return {
    decl,
    local: internalized(decl.local),
    qname: decl.qname,
    type: t,
    simple,
    automaton: complex !== null && complex.content === 'elements' ? complex.automaton! : null,
    valid: simple === null ? null : (simple.valid ?? attachValid(simple)),
    attributes: complex !== null && complex.attributes.size > 0 ? complex.attributes : null,
    empty: complex !== null && complex.content === 'empty',
  };
}

const MAX_NFA_NODES = 200_000;

export class Automaton {
  private readonly eps: number[][] = [];
  private readonly edges: NfaEdge[][] = [];
  private readonly states = new Map<string, DfaState>();
  private final = -1;
  readonly start: DfaState;

  constructor(root: Particle) {
    const s = this.node();
    this.final = this.build(root, s);
    this.start = this.state(this.closure([s]));
  }

  private node(): number {
    if (this.eps.length >= MAX_NFA_NODES) throw new Refusal('content model too large');
    this.eps.push([]);
    this.edges.push([]);
    return this.eps.length - 1;
  }

  /** Thompson construction: returns the end node of `p` started at `from`. */
  private build(p: Particle, from: number): number {
    let cur = from;
    for (let k = 0; k < p.min; k++) cur = this.once(p, cur);
    if (p.max === Infinity) {
      const loop = this.node();
      this.eps[cur]!.push(loop);
      const end = this.once(p, loop);
      this.eps[end]!.push(loop);
      const out = this.node();
      this.eps[loop]!.push(out);
      return out;
    }
    const optional = p.max - p.min;
    if (optional <= 0) return cur;
    const out = this.node();
    for (let k = 0; k < optional; k++) {
      this.eps[cur]!.push(out);
      cur = this.once(p, cur);
    }
    this.eps[cur]!.push(out);
    return out;
  }

  private once(p: Particle, from: number): number {
    if (p.kind === 'element' || p.kind === 'any') {
      const to = this.node();
      this.edges[from]!.push(p.kind === 'element' ? { key: p.decl.qname, decl: p.decl, to } : { key: null, decl: { wildcard: true, lax: p.lax }, to });
      return to;
    }
    if (p.kind === 'sequence') {
      let cur = from;
      for (const item of p.items) cur = this.build(item, cur);
      return cur;
    }
    const out = this.node();
    if (p.items.length === 0) this.eps[from]!.push(out);
    for (const item of p.items) {
      const s = this.node();
      this.eps[from]!.push(s);
      this.eps[this.build(item, s)]!.push(out);
    }
    return out;
  }

  private closure(seed: number[]): number[] {
    const seen = new Set<number>(seed);
    const stack = [...seed];
    while (stack.length) {
      const n = stack.pop()!;
      for (const m of this.eps[n]!) {
        if (!seen.has(m)) {
          seen.add(m);
          stack.push(m);
        }
      }
    }
    return [...seen].filter((n) => this.edges[n]!.length > 0 || n === this.final).sort((a, b) => a - b);
  }

  private state(nfa: number[]): DfaState {
    const key = nfa.join(',');
    let s = this.states.get(key);
    if (!s) {
      s = { accepting: nfa.includes(this.final), hitLocal: '', hitEdge: null, next: new Map(), byLocal: new Map(), nfa };
      this.states.set(key, s);
    }
    return s;
  }

  /** The transition on an element name ('{ns}local'), or null when the element is not allowed here. */
  step(from: DfaState, key: string): DfaEdge | null {
    const known = from.next.get(key);
    if (known !== undefined) return known;
    let decl: ElementDecl | WildcardDecl | null = null;
    const targets: number[] = [];
    for (const n of from.nfa) {
      for (const e of this.edges[n]!) {
        if (e.key === key || e.key === null) {
          // Unique particle attribution: an exact match wins over a wildcard.
          if (decl === null || (e.key !== null && 'wildcard' in decl)) decl = e.decl;
          targets.push(e.to);
        }
      }
    }
    const edge = decl === null ? null : { state: this.state(this.closure(targets)), decl, run: 'wildcard' in decl ? null : elementRun(decl) };
    // Only transitions on names the schema declares are remembered: the automaton lives as long as the store, and
    // names from documents (not allowed here, or taken by a wildcard) must not make it grow.
    if (edge !== null && !('wildcard' in edge.decl)) from.next.set(key, edge);
    return edge;
  }

  /** Element names allowed in this state, in declaration order (for "Expected is ..."). */
  expected(from: DfaState): string[] {
    const out: string[] = [];
    for (const n of from.nfa) {
      for (const e of this.edges[n]!) {
        const name = e.key ?? '##any';
        if (!out.includes(name)) out.push(name);
      }
    }
    return out;
  }
}

// ------------------------------------------------------------------ compiler

export class Refusal extends Error {}

export interface NativeSchema {
  targetNamespace: string;
  /** Global elements by '{ns}local'. */
  elements: Map<string, ElementDecl>;
}

const IGNORED = new Set(['annotation']);

function children(e: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of e.children) {
    if (c.ns !== XS) throw new Refusal(`foreign element ${c.name}`);
    if (!IGNORED.has(c.local)) out.push(c);
  }
  return out;
}

function allowAttributes(e: XmlElement, names: string[]): void {
  for (const a of e.attributes) {
    if (a.ns !== '' && a.ns !== 'http://www.w3.org/XML/1998/namespace') continue;
    if (!names.includes(a.local)) throw new Refusal(`attribute ${a.local} on xs:${e.local}`);
  }
}

function occurs(e: XmlElement): { min: number; max: number } {
  const mi = e.attr('minOccurs');
  const ma = e.attr('maxOccurs');
  const min = mi === undefined ? 1 : Number(mi);
  const max = ma === undefined ? 1 : ma === 'unbounded' ? Infinity : Number(ma);
  if (!Number.isInteger(min) || min < 0 || !(max === Infinity || (Number.isInteger(max) && max >= min))) throw new Refusal(`occurrence ${mi}..${ma}`);
  if (min > 100 || (max !== Infinity && max > 100)) throw new Refusal('occurrence bounds above 100');
  return { min, max };
}

/**
 * Compiles one XSD document. Returns the schema, or `{ refused }` with the first construct outside the subset.
 */
export function compileNativeSchema(xsdText: string): NativeSchema | { refused: string } {
  try {
    return compile(xsdText);
  } catch (e) {
    if (e instanceof Refusal) return { refused: e.message };
    throw e;
  }
}

function compile(xsdText: string): NativeSchema {
  const doc = parseXml(xsdText);
  const root = doc.root;
  if (root.ns !== XS || root.local !== 'schema') throw new Refusal('not an xs:schema');
  const tns = root.attr('targetNamespace') ?? '';
  // Namespace declarations are not attributes in our reader: read them from the start tag.
  const start = /<([A-Za-z_][\w.-]*:)?schema\b[^>]*>/.exec(xsdText)?.[0] ?? '';
  const decls = new Map<string, string>();
  for (const m of start.matchAll(/xmlns(?::([\w.-]+))?\s*=\s*(["'])(.*?)\2/g)) decls.set(m[1] ?? '', m[3]!);
  if ((xsdText.match(/xmlns(:[\w.-]+)?\s*=/g) ?? []).length !== decls.size) throw new Refusal('namespace declarations below xs:schema');
  if (decls.get('') !== tns) throw new Refusal('default namespace is not the target namespace');
  const xsPrefix = [...decls].find(([, v]) => v === XS)?.[0];
  if (!xsPrefix) throw new Refusal('no prefix for the XSD namespace');
  allowAttributes(root, ['targetNamespace', 'elementFormDefault', 'attributeFormDefault', 'version', 'id']);
  if (root.attr('elementFormDefault') !== 'qualified') throw new Refusal('elementFormDefault is not qualified');
  if ((root.attr('attributeFormDefault') ?? 'unqualified') !== 'unqualified') throw new Refusal('attributeFormDefault');

  const simpleDefs = new Map<string, XmlElement>();
  const complexDefs = new Map<string, XmlElement>();
  const elementDefs: XmlElement[] = [];
  for (const c of children(root)) {
    const name = c.attr('name');
    if (c.local === 'simpleType' && name) simpleDefs.set(name, c);
    else if (c.local === 'complexType' && name) complexDefs.set(name, c);
    else if (c.local === 'element' && name) elementDefs.push(c);
    else throw new Refusal(`top-level xs:${c.local}`);
  }

  const simpleCache = new Map<string, SimpleType>();
  const complexCache = new Map<string, ComplexType>();
  const building = new Set<string>();

  /** A type reference: { builtin } for xs:*, else the local name in the target namespace. */
  const ref = (q: string): { builtin: Builtin } | { local: string } => {
    const i = q.indexOf(':');
    const prefix = i < 0 ? '' : q.slice(0, i);
    const local = i < 0 ? q : q.slice(i + 1);
    const ns = decls.get(prefix);
    if (ns === XS) {
      if (!BUILTINS.has(local as Builtin)) throw new Refusal(`built-in type xs:${local}`);
      return { builtin: local as Builtin };
    }
    if (ns !== tns) throw new Refusal(`type reference ${q}`);
    return { local };
  };

  const builtinType = (b: Builtin): SimpleType => {
    const t: SimpleType = { kind: 'simple', name: `xs:${b}`, anonymous: false, builtin: b, enumeration: null, enumSet: null, patterns: [], facetOrder: [] };
    attachValid(t);
    return t;
  };

  const simpleByName = (local: string): SimpleType => {
    const cached = simpleCache.get(local);
    if (cached) return cached;
    const def = simpleDefs.get(local);
    if (!def) throw new Refusal(`unknown simple type ${local}`);
    if (building.has(local)) throw new Refusal('circular type');
    building.add(local);
    const t = simpleType(def, `{${tns}}${local}`, false);
    building.delete(local);
    simpleCache.set(local, t);
    return t;
  };

  const simpleRef = (q: string): SimpleType => {
    const r = ref(q);
    return 'builtin' in r ? builtinType(r.builtin) : simpleByName(r.local);
  };

  function simpleType(def: XmlElement, name: string, anonymous: boolean): SimpleType {
    allowAttributes(def, ['name', 'id', 'final']);
    const kids = children(def);
    if (kids.length !== 1 || kids[0]!.local !== 'restriction') throw new Refusal(`xs:simpleType ${name} is not a restriction`);
    return restriction(kids[0]!, name, anonymous);
  }

  function restriction(r: XmlElement, name: string, anonymous: boolean): SimpleType {
    allowAttributes(r, ['base', 'id']);
    const baseName = r.attr('base');
    if (!baseName) throw new Refusal('restriction without base');
    return restrictFrom(simpleRef(baseName), children(r), name, anonymous);
  }

  function restrictFrom(base: SimpleType, facets: XmlElement[], name: string, anonymous: boolean): SimpleType {
    const t: SimpleType = { ...base, name, anonymous, patterns: [...base.patterns], facetOrder: [...base.facetOrder] };
    const enums: string[] = [];
    const step: PatternStep = { sources: [], regexes: [] };
    for (const f of facets) {
      allowAttributes(f, ['value', 'fixed', 'id']);
      const v = f.attr('value');
      if (v === undefined) throw new Refusal(`facet ${f.local} without value`);
      if (f.local === 'enumeration') enums.push(v);
      else if (f.local === 'pattern') {
        const re = compileXsdPattern(v);
        if (!re) throw new Refusal(`pattern ${v}`);
        step.sources.push(v);
        step.regexes.push(re);
      } else if (VALUE_FACETS.has(f.local)) {
        const fn = f.local as FacetName;
        if (fn.endsWith('Length') || fn === 'length' || fn.endsWith('Digits')) {
          const n = Number(v);
          if (!Number.isInteger(n) || n < 0) throw new Refusal(`facet ${fn}=${v}`);
          (t as unknown as Record<string, number>)[fn] = n;
          if ((fn === 'totalDigits' || fn === 'fractionDigits') && t.builtin !== 'decimal') throw new Refusal(`${fn} on ${t.builtin}`);
        } else {
          if (t.builtin !== 'decimal' || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(v)) throw new Refusal(`facet ${fn} on ${t.builtin}`);
          (t as unknown as Record<string, string>)[fn] = v;
        }
        if (!t.facetOrder.includes(fn)) t.facetOrder.push(fn);
      } else if (f.local === 'whiteSpace') {
        throw new Refusal('whiteSpace facet');
      } else throw new Refusal(`facet ${f.local}`);
    }
    if (enums.length) {
      t.enumeration = enums;
      t.enumSet = new Set(enums);
    }
    if (step.regexes.length) t.patterns = [step, ...t.patterns];
    if ((t.length !== undefined || t.minLength !== undefined || t.maxLength !== undefined) && t.builtin !== 'string') throw new Refusal(`length facet on ${t.builtin}`);
    attachValid(t);
    return t;
  }

  const attributeUse = (a: XmlElement): AttributeUse => {
    allowAttributes(a, ['name', 'type', 'use', 'id']);
    const name = a.attr('name');
    const type = a.attr('type');
    const inner = children(a);
    const use = a.attr('use') ?? 'optional';
    if (use !== 'optional' && use !== 'required') throw new Refusal(`attribute use ${use}`);
    if (name && type && inner.length === 0) return { name, type: simpleRef(type), required: use === 'required' };
    if (name && !type && inner.length === 1 && inner[0]!.local === 'simpleType') return { name, type: simpleType(inner[0]!, '', true), required: use === 'required' };
    throw new Refusal('xs:attribute without name or type');
  };

  const complexByName = (local: string): ComplexType => {
    const cached = complexCache.get(local);
    if (cached) return cached;
    const def = complexDefs.get(local);
    if (!def) throw new Refusal(`unknown complex type ${local}`);
    // Recursive types are fine: the shell is cached before its content is compiled.
    const t: ComplexType = { kind: 'complex', name: `{${tns}}${local}`, attributes: new Map(), content: 'empty' };
    complexCache.set(local, t);
    complexType(def, t);
    return t;
  };

  function complexType(def: XmlElement, t: ComplexType): void {
    allowAttributes(def, ['name', 'id', 'final', 'block']);
    const kids = children(def);
    if (kids.length === 0) return;
    const first = kids[0]!;
    if (first.local === 'simpleContent') {
      if (kids.length !== 1) throw new Refusal('simpleContent with siblings');
      const ext = children(first);
      if (ext.length === 1 && ext[0]!.local === 'restriction') {
        // A restriction of a simple-content complex type: facets on its value, attributes inherited or restated.
        allowAttributes(ext[0]!, ['base', 'id']);
        const r = ref(ext[0]!.attr('base') ?? '');
        if ('builtin' in r || !complexDefs.has(r.local)) throw new Refusal('simpleContent restriction of a simple type');
        const base = complexByName(r.local);
        if (base.content !== 'simple' || !base.simple) throw new Refusal('simpleContent restriction of a complex type without simple content');
        const inner = children(ext[0]!);
        const attrs = inner.filter((k) => k.local === 'attribute');
        const facets = inner.filter((k) => k.local !== 'attribute');
        t.content = 'simple';
        t.simple = restrictFrom(base.simple, facets, base.simple.name, base.simple.anonymous);
        for (const [k, v] of base.attributes) t.attributes.set(k, v);
        for (const a of attrs) {
          const u = attributeUse(a);
          t.attributes.set(u.name, u);
        }
        return;
      }
      if (ext.length !== 1 || ext[0]!.local !== 'extension') throw new Refusal('simpleContent without extension');
      allowAttributes(ext[0]!, ['base', 'id']);
      t.content = 'simple';
      t.simple = simpleRef(ext[0]!.attr('base') ?? '');
      for (const a of children(ext[0]!)) {
        if (a.local !== 'attribute') throw new Refusal(`xs:${a.local} in simpleContent`);
        const u = attributeUse(a);
        t.attributes.set(u.name, u);
      }
      return;
    }
    let modelKids = kids;
    if (first.local === 'complexContent') {
      if (kids.length !== 1) throw new Refusal('complexContent with siblings');
      const res = children(first);
      if (res.length !== 1 || res[0]!.local !== 'restriction') throw new Refusal('complexContent without restriction');
      allowAttributes(res[0]!, ['base', 'id']);
      const r = ref(res[0]!.attr('base') ?? '');
      if ('builtin' in r) throw new Refusal('complex restriction of a built-in type');
      const base = complexByName(r.local);
      if (base.content === 'simple') throw new Refusal('complex restriction of simple content');
      // Attributes of the base are inherited by a restriction.
      for (const [k, v] of base.attributes) t.attributes.set(k, v);
      modelKids = children(res[0]!);
    }
    const attrs = modelKids.filter((k) => k.local === 'attribute');
    const groups = modelKids.filter((k) => k.local !== 'attribute');
    for (const a of attrs) {
      const u = attributeUse(a);
      t.attributes.set(u.name, u);
    }
    if (groups.length > 1) throw new Refusal('more than one model group');
    if (groups.length === 0) return;
    const g = groups[0]!;
    if (g.local !== 'sequence' && g.local !== 'choice') throw new Refusal(`xs:${g.local} as content model`);
    t.content = 'elements';
    t.automaton = new Automaton(particle(g));
  }

  function particle(p: XmlElement): Particle {
    const { min, max } = occurs(p);
    if (p.local === 'element') {
      allowAttributes(p, ['name', 'type', 'minOccurs', 'maxOccurs', 'id']);
      const name = p.attr('name');
      const type = p.attr('type');
      const inner = children(p);
      if (!name) throw new Refusal('local xs:element without name');
      if (type && inner.length === 0) return { kind: 'element', decl: elementDecl(name, type), min, max };
      // An anonymous simple type of its own (the DK schemas narrow single fields this way).
      if (!type && inner.length === 1 && inner[0]!.local === 'simpleType' && !inner[0]!.attr('name')) {
        const decl: ElementDecl = { local: name, ns: tns, qname: tns === '' ? name : `{${tns}}${name}`, type: simpleType(inner[0]!, '', true) };
        return { kind: 'element', decl, min, max };
      }
      throw new Refusal('local xs:element without a type or with a local complex type');
    }
    if (p.local === 'any') {
      allowAttributes(p, ['namespace', 'processContents', 'minOccurs', 'maxOccurs', 'id']);
      if ((p.attr('namespace') ?? '##any') !== '##any') throw new Refusal('xs:any namespace');
      const pc = p.attr('processContents') ?? 'strict';
      if (pc !== 'lax' && pc !== 'skip') throw new Refusal(`xs:any processContents ${pc}`);
      return { kind: 'any', lax: pc === 'lax', min, max };
    }
    if (p.local === 'sequence' || p.local === 'choice') {
      allowAttributes(p, ['minOccurs', 'maxOccurs', 'id']);
      return { kind: p.local, items: children(p).map(particle), min, max };
    }
    throw new Refusal(`xs:${p.local} in a content model`);
  }

  const declCache = new Map<string, ElementDecl>();
  function elementDecl(local: string, typeName: string): ElementDecl {
    const key = `${local}\u0000${typeName}`;
    const cached = declCache.get(key);
    if (cached) return cached;
    const r = ref(typeName);
    const decl: ElementDecl = { local, ns: tns, qname: tns === '' ? local : `{${tns}}${local}`, type: null as unknown as ElementDecl['type'] };
    declCache.set(key, decl);
    decl.type = 'builtin' in r ? builtinType(r.builtin) : complexDefs.has(r.local) ? complexByName(r.local) : simpleByName(r.local);
    return decl;
  }

  const elements = new Map<string, ElementDecl>();
  for (const e of elementDefs) {
    allowAttributes(e, ['name', 'type', 'id']);
    if (!e.attr('type') || children(e).length) throw new Refusal('global xs:element without type');
    const d = elementDecl(e.attr('name')!, e.attr('type')!);
    elements.set(d.qname, d);
  }
  // Compile every named type once, so that a refusal shows up now and not in the middle of a validation.
  for (const n of simpleDefs.keys()) simpleByName(n);
  for (const n of complexDefs.keys()) complexByName(n);
  return { targetNamespace: tns, elements };
}
