/**
 * Small helpers that reproduce the XPath 2.0 semantics the official (XSLT 2.0, non-schema-aware) schematrons
 * rely on, so a rule can be written literally and still agree with Saxon to the last digit:
 *
 * - every node value is untypedAtomic: arithmetic and numeric comparison cast it to xs:double (`dbl`),
 *   `xs:decimal(...)` casts to an exact decimal (`decimal`), and a bad lexical form is a dynamic error
 *   (thrown as XPathDynamicError, the engine then skips the rule);
 * - numbers are `XNum = number | Big`: xs:double or xs:decimal/xs:integer; mixing promotes to double;
 * - `fn:sum` over nodes yields a double, over decimals a decimal, over nothing the integer 0;
 * - `fn:round` rounds half towards positive infinity; decimal division keeps 18 fraction digits, as Saxon;
 * - `xs:decimal(double)` is the exact binary expansion of the double (Saxon's BigDecimal(double)).
 */
import BigBase from 'big.js';
import type { XmlElement } from '@kontor/xml';

export const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
} as const;
export const RSM = NS.rsm;
export const RAM = NS.ram;
export const UDT = NS.udt;
export const QDT = NS.qdt;

/** Our own Big constructor: decimal division with 18 fraction digits, half away from zero (as Saxon). */
export const XBig = BigBase();
XBig.DP = 18;
XBig.RM = 1;
export type Dec = InstanceType<typeof XBig>;
export type XNum = number | Dec;

export type XPathErrorCode = 'FORG0001' | 'XPTY0004' | 'FOAR0001';
/** A dynamic error the official XPath would raise; the stylesheet would abort, we skip the rule. */
export class XPathDynamicError extends Error {
  readonly code: XPathErrorCode;
  constructor(code: XPathErrorCode, message: string) {
    super(`${code}: ${message}`);
    this.name = 'XPathDynamicError';
    this.code = code;
  }
}

// ------------------------------------------------------------------ navigation

type Prefix = 'rsm' | 'ram' | 'udt' | 'qdt';
export interface Step {
  up: boolean;
  ns: string;
  local: string;
}
/**
 * The engine's own copy of a name (as the reader's local names and source literals are): a sliced step name would
 * be compared with every element's local name character by character, an internalized one by pointer.
 */
function internalize(s: string): string {
  const o: Record<string, 0> = Object.create(null) as Record<string, 0>;
  o[s] = 0;
  for (const k in o) return k;
  return s;
}
const compiled = new Map<string, readonly Step[]>();
/** Compiled paths that go up ('..') somewhere (evaluated step by step with de-duplication). */
const goesUp = new WeakSet<readonly Step[]>();
/**
 * Compiled paths whose only '..' steps lead ('../ram:X', '../../ram:Y'): their number. From one element such a path
 * climbs to one ancestor and walks down from it (document order, nothing to de-duplicate).
 */
const leadingUps = new WeakMap<readonly Step[], number>();
/**
 * The path compiled last and its steps: a rule asks for the same literal path once per context node in a row, so
 * this comparison (of the same string: a pointer) answers most calls before the map. Static data only.
 */
let lastPath = '';
let lastSteps: readonly Step[] = [];
/** Parses a relative path of prefixed steps once (cached). */
export function compile(path: string): readonly Step[] {
  if (path === lastPath) return lastSteps;
  let steps = compiled.get(path);
  if (steps) {
    lastPath = path;
    lastSteps = steps;
    return steps;
  }
  steps = path.split('/').map((s): Step => {
    if (s === '..') return { up: true, ns: '', local: '' };
    const i = s.indexOf(':');
    if (i < 0) throw new Error(`path step without prefix: ${s}`);
    const ns = NS[s.slice(0, i) as Prefix];
    if (!ns) throw new Error(`unknown prefix in ${s}`);
    return { up: false, ns, local: internalize(s.slice(i + 1)) };
  });
  // The cache only ever holds the literal paths written in rule modules (a bounded, static set).
  if (steps.some((s) => s.up)) {
    goesUp.add(steps);
    let lead = 0;
    while (lead < steps.length && steps[lead]!.up) lead++;
    if (!steps.some((s, i) => s.up && i >= lead)) leadingUps.set(steps, lead);
  }
  compiled.set(path, steps);
  return steps;
}

/** Child elements with this local name (namespace RAM unless given). */
export function kids(el: XmlElement | undefined, local: string, ns: string = RAM): XmlElement[] {
  if (!el) return [];
  // The list is made at its first element as [c] (room for one; mostly there is one), not as [] and a push, which
  // gives it room for 17.
  let out: XmlElement[] | undefined;
  const ch = el.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local === local && c.ns === ns) {
      if (out === undefined) out = [c];
      else out.push(c);
    }
  }
  return out ?? [];
}

/** First child element with this local name (namespace RAM unless given). */
export function kid(el: XmlElement | undefined, local: string, ns: string = RAM): XmlElement | undefined {
  if (!el) return undefined;
  const ch = el.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local === local && c.ns === ns) return c;
  }
  return undefined;
}

