/**
 * Font embedding for PDF/A: TrueType/OpenType subsets through @pdf-lib/fontkit with a deterministic
 * six-letter subset tag (`ABCDEF+Name`, ISO 32000-1 9.6.4), ToUnicode CMap (pdf-lib writes one), no
 * CIDSet (optional in PDF/A-2/3; an incomplete one would fail 6.2.11.4.2). Liberation Sans ships with
 * pdfjs-dist (SIL Open Font License 1.1, embedding allowed).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { Pdfa3Error } from '../errors';
import { md5 } from '../internal/bytes';

export type LiberationSansStyle = 'regular' | 'bold' | 'italic' | 'bold-italic';

const FILES: Record<LiberationSansStyle, string> = {
  regular: 'LiberationSans-Regular.ttf',
  bold: 'LiberationSans-Bold.ttf',
  italic: 'LiberationSans-Italic.ttf',
  'bold-italic': 'LiberationSans-BoldItalic.ttf',
};

/**
 * Reads a Liberation Sans TTF from the installed pdfjs-dist package.
 * @example
 * ```ts
 * const bold = await loadLiberationSans('bold'); // TTF bytes (SIL OFL), ready for embedPdfA3Font
 * ```
 */
export async function loadLiberationSans(style: LiberationSansStyle = 'regular'): Promise<Uint8Array> {
  const file = FILES[style];
  if (!file) throw new Pdfa3Error('INVALID_ARGUMENT', `unknown style ${String(style)}`);
  try {
    const require = createRequire(import.meta.url);
    const path = require.resolve(`pdfjs-dist/standard_fonts/${file}`);
    return new Uint8Array(await readFile(path));
  } catch (e) {
    throw new Pdfa3Error('FONT_UNAVAILABLE', `cannot read ${file} from pdfjs-dist`, { cause: e });
  }
}

/** Six uppercase letters from a digest. */
export function subsetTag(seed: string): string {
  const h = md5(seed);
  let tag = '';
  for (let i = 0; i < 6; i++) tag += String.fromCharCode(65 + (h[i]! % 26));
  return tag;
}

/**
 * Embeds a TrueType/OpenType font as a subset named `TAG+PostScriptName`. The tag depends on the font
 * and the object number it will get, so the same sequence of calls gives the same bytes.
 * @example
 * ```ts
 * const font = await embedPdfA3Font(doc, await loadLiberationSans('regular')); // embedded subset with the ABCDEF+ tag
 * doc.getPage(0).drawText('Rechnung', { x: 50, y: 780, size: 14, font });
 * ```
 */
export async function embedPdfA3Font(doc: PDFDocument, fontBytes: Uint8Array): Promise<PDFFont> {
  if (!(doc instanceof PDFDocument)) throw new Pdfa3Error('INVALID_ARGUMENT', 'doc must be a pdf-lib PDFDocument');
  if (!(fontBytes instanceof Uint8Array)) throw new Pdfa3Error('INVALID_ARGUMENT', 'fontBytes must be a Uint8Array');
  let psName: string;
  try {
    const f = fontkit.create(fontBytes as Buffer) as { postscriptName?: string | null };
    psName = (f.postscriptName ?? 'Font').replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, '');
  } catch (e) {
    throw new Pdfa3Error('INVALID_ARGUMENT', 'fontBytes is not a font fontkit can read', { cause: e });
  }
  doc.registerFontkit(fontkit);
  const seed = `${psName}:${doc.context.largestObjectNumber + 1}:${fontBytes.length}`;
  return doc.embedFont(fontBytes, { subset: true, customName: `${subsetTag(seed)}+${psName || 'Font'}` });
}

/**
 * Characters of `text` the font has no glyph for (they would render as .notdef, which 6.2.11.8 forbids).
 * @example
 * ```ts
 * const font = await embedPdfA3Font(doc, await loadLiberationSans('regular'));
 * missingGlyphs(font, 'Summe 100 € ✓'); // [ '✓' ] — characters the font cannot draw
 * ```
 */
export function missingGlyphs(font: PDFFont, text: string): string[] {
  const set = new Set(font.getCharacterSet());
  const missing = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x0a || cp === 0x0d) continue;
    if (!set.has(cp)) missing.add(ch);
  }
  return [...missing];
}
