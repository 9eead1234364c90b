/**
 * Round trip through the print: our own typeset invoices (the ten reference invoices plus every en16931 fixture of
 * @kontor/cii in German and English) are read back from the text layer only — the embedded XML is not used — and
 * compared field by field with the data they were typeset from. Goal: ≥ 95 % of header fields, ≥ 90 % of lines exact.
 */
import { describe, expect, it } from 'vitest';
import { extractInvoice, typesetInvoice } from '../src/index';
import { compareExtraction, emptyReport, roundTrip, stripEmbeddedInvoice, summary } from './extract-accuracy';
import { loadFixtures } from './helpers';
import { referenceInvoices } from './reference-invoices';

describe('text path round trip on typeset invoices', () => {
  it('reads ≥ 95 % of header fields and ≥ 90 % of lines exactly', { timeout: 300_000 }, async () => {
    const cases = [
      ...referenceInvoices().map((x) => ({ name: x.name, json: x.json, lang: x.lang })),
      ...loadFixtures().flatMap((f) => [
        { name: `${f.name}-de`, json: f.json, lang: 'de' as const },
        { name: `${f.name}-en`, json: f.json, lang: 'en' as const },
      ]),
    ];
    const r = emptyReport();
    for (const c of cases) compareExtraction(c.name, c.json, await roundTrip(c.json, c.lang), r);
    const s = summary(r);
    const rows = Object.entries(r.header).map(([f, t]) => `${f.padEnd(28)} ${t.equal}/${t.compared}`);
    console.log(
      `[extract round trip] ${r.invoices} invoices: header ${(s.header * 100).toFixed(1)} % (${r.headerEqual}/${r.headerCompared}), lines exact ${(s.lines * 100).toFixed(1)} % (${r.linesExact}/${r.linesCompared})\n${rows.join('\n')}`,
    );
    expect(r.invoices).toBeGreaterThanOrEqual(80);
    expect(s.header).toBeGreaterThanOrEqual(0.95);
    expect(s.lines).toBeGreaterThanOrEqual(0.9);
  });

  it('reads document allowances and charges (BG-20/BG-21) as printed, in both languages', async () => {
    const fixture = loadFixtures().find((f) => f.name.startsWith('09-doc-allowance-mixed-rates'))!;
    for (const lang of ['de', 'en'] as const) {
      const got = (await roundTrip(fixture.json, lang)) as { allowanceCharges?: { charge: boolean; amount: number; ratePercent?: number; reason?: string }[] };
      // printed: -3,78 € (7 %), -50,00 € (19 %), +3,00 € (19 %)
      expect(
        got.allowanceCharges?.map((a) => [a.charge, a.amount, a.ratePercent, a.reason]),
        lang,
      ).toEqual([
        [false, 3.78, 7, 'Rabatt Lebensmittel'],
        [false, 50, 19, 'Aktionsrabatt'],
        [true, 3, 19, 'Versicherung'],
      ]);
    }
  });

  it('takes the print, not the XML, once the embedded file is removed; placeholders only where unsure', async () => {
    const ref = referenceInvoices()[0]!;
    const { pdf } = await typesetInvoice(ref.json, { now: new Date('2025-03-10T10:00:00Z'), lang: ref.lang });
    const hybrid = await extractInvoice(pdf);
    expect(hybrid.source).toBe('xml');
    // strip the embedded invoice: names tree and /AF gone
    const plain = await stripEmbeddedInvoice(pdf);
    const r = await extractInvoice(plain);
    expect(r.source).toBe('llm');
    expect(r.issues.map((i) => i.code)).toContain('NO_MODEL_USED');
    expect(r.invoice.invoiceNumber).toBe(ref.json.invoiceNumber);
    expect(r.invoice.totalGross).toBe(ref.json.totalGross);
    expect(r.invoice.payment?.iban).toBe('DE02120300000000202051');
    expect(r.repairedPaths).toEqual([]);
  });
});
