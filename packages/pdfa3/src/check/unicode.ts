/**
 * 6.2.11.7.2 (levels A and U; veraPDF rules 6.2.11.7.2-1 and -2): every character code a font shows
 * maps to Unicode — through the font's ToUnicode CMap, through a glyph name of the Adobe Glyph List
 * (simple fonts), or through one of the Adobe-GB1/CNS1/Japan1/Korea1 collections (composite fonts) —
 * and no ToUnicode value is U+0000, U+FEFF or U+FFFE.
 *
 * Conservative where the mapping depends on data we do not hold: a glyph name counts as listed when it
 * is one of the names the standard encodings and the standard 14 font metrics use (all of them AGL
 * names), a uniXXXX / uXXXX[XX] / afiiNNNNN name, or built from such names with a suffix or ligature
 * underscores; a Type 1 program whose built-in encoding cannot be read, and composite fonts with an
 * embedded CMap, are not judged.
 */
import { Encodings, Font, FontNames } from '@pdf-lib/standard-fonts';
import { PDFDict, PDFHexString, PDFName, type PDFStream, PDFString, type PDFObject } from 'pdf-lib';
import { getArray, getDict, getName, getNumber, getStream, resolve, pdfName } from '../internal/pdf';
import { decodeOnce } from './decoded';
import type { CheckContext } from './context';
import { readSimpleEncoding } from './encoding';
import type { GlyphUse } from './glyph-widths';

/** Glyph names known to be in the Adobe Glyph List (from the standard encodings and font metrics); constant. */
const KNOWN_NAMES: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  for (const enc of [Encodings.WinAnsi, Encodings.Symbol, Encodings.ZapfDingbats]) {
    for (const cp of enc.supportedCodePoints) names.add(enc.encodeUnicodeCodePoint(cp).name);
  }
  for (const f of [FontNames.Helvetica, FontNames.Symbol, FontNames.TimesRoman, FontNames.Courier]) {
    for (const m of Font.load(f).CharMetrics) names.add(m.N);
  }
  names.delete('.notdef');
  return names;
})();

export function inGlyphList(name: string): boolean {
  if (KNOWN_NAMES.has(name)) return true;
  if (/^(uni([0-9A-F]{4})+|u[0-9A-F]{4,6}|afii\d{5})$/.test(name)) return true;
  const base = name.split('.')[0]!;
  if (base !== name && base.length > 0) return inGlyphList(base);
  if (name.includes('_')) return name.split('_').every((p) => p.length > 0 && inGlyphList(p));
  return false;
}

/** A parsed ToUnicode CMap: code → UTF-16 code units of its first mapping. */
export class ToUnicodeMap {
  private readonly single = new Map<number, number[]>();
  private readonly ranges: { lo: number; hi: number; dst: number[] | number[][] }[] = [];

  constructor(text: string) {
    const hex = (h: string) => h.replace(/\s+/g, '');
    const units = (h: string) => {
      const s = hex(h);
      const out: number[] = [];
      for (let i = 0; i + 4 <= s.length; i += 4) out.push(parseInt(s.slice(i, i + 4), 16));
      if (s.length % 4 === 2) out.push(parseInt(s.slice(-2), 16));
      return out;
    };
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const m of block[1]!.matchAll(/<([0-9A-Fa-f\s]*)>\s*(?:<([0-9A-Fa-f\s]*)>|\/(\S+))/g)) {
        const code = parseInt(hex(m[1]!) || '0', 16);
        if (!this.single.has(code)) this.single.set(code, m[2] !== undefined ? units(m[2]) : [-1]);
      }
    }
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const m of block[1]!.matchAll(/<([0-9A-Fa-f\s]*)>\s*<([0-9A-Fa-f\s]*)>\s*(?:<([0-9A-Fa-f\s]*)>|\[([^\]]*)\])/g)) {
        const lo = parseInt(hex(m[1]!) || '0', 16);
        const hi = parseInt(hex(m[2]!) || '0', 16);
        if (hi < lo) continue;
        if (m[3] !== undefined) this.ranges.push({ lo, hi, dst: units(m[3]) });
        else this.ranges.push({ lo, hi, dst: [...m[4]!.matchAll(/<([0-9A-Fa-f\s]*)>/g)].map((x) => units(x[1]!)) });
      }
    }
  }

  lookup(code: number): number[] | undefined {
    const s = this.single.get(code);
    if (s) return s;
    for (const r of this.ranges) {
      if (code < r.lo || code > r.hi) continue;
      const k = code - r.lo;
      if (Array.isArray(r.dst[0])) return (r.dst as number[][])[k];
      const base = r.dst as number[];
      if (base.length === 0) return base;
      // the last code unit increments across the range
      return [...base.slice(0, -1), base[base.length - 1]! + k];
    }
    return undefined;
  }
}

const CJK = new Set(['GB1', 'CNS1', 'Japan1', 'Korea1']);

export class UnicodeMapChecker {
  constructor(private readonly c: CheckContext) {}

  private get ctx() {
    return this.c.ctx;
  }

  run(use: Map<PDFDict, GlyphUse>): void {
    for (const [font, u] of use) {
      try {
        this.checkFont(font, u);
      } catch {
        // a font we cannot follow is not judged here
      }
    }
  }

