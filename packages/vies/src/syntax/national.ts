/**
 * National VAT number formats and check digits for the EU-27 and XI (Northern Ireland).
 *
 * Each validator receives the national part only (upper case, separators and country prefix
 * removed) and returns the canonical national number or a coded failure. The algorithms follow
 * the ones python-stdnum implements (protocols.md §1.4), so verdicts agree with that reference;
 * deliberate deviations are marked "stricter than stdnum 1.18" with the reason.
 */
import { isCalendarDate, isDigits, luhnCheckDigit, luhnChecksum, mod, mod11_10Checksum, mod97, weightedSum } from '../internal/checksums';
import type { MessageParams } from '@kontor/xml';
import type { ViesMessageKey } from '../messages';

export type NationalFailureCode = 'VAT_FORMAT' | 'VAT_LENGTH' | 'VAT_COMPONENT' | 'VAT_CHECKSUM';

/** A failure names its text as a catalogue key (../messages) with parameters; checkVatSyntax words it in `lang`. */
export type NationalResult = { ok: true; number: string } | { ok: false; code: NationalFailureCode; key: ViesMessageKey; params?: MessageParams; number: string };

type NationalValidator = (number: string) => NationalResult;

const ok = (number: string): NationalResult => ({ ok: true, number });
const fail = (code: NationalFailureCode, number: string, key: ViesMessageKey, params?: MessageParams): NationalResult => ({
  ok: false,
  code,
  key,
  ...(params ? { params } : {}),
  number,
});
const checksumFailure = (number: string, what: ViesMessageKey = 'W_CHECK_DIGIT'): NationalResult => fail('VAT_CHECKSUM', number, 'CHECKSUM', { what: `@${what}` });

const int = (digits: string): number => (digits.length === 0 ? 0 : Number.parseInt(digits, 10));

/** Czech/Slovak birth number (rodné číslo): embedded date plus mod-11 check for 10-digit numbers. */
function birthNumberFailure(n: string): NationalFailureCode | null {
  if (!isDigits(n)) return 'VAT_FORMAT';
  if (n.length !== 9 && n.length !== 10) return 'VAT_LENGTH';
  let year = 1900 + int(n.slice(0, 2));
  // women have 50 added to the month, 20 more when the daily serials overflowed (since 2004)
  const month = (int(n.slice(2, 4)) % 50) % 20;
  const day = int(n.slice(4, 6));
  if (n.length === 9) {
    if (year >= 1980) year -= 100;
    if (year > 1953) return 'VAT_LENGTH'; // 9-digit numbers ended on 1954-01-01
  } else if (year < 1954) {
    year += 100;
  }
  if (!isCalendarDate(year, month, day)) return 'VAT_COMPONENT';
  if (n.length === 10) {
    let check = int(n.slice(0, 9)) % 11;
    const before1985 = year < 1985;
    if (before1985) check %= 10; // before 1985 a remainder of 10 was written as 0
    if (n[9] !== String(check)) return 'VAT_CHECKSUM';
  }
  return null;
}

const AT: NationalValidator = (n) => {
  if (n[0] !== 'U' || !isDigits(n.slice(1))) return fail('VAT_FORMAT', n, 'N_AT');
  if (n.length !== 9) return fail('VAT_LENGTH', n, 'N_AT');
  const check = mod(6 - luhnChecksum(n.slice(1, 8)), 10);
  return n[8] === String(check) ? ok(n) : checksumFailure(n);
};

const BE: NationalValidator = (input) => {
  let n = input;
  if (n.startsWith('(0)')) n = `0${n.slice(3)}`;
  if (n.length === 9) n = `0${n}`; // the old 9-digit form gained a leading 0
  if (!isDigits(n) || int(n) <= 0) return fail('VAT_FORMAT', n, 'N_BE_DIGITS');
  if (n.length !== 10) return fail('VAT_LENGTH', n, 'N_BE_DIGITS');
  // stricter than stdnum 1.18: enterprise numbers are issued from the 0 and 1 ranges only
  if (n[0] !== '0' && n[0] !== '1') return fail('VAT_FORMAT', n, 'N_BE_START');
  return (int(n.slice(0, 8)) + int(n.slice(8))) % 97 === 0 ? ok(n) : checksumFailure(n, 'W_MOD_97_CHECK');
};

