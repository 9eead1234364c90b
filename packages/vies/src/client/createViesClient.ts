/**
 * VIES REST client (`POST {baseUrl}/check-vat-number`, protocols.md §1.1).
 *
 * Outcomes: `valid`/`invalid` only from a well-formed VIES answer; every service-side error,
 * timeout or network failure is `unavailable` (never `invalid`). Concurrency errors are retried
 * with exponential back-off and jitter; definitive answers are cached per client instance.
 * Syntactically invalid ids are rejected offline and never sent.
 */
import { readLimitedBody, type Lang } from '@kontor/xml';
import { ViesError } from '../errors';
import { checkVatSyntax, parseVatId } from '../syntax/checkVatSyntax';
import { TtlLruCache } from './ttlCache';

export interface ViesRequester {
  /** VIES member-state code of your own VAT id, e.g. DE. */
  countryCode: string;
  /** Your own VAT number without the prefix. */
  vatNumber: string;
}

export interface ViesClientOptions {
  /** REST base, e.g. `https://ec.europa.eu/taxation_customs/vies/rest-api` (no trailing path). */
  baseUrl: string;
  /** Per attempt, including reading the body. Default 30 000 (some member states take > 10 s). */
  timeoutMs?: number;
  /** Extra attempts after a retryable failure. Default 2. */
  retries?: number;
  /** First back-off delay; doubles per retry, with ±50 % jitter. Default 500. */
  backoffMs?: number;
  /** How long valid/invalid answers are reused. 0 disables the cache. Default 1 hour. */
  cacheTtlMs?: number;
  /** Entries kept in the LRU cache. Default 1000. */
  cacheMaxEntries?: number;
  /** In-flight requests per member state (VIES answers MS_MAX_CONCURRENT_REQ above its cap). Default 2. */
  maxConcurrentPerCountry?: number;
  /** Your own VAT id; VIES then returns a consultation number as audit evidence. */
  requester?: ViesRequester;
  /** Largest accepted response body. Default 65 536 bytes. */
  maxResponseBytes?: number;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  /** Source of jitter in [0, 1). Default Math.random. */
  random?: () => number;
}

export type VatCheckStatus = 'valid' | 'invalid' | 'unavailable';

export interface VatCheckResult {
  status: VatCheckStatus;
  countryCode: string;
  vatNumber: string;
  /** Registered name; absent when the member state does not disclose it ("---"). */
  name?: string;
  address?: string;
  /** When VIES answered (ISO 8601); for `unavailable`, when we gave up. */
  requestDate: string;
  /** VIES `requestIdentifier`, only when a requester is configured. */
  consultationNumber?: string;
  /**
   * For `unavailable`: the VIES error code (MS_UNAVAILABLE, TIMEOUT, MS_MAX_CONCURRENT_REQ, …) or
   * one of ours: CLIENT_TIMEOUT, NETWORK_ERROR, HTTP_<status>, INVALID_RESPONSE, RESPONSE_TOO_LARGE.
   */
  errorCode?: string;
  source: 'vies' | 'cache';
}

export interface ViesClient {
  /** `lang`: language of the syntax refusal's message (default de). */
  check(vatId: string, options?: { signal?: AbortSignal; lang?: Lang | undefined }): Promise<VatCheckResult>;
  /** Drops all cached answers of this client. */
  clearCache(): void;
}

/** VIES codes worth another attempt within the same call. */
const RETRYABLE_VIES_CODES = new Set(['GLOBAL_MAX_CONCURRENT_REQ', 'GLOBAL_MAX_CONCURRENT_REQ_TIME', 'MS_MAX_CONCURRENT_REQ', 'MS_MAX_CONCURRENT_REQ_TIME', 'SERVICE_UNAVAILABLE', 'SERVER_BUSY']);

type Attempt = { kind: 'answer'; result: VatCheckResult } | { kind: 'failure'; errorCode: string; retryable: boolean };

class Semaphore {
  /** Calls of check() currently holding this semaphore (also while they back off). */
  holders = 0;
  #active = 0;
  readonly #waiting: Array<() => void> = [];
  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active++;
    try {
      return await task();
    } finally {
      this.#active--;
      this.#waiting.shift()?.();
    }
  }
}

function positiveInt(value: number | undefined, fallback: number, name: string, min = 0): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new ViesError('INVALID_ARGUMENT', `${name} must be a number >= ${min}.`);
  }
  return Math.floor(value);
}

function cleanText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '---' ? undefined : trimmed;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * @example
 * ```ts
 * const vies = createViesClient({ baseUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api', timeoutMs: 30_000 });
 * const r = await vies.check('DE136695976');
 * console.log(r.status, r.name); // 'valid' 'Muster GmbH' ('unavailable' when the member state does not answer)
 * ```
 */
