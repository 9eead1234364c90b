/**
 * Byte → text decoding for XML input, in one place for every reader of Kontor (tree, streaming, XSD step).
 *
 * The encoding is found as XML 1.0 Appendix F describes: a byte order mark first (UTF-8, UTF-16 LE/BE), then
 * the first bytes of the XML declaration (UTF-16 without BOM), then the declared `encoding` of an
 * ASCII-compatible declaration. Supported: UTF-8, UTF-16 (LE/BE), ISO-8859-1 / US-ASCII / windows-1252 (decoded
 * as windows-1252, the superset the WHATWG encoding standard maps these labels to), ISO-8859-15.
 * Anything else (UTF-32, EBCDIC, other code pages) is refused with XML_ENCODING_UNSUPPORTED.
 */
import { isAscii } from 'node:buffer';
import { KontorXmlError } from '../errors';

/** A TextDecoder label this module decodes with. */
export type XmlTextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'iso-8859-15';

export interface XmlEncodingInfo {
  encoding: XmlTextEncoding;
  /** Bytes of the byte order mark to skip (0 when there is none). */
  bomLength: number;
}

const declaredNames: Record<string, XmlTextEncoding> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  // A declaration read as ASCII cannot be UTF-16: such files were re-encoded without fixing the declaration.
  'utf-16': 'utf-8',
  'iso-8859-1': 'windows-1252',
  'iso8859-1': 'windows-1252',
  'iso_8859-1': 'windows-1252',
  iso_8859_1: 'windows-1252',
  latin1: 'windows-1252',
  'latin-1': 'windows-1252',
  l1: 'windows-1252',
  'us-ascii': 'windows-1252',
  ascii: 'windows-1252',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'iso-8859-15': 'iso-8859-15',
  'iso8859-15': 'iso-8859-15',
  'iso_8859-15': 'iso-8859-15',
  latin9: 'iso-8859-15',
  'latin-9': 'iso-8859-15',
};

/** Bytes enough to read any reasonable XML declaration. */
const HEAD_BYTES = 1024;

/**
 * The encoding of an XML document from its first bytes (up to 1 KB are looked at). Throws
 * XML_ENCODING_UNSUPPORTED for encodings we do not read.
 * @example
 * ```ts
 * detectXmlEncoding(new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-1"?><a/>'));
 * // { encoding: 'windows-1252', bomLength: 0 } (its superset)
 * ```
 */
export function detectXmlEncoding(head: Uint8Array): XmlEncodingInfo {
  const b0 = head[0];
  const b1 = head[1];
  const b2 = head[2];
  const b3 = head[3];
  if (hasBom(head)) return { encoding: 'utf-8', bomLength: 3 };
  if (
    (b0 === 0x00 && b1 === 0x00 && ((b2 === 0xfe && b3 === 0xff) || (b2 === 0x00 && b3 === 0x3c))) ||
    (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00) ||
    (b0 === 0x3c && b1 === 0x00 && b2 === 0x00 && b3 === 0x00)
  ) {
    throw new KontorXmlError('XML_ENCODING_UNSUPPORTED', 'Unsupported XML encoding "UTF-32"');
  }
  if (b0 === 0xff && b1 === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  if (b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00) return { encoding: 'utf-16le', bomLength: 0 };
  if (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f) return { encoding: 'utf-16be', bomLength: 0 };
  if (b0 === 0x4c && b1 === 0x6f && b2 === 0xa7 && b3 === 0x94) throw new KontorXmlError('XML_ENCODING_UNSUPPORTED', 'Unsupported XML encoding "EBCDIC"');
  // Latin-1, not windows-1252: the two differ only in 0x80–0x9F, which neither make ASCII nor white space, so the
  // pattern below matches the same (and a Latin-1 copy needs no decoder: ~0.5 µs per parse).
  // Up to the first ">" only: the pattern cannot look past it (a declaration is ~40–60 bytes, HEAD_BYTES 1 KB).
  const gt = head.subarray(0, HEAD_BYTES).indexOf(0x3e);
  const text = Buffer.from(head.buffer, head.byteOffset, gt === -1 ? Math.min(head.length, HEAD_BYTES) : gt + 1).toString('latin1');
  const m = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]*)["']/.exec(text);
  if (!m) return { encoding: 'utf-8', bomLength: 0 };
  const name = m[1]!.toLowerCase();
  const encoding = declaredNames[name];
  if (!encoding) throw new KontorXmlError('XML_ENCODING_UNSUPPORTED', `Unsupported XML encoding "${m[1]!.slice(0, 40)}"`);
  return { encoding, bomLength: 0 };
}

