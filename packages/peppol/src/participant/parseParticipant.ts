/**
 * Peppol participant identifiers (protocols.md §2.1): the full `iso6523-actorid-upis::ICD:id`
 * form, `ICD:id`, the ebCore party-id URN, and bare forms people type: a GLN (→ 0088), a German
 * VAT id (→ 9930) or a Leitweg-ID (→ 0204), each only with a correct check digit.
 */
import { PeppolError, type ParticipantReason } from '../errors';
import { LEITWEG_ID_PATTERN, isValidGermanVatNumber, isValidGs1CheckDigit, isValidLeitwegId } from './checkDigits';

export const PARTICIPANT_SCHEME = 'iso6523-actorid-upis';

export interface ParticipantId {
  /** Always `iso6523-actorid-upis`. */
  scheme: string;
  /** `ICD:id`, e.g. `0088:7300010000001`. */
  value: string;
  /** `scheme::value`, the form used in SMP URLs and the Directory. */
  identifier: string;
}

export type ParticipantParseResult = { ok: true; participant: ParticipantId; interpretedAs: ParticipantInputKind } | { ok: false; reason: ParticipantReason; message: string };

/** How the input was read; useful to show "bare GLN → 0088" to a user. */
export type ParticipantInputKind = 'identifier' | 'icd-value' | 'ebcore-urn' | 'gln' | 'de-vat' | 'leitweg-id';

/** Identifier values are limited to 130 characters since the 2025 Peppol identifier policy. */
const MAX_VALUE_LENGTH = 130;

/** Names of the ICDs mentioned in protocols.md §2.1 (not a validity list: any 4-digit ICD is accepted). */
export const KNOWN_ICD_NAMES: Readonly<Record<string, string>> = {
  '0002': 'FR:SIRENE',
  '0007': 'SE:ORGNR',
  '0009': 'FR:SIRET',
  '0060': 'DUNS',
  '0088': 'GLN',
  '0184': 'DK:DIGST',
  '0192': 'NO:ORG',
  '0204': 'DE:LWID',
  '0208': 'BE:EN',
  '0210': 'IT:CFI',
  '0211': 'IT:IVA',
  '0246': 'DE:GEBA',
  '9914': 'AT:VAT',
  '9915': 'AT:GOV',
  '9925': 'BE:VAT',
  '9930': 'DE:VAT',
};

const fail = (reason: ParticipantReason, message: string): ParticipantParseResult => ({ ok: false, reason, message });

function participant(value: string, interpretedAs: ParticipantInputKind): ParticipantParseResult {
  return { ok: true, participant: { scheme: PARTICIPANT_SCHEME, value, identifier: `${PARTICIPANT_SCHEME}::${value}` }, interpretedAs };
}

/** Checks an `ICD:id` value; known schemes with check digits are verified. */
function parseIcdValue(icd: string, id: string, interpretedAs: ParticipantInputKind): ParticipantParseResult {
  if (!/^\d{4}$/.test(icd)) return fail('PARTICIPANT_ICD_INVALID', `"${icd}" is not a 4-digit ISO 6523 ICD.`);
  if (id.length === 0) return fail('PARTICIPANT_VALUE_INVALID', 'The identifier after the ICD is empty.');
  // printable ASCII without spaces: anything else cannot be registered in the SML
  if (!/^[\x21-\x7e]+$/.test(id)) return fail('PARTICIPANT_VALUE_INVALID', 'The identifier contains spaces or non-ASCII characters.');
  const value = `${icd}:${id}`;
  if (value.length > MAX_VALUE_LENGTH) return fail('PARTICIPANT_TOO_LONG', `Participant values are limited to ${MAX_VALUE_LENGTH} characters.`);
  if (icd === '0088') {
    if (!/^\d{13}$/.test(id)) return fail('PARTICIPANT_VALUE_INVALID', 'A GLN (0088) has 13 digits.');
    if (!isValidGs1CheckDigit(id)) return fail('PARTICIPANT_GLN_CHECKSUM', 'The GLN check digit does not match.');
  } else if (icd === '0204') {
    if (!LEITWEG_ID_PATTERN.test(id)) {
      return fail('PARTICIPANT_LEITWEG_FORMAT', 'A Leitweg-ID is 2-12 digits, an optional part of up to 30 letters/digits and 2 check digits, joined by hyphens.');
    }
    if (!isValidLeitwegId(id)) return fail('PARTICIPANT_LEITWEG_CHECKSUM', 'The Leitweg-ID check digits (ISO 7064 Mod 97-10) do not match.');
  } else if (icd === '9930' && /^de/i.test(id)) {
    if (!isValidGermanVatNumber(id.slice(2))) return fail('PARTICIPANT_VAT_CHECKSUM', 'Not a valid German VAT id (DE + 9 digits with check digit).');
  }
  return participant(value, interpretedAs);
}

