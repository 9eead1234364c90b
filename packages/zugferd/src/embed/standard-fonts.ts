/**
 * Embeds a metric-compatible font program for the unembedded Helvetica/Arial family, the most common reason a
 * supplied invoice PDF is not PDF/A (pdf-lib's, jsPDF's and PDFKit's standard fonts are never embedded).
 * Liberation Sans has the advance widths of Arial, which has those of Helvetica, so the pages look the same:
 * the font dictionary becomes a non-symbolic TrueType font with WinAnsiEncoding, /Widths taken from the embedded
 * program (6.2.11.5) and a (3,1) cmap (6.2.11.6); the content streams are not touched. Other families (Times,
 * Courier, Symbol) and other encodings are left alone and stay refused.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRef, type PDFDocument, type PDFObject, type PDFStream } from 'pdf-lib';

type Style = 'Regular' | 'Bold' | 'Italic' | 'BoldItalic';

/** BaseFont names (without subset tag) we can substitute, by style. */
const FAMILY: Record<string, Style> = {};
for (const [names, style] of [
  [['Helvetica', 'Arial', 'ArialMT', 'Arial-Regular', 'ArialRegular'], 'Regular'],
  [['Helvetica-Bold', 'Arial-Bold', 'Arial,Bold', 'Arial-BoldMT', 'ArialBold'], 'Bold'],
  [['Helvetica-Oblique', 'Helvetica-Italic', 'Arial-Italic', 'Arial,Italic', 'Arial-ItalicMT', 'ArialItalic'], 'Italic'],
  [['Helvetica-BoldOblique', 'Helvetica-BoldItalic', 'Arial-BoldItalic', 'Arial,BoldItalic', 'Arial-BoldItalicMT', 'ArialBoldItalic'], 'BoldItalic'],
] as [string[], Style][]) {
  for (const n of names) FAMILY[n] = style;
}

/** Windows-1252 code points 0x80-0x9F (undefined ones map to 0). */
const WIN_ANSI_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161,
  0x203a, 0x0153, 0, 0x017e, 0x0178,
];

function winAnsiToUnicode(code: number): number {
  if (code >= 0x80 && code <= 0x9f) return WIN_ANSI_HIGH[code - 0x80]!;
  return code;
}

interface FontProgram {
  bytes: Uint8Array;
  postscriptName: string;
  unitsPerEm: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  ascent: number;
  descent: number;
  capHeight: number;
  italicAngle: number;
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number };
}

/** A substitute program as embedded: the parsed font, its FlateDecode stream bytes, the glyphs by name (lazily). */
interface Substitute {
  program: FontProgram;
  deflated: Uint8Array;
  names?: Map<string, { id: number; advanceWidth: number }>;
  /** /Widths for codes 32-255 under plain WinAnsiEncoding (no Differences), made once. */
  plainWidths?: number[];
}

/**
 * The substitutes read so far, by style (null: the program is not installed). They are the same bytes for every
 * document, so each is read, parsed and compressed once per process instead of once per embed (the compression
 * alone was ~7 ms of a ~25 ms embed); a document gets its own stream object over the shared, never-mutated bytes.
 */
const SUBSTITUTES = new Map<Style, Substitute | null>();

function substituteFor(style: Style): Substitute | undefined {
  let s = SUBSTITUTES.get(style);
  if (s === undefined) {
    const program = loadProgram(style);
    s = program ? { program, deflated: new Uint8Array(deflateSync(program.bytes)) } : null;
    SUBSTITUTES.set(style, s);
  }
  return s ?? undefined;
}

function loadProgram(style: Style): FontProgram | undefined {
  try {
    const require = createRequire(import.meta.url);
    const bytes = new Uint8Array(readFileSync(require.resolve(`pdfjs-dist/standard_fonts/LiberationSans-${style}.ttf`)));
    const f = fontkit.create(bytes as Buffer) as unknown as Omit<FontProgram, 'bytes'>;
    return Object.assign(f, { bytes }) as FontProgram;
  } catch {
    return undefined;
  }
}

/** /Widths (codes 32-255, in 1/1000 em) of a substitute under WinAnsiEncoding with the given Differences. */
function widthsOf(sub: Substitute, differences: Map<number, string>): number[] {
  if (!differences.size && sub.plainWidths) return sub.plainWidths;
  const p = sub.program;
  const scale = 1000 / p.unitsPerEm;
  const widths: number[] = [];
  for (let code = 32; code <= 255; code++) {
    const named = differences.get(code);
    const cp = winAnsiToUnicode(code);
    const g = named !== undefined ? sub.names!.get(named) : cp ? p.glyphForCodePoint(cp) : undefined;
    widths.push(g && g.id !== 0 ? Math.round(g.advanceWidth * scale) : 0);
  }
  if (!differences.size) sub.plainWidths = widths;
  return widths;
}

function lookup(doc: PDFDocument, o: PDFObject | undefined): PDFObject | undefined {
  return o instanceof PDFRef ? doc.context.lookup(o) : o;
}

function isEmbedded(doc: PDFDocument, font: PDFDict): boolean {
  const fd = lookup(doc, font.get(PDFName.of('FontDescriptor')));
  return fd instanceof PDFDict && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => fd.has(PDFName.of(k)));
}

/**
 * The code → glyph-name overrides of an encoding we can keep: WinAnsiEncoding by name, or an encoding dictionary
 * with BaseEncoding WinAnsiEncoding and optional Differences. Undefined for anything else.
 */
