import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { DecimalSum, formatHundredths, hundredths } from './decimal-sum';

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
