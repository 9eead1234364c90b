/** Decimal helpers on big.js: the one place where amounts are parsed, rounded and formatted. */
import Big from 'big.js';

export { Big };
export type Decimal = Big;

/**
 * Parses a JSON number or decimal string exactly (numbers via their shortest decimal string).
 * @example
 * ```ts
 * dec('0.1').plus(dec('0.2')).toString(); // '0.3' — never a float
 * ```
 */
export function dec(value: Big | string | number): Big {
  if (value instanceof Big) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    return new Big(String(value));
  }
  return new Big(value.trim());
}

/**
 * Parses an xs:decimal lexical value; undefined when it is not one.
 * @example
 * ```ts
 * parseDecimal(' 1190.50 ')?.toFixed(2); // '1190.50'
 * parseDecimal('12,5');                    // undefined (not an xs:decimal)
 * ```
 */
export function parseDecimal(text: string | undefined | null): Big | undefined {
  if (text === undefined || text === null) return undefined;
  const t = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return undefined;
  return new Big(t.startsWith('+') ? t.slice(1) : t);
}

/**
 * Half-up (away from zero at .5) rounding to dp decimals, as EN 16931 expects for amounts.
 * @example
 * ```ts
 * roundHalfUp('2.345').toString();   // '2.35'
 * roundHalfUp('2.5', 0).toString();  // '3'
 * ```
 */
export function roundHalfUp(value: Big | string | number, dp = 2): Big {
  return dec(value).round(dp, Big.roundHalfUp);
}

/**
 * Fixed-point text with exactly dp decimals, no exponent.
 * @example
 * ```ts
 * formatDecimal('12.345'); // '12.35' (2 decimals, half-up)
 * formatDecimal(7, 0);      // '7'
 * ```
 */
export function formatDecimal(value: Big | string | number, dp = 2): string {
  return roundHalfUp(value, dp).toFixed(dp);
}

/**
 * Text with no trailing zeros beyond minDp decimals (e.g. quantities 1.5 → "1.5", 2 → "2").
 * @example
 * ```ts
 * formatDecimalTrim('1.5000', 0, 4); // '1.5'
 * formatDecimalTrim('2', 2, 4);      // '2.00'
 * ```
 */
export function formatDecimalTrim(value: Big | string | number, minDp = 0, maxDp = 20): string {
  const b = dec(value).round(maxDp, Big.roundHalfUp);
  let s = b.toFixed(maxDp);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  const [i, f = ''] = s.split('.');
  if (f.length < minDp) return `${i}.${f.padEnd(minDp, '0')}`;
  return s;
}

/**
 * Number of digits after the decimal point in a decimal lexical value.
 * @example
 * ```ts
 * fractionDigits('12.340'); // 3
 * fractionDigits('12');     // 0
 * ```
 */
export function fractionDigits(text: string): number {
  const t = text.trim();
  const i = t.indexOf('.');
  return i < 0 ? 0 : t.length - i - 1;
}
