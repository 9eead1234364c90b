/**
 * Several instances on one PostgreSQL (issue 19 acceptance): charged, quota-limited and rate-limited traffic spread
 * over two app instances with separate memory must behave like one instance: exactly M of N requests succeed on M
 * credits, a free quota of 5 is never exceeded, the per-minute limit holds across both, failures cost nothing.
 * Then two real server processes: one is SIGKILLed while a charged request holds a credit (the credit comes back
 * when the reservation expires, nothing is half-done), the survivor is stopped with SIGTERM under load and finishes
 * every request it accepted. Runs in the api-pg project (PostgreSQL); SQLite is single-instance by design.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'kysely';
import { buildCli } from './build-cli';
import { freshPgDatabase, makeTestApp, testClock, testDatabaseKind, type TestApp } from './helpers';
import { spawnServe } from './serve-process';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';
import { defineRoute } from '../src/platform/registry';
import { ApiError } from '../src/platform/errors';
import { withCharge } from '../src/billing/billing';
import { berlinMonth } from '../src/platform/time';

const onPg = testDatabaseKind() === 'postgres';

const chargedRoute = defineRoute({
  method: 'post',
  path: '/test/two-instances',
  operationId: 'testTwoInstances',
  summary: 'test only',
  tags: ['test'],
  auth: 'required',
  json: v.object({ fail: v.optional(v.boolean()), kind: v.optional(v.picklist(['credit', 'validation', 'pdf'])) }),
  responses: { 200: { description: 'ok' } },
  errors: [],
  handler: async ({ c, services, account, body }) => {
    const kind = body.kind ?? 'credit';
    const charge =
      kind === 'validation'
        ? await services.billing.reserveValidation(account)
        : kind === 'pdf'
          ? await services.billing.reserveInvoicePdf(account)
          : await services.billing.reserveSubscriptionOrCredit(account, 'XML invoice', true);
    const { billing } = await withCharge(charge, async () => {
      await new Promise((r) => setTimeout(r, 3));
      if (body.fail) throw new ApiError(400, 'invalid_input', 'rejected');
      return true;
    });
    return c.json({ billing, watermark: charge.watermark });
  },
});

describe.runIf(onPg)('two instances on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof freshPgDatabase>>;
  let one: TestApp;
  let two: TestApp;
  const clock = testClock('2026-06-15T10:00:10Z');
  beforeAll(async () => {
    db = await freshPgDatabase(inject('kontorPgUrl')!);
    // Two app instances: separate memory (rate limiter, caches), one database. One fixed clock, so no minute or day
    // boundary falls inside a burst.
    one = await makeTestApp({ databaseUrl: db.url, routes: [chargedRoute], clock });
    two = await makeTestApp({ databaseUrl: db.url, routes: [chargedRoute], clock });
  });
  afterAll(async () => {
    await one?.dispose();
    await two?.dispose();
    await db?.drop();
  });

  const post = (t: TestApp, key: string, body: object) => t.request('/api/v1/test/two-instances', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const spread = <T>(n: number, f: (t: TestApp, i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i % 2 ? one : two, i)));

  it('N parallel charged requests over both instances on M credits: exactly M succeed, to the unit', async () => {
    const N = 40;
    const M = 13;
    const a = await one.account({ credits: M });
    const rs = await spread(N, (t) => post(t, a.key, {}));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(M);
    expect(rs.filter((r) => r.status === 403)).toHaveLength(N - M);
    expect((await two.services.accounts.byId(a.id))!.credits).toBe(0);
    const ledger = await one.services.db.selectFrom('ledger').select(['kind', 'credits_delta']).where('account_id', '=', a.id).execute();
    expect(ledger.reduce((s, l) => s + Number(l.credits_delta), 0)).toBe(-M);
  });

  it('failed operations cost nothing, also when they race with successful ones', async () => {
    const M = 10;
    const a = await one.account({ credits: M });
    const rs = await spread(30, (t, i) => post(t, a.key, { fail: i % 3 === 0 }));
    const failed = rs.filter((_, i) => i % 3 === 0);
    // a failing request either fails in the operation (400) or finds no credit free at that moment (403)
    expect(failed.every((r) => r.status === 400 || r.status === 403)).toBe(true);
    expect(failed.some((r) => r.status === 400)).toBe(true);
    const ok = rs.filter((r) => r.status === 200).length;
    expect(ok).toBeGreaterThan(0);
    // every credit is either spent by a success or back on the account; no reservation is left open
    expect((await one.services.accounts.byId(a.id))!.credits).toBe(M - ok);
    expect(Number((await sql<{ n: string }>`select count(*) as n from charge_reservations where account_id = ${a.id}`.execute(one.services.db)).rows[0]!.n)).toBe(0);
    const after = await spread(2 * M, (t) => post(t, a.key, {}));
    expect(after.filter((r) => r.status === 200)).toHaveLength(M - ok);
  });

  it('a free quota of 5 is never exceeded across instances (watermarked PDFs per day, validations per day)', async () => {
    const a = await one.account();
    const pdf = await spread(16, (t) => post(t, a.key, { kind: 'pdf' }));
    expect(pdf.filter((r) => r.status === 200)).toHaveLength(5);
    expect(pdf.filter((r) => r.status === 429)).toHaveLength(11);
    const b = await two.account();
    const val = await spread(14, (t) => post(t, b.key, { kind: 'validation' }));
    expect(val.filter((r) => r.status === 200)).toHaveLength(5);
    expect(val.filter((r) => r.status === 402)).toHaveLength(9);
  });

  it('the per-minute rate limit holds across both instances', async () => {
    const a = await one.account();
    // 60 per minute for /me: 90 parallel requests, half on each instance. Each instance alone would allow 45.
    const rs = await spread(90, (t) => t.request('/api/v1/me', { key: a.key }));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(60);
    const limited = rs.filter((r) => r.status === 429);
    expect(limited).toHaveLength(30);
    expect(limited[0]!.headers.get('retry-after')).toBe('50');
    // the next minute starts afresh on both
    clock.set('2026-06-15T10:01:00Z');
    expect((await one.request('/api/v1/me', { key: a.key })).status).toBe(200);
    expect((await two.request('/api/v1/me', { key: a.key })).status).toBe(200);
  });
});

/** A statement big enough that parsing it takes a noticeable time (its first entry repeated). */
function bigStatement(copies: number): string {
  const src = readFileSync(path.join(corpusDir, 'payments/samples/camt.053.001.08/camt_parser__valid_example_v8.xml'), 'utf8');
  const start = src.indexOf('<Ntry>');
  const end = src.indexOf('</Ntry>', start) + '</Ntry>'.length;
  return src.slice(0, start) + src.slice(start, end).repeat(copies) + src.slice(end);
}

