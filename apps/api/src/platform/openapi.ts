/** OpenAPI 3.1 generated from the route registry, i.e. from the same valibot schemas that validate requests. */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { AnyRoute } from './registry';
import { requiredScope } from '../oauth/guard';

const statusText: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing or invalid credential (auth_required / invalid_key)',
  402: 'Quota used up and nothing to pay with (payment_required); Retry-After gives the seconds until the quota restarts',
  403: 'Subscription, feature or scope missing (subscription_required / insufficient_scope)',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Payload too large (payload_too_large), enforced while the body streams in',
  415: 'Unsupported media type',
  422: 'Business rules violated (invalid_input, details = issue list); or the input needs more time or memory than a request may use (input_too_complex, details.limit time|memory)',
  429: 'Rate limit (rate_limited) or free quota (free_quota_exhausted) exhausted; Retry-After in seconds',
  500: 'Internal error (no internals disclosed): internal_error, or job_failed when the worker running the request died',
  502: 'Downstream failure or failed authoritative check (upstream_error)',
  503: 'A required external service is unavailable (service_unavailable), or every worker is busy and the job queue full (overloaded); Retry-After in seconds',
};

function isValibot(s: unknown): s is v.GenericSchema {
  return !!s && typeof s === 'object' && (s as { kind?: string }).kind === 'schema';
}

export function jsonSchemaOf(s: v.GenericSchema | Record<string, unknown>): Record<string, unknown> {
  if (!isValibot(s)) return s;
  const js = toJsonSchema(s, { errorMode: 'ignore', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete js.$schema;
  return js;
}

export function buildOpenApi(routes: readonly AnyRoute[], base: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const oaPath = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    if (r.query) {
      const qs = jsonSchemaOf(r.query) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
      for (const [name, schema] of Object.entries(qs.properties ?? {})) {
        parameters.push({ name, in: 'query', required: (qs.required ?? []).includes(name), schema, ...(schema.description ? { description: schema.description } : {}) });
      }
    }
    for (const m of r.path.matchAll(/:([A-Za-z0-9_]+)/g)) parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
    const responses: Record<string, unknown> = {};
    for (const [status, doc] of Object.entries(r.responses)) {
      const content: Record<string, unknown> = {};
      for (const [ct, c] of Object.entries(doc.content ?? {})) content[ct] = c.schema ? { schema: jsonSchemaOf(c.schema) } : {};
      responses[status] = { description: doc.description, ...(doc.content ? { content } : {}), ...(doc.headers ? { headers: doc.headers } : {}) };
    }
    for (const s of r.errors) {
      responses[String(s)] = {
        description: statusText[s] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        ...(s === 429 || s === 402 || s === 503 ? { headers: { 'Retry-After': { description: 'Seconds until a retry can succeed', schema: { type: 'integer' } } } } : {}),
        ...(s === 401 || s === 403
          ? {
              headers: {
                'WWW-Authenticate': {
                  description: 'Bearer challenge with resource_metadata (RFC 9728) on every 401; error="insufficient_scope" and the needed scope on a 403 for an OAuth token',
                  schema: { type: 'string' },
                },
              },
            }
          : {}),
      };
    }
    const requestContent: Record<string, unknown> = {};
    if (r.json) requestContent['application/json'] = { schema: jsonSchemaOf(r.json) };
    if (r.multipart) requestContent['multipart/form-data'] = { schema: r.multipart };
    paths[oaPath] ??= {};
    paths[oaPath]![r.method] = {
      operationId: r.operationId,
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      tags: r.tags,
      // An API key (full scope) or an OAuth access token with the route's scope (oauth/guard.ts).
      security: r.auth === 'required' ? [{ bearerAuth: [] }, { oauth2: ((sc) => (sc ? [sc] : []))(requiredScope(r.method, r.path, r.scope)) }] : [],
      ...(parameters.length ? { parameters } : {}),
      ...(Object.keys(requestContent).length ? { requestBody: { required: true, content: requestContent } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kontor API',
      version: '1.0.0',
      description: 'E-invoices (ZUGFeRD/Factur-X, XRechnung), payment files (pain.001), bank statements (camt) and partner checks. No CORS: server-to-server only.',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: base }],
    tags: [...new Set(routes.flatMap((r) => r.tags))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key (prefix kontor_sk_) or OAuth access token, sent as Authorization: Bearer <token>' },
        oauth2: {
          type: 'oauth2',
          description:
            'OAuth 2.1 authorization code with PKCE S256 (dynamic client registration at /api/oauth/register; discovery at /.well-known/oauth-authorization-server). Access tokens (prefix kontor_at_) go in Authorization: Bearer.',
          flows: {
            authorizationCode: {
              authorizationUrl: '/api/oauth/authorize',
              tokenUrl: '/api/oauth/token',
              refreshUrl: '/api/oauth/token',
              scopes: { 'invoice:verify': 'Verify invoices (/verify, /invoices/validate)', 'invoice:create': 'Create invoices (POST /invoices, /extractions)' },
            },
          },
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'code', 'details'],
          properties: {
            error: { type: 'string', description: 'Human-readable message' },
            code: {
              type: 'string',
              enum: [
                'invalid_input',
                'auth_required',
                'invalid_key',
                'payment_required',
                'subscription_required',
                'insufficient_scope',
                'not_found',
                'method_not_allowed',
                'payload_too_large',
                'unsupported_media_type',
                'not_acceptable',
                'free_quota_exhausted',
                'rate_limited',
                'upstream_error',
                'service_unavailable',
                'internal_error',
              ],
            },
            details: { description: 'Structured details: issue/finding lists, limits, retry hints; null when there are none' },
          },
        },
      },
    },
  };
}

