/**
 * Text for the page: characters the embedded font cannot draw become "?" (PDF/A forbids references to
 * .notdef, 6.2.11.8), control characters become spaces, and paragraphs are wrapped to a width.
 */
import fontkit from '@pdf-lib/fontkit';
import type { PDFFont } from 'pdf-lib';

interface Metrics {
  unitsPerEm: number;
  characterSet: number[];
  glyphForCodePoint(cp: number): { advanceWidth: number };
}

interface Glyph {
  id: number;
}
/** The parts of pdf-lib 1.17's CustomFontSubsetEmbedder that its own encodeText uses. */
interface Subsetter {
  font: { glyphForCodePoint(cp: number): Glyph };
  subset: { includeGlyph(g: Glyph): number };
  glyphs: Glyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
}

function subsetterOf(font: PDFFont): Subsetter | undefined {
  const e = (font as unknown as { embedder?: Partial<Subsetter> }).embedder;
  if (
    e &&
    typeof e.font?.glyphForCodePoint === 'function' &&
    typeof e.subset?.includeGlyph === 'function' &&
    Array.isArray(e.glyphs) &&
    e.glyphIdMap instanceof Map &&
    typeof e.glyphCache?.invalidate === 'function'
  ) {
    return e as Subsetter;
  }
  return undefined;
}

export class FontText {
  private readonly chars: Set<number>;
  private readonly metrics: Metrics;
  /** advance width per code point in font units (fontkit's layout per call is far too slow for table text) */
  private readonly advance = new Map<number, number>();
  /** 4-hex-digit glyph code per code point, once the glyph is part of the subset */
  private readonly codes = new Map<number, string>();
  private readonly subsetter: Subsetter | undefined;

  /** `bytes` are the font program embedded as `font` (read once more here for metrics). */
  constructor(
    readonly font: PDFFont,
    bytes: Uint8Array,
  ) {
    this.metrics = fontkit.create(bytes as Buffer) as unknown as Metrics;
    this.chars = new Set(this.metrics.characterSet);
    this.subsetter = subsetterOf(font);
  }

  /**
   * Hex glyph codes of cleaned text for a Tj operator (Identity-H, subset glyph ids). Uses pdf-lib's subset
   * embedder directly when it has the expected shape (one glyph lookup per new character), else pdf-lib's own
   * encodeText (a full layout per call).
   */
  encode(text: string): string {
    const sub = this.subsetter;
    if (!sub) return this.font.encodeText(text).asString();
    let out = '';
    let added = false;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let code = this.codes.get(cp);
      if (code === undefined) {
        const glyph = sub.font.glyphForCodePoint(cp);
        const id = sub.subset.includeGlyph(glyph);
        sub.glyphs[id - 1] = glyph;
        sub.glyphIdMap.set(glyph.id, id);
        code = id.toString(16).padStart(4, '0');
        this.codes.set(cp, code);
        added = true;
      }
      out += code;
    }
    if (added) sub.glyphCache.invalidate();
    return out;
  }

  /** One line of drawable text: no line breaks, no control characters, no characters the font lacks. */
  clean(text: string): string {
    let out = '';
    for (const ch of text.normalize('NFC')) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) out += ' ';
      else if (cp === 0xad || cp === 0x200b || cp === 0xfeff) continue;
      else if (this.chars.has(cp)) out += ch;
      else if (cp === 0x00a0 || cp === 0x202f) out += ' ';
      else out += '?';
    }
    return out;
  }

  /** Width in points (sum of advance widths; pdf-lib draws no kerning either). */
  width(text: string, size: number): number {
    let units = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let w = this.advance.get(cp);
      if (w === undefined) {
        w = this.metrics.glyphForCodePoint(cp).advanceWidth;
        this.advance.set(cp, w);
      }
      units += w;
    }
    return (units * size) / this.metrics.unitsPerEm;
  }

  /** Shortens to fit `max` points, ending in an ellipsis. */
  truncate(text: string, size: number, max: number): string {
    const t = this.clean(text);
    if (this.width(t, size) <= max) return t;
    let lo = 0;
    let hi = t.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.width(`${t.slice(0, mid)}…`, size) <= max) lo = mid;
      else hi = mid - 1;
    }
    return `${t.slice(0, lo).trimEnd()}…`;
  }

  /** Wraps text (paragraphs split at line breaks) into lines no wider than `max` points. */
  wrap(text: string, size: number, max: number): string[] {
    const lines: string[] = [];
    for (const para of text.split(/\r\n|\r|\n/)) {
      const words = this.clean(para)
        .split(/ +/)
        .filter((w) => w.length > 0);
      if (words.length === 0) {
        lines.push('');
        continue;
      }
      let cur = '';
      for (const word of words) {
        const candidate = cur ? `${cur} ${word}` : word;
        if (this.width(candidate, size) <= max) {
          cur = candidate;
          continue;
        }
        if (cur) lines.push(cur);
        if (this.width(word, size) <= max) {
          cur = word;
          continue;
        }
        // a word longer than the line (IBAN-like strings, URLs): break it by characters
        let piece = '';
        for (const ch of word) {
          if (this.width(piece + ch, size) > max && piece) {
            lines.push(piece);
            piece = '';
          }
          piece += ch;
        }
        cur = piece;
      }
      if (cur) lines.push(cur);
    }
    while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    return lines;
  }
}
