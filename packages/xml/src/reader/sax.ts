/**
 * The hardened saxes set-up shared by the tree reader and the streaming reader.
 *
 * Speed: saxes reads every character through a method call (`getCode`) that also keeps line and column. For
 * the long runs of ordinary characters that make up most of a document (text, names, attribute values,
 * comments, CDATA) we use the same saxes parser with a few of its scanning methods replaced by loops that
 * skip such runs in one go and keep `i`, `line`, `column` and `positionAtNewLine` exactly as saxes would.
 * Anything unusual (CR, control characters, surrogates, `&`, `]`, XML 1.1 documents) is handed back to
 * saxes' own code at that very character, so errors, their positions and all events stay identical; the
 * differential test (sax.test.ts) compares both parsers event by event.
 */
import { SaxesParser } from 'saxes';
import { KontorXmlError } from '../errors';
import type { XmlLocation } from '../model/kontor-error';
import type { XmlLimits } from './limits';
import type { XmlAttribute } from './element';

export interface SaxHandlers {
  /**
   * A start tag: qualified name, local name, prefix, namespace URI (all internalized, see `interner`), its
   * attributes without namespace declarations, and where the start tag begins (see the column note below).
   */
  open(name: string, local: string, prefix: string, ns: string, attributes: XmlAttribute[], line: number, column: number): void;
  close(): void;
  text(text: string): void;
  pi?(target: string, body: string, line: number): void;
}

// ------------------------------------------------------------------ fast scanning (saxes 6 internals)

/** The saxes 6 fields and methods the fast scanners read and keep up to date. */
interface SaxesInternals {
  chunk: string;
  chunkPosition: number;
  i: number;
  prevI: number;
  line: number;
  column: number;
  positionAtNewLine: number;
  text: string;
  name: string;
  q: number | null;
  state: number;
  attribList: unknown[];
  tag: { name: string; prefix?: string; local?: string; uri?: string; dns?: string };
  tags: { name: string; dns?: string }[];
  resolve(prefix: string): string | undefined;
  forbiddenState: number;
  textHandler: ((text: string) => void) | undefined;
  getCode(): number;
  pushAttrib(name: string, value: string): void;
}
type Method = (this: SaxesInternals, ...args: never[]) => unknown;

// saxes 6 constants (module-private there).
const EOC = -1;
const NL_LIKE = -2;
const NL = 0x0a;
const S_OPEN_WAKA = 15;
const S_ATTRIB_VALUE_CLOSED = 41;
const FORBIDDEN_START = 0;

/** ASCII NameChar of XML 1.0 (5th ed.): [A-Za-z0-9] : _ - . */
const NAME_ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  NAME_ASCII[c] = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x3a || c === 0x5f || c === 0x2d || c === 0x2e ? 1 : 0;
}

const proto = SaxesParser.prototype as unknown as Record<string, Method | undefined>;
const orig = {
  getCode10: proto.getCode10,
  handleTextInRoot: proto.handleTextInRoot,
  captureNameChars: proto.captureNameChars,
  captureToChar: proto.captureToChar,
  sAttribValueQuoted: proto.sAttribValueQuoted,
  processAttribsNS: proto.processAttribsNS,
};
/** Only when saxes looks exactly as expected; otherwise plain saxes (slower, same results). */
const canAccelerate = Object.values(orig).every((m) => typeof m === 'function');

/** After this many ordinary characters a run is finished by `run` (a sticky regular expression) instead. */
const LONG_RUN = 256;
/**
 * The ordinary characters of text inside the root, as `skipPlain` with stops "<", "&", "]" defines them: a
 * sticky (`y`) pattern, so `lastIndex` after `test` is where the run ends. Its `lastIndex` is set before every use.
 */
const TEXT_RUN = /[^<&\]\x00-\x08\x0b-\x1f\ud800-\uffff]*/y;

/**
 * Scans ordinary characters from `start`: returns the index of the first character that is not an ordinary
 * one (stop set: `stop1`, `stop2`, `stop3`, anything < 0x20 except TAB/NL, surrogates and above), after
 * updating line/column/positionAtNewLine for the characters skipped, exactly as getCode10 would.
 */
