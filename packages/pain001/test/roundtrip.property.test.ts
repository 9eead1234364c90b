/** Property: any run the rules accept generates a file that passes the gate and reads back to the same payments. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import type { SchemaStore } from '@kontor/xml';
import { generateAxz, generateSct } from '../src/write/generate';
import { readPain001 } from '../src/read/read';
import { corpusAvailable, corpusSchemaStore } from './corpus';
import { now } from './runs';

const has = corpusAvailable();
let store: SchemaStore;
let cleanup = () => {};
beforeAll(async () => {
  if (has) ({ store, cleanup } = await corpusSchemaStore());
});
afterAll(() => cleanup());

const IBANS = ['DE28100100100001234567', 'DE02500105170005400246', 'AT611904300234573201', 'FR7630006000011234567890189', 'NL91ABNA0417164300', 'BE68539007547034'];
const name = fc.stringMatching(/^[A-Za-zÄÖÜäöüßéèçñ&.,'\- ]{1,40}$/).filter((s) => /[A-Za-z]/.test(s));
const cents = fc.integer({ min: 1, max: 99_999_999 });
const day = fc.integer({ min: 16, max: 28 }).map((d) => `2026-03-${d}`);

const payment = fc.record(
  {
    creditorName: name,
    creditorIban: fc.constantFrom(...IBANS),
    amount: cents.map((c) => new Big(c).div(100).toFixed(2)),
    remittanceInfo: fc.stringMatching(/^[A-Za-z0-9 äöü/.,-]{1,140}$/),
    endToEndId: fc.stringMatching(/^[A-Za-z0-9-]{1,35}$/),
    categoryPurpose: fc.constant('SALA'),
    instrPrty: fc.constant('HIGH'),
    requestedExecutionDate: day,
    purposeCode: fc.constantFrom('SUPP', 'SALA', 'GDDS'),
  },
  { requiredKeys: ['creditorName', 'creditorIban', 'amount'] },
);

describe.runIf(has)('round trip', () => {
  it('SCT: generated files pass the gate and read back payment by payment', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(payment, { minLength: 1, maxLength: 12 }), async (payments) => {
        const run = { debtor: { name: 'Kontor Test GmbH', iban: 'DE89370400440532013000' }, requestedExecutionDate: '2026-03-16', payments };
        const r = await generateSct(run, { now, schemaStore: store, messageId: 'PROP-1', createdAt: '2026-03-10T11:00:00' });
        expect(r.verification.passed).toBe(true);
        const m = await readPain001(r.xml);
        const back = m.paymentBlocks.flatMap((b) =>
          b.transactions.map((t) => ({
            iban: t.creditorAccount?.iban,
            amount: t.amount,
            date: b.executionDate,
            sala: b.paymentType?.categoryPurpose === 'SALA',
            high: b.paymentType?.instructionPriority === 'HIGH',
          })),
        );
        const expected = payments.map((p) => ({
          iban: p.creditorIban,
          amount: p.amount,
          date: p.requestedExecutionDate ?? '2026-03-16',
          sala: p.categoryPurpose === 'SALA',
          high: p.instrPrty === 'HIGH',
        }));
        const key = (x: { iban?: string | undefined; amount?: string | undefined; date?: string | undefined; sala: boolean; high: boolean }) => JSON.stringify(x);
        expect(back.map(key).sort()).toEqual(expected.map(key).sort());
        expect(r.summary.controlSum).toBe(payments.reduce((s, p) => s.plus(p.amount), new Big(0)).toFixed(2));
        expect(new Set(expected.map((e) => `${e.date}${e.sala}${e.high}`)).size).toBe(m.paymentBlocks.length);
      }),
      { numRuns: 15, seed: 20260310 },
    );
  });

  it('AXZ: any currency and charge bearer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            creditorName: name,
            creditorIban: fc.constantFrom(...IBANS),
            amount: fc.integer({ min: 1, max: 10_000_000 }).map(String),
            currency: fc.constantFrom('USD', 'CHF', 'JPY', 'GBP', 'EUR', 'SEK'),
            chargeBearer: fc.constantFrom('SHAR', 'DEBT', 'CRED'),
            serviceLevel: fc.constantFrom('NURG', 'URGP', 'SDVA'),
            creditorAddress: fc.record({ townName: fc.constantFrom('New York', 'Zürich', 'Tokyo'), countryCode: fc.constantFrom('US', 'CH', 'JP') }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (payments) => {
          const run = { debtor: { name: 'Kontor Test GmbH', iban: 'DE89370400440532013000', address: { townName: 'Köln', countryCode: 'DE' } }, requestedExecutionDate: '2026-03-16', payments };
          const r = await generateAxz(run, { now, schemaStore: store, messageId: 'PROP-2', createdAt: '2026-03-10T11:00:00' });
          expect(r.verification.passed).toBe(true);
          expect(r.summary.payments).toBe(payments.length);
        },
      ),
      { numRuns: 10, seed: 7 },
    );
  });
});