export function createViesClient(options: ViesClientOptions): ViesClient {
  if (!options || typeof options.baseUrl !== 'string' || !/^https?:\/\//i.test(options.baseUrl)) {
    throw new ViesError('INVALID_ARGUMENT', 'baseUrl must be an http(s) URL.');
  }
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/check-vat-number`;
  const timeoutMs = positiveInt(options.timeoutMs, 30_000, 'timeoutMs', 1);
  const retries = positiveInt(options.retries, 2, 'retries');
  const backoffMs = positiveInt(options.backoffMs, 500, 'backoffMs');
  const cacheTtlMs = positiveInt(options.cacheTtlMs, 3_600_000, 'cacheTtlMs');
  const perCountry = positiveInt(options.maxConcurrentPerCountry, 2, 'maxConcurrentPerCountry', 1);
  const maxResponseBytes = positiveInt(options.maxResponseBytes, 65_536, 'maxResponseBytes', 1);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const cache = new TtlLruCache<VatCheckResult>(cacheTtlMs > 0 ? positiveInt(options.cacheMaxEntries, 1000, 'cacheMaxEntries') : 0);
  const semaphores = new Map<string, Semaphore>();

  let requester: ViesRequester | undefined;
  if (options.requester) {
    const parsed = checkVatSyntax(`${options.requester.countryCode ?? ''}${options.requester.vatNumber ?? ''}`);
    if (!parsed.valid) throw new ViesError('INVALID_ARGUMENT', `requester is not a valid VAT id: ${parsed.message}`);
    requester = { countryCode: parsed.countryCode, vatNumber: parsed.number };
  }

  async function attempt(countryCode: string, vatNumber: string, signal: AbortSignal | undefined): Promise<Attempt> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const body: Record<string, string> = { countryCode, vatNumber };
    if (requester) {
      body.requesterMemberStateCode = requester.countryCode;
      body.requesterNumber = requester.vatNumber;
    }
    let response: Response;
    let text: string | null;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: combined,
      });
      const answer = await readLimitedBody(response, maxResponseBytes);
      text = answer.ok ? answer.text : null;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) return { kind: 'failure', errorCode: 'CLIENT_TIMEOUT', retryable: false };
      return { kind: 'failure', errorCode: 'NETWORK_ERROR', retryable: true };
    }
    if (text === null) return { kind: 'failure', errorCode: 'RESPONSE_TOO_LARGE', retryable: false };

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      const transient = response.status >= 500 || response.status === 429;
      return { kind: 'failure', errorCode: response.ok ? 'INVALID_RESPONSE' : `HTTP_${response.status}`, retryable: transient };
    }
    const record = (json !== null && typeof json === 'object' ? json : {}) as Record<string, unknown>;

    // An error envelope counts whatever the HTTP status is.
    if (Array.isArray(record.errorWrappers)) {
      const first = record.errorWrappers[0] as { error?: unknown } | undefined;
      const code = typeof first?.error === 'string' && first.error.trim() !== '' ? first.error.trim().toUpperCase() : 'SERVICE_UNAVAILABLE';
      if (code === 'INVALID_INPUT') {
        throw new ViesError('VIES_INPUT_REJECTED', `VIES rejected ${countryCode}${vatNumber} as malformed (INVALID_INPUT).`);
      }
      if (code === 'INVALID_REQUESTER_INFO') {
        throw new ViesError('VIES_REQUESTER_REJECTED', 'VIES rejected the configured requester VAT id (INVALID_REQUESTER_INFO).');
      }
      return { kind: 'failure', errorCode: code, retryable: RETRYABLE_VIES_CODES.has(code) };
    }
    if (!response.ok) {
      return { kind: 'failure', errorCode: `HTTP_${response.status}`, retryable: response.status >= 500 || response.status === 429 };
    }
    if (typeof record.valid !== 'boolean') return { kind: 'failure', errorCode: 'INVALID_RESPONSE', retryable: false };

    const requestDate = typeof record.requestDate === 'string' && !Number.isNaN(Date.parse(record.requestDate)) ? record.requestDate : now().toISOString();
    const result: VatCheckResult = { status: record.valid ? 'valid' : 'invalid', countryCode, vatNumber, requestDate, source: 'vies' };
    const name = cleanText(record.name);
    const address = cleanText(record.address);
    const consultationNumber = cleanText(record.requestIdentifier);
    if (name !== undefined) result.name = name;
    if (address !== undefined) result.address = address;
    if (consultationNumber !== undefined) result.consultationNumber = consultationNumber;
    return { kind: 'answer', result };
  }

  async function check(vatId: string, callOptions?: { signal?: AbortSignal; lang?: Lang | undefined }): Promise<VatCheckResult> {
    const { countryCode, number: vatNumber, normalized } = parseVatId(vatId, { lang: callOptions?.lang });
    const signal = callOptions?.signal;
    const cached = cache.get(normalized, now().getTime());
    if (cached) return { ...cached, source: 'cache' };

    let semaphore = semaphores.get(countryCode);
    if (!semaphore) {
      semaphore = new Semaphore(perCountry);
      semaphores.set(countryCode, semaphore);
    }
    const gate = semaphore;
    gate.holders++;
    try {
      let lastError = 'SERVICE_UNAVAILABLE';
      for (let attemptNo = 0; attemptNo <= retries; attemptNo++) {
        if (attemptNo > 0) {
          const base = backoffMs * 2 ** (attemptNo - 1);
          await sleep(Math.round(base * (0.5 + random())), signal);
        }
        const outcome = await gate.run(() => attempt(countryCode, vatNumber, signal));
        if (outcome.kind === 'answer') {
          if (cacheTtlMs > 0) cache.set(normalized, outcome.result, now().getTime() + cacheTtlMs);
          return outcome.result;
        }
        lastError = outcome.errorCode;
        if (!outcome.retryable) break;
      }
      return { status: 'unavailable', countryCode, vatNumber, requestDate: now().toISOString(), errorCode: lastError, source: 'vies' };
    } finally {
      // keep the map as small as the set of countries with calls in progress
      if (--gate.holders === 0) semaphores.delete(countryCode);
    }
  }

  return { check, clearCache: () => cache.clear() };
}
