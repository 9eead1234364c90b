/**
 * What one graphics pass shares between its clause groups: the resources in force, the objects
 * already judged, what the pages used (device colour, glyphs, attached files), and the helpers they
 * all need (stream decoding, resource lookup).
 */
import type { PDFDict, PDFStream, PDFContext, PDFObject } from 'pdf-lib';
import { decodeStream, entryByName, get, getDict, resolve, StreamTooLargeError } from '../../internal/pdf';
import type { CheckContext } from '../context';
import { decodeOnce } from '../decoded';
import type { GlyphUse } from '../glyph-widths';
import { isUtf8 } from '../../internal/bytes';

export type DeviceSpace = 'DeviceRGB' | 'DeviceCMYK' | 'DeviceGray';

/** Resources in force for one content stream: its own dictionary and the one it would inherit from. */
export interface Res {
  own?: PDFDict | undefined;
  parent?: Res;
  /** default colour spaces of the parent do not apply (patterns) */
  isolated?: boolean;
  /** the page's resources were inherited from the page tree */
  inheritedFromTree?: boolean;
}

export interface GraphicsFacts {
  /** colour space of the PDF/A output intent profile ('RGB ', 'CMYK', 'GRAY') or undefined */
  outputCS?: string;
}

export interface PageState {
  path: string;
  transparency: boolean;
}

export type Space = DeviceSpace | 'iccCMYK' | 'other';

export function validUtf8Name(name: string): boolean {
  return isUtf8(Buffer.from(name, 'latin1'));
}

export interface ColourStart {
  fill: Space;
  stroke: Space;
}

export const INITIAL: ColourStart = { fill: 'DeviceGray', stroke: 'DeviceGray' };

/** Everything one graphics pass remembers across pages, forms and clause groups. */
export class GraphicsRun {
  readonly visitedForms = new Set<PDFObject>();
  /** forms, patterns and glyph procedures being painted right now (recursion detection) */
  readonly activeForms = new Set<PDFObject>();
  operatorsLeft: number;
  readonly checkedFonts = new Set<PDFObject>();
  /** per font judged: the 6.2.11.4.1-1 message when it is not embedded (and not Type 3), else null */
  readonly unembeddedFonts = new Map<PDFObject, { message: string; font: string | undefined } | null>();
  readonly checkedImages = new Set<PDFObject>();
  readonly checkedGStates = new Set<PDFObject>();
  readonly checkedColorSpaces = new Set<PDFObject>();
  readonly checkedActions = new Set<PDFObject>();
  readonly deviceUse = new Map<DeviceSpace, string>();
  readonly separations = new Map<string, { alt: PDFObject | undefined; tint: PDFObject | undefined }>();
  readonly fileAttachmentSpecs: PDFObject[] = [];
  /** strings each font showed in a render mode other than 3 (for 6.2.11.5) */
  readonly glyphUse = new Map<PDFDict, GlyphUse>();

  constructor(
    readonly c: CheckContext,
    readonly facts: GraphicsFacts,
  ) {
    this.operatorsLeft = c.maxOperators;
  }

  get ctx(): PDFContext {
    return this.c.ctx;
  }
}

export function inherited(run: GraphicsRun, node: PDFDict, key: string): PDFObject | undefined {
  let cur: PDFDict | undefined = node;
  for (let k = 0; cur && k < 64; k++) {
    const v = get(run.ctx, cur, key);
    if (v !== undefined) return v;
    cur = getDict(run.ctx, cur, 'Parent');
  }
  return undefined;
}

export function decode(run: GraphicsRun, s: PDFStream, path: string): Uint8Array | undefined {
  return noted(run, path, () => decodeStream(run.ctx, s, run.c.maxStreamBytes));
}

/**
 * decode for a font program: through the run's decodeOnce cache, which the font-program and glyph-width checks
 * read the same stream from (one inflate per program and run instead of two). Page content and other streams keep
 * `decode`: they are read once, and are not held for the rest of the run.
 */
export function decodeFontProgram(run: GraphicsRun, s: PDFStream, path: string): Uint8Array | undefined {
  return noted(run, path, () => decodeOnce(run.c, s));
}

/** The decoded bytes, or undefined with a note for a stream too large or undecodable. */
function noted(run: GraphicsRun, path: string, read: () => Uint8Array): Uint8Array | undefined {
  try {
    return read();
  } catch (e) {
    if (e instanceof StreamTooLargeError) run.c.note('PDF_STREAM_TOO_LARGE', 'error', run.c.t('STREAM_TOO_LARGE_NOTE', { error: e.message }), path);
    else run.c.note('PDF_STREAM_UNDECODABLE', 'warning', run.c.t('STREAM_UNDECODABLE', { error: (e as Error).message }), path);
    return undefined;
  }
}

export function lookupRes(run: GraphicsRun, res: Res, category: string, name: string, path: string): PDFObject | undefined {
  const own = res.own ? getDict(run.ctx, res.own, category) : undefined;
  const hit = own ? entryByName(own, name) : undefined;
  if (hit !== undefined) {
    if (res.inheritedFromTree) run.c.fail('6.2.2-2', run.c.t('RESOURCE_INHERITED_TREE', { name }), path);
    return resolve(run.ctx, hit) ?? undefined;
  }
  for (let p = res.parent; p; p = p.parent) {
    const d = p.own ? getDict(run.ctx, p.own, category) : undefined;
    const v = d ? entryByName(d, name) : undefined;
    if (v !== undefined) {
      run.c.fail('6.2.2-2', run.c.t('RESOURCE_FROM_PARENT', { name }), path);
      return resolve(run.ctx, v);
    }
  }
  return undefined;
}
