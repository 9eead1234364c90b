/**
 * Character sets and the transliteration policy for text written into payment files.
 *
 * Policy (documented in README):
 * - `epc` (default): the EPC "Latin character set" a-z A-Z 0-9 / - ? : ( ) . , ' + and space, the set every
 *   SEPA bank and SWIFT (X character set) accepts. German umlauts and ß are transliterated (ä→ae, ö→oe,
 *   ü→ue, Ä→Ae, Ö→Oe, Ü→Ue, ß→ss), other Latin letters lose their diacritics (é→e, ł→l, ø→o, æ→ae),
 *   typographic quotes and dashes become ' and -, & becomes +, @ becomes (at), line breaks and tabs become spaces.
 * - `dk`: the German banks' extended set (DFÜ-Abkommen Anlage 3): EPC plus Ä Ö Ü ä ö ü ß & * $ %; other
 *   characters are transliterated as above.
 * Anything still outside the set after transliteration (Cyrillic, Greek, CJK, emoji ...) is not guessed:
 * the business rules report UNSUPPORTED_CHARACTER and no file is produced.
 */
export type CharacterSet = 'epc' | 'dk';

const EPC = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const DK = /^[A-Za-z0-9/\-?:().,'+ ÄÖÜäöüß&*$%]*$/;
const EPC_CHAR = /[^A-Za-z0-9/\-?:().,'+ ]/g;
const DK_CHAR = /[^A-Za-z0-9/\-?:().,'+ ÄÖÜäöüß&*$%]/g;

/**
 * Identifier fields (MsgId, PmtInfId, InstrId, EndToEndId) use the DK/EPC identifier pattern in every profile
 * (the XSD's `([A-Za-z0-9]|[+?/\-:().,' ]){1,35}` as one character class: the same texts, without a capture per character).
 */
export const ID_PATTERN = /^[A-Za-z0-9+?/\-:().,' ]{1,35}$/;

/** Characters with a fixed replacement (exported for the transliteration tests). */
export const SPECIAL: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  ĸ: 'k',
  ŋ: 'n',
  Ŋ: 'N',
  '&': '+',
  '@': '(at)',
  '"': "'",
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '‹': "'",
  '›': "'",
  '´': "'",
  '`': "'",
  '–': '-',
  '—': '-',
  '‒': '-',
  '−': '-',
  _: '-',
  '‐': '-',
  '‑': '-',
  ';': ',',
  '·': '.',
  '…': '...',
  '€': 'EUR',
  '\u00A0': ' ',
  '\u2009': ' ',
  '\u202F': ' ',
};
/** Kept as they are in the dk set (the ASCII ones * $ % have no mapping and stay anyway). */
const DK_KEEP = new Set(['ä', 'ö', 'ü', 'Ä', 'Ö', 'Ü', 'ß', '&', '*', '$', '%']);
/** Texts cleanText leaves alone (no leading, trailing or repeated spaces, no other whitespace) that are in the set. */
const EPC_CLEAN = /^[A-Za-z0-9/\-?:().,'+]+(?: [A-Za-z0-9/\-?:().,'+]+)*$/;
const DK_CLEAN = /^[A-Za-z0-9/\-?:().,'+ÄÖÜäöüß&*$%]+(?: [A-Za-z0-9/\-?:().,'+ÄÖÜäöüß&*$%]+)*$/;
/** Texts cleanText leaves alone: words separated by single spaces. */
const WS_CLEAN = /^[^\s\u00A0\u2009\u202F]+(?: [^\s\u00A0\u2009\u202F]+)*$/;
/** ASCII characters without a SPECIAL mapping. */
const ASCII_PLAIN = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_PLAIN[c] = SPECIAL[String.fromCharCode(c)] === undefined ? 1 : 0;
/** SPECIAL as a Map: a lookup of a character not seen before costs no deoptimisation (a keyed property load learns names). */
const SPECIAL_MAP = new Map(Object.entries(SPECIAL));

/** Collapses whitespace (including line breaks) and trims. */
export function cleanText(s: string): string {
  return s.replace(/[\s\u00A0\u2009\u202F]+/g, ' ').trim();
}

/**
 * Transliterates a text into the chosen set as far as the policy allows (see module comment).
 * @example
 * ```ts
 * transliterate('Müller & Söhne – Łódź', 'epc'); // 'Mueller + Soehne - Lodz' (SEPA EPC character set)
 * ```
 */
export function transliterate(input: string, set: CharacterSet = 'epc'): string {
  // Already clean and in the set (most texts): nothing to do.
  if ((set === 'dk' ? DK_CLEAN : EPC_CLEAN).test(input)) return input;
  const s = WS_CLEAN.test(input) ? input : cleanText(input);
  const ok = set === 'dk' ? DK : EPC;
  if (ok.test(s)) return s;
  // Runs of characters that stay as they are are copied in one slice each.
  let out = '';
  let from = 0;
  const dk = set === 'dk';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // ASCII without a mapping stays as it is (what the NFD step below would give).
    if (c < 128 && ASCII_PLAIN[c] === 1) continue;
    // One character: a surrogate pair is one (as for...of gives it).
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const ch = pair ? s.slice(i, i + 2) : s[i]!;
    if (dk && DK_KEEP.has(ch)) {
      if (pair) i++;
      continue;
    }
    out += s.slice(from, i);
    const mapped = SPECIAL_MAP.get(ch);
    // Else strip combining marks: é -> e, å -> a, ç -> c, ñ -> n ...
    out += mapped !== undefined ? mapped : ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    if (pair) i++;
    from = i + 1;
  }
  out += s.slice(from);
  return WS_CLEAN.test(out) ? out : cleanText(out);
}

/** Characters of `s` outside the set (unique, in order of appearance). */
export function unsupportedCharacters(s: string, set: CharacterSet = 'epc'): string[] {
  const m = s.match(set === 'dk' ? DK_CHAR : EPC_CHAR);
  return m ? [...new Set(m)] : [];
}

export function isInCharacterSet(s: string, set: CharacterSet = 'epc'): boolean {
  return (set === 'dk' ? DK : EPC).test(s);
}
