import { describe, expect, it } from 'vitest';
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
});
