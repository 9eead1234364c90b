import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SchemaStore } from './store';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-schemas-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SchemaStore installs are atomic and idempotent', () => {
  it.runIf(corpusAvailable())('several installers on one store at once all succeed and leave complete sets only', async () => {
    const stores = Array.from({ length: 5 }, () => new SchemaStore({ dir }));
    // Starts together, like two instances booting on one volume: both copy every set into the same folders.
    const results = await Promise.all(stores.map((s) => s.installFrom(corpusDir)));
    for (const r of results) expect(r.installed).toContain('cii-d16b');
    // A second round replaces the installed sets while readers validate: every answer is from a complete set.
    const inv = readFileSync(path.join(corpusDir, 'einvoice/instances/en16931/examples/CII_example1.xml'));
    const reader = new SchemaStore({ dir });
    await reader.prepare('cii-d16b'); // libxml2-wasm for the CII set, before the synchronous validate calls below
    const again = Promise.all(stores.slice(0, 3).map((s) => s.installFrom(corpusDir)));
    const checks: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      reader.dispose();
      const r = reader.validate('cii-d16b', inv);
      if (r.available) checks.push(r.valid === true);
      await new Promise((res) => setTimeout(res, 5));
    }
    await again;
    expect(checks.every(Boolean)).toBe(true);
    expect(reader.validate('cii-d16b', inv)).toMatchObject({ available: true, valid: true });
    // no temporary or set-aside folders are left behind
    expect(readdirSync(dir).filter((n) => /\.(tmp|old)-/.test(n))).toEqual([]);
    for (const s of await reader.list()) if (results[0]!.installed.includes(s.id)) expect(s.installed, s.id).toBe(true);
    reader.dispose();
    for (const s of stores) s.dispose();
  });
});
