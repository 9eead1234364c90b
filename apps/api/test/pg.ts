/**
 * A throw-away PostgreSQL server for tests: KONTOR_TEST_PG_URL when given, else a fresh cluster started from the
 * Debian binaries (as the postgres user when we are root). In CI a missing server is a failure, elsewhere a skip.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TestPostgres {
  url: string;
  stop(): void;
}

function pgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(path.join(base, v, 'bin', 'initdb'))) return path.join(base, v, 'bin');
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export async function startTestPostgres(): Promise<TestPostgres | null> {
  if (process.env.KONTOR_TEST_PG_URL) return { url: process.env.KONTOR_TEST_PG_URL, stop() {} };
  const bin = pgBin();
  if (!bin) {
    if (process.env.CI === 'true') throw new Error('PostgreSQL binaries not found (apt-get install postgresql) and KONTOR_TEST_PG_URL unset');
    console.warn('[skip] PostgreSQL not installed; set KONTOR_TEST_PG_URL or apt-get install postgresql');
    return null;
  }
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-pg-'));
  const data = path.join(dir, 'data');
  let uid = 0;
  let gid = 0;
  if (root) {
    uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) => {
    const r = root ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { encoding: 'utf8' }) : spawnSync(path.join(bin, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
