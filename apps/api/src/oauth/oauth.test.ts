import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema, OAuthClientInformationFullSchema, OAuthTokensSchema, OAuthErrorResponseSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { Jar, authorize, browse, person, pkce, postForm, register, signIn, token, hiddenValue } from '../../test/oauth-client';
import { OAuthServer, pkceChallenge, redirectMatches } from './server';

const clock = testClock('2026-06-15T10:00:00Z');
let t: TestApp;
const ORIGIN = 'http://localhost';
const REDIRECT = 'https://client.example.test/callback';

beforeAll(async () => {
  t = await makeTestApp({ clock, env: { KONTOR_RATE_LIMITS: 'off' } });
});
afterAll(async () => {
  await t.dispose();
});

type Json = Record<string, any>;

async function publicClient(extra: Json = {}): Promise<string> {
  const r = await register(t, { client_name: 'Test client', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', ...extra });
  expect(r.status).toBe(201);
  return ((await r.json()) as Json).client_id;
}

/** Signed-in browser + a code for the client. */
async function codeFor(clientId: string, scope = 'invoice:verify invoice:create', jar?: Jar) {
  const p = pkce();
  const j = jar ?? new Jar();
  if (!jar) {
    const who = await person(t);
    expect((await signIn(t, j, who)).status).toBe(303);
  }
  const r = await authorize(t, j, { response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: p.challenge, code_challenge_method: 'S256', state: 'st-1', scope });
  expect(r.status).toBe(302);
  const loc = new URL(r.headers.get('location')!);
  return { code: loc.searchParams.get('code')!, loc, verifier: p.verifier, jar: j };
}

describe('discovery', () => {
  it('serves RFC 8414 metadata the MCP SDK accepts, with S256 only', async () => {
    const r = await t.request('/.well-known/oauth-authorization-server');
    expect(r.status).toBe(200);
    const m = OAuthMetadataSchema.parse(await r.json());
    expect(m.issuer).toBe(ORIGIN);
    expect(m.authorization_endpoint).toBe(`${ORIGIN}/api/oauth/authorize`);
    expect(m.token_endpoint).toBe(`${ORIGIN}/api/oauth/token`);
    expect(m.registration_endpoint).toBe(`${ORIGIN}/api/oauth/register`);
    expect(m.revocation_endpoint).toBe(`${ORIGIN}/api/oauth/revoke`);
    expect(m.code_challenge_methods_supported).toEqual(['S256']);
    expect(m.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    expect(m.scopes_supported).toEqual(['invoice:verify', 'invoice:create']);
  });

  it('serves RFC 9728 metadata for the API (root and path-inserted) and the MCP server', async () => {
    for (const [p, resource] of [
      ['/.well-known/oauth-protected-resource', `${ORIGIN}/api/v1`],
      ['/.well-known/oauth-protected-resource/api/v1', `${ORIGIN}/api/v1`],
      ['/.well-known/oauth-protected-resource/api/mcp', `${ORIGIN}/api/mcp`],
    ] as const) {
      const m = OAuthProtectedResourceMetadataSchema.parse(await (await t.request(p)).json());
      expect(m.resource).toBe(resource);
      expect(m.authorization_servers).toEqual([ORIGIN]);
      expect(m.bearer_methods_supported).toEqual(['header']);
    }
  });

  it('uses KONTOR_PUBLIC_URL as issuer when configured', async () => {
    const t2 = await makeTestApp({ env: { KONTOR_PUBLIC_URL: 'https://kontor.example.test' } });
    try {
      const m = (await (await t2.request('/.well-known/oauth-authorization-server')).json()) as Json;
      expect(m.issuer).toBe('https://kontor.example.test');
      const r = await t2.request('/api/v1/me');
      expect(r.headers.get('www-authenticate')).toBe('Bearer resource_metadata="https://kontor.example.test/.well-known/oauth-protected-resource/api/v1"');
    } finally {
      await t2.dispose();
    }
  });
});

describe('dynamic client registration', () => {
  it('gives a public client no secret and a confidential one a secret that never expires', async () => {
    const pub = (await (await register(t, { client_name: 'CLI', redirect_uris: ['http://127.0.0.1:33418/cb'], token_endpoint_auth_method: 'none' })).json()) as Json;
    OAuthClientInformationFullSchema.parse(pub);
    expect(pub.client_id).toMatch(/^kontor_ci_/);
    expect(pub).not.toHaveProperty('client_secret');
    expect(pub.token_endpoint_auth_method).toBe('none');
    const conf = (await (await register(t, { client_name: 'Server', redirect_uris: [REDIRECT] })).json()) as Json;
    OAuthClientInformationFullSchema.parse(conf);
    expect(conf.client_secret).toMatch(/^kontor_cs_/);
    expect(conf.client_secret_expires_at).toBe(0);
    expect(conf.token_endpoint_auth_method).toBe('client_secret_basic');
  });

  it('refuses bad metadata with RFC 7591 error codes', async () => {
    const cases: [Json, string][] = [
      [{ redirect_uris: ['http://evil.example.test/cb'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['https://a.example.test/cb#frag'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: [] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['not a url'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata'],
      [{ redirect_uris: [REDIRECT], grant_types: ['implicit'] }, 'invalid_client_metadata'],
      [{ redirect_uris: [REDIRECT], scope: 'admin' }, 'invalid_client_metadata'],
    ];
    for (const [body, code] of cases) {
      const r = await register(t, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      const e = OAuthErrorResponseSchema.parse(await r.json());
      expect(e.error).toBe(code);
    }
    const notJson = await t.request('/api/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
  });
});

describe('PKCE and redirect matching', () => {
  it('computes the RFC 7636 appendix B challenge', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
  it('matches exactly, except the port of loopback URIs', () => {
    expect(redirectMatches([REDIRECT], REDIRECT)).toBe(true);
    expect(redirectMatches([REDIRECT], REDIRECT + '/')).toBe(false);
    expect(redirectMatches([REDIRECT], REDIRECT + '?x=1')).toBe(false);
    expect(redirectMatches(['http://127.0.0.1:1234/cb'], 'http://127.0.0.1:5555/cb')).toBe(true);
    expect(redirectMatches(['http://127.0.0.1:1234/cb'], 'http://127.0.0.1:5555/other')).toBe(false);
    expect(redirectMatches(['http://127.0.0.1:1234/cb'], 'http://localhost:1234/cb')).toBe(false);
  });
});

describe('authorization code flow', () => {
  it('runs sign-in, consent, code, token, /me, scoped routes, refresh rotation, reuse detection and revocation', async () => {
    const clientId = await publicClient();
    const who = await person(t, { plan: 'converter' });
    const jar = new Jar();
    const p = pkce();
    const q = {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: p.challenge,
      code_challenge_method: 'S256',
      state: 'xyz',
      scope: 'invoice:create',
      resource: `${ORIGIN}/api/v1`,
    };
    // Not signed in: to the sign-in page, which comes back to /authorize.
    const first = await browse(t, jar, `/api/oauth/authorize?${new URLSearchParams(q)}`);
    expect(first.status).toBe(302);
    const signinUrl = first.headers.get('location')!;
    expect(signinUrl).toMatch(/^\/account\/signin\?next=/);
    const next = new URL(signinUrl, ORIGIN).searchParams.get('next')!;
    expect((await signIn(t, jar, who, next)).headers.get('location')).toBe(next);
    const consent = await browse(t, jar, next);
    expect(consent.status).toBe(200);
    const page = await consent.text();
    expect(page).toContain('Test client');
    expect(consent.headers.get('content-security-policy')).toContain("form-action 'self' https://client.example.test");
    const r = await authorize(t, jar, q);
    expect(r.status).toBe(302);
    const loc = new URL(r.headers.get('location')!);
    expect(loc.origin + loc.pathname).toBe(REDIRECT);
    expect(loc.searchParams.get('state')).toBe('xyz');
    expect(loc.searchParams.get('iss')).toBe(ORIGIN);
    const code = loc.searchParams.get('code')!;
    expect(code).toMatch(/^kontor_ac_/);

    const tr = await token(t, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: p.verifier, resource: `${ORIGIN}/api/v1` });
    expect(tr.status).toBe(200);
    expect(tr.headers.get('cache-control')).toBe('no-store');
    const tokens = OAuthTokensSchema.parse(await tr.json());
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe('invoice:create');
    expect(tokens.access_token).toMatch(/^kontor_at_/);
    expect(tokens.refresh_token).toMatch(/^kontor_rt_/);

    const me = (await (await t.request('/api/v1/me', { key: tokens.access_token })).json()) as Json;
    expect(me.email).toBe(who.email);
    expect(me.scopes).toEqual(['invoice:create']);
    // /verify needs invoice:verify which was not consented.
    const v = await t.request('/api/v1/verify', { method: 'POST', key: tokens.access_token, body: new FormData() });
    expect(v.status).toBe(403);
    expect(((await v.json()) as Json).code).toBe('insufficient_scope');
    expect(v.headers.get('www-authenticate')).toMatch(
      /^Bearer error="insufficient_scope", scope="invoice:verify", resource_metadata="http:\/\/localhost\/\.well-known\/oauth-protected-resource\/api\/v1"$/,
    );
    // /invoices needs invoice:create which was: the scope check passes (the empty body is then the problem).
    const inv = await t.request('/api/v1/invoices', { method: 'POST', key: tokens.access_token, headers: { 'content-type': 'application/json' }, body: '{}' });
    expect([400, 422]).toContain(inv.status);

    // Refresh: rotation.
    const r1 = await token(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: clientId });
    expect(r1.status).toBe(200);
    const t1 = OAuthTokensSchema.parse(await r1.json());
    expect(t1.refresh_token).not.toBe(tokens.refresh_token);
    expect((await t.request('/api/v1/me', { key: t1.access_token })).status).toBe(200);
    // Replaying the rotated refresh token: invalid_grant and the whole family is revoked.
    const replay = await token(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: clientId });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as Json).error).toBe('invalid_grant');
    const dead = await t.request('/api/v1/me', { key: t1.access_token });
    expect(dead.status).toBe(401);
    expect(dead.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(dead.headers.get('www-authenticate')).toContain('resource_metadata="http://localhost/.well-known/oauth-protected-resource/api/v1"');
    const again = await token(t, { grant_type: 'refresh_token', refresh_token: t1.refresh_token!, client_id: clientId });
    expect(((await again.json()) as Json).error).toBe('invalid_grant');

    // A new grant, then revocation of the refresh token kills its access token too.
    const c2 = await codeFor(clientId, 'invoice:verify', jar);
    const t2 = (await (await token(t, { grant_type: 'authorization_code', code: c2.code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: c2.verifier })).json()) as Json;
    expect((await t.request('/api/v1/me', { key: t2.access_token })).status).toBe(200);
    const rv = await t.request('/api/oauth/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: t2.refresh_token, client_id: clientId, token_type_hint: 'refresh_token' }).toString(),
    });
    expect(rv.status).toBe(200);
    expect((await t.request('/api/v1/me', { key: t2.access_token })).status).toBe(401);
    // Unknown tokens are fine (RFC 7009).
    const rv2 = await t.request('/api/oauth/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'nonsense', client_id: clientId }).toString(),
    });
    expect(rv2.status).toBe(200);
  });

  it('denial goes back as access_denied with the state', async () => {
    const clientId = await publicClient();
    const who = await person(t);
    const jar = new Jar();
    await signIn(t, jar, who);
    const p = pkce();
    const r = await authorize(
      t,
      jar,
      { response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: p.challenge, code_challenge_method: 'S256', state: 's', scope: 'invoice:verify' },
      'deny',
    );
    const loc = new URL(r.headers.get('location')!);
    expect(loc.searchParams.get('error')).toBe('access_denied');
    expect(loc.searchParams.get('state')).toBe('s');
    expect(loc.searchParams.get('code')).toBeNull();
  });

  it('API keys keep working with scopes null, on every scoped route', async () => {
    const a = await t.account();
    const me = (await (await t.request('/api/v1/me', { key: a.key })).json()) as Json;
    expect(me.scopes).toBeNull();
    const v = await t.request('/api/v1/verify', { method: 'POST', key: a.key, body: new FormData() });
    expect(v.status).not.toBe(403);
    expect(v.status).not.toBe(401);
  });

  it('answers every 401 with WWW-Authenticate and resource_metadata', async () => {
    const none = await t.request('/api/v1/me');
    expect(none.status).toBe(401);
    expect(((await none.json()) as Json).code).toBe('auth_required');
    expect(none.headers.get('www-authenticate')).toBe('Bearer resource_metadata="http://localhost/.well-known/oauth-protected-resource/api/v1"');
    for (const key of ['kontor_sk_wrong', 'kontor_at_wrong', 'something-else']) {
      const r = await t.request('/api/v1/me', { key });
      expect(r.status).toBe(401);
      expect(((await r.json()) as Json).code).toBe('invalid_key');
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="http:\/\/localhost\/\.well-known\/oauth-protected-resource\/api\/v1", error="invalid_token"/);
    }
    const basic = await t.request('/api/v1/me', { headers: { authorization: 'Basic eDp5' } });
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toContain('resource_metadata=');
  });
});

describe('negative cases', () => {
  const q = (clientId: string, challenge: string, extra: Record<string, string> = {}) => ({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st',
    scope: 'invoice:verify',
    ...extra,
  });

  it('refuses a missing or wrong code_verifier', async () => {
    const clientId = await publicClient();
    const a = await codeFor(clientId);
    const missing = await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: clientId });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Json).error).toBe('invalid_request');
    const wrong = await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Json).error).toBe('invalid_grant');
    // The code is spent by the failed attempt: the right verifier no longer helps.
    const late = await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: a.verifier });
    expect(((await late.json()) as Json).error).toBe('invalid_grant');
  });

  it('refuses plain PKCE and a missing challenge with a redirect error', async () => {
    const clientId = await publicClient();
    const who = await person(t);
    const jar = new Jar();
    await signIn(t, jar, who);
    const p = pkce();
    const variants: Record<string, string>[] = [{ code_challenge_method: 'plain', code_challenge: p.verifier.slice(0, 43) }, { code_challenge: '' }, { code_challenge_method: '' }];
    for (const extra of variants) {
      const params = q(clientId, p.challenge, extra);
      const r = await browse(t, jar, `/api/oauth/authorize?${new URLSearchParams(Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '')))}`);
      expect(r.status).toBe(302);
      const loc = new URL(r.headers.get('location')!);
      expect(loc.origin + loc.pathname).toBe(REDIRECT);
      expect(loc.searchParams.get('error')).toBe('invalid_request');
      expect(loc.searchParams.get('state')).toBe('st');
      expect(loc.searchParams.get('code')).toBeNull();
    }
    const scope = await browse(t, jar, `/api/oauth/authorize?${new URLSearchParams(q(clientId, p.challenge, { scope: 'admin' }))}`);
    expect(new URL(scope.headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');
    const target = await browse(t, jar, `/api/oauth/authorize?${new URLSearchParams(q(clientId, p.challenge, { resource: 'https://elsewhere.example.test/' }))}`);
    expect(new URL(target.headers.get('location')!).searchParams.get('error')).toBe('invalid_target');
    const rt = await browse(t, jar, `/api/oauth/authorize?${new URLSearchParams(q(clientId, p.challenge, { response_type: 'token' }))}`);
    expect(new URL(rt.headers.get('location')!).searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('never redirects to an unregistered redirect URI or for an unknown client', async () => {
    const clientId = await publicClient();
    const p = pkce();
    for (const params of [
      q(clientId, p.challenge, { redirect_uri: 'https://attacker.example.test/callback' }),
      q(clientId, p.challenge, { redirect_uri: REDIRECT + '/x' }),
      q('kontor_ci_unknown', p.challenge),
    ]) {
      const r = await t.request(`/api/oauth/authorize?${new URLSearchParams(params)}`);
      expect(r.status).toBe(400);
      expect(r.headers.get('location')).toBeNull();
      expect(await r.text()).not.toMatch(/href="https:\/\/attacker/);
      const de = await t.request(`/api/oauth/authorize?${new URLSearchParams(params)}`, { headers: { 'accept-language': 'de' } });
      expect(await de.text()).toMatch(/Anwendung ist unbekannt|passt zu keiner/);
    }
  });

  it('refuses an expired code and a redirect_uri different from the authorization request', async () => {
    const clientId = await publicClient();
    const a = await codeFor(clientId);
    const saved = clock.now;
    clock.set(new Date(saved.getTime() + 5 * 60_000 + 1000).toISOString());
    try {
      const r = await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: a.verifier });
      expect(r.status).toBe(400);
      expect(OAuthErrorResponseSchema.parse(await r.json()).error).toBe('invalid_grant');
    } finally {
      clock.now = saved;
    }
    const b = await codeFor(clientId);
    const r2 = await token(t, { grant_type: 'authorization_code', code: b.code, redirect_uri: 'https://client.example.test/other', client_id: clientId, code_verifier: b.verifier });
    expect(((await r2.json()) as Json).error).toBe('invalid_grant');
  });

  it('a replayed code fails and revokes the tokens it issued', async () => {
    const clientId = await publicClient();
    const a = await codeFor(clientId);
    const ok = (await (await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: a.verifier })).json()) as Json;
    expect((await t.request('/api/v1/me', { key: ok.access_token })).status).toBe(200);
    const replay = await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: a.verifier });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as Json).error).toBe('invalid_grant');
    expect((await t.request('/api/v1/me', { key: ok.access_token })).status).toBe(401);
    expect(((await (await token(t, { grant_type: 'refresh_token', refresh_token: ok.refresh_token, client_id: clientId })).json()) as Json).error).toBe('invalid_grant');
  });

  it('refuses a code or refresh token presented by another client', async () => {
    const clientId = await publicClient();
    const other = await publicClient();
    const a = await codeFor(clientId);
    const r = await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: other, code_verifier: a.verifier });
    expect(((await r.json()) as Json).error).toBe('invalid_grant');
    const b = await codeFor(clientId);
    const tk = (await (await token(t, { grant_type: 'authorization_code', code: b.code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: b.verifier })).json()) as Json;
    const rr = await token(t, { grant_type: 'refresh_token', refresh_token: tk.refresh_token, client_id: other });
    expect(((await rr.json()) as Json).error).toBe('invalid_grant');
    const unknown = await token(t, { grant_type: 'refresh_token', refresh_token: tk.refresh_token, client_id: 'kontor_ci_nobody' });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as Json).error).toBe('invalid_client');
  });

  it('refuses scope escalation on refresh but allows narrowing', async () => {
    const clientId = await publicClient();
    const a = await codeFor(clientId, 'invoice:verify');
    const tk = (await (await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: a.verifier })).json()) as Json;
    const up = await token(t, { grant_type: 'refresh_token', refresh_token: tk.refresh_token, client_id: clientId, scope: 'invoice:verify invoice:create' });
    expect(up.status).toBe(400);
    expect(((await up.json()) as Json).error).toBe('invalid_scope');
    // The refused attempt did not rotate the token.
    const same = await token(t, { grant_type: 'refresh_token', refresh_token: tk.refresh_token, client_id: clientId, scope: 'invoice:verify' });
    expect(same.status).toBe(200);
    expect(((await same.json()) as Json).scope).toBe('invoice:verify');
  });

  it('refuses a consent POST without the CSRF token (no code, no redirect)', async () => {
    const clientId = await publicClient();
    const who = await person(t);
    const jar = new Jar();
    await signIn(t, jar, who);
    const p = pkce();
    const r = await postForm(t, jar, '/api/oauth/authorize', { ...q(clientId, p.challenge), decision: 'allow' });
    expect(r.status).toBe(403);
    expect(r.headers.get('location')).toBeNull();
    const r2 = await postForm(t, jar, '/api/oauth/authorize', { ...q(clientId, p.challenge), decision: 'allow', csrf: 'forged' });
    expect(r2.status).toBe(403);
  });

  it('issues a new session id at sign-in (no session fixation) and ends it at sign-out', async () => {
    const who = await person(t);
    const jar = new Jar();
    jar.cookies.set('kontor_session', 'attacker-chosen-session-id-0000000000000000');
    await browse(t, jar, '/account/signin');
    const before = jar.cookies.get('kontor_session');
    const r = await signIn(t, jar, who);
    expect(r.status).toBe(303);
    const after = jar.cookies.get('kontor_session')!;
    expect(after).not.toBe(before);
    expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookieLine = r.headers.getSetCookie().find((l) => l.startsWith('kontor_session='))!;
    expect(cookieLine).toMatch(/HttpOnly/);
    expect(cookieLine).toMatch(/SameSite=Lax/);
    // A signed-in session taken over from before sign-in would stay valid: the old id must not work.
    const old = new Jar();
    old.cookies.set('kontor_session', before ?? 'x');
    expect((await browse(t, old, '/account')).status).toBe(302);
    const acc = await browse(t, jar, '/account');
    expect(acc.status).toBe(200);
    const csrf = hiddenValue(await acc.text(), 'csrf');
    expect((await postForm(t, jar, '/account/signout', { csrf })).status).toBe(303);
    const reuse = new Jar();
    reuse.cookies.set('kontor_session', after);
    expect((await browse(t, reuse, '/account')).status).toBe(302);
  });

  it('confidential clients must authenticate with their secret; blocked clients stop working', async () => {
    const reg = (await (await register(t, { client_name: 'Conf', redirect_uris: [REDIRECT] })).json()) as Json;
    const a = await codeFor(reg.client_id);
    const noSecret = await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: reg.client_id, code_verifier: a.verifier });
    expect(noSecret.status).toBe(401);
    expect(((await noSecret.json()) as Json).error).toBe('invalid_client');
    const basic = (id: string, s: string) => ({ authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(s)}`).toString('base64')}` });
    const bad = await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, code_verifier: a.verifier }, basic(reg.client_id, 'kontor_cs_wrong'));
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/^Basic/);
    const b = await codeFor(reg.client_id);
    const ok = await token(t, { grant_type: 'authorization_code', code: b.code, redirect_uri: REDIRECT, code_verifier: b.verifier }, basic(reg.client_id, reg.client_secret));
    expect(ok.status).toBe(200);
    const tk = (await ok.json()) as Json;
    expect(await new OAuthServer(t.services.db, t.services.clock).blockClient(reg.client_id)).toBe(true);
    expect((await t.request('/api/v1/me', { key: tk.access_token })).status).toBe(401);
    const after = await t.request(`/api/oauth/authorize?${new URLSearchParams(q(reg.client_id, pkce().challenge))}`);
    expect(after.status).toBe(400);
  });

  it('form errors: wrong content type, unknown grant type, repeated parameters', async () => {
    const clientId = await publicClient();
    const j = await t.request('/api/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'authorization_code' }) });
    expect(((await j.json()) as Json).error).toBe('invalid_request');
    expect(((await (await token(t, { grant_type: 'password', client_id: clientId })).json()) as Json).error).toBe('unsupported_grant_type');
    const rep = await t.request('/api/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&client_id=${clientId}&client_id=${clientId}`,
    });
    expect(((await rep.json()) as Json).error).toBe('invalid_request');
  });
});

