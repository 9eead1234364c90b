import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { paymentsAvailable, paymentsDir } from '@kontor/testkit/corpus';
import { axzRun, sctRun } from '@kontor/testkit/payment-runs';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { wantsJsonEnvelope } from './payments';

const haveCorpus = paymentsAvailable();
const clock = testClock('2026-03-10T10:00:00Z'); // Tuesday 11:00 in Berlin
const here = path.dirname(fileURLToPath(import.meta.url));
const bankFixture = path.resolve(here, '../../../../packages/bankdata/test/fixtures/synthetic-blz.txt');

// A real OpenAI-compatible stand-in for the address model.
let ai: http.Server;
let aiUrl = '';
let t: TestApp; // schemas installed, bank directory and AI configured
let bare: TestApp; // nothing installed, AI unreachable

beforeAll(async () => {
  ai = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      const items = (JSON.parse(body.messages.find((m) => m.role === 'user')!.content) as { items: { id: string }[] }).items;
      const answer = {
        items: items.map((i) =>
          i.id === 'jp' ? { id: 'jp', confident: true, townName: 'Tokyo', postCode: '100-0001', streetName: 'Chiyoda', buildingNumber: '1-1' } : { id: i.id, confident: false },
        ),
      };
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ model: 'stand-in', choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(answer) }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((r) => ai.listen(0, '127.0.0.1', r));
  aiUrl = `http://127.0.0.1:${(ai.address() as AddressInfo).port}/v1`;
  t = await makeTestApp({ clock, env: { KONTOR_BANKDATA_FILE: bankFixture, KONTOR_AI_BASE_URL: aiUrl, KONTOR_AI_MODEL: 'stand-in' } });
  if (haveCorpus) await t.services.schemaStore.installFrom(path.join(paymentsDir, 'xsd'));
  bare = await makeTestApp({
    clock,
    env: { KONTOR_RATE_LIMITS: 'off', KONTOR_AI_BASE_URL: 'http://127.0.0.1:9/v1', KONTOR_AI_MODEL: 'x', KONTOR_BANKDATA_FILE: path.join(here, 'no-such-file.json') },
  });
});
afterAll(async () => {
  await t.dispose();
  await bare.dispose();
  await new Promise<void>((r) => ai.close(() => r()));
});

