import { describe, expect, it } from 'vitest';
import { BankDirectory } from '@kontor/bankdata';
import { checkPaymentRun } from './run-rules';
import { parsePaymentRun } from '../model/parse-run';
import type { Profile } from '../model/run';
import { sctRun, axzRun, NOW, bankRecord } from '../../test/runs';

function check(input: unknown, profile: Profile, now = NOW, bankDirectory?: BankDirectory) {
  const { run, issues } = parsePaymentRun(input, profile);
  expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  return checkPaymentRun(run, { profile, now, ...(bankDirectory ? { bankDirectory } : {}) });
}
const pick = (issues: { code: string; path?: string | undefined; severity: string }[]) => issues.map((i) => `${i.severity}:${i.code}@${i.path}`);

describe('business rules: both profiles', () => {
  it('accepts the reference runs', () => {
    expect(check(sctRun(), 'sct').filter((i) => i.severity !== 'info')).toEqual([]);
    expect(check(axzRun(), 'axz').filter((i) => i.severity !== 'info')).toEqual([]);
  });

  it('checks IBAN check digits and country formats', () => {
    const r = sctRun();
    r.debtor.iban = 'DE89370400440532013001';
    r.payments[0].creditorIban = 'DE2810010010000123456';
    r.payments[1].creditorIban = 'XY02500105170005400246';
    expect(pick(check(r, 'sct'))).toEqual(['error:IBAN_CHECKSUM@debtor.iban', 'error:IBAN_COUNTRY_FORMAT@payments.0.creditorIban', 'error:IBAN_UNKNOWN_COUNTRY@payments.1.creditorIban']);
  });

  it('rejects execution dates in the past by the Berlin calendar (clock injected)', () => {
    const r = sctRun();
    r.requestedExecutionDate = '2026-03-16';
    // 2026-03-16 00:30 in Berlin is 2026-03-15 23:30 UTC: the date is today, not past.
    expect(pick(check(r, 'sct', new Date('2026-03-15T23:30:00Z'))).filter((s) => s.includes('EXECUTION'))).toEqual([]);
    // One day later it is in the past, in both places it appears.
    expect(pick(check(r, 'sct', new Date('2026-03-16T23:30:00Z'))).filter((s) => s.includes('EXECUTION'))).toEqual(['error:EXECUTION_DATE_IN_PAST@requestedExecutionDate']);
    r.requestedExecutionDate = '2026-03-14';
    expect(pick(check(r, 'sct')).filter((s) => s.includes('EXECUTION'))).toEqual(['warning:EXECUTION_DATE_NOT_BUSINESS_DAY@requestedExecutionDate']);
    r.payments[3].requestedExecutionDate = '2026-03-01';
    expect(pick(check(r, 'sct'))).toContain('error:EXECUTION_DATE_IN_PAST@payments.3.requestedExecutionDate');
  });

  it('warns about duplicate payments and references', () => {
    const r = sctRun();
    r.payments.push({ ...r.payments[0] }, { ...r.payments[1], amount: '2999.990', endToEndId: 'E2E-0001' });
    expect(pick(check(r, 'sct'))).toEqual([
      'warning:DUPLICATE_PAYMENT@payments.4',
      'warning:DUPLICATE_END_TO_END_ID@payments.4.endToEndId',
      'warning:DUPLICATE_INSTRUCTION_ID@payments.4.instructionId',
      'warning:DUPLICATE_PAYMENT@payments.5',
      'warning:DUPLICATE_END_TO_END_ID@payments.5.endToEndId',
    ]);
  });
});