describe('browser session on /payments/*', () => {
  it('authenticates payment routes with the session cookie, needs the CSRF header to change state, and adds no CORS headers', async () => {
    const who = await person(t, { plan: 'payments' });
    const jar = new Jar();
    await signIn(t, jar, who);
    const csrf = hiddenValue(await (await browse(t, jar, '/account')).text(), 'csrf');
    const body = '{}';
    const noCsrf = await browse(t, jar, '/api/v1/payments/sepa', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example.test' }, body });
    expect(noCsrf.status).toBe(401);
    expect(noCsrf.headers.get('www-authenticate')).toContain('resource_metadata=');
    expect(noCsrf.headers.get('access-control-allow-origin')).toBeNull();
    const forged = await browse(t, jar, '/api/v1/payments/sepa', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': 'guess' }, body });
    expect(forged.status).toBe(401);
    const withCsrf = await browse(t, jar, '/api/v1/payments/sepa', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body });
    expect([400, 422]).toContain(withCsrf.status);
    expect(withCsrf.headers.get('access-control-allow-origin')).toBeNull();
    // Reading needs no CSRF token; the feature check decides.
    const look = await browse(t, jar, '/api/v1/payments/bank-lookup?country=AT&bankCode=1');
    expect(look.status).toBe(200);
    expect(await look.json()).toEqual({ found: false, reason: 'unsupported_country' });
    // Other routes do not take the session.
    expect((await browse(t, jar, '/api/v1/me')).status).toBe(401);
    // An account without the payments feature is refused by the feature check, not by authentication.
    const poor = await person(t);
    const pj = new Jar();
    await signIn(t, pj, poor);
    const refused = await browse(t, pj, '/api/v1/payments/bank-lookup?country=AT&bankCode=1');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).code).toBe('subscription_required');
  });
});

