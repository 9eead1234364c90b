/**
 * Property tests for the camt readers and the ZIP reader (fixed seed, bounded runs; FUZZ_SEED and FUZZ_RUNS override both): mutated statements and
 * archives, and random bytes, never make parseStatements / validateStatements / listZip throw anything but
 * CamtError, findings stay bounded, and every run ends (vitest's timeout is the hang detector).
 * A longer run for humans: `pnpm fuzz` (FUZZ_RUNS=5000).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyMutations, byteMutations, fuzzParams } from '@kontor/testkit/fuzz';
import { CamtError, parseStatements, validateStatements } from '../src/index';
import { defaultZipLimits, listZip } from '../src/zip/zip';
import { generateCamt053, syntheticEntries } from './generate';
import { buildZip } from '@kontor/testkit/zipwriter';

const { numRuns: RUNS, seed: SEED } = fuzzParams(100);
const params = { numRuns: RUNS, seed: SEED };

const base = Buffer.from(generateCamt053({ entries: syntheticEntries(6, 2), more: [{ entries: syntheticEntries(3, 3) }] }));
const baseZip = buildZip([
  { name: 'a.xml', data: base, method: 8 },
  { name: 'b.xml', data: base, method: 0 },
]);

const TOKENS = [
  '<Stmt>',
  '</Stmt>',
  '<Ntry>',
  '</Ntry>',
  '<TxDtls/>',
  '<Amt Ccy="EUR">',
  '1e400',
  '-0',
  '<!DOCTYPE x>',
  '&amp;',
  '&x;',
  '\u0000',
  '\ufeff',
  '<![CDATA[',
  'encoding="UTF-16"',
  'encoding="EBCDIC"',
  'PK\u0003\u0004',
  '"',
];

/** Byte flips, token insertions, cuts and duplications at random places. */
const mutation = byteMutations(TOKENS, 400);

const mutate = applyMutations;

async function typedOnly(fn: () => Promise<unknown> | unknown): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (e) {
    if (e instanceof CamtError) return e.code;
    throw e;
  }
}

describe('camt readers (fuzz)', () => {
  it('mutated statements: a result with bounded findings, or CamtError', async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async (ops) => {
        const input = mutate(base, ops);
        let parsed: Awaited<ReturnType<typeof parseStatements>> | undefined;
        await typedOnly(async () => (parsed = await parseStatements(input)));
        await typedOnly(async () => {
          const r = await validateStatements(input);
          for (const f of r.files) expect(f.findings.length).toBeLessThanOrEqual(60 * 60);
        });
        if (parsed) for (const f of parsed.files) expect(f.statements.length).toBeLessThanOrEqual(input.length);
      }),
      params,
    );
  });

  it('random bytes and random text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.string({ maxLength: 300 })), async (input) => {
        await typedOnly(() => validateStatements(input));
      }),
      params,
    );
  });

  it('mutated ZIP deliveries: the ZIP reader and the delivery only ever throw CamtError', async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async (ops) => {
        const zip = mutate(baseZip, ops);
        // Keep the local-header magic most of the time, so the ZIP path is the one exercised.
        const input = zip.length >= 4 && zip[0] !== 0x50 ? new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...zip.subarray(4)]) : zip;
        await typedOnly(() => listZip(input, defaultZipLimits));
        await typedOnly(() => parseStatements(input));
      }),
      params,
    );
  });
});
