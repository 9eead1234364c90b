/**
 * Deterministic generator of real-format VAT id candidates for every VIES country, used by the
 * python-stdnum agreement test and the syntax benchmark. Each template fills random digits and
 * then enumerates one position over its whole alphabet, so every body yields both valid and
 * invalid ids without this file knowing any check-digit algorithm. Exceptions: the two-digit
 * checks of FR, BE and LU are derived from the body and then varied, so that those countries are
 * not almost all invalid.
 */

/** mulberry32: tiny seeded PRNG so the sample list is identical on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Template language: `#` random digit, `@` random letter, `[abc]` random choice, `?` enumerate
 * digits, `!` enumerate letters, `D` a random valid ddmmyy date, `Y` a random valid yymmdd date;
 * anything else is literal.
 */
const TEMPLATES: Record<string, string[]> = {
  AT: ['U#######?'],
  BE: ['BEMOD97'],
  BG: ['########?', 'Y###?'],
  CY: ['[013-9]#######!'],
  CZ: ['[1-8]######?', '6#######?', 'Y###?'],
  DE: ['[1-9]#######?'],
  DK: ['[1-9]######?'],
  EE: ['10######?'],
  EL: ['########?'],
  ES: ['########!', '[XYZ]#######!', '[ABCDEFGHJNPQRSUVW]#######?', '[NPQRSW]#######!'],
  FI: ['#######?'],
  FR: ['FRKEY'],
  HR: ['##########?'],
  HU: ['#######?'],
  IE: ['#######!', '#######!H', '#@#####!'],
  IT: ['#######0[0-9][1-9]?'],
  LT: ['#######1?', '##########1?'],
  LU: ['LUMOD89'],
  LV: ['[4-9]#########?', 'D[012]###?'],
  MT: ['[1-9]######?'],
  NL: ['########?B0[1-9]'],
  PL: ['#########?'],
  PT: ['[1-9]#######?'],
  RO: ['[1-9]#######?', '[1-9]###?', '[1256]Y#####?'],
  SE: ['#########?01'],
  SI: ['[1-9]######?'],
  SK: ['[1-9]#[234789]######?'],
  XI: ['########?', '########?###'],
};

function expandClass(spec: string): string {
  let out = '';
  for (let i = 0; i < spec.length; i++) {
    if (spec[i + 1] === '-' && spec[i + 2] !== undefined) {
      for (let c = spec.charCodeAt(i); c <= spec.charCodeAt(i + 2); c++) out += String.fromCharCode(c);
      i += 2;
    } else {
      out += spec[i];
    }
  }
  return out;
}

function randomDate(random: () => number, order: 'ddmmyy' | 'yymmdd'): string {
  const yy = String(Math.floor(random() * 100)).padStart(2, '0');
  const mm = String(1 + Math.floor(random() * 12)).padStart(2, '0');
  const dd = String(1 + Math.floor(random() * 28)).padStart(2, '0');
  return order === 'ddmmyy' ? dd + mm + yy : yy + mm + dd;
}

function fillTemplate(template: string, random: () => number): string[] {
  const pick = (alphabet: string) => alphabet[Math.floor(random() * alphabet.length)] ?? '';
  let prefix = '';
  let enumerate: string | null = null;
  let suffix = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i]!;
    let piece: string;
    if (ch === '#') piece = pick(DIGITS);
    else if (ch === '@') piece = pick(LETTERS);
    else if (ch === 'D') piece = randomDate(random, 'ddmmyy');
    else if (ch === 'Y') piece = randomDate(random, 'yymmdd');
    else if (ch === '[') {
      const end = template.indexOf(']', i);
      piece = pick(expandClass(template.slice(i + 1, end)));
      i = end;
    } else if (ch === '?' || ch === '!') {
      enumerate = ch === '?' ? DIGITS : LETTERS;
      continue;
    } else piece = ch;
    if (enumerate === null) prefix += piece;
    else suffix += piece;
  }
  if (enumerate === null) return [prefix];
  return [...enumerate].map((c) => prefix + c + suffix);
}

function frenchCandidates(random: () => number): string[] {
  let body = '';
  for (let i = 0; i < 8; i++) body += Math.floor(random() * 10);
  return [...DIGITS].map((last) => {
    const siren = body + last;
    let remainder = 0;
    for (const c of `${siren}12`) remainder = (remainder * 10 + Number(c)) % 97;
    return String(remainder).padStart(2, '0') + siren;
  });
}

/** Ten candidates around the body's two-digit remainder check: one valid, nine off by a little. */
function twoDigitCheckCandidates(random: () => number, bodyLength: number, firstDigits: string, check: (body: number) => number): string[] {
  let body = firstDigits[Math.floor(random() * firstDigits.length)] ?? '1';
  while (body.length < bodyLength) body += Math.floor(random() * 10);
  const expected = check(Number(body));
  const out: string[] = [];
  for (let delta = -4; delta <= 5; delta++) {
    const candidate = expected + delta;
    if (candidate >= 0 && candidate <= 99) out.push(body + String(candidate).padStart(2, '0'));
  }
  return out;
}

export interface VatSampleOptions {
  seed?: number;
  /** Random bodies per template; each body yields 10 or 26 candidates. */
  bodiesPerTemplate?: number;
}

/** Real-format VAT id candidates with country prefix, in a few common written forms. */
export function generateVatIdSamples(options: VatSampleOptions = {}): string[] {
  const random = seededRandom(options.seed ?? 20260519);
  const bodies = options.bodiesPerTemplate ?? 5;
  const out: string[] = [];
  for (const [country, templates] of Object.entries(TEMPLATES)) {
    for (const template of templates) {
      for (let b = 0; b < bodies; b++) {
        const numbers =
          template === 'FRKEY'
            ? frenchCandidates(random)
            : template === 'BEMOD97'
              ? twoDigitCheckCandidates(random, 8, '01', (body) => 97 - (body % 97))
              : template === 'LUMOD89'
                ? twoDigitCheckCandidates(random, 6, '0123456789', (body) => body % 89)
                : fillTemplate(template, random);
        for (const number of numbers) {
          const style = random();
          // written forms python-stdnum also accepts for every country: plain, lower case, spaced
          if (style < 0.6) out.push(country + number);
          else if (style < 0.8) out.push((country + number).toLowerCase());
          else out.push(`${country} ${number.slice(0, 3)} ${number.slice(3)}`);
        }
      }
    }
  }
  return out;
}
