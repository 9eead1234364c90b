/**
 * Runs a batch task over files with `jobs` threads — this one plus `jobs - 1` worker threads running the built
 * CLI's batch-worker.js — results reported as they arrive. One file, --jobs 1, or no built worker next to this
 * module (tests under vitest run the TypeScript sources) run in this thread alone. A worker that dies costs its
 * file an error outcome and is replaced.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Format } from '../output';
import type { InputFile } from './inputs';
import { errorOutcome, type FileOutcome } from './task';
import { loadTask } from './tasks';

export interface PoolRun {
  task: string;
  options: unknown;
  fmt: Format;
  jobs: number;
}

/** The worker entry built beside the CLI's chunks (tsup entry "batch-worker"). */
export function workerFile(): string | undefined {
  const f = fileURLToPath(new URL('./batch-worker.js', import.meta.url));
  return existsSync(f) ? f : undefined;
}

async function runInProcess(files: readonly InputFile[], run: PoolRun, onOutcome: (i: number, o: FileOutcome) => void): Promise<void> {
  const task = await loadTask(run.task);
  const ctx = await task.open(run.options);
  try {
    for (let i = 0; i < files.length; i++) {
      const f = files[i]!;
      let o: FileOutcome;
      try {
        o = await task.check(ctx, f, run.options, run.fmt);
      } catch (e) {
        o = errorOutcome(f, e);
      }
      onOutcome(i, o);
    }
  } finally {
    await task.close?.(ctx);
  }
}

export async function runPool(files: readonly InputFile[], run: PoolRun, onOutcome: (i: number, o: FileOutcome) => void): Promise<{ workers: number }> {
  const entry = workerFile();
  const size = Math.max(1, Math.min(run.jobs, files.length));
  if (!entry || size === 1) {
    await runInProcess(files, run, onOutcome);
    return { workers: 0 };
  }
  // Loaded here, not with the CLI: node:worker_threads takes milliseconds to load, which every one-file command
  // would pay for nothing.
  const { Worker } = await import('node:worker_threads');
  // This thread is one member of the pool: it has the command loaded already and starts at once, while
  // `size - 1` worker threads start up (each loads the libraries and compiles its schemas) and then take files too.
  let next = 0;
  let done = 0;
  let started = 0;
  let finish!: () => void;
  const allDone = new Promise<void>((resolve) => (finish = resolve));
  const completed = (i: number, o: FileOutcome) => {
    onOutcome(i, o);
    done++;
    if (done === files.length) finish();
  };
  const spawn = () => {
    started++;
    const w = new Worker(entry, { workerData: { task: run.task, options: run.options, fmt: run.fmt } });
    let current = -1;
    const feed = () => {
      if (next >= files.length) {
        current = -1;
        void w.terminate();
        return;
      }
      current = next++;
      w.postMessage({ index: current, file: files[current] });
    };
    w.on('message', (m: { index: number; outcome: FileOutcome }) => {
      current = -1;
      completed(m.index, m.outcome);
      feed();
    });
    const died = (e: unknown) => {
      if (current < 0) return;
      const i = current;
      current = -1;
      completed(i, errorOutcome(files[i]!, { code: 'WORKER_FAILED', message: `the worker handling this file stopped: ${(e as Error)?.message ?? e}` }));
      if (next < files.length) spawn();
    };
    w.on('error', died);
    w.on('exit', (code) => died(new Error(`exit code ${code}`)));
    feed();
  };
  for (let i = 1; i < size; i++) spawn();
  const task = await loadTask(run.task);
  const ctx = await task.open(run.options);
  try {
    while (next < files.length) {
      const i = next++;
      let o: FileOutcome;
      try {
        o = await task.check(ctx, files[i]!, run.options, run.fmt);
      } catch (e) {
        o = errorOutcome(files[i]!, e);
      }
      completed(i, o);
      // let the workers' results in between files
      await new Promise<void>((r) => setImmediate(r));
    }
    await allDone;
  } finally {
    await task.close?.(ctx);
  }
  return { workers: started };
}
