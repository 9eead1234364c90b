import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { RateLimiter } from './ratelimit';

describe('RateLimiter', () => {
  it('allows the limit per window and tells when to retry', () => {
    const clock = testClock('2026-06-15T10:00:30Z');
    const rl = new RateLimiter(clock.clock);
    for (let i = 0; i < 3; i++) expect(rl.hit('k', 3).allowed).toBe(true);
    const d = rl.hit('k', 3);
    expect(d).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 30 });
    expect(rl.hit('other', 3).allowed).toBe(true);
    clock.set('2026-06-15T10:01:00Z');
    expect(rl.hit('k', 3).allowed).toBe(true);
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
