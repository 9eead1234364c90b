/** Minimal TrueType/OpenType table directory reading: which 'cmap' subtables a font program has. */

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
