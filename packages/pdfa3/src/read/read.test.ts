import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, type PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildSampleDoc } from '../../test/fixtures';
import { attachFile } from '../write/attach-file';
import { savePdfA3 } from '../write/save';
import { readEmbeddedFiles } from './embedded-files';
import { readPdfInfo } from './pdf-info';
import { baseFontStartsWith, someRawPdfBytes } from './raw-bytes';

describe('readers', () => {
  it('throw typed errors on garbage and misuse', async () => {
    await expect(readEmbeddedFiles(new TextEncoder().encode('nope'))).rejects.toMatchObject({ code: 'PDF_UNREADABLE' });
    await expect(readPdfInfo(new TextEncoder().encode('%PDF-1.4\n'))).rejects.toMatchObject({ code: 'PDF_UNREADABLE' });
    await expect(readPdfInfo('x' as unknown as Uint8Array)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('report a wrong checksum and a file over the size cap instead of failing', async () => {
    const doc = await buildSampleDoc();
    const tree = doc.catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict);
    const spec = tree.lookup(PDFName.of('Names'), PDFArray).lookup(1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F')) as PDFStream;
    stream.dict.lookup(PDFName.of('Params'), PDFDict).set(PDFName.of('CheckSum'), PDFHexString.of('00'.repeat(16)));
    const bytes = await savePdfA3(doc);
    const [f] = await readEmbeddedFiles(bytes);
    expect(f?.checksumValid).toBe(false);
    const [g] = await readEmbeddedFiles(bytes, { maxFileBytes: 10 });
    expect(g?.data.length).toBe(0);
    expect(g?.error).toMatch(/more than 10 bytes/);
    expect(g?.size).toBeGreaterThan(10);
  });

  it('decode only the files readData accepts, listing the others with their size and dataSkipped', async () => {
    const doc = await buildSampleDoc();
    const big = new Uint8Array(50_000).fill(0x41);
    attachFile(doc, { name: 'lieferschein.txt', data: big, mimeType: 'text/plain', relationship: 'Supplement', modDate: new Date('2026-01-01T00:00:00Z') });
    const bytes = await savePdfA3(doc);
    const all = await readEmbeddedFiles(bytes);
    const asked: string[] = [];
    const some = await readEmbeddedFiles(bytes, {
      readData: (f) => {
        asked.push(f.name);
        return f.name !== 'lieferschein.txt';
      },
    });
    expect(asked.sort()).toEqual(all.map((f) => f.name).sort());
    expect(all.length).toBeGreaterThan(1);
    for (const f of some) {
      const full = all.find((x) => x.name === f.name)!;
      if (f.name === 'lieferschein.txt') {
        expect(full.data).toEqual(big);
        expect(f).toEqual({ ...full, data: new Uint8Array(0), checksumValid: undefined, dataSkipped: true });
        expect(f.size).toBe(50_000);
      } else expect(f).toEqual(full);
    }
  });

  it('reads pdfaid by pattern when the XMP is not well-formed', async () => {
    const bytes = await savePdfA3(await buildSampleDoc());
    const broken = new Uint8Array(Buffer.from(Buffer.from(bytes).toString('latin1').replace('</x:xmpmeta>', '</x:xmpmetX>'), 'latin1'));
    const info = await readPdfInfo(broken);
    expect(info).toMatchObject({ xmpWellFormed: false, pdfaPart: 3, pdfaConformance: 'B' });
  });

  it('someRawPdfBytes offers the file and its decoded object streams; baseFontStartsWith finds a font name in either', async () => {
    const doc = await PDFDocument.create();
    await doc.embedFont('Helvetica');
    doc.addPage();
    for (const useObjectStreams of [false, true]) {
      const bytes = await doc.save({ useObjectStreams });
      const seen: number[] = [];
      const found = someRawPdfBytes(bytes, (b) => {
        seen.push(b.length);
        return baseFontStartsWith(b, ['/Helvetica']);
      });
      expect(found, `object streams ${useObjectStreams}`).toBe(true);
      // in the clear the file itself answers; otherwise an object stream after it does
      expect(seen.length > 1, `object streams ${useObjectStreams}`).toBe(useObjectStreams);
      expect(baseFontStartsWith(Buffer.from(bytes), ['/Helvetica'])).toBe(!useObjectStreams);
      expect(someRawPdfBytes(bytes, (b) => baseFontStartsWith(b, ['/Times', '/Arial']))).toBe(false);
    }
    expect(baseFontStartsWith(Buffer.from('/BaseFont /ABCDEF+ArialMT /BaseFont\n/Arial-BoldMT'), ['/Arial'])).toBe(true);
    expect(baseFontStartsWith(Buffer.from('/BaseFont /ABCDEF+ArialMT'), ['/Arial'])).toBe(false);
  });

  it('someRawPdfBytes looks for an object stream dictionary within reach of /ObjStm only, and tries the first 1,024', async () => {
    const doc = await PDFDocument.create();
    await doc.embedFont('Helvetica');
    doc.addPage();
    const saved = Buffer.from(await doc.save({ useObjectStreams: true }));
    const finds = (b: Buffer) => someRawPdfBytes(new Uint8Array(b), (x) => baseFontStartsWith(x, ['/Helvetica']));
    expect(finds(saved)).toBe(true);
    // the dictionary pushed 600 bytes away from its `stream` keyword: out of reach, not read
    const text = saved.toString('latin1');
    const at = text.indexOf('/ObjStm');
    const far = text.slice(0, at + 7) + ' '.repeat(600) + text.slice(at + 7);
    expect(finds(Buffer.from(far, 'latin1'))).toBe(false);
    // 1,024 stray /ObjStm tokens before the real one: not reached; 1,000: still found
    const junk = (n: number) => Buffer.concat([Buffer.from('/ObjStm '.repeat(n), 'latin1'), saved]);
    expect(finds(junk(1000))).toBe(true);
    expect(finds(junk(1024))).toBe(false);
  });
});
