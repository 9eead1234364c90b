/** isUtf8 (node:buffer's native check) accepts exactly what a fatal TextDecoder accepts, as the checks used before. */
import { describe, expect, it } from 'vitest';
import { isUtf8, utf8 } from './bytes';

function fatalDecodes(b: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

describe('isUtf8 and utf8', () => {
  it('agree with a fatal TextDecoder on edge cases and 20,000 random byte strings', () => {
    const cases = [
      [],
      [0xef, 0xbb, 0xbf, 0x41],
      [0xed, 0xa0, 0x80], // a surrogate
      [0xc0, 0xaf], // overlong
      [0xf4, 0x90, 0x80, 0x80], // beyond U+10FFFF
      [0xe2, 0x82], // truncated
      [0xf0, 0x9f, 0x98, 0x80],
      [0xc3, 0xa4, 0x00, 0x7f],
      [0x80],
    ];
    for (const c of cases) expect(isUtf8(new Uint8Array(c)), JSON.stringify(c)).toBe(fatalDecodes(new Uint8Array(c)));
    let seed = 5;
    const rnd = (m: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % m);
    const pool = [0x41, 0x00, 0x7f, 0x80, 0xbf, 0xc2, 0xc3, 0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0xa0, 0x9f, 0x8f, 0x90];
    for (let t = 0; t < 20000; t++) {
      const b = Uint8Array.from({ length: rnd(9) }, () => pool[rnd(pool.length)]!);
      expect(isUtf8(b), JSON.stringify([...b])).toBe(fatalDecodes(b));
      expect(utf8(b)).toBe(new TextDecoder('utf-8').decode(b));
    }
  });
});
