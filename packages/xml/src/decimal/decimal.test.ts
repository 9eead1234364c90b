import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dec, formatDecimal, formatDecimalTrim, parseDecimal, roundHalfUp } from './decimal';

describe('decimals', () => {
  it('rounds half up away from zero, exactly', () => {
    expect(formatDecimal(1.005)).toBe('1.01');
    expect(formatDecimal('2.675')).toBe('2.68');
    expect(formatDecimal(-2.675)).toBe('-2.68');
    expect(roundHalfUp('0.125', 2).toString()).toBe('0.13');
    expect(dec(0.1).plus(0.2).toString()).toBe('0.3');
  });
  it('parses only xs:decimal lexicals', () => {
    expect(parseDecimal(' 12.50 ')?.toString()).toBe('12.5');
    expect(parseDecimal('1e5')).toBeUndefined();
    expect(parseDecimal('abc')).toBeUndefined();
    expect(formatDecimalTrim('2.500', 0)).toBe('2.5');
    expect(formatDecimalTrim('3', 2)).toBe('3.00');
  });
  it('formatDecimal agrees with integer-cent arithmetic', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 999 }), (units, mills) => {
        const s = `${units}.${String(mills).padStart(3, '0')}`;
        const neg = s.startsWith('-');
        const totalMills = Math.abs(units) * 1000 + mills;
        const cents = Math.floor(totalMills / 10) + (totalMills % 10 >= 5 ? 1 : 0);
        const expected = `${neg && cents !== 0 ? '-' : ''}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(formatDecimal(s)).toBe(expected === '-0.00' ? '0.00' : expected);
      }),
    );
  });
});