/**
 * Elements reached by a relative path of prefixed steps ('ram:A/ram:B', '../ram:C', 'udt:Indicator'),
 * from one element or a sequence, in document order (as XPath would return them).
 */
export function sel(from: XmlElement | readonly XmlElement[] | undefined, path: string): XmlElement[] {
  if (from === undefined) return [];
  const steps = compile(path);
  const up = goesUp.has(steps);
  if (Array.isArray(from)) {
    if (up) return selUp(from as readonly XmlElement[], steps);
    let out: XmlElement[] | undefined;
    const list = from as readonly XmlElement[];
    for (let k = 0; k < list.length; k++) out = collect(list[k]!, steps, 0, out);
    return out ?? [];
  }
  if (up) {
    const lead = leadingUps.get(steps);
    if (lead === undefined) return selUp([from as XmlElement], steps);
    let cur: XmlElement | null = from as XmlElement;
    for (let i = 0; i < lead && cur !== null; i++) cur = cur.parent;
    if (cur === null) return [];
    if (lead === steps.length) return [cur];
    return collect(cur, steps, lead, undefined) ?? [];
  }
  return collect(from as XmlElement, steps, 0, undefined) ?? [];
}

/**
 * Depth-first over child steps: yields document order for a single start element. The list is made at its first
 * element as [c] (room for one: mostly a path finds one element), not as [] and a push (room for 17).
 */
function collect(e: XmlElement, steps: readonly Step[], i: number, out: XmlElement[] | undefined): XmlElement[] | undefined {
  const s = steps[i]!;
  const last = i + 1 === steps.length;
  const ch = e.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local === s.local && c.ns === s.ns) {
      if (!last) out = collect(c, steps, i + 1, out);
      else if (out === undefined) out = [c];
      else out.push(c);
    }
  }
  return out;
}

/** Step-by-step evaluation with de-duplication, for paths that go up ('..'). */
function selUp(from: readonly XmlElement[], steps: readonly Step[]): XmlElement[] {
  let cur: readonly XmlElement[] = from;
  for (const step of steps) {
    if (cur.length === 0) return [];
    const next: XmlElement[] = [];
    if (step.up) {
      const seen = new Set<XmlElement>();
      for (const e of cur)
        if (e.parent && !seen.has(e.parent)) {
          seen.add(e.parent);
          next.push(e.parent);
        }
    } else {
      for (const e of cur) for (const c of e.children) if (c.local === step.local && c.ns === step.ns) next.push(c);
    }
    cur = next;
  }
  return cur === from ? [...cur] : (cur as XmlElement[]);
}

/** First element of `sel`, or undefined. */
export function first(from: XmlElement | readonly XmlElement[] | undefined, path: string): XmlElement | undefined {
  return sel(from, path)[0];
}

/** Existence (XPath effective boolean value of a node path), without building the node list. */
export function has(from: XmlElement | readonly XmlElement[] | undefined, path: string): boolean {
  if (from === undefined) return false;
  const steps = compile(path);
  if (Array.isArray(from)) {
    const list = from as readonly XmlElement[];
    for (let k = 0; k < list.length; k++) if (exists(list[k]!, steps, 0)) return true;
    return false;
  }
  return exists(from as XmlElement, steps, 0);
}

/** count(path) without building the node list (child steps only; '..' falls back to sel). */
export function count(from: XmlElement | undefined, path: string): number {
  if (from === undefined) return 0;
  const steps = compile(path);
  if (goesUp.has(steps)) return sel(from, path).length;
  return countFrom(from, steps, 0);
}

function countFrom(e: XmlElement, steps: readonly Step[], i: number): number {
  if (i === steps.length) return 1;
  const s = steps[i]!;
  let n = 0;
  const ch = e.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local === s.local && c.ns === s.ns) n += countFrom(c, steps, i + 1);
  }
  return n;
}

function exists(e: XmlElement, steps: readonly Step[], i: number): boolean {
  if (i === steps.length) return true;
  const s = steps[i]!;
  if (s.up) return e.parent !== null && exists(e.parent, steps, i + 1);
  const ch = e.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local === s.local && c.ns === s.ns && exists(c, steps, i + 1)) return true;
  }
  return false;
}

/** Is `el` a RAM (or given namespace) element with this local name? */
export function is(el: XmlElement | null | undefined, local: string, ns: string = RAM): el is XmlElement {
  return !!el && el.local === local && el.ns === ns;
}

/** Walks up: the parent chain matches these local names (nearest first), all RAM unless prefixed. */
export function parentsAre(el: XmlElement, ...chain: string[]): boolean {
  let cur: XmlElement | null = el.parent;
  for (const step of chain) {
    const s = compile(step)[0]!;
    if (!cur || cur.local !== s.local || cur.ns !== s.ns) return false;
    cur = cur.parent;
  }
  return true;
}

/** Has an ancestor with this local name (RAM). */
export function hasAncestor(el: XmlElement, local: string, ns: string = RAM): boolean {
  for (let p = el.parent; p; p = p.parent) if (p.local === local && p.ns === ns) return true;
  return false;
}

