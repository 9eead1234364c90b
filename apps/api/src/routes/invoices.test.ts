import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCii, writeCii } from '@kontor/cii';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { negotiateInvoiceResponse, outputFilename } from './invoices';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/cii/test/fixtures');
const fixture = (name: string): Record<string, any> => JSON.parse(readFileSync(path.join(fixtures, `${name}.json`), 'utf8'));

const clock = testClock('2026-06-15T10:00:00Z');
let t: TestApp;
let limited: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ clock, env: { KONTOR_RATE_LIMITS: 'off' } });
  limited = await makeTestApp({ clock });
});
afterAll(async () => {
  await t.dispose();
  await limited.dispose();
});

function post(app: TestApp, key: string, body: unknown, opts: { query?: string; accept?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.accept) headers.accept = opts.accept;
  return app.request(`/api/v1/invoices${opts.query ?? '?format=xml'}`, { method: 'POST', key, headers, body: JSON.stringify(body) });
}

async function credits(app: TestApp, id: string): Promise<number> {
  return (await app.services.accounts.byId(id))!.credits;
}

describe('POST /invoices?format=xml', () => {
  it('needs a credential', async () => {
    const r = await t.request('/api/v1/invoices?format=xml', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(401);
  });

  it('returns the CII XML, byte-identical to the library, with X-Invoice-Bytes and an .xml file name', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const invoice = fixture('41-leitweg-xrechnung-full');
    const r = await post(t, key, { invoice });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await r.text();
    expect(xml).toBe(writeCii(invoice));
    expect(r.headers.get('x-invoice-bytes')).toBe(String(Buffer.byteLength(xml)));
    expect(r.headers.get('content-disposition')).toContain('filename="invoice.xml"');
    expect(readCii(xml).profile).toBe('xrechnung');
  });

  it('negotiates: Accept application/json gives {xml, bytes}; Accept application/xml selects XML without format', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const invoice = fixture('01-minimal-en16931');
    const j = await post(t, key, { invoice, filename: 'rechnung-17.pdf' }, { accept: 'application/json' });
    expect(j.status).toBe(200);
    expect(j.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await j.text();
    const body = JSON.parse(text) as { xml: string; bytes: number };
    expect(body.xml).toBe(writeCii(invoice));
    expect(body.bytes).toBe(Buffer.byteLength(body.xml));
    expect(j.headers.get('x-invoice-bytes')).toBe(String(Buffer.byteLength(text)));
    expect(j.headers.get('content-disposition')).toContain('filename="rechnung-17.xml"');
    const x = await post(t, key, { invoice }, { query: '', accept: 'application/xml' });
    expect(x.status).toBe(200);
    expect(x.headers.get('content-type')).toMatch(/^application\/xml/);
    // A wildcard or application/pdf in Accept keeps the default form: the PDF (invoices-pdf.test.ts covers it).
    for (const accept of ['application/xml, */*', 'application/xml, application/pdf', '*/*']) {
      const p = await post(t, key, { invoice }, { query: '', accept });
      expect(p.status, accept).toBe(200);
      expect(p.headers.get('content-type'), accept).toBe('application/pdf');
    }
  });

  it('accepts multipart bodies with attachments and descriptions', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const form = new FormData();
    form.set('invoice', new Blob([JSON.stringify(fixture('02-minimal-xrechnung'))], { type: 'application/json' }), 'invoice.json');
    form.append('attachments', new Blob([Buffer.from('%PDF-1.7\n')], { type: 'application/pdf' }), 'aufmass.pdf');
    form.append('attachments', new Blob(['a;b\n1;2\n'], { type: 'text/csv' }), 'stunden.csv');
    form.append('attachmentDescriptions', 'Aufmaß');
    form.set('filename', 'rechnung.pdf');
    form.set('pdf', new Blob([Buffer.from('%PDF-1.7')]), 'visual.pdf');
    const r = await t.request('/api/v1/invoices?format=xml', { method: 'POST', key, body: form });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toContain('filename="rechnung.xml"');
    const back = readCii(await r.text());
    expect(back.attachments).toEqual([
      { id: 'aufmass.pdf', description: 'Aufmaß', filename: 'aufmass.pdf', mimeType: 'application/pdf', data: Buffer.from('%PDF-1.7\n').toString('base64') },
      { id: 'stunden.csv', description: 'stunden.csv', filename: 'stunden.csv', mimeType: 'text/csv', data: Buffer.from('a;b\n1;2\n').toString('base64') },
    ]);
  });

  it('bills rule 2: subscription, else 1 credit, else 403 subscription_required', async () => {
    const invoice = fixture('03-two-rates');
    const sub = await t.account({ plan: 'converter', credits: 3 });
    expect((await post(t, sub.key, { invoice })).status).toBe(200);
    expect(await credits(t, sub.id)).toBe(3);
    const paying = await t.account({ credits: 1 });
    expect((await post(t, paying.key, { invoice })).status).toBe(200);
    expect(await credits(t, paying.id)).toBe(0);
    const broke = await post(t, paying.key, { invoice });
    expect(broke.status).toBe(403);
    expect(((await broke.json()) as { code: string }).code).toBe('subscription_required');
  });

  it('refuses invalid invoices with 400 naming the rule, before billing', async () => {
    const a = await t.account({ credits: 1 });
    const cases: [Record<string, any>, string, string][] = [];
    const co13 = fixture('01-minimal-en16931');
    co13.totalNet = 99;
    cases.push([co13, 'BR-CO-13', 'totalNet']);
    const ae = fixture('10-reverse-charge-ae');
    delete ae.buyer.vatId;
    cases.push([ae, 'BR-AE-02', 'buyer.vatId']);
    const br42 = fixture('06-line-allowance-code-only');
    delete br42.lines[0].allowanceCharges[0].reasonCode;
    cases.push([br42, 'BR-42', 'lines.0.allowanceCharges.0.reason']);
    const de1 = fixture('02-minimal-xrechnung');
    delete de1.payment;
    cases.push([de1, 'BR-DE-1', 'payment']);
    const de2 = fixture('02-minimal-xrechnung');
    delete de2.seller.contact;
    cases.push([de2, 'BR-DE-2', 'seller.contact']);
    const placeholder = fixture('01-minimal-en16931');
    placeholder.seller.name = 'KORRIGIEREN';
    cases.push([placeholder, 'EXTRACTION_UNCERTAIN', 'seller.name']);
    const date = fixture('01-minimal-en16931');
    date.dueDate = '1900-01-01';
    cases.push([date, 'EXTRACTION_UNCERTAIN', 'dueDate']);
    const schema = fixture('01-minimal-en16931');
    schema.lines[0].unitPriceNet = 'zehn';
    cases.push([schema, 'INVALID_TYPE', 'lines.0.unitPriceNet']);
    for (const [invoice, code, where] of cases) {
      const r = await post(t, a.key, { invoice });
      expect(r.status, code).toBe(400);
      const body = (await r.json()) as { code: string; details: { code: string; severity: string; message: string; path: string }[] };
      expect(body.code).toBe('invalid_input');
      expect(body.details, code).toEqual(expect.arrayContaining([expect.objectContaining({ code, severity: 'error', path: where, message: expect.any(String) })]));
    }
    expect(await credits(t, a.id)).toBe(1);
    // A 0 amount is no placeholder.
    expect((await post(t, a.key, { invoice: fixture('43-zero-amount-line') })).status).toBe(200);
    expect(await credits(t, a.id)).toBe(0);
  });

  it('limits the invoice JSON to 1,000,000 bytes and needs JSON or multipart', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const invoice = fixture('01-minimal-en16931');
    // Unknown top-level keys are dropped by the schema, but they count towards the size limit.
    invoice.comment = 'x'.repeat(1_000_000);
    const r = await post(t, key, { invoice });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { details: { code: string }[] }).details[0]!.code).toBe('INVOICE_TOO_LARGE');
    const text = await t.request('/api/v1/invoices?format=xml', { method: 'POST', key, headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(text.status).toBe(415);
    const bad = await t.request('/api/v1/invoices?format=xml', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: '{"invoice":' });
    expect(bad.status).toBe(400);
  });

  it('rejects attachments the XML cannot carry', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const r = await post(t, key, { invoice: fixture('01-minimal-en16931'), attachments: [{ filename: 'daten.xml', data_base64: Buffer.from('<a/>').toString('base64') }] });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { details: { code: string }[] }).details.map((d) => d.code)).toContain('BR-CL-24');
  });

  it('rate limits creation to 20 per minute', async () => {
    const { key } = await limited.account({ plan: 'converter' });
    const invoice = fixture('01-minimal-en16931');
    for (let i = 0; i < 20; i++) expect((await post(limited, key, { invoice })).status).toBe(200);
    const r = await post(limited, key, { invoice });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBeTruthy();
  });
});

