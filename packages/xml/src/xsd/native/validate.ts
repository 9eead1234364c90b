/**
 * The streaming side of the native XSD engine: validates the events of our hardened reader (start tag with
 * attributes, text, end tag) against a compiled schema, with memory bounded by the nesting depth. Diagnostics
 * follow libxml2's choices so that verdicts, counts and lines agree with the libxml2 path:
 * - an element the content model does not allow here: "This element is not expected. Expected is ( … )."; the
 *   rest of its parent's content (the element's own subtree included) is then not validated;
 * - an element-only parent that ends too early: "Missing child element(s). Expected is ( … )." at the parent;
 * - non-whitespace text in element-only content: one error per text node, at the parent;
 * - a simple value: one error per failed facet, or one for a lexical failure (values.ts);
 * - attributes: in document order (not allowed / value errors), then the required ones that are missing.
 * Lines are those of the element's start tag; validity errors carry no column (libxml2 gives 0).
 *
 * Documents using xsi:type or xsi:nil throw NativeUnsupported: the caller then validates with libxml2.
 */
import type { XmlAttribute } from '../../reader/element';
import type { DiagnosticSink } from '../engine';
import { type AttributeUse, type DfaEdge, type DfaState, type ElementRun, elementRun, type NativeSchema, type WildcardDecl } from './schema';
import { checkValue, valueMessages } from './values';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_ERR_ERROR = 2;
/** libxml2 lists at most this many names after "Expected is". */
const MAX_EXPECTED = 10;
/** nsSeen before the target namespace was seen: equal to no namespace URI a reader hands over. */
const NO_NAMESPACE_SEEN = '\u0000';

export class NativeUnsupported extends Error {}

/** More start tags than the validation's `maxElements` (runNative: the reader limit; the caller validates with libxml2). */
export class TooManyElements extends Error {}

/** One open element being validated; frames are reused by depth (no allocation per element). */
class Frame {
  run: ElementRun = null as unknown as ElementRun;
  line = 0;
  /** The content model's current state (element-only content), else null. */
  state: DfaState | null = null;
  /** Content error seen: the remaining children are not validated, and no "missing child" error is raised. */
  bad = false;
  /** Collected text of a simple-content element. */
  text = '';
  /** Non-whitespace text seen since the last child tag (element-only or empty content). */
  pendingText = false;

  /** Starts this (reused) frame on an element of run at line. */
  enter(run: ElementRun, line: number): void {
    this.run = run;
    this.line = line;
    this.state = run.automaton === null ? null : run.automaton.start;
    this.bad = false;
    this.text = '';
    this.pendingText = false;
  }
}

function hasNonWs(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
  }
  return false;
}

function expectedList(names: string[]): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, MAX_EXPECTED).map((n) => (n === '##any' ? '*' : n));
  return names.length === 1 ? ` Expected is ( ${shown[0]} ).` : ` Expected is one of ( ${shown.join(', ')} ).`;
}

/** One validation of one document: feed it the reader's events, then read `sink`. */
export class NativeValidation {
  /** Open elements: frames[0 .. depth-1] (the array keeps its frames for reuse). */
  private readonly frames: Frame[] = [];
  private depth = 0;
  /** Depth inside a subtree that is not validated (0 = validating). */
  private skip = 0;
  private done = false;
  private readonly keys = new Map<string, Map<string, string>>();
  /** The names map of the namespace seen last (documents mostly stay in one). */
  private lastNs: string | null = null;
  private lastKeys: Map<string, string> | null = null;

  /** Set (by a tolerant validation) when the document uses what the native path cannot judge (xsi:type, xsi:nil). */
  unsupported = false;
  /** Start tags seen (every one, validated or skipped). */
  elements = 0;
  /** More start tags than this throw TooManyElements (runNative sets the reader's limit; a tap has none). */
  maxElements = Infinity;

  /**
   * @param tolerant on xsi:type / xsi:nil, set `unsupported` and ignore the rest of the document instead of
   *   throwing NativeUnsupported (for a validation fed by someone else's reader pass)
   */
  constructor(
    private readonly schema: NativeSchema,
    readonly sink: DiagnosticSink,
    private readonly tolerant = false,
  ) {}

  /** Whether the document's root element was seen. */
  get started(): boolean {
    return this.frames.length > 0 || this.done;
  }

  get valid(): boolean {
    return this.sink.errors === 0;
  }

  /**
   * The reader's string of the target namespace, once seen (the reader hands over one string per URI). Before that a
   * string no namespace URI equals (XML has no NUL character), not null: compiled code that compared strings here
   * in an earlier validation would otherwise be thrown away at the first start tag of the next one.
   */
  private nsSeen = NO_NAMESPACE_SEEN;

