/**
 * extractInvoice over ../shared/corpus/pdf: every ZUGFeRD/Factur-X PDF that embeds a readable CII invoice answers
 * source xml with exactly the reader's result (ZUGFeRD 1.0: the reader's result of its CII D16B form); the plain PDFs answer source llm with honest placeholders, and
 * scans, encrypted and damaged files never crash (clear error codes or a NO_TEXT_LAYER issue).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCii } from '@kontor/cii';
import { readEmbeddedFiles } from '@kontor/pdfa3';
import { extractInvoice, zugferd1ToCii, ZugferdError, type ExtractionResult } from '../src/index';
import { corpusAvailable, corpusDir } from './helpers';

const has = corpusAvailable();
const pdfDir = path.join(corpusDir, 'pdf');

function walk(d: string): string[] {
  return readdirSync(d)
    .sort()
    .flatMap((f) => {
      const p = path.join(d, f);
      return statSync(p).isDirectory() ? walk(p) : p.endsWith('.pdf') ? [p] : [];
    });
}

/** The reader's result for the first embedded file the reader can map (independent of the extractor's choice). */
async function readerResult(bytes: Uint8Array) {
  let files: Awaited<ReturnType<typeof readEmbeddedFiles>> = [];
  try {
    files = await readEmbeddedFiles(bytes);
  } catch {
    return null;
  }
  const xmls = files.filter((f) => /\.xml$/i.test(f.name) && f.data.byteLength > 0);
  for (const f of xmls) {
    const r = readCii(f.data);
    if (r.invoice) return { read: r, dropped: 0 };
  }
  // ZUGFeRD 1.0: the reader's result of its CII D16B form
  for (const f of xmls) {
    let c: ReturnType<typeof zugferd1ToCii>;
    try {
      c = zugferd1ToCii(f.data);
    } catch {
      c = undefined;
    }
    const r = c ? readCii(c.xml) : null;
    if (r?.invoice) return { read: r, dropped: c!.droppedTextLines.length };
  }
  return { read: null, dropped: 0 };
}

describe.skipIf(!has)('extractInvoice over the ZUGFeRD corpus', () => {
  const files = has ? walk(path.join(pdfDir, 'zugferd')) : [];

  it('every PDF with a readable embedded CII invoice gives source xml equal to the reader', { timeout: 600_000 }, async () => {
    let xml = 0;
    let print = 0;
    for (const f of files) {
      const bytes = new Uint8Array(readFileSync(f));
      const expected = await readerResult(bytes);
      let got: ExtractionResult;
      try {
        got = await extractInvoice(bytes);
      } catch (e) {
        // only typed refusals of unreadable input are allowed
        expect(e, f).toBeInstanceOf(ZugferdError);
        expect(['PDF_UNREADABLE', 'PDF_ENCRYPTED'], f).toContain((e as ZugferdError).code);
        expect(expected?.read ?? null, f).toBeNull();
        continue;
      }
      if (expected?.read) {
        xml++;
        expect(got.source, f).toBe('xml');
        expect(got.invoice, f).toEqual(expected.read.invoice);
        expect(got.repairedPaths, f).toEqual([]);
        // whatever the model cannot hold is an issue, never dropped silently
        expect(got.issues.filter((i) => i.code === 'NOT_IN_MODEL').length, f).toBe(expected.read.unsupported.length + expected.dropped);
      } else {
        print++;
        expect(got.source, f).toBe('llm');
      }
    }
    console.log(`[extract corpus] ${files.length} PDFs: ${xml} source xml, ${print} read from the print`);
    expect(xml).toBeGreaterThanOrEqual(95);
  });
});

describe.skipIf(!has)('extractInvoice on ZUGFeRD 1.0', () => {
  it('maps the FeRD 1.0 COMFORT sample with allowances through CII D16B: source xml, the text line reported', async () => {
    const r = await extractInvoice(new Uint8Array(readFileSync(path.join(pdfDir, 'zugferd/ferd-1.0/ZUGFeRD_1p0_COMFORT_Rabatte.pdf'))));
    expect(r.source).toBe('xml');
    // facts of the embedded XML (ID, GrandTotalAmount, TotalPrepaidAmount, IBANID, VAT registration)
    expect(r.invoice).toMatchObject({
      invoiceNumber: '471102',
      issueDate: '2013-06-05',
      totalGross: 215.14,
      paidAmount: 50,
      seller: { name: 'Lieferant GmbH', vatId: 'DE123456789' },
      payment: { iban: 'DE08700901001234567890' },
    });
    expect(r.invoice.lines[0]!.name).toBe('Kunstrasen grün 3m breit');
    const codes = r.issues.map((i) => i.code);
    expect(codes).toContain('ZUGFERD1_MAPPED');
    expect(r.issues.some((i) => i.code === 'NOT_IN_MODEL' && /Text-only invoice line/.test(i.message))).toBe(true);
    expect(r.issues.filter((i) => i.severity === 'error')).toEqual([]);
  });
});