function bulgarianEgnValid(n: string): boolean {
  let year = 1900 + int(n.slice(0, 2));
  let month = int(n.slice(2, 4));
  const day = int(n.slice(4, 6));
  if (month > 40) {
    year += 100;
    month -= 40;
  } else if (month > 20) {
    year -= 100;
    month -= 20;
  }
  if (!isCalendarDate(year, month, day)) return false;
  return String((weightedSum(n, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10) === n[9];
}

const BG: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_BG');
  if (n.length === 9) {
    let check = weightedSum(n, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
    if (check === 10) check = weightedSum(n, [3, 4, 5, 6, 7, 8, 9, 10]) % 11;
    return n[8] === String(check % 10) ? ok(n) : checksumFailure(n);
  }
  if (n.length === 10) {
    if (bulgarianEgnValid(n)) return ok(n); // physical person (EGN)
    if (String(weightedSum(n, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10) === n[9]) return ok(n); // foreigner (PNF)
    const other = (11 - (weightedSum(n, [4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
    return n[9] === String(other) ? ok(n) : checksumFailure(n);
  }
  return fail('VAT_LENGTH', n, 'N_BG');
};

const CYPRUS_EVEN_MAP = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
const CY: NationalValidator = (n) => {
  if (!isDigits(n.slice(0, -1))) return fail('VAT_FORMAT', n, 'N_CY');
  if (n.length !== 9) return fail('VAT_LENGTH', n, 'N_CY');
  if (n.startsWith('12')) return fail('VAT_COMPONENT', n, 'N_CY_12');
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const d = n.charCodeAt(i) - 48;
    sum += i % 2 === 0 ? (CYPRUS_EVEN_MAP[d] ?? 0) : d;
  }
  return n[8] === String.fromCharCode(65 + (sum % 26)) ? ok(n) : checksumFailure(n, 'W_CHECK_LETTER');
};

const CZ: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_CZ');
  if (n.length === 8) {
    if (n[0] === '9') return fail('VAT_COMPONENT', n, 'N_CZ_9');
    const c = mod(11 - weightedSum(n, [8, 7, 6, 5, 4, 3, 2]), 11);
    return n[7] === String((c || 1) % 10) ? ok(n) : checksumFailure(n);
  }
  if (n.length === 9 && n[0] === '6') {
    // individuals without a birth number: the first digit is not part of the sum
    const s = weightedSum(n.slice(1), [8, 7, 6, 5, 4, 3, 2]) % 11;
    return n[8] === String(mod(8 - mod(10 - s, 11), 10)) ? ok(n) : checksumFailure(n);
  }
  if (n.length === 9 || n.length === 10) {
    const failure = birthNumberFailure(n);
    if (failure === null) return ok(n);
    return fail(failure, n, failure === 'VAT_CHECKSUM' ? 'N_CZ_BIRTH_CHECK' : 'N_CZ_BIRTH');
  }
  return fail('VAT_LENGTH', n, 'N_CZ');
};

const DE: NationalValidator = (n) => {
  if (!isDigits(n) || n[0] === '0') return fail('VAT_FORMAT', n, 'N_DE_START');
  if (n.length !== 9) return fail('VAT_LENGTH', n, 'N_DE');
  return mod11_10Checksum(n) === 1 ? ok(n) : checksumFailure(n, 'W_ISO_7064_MOD_11_10_CHECK_DIGIT');
};

const DK: NationalValidator = (n) => {
  if (!isDigits(n) || n[0] === '0') return fail('VAT_FORMAT', n, 'N_DK_START');
  if (n.length !== 8) return fail('VAT_LENGTH', n, 'N_DK');
  return weightedSum(n, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0 ? ok(n) : checksumFailure(n);
};

const EE: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_EE');
  if (n.length !== 9) return fail('VAT_LENGTH', n, 'N_EE');
  return weightedSum(n, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0 ? ok(n) : checksumFailure(n);
};

const EL: NationalValidator = (input) => {
  const n = input.length === 8 ? `0${input}` : input; // old 8-digit numbers
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_EL');
  if (n.length !== 9) return fail('VAT_LENGTH', n, 'N_EL');
  let c = 0;
  for (let i = 0; i < 8; i++) c = c * 2 + (n.charCodeAt(i) - 48);
  return n[8] === String(((c * 2) % 11) % 10) ? ok(n) : checksumFailure(n);
};

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const ES: NationalValidator = (n) => {
  const message = 'N_ES';
  if (!isDigits(n.slice(1, -1))) return fail('VAT_FORMAT', n, message);
  if (n.length !== 9) return fail('VAT_LENGTH', n, message);
  const first = n[0] ?? '';
  const last = n[8] ?? '';
  if ('KLM'.includes(first)) {
    return last === DNI_LETTERS[int(n.slice(1, 8)) % 23] ? ok(n) : checksumFailure(n, 'W_CHECK_LETTER');
  }
  if (first >= '0' && first <= '9') {
    return last === DNI_LETTERS[int(n.slice(0, 8)) % 23] ? ok(n) : checksumFailure(n, 'W_DNI_CHECK_LETTER');
  }
  if ('XYZ'.includes(first)) {
    const digits = String('XYZ'.indexOf(first)) + n.slice(1, 8);
    return last === DNI_LETTERS[int(digits) % 23] ? ok(n) : checksumFailure(n, 'W_NIE_CHECK_LETTER');
  }
  if ('ABCDEFGHJNPQRSUVW'.includes(first)) {
    // organisations use either a digit or a letter as check character
    const check = luhnCheckDigit(n.slice(1, 8));
    return last === String(check) || last === 'JABCDEFGHI'[check] ? ok(n) : checksumFailure(n, 'W_CIF_CHECK_CHARACTER');
  }
  return fail('VAT_FORMAT', n, message);
};

const FI: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_FI');
  if (n.length !== 8) return fail('VAT_LENGTH', n, 'N_FI');
  return weightedSum(n, [7, 9, 10, 5, 8, 4, 2, 1]) % 11 === 0 ? ok(n) : checksumFailure(n);
};

/** Letters allowed in the French key; I and O are excluded to avoid confusion with 1 and 0. */
const FR_KEY_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const FR: NationalValidator = (n) => {
  const message = 'N_FR';
  for (const ch of n.slice(0, 2)) if (!FR_KEY_ALPHABET.includes(ch)) return fail('VAT_FORMAT', n, message);
  if (!isDigits(n.slice(2))) return fail('VAT_FORMAT', n, message);
  if (n.length !== 11) return fail('VAT_LENGTH', n, message);
  const siren = n.slice(2);
  // Monaco numbers (SIREN "000…") are valid TVA numbers without a valid SIREN
  if (!siren.startsWith('000') && luhnChecksum(siren) !== 0) return checksumFailure(n, 'W_SIREN_LUHN_CHECK_DIGIT');
  if (isDigits(n)) {
    return int(n.slice(0, 2)) === mod97(`${siren}12`) ? ok(n) : checksumFailure(n, 'W_NUMERIC_KEY');
  }
  const first = n[0] ?? '0';
  const second = n[1] ?? '0';
  const check = first >= '0' && first <= '9' ? FR_KEY_ALPHABET.indexOf(first) * 24 + FR_KEY_ALPHABET.indexOf(second) - 10 : FR_KEY_ALPHABET.indexOf(first) * 34 + FR_KEY_ALPHABET.indexOf(second) - 100;
  return (int(siren) + 1 + Math.floor(check / 11)) % 11 === check % 11 ? ok(n) : checksumFailure(n, 'W_ALPHANUMERIC_KEY');
};

const HR: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_HR');
  if (n.length !== 11) return fail('VAT_LENGTH', n, 'N_HR');
  return mod11_10Checksum(n) === 1 ? ok(n) : checksumFailure(n, 'W_ISO_7064_MOD_11_10_CHECK_DIGIT');
};

const HU: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_HU');
  if (n.length !== 8) return fail('VAT_LENGTH', n, 'N_HU');
  return weightedSum(n, [9, 7, 3, 1, 9, 7, 3, 1]) % 10 === 0 ? ok(n) : checksumFailure(n);
};

const IE_ALPHABET = 'WABCDEFGHIJKLMNOPQRSTUV';
function irishCheckLetter(sevenDigits: string, suffix: string): string {
  const digits = sevenDigits.padStart(7, '0');
  const suffixIndex = suffix === '' ? 0 : IE_ALPHABET.indexOf(suffix);
  return IE_ALPHABET[(weightedSum(digits, [8, 7, 6, 5, 4, 3, 2]) + 9 * suffixIndex) % 23] ?? '';
}
const IE: NationalValidator = (n) => {
  const message = 'N_IE';
  if (!isDigits(n.slice(0, 1)) || !isDigits(n.slice(2, 7))) return fail('VAT_FORMAT', n, message);
  for (const ch of n.slice(7)) if (!IE_ALPHABET.includes(ch)) return fail('VAT_FORMAT', n, message);
  if (n.length !== 8 && n.length !== 9) return fail('VAT_LENGTH', n, message);
  if (isDigits(n.slice(0, 7))) {
    return n[7] === irishCheckLetter(n.slice(0, 7), n.slice(8)) ? ok(n) : checksumFailure(n, 'W_CHECK_LETTER');
  }
  if (/^[A-Z+*]$/.test(n[1] ?? '')) {
    // old style: the first digit moves to the end of the 7-digit block
    return n[7] === irishCheckLetter(n.slice(2, 7) + n.slice(0, 1), '') ? ok(n) : checksumFailure(n, 'W_CHECK_LETTER');
  }
  return fail('VAT_FORMAT', n, message);
};

const IT: NationalValidator = (n) => {
  if (!isDigits(n) || int(n.slice(0, 7)) === 0) return fail('VAT_FORMAT', n, 'N_IT');
  if (n.length !== 11) return fail('VAT_LENGTH', n, 'N_IT');
  const office = n.slice(7, 10);
  if (!((office >= '001' && office <= '100') || ['120', '121', '888', '999'].includes(office))) {
    return fail('VAT_COMPONENT', n, 'IT_OFFICE', { office });
  }
  return luhnChecksum(n) === 0 ? ok(n) : checksumFailure(n, 'W_LUHN_CHECK_DIGIT');
};

const LT: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_LT');
  if (n.length === 9) {
    if (n[7] !== '1') return fail('VAT_COMPONENT', n, 'N_LT_8');
  } else if (n.length === 12) {
    if (n[10] !== '1') return fail('VAT_COMPONENT', n, 'N_LT_11');
  } else {
    return fail('VAT_LENGTH', n, 'N_LT');
  }
  const body = n.slice(0, -1);
  let check = 0;
  for (let i = 0; i < body.length; i++) check += (1 + (i % 9)) * (body.charCodeAt(i) - 48);
  check %= 11;
  if (check === 10) {
    check = 0;
    for (let i = 0; i < body.length; i++) check += (1 + ((i + 2) % 9)) * (body.charCodeAt(i) - 48);
  }
  return n[n.length - 1] === String((check % 11) % 10) ? ok(n) : checksumFailure(n);
};

const LU: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_LU');
  if (n.length !== 8) return fail('VAT_LENGTH', n, 'N_LU');
  return String(int(n.slice(0, 6)) % 89).padStart(2, '0') === n.slice(6) ? ok(n) : checksumFailure(n, 'W_CHECK_DIGITS');
};

const LV: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_LV');
  if (n.length !== 11) return fail('VAT_LENGTH', n, 'N_LV');
  if (n[0]! > '3') {
    return weightedSum(n, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3 ? ok(n) : checksumFailure(n);
  }
  // personal codes: ddmmyy + century digit, or (since 2017) "32…" without a birth date
  if (!n.startsWith('32')) {
    const year = int(n.slice(4, 6)) + 1800 + int(n.slice(6, 7)) * 100;
    if (!isCalendarDate(year, int(n.slice(2, 4)), int(n.slice(0, 2)))) {
      return fail('VAT_COMPONENT', n, 'N_LV_BIRTH');
    }
  }
  const check = ((1 + weightedSum(n, [10, 5, 8, 4, 2, 1, 6, 3, 7, 9])) % 11) % 10;
  return n[10] === String(check) ? ok(n) : checksumFailure(n);
};

const MT: NationalValidator = (n) => {
  if (!isDigits(n) || n[0] === '0') return fail('VAT_FORMAT', n, 'N_MT_START');
  if (n.length !== 8) return fail('VAT_LENGTH', n, 'N_MT');
  return weightedSum(n, [3, 4, 6, 7, 8, 9, 10, 1]) % 37 === 0 ? ok(n) : checksumFailure(n);
};

function dutchBsnValid(nine: string): boolean {
  return mod(weightedSum(nine, [9, 8, 7, 6, 5, 4, 3, 2]) - (nine.charCodeAt(8) - 48), 11) === 0;
}
const NL: NationalValidator = (input) => {
  const message = 'N_NL';
  let n = input;
  const short = /^(\d{1,8})(B\d\d)$/.exec(n);
  if (short) n = short[1]!.padStart(9, '0') + short[2]!; // leading zeros are often dropped
  if (!isDigits(n.slice(0, 9)) || int(n.slice(0, 9)) <= 0) return fail('VAT_FORMAT', n, message);
  if (!isDigits(n.slice(10)) || int(n.slice(10)) <= 0) return fail('VAT_FORMAT', n, message);
  if (n.length !== 12) return fail('VAT_LENGTH', n, message);
  if (n[9] !== 'B') return fail('VAT_FORMAT', n, message);
  // RSIN/BSN 11-proef, or the ISO 7064 Mod 97,10 number issued to sole traders since 2020
  return dutchBsnValid(n.slice(0, 9)) || mod97(`NL${n}`) === 1 ? ok(n) : checksumFailure(n);
};

const PL: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_PL');
  if (n.length !== 10) return fail('VAT_LENGTH', n, 'N_PL');
  return mod(weightedSum(n, [6, 5, 7, 2, 3, 4, 5, 6, 7, -1]), 11) === 0 ? ok(n) : checksumFailure(n);
};

