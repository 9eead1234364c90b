import { describe, expect, it } from 'vitest';
import { IBAN_LENGTHS, ibanMessages, ibanMod97, ibanProblem, normalizeIban } from './iban';
import { catalogueProblems, message } from './model/messages';

describe('ibanMod97', () => {
  it('gives 1 for IBANs with correct check digits and something else when one digit changes', () => {
    for (const iban of ['DE89370400440532013000', 'GB29NWBK60161331926819', 'NO9386011117947', 'FR1420041010050500013M02606']) {
      expect(ibanMod97(iban)).toBe(1);
      const last = iban.at(-1)!;
      const other = last === '0' ? '1' : last >= 'A' ? (last === 'A' ? 'B' : 'A') : String(Number(last) - 1);
      expect(ibanMod97(iban.slice(0, -1) + other)).not.toBe(1);
    }
  });
  it('knows registry lengths', () => {
    expect(IBAN_LENGTHS.DE).toBe(22);
    expect(IBAN_LENGTHS.NO).toBe(15);
    expect(IBAN_LENGTHS.XX).toBeUndefined();
  });
});

describe('ibanProblem (the one rule set)', () => {
  it('accepts valid IBANs in electronic form', () => {
    for (const ok of ['DE89370400440532013000', 'GB29NWBK60161331926819', 'NL91ABNA0417164300', 'CH9300762011623852957', 'FR1420041010050500013M02606', 'NO9386011117947']) {
      expect(ibanProblem(ok), ok).toBeUndefined();
    }
  });
  it('reports format, country, length and check digits in that order', () => {
    expect(ibanProblem('de89370400440532013000')).toEqual({ code: 'IBAN_FORMAT' });
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toEqual({ code: 'IBAN_FORMAT' });
    expect(ibanProblem('DEAB370400440532013000')).toEqual({ code: 'IBAN_FORMAT' });
    expect(ibanProblem('1234')).toEqual({ code: 'IBAN_FORMAT' });
    expect(ibanProblem('ZZ2000000000000001')).toEqual({ code: 'IBAN_COUNTRY', country: 'ZZ' });
    expect(ibanProblem('DE8937040044053201300')).toEqual({ code: 'IBAN_LENGTH', country: 'DE', length: 21, expectedLength: 22 });
    expect(ibanProblem('DE88370400440532013000')).toEqual({ code: 'IBAN_CHECKSUM' });
  });
  it('accepts print form only after normalizeIban', () => {
    expect(normalizeIban('de89 3704-0044\u00a00532 0130 00')).toBe('DE89370400440532013000');
    expect(ibanProblem(normalizeIban('de89 3704 0044 0532 0130 00'))).toBeUndefined();
  });
  it('has de and en texts with the same placeholders for every problem code', () => {
    expect(catalogueProblems(ibanMessages)).toEqual([]);
    const p = ibanProblem('DE8937040044053201300')!;
    expect(message(ibanMessages, p.code, 'en', { iban: 'DE8937040044053201300', ...p })).toBe('IBAN "DE8937040044053201300" has 21 characters; DE requires 22.');
    expect(message(ibanMessages, p.code, 'de', { iban: 'DE8937040044053201300', ...p })).toBe('IBAN „DE8937040044053201300“ hat 21 Zeichen; für DE sind 22 vorgeschrieben.');
  });
});

describe('countries outside the SWIFT registry', () => {
  it('accepts IBANs of partial-IBAN countries and French territories with their length and check digits', () => {
    const make = (country: string, bban: string) => {
      const rearranged = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
      const check = 98 - Number(BigInt(rearranged) % 97n);
      return `${country}${String(check).padStart(2, '0')}${bban}`;
    };
    const dz = make('DZ', '58002010001000123456');
    expect(dz).toHaveLength(24);
    expect(ibanProblem(dz)).toBeUndefined();
    const gp = make('GP', '20041010050000100113120');
    expect(ibanProblem(gp)).toBeUndefined();
    expect(ibanProblem(`${dz}1`)).toMatchObject({ code: 'IBAN_LENGTH', country: 'DZ', expectedLength: 24 });
    expect(ibanProblem(make('XX', '58002010001000123456'))).toEqual({ code: 'IBAN_COUNTRY', country: 'XX' });
  });
});
