import { describe, expect, it } from 'vitest';
import { readLimitedBody } from './limited-body';

function chunked(parts: string[], onCancel?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (i < parts.length) c.enqueue(new TextEncoder().encode(parts[i++]));
      else c.close();
    },
    cancel() {
      onCancel?.();
    },
  });
}

describe('readLimitedBody', () => {
  it('returns the whole text when within the cap', async () => {
    expect(await readLimitedBody(new Response(chunked(['hä', 'llo'])), 6)).toEqual({ ok: true, text: 'hällo' });
  });
  it('stops and cancels the stream once the streamed total passes the cap', async () => {
    let cancelled = false;
    const r = await readLimitedBody(new Response(chunked(['abcd', 'efgh', 'ijkl'], () => (cancelled = true))), 6);
    expect(r).toEqual({ ok: false, declared: false, bytes: 8 });
    expect(cancelled).toBe(true);
  });
  it('refuses a declared Content-Length above the cap without reading', async () => {
    const r = await readLimitedBody(new Response('x'.repeat(20), { headers: { 'content-length': '20' } }), 10);
    expect(r).toEqual({ ok: false, declared: true, bytes: 20 });
  });
  it('reads an empty body as empty text', async () => {
    expect(await readLimitedBody(new Response(null), 10)).toEqual({ ok: true, text: '' });
  });
});
