/** Builds the Hono app: storage, services, the route registry, logs, and the one error conversion. */
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
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
  close(): Promise<void>;
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
  const sweeper = setInterval(() => void services.billing.releaseExpired().catch(() => undefined), 60_000);
  sweeper.unref();
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

  app.get('/healthz', async (c) => {
    try {
      await services.accounts.count();
      return c.json({ status: 'ok', database: services.dbKind });
    } catch {
      return c.json({ status: 'degraded', database: 'unreachable' }, 503);
    }
  });
  app.get(`${API_BASE}/openapi.json`, (c) => c.json(openapi));
  app.get(`${API_BASE}/docs`, (c) => c.html(renderDocsPage(openapi)));

  for (const r of routes) mountRoute(app, API_BASE, r, services);

  const known = [
    ...routes.map((r) => ({ method: r.method.toUpperCase(), re: pathPattern(API_BASE + r.path) })),
    { method: 'GET', re: pathPattern(`${API_BASE}/openapi.json`) },
    { method: 'GET', re: pathPattern(`${API_BASE}/docs`) },
    { method: 'GET', re: pathPattern('/healthz') },
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
    close: async () => {
      clearInterval(sweeper);
      await services.jobs.close();
      await database.close();
      services.schemaStore.dispose();
    },
  };
}
