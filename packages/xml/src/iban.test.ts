import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IBAN_LENGTHS, IBAN_LENGTHS_OUTSIDE_REGISTRY, ibanMessages, ibanMod97, ibanProblem, normalizeIban } from './iban';
import { catalogueProblems, message } from './model/messages';

describe('ibanMod97', () => {
  it('gives 1 for IBANs with correct check digits and something else when one digit changes', () => {
    for (const iban of ['DE89370400440532013000', 'GB29NWBK60161331926819', 'NO9386011117947', 'FR1420041010050500013M02606']) {
      expect(ibanMod97(iban)).toBe(1);
      const last = iban.at(-1)!;
      const other = last === '0' ? '1' : last >= 'A' ? (last === 'A' ? 'B' : 'A') : String(Number(last) - 1);
      expect(ibanMod97(iban.slice(0, -1) + other)).not.toBe(1);
    }
  });
  it('knows registry lengths', () => {
    expect(IBAN_LENGTHS.DE).toBe(22);
    expect(IBAN_LENGTHS.NO).toBe(15);
    expect(IBAN_LENGTHS.XX).toBeUndefined();
  });
});

describe('ibanProblem (the one rule set)', () => {
  it('accepts valid IBANs in electronic form', () => {
    for (const ok of ['DE89370400440532013000', 'GB29NWBK60161331926819', 'NL91ABNA0417164300', 'CH9300762011623852957', 'FR1420041010050500013M02606', 'NO9386011117947']) {
      expect(ibanProblem(ok), ok).toBeUndefined();
    }
  });
  it('reports format, country, length and check digits in that order', () => {
    expect(ibanProblem('de89370400440532013000')).toEqual({ code: 'IBAN_FORMAT' });
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toEqual({ code: 'IBAN_FORMAT' });
    expect(ibanProblem('DEAB370400440532013000')).toEqual({ code: 'IBAN_FORMAT' });
    expect(ibanProblem('1234')).toEqual({ code: 'IBAN_FORMAT' });
    expect(ibanProblem('ZZ2000000000000001')).toEqual({ code: 'IBAN_COUNTRY', country: 'ZZ' });
    expect(ibanProblem('DE8937040044053201300')).toEqual({ code: 'IBAN_LENGTH', country: 'DE', length: 21, expectedLength: 22 });
    expect(ibanProblem('DE88370400440532013000')).toEqual({ code: 'IBAN_CHECKSUM' });
  });
  it('accepts print form only after normalizeIban', () => {
    expect(normalizeIban('de89 3704-0044\u00a00532 0130 00')).toBe('DE89370400440532013000');
    expect(ibanProblem(normalizeIban('de89 3704 0044 0532 0130 00'))).toBeUndefined();
  });
  it('has de and en texts with the same placeholders for every problem code', () => {
    expect(catalogueProblems(ibanMessages)).toEqual([]);
    const p = ibanProblem('DE8937040044053201300')!;
    expect(message(ibanMessages, p.code, 'en', { iban: 'DE8937040044053201300', ...p })).toBe('IBAN "DE8937040044053201300" has 21 characters; DE requires 22.');
    expect(message(ibanMessages, p.code, 'de', { iban: 'DE8937040044053201300', ...p })).toBe('IBAN „DE8937040044053201300“ hat 21 Zeichen; für DE sind 22 vorgeschrieben.');
  });
});

describe('countries outside the SWIFT registry', () => {
  it('accepts IBANs of partial-IBAN countries and French territories with their length and check digits', () => {
    const make = (country: string, bban: string) => {
      const rearranged = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
      const check = 98 - Number(BigInt(rearranged) % 97n);
      return `${country}${String(check).padStart(2, '0')}${bban}`;
    };
    const dz = make('DZ', '58002010001000123456');
    expect(dz).toHaveLength(24);
    expect(ibanProblem(dz)).toBeUndefined();
    const gp = make('GP', '20041010050000100113120');
    expect(ibanProblem(gp)).toBeUndefined();
    expect(ibanProblem(`${dz}1`)).toMatchObject({ code: 'IBAN_LENGTH', country: 'DZ', expectedLength: 24 });
    expect(ibanProblem(make('XX', '58002010001000123456'))).toEqual({ code: 'IBAN_COUNTRY', country: 'XX' });
  });
});

