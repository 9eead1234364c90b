import { catalogueProblems } from '@kontor/xml';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { checkVatSyntax } from './syntax/checkVatSyntax';

describe('vies messages', () => {
  it('every key has a German and an English text with the same placeholders', () => {
    expect(catalogueProblems(messages)).toEqual([]);
  });

  it('the same refusals in German (default) and English, with the same codes', () => {
    const inputs = ['DE136695978', 'DE036695976', 'GB123456789', 'FR12', 'IT00000010215', 'DE136#695976', '', '12345'];
    const de = inputs.map((i) => checkVatSyntax(i));
    const en = inputs.map((i) => checkVatSyntax(i, { lang: 'en' }));
    expect(en.map((r) => (r.valid ? 'ok' : r.code))).toEqual(de.map((r) => (r.valid ? 'ok' : r.code)));
    const text = (r: ReturnType<typeof checkVatSyntax>) => (r.valid ? '' : r.message);
    expect(text(de[0]!)).toBe('Die Prüfziffer nach ISO 7064 Mod 11,10 stimmt nicht.');
    expect(text(en[0]!)).toBe('The ISO 7064 Mod 11,10 check digit does not match.');
    expect(text(de[1]!)).toBe('Eine deutsche USt-IdNr. hat 9 Ziffern und beginnt nicht mit 0.');
    expect(text(en[1]!)).toBe('A German USt-IdNr. has 9 digits and does not start with 0.');
    expect(text(de[2]!)).toMatch(/^Britische USt-Nummern \(GB\)/);
    expect(text(en[5]!)).toBe('Unexpected character "#" at position 6.');
    expect(text(de[5]!)).toBe('Unerwartetes Zeichen "#" an Position 6.');
  });
});
