/**
 * Byte-level checks pdf-lib cannot see after parsing: header and binary comment (6.1.2), trailer /ID in
 * the last trailer and data after %%EOF (6.1.3), xref keyword layout (6.1.4), stream keyword EOLs and
 * /Length (6.1.7.1), object header spacing (6.1.9). Objects are found by a sequential scan that skips
 * stream data by /Length, the way pdf-lib's own parser walks a file.
 */
import { PDFNumber, PDFRef } from 'pdf-lib';
import { latin1 } from '../internal/bytes';
import type { CheckContext } from './context';

const isEol = (c: string | undefined) => c === '\n' || c === '\r';

/** An object header "n g obj": where it starts, its four groups (number, spacing, generation, spacing) and its end. */
interface ObjHeader {
  index: number;
  num: string;
  ws1: string;
  gen: string;
  ws2: string;
  end: number;
}

const isWsCode = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDigitCode = (c: number) => c >= 0x30 && c <= 0x39;
const isAlnumCode = (c: number) => isDigitCode(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/**
 * Every match of /(?<![0-9A-Za-z.+-])(\d+)([\0\t\n\f\r ]+)(\d+)([\0\t\n\f\r ]+)obj(?![A-Za-z0-9])/g in `s`, in order:
 * each "obj" found with indexOf, then the runs before it read backwards (each run is maximal, as the pattern's
 * greedy groups and its look-behind make them). The pattern itself, run over stream data, was the slow part.
 * @internal exported for its test
 */
export function objectHeaders(s: string): ObjHeader[] {
  const out: ObjHeader[] = [];
  for (let at = s.indexOf('obj'); at >= 0; at = s.indexOf('obj', at + 3)) {
    if (at + 3 < s.length && isAlnumCode(s.charCodeAt(at + 3))) continue;
    let k = at - 1;
    const ws2End = k;
    while (k >= 0 && isWsCode(s.charCodeAt(k))) k--;
    if (k === ws2End) continue;
    const genEnd = k;
    while (k >= 0 && isDigitCode(s.charCodeAt(k))) k--;
    if (k === genEnd) continue;
    const ws1End = k;
    while (k >= 0 && isWsCode(s.charCodeAt(k))) k--;
    if (k === ws1End) continue;
    const numEnd = k;
    while (k >= 0 && isDigitCode(s.charCodeAt(k))) k--;
    if (k === numEnd) continue;
    if (k >= 0) {
      const before = s.charCodeAt(k);
      if (isAlnumCode(before) || before === 0x2e || before === 0x2b || before === 0x2d) continue;
    }
    const index = k + 1;
    out.push({ index, num: s.slice(index, numEnd + 1), ws1: s.slice(numEnd + 1, ws1End + 1), gen: s.slice(ws1End + 1, genEnd + 1), ws2: s.slice(genEnd + 1, ws2End + 1), end: at + 3 });
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
function skipStringOrComment(s: string, i: number, limit: number): number {
  if (s[i] === '(') {
    let level = 1;
    i++;
    while (i < limit && level > 0) {
      if (s[i] === '\\') i++;
      else if (s[i] === '(') level++;
      else if (s[i] === ')') level--;
      i++;
    }
    return i - 1;
  }
  if (s[i] === '%') {
    while (i < limit && s[i] !== '\n' && s[i] !== '\r') i++;
    return i;
  }
  return i;
}

/** End index of a dictionary starting at `from` ("<<"), skipping strings; -1 if unbalanced. */
function dictEnd(s: string, from: number, limit: number): number {
  let depth = 0;
  for (let i = from; i < limit; i++) {
    const c = s[i];
    const skipped = skipStringOrComment(s, i, limit);
    if (skipped !== i) {
      i = skipped;
    } else if (c === '<' && s[i + 1] === '<') {
      depth++;
      i++;
    } else if (c === '>' && s[i + 1] === '>') {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Position of the `stream` or `endobj` keyword ending an object body starting at `from`. */
function bodyEnd(s: string, from: number, limit: number): { kind: 'stream' | 'endobj'; at: number } | undefined {
  for (let i = from; i < limit; i++) {
    const c = s[i];
    const skipped = skipStringOrComment(s, i, limit);
    if (skipped !== i) {
      i = skipped;
    } else if (c === 's' && s.startsWith('stream', i) && /[\0\t\n\f\r >]/.test(s[i - 1] ?? ' ') && !/[A-Za-z0-9]/.test(s[i + 6] ?? ' ')) {
      return { kind: 'stream', at: i };
    } else if (c === 'e' && s.startsWith('endobj', i)) {
      return { kind: 'endobj', at: i };
    }
  }
  return undefined;
}

function checkGap(c: CheckContext, s: string, from: number, to: number, facts: RawFacts): void {
  const gap = s.slice(from, to);
  const xrefRe = /(?<![A-Za-z])xref(?![A-Za-z])/g;
  for (let m = xrefRe.exec(gap); m; m = xrefRe.exec(gap)) {
    const after = gap.slice(m.index + 4, m.index + 8);
    if (!/^(\r\n|\r|\n)\d/.test(after)) c.fail('6.1.4-2', c.t('XREF_EOL'), `offset ${from + m.index}`);
  }
  const trRe = /(?<![A-Za-z])trailer(?![A-Za-z])/g;
  for (let m = trRe.exec(gap); m; m = trRe.exec(gap)) {
    const start = gap.indexOf('<<', m.index);
    if (start < 0) continue;
    const end = dictEnd(gap, start, gap.length);
    facts.trailers.push(gap.slice(start, end < 0 ? gap.length : end));
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

function checkEndobj(c: CheckContext, s: string, at: number, path: string): void {
  // after a number or keyword the white space before endobj ends that token; only judge delimiter-ended objects
  let k = at - 1;
  while (k > 0 && /[\0\t\f ]/.test(s[k]!)) k--;
  const ender = isEol(s[k]) ? undefined : s[k];
  if (!isEol(s[at - 1]) && (ender === undefined || /[>)\]]/.test(ender))) c.fail('6.1.9-1', c.t('ENDOBJ_NO_EOL_BEFORE'), path);
  if (at + 6 < s.length && !isEol(s[at + 6])) c.fail('6.1.9-1', c.t('ENDOBJ_NO_EOL_AFTER'), path);
}

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

  const s = latin1(bytes);
  const headers = objectHeaders(s);
  let pos = 0;
  let first = true;
  for (;;) {
    const m = headerAtOrAfter(headers, pos);
    checkGap(c, s, pos, m ? m.index : s.length, facts);
    if (!m) break;
    const path = `obj ${Number(m.num)} ${Number(m.gen)}`;
    const headerEnd = m.end;
    // 6.1.9 object header spacing
    if (m.index > 0 && !isEol(s[m.index - 1])) c.fail('6.1.9-1', c.t('OBJ_NO_EOL_BEFORE'), path);
    if (m.ws1 !== ' ' && m.ws1.length !== 1) c.fail('6.1.9-1', c.t('OBJ_GEN_SPACE'), path);
    if (m.ws2 !== ' ' && m.ws2.length !== 1) c.fail('6.1.9-1', c.t('GEN_OBJ_SPACE'), path);
    if (!isEol(s[headerEnd])) c.fail('6.1.9-1', c.t('OBJ_NO_EOL_AFTER'), path);

    // a body never extends past the next object header: bounds the scan on damaged files
    const nextHeader = headerAtOrAfter(headers, headerEnd)?.index ?? s.length;
    const body = bodyEnd(s, headerEnd, nextHeader);
    if (!body) {
      first = false;
      pos = nextHeader;
      continue;
    }
    let next: number;
    if (body.kind === 'stream') {
      const dictText = s.slice(headerEnd, body.at);
      const top = topLevel(dictText);
      if (first && /\/Linearized[\0\t\n\f\r ]/.test(top)) facts.linearized = true;
      if (/\/Type[\0\t\n\f\r ]*\/XRef(?![A-Za-z])/.test(top)) facts.trailers.push(dictText);
      let dataStart = body.at + 6;
      if (s[dataStart] === '\r' && s[dataStart + 1] === '\n') dataStart += 2;
      else if (s[dataStart] === '\n') dataStart += 1;
      else {
        c.fail('6.1.7.1-2', c.t('STREAM_KEYWORD_EOL'), path);
        if (s[dataStart] === '\r') dataStart += 1;
      }
      const length = lengthOf(c, top);
      // as veraPDF: /Length bytes, then one EOL and endstream; otherwise the real length is what lies
      // before the EOL that precedes the next endstream
      let endstream = -1;
      if (length !== undefined) {
        const k = dataStart + length;
        for (const eol of ['\r\n', '\n', '\r']) {
          if (s.startsWith(eol, k) && s.startsWith('endstream', k + eol.length)) {
            endstream = k + eol.length;
            break;
          }
        }
      }
      if (endstream < 0) {
        endstream = s.indexOf('endstream', dataStart);
        if (endstream < 0) break;
        let real = endstream - dataStart;
        if (s[endstream - 1] === '\n') real -= s[endstream - 2] === '\r' ? 2 : 1;
        else if (s[endstream - 1] === '\r') real -= 1;
        if (length === undefined || length !== real) {
          c.fail('6.1.7.1-1', c.t('STREAM_LENGTH', { length: length ?? c.t('MISSING_VALUE'), real }), path);
        }
      }
      if (!isEol(s[endstream - 1])) c.fail('6.1.7.1-2', c.t('ENDSTREAM_NO_EOL'), path);
      const endobj = s.indexOf('endobj', endstream + 9);
      if (endobj >= 0) checkEndobj(c, s, endobj, path);
      next = endobj < 0 ? s.length : endobj + 6;
    } else {
      if (first && /\/Linearized[\0\t\n\f\r ]/.test(topLevel(s.slice(headerEnd, body.at)))) facts.linearized = true;
      checkEndobj(c, s, body.at, path);
      next = body.at + 6;
    }
    first = false;
    pos = next;
  }
  return facts;
}
