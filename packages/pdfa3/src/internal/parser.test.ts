/** parsePdf reads integers its own way: the documents must be those pdf-lib's PDFDocument.load makes. */
import { readFileSync } from 'node:fs';
import { PDFArray, PDFDocument, PDFNumber, PDFRef, ParseSpeeds } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { CORPUS_PDF, corpusAvailable, pdfFiles } from '../../test/corpus';
import { parsePdf } from './parser';

/** Every object of the document as pdf-lib writes it (its own writer, not ours), with the trailer entries. */
async function written(doc: PDFDocument): Promise<string> {
  const bytes = await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  return Buffer.from(bytes).toString('latin1');
}

async function both(bytes: Uint8Array): Promise<[string, string] | undefined> {
  let ref: PDFDocument;
  try {
    ref = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (e) {
    // pdf-lib refuses it: so must parsePdf, with the same error
    await expect(parsePdf(bytes)).rejects.toThrow((e as Error).message);
    return undefined;
  }
  return [await written(ref), await written(await parsePdf(bytes))];
}

describe('parsePdf', () => {
  it('reads numbers as pdf-lib does: signs, decimals, long digit runs, numbers at the end, references', async () => {
    const body = [
      '[0 1 007 65535 65536 123456789012345 1234567890123456 99999999999999999999 -3 +4 .5 -.25 6. 7.125 0.0 1 0 R 2 0 R]',
      '<< /Length 44 /W [1 [500 600 700] 3 5 250] /N 5.5 >>',
      '[12-3]',
      '[1%c\n2 0%c\nR 3]',
    ];
    let pdf = '%PDF-1.7\n';
    const offsets: number[] = [];
    body.forEach((b, i) => {
      offsets.push(pdf.length);
      pdf += `${i + 1} 0 obj\n${b}\nendobj\n`;
    });
    pdf += `5 0 obj\n<< /Type /Catalog /Pages 6 0 R >>\nendobj\n6 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 5 0 R /Size 7 >>\n%%EOF\n12`;
    const [a, b] = (await both(new Uint8Array(Buffer.from(pdf, 'latin1'))))!;
    expect(b).toBe(a);
    const doc = await parsePdf(new Uint8Array(Buffer.from(pdf, 'latin1')));
    const arr = doc.context.lookup(PDFRef.of(1, 0)) as PDFArray;
    expect(
      arr
        .asArray()
        .slice(0, 6)
        .map((n) => (n as PDFNumber).asNumber()),
    ).toEqual([0, 1, 7, 65535, 65536, 123456789012345]);
    expect((arr.get(7) as PDFNumber).toString()).toBe('100000000000000000000');
  });

  it.skipIf(!corpusAvailable())(
    'gives the documents PDFDocument.load gives for every corpus PDF',
    async () => {
      let files = 0;
      let compared = 0;
      for (const f of pdfFiles(CORPUS_PDF)) {
        files++;
        const r = await both(new Uint8Array(readFileSync(f)));
        if (!r) continue;
        expect(r[1] === r[0], f).toBe(true);
        compared++;
      }
      expect(files).toBeGreaterThan(1000);
      expect(compared).toBeGreaterThan(1000);
    },
    300_000,
  );
});
