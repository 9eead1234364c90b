/** IBAN checks of camt: the one rule set of @kontor/xml (electronic form, registry country and length, mod 97). */
import { ibanMessages, ibanProblem, message, type IbanProblem, type Lang } from '@kontor/xml';

export { ibanProblem, type IbanProblem } from '@kontor/xml';

/**
 * @example
 * ```ts
 * isValidIban('DE89370400440532013000'); // true
 * isValidIban('DE89370400440532013001'); // false (check digits)
 * ```
 */
export function isValidIban(iban: string): boolean {
  return ibanProblem(iban) === undefined;
}

/** The problem as a sentence in `lang`. */
export function ibanText(iban: string, p: IbanProblem, lang: Lang): string {
  return message(ibanMessages, p.code, lang, { iban, ...p });
}
