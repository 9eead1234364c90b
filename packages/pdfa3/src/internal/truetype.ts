/** Minimal TrueType/OpenType table directory reading: which 'cmap' subtables a font program has. */

/**
 * The offset of table `tag` in a TrueType program's directory when `size` bytes of it lie inside the program;
 * undefined when the table is missing, cut, or the directory is cut before it.
 */
export function tableOffset(font: Uint8Array, tag: string, size: number): number | undefined {
  if (font.length < 12) return undefined;
  const n = (font[4]! << 8) | font[5]!;
  for (let i = 0; i < n; i++) {
    const p = 12 + 16 * i;
    if (p + 16 > font.length) return undefined;
    if (String.fromCharCode(font[p]!, font[p + 1]!, font[p + 2]!, font[p + 3]!) !== tag) continue;
    const off = ((font[p + 8]! << 24) >>> 0) + (font[p + 9]! << 16) + (font[p + 10]! << 8) + font[p + 11]!;
    return off + size <= font.length ? off : undefined;
  }
  return undefined;
}

export interface CmapInfo {
  count: number;
  has30: boolean;
  has31: boolean;
}

export function readCmapInfo(font: Uint8Array): CmapInfo | undefined {
  if (font.length < 12) return undefined;
  const dv = new DataView(font.buffer, font.byteOffset, font.byteLength);
  let base = 0;
  if (dv.getUint32(0) === 0x74746366) {
    // TrueType collection: first font
    if (font.length < 16) return undefined;
    base = dv.getUint32(12);
  }
  if (base + 12 > font.length) return undefined;
  const numTables = dv.getUint16(base + 4);
  for (let i = 0; i < numTables; i++) {
    const rec = base + 12 + 16 * i;
    if (rec + 16 > font.length) return undefined;
    const tag = String.fromCharCode(font[rec]!, font[rec + 1]!, font[rec + 2]!, font[rec + 3]!);
    if (tag !== 'cmap') continue;
    const off = dv.getUint32(rec + 8);
    if (off + 4 > font.length) return undefined;
    const count = dv.getUint16(off + 2);
    let has30 = false;
    let has31 = false;
    for (let k = 0; k < count; k++) {
      const e = off + 4 + 8 * k;
      if (e + 4 > font.length) break;
      const p = dv.getUint16(e);
      const enc = dv.getUint16(e + 2);
      if (p === 3 && enc === 0) has30 = true;
      if (p === 3 && enc === 1) has31 = true;
    }
    return { count, has30, has31 };
  }
  return { count: 0, has30: false, has31: false };
}

export interface CmapSubtable {
  platform: number;
  encoding: number;
  /** glyph id for a character code; undefined when the subtable does not map it (or its format is not read) */
  lookup(code: number): number | undefined;
}

/** The cmap subtables of a TrueType/OpenType program in record order (formats 0, 4, 6 and 12 are read). */
export function readCmapSubtables(font: Uint8Array): CmapSubtable[] {
  if (font.length < 12) return [];
  const dv = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const u16 = (p: number) => (p + 2 <= font.length ? dv.getUint16(p) : 0);
  const u32 = (p: number) => (p + 4 <= font.length ? dv.getUint32(p) : 0);
  let base = 0;
  if (u32(0) === 0x74746366) base = u32(12);
  const numTables = u16(base + 4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const rec = base + 12 + 16 * i;
    if (rec + 16 > font.length) return [];
    if (String.fromCharCode(font[rec]!, font[rec + 1]!, font[rec + 2]!, font[rec + 3]!) === 'cmap') cmap = u32(rec + 8);
  }
  if (cmap < 0 || cmap + 4 > font.length) return [];
  const out: CmapSubtable[] = [];
  const count = u16(cmap + 2);
  for (let k = 0; k < count; k++) {
    const e = cmap + 4 + 8 * k;
    if (e + 8 > font.length) break;
    const platform = u16(e);
    const encoding = u16(e + 2);
    const off = cmap + u32(e + 4);
    const format = u16(off);
    let lookup: (code: number) => number | undefined = () => undefined;
    if (format === 0) {
      lookup = (c) => (c >= 0 && c < 256 && off + 6 + c < font.length ? font[off + 6 + c] || undefined : undefined);
    } else if (format === 4) {
      const segX2 = u16(off + 6);
      const ends = off + 14;
      const starts = ends + segX2 + 2;
      const deltas = starts + segX2;
      const ranges = deltas + segX2;
      lookup = (c) => {
        if (c < 0 || c > 0xffff) return undefined;
        for (let s = 0; s < segX2; s += 2) {
          if (c > u16(ends + s)) continue;
          const start = u16(starts + s);
          if (c < start) return undefined;
          const ro = u16(ranges + s);
          let g: number;
          if (ro === 0) g = (c + u16(deltas + s)) & 0xffff;
          else {
            const p = ranges + s + ro + 2 * (c - start);
            if (p + 2 > font.length) return undefined;
            g = u16(p);
            if (g !== 0) g = (g + u16(deltas + s)) & 0xffff;
          }
          return g || undefined;
        }
        return undefined;
      };
    } else if (format === 6) {
      const first = u16(off + 6);
      const n = u16(off + 8);
      lookup = (c) => (c >= first && c < first + n ? u16(off + 10 + 2 * (c - first)) || undefined : undefined);
    } else if (format === 12) {
      const groups = u32(off + 12);
      lookup = (c) => {
        for (let g = 0; g < groups && off + 16 + 12 * g + 12 <= font.length; g++) {
          const p = off + 16 + 12 * g;
          const s = u32(p);
          if (c >= s && c <= u32(p + 4)) return u32(p + 8) + (c - s) || undefined;
        }
        return undefined;
      };
    }
    out.push({ platform, encoding, lookup });
  }
  return out;
}
