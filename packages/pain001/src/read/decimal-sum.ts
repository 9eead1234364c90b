/**
 * Exact decimal amounts for the rules and the summary without a big.js object per payment: an amount literal with
 * at most two significant decimals and at most 13 integer digits (every real payment amount) is an integer number
 * of hundredths; sums stay integers while they are safe integers and move to big.js beyond, and a literal outside
 * the fast form goes through big.js as before. Results are those of big.js throughout (unit test against it).
 */
import Big from 'big.js';

/** Hundredths of a literal of the form \d+(\.\d+)?, or -1 when it has more than two significant decimals or 14+ integer digits. */
export function hundredths(lit: string): number {
  const n = lit.length;
  let i = 0;
  while (i < n && lit.charCodeAt(i) === 0x30) i++;
  let int = 0;
  let intDigits = 0;
  for (; i < n; i++) {
    const c = lit.charCodeAt(i);
    if (c === 0x2e) break;
    if (c < 0x30 || c > 0x39 || ++intDigits > 13) return -1;
    int = int * 10 + (c - 0x30);
  }
  if (i === n) return int * 100;
  let end = n;
  while (end > i + 1 && lit.charCodeAt(end - 1) === 0x30) end--;
  const frac = end - i - 1;
  if (frac > 2) return -1;
  let f = 0;
  for (let k = i + 1; k < i + 3; k++) {
    const c = k < end ? lit.charCodeAt(k) : 0x30;
    if (c < 0x30 || c > 0x39) return -1;
    f = f * 10 + (c - 0x30);
  }
  return int * 100 + f;
}

/** The form of a non-negative amount literal: digits, optionally a dot and digits. */
export const DECIMAL = /^\d+(\.\d+)?$/;

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/**
 * `hundredths(lit)` when `lit` has the form DECIMAL (-1 there for what hundredths leaves to big.js), else -2: the
 * form and the value in one pass for the usual amount. hundredths reads every character of a value it returns but
 * also takes '', '.', '.5' and '1.', which a digit at both ends rules out; DECIMAL itself judges only the rest.
 */
export function decimalHundredths(lit: string): number {
  const h = hundredths(lit);
  if (h >= 0) return lit.length > 0 && isDigit(lit.charCodeAt(0)) && isDigit(lit.charCodeAt(lit.length - 1)) ? h : -2;
  return DECIMAL.test(lit) ? -1 : -2;
}

/** '123.40' for 12340 (a non-negative safe integer). */
export function formatHundredths(h: number): string {
  const int = Math.floor(h / 100);
  const f = h - int * 100;
  return `${int}.${f < 10 ? '0' : ''}${f}`;
}

const bigOf = (h: number) => new Big(formatHundredths(h));

/** Decimal places of a big.js value (trailing zeros are not kept by big.js). */
function dp(b: Big): number {
  return Math.max(0, b.c.length - b.e - 1);
}

/** An exact running sum of non-negative decimal literals. */
export class DecimalSum {
  private h = 0;
  private big: Big | null = null;

  /** Adds an amount given in hundredths (see `hundredths`). */
  addHundredths(h: number): void {
    if (this.big !== null) {
      this.big = this.big.plus(bigOf(h));
      return;
    }
    const s = this.h + h;
    if (Number.isSafeInteger(s)) this.h = s;
    else this.big = bigOf(this.h).plus(bigOf(h));
  }

  addBig(b: Big): void {
    this.big = (this.big ?? bigOf(this.h)).plus(b);
  }

  /** Adds a literal of the form \d+(\.\d+)?. */
  add(lit: string): void {
    const h = hundredths(lit);
    if (h >= 0) this.addHundredths(h);
    else this.addBig(new Big(lit));
  }

  /** Numeric equality with a literal of the form \d+(\.\d+)?. */
  equals(lit: string): boolean {
    if (this.big === null) {
      const h = hundredths(lit);
      if (h >= 0) return h === this.h;
      return new Big(lit).eq(bigOf(this.h));
    }
    return new Big(lit).eq(this.big);
  }

  /** big.js toFixed(2) of the sum. */
  toFixed2(): string {
    return this.big === null ? formatHundredths(this.h) : this.big.toFixed(2);
  }

  /** At least two decimals, more when the sum has them (the summary's form). */
  format(): string {
    return this.big === null ? formatHundredths(this.h) : this.big.toFixed(Math.max(2, dp(this.big)));
  }
}
