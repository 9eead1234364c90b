import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { planBlocks } from './writer';
import type { PaymentRun } from '../model/run';

describe('planBlocks control sums', () => {
  it('equal the big.js sum of the amounts in every block (small, large and mixed forms; sums beyond 2^53 cents)', () => {
    const amount = fc.oneof(
      fc.integer({ min: 1, max: 99_999_999_999 }).map((c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`),
      fc.stringMatching(/^[1-9][0-9]{0,14}(\.[0-9]{1,2})?$/),
      fc.constantFrom('999999999999.99', '9999999999999.99', '99999999999999', '0.01', '0.1', '1', '007.5', '1.005', '12.345'),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ amount, salary: fc.boolean() }), { minLength: 1, maxLength: 60 }), (ps) => {
        const run = {
          debtor: { name: 'D', iban: 'DE89370400440532013000' },
          requestedExecutionDate: '2026-03-16',
          payments: ps.map((p) => ({ creditorName: 'C', amount: p.amount, ...(p.salary ? { categoryPurpose: 'SALA' } : {}) })),
        } as unknown as PaymentRun;
        const blocks = planBlocks(run, 'sct', 'M');
        for (const b of blocks) {
          const want = b.payments.reduce((s, p) => s.plus(p.amount), new Big(0));
          expect(b.sum.eq(want), `${b.sum.toFixed()} vs ${want.toFixed()}`).toBe(true);
          expect(b.sum.toFixed(2)).toBe(want.toFixed(2));
        }
        expect(blocks.reduce((n, b) => n + b.count, 0)).toBe(ps.length);
      }),
      { numRuns: 800, seed: 1821 },
    );
    // 1,000 payments of 99,999,999,999.99: the cents pass 2^53 on the way.
    const big = {
      debtor: { name: 'D', iban: 'X' },
      requestedExecutionDate: '2026-03-16',
      payments: Array.from({ length: 1000 }, () => ({ creditorName: 'C', amount: '99999999999.99' })),
    } as unknown as PaymentRun;
    expect(planBlocks(big, 'sct', 'M')[0]!.sum.toFixed(2)).toBe('99999999999990.00');
  });
});