function skipPlain(p: SaxesInternals, start: number, stop1: number, stop2: number, stop3: number, run?: RegExp): number {
  const chunk = p.chunk;
  const len = chunk.length;
  let j = start;
  let lineStart = -1; // index right after the last NL skipped
  let line = p.line;
  for (; j < len; j++) {
    if (j - start === LONG_RUN && run !== undefined) {
      // A long run (base64 attachment, long text): the rest of it in native code, then its newlines.
      run.lastIndex = j;
      run.test(chunk);
      const end = run.lastIndex;
      const seg = chunk.slice(j, end);
      for (let k = seg.indexOf('\n'); k !== -1; k = seg.indexOf('\n', k + 1)) {
        line++;
        lineStart = j + k + 1;
      }
      j = end;
      break;
    }
    const c = chunk.charCodeAt(j);
    if (c >= 0x20) {
      if (c >= 0xd800 || c === stop1 || c === stop2 || c === stop3) break;
    } else if (c === NL) {
      line++;
      lineStart = j + 1;
    } else if (c !== 0x09) break;
  }
  if (lineStart < 0) p.column += j - start;
  else {
    p.line = line;
    p.column = j - lineStart;
    p.positionAtNewLine = p.chunkPosition + lineStart;
  }
  return j;
}

/** Text inside the root element: up to "<" (the common case) in one go. */
function fastHandleTextInRoot(this: SaxesInternals): unknown {
  if (this.getCode !== orig.getCode10 || this.forbiddenState !== FORBIDDEN_START) return orig.handleTextInRoot!.call(this);
  const chunk = this.chunk;
  const start = this.i;
  // ">" is ordinary here: "]]>" needs a "]", which we leave to saxes.
  const j = skipPlain(this, start, 0x3c, 0x26, 0x5d, TEXT_RUN);
  if (j < chunk.length && chunk.charCodeAt(j) === 0x3c) {
    // As saxes' LESS case: "<" consumed, text reported.
    this.prevI = j;
    this.i = j + 1;
    this.column++;
    this.state = S_OPEN_WAKA;
    const handler = this.textHandler;
    if (handler !== undefined) {
      const text = this.text;
      const slice = chunk.slice(start, j);
      if (text.length !== 0) {
        handler(text + slice);
        this.text = '';
      } else if (slice.length !== 0) handler(slice);
    }
    return undefined;
  }
  // End of chunk or a special character: saxes continues from here with the text read so far.
  if (j > start && this.textHandler !== undefined) this.text += chunk.slice(start, j);
  this.i = j;
  return orig.handleTextInRoot!.call(this);
}

/** Element and attribute names: ASCII name characters in one go. */
function fastCaptureNameChars(this: SaxesInternals): unknown {
  if (this.getCode !== orig.getCode10) return orig.captureNameChars!.call(this);
  const chunk = this.chunk;
  const len = chunk.length;
  const start = this.i;
  let j = start;
  while (j < len) {
    const c = chunk.charCodeAt(j);
    if (c < 128 && NAME_ASCII[c] === 1) j++;
    else break;
  }
  this.column += j - start;
  if (j > start) this.name += chunk.slice(start, j);
  this.i = j;
  if (j < len && chunk.charCodeAt(j) >= 128) return orig.captureNameChars!.call(this);
  // The terminating character (or end of chunk), read by saxes itself.
  const c = this.getCode();
  return c === NL_LIKE ? NL : c;
}

/** Comments, CDATA and PI bodies: up to the given character in one go. */
function fastCaptureToChar(this: SaxesInternals, char: number): unknown {
  if (this.getCode !== orig.getCode10) return (orig.captureToChar as (this: SaxesInternals, c: number) => unknown).call(this, char);
  const chunk = this.chunk;
  const start = this.i;
  const j = skipPlain(this, start, char, char, char);
  if (j < chunk.length && chunk.charCodeAt(j) === char) {
    this.prevI = j;
    this.i = j + 1;
    this.column++;
    this.text += chunk.slice(start, j);
    return true;
  }
  if (j > start) this.text += chunk.slice(start, j);
  this.i = j;
  return (orig.captureToChar as (this: SaxesInternals, c: number) => unknown).call(this, char);
}

