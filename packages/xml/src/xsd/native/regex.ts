/**
 * XML Schema regular expressions (XSD 1.0 Part 2, Appendix F) → JavaScript RegExp with the `u` flag.
 *
 * XSD patterns are implicitly anchored, `^`/`$` are ordinary characters, `.` excludes only CR/LF, and the escapes
 * differ from JavaScript's. The translation covers the part of the language the payment schemas use and more:
 * literals, single-character escapes, `.`, groups, alternation, quantifiers `? * + {n} {n,} {n,m}`, character
 * classes with ranges and negation, `\s \S \d \D` (outside classes; `\s`/`\d` inside), `\p{…}`/`\P{…}` Unicode
 * categories. Anything else (`\i \c \w` and their complements, block escapes `\p{IsX}`, class subtraction) is
 * refused: `translateXsdPattern` returns null and the caller leaves the schema to libxml2.
 */

const SINGLE_ESCAPES = new Set(['n', 'r', 't', '\\', '|', '.', '-', '^', '?', '*', '+', '{', '}', '(', ')', '[', ']']);
const CONTROL: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09 };

const lit = (cp: number): string => `\\u{${cp.toString(16)}}`;

/** Unicode general categories (and their one-letter groups) that JavaScript's \p{…} knows by the same name. */
const CATEGORY = /^(L[ultmo]?|M[nce]?|N[dlo]?|P[cdseifo]?|Z[slp]?|S[mcko]?|C[cfon]?)$/;

class Refused extends Error {}

/** The JavaScript source (unanchored) of an XSD regular expression, or null when it uses something we do not translate. */
export function translateXsdRegex(xsd: string): string | null {
  try {
    const cps = Array.from(xsd);
    let i = 0;
    let out = '';
    const readEscape = (inClass: boolean): string => {
      const c = cps[i + 1];
      if (c === undefined) throw new Refused('trailing backslash');
      i += 2;
      if (SINGLE_ESCAPES.has(c)) return lit(CONTROL[c] ?? c.codePointAt(0)!);
      if (c === 's') return inClass ? '\\u{20}\\u{9}\\u{a}\\u{d}' : '[\\u{20}\\u{9}\\u{a}\\u{d}]';
      if (c === 'd') return '\\p{Nd}';
      if (!inClass && c === 'S') return '[^\\u{20}\\u{9}\\u{a}\\u{d}]';
      if (!inClass && c === 'D') return '\\P{Nd}';
      if (c === 'p' || c === 'P') {
        if (cps[i] !== '{') throw new Refused('\\p without braces');
        const close = cps.indexOf('}', i);
        if (close < 0) throw new Refused('unterminated \\p');
        const name = cps.slice(i + 1, close).join('');
        if (!CATEGORY.test(name)) throw new Refused(`category ${name}`);
        i = close + 1;
        return `\\${c}{${name}}`;
      }
      throw new Refused(`escape \\${c}`);
    };
    const charClass = (): string => {
      // cps[i] === '['
      i++;
      let s = '[';
      if (cps[i] === '^') {
        s += '^';
        i++;
      }
      let first = true;
      for (;;) {
        const c = cps[i];
        if (c === undefined) throw new Refused('unterminated class');
        if (c === ']' && !first) {
          i++;
          break;
        }
        first = false;
        if (c === '[') throw new Refused('nested class');
        if (c === '-') {
          if (cps[i + 1] === '[') throw new Refused('class subtraction');
          // A '-' at the start or end of a class is a literal; elsewhere it is the range operator.
          const atEnd = cps[i + 1] === ']';
          const atStart = s === '[' || s === '[^';
          s += atEnd || atStart ? lit(0x2d) : '-';
          i++;
          continue;
        }
        if (c === '\\') {
          s += readEscape(true);
          continue;
        }
        s += lit(c.codePointAt(0)!);
        i++;
      }
      return `${s}]`;
    };
    while (i < cps.length) {
      const c = cps[i]!;
      if (c === '\\') out += readEscape(false);
      else if (c === '[') out += charClass();
      else if (c === '.') {
        out += '[^\\u{a}\\u{d}]';
        i++;
      } else if (c === '^' || c === '$' || c === '/') {
        out += lit(c.codePointAt(0)!);
        i++;
      } else if (c === '(') {
        if (cps[i + 1] === '?') throw new Refused('(? is not XSD');
        out += '(?:';
        i++;
      } else if (c === '{') {
        // Quantifier {n}, {n,}, {n,m}
        const close = cps.indexOf('}', i);
        const body = close < 0 ? '' : cps.slice(i + 1, close).join('');
        if (!/^\d+(,\d*)?$/.test(body)) throw new Refused('bad quantifier');
        out += `{${body}}`;
        i = close + 1;
      } else if (c === ']' || c === '}') throw new Refused(`unescaped ${c}`);
      else {
        out += ')|*+?'.includes(c) ? c : lit(c.codePointAt(0)!);
        i++;
      }
    }
    new RegExp(out, 'u');
    return out;
  } catch (e) {
    if (e instanceof Refused || e instanceof SyntaxError) return null;
    throw e;
  }
}

/** Anchored RegExp for an XSD pattern facet, or null when it is not translated. */
export function compileXsdPattern(xsd: string): RegExp | null {
  const src = translateXsdRegex(xsd);
  return src === null ? null : new RegExp(`^(?:${src})$`, 'u');
}
