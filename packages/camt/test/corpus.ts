/** Locates ../shared/corpus for tests: fails loudly in CI when missing, skips with a reason elsewhere; one schema store per test file. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  console.warn(`[skip] corpus not found at ${paymentsDir}`);
  return false;
}

export function sample(rel: string): Buffer {
  return readFileSync(path.join(paymentsDir, rel));
}

export interface GoldenValidation {
  xsd: string;
  valid: boolean;
  errors: { line: number | null; column: number | null; kind: string; message: string }[];
}
export interface GoldenSample {
  file: string;
  message: string | null;
  version: string | null;
  namespace: string;
  stats: Record<string, unknown>;
  validations: GoldenValidation[];
}
export interface Golden {
  samples: GoldenSample[];
  zips: { file: string; members: GoldenSample[] }[];
}

export function golden(): Golden {
  return JSON.parse(readFileSync(path.join(paymentsDir, 'golden.json'), 'utf8')) as Golden;
}

/** A schema store installed from the corpus into a temp dir; call dispose() in afterAll. */
export async function corpusSchemaStore(): Promise<{ store: SchemaStore; dispose: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-camt-schemas-'));
  const store = new SchemaStore({ dir });
  await store.installFrom(paymentsDir);
  return {
    store,
    dispose: () => {
      store.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
