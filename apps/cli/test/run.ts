/** Runs the CLI in-process with a capturing io: exit code, stdout and stderr as strings. */
import { runCli } from '../src/cli';
import type { Io } from '../src/command';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export async function runCapture(argv: string[], opts: { cwd: string; env?: Record<string, string | undefined> }): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { stdout: (s) => out.push(s), stderr: (s) => err.push(s), env: opts.env ?? {}, cwd: opts.cwd };
  const code = await runCli(argv, io);
  return { code, out: out.join(''), err: err.join('') };
}
