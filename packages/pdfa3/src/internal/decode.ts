/**
 * Bounded stream filters (ISO 32000-1, 7.4): every stage stops with StreamLimitError as soon as its
 * output would pass the cap, so a filter bomb (Flate, RunLength, LZW, or a chain of them) costs at most
 * the cap in memory and time linear in it. Image-only filters (DCT, JPX, CCITT, JBIG2) are not decoded.
 */
import { inflateSync, constants as zc } from 'node:zlib';
import { Pdfa3Error } from '../errors';
import { isWs } from './bytes';

// Internal failures are Pdfa3Error subclasses (one error model): should one ever pass a public function, it still maps by code.
export class StreamLimitError extends Pdfa3Error {
  constructor(message: string) {
    super('PDF_STREAM_TOO_LARGE', message);
  }
}
export class UnsupportedFilterError extends Pdfa3Error {
  constructor(message: string) {
    super('PDF_UNREADABLE', message);
  }
}

export interface PredictorParms {
  predictor?: number;
  colors?: number;
  bitsPerComponent?: number;
  columns?: number;
  earlyChange?: number;
}

class Out {
  private buf: Uint8Array;
  n = 0;
  constructor(
    private readonly max: number,
    hint: number,
  ) {
    this.buf = new Uint8Array(Math.max(16, Math.min(hint, max)));
  }
  push(b: number): void {
    if (this.n >= this.buf.length) this.grow(this.n + 1);
    this.buf[this.n++] = b;
  }
  private grow(need: number): void {
    if (need > this.max) throw new StreamLimitError(`stream decodes to more than ${this.max} bytes`);
    const next = new Uint8Array(Math.min(this.max, Math.max(need, this.buf.length * 2)));
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.n);
  }
}

export function asciiHex(b: Uint8Array, max: number): Uint8Array {
  const out = new Out(max, b.length / 2 + 1);
  let hi = -1;
  for (const c of b) {
    if (c === 0x3e) break;
    if (isWs(c)) continue;
    const v = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 55 : c >= 0x61 && c <= 0x66 ? c - 87 : -1;
    if (v < 0) throw new Error('invalid character in ASCIIHexDecode data');
    if (hi < 0) hi = v;
    else {
      out.push(hi * 16 + v);
      hi = -1;
    }
  }
  if (hi >= 0) out.push(hi * 16);
  return out.bytes();
}

export function ascii85(b: Uint8Array, max: number): Uint8Array {
  const out = new Out(max, (b.length * 4) / 5 + 4);
  const group: number[] = [];
  let i = 0;
  if (b[0] === 0x3c && b[1] === 0x7e) i = 2;
  for (; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0x7e) break;
    if (isWs(c)) continue;
    if (c === 0x7a && group.length === 0) {
      for (let k = 0; k < 4; k++) out.push(0);
      continue;
    }
    if (c < 0x21 || c > 0x75) throw new Error('invalid character in ASCII85Decode data');
    group.push(c - 0x21);
    if (group.length === 5) {
      let v = 0;
      for (const d of group) v = v * 85 + d;
      for (let k = 3; k >= 0; k--) out.push((v >>> (8 * k)) & 0xff);
      group.length = 0;
    }
  }
  if (group.length > 1) {
    const n = group.length;
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const d of group) v = v * 85 + d;
    for (let k = 3; k >= 5 - n; k--) out.push((v >>> (8 * k)) & 0xff);
  }
  return out.bytes();
}

export function runLength(b: Uint8Array, max: number): Uint8Array {
  const out = new Out(max, b.length * 2);
  for (let i = 0; i < b.length; ) {
    const len = b[i++]!;
    if (len === 128) break;
    if (len < 128) {
      for (let k = 0; k <= len && i < b.length; k++) out.push(b[i++]!);
    } else {
      const v = b[i++];
      if (v === undefined) break;
      for (let k = 0; k < 257 - len; k++) out.push(v);
    }
  }
  return out.bytes();
}

