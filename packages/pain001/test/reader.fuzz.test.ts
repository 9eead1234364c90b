/**
 * Property tests for the pain.001 reader and validation (fixed seed, bounded runs; FUZZ_SEED and FUZZ_RUNS override both): mutated corpus samples and
 * random bytes never make readPain001 / validatePain001 throw anything but Pain001Error, findings stay within
 * maxFindings, and every run ends (vitest's timeout is the hang detector). Longer: `pnpm fuzz` (FUZZ_RUNS=5000).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyMutations, byteMutations, fuzzParams } from '@kontor/testkit/fuzz';
import type { SchemaStore } from '@kontor/xml';
import { Pain001Error, readPain001, validatePain001 } from '../src/index';
import { corpusAvailable, corpusSchemaStore, paymentsDir } from './corpus';

const { numRuns: RUNS, seed: SEED } = fuzzParams(100);

const has = corpusAvailable();
let store: SchemaStore | undefined;
let cleanup = () => {};
let base = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn><PmtInf><CdtTrfTxInf/></PmtInf></CstmrCdtTrfInitn></Document>',
);
beforeAll(async () => {
  if (has) {
    ({ store, cleanup } = await corpusSchemaStore());
    base = readFileSync(path.join(paymentsDir, 'samples/pain.001.001.09/sepa_rator__pain.001.001.09.xml'));
  }
});
afterAll(() => cleanup());

const TOKENS = [
  '<PmtInf>',
  '</PmtInf>',
  '<CdtTrfTxInf>',
  '</CdtTrfTxInf>',
  '<InstdAmt Ccy="EUR">',
  '1e400',
  '-0.001',
  '<!DOCTYPE x>',
  '&amp;',
  '&x;',
  '\u0000',
  '\ufeff',
  'encoding="UTF-16"',
  'encoding="KOI8-R"',
  '"',
  ' a="1" a="2"',
];
const mutation = byteMutations(TOKENS, 300);

const mutate = applyMutations;

async function typedOnly(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (e) {
    if (e instanceof Pain001Error) return e.code;
    throw e;
  }
}

describe('pain.001 reader (fuzz)', () => {
  it('mutated samples: a bounded result or Pain001Error, XSD step included', async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async (ops) => {
        const input = mutate(base, ops);
        await typedOnly(async () => {
          const r = await validatePain001(input, { maxFindings: 20, ...(store ? { schemaStore: store } : {}) });
          expect(r.findings.length).toBeLessThanOrEqual(21 + 1);
          expect(r.xsd.findings.length).toBeLessThanOrEqual(20);
        });
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('random text through the reader', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (s) => {
        await typedOnly(() => readPain001(s));
        await typedOnly(() => validatePain001(s));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
