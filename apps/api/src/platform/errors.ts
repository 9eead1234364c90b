/** ApiError and the one conversion of every error to the envelope {error, code, details} of spec §7. */
import type { Context } from 'hono';
import { isKontorError } from '@kontor/xml';
import { JobPoolError } from '../workers/pool';
import { errorEntryOf, issueOf } from './error-table';

/** Seconds a client should wait after 503 overloaded. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 5;

export type ApiErrorCode =
  | 'invalid_input'
  | 'auth_required'
  | 'invalid_key'
  | 'payment_required'
  | 'subscription_required'
  | 'insufficient_scope'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'not_acceptable'
  | 'free_quota_exhausted'
  | 'rate_limited'
  | 'upstream_error'
  | 'service_unavailable'
  | 'overloaded'
  | 'input_too_complex'
  | 'job_failed'
  | 'internal_error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ErrorEnvelope {
  error: string;
  code: ApiErrorCode;
  details: unknown;
}

export function errorResponse(c: Context, err: ApiError): Response {
  const body: ErrorEnvelope = { error: err.message, code: err.code, details: err.details ?? null };
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json(body, err.status as 400);
}

/**
 * The one conversion of anything thrown to the envelope: ApiError as is, a library error (KontorError) through the
 * one code table (./error-table.ts), a worker-pool failure by its code; anything else (and a library code without an
 * entry) becomes a 500 without internals; the logger gets the cause.
 */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof JobPoolError) return jobPoolToApiError(err);
  if (isKontorError(err)) {
    const entry = errorEntryOf(err);
    if (entry) return new ApiError(entry.status, entry.code, entry.message ? entry.message(err) : err.message, entry.details ? entry.details(err) : [issueOf(err)], entry.headers);
    return new ApiError(500, 'internal_error', 'Internal server error');
  }
  const status = (err as { status?: number } | null)?.status;
  if (status === 413) return new ApiError(413, 'payload_too_large', 'Request body too large');
  return new ApiError(500, 'internal_error', 'Internal server error');
}

/**
 * Worker-pool failures: a full queue is 503 overloaded (Retry-After); a job that hit the wall-time or heap limit of
 * its worker is 422 input_too_complex (the same input would fail again); a worker that died otherwise is 500
 * job_failed. In every case the request's charge is released by withCharge.
 */
export function jobPoolToApiError(e: JobPoolError): ApiError {
  switch (e.code) {
    case 'overloaded':
      return new ApiError(
        503,
        'overloaded',
        'The service is busy; try again shortly',
        { ...e.details, retryAfterSeconds: OVERLOADED_RETRY_AFTER_SECONDS },
        { 'Retry-After': String(OVERLOADED_RETRY_AFTER_SECONDS) },
      );
    case 'job_timeout':
    case 'job_memory':
      return new ApiError(422, 'input_too_complex', `The input needs more ${e.code === 'job_timeout' ? 'time' : 'memory'} than a request may use: ${e.message}`, e.details);
    case 'closed':
      return new ApiError(503, 'service_unavailable', 'The service is shutting down', null, { 'Retry-After': String(OVERLOADED_RETRY_AFTER_SECONDS) });
    case 'cancelled':
      // The client closed the connection (the request's signal): nobody reads this answer; the charge is released.
      return new ApiError(503, 'service_unavailable', 'The request was cancelled: the client closed the connection');
    default:
      return new ApiError(500, 'job_failed', 'The worker running this request failed', { exitCode: e.details.exitCode ?? null });
  }
}