const get = (app: TestApp, p: string, key: string) => app.request(`/api/v1${p}`, { key });
const postJson = (app: TestApp, p: string, key: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(`/api/v1${p}`, { method: 'POST', key, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
function postFile(app: TestApp, key: string, bytes: Uint8Array | string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), 'zahlungen.xml');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return app.request('/api/v1/payments/validate', { method: 'POST', key, body: form });
}
type Json = Record<string, any>;

describe('Accept rule', () => {
  it('gives JSON only for an explicit application/json without xml or wildcard', () => {
    expect(wantsJsonEnvelope('application/json')).toBe(true);
    expect(wantsJsonEnvelope('application/json;q=0.9, text/plain')).toBe(true);
    expect(wantsJsonEnvelope(undefined)).toBe(false);
    expect(wantsJsonEnvelope('*/*')).toBe(false);
    expect(wantsJsonEnvelope('application/json, */*')).toBe(false);
    expect(wantsJsonEnvelope('application/json, application/xml')).toBe(false);
  });
});

describe('GET /payments/bank-lookup', () => {
  it('requires a credential and the payments or paymentsAbroad feature', async () => {
    expect((await t.request('/api/v1/payments/bank-lookup?bankCode=10010099')).status).toBe(401);
    const conv = await t.account({ plan: 'converter' });
    const r = await get(t, '/payments/bank-lookup?bankCode=10010099', conv.key);
    expect(r.status).toBe(403);
    expect(((await r.json()) as Json).code).toBe('subscription_required');
  });

  it('answers found / not found / unsupported country from the Bundesbank file', async () => {
    const { key } = await t.account({ plan: 'payments' });
    expect(await (await get(t, '/payments/bank-lookup?country=DE&bankCode=10010099', key)).json()).toMatchObject({
      found: true,
      bic: 'KTORDEB1XXX',
      bankName: 'Kontor Testbank',
      dataDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(await (await get(t, '/payments/bank-lookup?bankCode=99999999', key)).json()).toEqual({ found: false });
    expect(await (await get(t, '/payments/bank-lookup?country=AT&bankCode=10010099', key)).json()).toEqual({ found: false, reason: 'unsupported_country' });
    expect(await (await get(t, '/payments/bank-lookup?country=&bankCode=10010099', key)).json()).toEqual({ found: false, reason: 'unsupported_country' });
    const abroad = await t.account({ plan: 'payments+abroad' });
    expect(await (await get(t, '/payments/bank-lookup?bankCode=40040066', abroad.key)).json()).toMatchObject({ found: true, status: 'deleted', successor: { bankCode: '10010099' } });
  });

  it('503 when no directory is installed', async () => {
    const { key } = await bare.account({ plan: 'payments' });
    const r = await get(bare, '/payments/bank-lookup?bankCode=10010099', key);
    expect(r.status).toBe(503);
    expect(((await r.json()) as Json).error).toMatch(/bankdata import/);
  });
});

describe('POST /payments/structure-addresses', () => {
  const items = [
    { id: 'de', countryCode: 'DE', addressLines: ['Musterstraße 12a', '10115 Berlin'] },
    { id: 'jp', countryCode: 'JP', addressLines: ['1-1 Chiyoda', 'Tokyo 100-0001'] },
    { id: 'x', countryCode: 'BR', addressLines: ['somewhere'] },
  ];

  it('requires paymentsAbroad (payments alone is not enough)', async () => {
    const { key } = await t.account({ plan: 'payments' });
    expect((await postJson(t, '/payments/structure-addresses', key, { items })).status).toBe(403);
  });

  it('answers in request order, using the model only where the rules are unsure', async () => {
    const { key } = await t.account({ plan: 'payments+abroad' });
    const r = await postJson(t, '/payments/structure-addresses', key, { items });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      items: [
        { id: 'de', confident: true, townName: 'Berlin', postCode: '10115', streetName: 'Musterstraße', buildingNumber: '12a' },
        { id: 'jp', confident: true, townName: 'Tokyo', postCode: '100-0001', streetName: 'Chiyoda', buildingNumber: '1-1' },
        { id: 'x', confident: false },
      ],
    });
  });

  it('400 above 50 items, 502 when the AI service is unreachable', async () => {
    const { key } = await t.account({ plan: 'payments+abroad' });
    const many = Array.from({ length: 51 }, (_, i) => ({ id: String(i), countryCode: 'DE', addressLines: ['10115 Berlin'] }));
    const big = await postJson(t, '/payments/structure-addresses', key, { items: many });
    expect(big.status).toBe(400);
    expect(((await big.json()) as Json).code).toBe('invalid_input');
    const b = await bare.account({ plan: 'payments+abroad' });
    const down = await postJson(bare, '/payments/structure-addresses', b.key, { items });
    expect(down.status).toBe(502);
    expect(((await down.json()) as Json).code).toBe('upstream_error');
  });
});

describe.runIf(haveCorpus)('POST /payments/sepa and /payments/axz', () => {
  it('delivers the checked SEPA file as XML by default', async () => {
    const { key } = await t.account({ plan: 'payments' });
    const r = await postJson(t, '/payments/sepa', key, sctRun());
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="sepa-inland-2026-03-16.xml"');
    const xml = await r.text();
    expect(xml).toContain('<Cd>SALA</Cd>');
    expect(xml).toContain('<InstrPrty>HIGH</InstrPrty>');
    // wildcard Accept keeps the file
    const w = await postJson(t, '/payments/sepa', key, sctRun(), { accept: 'application/json, */*' });
    expect(w.headers.get('content-type')).toMatch(/^application\/xml/);
  });

  it('gives the JSON envelope for Accept: application/json, with the schema used', async () => {
    const { key } = await t.account({ plan: 'payments' });
    const run = sctRun();
    run.payments.push({ ...run.payments[0] });
    const r = await postJson(t, '/payments/sepa', key, run, { accept: 'application/json' });
    expect(r.status).toBe(200);
    const body = (await r.json()) as Json;
    expect(Object.keys(body).sort()).toEqual(['filename', 'summary', 'verification', 'warnings', 'xml']);
    expect(body.verification).toMatchObject({ passed: true, schemaChecked: true, schema: 'dk:pain.001.001.09_GBIC_5' });
    expect(body.summary).toMatchObject({ profile: 'sct', payments: 5, paymentBlocks: 4 });
    expect(body.warnings.map((w: Json) => w.code)).toContain('DUPLICATE_PAYMENT');
  });

  it('400 for a body that does not match the schema, 422 with every issue for business rules', async () => {
    const { key } = await t.account({ plan: 'payments' });
    const shape = await postJson(t, '/payments/sepa', key, { debtor: { name: 'x' }, payments: [{ amount: 'x' }] });
    expect(shape.status).toBe(400);
    expect(await shape.json()).toMatchObject({ code: 'invalid_input', details: expect.arrayContaining([expect.objectContaining({ code: 'REQUIRED', path: 'debtor.iban' })]) });
    const run = sctRun();
    run.requestedExecutionDate = '2026-03-09';
    run.payments[0].creditorIban = 'DE28100100100001234568';
    run.payments[1].remittanceInfo = 'R'.repeat(141);
    const rules = await postJson(t, '/payments/sepa', key, run);
    expect(rules.status).toBe(422);
    const body = (await rules.json()) as Json;
    expect(body.code).toBe('invalid_input');
    // The synthetic bank directory of this app does not know the real bank codes: warnings, not errors.
    expect(body.details.filter((d: Json) => d.code === 'BANK_CODE_UNKNOWN').every((d: Json) => d.severity === 'warning')).toBe(true);
    expect(body.details.filter((d: Json) => d.severity === 'error').map((d: Json) => [d.code, d.path, d.severity])).toEqual([
      ['REMITTANCE_TOO_LONG', 'payments.1.remittanceInfo', 'error'],
      ['EXECUTION_DATE_IN_PAST', 'requestedExecutionDate', 'error'],
      ['IBAN_CHECKSUM', 'payments.0.creditorIban', 'error'],
    ]);
    expect(body.details.every((d: Json) => typeof d.message === 'string')).toBe(true);
  });

  it('502 upstream_error and no file when the schema set is not installed', async () => {
    const { key } = await bare.account({ plan: 'payments+abroad' });
    const r = await postJson(bare, '/payments/sepa', key, sctRun());
    expect(r.status).toBe(502);
    expect(await r.json()).toMatchObject({ code: 'upstream_error', details: [expect.objectContaining({ code: 'SCHEMA_NOT_INSTALLED' })] });
  });

  it('AXZ needs paymentsAbroad, rejects SALA with 422 and delivers axz-ausland-<date>.xml', async () => {
    const pay = await t.account({ plan: 'payments' });
    expect((await postJson(t, '/payments/axz', pay.key, axzRun())).status).toBe(403);
    const { key } = await t.account({ plan: 'payments+abroad' });
    const run = axzRun();
    run.payments[0].categoryPurpose = 'SALA';
    const bad = await postJson(t, '/payments/axz', key, run);
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as Json).details.filter((d: Json) => d.severity === 'error').map((d: Json) => d.code)).toEqual(['CATEGORY_PURPOSE_NOT_ALLOWED']);
    const ok = await postJson(t, '/payments/axz', key, axzRun(), { accept: 'application/json' });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Json;
    expect(body).toMatchObject({ filename: 'axz-ausland-2026-03-16.xml', verification: { passed: true, schema: 'iso:pain.001.001.09' } });
    expect(body.xml).toContain('<ChrgBr>SHAR</ChrgBr>');
  });

  it('SCT needs the payments feature', async () => {
    const conv = await t.account({ plan: 'converter' });
    expect((await postJson(t, '/payments/sepa', conv.key, sctRun())).status).toBe(403);
  });
});

