/**
 * libxml2-wasm is loaded on first need only (issue 18): a document the native engine answers never loads it, nor
 * does prepare() of native sets or a DOCTYPE / over-limit document refused before any parser; the synchronous
 * validate says SCHEMA_ENGINE_NOT_LOADED instead of loading; validateAsync loads it for a document that needs it
 * (not well-formed, a set outside the native subset) and then answers exactly as a libxml2-only store does.
 *
 * The store and the loader are imported fresh (vi.resetModules), so the loader's state is this file's own even
 * when other test files of the worker loaded libxml2-wasm already.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { corpusAvailable, corpusDir, paymentsDir } from '@kontor/testkit/corpus';

const run = corpusAvailable();
const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-lazy-libxml2-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type StoreModule = typeof import('./store');
type LoaderModule = typeof import('./libxml2');
let mod: StoreModule;
let loader: LoaderModule;

beforeAll(async () => {
  vi.resetModules();
  mod = await import('./store');
  loader = await import('./libxml2');
  if (run) await new mod.SchemaStore({ dir }).installFrom(corpusDir);
}, 120_000);

const SET = 'dk:pain.001.001.09_GBIC_5';
const valid = () => readFileSync(path.join(paymentsDir, 'samples/constructed/pain.001.001.09_gbic5_sct+inst_valid.xml'));
const invalid = () => readFileSync(path.join(paymentsDir, 'samples/constructed/pain.001.001.09_gbic5_bad-element-order.xml'));
const truncated = () => readFileSync(path.join(paymentsDir, 'samples/constructed/pain.001.001.09_gbic5_bad-truncated.xml'));

describe.runIf(run)('libxml2-wasm loads on first need', () => {
  it('a native validation (valid and invalid documents, sync and async) and prepare() of native sets load nothing', async () => {
    const store = new mod.SchemaStore({ dir });
    expect(loader.libxml2IfLoaded()).toBeUndefined();
    expect(store.engineFor(SET)).toBe('native');
    await store.prepare([SET, 'iso:camt.053.001.08']);
    expect(store.validate(SET, valid())).toMatchObject({ available: true, valid: true, errorCount: 0 });
    const bad = await store.validateAsync(SET, invalid());
    expect(bad.valid).toBe(false);
    expect(bad.errorCount).toBeGreaterThan(0);
    // refused before any parser sees it: DOCTYPE, element limit — also for a set that libxml2 validates
    const dt = store.validate('cii-d16b', '<!DOCTYPE x [<!ENTITY a SYSTEM "file:///etc/passwd">]><x>&a;</x>');
    expect(dt.findings[0]!.code).toBe('XML_DOCTYPE_FORBIDDEN');
    const many = store.validate('cii-d16b', `<x>${'<y/>'.repeat(50)}</x>`, { limits: { maxElements: 10 } });
    expect(many.findings[0]!.code).toBe('XML_TOO_MANY_NODES');
    // a set that is not installed answers without the engine
    const elsewhere = new mod.SchemaStore({ dir: path.join(dir, 'empty') });
    expect(elsewhere.validate('cii-d16b', '<x/>').available).toBe(false);
    await elsewhere.prepare('cii-d16b');
    expect(loader.libxml2IfLoaded()).toBeUndefined();
  });

  it('the synchronous validate refuses to load it: SCHEMA_ENGINE_NOT_LOADED for a document that needs it', () => {
    const store = new mod.SchemaStore({ dir });
    expect(() => store.validate(SET, truncated())).toThrow(expect.objectContaining({ code: 'SCHEMA_ENGINE_NOT_LOADED' }));
    const inv = readFileSync(path.join(corpusDir, 'einvoice/instances/en16931/examples/CII_example1.xml'));
    expect(() => store.validate('cii-d16b', inv)).toThrow(expect.objectContaining({ code: 'SCHEMA_ENGINE_NOT_LOADED' }));
    expect(loader.libxml2IfLoaded()).toBeUndefined();
  });

  it('validateAsync loads it for a document that needs it and answers as a libxml2-only store', async () => {
    const store = new mod.SchemaStore({ dir });
    const broken = await store.validateAsync(SET, truncated(), { maxFindings: 5 });
    expect(loader.libxml2IfLoaded()).toBeDefined();
    expect(broken.valid).toBe(false);
    expect(broken.findings[0]!.code).toBe('XML_MALFORMED');
    const lib = new mod.SchemaStore({ dir, engine: 'libxml2' });
    expect(lib.engineFor(SET)).toBe('libxml2');
    expect(lib.validate(SET, truncated(), { maxFindings: 5 })).toEqual(broken);
    // the native answers did not change with libxml2 loaded, and equal libxml2's
    expect(store.validate(SET, invalid(), { maxFindings: 5 })).toEqual(lib.validate(SET, invalid(), { maxFindings: 5 }));
    // a set outside the native subset, through validateAsync and (now loaded) the synchronous validate
    const inv = readFileSync(path.join(corpusDir, 'einvoice/instances/en16931/examples/CII_example1.xml'));
    const fresh = new mod.SchemaStore({ dir });
    expect(fresh.engineFor('cii-d16b')).toBe('libxml2');
    expect(await fresh.validateAsync('cii-d16b', inv)).toMatchObject({ available: true, valid: true });
    expect(fresh.validate('cii-d16b', inv.toString('utf8').replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Bogus>380</ram:Bogus>')).valid).toBe(false);
    for (const s of [store, lib, fresh]) s.dispose();
  });
});

describe.runIf(run)('provideLibxml2: a package that imports libxml2-wasm statically hands it over (no top-level await of ours)', () => {
  it('the synchronous validate of a libxml2-only set works right after provideLibxml2, with no load', async () => {
    vi.resetModules();
    const store = await import('./store');
    const fresh = await import('./libxml2');
    expect(fresh.libxml2IfLoaded()).toBeUndefined();
    const [lib, api, nodejs] = await Promise.all([import('libxml2-wasm/lib/libxml2.mjs'), import('libxml2-wasm'), import('libxml2-wasm/lib/nodejs.mjs')]);
    fresh.provideLibxml2({ lib, api, nodejs });
    expect(fresh.libxml2IfLoaded()?.XsdValidator).toBe(api.XsdValidator);
    const s = new store.SchemaStore({ dir });
    const inv = readFileSync(path.join(corpusDir, 'einvoice/instances/en16931/examples/CII_example1.xml'));
    expect(s.validate('cii-d16b', inv)).toMatchObject({ available: true, valid: true });
    // later hand-overs and loads keep the first instance
    fresh.provideLibxml2({ lib, api: { XmlDocument: api.XmlDocument, XsdValidator: class {} as never }, nodejs });
    expect((await fresh.loadLibxml2()).XsdValidator).toBe(api.XsdValidator);
    s.dispose();
  });
});

describe('library sources hold no top-level await', () => {
  it('no module under packages/*/src awaits at its top level (a bundled top-level await can deadlock a consumer in an import cycle)', () => {
    const root = path.resolve(__dirname, '../../..');
    const offenders: string[] = [];
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.ts$/.test(e.name) && !/\.test(-d)?\.ts$/.test(e.name) && /^(await |for await )/m.test(readFileSync(p, 'utf8'))) offenders.push(path.relative(root, p));
      }
    };
    for (const pkg of readdirSync(root)) if (existsSync(path.join(root, pkg, 'src'))) walk(path.join(root, pkg, 'src'));
    expect(readdirSync(root).length).toBeGreaterThan(5);
    expect(offenders).toEqual([]);
  });
});