const PT: NationalValidator = (n) => {
  if (!isDigits(n) || n[0] === '0') return fail('VAT_FORMAT', n, 'N_PT_START');
  if (n.length !== 9) return fail('VAT_LENGTH', n, 'N_PT');
  const check = mod(11 - weightedSum(n, [9, 8, 7, 6, 5, 4, 3, 2]), 11) % 10;
  return n[8] === String(check) ? ok(n) : checksumFailure(n);
};

const RO_CNP_CENTURY: Record<string, number> = { '1': 1900, '2': 1900, '3': 1800, '4': 1800, '5': 2000, '6': 2000 };
const RO: NationalValidator = (n) => {
  if (n.length === 13) {
    // personal numeric code (CNP), accepted by some sources as VAT id
    if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_RO_CNP');
    if (n[0] === '0') return fail('VAT_COMPONENT', n, 'N_RO_CNP_START');
    const year = int(n.slice(1, 3)) + (RO_CNP_CENTURY[n[0]!] ?? 1900);
    if (!isCalendarDate(year, int(n.slice(3, 5)), int(n.slice(5, 7)))) {
      return fail('VAT_COMPONENT', n, 'N_RO_CNP_BIRTH');
    }
    const check = weightedSum(n, [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9]) % 11;
    return n[12] === (check === 10 ? '1' : String(check)) ? ok(n) : checksumFailure(n);
  }
  if (n.length < 2 || n.length > 10) return fail('VAT_LENGTH', n, 'N_RO_CUI_LENGTH');
  if (!isDigits(n) || n[0] === '0') return fail('VAT_FORMAT', n, 'N_RO_CUI');
  const body = n.slice(0, -1).padStart(9, '0');
  const check = ((10 * weightedSum(body, [7, 5, 3, 2, 1, 7, 5, 3, 2])) % 11) % 10;
  return n[n.length - 1] === String(check) ? ok(n) : checksumFailure(n);
};

