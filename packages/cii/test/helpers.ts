/** Test helpers of @kontor/cii: the shared corpus (fail in CI, skip elsewhere), fixtures, a schema store. */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SchemaStore } from '@kontor/xml';
import { normalizeInvoice, parseInvoice, type Invoice } from '../src/index';

const here = path.dirname(fileURLToPath(import.meta.url));
export const CORPUS_DIR = path.resolve(here, '../../../../shared/corpus');
export const EINVOICE_DIR = path.join(CORPUS_DIR, 'einvoice');
export const FIXTURES_DIR = path.join(here, 'fixtures');

/** The corpus, or null with a printed reason; throws when CI=true and the corpus is missing. */
export function corpusOrSkip(): string | null {
  if (existsSync(path.join(EINVOICE_DIR, 'instances'))) return EINVOICE_DIR;
  const reason = `e-invoice corpus not found at ${EINVOICE_DIR}`;
  if (process.env.CI === 'true') throw new Error(`${reason} (required in CI)`);
  console.warn(`skipping corpus tests: ${reason}`);
  return null;
}

export interface Fixture {
  name: string;
  json: Record<string, unknown>;
}

export function loadFixtures(): Fixture[] {
  return readdirSync(FIXTURES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), json: JSON.parse(readFileSync(path.join(FIXTURES_DIR, f), 'utf8')) as Record<string, unknown> }));
}

export function fixture(name: string): Record<string, unknown> {
  const f = loadFixtures().find((x) => x.name.endsWith(name) || x.name === name);
  if (!f) throw new Error(`no fixture ${name}`);
  return structuredClone(f.json);
}

let store: SchemaStore | null = null;
/** A schema store with the CII D16B set installed from the corpus (once per test file). */
export async function ciiSchemaStore(): Promise<SchemaStore | null> {
  if (store) return store;
  if (!corpusOrSkip()) return null;
  const s = new SchemaStore({ dir: mkdtempSync(path.join(tmpdir(), 'kontor-cii-xsd-')) });
  await s.installFrom(EINVOICE_DIR);
  store = s;
  return s;
}

/** The canonical form used to compare invoices: schema defaults, then normalisation. */
export function canonical(json: unknown): Invoice {
  const parsed = parseInvoice(json);
  if (!parsed.invoice) throw new Error(`not an invoice: ${JSON.stringify(parsed.issues)}`);
  return normalizeInvoice(parsed.invoice).invoice;
}

export function codes(findings: readonly { code: string; severity: string }[], severity = 'error'): string[] {
  return findings.filter((f) => f.severity === severity).map((f) => f.code);
}
