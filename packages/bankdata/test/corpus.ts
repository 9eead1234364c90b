/** Locates ../shared/corpus for tests: fails loudly in CI when missing, skips with a reason elsewhere. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');

export function corpusAvailable(): boolean {
  if (existsSync(path.join(corpusDir, 'payments'))) return true;
  if (process.env.CI === 'true') throw new Error(`Corpus missing at ${corpusDir}; CI requires ../shared/corpus`);
  console.warn(`[skip] payments corpus not found at ${corpusDir}`);
  return false;
}
