/** Builds the Hono app: storage, services, the route registry, logs, and the one error conversion. */
import { Hono, type Context } from 'hono';
import { routePath } from 'hono/route';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { access, constants as fsConstants } from 'node:fs/promises';
import { Metrics } from './platform/metrics';
import { SchemaStore } from '@kontor/xml';
import type { Config } from './config';
import { openDatabase, type Database } from './db';
import { Accounts } from './platform/accounts';
import { ApiKeys } from './platform/keys';
import { Billing } from './billing/billing';
import { DatabaseRateLimiter, MemoryRateLimiter } from './platform/ratelimit';
import { ApiError, errorResponse, toApiError } from './platform/errors';
import { mountRoute, pathPattern, type AnyRoute } from './platform/registry';
import { buildOpenApi, renderDocsPage } from './platform/openapi';
import type { AppEnv, Services } from './platform/services';
import { allRoutes } from './routes';
import { systemClock, type Clock } from './platform/time';
import { createJobPool, type JobPoolOptions } from './workers/client';
import { mountMcp } from './mcp/server';
import { mountOAuth } from './oauth/routes';
import { OAuthServer } from './oauth/server';
import { mountWeb } from './web/pages';

export const API_BASE = '/api/v1';

export interface AppOptions {
  clock?: Clock;
  /** Where request logs go (one JSON object per line). Default: stdout when config.log. */
  log?: (line: string) => void;
  /** Extra routes (tests). */
  routes?: AnyRoute[];
  /** Job pool options (tests: the pool-testing jobs). */
  jobs?: JobPoolOptions;
}

export interface KontorApp {
  app: Hono<AppEnv>;
  services: Services;
  openapi: Record<string, unknown>;
  metrics: Metrics;
  /** Readiness: the database answers and the schema store can be read (and the app is not draining). */
  readiness(): Promise<{ ready: boolean; database: 'ok' | 'unreachable'; schemaStore: 'ok' | 'unreadable'; schemaSets: number; draining: boolean }>;
  /** Marks the app as stopping: /readyz answers 503 so load balancers stop sending new requests. */
  drain(): void;
  close(): Promise<void>;
}

