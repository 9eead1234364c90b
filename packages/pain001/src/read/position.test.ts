import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { locOf, packLoc } from './position';

describe('packed positions (validatePain001 model)', () => {
  it('round-trips at the edges of both forms and falls back to objects beyond them', () => {
    const cases: [number, number, 'short' | 'long' | 'object'][] = [
      [1, 0, 'short'],
      [1, 1, 'short'],
      [1, 2047, 'short'],
      [(1 << 19) - 1, 2047, 'short'],
      [1, 2048, 'long'],
      [2, 7_312_290, 'long'],
      [63, (1 << 24) - 1, 'long'],
      [1 << 19, 5, 'object'],
      [64, 2048, 'object'],
      [2, 1 << 24, 'object'],
      [1_000_000, 100_000, 'object'],
    ];
    for (const [line, column, form] of cases) {
      const p = packLoc(line, column) as unknown;
      if (form === 'object') expect(p).toEqual({ line, column });
      else {
        expect(typeof p).toBe('number');
        expect(Number.isInteger(p)).toBe(true);
        // Small integers in V8 (31 bits): no number object per position.
        expect(p as number).toBeGreaterThanOrEqual(-(2 ** 30));
        expect(p as number).toBeLessThan(2 ** 30);
        expect((p as number) >= 0).toBe(form === 'short');
      }
      expect(locOf(p as never)).toEqual({ line, column });
    }
  });

  it('round-trips any position; objects pass through', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_000_000 }), fc.integer({ min: 0, max: 50_000_000 }), (line, column) => {
        expect(locOf(packLoc(line, column))).toEqual({ line, column });
      }),
    );
    const o = { line: 3, column: 9 };
    expect(locOf(o)).toBe(o);
  });
});
