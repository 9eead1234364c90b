/** Europe/Berlin calendar arithmetic for quota periods (never the machine's local zone). */

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

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

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function berlinParts(d: Date): Parts {
  const p: Record<string, number> = {};
  for (const part of fmt.formatToParts(d)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** YYYY-MM-DD of the Berlin calendar day containing d. */
export function berlinDay(d: Date): string {
  const p = berlinParts(d);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** YYYY-MM of the Berlin calendar month containing d. */
export function berlinMonth(d: Date): string {
  const p = berlinParts(d);
  return `${p.year}-${pad(p.month)}`;
}

function offsetMs(d: Date): number {
  const p = berlinParts(d);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(d.getTime() / 1000) * 1000;
}

/** The UTC instant of 00:00 Berlin time on the given calendar date (month may overflow, Date.UTC normalises). */
export function berlinMidnight(year: number, month: number, day: number): Date {
  const naive = Date.UTC(year, month - 1, day);
  let t = naive - offsetMs(new Date(naive));
  t = naive - offsetMs(new Date(t));
  return new Date(t);
}

export function nextBerlinMidnight(now: Date): Date {
  const p = berlinParts(now);
  return berlinMidnight(p.year, p.month, p.day + 1);
}

export function nextBerlinMonthStart(now: Date): Date {
  const p = berlinParts(now);
  return berlinMidnight(p.year, p.month + 1, 1);
}

export function secondsUntil(now: Date, then: Date): number {
  return Math.max(1, Math.ceil((then.getTime() - now.getTime()) / 1000));
}
