/**
 * Just enough of a bare CFF font program (Adobe TN 5176 / 5177; PDF FontFile3 /Type1C and
 * /CIDFontType0C) to tell a glyph's advance width: the INDEX structures, the Top and Private DICTs
 * (defaultWidthX, nominalWidthX, local subroutines), the charset of CID-keyed fonts, FDArray and
 * FDSelect, and the start of each Type 2 charstring up to the first stack-clearing operator, where the
 * optional width operand sits. Nothing is rendered. Malformed data throws CffError.
 */

import { standardString } from './cff-strings';
import { Pdfa3Error } from '../errors';

/** Malformed CFF data (a Pdfa3Error PDF_UNREADABLE, so it maps by code should it ever pass a public function). */
export class CffError extends Pdfa3Error {
  constructor(message: string) {
    super('PDF_UNREADABLE', message);
  }
}

interface Index {
  count: number;
  /** absolute offsets of the items (count + 1 entries) */
  offsets: number[];
  end: number;
}

type DictValue = number[];

interface PrivateInfo {
  defaultWidthX: number;
  nominalWidthX: number;
  subrs: Index | undefined;
}

export interface CffFont {
  isCid: boolean;
  numGlyphs: number;
  /** glyph units → 1000-unit text space for the top FontMatrix and each FDArray FontMatrix (undefined: none) */
  topMatrix: number[] | undefined;
  fdMatrices: (number[] | undefined)[];
  /** glyph id for a CID (CID-keyed fonts) */
  gidForCid(cid: number): number | undefined;
  /** the CIDs the program holds (CID-keyed fonts; glyph order) */
  cids(): readonly number[];
  /** glyph names in glyph order (name-keyed fonts); undefined entries: a standard expert string or unknown charset */
  glyphNames(): readonly (string | undefined)[];
  /** advance width in glyph units (before the FontMatrix); undefined when it cannot be told */
  width(gid: number): number | undefined;
}

function card(b: Uint8Array, pos: number, size: number): number {
  if (pos + size > b.length) throw new CffError('truncated');
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + b[pos + i]!;
  return v;
}

function readIndex(b: Uint8Array, pos: number): Index {
  const count = card(b, pos, 2);
  if (count === 0) return { count: 0, offsets: [], end: pos + 2 };
  const offSize = card(b, pos + 2, 1);
  if (offSize < 1 || offSize > 4) throw new CffError('bad INDEX offSize');
  const base = pos + 3 + (count + 1) * offSize - 1;
  const offsets: number[] = [];
  for (let i = 0; i <= count; i++) offsets.push(base + card(b, pos + 3 + i * offSize, offSize));
  const end = offsets[count]!;
  if (end > b.length || offsets.some((o, i) => i > 0 && o < offsets[i - 1]!)) throw new CffError('bad INDEX offsets');
  return { count, offsets, end };
}

function item(idx: Index, i: number): [number, number] {
  return [idx.offsets[i]!, idx.offsets[i + 1]!];
}

function readDict(b: Uint8Array, start: number, end: number): Map<number, DictValue> {
  const d = new Map<number, DictValue>();
  let ops: number[] = [];
  let i = start;
  while (i < end) {
    const b0 = b[i]!;
    if (b0 <= 21) {
      let op = b0;
      i++;
      if (b0 === 12) {
        op = 1200 + (b[i] ?? 0);
        i++;
      }
      d.set(op, ops);
      ops = [];
    } else if (b0 === 28) {
      ops.push((card(b, i + 1, 2) << 16) >> 16);
      i += 3;
    } else if (b0 === 29) {
      ops.push(card(b, i + 1, 4) | 0);
      i += 5;
    } else if (b0 === 30) {
      let s = '';
      i++;
      const nib = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.', 'E', 'E-', '', '-', ''];
      let done = false;
      while (i < end && !done) {
        const v = b[i++]!;
        for (const n of [v >> 4, v & 15]) {
          if (n === 15) {
            done = true;
            break;
          }
          s += nib[n];
        }
      }
      ops.push(Number(s));
    } else if (b0 >= 32 && b0 <= 246) {
      ops.push(b0 - 139);
      i++;
    } else if (b0 >= 247 && b0 <= 250) {
      ops.push((b0 - 247) * 256 + card(b, i + 1, 1) + 108);
      i += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      ops.push(-(b0 - 251) * 256 - card(b, i + 1, 1) - 108);
      i += 2;
    } else throw new CffError(`bad DICT byte ${b0}`);
  }
  return d;
}

