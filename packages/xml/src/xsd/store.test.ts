import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SchemaStore } from './store';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-schemas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SchemaStore', () => {
  it('reports a missing set as unavailable with an install hint', async () => {
    const store = new SchemaStore({ dir });
    const r = store.validate('cii-d16b', '<x/>');
    expect(r.available).toBe(false);
    expect(r.note).toMatch(/kontor schemas install/);
    expect((await store.list()).every((s) => !s.installed)).toBe(true);
    expect(() => store.validate('nope', '<x/>')).toThrow(/Unknown schema set/);
  });

  it.runIf(corpusAvailable())('installs from the corpus and validates with line numbers', async () => {
    const store = new SchemaStore({ dir });
    const { installed } = await store.installFrom(corpusDir);
    for (const id of ['cii-d16b', 'dk:pain.001.001.09_GBIC_5', 'iso:pain.001.001.09', 'iso:camt.053.001.02', 'facturx:en16931']) expect(installed).toContain(id);
    const inv = readFileSync(path.join(corpusDir, 'einvoice/instances/en16931/examples/CII_example1.xml'));
    await store.prepare('cii-d16b'); // the CII schema is validated by libxml2-wasm: loaded before the synchronous validate
    const ok = store.validate('cii-d16b', inv);
    expect(ok).toMatchObject({ available: true, valid: true });
    const broken = inv.toString('utf8').replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Bogus>380</ram:Bogus>');
    const bad = store.validate('cii-d16b', broken);
    expect(bad.valid).toBe(false);
    expect(bad.findings[0]!.line).toBeGreaterThan(1);
    expect(bad.findings[0]!.message).toMatch(/Bogus/);
    // DOCTYPE never reaches libxml2
    const dt = store.validate('cii-d16b', '<!DOCTYPE x [<!ENTITY a SYSTEM "file:///etc/passwd">]><x>&a;</x>');
    expect(dt.findings[0]!.code).toBe('XML_DOCTYPE_FORBIDDEN');
    const listed = await store.list();
    expect(listed.find((s) => s.id === 'cii-d16b')!.files).toBeGreaterThan(10);
    store.dispose();
  });
});

describe('SchemaStore.installFromUrl', () => {
  it.runIf(corpusAvailable())('installs from a ZIP and a single XSD served over HTTP, and refuses unsafe ZIPs', async () => {
    const http = await import('node:http');
    const { zipSync } = await import('fflate');
    const xsd = readFileSync(path.join(corpusDir, 'payments/xsd/iso/camt.053.001.08.xsd'));
    const good = zipSync({ 'release/schemas/camt.053.001.08.xsd': new Uint8Array(xsd), 'release/readme.txt': new Uint8Array([1]) });
    const evil = zipSync({ '../../evil/camt.053.001.08.xsd': new Uint8Array(xsd) });
    const server = http.createServer((req, res) => {
      if (req.url === '/good.zip') return res.end(Buffer.from(good));
      if (req.url === '/evil.zip') return res.end(Buffer.from(evil));
      if (req.url === '/pain.001.001.03.xsd') return res.end(readFileSync(path.join(corpusDir, 'payments/xsd/iso/pain.001.001.03.xsd')));
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const d2 = mkdtempSync(path.join(os.tmpdir(), 'kontor-schemas-url-'));
    try {
      const store = new SchemaStore({ dir: d2 });
      expect((await store.installFromUrl(`http://127.0.0.1:${port}/good.zip`)).installed).toEqual(['iso:camt.053.001.08']);
      expect((await store.installFromUrl(`http://127.0.0.1:${port}/pain.001.001.03.xsd`)).installed).toEqual(['iso:pain.001.001.03']);
      await expect(store.installFromUrl(`http://127.0.0.1:${port}/evil.zip`)).rejects.toThrow(/Unsafe path/);
      await expect(store.installFromUrl(`http://127.0.0.1:${port}/missing.zip`)).rejects.toThrow(/HTTP 404/);
      await expect(store.installFromUrl(`http://127.0.0.1:${port}/good.zip`, { maxBytes: 100 })).rejects.toThrow(/larger than/);
      expect(store.isInstalled('iso:camt.053.001.08')).toBe(true);
    } finally {
      server.close();
      rmSync(d2, { recursive: true, force: true });
    }
  });
});
