/**
 * The entry fingerprint (duplicate detection) hashes the fields one by one; two entries must get the same
 * fingerprint exactly when the JSON text of their field lists (the previous hash input) is the same.
 */
import { describe, expect, it } from 'vitest';
import type { Entry, Transaction } from '../model/types';
import { fingerprint } from './statement-rules';

/** The previous hash input: the field list as JSON. */
function reference(e: Entry): string {
  const c = e.bankTxCode;
  const parts: unknown[] = [
    e.amount,
    e.currency,
    e.creditDebit,
    e.status,
    e.reversal,
    e.bookingDate,
    e.valueDate,
    e.reference,
    e.accountServicerRef,
    e.additionalInfo,
    c.domain,
    c.family,
    c.subFamily,
    c.proprietary?.code,
  ];
  for (const t of e.transactions) {
    const cp = t.counterparty;
    parts.push(
      t.amount,
      t.creditDebit,
      cp?.name,
      cp?.iban,
      cp?.otherAccountId,
      t.refs.endToEndId,
      t.refs.mandateId,
      t.refs.accountServicerRef,
      t.refs.transactionId,
      t.remittance.unstructured.join('\n'),
      t.remittance.creditorReference?.reference,
      t.returnReason?.code,
    );
  }
  return JSON.stringify(parts);
}

let seed = 7;
const rnd = (n: number) => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed % n;
};
const pick = <T>(xs: readonly T[]): T => xs[rnd(xs.length)]!;
// Small pools, so that equal and nearly equal entries are frequent; strings that JSON escapes, empty strings,
// a field's text moved into its neighbour, remittance lines that join to the same text.
const S = [undefined, '', 'a', 'ab', '"', 'a"b', '\n', 'a\nb', 'ä', '\\'] as const;
const LINES: string[][] = [[], [''], ['a'], ['a', 'b'], ['a\nb'], ['', ''], ['\n'], ['ab']];

function tx(): Transaction {
  return {
    amount: pick(['1.00', '1.0', undefined]),
    creditDebit: pick(['CRDT', 'DBIT', undefined] as const),
    counterparty: rnd(3) === 0 ? undefined : { name: pick(S), iban: pick(S), otherAccountId: pick(S) },
    refs: { endToEndId: pick(S), mandateId: pick(S), accountServicerRef: pick(S), transactionId: pick(S) },
    remittance: { unstructured: pick(LINES), ...(rnd(2) ? { creditorReference: { reference: pick(S) } } : {}) },
    ...(rnd(3) === 0 ? { returnReason: { code: pick(S), additionalInfo: [] } } : {}),
  } as unknown as Transaction;
}

function entry(): Entry {
  const n = rnd(3);
  return {
    amount: pick(['1.00', '2.00']),
    currency: 'EUR',
    creditDebit: pick(['CRDT', 'DBIT'] as const),
    status: 'BOOK',
    reversal: rnd(2) === 0,
    bookingDate: pick(S),
    valueDate: pick(S),
    reference: pick(S),
    accountServicerRef: pick(S),
    additionalInfo: pick(S),
    bankTxCode: { domain: pick(S), family: pick(S), subFamily: pick(S), ...(rnd(2) ? { proprietary: { code: pick(S) } } : {}) },
    batches: [],
    transactions: Array.from({ length: n }, tx),
  } as unknown as Entry;
}

/** Sets a field to a value or to undefined (as the JSON form treats an absent field). */
const set = (o: object, key: string, v: unknown) => {
  (o as Record<string, unknown>)[key] = v;
};

describe('entry fingerprint', () => {
  it('equal exactly when the JSON field lists are equal (randomised, with many near-equal entries)', () => {
    // Entries from a few bases with one or two fields changed, so equal lists are common.
    const byRef = new Map<string, number>();
    const byFp = new Map<number, string>();
    let equalPairs = 0;
    for (let b = 0; b < 200; b++) {
      const base = entry();
      for (let k = 0; k < 100; k++) {
        const e: Entry = structuredClone(base);
        const t = e.transactions[0];
        switch (rnd(6)) {
          case 0:
            set(e, 'reference', pick(S));
            break;
          case 1:
            if (t) t.remittance.unstructured = pick(LINES);
            break;
          case 2:
            if (t) set(t, 'counterparty', rnd(2) ? undefined : { name: pick(S) });
            break;
          case 3:
            set(e.bankTxCode, 'proprietary', rnd(2) ? undefined : { code: pick(S) });
            break;
          case 4:
            e.reversal = !e.reversal;
            break;
          default:
            break;
        }
        const r = reference(e);
        const f = fingerprint(e);
        const seenFp = byRef.get(r);
        if (seenFp !== undefined) {
          equalPairs++;
          expect(f).toBe(seenFp);
        } else byRef.set(r, f);
        const seenRef = byFp.get(f);
        if (seenRef !== undefined) expect(seenRef, 'same fingerprint for different field lists').toBe(r);
        else byFp.set(f, r);
      }
    }
    expect(equalPairs).toBeGreaterThan(1000);
    expect(byRef.size).toBeGreaterThan(2000);
  });

  it('remittance lines count as their joined text; absent and empty fields differ', () => {
    const base = entry();
    base.transactions = [tx()];
    const a = structuredClone(base);
    const b = structuredClone(base);
    a.transactions[0]!.remittance.unstructured = ['a', 'b'];
    b.transactions[0]!.remittance.unstructured = ['a\nb'];
    expect(fingerprint(a)).toBe(fingerprint(b));
    b.transactions[0]!.remittance.unstructured = ['ab'];
    expect(fingerprint(a)).not.toBe(fingerprint(b));
    set(a, 'reference', undefined);
    b.transactions[0]!.remittance.unstructured = ['a', 'b'];
    b.reference = '';
    expect(fingerprint(a)).not.toBe(fingerprint(b));
    // A field's text moved into its neighbour.
    a.reference = 'ab';
    a.accountServicerRef = '';
    b.reference = 'a';
    b.accountServicerRef = 'b';
    expect(fingerprint(a)).not.toBe(fingerprint(b));
  });
});
