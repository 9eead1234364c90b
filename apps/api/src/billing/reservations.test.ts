/**
 * Billing commits last (issue 11 item 4): a charge is a reservation that commits only after the response body
 * exists. Proven with a worker killed mid-job, a worker at its time limit, a response that cannot be serialised,
 * expiry of a reservation whose holder never came back, and a server process SIGKILLed mid-request.
 * Runs on SQLite and (project api-pg) on PostgreSQL; the child-process case uses a SQLite file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { generateCamt053, syntheticEntries } from '@kontor/testkit/camt-statements';
import { defineRoute } from '../platform/registry';
import { berlinMonth } from '../platform/time';
import { withCharge } from './billing';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A credit-charged route whose work is a pool job (test jobs) or whose response cannot be serialised. */
const jobRoute = defineRoute({
  method: 'post',
  path: '/test/charged-job',
  operationId: 'testChargedJob',
  summary: 'test only',
  tags: ['test'],
  auth: 'required',
  json: v.object({ job: v.picklist(['test.echo', 'test.exit', 'test.spin', 'test.oom']), unserializable: v.optional(v.boolean()) }),
  responses: { 200: { description: 'ok' } },
  errors: [],
  handler: async ({ c, services, account, body }) => {
    const charge = await services.billing.reserveSubscriptionOrCredit(account, 'test job', false);
    return withCharge(
      charge,
      () => services.jobs.run<Record<string, unknown>>(body.job, body.job === 'test.spin' ? { ms: 60_000 } : { text: 'ok' }),
      (value, billing) => c.json({ value, billing, ...(body.unserializable ? { big: 10n as unknown as number } : {}) }),
    );
  },
});

const post = (t: TestApp, key: string, body: object) => t.request('/api/v1/test/charged-job', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function ledger(t: TestApp, accountId: string): Promise<{ kind: string; credits_delta: number; note: string }[]> {
  return t.services.db.selectFrom('ledger').select(['kind', 'credits_delta', 'note']).where('account_id', '=', accountId).orderBy('created_at').execute();
}
const credits = async (t: TestApp, id: string) => (await t.services.accounts.byId(id))!.credits;

describe('billing commits last', () => {
  const clock = testClock('2026-06-15T10:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({
      clock,
      routes: [jobRoute],
      jobs: { testJobs: true },
      env: { KONTOR_RATE_LIMITS: 'off', KONTOR_JOB_TIMEOUT_MS: '1500', KONTOR_WORKER_HEAP_MB: '64', KONTOR_CHARGE_HOLD_SECONDS: '900' },
    });
  });
  afterAll(() => t.dispose());

  it('a successful job is charged exactly once and leaves no reservation', async () => {
    const a = await t.account({ credits: 2 });
    const r = await post(t, a.key, { job: 'test.echo' });
    expect(r.status).toBe(200);
    expect(await credits(t, a.id)).toBe(1);
    expect(await t.services.billing.openReservations(a.id)).toBe(0);
  });

  it('a worker killed mid-job (exit, heap limit, wall-time limit) costs nothing', async () => {
    const a = await t.account({ credits: 1 });
    const exit = await post(t, a.key, { job: 'test.exit' });
    expect(exit.status).toBe(500);
    expect(await exit.json()).toMatchObject({ code: 'job_failed' });
    const oom = await post(t, a.key, { job: 'test.oom' });
    const oomBody = await oom.json();
    expect(oom.status, JSON.stringify(oomBody)).toBe(422);
    expect(oomBody).toMatchObject({ code: 'input_too_complex', details: { limit: 'memory' } });
    const slow = await post(t, a.key, { job: 'test.spin' });
    expect(slow.status).toBe(422);
    expect(await slow.json()).toMatchObject({ code: 'input_too_complex', details: { limit: 'time' } });
    expect(await credits(t, a.id)).toBe(1);
    expect(await t.services.billing.openReservations(a.id)).toBe(0);
    const l = await ledger(t, a.id);
    expect(l.filter((x) => x.kind === 'credit_charged')).toHaveLength(3);
    expect(l.filter((x) => x.kind === 'credit_refunded')).toHaveLength(3);
  });

  it('a response that cannot be serialised costs nothing (the commit comes after the body)', async () => {
    const a = await t.account({ credits: 1 });
    const r = await post(t, a.key, { job: 'test.echo', unserializable: true });
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({ code: 'internal_error' });
    expect(await credits(t, a.id)).toBe(1);
    expect(await t.services.billing.openReservations(a.id)).toBe(0);
  });

  it('a reservation whose holder never returns expires and gives the credit back, exactly once', async () => {
    clock.set('2026-06-15T10:00:00Z');
    const a = await t.account({ credits: 1 });
    const account = (await t.services.accounts.byId(a.id))!;
    const abandoned = await t.services.billing.reserveSubscriptionOrCredit(account, 'abandoned', false);
    expect(await credits(t, a.id)).toBe(0);
    clock.set('2026-06-15T10:14:59Z'); // not yet expired (900 s)
    expect(await t.services.billing.releaseExpired()).toBe(0);
    expect(await credits(t, a.id)).toBe(0);
    clock.set('2026-06-15T10:15:00Z');
    const [n1, n2] = await Promise.all([t.services.billing.releaseExpired(), t.services.billing.releaseExpired()]);
    expect(n1 + n2).toBe(1); // concurrent sweeps: one wins
    expect(await credits(t, a.id)).toBe(1);
    // the late holder can neither commit (it would keep a returned credit) nor release twice
    await abandoned.commit();
    await abandoned.release();
    expect(await credits(t, a.id)).toBe(1);
    expect((await ledger(t, a.id)).map((x) => [x.kind, x.credits_delta])).toEqual([
      ['credit_charged', -1],
      ['credit_refunded', 1],
    ]);
    // a committed charge is not touched by the sweep
    const acc2 = (await t.services.accounts.byId(a.id))!;
    const kept = await t.services.billing.reserveSubscriptionOrCredit(acc2, 'kept', false);
    await kept.commit();
    clock.set('2026-06-16T10:15:00Z');
    expect(await t.services.billing.releaseExpired()).toBe(0);
    expect(await credits(t, a.id)).toBe(0);
  });

  it('free-quota slots and check blocks are reservations too', async () => {
    clock.set('2026-06-20T10:00:00Z');
    const a = await t.account({ credits: 0 });
    const acc = (await t.services.accounts.byId(a.id))!;
    await t.services.billing.reserveValidation(acc); // a free slot, never settled
    const used = async () => Number((await sql<{ n: number }>`select coalesce(sum(count), 0) as n from usage_counters where account_id = ${a.id}`.execute(t.services.db)).rows[0]?.n ?? 0);
    expect(await used()).toBe(1);
    clock.set('2026-06-20T10:30:00Z');
    expect(await t.services.billing.releaseExpired()).toBe(1);
    expect(await used()).toBe(0);
  });
});

