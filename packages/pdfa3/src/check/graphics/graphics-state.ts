/**
 * Graphics state dictionaries (6.2.5 transfer functions and halftones, 6.2.6 rendering intent,
 * 6.2.10-1 blend modes) and what makes a page use transparency (6.2.10).
 */
import { PDFArray, PDFDict, PDFName, PDFStream } from 'pdf-lib';
import { get, getName, getNumber, nameOf, resolve } from '../../internal/pdf';
import { BLEND_MODES, RENDERING_INTENTS } from '../../internal/rules';
import { GraphicsRun, type PageState } from './state';

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
  for (const n of bmNames) if (!BLEND_MODES.has(n)) run.c.fail('6.2.10-1', `blend mode /${n} is not defined in ISO 32000-1`, path);
  if (g.has(PDFName.of('TR'))) run.c.fail('6.2.5-1', 'the ExtGState contains TR', path);
  const tr2 = get(ctx, g, 'TR2');
  if (tr2 !== undefined && nameOf(tr2) !== 'Default') run.c.fail('6.2.5-2', 'the ExtGState contains TR2 with a value other than Default', path);
  if (g.has(PDFName.of('HTP'))) run.c.fail('6.2.5-3', 'the ExtGState contains HTP', path);
  const ri = getName(ctx, g, 'RI');
  if (ri !== undefined && !RENDERING_INTENTS.has(ri)) run.c.fail('6.2.6-1', `rendering intent /${ri} is not one of the four standard ones`, path);
  const ht = get(ctx, g, 'HT');
  if (ht instanceof PDFDict || ht instanceof PDFStream) checkHalftone(run, ht instanceof PDFStream ? ht.dict : ht, `${path}/HT`, 0);
}

function checkHalftone(run: GraphicsRun, h: PDFDict, path: string, depth: number, colorant?: string): void {
  if (depth > 4) return;
  const type = getNumber(run.ctx, h, 'HalftoneType');
  if (depth === 0 && type !== 1 && type !== 5) run.c.fail('6.2.5-4', `halftone type ${type ?? '(missing)'} is not 1 or 5`, path);
  if (h.has(PDFName.of('HalftoneName'))) run.c.fail('6.2.5-5', 'the halftone contains HalftoneName', path);
  if (type === 5) {
    for (const [k, v] of h.entries()) {
      const sub = resolve(run.ctx, v);
      const d = sub instanceof PDFStream ? sub.dict : sub instanceof PDFDict ? sub : undefined;
      if (d && k.decodeText() !== 'Type') checkHalftone(run, d, `${path}/${k.decodeText()}`, depth + 1, k.decodeText());
    }
  } else if (colorant !== 'Default') {
    const primary = colorant === undefined || ['Cyan', 'Magenta', 'Yellow', 'Black'].includes(colorant);
    const hasTf = h.has(PDFName.of('TransferFunction'));
    if (primary === hasTf) {
      run.c.fail('6.2.5-6', primary ? 'halftone for a primary colourant with a TransferFunction' : `halftone for colourant ${colorant} without a TransferFunction`, path);
    }
  }
}
