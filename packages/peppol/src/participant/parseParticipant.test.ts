import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PeppolError } from '../errors';
import { isValidGs1CheckDigit, isValidLeitwegId } from './checkDigits';
import { parseParticipant, tryParseParticipant } from './parseParticipant';

describe('parseParticipant: accepted forms', () => {
  it.each([
    ['iso6523-actorid-upis::0088:7300010000001', '0088:7300010000001', 'identifier'],
    ['ISO6523-ACTORID-UPIS::9915:test', '9915:test', 'identifier'],
    ['  0088:4000001000005 ', '0088:4000001000005', 'icd-value'],
    ['9930:DE136695976', '9930:DE136695976', 'icd-value'],
    ['0204:04011000-1234512345-06', '0204:04011000-1234512345-06', 'icd-value'],
    ['urn:oasis:names:tc:ebcore:partyid-type:iso6523:0088:7300010000001', '0088:7300010000001', 'ebcore-urn'],
    ['7300010000001', '0088:7300010000001', 'gln'],
    ['4 000001 000005', '0088:4000001000005', 'gln'],
    ['DE136695976', '9930:DE136695976', 'de-vat'],
    ['de 136 695 976', '9930:DE136695976', 'de-vat'],
    ['04011000-1234512345-06', '0204:04011000-1234512345-06', 'leitweg-id'],
    ['991-33333TEST-33', '0204:991-33333TEST-33', 'leitweg-id'],
  ])('%j → %s (%s)', (input, value, kind) => {
    const result = tryParseParticipant(input);
    expect(result).toEqual({
      ok: true,
      participant: { scheme: 'iso6523-actorid-upis', value, identifier: `iso6523-actorid-upis::${value}` },
      interpretedAs: kind,
    });
  });
});

describe('parseParticipant: refused forms', () => {
  it.each([
    ['', 'PARTICIPANT_EMPTY'],
    ['   ', 'PARTICIPANT_EMPTY'],
    ['x'.repeat(201), 'PARTICIPANT_TOO_LONG'],
    [`0088:${'1'.repeat(130)}`, 'PARTICIPANT_TOO_LONG'],
    ['busdox-docid-qns::urn:x', 'PARTICIPANT_SCHEME_UNSUPPORTED'],
    ['iso6523-actorid-upis::7300010000001', 'PARTICIPANT_VALUE_INVALID'],
    ['iso6523-actorid-upis::88:7300010000001', 'PARTICIPANT_ICD_INVALID'],
    ['0088:', 'PARTICIPANT_VALUE_INVALID'],
    ['0088:has space', 'PARTICIPANT_VALUE_INVALID'],
    ['0088:12345', 'PARTICIPANT_VALUE_INVALID'],
    ['0088:7300010000002', 'PARTICIPANT_GLN_CHECKSUM'],
    ['7300010000002', 'PARTICIPANT_GLN_CHECKSUM'],
    ['0204:not-a-leitweg', 'PARTICIPANT_LEITWEG_FORMAT'],
    ['0204:04011000-1234512345-07', 'PARTICIPANT_LEITWEG_CHECKSUM'],
    ['04011000-1234512345-07', 'PARTICIPANT_LEITWEG_CHECKSUM'],
    ['9930:DE136695978', 'PARTICIPANT_VAT_CHECKSUM'],
    ['DE136695978', 'PARTICIPANT_VAT_CHECKSUM'],
    ['ATU13585627', 'PARTICIPANT_UNRECOGNISED'],
    ['hello world', 'PARTICIPANT_UNRECOGNISED'],
  ])('%j → %s', (input, reason) => {
    const result = tryParseParticipant(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBe(reason);
  });

  it('throws a typed PARTICIPANT_INVALID error with the reason', () => {
    try {
      parseParticipant('0088:7300010000002');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PeppolError);
      expect((error as PeppolError).code).toBe('PARTICIPANT_INVALID');
      expect((error as PeppolError).details?.reason).toBe('PARTICIPANT_GLN_CHECKSUM');
    }
  });

  it('keeps unknown ICDs (the SML is authoritative) and treats non-strings as misuse', () => {
    expect(parseParticipant('0246:anything-goes').value).toBe('0246:anything-goes');
    expect(() => parseParticipant(undefined as unknown as string)).toThrow(PeppolError);
  });
});

describe('check digits', () => {
  it('GS1: exactly one check digit completes any 12-digit GLN body', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{12}$/), (body) => [...'0123456789'].filter((d) => isValidGs1CheckDigit(body + d)).length === 1));
  });

  it('Leitweg-ID: exactly one pair of check digits completes any id, and single substitutions are caught', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{2,12}$/), fc.stringMatching(/^[A-Z0-9]{1,10}$/), (coarse, fine) => {
        const valid = Array.from({ length: 100 }, (_, n) => `${coarse}-${fine}-${String(n).padStart(2, '0')}`).filter(isValidLeitwegId);
        if (valid.length !== 1) return false;
        const id = valid[0]!;
        const position = id.search(/\d/);
        const mutated = id.slice(0, position) + String((Number(id[position]) + 1) % 10) + id.slice(position + 1);
        return !isValidLeitwegId(mutated);
      }),
      { numRuns: 200 },
    );
  });

  it('Leitweg-ID check letters are case-insensitive', () => {
    expect(isValidLeitwegId('991-33333test-33')).toBe(true);
  });
});
