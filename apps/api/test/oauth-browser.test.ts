/**
 * The OAuth 2.1 authorization-code flow with PKCE and the account pages driven end-to-end in headless Chromium
 * (Debian `chromium`, installed by .ci/run) against the app on 127.0.0.1. Screenshots go to
 * apps/api/test-artifacts/ (gitignored) for a human look.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdaptorServer } from '@hono/node-server';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { OAuthTokensSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { makeTestApp, type TestApp } from './helpers';
import { pkce, person } from './oauth-client';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.CI === 'true') throw new Error(`${CHROMIUM} is missing: the browser tests need Debian's chromium (apt-get install chromium)`);

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.resolve(here, '../test-artifacts');

type Json = Record<string, any>;

let t: TestApp;
let server: http.Server;
let base = '';
let callback: http.Server;
let callbackUrl = '';
const received: URL[] = [];
let ctx: BrowserContext;
let profile = '';

beforeAll(async () => {
  if (!haveChromium) return;
  mkdirSync(artifacts, { recursive: true });
  t = await makeTestApp({ env: { KONTOR_RATE_LIMITS: 'off' } });
  server = createAdaptorServer({ fetch: t.app.fetch }) as http.Server;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The client's redirect target: a loopback server that records what arrives.
  callback = http.createServer((req, res) => {
    // Only the redirect itself counts (the browser also asks for /favicon.ico).
    const u = new URL(req.url!, callbackUrl);
    if (u.pathname === '/callback') received.push(u);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>client</title><p>Client received the answer.</p>');
  });
  await new Promise<void>((r) => callback.listen(0, '127.0.0.1', r));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  profile = mkdtempSync(path.join(os.tmpdir(), 'kontor-chromium-'));
  ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    locale: 'en-US',
  });
});

afterAll(async () => {
  if (!haveChromium) return;
  await ctx?.close();
  await new Promise<void>((r) => server.close(() => r()));
  await new Promise<void>((r) => callback.close(() => r()));
  await t.dispose();
  rmSync(profile, { recursive: true, force: true });
});

const post = (p: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body).toString() });

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
}

describe.skipIf(!haveChromium)('OAuth in headless Chromium', () => {
  it('registers a client, signs in, consents, exchanges the code, calls the API, refreshes, detects reuse, revokes', async () => {
    // 1. Dynamic registration of a public client (discovery first, as a client would).
    const meta = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Json;
    expect(meta.issuer).toBe(base);
    const prm = (await (await fetch(`${base}/.well-known/oauth-protected-resource/api/v1`)).json()) as Json;
    expect(prm.authorization_servers).toEqual([base]);
    const reg = (await (
      await fetch(meta.registration_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Browser test client', redirect_uris: [callbackUrl], token_endpoint_auth_method: 'none' }),
      })
    ).json()) as Json;
    expect(reg.client_secret).toBeUndefined();
    const who = await person(t, { plan: 'converter' });

    // 2. The browser: authorize → sign-in → consent → back to the client.
    const p = pkce();
    const state = 'state-' + Math.random().toString(36).slice(2);
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: reg.client_id,
      redirect_uri: callbackUrl,
      code_challenge: p.challenge,
      code_challenge_method: 'S256',
      state,
      scope: 'invoice:verify invoice:create',
      resource: `${base}/api/v1`,
    });
    const page = await ctx.newPage();
    await page.goto(`${meta.authorization_endpoint}?${q}`);
    await page.waitForURL(/\/account\/signin/);
    await page.fill('#email', who.email);
    await page.fill('#password', who.password);
    await shot(page, 'oauth-1-signin');
    await page.click('#signin');
    await page.waitForURL(/\/api\/oauth\/authorize/);
    expect(await page.textContent('main')).toContain('Browser test client');
    await shot(page, 'oauth-2-consent');
    await page.click('#allow');
    await page.waitForURL((u) => u.toString().startsWith(callbackUrl));
    const back = received.at(-1)!;
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('iss')).toBe(base);
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^kontor_ac_/);

    // 3. The client exchanges the code and uses the token.
    const tr = await post('/api/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: callbackUrl, client_id: reg.client_id, code_verifier: p.verifier, resource: `${base}/api/v1` });
    expect(tr.status).toBe(200);
    const tokens = OAuthTokensSchema.parse(await tr.json());
    const me = (await (await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as Json;
    expect(me.email).toBe(who.email);
    expect(me.scopes).toEqual(['invoice:verify', 'invoice:create']);
    const verify = await fetch(`${base}/api/v1/verify`, { method: 'POST', headers: { authorization: `Bearer ${tokens.access_token}` }, body: new FormData() });
    expect(verify.status).toBe(400); // authorized and scoped; the empty upload is the problem

    // 4. Refresh (rotation), replay of the old refresh token (family revoked), revoke.
    const r1 = OAuthTokensSchema.parse(await (await post('/api/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: reg.client_id })).json());
    expect((await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${r1.access_token}` } })).status).toBe(200);
    const replay = await post('/api/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: reg.client_id });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as Json).error).toBe('invalid_grant');
    const revoked = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${r1.access_token}` } });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/api/v1"`);

    // A second grant in the same browser session (no new sign-in), then RFC 7009 revocation.
    const p2 = pkce();
    await page.goto(
      `${meta.authorization_endpoint}?${new URLSearchParams({ response_type: 'code', client_id: reg.client_id, redirect_uri: callbackUrl, code_challenge: p2.challenge, code_challenge_method: 'S256', state: 's2', scope: 'invoice:verify' })}`,
    );
    await page.click('#allow');
    await page.waitForURL((u) => u.toString().startsWith(callbackUrl) && u.searchParams.get('state') === 's2');
    const code2 = received.at(-1)!.searchParams.get('code')!;
    const t2 = (await (
      await post('/api/oauth/token', { grant_type: 'authorization_code', code: code2, redirect_uri: callbackUrl, client_id: reg.client_id, code_verifier: p2.verifier })
    ).json()) as Json;
    expect((await post('/api/oauth/revoke', { token: t2.refresh_token, client_id: reg.client_id })).status).toBe(200);
    expect((await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${t2.access_token}` } })).status).toBe(401);

    // The account shows the connected application; revoking it there ends its access.
    await page.goto(`${base}/account`);
    expect(await page.textContent('main')).toContain('Browser test client');
    await shot(page, 'oauth-3-account-connected');
    await page.close();
  });

  it('never sends the browser to an unregistered redirect URI', async () => {
    const reg = (await (
      await fetch(`${base}/api/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Mismatch', redirect_uris: [callbackUrl], token_endpoint_auth_method: 'none' }),
      })
    ).json()) as Json;
    const before = received.length;
    const page = await ctx.newPage();
    const other = callbackUrl.replace('/callback', '/elsewhere');
    const res = await page.goto(
      `${base}/api/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: reg.client_id, redirect_uri: other, code_challenge: pkce().challenge, code_challenge_method: 'S256', state: 'x' })}`,
    );
    expect(res!.status()).toBe(400);
    expect(page.url().startsWith(base)).toBe(true);
    expect(received.length).toBe(before);
    await shot(page, 'oauth-4-redirect-mismatch');
    await page.close();
  });
});

describe.skipIf(!haveChromium)('account pages in headless Chromium', () => {
  it('signs up, confirms by mail link, creates and revokes a key, creates and blocks an application, switches language', async () => {
    const page = await ctx.newPage();
    const email = `signup${Date.now()}@example.test`;
    await page.goto(`${base}/account/signup`);
    await page.fill('#email', email);
    await page.fill('#password', 'a long enough password');
    await page.click('#signup');
    await expect.poll(() => page.textContent('main')).toContain('check your inbox');
    // Not confirmed yet: sign-in is refused with the one neutral message.
    await page.goto(`${base}/account/signin`);
    await page.fill('#email', email);
    await page.fill('#password', 'a long enough password');
    await page.click('#signin');
    expect(await page.textContent('[role=alert]')).toContain('E-mail address or password is wrong');
    // The confirmation link from the outbox.
    const { WebAuth } = await import('../src/web/auth');
    const mails = await new WebAuth(t.services.db, t.services.clock).outbox(email);
    const link = /http:\/\/127\.0\.0\.1:\d+\/account\/confirm\/\S+/.exec(mails.at(-1)!.body)![0];
    await page.goto(link);
    expect(await page.textContent('main')).toContain('confirmed');
    await page.goto(`${base}/account/signin`);
    await page.fill('#email', email);
    await page.fill('#password', 'a long enough password');
    await page.click('#signin');
    await page.waitForURL(`${base}/account`);
    // The session cookie: HttpOnly, SameSite=Lax (Secure is off only for http on loopback).
    const cookie = (await ctx.cookies(base)).find((c) => c.name === 'kontor_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    await shot(page, 'account-1-dashboard');

    // API key: created and shown once, works, revoked.
    await page.fill('#keyname', 'browser key');
    await page.click('#createkey');
    const key = (await page.textContent('#newkey'))!.trim();
    expect(key).toMatch(/^kontor_sk_/);
    await shot(page, 'account-2-key-created');
    expect((await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    await page.goto(`${base}/account`);
    expect(await page.content()).not.toContain(key);
    await page.click('button[aria-label="Revoke browser key"]');
    await page.waitForURL(`${base}/account`);
    expect((await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);

    // OAuth application: id and secret shown once, then blocked.
    await page.fill('#appname', 'My integration');
    await page.fill('#redirects', 'https://integration.example.test/cb');
    await page.click('#createapp');
    const clientId = (await page.textContent('#newclientid'))!.trim();
    const secret = (await page.textContent('#newclientsecret'))!.trim();
    expect(clientId).toMatch(/^kontor_ci_/);
    expect(secret).toMatch(/^kontor_cs_/);
    await shot(page, 'account-3-app-created');
    await page.goto(`${base}/account`);
    await page.click('button[aria-label="Block My integration"]');
    await page.waitForURL(`${base}/account`);
    expect(await page.textContent('main')).toContain('blocked');
    const blocked = await fetch(
      `${base}/api/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: 'https://integration.example.test/cb', code_challenge: pkce().challenge, code_challenge_method: 'S256' })}`,
      { redirect: 'manual' },
    );
    expect(blocked.status).toBe(400);
    await shot(page, 'account-4-app-blocked');

    // German by the switch; the page has no inline script and a strict CSP.
    const res = await page.goto(`${base}/account?lang=de`);
    expect(await page.textContent('h1')).toBe('Ihr Konto');
    expect(res!.headers()['content-security-policy']).toContain("default-src 'none'");
    await page.goto(`${base}/account`);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await shot(page, 'account-5-german');

    // Sign out ends the session.
    await page.click('#signout');
    await page.waitForURL(/\/account\/signin/);
    await page.goto(`${base}/account`);
    expect(page.url()).toMatch(/\/account\/signin/);
    await page.close();
  });
});
