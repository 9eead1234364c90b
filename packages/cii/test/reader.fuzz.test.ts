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
import { applyMutations, byteMutations, fuzzParams } from '@kontor/testkit/fuzz';
import { checkInvoiceJsonSize, parseInvoice, readCii, validateCii } from '../src/index';
import { corpusOrSkip, EINVOICE_DIR } from './helpers';

const { numRuns: RUNS, seed: SEED } = fuzzParams(100);
const has = corpusOrSkip() !== null;
const base = has
  ? readFileSync(path.join(EINVOICE_DIR, 'instances/en16931/examples/CII_example1.xml'))
  : Buffer.from('<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>');

const TOKENS = [
  '<ram:IncludedSupplyChainTradeLineItem>',
  '</ram:IncludedSupplyChainTradeLineItem>',
  '<ram:LineTotalAmount>',
  '1e400',
  '-0',
  'NaN',
  '<!DOCTYPE x>',
  '&amp;',
  '&x;',
  '\u0000',
  '\ufeff',
  'encoding="UTF-16"',
  '"',
  '<ram:TypeCode>',
  '999999999999999999999999.99',
];
const mutation = byteMutations(TOKENS, 2000);

const mutate = applyMutations;

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
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(r.issues.length).toBeGreaterThan(0);
        checkInvoiceJsonSize(input);
      }),
      { numRuns: RUNS * 3, seed: SEED },
    );
  });
});
