/** The de/en catalogue of @kontor/pdfa3: sound, and a German and an English check give the same findings in their language. */
import { catalogueProblems, placeholdersOf } from '@kontor/xml';
import { PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isGermanOf, keysOfEnglish } from '../test/message-patterns';
import { buildSampleDoc } from '../test/fixtures';
import { checkPdfA3 } from './check/check-pdfa3';
import { loadForPdfA3 } from './load/load-for-pdfa3';
import { messages } from './messages';
import { savePdfA3 } from './write/save';

describe('pdfa3 messages', () => {
  it('every key has a German and an English text with the same placeholders', () => {
    expect(catalogueProblems(messages)).toEqual([]);
  });

  it('the catalogue problems check sees a missing placeholder (the test can fail)', () => {
    expect(catalogueProblems({ X: { en: 'a {b}', de: 'a' } })).toHaveLength(1);
    expect(placeholdersOf(messages.PDFAID_PART.de)).toEqual(['expected', 'part']);
  });

  it('a German and an English check of the same file give the same codes, rules and paths, each in its language', async () => {
    const doc = await buildSampleDoc();
    await doc.flush();
    doc.catalog.set(PDFName.of('NeedsRendering'), doc.context.obj(true));
    doc.catalog.set(PDFName.of('Requirements'), doc.context.obj([]));
    doc.catalog.delete(PDFName.of('Metadata'));
    const bytes = await savePdfA3(doc);
    const en = await checkPdfA3(bytes);
    const de = await checkPdfA3(bytes, { lang: 'de' });
    const shape = (r: typeof en) => r.findings.map((f) => [f.code, f.rule, f.severity, f.path]);
    expect(shape(de)).toEqual(shape(en));
    expect(en.findings.map((f) => f.message)).toEqual(expect.arrayContaining(['the catalog contains NeedsRendering true', 'the catalog contains Requirements', 'the catalog has no Metadata stream']));
    expect(de.findings.map((f) => f.message)).toEqual(
      expect.arrayContaining(['der Katalog enthält NeedsRendering true', 'der Katalog enthält Requirements', 'der Katalog hat keinen Metadata-Stream']),
    );
    for (const [i, f] of en.findings.entries()) {
      const keys = keysOfEnglish(f.message);
      expect(keys.length, f.message).toBeGreaterThan(0);
      expect(isGermanOf(de.findings[i]!.message, keys), de.findings[i]!.message).toBe(true);
    }
  });

  it('loadForPdfA3 tells a JavaScript action from other forbidden actions in both languages', async () => {
    const withAction = async (s: string) => {
      const doc = await buildSampleDoc();
      await doc.flush();
      const action = doc.context.obj({ S: s, ...(s === 'JavaScript' ? { JS: PDFString.of('app.alert(1)') } : { F: PDFString.of('x.exe') }) });
      const annot = doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 10, 10], F: 4, A: action }));
      doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([annot]));
      return savePdfA3(doc);
    };
    const js = await withAction('JavaScript');
    const launch = await withAction('Launch');
    for (const lang of ['en', 'de'] as const) {
      const codes = async (b: Uint8Array) => (await loadForPdfA3(b, { lang })).findings.filter((f) => f.clause === '6.5.1').map((f) => f.code);
      expect(await codes(js), lang).toEqual(['PDFA_JAVASCRIPT']);
      expect(await codes(launch), lang).toEqual(['PDFA_FORBIDDEN_ACTION']);
    }
  });

  it('loadForPdfA3 reports in the language asked for', async () => {
    const doc = await buildSampleDoc();
    await doc.flush();
    doc.catalog.set(PDFName.of('Requirements'), doc.context.obj([]));
    const bytes = await savePdfA3(doc);
    const en = await loadForPdfA3(bytes);
    const de = await loadForPdfA3(bytes, { lang: 'de' });
    expect(de.findings.map((f) => [f.code, f.severity])).toEqual(en.findings.map((f) => [f.code, f.severity]));
    expect(en.findings.map((f) => f.message)).toContain('will be fixed: the catalog contains Requirements');
    expect(de.findings.map((f) => f.message)).toContain('wird behoben: der Katalog enthält Requirements');
    expect((await loadForPdfA3(new Uint8Array([1, 2, 3]), { lang: 'de' })).findings[0]!.message).toMatch(/^kein lesbares PDF: /);
  });
});