/**
 * Decodes a whole XML document (BOM skipped).
 * @example
 * ```ts
 * decodeXmlBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c, 0x61, 0x2f, 0x3e])); // '<a/>' (BOM dropped)
 * ```
 */
export function decodeXmlBytes(bytes: Uint8Array): string {
  return joinPieces(decodeXmlPieces(bytes).pieces);
}

/**
 * The text of decoded pieces: the one piece itself, or the pieces joined.
 * @example
 * ```ts
 * joinPieces(['<a>', 'ä</a>']); // '<a>ä</a>'
 * ```
 */
export function joinPieces(pieces: readonly string[]): string {
  return pieces.length === 1 ? pieces[0]! : pieces.join('');
}

/** Documents from this size on (base64 attachments) are looked at in pieces of SEGMENT_BYTES; smaller ones run by run. */
const SMALL_DOCUMENT_BYTES = 64 * 1024;
const SEGMENT_BYTES = 16 * 1024;
/** How far past a segment's end a "<" is looked for (a longer text, e.g. a base64 attachment, is cut where it is). */
const LT_REACH = 1024;
/** Runs of non-ASCII bytes at most this long are decoded here (2- and 3-byte sequences: umlauts, €), longer ones by TextDecoder. */
const SHORT_RUN = 16;
/** Decodes non-ASCII runs that start right after an ASCII byte (so without a BOM to drop): stateless between calls (no stream mode). */
const RUN_DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * UTF-8 → string, exactly as `new TextDecoder('utf-8').decode(bytes)` (replacement characters included), with
 * pure-ASCII stretches — base64 attachments, most of an invoice — copied as one-byte text without per-byte decoding.
 * Correct because the WHATWG UTF-8 decoder is back in its initial state right after every ASCII byte (an ASCII byte
 * inside a broken sequence ends it with U+FFFD and is then read afresh), and the end of a piece ends a pending sequence
 * with the same one U+FFFD: so cutting the input next to an ASCII byte (right after or right before one) and decoding
 * the pieces separately gives the same text; a leading byte order mark is dropped, as TextDecoder does.
 *
 * Documents below 64 KB (`segmentBytes` 0): copied once as one-byte text (a native Latin-1 copy), and only the runs of
 * non-ASCII bytes are decoded — found by a loop over 32-bit words, 16 bytes per step; a short run (an umlaut, a "€")
 * by hand when it holds only well-formed 2- and 3-byte sequences, else by TextDecoder — then the ASCII stretches cut
 * from the copy and the decoded runs are joined. On a median real invoice (14 KB, a few umlauts) ~15 µs instead of
 * ~28 µs for 1 KB pieces through isAscii and TextDecoder. Larger documents go in pieces of `segmentBytes` (native
 * isAscii a piece at a time; a non-ASCII piece, extended until an ASCII byte is on one side of its end, through
 * TextDecoder).
 * Documents below `minBytes` go to TextDecoder whole (none by default).
 */
export function decodeUtf8(bytes: Uint8Array, segmentBytes = bytes.length < SMALL_DOCUMENT_BYTES ? 0 : SEGMENT_BYTES, minBytes = 0): string {
  return joinPieces(utf8Pieces(bytes, segmentBytes, minBytes).pieces);
}

/**
 * A document's text in pieces whose concatenation is the text (decodeXmlPieces), with each one-byte piece's bytes
 * where the input holds them as they are (an ASCII stretch: `pieces[i].charCodeAt(k) === bytes[i][k]`), else null.
 */
export interface XmlPieces {
  pieces: string[];
  bytes: (Uint8Array | null)[];
}

