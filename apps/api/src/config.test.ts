import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to SQLite under ./data and port 8787', () => {
    const c = loadConfig({}, '/srv/k');
    expect(c.port).toBe(8787);
    expect(c.database).toEqual({ kind: 'sqlite', file: '/srv/k/data/kontor.sqlite' });
    expect(c.schemaDir).toBe('/srv/k/data/schemas');
    expect(c.devBootstrap).toBe(true);
  });
  it('picks PostgreSQL for postgres URLs and disables bootstrap in production', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', NODE_ENV: 'production' });
    expect(c.database.kind).toBe('postgres');
    expect(c.devBootstrap).toBe(false);
  });
  it('reports every bad setting with one clear message each', () => {
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'prod', KONTOR_VIES_URL: 'nope' });
      expect.fail('should throw');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const p = (e as ConfigError).problems;
      expect(p).toHaveLength(3);
      expect(p.join('\n')).toMatch(/PORT: must be a whole number/);
      expect(p.join('\n')).toMatch(/NODE_ENV/);
      expect(p.join('\n')).toMatch(/KONTOR_VIES_URL: must be a URL/);
    }
  });
  it('job pool and charge hold: defaults, overrides and their validation', () => {
    expect(loadConfig({}).workers).toEqual({ size: availableParallelism(), jobTimeoutMs: 60_000, heapMb: 512, queueLength: 16, recycleAboveBytes: 1_000_000 });
    expect(loadConfig({}).chargeHoldSeconds).toBe(900);
    const c = loadConfig({
      KONTOR_WORKERS: '3',
      KONTOR_JOB_TIMEOUT_MS: '5000',
      KONTOR_WORKER_HEAP_MB: '256',
      KONTOR_JOB_QUEUE: '0',
      KONTOR_WORKER_RECYCLE_BYTES: '0',
      KONTOR_CHARGE_HOLD_SECONDS: '60',
    });
    expect(c.workers).toEqual({ size: 3, jobTimeoutMs: 5000, heapMb: 256, queueLength: 0, recycleAboveBytes: 0 });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        return (e as ConfigError).problems;
      }
    };
    expect(problems({ KONTOR_WORKERS: '0' }).join()).toMatch(/KONTOR_WORKERS: must be at least 1/);
    expect(problems({ KONTOR_WORKER_HEAP_MB: '16' }).join()).toMatch(/KONTOR_WORKER_HEAP_MB: must be at least 64/);
    expect(problems({ KONTOR_JOB_TIMEOUT_MS: 'soon' }).join()).toMatch(/KONTOR_JOB_TIMEOUT_MS: must be a whole number/);
    // a reservation must outlive its job
    expect(problems({ KONTOR_JOB_TIMEOUT_MS: '600000', KONTOR_CHARGE_HOLD_SECONDS: '900' }).join()).toMatch(/KONTOR_CHARGE_HOLD_SECONDS must be at least twice KONTOR_JOB_TIMEOUT_MS/);
  });
});