/** Attribute value (no namespace) or undefined. */
export function attr(el: XmlElement | undefined, name: string): string | undefined {
  if (!el) return undefined;
  const as = el.attributes;
  for (let k = 0; k < as.length; k++) {
    const a = as[k]!;
    if (a.local === name && a.ns === '') return a.value;
  }
  return undefined;
}

// ------------------------------------------------------------------ strings

/**
 * XPath string value: all descendant character data, in document order ('' for no element).
 * @example
 * ```ts
 * import { stringValue } from '@kontor/cii/rules';
 * stringValue(parseXml('<a>x<b>y</b>z</a>').root); // 'xzy' (the element's own text, then its children's)
 * ```
 */
export function sv(el: XmlElement | undefined): string {
  if (!el) return '';
  if (el.children.length === 0) return el.text;
  // Document order, as XmlElement.descendants() walks it (without a generator).
  let s = '';
  const stack: XmlElement[] = [el];
  while (stack.length) {
    const e = stack.pop()!;
    s += e.text;
    const ch = e.children;
    for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]!);
  }
  return s;
}

/** XML white space: space, tab, CR, LF. */
const isXmlWs = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** fn:normalize-space on a string (undefined: ''). */
export function nsp(s: string | undefined): string {
  return s ? normalizeSpace(s) : '';
}

/**
 * fn:normalize-space: runs of XML whitespace (space, tab, CR, LF) become one space, none is kept at either end; a
 * no-break space or another Unicode space stays (String.prototype.trim would take it off the ends).
 * @example
 * ```ts
 * import { normalizeSpace } from '@kontor/cii/rules';
 * normalizeSpace('  DE 123\n 456 '); // 'DE 123 456'
 * normalizeSpace('\u00a0x '); // '\u00a0x'
 * ```
 */
export function normalizeSpace(s: string): string {
  // Mostly a value without leading, trailing or repeated spaces and without tabs or line breaks: the value itself,
  // found without the regular expressions (the rules ask for it many times per document).
  let space = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x20) {
      if (space) return collapseSpace(s);
      space = true;
    } else if (c === 0x09 || c === 0x0a || c === 0x0d) return collapseSpace(s);
    else space = false;
  }
  return space ? collapseSpace(s) : s;
}

function collapseSpace(s: string): string {
  return s.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
}

/**
 * `nsp(s) === ''` without making the normalised string: blank when every character is a space, tab, CR or LF.
 * @example
 * ```ts
 * import { isBlank } from '@kontor/cii/rules';
 * isBlank(' \n\t'); // true
 * isBlank('\u00a0'); // false: a no-break space is not XML whitespace
 * ```
 */
export function isBlank(s: string | undefined): boolean {
  if (!s) return true;
  for (let i = 0; i < s.length; i++) if (!isXmlWs(s.charCodeAt(i))) return false;
  return true;
}

/** A function argument that must be at most one item (else XPTY0004, as Saxon raises). */
export function one<T>(items: readonly T[]): T | undefined {
  if (items.length > 1) throw new XPathDynamicError('XPTY0004', `a sequence of ${items.length} items where one is allowed`);
  return items[0];
}

/** `one(kids(el, local, ns))` without building the list: the only such child, undefined for none, XPTY0004 for several. */
export function onlyKid(el: XmlElement, local: string, ns: string = RAM): XmlElement | undefined {
  let found: XmlElement | undefined;
  let n = 0;
  const ch = el.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local === local && c.ns === ns) {
      if (n === 0) found = c;
      n++;
    }
  }
  if (n > 1) throw new XPathDynamicError('XPTY0004', `a sequence of ${n} items where one is allowed`);
  return found;
}

/** `kids(el, local, ns).some((c) => sv(c) === value)` without building the list (general comparison with a string). */
export function anyKidIs(el: XmlElement, local: string, value: string, ns: string = RAM): boolean {
  const ch = el.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local === local && c.ns === ns && sv(c) === value) return true;
  }
  return false;
}

/** normalize-space(path) evaluated on one element: '' for none, dynamic error for several. */
export function nspAt(from: XmlElement | undefined, path: string): string {
  return nsp(sv(onlyAt(from, path)));
}

/** `one(sel(from, path))` without the list: the only node, undefined for none, XPTY0004 for several. */
export function onlyAt(from: XmlElement | undefined, path: string): XmlElement | undefined {
  if (from === undefined) return undefined;
  const steps = compile(path);
  if (goesUp.has(steps)) return one(sel(from, path));
  // Mostly each step has one matching child (or none): then one pass down finds the only node (or that there is
  // none). A step with several matches is left to the count and search below.
  let cur = from;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    const ch = cur.children;
    let found: XmlElement | undefined;
    let several = false;
    for (let k = 0; k < ch.length; k++) {
      const c = ch[k]!;
      if (c.local !== s.local || c.ns !== s.ns) continue;
      if (found === undefined) found = c;
      else {
        several = true;
        break;
      }
    }
    if (found === undefined) return undefined;
    if (several) return onlyOfSeveral(from, steps);
    cur = found;
  }
  return cur;
}

