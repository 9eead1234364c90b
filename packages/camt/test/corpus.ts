/** Locates ../shared/corpus for tests: fails loudly in CI when missing, skips with a reason elsewhere; one schema store per test file. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SchemaStore } from '@kontor/xml';
import { paymentsDir } from '@kontor/testkit/corpus';

export { paymentsAvailable as corpusAvailable, paymentsDir, sample } from '@kontor/testkit/corpus';

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
