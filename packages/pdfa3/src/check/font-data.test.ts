/** Font findings name their font as data (Finding.font), the same in every message language and after a replay. */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildSampleDoc } from '../../test/fixtures';
import { loadForPdfA3 } from '../load/load-for-pdfa3';
import { savePdfA3 } from '../write/save';
import { checkPdfA3, runChecks } from './check-pdfa3';

/** The PDF/A sample with a second line of text in an unembedded standard font. */
async function withUnembedded(font: StandardFonts): Promise<Uint8Array> {
  const doc = await buildSampleDoc();
  const f = await doc.embedFont(font);
  doc.getPage(0).drawText('Zahlbar sofort', { x: 56, y: 650, size: 11, font: f });
  return savePdfA3(doc);
}

const notEmbedded = <F extends { rule?: string | undefined }>(findings: readonly F[]): F[] => findings.filter((f) => f.rule === '6.2.11.4.1-1');

describe('Finding.font', () => {
  it('names the unembedded font in German and in English checks, while the messages differ', async () => {
    const bytes = await withUnembedded(StandardFonts.TimesRoman);
    const en = notEmbedded((await checkPdfA3(bytes)).findings);
    const de = notEmbedded((await checkPdfA3(bytes, { lang: 'de' })).findings);
    expect(en).toHaveLength(1);
    expect(de).toHaveLength(1);
    expect(en[0]!.font).toBe('Times-Roman');
    expect(de[0]!.font).toBe('Times-Roman');
    expect(en[0]!.message).toBe('font Times-Roman is used for rendering but not embedded');
    expect(de[0]!.message).toBe('die Schrift Times-Roman wird zur Darstellung verwendet, ist aber nicht eingebettet');
  });

  it("travels with loadForPdfA3's refusal (PDFA_FONT_NOT_EMBEDDED) in both languages", async () => {
    const bytes = await withUnembedded(StandardFonts.CourierBold);
    for (const lang of ['de', 'en'] as const) {
      const r = await loadForPdfA3(bytes, { lang });
      expect(r.ok).toBe(false);
      const refused = r.findings.filter((f) => f.code === 'PDFA_FONT_NOT_EMBEDDED');
      expect(refused.map((f) => f.font)).toEqual(['Courier-Bold']);
    }
  });

  it('is kept when the page findings are replayed from a precheck', async () => {
    const bytes = await withUnembedded(StandardFonts.Helvetica);
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const { precheck } = runChecks(bytes, doc, { lang: 'de' }, { record: true });
    expect(precheck).toBeDefined();
    const replayed = await checkPdfA3(bytes, { lang: 'de', precheck });
    expect(replayed.pagesReused).toBe(true);
    expect(notEmbedded(replayed.findings).map((f) => f.font)).toEqual(['Helvetica']);
  });

  it('is absent on findings that are not about one font', async () => {
    const r = await checkPdfA3(await withUnembedded(StandardFonts.TimesRoman));
    expect(r.findings.filter((f) => !f.code.startsWith('6.2.11')).every((f) => f.font === undefined)).toBe(true);
  });
});
