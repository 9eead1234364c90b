/**
 * Embed mode: a supplied visual PDF becomes a PDF/A-3 hybrid with its pages untouched; document-level problems
 * are fixed, page-level ones refused with a reason code; corpus PDFs (plain and earlier hybrids) behave as such.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCii } from '@kontor/cii';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';
import { namesStandardFont } from '../src/embed/embed';
import { ciiOptionsForPdf, embedInvoice, typesetInvoice, ZugferdError } from '../src/index';
import { corpusAvailable, corpusDir, loadFixtures, qpdfCheck, tool, visualPdf } from './helpers';
import { pageContents, readWithPdfJs } from './pdf-tools';

const now = new Date('2025-03-10T09:30:00Z');
const fixtures = loadFixtures();
const invoice = fixtures.find((f) => f.name.startsWith('03'))?.json ?? fixtures[0]!.json;
const hasQpdf = tool('qpdf');
const plain = (rel: string) => new Uint8Array(readFileSync(path.join(corpusDir, 'pdf/plain', rel)));

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(ZugferdError);
    return (e as ZugferdError).code;
  }
}

describe('embedInvoice', () => {
  it('turns a 2-page visual PDF into a PDF/A-3 hybrid without touching the pages', async () => {
    const visual = await visualPdf(2);
    const r = await embedInvoice(visual, structuredClone(invoice), { now });
    expect(r.check.verdict).not.toBe('invalid');
    expect(r.pages).toBe(2);
    expect(await pageContents(r.pdf)).toEqual(await pageContents(visual));
    const facts = await readWithPdfJs(r.pdf);
    expect(Buffer.from(facts.attachments.get('factur-x.xml')!).toString('utf8')).toBe(writeCii(structuredClone(invoice), ciiOptionsForPdf([])));
    expect(facts.pages[1]).toContain('Seite 2');
    const doc = await PDFDocument.load(r.pdf, { updateMetadata: false });
    expect(doc.getTitle()).toContain(invoice.invoiceNumber);
    if (hasQpdf) expect(qpdfCheck(r.pdf).status).toBe(0);
  });

  it('embeds Liberation Sans for unembedded standard Helvetica, leaving the pages as they are', async () => {
    const visual = await visualPdf(2, { helvetica: true });
    const r = await embedInvoice(visual, structuredClone(invoice), { now });
    expect(r.check.verdict).not.toBe('invalid');
    expect(await pageContents(r.pdf)).toEqual(await pageContents(visual));
    expect(r.warnings.some((w) => w.code === 'PDF_FIXED' && w.message.includes('Liberation Sans') && w.message.includes('Helvetica'))).toBe(true);
    const doc = await PDFDocument.load(r.pdf);
    const fonts = doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    const font = fonts.lookup(fonts.keys()[0]!, PDFDict);
    expect(font.lookup(PDFName.of('BaseFont'))!.toString()).toBe('/LiberationSans');
    expect(font.lookup(PDFName.of('FontDescriptor'), PDFDict).has(PDFName.of('FontFile2'))).toBe(true);
    // the widths come from the embedded program: "A" is 667/1000 in Helvetica, Arial and Liberation Sans alike
    const widths = font.lookup(PDFName.of('Widths'), PDFArray);
    expect(String(widths.get(65 - 32))).toBe('667');
    expect((await readWithPdfJs(r.pdf)).pages[0]).toContain('Rechnung RE-2025-0001');
  });

  it('substitutes the same way whether the font dictionaries are in the clear or inside object streams', async () => {
    // the bytes show the font either way (in the clear, or in a FlateDecode object stream), and it is substituted
    // before the load check. Both give the same fonts, the same report, the same pages.
    const results = [];
    for (const objectStreams of [false, true, false]) {
      const visual = await visualPdf(1, { helvetica: true, objectStreams });
      expect(Buffer.from(visual).includes('/BaseFont /Helvetica')).toBe(!objectStreams);
      const r = await embedInvoice(visual, structuredClone(invoice), { now });
      expect(r.check.verdict).not.toBe('invalid');
      expect(await pageContents(r.pdf)).toEqual(await pageContents(visual));
      const doc = await PDFDocument.load(r.pdf);
      const fonts = doc.getPage(0).node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
      const font = fonts.lookup(fonts.keys()[0]!, PDFDict);
      expect(font.lookup(PDFName.of('BaseFont'))!.toString()).toBe('/LiberationSans');
      const program = font.lookup(PDFName.of('FontDescriptor'), PDFDict).lookup(PDFName.of('FontFile2'), PDFStream);
      results.push({ pdf: r.pdf, warnings: r.warnings.map((w) => w.message), program: Buffer.from((program as PDFRawStream).getContents()) });
    }
    expect(results[1]!.warnings).toEqual(results[0]!.warnings);
    expect(results[1]!.program.equals(results[0]!.program)).toBe(true);
    // the font program is read and compressed once per process: a later embed writes the same bytes
    expect(Buffer.from(results[2]!.pdf).equals(Buffer.from(results[0]!.pdf))).toBe(true);
  });

  it('sees a substitutable font in the clear and inside object streams, and not an embedded subset or Times', async () => {
    for (const objectStreams of [false, true]) {
      expect(namesStandardFont(await visualPdf(1, { helvetica: true, objectStreams })), `helvetica, object streams ${objectStreams}`).toBe(true);
      expect(namesStandardFont(await visualPdf(1, { objectStreams })), `embedded subset, object streams ${objectStreams}`).toBe(false);
      expect(namesStandardFont(await visualPdf(1, { times: true, objectStreams })), `times, object streams ${objectStreams}`).toBe(false);
    }
    // an object stream it does not read (indirect /Length, another filter, a dictionary it does not find) is no
    // answer: the load check finds the font, and the substitution follows it
    const inStreams = Buffer.from(await visualPdf(1, { helvetica: true, objectStreams: true }));
    const text = inStreams.toString('latin1');
    const variant = (from: RegExp, to: string) => new Uint8Array(Buffer.from(text.replace(from, to), 'latin1'));
    expect(namesStandardFont(variant(/\/Length (\d+)\n>>\nstream/g, '/Length 9 0 R\n>>\nstream'))).toBe(false);
    expect(namesStandardFont(variant(/\/Filter \/FlateDecode\n\/Type \/ObjStm/g, '/Filter /LZWDecode\n/Type /ObjStm'))).toBe(false);
    const padded = variant(/\/Type \/ObjStm\n/g, `/Type /ObjStm${' '.repeat(600)}\n`);
    expect(namesStandardFont(padded)).toBe(false);
    const r = await embedInvoice(padded, structuredClone(invoice), { now });
    expect(r.warnings.some((w) => w.code === 'PDF_FIXED' && w.message.includes('Liberation Sans'))).toBe(true);
    expect(namesStandardFont(new Uint8Array(inStreams.subarray(0, inStreams.indexOf('stream') + 20)))).toBe(false);
  });

  it('refuses a file without pages even when it names a font it could substitute', async () => {
    const doc = await PDFDocument.create();
    await doc.embedFont('Helvetica');
    const noPages = await doc.save({ useObjectStreams: false, addDefaultPage: false });
    expect(Buffer.from(noPages).includes('/BaseFont /Helvetica')).toBe(true);
    expect(await codeOf(embedInvoice(noPages, structuredClone(invoice), { now }))).toBe('PDF_UNREADABLE');
  });

  it('embeds supporting documents next to factur-x.xml', async () => {
    const pdfAttachment = await visualPdf(1);
    const r = await embedInvoice(await visualPdf(1), structuredClone(invoice), { now, attachments: [{ filename: 'lieferschein.pdf', data: pdfAttachment, description: 'Lieferschein' }] });
    const facts = await readWithPdfJs(r.pdf);
    expect([...facts.attachments.keys()].sort()).toEqual(['factur-x.xml', 'lieferschein.pdf']);
    expect(r.xml).toContain('<ram:TypeCode>916</ram:TypeCode>');
  });

  it('replaces the XML of an earlier hybrid instead of adding a second one', async () => {
    const first = await typesetInvoice(structuredClone(invoice), { now });
    const other = structuredClone(invoice);
    other.invoiceNumber = 'NEU-4711';
    const r = await embedInvoice(first.pdf, other, { now });
    const facts = await readWithPdfJs(r.pdf);
    expect([...facts.attachments.keys()]).toEqual(['factur-x.xml']);
    expect(Buffer.from(facts.attachments.get('factur-x.xml')!).toString('utf8')).toContain('NEU-4711');
    expect(await pageContents(r.pdf)).toEqual(await pageContents(first.pdf));
  });

  it('refuses what it cannot fix, with a reason code', async () => {
    expect(await codeOf(embedInvoice(await visualPdf(1, { times: true }), structuredClone(invoice), { now }))).toBe('PDF_FONTS_NOT_EMBEDDED');
    expect(await codeOf(embedInvoice(new TextEncoder().encode('hello, no pdf'), structuredClone(invoice), { now }))).toBe('PDF_UNREADABLE');
    const truncated = (await visualPdf(1)).slice(0, 300);
    expect(await codeOf(embedInvoice(truncated, structuredClone(invoice), { now }))).toBe('PDF_UNREADABLE');
    expect(await codeOf(embedInvoice(await visualPdf(1), structuredClone(invoice), { now, maxPdfBytes: 100 }))).toBe('PDF_TOO_LARGE');
    expect(await codeOf(embedInvoice(await visualPdf(1), { ...structuredClone(invoice), profile: 'xrechnung' }, { now }))).toBe('PROFILE_NOT_SUPPORTED');
    const withCsv = await typesetInvoice(structuredClone(invoice), { now, attachments: [{ filename: 'a.csv', data: new TextEncoder().encode('x') }] });
    expect(await codeOf(embedInvoice(withCsv.pdf, structuredClone(invoice), { now, attachments: [{ filename: 'a.csv', data: new TextEncoder().encode('y') }] }))).toBe('ATTACHMENT_INVALID');
    const bad = structuredClone(invoice);
    bad.lines[0]!.lineNetAmount += 1;
    expect(await codeOf(embedInvoice(await visualPdf(1), bad, { now }))).toBe('INVOICE_INVALID');
  });
});

describe('embedInvoice refusing unembedded fonts', () => {
  it("names the fonts from the PDF/A findings' font field, whatever the document language", async () => {
    const supplied = await visualPdf(1, { times: true });
    for (const lang of ['de', 'en'] as const) {
      const err = await embedInvoice(supplied, structuredClone(invoice), { now, lang }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ZugferdError);
      const z = err as ZugferdError;
      expect(z.code).toBe('PDF_FONTS_NOT_EMBEDDED');
      expect(z.message).toContain('(Times-Roman)');
      const details = z.details as { code: string; font?: string }[];
      const fonts = details.filter((d) => d.code === 'PDFA_FONT_NOT_EMBEDDED').map((d) => d.font);
      expect(fonts.length).toBeGreaterThan(0);
      expect(new Set(fonts)).toEqual(new Set(['Times-Roman']));
    }
  });
});

describe('embedInvoice over corpus PDFs', () => {
  const hasCorpus = corpusAvailable();
  const accepted = [
    'mustang/MustangGnuaccountingBeispielRE-20170509_505blanko.pdf',
    'mustang/MustangGnuaccountingBeispielRE-20201121_508blankoA3.pdf',
    'horstoeko/pdf_plain.pdf',
    'ocrmypdf/c02-22.pdf',
    'ocrmypdf/skew.pdf',
    'pdf.js/attachment.pdf',
    'zugferd-csharp/dummy.pdf',
    'zugferd-csharp/not-embedded.pdf', // unembedded Arial (WinAnsi base encoding): Liberation Sans embedded
    'pdf-lib/add_attachments.pdf', // unembedded Helvetica and attachments without AFRelationship
  ];
  it.skipIf(!hasCorpus)('converts plain PDFs it can fix, pages untouched, our check and qpdf clean', async () => {
    for (const rel of accepted) {
      const input = plain(rel);
      const r = await embedInvoice(input, structuredClone(invoice), { now });
      expect(r.check.verdict, rel).not.toBe('invalid');
      expect(await pageContents(r.pdf), rel).toEqual(await pageContents(input));
      if (hasQpdf) expect(qpdfCheck(r.pdf).status, rel).toBe(0);
    }
  });

  it.skipIf(!hasCorpus)('reports what it fixed', async () => {
    const r = await embedInvoice(plain('pdf.js/attachment.pdf'), structuredClone(invoice), { now });
    const fixed = r.warnings.filter((w) => w.code === 'PDF_FIXED').map((w) => w.message);
    expect(fixed.some((m) => /foo.txt.*AFRelationship/.test(m))).toBe(true);
    const facts = await readWithPdfJs(r.pdf);
    expect([...facts.attachments.keys()].sort()).toEqual(['factur-x.xml', 'foo.txt']);
  });

  it.skipIf(!hasCorpus)('refuses encrypted, damaged and font-less PDFs with the matching code', async () => {
    const cases: [string, string][] = [
      ['pdf-lib/encrypted_new.pdf', 'PDF_ENCRYPTED'],
      ['pdf-lib/encrypted_old.pdf', 'PDF_ENCRYPTED'],
      ['zugferd-csharp/PDFWithPassword.pdf', 'PDF_ENCRYPTED'],
      ['ocrmypdf/invalid.pdf', 'PDF_UNREADABLE'],
      ['pdf-lib/stuff_following_header.pdf', 'PDF_FONTS_NOT_EMBEDDED'], // Times New Roman: no metric-compatible font here
      ['pdf-lib/normal.pdf', 'PDF_NOT_CONVERTIBLE'],
      ['pdf-lib/invalid_root_ref.pdf', 'PDF_NOT_CONVERTIBLE'],
    ];
    for (const [rel, code] of cases) expect(await codeOf(embedInvoice(plain(rel), structuredClone(invoice), { now })), rel).toBe(code);
  });
});
