/**
 * The schema store's engine choice with the payment schemas installed from the corpus: native for the ISO 20022 / DK
 * sets, libxml2 for a forced store; the same answer from both; the shared pass (nativeValidation fed by streamXml's
 * tap) equals validate(); the byte limit and not-well-formed input behave as on the libxml2 path.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsAvailable, paymentsDir } from '@kontor/testkit/corpus';
import { streamXml } from '../src/reader/stream';
import { SchemaStore } from '../src/xsd/store';

const run = paymentsAvailable();
let dir = '';
let store: SchemaStore;
let lib: SchemaStore;

beforeAll(async () => {
  if (!run) return;
  dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-native-store-'));
  store = new SchemaStore({ dir });
  await store.installFrom(paymentsDir);
  lib = new SchemaStore({ dir, engine: 'libxml2' });
  await store.prepare(); // not-well-formed samples go to libxml2-wasm
});
afterAll(() => {
  store?.dispose();
  lib?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const FILES: [string, string][] = [
  ['samples/constructed/pain.001.001.09_gbic5_sct+inst_valid.xml', 'dk:pain.001.001.09_GBIC_5'],
  ['samples/constructed/pain.001.001.09_gbic5_bad-element-order.xml', 'dk:pain.001.001.09_GBIC_5'],
  ['samples/constructed/pain.001.001.09_gbic5_bad-usd-in-sct.xml', 'dk:pain.001.001.09_GBIC_5'],
  ['samples/constructed/pain.001.001.09_gbic5_bad-truncated.xml', 'dk:pain.001.001.09_GBIC_5'],
  ['samples/constructed/camt.054.001.08_dk_batch_resolution.xml', 'iso:camt.054.001.08'],
];

describe.runIf(run)('schema store with the native engine', () => {
  it('picks the native engine for the payment sets and libxml2 when forced', () => {
    expect(store.engineFor('dk:pain.001.001.09_GBIC_5')).toBe('native');
    expect(store.engineFor('iso:camt.053.001.08')).toBe('native');
    expect(lib.engineFor('dk:pain.001.001.09_GBIC_5')).toBe('libxml2');
    expect(store.engineFor('cii-d16b')).toBe('none');
    expect(store.nativeValidation('cii-d16b')).toBeNull();
  });

  it('answers like the libxml2 path, from validate() and from a shared streamXml pass', async () => {
    for (const [file, set] of FILES) {
      const bytes = new Uint8Array(readFileSync(path.join(paymentsDir, file)));
      const ours = store.validate(set, bytes, { maxFindings: 5 });
      const theirs = lib.validate(set, bytes, { maxFindings: 5 });
      expect(ours, file).toEqual(theirs);
      const shared = store.nativeValidation(set, { maxFindings: 5 })!;
      try {
        await streamXml(bytes, { keep: () => false, onElement: () => {}, tap: shared.tap });
        expect(shared.result(), file).toEqual(ours);
      } catch {
        // Not well-formed: the pass breaks off; the caller takes validate()'s answer (libxml2's diagnostics).
        expect(file).toContain('truncated');
        expect(ours.findings[0]?.code).toBe('XML_MALFORMED');
      }
    }
  });

  it('keeps the byte limit (UTF-8 size of strings) and the element limit of the libxml2 path', () => {
    const text = readFileSync(path.join(paymentsDir, FILES[0]![0]), 'utf8');
    expect(() => store.validate(FILES[0]![1], text, { maxBytes: 1000 })).toThrow(expect.objectContaining({ code: 'XML_TOO_LARGE' }));
    const r = store.validate(FILES[0]![1], text, { limits: { maxElements: 10 } });
    expect(r.findings[0]?.code).toBe('XML_TOO_MANY_NODES');
    expect(r).toEqual(lib.validate(FILES[0]![1], text, { limits: { maxElements: 10 } }));
  });
});
