/**
 * Load benchmark (issue 19): mixed traffic at a fixed rate (open loop: requests start on schedule whether or not
 * earlier ones finished) against one and against two instances of the built service (`node apps/cli/launch.mjs
 * serve`, plain JavaScript) on one PostgreSQL with rate limits on: GET /me, POST /invoices/validate (CII),
 * POST /payments/validate (pain.001), POST /statements/parse (camt.053). Reports req/s achieved, p50/p99, errors
 * and each instance's RSS over time. KONTOR_BENCH_LOAD_SECONDS (default 60) and KONTOR_BENCH_LOAD_RATE (default 40
 * requests per second) change the run; KONTOR_TEST_PG_URL uses an existing server instead of a throw-away one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Accounts, ApiKeys, loadConfig, openDatabase } from '@kontor/api';
import { startTestPostgres } from '../apps/api/test/pg';
import type { BenchRow } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus');
const SECONDS = Number(process.env.KONTOR_BENCH_LOAD_SECONDS ?? 60);
const RATE = Number(process.env.KONTOR_BENCH_LOAD_RATE ?? 40);

interface Instance {
  proc: ChildProcess;
  port: number;
  rss: number[];
}

function startInstance(env: Record<string, string>): Promise<Instance> {
  const proc = spawn(process.execPath, [path.join(root, 'apps/cli/launch.mjs'), 'serve', '--schemas-from', corpus], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'production', KONTOR_LOG: 'off', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"msg":"listening","url":"http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m) resolve({ proc, port: Number(m[1]), rss: [] });
    });
    proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('exit', (code) => reject(new Error(`instance ended (${code}): ${err}`)));
  });
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface DriveResult {
  done: number;
  errors: number;
  byStatus: Record<string, number>;
  p50: number;
  p99: number;
  wallS: number;
  perKind: string;
}

async function drive(instances: Instance[], keys: string[]): Promise<DriveResult> {
  const cii = readFileSync(path.join(corpus, 'einvoice/instances/en16931/examples/CII_example1.xml'), 'utf8');
  const pain = readFileSync(path.join(corpus, 'payments/samples/pain.001.001.09/pain001__pain.001.001.09.xml'), 'utf8');
  const camt = readFileSync(path.join(corpus, 'payments/samples/camt.053.001.08/camt_parser__valid_example_v8.xml'), 'utf8');
  const kinds = [
    { path: '/api/v1/me', body: undefined },
    { path: '/api/v1/invoices/validate', body: JSON.stringify({ xml: cii }) },
    { path: '/api/v1/payments/validate', body: JSON.stringify({ xml: pain }) },
    { path: '/api/v1/statements/parse', body: JSON.stringify({ xml: camt }) },
  ];
  // Warm-up, not measured: each instance compiles its schemas and starts its job workers.
  for (const inst of instances) {
    for (let w = 0; w < 3; w++) {
      for (const kind of kinds) {
        const r = await fetch(`http://127.0.0.1:${inst.port}${kind.path}`, {
          method: kind.body ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${keys[0]}`, 'content-type': 'application/json' },
          ...(kind.body ? { body: kind.body } : {}),
        });
        await r.arrayBuffer();
      }
    }
  }
  const total = Math.round(RATE * SECONDS);
  const latencies: number[] = [];
  const perKindMs = kinds.map(() => [] as number[]);
  const byStatus: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const sampler = setInterval(() => {
    for (const i of instances) i.rss.push(rssMb(i.proc.pid!));
  }, 5000);
  for (const i of instances) i.rss.push(rssMb(i.proc.pid!));
  const inflight: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const inst = instances[n % instances.length]!;
    const kind = kinds[n % kinds.length]!;
    const key = keys[Math.floor(n / kinds.length) % keys.length]!;
    const t0 = performance.now();
    inflight.push(
      fetch(`http://127.0.0.1:${inst.port}${kind.path}`, {
        method: kind.body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${key}`, ...(kind.body ? { 'content-type': 'application/json' } : {}) },
        ...(kind.body ? { body: kind.body } : {}),
      })
        .then(async (r) => {
          await r.arrayBuffer();
          const ms = performance.now() - t0;
          latencies.push(ms);
          perKindMs[n % kinds.length]!.push(ms);
          byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
          if (r.status >= 400) errors++;
        })
        .catch(() => {
          errors++;
          byStatus.network = (byStatus.network ?? 0) + 1;
        }),
    );
  }
  await Promise.all(inflight);
  clearInterval(sampler);
  for (const i of instances) i.rss.push(rssMb(i.proc.pid!));
  const wallS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const perKind = kinds
    .map((k, i) => {
      const l = perKindMs[i]!.sort((a, b) => a - b);
      return `${k.path.replace('/api/v1/', '')} p50 ${pct(l, 50).toFixed(0)} / p99 ${pct(l, 99).toFixed(0)} ms`;
    })
    .join('; ');
  return { done: latencies.length, errors, byStatus, p50: pct(latencies, 50), p99: pct(latencies, 99), wallS, perKind };
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const pg = await startTestPostgres();
  if (!pg) return [{ case: 'load: skipped', ours: 'PostgreSQL not available (apt-get install postgresql or KONTOR_TEST_PG_URL)', reference: '', ratio: '', inputSize: '', peakRss: '' }];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'kontor-load-'));
  try {
    for (const count of [1, 2]) {
      // Both cases use the server's default database; each creates its own accounts.
      const dbUrl = pg.url;
      const cfg = loadConfig({ DATABASE_URL: dbUrl, KONTOR_SCHEMA_DIR: path.join(tmp, 'schemas') });
      const db = await openDatabase(cfg.database);
      const accounts = new Accounts(db.db, () => new Date());
      const keysSvc = new ApiKeys(db.db, () => new Date());
      // Enough credentials that the per-minute limits (30 for validations) are not what is measured.
      const keys: string[] = [];
      for (let k = 0; k < Math.max(4, Math.ceil(RATE)); k++) {
        const a = await accounts.create({ email: `load${count}-${k}-${Date.now()}@example.test`, plan: 'payments+abroad' });
        keys.push((await keysSvc.create(a.id, 'load')).key);
      }
      await db.close();
      const env = { DATABASE_URL: dbUrl, KONTOR_SCHEMA_DIR: path.join(tmp, 'schemas'), KONTOR_BANKDATA_FILE: path.join(corpus, 'payments/bankdata/blz-aktuell-txt-data.txt') };
      const instances = await Promise.all(Array.from({ length: count }, () => startInstance(env)));
      try {
        const r = await drive(instances, keys);
        process.stderr.write(`load ${count}: ${JSON.stringify(r)}\n`);
        rows.push({
          case: `API load, ${count} instance${count > 1 ? 's' : ''} on PostgreSQL (${RATE} req/s fixed, ${SECONDS} s, me / invoices/validate / payments/validate / statements/parse, rate limits on)`,
          ours: `${(r.done / r.wallS).toFixed(1)} req/s done, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors} (${Object.entries(r.byStatus)
            .map(([s, n]) => `${s}: ${n}`)
            .join(', ')})`,
          reference: `RSS MB every 5 s: ${instances.map((i, n) => `#${n + 1} ${i.rss.join('/')}`).join('; ')}`,
          ratio: r.perKind,
          inputSize: `${Math.round(RATE * SECONDS)} requests`,
          peakRss: instances.map((i) => `${Math.max(...i.rss)} MB`).join(' + '),
        });
      } finally {
        await Promise.all(instances.map((i) => new Promise<void>((res) => (i.proc.once('exit', () => res()), i.proc.kill('SIGTERM')))));
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    pg.stop();
  }
  return rows;
}
