/** Amounts in integer cents: the form nearly every payment amount has, read without a decimal object. */

/** Digits with at most 2 decimals; group 1 the integer digits, group 2 the decimals. */
export const CENTS = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Cents of an amount written as up to 13 digits with at most 2 decimals (a CENTS literal whose cents are an exact
 * double), read without a match object; -1 for anything else (more integer digits, other forms: CENTS decides those).
 */
export function plainCents(a: string): number {
  const n = a.length;
  let i = 0;
  let v = 0;
  for (; i < n; i++) {
    const d = a.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    v = v * 10 + d;
  }
  if (i === 0 || i > 13) return -1;
  if (i === n) return v * 100;
  if (a.charCodeAt(i) !== 46 || n - i < 2 || n - i > 3) return -1;
  const d1 = a.charCodeAt(i + 1) - 48;
  if (d1 < 0 || d1 > 9) return -1;
  if (n - i === 2) return v * 100 + d1 * 10;
  const d2 = a.charCodeAt(i + 2) - 48;
  if (d2 < 0 || d2 > 9) return -1;
  return v * 100 + d1 * 10 + d2;
}
