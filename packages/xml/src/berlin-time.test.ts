import { describe, expect, it } from 'vitest';
import { berlinDateTime, berlinDay, berlinMidnight, berlinMonth, berlinParts } from './berlin-time';

describe('Berlin time', () => {
  it('uses CET in winter and CEST in summer, whatever the machine zone', () => {
    expect(berlinDateTime(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02-01T00:30:00');
    expect(berlinDateTime(new Date('2026-07-01T21:59:59Z'))).toBe('2026-07-01T23:59:59');
    expect(berlinDay(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(berlinMonth(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01');
    expect(berlinParts(new Date('2026-03-29T01:00:00Z'))).toEqual({ year: 2026, month: 3, day: 29, hour: 3, minute: 0, second: 0 });
  });
  it('finds the UTC instant of Berlin midnight across DST changes and month overflow', () => {
    expect(berlinMidnight(2026, 1, 15).toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(berlinMidnight(2026, 7, 1).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(berlinMidnight(2026, 3, 29).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(berlinMidnight(2026, 3, 30).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(berlinMidnight(2026, 13, 1).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });
});