/**
 * decodeUtf8 without the final join. A large document with a few non-ASCII characters (a German comment above a
 * 1 MB base64 attachment) keeps its ASCII stretches as one-byte strings, each copied once: joined, the whole text
 * would become two-byte (every character copied and widened) because of a handful of characters beyond Latin-1.
 */
function utf8Pieces(bytes: Uint8Array, segmentBytes: number, minBytes: number): XmlPieces {
  if (bytes.length < minBytes) return { pieces: [new TextDecoder('utf-8').decode(bytes)], bytes: [null] };
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isAscii(buf)) return { pieces: [buf.toString('latin1')], bytes: [bytes] };
  if (segmentBytes === 0) return { pieces: [decodeRuns(hasBom(buf) ? buf.subarray(3) : buf)], bytes: [null] };
  const out: XmlPieces = { pieces: [], bytes: [] };
  const n = buf.length;
  // Non-ASCII pieces that were (hits) and were not (misses) all Latin-1: a document with a "€" on every line stops
  // trying after a few.
  let hits = 0;
  let misses = 0;
  // The ASCII stretch being collected: [asciiFrom, start).
  let asciiFrom = -1;
  const flush = (to: number) => {
    if (asciiFrom < 0) return;
    out.pieces.push(buf.toString('latin1', asciiFrom, to));
    out.bytes.push(bytes.subarray(asciiFrom, to));
    asciiFrom = -1;
  };
  let start = 0;
  while (start < n) {
    let end = Math.min(n, start + segmentBytes);
    // End the segment right before a "<" when one comes within LT_REACH bytes: the reader then takes the next piece
    // from a tag on, where it would otherwise keep the unfinished token and join it with the whole next piece (a copy
    // of every piece: 4 MB per call on a 6.7 MB invoice with accents in its comments). "<" is ASCII: a safe cut.
    if (end < n) {
      const lt = buf.subarray(end, Math.min(n, end + LT_REACH)).indexOf(0x3c);
      if (lt !== -1) end += lt;
    }
    if (isAscii(buf.subarray(start, end))) {
      if (asciiFrom < 0) asciiFrom = start;
    } else {
      // Extend until an ASCII byte is on one side of the cut (or the end): the pieces then decode as the whole does.
      while (end < n && buf[end - 1]! >= 0x80 && buf[end]! >= 0x80) end++;
      flush(start);
      const piece = buf.subarray(start, end);
      // Nothing beyond Latin-1 in it (a German line item's umlauts): transcoded in one pass into one-byte text,
      // ~5x faster than TextDecoder and half its size; else TextDecoder. A BOM is dropped only at the document's start.
      const body = start === 0 && hasBom(piece) ? piece.subarray(3) : piece;
      const latin1 = misses > hits + 2 ? null : latin1Of(body);
      if (latin1 !== null) hits++;
      else misses++;
      out.pieces.push(latin1 ?? RUN_DECODER.decode(body));
      out.bytes.push(null);
    }
    start = end;
  }
  flush(n);
  return out;
}

/**
 * decodeXmlBytes in pieces (BOM skipped): joined, they are decodeXmlBytes' text. A UTF-8 document from 64 KB on
 * keeps its ASCII stretches as one-byte strings (with their bytes) next to the decoded non-ASCII ones (see
 * utf8Pieces); the reader takes the pieces one after another as it takes a stream's chunks.
 * @example
 * ```ts
 * decodeXmlPieces(new TextEncoder().encode('<a>ä</a>')).pieces.join(''); // '<a>ä</a>'
 * ```
 */
export function decodeXmlPieces(bytes: Uint8Array): XmlPieces {
  const { encoding, bomLength } = detectXmlEncoding(bytes);
  const body = bomLength ? bytes.subarray(bomLength) : bytes;
  return encoding === 'utf-8' ? utf8Pieces(body, body.length < SMALL_DOCUMENT_BYTES ? 0 : SEGMENT_BYTES, 0) : { pieces: [new TextDecoder(encoding).decode(body)], bytes: [null] };
}

function hasBom(b: Uint8Array): boolean {
  return b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
}

/** 32-bit words over the aligned part of some bytes: word k holds bytes [w0 + 4k, w0 + 4k + 4), up to w1. */
interface WordView {
  words: Uint32Array;
  w0: number;
  w1: number;
}