/** Quoted attribute values: up to the closing quote in one go. */
function fastAttribValueQuoted(this: SaxesInternals): unknown {
  const q = this.q;
  if (this.getCode !== orig.getCode10 || q === null) return orig.sAttribValueQuoted!.call(this);
  const chunk = this.chunk;
  const start = this.i;
  // TAB and NL become spaces in attribute values: saxes handles those.
  let j = start;
  const len = chunk.length;
  for (; j < len; j++) {
    const c = chunk.charCodeAt(j);
    if (c < 0x20 || c >= 0xd800 || c === q || c === 0x26 || c === 0x3c) break;
  }
  this.column += j - start;
  if (j < len && chunk.charCodeAt(j) === q) {
    this.prevI = j;
    this.i = j + 1;
    this.column++;
    this.pushAttrib(this.name, this.text + chunk.slice(start, j));
    this.name = this.text = '';
    this.q = null;
    this.state = S_ATTRIB_VALUE_CLOSED;
    return undefined;
  }
  if (j > start) this.text += chunk.slice(start, j);
  this.i = j;
  return orig.sAttribValueQuoted!.call(this);
}

/**
 * Namespaces of a start tag without attributes and without a prefix (most tags of a payment or invoice file):
 * such a tag declares nothing, so its namespace is the default namespace in effect at its parent, which each tag
 * keeps (`dns`) once it is known — instead of saxes walking the whole open-tag stack for every tag. Tags with
 * attributes or a prefix take saxes' own path (and get their `dns` from saxes' resolver when a child asks).
 */
function fastProcessAttribsNS(this: SaxesInternals): unknown {
  const tag = this.tag;
  const name = tag.name;
  if (this.attribList.length !== 0 || name.indexOf(':') !== -1) return orig.processAttribsNS!.call(this);
  tag.prefix = '';
  tag.local = name;
  const tags = this.tags;
  const parent = tags.length === 0 ? undefined : tags[tags.length - 1]!;
  // This tag declares nothing, so saxes' resolve("") gives the parent's default namespace in effect: remember it there.
  let uri = parent?.dns;
  if (uri === undefined) {
    uri = this.resolve('') ?? '';
    if (parent !== undefined) parent.dns = uri;
  }
  tag.uri = uri;
  tag.dns = uri;
  return undefined;
}

/** saxes with the fast scanners (same class, same state machine, same events). */
class FastSaxesParser extends SaxesParser<{ xmlns: true; position: true }> {}
if (canAccelerate) {
  const fp = FastSaxesParser.prototype as unknown as Record<string, unknown>;
  fp.handleTextInRoot = fastHandleTextInRoot;
  fp.captureNameChars = fastCaptureNameChars;
  fp.captureToChar = fastCaptureToChar;
  fp.sAttribValueQuoted = fastAttribValueQuoted;
  fp.processAttribsNS = fastProcessAttribsNS;
}

/** For the differential test only: a parser with or without the fast scanners. */
export function newSaxesParser(fast = true): SaxesParser<{ xmlns: true; position: true }> {
  return fast ? new FastSaxesParser({ xmlns: true, position: true }) : new SaxesParser({ xmlns: true, position: true });
}

// ------------------------------------------------------------------ names

/**
 * The engine's own copy of a string (the one source literals such as 'ID' or a namespace URI constant
 * already are): comparing two such strings is a pointer comparison instead of a character-by-character one,
 * which is what every later lookup by local name and namespace does. Property keys are internalized.
 */
function internalize(s: string): string {
  const o: Record<string, 0> = Object.create(null) as Record<string, 0>;
  o[s] = 0;
  for (const k in o) return k;
  return s;
}

