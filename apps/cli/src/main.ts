#!/usr/bin/env node
/** The kontor executable. */
import { setFlagsFromString } from 'node:v8';
import { runCli } from './cli';

// libxml2-wasm (the XSD step of invoices) starts in V8's baseline wasm compiler and, by default, recompiles its hot
// functions with the optimising one on background threads once they have run ~1.8 MB of code. A process only exits
// when those background compilations are done: a one-invoice `kontor invoice validate` waited 40-90 ms after printing
// its result (and the compile threads took the second core while it worked). A 110x budget keeps short calls on the
// baseline code (one invoice: ~315 -> ~240 ms whole process) and still tiers up what a long batch runs hot (the 618
// corpus invoices in one process: unchanged). Set before anything compiles wasm (libxml2-wasm is loaded lazily).
setFlagsFromString('--wasm-tiering-budget=200000000');

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
