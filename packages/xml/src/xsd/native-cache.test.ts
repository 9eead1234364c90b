/**
 * The compiled native schema kept beside an installed set (native-cache.ts): written on first use, read back by a
 * later store (another process in real life) and then validating exactly like a fresh compile — every payment sample
 * of the corpus against its set, valid and invalid; a damaged or foreign file is ignored (compiled again); a changed
 * XSD gets its own file; a store it cannot write to still validates.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsAvailable, paymentsDir } from '@kontor/testkit/corpus';
import { Automaton, compileNativeSchema } from './native/schema';
import { runNative } from './native/run';
import { loadNativeSchema, nativeCacheFile, PROBE_XSD } from './native-cache';
import { findSchemaSet } from './sets';
import { SchemaStore } from './store';

const run = paymentsAvailable();
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-native-cache-'));
  if (run) await new SchemaStore({ dir }).installFrom(path.join(paymentsDir, 'xsd'));
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What a compiled schema says about documents: the diagnostics of the native run on each. */
function answers(schema: ReturnType<typeof compileNativeSchema>, docs: (string | Buffer)[]): unknown[] {
  if ('refused' in schema) return [schema.refused];
  return docs.map((d) => {
    const v = runNative(schema, d, 20);
    return v ? v.sink : null;
  });
}

const cacheFiles = (set: string) => readdirSync(path.join(dir, set.replace(/[^A-Za-z0-9._-]/g, '_'))).filter((f) => f.startsWith('.native-'));

/** Every sample file under payments/samples with the set its namespace points to. */
function samples(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.xml')) {
        const head = readFileSync(p, 'utf8').slice(0, 2000);
        const m = /urn:iso:std:iso:20022:tech:xsd:((?:pain\.001|camt\.05[234])\.001\.\d\d)/.exec(head);
        if (m && findSchemaSet(`iso:${m[1]}`)) out.push([p, `iso:${m[1]}`]);
      }
    }
  };
  walk(path.join(paymentsDir, 'samples'));
  return out;
}

describe('the compiler probe', () => {
  it('lies in the native subset (so the fingerprint covers the compiled output, not a refusal)', () => {
    const p = compileNativeSchema(PROBE_XSD);
    expect('refused' in p ? p.refused : null).toBeNull();
  });
});

describe.runIf(run)('compiled native schemas kept beside the set', () => {
  it('are written on first use and read back by another store with the same answers on every payment sample', async () => {
    const files = samples();
    expect(files.length).toBeGreaterThan(20);
    const sets = [...new Set(files.map(([, s]) => s))];
    for (const s of sets) expect(cacheFiles(s), s).toEqual([]);
    const first = new SchemaStore({ dir });
    for (const s of sets) expect(first.engineFor(s), s).toBe('native');
    for (const s of sets) expect(cacheFiles(s), s).toHaveLength(1);
    const second = new SchemaStore({ dir });
    await second.prepare(); // the samples that are not well-formed go to libxml2-wasm in both stores
    let invalid = 0;
    for (const [file, set] of files) {
      const bytes = readFileSync(file);
      const a = first.validate(set, bytes, { maxFindings: 20 });
      const b = second.validate(set, bytes, { maxFindings: 20 });
      expect(b, file).toEqual(a);
      if (a.valid === false) invalid++;
    }
    expect(invalid).toBeGreaterThan(0);
  });

  it('reads back a schema whose automata are Automaton instances again', () => {
    const set = path.join(dir, 'dk_pain.001.001.09_GBIC_5');
    const entry = path.join(set, 'pain.001.001.09_GBIC_5.xsd');
    loadNativeSchema(set, entry);
    const back = loadNativeSchema(set, entry);
    if ('refused' in back) throw new Error(back.refused);
    const doc = [...back.elements.values()][0]!.type;
    expect(doc.kind === 'complex' && doc.automaton instanceof Automaton).toBe(true);
  });

  it('ignores a damaged or foreign file and compiles again; a changed XSD gets its own file', () => {
    const set = path.join(dir, 'iso_pain.001.001.09');
    const entry = path.join(set, 'pain.001.001.09.xsd');
    const xsd = readFileSync(entry, 'utf8');
    const file = path.join(set, nativeCacheFile(xsd));
    const docs = readdirSync(path.join(paymentsDir, 'samples/pain.001.001.09')).map((f) => readFileSync(path.join(paymentsDir, 'samples/pain.001.001.09', f)));
    const fresh = answers(compileNativeSchema(xsd), docs);
    expect(fresh.filter((a) => a !== null).length).toBeGreaterThan(1);
    for (const junk of [Buffer.from('not v8 at all'), v8.serialize({ targetNamespace: 1 }), v8.serialize(42)]) {
      writeFileSync(file, junk);
      const got = loadNativeSchema(set, entry);
      expect(answers(got, docs)).toEqual(fresh);
      // and the damaged file was replaced by a good one
      expect(v8.deserialize(readFileSync(file))).toHaveProperty('targetNamespace', 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    }
    expect(nativeCacheFile(`${xsd}\n`)).not.toBe(nativeCacheFile(xsd));
  });

  it('still compiles when the folder cannot be written', () => {
    const entry = path.join(dir, 'iso_camt.053.001.08', 'camt.053.001.08.xsd');
    const nowhere = path.join(dir, 'no-such-folder');
    const got = loadNativeSchema(nowhere, entry);
    expect('refused' in got).toBe(false);
    expect(readdirSync(dir)).not.toContain('no-such-folder');
  });
});
