/**
 * Duplicate payments (rules.ts PaymentDuplicates): the first earlier payment with the same account, amount to the
 * cent, currency, remittance text, creditor reference and execution date — compared with the joined key string the
 * rule used before, on seeded payments with many near misses, with the real hash and with a hash under which every
 * key collides (so the comparison of the parts decides alone).
 */
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { Pain001ReadModel, ReadPaymentBlock, ReadTransaction } from './model';
import { EndToEndIds, PaymentDuplicates, dupHash, idHash } from './rules';
import { HashSlots } from './hash-slots';

function model(seed: number): Pain001ReadModel {
  let x = seed;
  const r = (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  const pick = <T>(xs: T[]) => xs[r(xs.length)]!;
  const at = { line: 1, column: 1 };
  const blocks: ReadPaymentBlock[] = [];
  for (let bi = 0; bi < 4; bi++) {
    const date = pick([undefined, '2026-03-16', '2026-03-17']);
    const transactions: ReadTransaction[] = [];
    for (let ti = 0; ti < 60; ti++) {
      const account = r(2) ? { at, fieldAt: {}, iban: pick(['DE89370400440532013000', 'DE02500105170005400246']) } : { at, fieldAt: {}, other: pick(['ACC-1', 'DE89370400440532013000']) };
      const ref = pick([undefined, 'RF1', '']);
      const t: ReadTransaction = {
        amount: pick(['10.5', '10.50', '010.500', '10.51', '1.005', '1.01', '1.0049', '1', '12345678901234.5', '12345678901234.50', '12345678901234.505']),
        remittance: { unstructured: pick([[], ['R 1'], ['R', '1'], ['R|1']]), structured: 0, ...(ref === undefined ? {} : { creditorReference: ref }) },
        regulatoryReporting: false,
        creditorAccount: account,
        at,
        fieldAt: {},
      };
      const ccy = pick([undefined, 'EUR', 'USD']);
      if (ccy) t.currency = ccy;
      transactions.push(t);
    }
    blocks.push({ transactions, at, fieldAt: {}, ...(date ? { executionDate: date } : {}) });
  }
  return { version: '09', namespace: 'urn:x', paymentBlocks: blocks };
}

/** The rule as it was: the parts joined into one key string. */
function reference(m: Pain001ReadModel): (number | undefined)[] {
  const seen = new Map<string, number>();
  const out: (number | undefined)[] = [];
  m.paymentBlocks.forEach((b, bi) =>
    b.transactions.forEach((t, ti) => {
      const acc = t.creditorAccount!;
      const key = [acc.iban ?? acc.other, new Big(t.amount!).toFixed(2), t.currency, t.remittance.unstructured.join('|'), t.remittance.creditorReference ?? '', b.executionDate].join('\u0000');
      const prev = seen.get(key);
      out.push(prev);
      if (prev === undefined) seen.set(key, bi * 1_048_576 + ti);
    }),
  );
  return out;
}

describe('duplicate payments', () => {
  it('find the first earlier payment with the same key, with the real hash and when every key collides', () => {
    let duplicates = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const m = model(seed);
      const want = reference(m);
      for (const hash of [dupHash, () => 42]) {
        const d = new PaymentDuplicates(m.paymentBlocks, hash);
        const got = m.paymentBlocks.flatMap((b, bi) => b.transactions.map((_, ti) => d.firstOf(bi, ti)));
        expect(got, `seed ${seed}`).toEqual(want);
      }
      duplicates += want.filter((w) => w !== undefined).length;
    }
    expect(duplicates).toBeGreaterThan(200);
  });
});

describe('duplicate payments under hostile hash collisions', () => {
  it('stay linear when every key has the same hash (entries beyond a short chain go by full key)', () => {
    const at = { line: 1, column: 1 };
    const n = 3000;
    // distinct keys, then every 7th payment repeated once at the end: all under one hash value
    const txs: ReadTransaction[] = Array.from({ length: n }, (_, i) => ({
      amount: `${i + 1}.00`,
      remittance: { unstructured: [`R ${i % 97}`], structured: 0 },
      regulatoryReporting: false,
      creditorAccount: { at, fieldAt: {}, iban: 'DE89370400440532013000' },
      at,
      fieldAt: {},
    }));
    for (let i = 0; i < n; i += 7) txs.push({ ...txs[i]!, amount: `${i + 1}.0` });
    const m: Pain001ReadModel = { version: '09', namespace: 'urn:x', paymentBlocks: [{ transactions: txs, at, fieldAt: {} }] };
    const d = new PaymentDuplicates(m.paymentBlocks, () => 42);
    const got = txs.map((_, ti) => d.firstOf(0, ti));
    expect(got).toEqual(reference(m));
    expect(got.filter((g) => g !== undefined)).toHaveLength(Math.ceil(n / 7));
    expect(d.comparisons).toBeLessThanOrEqual(8 * txs.length);
  });
});

describe('EndToEndIds', () => {
  /** Blocks of payments with ids from a small pool (many duplicates, NOTPROVIDED and missing ones among them). */
  function blocksOf(seed: number, pool: number): ReadPaymentBlock[] {
    let x = seed;
    const r = (n: number) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return (x >>> 8) % n;
    };
    const at = { line: 1, column: 1 };
    return Array.from({ length: 1 + r(4) }, () => ({
      at,
      fieldAt: {},
      transactions: Array.from({ length: r(40) }, (): ReadTransaction => {
        const k = r(pool + 2);
        const t: ReadTransaction = { remittance: { unstructured: [], structured: 0 }, regulatoryReporting: false, at, fieldAt: {} };
        if (k < pool) t.endToEndId = `E-${k}`;
        else if (k === pool) t.endToEndId = 'NOTPROVIDED';
        return t;
      }),
    }));
  }

  it('names the first earlier payment of an id like a map of first occurrences, before and after the first duplicate', () => {
    let duplicates = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const blocks = blocksOf(seed, seed % 3 === 0 ? 10_000 : 1 + (seed % 50));
      // The real hash, and one under which every id collides (seed % 4 === 1): the slot's id, then the Map of the others.
      const ids = new EndToEndIds(blocks, seed % 4 === 1 ? () => 7 : idHash);
      const reference = new Map<string, number>();
      blocks.forEach((b, bi) =>
        b.transactions.forEach((t, ti) => {
          if (!t.endToEndId || t.endToEndId === 'NOTPROVIDED') return;
          const want = reference.get(t.endToEndId);
          if (want === undefined) reference.set(t.endToEndId, bi * 1_048_576 + ti);
          else duplicates++;
          expect(ids.firstOf(t.endToEndId, bi, ti), `seed ${seed} ${bi}/${ti}`).toBe(want);
        }),
      );
    }
    expect(duplicates).toBeGreaterThan(1000);
  });
});

describe('HashSlots', () => {
  it('keeps one number per hash value like a Map, growing past the expected count, with every seed', () => {
    for (let round = 0; round < 20; round++) {
      // Expected far below the real count (growth), and hash values in runs and far apart (probing across the end).
      const slots = new HashSlots(round % 2 ? 3 : 500);
      const reference = new Map<number, number>();
      let x = round + 1;
      for (let i = 0; i < 2000; i++) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        const h = i % 3 === 0 ? i % 64 : (x >>> 2) & 0x3fffffff;
        const want = reference.get(h);
        expect(slots.claim(h, i * 1_048_576)).toBe(want ?? -1);
        if (want === undefined) reference.set(h, i * 1_048_576);
      }
      for (const [h, v] of reference) expect(slots.claim(h, 7)).toBe(v);
      expect(reference.size).toBeGreaterThan(1300);
    }
  });
});
