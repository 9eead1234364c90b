/**
 * Logos for the typeset invoice: PNG and JPEG are embedded as they are; SVG is checked (no scripts, no event
 * handlers, no references to other files) and rasterised with resvg (system fonts off, Liberation Sans only).
 * The type is detected from the content; a declared type must agree with it.
 */
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import { KontorXmlError, parseXml, type Lang, type XmlElement } from '@kontor/xml';
import { msg } from '../messages';
import type { PDFDocument, PDFImage } from 'pdf-lib';
import { ZugferdError } from '../errors';
import type { LogoMime } from '../types';

/** §8: at most 500 KB. */
export const LOGO_MAX_BYTES = 512_000;
const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 20_000;

/**
 * The logo type from its first bytes, or undefined.
 * @example
 * ```ts
 * detectLogoMime(await readFile('logo.jpg')); // 'image/jpeg' (from the bytes, not the name)
 * detectLogoMime(new Uint8Array([1, 2, 3]));  // undefined
 * ```
 */
export function detectLogoMime(bytes: Uint8Array): LogoMime | undefined {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a)
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, Math.min(bytes.length, 4096))).replace(/^\uFEFF/, '');
  // prolog: XML declaration, comments, processing instructions, a DOCTYPE, then the svg root
  const rest = head.replace(/^(\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)*/i, '');
  if (/^<(?:[A-Za-z_][\w.-]*:)?svg[\s>/]/.test(rest)) return 'image/svg+xml';
  return undefined;
}

interface Size {
  width: number;
  height: number;
}

function pngSize(b: Uint8Array): Size | undefined {
  if (b.length < 24 || String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return undefined;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: dv.getUint32(16), height: dv.getUint32(20) };
}

/** Dimensions and component count from the first SOF marker. */
function jpegInfo(b: Uint8Array): (Size & { components: number }) | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    if (len < 2) return undefined;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      return { height: (b[i + 5]! << 8) | b[i + 6]!, width: (b[i + 7]! << 8) | b[i + 8]!, components: b[i + 9]! };
    }
    i += 2 + len;
  }
  return undefined;
}

function checkDimensions(s: Size | undefined, what: string, lang: Lang): void {
  if (!s || s.width < 1 || s.height < 1) throw new ZugferdError('LOGO_INVALID', msg('LOGO_DAMAGED', lang, { what }));
  if (s.width > MAX_SIDE || s.height > MAX_SIDE || s.width * s.height > MAX_PIXELS) {
    throw new ZugferdError('LOGO_INVALID', msg('LOGO_TOO_LARGE', lang, { what, width: s.width, height: s.height, side: MAX_SIDE, pixels: MAX_PIXELS }));
  }
}

