/**
 * Runs python-stdnum's `stdnum.eu.vat.validate` over a list of ids in ONE python3 process (the
 * reference implementation named in protocols.md §1.4). Returns null when python3-stdnum is not
 * installed (`apt-get install -y python3-stdnum`).
 */
import { spawnSync } from 'node:child_process';

export interface StdnumVerdict {
  valid: boolean;
  /** stdnum's compact form when valid, else the exception class name. */
  detail: string;
}

export interface StdnumRun {
  verdicts: StdnumVerdict[];
  /** Time of the validation loop alone, measured inside python. */
  loopSeconds: number;
  version: string;
  interpreter: string;
}

const SCRIPT = `
import sys, json, time
import stdnum
from stdnum.eu import vat
ids = json.load(sys.stdin)
out = []
start = time.perf_counter()
for i in ids:
    try:
        out.append([True, vat.validate(i)])
    except Exception as e:
        out.append([False, type(e).__name__])
elapsed = time.perf_counter() - start
json.dump({"verdicts": out, "seconds": elapsed, "version": stdnum.__version__}, sys.stdout)
`;

/** Debian installs python3-stdnum for the system interpreter, which may not be first on PATH. */
const INTERPRETERS = ['/usr/bin/python3', 'python3'];

export function findStdnumInterpreter(): string | null {
  for (const interpreter of INTERPRETERS) {
    const probe = spawnSync(interpreter, ['-c', 'import stdnum.eu.vat'], { encoding: 'utf8', timeout: 10_000 });
    if (probe.status === 0) return interpreter;
  }
  return null;
}

export function runStdnum(ids: readonly string[]): StdnumRun | null {
  const interpreter = findStdnumInterpreter();
  if (!interpreter) return null;
  const run = spawnSync(interpreter, ['-c', SCRIPT], {
    input: JSON.stringify(ids),
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`python-stdnum run failed: ${run.stderr}`);
  const parsed = JSON.parse(run.stdout) as { verdicts: [boolean, string][]; seconds: number; version: string };
  return {
    verdicts: parsed.verdicts.map(([valid, detail]) => ({ valid, detail })),
    loopSeconds: parsed.seconds,
    version: parsed.version,
    interpreter,
  };
}
