/** Locates ../shared/corpus for tests: fails loudly in CI when missing, skips with a reason elsewhere. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');
export const paymentsDir = path.join(corpusDir, 'payments');

/** True when `dir` (default: the whole corpus) exists; throws when CI=true and it is missing; warns and returns false elsewhere. */
export function corpusAvailable(dir: string = corpusDir): boolean {
  if (existsSync(dir)) return true;
  if (process.env.CI === 'true') throw new Error(`Corpus missing at ${dir}; CI requires ../shared/corpus`);
  console.warn(`[skip] corpus not found at ${dir}`);
  return false;
}

/** The payments part of the corpus (pain.001/camt samples, XSDs, golden.json). */
export function paymentsAvailable(): boolean {
  return corpusAvailable(paymentsDir);
}

/** A payments corpus file's bytes, by path relative to payments/. */
export function sample(rel: string): Buffer {
  return readFileSync(path.join(paymentsDir, rel));
}
