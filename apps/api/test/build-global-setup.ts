/**
 * Vitest global setup: job workers run plain built JavaScript (they get no vitest transform), so the API's bundle
 * (dist/workers/worker.js with its chunks, dist/index.js) is rebuilt with tsup when it is missing or older than any source it
 * contains. Built into a temporary directory and renamed into place, under a lock, so parallel runs never load a
 * half-written file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(apiDir, '../..');
const outputs = ['index.js', 'workers/worker.js'];

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') newest = Math.max(newest, newestSource(p));
    } else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

function stale(): boolean {
  const built = outputs.map((o) => path.join(apiDir, 'dist', o));
  if (!built.every((f) => existsSync(f))) return true;
  const oldest = Math.min(...built.map((f) => statSync(f).mtimeMs));
  const srcDirs = [path.join(apiDir, 'src'), ...readdirSync(path.join(root, 'packages')).map((p) => path.join(root, 'packages', p, 'src'))].filter((d) => existsSync(d));
  return srcDirs.some((d) => newestSource(d) > oldest) || statSync(path.join(apiDir, 'tsup.config.ts')).mtimeMs > oldest;
}

export function ensureApiBuilt(): void {
  if (!stale()) return;
  mkdirSync(path.join(apiDir, 'dist'), { recursive: true });
  const lock = path.join(apiDir, 'dist', '.build-lock');
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Someone else builds; a lock older than two minutes is a leftover of a killed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 180_000) throw new Error('Timed out waiting for the API build lock');
      spawnSync('sleep', ['0.2']);
    }
  }
  try {
    if (!stale()) return;
    const tmp = mkdtempSync(path.join(apiDir, 'dist', '.tmp-'));
    try {
      const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsup/dist/cli-default.js')], { cwd: apiDir, encoding: 'utf8', env: { ...process.env, KONTOR_API_OUT_DIR: tmp } });
      if (r.status !== 0) throw new Error(`Building the API worker bundle failed:\n${r.stdout}\n${r.stderr}`);
      mkdirSync(path.join(apiDir, 'dist/workers'), { recursive: true });
      // The worker's chunks (content-hashed names) first, the entries last: a worker started meanwhile finds either
      // the old entry with its old chunks or the new entry with its new chunks.
      const fresh = new Set(readdirSync(path.join(tmp, 'workers')));
      for (const f of fresh) if (f !== 'worker.js') renameSync(path.join(tmp, 'workers', f), path.join(apiDir, 'dist/workers', f));
      for (const o of outputs) renameSync(path.join(tmp, o), path.join(apiDir, 'dist', o));
      // Chunks of earlier builds: kept for half an hour (a test process started before may still import one).
      for (const f of readdirSync(path.join(apiDir, 'dist/workers'))) {
        const p = path.join(apiDir, 'dist/workers', f);
        if (!fresh.has(f) && /^(chunk|src)-[A-Z0-9]+\.js(\.map)?$/.test(f) && Date.now() - statSync(p).mtimeMs > 30 * 60_000) rmSync(p, { force: true });
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export default function setup(): void {
  ensureApiBuilt();
}
