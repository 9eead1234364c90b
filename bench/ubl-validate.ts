/**
 * Native UBL validation (validateUbl: UBL 2.1 XSD from the schema store + EN 16931 + XRechnung UBL rules + KoSIT
 * verdict) over the real UBL invoices of ../shared/corpus/einvoice-ubl (CEN examples and the KoSIT XRechnung test
 * suite): per file the median of repeated warm runs, then the median and maximum over the files; and the rules alone
 * (no XSD). The Saxon-HE reference (warm JVM running the official UBL XSLT) is not wired up yet: the reference cell
 * says so; no figure is read from a file.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SchemaStore } from '@kontor/xml';
import { validateUbl } from '@kontor/ubl';
import { mb, type BenchRow } from './harness';

const here = fileURLToPath(import.meta.url);
const ublDir = path.resolve(path.dirname(here), '../../shared/corpus/einvoice-ubl');

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (/\.xml$/i.test(e.name)) out.push(p);
  }
  return out.sort();
}

function medianOf(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function perFile(fn: () => unknown): number {
  for (let i = 0; i < 3; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < 9; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  return medianOf(t);
}

export async function run(): Promise<BenchRow[]> {
  const inputs = [...files(path.join(ublDir, 'instances/en16931/examples')), ...files(path.join(ublDir, 'instances/xrechnung/testsuite'))].map((f) => new Uint8Array(readFileSync(f)));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-ubl-'));
  const store = new SchemaStore({ dir });
  await store.installFrom(path.join(ublDir, 'schema'));
  try {
    const full = inputs.map((b) => perFile(() => validateUbl(b, { profile: 'xrechnung', schemaStore: store })));
    const rules = inputs.map((b) => perFile(() => validateUbl(b, { profile: 'xrechnung' })));
    const size = `${inputs.length} files, median ${(medianOf(inputs.map((b) => b.byteLength)) / 1024).toFixed(1)} KB`;
    const fmt = (xs: number[]) => `median ${medianOf(xs).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms per file`;
    const ref = 'skipped: Saxon-HE UBL harness not wired up (golden.json meta.timing is not read)';
    return [
      { case: 'validateUbl XSD + EN 16931 + XRechnung (real UBL invoices)', ours: fmt(full), reference: ref, ratio: '', inputSize: size, peakRss: mb(process.memoryUsage().rss) },
      { case: 'validateUbl rules only (no XSD)', ours: fmt(rules), reference: ref, ratio: '', inputSize: size, peakRss: mb(process.memoryUsage().rss) },
    ];
  } finally {
    store.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
