/**
 * Fonts as content streams use them (6.2.11.x): embedding (6.2.11.4.1), font dictionaries
 * (6.2.11.2), CIDFonts and CMaps (6.2.11.3.x, 6.1.13-10), TrueType encodings and cmaps (6.2.11.6),
 * Type 3 glyph procedures.
 */
import { PDFDict, PDFName, PDFNumber, PDFStream } from 'pdf-lib';
import { get, getArray, getDict, getName, getNumber, getStream, getText, nameOf, resolve } from '../../internal/pdf';
import { PREDEFINED_CMAPS, STANDARD_14 } from '../../internal/rules';
import { readCmapInfo } from '../../internal/truetype';
import { inGlyphList } from '../unicode';
import { scanContent } from './content';
import { validUtf8Name, type GraphicsRun, type Res, type PageState, type ColourStart, decode, decodeFontProgram } from './state';

/** Character collection ordering of a predefined (non-Identity) CMap, from its name. */
function predefinedOrdering(name: string): string | undefined {
  if (name === 'Identity-H' || name === 'Identity-V') return undefined;
  if (/^(GB|UniGB)/.test(name)) return 'GB1';
  if (/^(B5|HKscs|ETen|CNS|UniCNS)/.test(name)) return 'CNS1';
  if (/^(KSC|UniKS)/.test(name)) return 'Korea1';
  if (/^(83pv|90ms|90msp|90pv|Add|EUC|Ext|H$|V$|UniJIS)/.test(name)) return 'Japan1';
  return undefined;
}

/** Largest CID an embedded CMap program maps to (cidrange / cidchar). */
function maxCidOf(text: string): number {
  let max = 0;
  for (const block of text.matchAll(/begincidrange([\s\S]*?)endcidrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\d+)/g)) {
      const v = Number(m[3]) + (parseInt(m[2]!, 16) - parseInt(m[1]!, 16));
      if (v > max) max = v;
    }
  }
  for (const block of text.matchAll(/begincidchar([\s\S]*?)endcidchar/g)) {
    for (const m of block[1]!.matchAll(/<[0-9A-Fa-f]+>\s*(\d+)/g)) if (Number(m[1]) > max) max = Number(m[1]);
  }
  return max;
}

function fontFile(run: GraphicsRun, desc: PDFDict | undefined): { key: string; stream: PDFStream } | undefined {
  if (!desc) return undefined;
  for (const key of ['FontFile', 'FontFile2', 'FontFile3']) {
    const s = getStream(run.ctx, desc, key);
    if (s) return { key, stream: s };
  }
  return undefined;
}

export function checkFont(run: GraphicsRun, font: PDFDict, renderMode: number, path: string, page: PageState, depth: number): void {
  const ctx = run.ctx;
  const sub = getName(ctx, font, 'Subtype');
  const visible = renderMode !== 3;
  if (run.checkedFonts.has(font)) {
    if (!visible) return;
    // shown again: only 6.2.11.4.1-1 can fail (again, for this path), and the font's answer is known
    const known = run.unembeddedFonts.get(font);
    if (known !== undefined) {
      if (known !== null) run.c.fail('6.2.11.4.1-1', known.message, path, 'error', known.font);
      return;
    }
  }
  const first = !run.checkedFonts.has(font);
  run.checkedFonts.add(font);

  let desc = getDict(ctx, font, 'FontDescriptor');
  let embedded = fontFile(run, desc);
  let cidFont: PDFDict | undefined;
  if (sub === 'Type0') {
    const dfs = getArray(ctx, font, 'DescendantFonts');
    const df = dfs && dfs.size() > 0 ? resolve(ctx, dfs.get(0)) : undefined;
    cidFont = df instanceof PDFDict ? df : undefined;
    desc = cidFont ? getDict(ctx, cidFont, 'FontDescriptor') : undefined;
    embedded = fontFile(run, desc);
  }
  const baseFont = getName(ctx, font, 'BaseFont');
  if (first && baseFont !== undefined && !validUtf8Name(baseFont)) run.c.fail('6.1.8-1', run.c.t('FONT_NAME_UTF8'), path);

  // 6.2.11.4.1-1: fonts used for visible text must be embedded (Type3 fonts are their own programs)
  const unembedded = sub !== 'Type3' && !embedded ? { message: run.c.t('FONT_NOT_EMBEDDED', { name: baseFont ?? run.c.t('UNNAMED') }), font: baseFont } : null;
  run.unembeddedFonts.set(font, unembedded);
  if (visible && unembedded !== null) run.c.fail('6.2.11.4.1-1', unembedded.message, path, 'error', unembedded.font);
  if (!first) return;

  if (getName(ctx, font, 'Type') !== 'Font') run.c.fail('6.2.11.2-1', run.c.t('FONT_NO_TYPE'), path);
  if (!['Type1', 'MMType1', 'TrueType', 'Type3', 'Type0'].includes(sub ?? '')) run.c.fail('6.2.11.2-2', run.c.t('FONT_SUBTYPE', { subtype: sub ?? run.c.t('MISSING_VALUE') }), path);
  if (sub !== 'Type3' && baseFont === undefined) run.c.fail('6.2.11.2-3', run.c.t('FONT_NO_BASEFONT'), path);
  if (sub === 'Type1' || sub === 'MMType1' || sub === 'TrueType' || sub === 'Type3') {
    const isStandard = sub === 'Type1' && !embedded && STANDARD_14.has(baseFont ?? '');
    if (!isStandard) {
      const fc = getNumber(ctx, font, 'FirstChar');
      const lc = getNumber(ctx, font, 'LastChar');
      const w = getArray(ctx, font, 'Widths');
      if (fc === undefined) run.c.fail('6.2.11.2-4', run.c.t('FONT_NO_FIRSTCHAR'), path);
      if (lc === undefined) run.c.fail('6.2.11.2-5', run.c.t('FONT_NO_LASTCHAR'), path);
      if (fc !== undefined && lc !== undefined && (!w || w.size() !== lc - fc + 1)) {
        run.c.fail('6.2.11.2-6', run.c.t('FONT_WIDTHS_COUNT', { count: w?.size() ?? 0, expected: lc - fc + 1 }), path);
      }
    }
  }
  if (embedded?.key === 'FontFile3') {
    const st = getName(ctx, embedded.stream.dict, 'Subtype');
    if (st !== undefined && !['Type1C', 'CIDFontType0C', 'OpenType'].includes(st)) run.c.fail('6.2.11.2-7', run.c.t('FONTFILE3_SUBTYPE', { subtype: st }), path);
  }

  if (sub === 'Type0') checkType0(run, font, cidFont, embedded !== undefined, path);
  if (sub === 'TrueType') checkTrueType(run, font, desc, embedded, path);
}

