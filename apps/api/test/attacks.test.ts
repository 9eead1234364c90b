/**
 * Issue 11 attacks against the app (in-process): hostile uploads end in a clean 4xx with a stable code, are not
 * charged, never take the main thread (/healthz answers while they run), and the worker that handled them is
 * replaced afterwards. Latencies are printed for the record; assertions are about order, not wall-clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { sql } from 'kysely';
import { paymentsAvailable, paymentsDir } from '@kontor/testkit/corpus';
import { makeTestApp, type TestApp } from './helpers';
import { emptyPmtInf, manyEmptyStmts, stmtFloodZip } from './attacks';

let t: TestApp;
let zip: Uint8Array;
const haveCorpus = paymentsAvailable();

beforeAll(async () => {
  t = await makeTestApp({
    env: { KONTOR_RATE_LIMITS: 'off', KONTOR_WORKERS: '2', KONTOR_WORKER_HEAP_MB: '256', KONTOR_JOB_TIMEOUT_MS: '45000', KONTOR_JOB_QUEUE: '2' },
  });
  if (haveCorpus) await t.services.schemaStore.installFrom(path.join(paymentsDir, 'xsd'));
  zip = stmtFloodZip().zip;
});
afterAll(async () => {
  await t?.dispose();
});

function upload(p: string, key: string, bytes: Uint8Array | string, name: string): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
  return t.request(`/api/v1${p}`, { method: 'POST', key, body: form });
}

/**
 * Runs a request and keeps asking /healthz until it is done. Returns the answer, how many health checks were
 * answered while the request was still running, and their worst latency.
 */
