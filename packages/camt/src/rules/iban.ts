/** IBAN checks (ISO 13616): format, country length from the SWIFT IBAN registry, mod-97 check digits. */

/** IBAN lengths per country (SWIFT IBAN registry). Countries not listed get the generic 15..34 bound. */
const ibanLengths: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23,
  GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28,
  LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24,
  SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

export type IbanProblem = 'format' | 'length' | 'checksum';

/** undefined when the IBAN is valid, else what is wrong. Spaces are not allowed (camt carries the electronic form). */
export function ibanProblem(iban: string): IbanProblem | undefined {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return 'format';
  const expected = ibanLengths[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return 'length';
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1 ? undefined : 'checksum';
}

export function isValidIban(iban: string): boolean {
  return ibanProblem(iban) === undefined;
}

function mod97(s: string): number {
  let r = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Letters count as two digits (A=10 .. Z=35).
    if (c >= 65) r = (r * 100 + (c - 55)) % 97;
    else r = (r * 10 + (c - 48)) % 97;
  }
  return r;
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
