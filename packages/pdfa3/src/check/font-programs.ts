/**
 * Checks that read the glyph repertoire of embedded font programs:
 * - 6.2.11.8 (veraPDF 6.2.11.8-1): no text shows the .notdef glyph — CID 0 through an Identity CMap
 *   (GID 0 through a CIDToGIDMap stream), a code a simple font's encoding names .notdef, or a control
 *   code (0-31) that WinAnsiEncoding leaves unnamed;
 * - 6.2.11.4.2 (veraPDF 6.2.11.4.2-1/-2): a CharSet (Type 1) or CIDSet (CID fonts) lists every glyph of
 *   the program. CharSet is judged by count against name-keyed CFF programs (fewer names than glyphs
 *   cannot list them all); CIDSet bit by bit, both ways, against TrueType (Identity map: the CIDs below
 *   numberOfHMetrics, held below numGlyphs) and CID-keyed CFF programs (charset). Like veraPDF, only subset
 *   fonts (ABCDEF+Name) are judged.
 */
import { Encodings } from '@pdf-lib/standard-fonts';
import { PDFDict, PDFNumber, PDFStream } from 'pdf-lib';
import { parseCff } from '../internal/cff';
import { tableOffset } from '../internal/truetype';
import { get, getArray, getDict, getName, getNumber, getStream, nameOf, resolve, stringBytes, PDFHexString, PDFString, pdfName } from '../internal/pdf';
import { decodeOnce } from './decoded';
import type { CheckContext } from './context';
import { readSimpleEncoding } from './encoding';
import type { GlyphUse } from './glyph-widths';

const WIN_ANSI_NAMES: ReadonlyMap<number, string> = new Map(
  Encodings.WinAnsi.supportedCodePoints.map((cp) => {
    const { code, name } = Encodings.WinAnsi.encodeUnicodeCodePoint(cp);
    return [code, name] as const;
  }),
);
const WIN_ANSI_CODES: ReadonlySet<number> = new Set(WIN_ANSI_NAMES.keys());

/** numGlyphs from the maxp table of a TrueType program; undefined when it cannot be read. */
export function trueTypeGlyphCount(b: Uint8Array): number | undefined {
  const maxp = tableOffset(b, 'maxp', 6);
  return maxp === undefined ? undefined : (b[maxp + 4]! << 8) | b[maxp + 5]!;
}

/** maxp.numGlyphs and hhea.numberOfHMetrics of a TrueType program; undefined when either cannot be read. */
export function trueTypeCounts(b: Uint8Array): { glyphs: number; hMetrics: number } | undefined {
  const glyphs = trueTypeGlyphCount(b);
  const hhea = tableOffset(b, 'hhea', 36);
  return glyphs === undefined || hhea === undefined ? undefined : { glyphs, hMetrics: (b[hhea + 34]! << 8) | b[hhea + 35]! };
}

/** A subset font's name starts with six capital letters and a plus sign (ISO 32000-1, 9.6.4). */
const SUBSET = /^[A-Z]{6}\+/;

export class FontProgramChecker {
  constructor(private readonly c: CheckContext) {}

  private get ctx() {
    return this.c.ctx;
  }

  run(use: Map<PDFDict, GlyphUse>): void {
    for (const [font, u] of use) {
      try {
        this.notdef(font, u);
      } catch {
        // not judged
      }
      try {
        this.subset(font, u);
      } catch {
        // not judged
      }
      try {
        this.presence(font, u);
      } catch {
        // not judged
      }
    }
  }

