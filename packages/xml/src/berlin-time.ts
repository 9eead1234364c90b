/** Europe/Berlin calendar facts (never the machine's local zone): wall-clock parts, day, month, midnight. */

/** Injected time source; libraries take one instead of reading the clock themselves. */
export type Clock = () => Date;

// Made on first use, not at import: a time-zone formatter loads ICU's zone data (~8 MB RSS, tens of ms), which a
// process that imports this module without asking for a Berlin date (most CLI commands) should not pay.
let fmt: Intl.DateTimeFormat | undefined;
const formatter = (): Intl.DateTimeFormat =>
  (fmt ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

export interface BerlinParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The Berlin wall-clock fields of the instant d.
 * @example
 * ```ts
 * berlinParts(new Date('2026-03-29T01:30:00Z')); // { year: 2026, month: 3, day: 29, hour: 3, minute: 30, second: 0 } (CEST)
 * ```
 */
export function berlinParts(d: Date): BerlinParts {
  const p: Record<string, number> = {};
  for (const part of formatter().formatToParts(d)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/**
 * YYYY-MM-DD of the Berlin calendar day containing d.
 * @example
 * ```ts
 * berlinDay(new Date('2026-12-31T23:30:00Z')); // '2027-01-01' — quota days count in Europe/Berlin
 * ```
 */
export function berlinDay(d: Date): string {
  const p = berlinParts(d);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/**
 * YYYY-MM of the Berlin calendar month containing d.
 * @example
 * ```ts
 * berlinMonth(new Date('2026-03-31T22:30:00Z')); // '2026-04'
 * ```
 */
export function berlinMonth(d: Date): string {
  const p = berlinParts(d);
  return `${pad(p.year, 4)}-${pad(p.month)}`;
}

/**
 * YYYY-MM-DDThh:mm:ss Berlin local time (no offset) of d.
 * @example
 * ```ts
 * berlinDateTime(new Date('2026-03-13T09:00:00Z')); // '2026-03-13T10:00:00' (local Berlin time, no offset)
 * ```
 */
export function berlinDateTime(d: Date): string {
  const p = berlinParts(d);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

function offsetMs(d: Date): number {
  const p = berlinParts(d);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(d.getTime() / 1000) * 1000;
}

/**
 * The UTC instant of 00:00 Berlin time on the given calendar date (month/day may overflow, Date.UTC normalises).
 * @example
 * ```ts
 * berlinMidnight(2026, 7, 1).toISOString(); // '2026-06-30T22:00:00.000Z'
 * ```
 */
export function berlinMidnight(year: number, month: number, day: number): Date {
  const naive = Date.UTC(year, month - 1, day);
  let t = naive - offsetMs(new Date(naive));
  t = naive - offsetMs(new Date(t));
  return new Date(t);
}
