/**
 * PaymentRun (spec §2.9) as valibot schemas, one per profile and character set, with every documented limit.
 *
 * How the schema splits 400 from 422: type errors, missing required fields and wrong shapes are valibot
 * "schema" issues (HTTP 400); every limit (lengths, patterns, amount bounds, code values, character set) is
 * a "validation" issue carrying a stable code and a German message (HTTP 422, together with the business
 * rules). Transformations (trimming, upper-casing, transliteration) run before the limits, so lengths are
 * measured on the text that is written into the file.
 *
 * Limits (SCT = DK GBIC_5 / EPC, AXZ = ISO 20022 pain.001.001.09):
 * | field | SCT | AXZ |
 * |---|---|---|
 * | debtor.name, creditorName, ultimate*.name | 1-70 | 1-140 |
 * | creditorAgent.name | - | 1-140 |
 * | remittanceInfo (Ustrd) | 1-140 | 1-140 |
 * | endToEndId, instructionId | 1-35, pattern [A-Za-z0-9+?/-:().,' ] | same |
 * | initiatingPartyId, debtor.id, creditorId, ultimate*.id | 1-35 | 1-35 |
 * | creditorAccountOther | - | 1-34 |
 * | address: streetName 70, buildingNumber 16, postCode 16, townName 35, countrySubDivision 35, countryCode ISO 3166 alpha-2 |
 * | amount | 0.01 - 999,999,999.99, ≤ 2 decimals | 0.01 - 999,999,999,999.99, ≤ 2 decimals (0 for JPY etc.) |
 * | purposeCode | 1-4 [A-Z0-9] | same |
 * | payments | 1 - 100,000 | 1 - 100,000 |
 */
import * as v from 'valibot';
import Big from 'big.js';
import { transliterate, isInCharacterSet, unsupportedCharacters, ID_PATTERN, type CharacterSet } from './charset';
import { BIC_PATTERN, normalizeIban } from './identifiers';
import { isIsoDate } from './dates';
import { CENTS, plainCents } from './cents';
import type { Pain001MessageKey } from '../messages';
import { compileFastPath } from './fast-run';

export type Profile = 'sct' | 'axz';

export const LIMITS = {
  sct: { name: 70, agentName: 140, amountMax: '999999999.99' },
  axz: { name: 140, agentName: 140, amountMax: '999999999999.99' },
  remittance: 140,
  id: 35,
  accountOther: 34,
  street: 70,
  buildingNumber: 16,
  postCode: 16,
  town: 35,
  subDivision: 35,
  amountDecimals: 2,
  payments: 100_000,
} as const;

/**
 * Separator inside valibot messages: `code␟key␟params-json`, where key is a ../messages catalogue key; split again and
 * worded in the language asked for by parsePaymentRun.
 */
export const CODE_SEP = '\u241F';
const M = (code: string, key: Pain001MessageKey, params: Record<string, string | number> = {}) => `${code}${CODE_SEP}${key}${CODE_SEP}${JSON.stringify(params)}`;

const upper = v.transform((s: string) => s.trim().toUpperCase());

function text(label: string, code: string, max: number, set: CharacterSet) {
  return v.pipe(
    v.string(),
    v.transform((s: string) => transliterate(s, set)),
    v.minLength(1, M(`${code}_MISSING`, 'TEXT_EMPTY', { label })),
    v.maxLength(max, M(`${code}_TOO_LONG`, 'TEXT_TOO_LONG', { label, max })),
    v.check(
      (s: string) => isInCharacterSet(s, set),
      (issue) => M('UNSUPPORTED_CHARACTER', 'TEXT_CHARSET', { label, chars: unsupportedCharacters(String(issue.input), set).join(' ') }),
    ),
  );
}

function identifier(label: string, code: string) {
  return v.pipe(
    v.string(),
    v.transform((s: string) => s.trim()),
    v.minLength(1, M(`${code}_MISSING`, 'TEXT_EMPTY', { label })),
    v.maxLength(LIMITS.id, M(`${code}_TOO_LONG`, 'TEXT_TOO_LONG', { label, max: LIMITS.id })),
    v.regex(ID_PATTERN, M(`${code}_CHARSET`, 'ID_CHARSET_RUN', { label })),
  );
}

