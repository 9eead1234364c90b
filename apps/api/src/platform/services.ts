/** What every route may use. Built once per app; libraries get configuration from here, never from process.env. */
import type { Kysely } from 'kysely';
import type { SchemaStore } from '@kontor/xml';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import type { Accounts } from './accounts';
import type { ApiKeys } from './keys';
import type { Billing } from '../billing/billing';
import type { RateLimiter } from './ratelimit';
import type { WorkerPool } from '../workers/pool';

export interface Services {
  config: Config;
  db: Kysely<DB>;
  dbKind: 'sqlite' | 'postgres';
  accounts: Accounts;
  keys: ApiKeys;
  billing: Billing;
  rateLimiter: RateLimiter;
  schemaStore: SchemaStore;
  clock: () => Date;
  /** Worker threads for every heavy job (parse, XSD and rules, generation, PDF): the main thread only routes and bills. */
  jobs: WorkerPool;
  /** Per-app cache for lazily built, reusable domain objects (clients, indexes). */
  cache: Map<string, unknown>;
}

/** Lazily creates and memoises a per-app object (e.g. a VIES client or the bank-code index). */
export function lazy<T>(services: Services, key: string, make: () => T): T {
  if (!services.cache.has(key)) services.cache.set(key, make());
  return services.cache.get(key) as T;
}

/** Per-request variables set by the platform middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    account: import('./accounts').AccountRow;
    credentialId: string;
    /** Consented OAuth scopes of an access token; null for API keys and browser sessions. */
    scopes: string[] | null;
    errorCause: string;
  };
}
