/**
 * The batch driver every file-taking command uses: files, directories and globs in; a worker pool (--jobs, default
 * the number of cores); a progress bar on stderr when it is a TTY (not with --quiet); results in input order as
 * human text, one JSON document (--json) or one JSON line per file as it completes (--jsonl); a summary table.
 * Exit codes, the same everywhere: 0 every file valid (warnings allowed), 1 findings, 2 usage or I/O error.
 */
import os from 'node:os';
import { CliError, type Io } from '../command';
import { colorEnabled, langFromEnv, paint, renderFindings, t, verdictLabel, type Format, type Lang } from '../output';
import { expandInputs, isGlob, type InputProblem } from './inputs';
import { runPool } from './pool';
import type { FileOutcome } from './task';

/** The options every batch command accepts; spread into the command's parse() options. */
export const batchOptions = {
  json: { type: 'boolean' },
  jsonl: { type: 'boolean' },
  jobs: { type: 'string', short: 'j' },
  quiet: { type: 'boolean', short: 'q' },
  lang: { type: 'string' },
} as const;

export const batchUsage = '[--json | --jsonl] [--jobs N] [--quiet] [--lang de|en]';

export interface BatchValues {
  json?: boolean | undefined;
  jsonl?: boolean | undefined;
  jobs?: string | undefined;
  quiet?: boolean | undefined;
  lang?: string | undefined;
}

export interface BatchSpec {
  /** Id in batch/tasks.ts. */
  task: string;
  /** Plain JSON-able options handed to every worker. */
  options: unknown;
  inputs: readonly string[];
  /** Extensions taken from directories (globs and explicit files are taken as given). */
  extensions: readonly string[];
  values: BatchValues;
}

export function formatOf(io: Io, lang: string | undefined): Format {
  if (lang !== undefined && lang !== 'de' && lang !== 'en') throw new CliError(`--lang must be de or en`);
  return { lang: (lang as Lang | undefined) ?? langFromEnv(io.env), color: colorEnabled(io.env, io.stdoutIsTTY) };
}

function jobsOf(v: string | undefined): number {
  if (v === undefined) return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new CliError('--jobs must be a whole number from 1 to 256');
  return n;
}

function problemOutcome(p: InputProblem): FileOutcome {
  return { file: p.input, verdict: 'error', json: { file: p.input, error: p.message, code: p.code }, error: { code: p.code, message: p.message } };
}

function humanOutcome(fmt: Format, o: FileOutcome): { out: string; err: string } {
  if (o.verdict === 'error' || (o.error && !o.findings?.length && !o.headline))
    return { out: '', err: `${o.file}: ${paint(fmt, 'red', `Error [${o.error?.code ?? 'ERROR'}]`)}: ${o.error?.message ?? ''}\n` };
  let out = `${paint(fmt, 'bold', o.file)}: ${verdictLabel(fmt, o.verdict)}${o.headline ? `  [${o.headline}]` : ''}\n`;
  out += renderFindings(fmt, o.findings ?? []);
  for (const l of o.lines ?? []) out += `  ${l}\n`;
  return { out, err: o.error ? `${o.file}: Error [${o.error.code}]: ${o.error.message}\n` : '' };
}

