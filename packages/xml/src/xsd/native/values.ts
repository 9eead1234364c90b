/**
 * Simple-type values: the built-in lexical spaces the payment schemas use and the facets on them, reported as
 * libxml2 words them (one message per failed facet; a lexical failure is one message and no facet is checked).
 */
import type { SimpleType } from './schema';

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const TZ = '(?:Z|[+-](?:(?:0\\d|1[0-3]):[0-5]\\d|14:00))?';
const DATE = new RegExp(`^(-?(?:[1-9]\\d{4,}|\\d{4}))-(\\d\\d)-(\\d\\d)${TZ}$`);
const TIME_PART = '(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?|24:00:00(?:\\.0+)?)';
const DATE_TIME = new RegExp(`^(-?(?:[1-9]\\d{4,}|\\d{4}))-(\\d\\d)-(\\d\\d)T${TIME_PART}${TZ}$`);
const TIME = new RegExp(`^${TIME_PART}${TZ}$`);
const G_YEAR = new RegExp(`^-?(?:[1-9]\\d{4,}|\\d{4})${TZ}$`);
const G_YEAR_MONTH = new RegExp(`^-?(?:[1-9]\\d{4,}|\\d{4})-(\\d\\d)${TZ}$`);

/** XML Schema whitespace "collapse" for the non-string built-ins (libxml2 trims the ends for those). */
const isWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

function trim(v: string): string {
  let s = 0;
  let e = v.length;
  while (s < e && isWs(v.charCodeAt(s))) s++;
  while (e > s && isWs(v.charCodeAt(e - 1))) e--;
  return s === 0 && e === v.length ? v : v.slice(s, e);
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  if (m === 2 && d === 29) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= DAYS[m - 1]!;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const two = (v: string, i: number) => (v.charCodeAt(i) - 0x30) * 10 + v.charCodeAt(i + 1) - 0x30;

/**
 * The usual date shape, `YYYY-MM-DD` at `v[0..10)` with a valid day, read in place: true only when DATE would
 * accept that part (the callers try the pattern for everything else).
 */
function plainDateAt(v: string): boolean {
  if (v.length < 10 || v.charCodeAt(4) !== 0x2d || v.charCodeAt(7) !== 0x2d) return false;
  for (const i of DATE_DIGITS) if (!isDigit(v.charCodeAt(i))) return false;
  return validDay(two(v, 0) * 100 + two(v, 2), two(v, 5), two(v, 8));
}
const DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];

