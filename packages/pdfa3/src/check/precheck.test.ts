import { PDFArray, PDFBool, PDFContext, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNull, PDFNumber, type PDFObject, PDFRef, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { CREATED, MODIFIED, plainTwoPager, XML } from '../../test/fixtures';
import { loadForPdfA3 } from '../load/load-for-pdfa3';
import { attachFile } from '../write/attach-file';
import { makePdfA3 } from '../write/make-pdfa3';
import { savePdfA3 } from '../write/save';
import { checkPdfA3 } from './check-pdfa3';
import { printOf } from './precheck';

/** plainTwoPager with the Print flag on its link (else loadForPdfA3 repairs the annotation: a changed page). */
async function twoPager(): Promise<PDFDocument> {
  const doc = await PDFDocument.load(await plainTwoPager());
  for (const p of doc.getPages()) for (const a of p.node.Annots()?.asArray() ?? []) doc.context.lookup(a, PDFDict).set(PDFName.of('F'), PDFNumber.of(4));
  return doc;
}

/** twoPager with a second content stream on page 2 that cannot be decoded (a warning, not a refusal). */
async function withBrokenPage(): Promise<Uint8Array> {
  const doc = await twoPager();
  const ctx = doc.context;
  const broken = ctx.register(ctx.stream(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), { Filter: 'FlateDecode' }));
  const page = doc.getPage(1).node;
  const contents = page.get(PDFName.of('Contents'));
  page.set(PDFName.of('Contents'), ctx.obj([contents as PDFRef, broken]));
  return doc.save({ useObjectStreams: false });
}

async function convert(r: Extract<Awaited<ReturnType<typeof loadForPdfA3>>, { ok: true }>): Promise<Uint8Array> {
  makePdfA3(r.doc, { title: 'Converted', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B' });
  attachFile(r.doc, { name: 'factur-x.xml', data: XML, mimeType: 'text/xml', relationship: 'Alternative', modDate: MODIFIED, replace: true });
  return savePdfA3(r.doc);
}

describe('checkPdfA3 with a precheck', () => {
  it('replays the page finding of the load check on the converted file (pages unchanged)', async () => {
    const r = await loadForPdfA3(await withBrokenPage());
    if (!r.ok) throw new Error(r.findings.map((f) => f.code).join());
    expect(r.findings.some((f) => f.code === 'PDF_STREAM_UNDECODABLE' && f.path === 'page 2/Contents')).toBe(true);
    expect(r.precheck).toBeDefined();
    const out = await convert(r);
    const fast = await checkPdfA3(out, { precheck: r.precheck });
    const full = await checkPdfA3(out);
    expect(fast.pagesReused).toBe(true);
    expect(full.pagesReused).toBe(false);
    expect(fast.findings).toContainEqual({ code: 'PDF_STREAM_UNDECODABLE', severity: 'warning', message: expect.stringContaining('stream cannot be decoded'), path: 'page 2/Contents' });
    expect(fast.findings).toEqual(full.findings);
  });

  it('checks the pages again when one changed after the load check', async () => {
    const r = await loadForPdfA3(await (await twoPager()).save());
    if (!r.ok) throw new Error(r.findings.map((f) => f.code).join());
    // a content stream added to page 1 after loading, with an operator ISO 32000-1 does not define
    const ctx = r.doc.context;
    const page = r.doc.getPage(0).node;
    const extra = ctx.register(ctx.stream('q 1 0 0 1 0 0 cm xyzzy Q'));
    const contents = page.get(PDFName.of('Contents'));
    page.set(PDFName.of('Contents'), contents instanceof PDFArray ? (contents.push(extra), contents) : ctx.obj([contents as PDFRef, extra]));
    const out = await convert(r);
    const fast = await checkPdfA3(out, { precheck: r.precheck });
    expect(fast.pagesReused).toBe(false);
    expect(fast.findings.some((f) => f.rule === '6.2.2-1' && f.path === 'page 1/Contents')).toBe(true);
    expect(fast.findings).toEqual((await checkPdfA3(out)).findings);
  });

  it('ignores a precheck made with other options (another level)', async () => {
    const r = await loadForPdfA3(await (await twoPager()).save());
    if (!r.ok) throw new Error(r.findings.map((f) => f.code).join());
    const out = await convert(r);
    expect((await checkPdfA3(out, { precheck: r.precheck })).pagesReused).toBe(true);
    expect((await checkPdfA3(out, { precheck: r.precheck, conformance: 'U' })).pagesReused).toBe(false);
    expect((await checkPdfA3(out, { precheck: r.precheck, maxOperators: 1000 })).pagesReused).toBe(false);
  });
});

describe('printOf (what the precheck compares)', () => {
  it('tells apart objects that differ in any value, type or nesting, and gives equal objects equal prints', () => {
    const ctx = PDFContext.create();
    const variants: PDFObject[] = [
      ctx.obj([1, 2]),
      ctx.obj([[1], 2]),
      ctx.obj([[1, 2]]),
      ctx.obj([1.5, 2]),
      ctx.obj([1, 2, PDFNull]),
      ctx.obj({ A: 1 }),
      ctx.obj({ A: 1, B: 2 }),
      ctx.obj({ AB: 1 }),
      ctx.obj({ A: PDFName.of('B') }),
      ctx.obj({ A: PDFString.of('B') }),
      ctx.obj({ A: PDFHexString.of('42') }),
      ctx.obj({ A: PDFString.of('n1:/B') }),
      ctx.obj({ A: PDFString.of('') }),
      ctx.obj({ A: PDFRef.of(1, 0) }),
      ctx.obj({ A: PDFRef.of(10, 0) }),
      ctx.obj({ A: PDFBool.True }),
      ctx.obj({ A: PDFBool.False }),
      ctx.obj({ A: 0.1 + 0.2 }),
      ctx.obj({ A: 0.3 }),
      PDFName.of('A B'),
      PDFName.of('A_B'),
      PDFName.of('AB'),
    ];
    const prints = variants.map((v) => printOf(v).text);
    expect(new Set(prints).size).toBe(variants.length);
    expect(printOf(ctx.obj({ A: [1, PDFName.of('X'), PDFString.of('y')] }))).toEqual(printOf(ctx.obj({ A: [1, PDFName.of('X'), PDFString.of('y')] })));
  });

  it('compares a stream by its dictionary and its data; a kept copy does not follow later changes to the data', () => {
    const ctx = PDFContext.create();
    const data = new Uint8Array([1, 2, 3]);
    const s = ctx.stream(data, { Filter: 'FlateDecode' });
    const kept = printOf(s, true);
    expect(kept.data).toEqual(data);
    data[0] = 9;
    expect(kept.data![0]).toBe(1);
    expect(printOf(s).data![0]).toBe(9);
    expect(printOf(ctx.stream(new Uint8Array([1, 2, 3]), { Filter: 'FlateDecode' })).text).toBe(kept.text);
    expect(printOf(ctx.stream(new Uint8Array([1, 2, 3]), { Filter: 'LZWDecode' })).text).not.toBe(kept.text);
    expect(printOf(ctx.obj({ Filter: 'FlateDecode' })).text).not.toBe(kept.text); // a dictionary is no stream
  });
});
