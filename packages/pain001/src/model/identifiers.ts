/** IBAN (ISO 13616, via the `iban` package's country table), BIC (ISO 9362) and LEI checks. */
import IBAN from 'iban';
import { ibanMod97 as mod97 } from '@kontor/xml';

export type IbanProblem = 'IBAN_INVALID_FORMAT' | 'IBAN_UNKNOWN_COUNTRY' | 'IBAN_COUNTRY_FORMAT' | 'IBAN_CHECKSUM';

export function normalizeIban(s: string): string {
  return s.replace(/[\s-]+/g, '').toUpperCase();
}

/** null when valid, else the most specific problem: format, country, country structure, check digits. */
export function checkIban(value: string): IbanProblem | null {
  const i = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(i)) return 'IBAN_INVALID_FORMAT';
  const spec = IBAN.countries[i.slice(0, 2)];
  if (!spec) return 'IBAN_UNKNOWN_COUNTRY';
  if (i.length !== spec.length || !IBAN.isValidBBAN(i.slice(0, 2), i.slice(4))) return 'IBAN_COUNTRY_FORMAT';
  return mod97(i) === 1 ? null : 'IBAN_CHECKSUM';
}

export function ibanCountryLength(country: string): number | undefined {
  return IBAN.countries[country]?.length;
}

export const BIC_PATTERN = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
export const LEI_PATTERN = /^[A-Z0-9]{18}[0-9]{2}$/;

export function isBic(s: string): boolean {
  return BIC_PATTERN.test(s);
}

/** ISO 17442 LEI check digits (mod 97 = 1). */
export function isLei(s: string): boolean {
  if (!LEI_PATTERN.test(s)) return false;
  let rem = 0;
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    const v = code >= 65 ? String(code - 55) : ch;
    for (const d of v) rem = (rem * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rem === 1;
}
