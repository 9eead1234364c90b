import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { locOf, packLoc } from './model';

describe('read model positions (packLoc / locOf)', () => {
  it('gives back line and column of every position, packed or not', () => {
    const lines = fc.oneof(fc.integer({ min: 1, max: 2 ** 20 + 5 }), fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(1, 2 ** 20 - 1, 2 ** 20, 2 ** 20 + 1));
    const columns = fc.oneof(fc.integer({ min: 1, max: 2100 }), fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(1, 2047, 2048, 2049));
    fc.assert(
      fc.property(lines, columns, (line, column) => {
        expect(locOf(packLoc(line, column))).toEqual({ line, column });
      }),
      { numRuns: 5000 },
    );
  });
  it('packs the common positions into one small integer and keeps the rest as objects', () => {
    expect(typeof packLoc(1, 1)).toBe('number');
    expect(typeof packLoc(2 ** 20 - 1, 2047)).toBe('number');
    expect(packLoc(3, 2048)).toEqual({ line: 3, column: 2048 });
    expect(packLoc(2 ** 20, 5)).toEqual({ line: 2 ** 20, column: 5 });
    expect(packLoc(2 ** 20 - 1, 2047) as number).toBeLessThan(2 ** 31);
    expect(locOf({ line: 7, column: 9 })).toEqual({ line: 7, column: 9 });
  });
});
