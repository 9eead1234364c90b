/** Payment runs for tests come from @kontor/testkit; this file adds what needs pain001 itself. */
export { NOW, now, sctRun, axzRun } from '@kontor/testkit/payment-runs';
import { Pain001Error } from '../src/errors';

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
