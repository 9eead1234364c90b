/**
 * A table from 30-bit hash values to one number each (the coordinates of a payment), for the duplicate checks of
 * the rules: open addressing over two typed arrays sized for the file's payments up front, instead of a Map that
 * grows (and rehashes) while 20,000 keys go in and keeps an entry object per key for the garbage collector.
 *
 * Each hash value has at most one slot; callers handle two keys of one hash value themselves (rules.ts: by full key
 * in a Map, whose string hashes V8 seeds per process). Where a hash value's slot is found depends on a seed drawn
 * per table, so an upload cannot be made of many different hash values that all probe the same run of slots.
 */

/** Marks a free slot (hash values are 0 .. 2^30 - 1). */
const FREE = -1;

/** murmur3's 32-bit finaliser: every input bit moves every output bit. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export class HashSlots {
  private keys: Int32Array;
  private vals: Float64Array;
  private mask: number;
  private count = 0;
  private readonly seed: number;

  /** `expected`: how many hash values will go in (the table grows beyond it, at half full). */
  constructor(expected: number) {
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    this.keys = new Int32Array(cap).fill(FREE);
    this.vals = new Float64Array(cap);
    this.mask = cap - 1;
    this.seed = (Math.random() * 0x100000000) | 0;
  }

  /** The slot of hash value `h`: the one that holds it, or the free slot where it goes. */
  private slotOf(h: number): number {
    const keys = this.keys;
    const mask = this.mask;
    let i = mix(h ^ this.seed) & mask;
    for (;;) {
      const k = keys[i]!;
      if (k === h || k === FREE) return i;
      i = (i + 1) & mask;
    }
  }

  /** Puts hash value `h` with number `v` into the free slot `slot` (from slotOf(h)); slots found before are void after it. */
  private put(slot: number, h: number, v: number): void {
    this.keys[slot] = h;
    this.vals[slot] = v;
    if (++this.count * 2 > this.keys.length) this.grow();
  }

  /** The number stored with hash value `h` (≥ 0), or -1 when there was none and `v` (≥ 0) is now stored with it. */
  claim(h: number, v: number): number {
    const slot = this.slotOf(h);
    if (this.keys[slot] !== FREE) return this.vals[slot]!;
    this.put(slot, h, v);
    return -1;
  }

  private grow(): void {
    const keys = this.keys;
    const vals = this.vals;
    this.keys = new Int32Array(keys.length * 2).fill(FREE);
    this.vals = new Float64Array(keys.length * 2);
    this.mask = keys.length * 2 - 1;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (k === FREE) continue;
      const s = this.slotOf(k);
      this.keys[s] = k;
      this.vals[s] = vals[i]!;
    }
  }
}