/** onlyAt where some step has several matches: counted, then found (the error names the number of items, as `one` does). */
function onlyOfSeveral(from: XmlElement, steps: readonly Step[]): XmlElement | undefined {
  const n = countFrom(from, steps, 0);
  if (n > 1) throw new XPathDynamicError('XPTY0004', `a sequence of ${n} items where one is allowed`);
  return n === 0 ? undefined : firstFrom(from, steps, 0);
}

/**
 * `sel(from, path).some(pred)` without the list: the nodes in document order until `pred` holds. Pass a module-level
 * predicate (an arrow written at the call site is a new closure per call).
 */
export function someAt(from: XmlElement | undefined, path: string, pred: (el: XmlElement) => boolean): boolean {
  if (from === undefined) return false;
  const steps = compile(path);
  if (goesUp.has(steps)) return sel(from, path).some((e) => pred(e));
  return someFrom(from, steps, 0, pred);
}

function someFrom(e: XmlElement, steps: readonly Step[], i: number, pred: (el: XmlElement) => boolean): boolean {
  const s = steps[i]!;
  const last = i + 1 === steps.length;
  const ch = e.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local === s.local && c.ns === s.ns && (last ? pred(c) : someFrom(c, steps, i + 1, pred))) return true;
  }
  return false;
}

/** `anyNum(sel(from, path), op, b)` without the list (document order, the first comparison that holds ends it). */
export function anyNumAt(from: XmlElement | undefined, path: string, op: CmpOp, b: XNum): boolean {
  if (from === undefined) return false;
  const steps = compile(path);
  if (goesUp.has(steps)) return anyNum(sel(from, path), op, b);
  return anyNumFrom(from, steps, 0, op, b);
}

function anyNumFrom(e: XmlElement, steps: readonly Step[], i: number, op: CmpOp, b: XNum): boolean {
  const s = steps[i]!;
  const last = i + 1 === steps.length;
  const ch = e.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local === s.local && c.ns === s.ns && (last ? cmpUntyped(untypedDbl(sv(c)), op, b) : anyNumFrom(c, steps, i + 1, op, b))) return true;
  }
  return false;
}

/** The first element (document order) a path of child steps reaches, undefined for none. */
function firstFrom(e: XmlElement, steps: readonly Step[], i: number): XmlElement | undefined {
  if (i === steps.length) return e;
  const s = steps[i]!;
  const ch = e.children;
  for (let k = 0; k < ch.length; k++) {
    const c = ch[k]!;
    if (c.local === s.local && c.ns === s.ns) {
      const f = firstFrom(c, steps, i + 1);
      if (f !== undefined) return f;
    }
  }
  return undefined;
}

/**
 * fn:string-length of fn:substring-after(value, '.'): digits after the first '.' ('' when none).
 * @example
 * ```ts
 * import { fractionLength } from '@kontor/cii/rules';
 * fractionLength('12.345'); // 3
 * fractionLength('12');     // 0
 * ```
 */
export function fractionLength(s: string): number {
  const i = s.indexOf('.');
  if (i < 0) return 0;
  // Code points, as fn:string-length counts them (a surrogate pair is one), without an array of them.
  const n = s.length;
  let len = 0;
  for (let k = i + 1; k < n; k++, len++) {
    const c = s.charCodeAt(k);
    if (c >= 0xd800 && c <= 0xdbff && k + 1 < n) {
      const d = s.charCodeAt(k + 1);
      if (d >= 0xdc00 && d <= 0xdfff) k++;
    }
  }
  return len;
}

/** fn:upper-case for the code comparisons the schematrons make. */
export function upper(s: string): string {
  return s.toUpperCase();
}

// ------------------------------------------------------------------ numbers

const DECIMAL_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DOUBLE_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * XML white space (space, tab, CR, LF) off both ends, as a cast to a number or date takes it (String.trim would also
 * take a no-break space).
 * @example
 * ```ts
 * import { trimXmlSpace } from '@kontor/cii/rules';
 * trimXmlSpace('\t2015-01-09 '); // '2015-01-09'
 * trimXmlSpace(' \u00a0'); // '\u00a0'
 * ```
 */
export function trimXmlSpace(s: string): string {
  const n = s.length;
  if (n === 0 || (!isXmlWs(s.charCodeAt(0)) && !isXmlWs(s.charCodeAt(n - 1)))) return s;
  return s.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}

/** Cast of an untypedAtomic (string) to xs:double; FORG0001 on a bad lexical form. */
export function dbl(s: string): number {
  const t = trimXmlSpace(s);
  if (DOUBLE_RE.test(t)) return Number(t);
  if (t === 'INF' || t === '+INF') return Infinity;
  if (t === '-INF') return -Infinity;
  if (t === 'NaN') return NaN;
  throw new XPathDynamicError('FORG0001', `cannot convert "${s}" to xs:double`);
}

/** fn:number: like `dbl` but NaN instead of an error. */
export function number(s: string | undefined): number {
  if (s === undefined) return NaN;
  try {
    return dbl(s);
  } catch {
    return NaN;
  }
}