/** Already upper-case letters and digits only: what normalizeIban and the BIC transform give back unchanged. */
const PLAIN_ALNUM = /^[A-Z0-9]+$/;
const iban = (label: string) =>
  v.pipe(
    v.string(),
    v.transform((s: string) => (PLAIN_ALNUM.test(s) ? s : normalizeIban(s))),
    v.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/, M('IBAN_INVALID_FORMAT', 'IBAN_FORMAT_RUN', { label })),
  );

const bic = (label: string) =>
  v.pipe(
    v.string(),
    v.transform((s: string) => (PLAIN_ALNUM.test(s) ? s : s.replace(/\s+/g, '').toUpperCase())),
    v.regex(BIC_PATTERN, M('BIC_INVALID', 'BIC_FORMAT_RUN', { label })),
  );

const country = (label: string) => v.pipe(v.string(), upper, v.regex(/^[A-Z]{2}$/, M('COUNTRY_CODE_INVALID', 'COUNTRY_FORMAT_RUN', { label })));

function address(set: CharacterSet, label: string) {
  return v.object({
    streetName: v.optional(text(`${label}+F_STREET`, 'ADDRESS_STREET', LIMITS.street, set)),
    buildingNumber: v.optional(text(`${label}+F_BUILDING`, 'ADDRESS_BUILDING_NUMBER', LIMITS.buildingNumber, set)),
    postCode: v.optional(text(`${label}+F_POSTCODE`, 'ADDRESS_POST_CODE', LIMITS.postCode, set)),
    townName: v.optional(text(`${label}+F_TOWN`, 'ADDRESS_TOWN', LIMITS.town, set)),
    countrySubDivision: v.optional(text(`${label}+F_SUBDIVISION`, 'ADDRESS_SUBDIVISION', LIMITS.subDivision, set)),
    countryCode: v.optional(country(label)),
  });
}

function plainDecimal(x: number | string): string {
  // A leading '+' is dropped ('+5' is 5; big.js and the file want no sign).
  if (typeof x === 'string') {
    // Starts and ends with a digit (nearly every amount): nothing to trim, no sign.
    const a = x.charCodeAt(0);
    const z = x.charCodeAt(x.length - 1);
    if (a >= 48 && a <= 57 && z >= 48 && z <= 57) return x;
    return x.trim().replace(/^\+(?=\d)/, '');
  }
  try {
    return new Big(String(x)).toFixed();
  } catch {
    return String(x);
  }
}

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
const safe = (s: string, f: (b: Big) => boolean) => !DECIMAL.test(s) || f(new Big(s));
/** Digits with at most 2 decimals (nearly every amount): checked in integer cents, without a decimal object. */
function centsOf(s: string): number | bigint | null {
  const plain = plainCents(s);
  if (plain >= 0) return plain;
  const m = CENTS.exec(s);
  if (m === null) return null;
  const int = m[1]!;
  const f = m[2];
  // Up to 13 integer digits the cents are exact as a double (< 2^53); beyond, BigInt. Both compare exactly with bigint.
  if (int.length <= 13) return Number(int) * 100 + (f === undefined ? 0 : f.length === 1 ? Number(f) * 10 : Number(f));
  return BigInt(int) * 100n + (f === undefined ? 0n : BigInt(f.length === 1 ? `${f}0` : f));
}

function amount(max: string) {
  const maxCents = centsOf(new Big(max).toFixed(2))!;
  return v.pipe(
    v.union([v.number(), v.string()]),
    v.transform(plainDecimal),
    v.regex(DECIMAL, M('AMOUNT_INVALID', 'AMOUNT_NOT_DECIMAL_RUN')),
    v.check(
      (s: string) => {
        const c = centsOf(s);
        return c === null ? safe(s, (b) => b.gt(0)) : c > 0;
      },
      M('AMOUNT_NOT_POSITIVE', 'AMOUNT_NOT_POSITIVE_RUN'),
    ),
    v.check((s: string) => (LIMITS.amountDecimals >= 2 && CENTS.test(s)) || safe(s, (b) => b.round(LIMITS.amountDecimals, Big.roundDown).eq(b)), M('AMOUNT_TOO_MANY_DECIMALS', 'AMOUNT_DECIMALS_RUN')),
    v.check(
      (s: string) => {
        const c = centsOf(s);
        return c === null ? safe(s, (b) => b.lte(max)) : c <= maxCents;
      },
      M('AMOUNT_TOO_LARGE', 'AMOUNT_TOO_LARGE_RUN', { max: new Big(max).toFixed(2) }),
    ),
  );
}

