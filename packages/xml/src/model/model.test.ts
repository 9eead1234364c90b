import { describe, expect, it } from 'vitest';
import { KontorError, isKontorError } from './kontor-error';
import { countFindings, verdictOf } from './finding';
import { catalogueProblems, defineMessages, langFromAcceptLanguage, message } from './messages';
import { KontorXmlError } from '../errors';

type ShopCode = 'NOT_FOUND' | 'TOO_LARGE';
class ShopError extends KontorError<ShopCode, { limit: number }> {}

describe('KontorError', () => {
  it('carries code, details, cause and location; the guard recognises subclasses and filters by code', () => {
    const cause = new Error('low level');
    const e = new ShopError('TOO_LARGE', 'too large', { details: { limit: 5 }, cause, location: { line: 3, column: 7 } });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('ShopError');
    expect(e.code).toBe('TOO_LARGE');
    expect(e.details).toEqual({ limit: 5 });
    expect(e.cause).toBe(cause);
    expect(e.message).toBe('too large (line 3, column 7)');
    expect(isKontorError(e)).toBe(true);
    expect(isKontorError(e, ['TOO_LARGE'])).toBe(true);
    expect(isKontorError(e, ['NOT_FOUND'])).toBe(false);
    expect(isKontorError(new Error('x'))).toBe(false);
    expect(isKontorError({ code: 'TOO_LARGE', message: 'forged' })).toBe(false);
    expect(isKontorError(null)).toBe(false);
  });
  it('KontorXmlError is a KontorError', () => {
    const e = new KontorXmlError('XML_MALFORMED', 'bad', { location: { line: 1, column: 2 } });
    expect(isKontorError(e, ['XML_MALFORMED'])).toBe(true);
    expect(e.location).toEqual({ line: 1, column: 2 });
    expect(e.name).toBe('KontorXmlError');
  });
  it('the brand survives a second copy of the class (symbol registry, not identity)', () => {
    const foreign = Object.defineProperty(new Error('other copy'), Symbol.for('kontor.error'), { value: true });
    Object.assign(foreign, { code: 'X' });
    expect(isKontorError(foreign, ['X'])).toBe(true);
  });
});

describe('verdicts', () => {
  it('error wins, then warning, info does not count', () => {
    expect(verdictOf([])).toBe('valid');
    expect(verdictOf([{ severity: 'info' }])).toBe('valid');
    expect(verdictOf([{ severity: 'info' }, { severity: 'warning' }])).toBe('valid_with_warnings');
    expect(verdictOf([{ severity: 'warning' }, { severity: 'error' }])).toBe('invalid');
    expect(countFindings([{ severity: 'warning' }, { severity: 'error' }, { severity: 'error' }, { severity: 'info' }])).toEqual({ errorCount: 2, warningCount: 1, infoCount: 1 });
  });
});

describe('message catalogues', () => {
  const m = defineMessages({
    A: { de: 'IBAN {iban} hat falsche Prüfziffern', en: 'IBAN {iban} has wrong check digits' },
    B: { de: 'ohne', en: 'none' },
  });
  it('fills placeholders in the asked language and leaves unknown ones visible', () => {
    expect(message(m, 'A', 'de', { iban: 'DE00' })).toBe('IBAN DE00 hat falsche Prüfziffern');
    expect(message(m, 'A', 'en', {})).toBe('IBAN {iban} has wrong check digits');
  });
  it('reports keys whose languages disagree on placeholders or are empty', () => {
    expect(catalogueProblems(m)).toEqual([]);
    expect(catalogueProblems({ X: { de: 'a {x}', en: 'a {y}' }, Y: { de: ' ', en: 'y' } })).toEqual(['X: placeholders differ (de: x; en: y)', 'Y: no de text']);
  });
  it('picks de/en from Accept-Language by quality, else the fallback', () => {
    expect(langFromAcceptLanguage(undefined, 'de')).toBe('de');
    expect(langFromAcceptLanguage('en-GB,en;q=0.9,de;q=0.8', 'de')).toBe('en');
    expect(langFromAcceptLanguage('fr-FR, de;q=0.5, en;q=0.4', 'en')).toBe('de');
    expect(langFromAcceptLanguage('fr', 'en')).toBe('en');
    expect(langFromAcceptLanguage('en;q=0, de;q=0.1', 'en')).toBe('de');
    expect(langFromAcceptLanguage('*', 'de')).toBe('de');
  });
});

describe('labels in parameters', () => {
  const m = defineMessages({
    MISSING: { de: '{field} fehlt', en: '{field} is missing' },
    L_ADDRESS: { de: 'Adresse des Empfängers', en: "Creditor's address" },
    L_CITY: { de: 'Ort', en: 'city' },
  });
  it('@KEY and @A+B are label texts of the same language; anything else stays as given', () => {
    expect(message(m, 'MISSING', 'de', { field: '@L_ADDRESS+L_CITY' })).toBe('Adresse des Empfängers: Ort fehlt');
    expect(message(m, 'MISSING', 'en', { field: '@L_CITY' })).toBe('city is missing');
    expect(message(m, 'MISSING', 'en', { field: '@someone' })).toBe('@someone is missing');
    expect(message(m, 'MISSING', 'en', { field: '@L_CITY+nope' })).toBe('@L_CITY+nope is missing');
  });
});
