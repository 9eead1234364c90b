/**
 * The one IBAN module (ISO 13616) of every Kontor library: country lengths from the SWIFT IBAN registry, the mod-97
 * check, one problem shape and one rule set. camt, pain001 and cii call `ibanProblem` and map the problem to their own
 * finding code; the texts come from `ibanMessages` (de/en).
 *
 * The rule set, decided once:
 * - `ibanProblem` checks the ELECTRONIC form only: upper-case letters and digits, no spaces. That is what XML
 *   carries (pain.001 IBAN2007Identifier, camt, CII IBANID), so a blank or a lower-case letter in a file is a
 *   format problem there.
 * - Human input (a payment run's JSON, an invoice's JSON, an extracted document) may be written in print form
 *   (`de89 3704 0044 …`, hyphens): such callers pass it through `normalizeIban` first and write the normalised form.
 * - The country must be in the SWIFT IBAN registry or one of the few countries that use IBANs outside it
 *   (IBAN_LENGTHS_OUTSIDE_REGISTRY; else IBAN_COUNTRY), and the length must be that country's length (IBAN_LENGTH):
 *   a bank rejects both, even when mod 97 happens to give 1.
 * - Then mod 97-10 (ISO 7064) must give 1 (IBAN_CHECKSUM).
 * - The BBAN's inner structure (which positions are letters) is not checked beyond the above.
 */
import { defineMessages } from './model/messages';

/** IBAN lengths per country (SWIFT IBAN registry). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

/**
 * Countries whose banks issue IBANs although the country is not (or not fully) in the SWIFT registry — several
 * African partial-IBAN countries, Iran, and the French overseas territories with their own country code — with the
 * lengths in use. Accepted like registry countries, so that a foreign-payment file or a statement line naming such an
 * account is not refused for its country alone.
 */
export const IBAN_LENGTHS_OUTSIDE_REGISTRY: Readonly<Record<string, number>> = {
  AO: 25,
  BF: 27,
  BJ: 28,
  CI: 28,
  CM: 27,
  CV: 25,
  DZ: 24,
  IR: 26,
  MG: 27,
  ML: 28,
  MZ: 25,
  SN: 28,
  BL: 27,
  GF: 27,
  GP: 27,
  MF: 27,
  MQ: 27,
  NC: 27,
  PF: 27,
  PM: 27,
  RE: 27,
  TF: 27,
  WF: 27,
  YT: 27,
};

/**
 * ISO 7064 mod 97-10 remainder of an IBAN in electronic form (upper-case letters and digits): the first four
 * characters move to the end and letters count as two digits (A=10 .. Z=35). A valid IBAN gives 1.
 * @example
 * ```ts
 * ibanMod97('DE89370400440532013000'); // 1 — a valid IBAN leaves remainder 1
 * ```
 */
export function ibanMod97(iban: string): number {
  // Walked in the rearranged order (characters 4.. then 0..3) in place: no rearranged or digit string. The running
  // value takes one digit (two for a letter) per character and is reduced mod 97 only once it reaches 10^7, so it
  // stays a small integer (< 2^31) and most characters cost a multiply-add instead of a modulo.
  const n = iban.length;
  const cut = n < 4 ? n : 4;
  let r = 0;
  for (let k = cut; k < n; k++) {
    const c = iban.charCodeAt(k);
    r = c >= 65 ? r * 100 + (c - 55) : r * 10 + (c - 48);
    if (r >= 10_000_000) r %= 97;
  }
  for (let k = 0; k < cut; k++) {
    const c = iban.charCodeAt(k);
    r = c >= 65 ? r * 100 + (c - 55) : r * 10 + (c - 48);
    if (r >= 10_000_000) r %= 97;
  }
  return r % 97;
}

/** What is wrong with an IBAN: one shape for every library. */
export type IbanProblem =
  /** Not two upper-case letters, two digits and 11..30 upper-case letters or digits (electronic form). */
  | { code: 'IBAN_FORMAT' }
  /** The country code is not in the SWIFT IBAN registry. */
  | { code: 'IBAN_COUNTRY'; country: string }
  /** The length differs from the registry length of the country. */
  | { code: 'IBAN_LENGTH'; country: string; length: number; expectedLength: number }
  /** The ISO 7064 mod 97-10 check digits are wrong. */
  | { code: 'IBAN_CHECKSUM' };

export type IbanProblemCode = IbanProblem['code'];

/** IBAN_LENGTHS ?? IBAN_LENGTHS_OUTSIDE_REGISTRY per pair of letters A-Z (first * 26 + second); 0: no IBAN country. */
const LENGTH_BY_LETTERS = ((): Uint8Array => {
  const t = new Uint8Array(26 * 26);
  for (const table of [IBAN_LENGTHS_OUTSIDE_REGISTRY, IBAN_LENGTHS]) {
    for (const [cc, n] of Object.entries(table)) t[(cc.charCodeAt(0) - 65) * 26 + cc.charCodeAt(1) - 65] = n;
  }
  return t;
})();