async function whileRunning(req: Promise<Response>): Promise<{ res: Response; answeredWhileRunning: number; worstHealthMs: number; ms: number }> {
  const started = performance.now();
  let done = false;
  const r = req.then((x) => {
    done = true;
    return x;
  });
  let answeredWhileRunning = 0;
  let worstHealthMs = 0;
  while (!done) {
    const t0 = performance.now();
    const h = await t.request('/healthz');
    const ms = performance.now() - t0;
    expect(h.status).toBe(200);
    if (!done) {
      answeredWhileRunning++;
      worstHealthMs = Math.max(worstHealthMs, ms);
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  return { res: await r, answeredWhileRunning, worstHealthMs, ms: performance.now() - started };
}

async function usage(accountId: string, kind: string): Promise<number> {
  const r = await sql<{ n: number }>`select coalesce(sum(count), 0) as n from usage_counters where account_id = ${accountId} and kind = ${kind}`.execute(t.services.db);
  return Number(r.rows[0]?.n ?? 0);
}

const record = (what: string, x: { res: Response; answeredWhileRunning: number; worstHealthMs: number; ms: number }) =>
  process.stderr.write(`[attack] ${what}: ${x.res.status} after ${Math.round(x.ms)} ms; /healthz answered ${x.answeredWhileRunning}x meanwhile, worst ${x.worstHealthMs.toFixed(1)} ms\n`);

describe('issue 11 attacks', () => {
  it('the ~1 MB ZIP of two 47.5 MB <Stmt x=""/> members: /statements/parse ends in a clean 4xx, uncharged, /healthz answers throughout, the worker is replaced', async () => {
    expect(zip.byteLength).toBeLessThan(1_500_000);
    const a = await t.account({ credits: 1 });
    const before = t.services.jobs.stats();
    const x = await whileRunning(upload('/statements/parse', a.key, zip, 'flood.zip'));
    record('stmt flood ZIP → /statements/parse', x);
    const body = (await x.res.json()) as { code: string; details: unknown };
    expect(x.res.status).toBeGreaterThanOrEqual(400);
    expect(x.res.status).toBeLessThan(500);
    expect(['invalid_input', 'payload_too_large', 'input_too_complex']).toContain(body.code);
    expect(x.answeredWhileRunning).toBeGreaterThan(0);
    // nothing charged: the free slot came back, the credit is untouched, no reservation is left
    expect(await usage(a.id, 'parse_free')).toBe(0);
    expect((await t.services.accounts.byId(a.id))!.credits).toBe(1);
    expect(await t.services.billing.openReservations(a.id)).toBe(0);
    // the thread that held the inflated members is gone (recycled after a big input, or killed at its limit)
    const after = t.services.jobs.stats();
    expect(after.recycled + after.crashed + after.timedOut).toBeGreaterThan(before.recycled + before.crashed + before.timedOut);
  });

  it('the same ZIP to /statements/validate: clean 4xx, uncharged, /healthz answers throughout', async () => {
    const a = await t.account({ credits: 1 });
    const x = await whileRunning(upload('/statements/validate', a.key, zip, 'flood.zip'));
    record('stmt flood ZIP → /statements/validate', x);
    const body = (await x.res.json()) as { code: string };
    expect(x.res.status).toBeGreaterThanOrEqual(400);
    expect(x.res.status).toBeLessThan(500);
    expect(['invalid_input', 'payload_too_large', 'input_too_complex']).toContain(body.code);
    expect(x.answeredWhileRunning).toBeGreaterThan(0);
    expect(await usage(a.id, 'validation_free')).toBe(0);
    expect(await t.services.billing.openReservations(a.id)).toBe(0);
  });

  it('150,000 empty <Stmt/> to /statements/validate: an answer, not a 500', async () => {
    const a = await t.account({ credits: 1 });
    const x = await whileRunning(upload('/statements/validate', a.key, manyEmptyStmts(150_000), 'stmts.xml'));
    record('150k <Stmt/> → /statements/validate', x);
    expect(x.res.status).toBeLessThan(500);
  });

  it('200,000 empty <PmtInf/> to /payments/validate: the main thread stays free', async () => {
    const a = await t.account({ credits: 1 });
    const x = await whileRunning(upload('/payments/validate', a.key, emptyPmtInf(200_000), 'pmtinf.xml'));
    record('200k <PmtInf/> → /payments/validate', x);
    expect(x.res.status).toBeLessThan(500);
    expect(x.answeredWhileRunning).toBeGreaterThan(0);
  });

  it('9 of the ZIPs in parallel: beyond 2 workers and 2 waiting the service answers 503 overloaded with Retry-After; threads stay bounded; nothing is charged', async () => {
    const accounts = await Promise.all(Array.from({ length: 9 }, () => t.account({ credits: 1 })));
    let maxThreads = 0;
    let maxAll = 0;
    const watch = setInterval(() => {
      const s = t.services.jobs.stats();
      maxThreads = Math.max(maxThreads, s.threads);
      maxAll = Math.max(maxAll, s.threads + s.retiring);
    }, 20);
    const x = await whileRunning(Promise.all(accounts.map((a) => upload('/statements/parse', a.key, zip, 'flood.zip'))).then((rs) => new Response(JSON.stringify(rs.map((r) => r.status)))));
    clearInterval(watch);
    const statuses = (await x.res.json()) as number[];
    record(`9 parallel floods → ${statuses.join(',')}`, x);
    expect(statuses.every((s) => (s >= 400 && s < 500) || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(maxThreads).toBeLessThanOrEqual(2);
    // threads on their way out (recycled after a big input) are terminated, never handed new work
    expect(maxAll).toBeLessThanOrEqual(4);
    expect(x.answeredWhileRunning).toBeGreaterThan(0);
    for (const a of accounts) {
      expect(await usage(a.id, 'parse_free')).toBe(0);
      expect(await t.services.billing.openReservations(a.id)).toBe(0);
    }
  });

  it('a client that goes away mid-job: the running job with a big input is cancelled (its worker terminated, no result), nothing is charged', async () => {
    const a = await t.account({ credits: 1 });
    const pmt = emptyPmtInf(200_000); // 1.8 MB, several seconds of work, above the recycling size
    const before = t.services.jobs.stats();
    const ac = new AbortController();
    const form = new FormData();
    form.set('file', new Blob([pmt]), 'pmt.xml');
    const res = t.request('/api/v1/payments/validate', { method: 'POST', key: a.key, body: form, signal: ac.signal }).catch((e: unknown) => e);
    while (t.services.jobs.stats().busy === before.busy) await new Promise((r) => setTimeout(r, 10));
    ac.abort();
    await res;
    while (t.services.jobs.stats().busy > before.busy) await new Promise((r) => setTimeout(r, 10));
    const after = t.services.jobs.stats();
    // the job never answered (terminated), its thread was replaced
    expect(after.completed).toBe(before.completed);
    expect(after.recycled).toBe(before.recycled + 1);
    expect(await usage(a.id, 'validation_free')).toBe(0);
    expect(await t.services.billing.openReservations(a.id)).toBe(0);
    expect((await t.services.accounts.byId(a.id))!.credits).toBe(1);
  });

  it('503 overloaded carries Retry-After and the error envelope', async () => {
    const a = await t.account({ credits: 0 });
    const rs = await Promise.all(Array.from({ length: 6 }, () => upload('/statements/parse', a.key, zip, 'flood.zip')));
    const busy = rs.find((r) => r.status === 503);
    expect(busy).toBeDefined();
    expect(Number(busy!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await busy!.json()).toMatchObject({ code: 'overloaded', details: { retryAfterSeconds: expect.any(Number) } });
  });

  it('/invoices: a 10,000-deep JSON array and a non-finite number (1e400) are 400 invalid_input with the place, not 500', async () => {
    const a = await t.account({ credits: 1 });
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const send = (body: string) => t.request('/api/v1/invoices?format=xml', { method: 'POST', key: a.key, headers: { 'content-type': 'application/json' }, body });
    const r1 = await send(`{"invoice":{"invoiceNumber":"R-1","lines":${deep}}}`);
    expect(r1.status).toBe(400);
    expect(await r1.json()).toMatchObject({ code: 'invalid_input', details: [{ code: 'JSON_TOO_DEEP' }] });
    const r2 = await send('{"invoice":{"invoiceNumber":"R-1","lines":[{"name":"x","quantity":1,"unitPriceNet":1e400}]}}');
    expect(r2.status).toBe(400);
    expect(await r2.json()).toMatchObject({ code: 'invalid_input', details: [{ code: 'NUMBER_NOT_FINITE', path: 'invoice.lines.0.unitPriceNet' }] });
    // the same as a multipart part
    const form = new FormData();
    form.set('invoice', '{"invoiceNumber":"R-1","totalNet":-1e999}');
    const r3 = await t.request('/api/v1/invoices?format=xml', { method: 'POST', key: a.key, body: form });
    expect(r3.status).toBe(400);
    expect(await r3.json()).toMatchObject({ code: 'invalid_input', details: [{ code: 'NUMBER_NOT_FINITE', path: 'invoice.totalNet' }] });
    expect((await t.services.accounts.byId(a.id))!.credits).toBe(1);
  });

  it('/payments/sepa: a 10,000-deep JSON run and 1e400 are 400 invalid_input, not 500', async () => {
    const a = await t.account({ plan: 'payments' });
    const send = (body: string) => t.request('/api/v1/payments/sepa', { method: 'POST', key: a.key, headers: { 'content-type': 'application/json' }, body });
    const r1 = await send(`{"payments":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    expect(r1.status).toBe(400);
    expect(await r1.json()).toMatchObject({ code: 'invalid_input', details: [{ code: 'JSON_TOO_DEEP' }] });
    const r2 = await send('{"payments":[{"amount":1e400}]}');
    expect(r2.status).toBe(400);
    expect(await r2.json()).toMatchObject({ code: 'invalid_input', details: [{ code: 'NUMBER_NOT_FINITE', path: 'body.payments.0.amount' }] });
  });
});
