import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startServer } from './server';

describe('startServer', () => {
  it('listens on a real port, bootstraps a development account once, and serves the API over HTTP', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-srv-'));
    const printed: string[] = [];
    const cfg = loadConfig({ PORT: '0', DATABASE_URL: path.join(dir, 'k.sqlite'), KONTOR_SCHEMA_DIR: path.join(dir, 's'), KONTOR_LOG: 'off' });
    const s = await startServer(cfg, (l) => printed.push(l));
    try {
      const key = /API key \(shown only once\): (\S+)/.exec(printed.join('\n'))?.[1];
      expect(key).toMatch(/^kontor_sk_/);
      const base = `http://127.0.0.1:${s.port}/api/v1`;
      expect((await fetch(`${base}/formats`)).status).toBe(200);
      const me = await fetch(`${base}/me`, { headers: { authorization: `Bearer ${key}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { features: string[] }).features).toEqual(['converter', 'payments', 'paymentsAbroad']);
      const big = await fetch(`${base}/me`, { method: 'GET', headers: { authorization: `Bearer ${key}` } });
      expect(big.status).toBe(200);
    } finally {
      await s.close();
    }
    // second start on the same database: no new account, nothing printed
    const printed2: string[] = [];
    const s2 = await startServer(cfg, (l) => printed2.push(l));
    await s2.close();
    expect(printed2.join('\n')).not.toContain('API key');
    // production never bootstraps
    const dir2 = mkdtempSync(path.join(os.tmpdir(), 'kontor-srv-'));
    const printed3: string[] = [];
    const s3 = await startServer(loadConfig({ NODE_ENV: 'production', PORT: '0', DATABASE_URL: path.join(dir2, 'k.sqlite'), KONTOR_LOG: 'off' }), (l) => printed3.push(l));
    await s3.close();
    expect(printed3.join('\n')).not.toContain('API key');
    rmSync(dir, { recursive: true, force: true });
    rmSync(dir2, { recursive: true, force: true });
  });
});
