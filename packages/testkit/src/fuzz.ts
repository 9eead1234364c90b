/**
 * Shared pieces of the byte-level property tests: the fixed seed and run count (FUZZ_SEED / FUZZ_RUNS override them;
 * `pnpm fuzz` sets FUZZ_RUNS=5000) and one mutation model — byte flips, token insertions, cuts and duplications at
 * random places — applied to a valid document.
 */
import fc from 'fast-check';

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261124);

/** fast-check parameters: the fixed seed and FUZZ_RUNS or the file's default. */
export function fuzzParams(defaultRuns: number): { numRuns: number; seed: number } {
  return { numRuns: Number(process.env.FUZZ_RUNS ?? defaultRuns), seed: FUZZ_SEED };
}

export interface ByteMutation {
  kind: 'flip' | 'insert' | 'cut' | 'dup';
  at: number;
  value?: number;
  token?: string;
  length?: number;
}

/** 1..6 mutations; tokens are the format's own dangerous fragments, maxDup bounds a duplicated run. */
export function byteMutations(tokens: readonly string[], maxDup: number): fc.Arbitrary<ByteMutation[]> {
  const at = fc.double({ min: 0, max: 1, noNaN: true });
  return fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('flip' as const), at, value: fc.integer({ min: 0, max: 255 }) }),
      fc.record({ kind: fc.constant('insert' as const), at, token: fc.constantFrom(...tokens) }),
      fc.record({ kind: fc.constant('cut' as const), at, length: fc.integer({ min: 1, max: 400 }) }),
      fc.record({ kind: fc.constant('dup' as const), at, length: fc.integer({ min: 1, max: maxDup }) }),
    ),
    { minLength: 1, maxLength: 6 },
  );
}

export function applyMutations(input: Uint8Array, ops: readonly ByteMutation[]): Uint8Array {
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