  private sawTarget(ns: string): boolean {
    this.nsSeen = ns;
    return true;
  }

  private error(message: string, line: number): void {
    const s = this.sink;
    s.errors++;
    if (s.kept.length < s.max) s.kept.push({ message, level: XML_ERR_ERROR, line, col: 0 });
  }

  private key(ns: string, local: string): string {
    let m = ns === this.lastNs ? this.lastKeys : this.keys.get(ns);
    if (m === undefined || m === null) {
      m = new Map();
      this.keys.set(ns, m);
    }
    this.lastNs = ns;
    this.lastKeys = m;
    let k = m.get(local);
    if (k === undefined) {
      k = ns === '' ? local : `{${ns}}${local}`;
      m.set(local, k);
    }
    return k;
  }

  private flushText(f: Frame): void {
    if (!f.pendingText) return;
    f.pendingText = false;
    if (f.run.empty) this.error(`Element '${f.run.qname}': Character content is not allowed, because the content type is empty.`, f.line);
    else this.error(`Element '${f.run.qname}': Character content other than whitespace is not allowed because the content type is 'element-only'.`, f.line);
  }

  open(name: string, local: string, prefix: string, ns: string, attributes: XmlAttribute[], line: number, column?: number): void {
    if (++this.elements > this.maxElements) throw new TooManyElements();
    // The usual start tag, kept small (so that a reader's call site can inline it): validating, in a content
    // model, no pending text or content error, no attributes, and the element the parent's state took last time.
    const d = this.depth;
    // A depth without its frame yet (a new validation's first elements) goes the slow way, which makes it: a frame
    // made here would be a path compiled code has not seen and throws itself away for.
    // Attributes (InstdAmt's Ccy) go this way too, after the xsi:type / xsi:nil check openSlow would make first.
    if (this.skip === 0 && d > 0 && d < this.frames.length && !this.done) {
      const parent = this.frames[d - 1]!;
      const state = parent.state;
      if (state !== null && local === state.hitLocal && ns === this.nsSeen && !parent.pendingText && !parent.bad) {
        const n = attributes.length;
        if (n > 0 && this.xsiUnsupported(attributes)) return;
        const edge = state.hitEdge!;
        parent.state = edge.state;
        const run = edge.run!;
        this.frames[d]!.enter(run, line);
        this.depth = d + 1;
        if (n > 0 || run.attributes !== null) this.attributes(run.qname, run.attributes, attributes, line);
        return;
      }
    }
    this.openSlow(name, local, prefix, ns, attributes, line, column);
  }

  private frame(d: number): Frame {
    const f = new Frame();
    this.frames[d] = f;
    return f;
  }

  private openSlow(_name: string, local: string, _prefix: string, ns: string, attributes: XmlAttribute[], line: number, _column?: number): void {
    if (this.skip > 0 || this.done) {
      this.skip++;
      return;
    }
    if (attributes.length > 0 && this.xsiUnsupported(attributes)) return;
    let run: ElementRun;
    if (this.depth === 0) {
      const key = this.key(ns, local);
      const decl = this.schema.elements.get(key);
      if (decl === undefined) {
        this.error(`Element '${key}': No matching global declaration available for the validation root.`, line);
        this.done = true;
        this.skip = 1;
        return;
      }
      run = elementRun(decl);
    } else {
      const parent = this.frames[this.depth - 1]!;
      if (parent.pendingText) this.flushText(parent);
      if (parent.bad) {
        this.skip = 1;
        return;
      }
      const state = parent.state;
      if (state === null) {
        if (parent.run.empty) this.error(`Element '${parent.run.qname}': Element content is not allowed, because the content type is empty.`, parent.line);
        else this.error(`Element '${parent.run.qname}': Element content is not allowed, because the content type is a simple type definition.`, parent.line);
        parent.bad = true;
        this.skip = 1;
        return;
      }
      // An element of the target namespace whose transition from this state was taken before: by its local name
      // (the one taken last by one comparison, else the state's map).
      const inTarget = ns === this.nsSeen || (ns === this.schema.targetNamespace && this.sawTarget(ns));
      let known: DfaEdge | null | undefined;
      if (inTarget) {
        if (local === state.hitLocal) known = state.hitEdge;
        else if ((known = state.byLocal.get(local)) !== undefined) {
          state.hitLocal = known.run!.local;
          state.hitEdge = known;
        }
      }
      if (known !== undefined && known !== null) {
        parent.state = known.state;
        run = known.run!;
      } else {
        const key = this.key(ns, local);
        const automaton = parent.run.automaton!;
        const edge = automaton.step(state, key);
        if (edge === null) {
          this.error(`Element '${key}': This element is not expected.${expectedList(automaton.expected(state))}`, line);
          parent.bad = true;
          this.skip = 1;
          return;
        }
        parent.state = edge.state;
        if (edge.run === null) {
          const global = (edge.decl as WildcardDecl).lax ? this.schema.elements.get(key) : undefined;
          if (global === undefined) {
            this.skip = 1;
            return;
          }
          run = elementRun(global);
        } else {
          run = edge.run;
          // Declared names only (the automaton outlives the document), as the engine's own copy of the name.
          if (inTarget && run.decl.local === local) {
            state.byLocal.set(run.local, edge);
            state.hitLocal = run.local;
            state.hitEdge = edge;
          }
        }
      }
    }
    (this.depth < this.frames.length ? this.frames[this.depth]! : this.frame(this.depth)).enter(run, line);
    this.depth++;
    if (attributes.length > 0 || run.attributes !== null) this.attributes(run.qname, run.attributes, attributes, line);
  }

