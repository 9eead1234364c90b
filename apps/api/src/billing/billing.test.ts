import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { startTestPostgres, type TestPostgres } from '../../test/pg';
import { defineRoute } from '../platform/registry';
import { ApiError } from '../platform/errors';
import { withCharge } from './billing';

/** A charged test route: pays via credit/subscription, optionally fails after a delay. */
const chargedRoute = defineRoute({
  method: 'post',
  path: '/test/charged',
  operationId: 'testCharged',
  summary: 'test only',
  tags: ['test'],
  auth: 'required',
  json: v.object({ fail: v.optional(v.boolean()), kind: v.optional(v.picklist(['credit', 'validation', 'parse', 'pdf'])) }),
  responses: { 200: { description: 'ok' } },
  errors: [],
  handler: async ({ c, services, account, body }) => {
    const kind = body.kind ?? 'credit';
    const charge =
      kind === 'validation'
        ? await services.billing.reserveValidation(account)
        : kind === 'parse'
          ? await services.billing.reserveParse(account)
          : kind === 'pdf'
            ? await services.billing.reserveInvoicePdf(account)
            : await services.billing.reserveSubscriptionOrCredit(account, 'XML invoice', true);
    const { billing } = await withCharge(charge, async () => {
      await new Promise((r) => setTimeout(r, 5));
      if (body.fail) throw new ApiError(400, 'invalid_input', 'rejected');
      return true;
    });
    return c.json({ billing, watermark: charge.watermark });
  },
});

