/** Locates ../shared/corpus/einvoice-ubl for the UBL tests: fails loudly in CI when missing, skips elsewhere. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const corpusDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');
export const ublDir = path.join(corpusDir, 'einvoice-ubl');

export function ublCorpusAvailable(what: string): boolean {
  if (existsSync(path.join(ublDir, 'golden.json'))) return true;
  if (process.env.CI === 'true') throw new Error(`Corpus missing at ${ublDir}; CI requires ../shared/corpus (${what})`);
  console.warn(`[skip] ${what}: corpus not found at ${ublDir}`);
  return false;
}

export interface GoldenRule {
  id: string;
  flag: string;
  count: number;
}
export interface GoldenInstance {
  group: string;
  xsdValid: boolean;
  en16931: GoldenRule[] | { error: string };
  xrechnung: GoldenRule[] | { error: string };
  kosit: { scenario: string | null; accept: boolean; errors: string[] };
}
export function loadGolden(): { instances: Record<string, GoldenInstance> } {
  return JSON.parse(readFileSync(path.join(ublDir, 'golden.json'), 'utf8')) as { instances: Record<string, GoldenInstance> };
}