const SE: NationalValidator = (n) => {
  if (!isDigits(n) || n.slice(-2) !== '01') return fail('VAT_FORMAT', n, 'N_SE_FORM');
  if (n.length !== 12) return fail('VAT_LENGTH', n, 'N_SE');
  return luhnChecksum(n.slice(0, 10)) === 0 ? ok(n) : checksumFailure(n, 'W_LUHN_CHECK_DIGIT');
};

const SI: NationalValidator = (n) => {
  if (!isDigits(n) || n[0] === '0') return fail('VAT_FORMAT', n, 'N_SI_START');
  if (n.length !== 8) return fail('VAT_LENGTH', n, 'N_SI');
  const check = 11 - (weightedSum(n, [8, 7, 6, 5, 4, 3, 2]) % 11);
  // 11 has no single-digit representation: such numbers are never issued
  return n[7] === (check === 10 ? '0' : String(check)) ? ok(n) : checksumFailure(n);
};

const SK: NationalValidator = (n) => {
  if (!isDigits(n)) return fail('VAT_FORMAT', n, 'N_SK');
  if (n.length !== 10) return fail('VAT_LENGTH', n, 'N_SK');
  if (birthNumberFailure(n) === null) return ok(n); // a birth number (rodné číslo) is accepted too
  if (n[0] === '0' || !'234789'.includes(n[2]!)) {
    return fail('VAT_FORMAT', n, 'N_SK_FORM');
  }
  return int(n) % 11 === 0 ? ok(n) : checksumFailure(n, 'W_MOD_11_CHECK');
};

