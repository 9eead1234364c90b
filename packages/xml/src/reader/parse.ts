/** parseXml: the hardened reader every Kontor parser uses (no DTD, no entities, bounded size/depth/count). */
import { KontorXmlError } from '../errors';
import { NO_CHILDREN, XmlElement, type XmlDocument } from './element';
import { defaultXmlLimits, inputSizeFor, type XmlLimits } from './limits';
import { createHardenedParser } from './sax';
import { decodeXmlPieces, joinPieces } from './decode';

export type XmlInput = string | Uint8Array;

/**
 * A document decoded once (decodeXmlInput) for readers that each take the same text: the tree (parseXml) and the
 * native XSD step (SchemaStore.validate). The text is kept in the pieces decodeXmlPieces gives (a large UTF-8
 * document with a few characters beyond Latin-1 stays one-byte text in its ASCII stretches); `text` joins them on
 * first use, for a reader that needs one string.
 * @example
 * ```ts
 * const d = decodeXmlInput(bytes, 5_000_000);       // size, encoding, BOM and emptiness checked once
 * const { root } = parseXml(d);                      // the tree, piece by piece
 * store.validate('cii-d16b', d);                     // the XSD step over the same text
 * ```
 */
export class DecodedXml {
  readonly pieces: readonly string[];
  /**
   * Per piece, the input's own bytes of a one-byte piece (an ASCII stretch), else null: the reader checks long text
   * runs in them a word at a time. A view of the caller's input, not a copy: do not change the input while reading.
   */
  readonly pieceBytes: readonly (Uint8Array | null)[];
  /** The size of the bytes it was decoded from (undefined for a string). */
  private readonly bytes: number | undefined;
  private joined: string | undefined;

  constructor(pieces: readonly string[], bytes?: number, pieceBytes?: readonly (Uint8Array | null)[]) {
    this.pieces = pieces;
    this.bytes = bytes;
    this.pieceBytes = pieceBytes ?? pieces.map(() => null);
  }

  /** The whole text (the pieces joined once). */
  get text(): string {
    if (this.joined === undefined) this.joined = joinPieces(this.pieces);
    return this.joined;
  }

  /** As inputSizeFor: the size of the bytes decoded, or the text's UTF-8 size as far as a limit of maxBytes needs it. */
  sizeFor(maxBytes: number): number {
    if (this.bytes !== undefined) return this.bytes;
    let length = 0;
    for (const p of this.pieces) length += p.length;
    if (length * 3 <= maxBytes) return length;
    let size = 0;
    for (const p of this.pieces) size += Buffer.byteLength(p, 'utf8');
    return size;
  }
}

/**
 * The input decoded (UTF-8/UTF-16/ISO-8859-1, BOM dropped), size-capped and checked not to be empty: what
 * xmlInputToText gives, in pieces. A DecodedXml is checked against maxBytes and returned as it is.
 * @example
 * ```ts
 * const d = decodeXmlInput(await readFile('invoice.xml'), 5_000_000);
 * d.text.startsWith('<?xml'); // true
 * ```
 */
export function decodeXmlInput(input: XmlInput | DecodedXml, maxBytes: number): DecodedXml {
  if (input instanceof DecodedXml) {
    const size = input.sizeFor(maxBytes);
    if (size > maxBytes) throw new KontorXmlError('XML_TOO_LARGE', `XML input of ${size} bytes exceeds the limit of ${maxBytes} bytes`);
    return input;
  }
  const size = inputSizeFor(input, maxBytes);
  if (size > maxBytes) throw new KontorXmlError('XML_TOO_LARGE', `XML input of ${size} bytes exceeds the limit of ${maxBytes} bytes`);
  const { pieces, bytes } = typeof input === 'string' ? { pieces: [input], bytes: [null] } : decodeXmlPieces(input);
  if (pieces[0]!.charCodeAt(0) === 0xfeff) {
    pieces[0] = pieces[0]!.slice(1);
    bytes[0] = null;
  }
  if (!pieces.some((p) => p.trim() !== '')) throw new KontorXmlError('XML_EMPTY', 'The XML input is empty');
  return new DecodedXml(pieces, typeof input === 'string' ? undefined : input.byteLength, bytes);
}

