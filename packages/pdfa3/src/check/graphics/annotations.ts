/**
 * Annotations, interactive forms and actions (6.3 annotations and appearances, 6.4.1 and 6.4.2
 * forms, 6.5 actions incl. outlines and additional actions).
 */
import { PDFArray, PDFBool, PDFDict, PDFNumber, PDFStream, type PDFObject } from 'pdf-lib';
import { get, getArray, getDict, getName, getNumber, resolve, pdfName } from '../../internal/pdf';
import { ALLOWED_ACTIONS, ALLOWED_ANNOTATIONS, ALLOWED_NAMED_ACTIONS, BLEND_MODES } from '../../internal/rules';
import { scanContent } from './content';
import { type GraphicsRun, type PageState, decode } from './state';

export function checkAnnotation(run: GraphicsRun, obj: PDFObject, path: string, page: PageState): void {
  const ctx = run.ctx;
  const a = resolve(ctx, obj);
  if (!(a instanceof PDFDict)) return;
  const sub = getName(ctx, a, 'Subtype') ?? '';
  if (!ALLOWED_ANNOTATIONS.has(sub)) run.c.fail('6.3.1-1', run.c.t('ANNOT_TYPE', { subtype: sub || run.c.t('MISSING_VALUE') }), path);
  const f = getNumber(ctx, a, 'F');
  if (sub !== 'Popup' && f === undefined) run.c.fail('6.3.2-1', run.c.t('ANNOT_NO_F'), path);
  if (f !== undefined && ((f & 1) !== 0 || (f & 2) !== 0 || (f & 4) === 0 || (f & 32) !== 0 || (f & 256) !== 0)) {
    run.c.fail('6.3.2-2', run.c.t('ANNOT_FLAGS', { flags: f }), path);
  }
  const rect = getArray(ctx, a, 'Rect');
  const rv = rect
    ? rect
        .asArray()
        .map((x) => resolve(ctx, x))
        .map((x) => (x instanceof PDFNumber ? x.asNumber() : 0))
    : [0, 0, 0, 0];
  const width = Math.abs((rv[2] ?? 0) - (rv[0] ?? 0));
  const height = Math.abs((rv[3] ?? 0) - (rv[1] ?? 0));
  const ap = getDict(ctx, a, 'AP');
  if (!(width === 0 && height === 0) && sub !== 'Popup' && sub !== 'Link' && !ap) {
    run.c.fail('6.3.3-1', run.c.t('ANNOT_NO_AP', { subtype: sub }), path);
  }
  if (ap) {
    const keys = ap.keys().map((k) => k.decodeText());
    if (keys.length !== 1 || keys[0] !== 'N') run.c.fail('6.3.3-2', run.c.t('AP_KEYS', { keys: keys.join(', ') }), path);
    const n = get(ctx, ap, 'N');
    let ft = getName(ctx, a, 'FT');
    for (let p = getDict(ctx, a, 'Parent'), k = 0; ft === undefined && p && k < 32; p = getDict(ctx, p, 'Parent'), k++) ft = getName(ctx, p, 'FT');
    if (keys.includes('N')) {
      if (sub === 'Widget' && ft === 'Btn') {
        if (!(n instanceof PDFDict) || n instanceof PDFStream) run.c.fail('6.3.3-3', run.c.t('AP_BUTTON_N'), path);
      } else if (!(n instanceof PDFStream)) {
        run.c.fail('6.3.3-4', run.c.t('AP_N_NOT_STREAM'), path);
      }
    }
    const streams: [string, PDFStream][] = [];
    if (n instanceof PDFStream) streams.push(['AP/N', n]);
    else if (n instanceof PDFDict)
      for (const [k, v] of n.entries()) {
        const s = resolve(ctx, v);
        if (s instanceof PDFStream) streams.push([`AP/N/${k.decodeText()}`, s]);
      }
    for (const [p, s] of streams) useXObjectLike(run, s, `${path}/${p}`, page);
  }
  const ca = getNumber(ctx, a, 'CA');
  if (ca !== undefined && ca < 1) page.transparency = true;
  const bm = getName(ctx, a, 'BM');
  if (bm !== undefined && !BLEND_MODES.has(bm)) run.c.fail('6.2.10-1', run.c.t('BLEND_MODE', { mode: bm }), path);
  if (sub === 'Widget' && (a.has(pdfName('A')) || a.has(pdfName('AA')))) run.c.fail('6.4.1-1', run.c.t('WIDGET_ACTION'), path);
  const act = get(ctx, a, 'A');
  if (act) checkAction(run, act, `${path}/A`);
  checkAdditionalActions(run, getDict(ctx, a, 'AA'), `${path}/AA`);
  if (sub === 'FileAttachment') {
    const fs = a.get(pdfName('FS'));
    if (fs) run.fileAttachmentSpecs.push(fs);
  }
}