describe.runIf(onPg && corpusAvailable())('two server processes on one PostgreSQL database', () => {
  let main = '';
  let dir = '';
  let db: Awaited<ReturnType<typeof freshPgDatabase>>;
  let admin: TestApp;
  beforeAll(async () => {
    main = await buildCli();
    dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-two-'));
    db = await freshPgDatabase(inject('kontorPgUrl')!);
    admin = await makeTestApp({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await admin?.dispose();
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
    if (main) rmSync(path.dirname(main), { recursive: true, force: true });
  });

  it('SIGKILL with a credit reserved loses nothing; SIGTERM under load finishes every accepted request', async () => {
    // KONTOR_MALLOC_TUNING=off: no re-exec with allocator tunables, so the signals below reach the server process
    // itself (a SIGKILLed launcher makes its child drain and stop gracefully instead).
    const env = { PORT: '0', DATABASE_URL: db.url, KONTOR_SCHEMA_DIR: path.join(dir, 'schemas'), KONTOR_SHUTDOWN_GRACE_MS: '30000', KONTOR_MALLOC_TUNING: 'off' };
    // B has one job worker, so a request queued behind other work holds its reservation long enough to be killed
    // with it on any machine (a lone parse may finish before the SIGKILL lands).
    const [a, b] = [spawnServe(main, env), spawnServe(main, { ...env, KONTOR_WORKERS: '1' })];
    const [portA, portB] = await Promise.all([a.ready, b.ready]);
    const acc = await admin.account({ credits: 4 });
    // the month's free parses are used up: every parse now costs one credit
    await admin.services.db
      .insertInto('usage_counters')
      .values({ account_id: acc.id, kind: 'parse_free', period: berlinMonth(new Date()), count: 5 })
      .execute();
    const parse = (port: number, xml: string) =>
      fetch(`http://127.0.0.1:${port}/api/v1/statements/parse`, { method: 'POST', headers: { authorization: `Bearer ${acc.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ xml }) });
    const big = bigStatement(2000);
    const small = readFileSync(path.join(corpusDir, 'payments/samples/camt.053.001.08/camt_parser__valid_example_v8.xml'), 'utf8');

    // Concurrent charged traffic through both processes: 12 parses on 5 credits -> exactly 5 succeed.
    const payer = await admin.account({ credits: 5 });
    await admin.services.db
      .insertInto('usage_counters')
      .values({ account_id: payer.id, kind: 'parse_free', period: berlinMonth(new Date()), count: 5 })
      .execute();
    const paid = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`http://127.0.0.1:${i % 2 ? portA : portB}/api/v1/statements/parse`, {
          method: 'POST',
          headers: { authorization: `Bearer ${payer.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ xml: small }),
        }),
      ),
    );
    expect(paid.filter((r) => r.status === 200)).toHaveLength(5);
    expect(paid.filter((r) => r.status === 402)).toHaveLength(7);
    expect((await admin.services.accounts.byId(payer.id))!.credits).toBe(0);
    // Rate-limited traffic through both: 80 GET /me on one key -> exactly the 60 of one minute (no minute boundary
    // inside the burst: wait for the next minute when close to one).
    const seconds = new Date().getSeconds();
    if (seconds > 45) await new Promise((r) => setTimeout(r, (61 - seconds) * 1000));
    const limited = await admin.account();
    const me = await Promise.all(Array.from({ length: 80 }, (_, i) => fetch(`http://127.0.0.1:${i % 2 ? portA : portB}/api/v1/me`, { headers: { authorization: `Bearer ${limited.key}` } })));
    expect(me.filter((r) => r.status === 200)).toHaveLength(60);
    expect(me.filter((r) => r.status === 429)).toHaveLength(20);
    const open = async () => Number((await sql<{ n: string }>`select count(*) as n from charge_reservations where account_id = ${acc.id}`.execute(admin.services.db)).rows[0]!.n);

    // B takes a credit for a parse queued behind other work and is killed while it holds it. The work ahead of it
    // runs on another account's free monthly parses (no credit involved).
    const blocker = await admin.account();
    const ahead = Array.from({ length: 5 }, () =>
      fetch(`http://127.0.0.1:${portB}/api/v1/statements/parse`, {
        method: 'POST',
        headers: { authorization: `Bearer ${blocker.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ xml: big }),
      }).catch(() => null),
    );
    // the free slots they took are reservations too: wait until several of them wait in B's queue
    const aheadOpen = async () => Number((await sql<{ n: string }>`select count(*) as n from charge_reservations where account_id = ${blocker.id}`.execute(admin.services.db)).rows[0]!.n);
    for (let i = 0; i < 500 && (await aheadOpen()) < 3; i++) await new Promise((r) => setTimeout(r, 10));
    const doomed = parse(portB, big).then(
      () => 'answered',
      () => 'cut',
    );
    for (let i = 0; i < 500 && (await open()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await open()).toBe(1);
    b.proc.kill('SIGKILL');
    expect(await doomed).toBe('cut');
    await Promise.all(ahead);
    expect((await b.exit).signal).toBe('SIGKILL');
    expect((await admin.services.accounts.byId(acc.id))!.credits).toBe(3);

    // A keeps serving from the same balance.
    expect((await parse(portA, small)).status).toBe(200);
    expect((await admin.services.accounts.byId(acc.id))!.credits).toBe(2);

    // The dead instance's reservation expires and is given back by any instance's sweep (here: one whose clock is
    // past the hold time); the credit returns exactly once.
    const later = testClock(new Date(Date.now() + 3_600_000).toISOString());
    const sweeper = await makeTestApp({ databaseUrl: db.url, clock: later });
    await sweeper.services.billing.releaseExpired();
    await sweeper.services.billing.releaseExpired();
    await sweeper.dispose();
    expect(await open()).toBe(0);
    expect((await admin.services.accounts.byId(acc.id))!.credits).toBe(3);

    // SIGTERM on A with requests in flight: every accepted request completes and is charged exactly once.
    const load = Array.from({ length: 3 }, () => parse(portA, big));
    for (let i = 0; i < 500 && (await open()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
    a.proc.kill('SIGTERM');
    const answers = await Promise.all(load);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await a.exit).toEqual({ code: 0, signal: null });
    expect(await open()).toBe(0);
    expect((await admin.services.accounts.byId(acc.id))!.credits).toBe(0);
    const ledger = await admin.services.db.selectFrom('ledger').select('credits_delta').where('account_id', '=', acc.id).execute();
    expect(ledger.reduce((s, l) => s + Number(l.credits_delta), 0)).toBe(-4);
  });
});
