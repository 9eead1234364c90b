/** Europe/Berlin calendar arithmetic for quota periods (never the machine's local zone). */

import { berlinMidnight, berlinParts, type Clock } from '@kontor/xml';

export { berlinDay, berlinMonth, type Clock } from '@kontor/xml';
export const systemClock: Clock = () => new Date();

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
