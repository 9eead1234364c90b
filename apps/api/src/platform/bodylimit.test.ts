import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { makeTestApp, type TestApp } from '../../test/helpers';
import { defineRoute } from './registry';

const echo = defineRoute({
  method: 'post',
  path: '/test/echo',
  operationId: 'testEcho',
  summary: 'test only',
  tags: ['test'],
  auth: 'required',
  maxBodyBytes: 1000,
  json: v.strictObject({ text: v.pipe(v.string(), v.maxLength(2000)) }),
  responses: { 200: { description: 'ok' } },
  errors: [400, 413],
  handler: ({ c, body }) => c.json({ length: body.text.length }),
});

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await makeTestApp({ routes: [echo] });
  key = (await t.account()).key;
});
afterAll(() => t.dispose());

const post = (body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.request('/api/v1/test/echo', { method: 'POST', key, headers, body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);

describe('request bodies', () => {
  it('accepts a body within the limit and validates it', async () => {
    expect(await (await post(JSON.stringify({ text: 'abc' }))).json()).toEqual({ length: 3 });
    const bad = await post(JSON.stringify({ text: 'abc', extra: 1 }));
    expect(bad.status).toBe(400);
    const b = (await bad.json()) as { code: string; details: { path: string }[] };
    expect(b.code).toBe('invalid_input');
    expect(b.details[0]!.path).toBe('extra');
    expect((await post('{not json')).status).toBe(400);
    expect((await post('x', { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('answers 413 with the envelope for a declared oversize body', async () => {
    const r = await post(JSON.stringify({ text: 'x'.repeat(1500) }));
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({ error: 'Request body larger than 1000 bytes', code: 'payload_too_large', details: { maxBytes: 1000 } });
  });

  it('stops reading a streamed body without content-length once it passes the limit', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        pulled++;
        if (pulled > 1000) return ctrl.close();
        ctrl.enqueue(new TextEncoder().encode('x'.repeat(100)));
      },
    });
    const r = await post(stream, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    expect(r.status).toBe(413);
    expect(((await r.json()) as { code: string }).code).toBe('payload_too_large');
    expect(pulled).toBeLessThan(50);
  });
});
