/**
 * The built CLI for tests that run `kontor` as users do: a child `node main.js` process (worker threads and all).
 * Each test file builds its own copy with the package's tsup config into apps/cli/.test-build-* (inside the package,
 * so npm dependencies resolve as from dist), never sharing dist with a `pnpm kontor` that may rebuild meanwhile.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(cliDir, '../..');

export interface BuiltCli {
  main: string;
  dispose(): void;
}

export function buildCli(): BuiltCli {
  const out = mkdtempSync(path.join(cliDir, '.test-build-'));
  const tsupPkg = path.join(repoRoot, 'node_modules', 'tsup', 'package.json');
  const tsupBin = path.join(path.dirname(tsupPkg), (JSON.parse(readFileSync(tsupPkg, 'utf8')) as { bin: { tsup: string } }).bin.tsup);
  const r = spawnSync(process.execPath, [tsupBin, '--silent', '--out-dir', out], { cwd: cliDir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the CLI failed: ${r.stderr}`);
  return { main: path.join(out, 'main.js'), dispose: () => rmSync(out, { recursive: true, force: true }) };
}

export interface Spawned {
  code: number;
  out: string;
  err: string;
}

export function kontor(main: string, args: string[], opts: { cwd: string; env?: Record<string, string> }): Spawned {
  const r = spawnSync(process.execPath, [main, ...args], {
    cwd: opts.cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', LANG: 'C', ...opts.env },
    timeout: 120_000,
  });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}
