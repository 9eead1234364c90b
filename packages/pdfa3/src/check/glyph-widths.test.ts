import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, readCorpus } from '../../test/corpus';
import { CREATED, MODIFIED } from '../../test/fixtures';
import { loadForPdfA3 } from '../load/load-for-pdfa3';
import { embedPdfA3Font, loadLiberationSans } from '../write/fonts';
import { makePdfA3 } from '../write/make-pdfa3';
import { savePdfA3 } from '../write/save';
import { checkPdfA3 } from './check-pdfa3';

/** A PDF/A-3 page in embedded Liberation Sans (Type0 / CIDFontType2); `shift` is added to every /W width. */
async function sample(opts: { shift?: number; renderMode?: number; extraText?: string } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await embedPdfA3Font(doc, await loadLiberationSans('regular'));
  const page = doc.addPage([595.28, 841.89]);
  page.drawText('Rechnung 4711', { x: 56, y: 780, size: 16, font, color: rgb(0, 0, 0) });
  makePdfA3(doc, { title: 'Widths', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B' });
  await doc.flush();
  if (opts.shift) {
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Subtype')) !== PDFName.of('CIDFontType2')) continue;
      const w = doc.context.lookup(obj.get(PDFName.of('W'))) as PDFArray;
      for (const entry of w.asArray()) {
        const arr = doc.context.lookup(entry);
        if (arr instanceof PDFArray) arr.asArray().forEach((x, i) => arr.set(i, PDFNumber.of((x as PDFNumber).asNumber() + opts.shift!)));
      }
    }
  }
  if (opts.renderMode !== undefined) {
    // put the text into the given render mode by prefixing the page content
    const c = doc.context.flateStream(`${opts.renderMode} Tr\n`);
    const contents = page.node.get(PDFName.of('Contents'));
    page.node.set(PDFName.of('Contents'), doc.context.obj([doc.context.register(c), ...(contents instanceof PDFArray ? contents.asArray() : [contents!])]));
  }
  return savePdfA3(doc);
}

const widthFindings = async (b: Uint8Array) => (await checkPdfA3(b)).findings.filter((f) => f.code === '6.2.11.5');

describe('6.2.11.5 glyph widths', () => {
  it('accepts widths written from the font program', async () => {
    expect(await widthFindings(await sample())).toEqual([]);
  });

  it('tolerates a difference of one unit, flags more', async () => {
    expect(await widthFindings(await sample({ shift: 1 }))).toEqual([]);
    const f = await widthFindings(await sample({ shift: 3 }));
    expect(f).toEqual([expect.objectContaining({ rule: '6.2.11.5-1', severity: 'error', path: expect.stringMatching(/^page 1\/Contents\/Font\//) as unknown })]);
    expect(f[0]!.message).toMatch(/units wide in the font dictionary but .* in the embedded font program \(\d+ glyphs differ\)/);
  });

  it('ignores glyphs shown in render mode 3 (invisible)', async () => {
    expect(await widthFindings(await sample({ shift: 40, renderMode: 3 }))).toEqual([]);
    expect(await widthFindings(await sample({ shift: 40, renderMode: 7 }))).toHaveLength(1);
  });

  it('loadForPdfA3 refuses inconsistent widths as PDFA_FONT_WIDTHS', async () => {
    const r = await loadForPdfA3(await sample({ shift: 40 }));
    expect(r.ok).toBe(false);
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([expect.objectContaining({ code: 'PDFA_FONT_WIDTHS', clause: '6.2.11.5', rule: '6.2.11.5-1' })]);
    expect((await loadForPdfA3(await sample())).ok).toBe(true);
  });

  describe.skipIf(!corpusAvailable())('on corpus files', () => {
    it('refuses Taxi_Quittung.pdf (CFF CIDFontType0 widths veraPDF rejects)', async () => {
      const bytes = readCorpus('plain/ferd/Taxi_Quittung.pdf');
      const f = await widthFindings(bytes);
      expect(f.map((x) => x.message)).toEqual([expect.stringContaining('Times New Roman-3866'), expect.stringContaining('Lucida Grande-3880')]);
      const r = await loadForPdfA3(bytes);
      expect(r.ok).toBe(false);
      expect(r.findings.filter((x) => x.severity === 'error').map((x) => x.code)).toContain('PDFA_FONT_WIDTHS');
    });
  });
});
