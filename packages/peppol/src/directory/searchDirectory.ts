/**
 * Peppol Directory search API (protocols.md §2.4): `GET {base}/search/1.0/json?participant=…`.
 * Reads the business-card name (plain string or `[{name, language}]`) and country of the match.
 * The Directory allows 2 queries/s; a 429 is retried once after Retry-After (capped).
 */
import { PeppolError } from '../errors';
import { httpGet } from '../internal/http';
import type { ParticipantId } from '../participant/parseParticipant';

export interface DirectoryOptions {
  /** e.g. `https://directory.peppol.eu` (test: `https://test-directory.peppol.eu`). */
  baseUrl: string;
  /** Per request. Default 5000. */
  timeoutMs?: number;
  /** Longest wait honoured for a 429 Retry-After before giving up. Default 1000. */
  maxRetryAfterMs?: number;
  maxResponseBytes?: number;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
}

export interface DirectoryEntry {
  found: boolean;
  name: string | null;
  countryCode: string | null;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

function entityName(name: unknown): string | null {
  if (typeof name === 'string') return name.trim() || null;
  if (Array.isArray(name)) {
    for (const item of name) {
      const text = typeof item === 'string' ? item : (item as { name?: unknown } | null)?.name;
      if (typeof text === 'string' && text.trim() !== '') return text.trim();
    }
  }
  return null;
}

function invalid(message: string): PeppolError {
  return new PeppolError('DIRECTORY_INVALID_RESPONSE', `Peppol Directory: ${message}`);
}

/**
 * Looks a participant up in the Directory. Throws DIRECTORY_UNAVAILABLE / DIRECTORY_INVALID_RESPONSE.
 * @example
 * ```ts
 * const entry = await searchDirectory(parseParticipant('9930:de136695976'), { baseUrl: 'https://directory.peppol.eu' });
 * console.log(entry.found, entry.name, entry.countryCode); // true 'Muster GmbH' 'DE'
 * ```
 */
export async function searchDirectory(participant: ParticipantId, options: DirectoryOptions): Promise<DirectoryEntry> {
  if (!options || typeof options.baseUrl !== 'string' || !URL.canParse(options.baseUrl)) {
    throw new PeppolError('INVALID_ARGUMENT', 'directory.baseUrl must be a URL.');
  }
  const url = `${options.baseUrl.replace(/\/+$/, '')}/search/1.0/json?participant=${encodeURIComponent(participant.identifier)}`;
  const request = {
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? 5000,
    maxBytes: options.maxResponseBytes ?? 1_048_576,
    accept: 'application/json',
    ...(options.signal ? { signal: options.signal } : {}),
  };
  let result = await httpGet(url, request);
  if (result.ok && result.status === 429) {
    const retryAfter = Number(result.headers.get('retry-after'));
    const waitMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : 500;
    if (waitMs <= (options.maxRetryAfterMs ?? 1000)) {
      await sleep(Math.max(waitMs, 50), options.signal);
      result = await httpGet(url, request);
    }
  }
  if (!result.ok) {
    if (result.failure === 'TOO_LARGE') throw invalid(result.message);
    throw new PeppolError('DIRECTORY_UNAVAILABLE', `Peppol Directory request failed: ${result.message}`, { details: { failure: result.failure } });
  }
  if (result.status !== 200) {
    throw new PeppolError('DIRECTORY_UNAVAILABLE', `Peppol Directory answered HTTP ${result.status}.`, { details: { status: result.status } });
  }
  let json: unknown;
  try {
    json = JSON.parse(result.body);
  } catch {
    throw invalid('answer is not JSON.');
  }
  const matches = (json as { matches?: unknown } | null)?.matches;
  if (matches === undefined) {
    // phoss-directory omits "matches" for an empty result in some versions; a result count must be there
    if (typeof (json as Record<string, unknown> | null)?.['total-result-count'] === 'number') return { found: false, name: null, countryCode: null };
    throw invalid('answer has neither matches nor total-result-count.');
  }
  if (!Array.isArray(matches)) throw invalid('"matches" is not a list.');
  const wanted = participant.value.toLowerCase();
  const match = matches.find((candidate: unknown) => {
    const id = (candidate as { participantID?: { scheme?: unknown; value?: unknown } } | null)?.participantID;
    return typeof id?.value === 'string' && id.value.toLowerCase() === wanted && (id.scheme === undefined || String(id.scheme).toLowerCase() === participant.scheme);
  }) as { entities?: unknown } | undefined;
  if (!match) return { found: false, name: null, countryCode: null };
  const entities = Array.isArray(match.entities) ? (match.entities as Array<Record<string, unknown>>) : [];
  const entity = entities.find((e) => e !== null && typeof e === 'object') ?? {};
  const countryCode = typeof entity.countryCode === 'string' && /^[A-Za-z]{2}$/.test(entity.countryCode) ? entity.countryCode.toUpperCase() : null;
  return { found: true, name: entityName(entity.name), countryCode };
}
