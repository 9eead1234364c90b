/**
 * Kontor's own XML 1.0 (5th ed.) + Namespaces tokenizer: the hardened reader's parser (no DTD, no entities
 * beyond the five predefined ones and character references).
 *
 * It works on decoded string chunks (`write(chunk)` … `close()`) and reports start tags (names shared per parse,
 * namespace URIs internalized, attributes, the position of the start tag), end tags, text (entity and character
 * references resolved, CR/CRLF → LF, attribute values normalised) and processing instructions. Its events,
 * refusals, error codes and error positions are those of the saxes-based reader it replaced (tokenizer.test.ts
 * and tokenizer-corpus.test.ts hold both against each other: edge cases in every chunking, the corpus, mutations),
 * with two deliberate differences: an unpaired surrogate is refused (XML_MALFORMED at that character) instead of
 * being read together with the next character as saxes did; and the old reader's test for "entity" anywhere in a
 * message made XML_ENTITY_FORBIDDEN of an unclosed or unbound name such as cac:PartyLegalEntity (XML_MALFORMED here).
 *
 * How it is fast: text, attribute values and names are scanned with charCodeAt loops over a class table (long
 * text runs in native code: a sticky pattern, or — in one-byte input, where V8 runs that pattern slowly — indexOf
 * of the next "<" and one search over the cut-out run) and cut out with one `slice`; lines are counted in those
 * loops (columns are indexes minus the start of the line, corrected for surrogate pairs); end tags are compared
 * with the open tag's name (a cut-out compared with `===`); a start tag is first compared with the name that followed
 * the previous start tag's name last time, else its name is looked up in a per-parse cache by a hash computed
 * while scanning (no slice, no Map lookup for a name seen before); a tag without namespace declarations shares
 * its parent's namespace scope, and a prefixed name remembers its URI in the last scope it was resolved in.
 * Repeated structures: what followed a start or end tag last time in the current input — no text or a line break
 * with indentation, then a tag whose name the fast path read — is compared with the source after that tag as one
 * string, so a match is its text event and the next tag's name at once (an end tag only when it closes the open
 * element it closed then).
 *
 * Chunks: a token cut by the end of a chunk is kept (from its start, or — inside a start tag — from the
 * attribute being read) and read again once more input arrived; the retry waits until the kept part at least
 * doubled, so a huge token fed in tiny chunks is read a bounded number of times (linear overall). Text is
 * consumed as it comes, so a large text node is scanned once. Events do not depend on where chunks end.
 */
import { KontorXmlError } from '../errors';
import type { XmlErrorCode } from '../errors';
import type { XmlAttribute, XmlName } from './element';
import type { XmlLimits } from './limits';

/** The parser's events: called as methods of the handler object (`this` is that object). */
export interface SaxHandlers {
  /**
   * A start tag: qualified name, local name, prefix, namespace URI (internalized), its attributes without
   * namespace declarations, and the position right after the character that ends the tag's name (saxes'
   * "opentagstart" position, kept for stable positions; column at least 1); last, the four name parts as one
   * record, the same object for the start tags of this name in the parse while its namespace stays the same
   * (XmlElement keeps it).
   */
  open(name: string, local: string, prefix: string, ns: string, attributes: XmlAttribute[], line: number, column: number, qn: XmlName): void;
  close(): void;
  text(text: string): void;
  pi?(target: string, body: string, line: number): void;
}

/** The parser behind the hardened readers: feed decoded text, then close. */
export interface HardenedParser {
  /**
   * `bytes`, when given, are the chunk's characters as bytes (a one-byte string: `chunk.charCodeAt(i) === bytes[i]`),
   * e.g. the input's own bytes of an ASCII stretch: long text runs (base64 attachments) are then checked a 32-bit
   * word at a time. They must not change while the parser reads them (during this call).
   */
  write(chunk: string, bytes?: Uint8Array): void;
  close(): void;
}

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

const EOC = -1;
const NL = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const SPACE = 0x20;
const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SEMI = 0x3b;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUAL = 0x3d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const RBRACKET = 0x5d;
const LBRACKET = 0x5b;
const MINUS = 0x2d;
const NEL = 0x85;
const LS = 0x2028;

// ------------------------------------------------------------------ character classes

/** Text of XML 1.0: 0 ordinary, 1 needs a closer look (markup, references, CR, controls, surrogates, U+FFFE/F), 2 LF. */
const TEXT10 = new Uint8Array(0x10000);
/** Text of XML 1.1 (saxes' getCode11): also C1 controls, NEL and LS need a closer look. */
const TEXT11 = new Uint8Array(0x10000);
for (let c = 0; c < 0x20; c++) TEXT10[c] = TEXT11[c] = 1;
TEXT10[TAB] = TEXT11[TAB] = 0;
TEXT10[NL] = TEXT11[NL] = 2;
for (const c of [LT, AMP, RBRACKET]) TEXT10[c] = TEXT11[c] = 1;
for (let c = 0xd800; c < 0xe000; c++) TEXT10[c] = TEXT11[c] = 1;
TEXT10[0xfffe] = TEXT10[0xffff] = TEXT11[0xfffe] = TEXT11[0xffff] = 1;
for (let c = 0x7f; c <= 0x9f; c++) TEXT11[c] = 1;
TEXT11[LS] = 1;

/** After this many ordinary characters in a row, text is scanned by a sticky pattern (native code) instead. */
const LONG_RUN = 64;

/** Indentation up to this many spaces or tabs after its line break is read as a shared string (indentOf). */
const INDENT_MAX = 120;
const INDENT_SPACES: (string | undefined)[] = [];
const INDENT_TABS: (string | undefined)[] = [];
/**
 * "\n" and m spaces (or m tabs): one string per kind for every document, so the indentation a document repeats on
 * every line is not a new string each time (a large invoice's tree keeps it for each container), and its containers'
 * texts compare by reference (parseXml's LargeTree).
 */
function indentOf(tabs: boolean, m: number): string {
  const table = tabs ? INDENT_TABS : INDENT_SPACES;
  let t = table[m];
  if (t === undefined) {
    while (table.length <= m) table.push(undefined);
    t = table[m] = `\n${(tabs ? '\t' : ' ').repeat(m)}`;
  }
  return t;
}
/** Ordinary text characters incl. LF (TEXT10 / TEXT11 value 0 or 2): `lastIndex` after `test` is where a run ends. */
const TEXT_RUN10 = /[^<&\]\r\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]*/y;
const TEXT_RUN11 = /[^<&\]\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\ud800-\udfff\ufffe\uffff]*/y;
/**
 * A run at least this long up to the next "<" is checked on its own (a base64 attachment) when the input is held
 * as a one-byte string: V8's regexp runs the negated sticky class above about 4× slower on one-byte strings than
 * on two-byte ones, while a search for the first character needing a closer look (TEXT_STOP) in the cut-out run
 * is fast on both.
 */
const LONG_SPAN = 1024;
/** The characters that end a run of ordinary text, except "<" (TEXT10 / TEXT11 value 1; those beyond Latin-1 are kept for completeness, the run is only searched this way when there are none). */
const TEXT_STOP10 = /[&\]\r\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]/;
const TEXT_STOP11 = /[&\]\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\ud800-\udfff\ufffe\uffff]/;
/** A character beyond Latin-1: V8 answers at once for a one-byte string. */
const WIDE = /[^\x00-\xff]/;

/** Attribute values (XML 1.0): 0 ordinary, 1 closer look (quotes, "<", "&", TAB/LF/CR, controls, surrogates). */
const ATTR10 = new Uint8Array(0x10000);
const ATTR11 = new Uint8Array(0x10000);
for (let c = 0; c < 0x20; c++) ATTR10[c] = ATTR11[c] = 1;
for (const c of [LT, AMP, DQUOTE, SQUOTE]) ATTR10[c] = ATTR11[c] = 1;
for (let c = 0xd800; c < 0xe000; c++) ATTR10[c] = ATTR11[c] = 1;
ATTR10[0xfffe] = ATTR10[0xffff] = ATTR11[0xfffe] = ATTR11[0xffff] = 1;
for (let c = 0x7f; c <= 0x9f; c++) ATTR11[c] = 1;
ATTR11[LS] = 1;

/** ASCII name characters: 1 NameChar, 2 NameStartChar (with ":"). */
const NAME_ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x3a || c === 0x5f) NAME_ASCII[c] = 2;
  else if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e) NAME_ASCII[c] = 1;
}

/** NameStartChar of XML 1.0 5th ed. (with ":"), by code point. */
function isNameStartChar(c: number): boolean {
  if (c < 128) return c >= 0 && NAME_ASCII[c] === 2;
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    (c >= 0x200c && c <= 0x200d) ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0xeffff)
  );
}

/** NameChar of XML 1.0 5th ed. (with ":"). */
function isNameChar(c: number): boolean {
  if (c < 128) return c >= 0 && NAME_ASCII[c] !== 0;
  return isNameStartChar(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || (c >= 0x203f && c <= 0x2040);
}

const isNCNameStartChar = (c: number): boolean => c !== 0x3a && isNameStartChar(c);
const isNCNameChar = (c: number): boolean => c !== 0x3a && isNameChar(c);
const isS = (c: number): boolean => c === SPACE || c === NL || c === TAB || c === CR;

function isChar10(n: number): boolean {
  return n === 0x9 || n === 0xa || n === 0xd || (n >= 0x20 && n <= 0xd7ff) || (n >= 0xe000 && n <= 0xfffd) || (n >= 0x10000 && n <= 0x10ffff);
}
function isChar11(n: number): boolean {
  return (n >= 0x1 && n <= 0xd7ff) || (n >= 0xe000 && n <= 0xfffd) || (n >= 0x10000 && n <= 0x10ffff);
}

const PREDEFINED: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, { amp: '&', gt: '>', lt: '<', quot: '"', apos: "'" });

