import { describe, expect, it } from 'vitest';
import { extractFromTextLayer } from './text-extract';
import { groupLines, type TextLayer, type TextRun } from './text-layer';

const run = (str: string, x: number, y: number, size = 10): TextRun => ({ str, x, y, width: str.length * size * 0.5, size });
const layer = (runs: TextRun[]): TextLayer => ({ pages: [{ number: 1, width: 595, height: 842, lines: groupLines(runs, 1) }], runCount: runs.length, encrypted: false, truncated: false });

describe('extractFromTextLayer', () => {
  it('reads a minimal German invoice print and never invents what is not printed', () => {
    const r = extractFromTextLayer(
      layer([
        run('Muster GmbH', 70, 790),
        run('Muster GmbH · Hauptstr. 1 · 50667 Köln', 70, 680, 7),
        run('Kunde AG', 70, 650),
        run('Weg 2', 70, 638),
        run('10115 Berlin', 70, 626),
        run('Rechnungsnummer', 350, 690),
        run('R-17', 440, 690),
        run('Rechnungsdatum', 350, 678),
        run('02.01.2025', 440, 678),
        run('Bezeichnung', 100, 520),
        run('Menge', 320, 520),
        run('Einzelpreis', 380, 520),
        run('Betrag', 500, 520),
        run('Beratung', 100, 500),
        run('2', 335, 500),
        run('50,00', 400, 500),
        run('100,00', 505, 500),
        run('Nettobetrag', 230, 470),
        run('100,00 €', 500, 470),
        run('zzgl. 19 % USt. auf 100,00 €', 230, 458),
        run('19,00 €', 505, 458),
        run('Gesamtbetrag', 230, 440),
        run('119,00 €', 500, 440),
        run('IBAN DE03 1203 0000 0000 2020 51', 70, 300),
      ]),
    );
    expect(r.invoice).toMatchObject({
      invoiceNumber: 'R-17',
      issueDate: '2025-01-02',
      seller: { name: 'Muster GmbH', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
      buyer: { name: 'Kunde AG', address: { line1: 'Weg 2', postalCode: '10115', city: 'Berlin' } },
      lines: [{ name: 'Beratung', quantity: 2, unitPriceNet: 50, vatRatePercent: 19, lineNetAmount: 100 }],
      vatBreakdown: [{ ratePercent: 19, basisAmount: 100, taxAmount: 19, categoryCode: 'S' }],
      totalNet: 100,
      totalVat: 19,
      totalGross: 119,
    });
    // the printed IBAN fails its check digits: reported, not used, not repaired
    expect(r.invoice.payment).toBeUndefined();
    expect(r.issues.map((i) => i.code)).toEqual(expect.arrayContaining(['NO_MODEL_USED', 'IBAN_CHECKSUM', 'SELLER_TAX_ID_MISSING']));
    expect(r.repairedPaths).toEqual([]);
  });

  it('puts placeholders where nothing is readable and lists them', () => {
    const r = extractFromTextLayer(layer([run('Lorem ipsum dolor sit amet', 70, 700)]));
    expect(r.invoice).toMatchObject({ invoiceNumber: 'KORRIGIEREN', issueDate: '1900-01-01', totalGross: 0, lines: [{ name: 'KORRIGIEREN', lineNetAmount: 0 }] });
    expect(r.repairedPaths).toEqual(expect.arrayContaining(['invoiceNumber', 'issueDate', 'buyer.name', 'lines.0.name', 'totalNet', 'totalVat', 'totalGross']));
    expect(r.issues.filter((i) => i.code === 'EXTRACTION_UNCERTAIN' && i.severity === 'error').length).toBeGreaterThan(0);
  });

  it('stays bounded on hostile text (huge digit runs, separators, thousands of labels)', () => {
    const runs: TextRun[] = [];
    for (let i = 0; i < 3000; i++) runs.push(run(i % 2 ? 'Rechnungsnummer' : '1.'.repeat(500), (i % 3) * 150, 800 - (i % 700)));
    runs.push(run('9'.repeat(2000), 70, 100), run('DE'.repeat(900), 70, 90), run(`${'1,'.repeat(900)}00 €`, 300, 80));
    const r = extractFromTextLayer(layer(runs));
    expect(r.invoice).toHaveProperty('invoiceNumber');
    expect(Array.isArray(r.invoice.lines)).toBe(true);
  });
});
