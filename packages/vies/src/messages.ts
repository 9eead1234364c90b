/**
 * Every user-facing text of @kontor/vies's syntax check in German and English (`lang`, default de): the failure
 * messages of checkVatSyntax, one per national rule. Codes do not depend on the language.
 */
import { defineMessages, message, type Lang, type MessageParams } from '@kontor/xml';

export const messages = defineMessages({
  LENGTH_INPUT: { de: 'Die Eingabe ist länger als {max} Zeichen.', en: 'Input is longer than {max} characters.' },
  CHARACTER: { de: 'Unerwartetes Zeichen {char} an Position {position}.', en: 'Unexpected character {char} at position {position}.' },
  EMPTY: { de: 'Keine USt-IdNr. angegeben.', en: 'No VAT id given.' },
  COUNTRY_MISSING: { de: 'Eine USt-IdNr. beginnt mit einem zweibuchstabigen Ländercode (z. B. DE, FR, EL, XI).', en: 'A VAT id starts with a two-letter country code (e.g. DE, FR, EL, XI).' },
  COUNTRY_GB: { de: 'Britische USt-Nummern (GB) sind seit 2021 nicht mehr in VIES; nur Nordirland (XI).', en: 'GB VAT numbers are no longer in VIES (since 2021); only Northern Ireland (XI) is.' },
  COUNTRY_CH: { de: 'Schweizer UID-Nummern sind nicht Teil von VIES.', en: 'Swiss UID numbers are not part of VIES.' },
  COUNTRY_NO: { de: 'Norwegische Nummern sind nicht Teil von VIES.', en: 'Norwegian numbers are not part of VIES.' },
  COUNTRY_UNSUPPORTED: { de: '{country} ist kein Mitgliedstaatscode von VIES.', en: '{country} is not a VIES member-state code.' },
  NATIONAL_MISSING: { de: 'Die nationale Nummer fehlt.', en: 'The national number is missing.' },
  CHECKSUM: { de: '{what} stimmt nicht.', en: 'The {what} does not match.' },
  IT_OFFICE: { de: 'Der Amtscode {office} (Ziffern 8-10) ist nicht vergeben.', en: 'Office code {office} (digits 8-10) is not assigned.' },
  N_AT: { de: 'Eine österreichische UID ist "U" gefolgt von 8 Ziffern.', en: 'An Austrian UID is "U" followed by 8 digits.' },
  N_BE_DIGITS: { de: 'Eine belgische Unternehmensnummer hat 10 Ziffern.', en: 'A Belgian enterprise number has 10 digits.' },
  N_BE_START: { de: 'Eine belgische Unternehmensnummer beginnt mit 0 oder 1.', en: 'A Belgian enterprise number starts with 0 or 1.' },
  N_BG: { de: 'Eine bulgarische USt-Nummer hat 9 oder 10 Ziffern.', en: 'A Bulgarian VAT number has 9 or 10 digits.' },
  N_CY: { de: 'Eine zyprische USt-Nummer besteht aus 8 Ziffern und einem Prüfbuchstaben.', en: 'A Cypriot VAT number is 8 digits followed by a check letter.' },
  N_CY_12: { de: 'Zyprische USt-Nummern beginnen nicht mit 12.', en: 'Cypriot VAT numbers do not start with 12.' },
  N_CZ: { de: 'Eine tschechische DIČ hat 8, 9 oder 10 Ziffern.', en: 'A Czech DIČ has 8, 9 or 10 digits.' },
  N_CZ_9: { de: 'Tschechische Nummern juristischer Personen beginnen nicht mit 9.', en: 'Czech legal-entity numbers do not start with 9.' },
  N_DE_START: { de: 'Eine deutsche USt-IdNr. hat 9 Ziffern und beginnt nicht mit 0.', en: 'A German USt-IdNr. has 9 digits and does not start with 0.' },
  N_DE: { de: 'Eine deutsche USt-IdNr. hat 9 Ziffern.', en: 'A German USt-IdNr. has 9 digits.' },
  N_DK_START: { de: 'Eine dänische CVR-Nummer hat 8 Ziffern und beginnt nicht mit 0.', en: 'A Danish CVR number has 8 digits and does not start with 0.' },
  N_DK: { de: 'Eine dänische CVR-Nummer hat 8 Ziffern.', en: 'A Danish CVR number has 8 digits.' },
  N_EE: { de: 'Eine estnische KMKR-Nummer hat 9 Ziffern.', en: 'An Estonian KMKR number has 9 digits.' },
  N_EL: { de: 'Eine griechische USt-Nummer (ΑΦΜ) hat 9 Ziffern.', en: 'A Greek VAT number (ΑΦΜ) has 9 digits.' },
  N_FI: { de: 'Eine finnische ALV-Nummer hat 8 Ziffern.', en: 'A Finnish ALV number has 8 digits.' },
  N_HR: { de: 'Eine kroatische OIB hat 11 Ziffern.', en: 'A Croatian OIB has 11 digits.' },
  N_HU: { de: 'Eine ungarische ANUM hat 8 Ziffern.', en: 'A Hungarian ANUM has 8 digits.' },
  N_IT: { de: 'Eine italienische Partita IVA hat 11 Ziffern.', en: 'An Italian partita IVA has 11 digits.' },
  N_LT: { de: 'Ein litauischer PVM-Code hat 9 oder 12 Ziffern.', en: 'A Lithuanian PVM code has 9 or 12 digits.' },
  N_LT_8: { de: 'Die 8. Ziffer eines 9-stelligen litauischen PVM-Codes ist 1.', en: 'The 8th digit of a 9-digit Lithuanian PVM code is 1.' },
  N_LT_11: { de: 'Die 11. Ziffer eines 12-stelligen litauischen PVM-Codes ist 1.', en: 'The 11th digit of a 12-digit Lithuanian PVM code is 1.' },
  N_LU: { de: 'Eine luxemburgische TVA-Nummer hat 8 Ziffern.', en: 'A Luxembourg TVA number has 8 digits.' },
  N_LV: { de: 'Eine lettische PVN-Nummer hat 11 Ziffern.', en: 'A Latvian PVN number has 11 digits.' },
  N_LV_BIRTH: { de: 'Der Personenkode beginnt nicht mit einem gültigen Geburtsdatum.', en: 'The personal code does not start with a valid birth date.' },
  N_MT_START: { de: 'Eine maltesische USt-Nummer hat 8 Ziffern und beginnt nicht mit 0.', en: 'A Maltese VAT number has 8 digits and does not start with 0.' },
  N_MT: { de: 'Eine maltesische USt-Nummer hat 8 Ziffern.', en: 'A Maltese VAT number has 8 digits.' },
  N_PL: { de: 'Eine polnische NIP hat 10 Ziffern.', en: 'A Polish NIP has 10 digits.' },
  N_PT_START: { de: 'Eine portugiesische NIF hat 9 Ziffern und beginnt nicht mit 0.', en: 'A Portuguese NIF has 9 digits and does not start with 0.' },
  N_PT: { de: 'Eine portugiesische NIF hat 9 Ziffern.', en: 'A Portuguese NIF has 9 digits.' },
  N_RO_CNP: { de: 'Eine rumänische CNP hat 13 Ziffern.', en: 'A Romanian CNP has 13 digits.' },
  N_RO_CNP_START: { de: 'Eine rumänische CNP beginnt nicht mit 0.', en: 'A Romanian CNP does not start with 0.' },
  N_RO_CNP_BIRTH: { de: 'Die CNP enthält kein gültiges Geburtsdatum.', en: 'The CNP does not contain a valid birth date.' },
  N_RO_CUI_LENGTH: { de: 'Eine rumänische CUI/CIF hat 2 bis 10 Ziffern (eine CNP 13).', en: 'A Romanian CUI/CIF has 2 to 10 digits (a CNP 13).' },
  N_RO_CUI: { de: 'Eine rumänische CUI/CIF hat 2 bis 10 Ziffern und beginnt nicht mit 0.', en: 'A Romanian CUI/CIF has 2 to 10 digits and does not start with 0.' },
  N_SE_FORM: { de: 'Eine schwedische USt-Nummer ist die 10-stellige Organisationsnummer gefolgt von 01.', en: 'A Swedish VAT number is the 10-digit organisationsnummer followed by 01.' },
  N_SE: { de: 'Eine schwedische USt-Nummer hat 12 Ziffern.', en: 'A Swedish VAT number has 12 digits.' },
  N_SI_START: { de: 'Eine slowenische DDV-Nummer hat 8 Ziffern und beginnt nicht mit 0.', en: 'A Slovenian DDV number has 8 digits and does not start with 0.' },
  N_SI: { de: 'Eine slowenische DDV-Nummer hat 8 Ziffern.', en: 'A Slovenian DDV number has 8 digits.' },
  N_SK: { de: 'Eine slowakische IČ DPH hat 10 Ziffern.', en: 'A Slovak IČ DPH has 10 digits.' },
  N_SK_FORM: {
    de: 'Eine slowakische IČ DPH beginnt nicht mit 0, und ihre dritte Ziffer ist 2, 3, 4, 7, 8 oder 9.',
    en: 'A Slovak IČ DPH does not start with 0 and its third digit is 2, 3, 4, 7, 8 or 9.',
  },
  N_XI_GDHA: { de: 'GD-Nummern liegen unter 500, HA-Nummern bei 500 oder darüber.', en: 'GD numbers are below 500, HA numbers 500 or above.' },
  N_ES: {
    de: 'Eine spanische NIF hat 9 Zeichen: DNI (8 Ziffern + Buchstabe), NIE (X/Y/Z + 7 Ziffern + Buchstabe) oder CIF (Buchstabe + 7 Ziffern + Prüfzeichen).',
    en: 'A Spanish NIF has 9 characters: DNI (8 digits + letter), NIE (X/Y/Z + 7 digits + letter) or CIF (letter + 7 digits + check).',
  },
  N_FR: { de: 'Eine französische TVA-Nummer ist ein 2-stelliger Schlüssel gefolgt von der 9-stelligen SIREN.', en: 'A French TVA number is a 2-character key followed by the 9-digit SIREN.' },
  N_IE: {
    de: 'Eine irische USt-Nummer besteht aus 7 Ziffern und 1-2 Buchstaben (oder der alten Form Ziffer, Buchstabe/+/*, 5 Ziffern, Buchstabe).',
    en: 'An Irish VAT number is 7 digits and 1-2 letters (or the old form digit, letter/+/*, 5 digits, letter).',
  },
  N_NL: { de: 'Eine niederländische BTW-ID besteht aus 9 Ziffern, "B" und 2 Ziffern.', en: 'A Dutch btw-id is 9 digits, "B" and 2 digits.' },
  N_XI: { de: 'Eine britische (XI) USt-Nummer hat 9 oder 12 Ziffern, oder GD/HA gefolgt von 3 Ziffern.', en: 'A UK (XI) VAT number has 9 or 12 digits, or GD/HA followed by 3 digits.' },
  N_CZ_BIRTH_CHECK: { de: 'Die Prüfziffer der Geburtsnummer stimmt nicht.', en: 'The check digit of the birth number does not match.' },
  N_CZ_BIRTH: { de: 'Keine gültige tschechische Geburtsnummer (rodné číslo).', en: 'Not a valid Czech birth number (rodné číslo).' },
  W_CHECK_DIGIT: { de: 'Die Prüfziffer', en: 'check digit' },
  W_MOD_97_CHECK: { de: 'Die Modulo-97-Prüfung', en: 'mod-97 check' },
  W_CHECK_LETTER: { de: 'Der Prüfbuchstabe', en: 'check letter' },
  W_ISO_7064_MOD_11_10_CHECK_DIGIT: { de: 'Die Prüfziffer nach ISO 7064 Mod 11,10', en: 'ISO 7064 Mod 11,10 check digit' },
  W_DNI_CHECK_LETTER: { de: 'Der Prüfbuchstabe der DNI', en: 'DNI check letter' },
  W_NIE_CHECK_LETTER: { de: 'Der Prüfbuchstabe der NIE', en: 'NIE check letter' },
  W_CIF_CHECK_CHARACTER: { de: 'Das Prüfzeichen der CIF', en: 'CIF check character' },
  W_SIREN_LUHN_CHECK_DIGIT: { de: 'Die Prüfziffer der SIREN (Luhn)', en: 'SIREN (Luhn) check digit' },
  W_NUMERIC_KEY: { de: 'Der numerische Schlüssel', en: 'numeric key' },
  W_ALPHANUMERIC_KEY: { de: 'Der alphanumerische Schlüssel', en: 'alphanumeric key' },
  W_LUHN_CHECK_DIGIT: { de: 'Die Luhn-Prüfziffer', en: 'Luhn check digit' },
  W_MOD_11_CHECK: { de: 'Die Modulo-11-Prüfung', en: 'mod-11 check' },
  W_CHECK_DIGITS: { de: 'Die Prüfziffernfolge', en: 'check digits' },
});

export type ViesMessageKey = keyof typeof messages;

/** The text of `key` in `lang`; a parameter value `@KEY` is replaced by the text of KEY (the checksum names). */
export function say(lang: Lang, key: ViesMessageKey, params?: MessageParams): string {
  if (!params) return message(messages, key, lang);
  const p: Record<string, string | number | bigint | boolean | null | undefined> = {};
  for (const [k, v] of Object.entries(params)) p[k] = typeof v === 'string' && v.startsWith('@') ? message(messages, v.slice(1) as ViesMessageKey, lang) : v;
  return message(messages, key, lang, p);
}