/** Cast of a string to xs:decimal; FORG0001 on a bad lexical form. */
export function decimal(s: string): Dec {
  return decFromLexical(decimalLexical(s));
}

/** A decimal to copy fields into (a copy has the shape of every Big; its fields are then overwritten). */
const DEC_TEMPLATE = new XBig(0);

/**
 * The Dec of an xs:decimal lexical form (`[+-]?(\d+(\.\d*)?|\.\d+)`, as decimalLexical checked), read in one pass over its
 * characters: the fields big.js's own parser would give it (sign, exponent of the first significant digit, digits
 * without leading and trailing zeros; zero as [0] at exponent 0, keeping a minus sign as big.js does) without its
 * regular expression, cut-outs and per-digit charAt.
 */
function decFromLexical(t: string): Dec {
  const n = t.length;
  let i = 0;
  let sign = 1;
  const c0 = t.charCodeAt(0);
  if (c0 === 45) {
    sign = -1;
    i = 1;
  } else if (c0 === 43) i = 1;
  // Digits seen (the point not counted), the index among them of the first and last significant digit, and how
  // many digits precede the point (all of them when there is none).
  let digits = 0;
  let first = -1;
  let last = -1;
  let beforePoint = -1;
  for (let k = i; k < n; k++) {
    const ch = t.charCodeAt(k);
    if (ch === 46) {
      beforePoint = digits;
      continue;
    }
    if (ch !== 48) {
      if (first < 0) first = digits;
      last = digits;
    }
    digits++;
  }
  if (beforePoint < 0) beforePoint = digits;
  const r = new XBig(DEC_TEMPLATE);
  r.s = sign;
  if (first < 0) {
    r.e = 0;
    r.c = [0];
    return r;
  }
  r.e = beforePoint - first - 1;
  // Filled from empty as big.js fills its own (a packed array: one elements kind for big.js's loops).
  const c: number[] = [];
  for (let k = i, d = 0; k < n; k++) {
    const ch = t.charCodeAt(k);
    if (ch === 46) continue;
    if (d >= first && d <= last) c.push(ch - 48);
    d++;
  }
  r.c = c;
  return r;
}

/** The xs:decimal lexical form of a string (whitespace trimmed, the sign kept); FORG0001 (as `decimal`) on a bad one. */
export function decimalLexical(s: string): string {
  const t = trimXmlSpace(s);
  if (!DECIMAL_RE.test(t)) throw new XPathDynamicError('FORG0001', `cannot convert "${s}" to xs:decimal`);
  return t;
}

/** Is the string castable to xs:decimal? */
export function isDecimal(s: string): boolean {
  return DECIMAL_RE.test(trimXmlSpace(s));
}

/** xs:decimal(x) of a number: a double converts to its exact binary expansion (Saxon). */
export function toDecimal(x: XNum): Dec {
  if (typeof x !== 'number') return x;
  if (!Number.isFinite(x)) throw new XPathDynamicError('FOAR0001', `cannot convert ${x} to xs:decimal`);
  return exactDouble(x);
}

// Scratch for reading a double's bits (used synchronously inside exactDouble only; holds no state between calls).
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** 5^k for the exponents seen so far (pure values; at most 1,075 entries). */
const POW5: bigint[] = [1n];
function pow5(k: number): bigint {
  for (let i = POW5.length; i <= k; i++) POW5.push(POW5[i - 1]! * 5n);
  return POW5[k]!;
}

/** A Dec with these decimal digits (no sign, no leading zero) times 10^-scale, built without re-parsing a string. */
function decFromDigits(negative: boolean, digits: string, scale: number): Dec {
  let end = digits.length;
  while (end > 1 && digits.charCodeAt(end - 1) === 48) end--;
  const c: number[] = new Array(end);
  for (let i = 0; i < end; i++) c[i] = digits.charCodeAt(i) - 48;
  const r = new XBig(0);
  r.s = negative ? -1 : 1;
  r.e = digits.length - 1 - scale;
  r.c = c;
  return r;
}

function exactDouble(d: number): Dec {
  if (d === 0) return new XBig(0);
  // Integers below 2^53 print exactly (String gives all their digits).
  if (Number.isSafeInteger(d)) return new XBig(d);
  F64[0] = d;
  const hi = U32[LITTLE_ENDIAN ? 1 : 0]!;
  const lo = U32[LITTLE_ENDIAN ? 0 : 1]!;
  const negative = hi >>> 31 === 1;
  const expBits = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (expBits === 0) exp = -1074;
  else {
    mant |= 1n << 52n;
    exp = expBits - 1075;
  }
  if (exp >= 0) return decFromDigits(negative, (mant << BigInt(exp)).toString(), 0);
  // mant * 2^exp = mant * 5^-exp / 10^-exp
  return decFromDigits(negative, (mant * pow5(-exp)).toString(), -exp);
}

/**
 * The decimals the rules write most often, made once: results of Big operations are always new objects and an
 * operand is never changed by them, so one instance serves every caller.
 */