/** Scans the glyph procedures of a Type3 font for the character codes actually shown. */

export function useType3Glyphs(run: GraphicsRun, font: PDFDict, codes: Set<number>, res: Res, path: string, page: PageState, depth: number, start: ColourStart): void {
  const ctx = run.ctx;
  const procs = getDict(ctx, font, 'CharProcs');
  if (!procs) return;
  const enc = getDict(ctx, font, 'Encoding');
  const diffs = enc ? getArray(ctx, enc, 'Differences') : undefined;
  const names = new Map<number, string>();
  let code = 0;
  for (const x of diffs?.asArray() ?? []) {
    const r = resolve(ctx, x);
    if (r instanceof PDFNumber) code = r.asNumber();
    else if (r instanceof PDFName) names.set(code++, r.decodeText());
  }
  const own = getDict(ctx, font, 'Resources');
  for (const cd of codes) {
    const glyph = names.get(cd);
    if (glyph === undefined) continue;
    const s = get(ctx, procs, glyph);
    if (!(s instanceof PDFStream)) continue;
    if (run.activeForms.has(s)) {
      run.c.note('PDF_RECURSIVE_XOBJECT', 'error', run.c.t('TYPE3_RECURSIVE', { glyph }), `${path}/CharProcs/${glyph}`);
      continue;
    }
    if (run.visitedForms.has(s)) continue;
    run.visitedForms.add(s);
    const b = decode(run, s, `${path}/CharProcs/${glyph}`);
    run.activeForms.add(s);
    try {
      if (b) scanContent(run, b, { own, parent: res }, `${path}/CharProcs/${glyph}`, page, depth + 1, start);
    } finally {
      run.activeForms.delete(s);
    }
  }
}

