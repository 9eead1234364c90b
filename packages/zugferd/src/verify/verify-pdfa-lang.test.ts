/** verifyInvoicePdf passes its `lang` to the built-in PDF/A-3 check: same codes, texts in the language asked for. */
import { checkHybrid } from '../facturx/hybrid';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { verifyInvoicePdf } from './verify';

async function plainPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([595, 842]);
  return doc.save({ useObjectStreams: false });
}

describe('PDF/A findings in the language of the verification', () => {
  it('a German and an English verification of a plain PDF give the same PDF/A codes, each in its language', async () => {
    const bytes = await plainPdf();
    const pdfa = (r: Awaited<ReturnType<typeof verifyInvoicePdf>>) => r.result.authoritative.findings.filter((f) => f.source === 'pdfa');
    const en = pdfa(await verifyInvoicePdf(bytes, { lang: 'en' }));
    const de = pdfa(await verifyInvoicePdf(bytes, { lang: 'de' }));
    expect(en.length).toBeGreaterThan(0);
    expect(de.map((f) => [f.code, f.location, f.ruleset])).toEqual(en.map((f) => [f.code, f.location, f.ruleset]));
    expect(en.map((f) => f.message)).toContain('the catalog has no Metadata stream');
    expect(de.map((f) => f.message)).toContain('der Katalog hat keinen Metadata-Stream');
    expect(de.map((f) => f.message)).not.toContain('the catalog has no Metadata stream');
  });

  it('checkHybrid reports its PDF/A findings in the language asked for', async () => {
    const bytes = await plainPdf();
    const en = await checkHybrid(bytes, { xml: '<x/>' });
    const de = await checkHybrid(bytes, { xml: '<x/>', lang: 'de' });
    expect(de.pdfa.map((f) => f.code)).toEqual(en.pdfa.map((f) => f.code));
    expect(en.pdfa.map((f) => f.message)).toContain('the catalog has no Metadata stream');
    expect(de.pdfa.map((f) => f.message)).toContain('der Katalog hat keinen Metadata-Stream');
  });
});
