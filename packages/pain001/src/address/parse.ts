/**
 * Deterministic parser for free-text postal addresses of common European and North American formats.
 * It only splits what is there: every output value is a piece of the input. When a line cannot be
 * placed (c/o lines, post boxes, floors, several street candidates) the result is not confident.
 */

export interface AddressParts {
  townName?: string;
  postCode?: string;
  streetName?: string;
  buildingNumber?: string;
}

export interface ParseOutcome {
  confident: boolean;
  parts: AddressParts;
  /** Why the parser is unsure (for logs and tests). */
  reason?: string;
}

interface CountryFormat {
  /** Postcode pattern (anchored by the caller). */
  pc: string;
  /** Optional country prefix written before the postcode (D-, A-, CH-, F-, L-, ...). */
  prefixes?: string[];
  /** Postcode after the town on the same line (GB, US) instead of before it. */
  postcodeLast?: boolean;
  /** House number before the street name (FR, GB, US, IE, CA, LU). */
  numberFirst?: boolean;
}

const FORMATS: Record<string, CountryFormat> = {
  DE: { pc: '\\d{5}', prefixes: ['D', 'DE'] },
  AT: { pc: '\\d{4}', prefixes: ['A', 'AT'] },
  CH: { pc: '\\d{4}', prefixes: ['CH'] },
  LI: { pc: '94\\d{2}', prefixes: ['FL', 'LI'] },
  FR: { pc: '\\d{5}', prefixes: ['F', 'FR'], numberFirst: true },
  MC: { pc: '980\\d{2}', prefixes: ['MC'], numberFirst: true },
  IT: { pc: '\\d{5}', prefixes: ['I', 'IT'] },
  ES: { pc: '\\d{5}', prefixes: ['E', 'ES'] },
  PT: { pc: '\\d{4}-\\d{3}', prefixes: ['P', 'PT'] },
  NL: { pc: '\\d{4}\\s?[A-Z]{2}', prefixes: ['NL'] },
  BE: { pc: '\\d{4}', prefixes: ['B', 'BE'] },
  LU: { pc: '\\d{4}', prefixes: ['L', 'LU'], numberFirst: true },
  PL: { pc: '\\d{2}-\\d{3}', prefixes: ['PL'] },
  CZ: { pc: '\\d{3}\\s?\\d{2}', prefixes: ['CZ'] },
  SK: { pc: '\\d{3}\\s?\\d{2}', prefixes: ['SK'] },
  DK: { pc: '\\d{4}', prefixes: ['DK'] },
  NO: { pc: '\\d{4}', prefixes: ['N', 'NO'] },
  SE: { pc: '\\d{3}\\s?\\d{2}', prefixes: ['S', 'SE'] },
  FI: { pc: '\\d{5}', prefixes: ['FI', 'SF'] },
  HU: { pc: '\\d{4}', prefixes: ['H', 'HU'] },
  SI: { pc: '\\d{4}', prefixes: ['SI'] },
  HR: { pc: '\\d{5}', prefixes: ['HR'] },
  GR: { pc: '\\d{3}\\s?\\d{2}', prefixes: ['GR'] },
  RO: { pc: '\\d{6}', prefixes: ['RO'] },
  BG: { pc: '\\d{4}', prefixes: ['BG'] },
  EE: { pc: '\\d{5}', prefixes: ['EE'] },
  LT: { pc: '\\d{5}', prefixes: ['LT'] },
  LV: { pc: '\\d{4}', prefixes: ['LV'] },
  GB: { pc: '[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2}', postcodeLast: true, numberFirst: true },
  US: { pc: '\\d{5}(?:-\\d{4})?', postcodeLast: true, numberFirst: true },
  CA: { pc: '[A-Z]\\d[A-Z]\\s?\\d[A-Z]\\d', postcodeLast: true, numberFirst: true },
};

export function supportedAddressCountries(): string[] {
  return Object.keys(FORMATS);
}

/** Postcode pattern of a country, anchored (undefined when unknown). */
export function postcodePattern(country: string): RegExp | undefined {
  const f = FORMATS[country];
  return f ? new RegExp(`^(?:${f.pc})$`, 'i') : undefined;
}

