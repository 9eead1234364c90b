/**
 * A content stream tokenizer (ISO 32000-1, 7.8.2): operands and operators, inline images skipped by
 * their `ID ... EI` framing. Enough for the PDF/A checks (resource use, colour operators, nesting,
 * operator names, limits) without rendering anything.
 */
import { Pdfa3Error } from '../errors';

export type Operand =
  | { t: 'num'; v: number; int: boolean }
  | { t: 'name'; v: string }
  /**
   * a string: `data` its bytes; for a hexadecimal string also `hexChars`, the characters between < and > other than
   * white space (odd: 6.1.6-1), and `hexOther`, whether any of them is not a hex digit (6.1.6-2)
   */
  | { t: 'str'; bytes: number; hex: boolean; data: Uint8Array; hexChars?: number; hexOther?: boolean }
  | { t: 'arr'; v: Operand[] }
  | { t: 'dict'; v: Map<string, Operand> }
  | { t: 'bool'; v: boolean }
  | { t: 'null' };

export interface Operation {
  op: string;
  operands: Operand[];
  /** for BI: the inline image dictionary */
  inline?: Map<string, Operand>;
}

/** byte classes as lookup tables (1 = white space, 2 = delimiter): the tokenizer asks per byte */
const CLASS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[c] = 1;
for (const c of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[c] = 2;
const WS = { has: (c: number) => CLASS[c] === 1 };
/** hex digit values; -2 for the white space a hex string may contain, -1 for anything else */
const HEX = new Int8Array(256).fill(-1);
for (let c = 0; c < 256; c++) if (CLASS[c] === 1) HEX[c] = -2;
for (let d = 0; d < 16; d++) HEX['0123456789abcdef'.charCodeAt(d)] = HEX['0123456789ABCDEF'.charCodeAt(d)] = d;

/**
 * The number of hex digits of a hex string whose characters are all hex digits or white space, read from the bytes;
 * -1 when any other character is in it (the general way decides).
 */
function plainHexDigits(b: Uint8Array, s: number, e: number): number {
  let count = 0;
  for (let k = s; k < e; k++) {
    const h = HEX[b[k]!]!;
    if (h >= 0) count++;
    else if (h !== -2) return -1;
  }
  return count;
}

/** The bytes of such a plain hex string of `count` digits (an odd last digit counts as followed by 0). */
function plainHexBytes(b: Uint8Array, s: number, e: number, count: number): Uint8Array {
  const data = new Uint8Array((count + 1) >> 1);
  let hi = -1;
  let o = 0;
  for (let k = s; k < e; k++) {
    const h = HEX[b[k]!]!;
    if (h < 0) continue;
    if (hi < 0) hi = h;
    else {
      data[o++] = hi * 16 + h;
      hi = -1;
    }
  }
  if (hi >= 0) data[o] = hi * 16;
  return data;
}
const DELIM = { has: (c: number) => CLASS[c] === 2 };

/** A content stream that cannot be tokenized (a Pdfa3Error PDF_UNREADABLE, so it maps by code should it ever pass a public function). */
export class ContentParseError extends Pdfa3Error {
  constructor(message: string) {
    super('PDF_UNREADABLE', message);
  }
}
/** The operator limit of a content stream was reached (not a syntax error). */
export class ContentLimitError extends ContentParseError {}

const text = (b: Uint8Array, s: number, e: number) => Buffer.from(b.buffer, b.byteOffset + s, e - s).toString('latin1');

export interface TokenizeLimits {
  maxOperations?: number;
}

/** Tokenizes a decoded content stream. Unknown bytes become operator tokens (the caller judges them). */
export function tokenizeContent(b: Uint8Array, limits: TokenizeLimits = {}): Operation[] {
  const maxOps = limits.maxOperations ?? 2_000_000;
  const ops: Operation[] = [];
  let i = 0;
  const n = b.length;

  const skipWs = () => {
    while (i < n) {
      const c = b[i]!;
      if (CLASS[c] === 1) i++;
      else if (c === 0x25) {
        while (i < n && b[i] !== 0x0a && b[i] !== 0x0d) i++;
      } else break;
    }
  };

  const regularRun = (): string => {
    const s = i;
    while (i < n && CLASS[b[i]!] === 0) i++;
    // operators are short: skip the Buffer view for them
    if (i - s <= 3) return i - s === 1 ? String.fromCharCode(b[s]!) : i - s === 2 ? String.fromCharCode(b[s]!, b[s + 1]!) : i - s === 3 ? String.fromCharCode(b[s]!, b[s + 1]!, b[s + 2]!) : '';
    return text(b, s, i);
  };

  /**
   * A number written as [+-]digits[.digits] with at most 15 digits, read from the bytes: an integer is exact, and
   * mantissa / 10^k is the one correctly rounded division, i.e. the value Number() gives the same text. Anything
   * else (more digits, a second sign, a name-like run) returns undefined and goes the general way.
   */
  const plainNumber = (): Operand | undefined => {
    let j = i;
    let neg = false;
    if (b[j] === 0x2d || b[j] === 0x2b) {
      neg = b[j] === 0x2d;
      j++;
    }
    let mantissa = 0;
    let digits = 0;
    let scale = 0;
    let dot = false;
    for (; j < n; j++) {
      const ch = b[j]!;
      if (ch >= 0x30 && ch <= 0x39) {
        mantissa = mantissa * 10 + (ch - 0x30);
        digits++;
        if (dot) scale++;
      } else if (ch === 0x2e && !dot) dot = true;
      else break;
    }
    // the run must end here (white space, delimiter or end), hold a digit, and stay within exact arithmetic
    if (digits === 0 || digits > 15 || (j < n && CLASS[b[j]!] === 0)) return undefined;
    i = j;
    const magnitude = scale === 0 ? mantissa : mantissa / 10 ** scale;
    return { t: 'num', v: neg ? -magnitude : magnitude, int: !dot };
  };

  const parseValue = (depth: number): Operand | string => {
    if (depth > 64) throw new ContentParseError('operands nested too deeply');
    const c = b[i]!;
    if (c === 0x2f) {
      i++;
      const raw = regularRun();
      if (!raw.includes('#')) return { t: 'name', v: raw };
      return { t: 'name', v: raw.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) };
    }
    if (c === 0x28) {
      i++;
      // the common case first: no backslash before the balancing ")" — the bytes are the string
      let j = i;
      let depthParen = 1;
      while (j < n) {
        const ch = b[j]!;
        if (ch === 0x5c) break;
        if (ch === 0x28) depthParen++;
        else if (ch === 0x29 && --depthParen === 0) break;
        j++;
      }
      if (j < n && b[j] === 0x29 && depthParen === 0) {
        const data = b.slice(i, j);
        i = j + 1;
        return { t: 'str', bytes: data.length, hex: false, data };
      }
      let level = 1;
      const out: number[] = [];
      while (i < n && level > 0) {
        const ch = b[i]!;
        if (ch === 0x5c) {
          i++;
          const e = b[i];
          if (e === undefined) break;
          if (e >= 0x30 && e <= 0x37) {
            let v = 0;
            let k = 0;
            while (k < 3 && b[i] !== undefined && b[i]! >= 0x30 && b[i]! <= 0x37) {
              v = v * 8 + (b[i]! - 0x30);
              i++;
              k++;
            }
            out.push(v & 0xff);
            continue;
          }
          if (e === 0x0d) {
            i++;
            if (b[i] === 0x0a) i++;
            continue;
          }
          if (e === 0x0a) {
            i++;
            continue;
          }
          const map: Record<number, number> = { 110: 0x0a, 114: 0x0d, 116: 0x09, 98: 0x08, 102: 0x0c };
          out.push(map[e] ?? e);
          i++;
          continue;
        }
        if (ch === 0x28) level++;
        else if (ch === 0x29) {
          level--;
          if (level === 0) {
            i++;
            break;
          }
        }
        out.push(ch);
        i++;
      }
      return { t: 'str', bytes: out.length, hex: false, data: Uint8Array.from(out) };
    }
    if (c === 0x3c) {
      if (b[i + 1] === 0x3c) {
        i += 2;
        const d = new Map<string, Operand>();
        for (;;) {
          skipWs();
          if (i >= n) throw new ContentParseError('unterminated dictionary');
          if (b[i] === 0x3e && b[i + 1] === 0x3e) {
            i += 2;
            return { t: 'dict', v: d };
          }
          const k = parseValue(depth + 1);
          if (typeof k === 'string' || k.t !== 'name') throw new ContentParseError('dictionary key is not a name');
          skipWs();
          const v = parseValue(depth + 1);
          if (typeof v === 'string') throw new ContentParseError('operator inside dictionary');
          d.set(k.v, v);
        }
      }
      i++;
      const s = i;
      while (i < n && b[i] !== 0x3e) i++;
      const e = Math.min(i, n);
      const count = plainHexDigits(b, s, e);
      if (count >= 0) {
        const data = plainHexBytes(b, s, e, count);
        i++;
        return { t: 'str', bytes: data.length, hex: true, data, hexChars: count, hexOther: false };
      }
      const rawHex = text(b, s, i);
      i++;
      const digits = rawHex.replace(/[\x00\t\n\f\r ]/g, '');
      const data = new Uint8Array(Math.ceil(digits.length / 2));
      for (let k = 0; k < data.length; k++) data[k] = parseInt((digits.slice(2 * k, 2 * k + 2) + '0').slice(0, 2), 16) || 0;
      return { t: 'str', bytes: data.length, hex: true, data, hexChars: digits.length, hexOther: true };
    }
    if (c === 0x5b) {
      i++;
      const arr: Operand[] = [];
      for (;;) {
        skipWs();
        if (i >= n) throw new ContentParseError('unterminated array');
        if (b[i] === 0x5d) {
          i++;
          return { t: 'arr', v: arr };
        }
        const v = parseValue(depth + 1);
        if (typeof v === 'string') {
          // operators inside arrays are not allowed; keep going the way readers do
          continue;
        }
        arr.push(v);
      }
    }
    if (c === 0x29 || c === 0x3e || c === 0x5d || c === 0x7b || c === 0x7d) {
      i++;
      return String.fromCharCode(c);
    }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e) {
      const num = plainNumber();
      if (num !== undefined) return num;
    }
    const word = regularRun();
    if (word.length === 0) {
      i++;
      return String.fromCharCode(c);
    }
    // (a word that starts with a letter, such as an operator, is no number)
    if (((c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e) && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      return { t: 'num', v: Number(word), int: /^[+-]?\d+$/.test(word) };
    }
    if (word === 'true' || word === 'false') return { t: 'bool', v: word === 'true' };
    if (word === 'null') return { t: 'null' };
    return word;
  };

  let operands: Operand[] = [];
  for (;;) {
    skipWs();
    if (i >= n) break;
    const v = parseValue(0);
    if (typeof v !== 'string') {
      operands.push(v);
      if (operands.length > 10_000) throw new ContentParseError('too many operands');
      continue;
    }
    if (v === 'BI') {
      const dict = new Map<string, Operand>();
      for (;;) {
        skipWs();
        if (i >= n) throw new ContentParseError('unterminated inline image');
        const k = parseValue(1);
        if (k === 'ID') break;
        if (typeof k === 'string' || k.t !== 'name') throw new ContentParseError('inline image key is not a name');
        skipWs();
        const val = parseValue(1);
        if (typeof val === 'string') throw new ContentParseError('operator inside inline image dictionary');
        dict.set(k.v, val);
      }
      // one white-space byte after ID, then data up to the EI that is followed by white space or the end
      i++;
      let end = -1;
      for (let j = i; j + 1 < n; j++) {
        if (b[j] === 0x45 && b[j + 1] === 0x49 && (j === 0 || WS.has(b[j - 1]!)) && (j + 2 >= n || WS.has(b[j + 2]!) || DELIM.has(b[j + 2]!))) {
          end = j;
          break;
        }
      }
      if (end < 0) throw new ContentParseError('inline image without EI');
      i = end + 2;
      ops.push({ op: 'BI', operands: [], inline: dict });
      operands = [];
    } else {
      ops.push({ op: v, operands });
      operands = [];
    }
    if (ops.length > maxOps) throw new ContentLimitError(`more than ${maxOps} operators`);
  }
  return ops;
}

/** Operators of ISO 32000-1 Annex A (content stream operators). */
export const CONTENT_OPERATORS: ReadonlySet<string> = new Set([
  'b',
  'B',
  'b*',
  'B*',
  'BDC',
  'BI',
  'BMC',
  'BT',
  'BX',
  'c',
  'cm',
  'CS',
  'cs',
  'd',
  'd0',
  'd1',
  'Do',
  'DP',
  'EI',
  'EMC',
  'ET',
  'EX',
  'f',
  'F',
  'f*',
  'G',
  'g',
  'gs',
  'h',
  'i',
  'ID',
  'j',
  'J',
  'K',
  'k',
  'l',
  'm',
  'M',
  'MP',
  'n',
  'q',
  'Q',
  're',
  'RG',
  'rg',
  'ri',
  's',
  'S',
  'SC',
  'sc',
  'SCN',
  'scn',
  'sh',
  'T*',
  'Tc',
  'Td',
  'TD',
  'Tf',
  'Tj',
  'TJ',
  'TL',
  'Tm',
  'Tr',
  'Ts',
  'Tw',
  'Tz',
  'v',
  'w',
  'W',
  'W*',
  'y',
  "'",
  '"',
]);
