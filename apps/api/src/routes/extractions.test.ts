/**
 * POST /extractions over HTTP (spec §4.7): source xml for hybrids, source llm with honest placeholders for plain
 * PDFs, billing (subscription or 1 credit, no free quota, 403 otherwise; bad input and a failed model charge
 * nothing), 10 per minute, 25 MB, clear 400 codes, the model path against a scripted stand-in on 127.0.0.1
 * (502 upstream_error when it fails), the OpenAPI entry and /formats claiming extract.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { typesetInvoice } from '@kontor/zugferd';
import { completeInvoice, type DraftInvoice } from '@kontor/cii';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';
import { referenceInvoices } from '@kontor/testkit/reference-invoices';
import { stripEmbeddedInvoice } from '@kontor/testkit/pdf';
import { startModelStandIn, type ModelStandIn } from '@kontor/testkit/model-standin';
import { ExtractionResultSchema } from './extractions';

let t: TestApp;
let withModel: TestApp;
let standIn: ModelStandIn;
let hybrid: Uint8Array;
let plain: Uint8Array;
const ref = referenceInvoices((d) => completeInvoice(d as unknown as DraftInvoice)).find((r) => r.name === '381-rechnungskorrektur')!;

beforeAll(async () => {
  standIn = await startModelStandIn();
  t = await makeTestApp();
  withModel = await makeTestApp({ env: { KONTOR_AI_BASE_URL: standIn.baseUrl, KONTOR_AI_MODEL: 'standin' } });
  hybrid = (await typesetInvoice(structuredClone(ref.json), { now: new Date('2025-03-10T09:30:00Z'), lang: ref.lang })).pdf;
  plain = await stripEmbeddedInvoice(hybrid);
}, 120_000);
afterAll(async () => {
  await t?.dispose();
  await withModel?.dispose();
  await standIn?.close();
});

function pdfForm(bytes: Uint8Array | string, part = 'pdf'): FormData {
  const f = new FormData();
  f.append(part, new Blob([typeof bytes === 'string' ? bytes : (bytes as Uint8Array<ArrayBuffer>)], { type: 'application/pdf' }), 'invoice.pdf');
  return f;
}

async function envelope(r: Response) {
  const b = (await r.json()) as { error: string; code: string; details: unknown };
  expect(Object.keys(b).sort()).toEqual(['code', 'details', 'error']);
  return b;
}

const credits = async (app: TestApp, key: string) => ((await (await app.request('/api/v1/me', { key })).json()) as { credits: number }).credits;
const extract = (app: TestApp, key: string, body: FormData | string, headers: Record<string, string> = {}) => app.request('/api/v1/extractions', { method: 'POST', body, key, headers });

describe('POST /extractions', () => {
  it('needs a credential', async () => {
    const r = await t.request('/api/v1/extractions', { method: 'POST', body: pdfForm(hybrid) });
    expect(r.status).toBe(401);
  });

  it('answers 403 subscription_required without subscription or credit (no free quota)', async () => {
    const a = await t.account({ credits: 0 });
    const r = await extract(t, a.key, pdfForm(hybrid));
    expect(r.status).toBe(403);
    expect((await envelope(r)).code).toBe('subscription_required');
  });

  it('reads a hybrid as source xml and charges 1 credit', async () => {
    const a = await t.account({ credits: 2 });
    const r = await extract(t, a.key, pdfForm(hybrid));
    expect(r.status).toBe(200);
    const body = v.parse(ExtractionResultSchema, await r.json());
    expect(body.source).toBe('xml');
    expect(body.repairedPaths).toEqual([]);
    expect(body.invoice).toMatchObject({ invoiceNumber: ref.json.invoiceNumber, totalGross: ref.json.totalGross });
    expect(await credits(t, a.key)).toBe(1);
  });

  it('reads a plain PDF from the text layer (no model configured), free of credits under a subscription', async () => {
    const a = await t.account({ plan: 'converter', credits: 3 });
    const r = await extract(t, a.key, pdfForm(plain));
    expect(r.status).toBe(200);
    const body = v.parse(ExtractionResultSchema, await r.json());
    expect(body.source).toBe('llm');
    expect(body.issues.map((i) => i.code)).toContain('NO_MODEL_USED');
    expect(body.invoice).toMatchObject({ invoiceNumber: ref.json.invoiceNumber, totalGross: ref.json.totalGross, payment: { iban: 'DE02120300000000202051' } });
    expect(await credits(t, a.key)).toBe(3);
  });

  it('refuses non-PDFs, empty parts and damaged PDFs with 400 codes and charges nothing', async () => {
    const a = await t.account({ credits: 1 });
    const cases: [FormData | string, string, Record<string, string>?][] = [
      [pdfForm('<Invoice/>'), 'XML_NOT_ACCEPTED'],
      [pdfForm('hello'), 'NOT_A_PDF'],
      [pdfForm(''), 'FILE_EMPTY'],
      [pdfForm('%PDF-1.7\n%%EOF\n'), 'PDF_UNREADABLE'],
      ['{}', 'MULTIPART_REQUIRED', { 'content-type': 'application/json' }],
    ];
    for (const [body, code, headers] of cases) {
      const r = await extract(t, a.key, body, headers);
      expect(r.status, code).toBe(400);
      const e = await envelope(r);
      expect(e.code).toBe('invalid_input');
      expect((e.details as { code: string }[])[0]!.code).toBe(code);
    }
    const wrongPart = await extract(t, a.key, pdfForm(hybrid, 'file'));
    expect(wrongPart.status).toBe(400);
    expect(await credits(t, a.key)).toBe(1);
  });

  it.skipIf(!corpusAvailable())('answers PDF_ENCRYPTED for a password-protected PDF, nothing charged', async () => {
    const a = await t.account({ credits: 1 });
    const r = await extract(t, a.key, pdfForm(new Uint8Array(readFileSync(path.join(corpusDir, 'pdf/plain/pdf-lib/encrypted_new.pdf')))));
    expect(r.status).toBe(400);
    expect(((await envelope(r)).details as { code: string }[])[0]!.code).toBe('PDF_ENCRYPTED');
    expect(await credits(t, a.key)).toBe(1);
  });

  it('enforces 25 MB while streaming', async () => {
    const a = await t.account({ credits: 1 });
    const big = new Uint8Array(26_214_401);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const r = await extract(t, a.key, pdfForm(big));
    expect(r.status).toBe(413);
    expect((await envelope(r)).code).toBe('payload_too_large');
    expect(await credits(t, a.key)).toBe(1);
  });

  it('allows 10 requests per minute per key', async () => {
    // a stopped clock: the fixed window must not turn over between the requests on a slow machine
    const clocked = await makeTestApp({ clock: testClock() });
    try {
      const a = await clocked.account();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await extract(clocked, a.key, '{}', { 'content-type': 'application/json' })).status);
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await clocked.dispose();
    }
  });
});

describe('POST /extractions with a model (KONTOR_AI_*)', () => {
  it('reads the print through the model and charges 1 credit', async () => {
    const a = await withModel.account({ credits: 1 });
    standIn.script([{ json: ref.json }]);
    const r = await extract(withModel, a.key, pdfForm(plain));
    expect(r.status).toBe(200);
    const body = v.parse(ExtractionResultSchema, await r.json());
    expect(body.source).toBe('llm');
    expect(body.issues[0]!.code).toBe('MODEL_USED');
    expect(standIn.requests).toHaveLength(1);
    expect(await credits(withModel, a.key)).toBe(0);
  });

  it.skipIf(!corpusAvailable())('sends page images of a scan to the model', async () => {
    const a = await withModel.account({ credits: 1 });
    // the printed buyer VAT ID of the answer fails its check digits: the loop asks twice more, then reports it
    standIn.script([{ json: ref.json }, { json: ref.json }, { json: ref.json }]);
    const r = await extract(withModel, a.key, pdfForm(new Uint8Array(readFileSync(path.join(corpusDir, 'pdf/plain/ocrmypdf/c02-22.pdf')))));
    expect(r.status, r.status === 200 ? '' : await r.clone().text()).toBe(200);
    const parts = standIn.requests[0]!.messages.at(-1)!.content as unknown as { type: string }[];
    expect(parts.map((p) => p.type)).toContain('image_url');
    expect(((await r.json()) as { issues: { message: string }[] }).issues[0]!.message).toMatch(/page image/);
  });

  it('does not call the model for a hybrid', async () => {
    const a = await withModel.account({ credits: 1 });
    standIn.script([]);
    const r = await extract(withModel, a.key, pdfForm(hybrid));
    expect(r.status).toBe(200);
    expect(((await r.json()) as { source: string }).source).toBe('xml');
    expect(standIn.requests).toHaveLength(0);
  });

  it.each([
    ['HTTP 500 twice', [{ status: 500 }, { status: 500 }]],
    ['a refusal', [{ refusal: 'I cannot help with that.' }]],
    ['malformed JSON in every answer', [{ content: 'x' }, { content: 'y' }, { content: 'z' }]],
  ] as const)('answers 502 upstream_error on %s and charges nothing', async (_what, steps) => {
    const a = await withModel.account({ credits: 1 });
    standIn.script([...steps] as never);
    const r = await extract(withModel, a.key, pdfForm(plain));
    expect(r.status).toBe(502);
    expect((await envelope(r)).code).toBe('upstream_error');
    expect(await credits(withModel, a.key)).toBe(1);
  });
});

describe('/extractions in OpenAPI and /formats', () => {
  it('documents the operation and claims extract', async () => {
    const doc = (await (await t.request('/api/v1/openapi.json')).json()) as { paths: Record<string, { post?: { operationId: string; responses: Record<string, unknown> } }> };
    const op = doc.paths['/extractions']!.post!;
    expect(op.operationId).toBe('extractInvoice');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '413', '429', '502']));
    const f = (await (await t.request('/api/v1/formats')).json()) as { formats: { id: string; operations: { extract: boolean } }[] };
    expect(f.formats.find((x) => x.id === 'zugferd-en16931')!.operations.extract).toBe(true);
  });
});
