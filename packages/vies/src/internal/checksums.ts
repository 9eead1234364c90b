/**
 * Generic check-digit algorithms shared by the national VAT formats (Luhn, ISO 7064 Mod 11,10 and
 * Mod 97,10, weighted sums). Inputs are already known to be ASCII digits (or A-Z for Mod 97,10).
 */

/** Luhn checksum over a digit string; 0 means the string (with its check digit) is valid. */
export function luhnChecksum(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, odd = false; i >= 0; i--, odd = !odd) {
    const d = digits.charCodeAt(i) - 48;
    if (odd) {
      const doubled = d * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else {
      sum += d;
    }
  }
  return sum % 10;
}

/** The Luhn check digit to append to `digits`. */
export function luhnCheckDigit(digits: string): number {
  return (10 - luhnChecksum(digits + '0')) % 10;
}

/** ISO 7064 Mod 11,10 over a digit string including its check digit: valid when the result is 1. */
export function mod11_10Checksum(digits: string): number {
  let check = 5;
  for (let i = 0; i < digits.length; i++) {
    check = ((((check || 10) * 2) % 11) + (digits.charCodeAt(i) - 48)) % 10;
  }
  return check;
}

/**
 * ISO 7064 Mod 97,10 remainder of an alphanumeric string where A-Z count as 10-35 (IBAN style).
 * Computed piecewise so arbitrarily long strings never leave the safe-integer range.
 */
export function mod97(text: string): number {
  let remainder = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      remainder = (remainder * 10 + (code - 48)) % 97;
    } else {
      const value = code - 55; // 'A' (65) -> 10
      remainder = (remainder * 100 + value) % 97;
    }
  }
  return remainder;
}

/** Σ wᵢ·dᵢ over the first weights.length digits. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (weights[i] ?? 0) * (digits.charCodeAt(i) - 48);
  return sum;
}

/** Mathematical modulo (non-negative for negative dividends, like Python's %). */
export function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

export function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A real calendar date check (proleptic Gregorian), used for birth dates embedded in personal numbers. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}