function wordView(bytes: Uint8Array): WordView {
  const n = bytes.length;
  const base = bytes.byteOffset;
  const a0 = (base + 3) & ~3;
  const words = a0 - base < n ? new Uint32Array(bytes.buffer, a0, (base + n - a0) >>> 2) : new Uint32Array(0);
  const w0 = a0 - base;
  return { words, w0, w1: w0 + words.length * 4 };
}

/** The first byte from 0x80 on at or after i (n when none): whole words without one 16 bytes a step, then one. */
function highFrom(v: WordView, buf: Uint8Array, i: number, n: number): number {
  const { words, w0, w1 } = v;
  const wn = words.length;
  while (i < n) {
    if (i >= w0 && i < w1 && ((i - w0) & 3) === 0) {
      let k = (i - w0) >>> 2;
      while (k + 3 < wn && ((words[k]! | words[k + 1]! | words[k + 2]! | words[k + 3]!) & 0x80808080) === 0) k += 4;
      while (k < wn && (words[k]! & 0x80808080) === 0) k++;
      i = w0 + k * 4;
      if (i >= n) return n;
    }
    if (buf[i]! >= 0x80) return i;
    i++;
  }
  return n;
}

/** The bytes latin1Of writes into: kept between calls up to this size, larger ones get their own. */
const SCRATCH_KEEP = 96 * 1024;
let scratch: Buffer | null = null;

/**
 * The UTF-8 text of `buf` (no BOM) when every character in it is below U+0100 (ASCII, and well-formed 2-byte
 * sequences with lead byte C2 or C3: umlauts, ß, é, °, NBSP), else null. Written as Latin-1 bytes into a scratch
 * buffer and copied out once, so the text is one-byte and the only string made: a run-by-run join makes the copy,
 * its slices and the joined text (three times the garbage, and on a large tree each young-generation collection
 * copies the tree built so far), TextDecoder a two-byte string.
 */
function latin1Of(buf: Buffer): string | null {
  const n = buf.length;
  let out = scratch;
  if (out === null || out.length < n) {
    out = Buffer.allocUnsafe(Math.max(n, 16 * 1024));
    if (n <= SCRATCH_KEEP) scratch = out;
  }
  // All of it copied at once; the ASCII stretches after the first sequence are moved down in place.
  out.set(buf, 0);
  const v = wordView(buf);
  let o = 0;
  let copied = 0;
  for (let i = highFrom(v, buf, 0, n); i < n; i = highFrom(v, buf, i, n)) {
    // The ASCII stretch before the sequence moved to its place (each sequence shortens the text by one), then the
    // sequence's one byte.
    const c = buf[i]!;
    const d = i + 1 < n ? buf[i + 1]! : 0;
    if ((c !== 0xc2 && c !== 0xc3) || (d & 0xc0) !== 0x80) return null;
    if (o !== copied) out.copyWithin(o, copied, i);
    o += i - copied;
    out[o++] = ((c & 0x1f) << 6) | (d & 0x3f);
    i += 2;
    copied = i;
  }
  if (o !== copied) out.copyWithin(o, copied, n);
  o += n - copied;
  return out.toString('latin1', 0, o);
}

/**
 * decodeUtf8 of bytes (no BOM) that are not all ASCII, run by run (see there). Bytes with many runs (text in a
 * non-Latin script, or accents every few characters) go to TextDecoder whole instead.
 */
function decodeRuns(buf: Buffer): string {
  const n = buf.length;
  // More runs than this and the pieces would cost more than TextDecoder's pass over all of it.
  const maxRuns = (n >>> 6) + 16;
  let runs = 0;
  const all = buf.toString('latin1');
  const v = wordView(buf);
  const parts: string[] = [];
  let copied = 0;
  for (let i = highFrom(v, buf, 0, n); i < n; i = highFrom(v, buf, i, n)) {
    let j = i + 1;
    while (j < n && buf[j]! >= 0x80) j++;
    if (++runs > maxRuns) return RUN_DECODER.decode(buf);
    if (i > copied) parts.push(all.slice(copied, i));
    parts.push(decodeRun(buf, i, j));
    copied = j;
    i = j;
  }
  if (copied < n) parts.push(all.slice(copied));
  return parts.join('');
}

