/** Runs the built CLI's `serve` as a child process for tests and benchmarks, and reads its log lines. */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

export interface ServeProcess {
  proc: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** Resolves with the port once the "listening" line appeared (rejects when the process ends first). */
  ready: Promise<number>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnServe(main: string, env: Record<string, string>, args: string[] = []): ServeProcess {
  const proc = spawn(process.execPath, [main, 'serve', ...args], {
    cwd: os.tmpdir(),
    // A clean environment: only what the test sets (no KONTOR_* of the test runner leaks in).
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), NODE_ENV: 'production', KONTOR_LOG: 'off', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const lines = (into: string[], cb?: (l: string) => void) => {
    let rest = '';
    return (d: Buffer) => {
      rest += d.toString('utf8');
      const parts = rest.split('\n');
      rest = parts.pop()!;
      for (const l of parts) {
        into.push(l);
        cb?.(l);
      }
    };
  };
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise<number>((resolve, reject) => {
    proc.stdout!.on(
      'data',
      lines(stdout, (l) => {
        const m = /"msg":"listening","url":"http:\/\/[^:]+:(\d+)\//.exec(l);
        if (m) resolve(Number(m[1]));
      }),
    );
    proc.stderr!.on('data', lines(stderr));
    void exit.then((e) => reject(new Error(`serve ended before listening (exit ${e.code}, ${e.signal}): ${stderr.join('\n')}`)));
  });
  ready.catch(() => undefined);
  return { proc, stdout, stderr, ready, exit };
}
