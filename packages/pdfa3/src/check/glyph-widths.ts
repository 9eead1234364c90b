/**
 * 6.2.11.5 (veraPDF rule 6.2.11.5-1): for every glyph a content stream shows (render mode other than 3),
 * the width in the font dictionary (/Widths, or /W and /DW of a CIDFont) and the advance width in the
 * embedded font program agree within 1 unit of 1000-unit glyph space.
 *
 * Read: embedded TrueType programs (FontFile2, through @pdf-lib/fontkit) of simple TrueType fonts and
 * of CIDFontType2 fonts, and bare CID-keyed CFF programs (FontFile3 /CIDFontType0C) of CIDFontType0
 * fonts. Not read (no finding): Type 1 programs (FontFile), name-keyed CFF (Type1C) and OpenType
 * FontFile3 programs, Type 3 fonts, Type 0 fonts with a CMap other than Identity-H/V.
 *
 * A finding is only raised where the answer cannot depend on how a validator maps a code to a glyph:
 * a simple TrueType code is tried against every cmap route ISO 32000-1 9.6.6.4 allows ((3,0) with the
 * four high-byte prefixes, (1,0), (3,1) through the encoding's Unicode value) and fails only when
 * every glyph found disagrees; codes outside FirstChar..LastChar, glyphs the program does not hold,
 * .notdef and unusual font matrices are skipped; a width must differ by more than 1.01 units.
 */
import fontkit from '@pdf-lib/fontkit';
import { Encodings } from '@pdf-lib/standard-fonts';
import { PDFArray, PDFDict, PDFNumber, PDFStream, type PDFObject } from 'pdf-lib';
import { CffError, parseCff, type CffFont } from '../internal/cff';
import { get, getArray, getDict, getName, getNumber, getStream, nameOf, resolve } from '../internal/pdf';
import { decodeOnce } from './decoded';
import { readCmapSubtables, type CmapSubtable } from '../internal/truetype';
import type { CheckContext } from './context';

/** Strings one font showed in visible render modes, and where it was first used. */
export interface GlyphUse {
  path: string;
  strings: Uint8Array[];
}

/** Width difference beyond veraPDF's tolerance of 1, with room for its float32 arithmetic. */
const TOLERANCE = 1.01;

interface TrueTypeProgram {
  numGlyphs: number;
  /** advance in 1000-unit glyph space */
  advance(gid: number): number;
  cmaps: CmapSubtable[];
}

type Program = { kind: 'tt'; tt: TrueTypeProgram } | { kind: 'cff'; cff: CffFont; scale: number };

/** WinAnsiEncoding code → Unicode and glyph name → Unicode (from @pdf-lib/standard-fonts); constant. */
const WIN_ANSI: { byCode: ReadonlyMap<number, number>; byName: ReadonlyMap<string, number> } = (() => {
  const byCode = new Map<number, number>();
  const byName = new Map<string, number>();
  const enc = Encodings.WinAnsi;
  for (const cp of enc.supportedCodePoints) {
    const { code, name } = enc.encodeUnicodeCodePoint(cp);
    if (!byCode.has(code)) byCode.set(code, cp);
    if (!byName.has(name)) byName.set(name, cp);
  }
  return { byCode, byName };
})();

function unicodeOfName(name: string): number | undefined {
  const hit = WIN_ANSI.byName.get(name);
  if (hit !== undefined) return hit;
  const m = /^uni([0-9A-F]{4})$/.exec(name) ?? /^u([0-9A-F]{4,6})$/.exec(name);
  return m ? parseInt(m[1]!, 16) : undefined;
}

function isMatrix(m: number[] | undefined, v: number): boolean {
  return m !== undefined && m.length === 6 && Math.abs(m[0]! - v) < 1e-9 && m[1] === 0 && m[2] === 0 && Math.abs(m[3]! - v) < 1e-9 && m[4] === 0 && m[5] === 0;
}

/**
 * unitsPerEm, numGlyphs and the hmtx advances of a TrueType/OpenType program read straight from its tables, as
 * @pdf-lib/fontkit reads them (same signature test, last directory entry of a tag wins, a table of length 0 or at
 * offset 0 or running past the end makes the program unreadable, an advance outside the buffer throws) but
 * without building its font object; undefined for the formats fontkit recognises otherwise (WOFF, collections),
 * null where fontkit's reading would fail or give no usable metrics.
 */