function isDate(v: string): boolean {
  if (v.length === 10 && plainDateAt(v)) return true;
  const m = DATE.exec(v);
  return m !== null && validDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

function isDateTime(v: string): boolean {
  // The usual shape first: YYYY-MM-DDThh:mm:ss, nothing after it.
  if (
    v.length === 19 &&
    v.charCodeAt(10) === 0x54 &&
    v.charCodeAt(13) === 0x3a &&
    v.charCodeAt(16) === 0x3a &&
    isDigit(v.charCodeAt(11)) &&
    isDigit(v.charCodeAt(12)) &&
    isDigit(v.charCodeAt(14)) &&
    isDigit(v.charCodeAt(15)) &&
    isDigit(v.charCodeAt(17)) &&
    isDigit(v.charCodeAt(18)) &&
    two(v, 11) <= 23 &&
    two(v, 14) <= 59 &&
    two(v, 17) <= 59 &&
    plainDateAt(v)
  )
    return true;
  const m = DATE_TIME.exec(v);
  return m !== null && validDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** The lexical check of each built-in base other than string (always true) and decimal (DECIMAL). */
const LEXICAL: Record<Exclude<SimpleType['builtin'], 'string'>, (v: string) => boolean> = {
  decimal: (v) => DECIMAL.test(v),
  boolean: (v) => v === 'true' || v === 'false' || v === '1' || v === '0',
  date: isDate,
  dateTime: isDateTime,
  time: (v) => TIME.test(v),
  gYear: (v) => G_YEAR.test(v),
  gYearMonth: (v) => {
    const m = G_YEAR_MONTH.exec(v);
    return m !== null && Number(m[1]) >= 1 && Number(m[1]) <= 12;
  },
};

function lexicalOk(t: SimpleType, v: string): boolean {
  return t.builtin === 'string' || LEXICAL[t.builtin](v);
}

/**
 * Digits of a decimal literal (already lexically valid): significant digits (leading zeros of the integer part and
 * trailing zeros of the fraction not counted, at least 1) and fraction digits (trailing zeros not counted).
 */
function digits(v: string): { total: number; fraction: number } {
  return { total: totalDigitsOf(v), fraction: fractionDigitsOf(v) };
}

/** Compares two decimal literals exactly (-1, 0, 1). */
export function compareDecimal(a: string, b: string): number {
  const [xNeg, xInt, xFrac] = boundParts(a);
  const [yNeg, yInt, yFrac] = boundParts(b);
  const x = { neg: xNeg, int: xInt, frac: xFrac };
  const y = { neg: yNeg, int: yInt, frac: yFrac };
  if (x.neg !== y.neg) return x.neg ? -1 : 1;
  const sign = x.neg ? -1 : 1;
  if (x.int.length !== y.int.length) return (x.int.length < y.int.length ? -1 : 1) * sign;
  if (x.int !== y.int) return (x.int < y.int ? -1 : 1) * sign;
  const n = Math.max(x.frac.length, y.frac.length);
  const fx = x.frac.padEnd(n, '0');
  const fy = y.frac.padEnd(n, '0');
  if (fx === fy) return 0;
  return (fx < fy ? -1 : 1) * sign;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

function codePoints(v: string): number {
  let n = v.length;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) n--;
  }
  return n;
}

// ------------------------------------------------------------------ fast path: is the value valid?

/** Decimal literal (lexically valid) against a bound given as its parts: sign, integer digits without leading zeros, fraction without trailing zeros. */
function compareToBound(v: string, bNeg: boolean, bInt: string, bFrac: string): number {
  const n = v.length;
  let i = 0;
  let neg = false;
  const c0 = v.charCodeAt(0);
  if (c0 === 0x2b || c0 === 0x2d) {
    neg = c0 === 0x2d;
    i = 1;
  }
  while (i < n && v.charCodeAt(i) === 0x30) i++;
  const intStart = i;
  while (i < n && v.charCodeAt(i) !== 0x2e) i++;
  const intEnd = i;
  const fracStart = i + 1;
  let fracEnd = n;
  if (intEnd < n) while (fracEnd > fracStart && v.charCodeAt(fracEnd - 1) === 0x30) fracEnd--;
  else fracEnd = fracStart;
  if (intEnd === intStart && fracEnd <= fracStart) neg = false;
  if (neg !== bNeg) return neg ? -1 : 1;
  const sign = neg ? -1 : 1;
  const intLen = intEnd - intStart;
  if (intLen !== bInt.length) return (intLen < bInt.length ? -1 : 1) * sign;
  for (let k = 0; k < intLen; k++) {
    const d = v.charCodeAt(intStart + k) - bInt.charCodeAt(k);
    if (d !== 0) return (d < 0 ? -1 : 1) * sign;
  }
  const fracLen = Math.max(fracEnd - fracStart, 0);
  const m = Math.max(fracLen, bFrac.length);
  for (let k = 0; k < m; k++) {
    const a = k < fracLen ? v.charCodeAt(fracStart + k) : 0x30;
    const b = k < bFrac.length ? bFrac.charCodeAt(k) : 0x30;
    if (a !== b) return (a < b ? -1 : 1) * sign;
  }
  return 0;
}

/** Sign, integer digits without leading zeros and fraction digits without trailing zeros of a decimal literal (-0 is 0). */
function boundParts(b: string): [boolean, string, string] {
  let neg = false;
  if (b[0] === '+' || b[0] === '-') {
    neg = b[0] === '-';
    b = b.slice(1);
  }
  const dot = b.indexOf('.');
  const int = (dot < 0 ? b : b.slice(0, dot)).replace(/^0+/, '');
  const frac = (dot < 0 ? '' : b.slice(dot + 1)).replace(/0+$/, '');
  if (int === '' && frac === '') neg = false;
  return [neg, int, frac];
}

/** Significant digits (at least 1) of a lexically valid decimal, without an object (digits() and the predicates). */
function totalDigitsOf(v: string): number {
  let i = v.charCodeAt(0) === 0x2b || v.charCodeAt(0) === 0x2d ? 1 : 0;
  const n = v.length;
  while (i < n && v.charCodeAt(i) === 0x30) i++;
  let int = 0;
  while (i < n && v.charCodeAt(i) !== 0x2e) {
    int++;
    i++;
  }
  return Math.max(int + fractionDigitsOf(v), 1);
}

function fractionDigitsOf(v: string): number {
  const dot = v.indexOf('.');
  if (dot < 0) return 0;
  let end = v.length;
  while (end > dot + 1 && v.charCodeAt(end - 1) === 0x30) end--;
  return end - dot - 1;
}

type Check = (v: string) => boolean;

/** The helpers a generated predicate calls (passed in as parameters of the generated code). */
const HELPERS = { trim, codePoints, isHighSurrogate, totalDigitsOf, fractionDigitsOf, compareToBound };
const HELPER_NAMES = Object.keys(HELPERS);
const HELPER_VALUES = Object.values(HELPERS);

/**
 * A predicate compiled once per simple type: true only when checkValue would report nothing (it may say false for
 * a valid value in rare cases — surrogate pairs near a maximum length — and checkValue then decides the slow way).
 * No allocation for the common values: maximum lengths from the UTF-16 length, digits and bounds compared in place.
 *
 * Each check is a closure and a JavaScript expression doing the same; where the runtime allows, the expressions
 * of one type become one generated function (`new Function`: the checks inlined, the type's own call feedback —
 * a loop over shared closures calls a different one for every type), else the closures run in a loop. Only
 * integers checked here and constant indexes go into the generated source; values (bounds, sets, patterns) are
 * passed in as constants. `generate: false` forces the closures (for tests).
 */
export function compileValid(t: SimpleType, generate = true): Check {
  const keepRaw = t.builtin === 'string' || t.builtin === 'date' || t.builtin === 'dateTime' || t.builtin === 'time' || t.builtin === 'gYear' || t.builtin === 'gYearMonth';
  const checks: Check[] = [];
  const code: string[] = [];
  const consts: unknown[] = [];
  const k = (x: unknown) => `c[${consts.push(x) - 1}]`;
  /** An integer facet value fit for the generated source (else no source is generated). */
  let sourceOk = true;
  const int = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0) sourceOk = false;
    return String(Number.isSafeInteger(n) ? n : 0);
  };
  if (t.builtin === 'decimal') {
    checks.push((v) => DECIMAL.test(v));
    code.push(`${k(DECIMAL)}.test(v)`);
  } else if (t.builtin !== 'string') {
    const lexical = LEXICAL[t.builtin];
    checks.push(lexical);
    code.push(`${k(lexical)}(v)`);
  }
  for (const f of t.facetOrder) {
    const lim = t[f]!;
    switch (f) {
      case 'maxLength': {
        const max = lim as number;
        checks.push((v) => v.length <= max);
        code.push(`v.length <= ${int(max)}`);
        break;
      }
      case 'minLength': {
        const min = lim as number;
        // minLength 1 (the usual one): a first character that is not a high surrogate is one code point already.
        if (min === 1) {
          checks.push((v) => v.length >= 1 && (!isHighSurrogate(v.charCodeAt(0)) || codePoints(v) >= 1));
          code.push('v.length >= 1 && (!isHighSurrogate(v.charCodeAt(0)) || codePoints(v) >= 1)');
        } else if (min > 0) {
          checks.push((v) => v.length >= min && codePoints(v) >= min);
          code.push(`v.length >= ${int(min)} && codePoints(v) >= ${int(min)}`);
        }
        break;
      }
      case 'length': {
        const len = lim as number;
        checks.push((v) => codePoints(v) === len);
        code.push(`codePoints(v) === ${int(len)}`);
        break;
      }
      case 'totalDigits': {
        const max = lim as number;
        checks.push((v) => totalDigitsOf(v) <= max);
        code.push(`totalDigitsOf(v) <= ${int(max)}`);
        break;
      }
      case 'fractionDigits': {
        const max = lim as number;
        checks.push((v) => fractionDigitsOf(v) <= max);
        code.push(`fractionDigitsOf(v) <= ${int(max)}`);
        break;
      }
      default: {
        const [bNeg, bInt, bFrac] = boundParts(lim as string);
        const op = f === 'minInclusive' ? '>=' : f === 'maxInclusive' ? '<=' : f === 'minExclusive' ? '>' : '<';
        if (f === 'minInclusive') checks.push((v) => compareToBound(v, bNeg, bInt, bFrac) >= 0);
        else if (f === 'maxInclusive') checks.push((v) => compareToBound(v, bNeg, bInt, bFrac) <= 0);
        else if (f === 'minExclusive') checks.push((v) => compareToBound(v, bNeg, bInt, bFrac) > 0);
        else checks.push((v) => compareToBound(v, bNeg, bInt, bFrac) < 0);
        code.push(`compareToBound(v, ${bNeg ? 'true' : 'false'}, ${k(bInt)}, ${k(bFrac)}) ${op} 0`);
      }
    }
  }
  const set = t.enumSet;
  if (set !== null) {
    checks.push((v) => set.has(v));
    code.push(`${k(set)}.has(v)`);
  }
  for (const step of t.patterns) {
    const res = step.regexes;
    if (res.length === 1) {
      const re = res[0]!;
      checks.push((v) => re.test(v));
    } else checks.push((v) => res.some((re) => re.test(v)));
    code.push(`(${res.map((re) => `${k(re)}.test(v)`).join(' || ')})`);
  }
  if (generate && sourceOk && checks.length > 0) {
    const generated = generatedCheck(keepRaw, code, consts);
    if (generated !== null) return generated;
  }
  const n = checks.length;
  if (n === 0) return () => true;
  if (n === 1) {
    const c = checks[0]!;
    return keepRaw ? c : (raw) => c(trim(raw));
  }
  return (raw) => {
    const v = keepRaw ? raw : trim(raw);
    for (let i = 0; i < n; i++) if (!checks[i]!(v)) return false;
    return true;
  };
}

