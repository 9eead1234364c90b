/**
 * One small model-provider interface over the OpenAI-compatible chat-completions protocol
 * (Ollama, vLLM, llama.cpp server, hosted APIs). Configuration is passed in; nothing is global.
 */

import { KontorError, readLimitedBody } from '@kontor/xml';

export type AiErrorCode = 'AI_CONFIG_INVALID' | 'AI_UNREACHABLE' | 'AI_TIMEOUT' | 'AI_ABORTED' | 'AI_RATE_LIMITED' | 'AI_HTTP_ERROR' | 'AI_BAD_RESPONSE';

/** `details.status`: the HTTP status of the provider's answer, when there was one. */
export interface AiErrorDetails {
  status?: number;
}

/** The one error class of @kontor/ai (on the shared KontorError base). */
export class AiError extends KontorError<AiErrorCode, AiErrorDetails> {
  override readonly name = 'AiError';
}

export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ContentPart[];
}

export type ResponseFormat = { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict?: boolean } };

export interface CompletionRequest {
  messages: ChatMessage[];
  responseFormat?: ResponseFormat;
  temperature?: number;
  maxTokens?: number;
  /** Aborts the whole call (all attempts). */
  signal?: AbortSignal;
}

export interface CompletionResult {
  content: string;
  model: string;
  finishReason: string | null;
  /** The model declined to answer (OpenAI's message.refusal, or finish_reason content_filter); content is then ''. */
  refusal?: string;
  usage?: { promptTokens: number; completionTokens: number; totalTokens: number };
}

export interface ModelProvider {
  readonly model: string;
  complete(request: CompletionRequest): Promise<CompletionResult>;
}

export interface ModelProviderConfig {
  /** API base, e.g. http://127.0.0.1:11434/v1 (the path /chat/completions is appended). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per-attempt timeout. */
  timeoutMs: number;
  /** Retries after network errors, 429 and 5xx answers (default 1). */
  maxRetries?: number;
  /** Base delay between attempts; doubled each retry; a Retry-After header wins up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Extra request headers (e.g. organisation headers of hosted APIs). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Upper bound for the answer body (default 5 MB). */
  maxResponseBytes?: number;
}

