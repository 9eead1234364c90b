/** Reading an HTTP response body with a byte cap enforced while streaming (never buffers more than the cap). */

/** The body as UTF-8 text, or how it broke the cap (`declared`: the Content-Length header alone exceeded it). */
export type LimitedBody = { ok: true; text: string } | { ok: false; declared: boolean; bytes: number };

/**
 * Reads `res.body` up to `maxBytes`. A Content-Length above the cap is refused before reading; otherwise reading stops
 * (and the stream is cancelled) as soon as the running total passes the cap. Network errors while reading propagate.
 * @example
 * ```ts
 * const body = await readLimitedBody(await fetch(url), 1_000_000);
 * if (!body.ok) throw new Error(`answer larger than 1 MB (${body.bytes} bytes read)`);
 * console.log(JSON.parse(body.text));
 * ```
 */
export async function readLimitedBody(res: Response, maxBytes: number): Promise<LimitedBody> {
  const len = Number(res.headers.get('content-length'));
  if (Number.isFinite(len) && len > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return { ok: false, declared: true, bytes: len };
  }
  if (!res.body) return { ok: true, text: '' };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, declared: false, bytes: total };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