/** A self-contained API reference page (no external scripts) rendered from the OpenAPI document. */
export function renderDocsPage(doc: Record<string, unknown>): string {
  const esc = (s: unknown) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const paths = doc.paths as Record<
    string,
    Record<
      string,
      {
        summary: string;
        description?: string;
        tags: string[];
        security: unknown[];
        parameters?: { name: string; in: string; required: boolean }[];
        responses: Record<string, { description: string }>;
        requestBody?: { content: Record<string, unknown> };
      }
    >
  >;
  const sections: string[] = [];
  for (const [p, ops] of Object.entries(paths)) {
    for (const [m, op] of Object.entries(ops)) {
      sections.push(`<section><h2><span class="m ${m}">${m.toUpperCase()}</span> <code>${esc(p)}</code></h2>
<p>${esc(op.summary)}${op.security.length ? ' <em>(credential required)</em>' : ' <em>(anonymous)</em>'}</p>
${op.description ? `<p>${esc(op.description)}</p>` : ''}
${op.parameters?.length ? `<p>Parameters: ${op.parameters.map((x) => `<code>${esc(x.name)}</code> (${x.in}${x.required ? ', required' : ''})`).join(', ')}</p>` : ''}
${
  op.requestBody
    ? `<p>Body: ${Object.keys(op.requestBody.content)
        .map((c) => `<code>${esc(c)}</code>`)
        .join(', ')}</p>`
    : ''
}
<ul>${Object.entries(op.responses)
        .map(([s, r]) => `<li><b>${esc(s)}</b> ${esc(r.description)}</li>`)
        .join('')}</ul></section>`);
    }
  }
  const info = doc.info as { title: string; version: string; description: string };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(info.title)} reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#222}section{border-top:1px solid #ddd;padding:.5em 0}h2{font-size:1.05em}.m{display:inline-block;min-width:4em;font-family:monospace}.get{color:#06c}.post{color:#080}code{background:#f4f4f4;padding:0 .2em}</style></head>
<body><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1><p>${esc(info.description)}</p><p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1). Errors use <code>{error, code, details}</code>.</p>${sections.join('\n')}</body></html>`;
}