const post = (t: TestApp, key: string, body: object) => t.request('/api/v1/test/charged', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function concurrency(t: TestApp) {
  const N = 24;
  const M = 7;
  const a = await t.account({ credits: M });
  const results = await Promise.all(Array.from({ length: N }, () => post(t, a.key, {})));
  const ok = results.filter((r) => r.status === 200).length;
  const refused = results.filter((r) => r.status === 403).length;
  expect(ok).toBe(M);
  expect(refused).toBe(N - M);
  expect((await t.services.accounts.byId(a.id))!.credits).toBe(0);
  // free quota slots under concurrency: exactly 5 validations of 12 parallel ones are free, the rest need payment
  const b = await t.account({ credits: 0 });
  const vr = await Promise.all(Array.from({ length: 12 }, () => post(t, b.key, { kind: 'validation' })));
  expect(vr.filter((r) => r.status === 200).length).toBe(5);
  expect(vr.filter((r) => r.status === 402).length).toBe(7);
}

describe('billing on SQLite', () => {
  const clock = testClock('2026-06-15T10:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ clock, routes: [chargedRoute] });
  });
  afterAll(() => t.dispose());

  it('N parallel charged requests against M < N credits: exactly M succeed', () => concurrency(t));

  it('charges nothing for a failed operation', async () => {
    const a = await t.account({ credits: 1 });
    expect((await post(t, a.key, { fail: true })).status).toBe(400);
    expect((await t.services.accounts.byId(a.id))!.credits).toBe(1);
    const r = await post(t, a.key, {});
    expect(((await r.json()) as any).billing).toEqual({ via: 'credit', freeRemaining: null, freePeriod: 'day', creditsCharged: 1 });
  });

  it('validation: 5 free per Berlin day, then a check block for 1 credit, then 402 until Berlin midnight', async () => {
    clock.set('2026-06-15T10:00:00Z');
    const a = await t.account({ credits: 1 });
    for (let i = 4; i >= 0; i--) {
      const b = ((await (await post(t, a.key, { kind: 'validation' })).json()) as any).billing;
      expect(b).toEqual({ via: 'free_quota', freeRemaining: i, freePeriod: 'day' });
    }
    const first = ((await (await post(t, a.key, { kind: 'validation' })).json()) as any).billing;
    expect(first).toEqual({ via: 'check_block', freeRemaining: 0, freePeriod: 'day', checkBlockRemaining: 9, creditsCharged: 1 });
    // a failed check gives the check back
    expect((await post(t, a.key, { kind: 'validation', fail: true })).status).toBe(400);
    for (let i = 8; i >= 0; i--) {
      const b = ((await (await post(t, a.key, { kind: 'validation' })).json()) as any).billing;
      expect(b).toMatchObject({ via: 'check_block', checkBlockRemaining: i, creditsCharged: 0 });
    }
    const denied = await post(t, a.key, { kind: 'validation' });
    expect(denied.status).toBe(402);
    expect(denied.headers.get('retry-after')).toBe(String(12 * 3600)); // 10:00Z (12:00 CEST) → midnight CEST = 22:00Z
    expect(((await denied.json()) as any).code).toBe('payment_required');
    // 21:59:59Z is still the same Berlin day; 22:00Z (midnight CEST) starts a new one
    clock.set('2026-06-15T21:59:59Z');
    expect((await post(t, a.key, { kind: 'validation' })).status).toBe(402);
    clock.set('2026-06-15T22:00:00Z');
    expect(((await (await post(t, a.key, { kind: 'validation' })).json()) as any).billing).toEqual({ via: 'free_quota', freeRemaining: 4, freePeriod: 'day' });
  });

  it('a block bought by a failing request refunds its credit', async () => {
    clock.set('2026-06-16T08:00:00Z');
    const a = await t.account({ credits: 1 });
    for (let i = 0; i < 5; i++) await post(t, a.key, { kind: 'validation' });
    expect((await post(t, a.key, { kind: 'validation', fail: true })).status).toBe(400);
    const acc = (await t.services.accounts.byId(a.id))!;
    expect(acc.credits).toBe(1);
    expect(acc.check_block_remaining).toBe(0);
  });

  it('parse: 5 free per Berlin month, then 1 credit per call, then 402 until the month starts', async () => {
    clock.set('2026-06-30T21:00:00Z'); // 23:00 CEST on 30 June
    const a = await t.account({ credits: 1 });
    for (let i = 0; i < 5; i++) expect((await post(t, a.key, { kind: 'parse' })).status).toBe(200);
    expect(((await (await post(t, a.key, { kind: 'parse' })).json()) as any).billing).toEqual({ via: 'credit', freeRemaining: 0, freePeriod: 'month', creditsCharged: 1 });
    const denied = await post(t, a.key, { kind: 'parse' });
    expect(denied.status).toBe(402);
    expect(denied.headers.get('retry-after')).toBe('3600');
    clock.set('2026-06-30T22:00:00Z'); // 1 July 00:00 CEST
    expect(((await (await post(t, a.key, { kind: 'parse' })).json()) as any).billing).toMatchObject({ via: 'free_quota', freeRemaining: 4, freePeriod: 'month' });
  });

  it('invoice pdf: subscription → credit → 5 watermarked a day → 429 free_quota_exhausted', async () => {
    clock.set('2026-01-10T12:00:00Z');
    const a = await t.account({ credits: 1 });
    const paid = (await (await post(t, a.key, { kind: 'pdf' })).json()) as any;
    expect(paid).toMatchObject({ watermark: false, billing: { via: 'credit' } });
    for (let i = 0; i < 5; i++) expect(((await (await post(t, a.key, { kind: 'pdf' })).json()) as any).watermark).toBe(true);
    const r = await post(t, a.key, { kind: 'pdf' });
    expect(r.status).toBe(429);
    expect(((await r.json()) as any).code).toBe('free_quota_exhausted');
    expect(r.headers.get('retry-after')).toBe(String(11 * 3600)); // 13:00 CET → midnight
    const s = await t.account({ plan: 'converter' });
    for (let i = 0; i < 3; i++) expect(((await (await post(t, s.key, { kind: 'pdf' })).json()) as any).billing.via).toBe('subscription');
    await post(t, s.key, { kind: 'pdf', fail: true });
    const me = (await (await t.request('/api/v1/me', { key: s.key })).json()) as any;
    expect(me.fairUse).toEqual({ month: '2026-01', limit: 100, used: 3, volumePackages: 0 });
    clock.set('2026-01-31T23:00:00Z'); // February in Berlin
    expect(((await (await t.request('/api/v1/me', { key: s.key })).json()) as any).fairUse).toMatchObject({ month: '2026-02', used: 0 });
  });

  it('xml invoices need a subscription or a credit (403 otherwise)', async () => {
    const a = await t.account();
    const r = await post(t, a.key, {});
    expect(r.status).toBe(403);
    expect(((await r.json()) as any).code).toBe('subscription_required');
  });
});

describe('billing on PostgreSQL', () => {
  let pg: TestPostgres | null = null;
  let t: TestApp | null = null;
  beforeAll(async () => {
    pg = await startTestPostgres();
    if (pg) t = await makeTestApp({ databaseUrl: pg.url, routes: [chargedRoute] });
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
    pg?.stop();
  });

  it('N parallel charged requests against M < N credits: exactly M succeed', async (ctx) => {
    if (!t) return ctx.skip();
    expect(t.services.dbKind).toBe('postgres');
    await concurrency(t);
  });
});