const COUNTRY_NAMES = new Set([
  'deutschland',
  'germany',
  'allemagne',
  'germania',
  'alemania',
  'brd',
  'österreich',
  'oesterreich',
  'austria',
  'autriche',
  'schweiz',
  'switzerland',
  'suisse',
  'svizzera',
  'frankreich',
  'france',
  'francia',
  'italien',
  'italy',
  'italia',
  'italie',
  'spanien',
  'spain',
  'españa',
  'espana',
  'espagne',
  'niederlande',
  'netherlands',
  'nederland',
  'the netherlands',
  'holland',
  'belgien',
  'belgium',
  'belgique',
  'belgië',
  'belgie',
  'luxemburg',
  'luxembourg',
  'polen',
  'poland',
  'polska',
  'großbritannien',
  'grossbritannien',
  'united kingdom',
  'uk',
  'great britain',
  'england',
  'scotland',
  'wales',
  'vereinigtes königreich',
  'usa',
  'u.s.a.',
  'united states',
  'united states of america',
  'vereinigte staaten',
  'us',
  'canada',
  'kanada',
  'portugal',
  'dänemark',
  'daenemark',
  'denmark',
  'danmark',
  'norwegen',
  'norway',
  'norge',
  'schweden',
  'sweden',
  'sverige',
  'finnland',
  'finland',
  'suomi',
  'tschechien',
  'czechia',
  'czech republic',
  'česko',
  'slowakei',
  'slovakia',
  'ungarn',
  'hungary',
  'magyarország',
  'slowenien',
  'slovenia',
  'kroatien',
  'croatia',
  'griechenland',
  'greece',
  'rumänien',
  'romania',
  'bulgarien',
  'bulgaria',
  'estland',
  'estonia',
  'litauen',
  'lithuania',
  'lettland',
  'latvia',
  'liechtenstein',
  'monaco',
]);

const TRAILING_COUNTRY = /,\s*([^,]+)$/;

function normLines(lines: readonly string[]): string[] {
  return lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l !== '');
}