  private notdef(font: PDFDict, u: GlyphUse): void {
    const ctx = this.ctx;
    const sub = getName(ctx, font, 'Subtype');
    const baseFont = getName(ctx, font, 'BaseFont');
    const name = baseFont ?? this.c.t('UNNAMED');
    const report = (code: number) => this.c.fail('6.2.11.8-1', this.c.t('NOTDEF_GLYPH', { name, code }), u.path, 'error', baseFont);
    if (sub === 'Type0') {
      const enc = getName(ctx, font, 'Encoding');
      if (enc !== 'Identity-H' && enc !== 'Identity-V') return;
      const cid = this.descendant(font);
      if (!cid) return;
      const map = get(ctx, cid, 'CIDToGIDMap');
      const m = getName(ctx, cid, 'Subtype') === 'CIDFontType2' && map instanceof PDFStream ? decodeOnce(this.c, map) : undefined;
      for (const s of u.strings) {
        if (s.length % 2 === 1) return report(s[s.length - 1]!);
        for (let i = 0; i + 1 < s.length; i += 2) {
          const code = s[i]! * 256 + s[i + 1]!;
          const gid = m ? (2 * code + 1 < m.length ? m[2 * code]! * 256 + m[2 * code + 1]! : undefined) : code;
          if (gid === 0) return report(code);
        }
      }
      return;
    }
    if (sub !== 'Type1' && sub !== 'MMType1' && sub !== 'TrueType') return;
    const { base, diffs } = readSimpleEncoding(ctx, font);
    for (const s of u.strings) {
      for (const code of s) {
        const d = diffs.get(code);
        if (d === '.notdef') return report(code);
        if (d === undefined && base === 'WinAnsiEncoding' && code < 32 && !WIN_ANSI_CODES.has(code)) return report(code);
      }
    }
  }

  private descendant(font: PDFDict): PDFDict | undefined {
    const dfs = getArray(this.ctx, font, 'DescendantFonts');
    const cid = dfs && dfs.size() > 0 ? resolve(this.ctx, dfs.get(0)) : undefined;
    return cid instanceof PDFDict ? cid : undefined;
  }

  private subset(font: PDFDict, u: GlyphUse): void {
    const ctx = this.ctx;
    const sub = getName(ctx, font, 'Subtype');
    const baseFont = getName(ctx, font, 'BaseFont');
    const name = baseFont ?? this.c.t('UNNAMED');
    if (sub === 'Type0') {
      const cid = this.descendant(font);
      const desc = cid && getDict(ctx, cid, 'FontDescriptor');
      const cidSet = desc && getStream(ctx, desc, 'CIDSet');
      if (!cid || !cidSet || !SUBSET.test(getName(ctx, cid, 'BaseFont') ?? '')) return;
      const bits = decodeOnce(this.c, cidSet);
      const has = (c: number) => c >> 3 < bits.length && (bits[c >> 3]! & (0x80 >> (c & 7))) !== 0;
      // As veraPDF judges it for PDF/A-2/3, both ways: every CID of the program (but 0) is set, and every set bit
      // from 1 up is a CID the program holds. The program's CIDs: a CID-keyed CFF's charset; a TrueType program under
      // the identity map every CID below hhea.numberOfHMetrics (it has a width), and it holds a CID below maxp.numGlyphs.
      let present: Iterable<number> | undefined;
      let holds: ((c: number) => boolean) | undefined;
      const ff2 = getStream(ctx, desc, 'FontFile2');
      const ff3 = getStream(ctx, desc, 'FontFile3');
      if (getName(ctx, cid, 'Subtype') === 'CIDFontType2' && ff2) {
        const map = get(ctx, cid, 'CIDToGIDMap');
        if (map !== undefined && nameOf(map) !== 'Identity') return;
        const counts = trueTypeCounts(decodeOnce(this.c, ff2));
        if (!counts) return;
        present = {
          *[Symbol.iterator]() {
            for (let c = 1; c < counts.hMetrics; c++) yield c;
          },
        };
        holds = (c) => c < counts.glyphs;
      } else if (getName(ctx, cid, 'Subtype') === 'CIDFontType0' && ff3 && getName(ctx, ff3.dict, 'Subtype') === 'CIDFontType0C') {
        const cff = parseCff(decodeOnce(this.c, ff3));
        if (!cff.isCid) return;
        const cids = new Set(cff.cids());
        present = cids;
        holds = (c) => cids.has(c);
      }
      if (!present || !holds) return;
      for (const c of present) {
        if (c !== 0 && !has(c)) {
          this.c.fail('6.2.11.4.2-2', this.c.t('CIDSET_INCOMPLETE', { name, cid: c }), u.path, 'error', baseFont);
          return;
        }
      }
      for (let c = 1; c < bits.length * 8; c++) {
        if (has(c) && !holds(c)) {
          this.c.fail('6.2.11.4.2-2', this.c.t('CIDSET_SURPLUS', { name, cid: c }), u.path, 'error', baseFont);
          return;
        }
      }
      return;
    }
    if ((sub !== 'Type1' && sub !== 'MMType1') || !SUBSET.test(name)) return;
    const desc = getDict(ctx, font, 'FontDescriptor');
    const cs = desc ? resolve(ctx, desc.get(pdfName('CharSet'))) : undefined;
    const ff3 = getStream(ctx, desc, 'FontFile3');
    if (!(cs instanceof PDFString || cs instanceof PDFHexString) || !ff3 || getName(ctx, ff3.dict, 'Subtype') !== 'Type1C') return;
    const text = Buffer.from(stringBytes(cs)).toString('latin1');
    const names = new Set(
      text
        .split('/')
        .map((x) => x.trim())
        .filter((x) => x.length > 0 && x !== '.notdef'),
    );
    const cff = parseCff(decodeOnce(this.c, ff3));
    if (cff.isCid) return;
    if (names.size < cff.numGlyphs - 1) {
      this.c.fail('6.2.11.4.2-1', this.c.t('CHARSET_COUNT', { name, count: names.size, held: cff.numGlyphs - 1 }), u.path, 'error', baseFont);
    }
  }

