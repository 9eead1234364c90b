/**
 * The library errors that used to fall through to 500 (CiiError, KontorXmlError, Pdfa3Error) reach a client through
 * a real route of the real app as their documented status and the §7 envelope — thrown on the main thread and thrown
 * inside a job worker (the error crosses the thread as data and maps through the same table).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCii } from '@kontor/cii';
import { readPdfInfo } from '@kontor/pdfa3';
import { parseXml } from '@kontor/xml';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';
import { defineRoute } from './registry';

const here = path.dirname(fileURLToPath(import.meta.url));
const invalidInvoice = (): Record<string, unknown> => {
  const j = JSON.parse(readFileSync(path.resolve(here, '../../../../packages/cii/test/fixtures/01-minimal-en16931.json'), 'utf8')) as Record<string, unknown>;
  j.totalNet = 1; // BR-CO-13: the sum of the lines no longer matches
  return j;
};

type Which = 'cii' | 'xml' | 'pdfa3';
/** The same library calls as the worker job test.library-error, here on the main thread. */
async function callLibrary(which: Which): Promise<never> {
  if (which === 'cii') writeCii(invalidInvoice() as never);
  else if (which === 'xml') parseXml('<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>');
  else await readPdfInfo(new TextEncoder().encode('%PDF-1.7\nnot a PDF body\n%%EOF\n'));
  throw new Error('the library accepted the input');
}

const route = defineRoute({
  method: 'post',
  path: '/test/library-error',
  operationId: 'testLibraryError',
  summary: 'test only: a library refusal, on the main thread or in a job worker',
  tags: ['test'],
  auth: 'required',
  json: v.object({ which: v.picklist(['cii', 'xml', 'pdfa3']), worker: v.boolean() }),
  responses: { 200: { description: 'never' } },
  errors: [400, 500],
  handler: async ({ c, services, body }) => {
    if (body.worker) return c.json(await services.jobs.run('test.library-error', { which: body.which, invoice: invalidInvoice() }));
    return c.json(await callLibrary(body.which));
  },
});

describe('formerly unmapped library errors through a real route', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await makeTestApp({ clock: testClock(), routes: [route], jobs: { testJobs: true }, env: { KONTOR_RATE_LIMITS: 'off' } });
    key = (await t.account()).key;
  });
  afterAll(() => t.dispose());

  const call = async (which: Which, worker: boolean) => {
    const r = await t.request('/api/v1/test/library-error', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ which, worker }) });
    return { status: r.status, body: (await r.json()) as { error: string; code: string; details: { code: string; path?: string; location?: unknown }[] } };
  };

  for (const worker of [false, true]) {
    const where = worker ? 'in a job worker' : 'on the main thread';
    it(`CiiError INVOICE_INVALID ${where} → 400 invalid_input with the findings`, async () => {
      const { status, body } = await call('cii', worker);
      expect(status).toBe(400);
      expect(body.code).toBe('invalid_input');
      expect(body.error).toMatch(/^The invoice was rejected: .*BR-CO-13/);
      expect(body.details.map((d) => d.code)).toContain('BR-CO-13');
    });

    it(`KontorXmlError XML_DOCTYPE_FORBIDDEN ${where} → 400 invalid_input with the position`, async () => {
      const { status, body } = await call('xml', worker);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'invalid_input', details: [{ code: 'XML_DOCTYPE_FORBIDDEN', severity: 'error', location: { line: 2 } }] });
    });

    it(`Pdfa3Error PDF_UNREADABLE ${where} → 400 invalid_input at pdf`, async () => {
      const { status, body } = await call('pdfa3', worker);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'invalid_input', details: [{ code: 'PDF_UNREADABLE', path: 'pdf' }] });
    });
  }
});
