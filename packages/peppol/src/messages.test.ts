import { catalogueProblems } from '@kontor/xml';
import { describe, expect, it } from 'vitest';
import { failureText, messages } from './messages';

describe('peppol messages', () => {
  it('every key has a German and an English text with the same placeholders', () => {
    expect(catalogueProblems(messages)).toEqual([]);
  });
  it('a failed request keeps its technical reason in both languages; unknown codes get a generic sentence', () => {
    expect(failureText('de', 'SMP_UNAVAILABLE', 'HTTP 500 from https://smp.example')).toBe('SMP nicht erreichbar: HTTP 500 from https://smp.example');
    expect(failureText('en', 'SMP_UNAVAILABLE', 'HTTP 500 from https://smp.example')).toBe('HTTP 500 from https://smp.example');
    expect(failureText('de', 'SOMETHING_ELSE', 'x')).toBe('Anfrage fehlgeschlagen: x');
  });
});
