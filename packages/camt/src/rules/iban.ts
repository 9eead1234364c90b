/** IBAN checks (ISO 13616): format, country length from the SWIFT IBAN registry, mod-97 check digits. */
import { IBAN_LENGTHS as ibanLengths, ibanMod97 as mod97 } from '@kontor/xml';

export type IbanProblem = 'format' | 'length' | 'checksum';

/** undefined when the IBAN is valid, else what is wrong. Spaces are not allowed (camt carries the electronic form). */
export function ibanProblem(iban: string): IbanProblem | undefined {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return 'format';
  const expected = ibanLengths[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return 'length';
  return mod97(iban) === 1 ? undefined : 'checksum';
}

export function isValidIban(iban: string): boolean {
  return ibanProblem(iban) === undefined;
}

export function ibanProblemGerman(iban: string, p: IbanProblem): string {
  switch (p) {
    case 'format':
      return `„${iban}“ ist keine IBAN in elektronischer Form (Ländercode, zwei Prüfziffern, bis zu 30 Zeichen ohne Leerzeichen).`;
    case 'length':
      return `IBAN „${iban}“ hat ${iban.length} Zeichen; für ${iban.slice(0, 2)} sind ${ibanLengths[iban.slice(0, 2)]} vorgeschrieben.`;
    case 'checksum':
      return `Die Prüfziffern der IBAN „${iban}“ stimmen nicht (Modulo-97-Prüfung nach ISO 13616).`;
  }
}