/** Street line: "Musterstraße 12a", "Via Roma 10", "ul. Długa 5/7", "Calle Mayor, 5". */
const NUMBER_AFTER = /^(.*?[^\d\s,][^,]*?),?\s+(\d{1,5}(?:\s?[a-zA-Z])?(?:\s?[-/]\s?\d{1,5}(?:\s?[a-zA-Z])?)?)$/;
/** Street line with the number first: "12 rue de la Paix", "10 Downing Street", "350 5th Avenue". */
const NUMBER_FIRST = /^(\d{1,5}(?:\s?(?:[a-zA-Z](?![a-z])|bis|ter|quater))?(?:-\d{1,5})?),?\s+(.*[A-Za-zÀ-ÿ].*)$/;
const NON_STREET = /\b(c\/o|z\.\s?hd\.?|zhd|attn\.?|postfach|p\.?\s?o\.?\s?box|box|bp\s\d|apartado|casella postale|skrytka|stock|etage|floor|suite|ste\.?|apt\.?|app\.?|gebäude|haus\s[a-z]\b)\b/i;
const TOWN_OK = /^[\p{L}][\p{L}\p{M} .,'’()/-]*$/u;

function splitStreet(line: string, numberFirst: boolean): { streetName: string; buildingNumber?: string } | undefined {
  if (NON_STREET.test(line)) return undefined;
  const tryFirst = () => {
    const m = NUMBER_FIRST.exec(line);
    return m ? { streetName: m[2]!.trim(), buildingNumber: m[1]!.replace(/\s+/g, ' ').trim() } : undefined;
  };
  const tryAfter = () => {
    const m = NUMBER_AFTER.exec(line);
    return m ? { streetName: m[1]!.trim(), buildingNumber: m[2]!.replace(/\s+/g, ' ').trim() } : undefined;
  };
  const r = numberFirst ? (tryFirst() ?? tryAfter()) : (tryAfter() ?? tryFirst());
  if (r && /\d/.test(r.streetName) && !/\b\d+(st|nd|rd|th)\b/i.test(r.streetName) && !/^\d+\.?\s/.test(r.streetName)) {
    // A second number left in the street part ("Hauptstr 5 Hinterhaus 3") is not a clean split.
    if (/\d+\s*$/.test(r.streetName)) return undefined;
  }
  return r;
}

function matchTownLine(line: string, cc: string, f: CountryFormat): { postCode: string; townName: string } | undefined {
  if (f.postcodeLast) {
    if (cc === 'US') {
      // "New York, NY 10013" or "Springfield IL 62704-1234"
      const m = /^(.+?),?\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(line);
      if (m && TOWN_OK.test(m[1]!)) return { townName: m[1]!.replace(/,$/, '').trim(), postCode: m[3]! };
      return undefined;
    }
    if (cc === 'CA') {
      const m = new RegExp(`^(.+?),?\\s+(?:[A-Z]{2}\\s+)?(${f.pc})$`, 'i').exec(line);
      if (m && TOWN_OK.test(m[1]!)) return { townName: m[1]!.replace(/,$/, '').trim(), postCode: m[2]!.toUpperCase() };
      return undefined;
    }
    const m = new RegExp(`^(.+?),?\\s+(${f.pc})$`, 'i').exec(line);
    if (m && TOWN_OK.test(m[1]!)) return { townName: m[1]!.replace(/,$/, '').trim(), postCode: m[2]!.toUpperCase() };
    return undefined;
  }
  const prefix = f.prefixes?.length ? `(?:(?:${f.prefixes.join('|')})\\s?-\\s?)?` : '';
  const m = new RegExp(`^${prefix}(${f.pc})\\s+(.+)$`, cc === 'NL' ? 'i' : '').exec(line);
  if (!m) return undefined;
  let town = m[2]!.trim();
  if (cc === 'IT') town = town.replace(/\s+\(?[A-Z]{2}\)?$/, ''); // province code: "Roma RM", "Milano (MI)"
  // French CEDEX delivery: "Paris Cedex 07" is the town as the post writes it.
  const cedex = (cc === 'FR' || cc === 'MC') && /^(.+?)\s+cedex(\s+\d{1,2})?$/i.test(town);
  if (!cedex && !TOWN_OK.test(town)) return undefined;
  return { postCode: cc === 'NL' ? m[1]!.toUpperCase() : m[1]!, townName: town };
}

/**
 * Splits one address. Confident only when every line found its place.
 * @example
 * ```ts
 * parseAddress('DE', ['Hauptstr. 5', '10115 Berlin']);
 * // { confident: true, parts: { streetName: 'Hauptstr.', buildingNumber: '5', postCode: '10115', townName: 'Berlin' } }
 * ```
 */
export function parseAddress(countryCode: string, addressLines: readonly string[]): ParseOutcome {
  const cc = countryCode.toUpperCase();
  const f = FORMATS[cc];
  if (!f) return { confident: false, parts: {}, reason: `no deterministic format for ${cc}` };
  let lines = normLines(addressLines);
  // Drop a country line at the end, or ", Germany" at the end of the last line.
  const last = lines.at(-1);
  if (
    last &&
    COUNTRY_NAMES.has(
      last
        .toLowerCase()
        .replace(/^-+|-+$/g, '')
        .trim(),
    )
  )
    lines = lines.slice(0, -1);
  const l2 = lines.at(-1);
  if (l2) {
    const m = TRAILING_COUNTRY.exec(l2);
    if (m && COUNTRY_NAMES.has(m[1]!.toLowerCase().trim())) lines = [...lines.slice(0, -1), l2.slice(0, m.index).trim()];
  }
  if (lines.length === 0) return { confident: false, parts: {}, reason: 'no lines' };
  // One-line forms: "Musterstr. 5, 10115 Berlin" / "10 Downing Street, London SW1A 2AA".
  if (lines.length === 1 && lines[0]!.includes(',')) {
    const segs = lines[0]!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (cc === 'US' && segs.length >= 3) lines = [segs.slice(0, -2).join(', '), segs.slice(-2).join(', ')];
    else if (segs.length >= 2) lines = segs;
  }

  let townIdx = -1;
  let town: { postCode: string; townName: string } | undefined;
  if (f.postcodeLast && cc === 'GB') {
    // GB: town line followed by a postcode line, or both on one line.
    const pcRe = new RegExp(`^(${f.pc})$`, 'i');
    const pcLine = lines.findIndex((l) => pcRe.test(l));
    if (pcLine > 0 && TOWN_OK.test(lines[pcLine - 1]!) && !/\d/.test(lines[pcLine - 1]!)) {
      town = { townName: lines[pcLine - 1]!, postCode: lines[pcLine]!.toUpperCase() };
      lines = [...lines.slice(0, pcLine - 1), `${lines[pcLine - 1]} ${lines[pcLine]}`, ...lines.slice(pcLine + 1)];
      townIdx = pcLine - 1;
    }
  }
  if (!town) {
    const candidates = lines.map((l, i) => [i, matchTownLine(l, cc, f)] as const).filter(([, t]) => t !== undefined);
    if (candidates.length !== 1) return { confident: false, parts: {}, reason: candidates.length ? 'several town lines' : 'no postcode/town line' };
    townIdx = candidates[0]![0];
    town = candidates[0]![1]!;
  }
  const rest = lines.filter((_, i) => i !== townIdx);
  const parts: AddressParts = { townName: town.townName, postCode: town.postCode };
  if (rest.length === 0) return { confident: true, parts };
  if (rest.length > 1) return { confident: false, parts, reason: 'more than one line besides the town line' };
  const street = splitStreet(rest[0]!, !!f.numberFirst);
  if (!street) {
    // A street without number is fine ("Am Markt"), a post box or c/o line is not a street.
    if (!NON_STREET.test(rest[0]!) && /^[\p{L}][\p{L}\p{M} .'’-]*$/u.test(rest[0]!) && !/\d/.test(rest[0]!)) return { confident: true, parts: { ...parts, streetName: rest[0]! } };
    return { confident: false, parts, reason: `cannot split street line "${rest[0]}"` };
  }
  return { confident: true, parts: { ...parts, streetName: street.streetName, ...(street.buildingNumber ? { buildingNumber: street.buildingNumber } : {}) } };
}