function checkType0(run: GraphicsRun, font: PDFDict, cidFont: PDFDict | undefined, embedded: boolean, path: string): void {
  const ctx = run.ctx;
  const enc = get(ctx, font, 'Encoding');
  let cmapName: string | undefined;
  if (enc instanceof PDFName) {
    cmapName = enc.decodeText();
    if (!PREDEFINED_CMAPS.has(cmapName)) run.c.fail('6.2.11.3.3-1', run.c.t('CMAP_NOT_EMBEDDED', { name: cmapName }), path);
    const info = cidFont ? getDict(ctx, cidFont, 'CIDSystemInfo') : undefined;
    if (cmapName !== 'Identity-H' && cmapName !== 'Identity-V' && cidFont) {
      const ordering = predefinedOrdering(cmapName);
      const reg = info ? getText(ctx, info, 'Registry') : undefined;
      const ord = info ? getText(ctx, info, 'Ordering') : undefined;
      if (!ordering || reg !== 'Adobe' || ord !== ordering) {
        run.c.fail(
          '6.2.11.3.1-1',
          run.c.t('CIDSYSTEMINFO_CMAP', { registry: reg ?? '?', ordering: ord ?? '?', name: cmapName, expected: ordering ? run.c.t('ADOBE_ORDERING', { ordering }) : '' }),
          path,
        );
      }
    }
  } else if (enc instanceof PDFStream) {
    cmapName = getName(ctx, enc.dict, 'CMapName');
    const b = decode(run, enc, `${path}/Encoding`);
    const text = b ? Buffer.from(b).toString('latin1') : '';
    const dictW = getNumber(ctx, enc.dict, 'WMode') ?? 0;
    const m = /\/WMode\s+(\d+)\s+def/.exec(text);
    if (m && Number(m[1]) !== dictW) run.c.fail('6.2.11.3.3-2', run.c.t('CMAP_WMODE', { dict: dictW, stream: m[1] }), path);
    const use = get(ctx, enc.dict, 'UseCMap');
    const useName = use instanceof PDFName ? use.decodeText() : use instanceof PDFStream ? (getName(ctx, use.dict, 'CMapName') ?? '(embedded CMap)') : /\/([^\s/]+)\s+usecmap/.exec(text)?.[1];
    if (useName !== undefined && !PREDEFINED_CMAPS.has(useName)) run.c.fail('6.2.11.3.3-3', run.c.t('CMAP_USECMAP', { name: useName }), path);
    const maxCid = maxCidOf(text);
    if (maxCid > 65535) run.c.fail('6.1.13-10', run.c.t('CMAP_CID_RANGE', { cid: maxCid }), path);
    if (cmapName !== 'Identity-H' && cmapName !== 'Identity-V' && cidFont) {
      const a = getDict(ctx, cidFont, 'CIDSystemInfo');
      const b2 = getDict(ctx, enc.dict, 'CIDSystemInfo');
      const reg = (d: PDFDict | undefined) => (d ? getText(ctx, d, 'Registry') : undefined);
      const ord = (d: PDFDict | undefined) => (d ? getText(ctx, d, 'Ordering') : undefined);
      const sup = (d: PDFDict | undefined) => (d ? getNumber(ctx, d, 'Supplement') : undefined);
      const sa = sup(a);
      const sb = sup(b2);
      if (reg(a) === undefined || reg(a) !== reg(b2) || ord(a) === undefined || ord(a) !== ord(b2) || sa === undefined || sb === undefined || sa > sb) {
        run.c.fail('6.2.11.3.1-1', run.c.t('CIDSYSTEMINFO_INCOMPATIBLE'), path);
      }
    }
  }
  if (cidFont && getName(ctx, cidFont, 'Subtype') === 'CIDFontType2' && embedded) {
    const m = get(ctx, cidFont, 'CIDToGIDMap');
    if (!(m instanceof PDFStream) && nameOf(m) !== 'Identity') run.c.fail('6.2.11.3.2-1', run.c.t('CIDTOGIDMAP'), path);
  }
}

function checkTrueType(run: GraphicsRun, font: PDFDict, desc: PDFDict | undefined, embedded: { key: string; stream: PDFStream } | undefined, path: string): void {
  const ctx = run.ctx;
  const flags = desc ? (getNumber(ctx, desc, 'Flags') ?? 0) : 0;
  const symbolic = (flags & 4) !== 0;
  const enc = get(ctx, font, 'Encoding');
  if (symbolic) {
    if (enc !== undefined) run.c.fail('6.2.11.6-3', run.c.t('TT_SYMBOLIC_ENCODING'), path);
  } else {
    const ok = (n: string | undefined) => n === 'MacRomanEncoding' || n === 'WinAnsiEncoding';
    if (enc === undefined || (enc instanceof PDFName && !ok(enc.decodeText()))) {
      run.c.fail('6.2.11.6-2', run.c.t('TT_NONSYMBOLIC_ENCODING'), path);
    } else if (enc instanceof PDFDict) {
      const be = getName(ctx, enc, 'BaseEncoding');
      if (!ok(be)) run.c.fail('6.2.11.6-2', run.c.t('TT_BASE_ENCODING', { encoding: be === undefined ? run.c.t('MISSING_VALUE') : `/${be}` }), path);
      // the Differences may only name glyphs of the Adobe Glyph List (a non-symbolic font maps by name)
      const bad = (getArray(ctx, enc, 'Differences')?.asArray() ?? []).map((x) => nameOf(resolve(ctx, x))).find((n) => n !== undefined && n !== '.notdef' && !inGlyphList(n));
      if (bad !== undefined) run.c.fail('6.2.11.6-2', run.c.t('TT_DIFFERENCES_AGL', { glyph: bad }), path);
    }
  }
  if (embedded?.key === 'FontFile2') {
    const b = decodeFontProgram(run, embedded.stream, `${path}/FontFile2`);
    const info = b ? readCmapInfo(b) : undefined;
    if (info) {
      if (!symbolic && !(info.has30 ? info.count > 1 : info.count > 0)) run.c.fail('6.2.11.6-1', run.c.t('TT_CMAP_NONSYMBOLIC'), path);
      if (symbolic && !(info.count === 1 || info.has30)) run.c.fail('6.2.11.6-4', run.c.t('TT_CMAP_SYMBOLIC'), path);
    }
  }
}