function bias(n: number): number {
  return n < 1240 ? 107 : n < 33900 ? 1131 : 32768;
}

/** Parses the structures named above; glyph widths are read lazily, one charstring at a time. */
export function parseCff(b: Uint8Array): CffFont {
  if (b.length < 4) throw new CffError('too short');
  const hdrSize = b[2]!;
  const names = readIndex(b, hdrSize);
  const tops = readIndex(b, names.end);
  const strings = readIndex(b, tops.end);
  const gsubrs = readIndex(b, strings.end);
  if (tops.count < 1) throw new CffError('no Top DICT');
  const top = readDict(b, ...item(tops, 0));
  if ((top.get(1206)?.[0] ?? 2) !== 2) throw new CffError('charstring type is not 2');
  const csOff = top.get(17)?.[0];
  if (csOff === undefined) throw new CffError('no CharStrings');
  const charStrings = readIndex(b, csOff);
  const numGlyphs = charStrings.count;
  const isCid = top.has(1230);

  const readPrivate = (d: Map<number, DictValue>): PrivateInfo => {
    const p = d.get(18);
    if (!p || p.length < 2) return { defaultWidthX: 0, nominalWidthX: 0, subrs: undefined };
    const [size, off] = p as [number, number];
    if (off < 0 || off + size > b.length) throw new CffError('bad Private DICT');
    const pd = readDict(b, off, off + size);
    const subrOff = pd.get(19)?.[0];
    return {
      defaultWidthX: pd.get(20)?.[0] ?? 0,
      nominalWidthX: pd.get(21)?.[0] ?? 0,
      subrs: subrOff !== undefined ? readIndex(b, off + subrOff) : undefined,
    };
  };

  const privates: PrivateInfo[] = [];
  const fdMatrices: (number[] | undefined)[] = [];
  let fdSelect: ((gid: number) => number) | undefined;
  if (isCid) {
    const fdaOff = top.get(1236)?.[0];
    if (fdaOff === undefined) throw new CffError('CID font without FDArray');
    const fda = readIndex(b, fdaOff);
    for (let i = 0; i < fda.count; i++) {
      const fd = readDict(b, ...item(fda, i));
      privates.push(readPrivate(fd));
      fdMatrices.push(fd.get(1207));
    }
    const fsOff = top.get(1237)?.[0];
    if (fsOff === undefined) throw new CffError('CID font without FDSelect');
    const fmt = card(b, fsOff, 1);
    if (fmt === 0) {
      fdSelect = (gid) => card(b, fsOff + 1 + gid, 1);
    } else if (fmt === 3) {
      const n = card(b, fsOff + 1, 2);
      const ranges: [number, number][] = [];
      for (let i = 0; i < n; i++) ranges.push([card(b, fsOff + 3 + 3 * i, 2), card(b, fsOff + 5 + 3 * i, 1)]);
      fdSelect = (gid) => {
        let fd = -1;
        for (const [first, f] of ranges) {
          if (first > gid) break;
          fd = f;
        }
        if (fd < 0) throw new CffError('glyph outside FDSelect');
        return fd;
      };
    } else throw new CffError(`FDSelect format ${fmt}`);
  } else privates.push(readPrivate(top));

  // charset: glyph id → CID (CID-keyed fonts; SIDs otherwise); glyph 0 is CID 0
  const charset: number[] = [0];
  const csetOff = top.get(15)?.[0] ?? 0;
  if (csetOff > 2) {
    const fmt = card(b, csetOff, 1);
    let p = csetOff + 1;
    if (fmt === 0) {
      for (let g = 1; g < numGlyphs; g++, p += 2) charset.push(card(b, p, 2));
    } else if (fmt === 1 || fmt === 2) {
      const nSize = fmt === 1 ? 1 : 2;
      while (charset.length < numGlyphs) {
        const first = card(b, p, 2);
        const left = card(b, p + 2, nSize);
        p += 2 + nSize;
        for (let k = 0; k <= left && charset.length < numGlyphs; k++) charset.push(first + k);
      }
    } else throw new CffError(`charset format ${fmt}`);
  } else if (csetOff === 0) {
    // ISOAdobe: glyph g has SID g
    for (let g = 1; g < numGlyphs; g++) charset.push(g);
  }
  const charsetKnown = csetOff === 0 || csetOff > 2;
  // predefined Expert charsets (1, 2) leave the charset unknown beyond .notdef

  let byCid: Map<number, number> | undefined;

  const width = (gid: number): number | undefined => {
    if (gid < 0 || gid >= numGlyphs) return undefined;
    const priv = privates[fdSelect ? fdSelect(gid) : 0];
    if (!priv) return undefined;
    const stack: number[] = [];
    const run = (start: number, end: number, depth: number): number | 'default' | 'continue' => {
      if (depth > 10) throw new CffError('subroutines nested too deeply');
      let i = start;
      while (i < end) {
        const v = b[i]!;
        if (v >= 32) {
          if (v <= 246) {
            stack.push(v - 139);
            i++;
          } else if (v <= 250) {
            stack.push((v - 247) * 256 + b[i + 1]! + 108);
            i += 2;
          } else if (v <= 254) {
            stack.push(-(v - 251) * 256 - b[i + 1]! - 108);
            i += 2;
          } else {
            stack.push((card(b, i + 1, 4) | 0) / 65536);
            i += 5;
          }
          continue;
        }
        if (v === 28) {
          stack.push((card(b, i + 1, 2) << 16) >> 16);
          i += 3;
          continue;
        }
        i++;
        const odd = (n: number) => (stack.length > n ? stack[0]! : undefined);
        switch (v) {
          case 1: // hstem
          case 3: // vstem
          case 18: // hstemhm
          case 23: // vstemhm
          case 19: // hintmask
          case 20: // cntrmask
            return stack.length % 2 === 1 ? stack[0]! : 'default';
          case 21: // rmoveto
            return odd(2) ?? 'default';
          case 22: // hmoveto
          case 4: // vmoveto
            return odd(1) ?? 'default';
          case 14: // endchar
            return stack.length === 1 || stack.length === 5 ? stack[0]! : 'default';
          case 10: // callsubr
          case 29: {
            const subrs = v === 10 ? priv.subrs : gsubrs;
            const n = stack.pop();
            if (!subrs || n === undefined) throw new CffError('bad subroutine call');
            const k = n + bias(subrs.count);
            if (k < 0 || k >= subrs.count) throw new CffError('subroutine index out of range');
            const r = run(...item(subrs, k), depth + 1);
            if (r !== 'continue') return r;
            break;
          }
          case 11: // return
            return 'continue';
          default:
            // any other operator before the first stack-clearing one is not valid Type 2
            throw new CffError(`unexpected operator ${v} before the width`);
        }
      }
      return 'continue';
    };
    const r = run(...item(charStrings, gid), 0);
    if (r === 'continue') return undefined;
    if (r === 'default') return priv.defaultWidthX;
    return priv.nominalWidthX + r;
  };

  return {
    isCid,
    numGlyphs,
    topMatrix: top.get(1207),
    fdMatrices,
    gidForCid(cid) {
      if (!isCid) return undefined;
      if (!byCid) {
        byCid = new Map();
        charset.forEach((c, g) => {
          if (!byCid!.has(c)) byCid!.set(c, g);
        });
      }
      return byCid.get(cid);
    },
    cids: () => (isCid ? charset : []),
    glyphNames: () => {
      if (isCid) return [];
      if (!charsetKnown) return [];
      const latin = new TextDecoder('latin1');
      return charset.map((sid) => {
        if (sid < 391) return standardString(sid);
        const k = sid - 391;
        if (k >= strings.count) return undefined;
        const [s0, s1] = item(strings, k);
        return latin.decode(b.subarray(s0, s1));
      });
    },
    width,
  };
}