describe('a server process killed mid-request', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-kill-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves a reservation that expires: after the hold time the credit is back', async () => {
    const dbFile = path.join(dir, 'kontor.sqlite');
    const setup = await makeTestApp({ databaseUrl: dbFile });
    const a = await setup.account({ credits: 1 });
    // the free parses of this month are used up, so the parse takes the credit
    await setup.services.db
      .insertInto('usage_counters')
      .values({ account_id: a.id, kind: 'parse_free', period: berlinMonth(new Date()), count: 5 })
      .execute();

    // the built service (dist/index.js) in its own process
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(pathToFileURL(path.join(apiDir, 'dist/index.js')).href)});
         await m.startServer(m.loadConfig(process.env), (l) => process.stdout.write(l + '\\n'));`,
      ],
      {
        env: {
          ...process.env,
          DATABASE_URL: dbFile,
          PORT: '0',
          KONTOR_LOG: 'off',
          NODE_ENV: 'test',
          KONTOR_DEV_BOOTSTRAP: 'false',
          KONTOR_RATE_LIMITS: 'off',
          KONTOR_SCHEMA_DIR: path.join(dir, 'schemas'),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /"url":"([^"]+)"/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
      });
      // a statement big enough that parsing (plus starting the worker) takes a while
      const xml = generateCamt053({ entries: syntheticEntries(8_000), from: '2026-03-02', to: '2026-03-31' });
      expect(Buffer.byteLength(xml)).toBeLessThan(10_000_000);
      const form = new FormData();
      form.set('file', new Blob([xml]), 'big.xml');
      let answered: Response | null = null;
      const req = fetch(`${url}/statements/parse`, { method: 'POST', headers: { authorization: `Bearer ${a.key}` }, body: form }).then(
        (r) => (answered = r),
        (e: unknown) => e,
      );
      // kill the process as soon as the credit is reserved, before the answer
      let open = 0;
      while (open === 0 && child.exitCode === null) {
        if (answered) throw new Error(`answered before the reservation was seen: ${(answered as Response).status} ${await (answered as Response).text()}`);
        open = await setup.services.billing.openReservations(a.id);
        if (!open) await new Promise((r) => setTimeout(r, 2));
      }
      child.kill('SIGKILL');
      expect(await req).toBeInstanceOf(Error); // no answer came
      expect(open).toBe(1);
      expect(await credits(setup, a.id)).toBe(0); // held by the dead process
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await setup.dispose();

    // a new start after the hold time returns the credit (the sweep runs at start-up)
    const later = testClock(new Date(Date.now() + 16 * 60_000).toISOString());
    const again = await makeTestApp({ databaseUrl: dbFile, clock: later });
    try {
      expect(await credits(again, a.id)).toBe(1);
      expect(await again.services.billing.openReservations(a.id)).toBe(0);
      const me = (await (await again.request('/api/v1/me', { key: a.key })).json()) as { credits: number };
      expect(me.credits).toBe(1);
      expect((await ledger(again, a.id)).map((x) => x.note)).toContain('statement parse returned: reservation expired');
    } finally {
      await again.dispose();
    }
  });
});
