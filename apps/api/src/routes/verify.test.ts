/**
 * POST /verify and POST /invoices/validate over HTTP: report shapes (validated against the route schemas), input
 * errors with the §7 envelope, the 25 MB limit, free of charge, 30 per minute, the optional engines configured by
 * URL against stand-ins on 127.0.0.1, and /formats claiming only what is mounted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { typesetInvoice } from '@kontor/zugferd';
import { generateUbl } from '@kontor/ubl';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { loadFixtures } from '@kontor/testkit/invoice-fixtures';
import { kositStandIn, veraPdfStandIn, type StandIn } from '@kontor/testkit/engine-standins';
import { VerificationReportSchema } from './verify';
import { XmlValidationReportSchema } from './invoices-validate';

let t: TestApp;
let pdf: Uint8Array;
let xml: string;

beforeAll(async () => {
  t = await makeTestApp();
  const r = await typesetInvoice(structuredClone(loadFixtures()[0]!.json), { now: new Date('2025-03-10T09:30:00Z') });
  pdf = r.pdf;
  xml = r.xml;
}, 120_000);
afterAll(() => t?.dispose());

function pdfForm(bytes: Uint8Array | string, part = 'pdf', type = 'application/pdf'): FormData {
  const f = new FormData();
  f.append(part, new Blob([typeof bytes === 'string' ? bytes : (bytes as Uint8Array<ArrayBuffer>)], { type }), 'invoice.pdf');
  return f;
}

async function envelope(r: Response) {
  const b = (await r.json()) as { error: string; code: string; details: { code: string; message: string }[] | Record<string, unknown> | null };
  expect(Object.keys(b).sort()).toEqual(['code', 'details', 'error']);
  return b;
}

describe('POST /verify', () => {
  it('needs a credential', async () => {
    const r = await t.request('/api/v1/verify', { method: 'POST', body: pdfForm(pdf) });
    expect(r.status).toBe(401);
    expect((await envelope(r)).code).toBe('auth_required');
  });

  it('answers the spec §2.3 report for a hybrid PDF, free of charge', async () => {
    const a = await t.account({ credits: 0 });
    const r = await t.request('/api/v1/verify', { method: 'POST', body: pdfForm(pdf), key: a.key });
    expect(r.status).toBe(200);
    const report = v.parse(VerificationReportSchema, await r.json());
    expect(report.result.structure.zugferd).toMatchObject({ xmlEmbedded: true, associatedFile: true, facturXMetadata: true, facturXFilename: true, pdfAPart: '3', pdfAConformance: 'B' });
    expect(report.result.en16931).toMatchObject({ checked: true, profile: 'EN 16931', errorCount: 0 });
    expect(report.result.authoritative.verdict).not.toBe('invalid');
    expect(report.result.authoritative.engines).toContain('Kontor PDF/A-3 checker (@kontor/pdfa3)');
    // the test app's schema store is empty: the XSD step is reported as missing, not silently passed
    expect(report.result.authoritative.available).toBe(false);
    expect(report.result.authoritative.note).toMatch(/kontor schemas install/);
    const me = (await (await t.request('/api/v1/me', { key: a.key })).json()) as { credits: number };
    expect(me.credits).toBe(0);
  });

  it('reports a broken invoice as invalid (200, the report is the answer)', async () => {
    const a = await t.account();
    const r = await t.request('/api/v1/verify', { method: 'POST', body: pdfForm(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('garbage '.repeat(100))])), key: a.key });
    expect(r.status).toBe(200);
    const report = v.parse(VerificationReportSchema, await r.json());
    expect(report.result.authoritative.verdict).toBe('invalid');
    expect(report.result.authoritative.findings.map((f) => f.code)).toContain('PDF_UNREADABLE');
  });

  it('refuses bare XML with the hint to use /invoices/validate, and other non-PDFs', async () => {
    const a = await t.account();
    const x = await t.request('/api/v1/verify', { method: 'POST', body: pdfForm(xml, 'pdf', 'application/xml'), key: a.key });
    expect(x.status).toBe(400);
    const e = await envelope(x);
    expect(e.code).toBe('invalid_input');
    expect(e.error).toMatch(/POST \/invoices\/validate/);
    expect((e.details as { code: string }[])[0]!.code).toBe('XML_NOT_ACCEPTED');
    const png = await t.request('/api/v1/verify', { method: 'POST', body: pdfForm(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), key: a.key });
    expect(png.status).toBe(400);
    expect((await envelope(png)).error).toMatch(/not a PDF/);
    const wrongPart = await t.request('/api/v1/verify', { method: 'POST', body: pdfForm(pdf, 'file'), key: a.key });
    expect(wrongPart.status).toBe(400);
    expect((await envelope(wrongPart)).error).toMatch(/part "pdf"/);
    const json = await t.request('/api/v1/verify', { method: 'POST', body: JSON.stringify({ pdf: 'x' }), headers: { 'content-type': 'application/json' }, key: a.key });
    expect(json.status).toBe(400);
    expect((await envelope(json)).error).toMatch(/multipart\/form-data/);
  });

  it('enforces 25 MB (26214400 bytes)', async () => {
    const a = await t.account();
    const big = new Uint8Array(26_214_401);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const r = await t.request('/api/v1/verify', { method: 'POST', body: pdfForm(big), key: a.key });
    expect(r.status).toBe(413);
    expect((await envelope(r)).code).toBe('payload_too_large');
  });

  it('allows 30 requests per minute per key', async () => {
    // a stopped clock: the fixed window must not turn over between the requests on a slow machine
    const clocked = await makeTestApp({ clock: testClock() });
    const a = await clocked.account();
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 31; i++) statuses.push((await clocked.request('/api/v1/verify', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, key: a.key })).status);
    } finally {
      await clocked.dispose();
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('POST /invoices/validate', () => {
  it('validates {xml} and multipart with a profile, same report minus the PDF parts', async () => {
    const a = await t.account();
    const r = await t.request('/api/v1/invoices/validate', { method: 'POST', body: JSON.stringify({ xml }), headers: { 'content-type': 'application/json' }, key: a.key });
    expect(r.status).toBe(200);
    const body = (await r.json()) as Record<string, unknown>;
    const report = v.parse(XmlValidationReportSchema, body);
    expect(Object.keys((body as { result: object }).result).sort()).toEqual(['attachments', 'authoritative', 'en16931']);
    expect(report.result.en16931).toMatchObject({ checked: true, errorCount: 0 });
    const form = new FormData();
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'invoice.xml');
    form.append('profile', 'xrechnung');
    const xr = await t.request('/api/v1/invoices/validate', { method: 'POST', body: form, key: a.key });
    expect(xr.status).toBe(200);
    const xrr = v.parse(XmlValidationReportSchema, await xr.json());
    expect(xrr.result.authoritative.verdict).toBe('invalid');
    expect(xrr.result.authoritative.findings.some((f) => f.code.startsWith('BR-DE-'))).toBe(true);
  });

  it('answers in the language of Accept-Language (default en): same codes and verdict, texts in German or English', async () => {
    const a = await t.account();
    const bad = '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><a></rsm:CrossIndustryInvoice>';
    const ask = async (body: string, lang?: string) => {
      const r = await t.request('/api/v1/invoices/validate', {
        method: 'POST',
        body: JSON.stringify({ xml: body, profile: 'xrechnung' }),
        headers: { 'content-type': 'application/json', ...(lang ? { 'accept-language': lang } : {}) },
        key: a.key,
      });
      expect(r.status).toBe(200);
      return v.parse(XmlValidationReportSchema, await r.json());
    };
    const [en, de, none] = [await ask(bad, 'en-GB,en;q=0.9'), await ask(bad, 'de-DE,de;q=0.9,en;q=0.5'), await ask(bad)];
    expect(de.result.authoritative.findings.map((f) => f.code)).toEqual(en.result.authoritative.findings.map((f) => f.code));
    expect(de.result.authoritative.verdict).toBe('invalid');
    expect(en.result.authoritative.findings[0]!.message).toMatch(/^The invoice XML cannot be read/);
    expect(de.result.authoritative.findings[0]!.message).toMatch(/^Das Rechnungs-XML kann nicht gelesen werden/);
    expect(none.summary).toBe(en.summary);
    // rule findings too (the rule catalogue of @kontor/cii): the fixture breaks the XRechnung rules
    const [xen, xde] = [await ask(xml, 'en'), await ask(xml, 'de')];
    expect(xde.result.authoritative.findings.map((f) => f.code)).toEqual(xen.result.authoritative.findings.map((f) => f.code));
    expect(xde.summary).toMatch(/^Ungültige CII-Rechnung/);
  });

  it('validates bare UBL 2.1 (detected from the root element) with the same report shape', async () => {
    const a = await t.account();
    const ubl = generateUbl(structuredClone(loadFixtures()[0]!.json), { profile: 'en16931' });
    expect(ubl.ok).toBe(true);
    const r = await t.request('/api/v1/invoices/validate', { method: 'POST', body: JSON.stringify({ xml: ubl.xml }), headers: { 'content-type': 'application/json' }, key: a.key });
    expect(r.status).toBe(200);
    const report = v.parse(XmlValidationReportSchema, await r.json());
    expect(report.summary).toMatch(/UBL invoice/);
    expect(report.result.en16931).toMatchObject({ checked: true, errorCount: 0 });
    expect(report.result.authoritative.verdict).not.toBe('invalid');
    const broken = ubl.xml!.replace(/<cbc:ID>[^<]*<\/cbc:ID>/, '');
    const b = await t.request('/api/v1/invoices/validate', { method: 'POST', body: JSON.stringify({ xml: broken }), headers: { 'content-type': 'application/json' }, key: a.key });
    const br = v.parse(XmlValidationReportSchema, await b.json());
    expect(br.result.authoritative.verdict).toBe('invalid');
    expect(br.result.authoritative.findings.map((f) => f.code)).toContain('BR-02');
  });

  it('refuses PDFs (use /verify), bad profiles and non-XML', async () => {
    const a = await t.account();
    const p = await t.request('/api/v1/invoices/validate', {
      method: 'POST',
      body: JSON.stringify({ file_base64: Buffer.from(pdf).toString('base64') }),
      headers: { 'content-type': 'application/json' },
      key: a.key,
    });
    expect(p.status).toBe(400);
    expect((await envelope(p)).error).toMatch(/POST \/verify/);
    const bad = await t.request('/api/v1/invoices/validate', { method: 'POST', body: JSON.stringify({ xml, profile: 'peppol' }), headers: { 'content-type': 'application/json' }, key: a.key });
    expect(bad.status).toBe(400);
    expect((await envelope(bad)).code).toBe('invalid_input');
    const text = await t.request('/api/v1/invoices/validate', { method: 'POST', body: JSON.stringify({ xml: 'hello' }), headers: { 'content-type': 'application/json' }, key: a.key });
    expect(text.status).toBe(400);
    expect((await envelope(text)).error).toMatch(/not XML/);
  });
});

describe('external engines configured by URL', () => {
  let kosit: StandIn;
  let vera: StandIn;
  let e: TestApp;
  beforeAll(async () => {
    [kosit, vera] = await Promise.all([kositStandIn(), veraPdfStandIn(new Map())]);
    e = await makeTestApp({ env: { KONTOR_KOSIT_URL: kosit.url, KONTOR_VERAPDF_URL: vera.url, KONTOR_ENGINE_TIMEOUT_MS: '5000' } });
  });
  afterAll(async () => {
    await e?.dispose();
    await Promise.all([kosit?.close(), vera?.close()]);
  });

  it('join engines[] and decide', async () => {
    const a = await e.account();
    const r = await e.request('/api/v1/verify', { method: 'POST', body: pdfForm(pdf), key: a.key });
    expect(r.status).toBe(200);
    const report = v.parse(VerificationReportSchema, await r.json());
    expect(report.result.authoritative.engines).toEqual(expect.arrayContaining(['veraPDF', expect.stringMatching(/^KoSIT validator/)]));
    expect(report.result.authoritative.available).toBe(true);
    expect(kosit.requests.at(-1)!.body.toString('utf8')).toBe(xml);
    expect(vera.requests.at(-1)!.path).toBe('/api/validate/3b');
    const formats = (await (await e.request('/api/v1/formats')).json()) as { formats: { validation: { engines: string[] } }[] };
    expect(formats.formats[0]!.validation.engines).toEqual(expect.arrayContaining([expect.stringMatching(/^KoSIT/), expect.stringMatching(/^veraPDF/)]));
  });

  it('unreachable engines: available false, the native result stands', async () => {
    const down = await makeTestApp({ env: { KONTOR_KOSIT_URL: 'http://127.0.0.1:9', KONTOR_VERAPDF_URL: 'http://127.0.0.1:9' } });
    try {
      const a = await down.account();
      const report = v.parse(VerificationReportSchema, await (await down.request('/api/v1/verify', { method: 'POST', body: pdfForm(pdf), key: a.key })).json());
      expect(report.result.authoritative.available).toBe(false);
      expect(report.result.authoritative.note).toMatch(/unreachable/);
      expect(report.result.authoritative.engines).toContain('Kontor PDF/A-3 checker (@kontor/pdfa3)');
    } finally {
      await down.dispose();
    }
  });
});

describe('/formats and OpenAPI', () => {
  it('claims verify (mounted) but not extract (no /extractions here)', async () => {
    const b = (await (await t.request('/api/v1/formats')).json()) as { formats: { id: string; operations: Record<string, boolean> }[] };
    // the two formats of spec §2.13 are verified by /verify; UBL (beyond the spec) travels as bare XML only (POST /invoices/validate)
    for (const f of b.formats) expect(f.operations.verify, f.id).toBe(f.id !== 'xrechnung-ubl-3.0');
    const mounted = t.openapi.paths as Record<string, unknown>;
    expect(b.formats[0]!.operations.extract).toBe('/extractions' in mounted);
  });

  it('documents both endpoints', () => {
    const paths = t.openapi.paths as Record<
      string,
      Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; responses: Record<string, unknown> }>
    >;
    expect(Object.keys(paths['/verify']!.post!.requestBody.content)).toEqual(['multipart/form-data']);
    expect(paths['/verify']!.post!.requestBody.content['multipart/form-data']!.schema.properties).toHaveProperty('pdf');
    expect(Object.keys(paths['/verify']!.post!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(Object.keys(paths['/invoices/validate']!.post!.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
  });
});
