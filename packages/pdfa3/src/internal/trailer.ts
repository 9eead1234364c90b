/**
 * Raw trailer reading for files the object parser cannot open (and for the byte-level trailer checks):
 * the names that are keys of a dictionary's top level, with strings, hex strings, comments, nested
 * dictionaries and arrays skipped, so that "(/Encrypt 5 0 R)" inside a string is not an /Encrypt key.
 */
import { latin1 } from './bytes';

const DELIMS = '()<>[]{}/%';
const isWs = (c: string) => c === '\0' || c === '\t' || c === '\n' || c === '\f' || c === '\r' || c === ' ';

/** Key names at the top level of the dictionary that starts at `from` ("<<"); linear in its length. */
export function topLevelKeys(s: string, from = 0, limit = s.length): Set<string> {
  const keys = new Set<string>();
  let depth = 0; // << >> nesting
  let arr = 0; // [ ] nesting inside the top level
  let expectKey = false;
  for (let i = from; i < limit; i++) {
    const c = s[i]!;
    if (c === '(') {
      let level = 1;
      for (i++; i < limit && level > 0; i++) {
        if (s[i] === '\\') i++;
        else if (s[i] === '(') level++;
        else if (s[i] === ')') level--;
      }
      i--;
      if (depth === 1 && arr === 0) expectKey = true;
      continue;
    }
    if (c === '%') {
      while (i < limit && s[i] !== '\n' && s[i] !== '\r') i++;
      continue;
    }
    if (c === '<' && s[i + 1] === '<') {
      depth++;
      i++;
      if (depth === 1) expectKey = true;
      continue;
    }
    if (c === '>' && s[i + 1] === '>') {
      depth--;
      i++;
      if (depth === 1 && arr === 0) expectKey = true;
      if (depth <= 0) return keys;
      continue;
    }
    if (c === '<') {
      while (i < limit && s[i] !== '>') i++;
      if (depth === 1 && arr === 0) expectKey = true;
      continue;
    }
    if (depth !== 1) continue;
    if (c === '[') {
      arr++;
      continue;
    }
    if (c === ']') {
      arr = Math.max(0, arr - 1);
      if (arr === 0) expectKey = true;
      continue;
    }
    if (arr > 0 || isWs(c)) continue;
    if (c === '/') {
      let j = i + 1;
      while (j < limit && !isWs(s[j]!) && !DELIMS.includes(s[j]!)) j++;
      const name = s.slice(i + 1, j);
      if (expectKey) keys.add(name);
      expectKey = !expectKey;
      i = j - 1;
      continue;
    }
    // a number, keyword or reference: "5 0 R" is one value
    let j = i;
    while (j < limit && !isWs(s[j]!) && !DELIMS.includes(s[j]!)) j++;
    // a stray delimiter (")", a single ">", "{", "}"): skipped; reading it as an empty word would never move on
    if (j === i) continue;
    const word = s.slice(i, j);
    i = j - 1;
    if (/^[+-]?\d+$/.test(word)) {
      const m = /^[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+R(?![A-Za-z0-9])/.exec(s.slice(j, j + 32));
      if (m) i = j + m[0].length - 1;
    }
    expectKey = true;
  }
  return keys;
}

/** Whether any trailer (classic or cross-reference stream) of the file has an /Encrypt key. */
export function trailerHasEncrypt(bytes: Uint8Array): boolean {
  const s = latin1(bytes);
  for (const m of s.matchAll(/trailer[\0\t\n\f\r ]*<</g)) {
    if (topLevelKeys(s, m.index! + m[0].length - 2).has('Encrypt')) return true;
  }
  for (const m of s.matchAll(/(\d+)[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]+obj[\0\t\n\f\r ]*<</g)) {
    const at = m.index! + m[0].length - 2;
    const head = s.slice(at, at + 4096);
    if (!/\/XRef\b/.test(head)) continue;
    const keys = topLevelKeys(s, at, Math.min(s.length, at + (1 << 20)));
    if (keys.has('Encrypt') && keys.has('Type')) return true;
  }
  return false;
}
