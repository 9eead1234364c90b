/**
 * Offline VAT id check: normalise the written form (prefix, spaces, dots, dashes, GR → EL), then
 * apply the national format and check-digit rules. Never touches the network.
 */
import type { Lang } from '@kontor/xml';
import { say, type ViesMessageKey } from '../messages';
import { ViesError } from '../errors';
import { NATIONAL_VALIDATORS } from './national';

/** VIES member-state codes: EU-27 (Greece as EL) plus XI for Northern Ireland. */
export const VAT_COUNTRY_CODES = Object.freeze(Object.keys(NATIONAL_VALIDATORS)) as readonly string[];

export type VatSyntaxCode = 'VAT_EMPTY' | 'VAT_CHARACTERS' | 'VAT_COUNTRY_MISSING' | 'VAT_COUNTRY_UNSUPPORTED' | 'VAT_FORMAT' | 'VAT_LENGTH' | 'VAT_COMPONENT' | 'VAT_CHECKSUM';

export interface VatSyntaxValid {
  valid: true;
  /** VIES country code (EL for Greece, XI for Northern Ireland). */
  countryCode: string;
  /** National part in canonical form, as VIES expects it in `vatNumber`. */
  number: string;
  /** countryCode + number, e.g. `DE136695976`. */
  normalized: string;
}

export interface VatSyntaxFailure {
  valid: false;
  code: VatSyntaxCode;
  message: string;
  /** Set once a supported country prefix was recognised. */
  countryCode?: string;
  number?: string;
  normalized?: string;
  /** 1-based position in the input, for VAT_CHARACTERS. */
  location?: { line: 1; column: number };
}

export type VatSyntaxResult = VatSyntaxValid | VatSyntaxFailure;

/** Inputs longer than this are rejected before any processing (no VAT id has more than 14 characters). */
const MAX_INPUT_LENGTH = 64;

/** Separators people write inside VAT ids; Unicode spaces and dashes included. */
function isSeparator(code: number): boolean {
  return (
    code === 0x20 ||
    code === 0x2e ||
    code === 0x2d ||
    code === 0x2f ||
    code === 0x2c ||
    code === 0x3a ||
    code === 0x5f ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x202f ||
    code === 0x2212 ||
    (code >= 0x2000 && code <= 0x200a) ||
    (code >= 0x2010 && code <= 0x2015) ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** A-Z, 0-9 and the few symbols national numbers contain ('+' '*' in old Irish ids, '(0)' in Belgian ones). */
function isIdCharacter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x2b || code === 0x2a || code === 0x28 || code === 0x29;
}

const UNSUPPORTED_HINTS: Record<string, ViesMessageKey> = { GB: 'COUNTRY_GB', CH: 'COUNTRY_CH', NO: 'COUNTRY_NO' };

/**
 * Parse and check a VAT id such as `DE 136 695 976`, `el094259216` or `ATU13585627`.
 * @example
 * ```ts
 * checkVatSyntax('DE 136 695 976'); // { valid: true, countryCode: 'DE', number: '136695976', normalized: 'DE136695976' }
 * checkVatSyntax('DE136695978').valid; // false (code 'VAT_CHECKSUM')
 * ```
 */
export function checkVatSyntax(input: string, opts: { lang?: Lang | undefined } = {}): VatSyntaxResult {
  const lang = opts.lang ?? 'de';
  if (typeof input !== 'string') throw new ViesError('INVALID_ARGUMENT', 'checkVatSyntax expects a string.');
  if (input.length > MAX_INPUT_LENGTH) {
    return { valid: false, code: 'VAT_LENGTH', message: say(lang, 'LENGTH_INPUT', { max: MAX_INPUT_LENGTH }) };
  }
  // NFKC maps full-width letters and digits to ASCII; skip it for plain ASCII input (the common case)
  const text = /^[\x00-\x7f]*$/.test(input) ? input : input.normalize('NFKC');
  let compact = '';
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (isSeparator(code)) continue;
    if (code >= 0x61 && code <= 0x7a) code -= 0x20; // a-z → A-Z
    if (!isIdCharacter(code)) {
      const ch = text[i]!;
      return {
        valid: false,
        code: 'VAT_CHARACTERS',
        message: say(lang, 'CHARACTER', { char: JSON.stringify(ch), position: i + 1 }),
        location: { line: 1, column: i + 1 },
      };
    }
    compact += String.fromCharCode(code);
  }
  if (compact.length === 0) return { valid: false, code: 'VAT_EMPTY', message: say(lang, 'EMPTY') };
  if (!/^[A-Z]{2}/.test(compact)) {
    return { valid: false, code: 'VAT_COUNTRY_MISSING', message: say(lang, 'COUNTRY_MISSING') };
  }
  let countryCode = compact.slice(0, 2);
  if (countryCode === 'GR') countryCode = 'EL'; // ISO code for Greece; VIES uses EL
  const validator = NATIONAL_VALIDATORS[countryCode];
  if (!validator) {
    return {
      valid: false,
      code: 'VAT_COUNTRY_UNSUPPORTED',
      message: say(lang, UNSUPPORTED_HINTS[countryCode] ?? 'COUNTRY_UNSUPPORTED', { country: countryCode }),
    };
  }
  const national = compact.slice(2);
  if (national.length === 0) {
    return { valid: false, code: 'VAT_LENGTH', message: say(lang, 'NATIONAL_MISSING'), countryCode };
  }
  const result = validator(national);
  if (result.ok) {
    return { valid: true, countryCode, number: result.number, normalized: countryCode + result.number };
  }
  return {
    valid: false,
    code: result.code,
    message: say(lang, result.key, result.params),
    countryCode,
    number: result.number,
    normalized: countryCode + result.number,
  };
}

/**
 * Like checkVatSyntax, but throws ViesError('VAT_SYNTAX') for an invalid id.
 * @example
 * ```ts
 * const { countryCode, number } = parseVatId('ATU13585627'); // throws ViesError when the syntax is wrong
 * ```
 */
export function parseVatId(input: string, opts: { lang?: Lang | undefined } = {}): VatSyntaxValid {
  const result = checkVatSyntax(input, opts);
  if (!result.valid) throw new ViesError('VAT_SYNTAX', result.message, { details: result });
  return result;
}
