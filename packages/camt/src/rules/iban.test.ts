import { describe, expect, it } from 'vitest';
import { ibanProblem, ibanText, isValidIban } from './iban';
import { isIsoDate } from '../read/common';
import { parseDkCode } from '../read/entry';

describe('IBAN check (the shared rule set of @kontor/xml)', () => {
  it('accepts registry examples and rejects each kind of defect', () => {
    for (const ok of ['DE89370400440532013000', 'GB29NWBK60161331926819', 'NL91ABNA0417164300', 'CH9300762011623852957', 'FR1420041010050500013M02606', 'NO9386011117947'])
      expect(isValidIban(ok), ok).toBe(true);
    expect(ibanProblem('DE88370400440532013000')?.code).toBe('IBAN_CHECKSUM');
    expect(ibanProblem('DE8937040044053201300')?.code).toBe('IBAN_LENGTH');
    expect(ibanProblem('de89370400440532013000')?.code).toBe('IBAN_FORMAT');
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')?.code).toBe('IBAN_FORMAT');
    expect(ibanProblem('iban123')?.code).toBe('IBAN_FORMAT');
    // A country outside the SWIFT IBAN registry has no IBAN.
    expect(ibanProblem('ZZ2000000000000001')?.code).toBe('IBAN_COUNTRY');
  });
  it('words the problem in the language asked for', () => {
    const p = ibanProblem('DE88370400440532013000')!;
    expect(ibanText('DE88370400440532013000', p, 'de')).toMatch(/Prüfziffern/);
    expect(ibanText('DE88370400440532013000', p, 'en')).toMatch(/check digits/);
  });
});

describe('helpers', () => {
  it('ISO dates: real calendar days only', () => {
    expect(['2024-02-29', '2000-02-29', '2026-12-31'].every(isIsoDate)).toBe(true);
    expect(['2026-02-29', '1900-02-29', '2026-13-01', '2026-04-31', ' 2007-10-18', '2026-1-01'].some(isIsoDate)).toBe(false);
  });

  it('DK proprietary codes split into SWIFT code, GVC, text key and primanota', () => {
    expect(parseDkCode('NDDT+105+9200+992')).toEqual({ swiftCode: 'NDDT', gvc: '105', textKey: '9200', primanota: '992' });
    expect(parseDkCode('NMSC+201')).toEqual({ swiftCode: 'NMSC', gvc: '201' });
    expect(parseDkCode('NTRF+705TransactionCodeText')).toEqual({});
    expect(parseDkCode('Outgoing Wire')).toEqual({});
  });
});
