/**
 * XObjects and patterns (6.2.8 images incl. JPEG 2000, 6.2.9 form, PostScript and reference
 * XObjects): forms and tiling patterns are scanned as content of their own.
 */
import { PDFBool, PDFDict, PDFStream, type PDFObject } from 'pdf-lib';
import { filtersOf, get, getDict, getName, getNumber, PDFRawStream, resolve, pdfName } from '../../internal/pdf';
import { RENDERING_INTENTS } from '../../internal/rules';
import { jpxProblems, readJp2Header } from '../jpx';
import { useColorSpace } from './colour';
import { scanContent } from './content';
import { checkExtGState } from './graphics-state';
import { type GraphicsRun, type Res, type PageState, type ColourStart, decode } from './state';

export function useXObject(run: GraphicsRun, x: PDFStream, res: Res, path: string, page: PageState, depth: number, start: ColourStart): void {
  const d = x.dict;
  const sub = getName(run.ctx, d, 'Subtype');
  if (sub === 'Image') checkImage(run, x, res, path, page);
  else if (sub === 'Form') {
    if (d.has(pdfName('OPI')) || getName(run.ctx, d, 'Subtype2') === 'PS' || d.has(pdfName('PS'))) {
      run.c.fail('6.2.9-1', run.c.t('FORM_OPI_PS'), path);
    }
    if (d.has(pdfName('Ref'))) run.c.fail('6.2.9-2', run.c.t('REFERENCE_XOBJECT'), path);
    const group = getDict(run.ctx, d, 'Group');
    if (group && getName(run.ctx, group, 'S') === 'Transparency') page.transparency = true;
    if (run.activeForms.has(x)) {
      run.c.note('PDF_RECURSIVE_XOBJECT', 'error', run.c.t('FORM_RECURSIVE'), path);
      return;
    }
    if (run.visitedForms.has(x)) return;
    run.visitedForms.add(x);
    const own = getDict(run.ctx, d, 'Resources');
    const formRes: Res = { own, parent: res };
    const gcs = group ? get(run.ctx, group, 'CS') : undefined;
    if (gcs) useColorSpace(run, gcs, formRes, `${path}/Group/CS`, page);
    const b = decode(run, x, path);
    run.activeForms.add(x);
    try {
      if (b) scanContent(run, b, formRes, path, page, depth + 1, start);
    } finally {
      run.activeForms.delete(x);
    }
  } else if (sub === 'PS') {
    run.c.fail('6.2.9-3', run.c.t('POSTSCRIPT_XOBJECT'), path);
  }
}

function checkImage(run: GraphicsRun, x: PDFStream, res: Res, path: string, page: PageState): void {
  const ctx = run.ctx;
  const d = x.dict;
  if (d.has(pdfName('SMask')) || (getNumber(ctx, d, 'SMaskInData') ?? 0) > 0) page.transparency = true;
  const isMask = get(ctx, d, 'ImageMask') === PDFBool.True;
  if (!isMask) {
    const cs = get(ctx, d, 'ColorSpace');
    if (cs) useColorSpace(run, cs, res, path, page);
  }
  if (run.checkedImages.has(x)) return;
  run.checkedImages.add(x);
  if (d.has(pdfName('Alternates'))) run.c.fail('6.2.8-1', run.c.t('IMAGE_ALTERNATES'), path);
  if (d.has(pdfName('OPI'))) run.c.fail('6.2.8-2', run.c.t('IMAGE_OPI'), path);
  if (get(ctx, d, 'Interpolate') === PDFBool.True) run.c.fail('6.2.8-3', run.c.t('IMAGE_INTERPOLATE'), path);
  const bpc = getNumber(ctx, d, 'BitsPerComponent');
  if (!isMask && bpc !== undefined && ![1, 2, 4, 8, 16].includes(bpc)) run.c.fail('6.2.8-4', run.c.t('IMAGE_BPC', { bpc }), path);
  if (isMask && bpc !== undefined && bpc !== 1) run.c.fail('6.2.8-5', run.c.t('IMAGE_MASK_BPC', { bpc }), path);
  const intent = getName(ctx, d, 'Intent');
  if (intent !== undefined && !RENDERING_INTENTS.has(intent)) run.c.fail('6.2.6-1', run.c.t('RENDERING_INTENT', { intent }), path);
  const filters = filtersOf(ctx, d);
  if (filters.length === 1 && filters[0] === 'JPXDecode' && x instanceof PDFRawStream) {
    const h = readJp2Header(x.contents);
    if (h) for (const [rule, msg] of jpxProblems(h, d.has(pdfName('ColorSpace')), run.c.lang)) run.c.fail(rule, msg, path);
  }
}

export function usePattern(run: GraphicsRun, obj: PDFObject, res: Res, path: string, page: PageState, depth: number): void {
  const p = resolve(run.ctx, obj);
  const dict = p instanceof PDFStream ? p.dict : p instanceof PDFDict ? p : undefined;
  if (!dict) return;
  if (run.activeForms.has(dict)) {
    run.c.note('PDF_RECURSIVE_XOBJECT', 'error', run.c.t('PATTERN_RECURSIVE'), path);
    return;
  }
  if (run.visitedForms.has(dict)) return;
  run.visitedForms.add(dict);
  const type = getNumber(run.ctx, dict, 'PatternType');
  if (type === 1 && p instanceof PDFStream) {
    const own = getDict(run.ctx, dict, 'Resources');
    const b = decode(run, p, path);
    run.activeForms.add(dict);
    try {
      if (b) scanContent(run, b, { own, parent: res, isolated: true }, path, page, depth + 1);
    } finally {
      run.activeForms.delete(dict);
    }
  } else if (type === 2) {
    const sh = get(run.ctx, dict, 'Shading');
    const shd = sh instanceof PDFStream ? sh.dict : sh instanceof PDFDict ? sh : undefined;
    const cs = shd ? get(run.ctx, shd, 'ColorSpace') : undefined;
    if (cs) useColorSpace(run, cs, res, path, page);
    const eg = getDict(run.ctx, dict, 'ExtGState');
    if (eg) checkExtGState(run, eg, `${path}/ExtGState`, page);
  }
}