function summaryTable(fmt: Format, outcomes: FileOutcome[]): string {
  const count = (v: FileOutcome['verdict']) => outcomes.filter((o) => o.verdict === v).length;
  const errs = outcomes.reduce((n, o) => n + (o.findings?.filter((f) => f.severity === 'error').length ?? 0), 0);
  const warns = outcomes.reduce((n, o) => n + (o.findings?.filter((f) => f.severity === 'warning').length ?? 0), 0);
  const rows: [string, number, 'green' | 'yellow' | 'red' | 'bold'][] = [
    [t(fmt, 'valid'), count('valid'), 'green'],
    [t(fmt, 'valid_with_warnings'), count('valid_with_warnings'), 'yellow'],
    [t(fmt, 'invalid'), count('invalid'), 'red'],
    [t(fmt, 'error'), count('error'), 'red'],
    [t(fmt, 'total'), outcomes.length, 'bold'],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  let s = `\n${t(fmt, 'files')}:\n`;
  for (const [label, n, style] of rows) s += `  ${label.padEnd(w)}  ${paint(fmt, n && style !== 'bold' ? style : 'bold', String(n).padStart(6))}\n`;
  s += `  ${t(fmt, 'findings')}: ${errs} ${t(fmt, 'errors')}, ${warns} ${t(fmt, 'warnings')}\n`;
  return s;
}

export function exitCodeOf(outcomes: readonly FileOutcome[]): number {
  if (outcomes.some((o) => o.verdict === 'error')) return 2;
  if (outcomes.some((o) => o.verdict === 'invalid')) return 1;
  return 0;
}

class Progress {
  private last = 0;
  private shown = false;
  constructor(
    private readonly io: Io,
    private readonly total: number,
    private readonly on: boolean,
  ) {}
  tick(done: number, name: string): void {
    if (!this.on) return;
    const now = Date.now();
    if (done < this.total && now - this.last < 80) return;
    this.last = now;
    const width = 28;
    const filled = Math.round((done / this.total) * width);
    const cols = this.io.stderrColumns ?? 80;
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total} ${name}`;
    this.io.stderr(`\r\x1b[K${line.slice(0, cols - 1)}`);
    this.shown = true;
  }
  clear(): void {
    if (this.shown) this.io.stderr('\r\x1b[K');
    this.shown = false;
  }
}

export async function runBatch(io: Io, spec: BatchSpec): Promise<number> {
  const { values } = spec;
  if (spec.inputs.length === 0) throw new CliError('Missing file(s), directory or glob');
  if (values.json && values.jsonl) throw new CliError('Choose one of --json and --jsonl');
  const jobs = jobsOf(values.jobs);
  const fmt = formatOf(io, values.lang);
  const { files, problems } = await expandInputs(spec.inputs, io.cwd, spec.extensions);
  // One explicitly named file keeps the one-document JSON of earlier versions; anything else prints {results, summary}.
  const single = spec.inputs.length === 1 && !isGlob(spec.inputs[0]!) && files.length === 1 && problems.length === 0;
  const outcomes: FileOutcome[] = problems.map(problemOutcome);
  if (!values.json) {
    for (const o of outcomes) {
      if (values.jsonl) io.stdout(`${JSON.stringify(o.json)}\n`);
      else io.stderr(humanOutcome(fmt, o).err);
    }
  }
  const progress = new Progress(io, files.length, io.stderrIsTTY === true && !values.quiet && files.length > 1);
  const ordered: (FileOutcome | undefined)[] = new Array(files.length);
  let flushed = 0;
  let done = 0;
  await runPool(files, { task: spec.task, options: spec.options, fmt, jobs }, (i, o) => {
    ordered[i] = o;
    done++;
    while (flushed < files.length && ordered[flushed]) {
      const r = ordered[flushed++]!;
      outcomes.push(r);
      if (values.json) continue;
      progress.clear();
      if (values.jsonl) io.stdout(`${JSON.stringify(r.json)}\n`);
      else {
        const h = humanOutcome(fmt, r);
        if (h.out) io.stdout(h.out);
        if (h.err) io.stderr(h.err);
      }
    }
    progress.tick(done, files[i]!.name);
  });
  progress.clear();
  const code = exitCodeOf(outcomes);
  const summary = {
    files: outcomes.length,
    valid: outcomes.filter((o) => o.verdict === 'valid').length,
    validWithWarnings: outcomes.filter((o) => o.verdict === 'valid_with_warnings').length,
    invalid: outcomes.filter((o) => o.verdict === 'invalid').length,
    errors: outcomes.filter((o) => o.verdict === 'error').length,
    exitCode: code,
  };
  if (values.json) io.stdout(`${JSON.stringify(single ? outcomes[0]!.json : { results: outcomes.map((o) => o.json), summary }, null, 2)}\n`);
  else if (!values.jsonl && outcomes.length > 1 && !values.quiet) io.stdout(summaryTable(fmt, outcomes));
  return code;
}
