/**
 * Issue 11 attacks against the built service in its own process (apps/api/dist/index.js; run
 * `pnpm -F @kontor/api build` first): per attack the answer (status, code), time to that answer, /healthz latency
 * while it runs (polled every 20 ms), and the server's RSS (sampled from /proc every 20 ms): idle floor, peak, and
 * what is left a moment after the attack (workers recycled), plus the main thread's V8 heap used and external memory
 * from /metrics. Runs twice: with the glibc tunables `kontor serve` sets for itself and with glibc's defaults.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawn } from 'node:child_process';
import { SchemaStore } from '@kontor/xml';
import { emptyPmtInf, manyEmptyStmts, stmtFloodZip } from '../apps/api/test/attacks';
import { mb, type BenchRow } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus');

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The main process's own view (prom-client default metrics on /metrics): V8 heap used, external (Buffers, ArrayBuffers). */
interface MainMem {
  rss: number;
  heapUsed: number;
  external: number;
}
const metricsToken = 'bench-attacks-metrics-token-0123456789';
async function mainMem(base: string): Promise<MainMem> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const val = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  return { rss: val('kontor_process_resident_memory_bytes'), heapUsed: val('kontor_nodejs_heap_size_used_bytes'), external: val('kontor_nodejs_external_memory_bytes') };
}
const memText = (m: MainMem) => `heap ${mb(m.heapUsed)}, external ${mb(m.external)}`;

/** What `kontor serve` sets for its own process (apps/cli/src/commands/serve.ts, SERVE_GLIBC_TUNABLES). */
const SERVE_GLIBC_TUNABLES = 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072:glibc.malloc.arena_max=2';

/** Both ways: the server started as `kontor serve` starts it (glibc tunables) and with glibc's defaults. */
export async function run(): Promise<BenchRow[]> {
  const tuned = await runOnce(true);
  const plain = await runOnce(false);
  return [...tuned, ...plain];
}

