import { describe, expect, it } from 'vitest';
import { berlinDay, berlinMonth, nextBerlinMidnight, nextBerlinMonthStart } from './time';

describe('Berlin periods', () => {
  it('switches the day at Berlin midnight, not UTC midnight', () => {
    expect(berlinDay(new Date('2026-01-15T22:59:59Z'))).toBe('2026-01-15'); // 23:59:59 CET
    expect(berlinDay(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(berlinDay(new Date('2026-07-15T21:59:59Z'))).toBe('2026-07-15'); // 23:59:59 CEST
    expect(berlinDay(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });
  it('computes the next midnight across DST changes', () => {
    expect(nextBerlinMidnight(new Date('2026-03-28T12:00:00Z')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(nextBerlinMidnight(new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(nextBerlinMidnight(new Date('2026-10-25T12:00:00Z')).toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });
  it('rolls months and years in Berlin time', () => {
    expect(berlinMonth(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02');
    expect(nextBerlinMonthStart(new Date('2026-12-10T00:00:00Z')).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(nextBerlinMonthStart(new Date('2026-03-10T00:00:00Z')).toISOString()).toBe('2026-03-31T22:00:00.000Z');
  });
});
