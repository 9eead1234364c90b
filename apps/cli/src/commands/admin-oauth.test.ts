import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuthServer, openDatabase, loadConfig, Accounts } from '@kontor/api';
import { runCapture } from '../../test/run';

let dir: string;
let env: Record<string, string>;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-oauth-'));
  env = { DATABASE_URL: path.join(dir, 'k.sqlite'), KONTOR_SCHEMA_DIR: path.join(dir, 'schemas') };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withServer<T>(fn: (o: OAuthServer, a: Accounts) => Promise<T>): Promise<T> {
  const db = await openDatabase(loadConfig(env, dir).database);
  try {
    // a clock that moves a second per reading: registrations made in one millisecond still get distinct times (the
    // list is ordered by registration time, then by the random client id)
    let t = Date.now();
    const clock = () => new Date((t += 1000));
    return await fn(new OAuthServer(db.db, clock), new Accounts(db.db, clock));
  } finally {
    await db.close();
  }
}

describe('kontor admin oauth-client', () => {
  it('lists registered and account-owned applications and blocks one', async () => {
    const created = await runCapture(['admin', 'account', 'create', '--email', 'owner@example.test', '--json'], { cwd: dir, env });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.out).apiKey).toMatch(/^kontor_sk_/);
    const empty = await runCapture(['admin', 'oauth-client', 'list'], { cwd: dir, env });
    expect(empty.out).toBe('No OAuth applications.\n');
    const [pub, owned] = await withServer(async (o, a) => {
      const owner = (await a.byEmail('owner@example.test'))!;
      const agent = await o.register({ client_name: 'Agent', redirect_uris: ['http://127.0.0.1:4000/cb'], token_endpoint_auth_method: 'none' });
      return [agent, await o.register({ client_name: 'Owned app', redirect_uris: ['https://app.example.test/cb'] }, owner.id)];
    });
    const list = await runCapture(['admin', 'oauth-client', 'list', '--json'], { cwd: dir, env });
    expect(list.code).toBe(0);
    const rows = JSON.parse(list.out) as { clientId: string; name: string; type: string; owner: string | null; blockedAt: string | null }[];
    expect(rows.map((r) => [r.clientId, r.name, r.type, r.owner, r.blockedAt])).toEqual([
      [pub!.client_id, 'Agent', 'public', null, null],
      [owned!.client_id, 'Owned app', 'confidential', 'owner@example.test', null],
    ]);
    expect(list.out).not.toContain('kontor_cs_');
    const mine = JSON.parse((await runCapture(['admin', 'oauth-client', 'list', '--email', 'owner@example.test', '--json'], { cwd: dir, env })).out) as unknown[];
    expect(mine).toHaveLength(1);

    const blocked = await runCapture(['admin', 'oauth-client', 'block', '--client-id', pub!.client_id], { cwd: dir, env });
    expect(blocked.code).toBe(0);
    expect(blocked.out).toBe(`Application ${pub!.client_id} blocked.\n`);
    expect((await withServer((o) => o.client(pub!.client_id)))!.blocked_at).not.toBeNull();
    const again = await runCapture(['admin', 'oauth-client', 'block', '--client-id', pub!.client_id, '--json'], { cwd: dir, env });
    expect(again.code).toBe(1);
    expect(JSON.parse(again.out)).toEqual({ clientId: pub!.client_id, blocked: false });
    const human = await runCapture(['admin', 'oauth-client', 'list'], { cwd: dir, env });
    expect(human.out).toContain(`${pub!.client_id}  Agent  public  blocked`);
    const missing = await runCapture(['admin', 'oauth-client', 'block'], { cwd: dir, env });
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Missing --client-id');
  });
});