  /** code → glyph name of a simple font from its Encoding entry (Differences, WinAnsi base); null: unknown. */
  private encodingNames(font: PDFDict): ((code: number) => string | null) | undefined {
    const ctx = this.ctx;
    const { entry: enc, base, diffs } = readSimpleEncoding(ctx, font);
    if (enc === undefined) return undefined;
    return (code) => diffs.get(code) ?? (base === 'WinAnsiEncoding' ? (WIN_ANSI_NAMES.get(code) ?? null) : null);
  }

  /**
   * 6.2.11.4.1-2 (glyphs the text uses are in the embedded program) and 6.2.11.5-1 for the programs the
   * width checker does not read: name-keyed CFF (Type1C) of Type 1 / MMType 1 fonts, and Type 3 glyph
   * procedures (d0/d1 width against /Widths).
   */
  private presence(font: PDFDict, u: GlyphUse): void {
    const ctx = this.ctx;
    const sub = getName(ctx, font, 'Subtype');
    const baseFont = getName(ctx, font, 'BaseFont');
    const name = baseFont ?? this.c.t('UNNAMED');
    const missing = (code: number, what: string) => this.c.fail('6.2.11.4.1-2', this.c.t('GLYPH_NOT_DEFINED', { name, code, what }), u.path, 'error', baseFont);
    if (sub === 'Type0') {
      const enc = getName(ctx, font, 'Encoding');
      if (enc !== 'Identity-H' && enc !== 'Identity-V') return;
      const cid = this.descendant(font);
      const desc = cid && getDict(ctx, cid, 'FontDescriptor');
      if (!cid || !desc) return;
      const cidSub = getName(ctx, cid, 'Subtype');
      const ff2 = getStream(ctx, desc, 'FontFile2');
      const ff3 = getStream(ctx, desc, 'FontFile3');
      let has: ((cid: number) => boolean) | undefined;
      if (cidSub === 'CIDFontType0' && ff3 && getName(ctx, ff3.dict, 'Subtype') === 'CIDFontType0C') {
        const cff = parseCff(decodeOnce(this.c, ff3));
        if (cff.isCid) has = (c) => cff.gidForCid(c) !== undefined;
      } else if (cidSub === 'CIDFontType2' && ff2) {
        const n = trueTypeGlyphCount(decodeOnce(this.c, ff2));
        const map = get(ctx, cid, 'CIDToGIDMap');
        const m = map instanceof PDFStream ? decodeOnce(this.c, map) : undefined;
        if (n !== undefined && (m || map === undefined || nameOf(map) === 'Identity')) {
          has = (c) => {
            const gid = m ? (2 * c + 1 < m.length ? m[2 * c]! * 256 + m[2 * c + 1]! : 0) : c;
            return gid < n;
          };
        }
      }
      if (!has) return;
      for (const s of u.strings) {
        // a string of odd length ends in an incomplete two-byte code, which selects no glyph of the program
        if (s.length % 2 === 1) return missing(s[s.length - 1]!, this.c.t('INCOMPLETE_TWO_BYTE_CODE'));
        for (let i = 0; i + 1 < s.length; i += 2) {
          const c = s[i]! * 256 + s[i + 1]!;
          if (c !== 0 && !has(c)) return missing(c, `CID ${c}`);
        }
      }
      return;
    }
    if (sub === 'Type3') return this.type3Widths(font, u, name, baseFont);
    if (sub !== 'Type1' && sub !== 'MMType1') return;
    const desc = getDict(ctx, font, 'FontDescriptor');
    const ff3 = getStream(ctx, desc, 'FontFile3');
    if (!ff3 || getName(ctx, ff3.dict, 'Subtype') !== 'Type1C') return;
    const nameOfCode = this.encodingNames(font);
    if (!nameOfCode) return;
    const cff = parseCff(decodeOnce(this.c, ff3));
    const names = cff.glyphNames();
    if (cff.isCid || names.length === 0 || names.some((n) => n === undefined)) return;
    const gidOf = new Map<string, number>();
    names.forEach((n, g) => {
      if (n !== undefined && !gidOf.has(n)) gidOf.set(n, g);
    });
    const fc = getNumber(ctx, font, 'FirstChar');
    const widths = getArray(ctx, font, 'Widths');
    const top = cff.topMatrix;
    const scale = top === undefined ? 1 : top.length === 6 && top[1] === 0 && top[2] === 0 && Math.abs(top[0]! - top[3]!) < 1e-12 ? top[0]! * 1000 : undefined;
    const seen = new Set<number>();
    for (const s of u.strings) {
      for (const code of s) {
        if (seen.has(code)) continue;
        seen.add(code);
        const g = nameOfCode(code);
        if (g === null || g === '.notdef') continue;
        const gid = gidOf.get(g);
        if (gid === undefined) return missing(code, this.c.t('GLYPH_REF', { glyph: g }));
        if (scale === undefined || fc === undefined || !widths || code < fc) continue;
        const wObj = resolve(ctx, widths.get(code - fc));
        const w = cff.width(gid);
        if (!(wObj instanceof PDFNumber) || w === undefined) continue;
        if (Math.abs(w * scale - wObj.asNumber()) > 1.01) {
          this.c.fail('6.2.11.5-1', this.c.t('GLYPH_WIDTH_PROGRAM', { name, glyph: g, code, dict: wObj.asNumber(), prog: Math.round(w * scale * 100) / 100 }), u.path, 'error', baseFont);
        }
      }
    }
  }

