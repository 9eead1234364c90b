/** Shared benchmark helpers: timing, peak RSS, the row shape every bench module returns. */
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface BenchRow {
  case: string;
  ours: string;
  reference: string;
  ratio: string;
  inputSize: string;
  peakRss: string;
}

/** Median wall time in ms of fn over runs (after warm-up runs). */
export async function medianMs(fn: () => unknown | Promise<unknown>, runs = 5, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)]!;
}

/**
 * Our side's JIT warm-up, as long as the JVM's (Saxon.warm): `round` (one pass over the inputs) again and again for
 * `seconds`. A few rounds leave many of the small rule functions in V8's baseline tiers, so a pair against a JVM
 * warmed for seconds would compare warm Java with half-warm JavaScript.
 */
export function warmFor(seconds: number, round: () => void): number {
  const end = performance.now() + seconds * 1000;
  let rounds = 0;
  do {
    round();
    rounds++;
  } while (performance.now() < end);
  return rounds;
}

/** Peak resident set size of this process so far. */
export function peakRss(): string {
  return `${Math.round(process.resourceUsage().maxRSS / 1024)} MB`;
}

export function mb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

export function ratio(ours: number, ref: number | null): string {
  if (ref === null || !Number.isFinite(ref) || ours <= 0) return 'n/a';
  return ref >= ours ? `${(ref / ours).toFixed(1)}x faster` : `${(ours / ref).toFixed(1)}x slower`;
}

/** Median ms of an external command (incl. process start), or null when it is not installed. */
export function commandMs(cmd: string, args: string[], runs = 3): number | null {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    const r = spawnSync(cmd, args, { stdio: 'ignore' });
    if (r.error) return null;
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)]!;
}

/**
 * xmllint --noout --schema: median ms of 3 runs incl. process start and XSD compilation, and its peak RSS (bytes,
 * via /usr/bin/time when present). Null when xmllint is missing or the file does not validate.
 */
export function xmllintSchema(xsd: string, file: string): { ms: number; rss: number | null } | null {
  const times: number[] = [];
  let rss: number | null = null;
  const useTime = existsSync('/usr/bin/time');
  for (let i = 0; i < 3; i++) {
    const s = performance.now();
    const r = useTime
      ? spawnSync('/usr/bin/time', ['-f', '@@RSS@@%M', 'xmllint', '--noout', '--nonet', '--schema', xsd, file], { encoding: 'utf8' })
      : spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsd, file], { encoding: 'utf8' });
    if (r.error || !/validates/.test(r.stderr ?? '')) return null;
    times.push(performance.now() - s);
    const m = /@@RSS@@(\d+)/.exec(r.stderr ?? '');
    if (m) rss = Number(m[1]) * 1024;
  }
  times.sort((a, b) => a - b);
  return { ms: times[1]!, rss };
}

/**
 * The built file of a bench module: bench/<name>.ts → bench/dist/<name>.js (see tsup.config.ts; bundled code sees
 * its source path as import.meta.url). A path that is already built JS is returned unchanged.
 */
export function distOf(script: string): string {
  return script.replace(/([\\/])bench[\\/]([^\\/]+)\.ts$/, '$1bench$1dist$1$2.js');
}

/**
 * Node flags for measured child processes: `pnpm bench --profile <case>` sets KONTOR_BENCH_PROFILE to a directory
 * and a case filter; every child whose arguments contain the filter writes a V8 .cpuprofile there.
 */
export function childFlags(args: string[]): string[] {
  const dir = process.env.KONTOR_BENCH_PROFILE_DIR;
  const filter = process.env.KONTOR_BENCH_PROFILE;
  if (!dir || !filter || !args.some((a) => a.includes(filter))) return [];
  return [
    '--cpu-prof',
    '--cpu-prof-dir',
    dir,
    // One argument with '=': a name starting with '--' (e.g. from --pain-case) would otherwise be taken for a flag.
    `--cpu-prof-name=${args
      .filter((a) => !a.includes('/'))
      .join('-')
      .replace(/^-+/, '')
      .replace(/[^\w.-]+/g, '_')}.${process.pid}.${Date.now()}.cpuprofile`,
  ];
}