describe('char-code implementation against the string reference', () => {
  // The former implementation (rearranged string, one modulo per character, regex for the form): the reference.
  const refMod97 = (iban: string) => {
    const s = iban.slice(4) + iban.slice(0, 4);
    let r = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 65) r = (r * 100 + (c - 55)) % 97;
      else r = (r * 10 + (c - 48)) % 97;
    }
    return r;
  };
  const refProblem = (value: string) => {
    if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(value)) return { code: 'IBAN_FORMAT' };
    const country = value.slice(0, 2);
    const expectedLength = IBAN_LENGTHS[country] ?? IBAN_LENGTHS_OUTSIDE_REGISTRY[country];
    if (expectedLength === undefined) return { code: 'IBAN_COUNTRY', country };
    if (value.length !== expectedLength) return { code: 'IBAN_LENGTH', country, length: value.length, expectedLength };
    return refMod97(value) === 1 ? undefined : { code: 'IBAN_CHECKSUM' };
  };
  const withCheck = (s: string) => {
    const check = 98 - refMod97(`${s.slice(0, 2)}00${s.slice(4)}`);
    return `${s.slice(0, 2)}${String(check).padStart(2, '0')}${s.slice(4)}`;
  };
  const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));
  const odd = fc.constantFrom(...'ABZ09az -\u00e9\u0000/:@[`{\uffff'.split(''));
  const alnumString = fc.array(alnum, { maxLength: 60 }).map((a) => a.join(''));
  const countries = fc.constantFrom(...Object.keys(IBAN_LENGTHS), 'DZ', 'GP', 'IR', 'ZZ');
  // Registry-shaped values: right country and length, any BBAN characters, correct check digits or one changed.
  const shaped = fc
    .tuple(countries, fc.array(alnum, { minLength: 40, maxLength: 40 }), fc.boolean(), fc.integer({ min: 4, max: 33 }), alnum, fc.integer({ min: -1, max: 1 }))
    .map(([cc, chars, digitsOnly, pos, ch, lenDelta]) => {
      const len = (IBAN_LENGTHS[cc] ?? 24) + lenDelta;
      const bban = chars
        .slice(0, len - 4)
        .map((c) => (digitsOnly && c >= 'A' ? String(c.charCodeAt(0) % 10) : c))
        .join('');
      const v = withCheck(`${cc}00${bban}`);
      return pos < v.length && pos % 3 === 0 ? v.slice(0, pos) + ch + v.slice(pos + 1) : v;
    });

  it('ibanMod97 gives the reference remainder for every string of upper-case letters and digits', () => {
    fc.assert(
      fc.property(alnumString, (s) => ibanMod97(s) === refMod97(s)),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(shaped, (s) => ibanMod97(s) === refMod97(s)),
      { numRuns: 3000 },
    );
    for (const s of ['', 'D', 'DE', 'DE8', 'DE89', 'DE893', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ', '9'.repeat(60)]) expect(ibanMod97(s), s).toBe(refMod97(s));
  });
  it('ibanProblem gives the reference problem for valid, invalid and odd inputs', () => {
    const same = (s: string) => {
      expect(ibanProblem(s), s).toEqual(refProblem(s));
    };
    fc.assert(
      fc.property(shaped, (s) => same(s)),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(
        fc.array(odd, { maxLength: 40 }).map((a) => a.join('')),
        (s) => same(s),
      ),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(shaped, fc.integer({ min: 0, max: 33 }), odd, (s, i, ch) => same(s.slice(0, i) + ch + s.slice(i + 1))),
      { numRuns: 2000 },
    );
    for (const s of ['', 'DE89370400440532013000', 'DE89370400440532013000\n', ' DE89370400440532013000', 'DE8937040044053201300', 'A'.repeat(15), '0'.repeat(34), 'DE00' + '1'.repeat(31)]) same(s);
    // The reference's valid share is not tiny (the generator hits valid IBANs, not only problems).
    const sample = fc.sample(shaped, { numRuns: 500, seed: 1 });
    expect(sample.filter((s) => refProblem(s) === undefined).length).toBeGreaterThan(50);
  });
});
