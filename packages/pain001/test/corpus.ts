/** Test helpers: the shared corpus (fails loudly in CI when missing), a schema store installed from it, xmllint. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SchemaStore } from '@kontor/xml';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');
export const paymentsDir = path.join(corpusDir, 'payments');

export function corpusAvailable(): boolean {
  if (existsSync(paymentsDir)) return true;
  if (process.env.CI === 'true') throw new Error(`Corpus missing at ${paymentsDir}; CI requires ../shared/corpus`);
  console.warn(`[skip] payments corpus not found at ${paymentsDir}`);
  return false;
}

/** A fresh schema store in a temp dir with the payment XSDs of the corpus installed. */
export async function corpusSchemaStore(): Promise<{ store: SchemaStore; cleanup: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-pain-schemas-'));
  const store = new SchemaStore({ dir });
  await store.installFrom(path.join(paymentsDir, 'xsd'));
  return {
    store,
    cleanup: () => {
      store.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * corpusSchemaStore and, over the same directory, a store that validates with libxml2 (the reference the native
 * engine is compared with); cleanup disposes both.
 */
export async function corpusSchemaStores(): Promise<{ store: SchemaStore; libxml2: SchemaStore; cleanup: () => void }> {
  const { store, cleanup } = await corpusSchemaStore();
  const libxml2 = new SchemaStore({ dir: store.dir, engine: 'libxml2' });
  await libxml2.prepare();
  return {
    store,
    libxml2,
    cleanup: () => {
      libxml2.dispose();
      cleanup();
    },
  };
}

/** xmllint as the oracle (Debian libxml2-utils). Missing: CI fails, elsewhere the caller skips. */
export function xmllintAvailable(): boolean {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI === 'true') throw new Error('xmllint missing; CI requires libxml2-utils');
    console.warn('[skip] xmllint not installed');
    return false;
  }
}

/** Runs xmllint --schema on a file; true when it validates (exit 0). Output is stdout + stderr. */
export function xmllintValid(xmlFile: string, xsdFile: string): { valid: boolean; output: string } {
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsdFile, xmlFile], { encoding: 'utf8' });
  return { valid: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}
