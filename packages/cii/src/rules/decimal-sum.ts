/**
 * An exact running sum of xs:decimal values for the per-document sums of the rules (line net amounts per VAT
 * category and rate): while every value has at most MAX_SCALE fraction digits and the sum stays a safe integer in
 * units of 10^-scale, it is kept as that integer (no big.js object per addition); beyond that it continues in
 * big.js. `value()` is the very Dec that summing with big.js from `D(0)` gives: big.js addition is exact and keeps
 * its values normalised (no trailing zeros; a zero sum is +0), so the same value has the same digits, exponent and sign.
 */
import { XBig, decimalLexical, type Dec } from './xpath';

const MAX_SCALE = 12;
/** Integers up to 10^15 are exact doubles; a value's digits (integer + fraction) must stay below that. */
const MAX_DIGITS = 15;
const POW10: readonly number[] = Array.from({ length: MAX_DIGITS + 1 }, (_, i) => 10 ** i);

export class DecimalSum {
  /** The sum × 10^scale (a safe integer) while `big` is undefined. */
  private units = 0;
  private scale = 0;
  /** The sum once it left the integer form. */
  private big: Dec | undefined;
  private cached: Dec | undefined;
  /** How many values were added (a sum of none is XPath's integer 0, of some an xs:decimal). */
  items = 0;

  /** Adds xs:decimal(s); XPathDynamicError FORG0001 (as `decimal(s)`) on a bad lexical form, the sum unchanged. */
  addText(s: string): void {
    const t = decimalLexical(s);
    this.cached = undefined;
    this.items++;
    if (this.big === undefined && this.addLexical(t)) return;
    this.big = this.value().plus(new XBig(t.charCodeAt(0) === 43 ? t.slice(1) : t));
    this.cached = undefined;
  }

  /** Adds another sum's value. */
  addSum(o: DecimalSum): void {
    this.cached = undefined;
    this.items += o.items;
    if (this.big === undefined && o.big === undefined && this.addUnits(o.units, o.scale)) return;
    this.big = this.value().plus(o.value());
    this.cached = undefined;
  }

  /** The sum as a Dec (the same object until the next addition). */
  value(): Dec {
    if (this.cached !== undefined) return this.cached;
    if (this.big !== undefined) return (this.cached = this.big);
    return (this.cached = unitsToDec(this.units, this.scale));
  }

  /** Adds a validated lexical form if the sum stays exact in the integer form; false (nothing changed) otherwise. */
  private addLexical(t: string): boolean {
    let i = 0;
    const n = t.length;
    let negative = false;
    const c0 = t.charCodeAt(0);
    if (c0 === 45 || c0 === 43) {
      negative = c0 === 45;
      i = 1;
    }
    // Leading zeros do not count as digits.
    while (i < n && t.charCodeAt(i) === 48) i++;
    let v = 0;
    let digits = 0;
    let scale = 0;
    let fraction = false;
    for (; i < n; i++) {
      const c = t.charCodeAt(i);
      if (c === 46) {
        fraction = true;
        continue;
      }
      if (fraction) scale++;
      if (v !== 0 || c !== 48) digits++;
      v = v * 10 + (c - 48);
    }
    if (scale > MAX_SCALE || digits > MAX_DIGITS) return false;
    return this.addUnits(negative ? -v : v, scale);
  }

  /** units × 10^-scale added if the result stays exact; false (nothing changed) otherwise. */
  private addUnits(units: number, scale: number): boolean {
    let mine = this.units;
    let theirs = units;
    let s = this.scale;
    if (scale > s) {
      mine *= POW10[scale - s]!;
      s = scale;
    } else if (scale < s) theirs *= POW10[s - scale]!;
    const sum = mine + theirs;
    if (!Number.isSafeInteger(mine) || !Number.isSafeInteger(theirs) || !Number.isSafeInteger(sum)) return false;
    this.units = sum;
    this.scale = s;
    return true;
  }
}

/** units × 10^-scale as a Dec (a zero is +0, as a big.js sum gives). */
function unitsToDec(units: number, scale: number): Dec {
  if (units === 0) return new XBig(0);
  const digits = String(Math.abs(units));
  const sign = units < 0 ? '-' : '';
  if (scale === 0) return new XBig(sign + digits);
  const padded = digits.length > scale ? digits : '0'.repeat(scale - digits.length + 1) + digits;
  return new XBig(`${sign}${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`);
}
