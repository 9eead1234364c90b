/**
 * Issue 11, memory returned: the built `kontor serve` in its own process runs the attack set (the 1 MB ZIP of two
 * 47.5 MB members to parse and validate, 150k <Stmt/>, 200k <PmtInf/>, four ZIPs at once) and afterwards its memory as
 * reported on /metrics (prom-client defaults behind KONTOR_METRICS_TOKEN) is back near the level after a warm-up job:
 * the main thread keeps no uploads (V8 heap used + external within 64 MB) and the process keeps no freed worker memory
 * (RSS within 150 MB; measured 17-90 MB, and 225 MB without the allocator settings of `kontor serve`).
 * Bounds are generous against load; the memory is polled until it settles (no timing is asserted).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from './build-cli';
import { makeTestApp, type TestApp } from './helpers';
import { spawnServe, type ServeProcess } from './serve-process';
import { emptyPmtInf, manyEmptyStmts, stmtFloodZip } from './attacks';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';

const token = 'memory-test-metrics-token-0123456789';
let main = '';
let dir = '';
let admin: TestApp;
let s: ServeProcess;
let base = '';

beforeAll(async () => {
  main = await buildCli();
  dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-mem-'));
  const databaseUrl = path.join(dir, 'k.sqlite');
  admin = await makeTestApp({ databaseUrl });
  s = spawnServe(
    main,
    { PORT: '0', DATABASE_URL: databaseUrl, KONTOR_SCHEMA_DIR: path.join(dir, 'schemas'), KONTOR_METRICS_TOKEN: token, KONTOR_RATE_LIMITS: 'off', KONTOR_WORKERS: '2', KONTOR_JOB_QUEUE: '4' },
    corpusAvailable() ? ['--schemas-from', corpusDir] : [],
  );
  base = `http://127.0.0.1:${await s.ready}`;
}, 120_000);

afterAll(async () => {
  s?.proc.kill('SIGTERM');
  if (s) await s.exit;
  await admin?.dispose();
  rmSync(dir, { recursive: true, force: true });
  if (main) rmSync(path.dirname(main), { recursive: true, force: true });
});

interface Mem {
  rss: number;
  heapUsed: number;
  external: number;
}
async function mem(): Promise<Mem> {
  const r = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status).toBe(200);
  const text = await r.text();
  const val = (name: string) => {
    const m = new RegExp(`^${name} (\\S+)`, 'm').exec(text);
    expect(m, name).not.toBeNull();
    return Number(m![1]);
  };
  return { rss: val('kontor_process_resident_memory_bytes'), heapUsed: val('kontor_nodejs_heap_size_used_bytes'), external: val('kontor_nodejs_external_memory_bytes') };
}
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('memory after the issue 11 attacks', () => {
  it('the main process keeps no uploads and the process gives freed worker memory back (RSS near the warm level)', async () => {
    const { key } = await admin.account({ credits: 100 });
    const post = async (p: string, bytes: Uint8Array | string, name: string) => {
      const form = new FormData();
      form.set('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
      const r = await fetch(`${base}/api/v1${p}`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
      await r.arrayBuffer();
      return r.status;
    };
    // warm-up: a worker has started and served a job, the routes are compiled
    expect(await post('/statements/parse', manyEmptyStmts(1), 'one.xml')).toBeLessThan(500);
    await sleep(1000);
    const warm = await mem();

    const { zip } = stmtFloodZip();
    const answers: number[] = [];
    answers.push(await post('/statements/parse', zip, 'flood.zip'));
    answers.push(await post('/statements/validate', zip, 'flood.zip'));
    answers.push(await post('/statements/validate', manyEmptyStmts(150_000), 'stmts.xml'));
    answers.push(await post('/payments/validate', emptyPmtInf(200_000), 'pmt.xml'));
    answers.push(...(await Promise.all(Array.from({ length: 4 }, () => post('/statements/parse', zip, 'flood.zip')))));
    expect(answers.every((a) => a < 500 || a === 503)).toBe(true);

    // Recycled workers exit asynchronously: poll until the numbers settle well inside the bounds (RSS growth under
    // 100 MB) or 20 s have passed, then hold them to the bounds.
    let after = await mem();
    for (let i = 0; i < 40 && (after.rss - warm.rss > 100 * MB || after.heapUsed + after.external - (warm.heapUsed + warm.external) > 32 * MB); i++) {
      await sleep(500);
      after = await mem();
    }
    process.stderr.write(
      `[memory] warm rss ${(warm.rss / MB).toFixed(0)} MB heap ${(warm.heapUsed / MB).toFixed(0)} MB external ${(warm.external / MB).toFixed(0)} MB; ` +
        `after rss ${(after.rss / MB).toFixed(0)} MB heap ${(after.heapUsed / MB).toFixed(0)} MB external ${(after.external / MB).toFixed(0)} MB\n`,
    );
    expect(after.heapUsed + after.external - (warm.heapUsed + warm.external)).toBeLessThan(64 * MB);
    expect(after.rss - warm.rss).toBeLessThan(150 * MB);
  }, 240_000);

  it('the re-executed service stops when its launcher is killed outright (no orphan keeps the port)', async () => {
    const other = spawnServe(main, { PORT: '0', DATABASE_URL: path.join(dir, 'k.sqlite'), KONTOR_SCHEMA_DIR: path.join(dir, 'schemas') });
    const port = await other.ready;
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    other.proc.kill('SIGKILL');
    await other.exit;
    // the child noticed its launcher's IPC channel close and stopped: the port refuses connections
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        () => false,
        () => true,
      );
      if (!refused) await sleep(100);
    }
    expect(refused).toBe(true);
  }, 60_000);

  it('kontor serve (re-executed with the allocator settings) still stops cleanly on SIGTERM', async () => {
    s.proc.kill('SIGTERM');
    expect(await s.exit).toEqual({ code: 0, signal: null });
    expect(s.stdout.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  }, 60_000);
});
