import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { Jar, browse, hiddenValue, person, postForm, signIn } from '../../test/oauth-client';
import { WebAuth, hashPassword, verifyPassword } from './auth';
import { safeNext } from './pages';

const clock = testClock('2026-06-15T10:00:00Z');
let t: TestApp; // rate limits off
let limited: TestApp; // rate limits on

beforeAll(async () => {
  t = await makeTestApp({ clock, env: { KONTOR_RATE_LIMITS: 'off' } });
  limited = await makeTestApp({ clock });
});
afterAll(async () => {
  await t.dispose();
  await limited.dispose();
});

const outbox = (app: TestApp, to: string) => new WebAuth(app.services.db, app.services.clock).outbox(to);

async function signInAttempt(app: TestApp, email: string, password: string) {
  const jar = new Jar();
  const page = await (await browse(app, jar, '/account/signin')).text();
  const r = await postForm(app, jar, '/account/signin', { csrf: hiddenValue(page, 'csrf'), next: '/account', email, password });
  return { status: r.status, text: await r.text(), jar };
}

describe('passwords', () => {
  it('hashes with scrypt and a salt, verifies in both directions', async () => {
    const h = await hashPassword('correct horse battery');
    expect(h).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await hashPassword('correct horse battery')).not.toBe(h);
    expect(await verifyPassword('correct horse battery', h)).toBe(true);
    expect(await verifyPassword('correct horse batterY', h)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
  });
});

describe('sign-in and sign-up', () => {
  it('gives one answer for an unknown address and a wrong password', async () => {
    const who = await person(t);
    const unknown = await signInAttempt(t, 'nobody@example.test', 'whatever password');
    const wrong = await signInAttempt(t, who.email, 'wrong password!!');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const msg = (s: string) => /role="alert">([^<]*)</.exec(s)![1];
    expect(msg(unknown.text)).toBe(msg(wrong.text));
    const ok = await signInAttempt(t, who.email, who.password);
    expect(ok.status).toBe(303);
  });

  it('sign-up for an existing address looks the same and mails the owner a reset link; no second account', async () => {
    const who = await person(t);
    const jar = new Jar();
    const form = await (await browse(t, jar, '/account/signup')).text();
    const a = await postForm(t, jar, '/account/signup', { csrf: hiddenValue(form, 'csrf'), email: who.email, password: 'another long password' });
    const fresh = `new${Date.now()}@example.test`;
    const b = await postForm(t, jar, '/account/signup', { csrf: hiddenValue(form, 'csrf'), email: fresh, password: 'another long password' });
    expect(a.status).toBe(b.status);
    const main = (s: string) => /<main>([\s\S]*)<\/main>/.exec(s)![1];
    expect(main(await a.text())).toBe(main(await b.text()));
    const mails = await outbox(t, who.email);
    expect(mails.at(-1)!.subject).toContain('sign-up attempt');
    expect(mails.at(-1)!.body).toMatch(/\/account\/reset\/[A-Za-z0-9_-]{43}/);
    expect((await outbox(t, fresh)).at(-1)!.body).toMatch(/\/account\/confirm\/[A-Za-z0-9_-]{43}/);
    // The old password still works: nothing changed for the existing account.
    expect((await signInAttempt(t, who.email, who.password)).status).toBe(303);
  });

  it('refuses short passwords and bad addresses', async () => {
    const jar = new Jar();
    const form = await (await browse(t, jar, '/account/signup')).text();
    expect((await postForm(t, jar, '/account/signup', { csrf: hiddenValue(form, 'csrf'), email: 'x@example.test', password: 'short' })).status).toBe(400);
    expect((await postForm(t, jar, '/account/signup', { csrf: hiddenValue(form, 'csrf'), email: 'not-an-address', password: 'long enough password' })).status).toBe(400);
  });

  it('needs the CSRF token on sign-in and sign-up forms', async () => {
    const who = await person(t);
    const jar = new Jar();
    await browse(t, jar, '/account/signin');
    expect((await postForm(t, jar, '/account/signin', { email: who.email, password: who.password })).status).toBe(403);
    expect((await postForm(t, jar, '/account/signin', { csrf: 'x'.repeat(43), email: who.email, password: who.password })).status).toBe(403);
    expect(jar.cookies.has('kontor_session')).toBe(false);
  });

  it('rate-limits sign-in attempts per address', async () => {
    const who = await person(limited);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signInAttempt(limited, who.email, 'wrong password!!')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right password waits until the window passes.
    expect((await signInAttempt(limited, who.email, who.password)).status).toBe(429);
  });

  it('only follows same-site next targets', () => {
    expect(safeNext('/api/oauth/authorize?x=1')).toBe('/api/oauth/authorize?x=1');
    expect(safeNext('//evil.example.test/')).toBe('/account');
    expect(safeNext('https://evil.example.test/')).toBe('/account');
    expect(safeNext('/\\evil.example.test')).toBe('/account');
    expect(safeNext(undefined)).toBe('/account');
  });
});

