/**
 * The remote MCP server at {auth_url}/api/mcp (spec §4.15): Streamable HTTP (MCP 2025-06-18 and 2025-11-25) with the
 * SDK's web-standard transport inside a Hono route.
 *
 * Stateless: every POST carries one JSON-RPC message and gets a fresh server + transport (JSON responses, no SSE, no
 * Mcp-Session-Id). Nothing lives between requests, so any instance behind a load balancer can answer any call;
 * GET (server-initiated streams) and DELETE (session end) answer 405.
 *
 * Auth: Authorization: Bearer <API key | OAuth access token> on every request; without one, 401 with
 * WWW-Authenticate: Bearer resource_metadata="{auth_url}/.well-known/oauth-protected-resource/api/mcp" so that MCP
 * clients discover the authorization server on their own. Credentials are checked by the API's guard (oauth/guard.ts);
 * an access token bound to another resource (RFC 8707 resource = the /api/v1 API) is refused here (audience). A tool call is answered by the app itself: the /api/v1
 * route is called in-process with the caller's Authorization header, so auth, scopes, rate limits, body limits,
 * validation, billing and error codes are the route's own. A route's error envelope {error, code, details} becomes a
 * tool error (isError) whose structuredContent is the envelope plus the HTTP status.
 *
 * A request with an Origin header other than {auth_url} is refused with 403 (DNS rebinding protection).
 *
 * Limits: the MCP request body (default 40 MB: a 25 MB PDF as base64 plus framing, enforced while streaming → 413),
 * concurrent MCP requests per credential and instance (default 4 → 429 rate_limited), and a time limit per tool
 * call as a backstop above the routes' own limits (default max(150 s, 2 × job time limit + 150 s) → tool error timeout).
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../platform/errors';
import { checkJsonLimits, MAX_JSON_DEPTH } from '../platform/jsonlimits';
import type { AnyRoute } from '../platform/registry';
import type { AppEnv, Services } from '../platform/services';
import { authenticate } from '../oauth/guard';
import { ACCESS_TOKEN_PREFIX, OAuthServer } from '../oauth/server';
import { resourcesOf } from '../oauth/routes';
import { publicOrigin } from '../web/http';
import { TOOLS, ToolInputError, type InternalRequest, type ToolSpec } from './tools';

export const MCP_PATH = '/api/mcp';
/** Protocol versions this server speaks (an initialize asking for another one is answered with the latest). */
export const MCP_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18'] as const;
export const MCP_SERVER_NAME = 'kontor';

export interface McpOptions {
  /** Largest MCP request body in bytes (default 40,000,000). */
  maxBodyBytes?: number;
  /** Concurrent MCP requests per credential (default 4). */
  maxConcurrentPerCredential?: number;
  /**
   * Time limit of one tool call in ms: a backstop above the routes' own limits (job time limit, outbound timeouts),
   * default max(150 s, 2 × KONTOR_JOB_TIMEOUT_MS + 150 s), so that a route normally answers (and bills) first.
   */
  toolTimeoutMs?: number;
  /** How the request's credential is checked: the credential id (for the concurrency limit) or an ApiError 401. */
  verifyCredential?: (c: Context<AppEnv>, services: Services) => Promise<{ credentialId: string }>;
  /** Server version reported in initialize. */
  version?: string;
}

const DEFAULTS = { maxBodyBytes: 40_000_000, maxConcurrentPerCredential: 4 };

/** The protected-resource metadata URL of the MCP server (RFC 9728 path insertion). */
export function mcpResourceMetadataUrl(origin: string): string {
  return `${origin}/.well-known/oauth-protected-resource${MCP_PATH}`;
}

/**
 * The credential check of the API (oauth/guard.ts: API keys, OAuth access tokens; no browser session here), plus the
 * audience rule of MCP authorization: an access token bound to another resource (the /api/v1 API) is refused here.
 */
async function verifyCredential(c: Context<AppEnv>, services: Services): Promise<{ credentialId: string }> {
  const auth = await authenticate(c, services, { method: 'post', path: '/mcp' });
  const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
    const info = await new OAuthServer(services.db, services.clock).verifyAccessToken(token);
    const mcp = resourcesOf(publicOrigin(c, services)).mcp;
    if (info && info.resource !== null && info.resource !== mcp) {
      throw new ApiError(401, 'invalid_key', `This access token was issued for ${info.resource}, not for ${mcp}`, null);
    }
  }
  return { credentialId: auth.credentialId };
}

