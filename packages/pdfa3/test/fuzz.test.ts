/**
 * Property tests for the PDF loader and checker (fixed seed, bounded runs): mutated PDF/A files, random
 * content streams and random filter data never make checkPdfA3 / loadForPdfA3 / readPdfInfo throw
 * anything but Pdfa3Error, and every run ends (vitest's timeout is the hang detector). A longer run:
 * FUZZ_RUNS=5000 pnpm vitest run packages/pdfa3/test/fuzz.test.ts
 */
import fc from 'fast-check';
import { PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPdfA3, loadForPdfA3, Pdfa3Error, readPdfInfo } from '../src/index';
import { decodeFilters, StreamLimitError, UnsupportedFilterError } from '../src/internal/decode';
import { buildSample } from './fixtures';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/**
 * Mutated files are cheap (~4 ms a run) and a hang hides deep in the sequence: run 1,106 of this seed looped forever
 * in the raw trailer reader (a lone ")" in a trailer). A synchronous loop is not stopped by vitest's timeout, so the
 * default run count reaches past it.
 */
const MUTATION_RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = 20261124;

let base: Uint8Array;
beforeAll(async () => {
  base = await buildSample({ attach: true });
});

/** Runs `fn`; only a Pdfa3Error may escape. Returns the error code or 'ok'. */
async function typedOnly(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (e) {
    if (e instanceof Pdfa3Error) return e.code;
    throw e;
  }
}

const TOKENS = [
  'obj',
  'endobj',
  'stream',
  'endstream',
  '<<',
  '>>',
  '[',
  ']',
  '(',
  ')',
  '/Encrypt 5 0 R',
  '/Length 999999',
  ' R ',
  'xref',
  'trailer',
  '%%EOF',
  'q',
  'Q',
  '/FlateDecode',
  '-0',
  '1e308',
  '\\',
  '\0',
];

/** A mutation of the sample: byte flips, token insertions, cuts and duplications at random places. */
const mutation = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('flip' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), value: fc.integer({ min: 0, max: 255 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), token: fc.constantFrom(...TOKENS) }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 4000 }) }),
    fc.record({ kind: fc.constant('dup' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 2000 }) }),
  ),
  { minLength: 1, maxLength: 6 },
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(bytes: Uint8Array, ms: Mutation): Uint8Array {
  let b = Buffer.from(bytes);
  for (const m of ms) {
    const at = Math.floor(m.at * b.length);
    if (m.kind === 'flip') {
      b = Buffer.from(b);
      if (at < b.length) b[at] = m.value;
    } else if (m.kind === 'insert') b = Buffer.concat([b.subarray(0, at), Buffer.from(m.token, 'latin1'), b.subarray(at)]);
    else if (m.kind === 'cut') b = Buffer.concat([b.subarray(0, at), b.subarray(at + m.length)]);
    else b = Buffer.concat([b.subarray(0, at), b.subarray(at, at + m.length), b.subarray(at)]);
  }
  return new Uint8Array(b);
}

describe('PDF loader and checker under random input', () => {
  it('mutated PDF/A files: only typed errors, every run ends', async () => {
    await fc.assert(
      fc.asyncProperty(mutation, async (ms) => {
        const pdf = mutate(base, ms);
        expect(await typedOnly(() => checkPdfA3(pdf))).toBe('ok');
        await typedOnly(() => readPdfInfo(pdf));
        await typedOnly(() => loadForPdfA3(pdf));
      }),
      { seed: SEED, numRuns: MUTATION_RUNS },
    );
  }, 120_000);

  it('random content streams on a valid page: checkPdfA3 answers with findings, never throws', async () => {
    const doc = await PDFDocument.load(base, { updateMetadata: false });
    const op = fc.constantFrom('q', 'Q', 'cm', 'BT', 'ET', 'Tf', 'Tj', 'TJ', "'", 'Do', 'gs', 'cs', 'scn', 'sh', 'BI', 'ID', 'EI', 'BDC', 'EMC', 'd0', 'd1', 'BX', 'EX', 're', 'f', 'W', 'n');
    const operand = fc.oneof(
      fc.integer().map(String),
      fc.double({ noNaN: true }).map((d) => String(d)),
      fc.constantFrom('/F1', '/Im0', '/GS0', '/DeviceRGB', '/Pattern', '(x)', '<00>', '<<', '>>', '[', ']', '(', '<', '%'),
    );
    const stream = fc.array(fc.tuple(fc.array(operand, { maxLength: 4 }), op), { maxLength: 80 }).map((xs) => xs.map(([a, o]) => `${a.join(' ')} ${o}`).join('\n'));
    // one content stream object, replaced per run (registering a new one each run made the saved file, and the
    // run time, grow with the number of runs)
    const contents = doc.context.register(doc.context.flateStream(''));
    doc.getPage(0).node.set(PDFName.of('Contents'), contents);
    await fc.assert(
      fc.asyncProperty(stream, async (ops) => {
        doc.context.assign(contents, doc.context.flateStream(ops));
        const pdf = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
        const r = await checkPdfA3(pdf);
        expect(Array.isArray(r.findings)).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('filter decoding of random data stops at the cap or fails with an Error, never overruns', () => {
    const filters = fc.array(fc.constantFrom('FlateDecode', 'LZWDecode', 'ASCIIHexDecode', 'ASCII85Decode', 'RunLengthDecode', 'DCTDecode'), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), filters, fc.integer({ min: 0, max: 15 }), (data, fs, predictor) => {
        const max = 64 * 1024;
        try {
          const out = decodeFilters(
            data,
            fs.map((name) => ({ name, parms: { predictor, columns: 7, colors: 3 } })),
            max,
          );
          expect(out.length).toBeLessThanOrEqual(max);
        } catch (e) {
          expect(e).toBeInstanceOf(Error);
          if (!(e instanceof StreamLimitError) && !(e instanceof UnsupportedFilterError)) expect((e as Error).message.length).toBeGreaterThan(0);
        }
      }),
      { seed: SEED, numRuns: RUNS * 10 },
    );
  });
});
