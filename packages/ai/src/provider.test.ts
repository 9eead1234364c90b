import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AiError, createModelProvider, parseJsonContent } from './provider';

/**
 * A real OpenAI-compatible stand-in on 127.0.0.1: POST /v1/chat/completions. The scenario is chosen by the
 * model name, so each test drives the server through the real protocol.
 */
interface Seen {
  auth: string | undefined;
  body: Record<string, unknown>;
}
let server: http.Server;
let base: string;
const seen: Seen[] = [];
const hits = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end('not found');
        return;
      }
      const body = JSON.parse(raw) as { model: string; messages: { content: string }[] };
      seen.push({ auth: req.headers.authorization, body });
      const n = (hits.get(body.model) ?? 0) + 1;
      hits.set(body.model, n);
      const ok = (content: string) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 },
          }),
        );
      switch (body.model) {
        case 'echo':
          return ok(`echo:${body.messages.at(-1)!.content}`);
        case 'flaky':
          return n === 1 ? res.writeHead(503).end('busy') : ok('recovered');
        case 'limited':
          return n === 1 ? res.writeHead(429, { 'retry-after': '0' }).end('slow down') : ok('after-limit');
        case 'denied':
          return res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad key"}');
        case 'slow':
          setTimeout(() => ok('late'), 400);
          return;
        case 'garbage':
          return res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
        case 'nochoice':
          return res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices":[]}');
        case 'refuse':
          return res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ model: 'refuse', choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: 'I cannot help with that.' }, finish_reason: 'stop' }] }));
        case 'filtered':
          return res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ model: 'filtered', choices: [{ index: 0, message: { role: 'assistant', content: null }, finish_reason: 'content_filter' }] }));
        case 'huge':
          return res.writeHead(200, { 'content-type': 'application/json' }).end('x'.repeat(20_000));
        default:
          return res.writeHead(400).end('unknown model');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('createModelProvider', () => {
  it('sends an OpenAI-style request and reads the answer', async () => {
    const p = createModelProvider({ baseUrl: base + '/', apiKey: 'sk-test', model: 'echo', timeoutMs: 2000 });
    const r = await p.complete({
      messages: [{ role: 'user', content: 'hallo' }],
      responseFormat: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object' }, strict: true } },
      temperature: 0,
      maxTokens: 50,
    });
    expect(r).toEqual({ content: 'echo:hallo', model: 'echo', finishReason: 'stop', usage: { promptTokens: 11, completionTokens: 3, totalTokens: 14 } });
    const last = seen.at(-1)!;
    expect(last.auth).toBe('Bearer sk-test');
    expect(last.body).toMatchObject({ model: 'echo', temperature: 0, max_tokens: 50, stream: false, response_format: { type: 'json_schema' } });
  });

  it('omits the Authorization header without a key', async () => {
    const p = createModelProvider({ baseUrl: base, model: 'echo', timeoutMs: 2000 });
    await p.complete({ messages: [{ role: 'user', content: 'a' }] });
    expect(seen.at(-1)!.auth).toBeUndefined();
  });

  it('retries a 5xx and a 429 answer, then succeeds', async () => {
    const p = createModelProvider({ baseUrl: base, model: 'flaky', timeoutMs: 2000, retryDelayMs: 5 });
    expect((await p.complete({ messages: [{ role: 'user', content: 'a' }] })).content).toBe('recovered');
    const q = createModelProvider({ baseUrl: base, model: 'limited', timeoutMs: 2000, retryDelayMs: 5 });
    expect((await q.complete({ messages: [{ role: 'user', content: 'a' }] })).content).toBe('after-limit');
  });

  it('does not retry a 4xx and reports the status', async () => {
    const before = hits.get('denied') ?? 0;
    const p = createModelProvider({ baseUrl: base, model: 'denied', timeoutMs: 2000, maxRetries: 3, retryDelayMs: 5 });
    const e = await p.complete({ messages: [{ role: 'user', content: 'a' }] }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AiError);
    expect(e).toMatchObject({ code: 'AI_HTTP_ERROR', details: { status: 401 } });
    expect(hits.get('denied')! - before).toBe(1);
  });

  it('times out a slow provider', async () => {
    const p = createModelProvider({ baseUrl: base, model: 'slow', timeoutMs: 100, maxRetries: 0 });
    await expect(p.complete({ messages: [{ role: 'user', content: 'a' }] })).rejects.toMatchObject({ code: 'AI_TIMEOUT' });
  });

  it('reports an unreachable provider', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const p = createModelProvider({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'echo', timeoutMs: 1000, maxRetries: 1, retryDelayMs: 5 });
    await expect(p.complete({ messages: [{ role: 'user', content: 'a' }] })).rejects.toMatchObject({ code: 'AI_UNREACHABLE' });
  });

  it('rejects malformed, empty and oversized answers', async () => {
    for (const [model, extra] of [
      ['garbage', {}],
      ['nochoice', {}],
      ['huge', { maxResponseBytes: 1000 }],
    ] as const) {
      const p = createModelProvider({ baseUrl: base, model, timeoutMs: 2000, maxRetries: 0, ...extra });
      await expect(p.complete({ messages: [{ role: 'user', content: 'a' }] })).rejects.toMatchObject({ code: 'AI_BAD_RESPONSE' });
    }
  });

  it('honours an abort signal and an injected fetch', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    const p = createModelProvider({ baseUrl: base, model: 'slow', timeoutMs: 2000 });
    await expect(p.complete({ messages: [{ role: 'user', content: 'a' }], signal: ctrl.signal })).rejects.toMatchObject({ code: 'AI_ABORTED' });
    const urls: string[] = [];
    const q = createModelProvider({ baseUrl: base, model: 'echo', timeoutMs: 2000, fetch: (u, i) => (urls.push(String(u)), fetch(u, i)) });
    await q.complete({ messages: [{ role: 'user', content: 'x' }] });
    expect(urls).toEqual([`${base}/chat/completions`]);
  });

  it('surfaces refusals and filtered answers instead of failing on the missing content', async () => {
    const r = await createModelProvider({ baseUrl: base, model: 'refuse', timeoutMs: 2000 }).complete({ messages: [{ role: 'user', content: 'x' }] });
    expect(r).toMatchObject({ content: '', refusal: 'I cannot help with that.' });
    const f = await createModelProvider({ baseUrl: base, model: 'filtered', timeoutMs: 2000 }).complete({ messages: [{ role: 'user', content: 'x' }] });
    expect(f.content).toBe('');
    expect(f.refusal).toMatch(/content_filter/);
    const ok = await createModelProvider({ baseUrl: base, model: 'echo', timeoutMs: 2000 }).complete({ messages: [{ role: 'user', content: 'x' }] });
    expect(ok.refusal).toBeUndefined();
  });

  it('validates its configuration', () => {
    expect(() => createModelProvider({ baseUrl: 'ftp://x', model: 'm', timeoutMs: 1 })).toThrow(/http/);
    expect(() => createModelProvider({ baseUrl: 'nope', model: 'm', timeoutMs: 1 })).toThrow(AiError);
    expect(() => createModelProvider({ baseUrl: base, model: '', timeoutMs: 1 })).toThrow(/model/);
    expect(() => createModelProvider({ baseUrl: base, model: 'm', timeoutMs: 0 })).toThrow(/timeoutMs/);
  });
});

describe('parseJsonContent', () => {
  it('reads plain, fenced and embedded JSON', () => {
    expect(parseJsonContent('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonContent('Here:\n```json\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(parseJsonContent('sure {"a":3} done')).toEqual({ a: 3 });
    expect(() => parseJsonContent('no json here')).toThrow(AiError);
  });
});
