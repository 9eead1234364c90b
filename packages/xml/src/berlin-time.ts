/** Europe/Berlin calendar facts (never the machine's local zone): wall-clock parts, day, month, midnight. */

/** Injected time source; libraries take one instead of reading the clock themselves. */
export type Clock = () => Date;

const fmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface BerlinParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The Berlin wall-clock fields of the instant d. */
export function berlinParts(d: Date): BerlinParts {
  const p: Record<string, number> = {};
  for (const part of fmt.formatToParts(d)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** YYYY-MM-DD of the Berlin calendar day containing d. */
export function berlinDay(d: Date): string {
  const p = berlinParts(d);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** YYYY-MM of the Berlin calendar month containing d. */
export function berlinMonth(d: Date): string {
  const p = berlinParts(d);
  return `${pad(p.year, 4)}-${pad(p.month)}`;
}

/** YYYY-MM-DDThh:mm:ss Berlin local time (no offset) of d. */
export function berlinDateTime(d: Date): string {
  const p = berlinParts(d);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

function offsetMs(d: Date): number {
  const p = berlinParts(d);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(d.getTime() / 1000) * 1000;
}

/** The UTC instant of 00:00 Berlin time on the given calendar date (month/day may overflow, Date.UTC normalises). */
export function berlinMidnight(year: number, month: number, day: number): Date {
  const naive = Date.UTC(year, month - 1, day);
  let t = naive - offsetMs(new Date(naive));
  t = naive - offsetMs(new Date(t));
  return new Date(t);
}
