/**
 * Graphics state dictionaries (6.2.5 transfer functions and halftones, 6.2.6 rendering intent,
 * 6.2.10-1 blend modes) and what makes a page use transparency (6.2.10).
 */
import { PDFArray, PDFDict, PDFName, PDFStream } from 'pdf-lib';
import { get, getName, getNumber, nameOf, resolve, pdfName } from '../../internal/pdf';
import { BLEND_MODES, RENDERING_INTENTS } from '../../internal/rules';
import type { GraphicsRun, PageState } from './state';

export function checkExtGState(run: GraphicsRun, g: PDFDict, path: string, page: PageState): void {
  const ctx = run.ctx;
  const ca = getNumber(ctx, g, 'ca');
  const CA = getNumber(ctx, g, 'CA');
  const smask = get(ctx, g, 'SMask');
  const bm = get(ctx, g, 'BM');
  const bmNames = bm instanceof PDFName ? [bm.decodeText()] : bm instanceof PDFArray ? bm.asArray().map((x) => nameOf(resolve(ctx, x)) ?? '?') : [];
  if ((ca !== undefined && ca < 1) || (CA !== undefined && CA < 1) || (smask !== undefined && nameOf(smask) !== 'None') || bmNames.some((n) => n !== 'Normal' && n !== 'Compatible')) {
    page.transparency = true;
  }
  if (run.checkedGStates.has(g)) return;
  run.checkedGStates.add(g);
  for (const n of bmNames) if (!BLEND_MODES.has(n)) run.c.fail('6.2.10-1', run.c.t('BLEND_MODE', { mode: n }), path);
  if (g.has(pdfName('TR'))) run.c.fail('6.2.5-1', run.c.t('EXTGSTATE_TR'), path);
  const tr2 = get(ctx, g, 'TR2');
  if (tr2 !== undefined && nameOf(tr2) !== 'Default') run.c.fail('6.2.5-2', run.c.t('EXTGSTATE_TR2'), path);
  if (g.has(pdfName('HTP'))) run.c.fail('6.2.5-3', run.c.t('EXTGSTATE_HTP'), path);
  const ri = getName(ctx, g, 'RI');
  if (ri !== undefined && !RENDERING_INTENTS.has(ri)) run.c.fail('6.2.6-1', run.c.t('RENDERING_INTENT', { intent: ri }), path);
  const ht = get(ctx, g, 'HT');
  if (ht instanceof PDFDict || ht instanceof PDFStream) checkHalftone(run, ht instanceof PDFStream ? ht.dict : ht, `${path}/HT`, 0);
}

function checkHalftone(run: GraphicsRun, h: PDFDict, path: string, depth: number, colorant?: string): void {
  if (depth > 4) return;
  const type = getNumber(run.ctx, h, 'HalftoneType');
  if (depth === 0 && type !== 1 && type !== 5) run.c.fail('6.2.5-4', run.c.t('HALFTONE_TYPE', { type: type ?? run.c.t('MISSING_VALUE') }), path);
  if (h.has(pdfName('HalftoneName'))) run.c.fail('6.2.5-5', run.c.t('HALFTONE_NAME'), path);
  if (type === 5) {
    for (const [k, v] of h.entries()) {
      const sub = resolve(run.ctx, v);
      const d = sub instanceof PDFStream ? sub.dict : sub instanceof PDFDict ? sub : undefined;
      if (d && k.decodeText() !== 'Type') checkHalftone(run, d, `${path}/${k.decodeText()}`, depth + 1, k.decodeText());
    }
  } else if (colorant !== 'Default') {
    const primary = colorant === undefined || ['Cyan', 'Magenta', 'Yellow', 'Black'].includes(colorant);
    const hasTf = h.has(pdfName('TransferFunction'));
    if (primary === hasTf) {
      run.c.fail('6.2.5-6', primary ? run.c.t('HALFTONE_PRIMARY_TRANSFER') : run.c.t('HALFTONE_NO_TRANSFER', { colorant }), path);
    }
  }
}
