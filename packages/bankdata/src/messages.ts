/** Every user-facing finding text of @kontor/bankdata in German (default) and English. */
import { defineMessages, message, type Lang, type MessageParams } from '@kontor/xml';

export const messages = defineMessages({
  LINE_INVALID_CODE: { de: 'Zeile {line}: keine gültige Bankleitzahl/kein Merkmal 1 oder 2', en: 'Line {line}: no valid bank code / no feature 1 or 2' },
  LINE_LENGTH: { de: 'Zeile {line}: {length} statt 168 Zeichen', en: 'Line {line}: {length} instead of 168 characters' },
  CHANGE_FLAG_UNKNOWN: { de: 'Zeile {line}: unbekanntes Änderungskennzeichen "{flag}", als U gelesen', en: 'Line {line}: unknown change flag "{flag}", read as U' },
  BIC_INVALID: { de: 'Zeile {line}: BIC "{bic}" ist ungültig und wird ignoriert', en: 'Line {line}: BIC "{bic}" is invalid and ignored' },
  CSV_COLUMNS_MISSING: { de: 'CSV-Spalten fehlen: {columns}', en: 'CSV columns missing: {columns}' },
});

export type BankdataMessageKey = keyof typeof messages;

export function say(lang: Lang, key: BankdataMessageKey, params?: MessageParams): string {
  return message(messages, key, lang, params);
}