describe('negotiation helpers', () => {
  it('follows the Accept table of spec §4.6', () => {
    expect(negotiateInvoiceResponse('pdf', undefined)).toEqual({ xml: false, json: false });
    expect(negotiateInvoiceResponse('pdf', 'application/json')).toEqual({ xml: false, json: true });
    expect(negotiateInvoiceResponse('xml', 'application/json')).toEqual({ xml: true, json: true });
    expect(negotiateInvoiceResponse('xml', 'application/json, */*')).toEqual({ xml: true, json: false });
    expect(negotiateInvoiceResponse('pdf', 'application/xml')).toEqual({ xml: true, json: false });
    expect(negotiateInvoiceResponse('pdf', 'application/xml;q=0.9, application/pdf')).toEqual({ xml: false, json: false });
  });
  it('renames .pdf to .xml for XML output', () => {
    expect(outputFilename(undefined, true)).toBe('invoice.xml');
    expect(outputFilename('Rechnung 7.PDF', true)).toBe('Rechnung 7.xml');
    expect(outputFilename('export', true)).toBe('export');
    expect(outputFilename(undefined, false)).toBe('invoice.pdf');
  });
});

describe('GET /codelists/* and /formats', () => {
  it('serves every code list anonymously', async () => {
    for (const name of ['document-types', 'note-subjects', 'units', 'vat-categories', 'payment-means', 'attachment-types']) {
      const r = await t.request(`/api/v1/codelists/${name}`);
      expect(r.status, name).toBe(200);
      const body = (await r.json()) as { name: string; entries: unknown[] };
      expect(body.name).toBe(name);
      expect(body.entries.length).toBeGreaterThan(0);
    }
    const units = (await (await t.request('/api/v1/codelists/units')).json()) as { entries: { code: string; aliases: string[] }[] };
    expect(units.entries.find((u) => u.code === 'C62')!.aliases).toContain('stk');
    expect((await t.request('/api/v1/codelists/currencies')).status).toBe(404);
  });

  it('serves /formats from @kontor/cii', async () => {
    const body = (await (await t.request('/api/v1/formats')).json()) as { formats: { id: string; operations: Record<string, boolean>; validation: { authoritative: boolean } }[] };
    expect(body.formats.map((f) => f.id)).toEqual(['zugferd-en16931', 'xrechnung-cii-3.0', 'xrechnung-ubl-3.0']);
    expect(body.formats[1]!.operations).toMatchObject({ create: false, verify: true });
  });

  it('documents the Invoice schema in the OpenAPI description', async () => {
    const doc = (await (await t.request('/api/v1/openapi.json')).json()) as Record<string, any>;
    const op = doc.paths['/invoices'].post;
    const invoice = op.requestBody.content['application/json'].schema.properties.invoice;
    expect(invoice.properties.lines.maxItems).toBe(500);
    expect(op.parameters[0]).toMatchObject({ name: 'format', in: 'query' });
    expect(doc.paths['/codelists/units'].get.security).toEqual([]);
  });
});