/** One function for the checks' expressions, or null when this runtime does not make functions from source. */
function generatedCheck(keepRaw: boolean, code: string[], consts: unknown[]): Check | null {
  const body = `"use strict"; return function valid(raw) { const v = ${keepRaw ? 'raw' : 'trim(raw)'}; return ${code.map((e) => `(${e})`).join(' && ')}; };`;
  try {
    // Generated from the checks above: integers checked there and constant indexes only.
    const make = new Function('c', ...HELPER_NAMES, body) as (c: unknown[], ...helpers: unknown[]) => Check;
    return make(consts, ...HELPER_VALUES);
  } catch (e) {
    // A runtime that makes no functions from source (--disallow-code-generation-from-strings): the closures.
    if (e instanceof EvalError) return null;
    throw e;
  }
}

/**
 * Compiles the type's predicate and keeps it on the type as a non-enumerable property: it is derived from the
 * type's data, so copies of the data (v8.serialize, structured clone, object spread) leave it out and it is
 * compiled again on first use.
 */
export function attachValid(t: SimpleType): Check {
  const valid = compileValid(t);
  Object.defineProperty(t, 'valid', { value: valid, enumerable: false, writable: true, configurable: true });
  return valid;
}

/**
 * The messages (libxml2 wording, without the "Element '…': " prefix) for a value of a simple type; empty when valid.
 */
