/**
 * Embedding checks the supplied pages once (on load) and replays those findings in the check of the finished
 * hybrid (@kontor/pdfa3's precheck): a page finding of the supplied PDF must still be in the hybrid's report.
 */
import { checkPdfA3, loadForPdfA3, makePdfA3, savePdfA3 } from '@kontor/pdfa3';
import { PDFDocument, PDFName, StandardFonts, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadFixtures, visualPdf } from '../../test/helpers';
import { embedInvoice } from './embed';
import { embedStandardFonts } from './standard-fonts';

const now = new Date('2025-03-10T09:30:00Z');
const fixtures = loadFixtures();
const invoice = fixtures.find((f) => f.name.startsWith('03'))?.json ?? fixtures[0]!.json;

/** A 2-page visual PDF whose page 2 has a second content stream that cannot be decoded (a warning, not a refusal). */
async function withUndecodableStream(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await visualPdf(2));
  const ctx = doc.context;
  const broken = ctx.register(ctx.stream(new Uint8Array([9, 8, 7, 6, 5, 4, 3, 2]), { Filter: 'FlateDecode' }));
  const page = doc.getPage(1).node;
  page.set(PDFName.of('Contents'), ctx.obj([page.get(PDFName.of('Contents')) as PDFRef, broken]));
  return doc.save({ useObjectStreams: false });
}

describe('embedInvoice and the page checks of the supplied PDF', () => {
  it("still reports a page's finding from the load check in the hybrid's PDF/A findings", async () => {
    const supplied = await withUndecodableStream();
    const r = await embedInvoice(supplied, structuredClone(invoice), { now });
    const pageFinding = r.check.pdfa.filter((f) => f.code === 'PDF_STREAM_UNDECODABLE' && f.path === 'page 2/Contents');
    expect(pageFinding).toHaveLength(1);
    expect(pageFinding[0]!.severity).toBe('warning');
    // the same as a full check of the delivered file, which tokenises every page again
    const full = await checkPdfA3(r.pdf);
    expect(full.pagesReused).toBe(false);
    expect(r.check.pdfa.map(({ source: _source, ...f }) => f)).toEqual(full.findings);
    // and the pages of the delivered file are those the load check saw, so the fast path applies to it
    const loaded = await loadForPdfA3(supplied);
    expect(loaded.ok && (await checkPdfA3(r.pdf, { precheck: loaded.precheck })).pagesReused).toBe(true);
  });

  it('replays the page checks for pages whose Helvetica was substituted on load', async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Rechnung 4711', { font: await doc.embedFont(StandardFonts.Helvetica) });
    const supplied = await doc.save({ useObjectStreams: false });
    const loaded = await loadForPdfA3(supplied, { prepare: (d) => ({ decoded: embedStandardFonts(d).decoded }) });
    if (!loaded.ok) throw new Error(loaded.findings.map((f) => f.message).join('; '));
    makePdfA3(loaded.doc, { title: 'Rechnung 4711', createDate: now, modifyDate: now, conformance: 'B' });
    const out = await savePdfA3(loaded.doc);
    // the substituted font objects read back from the saved file are those the load check printed
    const replayed = await checkPdfA3(out, { precheck: loaded.precheck });
    expect(replayed.pagesReused).toBe(true);
    expect(replayed.findings).toEqual((await checkPdfA3(out)).findings);
    expect(replayed.passed).toBe(true);
  });
});