const SMALL_INTEGERS: readonly Dec[] = Array.from({ length: 101 }, (_, i) => new XBig(i));

/** A literal decimal/integer. */
export function D(v: string | number): Dec {
  if (typeof v === 'number' && v >= 0 && v <= 100 && Number.isInteger(v) && !Object.is(v, -0)) return SMALL_INTEGERS[v]!;
  return new XBig(v);
}

/** 10^0 … 10^22: exactly representable doubles. */
const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

/** A Dec as xs:double: Number(string) semantics (correctly rounded). */
function decToDouble(x: Dec): number {
  const c = x.c;
  const n = c.length;
  // Clinger's fast path: an integer significand below 2^53 scaled by an exact power of ten is one correctly
  // rounded operation, so it equals the correctly rounded conversion of the decimal string.
  if (n <= 15) {
    let m = 0;
    for (let i = 0; i < n; i++) m = m * 10 + c[i]!;
    const k = x.e - n + 1; // value = m * 10^k
    if (k >= 0 && k <= 22) {
      const v = m * POW10[k]!;
      // xs:decimal has no negative zero (big.js keeps a sign on zero): a zero converts to +0.
      if (v <= Number.MAX_SAFE_INTEGER) return x.s < 0 && v !== 0 ? -v : v;
    } else if (k < 0 && k >= -22) {
      const v = m / POW10[-k]!;
      return x.s < 0 && v !== 0 ? -v : v;
    }
  }
  return Number(x.toString()) + 0;
}

function toDbl(x: XNum): number {
  return typeof x === 'number' ? x : decToDouble(x);
}

export function add(a: XNum, b: XNum): XNum {
  return typeof a === 'number' || typeof b === 'number' ? toDbl(a) + toDbl(b) : a.plus(b);
}
export function sub(a: XNum, b: XNum): XNum {
  return typeof a === 'number' || typeof b === 'number' ? toDbl(a) - toDbl(b) : a.minus(b);
}
export function mul(a: XNum, b: XNum): XNum {
  return typeof a === 'number' || typeof b === 'number' ? toDbl(a) * toDbl(b) : a.times(b);
}
export function div(a: XNum, b: XNum): XNum {
  if (typeof a === 'number' || typeof b === 'number') return toDbl(a) / toDbl(b);
  // b is zero (big.js keeps zero as the single digit 0): b.eq(0) without making a Big of 0 to compare with.
  if (b.c[0] === 0) throw new XPathDynamicError('FOAR0001', 'decimal division by zero');
  // `x div 100` (the schematrons' rounding to cents): the exact quotient is x with the point moved two places, as
  // long as it needs no more fraction digits than a decimal division keeps (then Big's long division gives the same
  // value); zero and longer fractions take the general path.
  if (b.e === 2 && b.s === 1 && b.c.length === 1 && b.c[0] === 1 && a.c[0] !== 0 && a.c.length - a.e + 1 <= XBig.DP) {
    const r = new XBig(a);
    r.e -= 2;
    return r;
  }
  return a.div(b);
}

/** fn:round: half towards positive infinity. */
export function round(x: XNum): XNum {
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) return x;
    return Math.round(x);
  }
  return roundHalfCeiling(x, 0);
}

/**
 * floor(x * 10^dp + 0.5) div 10^dp of a decimal as one big.js rounding at dp fraction digits: to the nearest, a tie
 * up (away from zero, big.js mode 1) when x is positive and towards zero (mode 0, truncation) when it is negative —
 * instead of an addition of 0.5, a truncation, a comparison and a subtraction. Zero comes out positive, as floor(…)
 * gives it (big.js keeps a sign on zero).
 */
function roundHalfCeiling(x: Dec, dp: number): Dec {
  const c = x.c;
  const last = c.length - 1;
  // A tie: the digits after the dp-th fraction digit are exactly one 5 (big.js keeps no trailing zeros; c[i] is the
  // digit of 10^(e - i)).
  const tie = x.s < 0 && last === x.e + dp + 1 && c[last] === 5;
  const r = x.round(dp, tie ? 0 : 1);
  if (r.s < 0 && r.c[0] === 0) r.s = 1;
  return r;
}

/** round(x * 100) div 100 — the schematrons' "round to cents". */
export function cents(x: XNum): XNum {
  if (typeof x === 'number') return div(round(mul(x, D(100))), D(100));
  return roundHalfCeiling(x, 2);
}

export function abs(x: XNum): XNum {
  return typeof x === 'number' ? Math.abs(x) : x.abs();
}

