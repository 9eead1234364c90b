import { describe, expect, it } from 'vitest';
import { IBAN_LENGTHS, ibanMod97 } from './iban';

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