async function runOnce(tuning: boolean): Promise<BenchRow[]> {
  const label = tuning ? '[serve tunables] ' : '[glibc defaults] ';
  const dist = path.join(root, 'apps/api/dist/index.js');
  if (!existsSync(dist)) return [{ case: 'attacks: apps/api/dist/index.js missing (pnpm -F @kontor/api build)', ours: '', reference: '', ratio: '', inputSize: '', peakRss: '' }];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'kontor-attacks-'));
  const store = new SchemaStore({ dir: path.join(tmp, 'schemas') });
  if (existsSync(corpus)) await store.installFrom(path.join(corpus, 'payments'));
  store.dispose();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.KONTOR_BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(pathToFileURL(dist).href)}); await m.startServer(m.loadConfig(process.env));`,
    ],
    {
      env: {
        ...withoutMallocSettings(process.env),
        NODE_ENV: 'development',
        PORT: '0',
        DATABASE_URL: path.join(tmp, 'k.sqlite'),
        KONTOR_SCHEMA_DIR: path.join(tmp, 'schemas'),
        KONTOR_LOG: 'off',
        KONTOR_RATE_LIMITS: 'off',
        KONTOR_METRICS_TOKEN: metricsToken,
        ...(tuning ? { GLIBC_TUNABLES: SERVE_GLIBC_TUNABLES } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const rows: BenchRow[] = [];
  try {
    const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const u = /"url":"([^"]+)"/.exec(out);
        const k = /API key \(shown only once\): (\S+)/.exec(out);
        if (u && k) resolve({ url: u[1]!, key: k[1]! });
      });
      child.on('exit', (c) => reject(new Error(`server exited (${c}): ${out}`)));
    });
    const base = url.replace(/\/api\/v1$/, '');
    await sleep(500);
    const floor = rssOf(child.pid!);
    const idle = await mainMem(base);
    rows.push({ case: 'server RSS idle after start (no worker started yet)', ours: mb(floor), reference: `main ${memText(idle)}`, ratio: '', inputSize: '', peakRss: '' });

    const post = (p: string, bytes: Uint8Array | string, name: string) => {
      const once = () => {
        const form = new FormData();
        form.set('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
        return fetch(`${url}${p}`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
      };
      // A keep-alive socket the server closed after 5 s idle (inputs are generated between attacks) fails the write at
      // once (EPIPE/ECONNRESET, no answer): the client's race, so one retry on a new connection.
      return once().catch((e: Error & { cause?: { code?: string } }) => (['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(e.cause?.code ?? '') ? once() : Promise.reject(e)));
    };
    const attack = async (what: string, size: number, send: () => Promise<string>) => {
      let done = false;
      let peak = rssOf(child.pid!);
      const health: number[] = [];
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 20);
      const poller = (async () => {
        while (!done) {
          const t0 = performance.now();
          // A refused or cut health check counts as unanswered (Infinity); a keep-alive socket the server closed after
          // 5 s idle (inputs are generated between attacks) is the client's race, so one retry on a new request.
          const check = () =>
            fetch(`${base}/healthz`)
              .then(async (r) => (await r.arrayBuffer(), r.ok))
              .catch(() => false);
          const ok = (await check()) || (await check());
          if (!done) health.push(ok ? performance.now() - t0 : Infinity);
          await sleep(20);
        }
      })();
      const t0 = performance.now();
      // A server that answers before it has read the whole upload may cut the client's write (EPIPE): that is an
      // answer too, recorded as such instead of ending the run.
      const answer = await send().catch((e: Error & { cause?: { code?: string } }) => `client error ${e.cause?.code ?? e.message}`);
      const ms = performance.now() - t0;
      done = true;
      await poller;
      await sleep(1500); // recycled workers exit, memory goes back
      clearInterval(sampler);
      const after = rssOf(child.pid!);
      const m = await mainMem(base);
      health.sort((a, b) => a - b);
      const p50 = health[Math.floor(health.length / 2)] ?? NaN;
      const max = health[health.length - 1] ?? NaN;
      rows.push({
        case: what,
        ours: `${answer} after ${Math.round(ms)} ms; /healthz ${health.length}x, p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
        reference: `RSS after ${mb(after)}; main ${memText(m)}`,
        ratio: '',
        inputSize: mb(size),
        peakRss: mb(peak),
      });
    };
    const describe = async (r: Response) => `${r.status} ${r.status === 200 ? '' : ((await r.json()) as { code: string }).code}`.trim();
    // warm-up: one small job starts a worker
    await attack('small camt (warm-up, starts a worker)', 600, async () => describe(await post('/statements/parse', manyEmptyStmts(1), 'one.xml')));
    const { zip } = stmtFloodZip();
    await attack('ZIP, 2 × 47.5 MB of <Stmt x=""/> → /statements/parse', zip.byteLength, async () => describe(await post('/statements/parse', zip, 'flood.zip')));
    await attack('same ZIP → /statements/validate', zip.byteLength, async () => describe(await post('/statements/validate', zip, 'flood.zip')));
    const stmts = manyEmptyStmts(150_000);
    await attack('150k <Stmt/> → /statements/validate', stmts.length, async () => describe(await post('/statements/validate', stmts, 'stmts.xml')));
    const pmt = emptyPmtInf(200_000);
    await attack('200k <PmtInf/> → /payments/validate', pmt.length, async () => describe(await post('/payments/validate', pmt, 'pmt.xml')));
    await attack('9 × the ZIP in parallel → /statements/parse', zip.byteLength * 9, async () => {
      const rs = await Promise.all(Array.from({ length: 9 }, () => post('/statements/parse', zip, 'flood.zip')));
      return (await Promise.all(rs.map(describe))).join(', ');
    });
    await sleep(2000);
    const end = await mainMem(base);
    rows.push({
      case: 'server RSS at the end (workers recycled)',
      ours: mb(rssOf(child.pid!)),
      reference: `idle floor ${mb(floor)}; main ${memText(end)} (idle: ${memText(idle)})`,
      ratio: '',
      inputSize: '',
      peakRss: '',
    });
    if (process.env.KONTOR_BENCH_HOLD_MS) await sleep(Number(process.env.KONTOR_BENCH_HOLD_MS)); // time for a heap snapshot (kill -USR2)
  } finally {
    child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
  return rows.map((r) => ({ ...r, case: label + r.case }));
}

function withoutMallocSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { GLIBC_TUNABLES: _a, MALLOC_ARENA_MAX: _b, MALLOC_MMAP_THRESHOLD_: _c, MALLOC_TRIM_THRESHOLD_: _d, ...rest } = env;
  return rest;
}
