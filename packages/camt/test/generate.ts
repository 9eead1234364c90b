/** camt.053 fixtures for camt's tests and the bench: the generator lives in @kontor/testkit (shared with the apps' tests). */
export { generateCamt053, syntheticEntries, makeIban, ACCOUNT_IBAN, type GenEntry, type GenStatement } from '@kontor/testkit/camt-statements';
