/** inspectPdfA3 (one parse) answers exactly what checkPdfA3, readEmbeddedFiles and readPdfInfo answer on their own. */
import { describe, expect, it } from 'vitest';
import { checkPdfA3, inspectPdfA3, readEmbeddedFiles, readPdfInfo, type XmpFacts } from '../src/index';
import { readXmpFacts } from '../src/xmp/read';
import { corpusAvailable, readCorpus, readExpected } from './corpus';

const hasCorpus = corpusAvailable();

async function settled<T>(fn: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    return { ok: false, error: `${(e as { code?: string }).code}: ${(e as Error).message}` };
  }
}

describe.skipIf(!hasCorpus)('inspectPdfA3', () => {
  it('equals the three separate calls on every e-invoice, plain and every tenth veraPDF corpus file', async () => {
    const files = [
      ...Object.keys({ ...readExpected<unknown>('zugferd-expected.json'), ...readExpected<unknown>('plain-expected.json') }),
      ...Object.keys(readExpected<unknown>('verapdf-expected.json')).filter((_, i) => i % 10 === 0),
    ];
    let failedReads = 0;
    let withXmp = 0;
    for (const file of files) {
      const bytes = readCorpus(file);
      const one = await inspectPdfA3(bytes);
      const flat = (s: typeof one.files | typeof one.info) => (s.ok ? s : { ok: false, error: `${(s.error as { code?: string }).code}: ${(s.error as Error).message}` });
      expect(one.check, file).toEqual(await checkPdfA3(bytes));
      expect(flat(one.files), file).toEqual(await settled(() => readEmbeddedFiles(bytes)));
      expect(flat(one.info), file).toEqual(await settled(() => readPdfInfo(bytes)));
      // the XMP facts handed out are those a reading of info.xmp gives
      if (one.xmp) {
        expect(one.info.ok && one.info.value.xmp !== null, file).toBe(true);
        const xmpText = one.info.ok ? one.info.value.xmp! : '';
        const plain = (f: XmpFacts) => ({ ...f, properties: f.properties.map(({ el: _el, ...p }) => p) });
        expect(plain(one.xmp), file).toEqual(plain(readXmpFacts(xmpText)));
        withXmp++;
      }
      if (!one.files.ok || !one.info.ok) failedReads++;
    }
    console.log(`inspectPdfA3 = checkPdfA3 + readEmbeddedFiles + readPdfInfo on ${files.length} files (${failedReads} with a reader error, ${withXmp} with XMP facts)`);
    expect(files.length).toBeGreaterThan(200);
    expect(withXmp).toBeGreaterThan(100);
  }, 600_000);
});
