import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecimalSum } from './decimal-sum';
import { D, XPathDynamicError, decimal, type Dec } from './xpath';

/** The reference: big.js addition from D(0), as the rules summed before. */
function bigSum(texts: readonly string[]): Dec {
  let s = D(0);
  for (const t of texts) s = s.plus(decimal(t));
  return s;
}
/** Digits, exponent and sign: the Dec's whole state. */
const state = (d: Dec) => ({ s: d.s, e: d.e, c: [...d.c], str: d.toString() });

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom('0', '1', '2', '5', '9'), minLength: min, maxLength: max });
/** xs:decimal lexical forms: signs, leading/trailing zeros, no integer or no fraction part, whitespace, long digit runs. */
const lexical = fc
  .tuple(fc.constantFrom('', '+', '-'), digits(0, 18), fc.option(digits(0, 16), { nil: undefined }), fc.constantFrom('', ' ', '\n\t'))
  .map(([sign, int, frac, ws]) => `${ws}${sign}${int === '' && (frac === undefined || frac === '') ? '0' : int}${frac === undefined ? '' : `.${frac}`}${ws}`);

describe('DecimalSum: exact sums equal to big.js addition', () => {
  it('gives the same Dec (digits, exponent, sign) as summing with big.js, for any xs:decimal values', () => {
    fc.assert(
      fc.property(fc.array(lexical, { maxLength: 30 }), (texts) => {
        const sum = new DecimalSum();
        for (const t of texts) sum.addText(t);
        expect(state(sum.value())).toEqual(state(bigSum(texts)));
      }),
      { numRuns: 3000 },
    );
  });

  it('adds sums to sums exactly (per category and rate), also past the integer form', () => {
    fc.assert(
      fc.property(fc.array(fc.array(lexical, { maxLength: 5 }), { maxLength: 20 }), (groups) => {
        const total = new DecimalSum();
        for (const g of groups) {
          const part = new DecimalSum();
          for (const t of g) part.addText(t);
          total.addSum(part);
        }
        expect(state(total.value())).toEqual(state(bigSum(groups.flat())));
      }),
      { numRuns: 2000 },
    );
  });

  it('covers the edges by hand: zero sums are +0, cancelling values, scales beyond the integer form, 2^53', () => {
    const cases: string[][] = [
      [],
      ['-0'],
      ['-0.00', '0'],
      ['5', '-5'],
      ['-5.10', '5.1'],
      ['0.1', '0.2'],
      ['1.0000000000001', '2'],
      ['0.0000000000001'],
      ['9007199254740991', '1'],
      ['999999999999999', '0.5'],
      ['12345678901234567890.12', '-0.12'],
      ['1e3'.replace('e3', '000')],
      ['+.5', '-.25', '7.'],
    ];
    for (const texts of cases) {
      const sum = new DecimalSum();
      for (const t of texts) sum.addText(t);
      expect(state(sum.value()), texts.join(' + ')).toEqual(state(bigSum(texts)));
    }
  });

  it('refuses a bad lexical form exactly as decimal() does and keeps its sum', () => {
    for (const bad of ['', 'abc', '1e3', '1,5', '--1', '.', 'NaN', ' 1 2 ']) {
      const sum = new DecimalSum();
      sum.addText('1.5');
      let ours: unknown;
      let theirs: unknown;
      try {
        sum.addText(bad);
      } catch (e) {
        ours = e;
      }
      try {
        decimal(bad);
      } catch (e) {
        theirs = e;
      }
      expect(ours).toBeInstanceOf(XPathDynamicError);
      expect((ours as Error).message).toBe((theirs as Error).message);
      expect(sum.value().toString()).toBe('1.5');
    }
  });
});