function winAnsiDifferences(doc: PDFDocument, font: PDFDict): Map<number, string> | undefined {
  const enc = lookup(doc, font.get(PDFName.of('Encoding')));
  if (enc instanceof PDFName) return enc.decodeText() === 'WinAnsiEncoding' ? new Map() : undefined;
  if (!(enc instanceof PDFDict)) return undefined;
  const baseEnc = lookup(doc, enc.get(PDFName.of('BaseEncoding')));
  if (!(baseEnc instanceof PDFName) || baseEnc.decodeText() !== 'WinAnsiEncoding') return undefined;
  const out = new Map<number, string>();
  const diffs = lookup(doc, enc.get(PDFName.of('Differences')));
  if (diffs instanceof PDFArray) {
    let code = -1;
    for (const x of diffs.asArray()) {
      const v = lookup(doc, x);
      if (v instanceof PDFNumber) code = v.asNumber();
      else if (v instanceof PDFName && code >= 0) out.set(code++, v.decodeText());
      else return undefined;
    }
  }
  return out;
}

/** Glyph by PostScript name (for Differences), built once per program. */
function glyphByName(p: FontProgram & { numGlyphs?: number; getGlyph?(id: number): { id: number; name?: string; advanceWidth: number } }): Map<string, { id: number; advanceWidth: number }> {
  const map = new Map<string, { id: number; advanceWidth: number }>();
  const n = p.numGlyphs ?? 0;
  for (let i = 0; i < n && p.getGlyph; i++) {
    const g = p.getGlyph(i);
    if (g.name && !map.has(g.name)) map.set(g.name, g);
  }
  return map;
}

/**
 * Substitutes embedded Liberation Sans for every unembedded simple Helvetica/Arial font with WinAnsiEncoding.
 * Returns the names substituted (empty when nothing was done) and, for the PDF/A check, the font program each new
 * FontFile2 stream decodes to (the check need not inflate what we have just compressed).
 */
export function embedStandardFonts(doc: PDFDocument): { fonts: string[]; decoded: Map<PDFStream, Uint8Array> } {
  const ctx = doc.context;
  const refs = new Map<Style, PDFRef>(); // this document's FontFile2 stream per style
  const decoded = new Map<PDFStream, Uint8Array>();
  const done: string[] = [];
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    const type = lookup(doc, obj.get(PDFName.of('Type')));
    const subtype = lookup(doc, obj.get(PDFName.of('Subtype')));
    if (!(type instanceof PDFName) || type.decodeText() !== 'Font' || !(subtype instanceof PDFName)) continue;
    if (subtype.decodeText() !== 'Type1' && subtype.decodeText() !== 'TrueType') continue;
    const base = lookup(doc, obj.get(PDFName.of('BaseFont')));
    if (!(base instanceof PDFName)) continue;
    const name = base.decodeText().replace(/^[A-Z]{6}\+/, '');
    const style = FAMILY[name];
    if (!style || isEmbedded(doc, obj)) continue;
    const differences = winAnsiDifferences(doc, obj);
    if (!differences) continue;
    const sub = substituteFor(style);
    if (!sub) continue;
    if (differences.size && !sub.names) sub.names = glyphByName(sub.program);
    // every glyph a Differences entry names must exist in the program (6.2.11.4.1), else leave the font refused
    if ([...differences.values()].some((nm) => !sub.names!.has(nm))) continue;
    let ref = refs.get(style);
    if (!ref) {
      // /Length as the writer will add it: the page check's print of this stream (its precheck) must be what the
      // final check reads back from the saved file, or the replay of the page checks is refused
      const stream = ctx.stream(sub.deflated, { Filter: 'FlateDecode', Length: sub.deflated.length, Length1: sub.program.bytes.length });
      ref = ctx.register(stream);
      refs.set(style, ref);
      decoded.set(stream, sub.program.bytes);
    }
    const p = sub.program;
    const scale = 1000 / p.unitsPerEm;
    const widths = widthsOf(sub, differences).map((w) => PDFNumber.of(w));
    const italic = style === 'Italic' || style === 'BoldItalic';
    const bold = style === 'Bold' || style === 'BoldItalic';
    const descriptor = ctx.obj({
      Type: 'FontDescriptor',
      FontName: p.postscriptName,
      Flags: 32 + (italic ? 64 : 0),
      FontBBox: [Math.round(p.bbox.minX * scale), Math.round(p.bbox.minY * scale), Math.round(p.bbox.maxX * scale), Math.round(p.bbox.maxY * scale)],
      ItalicAngle: p.italicAngle,
      Ascent: Math.round(p.ascent * scale),
      Descent: Math.round(p.descent * scale),
      CapHeight: Math.round(p.capHeight * scale),
      StemV: bold ? 120 : 80,
      FontFile2: ref,
    });
    obj.set(PDFName.of('Subtype'), PDFName.of('TrueType'));
    obj.set(PDFName.of('BaseFont'), PDFName.of(p.postscriptName));
    obj.set(PDFName.of('FirstChar'), PDFNumber.of(32));
    obj.set(PDFName.of('LastChar'), PDFNumber.of(255));
    obj.set(PDFName.of('Widths'), ctx.obj(widths) as PDFArray);
    obj.set(PDFName.of('FontDescriptor'), ctx.register(descriptor));
    done.push(name);
  }
  return { fonts: [...new Set(done)], decoded };
}
