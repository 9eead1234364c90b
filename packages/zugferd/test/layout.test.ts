/**
 * Layout of typeset invoices, checked on every page with poppler's pdftotext -bbox: no word outside the page
 * margins, no two words on top of each other, titles per document type (de/en), terms in their own block
 * (never between the transfer request and the bank details), legal details (BT-33) in every footer, prepaid
 * amounts, and long names and addresses printed in full (wrapped, never clipped).
 */
import { describe, expect, it } from 'vitest';
import { typesetInvoice } from '../src/index';
import { tool } from './helpers';
import { overlappingWords, pdfWords, type PageWords } from './pdf-geometry';
import { referenceInvoices } from './reference-invoices';

const now = new Date('2025-03-10T09:30:00Z');
const hasPoppler = tool('pdftotext');
if (!hasPoppler && process.env.CI === 'true') throw new Error('poppler-utils (pdftotext) is required in CI');
const MARGIN = 8 * (72 / 25.4);

const pageText = (p: PageWords): string => p.words.map((w) => w.text).join(' ');

describe.skipIf(!hasPoppler)('typeset layout (pdftotext -bbox)', () => {
  const refs = referenceInvoices();
  const results = new Map<string, Promise<{ pages: PageWords[]; warnings: string[] }>>();
  const render = (name: string) => {
    let r = results.get(name);
    if (!r) {
      const ref = refs.find((x) => x.name === name)!;
      r = typesetInvoice(structuredClone(ref.json), { now, lang: ref.lang }).then((out) => ({ pages: pdfWords(out.pdf), warnings: out.invoiceWarnings.map((w) => w.code) }));
      results.set(name, r);
    }
    return r;
  };

  for (const ref of refs) {
    it(`${ref.name}: every word inside the page, none overlapping another`, async () => {
      const { pages } = await render(ref.name);
      expect(pages.length).toBeGreaterThan(0);
      pages.forEach((p, i) => {
        const outside = p.words.filter((w) => w.xMin < MARGIN || w.yMin < MARGIN || w.xMax > p.width - MARGIN || w.yMax > p.height - MARGIN);
        expect(outside.map((w) => `p${i + 1} ${w.text}`)).toEqual([]);
        const clash = overlappingWords(p.words).map(([a, b]) => `p${i + 1} "${a.text}"@${a.xMin.toFixed(0)},${a.yMin.toFixed(0)} / "${b.text}"@${b.xMin.toFixed(0)},${b.yMin.toFixed(0)}`);
        expect(clash).toEqual([]);
        // nothing cut with an ellipsis
        expect(p.words.filter((w) => w.text.endsWith('…')).map((w) => w.text)).toEqual([]);
      });
    });
  }

  it('the overlap check sees words drawn over each other and ignores neighbours', () => {
    const w = (text: string, x: number, y: number) => ({ text, xMin: x, yMin: y, xMax: x + 30, yMax: y + 9 });
    expect(overlappingWords([w('a', 100, 100), w('b', 120, 104)])).toHaveLength(1);
    expect(overlappingWords([w('a', 100, 100), w('b', 131, 100), w('c', 100, 109.5)])).toEqual([]);
  });

  it.each([
    ['380-skonto-terms', 'Rechnung Nr. RE-2025-0380'],
    ['381-rechnungskorrektur', 'Rechnungskorrektur Nr. RK-2025-0007'],
    ['384-corrected-en', 'Corrected invoice No. RE-2025-0384'],
    ['389-gutschrift', 'Gutschrift Nr. GS-2025-0389'],
    ['326-teilrechnung-multipage', 'Teilrechnung Nr. TR-2025-0326'],
    ['875-abschlag-prepaid', 'Abschlagsrechnung Nr. AR-2025-0875'],
    ['877-schluss-prepaid-en', 'Final construction invoice No. SR-2025-0877'],
  ])('%s is titled "%s"', async (name, title) => {
    const { pages } = await render(name);
    expect(pageText(pages[0]!)).toContain(title);
  });

  it('381 is never headed "Gutschrift" (§ 14 Abs. 2 UStG reserves it for self-billing)', async () => {
    const { pages } = await render('381-rechnungskorrektur');
    expect(pages.map(pageText).join(' ')).not.toContain('Gutschrift');
  });

  it('terms stand in their own block, before the transfer request, and appear once', async () => {
    const { pages } = await render('380-skonto-terms');
    const text = pages.map(pageText).join(' ');
    const terms = 'Zahlbar innerhalb von 30 Tagen ohne Abzug.';
    expect(text.split(terms).length - 1).toBe(1);
    const heading = text.indexOf('Zahlungsbedingungen');
    const transfer = text.indexOf('auf folgendes Konto:');
    const iban = text.indexOf('DE02 1203 0000 0000 2020 51', transfer);
    expect(heading).toBeGreaterThan(-1);
    expect(text.indexOf(terms)).toBeGreaterThan(heading);
    expect(text.indexOf(terms)).toBeLessThan(transfer);
    // between the request and the bank details: only the account table
    expect(text.slice(transfer, iban)).not.toContain(terms);
    expect(text).toContain('2 % Skonto');
  });

  it('legal details (BT-33) appear in the footer of every page', async () => {
    const { pages } = await render('gmbh-co-kg-many-lines-en');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const p of pages) {
      const footer = p.words
        .filter((w) => w.yMin > p.height * 0.8)
        .map((w) => w.text)
        .join(' ');
      expect(footer).toContain('Weber Verwaltungs GmbH');
      expect(footer).toContain('Dr. Petra Weber-Lindqvist');
    }
  });

  it('prepaid amounts: "Bereits gezahlt" / "Already paid" and the open amount', async () => {
    const de = pageText((await render('875-abschlag-prepaid')).pages.at(-1)!);
    expect(de).toContain('Bereits gezahlt -5.000,00 €');
    // 13,800.00 net + 19 % = 16,422.00; minus 5,000.00 paid
    expect(de).toContain('Offener Betrag 11.422,00 €');
    const en = (await render('877-schluss-prepaid-en')).pages.map(pageText).join(' ');
    expect(en).toContain('Already paid');
    expect(en).toContain('Balance due');
  });

  it('long names and addresses are printed in full', async () => {
    const ref = refs.find((r) => r.name === 'e-kleinunternehmer-long-names')!;
    const { pages } = await render(ref.name);
    const first = pageText(pages[0]!);
    const words = (s: string) => s.split(/\s+/).filter(Boolean);
    for (const w of words(ref.json.buyer.name)) expect(first).toContain(w);
    for (const w of words(ref.json.buyer.address!.line1!)) expect(first).toContain(w);
    for (const w of words(ref.json.buyer.address!.line2!)) expect(first).toContain(w);
    for (const w of words(ref.json.seller.name)) expect(first).toContain(w);
    for (const w of words(ref.json.payment!.accountName!)) expect(first).toContain(w);
    for (const w of words(ref.json.contractReference!)) expect(first).toContain(w);
    expect(first).toContain('rechnungen.und.buchhaltung@malermeisterin-hohenzollern-sigmaringen.example'.slice(0, 20));
  });

  it('the reference invoices carry no legal-content warnings (they state everything the law asks for)', async () => {
    for (const ref of refs) {
      const { warnings } = await render(ref.name);
      expect({ name: ref.name, legal: warnings.filter((c) => c.startsWith('DE-')) }).toEqual({ name: ref.name, legal: [] });
    }
  });
});