describe('password reset and confirmation links', () => {
  it('resets by a one-time link, ends other sessions, and the link works once', async () => {
    const who = await person(t);
    const other = await signInAttempt(t, who.email, who.password);
    expect((await browse(t, other.jar, '/account')).status).toBe(200);
    const jar = new Jar();
    const form = await (await browse(t, jar, '/account/reset')).text();
    const unknown = await postForm(t, jar, '/account/reset', { csrf: hiddenValue(form, 'csrf'), email: 'nobody@example.test' });
    const known = await postForm(t, jar, '/account/reset', { csrf: hiddenValue(form, 'csrf'), email: who.email });
    expect(unknown.status).toBe(known.status);
    const link = /\/account\/reset\/[A-Za-z0-9_-]{43}/.exec((await outbox(t, who.email)).at(-1)!.body)![0];
    const resetForm = await (await browse(t, jar, link)).text();
    const done = await postForm(t, jar, link, { csrf: hiddenValue(resetForm, 'csrf'), password: 'a brand new password' });
    expect(done.status).toBe(200);
    expect((await signInAttempt(t, who.email, who.password)).status).toBe(401);
    expect((await signInAttempt(t, who.email, 'a brand new password')).status).toBe(303);
    expect((await browse(t, other.jar, '/account')).status).toBe(302);
    const again = await postForm(t, jar, link, { csrf: hiddenValue(resetForm, 'csrf'), password: 'yet another password' });
    expect(again.status).toBe(400);
    expect((await browse(t, jar, link)).status).toBe(400);
  });

  it('expires links after an hour and sessions after 12 hours', async () => {
    const who = await person(t);
    const web = new WebAuth(t.services.db, t.services.clock);
    const tok = await web.createLink(who.id, 'confirm');
    const s = await signInAttempt(t, who.email, who.password);
    const saved = clock.now;
    try {
      clock.set(new Date(saved.getTime() + 61 * 60_000).toISOString());
      expect((await browse(t, new Jar(), `/account/confirm/${tok}`)).status).toBe(400);
      expect((await browse(t, s.jar, '/account')).status).toBe(200);
      clock.set(new Date(saved.getTime() + 12 * 3600_000 + 1000).toISOString());
      expect((await browse(t, s.jar, '/account')).status).toBe(302);
    } finally {
      clock.now = saved;
    }
  });
});

describe('account area', () => {
  it('needs the session CSRF token for every change and only touches the own keys', async () => {
    const who = await person(t);
    const jar = new Jar();
    await signIn(t, jar, who);
    const csrf = hiddenValue(await (await browse(t, jar, '/account')).text(), 'csrf');
    expect((await postForm(t, jar, '/account/keys', { name: 'x' })).status).toBe(403);
    expect(await t.services.keys.list(who.id)).toHaveLength(0);
    const created = await postForm(t, jar, '/account/keys', { csrf, name: 'mine' });
    expect(created.status).toBe(200);
    expect(await created.text()).toMatch(/id="newkey">kontor_sk_/);
    expect(await t.services.keys.list(who.id)).toHaveLength(1);
    // Someone else's key id is not revocable from this account.
    const stranger = await t.account();
    const theirs = (await t.services.keys.list(stranger.id))[0]!;
    await postForm(t, jar, `/account/keys/${theirs.id}/revoke`, { csrf });
    expect((await t.request('/api/v1/me', { key: stranger.key })).status).toBe(200);
    // Blocking someone else's application does nothing either.
    const { OAuthServer } = await import('../oauth/server');
    const o = new OAuthServer(t.services.db, t.services.clock);
    const foreign = await o.register({ client_name: 'Foreign', redirect_uris: ['https://f.example.test/cb'] }, stranger.id);
    await postForm(t, jar, `/account/apps/${foreign.client_id}/block`, { csrf });
    expect((await o.client(foreign.client_id))!.blocked_at).toBeNull();
    // Bad redirect URIs are explained, not crashed on.
    const bad = await postForm(t, jar, '/account/apps', { csrf, name: 'Bad', redirect_uris: 'http://insecure.example.test/cb' });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain('role="alert"');
  });

  it('speaks German by Accept-Language, sends a strict CSP and marks cookies Secure on https', async () => {
    const r = await t.request('/account/signin', { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } });
    const text = await r.text();
    expect(text).toContain('<html lang="de">');
    expect(text).toContain('Anmelden');
    expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    expect(text).not.toMatch(/<script|style=/);
    const en = await t.request('/account/signin', { headers: { 'accept-language': 'fr, en;q=0.8' } });
    expect(await en.text()).toContain('<html lang="en">');
    const secure = await makeTestApp({ env: { KONTOR_PUBLIC_URL: 'https://kontor.example.test' } });
    try {
      const s = await secure.request('/account/signin');
      expect(s.headers.getSetCookie().find((l) => l.startsWith('kontor_csrf='))).toMatch(/; Secure/);
    } finally {
      await secure.dispose();
    }
    expect((await t.request('/account/signin')).headers.getSetCookie().find((l) => l.startsWith('kontor_csrf='))).not.toMatch(/Secure/);
  });
});
