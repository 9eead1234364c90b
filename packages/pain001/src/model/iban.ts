/** pain.001's view of the one IBAN rule set (@kontor/xml ibanProblem): its finding codes and the problem text. */
import { ibanMessages, message, type IbanProblem, type Lang } from '@kontor/xml';

/** pain.001's stable finding code for each shared IBAN problem (unchanged since before the shared module). */
export const IBAN_FINDING_CODES = {
  IBAN_FORMAT: 'IBAN_INVALID_FORMAT',
  IBAN_COUNTRY: 'IBAN_UNKNOWN_COUNTRY',
  IBAN_LENGTH: 'IBAN_COUNTRY_FORMAT',
  IBAN_CHECKSUM: 'IBAN_CHECKSUM',
} as const satisfies Record<IbanProblem['code'], string>;

export type IbanFindingCode = (typeof IBAN_FINDING_CODES)[IbanProblem['code']];

/** The finding code and the problem sentence in `lang`. */
export function ibanFinding(iban: string, p: IbanProblem, lang: Lang): { code: IbanFindingCode; problem: string } {
  return { code: IBAN_FINDING_CODES[p.code], problem: message(ibanMessages, p.code, lang, { iban, ...p }) };
}