// ------------------------------------------------------------------ names

/**
 * Shorter cut-outs are copies (V8 makes a slice of at least 13 characters a small view into its parent string, a
 * shorter one a fresh copy of its characters).
 */
const SHORT_CUT = 13;

/**
 * `s.startsWith(name, from)` for a name that fits in s from `from` on. A short name (most element names, e.g.
 * pain.001's) by a charCodeAt loop, which allocates nothing; a longer one (a Follow: indentation and the next
 * tag's name, ~37 characters on average in a CII invoice) as a cut-out compared with `===` (native code on both
 * sides): measured ~2x faster than startsWith and ~2.5x faster than a charCodeAt loop there, and such a cut-out
 * is a fixed-size view, not a copy.
 */
function sameAt(s: string, name: string, from: number): boolean {
  const n = name.length;
  if (n < SHORT_CUT) {
    for (let k = 0; k < n; k++) if (s.charCodeAt(from + k) !== name.charCodeAt(k)) return false;
    return true;
  }
  return s.slice(from, from + n) === name;
}

/**
 * `s.startsWith(src, from)` as a cut-out compared with `===`, at any length: the Follow comparison (a tag's name,
 * with the indentation before it if any). A charCodeAt loop there (sameAt) saved allocation in a compact pain.001
 * (47 → 32 MB per 20k call) but made the streaming read of a compact camt.053 ~20 % slower, where the garbage
 * costs next to nothing.
 */
function sameCut(s: string, src: string, from: number): boolean {
  return s.slice(from, from + src.length) === src;
}

/**
 * The engine's own copy of a string (the one source literals such as 'ID' or a namespace URI constant already
 * are): comparing two such strings is a pointer comparison. Property keys are internalized.
 */
function internalize(s: string): string {
  const o: Record<string, 0> = Object.create(null) as Record<string, 0>;
  o[s] = 0;
  for (const k in o) return k;
  return s;
}

/** A name split as Namespaces in XML does (immutable; shared by every parse of the process when interned). */
interface NameParts {
  name: string;
  local: string;
  prefix: string;
  bad: boolean;
  /** Next entry in the same slot of the process-wide table. */
  next: NameParts | null;
}

/**
 * Names of the process, interned: the parts of each element and attribute name seen are the engine's own strings
 * (internalize), so a consumer that compares them with source literals ('ram:ID', 'ID') or uses them as Map/object
 * keys matches by pointer instead of comparing characters — in every later parse too. Each parse still keeps its
 * own name records (with their per-parse memos); only these immutable parts are shared. A cache, not state: a parse
 * sees equal strings either way. Bounded in entries and name length, so documents with many or long names cannot
 * grow it (past the bound a name is split per parse, as before). A hash table by the hash the tokenizer computes
 * while it scans a name, compared in place (no cut-out, no Map hashing for a name the process has seen); its
 * chains are bounded too (names colliding beyond CHAIN_MAX are split per parse), so crafted collisions cost at
 * most CHAIN_MAX comparisons per new name.
 */
export const SHARED_NAMES_MAX = 16_384;
const SHARED_NAME_LENGTH_MAX = 80;
const SHARED_SLOTS = 16_384;
/** Entries per hash slot at most (process-wide and per-parse tables). */
const CHAIN_MAX = 8;
const SHARED_TABLE: (NameParts | null)[] = new Array<NameParts | null>(SHARED_SLOTS).fill(null);
const shared = { count: 0 };

/** How many names the process-wide table holds (for tests). */
export function sharedNameCount(): number {
  return shared.count;
}

/**
 * Namespace URIs of the process, interned (as names are, see above): a document's declarations find the engine's
 * own copy without making it again (~0.3 µs per URI and parse). A cache, not state: a parse sees equal strings either
 * way; bounded in entries and length (past the bound a URI is interned per parse, as before).
 */
const SHARED_URIS_MAX = 1024;
const SHARED_URI_LENGTH_MAX = 200;
const SHARED_URIS = new Map<string, string>();

function splitName(name: string): NameParts {
  const colon = name.indexOf(':');
  return colon === -1
    ? { name, local: name, prefix: '', bad: false, next: null }
    : { name, local: name.slice(colon + 1), prefix: name.slice(0, colon), bad: colon === 0 || colon === name.length - 1 || name.indexOf(':', colon + 1) !== -1, next: null };
}

/** The parts of the name s[from, to), whose characters hash to `hash` (as the tokenizer computes it). */
function namePartsAt(s: string, from: number, to: number, hash: number): NameParts {
  const len = to - from;
  if (len > SHARED_NAME_LENGTH_MAX) return splitName(s.slice(from, to));
  const slot = (hash ^ (hash >>> 14)) & (SHARED_SLOTS - 1);
  let depth = 0;
  for (let e: NameParts | null = SHARED_TABLE[slot]!; e !== null; e = e.next) {
    if (e.name.length === len && sameAt(s, e.name, from)) return e;
    depth++;
  }
  const n = splitName(s.slice(from, to));
  if (shared.count >= SHARED_NAMES_MAX || depth >= CHAIN_MAX) return n;
  const parts: NameParts = { name: internalize(n.name), local: internalize(n.local), prefix: n.prefix === '' ? '' : internalize(n.prefix), bad: n.bad, next: SHARED_TABLE[slot]! };
  SHARED_TABLE[slot] = parts;
  shared.count++;
  return parts;
}

interface QName {
  name: string;
  local: string;
  prefix: string;
  /** Not a QName of Namespaces in XML (":" first or last, or twice). */
  bad: boolean;
  /** Next entry with the same hash slot. */
  next: QName | null;
  /** The start tag read right after the last start tag of this name (an ASCII name read by the fast path): the guess for next time. */
  follow: QName | null;
  /** The last namespace scope this prefixed element name was resolved in, and the URI it got there (scopes do not change). */
  scope: Scope | null;
  uri: string;
  /** What followed this element's start tag last time, and what followed its end (see Follow). */
  afterOpen: Follow | null;
  afterClose: Follow | null;
  /** The name parts with the URI this name got last (a start tag's record for its handler; scopes do not change). */
  rec: XmlName | null;
}

/**
 * Indentation and the tag after it, as they followed a tag last time in the current input (repeated structures
 * such as invoice lines): compared in place as one string, a match is the text event and the next tag's name read
 * at once. Only recorded for a line break followed by spaces and tabs, then a tag whose name the fast path read.
 */
interface Follow {
  /** The source from right after the tag's ">" through the next tag's name and the character after it. */
  src: string;
  /** The text up to "<" (the text event: a line break, then spaces and tabs). */
  text: string;
  /** The next tag's name (a start tag), or the open element it ends (an end tag). */
  q: QName;
  /** The next tag is an end tag. */
  end: boolean;
  /** The character after the name (">", " ", "/" or TAB). */
  c: number;
  /** Length of this Follow's own source (`src` is longer when it holds a pair). */
  own: number;
  /**
   * The Follow taken right where this one's tag ended last time (its tag ended with its name: an end tag, or a
   * start tag without attributes); `src` then holds both sources, compared at once — in repeated structures,
   * chains of tags without text between them take one comparison per two tags. Only for sources of at least
   * SHORT_CUT characters with indentation: a shorter cut-out is a flat copy that V8 compares quicker than a long
   * one, and the bookkeeping cost a compact pain.001 or camt.053 more than it saved.
   */
  pair: Follow | null;
}

/** Namespace scope: the default namespace and the prefixes in effect (a prototype chain of declarations). */
interface Scope {
  dflt: string;
  prefixes: Record<string, string>;
}

const ROOT_PREFIXES: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, { xml: XML_NAMESPACE, xmlns: XMLNS_NAMESPACE });

const NO_ATTRIBUTES = Object.freeze([]) as unknown as XmlAttribute[];

// ------------------------------------------------------------------ modes

/** Before anything (a BOM, leading whitespace). */
const M_BEGIN = 0;
/** Character data (inside or outside the root). */
const M_TEXT = 1;
/** Right after "<". */
const M_MARKUP = 2;
/** Inside a start tag after its name (attribute by attribute). */
const M_ATTRS = 3;

/** Start-tag sub-states, as saxes names them. */
const T_ATTRIB = 0;
const T_VALUE_CLOSED = 1;
const T_SLASH = 2;

/** Names of a parse kept in its hash table (the rest in a Map). */
const QTABLE_MAX = 4096;

/** A position no token is at (positions tested against it are at least -2). */
const NOWHERE = -10;

/** Returned by a token reader that ran out of input. */
const NEED = -1;

export function createHardenedParser(limits: XmlLimits, h: SaxHandlers): HardenedParser {
  return new Tokenizer(limits, h);
}

class Tokenizer implements HardenedParser {
  private readonly h: SaxHandlers;
  private readonly maxDepth: number;
  private readonly maxAttributes: number;

  // input
  private s = '';
  private i = 0;
  private final = false;
  private parts: string[] = [];
  private partsLen = 0;
  /** The bytes of the single part written last (see write), else null. */
  private partBytes: Uint8Array | null = null;
  /** The bytes of the current input `s` (s.charCodeAt(i) === sb[i]), when known; null otherwise. */
  private sb: Uint8Array | null = null;
  /** sb's whole 32-bit words (those starting at sbW0 + 4k), made on the first long run of the input. */
  private sbWords: Int32Array | null = null;
  private sbW0 = 0;
  private needLen = 0;
  private started = false;
  private closed = false;

