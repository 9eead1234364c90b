/**
 * The MCP server at /api/mcp over real HTTP: the SDK's client against the app listening on 127.0.0.1, every tool
 * with real corpus files, results and billing compared with the /api/v1 route for the same input.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { naptrHostname, parseParticipant } from '@kontor/peppol';
import { startDnsStandin, type DnsStandin } from '@kontor/testkit/dns-standin';
import { startDirectoryStandin, type HttpStandin } from '@kontor/testkit/peppol-standins';
import { startViesStandin, type ViesStandin } from '@kontor/testkit/vies-standin';
import { axzRun, sctRun } from '@kontor/testkit/payment-runs';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { Jar, authorize, person, pkce, register, signIn, token } from '../../test/oauth-client';
import { jsonSchemaOf } from '../platform/openapi';
import { allRoutes } from '../routes';
import { Hono } from 'hono';
import * as v from 'valibot';
import { errorResponse, toApiError } from '../platform/errors';
import { defineRoute, mountRoute } from '../platform/registry';
import type { AppEnv } from '../platform/services';
import { MCP_PATH, mountMcp } from './server';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpusDir = path.resolve(here, '../../../../../shared/corpus');
const einvoice = path.join(corpusDir, 'einvoice');
const payments = path.join(corpusDir, 'payments');
if (!existsSync(einvoice) || !existsSync(payments)) {
  // Corpus tests fail (never skip) in CI when ../shared/corpus is missing.
  throw new Error(`MCP tests need the corpus at ${corpusDir}`);
}
const corpus = (rel: string) => readFileSync(path.join(corpusDir, rel));
const HYBRID_PDF = 'einvoice/samples/pdf/zugferd-corpus/EN16931_Einfach.pdf';
const XRECHNUNG_XML = 'einvoice/instances/xrechnung/testsuite/technical-cases/cius/01.06_minimal_test_uncefact.xml';
const PAIN001 = 'payments/samples/pain.001.001.09/sepa_rator__pain.001.001.09.xml';
const CAMT053 = `payments/samples/camt.053.001.08/${readdirFirst('payments/samples/camt.053.001.08')}`;
function readdirFirst(rel: string): string {
  return readdirSync(path.join(corpusDir, rel))
    .filter((f) => f.endsWith('.xml'))
    .sort()[0]!;
}

const ZONE = 'sml.test.invalid';
const clock = testClock('2026-03-10T10:00:00Z');
const bankFixture = path.resolve(here, '../../../../packages/bankdata/test/fixtures/synthetic-blz.txt');
const invoiceFixture = (name: string) => JSON.parse(readFileSync(path.resolve(here, `../../../../packages/cii/test/fixtures/${name}.json`), 'utf8')) as Record<string, unknown>;

let vies: ViesStandin;
let dns: DnsStandin;
let directory: HttpStandin;
let t: TestApp;
let server: ServerType;
let base = '';

beforeAll(async () => {
  vies = await startViesStandin({ fixtures: { DE136695976: { valid: true, name: 'ACME GMBH', address: 'BERLIN' } } });
  dns = await startDnsStandin();
  directory = await startDirectoryStandin({ '0088:7300010000001': { name: [{ name: 'Beispiel GmbH' }], countryCode: 'DE' } }, { maxPerSecond: 100 });
  dns.set(naptrHostname(parseParticipant('0088:7300010000001'), ZONE), {
    naptr: [{ order: 100, preference: 10, flags: 'U', services: 'Meta:SMP', regexp: '!^.*$!https://127.0.0.1:1/smp!' }],
  });
  t = await makeTestApp({
    clock,
    env: {
      KONTOR_VIES_URL: vies.baseUrl,
      KONTOR_VIES_TIMEOUT_MS: '2000',
      KONTOR_SML_ZONE: ZONE,
      KONTOR_DNS_RESOLVER: dns.server,
      KONTOR_PEPPOL_DIRECTORY_URL: directory.baseUrl,
      KONTOR_BANKDATA_FILE: bankFixture,
    },
  });
  await t.services.schemaStore.installFrom(path.join(payments, 'xsd'));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  // a beforeAll that failed early leaves no server: nothing to wait for (waiting would hang the hook)
  if (server) await new Promise<void>((r) => server.close(() => r()));
  await t?.dispose();
  await Promise.all([vies?.close(), dns?.close(), directory?.close()]);
});

async function connect(key: string, protocolVersion?: string): Promise<Client> {
  const client = new Client({ name: 'kontor-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(MCP_PATH, base), { requestInit: { headers: { authorization: `Bearer ${key}` } } });
  await client.connect(transport);
  if (protocolVersion) expect(transport.protocolVersion).toBe(protocolVersion);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult & { structuredContent: Record<string, unknown> }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: Record<string, unknown> };
}

async function http1(p: string, key: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${key}`);
  const r = await fetch(`${base}/api/v1${p}`, { ...init, headers });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}
const postJson = (p: string, key: string, body: unknown, accept = 'application/json') =>
  http1(p, key, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: JSON.stringify(body) });
function postPdf(p: string, key: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('pdf', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), 'invoice.pdf');
  return http1(p, key, { method: 'POST', body: form });
}
const credits = async (key: string) => (await http1('/me', key)).body.credits as number;

function rpc(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${MCP_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });
}
const initialize = (v: string) => ({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: v, capabilities: {}, clientInfo: { name: 't', version: '1' } } });

describe('transport and auth', () => {
  it('answers 401 with WWW-Authenticate naming the protected-resource metadata when no credential is sent', async () => {
    const r = await rpc(initialize('2025-06-18'));
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/api/mcp", scope="invoice:verify invoice:create"`);
    expect(await r.json()).toMatchObject({ code: 'auth_required', details: null });
    const bad = await rpc(initialize('2025-06-18'), { authorization: 'Bearer kontor_sk_not-a-real-key' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(bad.headers.get('www-authenticate')).toContain('resource_metadata=');
    expect(((await bad.json()) as { code: string }).code).toBe('invalid_key');
  });

  it('speaks 2025-06-18 and 2025-11-25, answers an older request with the latest, refuses unknown versions on later requests', async () => {
    const { key } = await t.account();
    const auth = { authorization: `Bearer ${key}` };
    for (const [asked, answered] of [
      ['2025-06-18', '2025-06-18'],
      ['2025-11-25', '2025-11-25'],
      ['2024-11-05', '2025-11-25'],
    ]) {
      const r = await rpc(initialize(asked!), auth);
      expect(r.status).toBe(200);
      expect(r.headers.get('mcp-session-id')).toBeNull(); // stateless
      const body = (await r.json()) as { result: { protocolVersion: string; capabilities: Record<string, unknown>; serverInfo: { name: string } } };
      expect(body.result).toMatchObject({ protocolVersion: answered, capabilities: { tools: {} }, serverInfo: { name: 'kontor' } });
    }
    const old = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...auth, 'mcp-protocol-version': '2025-03-26' });
    expect(old.status).toBe(400);
    const ok = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...auth, 'mcp-protocol-version': '2025-06-18' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(10);
    const notJson = await fetch(`${base}${MCP_PATH}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const foreign = await rpc(initialize('2025-06-18'), { ...auth, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await rpc(initialize('2025-06-18'), { ...auth, origin: base })).status).toBe(200);
    const get = await fetch(`${base}${MCP_PATH}`, { headers: { ...auth, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('lists the ten tools with input schemas generated from the routes’ own schemas', async () => {
    const { key } = await t.account();
    const client = await connect(key, '2025-11-25');
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(
      [
        'check_peppol_participant',
        'check_vat_id',
        'create_payment_file',
        'create_zugferd',
        'extract_invoice',
        'parse_bank_statement',
        'validate_bank_statement',
        'validate_invoice_xml',
        'validate_payment_file',
        'verify_zugferd',
      ].sort(),
    );
    const byName = new Map(tools.map((x) => [x.name, x]));
    const route = (op: string) => allRoutes.find((r) => r.operationId === op)!;
    expect(byName.get('validate_payment_file')!.inputSchema).toEqual({ ...jsonSchemaOf(route('validatePaymentFile').json), type: 'object' });
    expect(byName.get('validate_invoice_xml')!.inputSchema.properties).toHaveProperty('profile.enum', ['auto', 'en16931', 'xrechnung']);
    expect(byName.get('check_vat_id')!.inputSchema).toMatchObject({ required: ['vatId'], properties: { vatId: { type: 'string', maxLength: 100 } } });
    expect(byName.get('verify_zugferd')!.inputSchema).toMatchObject({ required: ['pdf_base64'], properties: { pdf_base64: { type: 'string', contentEncoding: 'base64' } } });
    expect(byName.get('create_zugferd')!.inputSchema).toMatchObject({ required: ['invoice'], properties: { format: { enum: ['pdf', 'xml'] } } });
    expect(byName.get('create_payment_file')!.inputSchema).toMatchObject({ required: ['profile', 'run'], properties: { profile: { enum: ['sct', 'axz'] } } });
    expect(byName.get('verify_zugferd')!.annotations).toMatchObject({ readOnlyHint: true });
    await client.close();
  });
});

describe('every tool gives what its route gives, with the same billing', () => {
  it('check_vat_id and check_peppol_participant', async () => {
    const { key } = await t.account();
    const client = await connect(key);
    const http = await http1('/vat/check?vatId=DE136695976', key);
    const mcp = await call(client, 'check_vat_id', { vatId: 'DE136695976' });
    expect(mcp.isError).toBeFalsy();
    expect({ ...mcp.structuredContent, source: 'x' }).toEqual({ ...http.body, source: 'x' }); // the second lookup comes from the cache
    expect(mcp.structuredContent).toMatchObject({ status: 'valid', name: 'ACME GMBH' });
    expect(mcp.content).toEqual([{ type: 'text', text: 'DE136695976: valid — ACME GMBH' }]);
    const bad = await call(client, 'check_vat_id', { vatId: '' });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({ code: 'invalid_input', status: 400 });

    const p = await http1('/peppol/check?participant=0088:7300010000001', key);
    const m = await call(client, 'check_peppol_participant', { participant: '0088:7300010000001' });
    expect(m.isError).toBeFalsy();
    expect(m.structuredContent).toEqual(p.body);
    await client.close();
  });

  it('verify_zugferd on a corpus hybrid PDF (free)', async () => {
    const { key } = await t.account({ credits: 1 });
    const pdf = corpus(HYBRID_PDF);
    const http = await postPdf('/verify', key, pdf);
    expect(http.status).toBe(200);
    const client = await connect(key);
    const mcp = await call(client, 'verify_zugferd', { pdf_base64: pdf.toString('base64'), filename: 'EN16931_Einfach.pdf' });
    expect(mcp.isError).toBeFalsy();
    expect(mcp.structuredContent).toEqual(http.body);
    expect(mcp.content).toEqual([{ type: 'text', text: http.body.summary }]);
    expect(await credits(key)).toBe(1);
    // Not base64 and not a PDF: tool errors with the place, nothing charged.
    const notB64 = await call(client, 'verify_zugferd', { pdf_base64: '%%%not base64%%%' });
    expect(notB64).toMatchObject({ isError: true, structuredContent: { code: 'invalid_input', details: [{ path: 'pdf_base64' }] } });
    const xml = await call(client, 'verify_zugferd', { pdf_base64: corpus(XRECHNUNG_XML).toString('base64') });
    expect(xml).toMatchObject({ isError: true, structuredContent: { code: 'invalid_input', status: 400, details: [{ code: 'XML_NOT_ACCEPTED' }] } });
    await client.close();
  }, 60_000);

  it('validate_invoice_xml on a corpus XRechnung; a hostile XML is a tool error', async () => {
    const { key } = await t.account();
    const xml = corpus(XRECHNUNG_XML).toString('utf8');
    const http = await postJson('/invoices/validate', key, { xml });
    expect(http.status).toBe(200);
    const client = await connect(key);
    const mcp = await call(client, 'validate_invoice_xml', { xml });
    expect(mcp.structuredContent).toEqual(http.body);
    const b64 = await call(client, 'validate_invoice_xml', { file_base64: Buffer.from(xml).toString('base64'), profile: 'xrechnung' });
    expect(b64.isError).toBeFalsy();
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><x>&c;</x>`;
    const hostile = await call(client, 'validate_invoice_xml', { xml: bomb });
    const direct = await postJson('/invoices/validate', key, { xml: bomb });
    // The route's own answer to the entity bomb (no expansion), as a tool error when the route refuses it.
    expect(hostile.isError ?? false).toBe(direct.status !== 200);
    expect(hostile.structuredContent).toEqual(direct.status === 200 ? direct.body : { ...direct.body, status: direct.status });
    expect(JSON.stringify(hostile.structuredContent)).not.toContain('aaaaaaaaaaaaaaaaaaaa');
    // A 200,000-deep argument and 1e400: tool errors naming the place (no stack overflow in the SDK or the route).
    const deepText = `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"create_zugferd","arguments":{"invoice":${'['.repeat(200_000)}${']'.repeat(200_000)}}}}`;
    for (const text of [deepText, '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"create_zugferd","arguments":{"invoice":{"n":1e400}}}}']) {
      const r = await fetch(`${base}${MCP_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: text,
      });
      expect(r.status).toBe(200);
      const { result } = (await r.json()) as { result: CallToolResult };
      expect(result).toMatchObject({
        isError: true,
        structuredContent: {
          code: 'invalid_input',
          status: 400,
          details: [{ code: expect.stringMatching(/^(JSON_TOO_DEEP|NUMBER_NOT_FINITE)$/), path: expect.stringMatching(/^arguments\.invoice/) }],
        },
      });
    }
    const notToolDeep = await fetch(`${base}${MCP_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: `{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{"x":${'['.repeat(1000)}${']'.repeat(1000)}}}`,
    });
    expect(notToolDeep.status).toBe(400);
    expect(((await notToolDeep.json()) as { error: { code: number } }).error.code).toBe(-32600);
    const unknown = await call(client, 'validate_invoice_xml', { xml, extra: 1 });
    expect(unknown).toMatchObject({ isError: true, structuredContent: { code: 'invalid_input', status: 400 } });
    await client.close();
  });

  it('extract_invoice on a corpus hybrid PDF: one credit either way; without credit subscription_required', async () => {
    const a = await t.account({ credits: 1 });
    const b = await t.account({ credits: 1 });
    const pdf = corpus(HYBRID_PDF);
    const http = await postPdf('/extractions', a.key, pdf);
    expect(http.status).toBe(200);
    const client = await connect(b.key);
    const mcp = await call(client, 'extract_invoice', { pdf_base64: pdf.toString('base64') });
    expect(mcp.isError).toBeFalsy();
    expect(mcp.structuredContent).toEqual(http.body);
    expect(mcp.structuredContent.source).toBe('xml');
    expect([await credits(a.key), await credits(b.key)]).toEqual([0, 0]);
    const none = await call(client, 'extract_invoice', { pdf_base64: pdf.toString('base64') });
    expect(none).toMatchObject({ isError: true, structuredContent: { code: 'subscription_required', status: 403 } });
    expect(none.content).toEqual([{ type: 'text', text: expect.stringMatching(/^subscription_required: /) }]);
    await client.close();
  }, 60_000);

  it('create_zugferd: XML and PDF, one credit each as on POST /invoices', async () => {
    const a = await t.account({ credits: 2 });
    const b = await t.account({ credits: 2 });
    const invoice = invoiceFixture('01-minimal-en16931');
    const http = await postJson('/invoices?format=xml', a.key, { invoice });
    expect(http.status).toBe(200);
    const client = await connect(b.key);
    const mcp = await call(client, 'create_zugferd', { invoice, format: 'xml' });
    expect(mcp.isError).toBeFalsy();
    expect(mcp.structuredContent).toEqual(http.body);
    expect([await credits(a.key), await credits(b.key)]).toEqual([1, 1]);
    const pdf = await call(client, 'create_zugferd', { invoice });
    expect(pdf.isError).toBeFalsy();
    expect(
      Buffer.from(pdf.structuredContent.pdf_base64 as string, 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(pdf.content).toEqual([{ type: 'text', text: expect.stringMatching(/^Created the PDF\/A-3 ZUGFeRD invoice \(\d+ bytes\)/) }]);
    expect(await credits(b.key)).toBe(0);
    const invalid = await call(client, 'create_zugferd', { invoice: { ...invoice, seller: undefined }, format: 'xml' });
    const direct = await postJson('/invoices?format=xml', a.key, { invoice: { ...invoice, seller: undefined } });
    expect(invalid.isError).toBe(true);
    expect(invalid.structuredContent).toEqual({ ...direct.body, status: direct.status });
    expect([await credits(a.key), await credits(b.key)]).toEqual([1, 0]);
    await client.close();
  }, 120_000);

  it('validate_payment_file, validate_bank_statement, parse_bank_statement on corpus files: the same daily free quota', async () => {
    const a = await t.account();
    const b = await t.account();
    const client = await connect(b.key);
    for (const [tool, route, file] of [
      ['validate_payment_file', '/payments/validate', PAIN001],
      ['validate_bank_statement', '/statements/validate', CAMT053],
      ['parse_bank_statement', '/statements/parse', CAMT053],
    ] as const) {
      const file_base64 = corpus(file).toString('base64');
      const http = await postJson(route, a.key, { file_base64, filename: 'f.xml' });
      expect(http.status).toBe(200);
      const mcp = await call(client, tool, { file_base64, filename: 'f.xml' });
      expect(mcp.isError).toBeFalsy();
      expect(mcp.structuredContent).toEqual(http.body);
      expect(mcp.content).toEqual([{ type: 'text', text: http.body.summary }]);
      // No Accept-Language through MCP: the payment/statement default, German, applies (spec §2.6)
      expect(http.body.summary).toMatch(/Datei|Zahlung|gelesen|geprüft/);
    }
    const billing = (await call(client, 'validate_payment_file', { xml: corpus(PAIN001).toString('utf8') })).structuredContent.result as { billing: Record<string, unknown> };
    const direct = (await postJson('/payments/validate', a.key, { xml: corpus(PAIN001).toString('utf8') })).body.result as { billing: Record<string, unknown> };
    expect(billing.billing).toEqual(direct.billing);
    expect(billing.billing).toMatchObject({ via: 'free_quota' });
    await client.close();
  }, 60_000);

  it('create_payment_file SCT and AXZ: the same file and the same feature checks as the routes', async () => {
    const pay = await t.account({ plan: 'payments' });
    const abroad = await t.account({ plan: 'payments+abroad' });
    const client = await connect(pay.key);
    const sct = await call(client, 'create_payment_file', { profile: 'sct', run: sctRun() });
    const http = await postJson('/payments/sepa', pay.key, sctRun());
    expect(sct.isError).toBeFalsy();
    expect(sct.structuredContent).toEqual(http.body);
    expect(sct.structuredContent.verification).toMatchObject({ passed: true });
    const noFeature = await call(client, 'create_payment_file', { profile: 'axz', run: axzRun() });
    expect(noFeature).toMatchObject({ isError: true, structuredContent: { code: 'subscription_required', status: 403 } });
    const c2 = await connect(abroad.key);
    const axz = await call(c2, 'create_payment_file', { profile: 'axz', run: axzRun() });
    expect(axz.structuredContent).toEqual((await postJson('/payments/axz', abroad.key, axzRun())).body);
    const broken = await call(c2, 'create_payment_file', { profile: 'axz', run: { ...axzRun(), payments: [] } });
    const direct = await postJson('/payments/axz', abroad.key, { ...axzRun(), payments: [] });
    expect(broken.isError).toBe(true);
    expect(broken.structuredContent).toEqual({ ...direct.body, status: direct.status });
    expect(await call(c2, 'create_payment_file', { profile: 'xyz', run: {} })).toMatchObject({ isError: true, structuredContent: { code: 'invalid_input', details: [{ path: 'profile' }] } });
    await client.close();
    await c2.close();
  }, 60_000);
});

describe('limits', () => {
  it('shares the route’s rate limit: 30 VAT checks a minute over HTTP and MCP together', async () => {
    const { key } = await t.account();
    for (let i = 0; i < 29; i++) expect((await http1('/vat/check?vatId=DE136695976', key)).status).toBe(200);
    const client = await connect(key);
    expect((await call(client, 'check_vat_id', { vatId: 'DE136695976' })).isError).toBeFalsy();
    const limited = await call(client, 'check_vat_id', { vatId: 'DE136695976' });
    expect(limited).toMatchObject({ isError: true, structuredContent: { code: 'rate_limited', status: 429 } });
    expect(limited.structuredContent.retryAfterSeconds).toBeGreaterThan(0);
    await client.close();
  });

  it('refuses a body above the limit while it streams (413) and a fifth concurrent request per credential (429)', async () => {
    const { key } = await t.account();
    const port = (server.address() as AddressInfo).port;
    // Four requests whose bodies never end hold their slots.
    const open: http.ClientRequest[] = [];
    const opened = Array.from({ length: 4 }, () => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: MCP_PATH,
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'transfer-encoding': 'chunked' },
      });
      req.on('error', () => undefined);
      req.write('{"jsonrpc":"2.0",');
      open.push(req);
      return req;
    });
    expect(opened).toHaveLength(4);
    // The slots are taken once the server has seen the four requests: poll until the fifth is refused.
    let status = 0;
    for (let i = 0; i < 200 && status !== 429; i++) {
      const r = await rpc(initialize('2025-06-18'), { authorization: `Bearer ${key}` });
      status = r.status;
      const body = (await r.json()) as { code?: string };
      if (status === 429) expect(body.code).toBe('rate_limited');
      else await new Promise((res) => setTimeout(res, 10));
    }
    expect(status).toBe(429);
    // Another credential is not affected.
    const other = await t.account();
    expect((await rpc(initialize('2025-06-18'), { authorization: `Bearer ${other.key}` })).status).toBe(200);
    for (const req of open) req.destroy();
    let after = 0;
    for (let i = 0; i < 200 && after !== 200; i++) {
      after = (await rpc(initialize('2025-06-18'), { authorization: `Bearer ${key}` })).status;
      if (after !== 200) await new Promise((res) => setTimeout(res, 10));
    }
    expect(after).toBe(200);

    const big = await fetch(`${base}${MCP_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'verify_zugferd', arguments: { pdf_base64: 'A'.repeat(40_000_000) } } }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'payload_too_large', details: { maxBytes: 40_000_000 } });
  }, 60_000);
});

describe('a tool whose route is missing or does not finish', () => {
  it('answers not_available for a missing capability and timeout for a call over its time limit, never a crash', async () => {
    const { key } = await t.account();
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    // A stand-in VAT route that only answers when released; no other route is mounted on this app.
    const slow = defineRoute({
      method: 'get',
      path: '/vat/check',
      operationId: 'checkVatId',
      summary: 'held',
      tags: [],
      auth: 'required',
      query: v.object({ vatId: v.string() }),
      responses: {},
      errors: [],
      handler: async ({ c }) => {
        await held;
        return c.json({ status: 'valid' });
      },
    });
    const app = new Hono<AppEnv>();
    mountRoute(app, '/api/v1', slow, t.services);
    mountMcp(app, t.services, [slow], { toolTimeoutMs: 200 });
    app.onError((e, c) => errorResponse(c, toApiError(e)));
    const callTool = async (name: string, args: Record<string, unknown>) => {
      const r = await app.request(MCP_PATH, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }),
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { result: CallToolResult }).result;
    };
    expect(await callTool('verify_zugferd', { pdf_base64: 'JVBERi0=' })).toMatchObject({ isError: true, structuredContent: { code: 'not_available' } });
    expect(await callTool('no_such_tool', {})).toMatchObject({ isError: true, structuredContent: { code: 'not_found' } });
    const timedOut = await callTool('check_vat_id', { vatId: 'DE136695976' });
    expect(timedOut).toMatchObject({ isError: true, structuredContent: { code: 'timeout' } });
    release();
    expect(await callTool('check_vat_id', { vatId: 'DE136695976' })).toMatchObject({ structuredContent: { status: 'valid' } });
    // tools/list still names every tool; the missing ones with an empty schema.
    const list = await app.request(MCP_PATH, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list' }),
    });
    expect(((await list.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(10);
  });
});

describe('OAuth access tokens', () => {
  /** The OAuth issue's browser helpers, driven over real HTTP against the listening server (origin = base). */
  const overHttp = () => ({ ...t, request: (p: string, init: RequestInit = {}) => fetch(`${base}${p}`, { ...init, redirect: 'manual' }) }) as unknown as TestApp;
  const REDIRECT = 'http://127.0.0.1:9/callback';

  /** Registers a public client, signs a person in and consents: tokens for `scope` bound to `resource`. */
  async function accessToken(scope: string, resource: string, plan: 'converter' | null = 'converter'): Promise<{ token: string; accountId: string; clientId: string }> {
    const h = overHttp();
    const reg = await register(h, { client_name: 'MCP test', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] });
    expect(reg.status).toBe(201);
    const clientId = ((await reg.json()) as { client_id: string }).client_id;
    const who = await person(t, { plan });
    const jar = new Jar();
    expect((await signIn(h, jar, who)).status).toBe(303);
    const p = pkce();
    const r = await authorize(h, jar, { response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: p.challenge, code_challenge_method: 'S256', state: 's', scope, resource });
    expect(r.status).toBe(302);
    const code = new URL(r.headers.get('location')!).searchParams.get('code')!;
    const tok = await token(h, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: clientId, code_verifier: p.verifier, resource });
    expect(tok.status).toBe(200);
    return { token: ((await tok.json()) as { access_token: string }).access_token, accountId: who.id, clientId };
  }

  it('an unauthenticated SDK client discovers the authorization server from the 401, signs in and calls tools', async () => {
    const h = overHttp();
    const who = await person(t, { plan: 'converter' });
    const jar = new Jar();
    expect((await signIn(h, jar, who)).status).toBe(303);
    let info: OAuthClientInformationMixed | undefined;
    let tokens: OAuthTokens | undefined;
    let verifier = '';
    let authUrl: URL | undefined;
    const provider: OAuthClientProvider = {
      redirectUrl: REDIRECT,
      clientMetadata: {
        client_name: 'MCP SDK test client',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      clientInformation: () => info,
      saveClientInformation: (i) => void (info = i),
      tokens: () => tokens,
      saveTokens: (x) => void (tokens = x),
      redirectToAuthorization: (u) => void (authUrl = u),
      saveCodeVerifier: (v) => void (verifier = v),
      codeVerifier: () => verifier,
    };
    const url = new URL(MCP_PATH, base);
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await expect(new Client({ name: 'sdk', version: '1' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    // The SDK registered itself (RFC 7591) and built the authorization URL from the discovered metadata.
    expect(info?.client_id).toMatch(/^kontor_ci_/);
    expect(authUrl!.origin + authUrl!.pathname).toBe(`${base}/api/oauth/authorize`);
    expect(authUrl!.searchParams.get('resource')).toBe(`${base}${MCP_PATH}`);
    expect(authUrl!.searchParams.get('code_challenge_method')).toBe('S256');
    const consent = await authorize(h, jar, Object.fromEntries(authUrl!.searchParams));
    expect(consent.status).toBe(302);
    await first.finishAuth(new URL(consent.headers.get('location')!).searchParams.get('code')!);
    expect(tokens?.access_token).toMatch(/^kontor_at_/);
    const client = new Client({ name: 'sdk', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    const xml = corpus(XRECHNUNG_XML).toString('utf8');
    const r = await call(client, 'validate_invoice_xml', { xml });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual((await postJson('/invoices/validate', tokens!.access_token, { xml })).body);
    await client.close();
  }, 60_000);

  it('a token without invoice:create verifies but cannot create or extract (insufficient_scope, nothing charged)', async () => {
    const { token: verifyOnly, accountId } = await accessToken('invoice:verify', `${base}${MCP_PATH}`);
    const client = await connect(verifyOnly);
    const pdf = corpus(HYBRID_PDF).toString('base64');
    expect((await call(client, 'verify_zugferd', { pdf_base64: pdf })).isError).toBeFalsy();
    const create = await call(client, 'create_zugferd', { invoice: invoiceFixture('01-minimal-en16931'), format: 'xml' });
    expect(create).toMatchObject({ isError: true, structuredContent: { code: 'insufficient_scope', status: 403, details: { required: 'invoice:create' } } });
    const direct = await postJson('/invoices?format=xml', verifyOnly, { invoice: invoiceFixture('01-minimal-en16931') });
    expect(create.structuredContent).toEqual({ ...direct.body, status: direct.status });
    expect(await call(client, 'extract_invoice', { pdf_base64: pdf })).toMatchObject({ isError: true, structuredContent: { code: 'insufficient_scope' } });
    expect((await t.services.accounts.byId(accountId))!.credits).toBe(0);
    await client.close();

    const { token: full } = await accessToken('invoice:verify invoice:create', `${base}${MCP_PATH}`);
    const c2 = await connect(full);
    const ok = await call(c2, 'create_zugferd', { invoice: invoiceFixture('01-minimal-en16931'), format: 'xml' });
    expect(ok.isError).toBeFalsy();
    expect(ok.structuredContent.xml).toMatch(/^<\?xml/);
    await c2.close();
  }, 60_000);

  it('refuses a token issued for the /api/v1 resource and a revoked token with 401 invalid_token', async () => {
    const { token: apiToken } = await accessToken('invoice:verify', `${base}/api/v1`);
    const r = await rpc(initialize('2025-06-18'), { authorization: `Bearer ${apiToken}` });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(r.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(((await r.json()) as { error: string }).error).toMatch(/issued for .*\/api\/v1/);
    const unknown = await rpc(initialize('2025-06-18'), { authorization: 'Bearer kontor_at_unknown' });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { code: string }).code).toBe('invalid_key');
    const { token: mcpToken, clientId } = await accessToken('invoice:verify', `${base}${MCP_PATH}`);
    expect((await rpc(initialize('2025-06-18'), { authorization: `Bearer ${mcpToken}` })).status).toBe(200);
    const revoke = await fetch(`${base}/api/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: mcpToken, client_id: clientId }).toString(),
    });
    expect(revoke.status).toBe(200);
    const revoked = await rpc(initialize('2025-06-18'), { authorization: `Bearer ${mcpToken}` });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toContain('error="invalid_token"');
  }, 60_000);
});