export function lzw(b: Uint8Array, max: number, earlyChange = 1): Uint8Array {
  const out = new Out(max, b.length * 3);
  let dict: number[][] = [];
  const reset = () => {
    dict = [];
    for (let k = 0; k < 256; k++) dict.push([k]);
    dict.push([], []);
  };
  reset();
  let width = 9;
  let bitBuf = 0;
  let bits = 0;
  let prev: number[] | undefined;
  for (let i = 0; i < b.length || bits >= width; ) {
    while (bits < width && i < b.length) {
      bitBuf = ((bitBuf << 8) | b[i++]!) >>> 0;
      bits += 8;
    }
    if (bits < width) break;
    const code = (bitBuf >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    bitBuf &= (1 << bits) - 1;
    if (code === 256) {
      reset();
      width = 9;
      prev = undefined;
      continue;
    }
    if (code === 257) break;
    let entry: number[];
    if (code < dict.length) entry = dict[code]!;
    else if (code === dict.length && prev) entry = [...prev, prev[0]!];
    else throw new Error('invalid LZW code');
    for (const x of entry) out.push(x);
    if (prev && dict.length < 4096) dict.push([...prev, entry[0]!]);
    prev = entry;
    const next = dict.length + earlyChange;
    width = next >= 2048 ? 12 : next >= 1024 ? 11 : next >= 512 ? 10 : 9;
  }
  return out.bytes();
}

/**
 * Output chunk size for inflating `n` compressed bytes: zlib's default (16 KB) for small streams; for larger ones
 * about four times the input (a font program or image then inflates into one or a few chunks instead of dozens
 * that are concatenated at the end: ~15 % faster for a 200 KB font stream).
 */
function chunkSizeFor(n: number, max: number): number | undefined {
  if (n < 8192) return undefined;
  return Math.max(16384, Math.min(max, 8 << 20, 2 ** Math.ceil(Math.log2(n * 4))));
}

export function flate(b: Uint8Array, max: number): Uint8Array {
  try {
    const chunkSize = chunkSizeFor(b.length, max);
    const buf = inflateSync(b, { maxOutputLength: max, finishFlush: zc.Z_SYNC_FLUSH, ...(chunkSize ? { chunkSize } : {}) });
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
  } catch (e) {
    if (e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new StreamLimitError(`stream decodes to more than ${max} bytes`);
    throw e;
  }
}

/** PNG (10-15) and TIFF (2) predictors; the output is never longer than the input. */
export function unpredict(b: Uint8Array, p: PredictorParms): Uint8Array {
  const predictor = p.predictor ?? 1;
  if (predictor <= 1) return b;
  const colors = p.colors ?? 1;
  const bpc = p.bitsPerComponent ?? 8;
  const columns = p.columns ?? 1;
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLen = Math.ceil((colors * bpc * columns) / 8);
  if (rowLen <= 0 || rowLen > 1 << 24) throw new Error('invalid predictor parameters');
  if (predictor === 2) {
    if (bpc !== 8) return b;
    const out = new Uint8Array(b);
    for (let r = 0; r + rowLen <= out.length; r += rowLen) for (let k = bpp; k < rowLen; k++) out[r + k] = (out[r + k]! + out[r + k - bpp]!) & 0xff;
    return out;
  }
  const rows = Math.floor(b.length / (rowLen + 1));
  const out = new Uint8Array(rows * rowLen);
  for (let r = 0; r < rows; r++) {
    const type = b[r * (rowLen + 1)]!;
    const src = r * (rowLen + 1) + 1;
    const dst = r * rowLen;
    for (let k = 0; k < rowLen; k++) {
      const raw = b[src + k]!;
      const left = k >= bpp ? out[dst + k - bpp]! : 0;
      const up = r > 0 ? out[dst - rowLen + k]! : 0;
      const upLeft = r > 0 && k >= bpp ? out[dst - rowLen + k - bpp]! : 0;
      let v: number;
      switch (type) {
        case 1:
          v = raw + left;
          break;
        case 2:
          v = raw + up;
          break;
        case 3:
          v = raw + ((left + up) >> 1);
          break;
        case 4: {
          const pa = Math.abs(up - upLeft);
          const pb = Math.abs(left - upLeft);
          const pc = Math.abs(left + up - 2 * upLeft);
          v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          v = raw;
      }
      out[dst + k] = v & 0xff;
    }
  }
  return out;
}

/** Applies a filter chain with a cap on every stage's output. */
export function decodeFilters(data: Uint8Array, filters: { name: string; parms?: PredictorParms }[], max: number): Uint8Array {
  let b = data;
  for (const f of filters) {
    switch (f.name) {
      case 'FlateDecode':
      case 'Fl':
        b = unpredict(flate(b, max), f.parms ?? {});
        break;
      case 'LZWDecode':
      case 'LZW':
        b = unpredict(lzw(b, max, f.parms?.earlyChange ?? 1), f.parms ?? {});
        break;
      case 'ASCIIHexDecode':
      case 'AHx':
        b = asciiHex(b, max);
        break;
      case 'ASCII85Decode':
      case 'A85':
        b = ascii85(b, max);
        break;
      case 'RunLengthDecode':
      case 'RL':
        b = runLength(b, max);
        break;
      default:
        throw new UnsupportedFilterError(`filter ${f.name} is not decoded here`);
    }
  }
  if (b.length > max) throw new StreamLimitError(`stream larger than ${max} bytes`);
  return b;
}
