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
 * Runs one measured case in a fresh process (`node --import tsx <script> ...args`) so its peak RSS is its own;
 * the child prints `@@CASE@@{"ms":..,"rss":..}`. Returns the measurement, or the child's last error line.
 */
export function runChildCase(script: string, args: string[]): { ms: number; rss: number } | string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 10 * 60_000 });
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('@@CASE@@'));
  if (!line) return (r.stderr ?? '').trim().split('\n').slice(-1)[0] ?? `exit ${r.status}`;
  return JSON.parse(line.slice(8)) as { ms: number; rss: number };
}
