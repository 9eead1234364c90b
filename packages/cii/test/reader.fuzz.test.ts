/**
 * Property tests for the CII reader, native validation and the invoice JSON parser (fixed seed, bounded runs; FUZZ_SEED and FUZZ_RUNS override both):
 * mutated CII documents never make readCii / validateCii throw (they answer with findings), arbitrary JSON never
 * makes parseInvoice throw, and every run ends (vitest's timeout is the hang detector).
 * Longer: `pnpm fuzz` (FUZZ_RUNS=5000).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkInvoiceJsonSize, parseInvoice, readCii, validateCii } from '../src/index';
import { corpusOrSkip, EINVOICE_DIR } from './helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const has = corpusOrSkip() !== null;
const base = has ? readFileSync(path.join(EINVOICE_DIR, 'instances/en16931/examples/CII_example1.xml')) : Buffer.from('<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>');

const TOKENS = ['<ram:IncludedSupplyChainTradeLineItem>', '</ram:IncludedSupplyChainTradeLineItem>', '<ram:LineTotalAmount>', '1e400', '-0', 'NaN', '<!DOCTYPE x>', '&amp;', '&x;', '\u0000', '\ufeff', 'encoding="UTF-16"', '"', '<ram:TypeCode>', '999999999999999999999999.99'];
const mutation = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), value: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), token: fc.constantFrom(...TOKENS) }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 400 }) }),
    fc.record({ kind: fc.constant('dup' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 2000 }) }),
  ),
  { minLength: 1, maxLength: 6 },
);

function mutate(input: Uint8Array, ops: { kind: string; at: number; value?: number; token?: string; length?: number }[]): Uint8Array {
  let b = Buffer.from(input);
  for (const op of ops) {
    const at = Math.floor(op.at * b.length);
    if (op.kind === 'flip' && b.length) {
      b = Buffer.from(b);
      b[Math.min(at, b.length - 1)] = op.value!;
    } else if (op.kind === 'insert') b = Buffer.concat([b.subarray(0, at), Buffer.from(op.token!), b.subarray(at)]);
    else if (op.kind === 'cut') b = Buffer.concat([b.subarray(0, at), b.subarray(at + op.length!)]);
    else if (op.kind === 'dup') b = Buffer.concat([b.subarray(0, at + op.length!), b.subarray(at)]);
  }
  return new Uint8Array(b);
}

describe('CII reader (fuzz)', () => {
  it('mutated CII documents: readCii and validateCii answer with findings, never throw', () => {
    fc.assert(
      fc.property(mutation, (ops) => {
        const input = mutate(base, ops);
        const read = readCii(input);
        expect(Array.isArray(read.findings)).toBe(true);
        const v = validateCii(input);
        expect(['valid', 'valid_with_warnings', 'invalid']).toContain(v.verdict);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

describe('invoice JSON (fuzz)', () => {
  it('parseInvoice answers any JSON value or text with issues, never throws', () => {
    // Deep enough that a recursive JSON.stringify overflows the stack (the original defect), as text and as a value.
    const deep = fc.integer({ min: 0, max: 20_000 }).map((d) => '['.repeat(d) + '1e400' + ']'.repeat(d));
    const deepValue = deep.map((t) => ({ invoiceNumber: 'X', notes: JSON.parse(t) as unknown }));
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.json(), fc.string(), deep, deepValue, fc.anything()), (input) => {
        const r = parseInvoice(input);
        expect(typeof r.success).toBe('boolean');
        if (!r.success) expect(r.issues.length).toBeGreaterThan(0);
        checkInvoiceJsonSize(input);
      }),
      { numRuns: RUNS * 3, seed: SEED },
    );
  });
});
