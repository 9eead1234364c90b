/** ApiError and the one conversion of every error to the envelope {error, code, details} of spec §7. */
import type { Context } from 'hono';

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

/** Anything that is not an ApiError becomes a 500 without internals; the logger gets the cause. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const status = (err as { status?: number } | null)?.status;
  if (status === 413) return new ApiError(413, 'payload_too_large', 'Request body too large');
  return new ApiError(500, 'internal_error', 'Internal server error');
}
