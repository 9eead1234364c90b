import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCapture } from '../test/run';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  return runCapture(argv, { cwd: dir, env: { DATABASE_URL: path.join(dir, 'cli.sqlite'), KONTOR_SCHEMA_DIR: path.join(dir, 'schemas') } });
}

describe('kontor CLI', () => {
  it('prints help and rejects unknown commands with exit 2', async () => {
    expect((await run(['--help'])).out).toContain('admin account create');
    const u = await run(['frobnicate']);
    expect(u.code).toBe(2);
    expect(u.err).toContain('Unknown command');
    const m = await run(['admin', 'account', 'create']);
    expect(m.code).toBe(2);
    expect(m.err).toContain('Missing --email');
  });

  it('administers accounts, keys, credits and subscriptions on the database', async () => {
    const c = await run(['admin', 'account', 'create', '--email', 'A@Example.com', '--plan', 'payments', '--credits', '5', '--json']);
    expect(c.code).toBe(0);
    const created = JSON.parse(c.out) as { email: string; apiKey: string };
    expect(Object.keys(created)).toEqual(['email', 'apiKey']);
    expect(created.email).toBe('a@example.com');
    expect(created.apiKey).toMatch(/^kontor_sk_/);
    expect((await run(['admin', 'account', 'create', '--email', 'a@example.com'])).code).toBe(1);

    const add = JSON.parse((await run(['admin', 'credits', 'add', '--email', 'a@example.com', '--amount', '7', '--json'])).out);
    expect(add.credits).toBe(12);
    expect((await run(['admin', 'credits', 'add', '--email', 'a@example.com', '--amount=-100'])).code).toBe(1);

    const sub = JSON.parse((await run(['admin', 'subscription', 'set', '--email', 'a@example.com', '--plan', 'payments+abroad', '--json'])).out);
    expect(sub.features).toEqual(['converter', 'payments', 'paymentsAbroad']);
    const cancel = JSON.parse((await run(['admin', 'subscription', 'set', '--email', 'a@example.com', '--status', 'canceled', '--json'])).out);
    expect(cancel.subscription.active).toBe(false);
    expect(cancel.features).toEqual([]);

    const k = JSON.parse((await run(['admin', 'key', 'create', '--email', 'a@example.com', '--json'])).out) as { id: string; apiKey: string };
    expect((await run(['admin', 'key', 'revoke', '--id', k.id])).code).toBe(0);
    expect((await run(['admin', 'key', 'revoke', '--id', k.id])).code).toBe(1);
    const show = JSON.parse((await run(['admin', 'account', 'show', '--email', 'a@example.com', '--json'])).out);
    expect(show.keys).toHaveLength(2);
    expect(show.keys.filter((x: { revokedAt: string | null }) => x.revokedAt).length).toBe(1);
    expect(JSON.stringify(show)).not.toContain(created.apiKey);
    const list = JSON.parse((await run(['admin', 'account', 'list', '--json'])).out);
    expect(list).toHaveLength(1);
  });

  it('lists the schema store and reports an empty install source', async () => {
    const l = JSON.parse((await run(['schemas', 'list', '--json'])).out);
    expect(l.sets.find((s: { id: string }) => s.id === 'cii-d16b').installed).toBe(false);
    expect((await run(['schemas', 'install', '--from', dir])).code).toBe(1);
    expect((await run(['schemas', 'install', '--from', path.join(dir, 'missing')])).err).toContain('SCHEMA_INSTALL_FAILED');
  });
});

describe('writeOutput', () => {
  it('replaces the target atomically and leaves nothing behind when the write fails', async () => {
    const { writeOutput } = await import('./command');
    const { readFileSync, readdirSync, writeFileSync, mkdirSync } = await import('node:fs');
    const target = path.join(dir, 'out.xml');
    writeFileSync(target, 'old');
    await writeOutput(target, 'new');
    expect(readFileSync(target, 'utf8')).toBe('new');
    mkdirSync(path.join(dir, 'asdir'));
    await expect(writeOutput(path.join(dir, 'asdir'), 'x')).rejects.toThrow();
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
