/** savePdfA3 writes with its own serialiser: the bytes pdf-lib's PDFWriter writes, raw stream data copied in one piece. */
import { readFileSync } from 'node:fs';
import { PDFDocument, PDFWriter } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildSampleDoc } from '../../test/fixtures';
import { CORPUS_PDF, corpusAvailable, pdfFiles } from '../../test/corpus';
import { serializeContext } from './save';

async function samePlainWrite(doc: PDFDocument, label: string): Promise<void> {
  await doc.flush();
  const reference = await PDFWriter.forContext(doc.context, Number.POSITIVE_INFINITY).serializeToBuffer();
  const ours = serializeContext(doc.context);
  expect(Buffer.from(ours).equals(Buffer.from(reference)), label).toBe(true);
}

describe('serializeContext', () => {
  it('writes the bytes of PDFWriter for a document made here (new and raw streams)', async () => {
    const doc = await buildSampleDoc({ pages: 2 });
    await samePlainWrite(doc, 'sample');
    // parsed again: every stream is a raw stream now
    await samePlainWrite(await PDFDocument.load(await doc.save({ useObjectStreams: false }), { updateMetadata: false }), 'sample reloaded');
  });

  it.skipIf(!corpusAvailable())(
    'writes the bytes of PDFWriter for every 8th corpus PDF pdf-lib parses',
    async () => {
      let n = 0;
      let i = 0;
      for (const f of pdfFiles(CORPUS_PDF)) {
        if (i++ % 8 !== 0) continue;
        let doc: PDFDocument;
        try {
          doc = await PDFDocument.load(readFileSync(f), { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
        } catch {
          continue;
        }
        await samePlainWrite(doc, f);
        n++;
      }
      expect(n).toBeGreaterThan(100);
    },
    300_000,
  );
});
