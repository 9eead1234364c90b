/**
 * UN/ECE Recommendation 20 (and 21) units with the aliases people type on invoices. Any official code is accepted
 * as is; an alias listed here is normalised; anything else falls back to C62 (one/piece) with a warning.
 */
import { UNIT_CODES } from './official';

export interface UnitEntry {
  code: string;
  name: string;
  nameDe: string;
  aliases: readonly string[];
}

/** Pieces are written as C62 ("one"), the unit XRechnung and ZUGFeRD samples use for Stück. */
export const UNITS: readonly UnitEntry[] = [
  { code: 'C62', name: 'one (piece)', nameDe: 'Stück', aliases: ['stk', 'stk.', 'stück', 'stueck', 'st', 'st.', 'pcs', 'pc', 'piece', 'pieces', 'unit', 'units', 'einheit', 'x'] },
  { code: 'H87', name: 'piece', nameDe: 'Stück (H87)', aliases: [] },
  { code: 'EA', name: 'each', nameDe: 'je', aliases: ['each', 'je'] },
  { code: 'HUR', name: 'hour', nameDe: 'Stunde', aliases: ['h', 'std', 'std.', 'stunde', 'stunden', 'hour', 'hours', 'hr', 'hrs'] },
  { code: 'MIN', name: 'minute', nameDe: 'Minute', aliases: ['minute', 'minuten', 'minutes'] },
  { code: 'SEC', name: 'second', nameDe: 'Sekunde', aliases: ['s', 'sek', 'sek.', 'sekunde', 'sekunden', 'second', 'seconds'] },
  { code: 'DAY', name: 'day', nameDe: 'Tag', aliases: ['d', 'tag', 'tage', 'day', 'days'] },
  { code: 'WEE', name: 'week', nameDe: 'Woche', aliases: ['wo', 'woche', 'wochen', 'week', 'weeks', 'wk'] },
  { code: 'MON', name: 'month', nameDe: 'Monat', aliases: ['monat', 'monate', 'month', 'months', 'mo', 'mon.'] },
  { code: 'ANN', name: 'year', nameDe: 'Jahr', aliases: ['jahr', 'jahre', 'year', 'years', 'yr', 'a'] },
  { code: 'KGM', name: 'kilogram', nameDe: 'Kilogramm', aliases: ['kg', 'kilo', 'kilogramm', 'kilogram', 'kilograms'] },
  { code: 'GRM', name: 'gram', nameDe: 'Gramm', aliases: ['g', 'gr', 'gramm', 'gram', 'grams'] },
  { code: 'TNE', name: 'tonne (metric ton)', nameDe: 'Tonne', aliases: ['t', 'to', 'tonne', 'tonnen', 'tonnes'] },
  { code: 'MTR', name: 'metre', nameDe: 'Meter', aliases: ['m', 'meter', 'metre', 'metres', 'meters'] },
  { code: 'LM', name: 'linear metre', nameDe: 'Laufmeter', aliases: ['lfm', 'lfdm', 'laufmeter', 'laufende meter'] },
  { code: 'CMT', name: 'centimetre', nameDe: 'Zentimeter', aliases: ['cm'] },
  { code: 'MMT', name: 'millimetre', nameDe: 'Millimeter', aliases: ['mm'] },
  { code: 'KMT', name: 'kilometre', nameDe: 'Kilometer', aliases: ['km'] },
  { code: 'MTK', name: 'square metre', nameDe: 'Quadratmeter', aliases: ['m2', 'm²', 'qm', 'sqm', 'quadratmeter'] },
  { code: 'MTQ', name: 'cubic metre', nameDe: 'Kubikmeter', aliases: ['m3', 'm³', 'cbm', 'kubikmeter'] },
  { code: 'LTR', name: 'litre', nameDe: 'Liter', aliases: ['l', 'ltr', 'liter', 'litre', 'litres', 'liters'] },
  { code: 'MLT', name: 'millilitre', nameDe: 'Milliliter', aliases: ['ml'] },
  { code: 'KWH', name: 'kilowatt hour', nameDe: 'Kilowattstunde', aliases: ['kwh'] },
  { code: 'KWT', name: 'kilowatt', nameDe: 'Kilowatt', aliases: ['kw'] },
  { code: 'SET', name: 'set', nameDe: 'Satz', aliases: ['satz', 'sets'] },
  { code: 'PR', name: 'pair', nameDe: 'Paar', aliases: ['paar', 'pair', 'pairs'] },
  { code: 'LS', name: 'lump sum', nameDe: 'Pauschale', aliases: ['pauschal', 'pauschale', 'psch', 'psch.', 'pausch', 'pausch.', 'lump sum', 'flat', 'flat rate'] },
  { code: 'P1', name: 'percent', nameDe: 'Prozent', aliases: ['%', 'prozent', 'percent'] },
  { code: 'XPK', name: 'package', nameDe: 'Packung', aliases: ['pack', 'packung', 'pkg', 'paket', 'pck'] },
  { code: 'XBX', name: 'box', nameDe: 'Karton', aliases: ['box', 'karton', 'ktn'] },
  { code: 'XPX', name: 'pallet', nameDe: 'Palette', aliases: ['palette', 'pallet', 'pal'] },
  { code: 'E48', name: 'service unit', nameDe: 'Leistungseinheit', aliases: ['leistung', 'service'] },
];

const ALIASES: ReadonlyMap<string, string> = new Map(UNITS.flatMap((u) => u.aliases.map((a) => [a, u.code] as const)));

export interface UnitNormalization {
  code: string;
  /** How the input was understood: an official code, a listed alias, or the fallback to C62. */
  via: 'code' | 'alias' | 'fallback';
}

/**
 * Maps an official code, a listed alias (case-insensitive) or anything else (→ C62) to a Rec 20/21 code.
 * @example
 * ```ts
 * normalizeUnit('Stk'); // { code: 'C62', via: 'alias' }
 * normalizeUnit('HUR'); // { code: 'HUR', via: 'code' }
 * ```
 */
export function normalizeUnit(input: string | undefined): UnitNormalization {
  if (input === undefined) return { code: 'C62', via: 'code' };
  const raw = input.trim();
  if (UNIT_CODES.has(raw)) return { code: raw, via: 'code' };
  const alias = ALIASES.get(raw.toLowerCase());
  if (alias) return { code: alias, via: 'alias' };
  const upper = raw.toUpperCase();
  if (UNIT_CODES.has(upper) && upper.length >= 2) return { code: upper, via: 'alias' };
  return { code: 'C62', via: 'fallback' };
}
