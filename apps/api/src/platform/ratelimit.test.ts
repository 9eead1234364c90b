import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { DatabaseRateLimiter, MemoryRateLimiter } from './ratelimit';

describe('MemoryRateLimiter', () => {
  it('allows the limit per window and tells when to retry', async () => {
    const clock = testClock('2026-06-15T10:00:30Z');
    const rl = new MemoryRateLimiter(clock.clock);
    for (let i = 0; i < 3; i++) expect((await rl.hit('k', 3)).allowed).toBe(true);
    const d = await rl.hit('k', 3);
    expect(d).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 30 });
    expect((await rl.hit('other', 3)).allowed).toBe(true);
    clock.set('2026-06-15T10:01:00Z');
    expect((await rl.hit('k', 3)).allowed).toBe(true);
  });
});

describe('rate limits over HTTP', () => {
  const clock = testClock('2026-06-15T10:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ clock });
  });
  afterAll(() => t.dispose());

  it('answers 429 rate_limited with Retry-After per credential', async () => {
    const a = await t.account();
    const b = await t.account();
    for (let i = 0; i < 60; i++) expect((await t.request('/api/v1/me', { key: a.key })).status).toBe(200);
    const r = await t.request('/api/v1/me', { key: a.key });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('60');
    expect(((await r.json()) as { code: string }).code).toBe('rate_limited');
    expect((await t.request('/api/v1/me', { key: b.key })).status).toBe(200);
  });
});

describe('DatabaseRateLimiter (the store of the matrix leg: SQLite or PostgreSQL)', () => {
  const clock = testClock('2026-06-15T10:00:15Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ clock });
  });
  afterAll(() => t.dispose());

  it('counts concurrent hits from several limiters on one database together, exactly up to the limit', async () => {
    // Two limiters = two instances sharing the database.
    const a = new DatabaseRateLimiter(t.services.db, clock.clock);
    const b = new DatabaseRateLimiter(t.services.db, clock.clock);
    const hits = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).hit('cred:verify', 30)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(30);
    expect(hits.filter((h) => !h.allowed).every((h) => h.remaining === 0 && h.retryAfterSeconds === 45)).toBe(true);
    expect(
      hits
        .map((h) => h.remaining)
        .filter((r, i) => hits[i]!.allowed)
        .sort((x, y) => x - y),
    ).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect((await a.hit('cred:me', 30)).allowed).toBe(true);
    // the next window starts from zero, and old windows are cleared
    clock.set('2026-06-15T10:01:00Z');
    expect(await b.hit('cred:verify', 30)).toEqual({ allowed: true, remaining: 29, retryAfterSeconds: 60 });
    const rows = await t.services.db.selectFrom('rate_windows').selectAll().execute();
    expect(rows.map((r) => [r.key, Number(r.count)])).toEqual([['cred:verify', 1]]);
  });
});