/** The text of bytes [i, j): a maximal run of bytes ≥ 0x80 that starts after an ASCII byte or at the start (a BOM already cut off). */
function decodeRun(b: Buffer, i: number, j: number): string {
  if (j - i > SHORT_RUN) return RUN_DECODER.decode(b.subarray(i, j));
  let s = '';
  while (i < j) {
    const c = b[i]!;
    if (c >= 0xc2 && c <= 0xdf) {
      if (i + 1 < j) {
        const d = b[i + 1]!;
        if (d <= 0xbf) {
          s += String.fromCharCode(((c & 0x1f) << 6) | (d & 0x3f));
          i += 2;
          continue;
        }
      }
    } else if (c >= 0xe0 && c <= 0xef && i + 2 < j) {
      const d = b[i + 1]!;
      const f = b[i + 2]!;
      if (d >= (c === 0xe0 ? 0xa0 : 0x80) && d <= (c === 0xed ? 0x9f : 0xbf) && f <= 0xbf) {
        s += String.fromCharCode(((c & 0x0f) << 12) | ((d & 0x3f) << 6) | (f & 0x3f));
        i += 3;
        continue;
      }
    }
    // Anything else (4-byte sequences, broken ones) from here on by TextDecoder: i is at a sequence boundary.
    return s + RUN_DECODER.decode(b.subarray(i, j));
  }
  return s;
}

/**
 * Decodes an XML document that arrives in chunks: the first bytes are held back until the encoding can be
 * told (1 KB, or the end of the XML declaration, or the end of input), then every chunk is decoded as it
 * comes, multi-byte sequences split across chunks included. UTF-8: a pure-ASCII chunk that follows bytes ending
 * with an ASCII byte is copied as one-byte text without the decoder (TextDecoder in stream mode costs ~5 ns per
 * byte here; the copy ~0.5): the decoder is in its initial state after an ASCII byte (see decodeUtf8), so it would
 * give the same text, and it is left in that state.
 */
export class XmlChunkDecoder {
  private decoder: TextDecoder | null = null;
  private held: Uint8Array = new Uint8Array(0);
  private utf8 = false;
  /** UTF-8 and the bytes decoded so far end with an ASCII byte (no sequence pending in the decoder). */
  private clean = false;

  /** Text decoded from this chunk (may be empty while the head is held back). */
  write(chunk: Uint8Array): string {
    if (this.decoder) {
      if (!this.utf8 || chunk.length === 0) return this.decoder.decode(chunk, { stream: true });
      const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (this.clean && isAscii(buf)) return buf.toString('latin1');
      this.clean = chunk[chunk.length - 1]! < 0x80;
      return this.decoder.decode(chunk, { stream: true });
    }
    const all = new Uint8Array(this.held.length + chunk.length);
    all.set(this.held, 0);
    all.set(chunk, this.held.length);
    if (all.length < HEAD_BYTES && !declarationComplete(all)) {
      this.held = all;
      return '';
    }
    return this.start(all);
  }

  /** The rest of the text at the end of input. */
  end(): string {
    let text = '';
    if (!this.decoder) {
      if (this.held.length === 0) return '';
      text = this.start(this.held);
    }
    return text + (this.decoder as TextDecoder | null)!.decode();
  }

  private start(all: Uint8Array): string {
    const { encoding, bomLength } = detectXmlEncoding(all);
    this.decoder = new TextDecoder(encoding);
    this.held = new Uint8Array(0);
    this.utf8 = encoding === 'utf-8';
    this.clean = all.length > bomLength && all[all.length - 1]! < 0x80;
    return this.decoder.decode(bomLength ? all.subarray(bomLength) : all, { stream: true });
  }
}

/** True once the bytes hold a ">" after at least 4 bytes (end of the declaration, or of the first tag). */
function declarationComplete(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  // UTF-16 is told by its first four bytes; ASCII-compatible text needs the whole declaration.
  if (bytes[0] === 0x00 || bytes[1] === 0x00 || bytes[0] === 0xff || bytes[0] === 0xfe) return true;
  return bytes.indexOf(0x3e) !== -1;
}