export function checkValue(t: SimpleType, raw: string): readonly string[] {
  return (t.valid ?? attachValid(t))(raw) ? NONE : valueMessages(t, raw);
}

/** checkValue without the compiled predicate: every lexical and facet check, worded. */
export function valueMessages(t: SimpleType, raw: string): readonly string[] {
  const v = t.builtin === 'string' || t.builtin === 'date' || t.builtin === 'dateTime' || t.builtin === 'time' || t.builtin === 'gYear' || t.builtin === 'gYearMonth' ? raw : trim(raw);
  if (!lexicalOk(t, v)) return [t.anonymous ? `'${raw}' is not a valid value of the local atomic type.` : `'${raw}' is not a valid value of the atomic type '${t.name}'.`];
  if (t.facetOrder.length === 0 && t.enumSet === null && t.patterns.length === 0) return NONE;
  const out: string[] = [];
  let d: { total: number; fraction: number } | undefined;
  for (const f of t.facetOrder) {
    switch (f) {
      case 'length':
      case 'minLength':
      case 'maxLength': {
        const n = codePoints(v);
        const lim = t[f]!;
        if (f === 'maxLength' && n > lim) out.push(`[facet 'maxLength'] The value has a length of '${n}'; this exceeds the allowed maximum length of '${lim}'.`);
        if (f === 'minLength' && n < lim) out.push(`[facet 'minLength'] The value has a length of '${n}'; this underruns the allowed minimum length of '${lim}'.`);
        if (f === 'length' && n !== lim) out.push(`[facet 'length'] The value has a length of '${n}'; this differs from the allowed length of '${lim}'.`);
        break;
      }
      case 'totalDigits':
        if ((d ??= digits(v)).total > t.totalDigits!) out.push(`[facet 'totalDigits'] The value '${v}' has more digits than are allowed ('${t.totalDigits}').`);
        break;
      case 'fractionDigits':
        if ((d ??= digits(v)).fraction > t.fractionDigits!) out.push(`[facet 'fractionDigits'] The value '${v}' has more fractional digits than are allowed ('${t.fractionDigits}').`);
        break;
      case 'minInclusive':
        if (compareDecimal(v, t.minInclusive!) < 0) out.push(`[facet 'minInclusive'] The value '${v}' is less than the minimum value allowed ('${t.minInclusive}').`);
        break;
      case 'maxInclusive':
        if (compareDecimal(v, t.maxInclusive!) > 0) out.push(`[facet 'maxInclusive'] The value '${v}' is greater than the maximum value allowed ('${t.maxInclusive}').`);
        break;
      case 'minExclusive':
        if (compareDecimal(v, t.minExclusive!) <= 0) out.push(`[facet 'minExclusive'] The value '${v}' must be greater than '${t.minExclusive}'.`);
        break;
      case 'maxExclusive':
        if (compareDecimal(v, t.maxExclusive!) >= 0) out.push(`[facet 'maxExclusive'] The value '${v}' must be less than '${t.maxExclusive}'.`);
        break;
    }
  }
  if (t.enumSet !== null && !t.enumSet.has(v)) {
    out.push(`[facet 'enumeration'] The value '${v}' is not an element of the set {${t.enumeration!.map((e) => `'${e}'`).join(', ')}}.`);
  }
  for (let i = 0; i < t.patterns.length; i++) {
    const step = t.patterns[i]!;
    const res = step.regexes;
    let ok = false;
    for (let k = 0; k < res.length && !ok; k++) ok = res[k]!.test(v);
    if (!ok) {
      out.push(`[facet 'pattern'] The value '${v}' is not accepted by the pattern '${step.sources.join('|')}'.`);
      break;
    }
  }
  return out.length === 0 ? NONE : out;
}

/** The shared answer for a valid value (nothing allocated per value). */
const NONE: readonly string[] = Object.freeze([]) as readonly string[];
