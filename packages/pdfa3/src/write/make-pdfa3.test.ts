import { PDFArray, type PDFDict, PDFDocument, PDFHexString, PDFName, type PDFString, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildSample, buildSampleDoc, CREATED, FX_NS, FX_XMP, MODIFIED } from '../../test/fixtures';
import { qpdfAvailable, qpdfCheck } from '../../test/corpus';
import { checkPdfA3 } from '../check/check-pdfa3';
import type { Pdfa3Error } from '../errors';
import { readPdfInfo } from '../read/pdf-info';
import { makePdfA3 } from './make-pdfa3';
import { savePdfA3 } from './save';

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('makePdfA3 + savePdfA3', () => {
  it('produces a file our checker passes without errors or warnings', async () => {
    const bytes = await buildSample({ extraXmp: FX_XMP });
    const r = await checkPdfA3(bytes);
    expect(r.findings).toEqual([]);
    expect(r.passed).toBe(true);
    expect(r.declared).toEqual({ part: '3', conformance: 'B' });
  });

  it('writes header, binary comment, identical 16-byte IDs, no object streams, no encryption', async () => {
    const bytes = await buildSample();
    const text = latin1(bytes);
    expect(text.slice(0, 9)).toBe('%PDF-1.7\n');
    expect([...bytes.subarray(10, 14)].every((b) => b > 127)).toBe(true);
    const m = /\/ID \[ <([0-9A-F]{32})> <([0-9A-F]{32})> \]/.exec(text);
    expect(m?.[1]).toBe(m?.[2]);
    expect(text).not.toMatch(/\/ObjStm|\/Encrypt|\/JavaScript/);
    expect(text.endsWith('%%EOF')).toBe(true);
  });

  it('is deterministic, and the ID follows the content', async () => {
    const a = await buildSample();
    const b = await buildSample();
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const c = await buildSample({ title: 'Rechnung 4712' });
    const id = (x: Uint8Array) => /\/ID \[ <([0-9A-F]{32})>/.exec(latin1(x))?.[1];
    expect(id(c)).not.toBe(id(a));
  });

  it('keeps Info and XMP consistent (same instants, same texts)', async () => {
    const info = await readPdfInfo(await buildSample({ extraXmp: FX_XMP }));
    expect(info).toMatchObject({
      pdfVersion: '1.7',
      pdfaPart: 3,
      pdfaConformance: 'B',
      hasOutputIntent: true,
      hasAfArray: true,
      afCount: 1,
      embeddedFileCount: 1,
      lang: 'de-DE',
      hasTrailerId: true,
      encrypted: false,
      pageCount: 1,
    });
    expect(info.info).toEqual({
      title: 'Rechnung 4711',
      author: 'Kontor GmbH',
      subject: 'Invoice 4711',
      keywords: 'invoice, 4711',
      creator: 'Kontor test',
      producer: 'Kontor pdfa3',
      creationDate: CREATED,
      modDate: MODIFIED,
    });
    expect(info.outputIntents).toEqual([{ subtype: 'GTS_PDFA1', outputConditionIdentifier: 'sRGB IEC61966-2.1', profileColorSpace: 'RGB' }]);
    expect(info.xmp).toContain('<xmp:CreateDate>2024-05-01T10:00:00+00:00</xmp:CreateDate>');
    expect(info.xmp).toContain(`xmlns:fx="${FX_NS}"`);
  });

  it.skipIf(!qpdfAvailable())('passes qpdf --check', async () => {
    const r = qpdfCheck(await buildSample({ pages: 2 }));
    expect(r.output).toContain('No syntax or stream encoding errors');
    expect(r.status).toBe(0);
  });

  it('removes forbidden document-level entries and reports them', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage();
    doc.addJavaScript('hello', 'app.alert("x")');
    await doc.flush();
    doc.catalog.set(PDFName.of('AA'), doc.context.obj({}));
    doc.catalog.set(PDFName.of('Version'), PDFName.of('2.0'));
    const r = makePdfA3(doc, { title: 't', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B' });
    expect(r.removed).toEqual(expect.arrayContaining(['catalog/AA', 'Names/JavaScript', 'catalog/Version']));
    const c = await checkPdfA3(await savePdfA3(doc));
    expect(c.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('keeps a valid existing output intent instead of adding a second profile', async () => {
    const first = await PDFDocument.load(await buildSample());
    const r = makePdfA3(first, { title: 'again', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B' });
    expect(r.outputIntentColorSpace).toBe('RGB ');
    const intents = first.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    expect(intents.size()).toBe(1);
  });

  it('warns that level A needs a structure tree', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage();
    const r = makePdfA3(doc, { title: 't', createDate: CREATED, modifyDate: MODIFIED, conformance: 'A' });
    expect(r.warnings.map((w) => w.code)).toEqual(['PDFA_NOT_TAGGED']);
  });

  it('writes non-ASCII Info text as UTF-16 and escapes literal strings', async () => {
    const doc = await buildSampleDoc({ title: 'Köln (Rheinland) \\ Test', attach: false });
    const info = doc.context.lookup(doc.context.trailerInfo.Info) as PDFDict;
    const title = info.get(PDFName.of('Title'));
    expect(title).toBeInstanceOf(PDFHexString);
    expect((title as PDFHexString).decodeText()).toBe('Köln (Rheinland) \\ Test');
    const doc2 = await buildSampleDoc({ title: 'A (b) \\ c', attach: false });
    const t2 = (doc2.context.lookup(doc2.context.trailerInfo.Info) as PDFDict).get(PDFName.of('Title')) as PDFString;
    expect(t2.decodeText()).toBe('A (b) \\ c');
    expect((await readPdfInfo(await savePdfA3(doc2))).info.title).toBe('A (b) \\ c');
  });

  it('rejects bad arguments with typed errors', async () => {
    const doc = await PDFDocument.create();
    const codeOf = (f: () => unknown) => {
      try {
        f();
        return 'none';
      } catch (e) {
        return (e as Pdfa3Error).code;
      }
    };
    expect(codeOf(() => makePdfA3(doc, { title: '', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B' }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => makePdfA3(doc, { title: 't', createDate: new Date(NaN), modifyDate: MODIFIED, conformance: 'B' }))).toBe('INVALID_DATE');
    expect(codeOf(() => makePdfA3(doc, { title: 't', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B', lang: 'not a tag!' }))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => makePdfA3({} as PDFDocument, { title: 't', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B' }))).toBe('INVALID_ARGUMENT');
  });

  it('a standard-14 font is caught by the checker (6.2.11.4.1)', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const helv = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage().drawText('not embedded', { x: 50, y: 700, font: helv });
    makePdfA3(doc, { title: 't', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B' });
    const r = await checkPdfA3(await savePdfA3(doc));
    expect(r.findings.map((f) => f.rule)).toContain('6.2.11.4.1-1');
    expect(r.passed).toBe(false);
  });
});
