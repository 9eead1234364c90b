/** The de/en catalogue of @kontor/bankdata: sound, and a German and an English read of the same bad file agree on codes. */
import { catalogueProblems } from '@kontor/xml';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { parseBankCodeFile } from './parse';

/** One valid CSV record, one with a bad bank code, one with a bad BIC and an unknown change flag; a column is missing. */
const CSV = [
  'Bankleitzahl;Merkmal;Bezeichnung;PLZ;Ort;Kurzbezeichnung;PAN;BIC;Prüfzifferberechnungsmethode;Datensatznummer;Änderungskennzeichen;Bankleitzahllöschung',
  '10010010;1;Postbank Ndl der Deutsche Bank;10559;Berlin;Postbank Ndl Deutsche Bank;24304;PBNKDEFFXXX;24;000001;U;0',
  '1001001X;1;Kaputt;10559;Berlin;Kaputt;24304;PBNKDEFFXXX;24;000002;U;0',
  '10020000;1;Berliner Bank;10559;Berlin;Berliner Bank;24304;BEBEDE;24;000003;X;0',
].join('\n');

describe('bankdata messages', () => {
  it('every key has a German and an English text with the same placeholders', () => {
    expect(catalogueProblems(messages)).toEqual([]);
  });

  it('German (default) and English reads give the same codes and lines, texts in the language asked for', () => {
    const de = parseBankCodeFile(CSV).findings;
    const en = parseBankCodeFile(CSV, { lang: 'en' }).findings;
    const key = (f: { code: string; line?: number | undefined }) => `${f.code}@${f.line}`;
    expect(en.map(key)).toEqual(de.map(key));
    expect(de.map(key)).toEqual(['BANKDATA_FIELD_INVALID@1', 'BANKDATA_LINE_MALFORMED@3', 'BANKDATA_FIELD_INVALID@4', 'BANKDATA_FIELD_INVALID@4']);
    expect(de.map((f) => f.message)).toEqual([
      'CSV-Spalten fehlen: nachfolge-bankleitzahl',
      'Zeile 3: keine gültige Bankleitzahl/kein Merkmal 1 oder 2',
      'Zeile 4: unbekanntes Änderungskennzeichen "X", als U gelesen',
      'Zeile 4: BIC "BEBEDE" ist ungültig und wird ignoriert',
    ]);
    expect(en.map((f) => f.message)).toEqual([
      'CSV columns missing: nachfolge-bankleitzahl',
      'Line 3: no valid bank code / no feature 1 or 2',
      'Line 4: unknown change flag "X", read as U',
      'Line 4: BIC "BEBEDE" is invalid and ignored',
    ]);
  });
});
