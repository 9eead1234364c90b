import { describe, expect, it } from 'vitest';
import { amountOfCell, findAmounts, findDates, findIbans, findVatId, parseNumberText } from './values';

describe('printed values', () => {
  it('reads German and English amounts as decimals', () => {
    expect(parseNumberText('1.234,56')!.toString()).toBe('1234.56');
    expect(parseNumberText('1,234.56')!.toString()).toBe('1234.56');
    expect(parseNumberText('1.234', 'de')!.toString()).toBe('1234');
    expect(parseNumberText('1,234', 'en')!.toString()).toBe('1234');
    expect(parseNumberText('0,1')!.toString()).toBe('0.1');
    expect(amountOfCell('-1.000,00 €')!.value.toString()).toBe('-1000');
    expect(amountOfCell('€1,923.55', 'en')!.value.toString()).toBe('1923.55');
    expect(amountOfCell('19 %')).toBeUndefined();
    expect(findAmounts('zzgl. 19 % USt. auf 1.161,00 €').map((a) => a.value.toString())).toEqual(['1161']);
  });

  it('reads dates in German, ISO and English forms, rejects impossible ones', () => {
    expect(findDates('Rechnungsdatum 10.03.2025')[0]!.date).toBe('2025-03-10');
    expect(findDates('21 Mar 2025')[0]!.date).toBe('2025-03-21');
    expect(findDates('10. März 2025')[0]!.date).toBe('2025-03-10');
    expect(findDates('March 21, 2025')[0]!.date).toBe('2025-03-21');
    expect(findDates('2025-02-28')[0]!.date).toBe('2025-02-28');
    expect(findDates('31.02.2025')).toEqual([]);
  });

  it('keeps only IBANs whose check digits hold', () => {
    expect(findIbans('IBAN DE02 1203 0000 0000 2020 51').valid).toEqual(['DE02120300000000202051']);
    const wrong = findIbans('IBAN DE03 1203 0000 0000 2020 51');
    expect(wrong.valid).toEqual([]);
    expect(wrong.invalid).toEqual(['DE03120300000000202051']);
  });

  it('checks VAT IDs with @kontor/vies', () => {
    expect(findVatId('USt-IdNr. DE811907980')).toEqual({ vatId: 'DE811907980', checksumOk: true });
    expect(findVatId('DE 811 907 980 Steuernr.')).toMatchObject({ vatId: 'DE811907980', checksumOk: true });
    expect(findVatId('DE999999999')).toMatchObject({ vatId: 'DE999999999', checksumOk: false });
    expect(findVatId('no id here')).toBeUndefined();
  });
});
