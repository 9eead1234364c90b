/**
 * Byte-level checks pdf-lib cannot see after parsing: header and binary comment (6.1.2), trailer /ID in
 * the last trailer and data after %%EOF (6.1.3), xref keyword layout (6.1.4), stream keyword EOLs and
 * /Length (6.1.7.1), object header spacing (6.1.9). Objects are found by a sequential scan that skips
 * stream data by /Length, the way pdf-lib's own parser walks a file.
 */
import { PDFNumber, PDFRef } from 'pdf-lib';
import { isAlnum, isDigit, isWs, latin1 } from '../internal/bytes';
import type { CheckContext } from './context';

/** Byte codes of the PDF syntax read here. */
const LF = 0x0a;
const CR = 0x0d;
const isEol = (c: number | undefined) => c === LF || c === CR;

/**
 * An object header "n g obj": where it starts, where its four groups (number, spacing, generation, spacing) end, and
 * where the header ends (positions in the file's bytes; the groups are read out only where needed).
 */
interface ObjHeader {
  index: number;
  numEnd: number;
  ws1End: number;
  genEnd: number;
  ws2End: number;
  end: number;
}

const bufOf = (b: Uint8Array) => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));
const OBJ = Buffer.from('obj', 'latin1');
const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');
const ENDOBJ = Buffer.from('endobj', 'latin1');

/** Whether `needle` is at `at` in `b`. */
function bytesAt(b: Uint8Array, at: number, needle: Uint8Array): boolean {
  if (at < 0 || at + needle.length > b.length) return false;
  for (let i = 0; i < needle.length; i++) if (b[at + i] !== needle[i]) return false;
  return true;
}

/**
 * Every match of /(?<![0-9A-Za-z.+-])(\d+)([\0\t\n\f\r ]+)(\d+)([\0\t\n\f\r ]+)obj(?![A-Za-z0-9])/g in the bytes read as
 * latin1, in order: each "obj" found with indexOf, then the runs before it read backwards (each run is maximal, as
 * the pattern's greedy groups and its look-behind make them). The pattern itself, run over stream data, was the slow
 * part; the file is searched as bytes (a latin1 string of the whole file cost as much again).
 * @internal exported for its test
 */
export function objectHeaders(bytes: Uint8Array): ObjHeader[] {
  const b = bufOf(bytes);
  const out: ObjHeader[] = [];
  for (let at = b.indexOf(OBJ); at >= 0; at = b.indexOf(OBJ, at + 3)) {
    if (at + 3 < b.length && isAlnum(b[at + 3]!)) continue;
    let k = at - 1;
    const ws2End = k;
    while (k >= 0 && isWs(b[k]!)) k--;
    if (k === ws2End) continue;
    const genEnd = k;
    while (k >= 0 && isDigit(b[k]!)) k--;
    if (k === genEnd) continue;
    const ws1End = k;
    while (k >= 0 && isWs(b[k]!)) k--;
    if (k === ws1End) continue;
    const numEnd = k;
    while (k >= 0 && isDigit(b[k]!)) k--;
    if (k === numEnd) continue;
    if (k >= 0) {
      const before = b[k]!;
      if (isAlnum(before) || before === 0x2e || before === 0x2b || before === 0x2d) continue;
    }
    out.push({ index: k + 1, numEnd: numEnd + 1, ws1End: ws1End + 1, genEnd: genEnd + 1, ws2End: ws2End + 1, end: at + 3 });
  }
  return out;
}

/** The first header at or after `pos` (headers in order), or undefined. */
function headerAtOrAfter(headers: readonly ObjHeader[], pos: number): ObjHeader | undefined {
  let lo = 0;
  let hi = headers.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (headers[mid]!.index < pos) lo = mid + 1;
    else hi = mid;
  }
  return headers[lo];
}

export interface RawFacts {
  /** dictionary texts of every trailer (classic `trailer` and cross-reference stream dicts), file order */
  trailers: string[];
  linearized: boolean;
}

/**
 * At a literal string "(" or a comment "%", the index of its last character (so a loop's i++ moves past it);
 * otherwise `i` unchanged.
 */
function skipStringOrComment(b: Uint8Array, i: number, limit: number): number {
  if (b[i] === 0x28) {
    let level = 1;
    i++;
    while (i < limit && level > 0) {
      const c = b[i];
      if (c === 0x5c) i++;
      else if (c === 0x28) level++;
      else if (c === 0x29) level--;
      i++;
    }
    return i - 1;
  }
  if (b[i] === 0x25) {
    while (i < limit && b[i] !== LF && b[i] !== CR) i++;
    return i;
  }
  return i;
}