export function trueTypeMetrics(b: Buffer): { numGlyphs: number; advance(gid: number): number } | null | undefined {
  const sig = b.toString('ascii', 0, 4);
  if (sig !== 'true' && sig !== 'OTTO' && sig !== '\0\x01\0\0') return undefined;
  if (b.length < 12) return null;
  const numTables = b.readUInt16BE(4);
  if (12 + 16 * numTables > b.length) return null;
  const dir = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < numTables; i++) {
    const e = 12 + 16 * i;
    dir.set(b.toString('ascii', e, e + 4), { offset: b.readUInt32BE(e + 8), length: b.readUInt32BE(e + 12) });
  }
  // offset of a table whose fixed-size record fontkit decodes field by field (all fields inside the buffer)
  const table = (tag: string, size: number): number | undefined => {
    const t = dir.get(tag);
    return t && t.length > 0 && t.offset !== 0 && t.offset + size <= b.length ? t.offset : undefined;
  };
  const head = table('head', 54);
  const hhea = table('hhea', 36);
  const maxp = table('maxp', 32);
  const hmtxEntry = dir.get('hmtx');
  if (head === undefined || hhea === undefined || maxp === undefined || !hmtxEntry || hmtxEntry.length === 0) return null;
  const hmtx = hmtxEntry.offset;
  const upem = b.readUInt16BE(head + 18);
  const numGlyphs = b.readUInt16BE(maxp + 4);
  const n = b.readUInt16BE(hhea + 34);
  if (!(upem > 0 && n > 0 && numGlyphs > 0)) return null;
  return {
    numGlyphs,
    advance: (gid) => {
      const i = Math.min(gid, n - 1);
      if (i < 0 || i >= n) return NaN;
      const at = hmtx + 4 * i;
      const advance = b.readUInt16BE(at);
      b.readInt16BE(at + 2); // fontkit decodes the whole entry: a bearing past the end throws there too
      return (advance * 1000) / upem;
    },
  };
}

export class GlyphWidthChecker {
  private readonly programs = new Map<PDFObject, Program | null>();

  constructor(private readonly c: CheckContext) {}

  private get ctx() {
    return this.c.ctx;
  }

  run(use: Map<PDFDict, GlyphUse>): void {
    for (const [font, u] of use) {
      try {
        this.checkFont(font, u);
      } catch {
        // a font program or dictionary we cannot follow is not judged (no finding)
      }
    }
  }

  private program(stream: PDFStream, kind: 'tt' | 'cff'): Program | undefined {
    const cached = this.programs.get(stream);
    if (cached !== undefined) return cached ?? undefined;
    let p: Program | null = null;
    try {
      const bytes = decodeOnce(this.c, stream);
      if (kind === 'tt') {
        const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
        const fast = trueTypeMetrics(buf);
        if (fast !== undefined) {
          if (fast) p = { kind: 'tt', tt: { numGlyphs: fast.numGlyphs, advance: fast.advance, cmaps: readCmapSubtables(bytes) } };
          this.programs.set(stream, p);
          return p ?? undefined;
        }
        const f = fontkit.create(buf) as unknown as {
          unitsPerEm: number;
          numGlyphs: number;
          hmtx: { metrics: { length: number; get(i: number): { advance: number } | undefined } };
        };
        const upem = f.unitsPerEm;
        const metrics = f.hmtx.metrics;
        const n = metrics.length;
        if (upem > 0 && n > 0 && f.numGlyphs > 0) {
          p = {
            kind: 'tt',
            tt: {
              numGlyphs: f.numGlyphs,
              advance: (gid) => ((metrics.get(Math.min(gid, n - 1))?.advance ?? NaN) * 1000) / upem,
              cmaps: readCmapSubtables(bytes),
            },
          };
        }
      } else {
        const cff = parseCff(bytes);
        // only the usual 1/1000 matrix (top, or identity top with 1/1000 font DICTs) is judged
        const top = cff.topMatrix;
        const fds = cff.fdMatrices;
        const usual =
          ((top === undefined || isMatrix(top, 0.001)) && fds.every((m) => m === undefined || isMatrix(m, 1) || (top === undefined && isMatrix(m, 0.001)))) ||
          (isMatrix(top, 1) && fds.length > 0 && fds.every((m) => isMatrix(m, 0.001)));
        if (usual) p = { kind: 'cff', cff, scale: 1 };
      }
    } catch (e) {
      if (!(e instanceof CffError) && !(e instanceof Error)) throw e;
      p = null;
    }
    this.programs.set(stream, p);
    return p ?? undefined;
  }