/** Appearance streams are forms painted on the page. */

function useXObjectLike(run: GraphicsRun, s: PDFStream, path: string, page: PageState): void {
  if (run.visitedForms.has(s)) return;
  run.visitedForms.add(s);
  const own = getDict(run.ctx, s.dict, 'Resources');
  const group = getDict(run.ctx, s.dict, 'Group');
  if (group && getName(run.ctx, group, 'S') === 'Transparency') page.transparency = true;
  const b = decode(run, s, path);
  if (b) scanContent(run, b, { own }, path, page, 1);
}

export function checkForms(run: GraphicsRun): void {
  const ctx = run.ctx;
  const acro = getDict(ctx, run.c.doc.catalog, 'AcroForm');
  if (!acro) return;
  const na = get(ctx, acro, 'NeedAppearances');
  if (na === PDFBool.True) run.c.fail('6.4.1-3', run.c.t('NEED_APPEARANCES'), 'catalog/AcroForm');
  if (acro.has(pdfName('XFA'))) run.c.fail('6.4.2-1', run.c.t('FORM_XFA'), 'catalog/AcroForm/XFA');
  const seen = new Set<PDFObject>();
  const walk = (arr: PDFArray | undefined, path: string, depth: number) => {
    if (!arr || depth > 32) return;
    arr.asArray().forEach((x, i) => {
      const f = resolve(ctx, x);
      if (!(f instanceof PDFDict) || seen.has(f)) return;
      seen.add(f);
      // a field merged with its widget is judged as widget (6.4.1-1); pure fields here
      if (getName(ctx, f, 'Subtype') !== 'Widget' && f.has(pdfName('AA'))) run.c.fail('6.4.1-2', run.c.t('FIELD_AA'), `${path}[${i}]`);
      walk(getArray(ctx, f, 'Kids'), `${path}[${i}]/Kids`, depth + 1);
    });
  };
  walk(getArray(ctx, acro, 'Fields'), 'catalog/AcroForm/Fields', 0);
}

function checkAction(run: GraphicsRun, obj: PDFObject, path: string, depth = 0): void {
  const ctx = run.ctx;
  if (depth > 32) return;
  const a = resolve(ctx, obj);
  if (a instanceof PDFArray) {
    a.asArray().forEach((x, i) => checkAction(run, x, `${path}[${i}]`, depth + 1));
    return;
  }
  if (!(a instanceof PDFDict) || run.checkedActions.has(a)) return;
  run.checkedActions.add(a);
  const s = getName(ctx, a, 'S');
  if (s === undefined) return;
  if (!ALLOWED_ACTIONS.has(s)) run.c.fail('6.5.1-1', run.c.t('ACTION_NOT_PERMITTED', { action: s }), path);
  if (s === 'Named') {
    const n = getName(ctx, a, 'N');
    if (n === undefined || !ALLOWED_NAMED_ACTIONS.has(n)) run.c.fail('6.5.1-2', run.c.t('NAMED_ACTION', { name: n ?? run.c.t('MISSING_VALUE') }), path);
  }
  const next = get(ctx, a, 'Next');
  if (next) checkAction(run, next, `${path}/Next`, depth + 1);
}

export function checkAdditionalActions(run: GraphicsRun, aa: PDFDict | undefined, path: string): void {
  if (!aa) return;
  for (const [k, v] of aa.entries()) checkAction(run, v, `${path}/${k.decodeText()}`);
}

export function checkDocumentActions(run: GraphicsRun): void {
  const ctx = run.ctx;
  const cat = run.c.doc.catalog;
  checkAdditionalActions(run, getDict(ctx, cat, 'AA'), 'catalog/AA');
  const open = get(ctx, cat, 'OpenAction');
  if (open instanceof PDFDict) checkAction(run, open, 'catalog/OpenAction');
  const outlines = getDict(ctx, cat, 'Outlines');
  const seen = new Set<PDFObject>();
  const walk = (item: PDFObject | undefined, path: string, depth: number) => {
    let cur = resolve(ctx, item);
    let k = 0;
    while (cur instanceof PDFDict && !seen.has(cur) && depth < 64 && k < 100000) {
      seen.add(cur);
      const act = get(ctx, cur, 'A');
      if (act) checkAction(run, act, `${path}[${k}]/A`);
      walk(cur.get(pdfName('First')), `${path}[${k}]/First`, depth + 1);
      cur = resolve(ctx, cur.get(pdfName('Next')));
      k++;
    }
  };
  if (outlines) walk(outlines.get(pdfName('First')), 'catalog/Outlines', 0);
}
