import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { defineRoute } from './registry';
import { ApiError } from './errors';
import { withCharge } from '../billing/billing';
import { loadConfig } from '../config';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';

const TOKEN = 'a-metrics-token-for-tests';

const charged = defineRoute({
  method: 'post',
  path: '/test/metrics-charged',
  operationId: 'testMetricsCharged',
  summary: 'test only',
  tags: ['test'],
  auth: 'required',
  json: v.object({ fail: v.boolean() }),
  responses: { 200: { description: 'ok' } },
  errors: [],
  handler: async ({ c, services, account, body }) => {
    const charge = await services.billing.reserveSubscriptionOrCredit(account, 'XML invoice', false);
    const { billing } = await withCharge(charge, async () => {
      if (body.fail) throw new ApiError(400, 'invalid_input', 'rejected');
      return true;
    });
    return c.json({ billing });
  },
});

describe('GET /metrics', () => {
  let t: TestApp;
  let upstream: http.Server;
  let upstreamUrl = '';
  beforeAll(async () => {
    // A stand-in upstream (answers 200 on /ok, 503 elsewhere) configured as the VIES base URL.
    upstream = http.createServer((req, res) => {
      res.statusCode = req.url?.endsWith('/ok') ? 200 : 503;
      res.end('{}');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    t = await makeTestApp({ routes: [charged], env: { KONTOR_METRICS_TOKEN: TOKEN, KONTOR_VIES_URL: `${upstreamUrl}/vies` } });
  });
  afterAll(async () => {
    await t.dispose();
    await new Promise<void>((r) => upstream.close(() => r()));
  });

  const scrape = async () => {
    const r = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    return r.text();
  };

  it('needs the configured token (constant-time compare), answering with the error envelope', async () => {
    const none = await t.request('/metrics');
    expect(none.status).toBe(401);
    expect(((await none.json()) as { code: string }).code).toBe('auth_required');
    expect((await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('refuses a metrics token shorter than 16 characters at start', () => {
    expect(() => loadConfig({ KONTOR_METRICS_TOKEN: 'short' })).toThrow(/KONTOR_METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ KONTOR_METRICS_PORT: '70000' })).toThrow(/KONTOR_METRICS_PORT: must be at most 65535/);
  });

  it('is not served on the main port without a token', async () => {
    const bare = await makeTestApp();
    try {
      expect((await bare.request('/metrics')).status).toBe(404);
    } finally {
      await bare.dispose();
    }
  });

  it('counts requests by route pattern and status, and charges and refunds by operation', async () => {
    const a = await t.account({ credits: 5 });
    const post = (fail: boolean) => t.request('/api/v1/test/metrics-charged', { method: 'POST', key: a.key, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fail }) });
    expect((await post(false)).status).toBe(200);
    expect((await post(false)).status).toBe(200);
    expect((await post(true)).status).toBe(400);
    await t.request('/api/v1/nope');
    const text = await scrape();
    expect(text).toContain('kontor_http_requests_total{method="POST",route="/api/v1/test/metrics-charged",status="200"} 2');
    expect(text).toContain('kontor_http_requests_total{method="POST",route="/api/v1/test/metrics-charged",status="400"} 1');
    expect(text).toContain('kontor_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toContain('kontor_http_request_duration_seconds_count{method="POST",route="/api/v1/test/metrics-charged",status="200"} 2');
    expect(text).toContain('kontor_charges_total{operation="subscriptionOrCredit",via="credit"} 2');
    expect(text).toContain('kontor_refunds_total{operation="subscriptionOrCredit",via="credit"} 1');
    expect((await t.services.accounts.byId(a.id))!.credits).toBe(3);
  });

  it('times the XSD engine and counts upstream calls and failures', async () => {
    t.services.schemaStore.validate('cii-d16b', '<x/>');
    await fetch(`${upstreamUrl}/vies/ok`);
    await fetch(`${upstreamUrl}/vies/down`);
    const text = await scrape();
    expect(text).toContain('kontor_engine_duration_seconds_count{engine="xsd",outcome="ok"} 1');
    expect(text).toContain('kontor_upstream_requests_total{upstream="vies",outcome="ok"} 1');
    expect(text).toContain('kontor_upstream_requests_total{upstream="vies",outcome="failed"} 1');
  });

  it.runIf(corpusAvailable())('times worker jobs by kind and counts a free-quota charge of a real route', async () => {
    const a = await t.account();
    const xml = readFileSync(path.join(corpusDir, 'payments/samples/camt.053.001.08/camt_parser__valid_example_v8.xml'), 'utf8');
    const r = await t.request('/api/v1/statements/parse', { method: 'POST', key: a.key, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ xml }) });
    expect(r.status).toBe(200);
    const text = await scrape();
    expect(text).toContain('kontor_engine_duration_seconds_count{engine="job:statements.parse",outcome="ok"} 1');
    expect(text).toContain('kontor_charges_total{operation="parse",via="free_quota"} 1');
    expect(text).toContain('kontor_http_requests_total{method="POST",route="/api/v1/statements/parse",status="200"} 1');
  });
});