describe('housekeeping', () => {
  it('purges expired tokens, codes and sessions but keeps live ones', async () => {
    const clientId = await publicClient();
    const a = await codeFor(clientId);
    const live = (await (await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: a.verifier })).json()) as Json;
    const o = new OAuthServer(t.services.db, t.services.clock);
    await o.purgeExpired();
    expect((await t.request('/api/v1/me', { key: live.access_token })).status).toBe(200);
    const saved = clock.now;
    try {
      clock.set(new Date(saved.getTime() + 2 * 3600_000).toISOString());
      expect(await o.purgeExpired()).toBeGreaterThanOrEqual(1);
      // The refresh token (180 days) survives the purge of its expired access token.
      expect((await token(t, { grant_type: 'refresh_token', refresh_token: live.refresh_token, client_id: clientId })).status).toBe(200);
    } finally {
      clock.now = saved;
    }
  });
});

describe('connected applications in the account', () => {
  it('lists the consent and revoking it ends every token of that application', async () => {
    const clientId = await publicClient({ client_name: 'Linked tool 7' });
    const a = await codeFor(clientId, 'invoice:verify');
    const tk = (await (await token(t, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: a.verifier })).json()) as Json;
    const page = await (await browse(t, a.jar, '/account')).text();
    expect(page).toContain('Linked tool 7');
    const csrf = hiddenValue(page, 'csrf');
    expect((await postForm(t, a.jar, `/account/consents/${clientId}/revoke`, { csrf })).status).toBe(303);
    expect((await t.request('/api/v1/me', { key: tk.access_token })).status).toBe(401);
    expect(((await (await token(t, { grant_type: 'refresh_token', refresh_token: tk.refresh_token, client_id: clientId })).json()) as Json).error).toBe('invalid_grant');
    const after = await (await browse(t, a.jar, '/account')).text();
    expect(after).not.toContain('Linked tool 7');
  });
});

describe('consent page', () => {
  it('escapes the client name and the echoed parameters', async () => {
    const evil = '<img src=x onerror=alert(1)>"';
    const clientId = await publicClient({ client_name: evil });
    const who = await person(t);
    const jar = new Jar();
    await signIn(t, jar, who);
    const p = pkce();
    const r = await browse(
      t,
      jar,
      `/api/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: p.challenge, code_challenge_method: 'S256', state: '"><script>x</script>', scope: 'invoice:verify' })}`,
    );
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;');
    expect(hiddenValue(html, 'state')).toBe('"><script>x</script>');
  });
});
