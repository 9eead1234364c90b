/**
 * The service as a process (built JavaScript, `node main.js serve`): readiness and liveness, metrics behind a token
 * and on their own port, SIGTERM/SIGINT with a request in flight (it completes, new connections are refused, exit 0),
 * a busy port and an unreachable database (one line, exit 1), and two instances starting together on one schema
 * store and one database. Runs on SQLite and, in the api-pg project, on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildCli } from './build-cli';
import { freshPgDatabase, makeTestApp, testDatabaseKind, type TestApp } from './helpers';
import { spawnServe } from './serve-process';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';

let main = '';
let dir = '';
let databaseUrl = '';
let dropPg: (() => Promise<void>) | undefined;
let admin: TestApp;

beforeAll(async () => {
  main = await buildCli();
  dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-proc-'));
  if (testDatabaseKind() === 'postgres') {
    const db = await freshPgDatabase(inject('kontorPgUrl')!);
    databaseUrl = db.url;
    dropPg = db.drop;
  } else databaseUrl = path.join(dir, 'k.sqlite');
  // The test's own handle on the same database: creates accounts and keys for the child processes.
  admin = await makeTestApp({ databaseUrl });
});

afterAll(async () => {
  await admin?.dispose();
  await dropPg?.();
  rmSync(dir, { recursive: true, force: true });
  if (main) rmSync(path.dirname(main), { recursive: true, force: true });
});

const baseEnv = () => ({ PORT: '0', DATABASE_URL: databaseUrl, KONTOR_SCHEMA_DIR: path.join(dir, 'schemas') });

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.on('connect', () => (s.destroy(), resolve(false)));
    s.on('error', () => resolve(true));
  });
}

describe('kontor serve as a process', () => {
  it('answers /healthz and /readyz, serves metrics only with the token, and stops on SIGTERM after finishing the request in flight', async () => {
    const token = 'metrics-token-0123456789';
    const s = spawnServe(main, { ...baseEnv(), KONTOR_METRICS_TOKEN: token, KONTOR_SHUTDOWN_GRACE_MS: '20000' });
    const port = await s.ready;
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', database: testDatabaseKind() });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'ok', schemaStore: 'ok', draining: false });

    const a = await admin.account({ plan: 'payments' });
    expect((await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${a.key}` } })).status).toBe(200);
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
    const m = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(m.status).toBe(200);
    expect(m.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await m.text();
    expect(text).toContain('kontor_http_requests_total{method="GET",route="/api/v1/me",status="200"} 1');
    expect(text).toContain('kontor_http_requests_total{method="GET",route="/readyz",status="200"} 1');
    expect(text).toMatch(/kontor_http_request_duration_seconds_bucket\{le="[0-9.]+",method="GET",route="\/api\/v1\/me",status="200"\} 1/);
    expect(text).toContain('kontor_process_resident_memory_bytes');

    // A request in flight: headers and half the body sent, then SIGTERM.
    const body = JSON.stringify({ payments: [], padding: 'x'.repeat(2000) });
    const inflight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${base}/api/v1/payments/sepa`,
        { method: 'POST', headers: { authorization: `Bearer ${a.key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let b = '';
          res.on('data', (d: Buffer) => (b += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body: b }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 1000));
      setTimeout(() => {
        s.proc.kill('SIGTERM');
        // Once stopping: new connections are refused, the open request still completes.
        const poll = setInterval(() => {
          if (s.stdout.some((l) => l.includes('"msg":"stopping"'))) {
            clearInterval(poll);
            void refused(port).then((r) => {
              if (!r) reject(new Error('a new connection was accepted while stopping'));
              req.end(body.slice(1000));
            });
          }
        }, 20);
      }, 200);
    });
    const r = await inflight;
    // The app processed the whole body (the schema check of the run answers), not a cut connection.
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toMatchObject({ code: 'invalid_input' });
    expect(await s.exit).toEqual({ code: 0, signal: null });
    expect(s.stdout.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
    expect(s.stderr.join('\n')).toBe('');
  });

  it('a request that never completes does not hold the stop: after the grace period its connection is cut, exit 0', async () => {
    const s = spawnServe(main, { ...baseEnv(), KONTOR_SHUTDOWN_GRACE_MS: '300' });
    const port = await s.ready;
    const a = await admin.account({ plan: 'payments' });
    const stuck = new Promise<string>((resolve) => {
      const req = http.request(
        `http://127.0.0.1:${port}/api/v1/payments/sepa`,
        { method: 'POST', headers: { authorization: `Bearer ${a.key}`, 'content-type': 'application/json', 'content-length': 5000 } },
        () => resolve('answered'),
      );
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
      req.write('{"payments": [');
      // the rest of the body never comes
    });
    await new Promise((r) => setTimeout(r, 200));
    s.proc.kill('SIGTERM');
    expect(await stuck).toBe('ECONNRESET');
    expect(await s.exit).toEqual({ code: 0, signal: null });
  });

  it('serves metrics without a token on KONTOR_METRICS_PORT and stops on SIGINT', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const metricsPort = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const s = spawnServe(main, { ...baseEnv(), KONTOR_METRICS_PORT: String(metricsPort) });
    const port = await s.ready;
    await fetch(`http://127.0.0.1:${port}/healthz`);
    const m = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(m.status).toBe(200);
    expect(await m.text()).toContain('kontor_http_requests_total{method="GET",route="/healthz",status="200"} 1');
    // not on the main port without a token
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    s.proc.kill('SIGINT');
    expect(await s.exit).toEqual({ code: 0, signal: null });
  });

  it('a busy port is one readable line and exit code 1', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const busy = (blocker.address() as net.AddressInfo).port;
    try {
      const s = spawnServe(main, { ...baseEnv(), PORT: String(busy) });
      expect((await s.exit).code).toBe(1);
      expect(s.stderr).toEqual([`kontor serve: port ${busy} on 127.0.0.1 is already in use (set PORT or stop the other process)`]);
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()));
    }
  });

  it('an unreachable database is one readable line (no password) and exit code 1', async () => {
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const closed = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const s = spawnServe(main, { ...baseEnv(), DATABASE_URL: `postgres://kontor:s3cret@127.0.0.1:${closed}/kontor` });
    expect((await s.exit).code).toBe(1);
    expect(s.stderr).toHaveLength(1);
    expect(s.stderr[0]).toMatch(new RegExp(`^kontor serve: cannot open the database \\(PostgreSQL 127\\.0\\.0\\.1:${closed}/kontor\\): .*ECONNREFUSED`));
    expect(s.stderr[0]).not.toContain('s3cret');
  });

  it.runIf(corpusAvailable())('two instances starting together on one empty schema store and one database both become ready', async () => {
    const schemaDir = path.join(dir, 'shared-schemas');
    const env = { ...baseEnv(), KONTOR_SCHEMA_DIR: schemaDir };
    const both = [spawnServe(main, env, ['--schemas-from', corpusDir]), spawnServe(main, env, ['--schemas-from', corpusDir])];
    try {
      const ports = await Promise.all(both.map((s) => s.ready));
      for (const p of ports) {
        const r = await fetch(`http://127.0.0.1:${p}/readyz`);
        expect(r.status).toBe(200);
        expect(((await r.json()) as { schemaSets: number }).schemaSets).toBeGreaterThan(5);
      }
    } finally {
      for (const s of both) s.proc.kill('SIGTERM');
    }
    for (const s of both) expect(await s.exit).toEqual({ code: 0, signal: null });
    for (const s of both) expect(s.stderr.join('\n')).toBe('');
  });
});