interface QName {
  local: string;
  prefix: string;
  name: string;
}

/** Per parse (no shared state): names and namespace URIs seen so far, each internalized once. */
function interner() {
  const names = new Map<string, QName>();
  const uris = new Map<string, string>();
  return {
    qname(name: string, local: string, prefix: string): QName {
      let q = names.get(name);
      if (q === undefined) {
        q = { local, prefix, name };
        names.set(name, q);
      }
      return q;
    },
    uri(uri: string): string {
      let u = uris.get(uri);
      if (u === undefined) {
        u = internalize(uri);
        uris.set(uri, u);
      }
      return u;
    },
  };
}

// ------------------------------------------------------------------ the hardened parser

const NO_ATTRIBUTES = Object.freeze([]) as unknown as XmlAttribute[];

export function createHardenedParser(limits: XmlLimits, h: SaxHandlers): SaxesParser<{ xmlns: true; position: true }> {
  const parser = newSaxesParser();
  const names = interner();
  const maxDepth = limits.maxDepth;
  const maxAttributes = limits.maxAttributes;
  let depth = 0;
  let attributeCount = 0;
  let tagLine = 1;
  let tagColumn = 1;
  const where = (): XmlLocation => ({ line: parser.line, column: parser.column });
  parser.on('error', (err: Error) => {
    const msg = err.message.replace(/^[^:]*:\d+:\d+: /, '');
    if (/undefined entity|entity/i.test(msg) && !/character reference/i.test(msg)) {
      throw new KontorXmlError('XML_ENTITY_FORBIDDEN', `Entity references are not allowed: ${msg}`, { location: where() });
    }
    throw new KontorXmlError('XML_MALFORMED', `Malformed XML: ${msg}`, { location: where() });
  });
  parser.on('doctype', () => {
    throw new KontorXmlError('XML_DOCTYPE_FORBIDDEN', 'DOCTYPE declarations are not allowed (DTDs and entities are refused)', { location: where() });
  });
  parser.on('opentagstart', () => {
    attributeCount = 0;
    tagLine = parser.line;
    // saxes reports the column after the name; the start tag begins at "<".
    const c = parser.column;
    tagColumn = c > 1 ? c : 1;
  });
  // Counted while the start tag is read, so a tag with a million attributes stops at the first one too many.
  parser.on('attribute', () => {
    if (++attributeCount > maxAttributes) {
      throw new KontorXmlError('XML_TOO_MANY_ATTRIBUTES', `More than ${maxAttributes} attributes on one element`, { location: { line: tagLine, column: tagColumn } });
    }
  });
  parser.on('opentag', (tag) => {
    if (++depth > maxDepth) throw new KontorXmlError('XML_TOO_DEEP', `Element nesting deeper than ${maxDepth}`, { location: where() });
    // Most elements have no attributes: they share one frozen empty list instead of an array each.
    let attrs: XmlAttribute[] = NO_ATTRIBUTES;
    const all = tag.attributes;
    for (const k in all) {
      const a = all[k]!;
      // xmlns and xmlns:* declarations are not attributes of the element.
      if (a.prefix === 'xmlns' || a.name === 'xmlns') continue;
      const q = names.qname(a.name, a.local, a.prefix);
      if (attrs === NO_ATTRIBUTES) attrs = [];
      attrs.push({ name: q.name, local: q.local, prefix: q.prefix, ns: names.uri(a.uri), value: a.value });
    }
    const q = names.qname(tag.name, tag.local, tag.prefix);
    h.open(q.name, q.local, q.prefix, names.uri(tag.uri), attrs, tagLine, tagColumn);
  });
  // saxes emits closetag for self-closing tags as well.
  parser.on('closetag', () => {
    depth--;
    h.close();
  });
  // Called directly (no wrapper): the text handlers must not rely on `this`.
  parser.on('text', h.text);
  parser.on('cdata', h.text);
  parser.on('processinginstruction', (pi) => h.pi?.(pi.target, pi.body, parser.line));
  return parser;
}