  /** xsi:type / xsi:nil among the attributes: throws NativeUnsupported, or (tolerant) turns this validation off. */
  private xsiUnsupported(attributes: XmlAttribute[]): boolean {
    for (let i = 0; i < attributes.length; i++) {
      const a = attributes[i]!;
      if (a.ns === XSI && (a.local === 'type' || a.local === 'nil')) {
        if (!this.tolerant) throw new NativeUnsupported(`xsi:${a.local}`);
        this.unsupported = true;
        this.done = true;
        // Every later event is skipped (more than any nesting depth the reader allows).
        this.skip = 1 << 30;
        return true;
      }
    }
    return false;
  }

  private attributes(qname: string, uses: Map<string, AttributeUse> | null, attributes: XmlAttribute[], line: number): void {
    let seen = 0;
    for (let i = 0; i < attributes.length; i++) {
      const a = attributes[i]!;
      if (a.ns === XSI && (a.local === 'schemaLocation' || a.local === 'noNamespaceSchemaLocation')) continue;
      const use = a.ns === '' && uses !== null ? uses.get(a.local) : undefined;
      const aname = a.ns === '' ? a.local : `{${a.ns}}${a.local}`;
      if (use === undefined) {
        this.error(`Element '${qname}', attribute '${aname}': The attribute '${aname}' is not allowed.`, line);
        continue;
      }
      seen++;
      const messages = checkValue(use.type, a.value);
      for (let k = 0; k < messages.length; k++) this.error(`Element '${qname}', attribute '${aname}': ${messages[k]}`, line);
    }
    if (uses !== null && uses.size > seen) {
      for (const use of uses.values()) {
        if (!use.required) continue;
        if (!attributes.some((a) => a.ns === '' && a.local === use.name)) this.error(`Element '${qname}': The attribute '${use.name}' is required but missing.`, line);
      }
    }
  }

  /**
   * A text event (a method, as the parser and a tap call it). One function for every validation: a per-instance
   * arrow gave the reader's call site a new target per document (deoptimised in the second).
   */
  text(t: string): void {
    if (this.skip > 0 || this.depth === 0) return;
    const f = this.frames[this.depth - 1]!;
    if (f.run.simple === null) {
      // After a content error libxml2 no longer looks at the rest of the content, text included.
      if (!f.pendingText && !f.bad && hasNonWs(t)) f.pendingText = true;
    } else f.text += t;
  }

  close(): void {
    if (this.skip > 0) {
      this.skip--;
      return;
    }
    if (this.depth === 0) return;
    const f = this.frames[--this.depth]!;
    const run = f.run;
    const st = run.simple;
    if (st !== null) {
      const text = f.text;
      f.text = '';
      if (f.bad) return;
      if (!run.valid!(text)) this.valueErrors(run, text, f.line);
      return;
    }
    if (f.pendingText) this.flushText(f);
    if (!f.bad && f.state !== null && !f.state.accepting) this.missingChildren(run, f.state, f.line);
  }

  private valueErrors(run: ElementRun, text: string, line: number): void {
    const messages = valueMessages(run.simple!, text);
    for (let i = 0; i < messages.length; i++) this.error(`Element '${run.qname}': ${messages[i]}`, line);
  }

  private missingChildren(run: ElementRun, state: DfaState, line: number): void {
    this.error(`Element '${run.qname}': Missing child element(s).${expectedList(run.automaton!.expected(state))}`, line);
  }
}