  // position: line, index where the line starts (in s), surrogate pairs on the line so far
  private line = 1;
  private ls = 0;
  private pa = 0;

  // document state
  private mode = M_BEGIN;
  private v11 = false;
  private sawRoot = false;
  private closedRoot = false;
  private xmlDeclPossible = true;
  /** Open elements: names and namespace scopes (parallel arrays, `sp` of them in use). */
  private readonly stackQ: QName[] = [];
  /** stackScope[k + 1] is the scope of stackQ[k]; stackScope[0] the scope outside the root (no branch for it). */
  private readonly stackScope: Scope[] = [{ dflt: '', prefixes: ROOT_PREFIXES }];
  private sp = 0;
  private depth = 0;
  private pending = '';
  /** "]" just before the end of the text read so far (for "]]>"), 0–2. */
  private fb = 0;
  /** Text outside the root read so far contains a non-space character. */
  private nonSpace = false;

  // the start tag being read
  private ts = T_ATTRIB;
  private tagQ: QName | null = null;
  private tagLine = 1;
  private tagColumn = 1;
  private attrCount = 0;
  private attrNames: QName[] = [];
  private attrValues: string[] = [];
  private declares = false;

  // names and URIs of this parse
  /** Holes for empty slots: a fresh holey array is ~0.8 µs, one filled with null ~5 µs (per parse: ~5 % of a 14 KB invoice). */
  private readonly qtable: (QName | undefined)[] = new Array<QName | undefined>(1024);
  private qcount = 0;
  private readonly qmap = new Map<string, QName>();
  private readonly uris = new Map<string, string>();

  constructor(limits: XmlLimits, h: SaxHandlers) {
    this.h = h;
    this.maxDepth = limits.maxDepth;
    this.maxAttributes = limits.maxAttributes;
  }

  // ---------------------------------------------------------------- input

  write(chunk: string, bytes?: Uint8Array): void {
    if (this.closed) this.fail('cannot write after close.');
    if (chunk.length === 0) return;
    this.partBytes = bytes !== undefined && bytes.length === chunk.length && this.parts.length === 0 ? bytes : null;
    if (this.partsLen + chunk.length < this.needLen) {
      this.parts.push(chunk);
      this.partsLen += chunk.length;
      return;
    }
    this.parts.push(chunk);
    this.run();
  }

  close(): void {
    if (this.closed) this.fail('cannot write after close.');
    this.final = true;
    this.run();
    // Text outside the root that runs to the end of the input (saxes reports it at the end of its last chunk).
    if (this.mode === M_TEXT && this.sp === 0) this.outsideRoot();
    this.end();
    this.closed = true;
  }

  /** Reads what the kept part and the new chunks hold; keeps an unfinished token for the next write. */
  private run(): void {
    const parts = this.parts;
    const s = parts.length === 1 ? parts[0]! : parts.join('');
    // Bytes only for an input that is exactly the part they came with (not joined with a kept token).
    this.sb = parts.length === 1 ? this.partBytes : null;
    this.sbWords = null;
    this.partBytes = null;
    parts.length = 0; // the same array (one elements kind, one map for compiled code), not a new empty one
    this.partsLen = 0;
    this.needLen = 0;
    this.s = s;
    this.i = 0;
    this.nlAt = -2;
    this.ltAt = -2;
    this.wideS = -1;
    this.newInput();
    const n = s.length;
    let p = 0;
    if (!this.started && n > 0) {
      this.started = true;
      // saxes skips a leading byte order mark, counting it as a column.
      if (s.charCodeAt(0) === 0xfeff) p = 1;
    }
    // The prolog and the root's start tag by a loop of their own, the rest by another. What happens once per document
    // (BOM, XML declaration, the root's namespace declarations) happens in a process's first document before
    // compiled code has feedback for it; in the loop that reads the document it would throw that code away in the
    // next document (and the next would run uncompiled until compiled again). Neither loop holds more than its loop.
    if (this.sp === 0 && !this.closedRoot) p = this.prolog(n, p);
    if (p !== NEED) p = this.body(n, p);
    if (p === NEED) {
      if (this.final) return; // at the end of the input: end() reports it
      // Keep the unfinished token (the readers left the position at its start) for the next write.
      const keep = n - this.i;
      this.keep(s, this.i);
      this.needLen = keep * 2 + 1;
      return;
    }
    this.keep(s, n);
  }

  /** Reads one token (or text run) at p in the current mode; returns where it stopped, or NEED. */
  private step(p: number): number {
    switch (this.mode) {
      case M_TEXT:
        return this.readText(p);
      case M_MARKUP:
        return this.readMarkup(p);
      case M_ATTRS:
        return this.readAttrs(p);
      default:
        return this.readBegin(p);
    }
  }

  /** Reads from p up to the end of the root's start tag (or of the input); returns where it stopped, or NEED. */
  private prolog(n: number, p: number): number {
    while (p < n && this.sp === 0 && !this.closedRoot) {
      const q = this.step(p);
      if (q === NEED) return NEED;
      p = q;
    }
    return p;
  }

  /** Reads from p to the end of the input; returns n, or NEED (the readers left this.i at the unfinished token). */
  private body(n: number, p: number): number {
    while (p < n) {
      const q = this.step(p);
      if (q === NEED) return NEED;
      p = q;
    }
    return n;
  }

  private keep(s: string, from: number): void {
    if (from < s.length) {
      this.parts.push(s.slice(from));
      this.partsLen = s.length - from;
    }
    this.ls -= from;
    this.s = '';
    this.i = 0;
  }

  // ---------------------------------------------------------------- errors and positions

  private fail(message: string, code: XmlErrorCode = 'XML_MALFORMED'): never {
    const column = this.i - this.ls - this.pa;
    const msg = code === 'XML_ENTITY_FORBIDDEN' ? `Entity references are not allowed: ${message}` : `Malformed XML: ${message}`;
    throw new KontorXmlError(code, msg, { location: { line: this.line, column } });
  }

