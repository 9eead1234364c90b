/**
 * 6.2.11.4.2-2 (CIDSet of an embedded subset CID font) judged both ways, as veraPDF judges it for PDF/A-2/3: every CID
 * the program holds is listed, and every listed CID is one the program holds. On a Mustang test invoice whose two
 * subset Arial (TrueType, Identity) fonts list only the glyphs the text uses while the programs give widths for 4,502
 * glyphs — veraPDF fails both there, and passes the three CID-keyed CFF CourierStd fonts of the same file; and on the
 * same file with a CIDSet bit set for a CID the CFF program does not hold.
 */
import { PDFDict, PDFDocument, PDFName, PDFRef, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkPdfA3 } from '../src/index';
import { corpusAvailable, readCorpus } from './corpus';

const FILE = 'zugferd/mustang/ZTESTZUGFERD_1_INVDSS_012015738820PDF-1.pdf';
const cidSetFindings = (r: { findings: { rule?: string | undefined; message: string }[] }) => r.findings.filter((f) => f.rule === '6.2.11.4.2-2').map((f) => f.message);

describe.skipIf(!corpusAvailable())('CIDSet of subset CID fonts (6.2.11.4.2-2)', () => {
  it('fails a TrueType CIDSet that leaves out CIDs the program holds, passes complete CFF CIDSets', async () => {
    const found = cidSetFindings(await checkPdfA3(readCorpus(FILE), { part: 3 }));
    expect(found.some((m) => m.includes('YBXSOH+Arial'))).toBe(true);
    expect(found.some((m) => m.includes('VAEUAS+Arial'))).toBe(true);
    expect(found.some((m) => m.includes('CourierStd'))).toBe(false);
  });

  it('fails a CIDSet that lists a CID the program does not hold', async () => {
    const doc = await PDFDocument.load(readCorpus(FILE), { updateMetadata: false });
    let changed = false;
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      if (!(obj instanceof PDFDict) || obj.get(PDFName.of('FontName'))?.toString() !== '/MICJEA+CourierStd') continue;
      const ref = obj.get(PDFName.of('CIDSet'));
      expect(ref).toBeInstanceOf(PDFRef);
      const old = doc.context.lookup(ref as PDFRef) as PDFStream;
      expect(old).toBeInstanceOf(PDFStream);
      // The program's two CIDs (as before) plus CID 200, which its charset does not have.
      const bits = new Uint8Array(32);
      const original = await checkedBits(old);
      bits.set(original.subarray(0, Math.min(original.length, 32)));
      bits[200 >> 3]! |= 0x80 >> (200 & 7);
      doc.context.assign(ref as PDFRef, doc.context.stream(bits));
      changed = true;
    }
    expect(changed).toBe(true);
    const found = cidSetFindings(await checkPdfA3(await doc.save({ useObjectStreams: false }), { part: 3 }));
    expect(found.some((m) => m.includes('MICJEA+CourierStd') && m.includes('200'))).toBe(true);
  });
});

/** The decoded bytes of a CIDSet stream (Flate or none). */
async function checkedBits(s: PDFStream): Promise<Uint8Array> {
  const { decodePDFRawStream } = await import('pdf-lib');
  return decodePDFRawStream(s as never).decode();
}