/** Constant-time comparison of a presented bearer token with the configured one (hashes make the lengths equal). */
function tokenMatches(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export async function createApp(config: Config, opts: AppOptions = {}): Promise<KontorApp> {
  const clock = opts.clock ?? systemClock;
  const database: Database = await openDatabase(config.database);
  const services: Services = {
    config,
    db: database.db,
    dbKind: database.kind,
    accounts: new Accounts(database.db, clock),
    keys: new ApiKeys(database.db, clock),
    billing: new Billing(database.db, clock, { freeInvoicesPerDay: config.freeInvoicesPerDay, holdSeconds: config.chargeHoldSeconds }),
    // PostgreSQL means possibly several instances: their limits must be counted together.
    rateLimiter: database.kind === 'postgres' ? new DatabaseRateLimiter(database.db, clock) : new MemoryRateLimiter(clock),
    schemaStore: new SchemaStore({ dir: config.schemaDir }),
    clock,
    jobs: createJobPool(config, opts.jobs),
    cache: new Map(),
  };
  // Reservations left by a process that died mid-request return now, and then every minute.
  await services.billing.releaseExpired();
  // Expired OAuth tokens and codes, sessions and mail links go with the same sweep.
  const oauthHousekeeping = new OAuthServer(database.db, clock);
  const sweeper = setInterval(() => {
    void services.billing.releaseExpired().catch(() => undefined);
    void oauthHousekeeping.purgeExpired().catch(() => undefined);
  }, 60_000);
  sweeper.unref();
  const metrics = new Metrics({ defaultMetrics: config.env !== 'test' });
  metrics.instrumentBilling(services.billing);
  metrics.instrumentMethod(services.schemaStore, 'validate', 'xsd');
  metrics.instrumentMethod(services.jobs, 'run', 'job', true);
  metrics.watchUpstreams(config);
  let draining = false;
  const readiness: KontorApp['readiness'] = async () => {
    const database = await services.accounts.count().then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    // A store folder that does not exist yet is an empty store (XSD checks report unavailable); one that exists
    // but cannot be read (permissions, a lost volume) is not ready.
    const schemaStore = await access(services.schemaStore.dir, fsConstants.R_OK | fsConstants.X_OK).then(
      () => 'ok' as const,
      (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? ('ok' as const) : ('unreadable' as const)),
    );
    const schemaSets = schemaStore === 'ok' ? (await services.schemaStore.list()).filter((s) => s.installed).length : 0;
    return { ready: database === 'ok' && schemaStore === 'ok' && !draining, database, schemaStore, schemaSets, draining };
  };
  const routes = [...allRoutes, ...(opts.routes ?? [])];
  const openapi = buildOpenApi(routes, API_BASE);
  const log = opts.log ?? (config.log ? (l: string) => process.stdout.write(l + '\n') : undefined);

  const app = new Hono<AppEnv>();

  // Request id + structured access log (no secrets, no bodies, no query strings).
  app.use('*', async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[A-Za-z0-9._-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    await next();
    const route = routePath(c, -1);
    metrics.observeRequest(c.req.method, route === '*' || route === '/*' ? 'unmatched' : route, c.res.status, (performance.now() - started) / 1000);
    if (log) {
      const account = c.get('account') as { id: string } | undefined;
      log(
        JSON.stringify({
          time: clock().toISOString(),
          level: c.res.status >= 500 ? 'error' : 'info',
          msg: 'request',
          requestId,
          method: c.req.method,
          path: new URL(c.req.url).pathname,
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ...(account ? { account: account.id } : {}),
          ...(c.get('errorCause') ? { error: String(c.get('errorCause')) } : {}),
        }),
      );
    }
  });

  // Liveness: the process answers (no dependency checks, so a database outage does not restart every instance).
  app.get('/healthz', (c) => c.json({ status: 'ok', database: services.dbKind }));
  // Readiness: send traffic here only when the database answers and the schema store is readable.
  app.get('/readyz', async (c) => {
    const r = await readiness();
    return c.json({ status: r.ready ? 'ready' : 'not_ready', ...r }, r.ready ? 200 : 503);
  });
  // Metrics on the main port only with a configured token (KONTOR_METRICS_TOKEN); else only on KONTOR_METRICS_PORT.
  app.get('/metrics', async (c) => {
    const token = config.metrics.token;
    if (!token) throw new ApiError(404, 'not_found', 'Metrics are not served on this port (set KONTOR_METRICS_TOKEN or KONTOR_METRICS_PORT)');
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!presented || !tokenMatches(presented, token))
      throw new ApiError(401, 'auth_required', 'Send the metrics token: Authorization: Bearer <KONTOR_METRICS_TOKEN>', null, { 'WWW-Authenticate': 'Bearer' });
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType });
  });
  app.get(`${API_BASE}/openapi.json`, (c) => c.json(openapi));
  app.get(`${API_BASE}/docs`, (c) => c.html(renderDocsPage(openapi)));

  // OAuth 2.1 (discovery, registration, authorize/consent, token, revoke) and the account web pages.
  mountOAuth(app, services);
  // Development: the mail (with its one-time link) in the log; production logs only recipient and subject.
  mountWeb(app, services, {
    deliver: log
      ? (m) => log(JSON.stringify({ time: clock().toISOString(), level: 'info', msg: 'mail', to: m.to, subject: m.subject, ...(config.env === 'production' ? {} : { body: m.body }) }))
      : undefined,
    onMailError: log ? (e) => log(JSON.stringify({ time: clock().toISOString(), level: 'error', msg: 'mail_failed', error: e instanceof Error ? e.message : String(e) })) : undefined,
  });
  for (const r of routes) mountRoute(app, API_BASE, r, services);
  // The remote MCP server: every tool calls one of the routes above (mcp/server.ts).
  mountMcp(app, services, routes);

  const known = [
    ...routes.map((r) => ({ method: r.method.toUpperCase(), re: pathPattern(API_BASE + r.path) })),
    { method: 'GET', re: pathPattern(`${API_BASE}/openapi.json`) },
    { method: 'GET', re: pathPattern(`${API_BASE}/docs`) },
    { method: 'GET', re: pathPattern('/healthz') },
    { method: 'GET', re: pathPattern('/readyz') },
    { method: 'GET', re: pathPattern('/metrics') },
  ];

  app.notFound((c: Context<AppEnv>) => {
    const path = new URL(c.req.url).pathname;
    const allowed = [...new Set(known.filter((k) => k.re.test(path)).map((k) => k.method))];
    if (allowed.length) {
      if (allowed.includes('GET')) allowed.push('HEAD');
      return errorResponse(c, new ApiError(405, 'method_not_allowed', `Method ${c.req.method} is not allowed here`, { allowed }, { Allow: allowed.join(', ') }));
    }
    return errorResponse(c, new ApiError(404, 'not_found', `No route for ${c.req.method} ${path}`));
  });

  app.onError((err, c) => {
    const api = toApiError(err);
    if (api.status >= 500 && !(err instanceof ApiError)) c.set('errorCause', err instanceof Error ? `${err.name}: ${err.message}` : String(err));
    return errorResponse(c, api);
  });

  return {
    app,
    services,
    openapi,
    metrics,
    readiness,
    drain: () => {
      draining = true;
    },
    close: async () => {
      metrics.close();
      clearInterval(sweeper);
      await services.jobs.close();
      await database.close();
      services.schemaStore.dispose();
    },
  };
}