  private report(font: PDFDict, u: GlyphUse, bad: { code: number; dict: number; prog: number }[]): void {
    if (bad.length === 0) return;
    const baseFont = getName(this.ctx, font, 'BaseFont');
    const name = baseFont ?? this.c.t('UNNAMED');
    const first = bad[0]!;
    const more = bad.length > 1 ? this.c.t('GLYPHS_DIFFER', { count: bad.length }) : '';
    this.c.fail('6.2.11.5-1', this.c.t('GLYPH_WIDTH_DICT', { name, code: first.code, dict: round(first.dict), prog: round(first.prog), more }), u.path, 'error', baseFont);
  }

  private checkFont(font: PDFDict, u: GlyphUse): void {
    const ctx = this.ctx;
    const sub = getName(ctx, font, 'Subtype');
    if (sub === 'Type0') this.checkType0(font, u);
    else if (sub === 'TrueType') this.checkTrueType(font, u);
  }

  private checkType0(font: PDFDict, u: GlyphUse): void {
    const ctx = this.ctx;
    const enc = getName(ctx, font, 'Encoding');
    if (enc !== 'Identity-H' && enc !== 'Identity-V') return;
    const dfs = getArray(ctx, font, 'DescendantFonts');
    const cid = dfs && dfs.size() > 0 ? resolve(ctx, dfs.get(0)) : undefined;
    if (!(cid instanceof PDFDict)) return;
    const cidSub = getName(ctx, cid, 'Subtype');
    const desc = getDict(ctx, cid, 'FontDescriptor');
    if (!desc) return;
    let prog: Program | undefined;
    const ff2 = getStream(ctx, desc, 'FontFile2');
    const ff3 = getStream(ctx, desc, 'FontFile3');
    if (cidSub === 'CIDFontType2' && ff2) prog = this.program(ff2, 'tt');
    else if (cidSub === 'CIDFontType0' && ff3 && getName(ctx, ff3.dict, 'Subtype') === 'CIDFontType0C') prog = this.program(ff3, 'cff');
    if (!prog) return;

    // the codes the text shows, in the order first shown; /W is read for these only (a full font's /W has thousands)
    const codes = new Set<number>();
    for (const s of u.strings) for (let i = 0; i + 1 < s.length; i += 2) codes.add(s[i]! * 256 + s[i + 1]!);
    const widths = this.cidWidths(cid, codes);
    if (!widths) return;
    const dw = getNumber(ctx, cid, 'DW') ?? 1000;
    let gidOf: (cid: number) => number | undefined;
    if (prog.kind === 'tt') {
      const map = get(ctx, cid, 'CIDToGIDMap');
      if (map instanceof PDFStream) {
        const m = decodeOnce(this.c, map);
        gidOf = (c) => (2 * c + 1 < m.length ? m[2 * c]! * 256 + m[2 * c + 1]! : undefined);
      } else if (map === undefined || nameOf(map) === 'Identity') gidOf = (c) => c;
      else return;
    } else {
      const cff = prog.cff;
      if (!cff.isCid) return;
      gidOf = (c) => cff.gidForCid(c);
    }

    const bad: { code: number; dict: number; prog: number }[] = [];
    for (const code of codes) {
      const gid = gidOf(code);
      if (gid === undefined || gid <= 0) continue;
      let pw: number | undefined;
      if (prog.kind === 'tt') pw = gid < prog.tt.numGlyphs ? prog.tt.advance(gid) : undefined;
      else {
        const w = prog.cff.width(gid);
        pw = w === undefined ? undefined : w * prog.scale;
      }
      if (pw === undefined || !Number.isFinite(pw)) continue;
      const dict = widths.get(code) ?? dw;
      if (Math.abs(pw - dict) > TOLERANCE) bad.push({ code, dict, prog: pw });
    }
    this.report(font, u, bad);
  }

