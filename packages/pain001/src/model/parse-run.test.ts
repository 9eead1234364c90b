import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Big from 'big.js';
import { parsePaymentRun } from './parse-run';
import { Pain001Error } from '../errors';
import { sctRun, axzRun } from '../../test/runs';

const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

describe('PaymentRun schema', () => {
  it('normalises a valid run: trimmed, upper-cased codes, transliterated texts, decimal strings', () => {
    const input = sctRun();
    input.debtor.iban = ' de89 3704 0044 0532 0130 00 ';
    input.payments[0].creditorBic = 'pbnk deff xxx';
    const { run, issues } = parsePaymentRun(input, 'sct');
    expect(issues).toEqual([]);
    expect(run.debtor.iban).toBe('DE89370400440532013000');
    expect(run.debtor.address?.townName).toBe('Koeln');
    expect(run.payments[0]!.creditorName).toBe('Mueller + Soehne GmbH');
    expect(run.payments[0]!.creditorBic).toBe('PBNKDEFFXXX');
    expect(run.payments[0]!.amount).toBe('1500');
    expect(run.payments[3]!.amount).toBe('0.01');
    expect(parsePaymentRun(sctRun(), 'sct', 'dk').run.payments[0]!.creditorName).toBe('Müller & Söhne GmbH');
  });

  it('throws RUN_SCHEMA_MISMATCH (400) for shape errors with paths', () => {
    const bad = sctRun();
    delete bad.debtor.iban;
    bad.payments[1].amount = true;
    bad.payments[2].creditorName = 42;
    const e = (() => {
      try {
        parsePaymentRun(bad, 'sct');
      } catch (x) {
        return x as Pain001Error;
      }
    })()!;
    expect(e).toBeInstanceOf(Pain001Error);
    expect(e.code).toBe('RUN_SCHEMA_MISMATCH');
    expect(e.details.map((d) => [d.code, d.path])).toEqual([
      ['REQUIRED', 'debtor.iban'],
      ['TYPE_MISMATCH', 'payments.1.amount'],
      ['TYPE_MISMATCH', 'payments.2.creditorName'],
    ]);
    expect(() => parsePaymentRun('nope', 'sct')).toThrow(Pain001Error);
    expect(() => parsePaymentRun({ ...sctRun(), payments: 'x' }, 'sct')).toThrow(expect.objectContaining({ code: 'RUN_SCHEMA_MISMATCH' }));
  });

  it('reports limits as coded issues (422), measured after transliteration', () => {
    const r = sctRun();
    r.payments[0].creditorName = 'Ä'.repeat(36); // 36 characters, 72 after ä→ae
    r.payments[0].remittanceInfo = 'x'.repeat(141);
    r.payments[0].endToEndId = 'E2E_1';
    r.payments[1].amount = '12.345';
    r.payments[2].amount = -5;
    r.payments[3].amount = '1000000000.00';
    r.payments[3].purposeCode = 'TOOLONG';
    r.payments[3].categoryPurpose = 'SUPP';
    r.payments[3].currency = 'euro';
    r.requestedExecutionDate = '2026-02-30';
    const { issues } = parsePaymentRun(r, 'sct');
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ['EXECUTION_DATE_INVALID', 'requestedExecutionDate'],
      ['NAME_TOO_LONG', 'payments.0.creditorName'],
      ['REMITTANCE_TOO_LONG', 'payments.0.remittanceInfo'],
      ['END_TO_END_ID_CHARSET', 'payments.0.endToEndId'],
      ['AMOUNT_TOO_MANY_DECIMALS', 'payments.1.amount'],
      ['AMOUNT_NOT_POSITIVE', 'payments.2.amount'],
      ['AMOUNT_TOO_LARGE', 'payments.3.amount'],
      ['CURRENCY_INVALID', 'payments.3.currency'],
      ['PURPOSE_CODE_INVALID', 'payments.3.purposeCode'],
      ['CATEGORY_PURPOSE_INVALID', 'payments.3.categoryPurpose'],
    ]);
    expect(issues[1]!.message).toMatch(/länger als 70 Zeichen \(Länge: 72\)/);
    expect(issues.every((i) => i.severity === 'error')).toBe(true);
  });

  it('applies the profile limits: 140-character names and higher amounts for AXZ', () => {
    const r = axzRun();
    r.payments[0].creditorName = 'N'.repeat(140);
    r.payments[0].amount = '5000000000.00';
    expect(parsePaymentRun(r, 'axz').issues).toEqual([]);
    r.payments[0].creditorName = 'N'.repeat(141);
    r.payments[1].amount = '1000000000000';
    expect(codes(parsePaymentRun(r, 'axz').issues)).toEqual(['NAME_TOO_LONG', 'AMOUNT_TOO_LARGE']);
    const s = sctRun();
    s.payments[0].creditorName = 'N'.repeat(71);
    expect(codes(parsePaymentRun(s, 'sct').issues)).toEqual(['NAME_TOO_LONG']);
  });

  it('flags text outside the character set and warns about unknown properties once per name', () => {
    const r = sctRun();
    r.payments[0].remittanceInfo = 'Счёт 15';
    r.payments[0].remitanceInfo = 'typo';
    r.payments[1].remitanceInfo = 'typo';
    r.debtor.nickname = 'x';
    const { issues } = parsePaymentRun(r, 'sct');
    expect(issues.map((i) => [i.code, i.severity, i.path])).toEqual([
      ['UNSUPPORTED_CHARACTER', 'error', 'payments.0.remittanceInfo'],
      ['UNKNOWN_FIELD', 'warning', 'debtor.nickname'],
      ['UNKNOWN_FIELD', 'warning', 'payments.0.remitanceInfo'],
    ]);
  });

  it('requires at least one payment', () => {
    expect(codes(parsePaymentRun({ ...sctRun(), payments: [] }, 'sct').issues)).toEqual(['PAYMENTS_EMPTY']);
  });
});