/**
 * @example
 * ```ts
 * const text = xmlInputToText(await readFile('invoice.xml'), 5_000_000); // decoded (UTF-8/UTF-16/ISO-8859-1), size-capped
 * ```
 */
export function xmlInputToText(input: XmlInput | DecodedXml, maxBytes: number): string {
  return decodeXmlInput(input, maxBytes).text;
}

/** One container text made by LargeTree: the pieces it was made of and the string. */
interface MadeText {
  first: string;
  pieces: string[];
  text: string;
}

/** Documents from this length on (characters) are built with a LargeTree's stacks. */
const LARGE_TREE_FROM = 256 * 1024;
/** Containers with more text pieces after their first child than this get their text made each time. */
const SHARED_MAX_PIECES = 64;
/** Texts kept per depth and number of pieces (containers of different shapes at one depth: with and without comments). */
const SHARED_PER_SLOT = 4;

/** Whether `made` was made of `first` and the n pieces at parts[from…]. */
function madeOf(made: MadeText, first: string, parts: readonly string[], from: number, n: number): boolean {
  if (made.first !== first) return false;
  const pieces = made.pieces;
  for (let k = 0; k < n; k++) if (pieces[k] !== parts[from + k]) return false;
  return true;
}

/**
 * The stacks parseXml builds a large document's tree with, so that its containers hold no more than they need (the
 * tree of a large invoice is copied by each young-generation GC while it is built and validated):
 * - Texts: a container's text is the indentation (and the white space around comments) before each child and before
 *   its end tag; joined with `text += piece` as it came, it was a chain of one string per piece, most of what the tree
 *   held. The pieces after the first child go on a stack and are joined at the end tag, and the containers of one
 *   depth with the same pieces (every invoice line's) share one string.
 * - Children: pushed to an array as they came, a container's child list had room for 17 children from its second on
 *   (V8's growth step); they go on a stack and the list is made at the end tag, of its exact size.
 */
class LargeTree {
  /** Child elements of the open elements, innermost last. */
  private readonly kids: XmlElement[] = [];
  private ktop = 0;
  /** Per open element (by depth): where its children start in `kids`. */
  private readonly kstarts: number[] = [];
  /** Text pieces of the open containers after their first child, innermost last. */
  private readonly parts: string[] = [];
  private top = 0;
  /** Per open element (by depth): where its pieces start in `parts`. */
  private readonly starts: number[] = [];
  private depth = 0;
  /** By depth, then by the number of pieces: the texts made last (at most SHARED_PER_SLOT). */
  private readonly made: (MadeText[] | undefined)[][] = [];
  private evict = 0;

  /** `el` is opened: a child of the open element (`child`), or the root. */
  open(el: XmlElement, child: boolean): void {
    if (child) this.kids[this.ktop++] = el;
    this.starts[this.depth] = this.top;
    this.kstarts[this.depth++] = this.ktop;
  }

  /** A text piece of the open element `el`: a leaf's, and a container's before its first child, added as it comes. */
  text(el: XmlElement, t: string): void {
    if (this.ktop === this.kstarts[this.depth - 1]) el.text += t;
    else this.parts[this.top++] = t;
  }

  /** `el`'s end tag: its child list and its text are made from what the stacks hold for it. */
  close(el: XmlElement): void {
    const d = --this.depth;
    const kfrom = this.kstarts[d]!;
    if (this.ktop !== kfrom) {
      (el as { children: XmlElement[] }).children = this.kids.slice(kfrom, this.ktop);
      this.ktop = kfrom;
    }
    const from = this.starts[d]!;
    if (this.top !== from) this.joinText(el, from);
  }

