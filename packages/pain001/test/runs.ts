/** Payment runs for tests come from @kontor/testkit; this file adds what needs pain001 itself. */
export { NOW, now, sctRun, axzRun } from '@kontor/testkit/payment-runs';
import type { BankCodeRecord } from '@kontor/bankdata';
import { Pain001Error } from '../src/errors';

/** A Bundesbank bank-code record for directory tests (only code, change, BIC, deletion and successor vary). */
export const bankRecord = (bankCode: string, change: 'U' | 'D', bic: string, deletionAnnounced = false, successor: string | null = null): BankCodeRecord => ({
  bankCode,
  feature: 1,
  name: `Bank ${bankCode}`,
  postCode: '10115',
  town: 'Berlin',
  shortName: 'B',
  pan: '',
  bic,
  checkDigitMethod: '09',
  recordNumber: '1',
  change,
  deletionAnnounced,
  successor,
  line: 1,
});

/** The Pain001Error a promise rejects with (fails the test when it resolves or throws something else). */
export async function rejection(p: Promise<unknown>): Promise<Pain001Error> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Pain001Error) return e;
    throw e;
  }
  throw new Error('expected the call to fail with a Pain001Error');
}