/**
 * The electronic form of an IBAN typed by a person: blanks (also non-breaking) and hyphens removed, upper case.
 *
 * @example
 * ```ts
 * normalizeIban('de89 3704-0044 0532 0130 00'); // 'DE89370400440532013000'
 * ```
 */
export function normalizeIban(value: string): string {
  return value.replace(/[\s\u00a0-]+/g, '').toUpperCase();
}

/**
 * undefined when `value` is a valid IBAN in electronic form, else the first problem in the order format, country,
 * length, check digits (see the module comment for the rule set; normalise human input with `normalizeIban` first).
 *
 * @example
 * ```ts
 * ibanProblem('DE89370400440532013000'); // undefined
 * ibanProblem('DE88370400440532013000'); // { code: 'IBAN_CHECKSUM' }
 * ibanProblem('DE8937040044053201300'); // { code: 'IBAN_LENGTH', country: 'DE', length: 21, expectedLength: 22 }
 * ```
 */
export function ibanProblem(value: string): IbanProblem | undefined {
  const r = typeof value === 'string' ? electronicMod97(value) : -1;
  if (r < 0) return { code: 'IBAN_FORMAT' };
  // The country's length by its two letters (A-Z, as the form says): no two-letter slice and keyed lookup per IBAN;
  // the country is cut out only for a problem that names it.
  const expectedLength = LENGTH_BY_LETTERS[(value.charCodeAt(0) - 65) * 26 + value.charCodeAt(1) - 65]!;
  if (expectedLength === 0) return { code: 'IBAN_COUNTRY', country: value.slice(0, 2) };
  if (value.length !== expectedLength) return { code: 'IBAN_LENGTH', country: value.slice(0, 2), length: value.length, expectedLength };
  return r === 1 ? undefined : { code: 'IBAN_CHECKSUM' };
}

/**
 * ibanMod97(value) when `value` has the electronic form (/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/), else -1: the form is
 * checked in the one pass over the characters that the remainder needs anyway (an IBAN in a file is a cut-out of the
 * file's text, where each charCodeAt costs more than on a flat string; a regex for the form was a second pass).
 */
function electronicMod97(value: string): number {
  const n = value.length;
  if (n < 15 || n > 34) return -1;
  let r = 0;
  for (let k = 4; k < n; k++) {
    const c = value.charCodeAt(k);
    if (c >= 65) {
      if (c > 90) return -1;
      r = r * 100 + (c - 55);
    } else {
      if (c < 48 || c > 57) return -1;
      r = r * 10 + (c - 48);
    }
    if (r >= 10_000_000) r %= 97;
  }
  const a = value.charCodeAt(0);
  const b = value.charCodeAt(1);
  const d = value.charCodeAt(2);
  const e = value.charCodeAt(3);
  if (a < 65 || a > 90 || b < 65 || b > 90 || d < 48 || d > 57 || e < 48 || e > 57) return -1;
  // r < 10^7 here: each step below stays far below 2^31.
  r = (r * 100 + (a - 55)) % 97;
  r = (r * 100 + (b - 55)) % 97;
  return (r * 100 + (d - 48) * 10 + (e - 48)) % 97;
}

/**
 * The IBAN problem texts (de/en) for every library; `{iban}` is the value as found.
 *
 * @example
 * ```ts
 * const p = ibanProblem(iban);
 * if (p) message(ibanMessages, p.code, 'en', { iban, ...p });
 * ```
 */
export const ibanMessages = defineMessages({
  IBAN_FORMAT: {
    de: '„{iban}“ ist keine IBAN in elektronischer Form (Ländercode, zwei Prüfziffern, 11 bis 30 Großbuchstaben oder Ziffern, ohne Leerzeichen).',
    en: '"{iban}" is not an IBAN in electronic form (country code, two check digits, 11 to 30 upper-case letters or digits, no blanks).',
  },
  IBAN_COUNTRY: {
    de: 'IBAN „{iban}“: für den Ländercode {country} gibt es keine IBAN (SWIFT-IBAN-Register).',
    en: 'IBAN "{iban}": country code {country} has no IBAN (SWIFT IBAN registry).',
  },
  IBAN_LENGTH: {
    de: 'IBAN „{iban}“ hat {length} Zeichen; für {country} sind {expectedLength} vorgeschrieben.',
    en: 'IBAN "{iban}" has {length} characters; {country} requires {expectedLength}.',
  },
  IBAN_CHECKSUM: {
    de: 'Die Prüfziffern der IBAN „{iban}“ stimmen nicht (Modulo-97-Prüfung nach ISO 13616).',
    en: 'The check digits of IBAN "{iban}" are wrong (mod-97 check of ISO 13616).',
  },
});
