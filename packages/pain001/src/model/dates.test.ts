import { describe, expect, it } from 'vitest';
import { berlinNow, isIsoDate, isTargetBusinessDay } from './dates';

describe('Europe/Berlin calendar', () => {
  it('switches the date at Berlin midnight, not at UTC midnight (winter and summer time)', () => {
    expect(berlinNow(new Date('2026-01-15T22:59:59Z')).date).toBe('2026-01-15');
    expect(berlinNow(new Date('2026-01-15T23:00:00Z')).date).toBe('2026-01-16');
    expect(berlinNow(new Date('2026-07-15T21:59:59Z')).date).toBe('2026-07-15');
    expect(berlinNow(new Date('2026-07-15T22:00:00Z'))).toEqual({ date: '2026-07-16', dateTime: '2026-07-16T00:00:00' });
  });
  it('validates calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('16.03.2026')).toBe(false);
  });
  it('knows TARGET2 closing days', () => {
    expect(isTargetBusinessDay('2026-03-16')).toBe(true);
    expect(isTargetBusinessDay('2026-03-14')).toBe(false); // Saturday
    expect(isTargetBusinessDay('2026-04-03')).toBe(false); // Good Friday 2026
    expect(isTargetBusinessDay('2026-04-06')).toBe(false); // Easter Monday 2026
    expect(isTargetBusinessDay('2026-05-01')).toBe(false);
    expect(isTargetBusinessDay('2026-12-24')).toBe(true);
    expect(isTargetBusinessDay('2026-12-25')).toBe(false);
    expect(isTargetBusinessDay('2027-03-26')).toBe(false); // Good Friday 2027
  });
});