describe('POST /payments/validate', () => {
  const sample = (f: string) => readFileSync(path.join(paymentsDir, f));

  it.runIf(haveCorpus)('validates multipart and JSON uploads, billed against the daily free quota', async () => {
    const { key } = await t.account();
    const r = await postFile(t, key, sample('samples/constructed/pain.001.001.09_gbic5_xsdvalid-ctrlsum-mismatch.xml'));
    expect(r.status).toBe(200);
    const body = (await r.json()) as Json;
    expect(body.summary).toMatch(/^zahlungen\.xml: pain\.001\.001\.09 \(SCT\).*ungültig/);
    expect(body.result).toMatchObject({
      message: 'pain.001',
      version: '09',
      profile: 'sct',
      profileSource: 'detected',
      verdict: 'invalid',
      schemaChecked: true,
      billing: { via: 'free_quota', freeRemaining: 4, freePeriod: 'day' },
    });
    expect(body.result.findings[0]).toMatchObject({ code: 'CTRL_SUM_MISMATCH', path: 'groupHeader.controlSum', line: 8, message: expect.stringMatching(/^Gruppenkopf: Kontrollsumme/) });
    expect(body.result.xsd).toMatchObject({ available: true, ruleset: 'dk.gbic5:pain001:09', schemaSet: 'dk:pain.001.001.09_GBIC_5', valid: true });
    // Accept-Language: en gives the same codes with English texts (spec default stays German).
    const en = (await (
      await postJson(t, '/payments/validate', key, { xml: sample('samples/constructed/pain.001.001.09_gbic5_xsdvalid-ctrlsum-mismatch.xml').toString('utf8') }, { 'accept-language': 'en-GB,en;q=0.9' })
    ).json()) as Json;
    expect(en.result.findings.map((f: Json) => f.code)).toEqual(body.result.findings.map((f: Json) => f.code));
    expect(en.result.findings[0].message).toMatch(/^Group header: control sum/);
    expect(en.summary).toMatch(/\(SCT\).*invalid/);
    const j = (await (
      await postJson(t, '/payments/validate', key, { xml: sample('samples/constructed/pain.001.001.09_axz_foreign_usd_chf.xml').toString('utf8'), profile: 'sct', filename: 'ausland.xml' })
    ).json()) as Json;
    expect(j.result).toMatchObject({ profile: 'sct', profileSource: 'requested', verdict: 'invalid', billing: { freeRemaining: 2 } });
    const b64 = (await (await postJson(t, '/payments/validate', key, { file_base64: sample('samples/pain.001.001.03/sepa_king__pain.001.001.03.xml').toString('base64') })).json()) as Json;
    expect(b64.result).toMatchObject({ version: '03', xsd: { ruleset: 'iso.20022:pain001:03', schemaSet: 'iso:pain.001.001.03', valid: true }, billing: { freeRemaining: 1 } });
    const sub = await t.account({ plan: 'payments' });
    const s = (await (await postFile(t, sub.key, sample('samples/pain.001.001.09/sepa_rator__pain.001.001.09.xml'), { profile: 'auto' })).json()) as Json;
    expect(s.result).toMatchObject({ verdict: 'valid', billing: { via: 'subscription', freeRemaining: null } });
  });

  it('rejected files cost nothing: 400 for other formats and versions, 413 above 10 MB', async () => {
    const { key } = await t.account();
    const camt = await postJson(t, '/payments/validate', key, { xml: '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>' });
    expect(camt.status).toBe(400);
    expect(await camt.json()).toMatchObject({ code: 'invalid_input', details: [expect.objectContaining({ code: 'UNSUPPORTED_MESSAGE' })] });
    expect((await postJson(t, '/payments/validate', key, { xml: '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.08"/>' })).status).toBe(400);
    expect((await postJson(t, '/payments/validate', key, {})).status).toBe(400);
    expect((await postJson(t, '/payments/validate', key, { xml: 'x', profile: 'foo' })).status).toBe(400);
    expect((await postFile(t, key, '<x/>', { profile: 'foo' })).status).toBe(400);
    expect((await postFile(t, key, new Uint8Array(10 * 1024 * 1024 + 1))).status).toBe(413);
    const ok = (await (await postJson(t, '/payments/validate', key, { xml: '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>' })).json()) as Json;
    expect(ok.result.billing).toMatchObject({ via: 'free_quota', freeRemaining: 4 });
  });

  it('402 with Retry-After until Berlin midnight once the free quota is used', async () => {
    const { key } = await bare.account();
    const xml = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>';
    // bare has no schemas: each call is refunded, so the quota is not used up there; use the main app.
    const first = (await (await postJson(bare, '/payments/validate', key, { xml })).json()) as Json;
    expect(first.result).toMatchObject({ schemaChecked: false, billing: { refunded: true } });
    const poor = await t.account();
    for (let i = 0; i < 5; i++) expect((await postJson(t, '/payments/validate', poor.key, { xml })).status).toBe(200);
    const r = await postJson(t, '/payments/validate', poor.key, { xml });
    if (!haveCorpus) return; // without schemas every call is refunded and the quota never runs out
    expect(r.status).toBe(402);
    expect(r.headers.get('retry-after')).toBe(String(13 * 3600)); // 11:00 Berlin (CET) → midnight
  });

  it('429 after 30 requests per minute per key', async () => {
    const { key } = await t.account({ plan: 'payments' });
    for (let i = 0; i < 30; i++) expect((await postJson(t, '/payments/validate', key, {})).status).toBe(400);
    const r = await postJson(t, '/payments/validate', key, {});
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