/** End index of a dictionary starting at `from` ("<<"), skipping strings; -1 if unbalanced. */
function dictEnd(b: Uint8Array, from: number, limit: number): number {
  let depth = 0;
  for (let i = from; i < limit; i++) {
    const c = b[i];
    if (c === 0x28 || c === 0x25) {
      i = skipStringOrComment(b, i, limit);
    } else if (c === 0x3c && i + 1 < limit && b[i + 1] === 0x3c) {
      depth++;
      i++;
    } else if (c === 0x3e && i + 1 < limit && b[i + 1] === 0x3e) {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Position of the `stream` or `endobj` keyword ending an object body starting at `from`. */
function bodyEnd(b: Uint8Array, from: number, limit: number): { kind: 'stream' | 'endobj'; at: number } | undefined {
  for (let i = from; i < limit; i++) {
    const c = b[i];
    if (c === 0x28 || c === 0x25) {
      i = skipStringOrComment(b, i, limit);
    } else if (c === 0x73 && bytesAt(b, i, STREAM)) {
      // a keyword: after white space or ">" (or at the start), and not the start of a longer word
      const before = i > 0 ? b[i - 1]! : 0x20;
      const after = i + 6 < b.length ? b[i + 6]! : 0x20;
      if ((isWs(before) || before === 0x3e) && !isAlnum(after)) return { kind: 'stream', at: i };
    } else if (c === 0x65 && bytesAt(b, i, ENDOBJ)) {
      return { kind: 'endobj', at: i };
    }
  }
  return undefined;
}

function checkGap(c: CheckContext, b: Buffer, from: number, to: number, facts: RawFacts): void {
  if (to <= from) return;
  const gap = b.toString('latin1', from, to);
  const xrefRe = /(?<![A-Za-z])xref(?![A-Za-z])/g;
  for (let m = xrefRe.exec(gap); m; m = xrefRe.exec(gap)) {
    const after = gap.slice(m.index + 4, m.index + 8);
    if (!/^(\r\n|\r|\n)\d/.test(after)) c.fail('6.1.4-2', c.t('XREF_EOL'), `offset ${from + m.index}`);
  }
  const trRe = /(?<![A-Za-z])trailer(?![A-Za-z])/g;
  for (let m = trRe.exec(gap); m; m = trRe.exec(gap)) {
    const start = gap.indexOf('<<', m.index);
    if (start < 0) continue;
    const end = dictEnd(b, from + start, to);
    facts.trailers.push(gap.slice(start, end < 0 ? gap.length : end - from));
  }
}

function lengthOf(c: CheckContext, dictText: string): number | undefined {
  const m = /\/Length[\0\t\n\f\r ]+(\d+)(?:[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+R)?(?![0-9.])/.exec(dictText);
  if (!m) return undefined;
  if (m[2] === undefined) return Number(m[1]);
  const v = c.ctx.lookup(PDFRef.of(Number(m[1]), Number(m[2])));
  return v instanceof PDFNumber ? v.asNumber() : undefined;
}

/** Only the top-level part of a dictionary text (nested dictionaries removed), for key lookups. */
function topLevel(dictText: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < dictText.length; i++) {
    if (dictText[i] === '<' && dictText[i + 1] === '<') {
      depth++;
      i++;
      if (depth === 1) out += '<<';
      continue;
    }
    if (dictText[i] === '>' && dictText[i + 1] === '>') {
      depth--;
      i++;
      if (depth === 0) out += '>>';
      continue;
    }
    if (depth <= 1) out += dictText[i];
  }
  return out;
}

function checkEndobj(c: CheckContext, b: Uint8Array, at: number, path: string): void {
  // after a number or keyword the white space before endobj ends that token; only judge delimiter-ended objects
  let k = at - 1;
  while (k > 0 && (b[k] === 0x00 || b[k] === 0x09 || b[k] === 0x0c || b[k] === 0x20)) k--;
  const ender = isEol(b[k]) ? undefined : b[k];
  const delimiterEnded = ender === undefined || ender === 0x3e || ender === 0x29 || ender === 0x5d;
  if (!isEol(b[at - 1]) && delimiterEnded) c.fail('6.1.9-1', c.t('ENDOBJ_NO_EOL_BEFORE'), path);
  if (at + 6 < b.length && !isEol(b[at + 6])) c.fail('6.1.9-1', c.t('ENDOBJ_NO_EOL_AFTER'), path);
}

/** The digits of a header group as a number, as Number() reads the text. */
const groupNumber = (b: Buffer, from: number, to: number) => Number(b.toString('latin1', from, to));

export function checkRaw(c: CheckContext): RawFacts {
  const bytes = c.bytes;
  const facts: RawFacts = { trailers: [], linearized: false };

  // 6.1.2 header: "%PDF-1.n" at byte 0, one EOL, then "%" and four bytes > 127
  const head = latin1(bytes, 0, Math.min(bytes.length, 64));
  const hm = /^%PDF-(\d\.\d+)(\r\n|\r|\n)/.exec(head);
  if (!hm || !/^1\.[0-7]$/.test(hm[1]!)) {
    c.fail('6.1.2-1', c.t('HEADER_FORM', { found: hm ? c.t('HEADER_FOUND', { version: hm[1] }) : '' }), 'header');
  }
  if (hm) {
    const at = hm[0].length;
    const ok = bytes[at] === 0x25 && [1, 2, 3, 4].every((k) => (bytes[at + k] ?? 0) > 127);
    if (!ok) c.fail('6.1.2-2', c.t('HEADER_COMMENT'), 'header');
  }

  // 6.1.3-3: nothing after the last %%EOF but one optional EOL
  const tail = latin1(bytes, Math.max(0, bytes.length - 2048));
  const eof = tail.lastIndexOf('%%EOF');
  if (eof >= 0) {
    const after = tail.slice(eof + 5);
    if (!(after === '' || after === '\n' || after === '\r' || after === '\r\n')) {
      c.fail('6.1.3-3', c.t('BYTES_AFTER_EOF', { count: after.length }), 'trailer');
    }
  }

  // the file is read as bytes: only dictionaries and the gaps between objects become (small) strings
  const b = bufOf(bytes);
  const n = b.length;
  const headers = objectHeaders(b);
  let pos = 0;
  let first = true;
  for (;;) {
    const m = headerAtOrAfter(headers, pos);
    checkGap(c, b, pos, m ? m.index : n, facts);
    if (!m) break;
    const path = `obj ${groupNumber(b, m.index, m.numEnd)} ${groupNumber(b, m.ws1End, m.genEnd)}`;
    const headerEnd = m.end;
    // 6.1.9 object header spacing: one white-space character between the parts, EOLs around the header
    if (m.index > 0 && !isEol(b[m.index - 1])) c.fail('6.1.9-1', c.t('OBJ_NO_EOL_BEFORE'), path);
    if (m.ws1End - m.numEnd !== 1) c.fail('6.1.9-1', c.t('OBJ_GEN_SPACE'), path);
    if (m.ws2End - m.genEnd !== 1) c.fail('6.1.9-1', c.t('GEN_OBJ_SPACE'), path);
    if (!isEol(b[headerEnd])) c.fail('6.1.9-1', c.t('OBJ_NO_EOL_AFTER'), path);

    // a body never extends past the next object header: bounds the scan on damaged files
    const nextHeader = headerAtOrAfter(headers, headerEnd)?.index ?? n;
    const body = bodyEnd(b, headerEnd, nextHeader);
    if (!body) {
      first = false;
      pos = nextHeader;
      continue;
    }
    let next: number;
    if (body.kind === 'stream') {
      const dictText = b.toString('latin1', headerEnd, body.at);
      const top = topLevel(dictText);
      if (first && /\/Linearized[\0\t\n\f\r ]/.test(top)) facts.linearized = true;
      if (/\/Type[\0\t\n\f\r ]*\/XRef(?![A-Za-z])/.test(top)) facts.trailers.push(dictText);
      let dataStart = body.at + 6;
      if (b[dataStart] === CR && b[dataStart + 1] === LF) dataStart += 2;
      else if (b[dataStart] === LF) dataStart += 1;
      else {
        c.fail('6.1.7.1-2', c.t('STREAM_KEYWORD_EOL'), path);
        if (b[dataStart] === CR) dataStart += 1;
      }
      const length = lengthOf(c, top);
      // as veraPDF: /Length bytes, then one EOL and endstream; otherwise the real length is what lies
      // before the EOL that precedes the next endstream
      let endstream = -1;
      if (length !== undefined) {
        const k = dataStart + length;
        if (b[k] === CR && b[k + 1] === LF && bytesAt(b, k + 2, ENDSTREAM)) endstream = k + 2;
        else if ((b[k] === LF || b[k] === CR) && bytesAt(b, k + 1, ENDSTREAM)) endstream = k + 1;
      }
      if (endstream < 0) {
        endstream = dataStart <= n ? b.indexOf(ENDSTREAM, dataStart) : -1;
        if (endstream < 0) break;
        let real = endstream - dataStart;
        if (b[endstream - 1] === LF) real -= b[endstream - 2] === CR ? 2 : 1;
        else if (b[endstream - 1] === CR) real -= 1;
        if (length === undefined || length !== real) {
          c.fail('6.1.7.1-1', c.t('STREAM_LENGTH', { length: length ?? c.t('MISSING_VALUE'), real }), path);
        }
      }
      if (!isEol(b[endstream - 1])) c.fail('6.1.7.1-2', c.t('ENDSTREAM_NO_EOL'), path);
      const endobj = endstream + 9 <= n ? b.indexOf(ENDOBJ, endstream + 9) : -1;
      if (endobj >= 0) checkEndobj(c, b, endobj, path);
      next = endobj < 0 ? n : endobj + 6;
    } else {
      if (first && /\/Linearized[\0\t\n\f\r ]/.test(topLevel(b.toString('latin1', headerEnd, body.at)))) facts.linearized = true;
      checkEndobj(c, b, body.at, path);
      next = body.at + 6;
    }
    first = false;
    pos = next;
  }
  return facts;
}
