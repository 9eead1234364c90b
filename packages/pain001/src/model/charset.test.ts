import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isInCharacterSet, SPECIAL, transliterate, unsupportedCharacters, ID_PATTERN } from './charset';

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

  it('identifier pattern accepts exactly what the XSD pattern accepts', () => {
    const xsd = /^([A-Za-z0-9]|[+?/\-:().,' ]){1,35}$/;
    const ch = fc.constantFrom(..."aZ09+?/-:().,' _;*&ä\n\t\\|[]{}".split(''));
    fc.assert(
      fc.property(fc.array(ch, { maxLength: 40 }), (cs) => {
        const s = cs.join('');
        expect(ID_PATTERN.test(s)).toBe(xsd.test(s));
      }),
      { numRuns: 3000, seed: 1822 },
    );
  });

  it('identifier pattern is the DK/EPC one', () => {
    expect(ID_PATTERN.test("E2E-2026/01 (a).b,c'+?:")).toBe(true);
    expect(ID_PATTERN.test('E2E_1')).toBe(false);
    expect(ID_PATTERN.test('x'.repeat(36))).toBe(false);
  });
});

/** The transliteration as it was before its fast paths (reference for the property below). */
function transliterateReference(input: string, set: 'epc' | 'dk' = 'epc'): string {
  const clean = (s: string) => s.replace(/[\s\u00A0\u2009\u202F]+/g, ' ').trim();
  const s = clean(input);
  if (isInCharacterSet(s, set)) return s;
  let out = '';
  for (const ch of s) {
    if (set === 'dk' && 'äöüÄÖÜß&*$%'.includes(ch)) out += ch;
    else out += SPECIAL[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  }
  return clean(out);
}

describe('transliterate fast paths', () => {
  it('give what the character-by-character policy gives (random texts of ASCII, umlauts, Latin-1, quotes, whitespace)', () => {
    const alphabet = fc.constantFrom(...'aZ09 /-?:().,\'+&@"_;*$%`\t\n\r\u00a0äöüÄÖÜßéÉçñøłŁ–—„“…€漢😀\u0007\u0301\u2009\u202f'.split(''), '😀');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), fc.constantFrom<'epc' | 'dk'>('epc', 'dk'), (chars, set) => {
        const s = chars.join('');
        expect(transliterate(s, set)).toBe(transliterateReference(s, set));
      }),
      { numRuns: 2000, seed: 20261124 },
    );
  });
});