  private toUnicode(font: PDFDict): ToUnicodeMap | undefined {
    const s = getStream(this.ctx, font, 'ToUnicode');
    if (!s) return undefined;
    const bytes = decodeOnce(this.c, s);
    return new ToUnicodeMap(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'));
  }

  private checkFont(font: PDFDict, u: GlyphUse): void {
    const ctx = this.ctx;
    const sub = getName(ctx, font, 'Subtype');
    const baseFont = getName(ctx, font, 'BaseFont');
    const name = baseFont ?? this.c.t('UNNAMED');
    const tu = this.toUnicode(font);
    const codes = new Set<number>();
    const composite = sub === 'Type0';
    if (composite) {
      const enc = getName(ctx, font, 'Encoding');
      if (enc !== 'Identity-H' && enc !== 'Identity-V') return;
      for (const s of u.strings) for (let i = 0; i + 1 < s.length; i += 2) codes.add(s[i]! * 256 + s[i + 1]!);
    } else for (const s of u.strings) for (const b of s) codes.add(b);

    // -2: values U+0000, U+FEFF, U+FFFE in the ToUnicode map of used codes
    const unmapped: number[] = [];
    for (const code of codes) {
      const v = tu?.lookup(code);
      if (v && v.length > 0 && v[0] !== -1) {
        if (v.some((x) => x === 0 || x === 0xfeff || x === 0xfffe)) {
          this.c.fail(
            '6.2.11.7.2-2',
            this.c.t('TOUNICODE_INVALID', { name, code, unicode: `U+${v.map((x) => x.toString(16).toUpperCase().padStart(4, '0')).join(' U+')}` }),
            u.path,
            'error',
            baseFont,
          );
        }
        continue;
      }
      unmapped.push(code);
    }
    if (unmapped.length === 0) return;

    if (composite) {
      const dfs = getArray(ctx, font, 'DescendantFonts');
      const cid = dfs && dfs.size() > 0 ? resolve(ctx, dfs.get(0)) : undefined;
      if (!(cid instanceof PDFDict)) return;
      const info = getDict(ctx, cid, 'CIDSystemInfo');
      const reg = info ? textOfObj(resolve(ctx, info.get(pdfName('Registry')))) : undefined;
      const ord = info ? textOfObj(resolve(ctx, info.get(pdfName('Ordering')))) : undefined;
      if (reg === 'Adobe' && ord !== undefined && CJK.has(ord)) return;
      this.c.fail('6.2.11.7.2-1', this.c.t('NO_UNICODE_CID', { name, code: unmapped[0], registry: reg ?? '?', ordering: ord ?? '?' }), u.path, 'error', baseFont);
      return;
    }
    const glyphName = this.glyphNames(font, sub);
    if (glyphName === undefined) return;
    for (const code of unmapped) {
      const g = glyphName(code);
      if (g === null) continue; // cannot tell
      if (g === undefined || !inGlyphList(g)) {
        this.c.fail(
          '6.2.11.7.2-1',
          this.c.t('NO_UNICODE_SIMPLE', { name, code, glyph: g ? this.c.t('GLYPH_NAMED', { glyph: g }) : '', reason: g ? this.c.t('GLYPH_NOT_IN_AGL') : this.c.t('NO_GLYPH_NAME') }),
          u.path,
          'error',
          baseFont,
        );
        return;
      }
    }
  }

  /**
   * code → glyph name of a simple font: string, undefined (the font gives no name), or null (we cannot
   * tell); undefined as a whole when the font is not judged.
   */
  private glyphNames(font: PDFDict, sub: string | undefined): ((code: number) => string | undefined | null) | undefined {
    const ctx = this.ctx;
    const { base, diffs } = readSimpleEncoding(ctx, font);
    const desc = getDict(ctx, font, 'FontDescriptor');
    const flags = getNumber(ctx, desc, 'Flags') ?? 0;
    const symbolic = (flags & 4) !== 0;
    if (sub === 'TrueType') {
      // a symbolic TrueType font without Differences has no glyph names to map
      if (symbolic && diffs.size === 0 && base === undefined) return () => undefined;
      // otherwise the names come from Differences or a standard encoding (all AGL names)
      return (code) => diffs.get(code) ?? null;
    }
    if (sub === 'Type3') return (code) => diffs.get(code);
    if (sub === 'Type1' || sub === 'MMType1') {
      if (base !== undefined) return (code) => diffs.get(code) ?? null;
      const builtIn = this.type1BuiltIn(desc);
      return (code) => diffs.get(code) ?? (builtIn === undefined ? null : builtIn === 'standard' ? null : (builtIn.get(code) ?? null));
    }
    return undefined;
  }

  /** The built-in encoding of an embedded Type 1 program (clear-text part), 'standard', or undefined. */
  private type1BuiltIn(desc: PDFDict | undefined): Map<number, string> | 'standard' | undefined {
    const ff = getStream(this.ctx, desc, 'FontFile');
    if (!ff) return undefined;
    const bytes = decodeOnce(this.c, ff);
    const clear = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, getLength1(this.ctx, ff) ?? bytes.length)).toString('latin1');
    if (/\/Encoding\s+StandardEncoding\s+def/.test(clear)) return 'standard';
    const map = new Map<number, string>();
    for (const m of clear.matchAll(/dup\s+(\d+)\s*\/([^\s/[\]()<>{}%]+)\s+put/g)) map.set(Number(m[1]), m[2]!);
    return map.size > 0 ? map : undefined;
  }
}

function getLength1(ctx: CheckContext['ctx'], s: PDFStream): number | undefined {
  return getNumber(ctx, s.dict, 'Length1');
}

function textOfObj(o: PDFObject | undefined): string | undefined {
  if (o instanceof PDFString || o instanceof PDFHexString) return o.decodeText();
  if (o instanceof PDFName) return o.decodeText();
  return undefined;
}
