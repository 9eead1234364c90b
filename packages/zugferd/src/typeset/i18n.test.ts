import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { addDays, formatDate, formatIban, formatMoney, formatNumber, formatPercent } from './i18n';

const nb = (s: string) => s.replace(/\u00a0/g, ' ');

describe('formatting', () => {
  it('formats money the German and the English way, exactly', () => {
    expect(nb(formatMoney(1234.56, 'EUR', 'de'))).toBe('1.234,56 €');
    expect(formatMoney(1234.56, 'EUR', 'en')).toBe('€1,234.56');
    expect(nb(formatMoney(new Big('1234567.005'), 'EUR', 'de'))).toBe('1.234.567,01 €');
    expect(formatMoney(-0.5, 'EUR', 'en')).toBe('-€0.50');
    expect(nb(formatMoney(-1000, 'EUR', 'de'))).toBe('-1.000,00 €');
    expect(nb(formatMoney(12, 'CHF', 'en'))).toBe('CHF 12.00');
    expect(nb(formatMoney(12, 'CHF', 'de'))).toBe('12,00 CHF');
    expect(formatMoney(0, 'EUR', 'en')).toBe('€0.00');
    // 0.1 + 0.2 style inputs are exact decimals here
    expect(formatMoney(new Big('0.1').plus('0.2'), 'EUR', 'en')).toBe('€0.30');
  });

  it('keeps amount and currency together with a no-break space', () => {
    expect(formatMoney(5, 'EUR', 'de')).toBe('5,00\u00a0€');
  });

  it('trims quantities and keeps price decimals', () => {
    expect(formatNumber(2.5, 'de', 0, 4)).toBe('2,5');
    expect(formatNumber(3, 'en', 0, 4)).toBe('3');
    expect(formatNumber(1.23456, 'de', 2, 4)).toBe('1,2346');
    expect(formatNumber(10, 'de', 2, 4)).toBe('10,00');
    expect(formatNumber(-0.00001, 'de', 0, 2)).toBe('0');
  });

  it('formats percents, dates and IBANs', () => {
    expect(nb(formatPercent(19, 'de'))).toBe('19 %');
    expect(formatPercent(7.5, 'en')).toBe('7.5%');
    expect(formatDate('2025-03-09', 'de')).toBe('09.03.2025');
    expect(formatDate('2025-03-09', 'en')).toBe('9 Mar 2025');
    expect(addDays('2025-02-20', 10)).toBe('2025-03-02');
    expect(addDays('2024-02-20', 10)).toBe('2024-03-01');
    expect(nb(formatIban('de02 1203 0000 0000 2020 51'))).toBe('DE02 1203 0000 0000 2020 51');
  });
});

describe('document titles (UNTDID 1001)', () => {
  it('names every supported type in German (§ 14 UStG wording) and English', async () => {
    const { labelsFor } = await import('./i18n');
    const { SUPPORTED_DOCUMENT_TYPES } = await import('@kontor/cii');
    const de = labelsFor('de').documentTitles;
    const en = labelsFor('en').documentTitles;
    expect({ ...de }).toEqual({
      '380': 'Rechnung',
      '381': 'Rechnungskorrektur',
      '384': 'Korrigierte Rechnung',
      '383': 'Belastungsanzeige',
      '386': 'Vorauszahlungsrechnung',
      '326': 'Teilrechnung',
      '389': 'Gutschrift',
      '875': 'Abschlagsrechnung',
      '876': 'Teilschlussrechnung',
      '877': 'Schlussrechnung',
    });
    expect(en['381']).toBe('Credit note');
    expect(en['389']).toBe('Self-billed invoice');
    expect([en['875'], en['876'], en['877']]).toEqual(['Partial construction invoice', 'Partial final construction invoice', 'Final construction invoice']);
    for (const code of SUPPORTED_DOCUMENT_TYPES) {
      expect(de[code], code).toBeTruthy();
      expect(en[code], code).toBeTruthy();
    }
  });
});