  /** 6.2.11.5-1 for Type 3 fonts: /Widths against the d0/d1 width of each used glyph procedure. */
  private type3Widths(font: PDFDict, u: GlyphUse, name: string, baseFont: string | undefined): void {
    const ctx = this.ctx;
    const procs = getDict(ctx, font, 'CharProcs');
    const fc = getNumber(ctx, font, 'FirstChar');
    const widths = getArray(ctx, font, 'Widths');
    const matrix = getArray(ctx, font, 'FontMatrix')
      ?.asArray()
      .map((x) => resolve(ctx, x));
    const sx = matrix && matrix[0] instanceof PDFNumber ? matrix[0].asNumber() : undefined;
    const nameOfCode = this.encodingNames(font);
    if (!procs || fc === undefined || !widths || sx === undefined || !nameOfCode) return;
    const seen = new Set<number>();
    for (const s of u.strings) {
      for (const code of s) {
        if (seen.has(code) || code < fc) continue;
        seen.add(code);
        const g = nameOfCode(code);
        const proc = g ? resolve(ctx, procs.get(pdfName(g))) : undefined;
        const wObj = resolve(ctx, widths.get(code - fc));
        if (!(proc instanceof PDFStream) || !(wObj instanceof PDFNumber)) continue;
        const head = Buffer.from(decodeOnce(this.c, proc).subarray(0, 256)).toString('latin1');
        const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+))\s+[+-]?(?:\d+\.?\d*|\.\d+)\s+(?:[+-]?(?:\d+\.?\d*|\.\d+)\s+){0,4}d[01](?![A-Za-z0-9])/.exec(head);
        if (!m) continue;
        if (Math.abs(Number(m[1]) - wObj.asNumber()) * Math.abs(sx) * 1000 > 1.01) {
          this.c.fail('6.2.11.5-1', this.c.t('TYPE3_GLYPH_WIDTH', { name, glyph: g, code, dict: wObj.asNumber(), proc: m[1] }), u.path, 'error', baseFont);
        }
      }
    }
  }
}
