/**
 * One page: page boundaries (6.1.13-11), page actions (6.5.2-2), PresSteps (6.10-2), the page
 * group colour space, its content streams and annotations, and the transparency group rule (6.2.10-2).
 */
import { PDFArray, PDFDict, PDFNumber, PDFStream, type PDFPage } from 'pdf-lib';
import { get, getArray, getDict, resolve, pdfName } from '../../internal/pdf';
import { checkAnnotation, checkAdditionalActions } from './annotations';
import { useColorSpace } from './colour';
import { scanContent } from './content';
import { type GraphicsRun, type Res, type PageState, inherited, decode } from './state';

export function checkPage(run: GraphicsRun, page: PDFPage, index: number): void {
  const path = `page ${index + 1}`;
  const node = page.node;
  const ownRes = getDict(run.ctx, node, 'Resources');
  let res: Res;
  if (ownRes) res = { own: ownRes };
  else {
    const inh = resolve(run.ctx, node.Resources?.());
    res = { own: inh instanceof PDFDict ? inh : undefined, inheritedFromTree: inh instanceof PDFDict };
  }
  const state: PageState = { path, transparency: false };

  // 6.1.13-11 page boundaries
  for (const box of ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox']) {
    const arr = box === 'MediaBox' || box === 'CropBox' ? inherited(run, node, box) : getArray(run.ctx, node, box);
    if (!(arr instanceof PDFArray) || arr.size() !== 4) continue;
    const v = arr
      .asArray()
      .map((x) => resolve(run.ctx, x))
      .map((x) => (x instanceof PDFNumber ? x.asNumber() : NaN));
    if (v.some(Number.isNaN)) continue;
    const w = Math.abs(v[2]! - v[0]!);
    const h = Math.abs(v[3]! - v[1]!);
    if (w < 3 || h < 3 || w > 14400 || h > 14400) run.c.fail('6.1.13-11', run.c.t('PAGE_BOX_SIZE', { box, width: w, height: h }), `${path}/${box}`);
  }

  if (node.has(pdfName('AA'))) run.c.fail('6.5.2-2', run.c.t('PAGE_AA'), `${path}/AA`);
  checkAdditionalActions(run, getDict(run.ctx, node, 'AA'), `${path}/AA`);
  if (node.has(pdfName('PresSteps'))) run.c.fail('6.10-2', run.c.t('PAGE_PRES_STEPS'), `${path}/PresSteps`);

  const group = getDict(run.ctx, node, 'Group');
  const groupCS = group ? get(run.ctx, group, 'CS') : undefined;
  if (groupCS) useColorSpace(run, groupCS, res, `${path}/Group/CS`, state);

  const contents = get(run.ctx, node, 'Contents');
  const streams: PDFStream[] = [];
  if (contents instanceof PDFStream) streams.push(contents);
  else if (contents instanceof PDFArray)
    for (const s of contents.asArray()) {
      const r = resolve(run.ctx, s);
      if (r instanceof PDFStream) streams.push(r);
    }
  const parts: Uint8Array[] = [];
  for (const s of streams) {
    const b = decode(run, s, `${path}/Contents`);
    if (b) parts.push(b, new Uint8Array([0x0a]));
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    all.set(p, o);
    o += p.length;
  }
  scanContent(run, all, res, `${path}/Contents`, state);

  const annots = getArray(run.ctx, node, 'Annots');
  if (annots) annots.asArray().forEach((a, k) => checkAnnotation(run, a, `${path}/Annots[${k}]`, state));

  // 6.2.10-2: transparency without a PDF/A output intent needs a page group colour space
  if (state.transparency && !groupCS) run.c.transparencyWithoutGroup(path, run.facts.outputCS);
}
