#!/usr/bin/env node
// Runs the built CLI from the repository (`pnpm kontor`, `pnpm start`): builds it first when apps/cli/dist is
// missing or older than any source it bundles, then imports dist/main.js in this same process (no tsx, no second
// node). Build output goes to stderr so --json on stdout stays clean. Plain JS on purpose: nothing to compile.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const entry = path.join(here, 'dist', 'main.js');

function newestIn(p, acc) {
  let s;
  try {
    s = statSync(p);
  } catch {
    return acc;
  }
  if (s.isFile()) return /\.(ts|mts|js|mjs|json)$/.test(p) && !/\.test\.ts$/.test(p) ? Math.max(acc, s.mtimeMs) : acc;
  if (!s.isDirectory()) return acc;
  for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist' && !e.startsWith('.')) acc = newestIn(path.join(p, e), acc);
  return acc;
}

/** Everything the bundle is made of: the CLI, the service and every workspace package (sources and manifests). */
function newestSource() {
  let t = 0;
  for (const f of ['src', 'package.json', 'tsup.config.ts']) t = newestIn(path.join(here, f), t);
  for (const f of ['src', 'package.json', 'tsup.config.ts']) t = newestIn(path.join(root, 'apps', 'api', f), t);
  const pkgs = path.join(root, 'packages');
  for (const p of existsSync(pkgs) ? readdirSync(pkgs) : []) {
    t = newestIn(path.join(pkgs, p, 'src'), t);
    t = newestIn(path.join(pkgs, p, 'package.json'), t);
  }
  return t;
}

const stale = () => !existsSync(entry) || statSync(entry).mtimeMs < newestSource();

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 2, 2], shell: process.platform === 'win32' });
  if (r.status !== 0) {
    process.stderr.write(`kontor: build failed (${cmd} ${args.join(' ')} in ${path.relative(root, cwd) || '.'})\n`);
    process.exit(2);
  }
}

function build() {
  // One builder at a time (parallel test runs, two terminals): the others wait for the lock, then re-check.
  const lock = path.join(here, '.build-lock');
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (waited > 180_000 || Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      else sleep(200);
    }
  }
  try {
    if (!stale()) return;
    process.stderr.write('kontor: building apps/cli (sources changed) …\n');
    const tsupPkg = path.join(root, 'node_modules', 'tsup', 'package.json');
    const tsupBin = path.join(path.dirname(tsupPkg), JSON.parse(readFileSync(tsupPkg, 'utf8')).bin.tsup);
    // One build holds everything `kontor` runs, the service's job worker included (dist/api-worker.js). It is built
    // beside dist and moved in file by file, entries last; chunk names carry content hashes, so a kontor process
    // started from the previous build still finds its chunks. Files of older builds go after ten minutes.
    const next = path.join(here, `.dist-${process.pid}`);
    const dist = path.join(here, 'dist');
    run(process.execPath, [tsupBin, '--silent', '--out-dir', next], here);
    mkdirSync(dist, { recursive: true });
    const fresh = readdirSync(next);
    const entries = new Set(['main.js', 'batch-worker.js', 'api-worker.js']);
    for (const f of [...fresh.filter((f) => !entries.has(f)), ...fresh.filter((f) => entries.has(f))]) renameSync(path.join(next, f), path.join(dist, f));
    rmSync(next, { recursive: true, force: true });
    for (const f of readdirSync(dist)) {
      if (!fresh.includes(f) && Date.now() - statSync(path.join(dist, f)).mtimeMs > 600_000) rmSync(path.join(dist, f), { force: true });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

if (stale()) build();
await import(pathToFileURL(entry).href);