const XI: NationalValidator = (n) => {
  const message = 'N_XI';
  if (n.length === 5) {
    if (!isDigits(n.slice(2))) return fail('VAT_FORMAT', n, message);
    const serial = int(n.slice(2));
    if ((n.startsWith('GD') && serial < 500) || (n.startsWith('HA') && serial >= 500)) return ok(n);
    return fail('VAT_COMPONENT', n, 'N_XI_GDHA');
  }
  if (n.length === 11 && (n.startsWith('GD8888') || n.startsWith('HA8888'))) {
    if (!isDigits(n.slice(6))) return fail('VAT_FORMAT', n, message);
    const serial = int(n.slice(6, 9));
    if (!((n.startsWith('GD') && serial < 500) || (n.startsWith('HA') && serial >= 500))) {
      return fail('VAT_COMPONENT', n, 'N_XI_GDHA');
    }
    return serial % 97 === int(n.slice(9)) ? ok(n) : checksumFailure(n);
  }
  if (n.length === 9 || n.length === 12) {
    if (!isDigits(n)) return fail('VAT_FORMAT', n, message);
    const sum = weightedSum(n, [8, 7, 6, 5, 4, 3, 2, 10, 1]) % 97;
    // numbers from 100 on may also use the 2010 "mod 9755" scheme (remainders 42 and 55)
    const accepted = int(n.slice(0, 3)) >= 100 ? sum === 0 || sum === 42 || sum === 55 : sum === 0;
    return accepted ? ok(n) : checksumFailure(n);
  }
  return fail('VAT_LENGTH', n, message);
};

/** VIES country codes (EL for Greece, XI for Northern Ireland) with their national validators. */
export const NATIONAL_VALIDATORS: Readonly<Record<string, NationalValidator>> = {
  AT,
  BE,
  BG,
  CY,
  CZ,
  DE,
  DK,
  EE,
  EL,
  ES,
  FI,
  FR,
  HR,
  HU,
  IE,
  IT,
  LT,
  LU,
  LV,
  MT,
  NL,
  PL,
  PT,
  RO,
  SE,
  SI,
  SK,
  XI,
};