describe('business rules: SCT', () => {
  it('allows EUR only and SEPA countries only; rejects AXZ-only fields', () => {
    const r = sctRun();
    r.payments[0].currency = 'USD';
    r.payments[1].creditorIban = undefined;
    r.payments[1].creditorAccountOther = '12345';
    r.payments[2].creditorIban = 'BR9700360305000010009795493P1';
    r.payments[3].chargeBearer = 'SHAR';
    r.payments[3].serviceLevel = 'URGP';
    r.payments[3].ultimateCreditor = { name: 'X', address: { townName: 'Wien', countryCode: 'AT' } };
    expect(pick(check(r, 'sct'))).toEqual([
      'error:SCT_CURRENCY_NOT_EUR@payments.0.currency',
      'error:CREDITOR_IBAN_MISSING@payments.1.creditorIban',
      'error:ACCOUNT_OTHER_NOT_ALLOWED@payments.1.creditorAccountOther',
      'error:SCT_COUNTRY_NOT_SEPA@payments.2.creditorIban',
      'error:CHARGE_BEARER_NOT_ALLOWED@payments.3.chargeBearer',
      'error:SERVICE_LEVEL_NOT_ALLOWED@payments.3.serviceLevel',
      'error:ULTIMATE_ADDRESS_NOT_ALLOWED@payments.3.ultimateCreditor.address',
    ]);
  });

  it('requires town and country in a given address (DK 2025 address rules) and a BIC hint outside the EEA', () => {
    const r = sctRun();
    r.payments[0].creditorAddress = { streetName: 'Hauptstr.', buildingNumber: '1' };
    r.payments[1].creditorIban = 'GB29NWBK60161331926819';
    expect(pick(check(r, 'sct'))).toEqual([
      'error:ADDRESS_TOWN_MISSING@payments.0.creditorAddress.townName',
      'error:ADDRESS_COUNTRY_MISSING@payments.0.creditorAddress.countryCode',
      'warning:SCT_BIC_RECOMMENDED@payments.1.creditorBic',
    ]);
  });

  it('uses the bank directory: deleted codes are errors, announced deletions and unknown codes warnings', () => {
    const rec = bankRecord;
    const dir = BankDirectory.fromRecords([rec('37040044', 'U', 'COBADEFFXXX'), rec('10010010', 'D', 'PBNKDEFFXXX', false, '37040044'), rec('50010517', 'U', 'INGDDEFFXXX', true, '37040044')], {
      dataDate: '2026-03-02',
    });
    const r = sctRun();
    r.payments[0].creditorIban = 'DE28100100100001234567';
    expect(pick(check(r, 'sct', NOW, dir))).toEqual(['error:BANK_CODE_DELETED@payments.0.creditorIban', 'warning:BANK_CODE_DELETION_ANNOUNCED@payments.1.creditorIban']);
    // A German bank code the directory does not know is a warning (the directory may be older than the IBAN).
    r.payments[0].creditorIban = 'DE02120300000000202051';
    expect(pick(check(r, 'sct', NOW, dir))[0]).toBe('warning:BANK_CODE_UNKNOWN@payments.0.creditorIban');
  });
});

describe('business rules: AXZ', () => {
  it('rejects SALA and priority, requires addresses and an account', () => {
    const r = axzRun();
    r.payments[0].categoryPurpose = 'SALA';
    r.payments[0].instrPrty = 'HIGH';
    delete r.debtor.address;
    delete r.payments[1].creditorAddress;
    r.payments[2].creditorAddress = { countryCode: 'JP' };
    expect(pick(check(r, 'axz'))).toEqual([
      'error:AXZ_DEBTOR_ADDRESS_MISSING@debtor.address',
      'error:CATEGORY_PURPOSE_NOT_ALLOWED@payments.0.categoryPurpose',
      'error:PRIORITY_NOT_ALLOWED@payments.0.instrPrty',
      'error:AXZ_CREDITOR_ADDRESS_MISSING@payments.1.creditorAddress',
      'error:ADDRESS_TOWN_MISSING@payments.2.creditorAddress.townName',
    ]);
  });

  it('needs a BIC or an agent with name and address for national account numbers', () => {
    const r = axzRun();
    delete r.payments[0].creditorAgent;
    r.payments[2].creditorAgent = { name: 'Mizuho Bank' };
    r.payments[1].creditorAccountOther = '123';
    expect(pick(check(r, 'axz'))).toEqual([
      'error:AXZ_CREDITOR_AGENT_MISSING@payments.0.creditorAgent',
      'error:CREDITOR_ACCOUNT_AMBIGUOUS@payments.1.creditorAccountOther',
      'error:AXZ_CREDITOR_AGENT_MISSING@payments.2.creditorAgent',
    ]);
    delete r.payments[1].creditorIban;
    delete r.payments[1].creditorAccountOther;
    expect(pick(check(r, 'axz'))).toContain('error:CREDITOR_ACCOUNT_MISSING@payments.1.creditorIban');
  });

  it('checks ultimate-party names, currency codes and minor units', () => {
    const r = axzRun();
    r.payments[2].ultimateCreditor = { id: 'TT-HOLD' };
    r.payments[2].amount = '120000.50';
    r.payments[1].currency = 'XYZ';
    expect(pick(check(r, 'axz'))).toEqual([
      'error:CURRENCY_UNKNOWN@payments.1.currency',
      'error:AMOUNT_TOO_MANY_DECIMALS@payments.2.amount',
      'error:ULTIMATE_NAME_MISSING@payments.2.ultimateCreditor.name',
    ]);
  });

  it('hints that a EUR payment into SEPA could be an SCT', () => {
    const r = axzRun();
    r.payments[1].currency = 'EUR';
    expect(pick(check(r, 'axz'))).toEqual(['info:SCT_POSSIBLE@payments.1']);
  });
});
