/**
 * The route registry: each route is declared once with its valibot schemas; the same declaration registers the
 * Hono handler (auth, rate limit, streaming body limit, validation) and produces the OpenAPI description.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { ApiError } from './errors';
import type { AccountRow } from './accounts';
import { rateLimits, type RateGroup } from './ratelimit';
import type { AppEnv, Services } from './services';
import { authenticate } from '../oauth/guard';
import type { Scope } from '../oauth/server';

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface ResponseDoc {
  description: string;
  /** Content types with an optional schema (valibot or a plain JSON schema object). */
  content?: Record<string, { schema?: v.GenericSchema | Record<string, unknown> }>;
  headers?: Record<string, { description: string; schema?: Record<string, unknown> }>;
}

export interface RouteContext<Q, B> {
  c: Context<AppEnv>;
  services: Services;
  /** The authenticated account (routes with auth 'required'). */
  account: AccountRow;
  query: Q;
  /** The validated JSON body (routes with a json schema and a JSON request). */
  body: B;
}

export interface RouteDef<QS extends v.GenericSchema | undefined = undefined, BS extends v.GenericSchema | undefined = undefined> {
  method: Method;
  /** Path relative to /api/v1, Hono syntax (":param"). */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: 'none' | 'required';
  /** OAuth scope the route needs (default: oauth/guard.ts requiredScope by path — /verify, /invoices…). */
  scope?: Scope;
  rateGroup?: RateGroup;
  /** Maximum body bytes, enforced while streaming (413 payload_too_large). Default 1 MB. */
  maxBodyBytes?: number;
  query?: QS;
  /** JSON body schema. When the route also accepts multipart, set multipart and check the content type yourself. */
  json?: BS;
  /** Multipart form: documentation schema of the parts (the handler reads c.req.formData()). */
  multipart?: Record<string, unknown>;
  /** Only validate JSON bodies when the request is JSON (routes that also accept multipart). */
  jsonOptional?: boolean;
  responses: Record<number, ResponseDoc>;
  /** Error statuses this route can answer (each documented with the envelope). */
  errors: number[];
  handler: (ctx: RouteContext<QS extends v.GenericSchema ? v.InferOutput<QS> : undefined, BS extends v.GenericSchema ? v.InferOutput<BS> : undefined>) => Promise<Response> | Response;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
// biome-ignore lint/suspicious/noExplicitAny: a registry holds routes of every input/output type
export type AnyRoute = RouteDef<any, any>;

export function defineRoute<QS extends v.GenericSchema | undefined = undefined, BS extends v.GenericSchema | undefined = undefined>(def: RouteDef<QS, BS>): AnyRoute {
  return def as AnyRoute;
}

export function issuesToDetails(issues: readonly v.BaseIssue<unknown>[]): { code: string; severity: 'error'; message: string; path: string }[] {
  return issues.map((i) => ({ code: 'SCHEMA', severity: 'error', message: i.message, path: v.getDotPath(i) ?? '' }));
}

export const DEFAULT_MAX_BODY = 1_000_000;

export function bearerToken(c: Context<AppEnv>): string | null {
  const h = c.req.header('authorization');
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : '';
}

export function mountRoute(app: Hono<AppEnv>, base: string, route: AnyRoute, services: Services): void {
  const path = base + route.path;
  const limit = route.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const handlers = [
    // Authentication and rate limiting come before the body is read.
    async (c: Context<AppEnv>, next: () => Promise<void>) => {
      if (route.auth === 'required') {
        // API keys, OAuth access tokens (scope checked here), the browser session on /payments/* (oauth/guard.ts).
        const { accountId, credentialId: keyId, scopes } = await authenticate(c, services, route);
        const account = await services.accounts.byId(accountId);
        if (!account) throw new ApiError(401, 'invalid_key', 'The account of this credential no longer exists');
        c.set('account', account);
        c.set('credentialId', keyId);
        c.set('scopes', scopes);
        if (route.rateGroup && services.config.rateLimits) {
          const d = await services.rateLimiter.hit(`${keyId}:${route.rateGroup}`, rateLimits[route.rateGroup]);
          c.header('RateLimit-Limit', String(rateLimits[route.rateGroup]));
          c.header('RateLimit-Remaining', String(d.remaining));
          if (!d.allowed) {
            throw new ApiError(
              429,
              'rate_limited',
              `Rate limit of ${rateLimits[route.rateGroup]} requests per minute exceeded`,
              { retryAfterSeconds: d.retryAfterSeconds },
              { 'Retry-After': String(d.retryAfterSeconds) },
            );
          }
        }
      }
      await next();
    },
    bodyLimit({
      maxSize: limit,
      onError: () => {
        throw new ApiError(413, 'payload_too_large', `Request body larger than ${limit} bytes`, { maxBytes: limit });
      },
    }),
    async (c: Context<AppEnv>) => {
      let query: unknown;
      if (route.query) {
        const r = v.safeParse(route.query, c.req.query());
        if (!r.success) throw new ApiError(400, 'invalid_input', 'Query parameters do not match the schema', issuesToDetails(r.issues));
        query = r.output;
      }
      let body: unknown;
      if (route.json) {
        const ct = c.req.header('content-type') ?? '';
        const isJson = /^application\/(.+\+)?json\b/i.test(ct);
        if (isJson) {
          let raw: unknown;
          try {
            raw = await c.req.json();
          } catch {
            throw new ApiError(400, 'invalid_input', 'Request body is not valid JSON');
          }
          const r = v.safeParse(route.json, raw);
          if (!r.success) throw new ApiError(400, 'invalid_input', 'Request body does not match the schema', issuesToDetails(r.issues));
          body = r.output;
        } else if (!route.jsonOptional) {
          throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json');
        }
      }
      return route.handler({ c, services, account: c.get('account') as AccountRow, query, body } as never);
    },
  ];
  (app as unknown as Record<string, (p: string, ...h: unknown[]) => void>)[route.method]!(path, ...handlers);
}

/** Regex for a Hono-style path, for the 405 check. */
export function pathPattern(p: string): RegExp {
  return new RegExp('^' + p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:([A-Za-z0-9_]+)/g, '[^/]+') + '/?$');
}
