/** A precheck holds the texts of the language it was made in: replayed only for a check in that language. */
import { PDFDict, PDFDocument, PDFName, PDFNumber, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { CREATED, MODIFIED, plainTwoPager, XML } from '../../test/fixtures';
import { loadForPdfA3 } from '../load/load-for-pdfa3';
import { attachFile } from '../write/attach-file';
import { makePdfA3 } from '../write/make-pdfa3';
import { savePdfA3 } from '../write/save';
import { checkPdfA3 } from './check-pdfa3';

/** plainTwoPager (Print flags set) with an undecodable second content stream on page 2: a page warning. */
async function withBrokenPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await plainTwoPager());
  for (const p of doc.getPages()) for (const a of p.node.Annots()?.asArray() ?? []) doc.context.lookup(a, PDFDict).set(PDFName.of('F'), PDFNumber.of(4));
  const ctx = doc.context;
  const broken = ctx.register(ctx.stream(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), { Filter: 'FlateDecode' }));
  const page = doc.getPage(1).node;
  page.set(PDFName.of('Contents'), ctx.obj([page.get(PDFName.of('Contents')) as PDFRef, broken]));
  return doc.save({ useObjectStreams: false });
}

describe('precheck and lang', () => {
  it('a German precheck is replayed for a German check and not for an English one', async () => {
    const r = await loadForPdfA3(await withBrokenPage(), { lang: 'de' });
    if (!r.ok) throw new Error(r.findings.map((f) => f.code).join());
    makePdfA3(r.doc, { title: 'Converted', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B' });
    attachFile(r.doc, { name: 'factur-x.xml', data: XML, mimeType: 'text/xml', relationship: 'Alternative', modDate: MODIFIED, replace: true });
    const out = await savePdfA3(r.doc);
    const de = await checkPdfA3(out, { precheck: r.precheck, lang: 'de' });
    const en = await checkPdfA3(out, { precheck: r.precheck });
    expect(de.pagesReused).toBe(true);
    expect(en.pagesReused).toBe(false);
    const page2 = (x: typeof de) => x.findings.find((f) => f.code === 'PDF_STREAM_UNDECODABLE' && f.path === 'page 2/Contents')?.message;
    expect(page2(de)).toMatch(/^der Stream kann nicht dekodiert werden: /);
    expect(page2(en)).toMatch(/^stream cannot be decoded: /);
    expect(de.findings.map((f) => [f.code, f.rule, f.path])).toEqual(en.findings.map((f) => [f.code, f.rule, f.path]));
  });
});