function completionsUrl(baseUrl: string): string {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    throw new AiError('AI_CONFIG_INVALID', `baseUrl is not a URL: ${baseUrl}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new AiError('AI_CONFIG_INVALID', `baseUrl must be http(s): ${baseUrl}`);
  const p = u.pathname.replace(/\/+$/, '');
  u.pathname = p.endsWith('/chat/completions') ? p : `${p}/chat/completions`;
  return u.toString();
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new AiError('AI_ABORTED', 'Model call aborted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new AiError('AI_ABORTED', 'Model call aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function retryAfterMs(h: string | null): number | undefined {
  if (!h) return undefined;
  const s = Number(h);
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  const d = Date.parse(h);
  return Number.isNaN(d) ? undefined : Math.max(0, d - Date.now());
}

/**
 * @example
 * ```ts
 * const model = createModelProvider({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b', timeoutMs: 30_000 });
 * const r = await model.complete({ messages: [{ role: 'user', content: 'Reply with JSON: {"sum": 1+1}' }], temperature: 0 });
 * console.log(parseJsonContent(r.content)); // { sum: 2 }
 * ```
 */
export function createModelProvider(config: ModelProviderConfig): ModelProvider {
  if (!config || typeof config.model !== 'string' || config.model.trim() === '') throw new AiError('AI_CONFIG_INVALID', 'model is required');
  if (!Number.isFinite(config.timeoutMs) || config.timeoutMs <= 0) throw new AiError('AI_CONFIG_INVALID', 'timeoutMs must be a positive number');
  const url = completionsUrl(config.baseUrl);
  const doFetch = config.fetch ?? globalThis.fetch;
  const maxRetries = Math.max(0, config.maxRetries ?? 1);
  const baseDelay = config.retryDelayMs ?? 250;
  const maxDelay = config.maxRetryDelayMs ?? 5000;
  const maxBytes = config.maxResponseBytes ?? 5 * 1024 * 1024;

  async function attempt(body: string, outer?: AbortSignal): Promise<{ retry: boolean; delay?: number | undefined; error?: AiError; result?: CompletionResult }> {
    if (outer?.aborted) return { retry: false, error: new AiError('AI_ABORTED', 'Model call aborted') };
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, config.timeoutMs);
    const onOuter = () => ctrl.abort();
    outer?.addEventListener('abort', onOuter, { once: true });
    try {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
            ...config.headers,
          },
          body,
          signal: ctrl.signal,
        });
      } catch (e) {
        if (outer?.aborted) return { retry: false, error: new AiError('AI_ABORTED', 'Model call aborted') };
        if (timedOut) return { retry: true, error: new AiError('AI_TIMEOUT', `Model provider did not answer within ${config.timeoutMs} ms`) };
        return { retry: true, error: new AiError('AI_UNREACHABLE', `Model provider unreachable at ${url}: ${(e as Error).message}`) };
      }
      let text: string;
      try {
        text = await readLimited(res, maxBytes);
      } catch (e) {
        if (e instanceof AiError) return { retry: false, error: e };
        if (timedOut) return { retry: true, error: new AiError('AI_TIMEOUT', `Model provider did not answer within ${config.timeoutMs} ms`) };
        return { retry: true, error: new AiError('AI_UNREACHABLE', `Model provider connection failed: ${(e as Error).message}`) };
      }
      if (res.status === 429) {
        return { retry: true, delay: retryAfterMs(res.headers.get('retry-after')), error: new AiError('AI_RATE_LIMITED', 'Model provider rate limit reached', { details: { status: 429 } }) };
      }
      if (!res.ok) {
        const snippet = text.slice(0, 300).replace(/\s+/g, ' ');
        return { retry: res.status >= 500, error: new AiError('AI_HTTP_ERROR', `Model provider answered HTTP ${res.status}: ${snippet}`, { details: { status: res.status } }) };
      }
      return { retry: false, result: parseCompletion(text, config.model) };
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    }
  }

  return {
    model: config.model,
    async complete(request: CompletionRequest): Promise<CompletionResult> {
      if (!request || !Array.isArray(request.messages) || request.messages.length === 0) throw new AiError('AI_CONFIG_INVALID', 'messages must be a non-empty array');
      const payload: Record<string, unknown> = { model: config.model, messages: request.messages, stream: false };
      if (request.responseFormat) payload.response_format = request.responseFormat;
      if (request.temperature !== undefined) payload.temperature = request.temperature;
      if (request.maxTokens !== undefined) payload.max_tokens = request.maxTokens;
      const body = JSON.stringify(payload);
      let last: AiError | undefined;
      for (let i = 0; i <= maxRetries; i++) {
        const r = await attempt(body, request.signal);
        if (r.result) return r.result;
        last = r.error;
        if (!r.retry || i === maxRetries) break;
        await sleep(Math.min(maxDelay, r.delay ?? baseDelay * 2 ** i), request.signal);
      }
      throw last ?? new AiError('AI_BAD_RESPONSE', 'Model provider gave no answer');
    },
  };
}

async function readLimited(res: Response, maxBytes: number): Promise<string> {
  const body = await readLimitedBody(res, maxBytes);
  if (body.ok) return body.text;
  throw new AiError('AI_BAD_RESPONSE', body.declared ? `Model answer of ${body.bytes} bytes exceeds ${maxBytes} bytes` : `Model answer exceeds ${maxBytes} bytes`, { details: { status: res.status } });
}

function parseCompletion(text: string, model: string): CompletionResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AiError('AI_BAD_RESPONSE', 'Model provider answer is not JSON');
  }
  const obj = json as { model?: unknown; choices?: unknown; usage?: Record<string, unknown> };
  const choice = Array.isArray(obj.choices) ? (obj.choices[0] as { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown } | undefined) : undefined;
  const refusalText = choice?.message?.refusal;
  const filtered = choice?.finish_reason === 'content_filter';
  const refusal = typeof refusalText === 'string' && refusalText !== '' ? refusalText : filtered ? 'The provider filtered the answer (finish_reason content_filter)' : undefined;
  const raw = choice?.message?.content;
  const content = typeof raw === 'string' ? raw : refusal !== undefined && (raw === null || raw === undefined) ? '' : undefined;
  if (content === undefined) throw new AiError('AI_BAD_RESPONSE', 'Model provider answer has no choices[0].message.content');
  const u = obj.usage;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    content,
    model: typeof obj.model === 'string' ? obj.model : model,
    finishReason: typeof choice?.finish_reason === 'string' ? choice.finish_reason : null,
    ...(refusal !== undefined ? { refusal } : {}),
    ...(u && typeof u === 'object' ? { usage: { promptTokens: num(u.prompt_tokens), completionTokens: num(u.completion_tokens), totalTokens: num(u.total_tokens) } } : {}),
  };
}

/**
 * Reads a JSON value out of model content: plain JSON, or JSON inside a ```json fence, or the first
 * top-level object in the text. Throws AI_BAD_RESPONSE when there is none.
 * @example
 * ```ts
 * parseJsonContent('Sure! ```json\n{"sum": 2}\n```'); // { sum: 2 } — fences and prose around the JSON are dropped
 * ```
 */
export function parseJsonContent(content: string): unknown {
  const t = content.trim();
  const tries: string[] = [t];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(t);
  if (fence?.[1]) tries.push(fence[1].trim());
  const first = t.indexOf('{');
  const last = t.lastIndexOf('}');
  if (first >= 0 && last > first) tries.push(t.slice(first, last + 1));
  for (const s of tries) {
    try {
      return JSON.parse(s);
    } catch {
      /* next */
    }
  }
  throw new AiError('AI_BAD_RESPONSE', 'Model answer contains no JSON');
}
