import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsAvailable, paymentsDir, sample } from '@kontor/testkit/corpus';
import { generateCamt053, syntheticEntries } from '@kontor/testkit/camt-statements';
import { buildZip } from '@kontor/testkit/zipwriter';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';

const haveCorpus = paymentsAvailable();
const clock = testClock('2026-06-15T10:00:00Z'); // 12:00 in Berlin
let t: TestApp;
let bare: TestApp; // no schema sets installed

beforeAll(async () => {
  t = await makeTestApp({ clock });
  if (haveCorpus) await t.services.schemaStore.installFrom(paymentsDir);
  bare = await makeTestApp({ clock, env: { KONTOR_RATE_LIMITS: 'off' } });
});
afterAll(async () => {
  await t.dispose();
  await bare.dispose();
});

const clean = () => generateCamt053({ entries: syntheticEntries(5), from: '2026-03-02', to: '2026-03-02' });

function postJson(app: TestApp, path: string, key: string, body: unknown) {
  return app.request(`/api/v1${path}`, { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

function postFile(app: TestApp, path: string, key: string, bytes: Uint8Array | string, name = 'auszug.xml') {
  const form = new FormData();
  form.set('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
  return app.request(`/api/v1${path}`, { method: 'POST', key, body: form });
}

interface Body {
  summary: string;
  result: Record<string, unknown> & { billing: Record<string, unknown> };
  code?: string;
  details?: unknown;
}

describe('POST /statements/validate', () => {
  it('needs a credential', async () => {
    const r = await t.request('/api/v1/statements/validate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(401);
  });

  // Billing needs the schema check to run (a validation without it is refunded), hence the corpus's XSDs.
  it.runIf(haveCorpus)('validates XML from JSON, multipart and base64, billed against the daily free quota', async () => {
    const { key } = await t.account();
    const a = await postJson(t, '/statements/validate', key, { xml: clean(), filename: 'maerz.xml' });
    expect(a.status).toBe(200);
    const body = (await a.json()) as Body;
    expect(body.summary).toMatch(/1 Datei geprüft: gültig/);
    expect(body.result).toMatchObject({ verdict: 'valid', deliveryFindings: [], skipped: [], billing: { via: 'free_quota', freeRemaining: 4, freePeriod: 'day' } });
    const file = (body.result.files as Record<string, unknown>[])[0]!;
    expect(file).toMatchObject({ name: 'maerz.xml', message: 'camt.053', version: '08', statements: 1, items: 5, findings: [] });
    if (haveCorpus) expect(file.xsd).toMatchObject({ available: true, valid: true, ruleset: 'iso.20022:camt053:08' });

    const b = (await (await postFile(t, '/statements/validate', key, clean())).json()) as Body;
    expect(b.result.billing).toMatchObject({ freeRemaining: 3 });
    expect((b.result.files as { name: string }[])[0]!.name).toBe('auszug.xml');
    const c = (await (await postJson(t, '/statements/validate', key, { file_base64: Buffer.from(clean()).toString('base64') })).json()) as Body;
    expect(c.result.billing).toMatchObject({ freeRemaining: 2 });
  });

  it.runIf(haveCorpus)('reports rule and schema findings with lines for a defective file, and ZIP deliveries', async () => {
    const { key } = await t.account({ plan: 'payments' });
    const r = (await (await postFile(t, '/statements/validate', key, sample('samples/camt.052.001.08/hbci4java__test-camt-parse-5200108-invalid-saldo.xml'))).json()) as Body;
    expect(r.result.verdict).toBe('invalid');
    const f = (r.result.files as { findings: { code: string }[]; xsd: { findings: { line: number }[] } }[])[0]!;
    expect(f.findings.map((x) => x.code)).toContain('CAMT_BALANCE_MISMATCH');
    expect(f.xsd.findings[0]!.line).toBe(39);
    expect(r.result.billing).toEqual({ via: 'subscription', freeRemaining: null, freePeriod: 'day' });
    const zip = (await (await postFile(t, '/statements/validate', key, sample('zip/constructed__c53-delivery.zip'), 'c53.zip')).json()) as Body;
    expect((zip.result.files as unknown[]).length).toBe(5);
    expect((zip.result.deliveryFindings as { code: string }[]).map((x) => x.code)).toContain('CAMT_DELIVERY_MIXED_ACCOUNTS');
  });

  it('rejected files cost nothing: 400 for foreign formats, 413 for size and zip bombs', async () => {
    const { key } = await t.account();
    const pain = await postJson(t, '/statements/validate', key, { xml: '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>' });
    expect(pain.status).toBe(400);
    expect(await pain.json()).toMatchObject({ code: 'invalid_input', details: [{ code: 'UNSUPPORTED_FORMAT', severity: 'error' }] });
    expect((await postJson(t, '/statements/validate', key, {})).status).toBe(400);
    expect((await postJson(t, '/statements/validate', key, { xml: 'a', file_base64: 'YQ==' })).status).toBe(400);
    expect((await postJson(t, '/statements/validate', key, { file_base64: '***' })).status).toBe(400);
    expect((await t.request('/api/v1/statements/validate', { method: 'POST', key, headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(400);
    const big = await postFile(t, '/statements/validate', key, new Uint8Array(10 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(((await big.json()) as Body).code).toBe('payload_too_large');
    const bigJson = await postJson(t, '/statements/validate', key, { xml: ' '.repeat(10 * 1024 * 1024 + 1) });
    expect(bigJson.status).toBe(413);
    const bomb = buildZip([
      { name: 'a.xml', data: clean() },
      { name: 'b.xml', data: new Uint8Array(20 * 1024 * 1024) },
    ]);
    const rb = await postFile(t, '/statements/validate', key, bomb, 'bomb.zip');
    expect(rb.status).toBe(413);
    const ok = (await (await postJson(t, '/statements/validate', key, { xml: clean() })).json()) as Body;
    expect(ok.result.billing).toMatchObject({ via: 'free_quota', freeRemaining: 4 });
  });

  it.runIf(haveCorpus)('402 with Retry-After until Berlin midnight once the free quota is used; a credit buys a check block', async () => {
    const poor = await t.account();
    for (let i = 0; i < 5; i++) expect((await postJson(t, '/statements/validate', poor.key, { xml: clean() })).status).toBe(200);
    const r = await postJson(t, '/statements/validate', poor.key, { xml: clean() });
    expect(r.status).toBe(402);
    expect(r.headers.get('retry-after')).toBe(String(12 * 3600)); // 12:00 Berlin (CEST) → midnight
    expect(((await r.json()) as Body).code).toBe('payment_required');
    const rich = await t.account({ credits: 1 });
    for (let i = 0; i < 5; i++) await postJson(t, '/statements/validate', rich.key, { xml: clean() });
    const b = (await (await postJson(t, '/statements/validate', rich.key, { xml: clean() })).json()) as Body;
    expect(b.result.billing).toEqual({ via: 'check_block', freeRemaining: 0, freePeriod: 'day', checkBlockRemaining: 9, creditsCharged: 1 });
  });

  it('refunds when the schema check is unavailable', async () => {
    const { key } = await bare.account();
    const r = (await (await postJson(bare, '/statements/validate', key, { xml: clean() })).json()) as Body;
    expect(r.result).toMatchObject({ schemaChecked: false, billing: { via: 'free_quota', refunded: true } });
    expect((r.result.files as { xsd: { available: boolean } }[])[0]!.xsd.available).toBe(false);
    const again = (await (await postJson(bare, '/statements/validate', key, { xml: clean() })).json()) as Body;
    expect(again.result.billing).toMatchObject({ freeRemaining: 4, refunded: true });
  });

  it('429 after 30 requests per minute per key', async () => {
    const { key } = await t.account({ plan: 'payments' });
    for (let i = 0; i < 30; i++) expect((await postJson(t, '/statements/validate', key, {})).status).toBe(400);
    const r = await postJson(t, '/statements/validate', key, {});
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /statements/parse', () => {
  it('returns the model with amounts as JSON numbers; 5 free per month, then a credit, then 402 until the next month', async () => {
    const { key } = await t.account({ credits: 1 });
    const first = await postFile(t, '/statements/parse', key, clean());
    expect(first.status).toBe(200);
    const body = (await first.json()) as Body;
    expect(body.summary).toMatch(/1 Datei gelesen: 1 Auszug mit 5 Positionen/);
    const file = (
      body.result.files as {
        statements: { entries: { amount: unknown; transactions: { counterparty: { name: string } }[] }[]; balances: { amount: unknown }[] }[];
        message: string;
        parseFindings: unknown[];
      }[]
    )[0]!;
    expect(file.message).toBe('camt.053');
    expect(file.parseFindings).toEqual([]);
    expect(typeof file.statements[0]!.entries[0]!.amount).toBe('number');
    expect(typeof file.statements[0]!.balances[0]!.amount).toBe('number');
    expect(file.statements[0]!.entries[0]!.transactions[0]!.counterparty.name).toMatch(/Müller & Söhne/);
    expect(body.result.billing).toEqual({ via: 'free_quota', freeRemaining: 4, freePeriod: 'month' });
    for (let i = 0; i < 4; i++) await postJson(t, '/statements/parse', key, { xml: clean() });
    const paid = (await (await postJson(t, '/statements/parse', key, { xml: clean() })).json()) as Body;
    expect(paid.result.billing).toEqual({ via: 'credit', freeRemaining: 0, freePeriod: 'month', creditsCharged: 1 });
    const none = await postJson(t, '/statements/parse', key, { xml: clean() });
    expect(none.status).toBe(402);
    // 2026-06-15T12:00 Berlin → 2026-07-01T00:00 Berlin = 15.5 days.
    expect(none.headers.get('retry-after')).toBe(String(15 * 86400 + 12 * 3600));
  });

  it('camt.086 totals and ZIP members; a file that is not a statement is refused without charge', async () => {
    const { key } = await t.account({ plan: 'payments' });
    if (haveCorpus) {
      const r = (await (await postFile(t, '/statements/parse', key, sample('samples/camt.086.001.01/Iso20022Net__iso-sample_camt.086.001.01.xml'))).json()) as Body;
      const f = (r.result.files as { totals: { currency: string; net: unknown }[]; settlementTotals: { value: unknown }[] }[])[0]!;
      expect(f.totals.find((x) => x.currency === 'GBP')!.net).toBe(302.23);
      expect(f.settlementTotals[0]!.value).toBe(19.6);
    }
    const zip = buildZip([
      { name: 'a.xml', data: clean() },
      { name: 'notes.txt', data: 'hi' },
    ]);
    const z = (await (await postFile(t, '/statements/parse', key, zip, 'd.zip')).json()) as Body;
    expect(z.result.skipped).toEqual([{ name: 'notes.txt', code: 'NOT_XML', reason: 'Keine XML-Datei.' }]);
    const bad = await postJson(t, '/statements/parse', key, { xml: 'not xml at all' });
    expect(bad.status).toBe(400);
  });
});