  /** Gives `el` its text from its pieces parts[from…top) after el.text, and takes them off the stack. */
  private joinText(el: XmlElement, from: number): void {
    const parts = this.parts;
    const n = this.top - from;
    this.top = from;
    const first = el.text;
    const byCount = this.depth < this.made.length ? this.made[this.depth]! : undefined;
    const slot = byCount !== undefined && n < byCount.length ? byCount[n] : undefined;
    if (slot !== undefined)
      for (let i = 0; i < slot.length; i++) {
        const m = slot[i]!;
        if (madeOf(m, first, parts, from, n)) {
          el.text = m.text;
          return;
        }
      }
    let text = first;
    for (let k = from; k < from + n; k++) text += parts[k]!;
    el.text = text;
    if (n <= SHARED_MAX_PIECES) this.keep({ first, pieces: parts.slice(from, from + n), text }, n, slot);
  }

  private keep(m: MadeText, n: number, slot: MadeText[] | undefined): void {
    if (slot === undefined) {
      while (this.made.length <= this.depth) this.made.push([]);
      const byCount = this.made[this.depth]!;
      while (byCount.length <= n) byCount.push(undefined);
      byCount[n] = [m];
    } else if (slot.length < SHARED_PER_SLOT) slot.push(m);
    else slot[this.evict++ % SHARED_PER_SLOT] = m;
  }
}

/**
 * @example
 * ```ts
 * const { root } = parseXml('<Invoice xmlns="urn:x"><ID>RE-1</ID></Invoice>', { maxBytes: 5_000_000 });
 * console.log(root.find('ID')?.text); // 'RE-1' — DOCTYPE and entities are refused (KontorXmlError)
 * ```
 */
export function parseXml(input: XmlInput | DecodedXml, limits: Partial<XmlLimits> = {}): XmlDocument {
  const lim: XmlLimits = { ...defaultXmlLimits, ...limits };
  const decoded = decodeXmlInput(input, lim.maxBytes);
  const pieces = decoded.pieces;
  const pieceBytes = decoded.pieceBytes;
  let root: XmlElement | null = null;
  let current: XmlElement | null = null;
  let count = 0;
  const maxElements = lim.maxElements;
  const pis: XmlDocument['processingInstructions'] = [];
  let length = 0;
  for (let i = 0; i < pieces.length; i++) length += pieces[i]!.length;
  // A small document's containers are few: their children and texts are added as they come (no stacks to keep).
  const big = length >= LARGE_TREE_FROM ? new LargeTree() : null;
  const parser = createHardenedParser(lim, {
    open(_name, _local, _prefix, _ns, attributes, line, column, qn) {
      if (++count > maxElements) throw new KontorXmlError('XML_TOO_MANY_NODES', `More than ${maxElements} elements`, { location: { line, column } });
      // Leaves keep the shared empty child list; an element gets its own array with its first child (in a large
      // document: at its end tag, see LargeTree).
      const el = new XmlElement({ qn, attributes, line, column, parent: current, children: NO_CHILDREN });
      if (big !== null) big.open(el, current !== null);
      else if (current) {
        if (current.children === NO_CHILDREN) (current as { children: XmlElement[] }).children = [el];
        else current.children.push(el);
      }
      if (!current) root = el;
      current = el;
    },
    close() {
      const el = current;
      if (el === null) return;
      if (big !== null) big.close(el);
      current = el.parent;
    },
    text(t) {
      const el = current;
      if (el === null) return;
      // As it comes; in a large document a container's text after its first child at its end tag (LargeTree).
      if (big === null) el.text += t;
      else big.text(el, t);
    },
    pi(target, body, line) {
      pis.push({ target, body, line });
    },
  });
  for (let i = 0; i < pieces.length; i++) parser.write(pieces[i]!, pieceBytes[i] ?? undefined);
  parser.close();
  if (!root) throw new KontorXmlError('XML_MALFORMED', 'No root element');
  return { root, processingInstructions: pis, elementCount: count };
}
