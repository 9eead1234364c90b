/**
 * checkPaymentRun against its previous form (test/reference-run-rules.ts): the same findings — codes, severities,
 * messages de/en, paths, order — on random runs full of broken and duplicate payments, both profiles, with and
 * without a bank directory, and on runs passed in without the schema (values not in electronic form).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { BankDirectory } from '@kontor/bankdata';
import { checkPaymentRun, duplicateAmountKey } from '../src/rules/run-rules';
import { parsePaymentRun } from '../src/model/parse-run';
import type { PaymentRun, Profile } from '../src/model/run';
import { referenceCheckPaymentRun } from './reference-run-rules';
import { NOW, bankRecord } from './runs';

const rec = bankRecord;
const DIRECTORY = BankDirectory.fromRecords([rec('37040044', 'U', 'COBADEFFXXX'), rec('10010010', 'D', 'PBNKDEFFXXX', false, '37040044'), rec('50010517', 'U', 'INGDDEFFXXX', true, null)], {
  dataDate: '2026-03-02',
});

/** Valid, broken, foreign, human-typed and odd IBANs (small pools, so duplicates happen). */
const IBANS = [
  'DE89370400440532013000',
  'DE28100100100001234567',
  'DE02500105170005400246',
  'DE02120300000000202051',
  'DE89370400440532013001',
  'DE2810010010000123456',
  'XY02500105170005400246',
  'AT611904300234573201',
  'FR7630006000011234567890189',
  'CH9300762011623852957',
  'GB29NWBK60161331926819',
  'US12345678901234567',
  'de89 3704 0044 0532 0130 00',
  'DE89-3704-0044-0532-0130-00',
  '',
];
const BICS = ['COBADEFFXXX', 'PBNKDEFF', 'BKAUATWW', 'CHASUS33XXX', 'UBSWCHZH80A', 'ABC'];
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const text = fc.constantFrom('Rechnung 1', 'Rechnung 2', 'Gehalt', 'x');
const address = fc.record({ townName: opt(fc.constantFrom('Berlin', 'Bonn')), countryCode: opt(fc.constantFrom('DE', 'US', 'XX', 'CH')), streetName: opt(text) }, { requiredKeys: [] });
const payment = fc.record(
  {
    creditorName: fc.constantFrom('Lieferant AG', 'Müller', 'B'),
    creditorIban: opt(fc.constantFrom(...IBANS)),
    creditorBic: opt(fc.constantFrom(...BICS)),
    creditorAccountOther: opt(fc.constantFrom('123456789', '000123')),
    creditorAgent: opt(
      fc.record(
        { bic: opt(fc.constantFrom(...BICS)), name: opt(text), address: opt(address), clearingSystemId: opt(fc.constantFrom('USABA')), clearingMemberId: opt(fc.constantFrom('021000021')) },
        { requiredKeys: [] },
      ),
    ),
    creditorAddress: opt(address),
    amount: fc.oneof(
      fc.constantFrom('10', '10.0', '10.00', '010.5', '10.50', '0.5', '00.50', '12.345', '1e5', '-5', '+5', '0', '000', '7.', '120000', '999999999.99'),
      fc.integer({ min: 1, max: 100_000 }).map((c) => c / 100),
    ),
    currency: opt(fc.constantFrom('EUR', 'USD', 'JPY', 'CHF', 'KWD', 'XYZ', 'eur')),
    remittanceInfo: opt(text),
    endToEndId: opt(fc.constantFrom('E1', 'E2', 'NOTPROVIDED')),
    instructionId: opt(fc.constantFrom('I1', 'I2')),
    purposeCode: opt(fc.constantFrom('SUPP')),
    ultimateDebtor: opt(fc.record({ name: opt(text), id: opt(fc.constantFrom('ID-1')), address: opt(address) }, { requiredKeys: [] })),
    ultimateCreditor: opt(fc.record({ name: opt(text), id: opt(fc.constantFrom('ID-2')), address: opt(address) }, { requiredKeys: [] })),
    categoryPurpose: opt(fc.constantFrom('SALA')),
    instrPrty: opt(fc.constantFrom('HIGH', 'NORM')),
    chargeBearer: opt(fc.constantFrom('SHAR', 'DEBT')),
    serviceLevel: opt(fc.constantFrom('NURG', 'URGP')),
    requestedExecutionDate: opt(fc.constantFrom('2026-03-16', '2026-03-01', '2026-04-03', '2027-06-01', '2026-03-14')),
  },
  { requiredKeys: ['creditorName', 'amount'] },
);
const run = fc.record({
  debtor: fc.record(
    { name: fc.constant('Muster GmbH'), iban: fc.constantFrom(...IBANS), bic: opt(fc.constantFrom(...BICS)), currency: opt(fc.constantFrom('EUR', 'USD', 'XYZ')), address: opt(address) },
    { requiredKeys: ['name', 'iban'] },
  ),
  requestedExecutionDate: fc.constantFrom('2026-03-16', '2026-03-09', '2026-03-14', '2027-06-01'),
  payments: fc.array(payment, { minLength: 1, maxLength: 12 }),
});

describe('checkPaymentRun = its previous form', () => {
  it('same findings on random runs (schema-parsed), both profiles, de/en, with and without a bank directory', () => {
    let findings = 0;
    fc.assert(
      fc.property(run, fc.constantFrom<Profile>('sct', 'axz'), fc.constantFrom('de', 'en') as fc.Arbitrary<'de' | 'en'>, fc.boolean(), (input, profile, lang, withDir) => {
        let parsed: PaymentRun;
        try {
          parsed = parsePaymentRun(input, profile, 'epc', lang).run;
        } catch {
          return; // shape errors never reach the rules
        }
        const opts = { profile, now: NOW, lang, ...(withDir ? { bankDirectory: DIRECTORY } : {}) };
        const got = checkPaymentRun(parsed, opts);
        expect(got).toEqual(referenceCheckPaymentRun(parsed, opts));
        findings += got.length;
      }),
      { numRuns: 1500, seed: 1818 },
    );
    expect(findings).toBeGreaterThan(5000);
  });

  it('same findings on runs that did not come through the schema (IBANs not in electronic form)', () => {
    fc.assert(
      fc.property(run, fc.constantFrom<Profile>('sct', 'axz'), fc.boolean(), (input, profile, withDir) => {
        // The raw input, typed as a run: amounts as strings, IBANs as typed by a person.
        const raw = structuredClone(input) as unknown as PaymentRun;
        for (const p of raw.payments) p.amount = String(p.amount);
        const opts = { profile, now: NOW, ...(withDir ? { bankDirectory: DIRECTORY } : {}) };
        expect(checkPaymentRun(raw, opts)).toEqual(referenceCheckPaymentRun(raw, opts));
      }),
      { numRuns: 500, seed: 1819 },
    );
  });

  it('duplicateAmountKey is what Big#toFixed(2) gives (non-decimals key as 0.00)', () => {
    const ref = (a: string) => new Big(/^\d+(\.\d+)?$/.test(a) ? a : '0').toFixed(2);
    for (const a of ['0', '000', '0.5', '00.50', '7.', '.5', '10', '010', '1.005', '12.345', '1e5', '-5', '+5', '', '999999999999.99', '0000000000000000000001.1'])
      expect(duplicateAmountKey(a)).toBe(ref(a));
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,20}(\.[0-9]{0,5})?$/), (a) => {
        expect(duplicateAmountKey(a)).toBe(ref(a));
      }),
      { numRuns: 2000, seed: 1820 },
    );
  });
});
