/** POST /invoices format=pdf (spec §4.6): forms, Accept table, billing rule 1, refusals without charge, embed vs typeset. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCii } from '@kontor/cii';
import { readEmbeddedFiles, checkPdfA3 } from '@kontor/pdfa3';
import { typesetInvoice, ZugferdError } from '@kontor/zugferd';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { toApiError } from '../platform/errors';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, '../../../../packages/cii/test/fixtures');
const fixture = (name: string): Record<string, any> => JSON.parse(readFileSync(path.join(fixtures, `${name}.json`), 'utf8'));
const corpus = path.resolve(here, '../../../../../shared/corpus/pdf/plain');
const svgLogo = readFileSync(path.resolve(here, '../../../../packages/zugferd/test/fixtures/logo.svg'));

const clock = testClock('2026-06-15T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ clock, env: { KONTOR_RATE_LIMITS: 'off' } });
});
afterAll(async () => {
  await t.dispose();
});

function post(key: string, body: unknown, opts: { query?: string; accept?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.accept) headers.accept = opts.accept;
  return t.request(`/api/v1/invoices${opts.query ?? ''}`, { method: 'POST', key, headers, body: JSON.stringify(body) });
}

async function credits(id: string): Promise<number> {
  return (await t.services.accounts.byId(id))!.credits;
}

async function embeddedXml(pdf: Uint8Array): Promise<string> {
  const f = (await readEmbeddedFiles(pdf)).find((x) => x.name === 'factur-x.xml');
  return Buffer.from(f!.data).toString('utf8');
}

async function detailCodes(r: Response): Promise<string[]> {
  return ((await r.json()) as { details: { code: string }[] }).details.map((d) => d.code);
}

describe('POST /invoices format=pdf', () => {
  it('typesets a PDF/A-3 hybrid whose XML is byte-identical to format=xml, with X-Invoice-Bytes and a file name', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const invoice = fixture('03-two-rates');
    const r = await post(key, { invoice, filename: 'RE-1.pdf' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await r.arrayBuffer());
    expect(r.headers.get('x-invoice-bytes')).toBe(String(pdf.byteLength));
    expect(r.headers.get('content-disposition')).toContain('filename="RE-1.pdf"');
    expect(r.headers.get('x-invoice-watermark')).toBe('false');
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await checkPdfA3(pdf)).passed).toBe(true);
    // a subscription invoice without watermark counts for fair use (the XML below counts too)
    const me = (await (await t.request('/api/v1/me', { key })).json()) as { fairUse: { used: number } | null };
    expect(me.fairUse?.used).toBe(1);
    const xmlPath = await post(key, { invoice }, { query: '?format=xml' });
    const xml = await xmlPath.text();
    expect(await embeddedXml(pdf)).toBe(xml);
    expect(xml).toBe(writeCii(invoice));
  });

  it('answers {pdf_base64, bytes} when Accept names application/json', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const r = await post(key, { invoice: fixture('01-minimal-en16931'), lang: 'en' }, { accept: 'application/json' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await r.text();
    const body = JSON.parse(text) as { pdf_base64: string; bytes: number };
    const pdf = Buffer.from(body.pdf_base64, 'base64');
    expect(body.bytes).toBe(pdf.byteLength);
    expect(r.headers.get('x-invoice-bytes')).toBe(String(Buffer.byteLength(text)));
    // a wildcard keeps the binary form
    const bin = await post(key, { invoice: fixture('01-minimal-en16931') }, { accept: 'application/json, */*' });
    expect(bin.headers.get('content-type')).toBe('application/pdf');
  });

  it('bills rule 1: subscription, then a credit, then 5 watermarked free invoices a day, then 429 until Berlin midnight', async () => {
    const invoice = fixture('01-minimal-en16931');
    const withCredit = await t.account({ credits: 2 });
    const c1 = await post(withCredit.key, { invoice });
    expect(c1.status).toBe(200);
    expect(c1.headers.get('x-invoice-watermark')).toBe('false');
    expect(await credits(withCredit.id)).toBe(1);

    const free = await t.account();
    const sizes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await post(free.key, { invoice });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-invoice-watermark')).toBe('true');
      sizes.push((await r.arrayBuffer()).byteLength);
    }
    expect(sizes[0]).toBeGreaterThan((await c1.arrayBuffer()).byteLength); // the seal adds drawing and glyphs
    const over = await post(free.key, { invoice });
    expect(over.status).toBe(429);
    expect(((await over.json()) as { code: string }).code).toBe('free_quota_exhausted');
    expect(Number(over.headers.get('retry-after'))).toBe(12 * 3600); // 10:00 UTC = 12:00 Berlin (CEST); midnight is 12 hours away
    clock.set('2026-06-15T22:00:01Z'); // 00:00:01 in Berlin
    try {
      expect((await post(free.key, { invoice })).status).toBe(200);
    } finally {
      clock.set('2026-06-15T10:00:00Z');
    }
  });

  it('embeds into a supplied PDF (JSON and multipart), keeping its pages', async () => {
    const { key, id } = await t.account({ credits: 3 });
    const visual = (await typesetInvoice(fixture('01-minimal-en16931'), { now: clock.now })).pdf;
    const invoice = fixture('03-two-rates');
    const r = await post(key, { invoice, pdf_base64: Buffer.from(visual).toString('base64') });
    expect(r.status).toBe(200);
    const pdf = new Uint8Array(await r.arrayBuffer());
    expect(await embeddedXml(pdf)).toBe(writeCii(invoice));
    expect(await credits(id)).toBe(2);

    const form = new FormData();
    form.set('invoice', new Blob([JSON.stringify(invoice)], { type: 'application/json' }), 'invoice.json');
    form.set('pdf', new Blob([Buffer.from(visual)], { type: 'application/pdf' }), 'visual.pdf');
    form.append('attachments', new Blob(['pos;menge\n1;8\n'], { type: 'text/csv' }), 'stunden.csv');
    form.append('attachmentDescriptions', 'Stundennachweis');
    form.set('filename', 'mit-anlage.pdf');
    const m = await t.request('/api/v1/invoices', { method: 'POST', key, body: form });
    expect(m.status).toBe(200);
    expect(m.headers.get('content-disposition')).toContain('mit-anlage.pdf');
    const files = await readEmbeddedFiles(new Uint8Array(await m.arrayBuffer()));
    expect(files.map((f) => [f.name, f.relationship]).sort()).toEqual([
      ['factur-x.xml', 'Alternative'],
      ['stunden.csv', 'Supplement'],
    ]);
    const xml = Buffer.from(files.find((f) => f.name === 'factur-x.xml')!.data).toString('utf8');
    expect(xml).toContain('<ram:Name>Stundennachweis</ram:Name>');
    expect(xml).toContain('<ram:TypeCode>916</ram:TypeCode>');
  });

  it('takes a logo in multipart and JSON (type detected from the content) and a language', async () => {
    const { key } = await t.account({ plan: 'converter' });
    const form = new FormData();
    form.set('invoice', JSON.stringify(fixture('03-two-rates')));
    form.set('logo', new Blob([svgLogo]), 'logo.svg');
    form.set('lang', 'en');
    const m = await t.request('/api/v1/invoices', { method: 'POST', key, body: form });
    expect(m.status).toBe(200);
    const j = await post(key, { invoice: fixture('03-two-rates'), logo_base64: `data:image/svg+xml;base64,${svgLogo.toString('base64')}` });
    expect(j.status).toBe(200);
  });

  it('refuses bad requests with 400 invalid_input and charges nothing', async () => {
    const { key, id } = await t.account({ credits: 5 });
    const invoice = fixture('03-two-rates');
    const visual = (await typesetInvoice(fixture('01-minimal-en16931'), { now: clock.now })).pdf;
    const cases: [unknown, string][] = [
      [{ invoice: { ...invoice, profile: 'xrechnung' } }, 'PROFILE_NOT_SUPPORTED'],
      [{ invoice: { ...invoice, totalGross: 1 } }, 'BR-CO-15'],
      [{ invoice, pdf_base64: Buffer.from(visual).toString('base64'), logo_base64: svgLogo.toString('base64') }, 'LOGO_WITH_PDF'],
      [{ invoice, logo_base64: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>').toString('base64') }, 'LOGO_UNSAFE'],
      [{ invoice, logo_base64: svgLogo.toString('base64'), logo_mime: 'image/png' }, 'LOGO_INVALID'],
      [{ invoice, logo_base64: Buffer.alloc(600_000, 0x20).toString('base64') }, 'LOGO_INVALID'],
      [{ invoice, pdf_base64: Buffer.from('not a pdf').toString('base64') }, 'PDF_UNREADABLE'],
      [{ invoice, attachments: [{ filename: 'x.exe', data_base64: 'AAAA' }] }, 'ATTACHMENT_INVALID'],
      [{ invoice, lang: 'fr' }, ''],
    ];
    for (const [body, code] of cases) {
      const r = await post(key, body);
      expect(r.status, code).toBe(400);
      if (code) expect(await detailCodes(r), code).toContain(code);
    }
    const encrypted = path.join(corpus, 'pdf-lib/encrypted_old.pdf');
    if (existsSync(encrypted)) {
      const r = await post(key, { invoice, pdf_base64: readFileSync(encrypted).toString('base64') });
      expect(r.status).toBe(400);
      expect(await detailCodes(r)).toContain('PDF_ENCRYPTED');
    }
    expect(await credits(id)).toBe(5);
  });

  it('maps a failed self-check to 502 upstream_error and input refusals to 400', () => {
    const failed = toApiError(new ZugferdError('CHECK_FAILED', 'x', { details: [{ code: '6.2.11.5', severity: 'error', message: 'widths' }] }));
    expect(failed).toMatchObject({ status: 502, code: 'upstream_error', details: [{ code: '6.2.11.5' }] });
    const refused = toApiError(new ZugferdError('PDF_FONTS_NOT_EMBEDDED', 'fonts'));
    expect(refused).toMatchObject({ status: 400, code: 'invalid_input', details: [{ code: 'PDF_FONTS_NOT_EMBEDDED' }] });
  });
});
