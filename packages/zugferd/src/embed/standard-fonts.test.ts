import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedStandardFonts } from './standard-fonts';

describe('embedStandardFonts', () => {
  it('hands the PDF/A check the program each new FontFile2 stream really decodes to', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    page.drawText('Summe 12,50', { font: await doc.embedFont(StandardFonts.Helvetica) });
    page.drawText('Rechnung', { y: 40, font: await doc.embedFont(StandardFonts.HelveticaBold) });
    await doc.flush(); // pdf-lib writes the font dictionaries on flush
    const r = embedStandardFonts(doc);
    expect(r.fonts.sort()).toEqual(['Helvetica', 'Helvetica-Bold']);
    const referenced = [...doc.context.enumerateIndirectObjects()]
      .map(([, o]) => o)
      .filter((o): o is PDFDict => o instanceof PDFDict && o.has(PDFName.of('FontFile2')))
      .map((d) => doc.context.lookup(d.get(PDFName.of('FontFile2'))));
    expect(r.decoded.size).toBe(2);
    for (const [stream, program] of r.decoded) {
      expect(referenced).toContain(stream);
      expect(Buffer.from(inflateSync((stream as PDFRawStream).contents)).equals(Buffer.from(program))).toBe(true);
    }
    // a second document gets its own streams over the same programs
    const again = await PDFDocument.create();
    again.addPage().drawText('x', { font: await again.embedFont(StandardFonts.Helvetica) });
    await again.flush();
    const r2 = embedStandardFonts(again);
    expect([...r2.decoded.keys()].some((s) => r.decoded.has(s))).toBe(false);
    expect([...r2.decoded.values()][0]).toBe([...r.decoded.values()].find((p) => p.length === [...r2.decoded.values()][0]!.length));
  });
});
