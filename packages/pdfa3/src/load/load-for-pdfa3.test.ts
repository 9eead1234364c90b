import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { corpusAvailable, readCorpus } from '../../test/corpus';
import { CREATED, MODIFIED, plainTwoPager, XML } from '../../test/fixtures';
import { checkPdfA3 } from '../check/check-pdfa3';
import { decodeStream, get } from '../internal/pdf';
import { readEmbeddedFiles } from '../read/embedded-files';
import { attachFile } from '../write/attach-file';
import { embedPdfA3Font, loadLiberationSans } from '../write/fonts';
import { makePdfA3 } from '../write/make-pdfa3';
import { savePdfA3 } from '../write/save';
import { loadForPdfA3 } from './load-for-pdfa3';

const meta = { title: 'Converted', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B' as const };

/** Decoded content of every page, to prove pages are untouched. */
function pageContents(doc: PDFDocument): string[] {
  return doc.getPages().map((p) => {
    const c = get(doc.context, p.node, 'Contents');
    const streams = c && 'asArray' in c ? (c as unknown as { asArray(): unknown[] }).asArray().map((x) => doc.context.lookup(x as never)) : [c];
    return streams.map((s) => Buffer.from(decodeStream(doc.context, s as never)).toString('latin1')).join('\n');
  });
}

async function convert(bytes: Uint8Array): Promise<Uint8Array> {
  const r = await loadForPdfA3(bytes);
  if (!r.ok) throw new Error(r.findings.map((f) => f.code).join());
  makePdfA3(r.doc, meta);
  attachFile(r.doc, { name: 'factur-x.xml', data: XML, mimeType: 'text/xml', relationship: 'Alternative', modDate: MODIFIED, replace: true });
  return savePdfA3(r.doc);
}

describe('loadForPdfA3', () => {
  it('converts a plain PDF with embedded fonts; pages stay byte-identical', async () => {
    const src = await plainTwoPager();
    const before = pageContents(await PDFDocument.load(src));
    const out = await convert(src);
    const after = await PDFDocument.load(out);
    expect(pageContents(after)).toEqual(before);
    const r = await checkPdfA3(out);
    expect(r.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    const files = await readEmbeddedFiles(out);
    expect(files.map((f) => [f.name, f.relationship, f.associated])).toEqual([['factur-x.xml', 'Alternative', true]]);
  });

  it('reports what it repairs and what makePdfA3 will fix', async () => {
    const r = await loadForPdfA3(await plainTwoPager());
    expect(r.ok).toBe(true);
    const codes = r.findings.map((f) => `${f.severity}:${f.code}`);
    expect(codes).toEqual(expect.arrayContaining(['info:6.1.3', 'info:6.6.2.1', 'info:PDFA_REPAIRED']));
    expect(r.findings.find((f) => f.code === 'PDFA_REPAIRED')?.message).toMatch(/Print flag/);
  });

  it('refuses JavaScript', async () => {
    const doc = await PDFDocument.create();
    const font = await embedPdfA3Font(doc, await loadLiberationSans());
    doc.addPage().drawText('x', { font });
    doc.addJavaScript('init', 'app.alert("hi")');
    const r = await loadForPdfA3(await doc.save());
    expect(r.ok).toBe(false);
    expect(r.findings.filter((f) => f.severity === 'error').map((f) => f.code)).toContain('PDFA_JAVASCRIPT');
  });

  it('refuses garbage and bad arguments clearly', async () => {
    const r = await loadForPdfA3(new TextEncoder().encode('hello'));
    expect(r).toEqual({ ok: false, findings: [expect.objectContaining({ code: 'PDF_UNREADABLE', severity: 'error' })] });
    await expect(loadForPdfA3(null as unknown as Uint8Array)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  describe.skipIf(!corpusAvailable())('on corpus files', () => {
    const codes = async (rel: string) => {
      const r = await loadForPdfA3(readCorpus(rel));
      return { ok: r.ok, errors: [...new Set(r.findings.filter((f) => f.severity === 'error').map((f) => f.code))] };
    };

    it('refuses encrypted files (RC4 and AES-256)', async () => {
      expect(await codes('plain/pdf-lib/encrypted_old.pdf')).toEqual({ ok: false, errors: ['PDFA_ENCRYPTED'] });
      expect(await codes('plain/pdf-lib/encrypted_new.pdf')).toEqual({ ok: false, errors: ['PDFA_ENCRYPTED'] });
    });

    it('refuses fonts that are not embedded', async () => {
      expect(await codes('plain/zugferd-csharp/not-embedded.pdf')).toEqual({ ok: false, errors: ['PDFA_FONT_NOT_EMBEDDED'] });
    });

    it('converts an existing hybrid, replacing its XML and repairing names pdf-lib would corrupt', async () => {
      const src = readCorpus('zugferd/ferd-2.1.1/zugferd_2p1_EN16931_Einfach.pdf');
      expect(Buffer.from(src).toString('latin1')).toContain('/text#2fxml');
      const out = await convert(src);
      expect(Buffer.from(out).toString('latin1')).not.toContain('#232f');
      const r = await checkPdfA3(out);
      expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect((await readEmbeddedFiles(out)).map((f) => [f.name, f.mimeType, Buffer.from(f.data).equals(Buffer.from(XML))])).toEqual([['factur-x.xml', 'text/xml', true]]);
    });

    it('adds an XML to a plain PDF 1.4 file', async () => {
      const out = await convert(readCorpus('zugferd/derived/xml-attached-to-plain-pdf14.pdf'));
      expect((await checkPdfA3(out)).findings.filter((f) => f.severity === 'error')).toEqual([]);
    });
  });
});
