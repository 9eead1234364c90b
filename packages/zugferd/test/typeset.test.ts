/**
 * Typeset mode over the invoice fixtures: our own check passes, qpdf --check is clean, pdf.js finds the key
 * values in the page text (formatted independently with Intl), and the embedded factur-x.xml is byte-identical
 * to writeCii with the same options (and to the plain format=xml output when there are no attachments).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { completeInvoice, writeCii } from '@kontor/cii';
import { ciiOptionsForPdf, typesetInvoice, ZugferdError } from '../src/index';
import { loadFixtures, manyLines, qpdfCheck, tool } from './helpers';
import { readWithPdfJs } from './pdf-tools';

const now = new Date('2025-03-10T09:30:00Z');
const fixtures = loadFixtures();
const hasQpdf = tool('qpdf');
if (!hasQpdf) {
  if (process.env.CI === 'true') throw new Error('qpdf is required in CI (apt-get install qpdf)');
  console.warn('[zugferd tests] qpdf not installed: qpdf --check assertions skipped');
}

const deNum = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const enNum = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const groupedIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
const deDate = (iso: string) => iso.split('-').reverse().join('.');

describe('typesetInvoice over the fixtures', () => {
  it('has at least 10 fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
  });

  fixtures.forEach((fx, i) => {
    const lang = i % 3 === 2 ? 'en' : 'de';
    it(`${fx.name} (${lang})`, async () => {
      const r = await typesetInvoice(structuredClone(fx.json), { now, lang });
      expect(r.check.verdict).not.toBe('invalid');
      expect(r.check.pdfa.filter((f) => f.severity === 'error')).toEqual([]);
      expect(r.check.en16931.verdict).toBe('valid');
      // the embedded XML is what writeCii writes for the same invoice and options, and what format=xml returns
      const facts = await readWithPdfJs(r.pdf);
      const embedded = facts.attachments.get('factur-x.xml');
      expect(embedded).toBeDefined();
      const expectedXml = writeCii(structuredClone(fx.json), ciiOptionsForPdf([]));
      expect(Buffer.from(embedded!).toString('utf8')).toBe(expectedXml);
      expect(writeCii(structuredClone(fx.json))).toBe(expectedXml);
      expect(r.xml).toBe(expectedXml);

      const text = facts.pages.join('\n');
      const num = lang === 'de' ? deNum : enNum;
      const j = fx.json;
      expect(facts.pages[0]).toContain(j.invoiceNumber);
      expect(facts.pages[0]).toContain(j.buyer.name.slice(0, 30));
      expect(text).toContain(num.format(j.totalGross));
      expect(text).toContain(num.format(j.totalNet));
      for (const b of j.vatBreakdown) expect(text).toContain(num.format(b.taxAmount));
      if (j.lines.length <= 60) for (const l of j.lines) expect(text).toContain(num.format(l.lineNetAmount));
      if (j.paidAmount) expect(text).toContain(num.format(j.totalGross - j.paidAmount));
      const iban = j.payment?.iban;
      if (iban && !['59', '49'].includes(j.payment?.meansCode ?? '')) expect(text).toContain(groupedIban(iban));
      if (j.payment?.mandateId) expect(text).toContain(j.payment.mandateId);
      if (lang === 'de') expect(facts.pages[0]).toContain(deDate(j.issueDate));
      const n = facts.pages.length;
      expect(facts.pages[n - 1]).toContain(lang === 'de' ? `Seite ${n} von ${n}` : `Page ${n} of ${n}`);
      if (hasQpdf) expect(qpdfCheck(r.pdf)).toMatchObject({ status: 0 });
    });
  });
});

describe('typesetInvoice behaviour', () => {
  it('breaks 500 lines across pages with a repeated header and carried-forward sums', async () => {
    const inv = manyLines(500);
    const r = await typesetInvoice(inv, { now, lang: 'de' });
    expect(r.check.verdict).not.toBe('invalid');
    expect(r.pages).toBeGreaterThanOrEqual(15);
    const facts = await readWithPdfJs(r.pdf);
    expect(facts.pages).toHaveLength(r.pages);
    facts.pages.forEach((p, i) => {
      expect(p).toContain('Einzelpreis EUR'); // table header on every page
      expect(p).toContain(`Seite ${i + 1} von ${r.pages}`);
      if (i < r.pages - 1) expect(p).toContain('Übertrag auf nächste Seite');
      if (i > 0) expect(p).toMatch(/Übertrag [\d.]+,\d\d/);
    });
    // the carried-forward sum at the foot of page k is the sum brought forward on page k+1
    for (let i = 0; i < r.pages - 1; i++) {
      const out = /Übertrag auf nächste Seite ([\d.]+,\d\d)/.exec(facts.pages[i]!)![1];
      const inNext = /Übertrag ([\d.]+,\d\d)/.exec(facts.pages[i + 1]!)![1];
      expect(inNext).toBe(out);
    }
    const all = facts.pages.join(' ');
    for (const k of [1, 250, 500]) expect(all).toContain(`Artikel ${k} Schrauben`);
    expect(all).toContain(deNum.format(inv.totalGross));
    if (hasQpdf) expect(qpdfCheck(r.pdf).status).toBe(0);
  });

  it('breaks long rows across pages (never a header without rows) and wraps maximal field lengths', async () => {
    const long = (n: number) => 'Lorem ipsum dolor sit amet consectetur '.repeat(30).slice(0, n);
    const inv = manyLines(6, {
      invoiceNumber: 'X'.repeat(60),
      contractReference: long(200),
      notes: Array.from({ length: 20 }, () => long(1000)),
      seller: { name: long(200), vatId: 'DE811907980', address: { line1: long(150), city: long(100), postalCode: '10117', countryCode: 'DE' } },
    } as never);
    inv.lines = inv.lines.map((l) => ({ ...l, name: long(300), allowanceCharges: Array.from({ length: 10 }, (_, k) => ({ charge: k % 2 === 1, amount: 0.5, reason: long(200) })) })) as never;
    const completed = completeInvoice({
      ...inv,
      lines: inv.lines.map(({ lineNetAmount: _, ...l }) => l),
      vatBreakdown: undefined,
      totalNet: undefined,
      totalVat: undefined,
      totalGross: undefined,
    } as never);
    const r = await typesetInvoice(completed, { now, watermark: true });
    expect(r.check.verdict).not.toBe('invalid');
    const facts = await readWithPdfJs(r.pdf);
    expect(facts.pages.length).toBe(r.pages);
    // every row is printed with its amount, and the running sums carry over from page to page
    for (const l of completed.lines) expect(facts.pages.join(' ')).toContain(deNum.format(l.lineNetAmount));
    for (let i = 0; i < r.pages - 1; i++) {
      const out = /Übertrag auf nächste Seite ([\d.]+,\d\d)/.exec(facts.pages[i]!)?.[1];
      const inNext = /Übertrag ([\d.]+,\d\d)/.exec(facts.pages[i + 1]!)?.[1];
      if (out !== undefined) expect(inNext).toBe(out);
    }
    if (hasQpdf) expect(qpdfCheck(r.pdf).status).toBe(0);
  });

  it('formats English invoices with € before the amount and English labels', async () => {
    const fx = fixtures.find((f) => f.json.currency === undefined || f.json.currency === 'EUR')!;
    const r = await typesetInvoice(structuredClone(fx.json), { now, lang: 'en' });
    const text = (await readWithPdfJs(r.pdf)).pages.join(' ');
    expect(text).toContain(`€${enNum.format(fx.json.totalGross)}`);
    expect(text).toContain('Invoice date');
    expect(text).not.toContain('Rechnungsdatum');
  });

  it('draws the verification seal only when asked to', async () => {
    const fx = fixtures[0]!;
    const plain = (await readWithPdfJs((await typesetInvoice(structuredClone(fx.json), { now })).pdf)).pages.join(' ');
    const sealed = (await readWithPdfJs((await typesetInvoice(structuredClone(fx.json), { now, watermark: true })).pdf)).pages.join(' ');
    expect(plain).not.toContain('kostenlosen Version');
    expect(sealed).toContain('Erstellt mit der kostenlosen Version von Kontor');
  });

  it('is deterministic for the same input and time', async () => {
    const fx = fixtures[2]!;
    const a = await typesetInvoice(structuredClone(fx.json), { now, lang: 'de' });
    const b = await typesetInvoice(structuredClone(fx.json), { now, lang: 'de' });
    expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(true);
  });

  it('embeds attachments as Supplement files and references them as BG-24 (916) in the XML', async () => {
    const fx = fixtures[0]!;
    const csv = new TextEncoder().encode('pos;menge\n1;8\n');
    const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    const attachments = [
      { filename: 'stunden.csv', data: csv, description: 'Stundennachweis März' },
      { filename: 'foto.png', data: png },
    ];
    const r = await typesetInvoice(structuredClone(fx.json), { now, attachments });
    expect(r.check.verdict).not.toBe('invalid');
    const facts = await readWithPdfJs(r.pdf);
    expect(Buffer.from(facts.attachments.get('stunden.csv')!).equals(Buffer.from(csv))).toBe(true);
    expect(Buffer.from(facts.attachments.get('foto.png')!).equals(Buffer.from(png))).toBe(true);
    const xml = Buffer.from(facts.attachments.get('factur-x.xml')!).toString('utf8');
    expect(xml).toBe(writeCii(structuredClone(fx.json), ciiOptionsForPdf(attachments)));
    expect(xml).toContain('<ram:IssuerAssignedID>stunden.csv</ram:IssuerAssignedID>');
    expect(xml).toContain('<ram:TypeCode>916</ram:TypeCode>');
    expect(xml).toContain('<ram:Name>Stundennachweis März</ram:Name>');
    expect(xml).not.toContain('AttachmentBinaryObject');
    expect(facts.pages.join(' ')).toContain('stunden.csv – Stundennachweis März');
  });

  it('refuses the xrechnung profile, invalid data and bad attachments with typed errors', async () => {
    const fx = fixtures[0]!;
    await expect(typesetInvoice({ ...structuredClone(fx.json), profile: 'xrechnung' }, { now })).rejects.toMatchObject({ code: 'PROFILE_NOT_SUPPORTED' });
    const bad = structuredClone(fx.json);
    bad.totalGross = bad.totalGross + 1;
    const err = await typesetInvoice(bad, { now }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZugferdError);
    expect((err as ZugferdError).code).toBe('INVOICE_INVALID');
    expect((err as ZugferdError).details.some((f) => f.severity === 'error' && /^BR-/.test(f.code))).toBe(true);
    await expect(typesetInvoice(structuredClone(fx.json), { now, attachments: [{ filename: 'x.exe', data: new Uint8Array([1]) }] })).rejects.toMatchObject({ code: 'ATTACHMENT_INVALID' });
    await expect(typesetInvoice(structuredClone(fx.json), { now, attachments: [{ filename: 'factur-x.xml', data: new Uint8Array([60]) }] })).rejects.toMatchObject({ code: 'ATTACHMENT_INVALID' });
    await expect(typesetInvoice(structuredClone(fx.json), { now: new Date('x') })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('places PNG, JPEG and SVG logos top right, and refuses unsafe SVG', async () => {
    const fx = fixtures[0]!;
    const read = (n: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${n}`, import.meta.url)));
    for (const name of ['logo.svg', 'logo-rgb.jpg', 'logo-gray.jpg']) {
      const r = await typesetInvoice(structuredClone(fx.json), { now, logo: { bytes: read(name) } });
      expect(r.check.verdict, name).not.toBe('invalid');
      const doc = await PDFDocument.load(r.pdf);
      const xobjects = doc.getPage(0).node.Resources()?.lookup(PDFName.of('XObject'));
      expect(xobjects instanceof PDFDict ? xobjects.keys().length : 0, name).toBe(1);
    }
    const evil = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>x()</script></svg>');
    await expect(typesetInvoice(structuredClone(fx.json), { now, logo: { bytes: evil } })).rejects.toMatchObject({ code: 'LOGO_UNSAFE' });
  });

  it('replaces characters the font cannot draw instead of referencing .notdef', async () => {
    const fx = structuredClone(fixtures[0]!.json);
    fx.lines[0]!.name = 'Leistung 日本 ✓ Größe';
    const r = await typesetInvoice(fx, { now });
    expect(r.check.verdict).not.toBe('invalid');
    const text = (await readWithPdfJs(r.pdf)).pages.join(' ');
    expect(text).toContain('Leistung ?? ? Größe');
    // the XML keeps the original characters
    expect(r.xml).toContain('Leistung 日本 ✓ Größe');
  });
});
