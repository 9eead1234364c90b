/** Test helpers: an app on a real SQLite file, a fresh PostgreSQL database (KONTOR_TEST_DB=pg) or a given database, an injectable clock, account factories. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createApp, type KontorApp, type AppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Plan } from '../src/platform/accounts';

export interface TestClock {
  now: Date;
  clock: () => Date;
  set(iso: string): void;
}

export function testClock(iso = '2026-06-15T10:00:00Z'): TestClock {
  const t: TestClock = {
    now: new Date(iso),
    clock: () => t.now,
    set(s: string) {
      t.now = new Date(s);
    },
  };
  return t;
}

export interface TestApp extends KontorApp {
  request(p: string, init?: RequestInit & { key?: string }): Promise<Response>;
  account(opts?: { plan?: Plan | null; credits?: number; email?: string }): Promise<{ id: string; email: string; key: string }>;
  dispose(): Promise<void>;
}

let seq = 0;

/** The store the API suite runs on: KONTOR_TEST_DB=pg (the `api-pg` vitest project) or SQLite (default). */
export function testDatabaseKind(): 'sqlite' | 'postgres' {
  return process.env.KONTOR_TEST_DB === 'pg' && inject('kontorPgUrl') ? 'postgres' : 'sqlite';
}

/** A fresh, empty PostgreSQL database for one test app on the suite's server, dropped again by drop(). */
export async function freshPgDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function makeTestApp(opts: { env?: Record<string, string>; databaseUrl?: string; clock?: TestClock } & Omit<AppOptions, 'clock'> = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-api-'));
  // Under the PostgreSQL matrix leg every app without an explicit database gets its own fresh one.
  const pgDb = !opts.databaseUrl && testDatabaseKind() === 'postgres' ? await freshPgDatabase(inject('kontorPgUrl')!) : null;
  const config: Config = loadConfig({
    DATABASE_URL: opts.databaseUrl ?? pgDb?.url ?? path.join(dir, 'test.sqlite'),
    KONTOR_SCHEMA_DIR: path.join(dir, 'schemas'),
    KONTOR_LOG: 'off',
    NODE_ENV: 'test',
    ...opts.env,
  });
  const k = await createApp(config, { ...opts, clock: opts.clock?.clock ?? (() => new Date()) });
  return {
    ...k,
    request(p, init = {}) {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('authorization', `Bearer ${init.key}`);
      return Promise.resolve(k.app.request(p, { ...init, headers }));
    },
    async account(o = {}) {
      const a = await k.services.accounts.create({ email: o.email ?? `user${++seq}-${Date.now()}@example.test`, plan: o.plan ?? null, credits: o.credits ?? 0 });
      const key = await k.services.keys.create(a.id);
      return { id: a.id, email: a.email, key: key.key };
    },
    async dispose() {
      await k.close();
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