function toolError(code: string, message: string, extra: Record<string, unknown> = {}): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}` }], structuredContent: { error: message, code, details: null, ...extra } };
}

/** Calls the app with the caller's credential and turns the answer into a tool result. */
async function callRoute(app: Hono<AppEnv>, base: string, req: InternalRequest, headers: Record<string, string>, tool: ToolSpec): Promise<CallToolResult> {
  const url = new URL(`${base}/api/v1${req.path}`);
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, v);
  const h = new Headers(headers);
  h.set('accept', req.accept ?? 'application/json');
  let body: BodyInit | undefined;
  if (req.json !== undefined) {
    h.set('content-type', 'application/json');
    body = JSON.stringify(req.json);
  } else if (req.form) {
    body = req.form;
  }
  const res = await app.fetch(new Request(url, { method: req.method, headers: h, ...(body !== undefined ? { body } : {}) }));
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    const env = (parsed ?? {}) as { error?: string; code?: string; details?: unknown };
    const retryAfter = res.headers.get('retry-after');
    const code = env.code ?? 'upstream_error';
    const message = env.error ?? `HTTP ${res.status}`;
    return {
      isError: true,
      content: [{ type: 'text', text: `${code}: ${message}${retryAfter ? ` (retry after ${retryAfter} s)` : ''}` }],
      structuredContent: { error: message, code, details: env.details ?? null, status: res.status, ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}) },
    };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return toolError('internal_error', `The ${tool.name} route answered no JSON object`);
  const result = parsed as Record<string, unknown>;
  return { content: [{ type: 'text', text: tool.summarize(result) }], structuredContent: result };
}

/** A time limit for one tool call (the timer is cleared when the call ends). */
async function withTimeout<T>(ms: number, work: Promise<T>, onTimeout: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout()), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** The tools/list answer: the same for every request of an app (the routes do not change), so built once. */
function listTools(routes: Map<string, AnyRoute>): { tools: Tool[] } {
  return {
    tools: TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.operations.every((o) => routes.has(o)) ? (t.inputSchema(routes) as Tool['inputSchema']) : { type: 'object' as const, properties: {} },
      annotations: { title: t.title, readOnlyHint: t.readOnly, destructiveHint: false, idempotentHint: t.readOnly, openWorldHint: t.openWorld },
    })),
  };
}

/** Builds the per-request MCP server whose tools call the app with the caller's credential. */
function buildServer(
  app: Hono<AppEnv>,
  routes: Map<string, AnyRoute>,
  tools: () => { tools: Tool[] },
  base: string,
  headers: Record<string, string>,
  opts: Required<Pick<McpOptions, 'toolTimeoutMs'>> & { version: string; validator: jsonSchemaValidator },
): Server {
  // One schema validator per app (the SDK would compile a new Ajv for every server: ~1-2 ms per request).
  const server = new Server(
    { name: MCP_SERVER_NAME, title: 'Kontor', version: opts.version },
    {
      capabilities: { tools: {} },
      jsonSchemaValidator: opts.validator,
      instructions: 'German/EU back-office formats: ZUGFeRD/Factur-X and XRechnung invoices, pain.001 payment files, camt bank statements, VIES VAT IDs, Peppol participants. Files go base64.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => tools());
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = TOOLS.find((t) => t.name === request.params.name);
    if (!tool) return toolError('not_found', `Unknown tool ${request.params.name}; tools/list names the tools`);
    const missing = tool.operations.filter((o) => !routes.has(o));
    if (missing.length) return toolError('not_available', `${tool.name} is not available on this server yet (route ${missing.join(', ')} is not mounted)`);
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    let req: InternalRequest;
    try {
      req = tool.request(args);
    } catch (e) {
      if (e instanceof ToolInputError) return toolError('invalid_input', e.message, { details: [{ code: 'SCHEMA', severity: 'error', message: e.message, path: e.path }], status: 400 });
      throw e;
    }
    return withTimeout(opts.toolTimeoutMs, callRoute(app, base, req, headers, tool), () =>
      toolError(
        'timeout',
        `${tool.name} did not answer within ${Math.round(opts.toolTimeoutMs / 1000)} s; the request may still complete (and, for a charged tool, be billed): check GET /api/v1/me before repeating it`,
      ),
    );
  });
  return server;
}

/** A response for a message that breaks the JSON limits, or null. */
function jsonLimitProblem(message: unknown): ((c: Context<AppEnv>) => Response) | null {
  try {
    checkJsonLimits(message, 'message', MAX_JSON_DEPTH + 4);
    return null;
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const m = message as { id?: unknown; method?: unknown; params?: { arguments?: unknown } } | null;
    if (m && typeof m === 'object' && !Array.isArray(m) && m.method === 'tools/call' && (typeof m.id === 'string' || typeof m.id === 'number')) {
      let err = e;
      try {
        checkJsonLimits(m.params?.arguments, 'arguments', MAX_JSON_DEPTH + 1);
      } catch (inner) {
        if (inner instanceof ApiError) err = inner;
      }
      const result = toolError(err.code, err.message, { details: err.details, status: err.status });
      return (c) => c.json({ jsonrpc: '2.0', id: m.id, result });
    }
    return (c) => c.json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: e.message } }, 400);
  }
}

/** Mounts /api/mcp on the app (after the /api/v1 routes: tools call them). */
export function mountMcp(app: Hono<AppEnv>, services: Services, routes: readonly AnyRoute[], options: McpOptions = {}): void {
  const o = { ...DEFAULTS, toolTimeoutMs: Math.max(150_000, 2 * services.config.workers.jobTimeoutMs + 150_000), ...options };
  const verify = options.verifyCredential ?? verifyCredential;
  const byOperation = new Map(routes.map((r) => [r.operationId, r]));
  const inFlight = new Map<string, number>();
  const validator = new AjvJsonSchemaValidator();
  let toolList: { tools: Tool[] } | undefined;
  const tools = () => (toolList ??= listTools(byOperation));

  const challenge = (c: Context<AppEnv>, extra = '') => ({
    'WWW-Authenticate': `Bearer resource_metadata="${mcpResourceMetadataUrl(publicOrigin(c, services))}", scope="invoice:verify invoice:create"${extra}`,
  });

  app.on(['GET', 'DELETE', 'PUT', 'PATCH'], MCP_PATH, () => {
    throw new ApiError(405, 'method_not_allowed', 'This MCP server is stateless: POST one JSON-RPC message per request (no SSE stream, no session to end)', { allowed: ['POST'] }, { Allow: 'POST' });
  });

  app.post(
    MCP_PATH,
    // Authentication before the body is read.
    async (c, next) => {
      const h = c.req.header('authorization');
      if (h === undefined) throw new ApiError(401, 'auth_required', 'Send a credential: Authorization: Bearer <API key or OAuth access token>', null, challenge(c));
      if (!/^Bearer\s+(\S+)\s*$/i.test(h)) throw new ApiError(401, 'invalid_key', 'Malformed Authorization header', null, challenge(c, ', error="invalid_request"'));
      // Every 401 names the MCP server's own protected-resource metadata (not the API's).
      const { credentialId } = await verify(c, services).catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 401) throw new ApiError(401, e.code, e.message, e.details, challenge(c, ', error="invalid_token"'));
        throw e;
      });
      const n = inFlight.get(credentialId) ?? 0;
      if (n >= o.maxConcurrentPerCredential) {
        throw new ApiError(429, 'rate_limited', `At most ${o.maxConcurrentPerCredential} concurrent MCP requests per credential`, { retryAfterSeconds: 1 }, { 'Retry-After': '1' });
      }
      inFlight.set(credentialId, n + 1);
      try {
        await next();
      } finally {
        const left = (inFlight.get(credentialId) ?? 1) - 1;
        if (left <= 0) inFlight.delete(credentialId);
        else inFlight.set(credentialId, left);
      }
    },
    bodyLimit({
      maxSize: o.maxBodyBytes,
      onError: () => {
        throw new ApiError(413, 'payload_too_large', `MCP request body larger than ${o.maxBodyBytes} bytes`, { maxBytes: o.maxBodyBytes });
      },
    }),
    async (c) => {
      let message: unknown;
      try {
        message = await c.req.json();
      } catch (e) {
        if (e instanceof ApiError) throw e;
        return c.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not JSON' } }, 400);
      }
      // Nesting and number limits of the API (a 100,000-deep argument must not overflow the SDK or JSON.stringify):
      // a tool call gets a tool error naming the place, anything else a JSON-RPC error. The routes apply the same
      // rule to their bodies (64 levels); the message envelope adds its own few levels.
      const limitProblem = jsonLimitProblem(message);
      if (limitProblem) return limitProblem(c);
      // Only our protocol versions: an initialize asking for another one is answered with the latest we speak.
      const msg = message as { method?: unknown; params?: { protocolVersion?: unknown } } | null;
      if (msg && typeof msg === 'object' && msg.method === 'initialize' && msg.params && typeof msg.params === 'object') {
        if (!(MCP_PROTOCOL_VERSIONS as readonly unknown[]).includes(msg.params.protocolVersion)) msg.params.protocolVersion = MCP_PROTOCOL_VERSIONS[0];
      } else {
        const v = c.req.header('mcp-protocol-version');
        if (v !== undefined && !(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(v)) {
          return c.json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Unsupported MCP-Protocol-Version ${v}; supported: ${MCP_PROTOCOL_VERSIONS.join(', ')}` } }, 400);
        }
      }
      // The inner requests carry the caller's credential and this request's id (one id in the logs).
      const requestId = c.get('requestId') as string | undefined;
      const headers: Record<string, string> = { authorization: c.req.header('authorization')!, ...(requestId ? { 'x-request-id': requestId } : {}) };
      const server = buildServer(app, byOperation, tools, new URL(c.req.url).origin, headers, { toolTimeoutMs: o.toolTimeoutMs, version: o.version ?? '0.1.0', validator });
      // DNS rebinding: a browser page of another origin is refused (403); clients that send no Origin are fine.
      const allowedOrigins = [...new Set([publicOrigin(c, services), new URL(c.req.url).origin])];
      const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true, maxRequestBodySize: o.maxBodyBytes, enableDnsRebindingProtection: true, allowedOrigins });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw, { parsedBody: message });
      } finally {
        void server.close().catch(() => undefined);
      }
    },
  );
}