const code = (label: string, errCode: string, allowed: readonly string[]) =>
  v.pipe(
    v.string(),
    upper,
    v.check((s: string) => allowed.includes(s), M(errCode, 'CODE_NOT_ALLOWED', { label, allowed: allowed.join(', ') })),
  );

function party(set: CharacterSet, nameMax: number, label: string) {
  return v.object({
    name: v.optional(text(`${label}+F_NAME`, 'NAME', nameMax, set)),
    id: v.optional(identifierText(`${label}+F_ID`, 'PARTY_ID', set)),
    address: v.optional(address(set, label)),
  });
}

/** Party identifiers (LEI, BIC, other) are free text up to 35 characters in the character set. */
function identifierText(label: string, errCode: string, set: CharacterSet) {
  return text(label, errCode, LIMITS.id, set);
}

function buildSchema(profile: Profile, set: CharacterSet) {
  const lim = LIMITS[profile];
  const payment = v.object({
    creditorName: text('L_CREDITOR_NAME', 'NAME', lim.name, set),
    creditorIban: v.optional(iban('L_CREDITOR_IBAN')),
    creditorBic: v.optional(bic('L_CREDITOR_BIC')),
    creditorAccountOther: v.optional(
      v.pipe(
        v.string(),
        v.transform((s: string) => s.replace(/\s+/g, '')),
        v.minLength(1, M('ACCOUNT_OTHER_MISSING', 'ACCOUNT_OTHER_EMPTY')),
        v.maxLength(LIMITS.accountOther, M('ACCOUNT_OTHER_TOO_LONG', 'ACCOUNT_OTHER_TOO_LONG', { max: LIMITS.accountOther })),
        v.regex(/^[A-Za-z0-9/\-?:().,'+]+$/, M('ACCOUNT_OTHER_CHARSET', 'ACCOUNT_OTHER_CHARSET')),
      ),
    ),
    creditorAgent: v.optional(
      v.object({
        bic: v.optional(bic('L_AGENT_BIC')),
        name: v.optional(text('L_AGENT_NAME', 'AGENT_NAME', lim.agentName, set)),
        address: v.optional(address(set, 'L_AGENT_ADDRESS')),
        clearingSystemId: v.optional(v.pipe(v.string(), upper, v.regex(/^[A-Z]{5}$/, M('CLEARING_SYSTEM_INVALID', 'CLEARING_SYSTEM_INVALID')))),
        clearingMemberId: v.optional(identifierText('L_AGENT_CLEARING', 'CLEARING_MEMBER_ID', set)),
      }),
    ),
    creditorAddress: v.optional(address(set, 'L_CREDITOR_ADDRESS')),
    amount: amount(lim.amountMax),
    currency: v.optional(v.pipe(v.string(), upper, v.regex(/^[A-Z]{3}$/, M('CURRENCY_INVALID', 'CURRENCY_FORMAT_RUN')))),
    remittanceInfo: v.optional(text('L_REMITTANCE', 'REMITTANCE', LIMITS.remittance, set)),
    endToEndId: v.optional(identifier('L_END_TO_END_ID', 'END_TO_END_ID')),
    instructionId: v.optional(identifier('L_INSTRUCTION_ID', 'INSTRUCTION_ID')),
    creditorId: v.optional(identifierText('L_CREDITOR_ID', 'PARTY_ID', set)),
    purposeCode: v.optional(v.pipe(v.string(), upper, v.regex(/^[A-Z0-9]{1,4}$/, M('PURPOSE_CODE_INVALID', 'PURPOSE_CODE_INVALID')))),
    ultimateDebtor: v.optional(party(set, lim.name, 'L_ULTIMATE_DEBTOR')),
    ultimateCreditor: v.optional(party(set, lim.name, 'L_ULTIMATE_CREDITOR')),
    categoryPurpose: v.optional(code('categoryPurpose', 'CATEGORY_PURPOSE_INVALID', ['SALA'])),
    instrPrty: v.optional(code('instrPrty', 'PRIORITY_INVALID', ['HIGH', 'NORM'])),
    chargeBearer: v.optional(code('chargeBearer', 'CHARGE_BEARER_INVALID', ['SHAR', 'DEBT', 'CRED'])),
    serviceLevel: v.optional(code('serviceLevel', 'SERVICE_LEVEL_INVALID', ['NURG', 'URGP', 'SDVA'])),
    requestedExecutionDate: v.optional(
      v.pipe(
        v.string(),
        v.transform((s: string) => s.trim()),
        v.check(isIsoDate, M('EXECUTION_DATE_INVALID', 'EXECUTION_DATE_FORMAT_RUN')),
      ),
    ),
  });
  return v.object({
    debtor: v.object({
      name: text('L_DEBTOR_NAME', 'NAME', lim.name, set),
      iban: iban('L_DEBTOR_IBAN'),
      bic: v.optional(bic('L_DEBTOR_BIC')),
      currency: v.optional(v.pipe(v.string(), upper, v.regex(/^[A-Z]{3}$/, M('CURRENCY_INVALID', 'ACCOUNT_CURRENCY_FORMAT_RUN')))),
      address: v.optional(address(set, 'L_DEBTOR_ADDRESS')),
      id: v.optional(identifierText('L_DEBTOR_ID', 'PARTY_ID', set)),
    }),
    requestedExecutionDate: v.pipe(
      v.string(),
      v.transform((s: string) => s.trim()),
      v.check(isIsoDate, M('EXECUTION_DATE_INVALID', 'EXECUTION_DATE_FORMAT_RUN')),
    ),
    initiatingPartyId: v.optional(identifierText('L_INITIATING_ID', 'PARTY_ID', set)),
    initiatingPartyName: v.optional(text('L_INITIATING_NAME', 'NAME', 70, set)),
    batchBooking: v.optional(v.boolean()),
    payments: v.pipe(v.array(payment), v.minLength(1, M('PAYMENTS_EMPTY', 'PAYMENTS_EMPTY')), v.maxLength(LIMITS.payments, M('PAYMENTS_TOO_MANY', 'PAYMENTS_TOO_MANY', { max: LIMITS.payments }))),
  });
}

export type PaymentRunSchema = ReturnType<typeof buildSchema>;
/** The JSON a caller sends (spec §2.9). */
export type PaymentRunInput = v.InferInput<PaymentRunSchema>;
/** The normalised run after the schema (trimmed, upper-cased codes, transliterated texts, amounts as decimal strings). */
export type PaymentRun = v.InferOutput<PaymentRunSchema>;
export type Payment = PaymentRun['payments'][number];
export type PostalAddress = NonNullable<Payment['creditorAddress']>;
export type UltimateParty = NonNullable<Payment['ultimateDebtor']>;

const SCHEMAS: Readonly<Record<Profile, Readonly<Record<CharacterSet, PaymentRunSchema>>>> = {
  sct: { epc: buildSchema('sct', 'epc'), dk: buildSchema('sct', 'dk') },
  axz: { epc: buildSchema('axz', 'epc'), dk: buildSchema('axz', 'dk') },
};

/**
 * The schema for a profile and character set (prebuilt, immutable).
 * @example
 * ```ts
 * import * as v from 'valibot';
 * const r = v.safeParse(paymentRunSchema('sct', 'epc'), run);
 * if (!r.success) console.log(r.issues.map((i) => i.message));
 * ```
 */
export function paymentRunSchema(profile: Profile, characterSet: CharacterSet = 'epc'): PaymentRunSchema {
  return SCHEMAS[profile][characterSet];
}

const FAST_PATHS = {
  sct: { epc: compileFastPath(SCHEMAS.sct.epc), dk: compileFastPath(SCHEMAS.sct.dk) },
  axz: { epc: compileFastPath(SCHEMAS.axz.epc), dk: compileFastPath(SCHEMAS.axz.dk) },
} as const;

/**
 * The schema compiled into its fast path (fast-run.ts): the parsed run when valibot would report no issue, else
 * FAST_FAIL (then run the schema). undefined if the schema could not be compiled.
 */
export function paymentRunFastPath(profile: Profile, characterSet: CharacterSet = 'epc') {
  return FAST_PATHS[profile][characterSet];
}
