/**
 * The built CLI as a user runs it (child processes of plain JS, apps/cli/dist, built by the launcher when stale):
 * start-up of `kontor --version` and `kontor vat syntax` against `node -e 0`, and batch validation over the corpora
 * (`invoice validate --jsonl` over every e-invoice instance, `pay validate --jsonl` over the pain.001 samples):
 * wall time and peak RSS (the pool's worker threads live in the same process), with xmllint over the same files
 * (XSD only, one process) as the reference.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './harness';
import { mb, ratio } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus');
const launcher = path.join(root, 'apps/cli/launch.mjs');
const main = path.join(root, 'apps/cli/dist/main.js');

function medianSpawn(args: string[], runs = 15): number {
  const t: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const s = performance.now();
    const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
    if (r.status !== 0 && !(args.includes('vat') && r.status === 1)) throw new Error(`${args.join(' ')} exited ${r.status}`);
    if (i >= 2) t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)]!;
}

/** Wall ms and peak RSS (bytes, /usr/bin/time) of one run; the output lines counted. */
function timed(cmd: string, args: string[], env: Record<string, string> = {}): { ms: number; rss: number | null; lines: number; code: number | null } {
  const useTime = existsSync('/usr/bin/time');
  const s = performance.now();
  const r = useTime
    ? spawnSync('/usr/bin/time', ['-f', '@@RSS@@%M', cmd, ...args], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, env: { ...process.env, ...env } })
    : spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, env: { ...process.env, ...env } });
  const ms = performance.now() - s;
  const m = /@@RSS@@(\d+)/.exec(r.stderr ?? '');
  return { ms, rss: m ? Number(m[1]) * 1024 : null, lines: (r.stdout ?? '').split('\n').filter(Boolean).length, code: r.status };
}

function xmlFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir).sort()) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) xmlFiles(p, out);
    else if (e.endsWith('.xml')) out.push(p);
  }
  return out;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const built = spawnSync(process.execPath, [launcher, '--version'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`CLI build failed: ${built.stderr}`);
  const node0 = medianSpawn(['-e', '0']);
  const version = medianSpawn([main, '--version']);
  const vat = medianSpawn([main, 'vat', 'syntax', 'DE136695976']);
  const viaLauncher = medianSpawn([launcher, '--version']);
  rows.push({ case: 'cli: kontor --version start-up (built JS)', ours: `${version.toFixed(0)} ms`, reference: `node -e 0: ${node0.toFixed(0)} ms`, ratio: `+${(version - node0).toFixed(0)} ms`, inputSize: '', peakRss: '' });
  rows.push({ case: 'cli: kontor vat syntax DE136695976', ours: `${vat.toFixed(0)} ms`, reference: `node -e 0: ${node0.toFixed(0)} ms`, ratio: `+${(vat - node0).toFixed(0)} ms`, inputSize: '', peakRss: '' });
  rows.push({ case: 'cli: launcher (stale check + import) --version', ours: `${viaLauncher.toFixed(0)} ms`, reference: `node -e 0: ${node0.toFixed(0)} ms`, ratio: `+${(viaLauncher - node0).toFixed(0)} ms`, inputSize: '', peakRss: '' });

  if (!existsSync(corpus)) {
    rows.push({ case: 'cli: batch validation', ours: 'skipped: ../shared/corpus missing', reference: '', ratio: '', inputSize: '', peakRss: '' });
    return rows;
  }
  const store = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-cli-'));
  try {
    spawnSync(process.execPath, [main, 'schemas', 'install', '--from', corpus, '--dir', store], { stdio: 'ignore' });
    const env = { KONTOR_SCHEMA_DIR: store };
    const cores = os.availableParallelism();
    const einvoice = path.join(corpus, 'einvoice/instances');
    const invoices = xmlFiles(einvoice);
    const xsd = path.join(corpus, 'einvoice/schema/cii-d16b/uncoupled/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd');
    const lint = timed('xmllint', ['--noout', '--nonet', '--schema', xsd, ...invoices]);
    for (const jobs of [1, cores]) {
      const r = timed(process.execPath, [main, 'invoice', 'validate', einvoice, '--jsonl', '--jobs', String(jobs)], env);
      rows.push({
        case: `cli: invoice validate --jsonl --jobs ${jobs}, e-invoice corpus (XSD + EN 16931/XRechnung rules)`,
        ours: `${(r.ms / 1000).toFixed(1)} s (${r.lines} lines, exit ${r.code})`,
        reference: lint.code === null ? 'xmllint missing' : `xmllint --schema, XSD only, 1 process: ${(lint.ms / 1000).toFixed(1)} s`,
        ratio: lint.code === null ? 'n/a' : ratio(r.ms, lint.ms),
        inputSize: `${invoices.length} files`,
        peakRss: r.rss ? mb(r.rss) : 'n/a',
      });
    }
    const pain = xmlFiles(path.join(corpus, 'payments/samples')).filter((f) => path.basename(f).startsWith('pain.001') || f.includes('pain.001'));
    const r = timed(process.execPath, [main, 'pay', 'validate', ...pain, '--jsonl'], env);
    rows.push({ case: `cli: pay validate --jsonl, pain.001 samples (jobs ${cores})`, ours: `${(r.ms / 1000).toFixed(1)} s (${r.lines} lines, exit ${r.code})`, reference: '', ratio: '', inputSize: `${pain.length} files`, peakRss: r.rss ? mb(r.rss) : 'n/a' });
  } finally {
    rmSync(store, { recursive: true, force: true });
  }
  return rows;
}
