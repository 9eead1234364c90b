/** The small element tree produced by the hardened reader: namespace-aware, with source positions. */

export interface XmlAttribute {
  /** Qualified name as written in the source. */
  name: string;
  local: string;
  prefix: string;
  /** Namespace URI ('' for unprefixed attributes). */
  ns: string;
  value: string;
}

/**
 * The child list the tree reader gives every element until its first child element arrives: one frozen empty
 * array shared by all leaves of all trees (most elements are leaves), as the reader already does for
 * attributes. Elements made with `new XmlElement(…)` get their own array, so builders may push to it.
 */
export const NO_CHILDREN = Object.freeze([]) as unknown as XmlElement[];

/**
 * An element's name: qualified name as written, local name, prefix ('' when none) and namespace URI. In a tree
 * from `parseXml` (or a subtree kept by `streamXml`), the elements of one name share one record as long as the
 * name's namespace stays the same (the reader makes a new record when it changed).
 */
export interface XmlName {
  readonly name: string;
  readonly local: string;
  readonly prefix: string;
  readonly ns: string;
}

/** What `new XmlElement(…)` takes: the name as its four parts, or as one (shared) name record `qn`. */
export type XmlElementInit = {
  attributes: XmlAttribute[];
  line: number;
  column: number;
  parent: XmlElement | null;
  children?: XmlElement[] | undefined;
} & ({ name: string; local: string; prefix: string; ns: string; qn?: undefined } | { qn: XmlName });

export class XmlElement {
  /**
   * The element's name parts (read them as `name`, `local`, `prefix`, `ns`). One field for the four: every element
   * of a tree is 24 bytes smaller (an 18k-element invoice holds ~0.4 MB less, which the young-generation GC copies).
   */
  readonly qn: XmlName;
  readonly attributes: XmlAttribute[];
  /**
   * Child elements in document order. In a tree from `parseXml`, an element without child elements has a
   * shared frozen empty array here (read it, do not push to it); `new XmlElement(…)` makes a fresh one.
   */
  readonly children: XmlElement[];
  /** Concatenated direct character data (text and CDATA) of this element. */
  text = '';
  readonly line: number;
  readonly column: number;
  parent: XmlElement | null;

  constructor(init: XmlElementInit) {
    this.qn = init.qn !== undefined ? init.qn : { name: init.name, local: init.local, prefix: init.prefix, ns: init.ns };
    this.attributes = init.attributes;
    this.children = init.children ?? [];
    this.line = init.line;
    this.column = init.column;
    this.parent = init.parent;
  }

  /** Qualified name as written in the source. */
  get name(): string {
    return this.qn.name;
  }

  /** Local name (the part after the prefix). */
  get local(): string {
    return this.qn.local;
  }

  /** Prefix ('' when the name has none). */
  get prefix(): string {
    return this.qn.prefix;
  }

  /** Namespace URI ('' for no namespace). */
  get ns(): string {
    return this.qn.ns;
  }

  /** First child element with this local name (and namespace, when given). */
  child(local: string, ns?: string): XmlElement | undefined {
    for (const c of this.children) if (c.local === local && (ns === undefined || c.ns === ns)) return c;
    return undefined;
  }

  /** All child elements, or those with this local name (and namespace). */
  elements(local?: string, ns?: string): XmlElement[] {
    if (local === undefined) return this.children;
    return this.children.filter((c) => c.local === local && (ns === undefined || c.ns === ns));
  }

  /** Follows a chain of local names; returns the first match at each step. */
  find(...locals: string[]): XmlElement | undefined {
    let cur: XmlElement | undefined = this;
    for (const l of locals) {
      cur = cur?.child(l);
      if (!cur) return undefined;
    }
    return cur;
  }

  /** All elements reached by a chain of local names (every match at every step). */
  findAll(...locals: string[]): XmlElement[] {
    let cur: XmlElement[] = [this];
    for (const l of locals) cur = cur.flatMap((e) => e.elements(l));
    return cur;
  }

  /** Trimmed text of the element reached by the chain, or undefined. */
  textAt(...locals: string[]): string | undefined {
    const e = this.find(...locals);
    return e ? e.text.trim() : undefined;
  }

  attr(local: string, ns = ''): string | undefined {
    for (const a of this.attributes) if (a.local === local && a.ns === ns) return a.value;
    return undefined;
  }

  /** Position path in the XPath style the official validators print, e.g. /rsm:X[1]/ram:Y[2]. */
  xpath(): string {
    const parts: string[] = [];
    let cur: XmlElement | null = this;
    while (cur) {
      const p: XmlElement | null = cur.parent;
      let idx = 1;
      if (p)
        for (const s of p.children) {
          if (s === cur) break;
          if (s.local === cur.local && s.ns === cur.ns) idx++;
        }
      parts.push(`${cur.name}[${idx}]`);
      cur = p;
    }
    return '/' + parts.reverse().join('/');
  }

  /** Walks this element and all descendants in document order. */
  *descendants(): Generator<XmlElement> {
    const stack: XmlElement[] = [this];
    while (stack.length) {
      const e = stack.pop()!;
      yield e;
      for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i]!);
    }
  }
}

export interface XmlDocument {
  root: XmlElement;
  /** Processing instructions seen before/inside the document: target and body. */
  processingInstructions: { target: string; body: string; line: number }[];
  /** How many elements the tree holds, root included (parseXml counts them while building; absent on hand-made documents). */
  elementCount?: number | undefined;
}
