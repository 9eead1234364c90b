/** POST /invoices?format=xml&syntax=ubl (beyond the spec): UBL 2.1 from the same model, billed like CII XML. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUbl, validateUbl, writeUbl } from '@kontor/ubl';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/cii/test/fixtures');
const fixture = (name: string): Record<string, any> => JSON.parse(readFileSync(path.join(fixtures, `${name}.json`), 'utf8'));

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ clock: testClock('2026-06-15T10:00:00Z'), env: { KONTOR_RATE_LIMITS: 'off' } });
});
afterAll(async () => {
  await t.dispose();
});

const post = (key: string, body: unknown, query: string, accept?: string) =>
  t.request(`/api/v1/invoices${query}`, { method: 'POST', key, headers: { 'content-type': 'application/json', ...(accept ? { accept } : {}) }, body: JSON.stringify(body) });

describe('POST /invoices?format=xml&syntax=ubl', () => {
  it('returns UBL byte-identical to the library, charged one credit', async () => {
    const { key, id } = await t.account({ plan: null, credits: 2 });
    const invoice = fixture('41-leitweg-xrechnung-full');
    const r = await post(key, { invoice }, '?format=xml&syntax=ubl');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await r.text();
    expect(xml).toBe(writeUbl(invoice));
    expect(r.headers.get('x-invoice-bytes')).toBe(String(Buffer.byteLength(xml)));
    expect(readUbl(xml).profile).toBe('xrechnung');
    expect(validateUbl(xml).verdict).toBe('valid');
    expect((await t.services.accounts.byId(id))!.credits).toBe(1);
  });

  it('writes a CreditNote for type code 381 and answers JSON on request', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const r = await post(key, { invoice: fixture('18-credit-note-381') }, '?format=xml&syntax=ubl', 'application/json');
    expect(r.status).toBe(200);
    const body = (await r.json()) as { xml: string; bytes: number };
    expect(body.xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(body.bytes).toBe(Buffer.byteLength(body.xml));
  });

  it('rejects an unknown syntax and syntax=ubl on the PDF path with the error envelope, charging nothing', async () => {
    const { key, id } = await t.account({ plan: null, credits: 1 });
    const bad = await post(key, { invoice: fixture('01-minimal-en16931') }, '?format=xml&syntax=edifact');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('invalid_input');
    const pdf = await post(key, { invoice: fixture('01-minimal-en16931') }, '?format=pdf&syntax=ubl');
    expect(pdf.status).toBe(400);
    const body = (await pdf.json()) as { code: string; details: { code: string }[] };
    expect(body.code).toBe('invalid_input');
    expect(body.details[0]!.code).toBe('SYNTAX_NOT_SUPPORTED');
    expect((await t.services.accounts.byId(id))!.credits).toBe(1);
  });

  it('rejects invalid invoice data with the findings before billing', async () => {
    const { key, id } = await t.account({ plan: null, credits: 1 });
    const invoice = fixture('01-minimal-en16931');
    delete invoice.seller;
    const r = await post(key, { invoice }, '?format=xml&syntax=ubl');
    expect(r.status).toBe(400);
    expect((await t.services.accounts.byId(id))!.credits).toBe(1);
  });
});
