/** Locates ../shared/corpus/einvoice for the conformance tests: fails loudly in CI when missing, skips elsewhere. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateCii } from '../src';

export const corpusDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');
export const einvoiceDir = path.join(corpusDir, 'einvoice');

export function einvoiceCorpusAvailable(what: string): boolean {
  if (existsSync(path.join(einvoiceDir, 'golden.json'))) return true;
  if (process.env.CI === 'true') throw new Error(`Corpus missing at ${einvoiceDir}; CI requires ../shared/corpus (${what})`);
  console.warn(`[skip] ${what}: corpus not found at ${einvoiceDir}`);
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

export interface Golden {
  meta: { timing: Record<string, unknown> };
  instances: Record<string, GoldenInstance>;
}

export function loadGolden(): Golden {
  return JSON.parse(readFileSync(path.join(einvoiceDir, 'golden.json'), 'utf8')) as Golden;
}

/**
 * Calls `check` with the bytes of every golden.json instance, skipping the ones the XML reader refuses (an error whose
 * code starts with XML_: they never reach the rules); returns how many were checked.
 */
export function forEachReadableInstance(check: (xml: Buffer, file: string) => void): number {
  let docs = 0;
  for (const file of Object.keys(loadGolden().instances)) {
    try {
      check(readFileSync(path.join(einvoiceDir, file)), file);
    } catch (e) {
      if ((e as { code?: string }).code?.startsWith('XML_')) continue;
      throw e;
    }
    docs++;
  }
  return docs;
}

/** validateCii's EN 16931 + XRechnung findings of a document as "rule id → count" (what the oracle's lists are compared by). */
export function ruleCounts(xml: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of validateCii(xml, { profile: 'xrechnung' }).findings) if (f.ruleset === 'en16931' || f.ruleset === 'xrechnung') out[f.code] = (out[f.code] ?? 0) + 1;
  return out;
}
