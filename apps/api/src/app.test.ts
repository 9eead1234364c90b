import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { makeTestApp, testDatabaseKind, type TestApp } from '../test/helpers';
import { allRoutes } from './routes';

let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  t = await makeTestApp({ log: (l) => logs.push(l) });
});
afterAll(() => t.dispose());

const envelope = async (r: Response) => {
  const b = (await r.json()) as Record<string, unknown>;
  expect(Object.keys(b).sort()).toEqual(['code', 'details', 'error']);
  return b as { error: string; code: string; details: unknown };
};

describe('platform', () => {
  it('serves /formats anonymously with both format entries', async () => {
    const r = await t.request('/api/v1/formats');
    expect(r.status).toBe(200);
    const b = (await r.json()) as { formats: { id: string; limits: { pdfMaxBytes: number } }[] };
    expect(b.formats.map((f) => f.id)).toEqual(['zugferd-en16931', 'xrechnung-cii-3.0', 'xrechnung-ubl-3.0']);
    expect(b.formats[0]!.limits.pdfMaxBytes).toBe(26214400);
  });

  it('answers 401 auth_required / invalid_key with the envelope', async () => {
    const none = await t.request('/api/v1/me');
    expect(none.status).toBe(401);
    expect((await envelope(none)).code).toBe('auth_required');
    const bad = await t.request('/api/v1/me', { key: 'kontor_sk_nope' });
    expect(bad.status).toBe(401);
    expect((await envelope(bad)).code).toBe('invalid_key');
    const other = await t.request('/api/v1/me', { headers: { authorization: 'Basic abc' } });
    expect((await envelope(other)).code).toBe('invalid_key');
  });

  it('GET /me follows spec §2.4 and revoked keys stop working', async () => {
    const a = await t.account({ plan: 'payments', credits: 3 });
    const r = await t.request('/api/v1/me', { key: a.key });
    expect(r.status).toBe(200);
    const me = (await r.json()) as Record<string, unknown>;
    expect(me).toMatchObject({
      email: a.email,
      credits: 3,
      subscription: { status: 'active', active: true, currentPeriodEnd: null, cancelAtPeriodEnd: false },
      scopes: null,
      capabilities: { verify: true, create: true },
      features: ['converter', 'payments'],
      fairUse: { limit: 100, used: 0, volumePackages: 0 },
    });
    const free = await t.account();
    const me2 = (await (await t.request('/api/v1/me', { key: free.key })).json()) as Record<string, unknown>;
    expect(me2.fairUse).toBeNull();
    expect(me2.features).toEqual([]);
    const keys = await t.services.keys.list(a.id);
    await t.services.keys.revoke(keys[0]!.id);
    const after = await t.request('/api/v1/me', { key: a.key });
    expect(after.status).toBe(401);
    expect((await envelope(after)).code).toBe('invalid_key');
  });

  it('stores keys only as hashes and records last use', async () => {
    const a = await t.account();
    await t.request('/api/v1/me', { key: a.key });
    const rows = await t.services.db.selectFrom('api_keys').selectAll().where('account_id', '=', a.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(a.key.slice(10));
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.last_used_at).not.toBeNull();
  });

  it('answers 404 and 405 with the envelope, and sends no CORS headers', async () => {
    const nf = await t.request('/api/v1/nope');
    expect(nf.status).toBe(404);
    expect((await envelope(nf)).code).toBe('not_found');
    const na = await t.request('/api/v1/formats', { method: 'POST' });
    expect(na.status).toBe(405);
    expect(na.headers.get('allow')).toContain('GET');
    expect((await envelope(na)).code).toBe('method_not_allowed');
    const pre = await t.request('/api/v1/me', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(pre.status).toBe(405);
    for (const r of [nf, na, pre, await t.request('/api/v1/formats', { headers: { origin: 'https://evil.example' } })]) {
      for (const h of r.headers.keys()) expect(h.startsWith('access-control-')).toBe(false);
    }
  });

  it('logs JSON lines with a request id, without secrets or query strings', async () => {
    const a = await t.account();
    logs.length = 0;
    const r = await t.request('/api/v1/me?secret=abc', { key: a.key, headers: { 'x-request-id': 'req-123' } });
    expect(r.headers.get('x-request-id')).toBe('req-123');
    const line = JSON.parse(logs.at(-1)!) as Record<string, unknown>;
    expect(line).toMatchObject({ requestId: 'req-123', method: 'GET', path: '/api/v1/me', status: 200, account: a.id });
    expect(logs.join('')).not.toContain(a.key);
    expect(logs.join('')).not.toContain('secret=abc');
  });

  it('serves healthz, an OpenAPI 3.1 description that validates, and a docs page', async () => {
    expect((await (await t.request('/healthz')).json()) as object).toEqual({ status: 'ok', database: testDatabaseKind() });
    const doc = (await (await t.request('/api/v1/openapi.json')).json()) as Record<string, any>;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');

    const res = await new Validator().validate(doc);
    expect(res.errors ?? null).toBeNull();
    expect(res.valid).toBe(true);
    // An API key, or an OAuth token (with the route's scope where one is needed).
    expect(doc.paths['/me'].get.security).toEqual([{ bearerAuth: [] }, { oauth2: [] }]);
    expect(doc.paths['/verify'].post.security).toEqual([{ bearerAuth: [] }, { oauth2: ['invoice:verify'] }]);
    expect(doc.paths['/invoices'].post.security).toEqual([{ bearerAuth: [] }, { oauth2: ['invoice:create'] }]);
    expect(doc.components.securitySchemes.oauth2.flows.authorizationCode.scopes).toHaveProperty('invoice:verify');
    expect(doc.paths['/formats'].get.security).toEqual([]);
    expect(doc.paths['/me'].get.responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    // every mounted route is described, with its method and operation id
    for (const r of allRoutes) expect(doc.paths[r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[r.method]?.operationId, `${r.method} ${r.path}`).toBe(r.operationId);
    const html = await (await t.request('/api/v1/docs')).text();
    expect(html).toContain('/me');
  });
});
