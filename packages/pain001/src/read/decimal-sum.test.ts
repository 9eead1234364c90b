import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { DECIMAL, DecimalSum, decimalHundredths, formatHundredths, hundredths } from './decimal-sum';

/** Seeded literals of the form \d+(\.\d+)?: leading and trailing zeros, 0-4 decimals, 1-16 integer digits. */
function literals(n: number): string[] {
  let x = 12345;
  const r = (k: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x % k;
  };
  const digits = (k: number) => Array.from({ length: k }, () => String(r(10))).join('');
  return Array.from({ length: n }, () => {
    const int = (r(4) === 0 ? '0'.repeat(1 + r(3)) : '') + digits(1 + r(r(3) === 0 ? 16 : 6));
    const dec = r(3) === 0 ? '' : `.${digits(1 + r(4))}${r(4) === 0 ? '00' : ''}`;
    return int + dec;
  });
}

describe('decimal sums in hundredths', () => {
  it('hundredths: the value ×100 for ≤ 2 significant decimals and ≤ 13 integer digits, else -1', () => {
    expect(hundredths('10')).toBe(1000);
    expect(hundredths('010.50')).toBe(1050);
    expect(hundredths('0.05')).toBe(5);
    expect(hundredths('1.500')).toBe(150);
    expect(hundredths('1.005')).toBe(-1);
    expect(hundredths('9999999999999.99')).toBe(999999999999999);
    expect(hundredths('10000000000000')).toBe(-1);
    expect(formatHundredths(5)).toBe('0.05');
    expect(formatHundredths(999999999999999)).toBe('9999999999999.99');
    for (const lit of literals(2000)) {
      const h = hundredths(lit);
      const b = new Big(lit);
      if (h >= 0) expect(formatHundredths(h), lit).toBe(b.toFixed(2));
      else expect(b.times(100).round(0, Big.roundDown).eq(b.times(100)) && b.lt('1e13'), lit).toBe(false);
    }
  });

  it('sums, equality and formatting agree with big.js (also past the safe-integer range)', () => {
    const lits = literals(3000);
    for (const start of [0, 500, 1500]) {
      const ours = new DecimalSum();
      let ref = new Big(0);
      for (const lit of lits.slice(start, start + 1500)) {
        ours.add(lit);
        ref = ref.plus(lit);
        expect(ours.toFixed2()).toBe(ref.toFixed(2));
        const dp = Math.max(0, ref.c.length - ref.e - 1);
        expect(ours.format()).toBe(ref.toFixed(Math.max(2, dp)));
        expect(ours.equals(ref.toFixed(Math.max(2, dp)))).toBe(true);
        expect(ours.equals(ref.plus('0.01').toFixed(2))).toBe(false);
      }
    }
    const big = new DecimalSum();
    for (let i = 0; i < 2000; i++) big.add('9999999999999.99');
    expect(big.toFixed2()).toBe(new Big('9999999999999.99').times(2000).toFixed(2));
  });
});

describe('decimalHundredths', () => {
  it('is hundredths for the DECIMAL form and -2 for anything else (edge forms and seeded strings of digits, dots, signs)', () => {
    const ref = (s: string) => (DECIMAL.test(s) ? hundredths(s) : -2);
    const edge = ['', '.', '..', '0', '00', '0.', '.5', '1.', '1..', '1.5.', '+1', '-1', '1e5', ' 1', '1 ', '1.005', '1.50', '0.00', '10000000000000', '9999999999999.99', '1.a', 'a1', '1a'];
    for (const s of edge) expect(decimalHundredths(s), JSON.stringify(s)).toBe(ref(s));
    expect(decimalHundredths('1.')).toBe(-2);
    expect(decimalHundredths('.5')).toBe(-2);
    expect(decimalHundredths('1.005')).toBe(-1);
    let x = 99;
    const r = (k: number) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return x % k;
    };
    const pieces = ['0', '1', '9', '5', '.', '00', '-', '+', 'e', ' '];
    let forms = 0;
    for (let i = 0; i < 20000; i++) {
      let s = '';
      const len = r(9);
      for (let k = 0; k < len; k++) s += pieces[r(pieces.length)];
      if (DECIMAL.test(s)) forms++;
      expect(decimalHundredths(s), JSON.stringify(s)).toBe(ref(s));
    }
    for (const s of literals(2000)) expect(decimalHundredths(s), s).toBe(hundredths(s));
    expect(forms).toBeGreaterThan(1000);
  });
});
