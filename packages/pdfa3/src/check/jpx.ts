/**
 * 6.2.8.3 (veraPDF rules 6.2.8.3-1 … -5): JPEG 2000 images. Reads the JP2 header box (ihdr, bpcc, colr)
 * of a JPXDecode stream; a bare codestream (no JP2 wrapper) carries no such header and is not judged.
 */
import type { Lang } from '@kontor/xml';
import { msg } from '../messages';

export interface Jp2Header {
  components: number;
  /** ihdr BPC byte: 0xFF = components differ (see bpcc) */
  bpc: number;
  bpcc?: number[];
  colr: { meth: number; approx: number; enumCs?: number }[];
}

function u32(b: Uint8Array, i: number): number {
  return ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
}

/** The JP2 header of a JPX stream; undefined when it is a bare codestream or the boxes cannot be followed. */
export function readJp2Header(b: Uint8Array): Jp2Header | undefined {
  const boxes = (from: number, to: number, visit: (type: string, start: number, end: number) => boolean): void => {
    let i = from;
    for (let n = 0; i + 8 <= to && n < 10_000; n++) {
      let len = u32(b, i);
      const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
      let head = 8;
      if (len === 1) {
        if (i + 16 > to) return;
        len = u32(b, i + 8) * 2 ** 32 + u32(b, i + 12);
        head = 16;
      } else if (len === 0) len = to - i;
      if (len < head || i + len > to) return;
      if (visit(type, i + head, i + len)) return;
      i += len;
    }
  };
  let header: Jp2Header | undefined;
  boxes(0, b.length, (type, s, e) => {
    if (type !== 'jp2h') return false;
    const h: Jp2Header = { components: 0, bpc: 0, colr: [] };
    boxes(s, e, (t, ss, ee) => {
      if (t === 'ihdr' && ee - ss >= 14) {
        h.components = (b[ss + 8]! << 8) + b[ss + 9]!;
        h.bpc = b[ss + 10]!;
      } else if (t === 'bpcc') h.bpcc = [...b.subarray(ss, ee)];
      else if (t === 'colr' && ee - ss >= 3) {
        const meth = b[ss]!;
        h.colr.push({ meth, approx: b[ss + 2]!, ...(meth === 1 && ee - ss >= 7 ? { enumCs: u32(b, ss + 3) } : {}) });
      }
      return false;
    });
    header = h;
    return true;
  });
  return header;
}

/** Findings for one JPX image: [rule, message] pairs. */
export function jpxProblems(h: Jp2Header, hasColorSpace: boolean, lang: Lang = 'en'): [string, string][] {
  const out: [string, string][] = [];
  if (![1, 3, 4].includes(h.components)) out.push(['6.2.8.3-1', msg('JPX_CHANNELS', lang, { count: h.components })]);
  const depths = h.bpc === 0xff ? h.bpcc?.map((d) => (d & 0x7f) + 1) : [(h.bpc & 0x7f) + 1];
  if (!depths || depths.length === 0 || depths.some((d) => d < 1 || d > 38) || depths.some((d) => d !== depths[0])) {
    out.push(['6.2.8.3-5', msg('JPX_DEPTH', lang, { depth: depths ? depths.join(', ') : msg('JPX_DEPTH_VARIES', lang) })]);
  }
  if (!hasColorSpace) {
    if (h.colr.length > 1 && h.colr.filter((c) => c.approx === 1).length !== 1) out.push(['6.2.8.3-2', msg('JPX_COLR_APPROX', lang, { count: h.colr.length })]);
    const used = h.colr.length > 1 ? (h.colr.find((c) => c.approx === 1) ?? h.colr[0]) : h.colr[0];
    if (used && ![1, 2, 3].includes(used.meth)) out.push(['6.2.8.3-3', msg('JPX_COLR_METHOD', lang, { method: used.meth })]);
    if (used?.enumCs === 19) out.push(['6.2.8.3-4', msg('JPX_CIEJAB', lang)]);
  }
  return out;
}
