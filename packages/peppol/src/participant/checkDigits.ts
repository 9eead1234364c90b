/**
 * Check digits of the identifiers we recognise without a scheme prefix: GS1 GLN (mod 10),
 * German USt-IdNr. (ISO 7064 Mod 11,10) and Leitweg-ID (ISO 7064 Mod 97-10, KoSIT format spec).
 */

/**
 * GS1 mod-10: weights 3,1,3,1,… from the right, the check digit included as weight 1.
 * @example
 * ```ts
 * isValidGs1CheckDigit('4000001000005'); // true (GLN / GTIN mod 10)
 * ```
 */
export function isValidGs1CheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 1, position = 0; i >= 0; i--, position++) {
    const d = digits.charCodeAt(i) - 48;
    sum += position % 2 === 1 ? d * 3 : d;
  }
  return sum % 10 === 0;
}

/**
 * ISO 7064 Mod 11,10 over a German VAT number's 9 digits.
 * @example
 * ```ts
 * isValidGermanVatNumber('136695976'); // true (the nine digits after DE, ISO 7064 MOD 11,10)
 * ```
 */
export function isValidGermanVatNumber(nineDigits: string): boolean {
  if (!/^[1-9]\d{8}$/.test(nineDigits)) return false;
  let check = 5;
  for (const c of nineDigits) check = ((((check || 10) * 2) % 11) + Number(c)) % 10;
  return check === 1;
}

/**
 * Leitweg-ID: Grobadressierung (2-12 digits), optional Feinadressierung (1-30 letters/digits),
 * Prüfziffer (2 digits), separated by hyphens.
 */
export const LEITWEG_ID_PATTERN = /^(\d{2,12})(?:-([A-Za-z0-9]{1,30}))?-(\d{2})$/;

/**
 * The Prüfziffer: ISO 7064 Mod 97-10 over the id without hyphens, letters as 10-35 (case-insensitive).
 * Computed check digits are 98 − (n·100 mod 97), i.e. 02..98; 00, 01 and 99 are never issued.
 * @example
 * ```ts
 * isValidLeitwegId('04011000-1234512345-06'); // true (mod 97 check digits)
 * isValidLeitwegId('04011000-1234512345-07'); // false
 * ```
 */
export function isValidLeitwegId(id: string): boolean {
  const match = LEITWEG_ID_PATTERN.exec(id);
  if (!match) return false;
  const check = Number(match[3]);
  if (check < 2 || check > 98) return false;
  let remainder = 0;
  for (const ch of id.replace(/-/g, '').toUpperCase()) {
    const code = ch.charCodeAt(0);
    remainder = code <= 57 ? (remainder * 10 + (code - 48)) % 97 : (remainder * 100 + (code - 55)) % 97;
  }
  return remainder === 1;
}