const SAFE_DATA_URI = /^data:image\/(png|jpeg|jpg|gif|webp)[;,]/i;
const EXTERNAL_URL = /url\(\s*(?!['"]?\s*#)/i;

function unsafe(message: string, el?: XmlElement): never {
  throw new ZugferdError('LOGO_UNSAFE', message, { details: [{ code: 'LOGO_UNSAFE', severity: 'error', message, ...(el ? { line: el.line, column: el.column } : {}) }] });
}

/**
 * Checks an SVG logo and returns the text to render (a DOCTYPE without internal subset is dropped; one with an
 * internal subset, i.e. entity declarations, is refused by the hardened reader).
 * @example
 * ```ts
 * const svg = checkSvgLogo(await readFile('logo.svg')); // the SVG text; scripts, external references and oversize refused
 * ```
 */
export function checkSvgLogo(bytes: Uint8Array, lang: Lang = 'en'): string {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  text = text.replace(/<!DOCTYPE\s+svg\b[^>[]*>/i, '');
  let doc;
  try {
    doc = parseXml(text, { maxBytes: LOGO_MAX_BYTES * 2, maxDepth: 64, maxElements: 100_000 });
  } catch (e) {
    if (e instanceof KontorXmlError) {
      if (e.code === 'XML_DOCTYPE_FORBIDDEN' || e.code === 'XML_ENTITY_FORBIDDEN') unsafe(msg('SVG_DTD', lang, { reason: e.message }));
      throw new ZugferdError('LOGO_INVALID', msg('SVG_NOT_WELL_FORMED', lang, { reason: e.message }), {
        details: [{ code: 'LOGO_INVALID', severity: 'error', message: e.message, ...(e.location ? { line: e.location.line, column: e.location.column } : {}) }],
      });
    }
    throw e;
  }
  for (const pi of doc.processingInstructions) {
    if (/stylesheet/i.test(pi.target)) unsafe(msg('SVG_STYLESHEET', lang));
  }
  if (doc.root.local !== 'svg') throw new ZugferdError('LOGO_INVALID', msg('SVG_ROOT', lang, { root: doc.root.name }));
  const walk = (el: XmlElement): void => {
    const local = el.local.toLowerCase();
    if (local === 'script') unsafe(msg('SVG_SCRIPT', lang), el);
    if (local === 'foreignobject') unsafe(msg('SVG_FOREIGN_OBJECT', lang), el);
    if (local === 'style' && (/@import/i.test(el.text) || EXTERNAL_URL.test(el.text))) unsafe(msg('SVG_STYLE_IMPORT', lang), el);
    for (const a of el.attributes) {
      const name = a.local.toLowerCase();
      if (name.startsWith('on')) unsafe(msg('SVG_EVENT_HANDLER', lang, { name: a.name }), el);
      if (name === 'href' || name === 'src') {
        const v = a.value.trim();
        if (!(v.startsWith('#') || SAFE_DATA_URI.test(v))) unsafe(msg('SVG_REFERENCE', lang, { name: a.name, value: v.slice(0, 80) }), el);
      }
      if (EXTERNAL_URL.test(a.value)) unsafe(`The SVG logo attribute ${a.name} references another file or URL via url(); only url(#id) is allowed`, el);
    }
    for (const c of el.children) walk(c);
  };
  walk(doc.root);
  return text;
}

function liberationFontFiles(): string[] {
  const require = createRequire(import.meta.url);
  const files: string[] = [];
  for (const f of ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf', 'LiberationSans-Italic.ttf', 'LiberationSans-BoldItalic.ttf']) {
    try {
      files.push(require.resolve(`pdfjs-dist/standard_fonts/${f}`));
    } catch {
      // without fonts, SVG text is not drawn; shapes still are
    }
  }
  return files;
}

/** Rasterises a checked SVG to PNG so that it fits `boxPx` (width, height) at most. */
export function renderSvgLogo(svgText: string, boxPx: Size): Uint8Array {
  const font = {
    loadSystemFonts: false,
    fontFiles: liberationFontFiles(),
    defaultFontFamily: 'Liberation Sans',
    sansSerifFamily: 'Liberation Sans',
    serifFamily: 'Liberation Sans',
    monospaceFamily: 'Liberation Sans',
  };
  let probe: Resvg;
  try {
    probe = new Resvg(svgText, { font, logLevel: 'off' });
  } catch (e) {
    throw new ZugferdError('LOGO_INVALID', `The SVG logo cannot be rendered: ${(e as Error).message}`, { cause: e });
  }
  const w = probe.width;
  const h = probe.height;
  if (!(w > 0 && h > 0)) throw new ZugferdError('LOGO_INVALID', 'The SVG logo has no size (width/height or viewBox missing or zero)');
  const fitTo =
    w / h >= boxPx.width / boxPx.height ? { mode: 'width' as const, value: Math.max(1, Math.round(boxPx.width)) } : { mode: 'height' as const, value: Math.max(1, Math.round(boxPx.height)) };
  try {
    const r = new Resvg(svgText, { font, fitTo, logLevel: 'off' });
    return new Uint8Array(r.render().asPng());
  } catch (e) {
    throw new ZugferdError('LOGO_INVALID', `The SVG logo cannot be rendered: ${(e as Error).message}`, { cause: e });
  }
}

/**
 * Checks a logo without drawing it: size, type from the content (a declared type must agree), image header,
 * and for SVG the safety rules. Returns the detected type. Throws LOGO_INVALID or LOGO_UNSAFE.
 * @example
 * ```ts
 * const mime = checkLogo(await readFile('logo.png'), 'image/png'); // 'image/png'; throws ZugferdError LOGO_INVALID otherwise
 * ```
 */
export function checkLogo(bytes: Uint8Array, declared?: string, maxBytes = LOGO_MAX_BYTES, lang: Lang = 'en'): LogoMime {
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw new ZugferdError('LOGO_INVALID', msg('LOGO_EMPTY', lang));
  if (bytes.length > maxBytes) throw new ZugferdError('LOGO_INVALID', msg('LOGO_TOO_MANY_BYTES', lang, { bytes: bytes.length, max: maxBytes }));
  const mime = detectLogoMime(bytes);
  if (!mime) throw new ZugferdError('LOGO_INVALID', msg('LOGO_TYPE', lang));
  if (declared !== undefined && declared !== mime) throw new ZugferdError('LOGO_INVALID', msg('LOGO_DECLARED', lang, { declared, mime }));
  if (mime === 'image/png') checkDimensions(pngSize(bytes), 'PNG', lang);
  else if (mime === 'image/jpeg') {
    const info = jpegInfo(bytes);
    checkDimensions(info, 'JPEG', lang);
    if (info!.components !== 1 && info!.components !== 3) {
      throw new ZugferdError('LOGO_INVALID', msg('LOGO_CMYK', lang, { components: info!.components }));
    }
  } else checkSvgLogo(bytes, lang);
  return mime;
}

/**
 * Embeds the logo into the document. `boxPt` is the largest area it may take (points); the SVG is rendered at
 * 300 dpi for that area.
 */
export async function embedLogo(doc: PDFDocument, bytes: Uint8Array, declared: LogoMime | undefined, boxPt: Size, maxBytes = LOGO_MAX_BYTES): Promise<PDFImage> {
  const mime = checkLogo(bytes, declared, maxBytes);
  try {
    if (mime === 'image/png') return await doc.embedPng(bytes);
    if (mime === 'image/jpeg') return await doc.embedJpg(bytes);
    const png = renderSvgLogo(checkSvgLogo(bytes), { width: (boxPt.width / 72) * 300, height: (boxPt.height / 72) * 300 });
    return await doc.embedPng(png);
  } catch (e) {
    if (e instanceof ZugferdError) throw e;
    throw new ZugferdError('LOGO_INVALID', `The logo cannot be read: ${(e as Error).message}`, { cause: e });
  }
}
