/**
 * A look at a PDF's bytes without parsing it: the file as written, then the decoded data of its object streams
 * (where PDF 1.5 writers, pdf-lib among them, put dictionaries such as fonts). For cheap guesses before a parse;
 * anything it cannot read simply is not offered.
 */
import { isWs } from '../internal/bytes';
import { flate } from '../internal/decode';

/**
 * At most this many object streams, of at most this many decoded bytes each, are looked into, among the first
 * OBJSTM_TRIES occurrences of `/ObjStm` (a hostile file can hold millions).
 */
const OBJSTM_MAX = 64;
const OBJSTM_MAX_BYTES = 1024 * 1024;
const OBJSTM_TRIES = 1024;
/** How far from `/ObjStm` the dictionary's `<<` and the `stream` keyword may be. */
const DICT_REACH = 512;

/**
 * Calls `test` with the file's bytes, then with the decoded bytes of each object stream it can read (a dictionary
 * with a direct /Length and /FlateDecode as its only filter), until `test` returns true; true then, else false.
 * @example
 * ```ts
 * // does the file name Helvetica anywhere, in the clear or inside an object stream?
 * someRawPdfBytes(bytes, (b) => b.includes('/BaseFont /Helvetica'));
 * ```
 */
export function someRawPdfBytes(pdf: Uint8Array, test: (bytes: Buffer) => boolean): boolean {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  if (test(buf)) return true;
  let streams = 0;
  let tries = 0;
  for (let at = buf.indexOf('/ObjStm'); at >= 0 && streams < OBJSTM_MAX && tries++ < OBJSTM_TRIES; at = buf.indexOf('/ObjStm', at + 7)) {
    const data = objectStreamData(buf, at);
    if (data === undefined) continue;
    streams++;
    let decoded: Uint8Array;
    try {
      decoded = flate(data, OBJSTM_MAX_BYTES);
    } catch {
      continue;
    }
    if (test(Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength))) return true;
  }
  return false;
}

/**
 * The compressed data of the object stream whose dictionary holds the `/ObjStm` at `at`: a dictionary with a direct
 * /Length and /FlateDecode as its only filter, `stream` and its end of line right after it. Undefined otherwise.
 */
function objectStreamData(buf: Buffer, at: number): Buffer | undefined {
  // searched within reach only: an unbounded search per occurrence would make the scan quadratic in the file size
  const from = Math.max(0, at - DICT_REACH);
  const back = buf.subarray(from, at).lastIndexOf('<<');
  const ahead = buf.subarray(at, Math.min(buf.length, at + DICT_REACH + 6)).indexOf('stream');
  if (back < 0 || ahead < 0) return undefined;
  const open = from + back;
  const kw = at + ahead;
  const dict = buf.toString('latin1', open, kw);
  if (!/>>[\0\t\n\f\r ]*$/.test(dict) || !/\/Type[\0\t\n\f\r ]*\/ObjStm(?![A-Za-z0-9#])/.test(dict)) return undefined;
  const flateOnly = /\/Filter[\0\t\n\f\r ]*(?:\/FlateDecode(?![A-Za-z0-9#])|\[[\0\t\n\f\r ]*\/FlateDecode[\0\t\n\f\r ]*\])/;
  if (!flateOnly.test(dict) || /\/DecodeParms/.test(dict)) return undefined;
  const length = /\/Length[\0\t\n\f\r ]+(\d{1,9})(?![0-9]|[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+R)/.exec(dict);
  if (!length) return undefined;
  let start = kw + 6;
  if (buf[start] === 0x0d && buf[start + 1] === 0x0a) start += 2;
  else if (buf[start] === 0x0a) start += 1;
  else return undefined;
  const end = start + Number(length[1]);
  return end <= buf.length ? buf.subarray(start, end) : undefined;
}

/**
 * Whether `buf` has `/BaseFont` followed (after white space) by a name that starts with one of `prefixes`, e.g.
 * `['/Helvetica', '/Arial']` (a subset-tagged name such as `/ABCDEF+ArialMT` does not start so).
 * @example
 * ```ts
 * someRawPdfBytes(bytes, (b) => baseFontStartsWith(b, ['/Helvetica', '/Arial']));
 * ```
 */
export function baseFontStartsWith(buf: Buffer, prefixes: readonly string[]): boolean {
  for (let at = buf.indexOf('/BaseFont'); at >= 0; at = buf.indexOf('/BaseFont', at + 9)) {
    let k = at + 9;
    while (k < buf.length && isWs(buf[k]!)) k++;
    if (prefixes.some((p) => buf.toString('latin1', k, k + p.length) === p)) return true;
  }
  return false;
}
