/**
 * The model path against a stand-in OpenAI-compatible server on 127.0.0.1 with scripted answers: a good answer,
 * malformed JSON and wrong totals (the repair loop sends findings back, bounded), an invented IBAN (replaced by the
 * printed one), missing fields (back-filled from the text path), and timeouts, refusals, HTTP errors and a closed
 * port (MODEL_FAILED, which the API maps to 502).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelProvider } from '@kontor/ai';
import { completeExtraction, prepareExtraction, typesetInvoice, ZugferdError, type PreparedExtraction } from '../src/index';
import { referenceInvoices } from './reference-invoices';
import { corpusAvailable, corpusDir } from './helpers';
import { stripEmbeddedInvoice } from './extract-accuracy';
import { startModelStandIn, type ModelStandIn } from '@kontor/testkit/model-standin';

let standIn: ModelStandIn;
const hasCorpus = corpusAvailable();
const scanFile = path.join(corpusDir, 'pdf/plain/ocrmypdf/c02-22.pdf');
let prepared: PreparedExtraction;
const ref = referenceInvoices().find((r) => r.name === '381-rechnungskorrektur')!;
const truth = ref.json as unknown as Record<string, unknown>;

const model = (timeoutMs = 2000) => createModelProvider({ baseUrl: standIn.baseUrl, model: 'standin', timeoutMs, maxRetries: 0 });
const clone = <T>(x: T): T => structuredClone(x);

beforeAll(async () => {
  standIn = await startModelStandIn();
  const { pdf } = await typesetInvoice(ref.json, { now: new Date('2025-03-10T10:00:00Z'), lang: ref.lang });
  prepared = await prepareExtraction(await stripEmbeddedInvoice(pdf));
  expect(prepared.kind).toBe('print');
});

afterAll(async () => {
  await standIn.close();
});

describe('model path', () => {
  it('takes a consistent answer in one round and sends the text layer with a JSON schema', async () => {
    standIn.script([{ json: truth }]);
    const r = await completeExtraction(prepared, { model: model() });
    expect(standIn.requests).toHaveLength(1);
    const req = standIn.requests[0]!;
    expect(req.response_format).toMatchObject({ type: 'json_schema' });
    expect(req.messages.at(-1)!.content).toContain(String(truth.invoiceNumber));
    expect(r.source).toBe('llm');
    expect(r.issues[0]!.code).toBe('MODEL_USED');
    expect(r.invoice.invoiceNumber).toBe(truth.invoiceNumber);
    expect(r.invoice.totalGross).toBe(truth.totalGross);
    expect(r.invoice.lines).toHaveLength((truth.lines as unknown[]).length);
    expect(r.repairedPaths).toEqual([]);
  });

  it('repairs malformed JSON: the second request says so, the second answer is taken', async () => {
    standIn.script([{ content: 'Sure! Here is the invoice: {"invoiceNumber": "RK-2025-0007", "lines": [' }, { json: truth }]);
    const r = await completeExtraction(prepared, { model: model() });
    expect(standIn.requests).toHaveLength(2);
    expect(standIn.requests[1]!.messages.at(-1)!.content).toMatch(/not a valid JSON/);
    expect(r.invoice.totalNet).toBe(truth.totalNet);
  });

  it('sends wrong totals back as findings and takes the corrected answer', async () => {
    const wrong = clone(truth);
    wrong.totalGross = 999.99;
    standIn.script([{ json: wrong }, { json: truth }]);
    const r = await completeExtraction(prepared, { model: model() });
    expect(standIn.requests).toHaveLength(2);
    const feedback = standIn.requests[1]!.messages.at(-1)!.content;
    expect(feedback).toContain('TOTALS_MISMATCH');
    expect(feedback).toContain('totalGross');
    expect(r.invoice.totalGross).toBe(truth.totalGross);
    expect(r.issues.some((i) => i.code === 'TOTALS_MISMATCH')).toBe(false);
  });

  it('bounds the repair loop and reports what stays wrong', async () => {
    const wrong = clone(truth);
    wrong.totalGross = 999.99;
    standIn.script([{ json: wrong }, { json: wrong }, { json: wrong }, { json: truth }]);
    const r = await completeExtraction(prepared, { model: model(), maxRepairRounds: 2 });
    expect(standIn.requests).toHaveLength(3);
    expect(r.issues.map((i) => i.code)).toEqual(expect.arrayContaining(['TOTALS_MISMATCH', 'AMOUNT_NOT_IN_DOCUMENT']));
  });

  it('never keeps an IBAN or VAT ID that is not printed: the printed one replaces it', async () => {
    const invented = clone(truth) as Record<string, Record<string, unknown>>;
    invented.payment = { ...invented.payment, iban: 'DE89370400440532013000' };
    invented.seller = { ...invented.seller, vatId: 'DE136695976' };
    standIn.script([{ json: invented }]);
    const r = await completeExtraction(prepared, { model: model() });
    expect(r.invoice.payment?.iban).toBe('DE02120300000000202051');
    expect(r.invoice.seller.vatId).toBe('DE811907980');
    expect(r.issues.map((i) => i.code)).toEqual(expect.arrayContaining(['IBAN_NOT_IN_DOCUMENT', 'VAT_ID_NOT_IN_DOCUMENT']));
  });

  it('back-fills required fields the model left out from the text path, placeholders where neither knows', async () => {
    const partial = clone(truth);
    delete partial.invoiceNumber;
    delete partial.issueDate;
    (partial.buyer as Record<string, unknown>).name = '';
    standIn.script([{ json: partial }, { json: partial }, { json: partial }]);
    const r = await completeExtraction(prepared, { model: model() });
    expect(r.invoice.invoiceNumber).toBe(truth.invoiceNumber);
    expect(r.invoice.issueDate).toBe(truth.issueDate);
    expect(r.invoice.buyer.name).toBe((truth.buyer as Record<string, unknown>).name);
    expect(r.repairedPaths).toEqual([]);
  });

  it('converts numbers sent as strings', async () => {
    const stringy = clone(truth);
    stringy.totalGross = String(truth.totalGross);
    standIn.script([{ json: stringy }]);
    const r = await completeExtraction(prepared, { model: model() });
    expect(r.invoice.totalGross).toBe(truth.totalGross);
  });

  it.skipIf(!hasCorpus)('reads a scan through page images (vision model), keeping an IBAN only with valid check digits', async () => {
    const scan = await prepareExtraction(new Uint8Array(readFileSync(scanFile)), { renderScans: true });
    expect(scan.kind === 'print' && scan.images?.length).toBe(1);
    const answer = clone(truth) as Record<string, Record<string, unknown>>;
    answer.payment = { ...answer.payment, iban: 'DE03120300000000202051' };
    standIn.script([{ json: answer }, { json: answer }, { json: answer }]);
    const r = await completeExtraction(scan, { model: model() });
    const req = standIn.requests[0]!;
    const parts = req.messages.at(-1)!.content as unknown as { type: string; image_url?: { url: string } }[];
    expect(parts.some((p) => p.type === 'image_url' && p.image_url!.url.startsWith('data:image/jpeg;base64,'))).toBe(true);
    expect(r.issues[0]!.message).toMatch(/page image/);
    expect(r.invoice.invoiceNumber).toBe(truth.invoiceNumber);
    // the model's IBAN fails its check digits and nothing is printed to fall back on: left out
    expect(r.invoice.payment?.iban).toBeUndefined();
    expect(r.issues.map((i) => i.code)).toContain('IBAN_NOT_IN_DOCUMENT');
  });

  it('does not render page images unless asked (no model, no vision)', async () => {
    if (!hasCorpus) return;
    const scan = await prepareExtraction(new Uint8Array(readFileSync(scanFile)));
    expect(scan.kind === 'print' && scan.images).toBeUndefined();
  });

  it.each([
    ['a timeout', [{ delayMs: 1500, content: '{}' }], 'AI_TIMEOUT'],
    ['a refusal', [{ refusal: 'I cannot help with that.' }], 'AI_REFUSED'],
    ['HTTP 500', [{ status: 500, body: 'internal' }], 'AI_HTTP_ERROR'],
    ['malformed JSON in every answer', [{ content: 'no' }, { content: 'still no' }, { content: 'never' }], 'MODEL_JSON_INVALID'],
  ] as const)('fails with MODEL_FAILED on %s', async (_what, steps, code) => {
    standIn.script([...steps] as never);
    const err = await completeExtraction(prepared, { model: model(300) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZugferdError);
    expect((err as ZugferdError).code).toBe('MODEL_FAILED');
    expect((err as ZugferdError).details[0]!.code).toBe(code);
  });

  it('fails with MODEL_FAILED when nothing listens', async () => {
    const closed = createModelProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'x', timeoutMs: 1000, maxRetries: 0 });
    const err = await completeExtraction(prepared, { model: closed }).catch((e: unknown) => e);
    expect((err as ZugferdError).code).toBe('MODEL_FAILED');
    expect((err as ZugferdError).details[0]!.code).toBe('AI_UNREACHABLE');
  });
});
