/** Decimal helpers on big.js for the calculation rules: exact arithmetic, half-up rounding to 2 decimals. */
import { Big, dec, roundHalfUp } from '@kontor/xml';

export { Big, dec };

export const ZERO = new Big(0);
export const HUNDRED = new Big(100);

export function round2(b: Big): Big {
  return roundHalfUp(b, 2);
}

/** round2(basis × percent / 100), the EN 16931 way of deriving an amount from a percentage. */
export function percentOf(basis: Big | number, percent: Big | number): Big {
  return round2(dec(basis).times(dec(percent)).div(HUNDRED));
}

export function sum(values: Iterable<Big>): Big {
  let s = ZERO;
  for (const v of values) s = s.plus(v);
  return s;
}

/** A Big as a JSON number (exact for the 2-decimal amounts and the decimal inputs we handle). */
export function num(b: Big): number {
  return Number(b.toFixed());
}

/** Number of fraction digits a JSON number carries (1.5 → 1, 1e-7 → 7). */
export function fractionDigitsOf(n: number): number {
  const b = new Big(String(n));
  // big.js keeps the coefficient digits in c and the exponent in e.
  const c = (b as unknown as { c: number[]; e: number }).c;
  const e = (b as unknown as { c: number[]; e: number }).e;
  return Math.max(0, c.length - e - 1);
}

/** A stable key for a rate: 19, 19.0 and 19.00 are the same rate. */
export function rateKey(n: number): string {
  return new Big(String(n)).toString();
}

export function eq(a: Big | number, b: Big | number): boolean {
  return dec(a).eq(dec(b));
}
