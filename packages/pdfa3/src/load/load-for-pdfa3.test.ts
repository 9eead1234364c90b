import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { deflateSync } from 'node:zlib';
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

  it('judges the document as a prepare hook changed it, once, and uses the decoded bytes it hands back', async () => {
    const doc = await PDFDocument.create();
    const font = await embedPdfA3Font(doc, await loadLiberationSans());
    doc.addPage().drawText('x', { font });
    doc.addJavaScript('init', 'app.alert("hi")');
    const src = await doc.save({ useObjectStreams: false });
    expect((await loadForPdfA3(src)).ok).toBe(false);
    let calls = 0;
    const dropScript = (d: PDFDocument) => {
      calls++;
      (d.catalog.lookup(PDFName.of('Names'), PDFDict) as PDFDict).delete(PDFName.of('JavaScript'));
    };
    const fixed = await loadForPdfA3(src, { prepare: dropScript });
    expect(calls).toBe(1);
    expect(fixed.ok).toBe(true);
    // the font program swapped for another one (the bold style): its widths do not match the font's, unless the hook
    // hands back the decoded bytes it vouches for (the original program), which are then used instead of inflating
    const other = deflateSync(await loadLiberationSans('bold'));
    const swap = (d: PDFDocument, known: boolean) => {
      dropScript(d);
      const desc = [...d.context.enumerateIndirectObjects()].map(([, o]) => o).find((o): o is PDFDict => o instanceof PDFDict && o.has(PDFName.of('FontFile2')))!;
      const old = d.context.lookup(desc.get(PDFName.of('FontFile2')));
      if (!(old instanceof PDFRawStream)) throw new Error('no FontFile2 stream');
      const program = decodeStream(d.context, old);
      const swapped = d.context.stream(other, { Filter: 'FlateDecode', Length1: program.length });
      desc.set(PDFName.of('FontFile2'), d.context.register(swapped));
      return known ? { decoded: new Map([[swapped, program]]) } : undefined;
    };
    const broken = await loadForPdfA3(src, { prepare: (d) => swap(d, false) });
    expect(broken.findings.filter((f) => f.severity === 'error').map((f) => f.clause)).toContain('6.2.11.5');
    const trusted = await loadForPdfA3(src, { prepare: (d) => swap(d, true) });
    expect(trusted.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(trusted.ok).toBe(true);
  });

  it('does not call prepare for an unreadable or encrypted file', async () => {
    let calls = 0;
    const r = await loadForPdfA3(new TextEncoder().encode('%PDF-1.7 hello'), { prepare: () => void calls++ });
    expect(r.ok).toBe(false);
    expect(calls).toBe(0);
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