/**
 * Non-throwing parser.
 * @example
 * ```ts
 * const r = tryParseParticipant('0204:04011000-1234512345-06');
 * if (r.ok) console.log(r.participant.value, r.interpretedAs); else console.log(r.reason, r.message);
 * ```
 */
export function tryParseParticipant(input: string): ParticipantParseResult {
  if (typeof input !== 'string') throw new PeppolError('INVALID_ARGUMENT', 'parseParticipant expects a string.');
  const text = input.trim();
  if (text.length === 0) return fail('PARTICIPANT_EMPTY', 'No participant identifier given.');
  if (text.length > 200) return fail('PARTICIPANT_TOO_LONG', 'The input is longer than 200 characters.');

  const separator = text.indexOf('::');
  if (separator >= 0) {
    const scheme = text.slice(0, separator).toLowerCase();
    if (scheme !== PARTICIPANT_SCHEME) {
      return fail('PARTICIPANT_SCHEME_UNSUPPORTED', `Peppol participants use the scheme ${PARTICIPANT_SCHEME}, not "${text.slice(0, separator)}".`);
    }
    const value = text.slice(separator + 2);
    const colon = value.indexOf(':');
    if (colon < 0) return fail('PARTICIPANT_VALUE_INVALID', 'The value must have the form ICD:identifier, e.g. 0088:7300010000001.');
    return parseIcdValue(value.slice(0, colon), value.slice(colon + 1), 'identifier');
  }

  const urn = /^urn:oasis:names:tc:ebcore:partyid-type:iso6523:(\d{4}):(.*)$/i.exec(text);
  if (urn) return parseIcdValue(urn[1]!, urn[2]!, 'ebcore-urn');

  const icdValue = /^(\d{4}):(.*)$/.exec(text);
  if (icdValue) return parseIcdValue(icdValue[1]!, icdValue[2]!, 'icd-value');

  // Bare forms: spaces are tolerated in a GLN and a VAT id as people write them.
  const compact = text.replace(/[\s.]/g, '');
  if (/^\d{13}$/.test(compact)) {
    if (!isValidGs1CheckDigit(compact)) return fail('PARTICIPANT_GLN_CHECKSUM', 'A 13-digit number is read as GLN, but its check digit does not match.');
    return participant(`0088:${compact}`, 'gln');
  }
  const vat = text.replace(/[\s.-]/g, '');
  if (/^de\d{9}$/i.test(vat)) {
    if (!isValidGermanVatNumber(vat.slice(2))) return fail('PARTICIPANT_VAT_CHECKSUM', 'The German VAT id check digit does not match.');
    return participant(`9930:DE${vat.slice(2)}`, 'de-vat');
  }
  if (LEITWEG_ID_PATTERN.test(text)) {
    if (!isValidLeitwegId(text)) return fail('PARTICIPANT_LEITWEG_CHECKSUM', 'The Leitweg-ID check digits (ISO 7064 Mod 97-10) do not match.');
    return participant(`0204:${text}`, 'leitweg-id');
  }
  return fail('PARTICIPANT_UNRECOGNISED', 'Expected iso6523-actorid-upis::ICD:id, ICD:id, a 13-digit GLN, a German VAT id (DE + 9 digits) or a Leitweg-ID.');
}

/**
 * Parses a participant identifier or throws PeppolError('PARTICIPANT_INVALID') with a `reason`.
 * @example
 * ```ts
 * parseParticipant('9930:de136695976'); // { scheme: 'iso6523-actorid-upis', value: '9930:de136695976', … }
 * parseParticipant('nonsense');         // throws PeppolError
 * ```
 */
export function parseParticipant(input: string): ParticipantId {
  const result = tryParseParticipant(input);
  if (!result.ok) throw new PeppolError('PARTICIPANT_INVALID', result.message, { details: { reason: result.reason } });
  return result.participant;
}
