/**
 * The built CLI for tests that run `kontor` as users do: a child `node dist/main.js` process (worker threads and
 * all). The launcher builds dist when it is missing or stale, exactly as `pnpm kontor` does.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const builtMain = path.join(cliDir, 'dist', 'main.js');

export function ensureBuilt(): void {
  const r = spawnSync(process.execPath, [path.join(cliDir, 'launch.mjs'), '--version'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the CLI failed: ${r.stderr}`);
}

export interface Spawned {
  code: number;
  out: string;
  err: string;
}

export function kontor(args: string[], opts: { cwd: string; env?: Record<string, string> }): Spawned {
  const r = spawnSync(process.execPath, [builtMain, ...args], {
    cwd: opts.cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', LANG: 'C', ...opts.env },
    timeout: 120_000,
  });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}