describe('POST /invoices authoritative gate (XML path)', () => {
  it('answers 502 with the findings and charges nothing when the generated XML fails the check', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    // A schema store whose "cii-d16b" set only allows another root element: every CII fails the XSD step.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-fake-schemas-'));
    mkdirSync(path.join(dir, 'cii-d16b'));
    writeFileSync(path.join(dir, 'cii-d16b', 'kontor-schema-set.json'), JSON.stringify({ id: 'cii-d16b', entry: 'strict.xsd' }));
    writeFileSync(
      path.join(dir, 'cii-d16b', 'strict.xsd'),
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><xs:element name="Other" type="xs:string"/></xs:schema>',
    );
    const gated = await makeTestApp({ clock, env: { KONTOR_SCHEMA_DIR: dir, KONTOR_RATE_LIMITS: 'off' } });
    try {
      const a = await gated.account({ credits: 2 });
      const r = await gated.request('/api/v1/invoices?format=xml', {
        method: 'POST',
        key: a.key,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ invoice: fixture('01-minimal-en16931') }),
      });
      expect(r.status).toBe(502);
      const b = (await r.json()) as { code: string; details: { code: string }[] };
      expect(b.code).toBe('upstream_error');
      expect(b.details.length).toBeGreaterThan(0);
      expect((await gated.services.accounts.byId(a.id))!.credits).toBe(2);
    } finally {
      await gated.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
