/**
 * Property tests for the camt readers and the ZIP reader (fixed seed, bounded runs; FUZZ_SEED and FUZZ_RUNS override both): mutated statements and
 * archives, and random bytes, never make parseStatements / validateStatements / listZip throw anything but
 * CamtError, findings stay bounded, and every run ends (vitest's timeout is the hang detector).
 * A longer run for humans: `pnpm fuzz` (FUZZ_RUNS=5000).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CamtError, parseStatements, validateStatements } from '../src/index';
import { defaultZipLimits, listZip } from '../src/zip/zip';
import { generateCamt053, syntheticEntries } from './generate';
import { buildZip } from '@kontor/testkit/zipwriter';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const params = { numRuns: RUNS, seed: SEED };

const base = Buffer.from(generateCamt053({ entries: syntheticEntries(6, 2), more: [{ entries: syntheticEntries(3, 3) }] }));
const baseZip = buildZip([
  { name: 'a.xml', data: base, method: 8 },
  { name: 'b.xml', data: base, method: 0 },
]);

const TOKENS = ['<Stmt>', '</Stmt>', '<Ntry>', '</Ntry>', '<TxDtls/>', '<Amt Ccy="EUR">', '1e400', '-0', '<!DOCTYPE x>', '&amp;', '&x;', '\u0000', '\ufeff', '<![CDATA[', 'encoding="UTF-16"', 'encoding="EBCDIC"', 'PK\u0003\u0004', '"'];

/** Byte flips, token insertions, cuts and duplications at random places. */
const mutation = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), value: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), token: fc.constantFrom(...TOKENS) }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 400 }) }),
    fc.record({ kind: fc.constant('dup' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 400 }) }),
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
