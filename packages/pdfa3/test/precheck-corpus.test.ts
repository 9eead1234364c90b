/**
 * The precheck fast path (src/check/precheck.ts) gives exactly the findings of the full check. Two sweeps:
 * every veraPDF corpus file re-checked with the precheck its own first check recorded (every kind of page
 * finding, replayed), and every convertible e-invoice / plain corpus PDF converted as embedInvoice does
 * (loadForPdfA3 → makePdfA3 → attachFile → savePdfA3) and checked with and without loadForPdfA3's precheck.
 */
import { PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkPdfA3 } from '../src/index';
import { runChecks } from '../src/check/check-pdfa3';
import { printOf } from '../src/check/precheck';
import { loadTolerant } from '../src/internal/pdf';
import { loadForPdfA3 } from '../src/load/load-for-pdfa3';
import { attachFile } from '../src/write/attach-file';
import { makePdfA3 } from '../src/write/make-pdfa3';
import { savePdfA3 } from '../src/write/save';
import { corpusAvailable, readCorpus, readExpected } from './corpus';
import { CREATED, FX_XMP, MODIFIED, XML } from './fixtures';

const hasCorpus = corpusAvailable();

describe.skipIf(!hasCorpus)('precheck: replayed page checks equal the full check', () => {
  it('veraPDF corpus: each file re-checked with its own precheck gives the same findings', async () => {
    const expected = readExpected<{ part: 2 | 3; conformance: 'A' | 'B' | 'U' }>('verapdf-expected.json');
    let reused = 0;
    let withPageFindings = 0;
    for (const [file, rec] of Object.entries(expected)) {
      const bytes = readCorpus(file);
      const opts = { part: rec.part, conformance: rec.conformance };
      const loaded = await loadTolerant(bytes);
      if ('error' in loaded) continue;
      const { precheck } = runChecks(bytes, loaded.doc, opts, { record: true });
      const full = await checkPdfA3(bytes, opts);
      const fast = await checkPdfA3(bytes, { ...opts, precheck });
      expect(fast.findings, file).toEqual(full.findings);
      expect(full.pagesReused).toBe(false);
      if (fast.pagesReused) {
        reused++;
        if (full.findings.some((f) => f.path?.startsWith('page '))) withPageFindings++;
      }
    }
    console.log(`veraPDF corpus: page checks replayed on ${reused} files (${withPageFindings} with page findings), findings identical on all`);
    expect(reused).toBeGreaterThan(900);
    expect(withPageFindings).toBeGreaterThan(100);
  }, 600_000);

  it('e-invoice and plain corpus: converted as embedInvoice does, the fast check equals the full check', async () => {
    const files = Object.keys({ ...readExpected<unknown>('zugferd-expected.json'), ...readExpected<unknown>('plain-expected.json') });
    let converted = 0;
    let reused = 0;
    for (const file of files) {
      const r = await loadForPdfA3(readCorpus(file));
      if (!r.ok) continue;
      makePdfA3(r.doc, { title: 'Converted', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B', extraXmp: FX_XMP });
      attachFile(r.doc, { name: 'factur-x.xml', data: XML, mimeType: 'text/xml', relationship: 'Alternative', modDate: MODIFIED, replace: true });
      const out = await savePdfA3(r.doc);
      converted++;
      const full = await checkPdfA3(out);
      const fast = await checkPdfA3(out, { precheck: r.precheck });
      expect(fast.findings, file).toEqual(full.findings);
      if (fast.pagesReused) reused++;
    }
    console.log(`e-invoice/plain corpus: ${converted} converted, page checks replayed on ${reused}, findings identical on all`);
    expect(converted).toBeGreaterThan(30);
    expect(reused).toBeGreaterThan(converted / 2);
  }, 600_000);
});

describe.skipIf(!hasCorpus)('precheck: object prints', () => {
  it('objects with the same print have the same pdf-lib bytes (every object of 60 corpus files, across files)', async () => {
    const expected = readExpected<unknown>('verapdf-expected.json');
    const bytesByPrint = new Map<string, string>();
    let streams = 0;
    let objects = 0;
    for (const file of Object.keys(expected).filter((_, i) => i % 18 === 0)) {
      const loaded = await loadTolerant(readCorpus(file));
      if ('error' in loaded) continue;
      for (const [, obj] of loaded.doc.context.enumerateIndirectObjects()) {
        const generic = new Uint8Array(obj.sizeInBytes());
        obj.copyBytesInto(generic, 0);
        const p = printOf(obj);
        const key = `${p.text}\u0000${p.data ? Buffer.from(p.data).toString('latin1') : '-'}`;
        const bytes = Buffer.from(generic).toString('latin1');
        const before = bytesByPrint.get(key);
        if (before !== undefined) expect(bytes, file).toBe(before);
        else bytesByPrint.set(key, bytes);
        objects++;
        if (obj instanceof PDFRawStream) streams++;
      }
    }
    expect(streams).toBeGreaterThan(100);
    expect(bytesByPrint.size).toBeGreaterThan(objects / 2);
  }, 120_000);
});