/**
 * Runs one measured case in a fresh process (`node bench/dist/<module>.js ...args`, built JS) so its peak RSS is
 * its own; the child prints `@@CASE@@{"ms":..,"rss":..}`. Returns the measurement, or the child's last error line.
 */
export function runChildCase(script: string, args: string[]): { ms: number; rss: number } | string {
  const r = spawnSync(process.execPath, [...childFlags(args), distOf(script), ...args], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 10 * 60_000 });
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('@@CASE@@'));
  if (!line) return (r.stderr ?? '').trim().split('\n').slice(-1)[0] ?? `exit ${r.status}`;
  return JSON.parse(line.slice(8)) as { ms: number; rss: number };
}

export interface Stats {
  median: number;
  min: number;
  max: number;
  /** Interquartile range (p75 - p25) in ms. */
  iqr: number;
  n: number;
  /** Arithmetic mean in ms: with a bimodal sample (a scavenge in some calls, none in others) the median lands on either mode; the mean carries the GC share. */
  mean: number;
}

export function stats(samples: number[]): Stats {
  const t = [...samples].sort((a, b) => a - b);
  const q = (p: number) => t[Math.min(t.length - 1, Math.floor(p * (t.length - 1) + 0.5))]!;
  return { median: q(0.5), min: t[0]!, max: t[t.length - 1]!, iqr: q(0.75) - q(0.25), n: t.length, mean: t.reduce((x, y) => x + y, 0) / t.length };
}

/** "12.3 ms ±0.4" — median and interquartile range. */
export function fmtStats(s: Stats): string {
  const f = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`);
  return `${f(s.median)} ±${f(s.iqr / 2)}`;
}

/**
 * Interleaved pair: warm-up of both first, then A,B,A,B,… so drift (thermal, other load on the shared cores) hits
 * both sides alike. Each side is a function returning the time of ONE run in ms (in process, or a child process's
 * own timing line). Returns medians and spread of both.
 */
export async function interleaved(a: () => number | Promise<number>, b: () => number | Promise<number>, runs = 7, warmup = 2): Promise<{ a: Stats; b: Stats }> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    ta.push(await a());
    tb.push(await b());
  }
  return { a: stats(ta), b: stats(tb) };
}

/** Wall time in ms of one child process (incl. start), and its peak RSS via /usr/bin/time when present. */
export function processMs(
  cmd: string,
  args: string[],
  opts: { input?: string | Uint8Array; ok?: (stdout: string, stderr: string, status: number | null) => boolean } = {},
): { ms: number; rss: number | null } | null {
  const useTime = existsSync('/usr/bin/time');
  const s = performance.now();
  const r = useTime
    ? spawnSync('/usr/bin/time', ['-f', '@@RSS@@%M', cmd, ...args], { encoding: 'utf8', input: opts.input, maxBuffer: 256 * 1024 * 1024 })
    : spawnSync(cmd, args, { encoding: 'utf8', input: opts.input, maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - s;
  if (r.error) return null;
  if (opts.ok && !opts.ok(r.stdout ?? '', r.stderr ?? '', r.status)) return null;
  const m = /@@RSS@@(\d+)/.exec(r.stderr ?? '');
  return { ms, rss: m ? Number(m[1]) * 1024 : null };
}

/**
 * xmllint's own `--timing` figures for one run (the in-process equivalent: no process start, schema compiled
 * separately): compile, parse and validate ms; null when xmllint is missing or prints no timing.
 */
export function xmllintTiming(xsd: string, file: string): { compile: number; parse: number; validate: number } | null {
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--timing', '--schema', xsd, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) return null;
  const get = (what: string) => Number(new RegExp(`${what} took (\\d+) ms`).exec(r.stderr ?? '')?.[1] ?? NaN);
  const t = { compile: get('Compiling the schemas'), parse: get('Parsing'), validate: get('Validating') };
  return Number.isNaN(t.parse) || Number.isNaN(t.validate) ? null : t;
}
