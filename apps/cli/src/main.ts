#!/usr/bin/env node
/** The kontor executable. */
import { runCli } from './cli';

const code = await runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  ...(process.stderr.columns ? { stderrColumns: process.stderr.columns } : {}),
});
process.exitCode = code;