describe.skipIf(!has)('extractInvoice over the plain PDFs', () => {
  const expected = has ? (JSON.parse(readFileSync(path.join(pdfDir, 'plain-expected.json'), 'utf8')) as Record<string, { note: string; pdfinfo_ok?: boolean; requires_password?: boolean }>) : {};

  it('answers every plain PDF with a result or a clear error code, never a crash', { timeout: 300_000 }, async () => {
    const outcomes: Record<string, string> = {};
    for (const [key, meta] of Object.entries(expected)) {
      const bytes = new Uint8Array(readFileSync(path.join(pdfDir, key)));
      try {
        const r = await extractInvoice(bytes);
        expect(r.source, key).toBe('llm');
        expect(
          r.issues.some((i) => i.code === 'NO_MODEL_USED'),
          key,
        ).toBe(true);
        // every placeholder is listed, and every listed path carries one
        for (const p of r.repairedPaths) {
          const v = p.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), r.invoice);
          expect(['KORRIGIEREN', '1900-01-01', 0], `${key} ${p}`).toContain(v);
        }
        outcomes[key] = 'ok';
      } catch (e) {
        expect(e, key).toBeInstanceOf(ZugferdError);
        outcomes[key] = (e as ZugferdError).code;
        if (meta.requires_password) expect((e as ZugferdError).code, key).toBe('PDF_ENCRYPTED');
      }
    }
    // the files pdf.js cannot open at all
    expect(outcomes['plain/ocrmypdf/invalid.pdf']).toBe('PDF_UNREADABLE');
    expect(outcomes['plain/pdf-lib/encrypted_new.pdf']).toBe('PDF_ENCRYPTED');
    expect(outcomes['plain/pdf-lib/encrypted_old.pdf']).toBe('PDF_ENCRYPTED');
    console.log('[extract plain]', JSON.stringify(outcomes));
  });

  it('reads a scan as NO_TEXT_LAYER with placeholders only', async () => {
    const r = await extractInvoice(new Uint8Array(readFileSync(path.join(pdfDir, 'plain/ocrmypdf/c02-22.pdf'))));
    expect(r.issues.map((i) => i.code)).toContain('NO_TEXT_LAYER');
    expect(r.invoice.invoiceNumber).toBe('KORRIGIEREN');
    expect(r.invoice.issueDate).toBe('1900-01-01');
    expect(r.invoice.totalGross).toBe(0);
    expect(r.repairedPaths).toEqual(expect.arrayContaining(['invoiceNumber', 'issueDate', 'seller.name', 'buyer.name', 'totalGross', 'lines.0.name']));
    expect(r.invoice.payment).toBeUndefined();
  });

  it('reads the plain Mustang invoice print with sensible fields and no invented IBAN or VAT ID', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(pdfDir, 'plain/mustang/MustangGnuaccountingBeispielRE-20170509_505PDF14.pdf')));
    const r = await extractInvoice(bytes);
    const text = (await import('../src/index')).textLayerToPlainText(await (await import('../src/index')).readTextLayer(bytes)).replace(/\s+/g, '');
    expect(r.source).toBe('llm');
    expect(r.invoice.invoiceNumber).not.toBe('KORRIGIEREN');
    expect(text).toContain(String(r.invoice.invoiceNumber).replace(/\s+/g, ''));
    if (r.invoice.payment?.iban) expect(text).toContain(r.invoice.payment.iban);
    if (r.invoice.seller.vatId) expect(text.toUpperCase()).toContain(r.invoice.seller.vatId.slice(2));
    expect(r.invoice.totalGross).toBeGreaterThan(0);
  });

  it('reads the German and the English Mustang invoice prints field by field as printed', async () => {
    // facts as printed on the documents (pdftotext -layout shows them)
    const expected = {
      'MustangGnuaccountingBeispielRE-20170509_505blanko.pdf': { invoiceNumber: 'RE-20170509/505', issueDate: '2017-05-09', deliveryDate: '2017-05-07' },
      'MustangGnuaccountingBeispielRE-20201121_508blankoA3.pdf': { invoiceNumber: 'RE-20201121/508', issueDate: '2020-11-21', deliveryDate: '2020-11-10' },
    };
    for (const [file, head] of Object.entries(expected)) {
      const r = await extractInvoice(new Uint8Array(readFileSync(path.join(pdfDir, 'plain/mustang', file))));
      expect(r.invoice, file).toMatchObject({
        ...head,
        seller: { name: 'Bei Spiel GmbH', vatId: 'DE136695976', address: { line1: 'Ecke 12', postalCode: '12345', city: 'Stadthausen' } },
        buyer: { name: 'Theodor Est', address: { line1: 'Bahnstr. 42', postalCode: '88802', city: 'Spielkreis' } },
        payment: { iban: 'DE88200800000970375700', bic: 'COBADEFFXXX' },
        vatBreakdown: [
          { ratePercent: 7, basisAmount: 160, taxAmount: 11.2 },
          { ratePercent: 19, basisAmount: 336, taxAmount: 63.84 },
        ],
        totalNet: 496,
        totalVat: 75.04,
        totalGross: 571.04,
      });
      expect(
        r.invoice.lines.map((l) => [l.quantity, l.unitPriceNet, l.vatRatePercent, l.lineNetAmount]),
        file,
      ).toEqual([
        [1, 160, 7, 160],
        [400, 0.79, 19, 316],
        [file.includes('508') ? 800 : 200, file.includes('508') ? 0.025 : 0.1, 19, 20],
      ]);
      expect(r.repairedPaths, file).toEqual([]);
    }
  });

  it('refuses bytes that are not a PDF with NOT_A_PDF', async () => {
    await expect(extractInvoice(new Uint8Array(Buffer.from('<Invoice/>')))).rejects.toMatchObject({ code: 'NOT_A_PDF' });
    await expect(extractInvoice(new Uint8Array(0))).rejects.toMatchObject({ code: 'NOT_A_PDF' });
    await expect(extractInvoice(new Uint8Array(Buffer.from('hello world')))).rejects.toMatchObject({ code: 'NOT_A_PDF' });
  });
});
