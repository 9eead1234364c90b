import { describe, expect, it } from 'vitest';
import { isInCharacterSet, transliterate, unsupportedCharacters, ID_PATTERN } from './charset';

describe('transliteration policy', () => {
  it('epc: umlauts and ß become two letters, diacritics are dropped, typography is simplified', () => {
    expect(transliterate('Müller & Söhne – Straße')).toBe('Mueller + Soehne - Strasse');
    expect(transliterate('ÄÖÜ äöü ß')).toBe('AeOeUe aeoeue ss');
    expect(transliterate('Société Générale, Łódź, Ørsted, Æbelø')).toBe('Societe Generale, Lodz, Orsted, AEbelo');
    expect(transliterate('„Zitat“ «x» ‘y’ a_b c;d')).toBe("'Zitat' 'x' 'y' a-b c,d");
    expect(transliterate('  zwei\n Zeilen\t Text  ')).toBe('zwei Zeilen Text');
    expect(transliterate('info@kontor.example')).toBe('info(at)kontor.example');
  });

  it('dk: keeps German umlauts, ß and & * $ %, transliterates the rest', () => {
    expect(transliterate('Müller & Söhne 5% * $', 'dk')).toBe('Müller & Söhne 5% * $');
    expect(transliterate('Société', 'dk')).toBe('Societe');
    expect(isInCharacterSet('Müller', 'dk')).toBe(true);
    expect(isInCharacterSet('Müller', 'epc')).toBe(false);
  });

  it('never guesses scripts it cannot map', () => {
    const s = transliterate('Иван Петров 北京');
    expect(isInCharacterSet(s)).toBe(false);
    expect(unsupportedCharacters(s)).toContain('И');
    expect(unsupportedCharacters('abc')).toEqual([]);
  });

  it('identifier pattern is the DK/EPC one', () => {
    expect(ID_PATTERN.test("E2E-2026/01 (a).b,c'+?:")).toBe(true);
    expect(ID_PATTERN.test('E2E_1')).toBe(false);
    expect(ID_PATTERN.test('x'.repeat(36))).toBe(false);
  });
});
