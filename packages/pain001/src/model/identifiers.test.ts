import { describe, expect, it } from 'vitest';
import { checkIban, isBic, isLei, normalizeIban } from './identifiers';

describe('IBAN', () => {
  it('accepts valid IBANs of several countries', () => {
    for (const i of ['DE89370400440532013000', 'AT611904300234573201', 'CH9300762011623852957', 'FR7630006000011234567890189', 'GB29NWBK60161331926819', 'NL91ABNA0417164300'])
      expect(checkIban(i)).toBeUndefined();
    expect(checkIban('de89 3704 0044 0532 0130 00')).toBeUndefined();
    expect(normalizeIban('de89 3704-0044')).toBe('DE8937040044');
  });
  it('names the problem', () => {
    expect(checkIban('DE89370400440532013001')).toBe('IBAN_CHECKSUM');
    expect(checkIban('DE8937040044053201300')).toBe('IBAN_COUNTRY_FORMAT');
    expect(checkIban('XX89370400440532013000')).toBe('IBAN_UNKNOWN_COUNTRY');
    expect(checkIban('1234')).toBe('IBAN_INVALID_FORMAT');
    expect(checkIban('DEAB370400440532013000')).toBe('IBAN_INVALID_FORMAT');
  });
});

describe('BIC and LEI', () => {
  it('checks the ISO 9362 shape', () => {
    expect(isBic('COBADEFFXXX')).toBe(true);
    expect(isBic('COBADEFF')).toBe(true);
    expect(isBic('COBADEF')).toBe(false);
    expect(isBic('cobadeff')).toBe(false);
    expect(isBic('COBA1EFF')).toBe(false);
  });
  it('checks LEI check digits', () => {
    expect(isLei('5493001KJTIIGC8Y1R12')).toBe(true);
    expect(isLei('5493001KJTIIGC8Y1R13')).toBe(false);
  });
});
