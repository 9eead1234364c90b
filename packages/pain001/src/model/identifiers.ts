/** IBAN (ISO 13616, through the one rule set of @kontor/xml), BIC (ISO 9362) and LEI checks. */
import { ibanProblem, normalizeIban } from '@kontor/xml';
import { IBAN_FINDING_CODES, type IbanFindingCode } from './iban';

export { normalizeIban } from '@kontor/xml';

/** pain.001's IBAN finding codes. */
export type IbanProblem = IbanFindingCode;

/**
 * undefined when valid, else the most specific problem: format, country, country length, check digits. Takes human input
 * (spaces, hyphens, lower case are normalised first, see @kontor/xml normalizeIban).
 * @example
 * ```ts
 * checkIban('DE89370400440532013000'); // undefined: fine
 * checkIban('DE89370400440532013001'); // 'IBAN_CHECKSUM'
 * ```
 */
export function checkIban(value: string): IbanProblem | undefined {
  const p = ibanProblem(normalizeIban(value));
  return p ? IBAN_FINDING_CODES[p.code] : undefined;
}

export const BIC_PATTERN = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
export const LEI_PATTERN = /^[A-Z0-9]{18}[0-9]{2}$/;

/**
 * @example
 * ```ts
 * isBic('COBADEFFXXX'); // true
 * isBic('COBADE');      // false
 * ```
 */
export function isBic(s: string): boolean {
  return BIC_PATTERN.test(s);
}

/**
 * ISO 17442 LEI check digits (mod 97 = 1).
 * @example
 * ```ts
 * isLei('529900T8BM49AURSDO55'); // true (ISO 17442 check digits)
 * ```
 */
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
