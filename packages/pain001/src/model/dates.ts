/** Calendar helpers in Europe/Berlin (never the machine's zone) and TARGET2 closing days. */

import { berlinDateTime } from '@kontor/xml';

export type { Clock } from '@kontor/xml';

/** Local date and time in Berlin: { date: YYYY-MM-DD, dateTime: YYYY-MM-DDThh:mm:ss }. */
export function berlinNow(now: Date): { date: string; dateTime: string } {
  const dateTime = berlinDateTime(now);
  return { date: dateTime.slice(0, 10), dateTime };
}

/**
 * True for a real calendar date in the form YYYY-MM-DD.
 * @example
 * ```ts
 * isIsoDate('2026-02-28'); // true
 * isIsoDate('2026-02-30'); // false
 * ```
 */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function easterSunday(year: number): Date {
  // Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * TARGET2 is closed on weekends, 1 Jan, Good Friday, Easter Monday, 1 May, 25 and 26 Dec.
 * @example
 * ```ts
 * isTargetBusinessDay('2026-04-03'); // false (Good Friday: TARGET2 closed)
 * isTargetBusinessDay('2026-04-07'); // true
 * ```
 */
export function isTargetBusinessDay(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  const wd = d.getUTCDay();
  if (wd === 0 || wd === 6) return false;
  const md = date.slice(5);
  if (md === '01-01' || md === '05-01' || md === '12-25' || md === '12-26') return false;
  const easter = easterSunday(d.getUTCFullYear()).getTime();
  const day = 86_400_000;
  return d.getTime() !== easter - 2 * day && d.getTime() !== easter + day;
}