  /**
   * One character at `this.i` with saxes' getCode semantics: returns its code point (NL for any line break,
   * CRLF read as one), or EOC when the input ends (or a CR / high surrogate ends a chunk that is not the last).
   * Refuses characters outside XML's Char production with the position right after them.
   */
  private next(): number {
    const s = this.s;
    const i = this.i;
    if (i >= s.length) return EOC;
    const c = s.charCodeAt(i);
    if (c < 0xd800) {
      if (this.v11) {
        if ((c > 0x1f && c < 0x7f) || (c > 0x9f && c !== LS) || c === TAB) {
          this.i = i + 1;
          return c;
        }
      } else if (c >= SPACE || c === TAB) {
        this.i = i + 1;
        return c;
      }
      if (c === NL || c === NEL || c === LS) {
        // NEL and LS reach here only for XML 1.1 (they are ordinary characters in XML 1.0).
        this.i = i + 1;
        this.newline(i + 1);
        return NL;
      }
      if (c === CR) {
        if (i + 1 >= s.length && !this.final) return EOC;
        const d = s.charCodeAt(i + 1);
        this.i = d === NL || (this.v11 && d === NEL) ? i + 2 : i + 1;
        this.newline(this.i);
        return NL;
      }
      this.i = i + 1;
      return this.fail('disallowed character.');
    }
    if (c <= 0xdbff) {
      if (i + 1 >= s.length && !this.final) return EOC;
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        this.i = i + 2;
        this.pa++;
        return 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      }
      this.i = i + 1;
      return this.fail('disallowed character (unpaired surrogate).');
    }
    this.i = i + 1;
    if (c >= 0xe000 && c <= 0xfffd) return c;
    return this.fail('disallowed character.');
  }

  private newline(at: number): void {
    this.line++;
    this.ls = at;
    this.pa = 0;
  }

  /** Skips white space (saxes' skipSpaces): the first other character, or EOC. */
  private skipSpaces(): number {
    for (;;) {
      const c = this.next();
      if (c === EOC || !isS(c)) return c;
    }
  }

  /** Steps back over one character just read (not a line break). */
  private unget(prev: number): void {
    if (this.i - prev === 2) this.pa--;
    this.i = prev;
  }

  // ---------------------------------------------------------------- the start of the document

  private readBegin(p: number): number {
    this.i = p;
    let c: number;
    for (;;) {
      const at = this.i;
      c = this.next();
      if (c === EOC) return NEED;
      if (!isS(c)) {
        if (c === LT) {
          this.mode = M_MARKUP;
          return this.i;
        }
        this.unget(at);
        this.xmlDeclPossible = false;
        this.mode = M_TEXT;
        return this.i;
      }
      this.xmlDeclPossible = false;
    }
  }

  // ---------------------------------------------------------------- text

  // ---------------------------------------------------------------- follows (indentation and the next tag)

  /** The tag that ended at `afterAt` in the current input (its Follow slot: afterClose when `afterEnd`). */
  private afterQ: QName | null = null;
  private afterEnd = false;
  private afterAt = NOWHERE;
  /** Pure indentation from `afterAt` up to a "<" at `indentLt` (its text event `indentText`): a Follow to record once the tag's name is read. */
  private indentLt = NOWHERE;
  private indentText = '';
  /** Names holding a Follow of the current input (cleared with the input: no old input is kept alive by them). */
  private followed: QName[] = [];
  /** A Follow whose own source is known to be at `pairedAt` in the current input (compared with the one before it). */
  private paired: Follow | null = null;
  private pairedAt = NOWHERE;
  /** The Follow of at least SHORT_CUT characters taken last, and where its own source ended in the current input. */
  private taken: Follow | null = null;
  private takenEnd = NOWHERE;

  private newInput(): void {
    this.afterAt = NOWHERE;
    this.indentLt = NOWHERE;
    this.paired = this.taken = null;
    this.pairedAt = this.takenEnd = NOWHERE;
    const f = this.followed;
    if (f.length !== 0) {
      for (let k = 0; k < f.length; k++) f[k]!.afterOpen = f[k]!.afterClose = null;
      f.length = 0;
    }
  }

  /** A tag ended (this.i is right after its ">"): text that follows is compared with what followed it last time. */
  private after(q: QName, end: boolean): void {
    this.afterQ = q;
    this.afterEnd = end;
    this.afterAt = this.i;
  }

  /** The tag whose name ends right before this.i (its "<" at lt) followed pure indentation after a tag: remember it. */
  private record(q: QName, end: boolean, c: number): void {
    this.indentLt = NOWHERE;
    const owner = this.afterQ!;
    const src = this.s.slice(this.afterAt, this.i);
    const f: Follow = { src, text: this.indentText, q, end, c, own: src.length, pair: null };
    if (owner.afterOpen === null && owner.afterClose === null) this.followed.push(owner);
    if (this.afterEnd) owner.afterClose = f;
    else owner.afterOpen = f;
  }

  /**
   * A Follow of at least SHORT_CUT characters taken at p (its own source ends at e; `whole`: its whole source was
   * compared): taken right where the one before ended, the two become a pair (that one's source holds both, see
   * Follow.pair); and the second of a pair compared whole is known to be at e.
   */
  private chain(f: Follow, p: number, e: number, whole: boolean): void {
    const t = this.taken;
    if (t !== null && this.takenEnd === p && t.pair === null) {
      t.pair = f;
      t.src = this.s.slice(p - t.own, e);
    }
    this.taken = f;
    this.takenEnd = e;
    if (whole && f.pair !== null) {
      this.paired = f.pair;
      this.pairedAt = e;
    }
  }

  /**
   * A Follow matched at p, its whole source when `whole` (then a pair's second is known to be at its place), else
   * its own: its text event, then its tag as the tag readers read it.
   */
  private takeFollow(f: Follow, p: number, whole: boolean): number {
    const e = p + f.own;
    if (f.text.length !== 0) {
      // Indentation before the tag (pairs only there: a compact document's Follows are mostly shorter than SHORT_CUT).
      if (e - p >= SHORT_CUT) this.chain(f, p, e, whole);
      // The next line starts after the indentation's line break: LF, or CR LF (read as its LF).
      this.line++;
      this.ls = f.src.charCodeAt(0) === CR ? p + 2 : p + 1;
      this.pa = 0;
      this.h.text(f.text);
    }
    this.i = e;
    if (f.end) {
      this.closeTop(true);
      return e;
    }
    const last = this.lastQ;
    if (last !== null) last.follow = f.q;
    this.lastQ = f.q;
    return this.startTagNamed(f.q, f.c);
  }

  /** Character data up to "<" (consumed), with references resolved and line breaks normalised. */
  private readText(p: number): number {
    const s = this.s;
    const n = s.length;
    if (p === this.afterAt && this.sp !== 0) {
      // Right after a tag inside the root: the indentation and tag that followed it last time, compared at once.
      const f = this.afterEnd ? this.afterQ!.afterClose : this.afterQ!.afterOpen;
      if (f !== null) {
        // Known to be here (the second of a pair that matched), or compared (a pair: both at once; a pair that does
        // not match is a miss, read as any text is, which records what followed this time).
        const known = f === this.paired && p === this.pairedAt;
        const src = f.src;
        const e = p + src.length;
        if (known || (e <= n && s.charCodeAt(e - 2) === src.charCodeAt(src.length - 2) && sameCut(s, src, p))) {
          if (!f.end || this.stackQ[this.sp - 1] === f.q) return this.takeFollow(f, p, !known);
        }
      }
      // No text at all before the next tag: recorded as a Follow once the tag's name is read.
      if (s.charCodeAt(p) === LT) this.indentLt = p;
    }
    const T = this.v11 ? TEXT11 : TEXT10;
    const inRoot = this.sp !== 0;
    let start = p;
    let j = p;
    let line = this.line;
    let ls = this.ls;
    let pa = this.pa;
    if (this.fb !== 0 && inRoot) {
      // "]" or "]]" ended the previous chunk.
      let k = j;
      while (k < n && s.charCodeAt(k) === RBRACKET) k++;
      const fb = Math.min(2, this.fb + (k - j));
      if (k === n) {
        this.fb = fb;
      } else {
        this.fb = 0;
        if (fb === 2 && s.charCodeAt(k) === GT) {
          this.i = k + 1;
          this.fail('the string "]]>" is disallowed in char data.');
        }
      }
      j = k;
    }
    // Indentation (a line break, then spaces or tabs): the most common text of all, read without the class table.
    // A CR LF that starts the text is read as its LF (the CR left out of the text, as line break normalisation does):
    // Windows-made documents get the indentation path and Follows too.
    let lf = j;
    // The text when it is indentation of a shared kind (indentOf), else null.
    let indent: string | null = null;
    if (lf === start && lf + 1 < n && s.charCodeAt(lf) === CR && s.charCodeAt(lf + 1) === NL) lf++;
    if (lf < n && s.charCodeAt(lf) === NL) {
      const fresh = j === this.afterAt && this.sp !== 0;
      if (lf !== j) start = j = lf;
      j++;
      line++;
      ls = j;
      pa = 0;
      // Bounded by n: a chunk that ends in indentation would read past its end (NaN), which compiled code
      // takes as a reason to throw itself away (out of bounds) in a process's second or third document.
      const from = j;
      let tabs = 0;
      let c = j < n ? s.charCodeAt(j) : -1;
      while (c === SPACE || c === TAB) {
        if (c === TAB) tabs++;
        c = ++j < n ? s.charCodeAt(j) : -1;
      }
      if (c === LT) {
        // Only indentation after a tag: recorded as a Follow once the next tag's name is read (record).
        if (fresh) this.indentLt = j;
        // A line break and only spaces or only tabs (the text, nothing before it): the one shared string for it.
        if (start === lf && this.pending.length === 0 && j - from <= INDENT_MAX && (tabs === 0 || tabs === j - from)) indent = indentOf(tabs !== 0, j - from);
      }
    }
    for (;;) {
      let run = 0;
      while (j < n) {
        const t = T[s.charCodeAt(j)]!;
        if (t === 0) {
          j++;
          if (++run === LONG_RUN) {
            // A long run (a base64 attachment, long text): the rest of it in native code, then its line breaks.
            const end = this.runEnd(s, j, n);
            // The first LF at or after j, remembered from the run before: a document on one line with many long
            // runs would otherwise be searched to its end once per run (quadratic).
            let k = this.nlAt;
            if (k === -2 || j < this.nlFrom || (k !== -1 && k < j)) k = s.indexOf('\n', j);
            while (k !== -1 && k < end) {
              line++;
              ls = k + 1;
              pa = 0;
              k = s.indexOf('\n', k + 1);
            }
            this.nlFrom = end;
            this.nlAt = k;
            j = end;
            run = 0;
          }
        } else if (t === 2) {
          j++;
          line++;
          ls = j;
          pa = 0;
        } else break;
      }
      this.line = line;
      this.ls = ls;
      this.pa = pa;
      if (j >= n) {
        // End of the input read so far: keep what was read; the run continues with the next chunk.
        if (j > start) this.addText(s, start, j);
        if (this.final) {
          this.i = j;
          if (!inRoot) this.outsideRoot();
          return j;
        }
        return j;
      }
      const c = s.charCodeAt(j);
      if (c === LT) {
        this.i = j + 1;
        this.fb = 0;
        const text = indent !== null ? indent : j > start ? (this.pending.length !== 0 ? this.pending + s.slice(start, j) : s.slice(start, j)) : this.pending;
        if (!inRoot && j > start) this.scanNonSpace(s, start, j);
        if (this.indentLt === j) this.indentText = text;
        this.pending = '';
        if (text.length !== 0) this.h.text(text);
        if (!inRoot) this.outsideRoot();
        else if (j + 1 < n && s.charCodeAt(j + 1) === SLASH) {
          // An end tag right after the text (a leaf's value): the open element's name followed by ">", at once
          // (readEndTag's fast path, without the way through readMarkup).
          const top = this.stackQ[this.sp - 1]!;
          const e = j + 2 + top.name.length;
          if (e < n && s.charCodeAt(e) === GT && sameAt(s, top.name, j + 2)) {
            this.i = e + 1;
            if (this.indentLt === j) this.record(top, true, GT);
            this.closeTop(true);
            return e + 1;
          }
        }
        this.mode = M_MARKUP;
        return j + 1;
      }
      if (c === AMP) {
        if (j > start) this.addText(s, start, j);
        this.fb = 0;
        this.i = j + 1;
        if (!inRoot) {
          this.nonSpace = true;
          this.outsideRoot();
        }
        const q = this.readReference(j);
        if (q === NEED) {
          if (!this.final) {
            this.i = j;
            this.line = line;
            this.ls = ls;
            this.pa = pa;
          }
          return NEED;
        }
        line = this.line;
        ls = this.ls;
        pa = this.pa;
        start = j = q;
        continue;
      }
      if (c === RBRACKET) {
        let k = j + 1;
        while (k < n && s.charCodeAt(k) === RBRACKET) k++;
        if (!inRoot) {
          this.nonSpace = true;
          j = k;
          continue;
        }
        if (k === n) {
          this.fb = Math.min(2, k - j);
        } else if (k - j >= 2 && s.charCodeAt(k) === GT) {
          this.i = k + 1;
          this.fail('the string "]]>" is disallowed in char data.');
        }
        j = k;
        continue;
      }
      // CR, XML 1.1 line breaks, controls, surrogates: one character the careful way.
      if (j > start) this.addText(s, start, j);
      this.i = j;
      if (c === CR && this.final && j === n - 1 && !inRoot && (this.nonSpace || this.pendingNonSpace())) {
        // saxes reports text outside the root at the end of its last chunk, which holds back a final CR.
        this.outsideRoot();
      }
      const code = this.next();
      if (code === EOC) return NEED; // a CR or high surrogate ends the chunk: wait for the next one
      if (code === NL) this.pending += '\n';
      else {
        this.pending += s.slice(j, this.i);
        if (!inRoot && !isS(code)) this.nonSpace = true;
      }
      this.fb = 0;
      line = this.line;
      ls = this.ls;
      pa = this.pa;
      start = j = this.i;
    }
  }

  /** Where the run of ordinary text characters (LF included) from j on ends. */
  private runEnd(s: string, j: number, n: number): number {
    // The span up to the next "<" first: most runs (notes, names) are short, and then whether the input is held as
    // one-byte text is not asked (a search of the whole input the first time in a two-byte one).
    // The first "<" at or after j, remembered as the first LF is (see readText): a long text with many references
    // and no "<" would otherwise be searched to its end once per run.
    let lt = this.ltAt;
    if (lt === -2 || j < this.ltFrom || (lt !== -1 && lt < j)) {
      lt = s.indexOf('<', j);
      this.ltFrom = j;
      this.ltAt = lt;
    }
    const stop = lt === -1 ? n : lt;
    if (stop - j >= LONG_SPAN && this.sb !== null && !this.v11) return this.byteRunEnd(j, stop);
    if (stop - j >= LONG_SPAN && !this.wide(s)) {
      const m = (this.v11 ? TEXT_STOP11 : TEXT_STOP10).exec(s.slice(j, stop));
      return m === null ? stop : j + m.index;
    }
    const re = this.v11 ? TEXT_RUN11 : TEXT_RUN10;
    re.lastIndex = j;
    re.test(s);
    return re.lastIndex;
  }

  /**
   * runEnd over the input's bytes (XML 1.0): the first byte in [j, stop) that ends a run of ordinary text, or stop.
   * Four bytes a step: a word without a byte below 0x20, "&", "]" or one from 0x80 on is passed at once (a few
   * integer operations; the usual tests for a byte below n and for a zero byte); a word with one is looked at byte
   * by byte (TAB and LF go on). On a 165 KB base64 run in the cache: 0.55 ns a byte, against 1.35 ns for TEXT_STOP's
   * search on the one-byte string (the way below) and 0.8 ns for the sticky pattern on a two-byte one.
   */
  private byteRunEnd(j: number, stop: number): number {
    const b = this.sb!;
    let w = this.sbWords;
    if (w === null) {
      const base = b.byteOffset;
      const a0 = (base + 3) & ~3;
      this.sbW0 = a0 - base;
      w = this.sbWords = this.sbW0 < b.length ? new Int32Array(b.buffer, a0, (base + b.length - a0) >>> 2) : new Int32Array(0);
    }
    const w0 = this.sbW0;
    let i = j;
    // Bytes up to the first whole word.
    while (i < stop && (i < w0 || ((i - w0) & 3) !== 0)) {
      if (TEXT10[b[i]!] === 1) return i;
      i++;
    }
    let k = (i - w0) >>> 2;
    const kEnd = (stop - w0) >> 2;
    for (; k < kEnd; k++) {
      const x = w[k]!;
      const amp = x ^ 0x26262626;
      const rb = x ^ 0x5d5d5d5d;
      if ((((x - 0x20202020) & ~x) | ((amp - 0x01010101) & ~amp) | ((rb - 0x01010101) & ~rb) | x) & 0x80808080) {
        const p = w0 + k * 4;
        if (TEXT10[b[p]!] === 1) return p;
        if (TEXT10[b[p + 1]!] === 1) return p + 1;
        if (TEXT10[b[p + 2]!] === 1) return p + 2;
        if (TEXT10[b[p + 3]!] === 1) return p + 3;
      }
    }
    i = Math.max(i, w0 + k * 4);
    for (; i < stop; i++) if (TEXT10[b[i]!] === 1) return i;
    return stop;
  }

  /** In the current input `s`, the first LF at or after `nlFrom` is at `nlAt` (-1: none; -2: not looked for yet). */
  private nlFrom = 0;
  private nlAt = -2;
  /** In the current input `s`, the first "<" at or after `ltFrom` is at `ltAt` (-1: none; -2: not looked for yet). */
  private ltFrom = 0;
  private ltAt = -2;
  /** Whether the current input holds a character beyond Latin-1 (1; then V8 holds it as a two-byte string), 0 not, -1 unknown. */
  private wideS = -1;

  /** Whether s (the current input) holds a character beyond Latin-1; found once per input, at its first long run. */
  private wide(s: string): boolean {
    if (this.wideS === -1) this.wideS = WIDE.test(s) ? 1 : 0;
    return this.wideS === 1;
  }

  private addText(s: string, start: number, end: number): void {
    if (this.sp === 0) this.scanNonSpace(s, start, end);
    this.pending += s.slice(start, end);
  }

  private scanNonSpace(s: string, start: number, end: number): void {
    if (this.nonSpace) return;
    for (let k = start; k < end; k++) {
      const c = s.charCodeAt(k);
      if (c !== SPACE && c !== NL && c !== TAB && c !== CR) {
        this.nonSpace = true;
        return;
      }
    }
  }

  private pendingNonSpace(): boolean {
    const t = this.pending;
    for (let k = 0; k < t.length; k++) if (!isS(t.charCodeAt(k))) return true;
    return false;
  }

  /** Text outside the root: an error once it holds anything but white space (at the current position). */
  private outsideRoot(): void {
    if (this.nonSpace) this.fail('text data outside of root node.');
  }

  /**
   * A reference after "&" (this.i is right after it): up to the next ";" wherever it is, as saxes reads it.
   * Appends the replacement to the pending text. Returns the position after ";" or NEED.
   */
  private readReference(amp: number): number {
    const value = this.reference(amp);
    if (value === null) return NEED;
    this.pending += value;
    return this.i;
  }

  /** Reads a reference after "&"; null when the input ended first. */
  private reference(amp: number): string | null {
    const s = this.s;
    let end = s.indexOf(';', amp + 1);
    let name: string;
    if (end !== -1 && end - amp <= 64 && this.plainRun(amp + 1, end)) {
      name = s.slice(amp + 1, end);
      this.i = end + 1;
    } else {
      // Long, or with line breaks or unusual characters: the careful way (all of it is checked, as saxes does).
      name = '';
      let from = this.i;
      for (;;) {
        const at = this.i;
        const c = this.next();
        if (c === EOC) return null;
        if (c === SEMI) {
          name += s.slice(from, at);
          break;
        }
        if (c === NL) {
          name += `${s.slice(from, at)}\n`;
          from = this.i;
        }
      }
      end = this.i - 1;
    }
    if (name === '') this.fail('empty entity name.', 'XML_ENTITY_FORBIDDEN');
    if (name.charCodeAt(0) !== 0x23) {
      const v = PREDEFINED[name];
      if (v !== undefined) return v;
      this.fail(isXmlName(name) ? `undefined entity: ${name.slice(0, 40)}.` : 'disallowed character in entity name.', 'XML_ENTITY_FORBIDDEN');
    }
    let num = Number.NaN;
    if (name.charCodeAt(1) === 0x78 && /^#x[0-9a-f]+$/i.test(name)) num = Number.parseInt(name.slice(2), 16);
    else if (/^#[0-9]+$/.test(name)) num = Number.parseInt(name.slice(1), 10);
    if (!(this.v11 ? isChar11(num) : isChar10(num))) this.fail('malformed character entity.', 'XML_ENTITY_FORBIDDEN');
    return String.fromCodePoint(num);
  }

  /** True when s[from, to) holds only printable BMP characters without line breaks (a plain reference name). */
  private plainRun(from: number, to: number): boolean {
    const s = this.s;
    const T = this.v11 ? TEXT11 : TEXT10;
    for (let k = from; k < to; k++) {
      const c = s.charCodeAt(k);
      if (T[c] !== 0 && c !== LT && c !== AMP && c !== RBRACKET) return false;
    }
    return true;
  }

  // ---------------------------------------------------------------- markup

  /** Right after "<": a start tag, end tag, comment, CDATA, DOCTYPE, PI or XML declaration. */
  private readMarkup(p: number): number {
    const line = this.line;
    const ls = this.ls;
    const pa = this.pa;
    this.i = p;
    // ASCII (the common case) without next()'s checks, which it needs none of.
    let c = this.s.charCodeAt(p);
    if (c < 128 && c >= SPACE) this.i = p + 1;
    else c = this.next();
    let q: number;
    if (c === EOC) q = NEED;
    else if (isNameStartChar(c)) {
      this.xmlDeclPossible = false;
      q = this.readStartTagName(p);
    } else if (c === SLASH) {
      this.xmlDeclPossible = false;
      q = this.readEndTag();
    } else if (c === BANG) {
      this.xmlDeclPossible = false;
      q = this.readBang();
    } else if (c === QUESTION) q = this.readPI();
    else this.fail('disallowed character in tag name');
    if (q === NEED && !this.final) {
      this.line = line;
      this.ls = ls;
      this.pa = pa;
      this.i = p;
    }
    return q;
  }

  /** A name from this.i: NameChar run (saxes' captureNameChars). Returns the terminating character or EOC. */
  private nameEnd(): number {
    const s = this.s;
    const n = s.length;
    let j = this.i;
    while (j < n) {
      const c = s.charCodeAt(j);
      if (c < 128 && NAME_ASCII[c] !== 0) j++;
      else break;
    }
    this.i = j;
    for (;;) {
      const at = this.i;
      const c = this.next();
      if (c === EOC) return EOC;
      if (!isNameChar(c)) {
        this.nameStop = at;
        return c;
      }
    }
  }
  /** Where the name read by nameEnd stops. */
  private nameStop = 0;

  /** The name of the last start tag read (for its `follow` guess). */
  private lastQ: QName | null = null;

  private readStartTagName(p: number): number {
    const s = this.s;
    const n = s.length;
    let q: QName;
    let c: number;
    // Fastest: the name that followed the previous start tag's name last time (repeated structures), compared in
    // place; it is an ASCII name (the fast path below found it), so it ends where ">", " ", "/" or TAB follows.
    const last = this.lastQ;
    const guess = last === null ? null : last.follow;
    if (guess !== null) {
      const e = p + guess.name.length;
      c = e < n ? s.charCodeAt(e) : -2;
      if ((c === GT || c === SPACE || c === SLASH || c === TAB) && sameAt(s, guess.name, p)) {
        this.i = e + 1;
        this.lastQ = guess;
        if (this.indentLt === p - 1) this.record(guess, false, c);
        return this.startTagNamed(guess, c);
      }
    }
    // Fast: an ASCII name ended by ">", " ", "/" or TAB, hashed while it is scanned.
    c = -2;
    let j = p;
    let hash = 0;
    while (j < n) {
      c = s.charCodeAt(j);
      if (c < 128 && NAME_ASCII[c] !== 0) {
        hash = (Math.imul(hash, 31) + c) | 0;
        j++;
      } else break;
    }
    if (j < n && (c === GT || c === SPACE || c === SLASH || c === TAB)) {
      this.i = j + 1;
      q = this.qlookup(p, j, hash);
      if (last !== null) last.follow = q;
      this.lastQ = q;
      if (this.indentLt === p - 1) this.record(q, false, c);
    } else {
      c = this.nameEnd();
      if (c === EOC) return NEED;
      q = this.qname(p, this.nameStop);
      this.lastQ = q;
    }
    return this.startTagNamed(q, c);
  }

  /** The start tag's name q was read, ended by c (this.i is right after c). */
  private startTagNamed(q: QName, c: number): number {
    // saxes' opentagstart: the position after the character that ends the name.
    this.tagQ = q;
    this.tagLine = this.line;
    const col = this.i - this.ls - this.pa;
    this.tagColumn = Math.max(col, 1);
    this.attrCount = 0;
    this.declares = false;
    this.sawRoot = true;
    if (this.closedRoot) this.fail('documents may contain only one root.');
    this.mode = M_ATTRS;
    if (c === GT) return this.openTag(false);
    if (c === SLASH) this.ts = T_SLASH;
    else {
      if (!isS(c)) this.fail('disallowed character in tag name.');
      this.ts = T_ATTRIB;
    }
    return this.i;
  }

  /** The interned name s[from, to), found by a hash of its characters. */
  private qname(from: number, to: number): QName {
    const s = this.s;
    let hash = 0;
    for (let k = from; k < to; k++) hash = (Math.imul(hash, 31) + s.charCodeAt(k)) | 0;
    return this.qlookup(from, to, hash);
  }

  private qlookup(from: number, to: number, hash: number): QName {
    const s = this.s;
    const slot = (hash ^ (hash >>> 10)) & 1023;
    const len = to - from;
    let depth = 0;
    for (let e: QName | null | undefined = this.qtable[slot]; e != null; e = e.next) {
      if (e.name.length === len && sameAt(s, e.name, from)) return e;
      depth++;
    }
    // The first QTABLE_MAX names of a parse are in the table, CHAIN_MAX per slot at most (a miss there is a new
    // name); the others in a Map.
    const full = this.qcount >= QTABLE_MAX || depth >= CHAIN_MAX;
    const name = full ? s.slice(from, to) : '';
    let q = full ? this.qmap.get(name) : undefined;
    if (q === undefined) {
      const n = namePartsAt(s, from, to, hash);
      q = { name: n.name, local: n.local, prefix: n.prefix, bad: n.bad, next: null, follow: null, scope: null, uri: '', afterOpen: null, afterClose: null, rec: null };
      if (full) this.qmap.set(name, q);
      else {
        this.qcount++;
        q.next = this.qtable[slot] ?? null;
        this.qtable[slot] = q;
      }
    }
    return q;
  }

  private uri(u: string): string {
    let v = SHARED_URIS.get(u);
    if (v !== undefined) return v;
    v = this.uris.get(u);
    if (v === undefined) {
      v = internalize(u);
      if (SHARED_URIS.size < SHARED_URIS_MAX && u.length <= SHARED_URI_LENGTH_MAX) SHARED_URIS.set(v, v);
      else this.uris.set(u, v);
    }
    return v;
  }

  /** The rest of a start tag, one attribute at a time (a chunk may end inside; the tag resumes there). */
  private readAttrs(p: number): number {
    for (;;) {
      const line = this.line;
      const ls = this.ls;
      const pa = this.pa;
      this.i = p;
      const q = this.attrStep();
      if (q === NEED) {
        if (!this.final) {
          this.line = line;
          this.ls = ls;
          this.pa = pa;
          this.i = p;
        }
        return NEED;
      }
      if (this.mode !== M_ATTRS) return q;
      p = q;
    }
  }

  private attrStep(): number {
    if (this.ts === T_SLASH) {
      const c = this.next();
      if (c === EOC) return NEED;
      if (c !== GT) this.fail('forward-slash in opening tag not followed by >.');
      return this.openTag(true);
    }
    if (this.ts === T_VALUE_CLOSED) {
      const c = this.next();
      if (c === EOC) return NEED;
      if (isS(c)) {
        this.ts = T_ATTRIB;
        return this.i;
      }
      if (c === GT) return this.openTag(false);
      if (c === SLASH) {
        this.ts = T_SLASH;
        return this.i;
      }
      if (isNameStartChar(c)) this.fail('no whitespace between attributes.');
      return this.fail('disallowed character in attribute name.');
    }
    // T_ATTRIB: spaces, then an attribute, ">" or "/".
    const s = this.s;
    let at = this.i;
    let c: number;
    // Fast: spaces and LFs.
    for (;;) {
      const d = s.charCodeAt(at);
      if (d === SPACE || d === TAB) at++;
      else if (d === NL) {
        at++;
        this.newline(at);
      } else break;
    }
    this.i = at;
    for (;;) {
      at = this.i;
      c = this.next();
      if (c === EOC) return NEED;
      if (!isS(c)) break;
    }
    if (c === GT) return this.openTag(false);
    if (c === SLASH) {
      this.ts = T_SLASH;
      return this.i;
    }
    if (!isNameStartChar(c)) this.fail('disallowed character in attribute name.');
    // The attribute name.
    const nameStart = at;
    this.i = at;
    c = this.nameEnd();
    if (c === EOC) return NEED;
    const nameEnd = this.nameStop;
    if (c !== EQUAL) {
      if (c === GT) this.fail('attribute without value.');
      if (!isS(c)) this.fail('disallowed character in attribute name.');
      c = this.skipSpaces();
      if (c === EOC) return NEED;
      if (c !== EQUAL) this.fail('attribute without value.');
    }
    // "=" read: white space, then the quote.
    for (;;) {
      c = this.next();
      if (c === EOC) return NEED;
      if (c === DQUOTE || c === SQUOTE) break;
      if (!isS(c)) this.fail('unquoted attribute value.');
    }
    const value = this.attrValue(c);
    if (value === null) return NEED;
    this.pushAttribute(this.qname(nameStart, nameEnd), value);
    this.ts = T_VALUE_CLOSED;
    return this.i;
  }

  /** A quoted attribute value from this.i (after the quote) to the closing quote (consumed); null: input ended. */
  private attrValue(quote: number): string | null {
    const s = this.s;
    const n = s.length;
    const A = this.v11 ? ATTR11 : ATTR10;
    let j = this.i;
    let start = j;
    let value = '';
    for (;;) {
      while (j < n && A[s.charCodeAt(j)] === 0) j++;
      if (j >= n) {
        this.i = j;
        return null;
      }
      const c = s.charCodeAt(j);
      if (c === quote) {
        this.i = j + 1;
        return value.length === 0 ? s.slice(start, j) : value + s.slice(start, j);
      }
      if (c === DQUOTE || c === SQUOTE) {
        j++;
        continue;
      }
      if (c === AMP) {
        value += s.slice(start, j);
        this.i = j + 1;
        const v = this.reference(j);
        if (v === null) return null;
        value += v;
        start = j = this.i;
        continue;
      }
      if (c === LT) {
        this.i = j + 1;
        this.fail('disallowed character.');
      }
      // TAB, line breaks (→ a space each), controls, surrogates.
      value += s.slice(start, j);
      this.i = j;
      const code = this.next();
      if (code === EOC) return null;
      if (code === NL || code === TAB) value += ' ';
      else value += s.slice(j, this.i);
      start = j = this.i;
    }
  }

  /** saxes' pushAttribNS: checks the name and namespace declarations as the attribute completes. */
  private pushAttribute(q: QName, value: string): void {
    const name = q.name;
    const prefix = q.prefix;
    const local = q.local;
    if (q.bad) this.fail(`malformed name: ${name.slice(0, 60)}.`);
    if (++this.attrCount > this.maxAttributes) {
      throw new KontorXmlError('XML_TOO_MANY_ATTRIBUTES', `More than ${this.maxAttributes} attributes on one element`, { location: { line: this.tagLine, column: this.tagColumn } });
    }
    if (prefix === 'xmlns') {
      const trimmed = value.trim();
      if (!this.v11 && trimmed === '') this.fail('invalid attempt to undefine prefix in XML 1.0');
      this.declares = true;
      this.nsPairCheck(local, trimmed);
    } else if (name === 'xmlns') {
      this.declares = true;
      this.nsPairCheck('', value.trim());
    }
    this.attrNames[this.attrCount - 1] = q;
    this.attrValues[this.attrCount - 1] = value;
  }

  private nsPairCheck(prefix: string, uri: string): void {
    if (prefix === 'xml' && uri !== XML_NAMESPACE) this.fail(`xml prefix must be bound to ${XML_NAMESPACE}.`);
    if (prefix === 'xmlns' && uri !== XMLNS_NAMESPACE) this.fail(`xmlns prefix must be bound to ${XMLNS_NAMESPACE}.`);
    if (uri === XMLNS_NAMESPACE) this.fail(prefix === '' ? `the default namespace may not be set to ${uri}.` : `may not assign a prefix (even "xmlns") to the URI ${XMLNS_NAMESPACE}.`);
    if (uri === XML_NAMESPACE) {
      if (prefix === '') this.fail(`the default namespace may not be set to ${uri}.`);
      else if (prefix !== 'xml') this.fail('may not assign the xml namespace to another prefix.');
    }
  }

  /** The start tag is complete (after ">" or "/>"): namespaces, checks, the open (and close) events. */
  private openTag(selfClosing: boolean): number {
    const q = this.tagQ!;
    const names = this.attrNames;
    const values = this.attrValues;
    const na = this.attrCount;
    const parent = this.stackScope[this.sp]!;
    let scope = parent;
    if (this.declares) {
      const prefixes = Object.create(parent.prefixes) as Record<string, string>;
      let dflt = parent.dflt;
      for (let k = 0; k < na; k++) {
        const aq = names[k]!;
        if (aq.prefix === 'xmlns') prefixes[aq.local] = this.uri(values[k]!.trim());
        else if (aq.name === 'xmlns') dflt = this.uri(values[k]!.trim());
      }
      scope = { dflt, prefixes };
    }
    // saxes' processAttribsNS.
    const prefix = q.prefix;
    if (q.bad) this.fail(`malformed name: ${q.name.slice(0, 60)}.`);
    let ns: string;
    if (prefix === '') ns = scope.dflt;
    else if (q.scope === scope) ns = q.uri;
    else {
      if (prefix === 'xmlns') this.fail('tags may not have "xmlns" as prefix.');
      const u = scope.prefixes[prefix];
      if (u === undefined || u === '') this.fail(`unbound namespace prefix: ${JSON.stringify(prefix.slice(0, 60))}.`);
      ns = u;
      q.scope = scope;
      q.uri = u;
    }
    let attrs: XmlAttribute[] = NO_ATTRIBUTES;
    if (na !== 0) {
      let seen: Set<string> | null = null;
      for (let k = 0; k < na; k++) {
        const aq = names[k]!;
        const nm = aq.name;
        const aprefix = aq.prefix;
        let auri: string;
        let eqname: string;
        if (aprefix === '') {
          auri = nm === 'xmlns' ? XMLNS_NAMESPACE : '';
          eqname = nm;
        } else {
          const alocal = aq.local;
          const u = scope.prefixes[aprefix];
          if (u === undefined) this.fail(`unbound namespace prefix: ${JSON.stringify(aprefix.slice(0, 60))}.`);
          auri = u;
          eqname = `{${auri}}${alocal}`;
        }
        if (na > 1) {
          seen ??= new Set<string>();
          if (seen.has(eqname)) this.fail(`duplicate attribute: ${eqname.slice(0, 100)}.`);
          seen.add(eqname);
        }
        if (aprefix === 'xmlns' || nm === 'xmlns') continue;
        const a: XmlAttribute = { name: nm, local: aq.local, prefix: aprefix, ns: auri, value: values[k]! };
        // The first attribute as a list of exactly one (most elements with attributes have one: an amount's
        // currency, a code's list); a list made empty and pushed to gets room for 16.
        if (attrs === NO_ATTRIBUTES) attrs = [a];
        else attrs.push(a);
      }
    }
    if (++this.depth > this.maxDepth) throw new KontorXmlError('XML_TOO_DEEP', `Element nesting deeper than ${this.maxDepth}`, { location: { line: this.line, column: this.i - this.ls - this.pa } });
    let rec = q.rec;
    if (rec === null || rec.ns !== ns) q.rec = rec = { name: q.name, local: q.local, prefix: q.prefix, ns };
    this.h.open(q.name, q.local, q.prefix, ns, attrs, this.tagLine, this.tagColumn, rec);
    this.mode = M_TEXT;
    if (selfClosing) {
      this.depth--;
      this.after(q, true);
      this.h.close();
      if (this.sp === 0) this.closedRoot = true;
    } else {
      this.stackQ[this.sp] = q;
      this.stackScope[this.sp + 1] = scope;
      this.sp++;
      this.after(q, false);
    }
    return this.i;
  }

  /** After "</": the name, white space, ">". */
  private readEndTag(): number {
    const s = this.s;
    const from = this.i;
    const top = this.sp === 0 ? null : this.stackQ[this.sp - 1]!;
    // Fast: the name of the open tag followed by ">".
    if (top !== null) {
      const nm = top.name;
      const e = from + nm.length;
      if (e < s.length && s.charCodeAt(e) === GT && sameAt(s, nm, from)) {
        this.i = e + 1;
        if (this.indentLt === from - 2) this.record(top, true, GT);
        this.closeTop(true);
        return this.i;
      }
    }
    let c = this.nameEnd();
    if (c === EOC) return NEED;
    const to = this.nameStop;
    if (c !== GT) {
      if (!isS(c)) this.fail('disallowed character in closing tag.');
      c = this.skipSpaces();
      if (c === EOC) return NEED;
      if (c !== GT) this.fail('disallowed character in closing tag.');
    }
    this.mode = M_TEXT;
    if (to === from) {
      this.fail('weird empty close tag.');
    }
    if (top === null) this.fail(`unmatched closing tag: ${s.slice(from, Math.min(to, from + 60))}.`);
    const matches = top.name.length === to - from && s.startsWith(top.name, from);
    // saxes closes the open tag before it tells a mismatch.
    this.closeTop(matches);
    if (!matches) this.fail('unexpected close tag.');
    return this.i;
  }

  private closeTop(matches: boolean): void {
    this.mode = M_TEXT;
    this.sp--;
    this.depth--;
    this.after(this.stackQ[this.sp]!, true);
    this.h.close();
    if (matches && this.sp === 0) this.closedRoot = true;
  }

  /** After "<!": a comment, CDATA section or DOCTYPE (refused). */
  private readBang(): number {
    // A comment's "--" or CDATA's "[CDATA[" right here (ASCII, no line break): taken at once, without the word below.
    const s = this.s;
    const i = this.i;
    if (s.charCodeAt(i) === MINUS && s.charCodeAt(i + 1) === MINUS) {
      this.i = i + 2;
      return this.readComment();
    }
    if (s.charCodeAt(i) === LBRACKET && s.startsWith('[CDATA[', i)) {
      this.i = i + 7;
      return this.readCData();
    }
    let word = '';
    for (;;) {
      const c = this.next();
      if (c === EOC) return NEED;
      word += String.fromCodePoint(c);
      if (word === '[CDATA[') return this.readCData();
      if (word === '--') return this.readComment();
      if (word === 'DOCTYPE') {
        if (this.sawRoot) this.fail('inappropriately located doctype declaration.');
        return this.readDoctype();
      }
      if (word.length >= 7) this.fail('incorrect syntax.');
    }
  }

  /** The body of a comment up to "--", which must be followed by ">". */
  private readComment(): number {
    const k = this.s.indexOf('--', this.i);
    if (k !== -1 && this.plainUpTo(k)) this.i = k + 2;
    else {
      // Careful path (line breaks other than LF, unusual characters, or no end yet), to the end of the comment: a
      // "-" and the character after it, which is not looked at again when it is not a second "-" (as saxes reads).
      for (;;) {
        let c = this.next();
        if (c === EOC) return NEED;
        if (c !== MINUS) continue;
        c = this.next();
        if (c === EOC) return NEED;
        if (c === MINUS) break;
      }
    }
    const c = this.next();
    if (c === EOC) return NEED;
    if (c !== GT) this.fail('malformed comment.');
    this.mode = M_TEXT;
    return this.i;
  }

  /** Advances over s[this.i, to) when it holds only ordinary characters (tracking LFs); false otherwise. */
  private plainUpTo(to: number): boolean {
    const s = this.s;
    const T = this.v11 ? TEXT11 : TEXT10;
    let line = this.line;
    let ls = this.ls;
    let pa = this.pa;
    for (let k = this.i; k < to; k++) {
      const c = s.charCodeAt(k);
      const t = T[c]!;
      if (t === 2) {
        line++;
        ls = k + 1;
        pa = 0;
      } else if (t !== 0 && c !== LT && c !== AMP && c !== RBRACKET) return false;
    }
    this.line = line;
    this.ls = ls;
    this.pa = pa;
    return true;
  }

  /** After "<![CDATA[": CDATA up to "]]>" (inside the root only); its text is one event (also when empty), line breaks normalised. */
  private readCData(): number {
    if (!this.sawRoot || this.closedRoot) this.fail('text data outside of root node.');
    const s = this.s;
    const k = s.indexOf(']]>', this.i);
    let text: string;
    if (k !== -1 && this.plainUpTo(k)) {
      text = s.slice(this.i, k);
      this.i = k + 3;
    } else {
      text = '';
      let from = this.i;
      let brackets = 0;
      for (;;) {
        const at = this.i;
        const c = this.next();
        if (c === EOC) return NEED;
        if (c === GT && brackets >= 2) {
          text += s.slice(from, at - 2);
          break;
        }
        brackets = c === RBRACKET ? brackets + 1 : 0;
        if (c === NL) {
          text += `${s.slice(from, at)}\n`;
          from = this.i;
          // a "]" before the break stays in the text; none can follow in this slice
        }
      }
    }
    this.mode = M_TEXT;
    this.h.text(text);
    return this.i;
  }

  /** After "<?": a processing instruction, or the XML declaration at the start of the document. */
  private readPI(): number {
    const s = this.s;
    const targetStart = this.i;
    let c = this.next();
    if (c === EOC) return NEED;
    if (!isNCNameStartChar(c)) {
      if (c === QUESTION || isS(c)) this.fail('processing instruction without a target.');
      this.fail('disallowed character in processing instruction name.');
    }
    for (;;) {
      const at = this.i;
      c = this.next();
      if (c === EOC) return NEED;
      if (!isNCNameChar(c)) {
        if (c !== QUESTION && !isS(c)) this.fail('disallowed character in processing instruction name.');
        const target = s.slice(targetStart, at);
        if (target === 'xml') {
          if (!this.xmlDeclPossible) this.fail('an XML declaration must be at the start of the document.');
          return this.readXmlDecl(c);
        }
        return this.readPIBody(target, c);
      }
    }
  }

  private readPIBody(target: string, first: number): number {
    const s = this.s;
    let body = '';
    let c = first;
    if (c !== QUESTION) {
      // Leading white space is not part of the body.
      do {
        c = this.next();
        if (c === EOC) return NEED;
      } while (isS(c));
    }
    // c is the first character of the body (or "?"); the body runs to the first "?>".
    let from = this.i - (c === QUESTION ? 1 : c >= 0x10000 ? 2 : 1);
    let prevQ = c === QUESTION;
    for (;;) {
      const at = this.i;
      c = this.next();
      if (c === EOC) return NEED;
      if (c === GT && prevQ) {
        body += s.slice(from, at - 1);
        break;
      }
      prevQ = c === QUESTION;
      if (c === NL) {
        body += `${s.slice(from, at)}\n`;
        from = this.i;
      }
    }
    if (target.toLowerCase() === 'xml') this.fail('the XML declaration must appear at the start of the document.');
    this.xmlDeclPossible = false;
    this.mode = M_TEXT;
    this.h.pi?.(target, body, this.line);
    return this.i;
  }

  /** The XML declaration after "<?xml" and the character that ended the target (saxes' states). */
  private readXmlDecl(first: number): number {
    const s = this.s;
    let expects = ['version'];
    let c = first;
    let name = '';
    for (;;) {
      if (c !== QUESTION) {
        // name start: spaces, then a name up to "=", "?" or a space
        c = this.skipSpaces();
        if (c === EOC) return NEED;
      }
      if (c === QUESTION) break;
      let from = this.i - (c >= 0x10000 ? 2 : 1);
      name = '';
      for (;;) {
        const at = this.i;
        c = this.next();
        if (c === EOC) return NEED;
        if (c === EQUAL || c === QUESTION || isS(c)) {
          name += s.slice(from, at);
          break;
        }
        if (c === NL) {
          name += `${s.slice(from, at)}\n`;
          from = this.i;
        }
      }
      if (c === QUESTION) this.fail('XML declaration is incomplete.');
      if (!expects.includes(name)) {
        if (name.length === 0) this.fail('did not expect any more name/value pairs.');
        if (name.length === 1) this.fail(`expected the name ${expects[0] ?? ''}.`);
        this.fail(`expected one of ${expects.join(', ')}`);
      }
      if (c !== EQUAL) {
        for (;;) {
          c = this.next();
          if (c === EOC) return NEED;
          if (c === QUESTION) this.fail('XML declaration is incomplete.');
          if (!isS(c)) break;
        }
        if (c !== EQUAL) this.fail('value required.');
      }
      for (;;) {
        c = this.next();
        if (c === EOC) return NEED;
        if (c === QUESTION) this.fail('XML declaration is incomplete.');
        if (!isS(c)) break;
      }
      if (c !== DQUOTE && c !== SQUOTE) this.fail('value must be quoted.');
      const q = c;
      let value = '';
      from = this.i;
      for (;;) {
        const at = this.i;
        c = this.next();
        if (c === EOC) return NEED;
        if (c === QUESTION) this.fail('XML declaration is incomplete.');
        if (c === q) {
          value += s.slice(from, at);
          break;
        }
        if (c === NL) {
          value += `${s.slice(from, at)}\n`;
          from = this.i;
        }
      }
      if (name === 'version') {
        expects = ['encoding', 'standalone'];
        if (!/^1\.[0-9]+$/.test(value)) this.fail('version number must match /^1\\.[0-9]+$/.');
        this.v11 = value !== '1.0';
      } else if (name === 'encoding') {
        if (!/^[A-Za-z][A-Za-z0-9._-]*$/.test(value)) this.fail('encoding value must match /^[A-Za-z0-9][A-Za-z0-9._-]*$/.');
        expects = ['standalone'];
      } else if (name === 'standalone') {
        if (value !== 'yes' && value !== 'no') this.fail('standalone value must match "yes" or "no".');
        expects = [];
      }
      name = '';
      // separator: "?" or white space
      c = this.next();
      if (c === EOC) return NEED;
      if (c === QUESTION) break;
      if (!isS(c)) this.fail('whitespace required.');
    }
    // "?" read: ">" must follow.
    c = this.next();
    if (c === EOC) return NEED;
    if (c !== GT) this.fail('The character ? is disallowed anywhere in XML declarations.');
    if (name !== 'version' && expects.includes('version')) this.fail('XML declaration must contain a version.');
    this.xmlDeclPossible = false;
    this.mode = M_TEXT;
    return this.i;
  }

  /**
   * After "<!DOCTYPE": read to its end as saxes does (quoted strings, an internal subset with its comments and
   * PIs), then refuse it there — DTDs are never read.
   */
  private readDoctype(): number {
    // states: 0 doctype, 1 quoted (doctype), 2 internal subset, 3 quoted (subset), 4 "<" in subset,
    // 5 "<!" in subset, 6 comment, 7 comment "-", 8 comment "--", 9 PI, 10 PI "?"
    let st = 0;
    let q = 0;
    let bang = '';
    for (;;) {
      const c = this.next();
      if (c === EOC) return NEED;
      switch (st) {
        case 0:
          if (c === GT) {
            throw new KontorXmlError('XML_DOCTYPE_FORBIDDEN', 'DOCTYPE declarations are not allowed (DTDs and entities are refused)', {
              location: { line: this.line, column: this.i - this.ls - this.pa },
            });
          }
          if (c === DQUOTE || c === SQUOTE) {
            q = c;
            st = 1;
          } else if (c === LBRACKET) st = 2;
          break;
        case 1:
          if (c === q) st = 0;
          break;
        case 2:
          if (c === RBRACKET) st = 0;
          else if (c === LT) st = 4;
          else if (c === DQUOTE || c === SQUOTE) {
            q = c;
            st = 3;
          }
          break;
        case 3:
          if (c === q) st = 2;
          break;
        case 4:
          if (c === BANG) {
            st = 5;
            bang = '';
          } else st = c === QUESTION ? 9 : 2;
          break;
        case 5:
          bang += String.fromCodePoint(c);
          if (bang !== '-') st = bang === '--' ? 6 : 2;
          break;
        case 6:
          if (c === MINUS) st = 7;
          break;
        case 7:
          st = c === MINUS ? 8 : 6;
          break;
        case 8:
          if (c !== GT) this.fail('malformed comment.');
          st = 2;
          break;
        case 9:
          if (c === QUESTION) st = 10;
          break;
        default:
          if (c === GT) st = 2;
      }
    }
  }

  // ---------------------------------------------------------------- the end

  private end(): void {
    if (!this.sawRoot) this.fail('document must contain a root element.');
    if (this.sp !== 0) this.fail(`unclosed tag: ${this.stackQ[this.sp - 1]!.name.slice(0, 60)}`);
    if (this.mode !== M_TEXT && this.mode !== M_BEGIN) this.fail('unexpected end.');
    if (this.pending.length !== 0) {
      const t = this.pending;
      this.pending = '';
      this.h.text(t);
    }
  }
}

function isXmlName(name: string): boolean {
  let first = true;
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    if (first ? !isNCNameStartChar(c) : !isNCNameChar(c)) return false;
    first = false;
  }
  return !first;
}
