/** Test helpers: an app on a real SQLite file (or a given database), an injectable clock, account factories. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

export async function makeTestApp(opts: { env?: Record<string, string>; databaseUrl?: string; clock?: TestClock } & Omit<AppOptions, 'clock'> = {}): Promise<TestApp> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-api-'));
  const config: Config = loadConfig({
    DATABASE_URL: opts.databaseUrl ?? path.join(dir, 'test.sqlite'),
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
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
