/**
 * Verification of received invoices: verifyInvoicePdf (structure, EN 16931 quick check, XSD, native rules, PDF/A-3
 * checker) on a 1-page and a 20-page hybrid; reference: veraPDF alone on the same file (VERAPDF_JAR, one JVM, warm,
 * median of the per-file times it reports) — veraPDF does only the PDF/A part, a Saxon schematron run (~25 ms warm,
 * architecture.md) would come on top. Then the whole veraPDF corpus through the built CLI `kontor pdf check --jsonl`
 * (one process per flavour) vs veraPDF's batch (shared/tools/verapdf.sh, one JVM per flavour), wall time incl. start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { invoiceWith } from './lib/einvoice-eu';
import { SchemaStore } from '@kontor/xml';
import { typesetInvoice, verifyInvoicePdf } from '@kontor/zugferd';
import { mb, medianMs, peakRss, ratio, type BenchRow } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const corpus = path.resolve(root, '../shared/corpus');
const now = new Date('2025-03-10T10:00:00Z');

/** A hybrid of exactly `pages` pages (searching the line count). */
async function hybridOf(pages: number): Promise<{ pdf: Uint8Array; pages: number }> {
  let lo = 1;
  let hi = 500; // the invoice limit (spec §8)
  let best = await typesetInvoice(invoiceWith(3), { now });
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const r = await typesetInvoice(invoiceWith(mid), { now });
    if (r.pages === pages) return { pdf: r.pdf, pages };
    if (r.pages < pages) lo = mid + 1;
    else hi = mid - 1;
    best = r;
  }
  return { pdf: best.pdf, pages: best.pages };
}

interface VeraLine {
  file: string;
  compliant: boolean | null;
  ms?: number;
}

function veraPdf(flavour: string, files: string[]): { lines: VeraLine[]; wallMs: number } | null {
  const jar = process.env.VERAPDF_JAR;
  const script = path.join(corpus, '..', 'tools', 'verapdf.sh');
  if (!jar || !existsSync(jar) || !existsSync(script)) return null;
  const s = performance.now();
  const r = spawnSync(script, ['--flavour', flavour, '--batch', '2000', ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, VERAPDF_JAR: jar } });
  const wallMs = performance.now() - s;
  const lines = (r.stdout ?? '')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as VeraLine);
  return { lines, wallMs };
}

/** veraPDF's warm per-file time: the same file 9 times in one JVM, median of the last 7 reported times. */
function veraWarmMs(pdf: Uint8Array): number | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-verify-'));
  try {
    const files = Array.from({ length: 9 }, (_, i) => {
      const f = path.join(dir, `f${i}.pdf`);
      writeFileSync(f, pdf);
      return f;
    });
    const v = veraPdf('3b', files);
    const ms =
      v?.lines
        .slice(2)
        .map((l) => l.ms)
        .filter((x): x is number => typeof x === 'number')
        .sort((a, b) => a - b) ?? [];
    return ms.length ? ms[Math.floor(ms.length / 2)]! : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function kontorPdfCheck(flavour: string, files: string[]): { wallMs: number; lines: { file: string; compliant: boolean }[] } | string {
  const s = performance.now();
  const r = spawnSync(process.execPath, [path.join(root, 'apps/cli/launch.mjs'), 'pdf', 'check', ...files, '--flavour', flavour, '--jsonl'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    cwd: root,
  });
  const wallMs = performance.now() - s;
  const lines = (r.stdout ?? '')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { file: string; compliant: boolean });
  if (lines.length !== files.length) return `kontor pdf check answered ${lines.length} of ${files.length} lines: ${(r.stderr ?? '').trim().split('\n').slice(-1)[0]}`;
  return { wallMs, lines };
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  let store: SchemaStore | undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-schemas-'));
  if (existsSync(path.join(corpus, 'einvoice/schema'))) {
    store = new SchemaStore({ dir });
    await store.installFrom(path.join(corpus, 'einvoice/schema'));
  }
  try {
    for (const pages of [1, 20]) {
      const h = await hybridOf(pages);
      const opts = store ? { schemaStore: store } : {};
      const ms = await medianMs(() => verifyInvoicePdf(h.pdf, opts), pages === 1 ? 9 : 5, 2);
      const vera = veraWarmMs(h.pdf);
      rows.push({
        case: `verifyInvoicePdf ${h.pages}-page hybrid (structure + XSD + EN 16931 rules + PDF/A-3)${store ? '' : ', no XSD'}`,
        ours: `${ms.toFixed(0)} ms`,
        reference: vera === null ? 'veraPDF n/a (VERAPDF_JAR not set)' : `veraPDF warm ${vera.toFixed(0)} ms (PDF/A only; + Saxon EN 16931 ~25 ms)`,
        ratio: ratio(ms, vera),
        inputSize: mb(h.pdf.byteLength),
        peakRss: peakRss(),
      });
    }
  } finally {
    store?.dispose();
    rmSync(dir, { recursive: true, force: true });
  }

  // the veraPDF corpus through the built CLI, per flavour, vs veraPDF's batch
  const expectedFile = path.join(corpus, 'pdf/verapdf-expected.json');
  if (!existsSync(expectedFile)) return rows;
  const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as Record<string, { part: number; conformance: string; expected: 'pass' | 'fail' }>;
  const byFlavour = new Map<string, string[]>();
  for (const [rel, e] of Object.entries(expected)) {
    const fl = `${e.part}${e.conformance.toLowerCase()}`;
    byFlavour.set(fl, [...(byFlavour.get(fl) ?? []), path.join(corpus, 'pdf', rel)]);
  }
  let oursMs = 0;
  let veraMs: number | null = 0;
  let files = 0;
  let agree = 0;
  let veraAgree = 0;
  for (const [fl, list] of byFlavour) {
    const k = kontorPdfCheck(fl, list);
    if (typeof k === 'string') {
      rows.push({ case: 'kontor pdf check --jsonl over the veraPDF corpus', ours: k, reference: '', ratio: '', inputSize: '', peakRss: '' });
      return rows;
    }
    oursMs += k.wallMs;
    files += list.length;
    for (const l of k.lines) if (l.compliant === (expected[path.relative(path.join(corpus, 'pdf'), l.file).split(path.sep).join('/')]?.expected === 'pass')) agree++;
    const v = veraPdf(fl, list);
    if (v === null || veraMs === null) veraMs = null;
    else {
      veraMs += v.wallMs;
      for (const l of v.lines) if (l.compliant === (expected[path.relative(path.join(corpus, 'pdf'), l.file).split(path.sep).join('/')]?.expected === 'pass')) veraAgree++;
    }
  }
  rows.push({
    case: `kontor pdf check --jsonl over the veraPDF corpus (${files} files, ${byFlavour.size} processes; agrees with expected on ${agree})`,
    ours: `${(oursMs / 1000).toFixed(1)} s`,
    reference: veraMs === null ? 'veraPDF n/a (VERAPDF_JAR not set)' : `veraPDF batch ${(veraMs / 1000).toFixed(1)} s (agrees on ${veraAgree})`,
    ratio: ratio(oursMs, veraMs),
    inputSize: `${files} files`,
    peakRss: 'per child process',
  });
  return rows;
}