describe('amount limits in integer cents', () => {
  /** The amount checks with big.js only (as they were before the integer fast path). */
  function reference(s: string, max: string): string[] {
    if (!/^[+-]?\d+(\.\d+)?$/.test(s)) return ['AMOUNT_INVALID'];
    const b = new Big(s.replace(/^\+/, ''));
    const out: string[] = [];
    if (!b.gt(0)) out.push('AMOUNT_NOT_POSITIVE');
    if (!b.round(2, Big.roundDown).eq(b)) out.push('AMOUNT_TOO_MANY_DECIMALS');
    if (!b.lte(max)) out.push('AMOUNT_TOO_LARGE');
    return out;
  }
  it('give the codes big.js gives (random amounts around the limits, signs, leading zeros, 0-4 decimals); +5 is 5', () => {
    const plus = sctRun();
    plus.payments[0].amount = '+5';
    expect(parsePaymentRun(plus, 'sct').run.payments[0]!.amount).toBe('5');
    const digits = fc.oneof(fc.constantFrom('0', '00', '1', '999999999', '1000000000', '999999999999', '1000000000000'), fc.stringMatching(/^[0-9]{1,14}$/));
    const amountText = fc.tuple(fc.constantFrom('', '+', '-'), digits, fc.oneof(fc.constant(''), fc.stringMatching(/^\.[0-9]{1,4}$/), fc.constantFrom('.', '.99', '.00', '.01', '.1')));
    fc.assert(
      fc.property(amountText, fc.constantFrom('sct' as const, 'axz' as const), ([sign, int, frac], profile) => {
        const s = `${sign}${int}${frac}`;
        const input = profile === 'sct' ? sctRun() : axzRun();
        input.payments[0].amount = s;
        if (profile === 'axz') input.payments[0].currency = 'USD';
        const got = parsePaymentRun(input, profile)
          .issues.filter((i) => i.path === 'payments.0.amount')
          .map((i) => i.code);
        expect(got).toEqual(reference(s, profile === 'sct' ? '999999999.99' : '999999999999.99'));
      }),
      { numRuns: 1500, seed: 20261124 },
    );
  });
});