export type CmpOp = '=' | '!=' | '<' | '<=' | '>' | '>=';
/** Whether `op` holds for an order c (negative: less, 0: equal, positive: greater). */
function holds(c: number, op: CmpOp): boolean {
  switch (op) {
    case '=':
      return c === 0;
    case '!=':
      return c !== 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}
/** Value comparison of two numbers with XPath promotion (NaN compares false except !=). */
export function cmp(a: XNum, op: CmpOp, b: XNum): boolean {
  let c: number;
  if (typeof a === 'number' || typeof b === 'number') {
    const x = toDbl(a);
    const y = toDbl(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return op === '!=';
    c = x < y ? -1 : x > y ? 1 : 0;
  } else c = a.cmp(b);
  return holds(c, op);
}

const INTEGER_RE = /^[+-]?\d{1,18}$/;

/**
 * A node's value as the official validator (Saxon-HE 9.9) reads it for a general comparison with a number: xs:double,
 * except that an integer lexical form is read as an integer first, so "-0" is zero while "-0.00" is the double -0.0.
 * @example
 * ```ts
 * import { untypedDbl } from '@kontor/cii/rules';
 * Object.is(untypedDbl('-0.00'), -0); // true
 * Object.is(untypedDbl('-0'), 0);     // true: the integer reading has no negative zero
 * ```
 */
export function untypedDbl(s: string): number {
  const v = dbl(s);
  return integerNegativeZero(s, v) ? 0 : v;
}

/** `s` (read as the double v) is an integer form of negative zero ("-0"): the one value the integer reading has not. */
function integerNegativeZero(s: string, v: number): boolean {
  return v === 0 && Object.is(v, -0) && INTEGER_RE.test(trimXmlSpace(s));
}

/**
 * General comparison of an untyped node value (read by `untypedDbl`) with a number, in the order Saxon-HE 9.9 compares
 * such a pair (Java's Double.compare): -0.0 is below 0, and NaN equals NaN and is above every number — so a node "NaN"
 * is `> 5` and a node "-0.00" is `< 0` and not `= 0`, as the official schematron run reports. Comparisons of computed
 * numbers (`cmp`) keep IEEE semantics, as Saxon does for them.
 * @example
 * ```ts
 * import { cmpUntyped, untypedDbl } from '@kontor/cii/rules';
 * cmpUntyped(untypedDbl('-0.00'), '>=', 0); // false, as `cbc:PriceAmount >= 0` is for "-0.00" in the official run
 * cmpUntyped(untypedDbl('NaN'), '>', 5);    // true
 * ```
 */
export function cmpUntyped(x: number, op: CmpOp, b: XNum): boolean {
  const y = toDbl(b);
  let c: number;
  if (x < y) c = -1;
  else if (x > y) c = 1;
  else {
    const xn = Number.isNaN(x);
    const yn = Number.isNaN(y);
    if (xn || yn) c = xn && yn ? 0 : xn ? 1 : -1;
    else if (x === 0 && Object.is(x, -0) !== Object.is(y, -0)) c = Object.is(x, -0) ? -1 : 1;
    else c = 0;
  }
  return holds(c, op);
}

/**
 * General comparison `nodes op number`: true when some node (cast to double) satisfies it (see cmpUntyped). How a node
 * is read depends on the other operand's type, as in Saxon-HE 9.9: against an xs:integer (`bInteger`, the default: a
 * literal such as `0`, or a sum of nothing — `round(sum(()) * 100) div 100` is still an integer there) an integer form
 * is read as an integer (`untypedDbl`: "-0" is 0); against a computed xs:double or xs:decimal every node is read as
 * xs:double, so "-0" is -0.0 and not equal to a computed 0 (`<a>-0</a>`: `anyNum(a, '=', 0)` holds, `anyNum(a, '=', 0,
 * false)` does not). `bInteger` may be a function: it is called only for a node that reads differently ("-0").
 */
export function anyNum(nodes: readonly XmlElement[] | XmlElement | undefined, op: CmpOp, b: XNum, bInteger: boolean | (() => boolean) = true): boolean {
  const list = nodes === undefined ? [] : Array.isArray(nodes) ? (nodes as XmlElement[]) : [nodes as XmlElement];
  for (let k = 0; k < list.length; k++) {
    const s = sv(list[k]);
    const v = dbl(s);
    // The readings differ only for "-0": only then is b's type asked (a function computes it on demand).
    const x = integerNegativeZero(s, v) && (typeof bInteger === 'function' ? bInteger() : bInteger) ? 0 : v;
    if (cmpUntyped(x, op, b)) return true;
  }
  return false;
}

/** General comparison `nodes = string(s)`: true when some node's string value equals one of the values. */
export function anyStr(nodes: readonly XmlElement[] | XmlElement | undefined, ...values: string[]): boolean {
  const list = nodes === undefined ? [] : Array.isArray(nodes) ? (nodes as XmlElement[]) : [nodes as XmlElement];
  for (let k = 0; k < list.length; k++) {
    const s = sv(list[k]);
    for (let j = 0; j < values.length; j++) if (s === values[j]) return true;
  }
  return false;
}

/** General comparison of two node sequences (both untyped → compared as strings). */
export function anyEqNodes(a: readonly XmlElement[], b: readonly XmlElement[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const set = new Set(b.map(sv));
  for (const n of a) if (set.has(sv(n))) return true;
  return false;
}

/** fn:sum over nodes (untyped → double); the integer 0 for none. */
export function sumNodes(nodes: readonly XmlElement[]): XNum {
  if (nodes.length === 0) return D(0);
  // From the first value, not from +0: the sum of a single -0.0 is -0.0 (which the official run then compares).
  let s = dbl(sv(nodes[0]));
  for (let k = 1; k < nodes.length; k++) s += dbl(sv(nodes[k]));
  return s;
}

/** fn:sum over xs:decimal(node) values; the integer 0 for none. */
export function sumDecimals(nodes: readonly XmlElement[]): Dec {
  let s = D(0);
  for (const n of nodes) s = s.plus(decimal(sv(n)));
  return s;
}

/** udt:Indicator compared with a boolean, as `Indicator = true()` does (cast to xs:boolean, FORG0001 else). */
export function indicatorIs(nodes: readonly XmlElement[], value: boolean): boolean {
  for (let k = 0; k < nodes.length; k++) if (castBoolean(sv(nodes[k])) === value) return true;
  return false;
}

export function castBoolean(s: string): boolean {
  const t = trimXmlSpace(s);
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  throw new XPathDynamicError('FORG0001', `the string "${s}" cannot be cast to a boolean`);
}

/** Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar (any year a JS number holds exactly). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
const XS_DATE_RE = /^(-?)(\d{4,})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/;

/**
 * Cast of a string to xs:date, as the starting instant of the day in minutes since 1970-01-01T00:00Z, for comparing
 * dates as XPath does: any number of year digits, a time zone moves the instant, a date without one is in UTC (the
 * official run's implicit time zone). FORG0001 on a form xs:date refuses (a bad day, year 0000, a leading zero in a
 * year of five digits).
 * @example
 * ```ts
 * import { xsDateInstant } from '@kontor/cii/rules';
 * xsDateInstant('12024-01-01') > xsDateInstant('2016-12-31'); // true (a string comparison says otherwise)
 * xsDateInstant('2016-12-31+01:00') < xsDateInstant('2016-12-31'); // true: 23:00 UTC the day before
 * ```
 */
export function xsDateInstant(s: string): number {
  const t = trimXmlSpace(s);
  const m = XS_DATE_RE.exec(t);
  const bad = (): never => {
    throw new XPathDynamicError('FORG0001', `cannot cast "${t}" to xs:date`);
  };
  if (!m) return bad();
  const [, sign, ys, ms, ds, tz] = m as unknown as [string, string, string, string, string, string | undefined];
  if ((ys.length > 4 && ys.startsWith('0')) || /^0+$/.test(ys)) return bad();
  const y = Number(sign + ys);
  const mo = Number(ms);
  const d = Number(ds);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const dim = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  if (dim === undefined || d < 1 || d > dim) return bad();
  let offset = 0;
  if (tz !== undefined && tz !== 'Z') {
    const hh = Number(tz.slice(1, 3));
    const mm = Number(tz.slice(4, 6));
    if (mm > 59 || hh * 60 + mm > 14 * 60) return bad();
    offset = (tz[0] === '-' ? -1 : 1) * (hh * 60 + mm);
  }
  return daysFromCivil(y, mo, d) * 1440 - offset;
}

const anchoredCache = new Map<string, readonly Step[]>();
/**
 * Is `el` exactly at this absolute path ('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/...')?
 * Checks the element and all its ancestors up to the root.
 */
export function isAt(el: XmlElement, absPath: string): boolean {
  let steps = anchoredCache.get(absPath);
  if (!steps) {
    steps = compile(absPath.replace(/^\//, ''));
    anchoredCache.set(absPath, steps);
  }
  return isAtSteps(el, steps);
}

/**
 * `isAt` with the path compiled once, for a context's match (tried on many elements): no lookup per call.
 * @example const atSeller = anchored('/rsm:CrossIndustryInvoice/…/ram:SellerTradeParty'); atSeller(el)
 */
export function anchored(absPath: string): (el: XmlElement) => boolean {
  const steps = compile(absPath.replace(/^\//, ''));
  return (el) => isAtSteps(el, steps);
}

function isAtSteps(el: XmlElement, steps: readonly Step[]): boolean {
  let cur: XmlElement | null = el;
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (!cur || cur.local !== s.local || cur.ns !== s.ns) return false;
    cur = cur.parent;
  }
  return cur === null;
}

/** Absolute path from the document root ('/rsm:CrossIndustryInvoice/...'): all elements there. */
const rootedCache = new Map<string, { head: Step; rest: string | undefined }>();
export function fromRoot(root: XmlElement, absPath: string): XmlElement[] {
  let r = rootedCache.get(absPath);
  if (!r) {
    const p = absPath.replace(/^\//, '');
    const i = p.indexOf('/');
    r = { head: compile(i < 0 ? p : p.slice(0, i))[0]!, rest: i < 0 ? undefined : p.slice(i + 1) };
    // Like `compiled`: only the literal paths of rule modules (a bounded, static set).
    rootedCache.set(absPath, r);
  }
  const head = r.head;
  if (root.local !== head.local || root.ns !== head.ns) return [];
  return r.rest === undefined ? [root] : sel(root, r.rest);
}
