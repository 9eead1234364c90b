/** Bounded HTTP GET shared by the SMP and Directory clients: timeout, size cap, typed failures. */

export interface HttpGetOptions {
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  maxBytes: number;
  accept: string;
  signal?: AbortSignal;
}

export type HttpGetResult = { ok: true; status: number; body: string; headers: Headers } | { ok: false; failure: 'TIMEOUT' | 'NETWORK' | 'TOO_LARGE'; message: string };

export async function httpGet(url: string, options: HttpGetOptions): Promise<HttpGetResult> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await options.fetch(url, { headers: { accept: options.accept }, signal, redirect: 'follow' });
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, failure: 'TOO_LARGE', message: `Answer of ${declared} bytes exceeds ${options.maxBytes}.` };
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > options.maxBytes) {
          await reader.cancel().catch(() => undefined);
          return { ok: false, failure: 'TOO_LARGE', message: `Answer exceeds ${options.maxBytes} bytes.` };
        }
        chunks.push(value);
      }
    }
    return { ok: true, status: response.status, body: Buffer.concat(chunks).toString('utf8'), headers: response.headers };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) return { ok: false, failure: 'TIMEOUT', message: `No answer within ${options.timeoutMs} ms.` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, failure: 'NETWORK', message: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}