  /** The /W array of a CIDFont as CID → width for the CIDs in `want` (the first entry of a CID wins); undefined when it is malformed. */
  private cidWidths(cid: PDFDict, want: ReadonlySet<number>): Map<number, number> | undefined {
    const ctx = this.ctx;
    const out = new Map<number, number>();
    const w = getArray(ctx, cid, 'W');
    if (!w) return out;
    const items = w.asArray().map((x) => resolve(ctx, x));
    const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : undefined);
    for (let i = 0; i < items.length; ) {
      const first = num(items[i]);
      const next = items[i + 1];
      if (first === undefined) return undefined;
      if (next instanceof PDFArray) {
        const list = next.asArray();
        for (let k = 0; k < list.length; k++) {
          if (!want.has(first + k) || out.has(first + k)) continue;
          const v = num(resolve(ctx, list[k]));
          if (v !== undefined) out.set(first + k, v);
        }
        i += 2;
      } else {
        const last = num(next);
        const v = num(items[i + 2]);
        if (last === undefined || v === undefined || last - first > 65535) return undefined;
        for (let k = first; k <= last; k++) if (want.has(k) && !out.has(k)) out.set(k, v);
        i += 3;
      }
    }
    return out;
  }

  private checkTrueType(font: PDFDict, u: GlyphUse): void {
    const ctx = this.ctx;
    const desc = getDict(ctx, font, 'FontDescriptor');
    const ff2 = desc ? getStream(ctx, desc, 'FontFile2') : undefined;
    if (!ff2) return;
    const prog = this.program(ff2, 'tt');
    if (!prog || prog.kind !== 'tt') return;
    const tt = prog.tt;
    const fc = getNumber(ctx, font, 'FirstChar');
    const widths = getArray(ctx, font, 'Widths');
    if (fc === undefined || !widths) return;

    const enc = get(ctx, font, 'Encoding');
    const encDict = enc instanceof PDFDict ? enc : undefined;
    const base = enc instanceof PDFDict ? getName(ctx, enc, 'BaseEncoding') : nameOf(enc);
    const diffs = new Map<number, string>();
    if (encDict) {
      let code = 0;
      for (const x of getArray(ctx, encDict, 'Differences')?.asArray() ?? []) {
        const r = resolve(ctx, x);
        if (r instanceof PDFNumber) code = r.asNumber();
        else {
          const n = nameOf(r);
          if (n !== undefined) diffs.set(code++, n);
        }
      }
    }
    const unicodeOf = (code: number): number | undefined => {
      const n = diffs.get(code);
      if (n !== undefined) return unicodeOfName(n);
      if (base === 'WinAnsiEncoding') return WIN_ANSI.byCode.get(code);
      // MacRoman, Standard and built-in encodings agree with ASCII on letters and digits
      const ch = String.fromCharCode(code);
      return /[0-9A-Za-z]/.test(ch) ? code : undefined;
    };
    const find = (p: number, e: number) => tt.cmaps.find((s) => s.platform === p && s.encoding === e);
    const s30 = find(3, 0);
    const s10 = find(1, 0);
    const s31 = find(3, 1);

    const seen = new Set<number>();
    const bad: { code: number; dict: number; prog: number }[] = [];
    for (const s of u.strings) {
      for (const code of s) {
        if (seen.has(code)) continue;
        seen.add(code);
        const wObj = code >= fc ? resolve(ctx, widths.get(code - fc)) : undefined;
        if (!(wObj instanceof PDFNumber)) continue;
        const dict = wObj.asNumber();
        const candidates = new Set<number>();
        if (s30) for (const mask of [0, 0xf000, 0xf100, 0xf200]) candidates.add(s30.lookup(mask + code) ?? 0);
        if (s10) candidates.add(s10.lookup(code) ?? 0);
        const uni = unicodeOf(code);
        if (s31 && uni !== undefined) candidates.add(s31.lookup(uni) ?? 0);
        const gids = [...candidates].filter((g) => g > 0 && g < tt.numGlyphs);
        if (gids.length === 0) continue;
        const progWidths = gids.map((g) => tt.advance(g));
        if (progWidths.every((w) => Number.isFinite(w) && Math.abs(w - dict) > TOLERANCE)) bad.push({ code, dict, prog: progWidths[0]! });
      }
    }
    this.report(font, u, bad);
  }
}

function round(v: number): string {
  return String(Math.round(v * 100) / 100);
}
