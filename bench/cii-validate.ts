/**
 * Native EN 16931 / XRechnung validation of CII (validateCii) against the official artefacts on Saxon-HE.
 * - real invoices: the median over the corpus's real (XSD-valid, non-mutant) invoices of each file's median time,
 *   vs the oracle's warm Saxon-HE median per file from golden.json meta.timing;
 * - 100 / 500 / 1,000 / 5,000 lines: CII_example1 with its first line repeated, each size in its own process (peak
 *   RSS per size), vs a live Saxon-HE run when ORACLE_ARTEFACTS points at the oracle (warm "Execution time"),
 *   else the figures measured for the issue (500 lines 124 ms, 1,000 lines 730 ms).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseXml, SchemaStore } from '@kontor/xml';
import { validateCii } from '@kontor/cii';
import { childFlags, distOf, mb, ratio, type BenchRow } from './harness';

const here = fileURLToPath(import.meta.url);
const einvoice = path.resolve(path.dirname(here), '../../shared/corpus/einvoice');
const EXAMPLE1 = path.join(einvoice, 'instances/en16931/examples/CII_example1.xml');
const ORACLE_SCRIPT = path.resolve(path.dirname(here), '../../shared/tools/validate-cii.py');
/** Saxon-HE warm figures measured for the issue (ms), used when no live oracle is configured. */
const ISSUE_SAXON: Record<number, number> = { 500: 124, 1000: 730 };

/** CII_example1 with its first invoice line repeated n times (line ids 1..n); the other lines removed. */
export function repeatLines(n: number): string {
  const xml = readFileSync(EXAMPLE1, 'utf8');
  const re = /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>\s*/g;
  const lines = xml.match(re);
  if (!lines) throw new Error('CII_example1 has no line');
  const first = lines[0]!;
  const start = xml.indexOf(first);
  const end = xml.lastIndexOf(lines[lines.length - 1]!) + lines[lines.length - 1]!.length;
  const body: string[] = [];
  for (let i = 1; i <= n; i++) body.push(first.replace(/<ram:LineID>[^<]*<\/ram:LineID>/, `<ram:LineID>${i}</ram:LineID>`));
  return xml.slice(0, start) + body.join('') + xml.slice(end);
}

interface GoldenMeta {
  meta: { timing: { saxonWarmExec: { en16931: { medianMs: number }; xrechnung: { medianMs: number } }; xmllintPerFile: { medianMs: number } } };
  instances: Record<string, { group: string; xsdValid: boolean }>;
}

type CaseName = 'rules' | 'full';

interface Timing {
  /** median wall ms */
  ms: number;
  /** median CPU ms (user + system) of this process: robust when the machine is shared */
  cpu: number;
}

/** Median wall and CPU time of fn over runs, after warm-up runs. */
function timeIt(fn: () => unknown, runs: number, warmup: number): Timing {
  for (let i = 0; i < warmup; i++) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    fn();
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { ms: med(wall), cpu: med(cpu) };
}

/** Worker: median ms of one validation of one file, and this process's peak RSS. */
async function worker(name: CaseName, file: string, schemaDir: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(file));
  const store = new SchemaStore({ dir: schemaDir });
  const fn = name === 'rules' ? () => validateCii(bytes, { profile: 'en16931' }) : () => validateCii(bytes, { profile: 'xrechnung', schemaStore: store });
  // Warm the JIT as a long-running server would be: repeat until about a second has been spent (at least twice).
  let warm = 0;
  const t0 = performance.now();
  while (warm < 2 || (performance.now() - t0 < 1000 && warm < 50)) {
    fn();
    warm++;
  }
  const t = timeIt(fn, 5, 0);
  process.stdout.write(`@@CASE@@${JSON.stringify({ ...t, rss: process.resourceUsage().maxRSS * 1024 })}\n`);
  store.dispose();
}

function runCase(name: CaseName, file: string, schemaDir: string): (Timing & { rss: number }) | string {
  const r = spawnSync(process.execPath, [...childFlags([name]), distOf(here), '--cii-case', name, file, schemaDir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 10 * 60_000 });
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('@@CASE@@'));
  if (!line) return (r.stderr ?? '').trim().split('\n').slice(-1)[0] ?? `exit ${r.status}`;
  return JSON.parse(line.slice(8)) as Timing & { rss: number };
}

/** Live Saxon-HE warm execution times (EN 16931 stylesheet) per file, when the oracle is configured. */
function liveSaxon(files: string[]): Map<string, number> | null {
  // The bench is an app-level tool: it may read the environment (libraries never do).
  const artefacts = process.env.ORACLE_ARTEFACTS;
  if (!artefacts || !existsSync(ORACLE_SCRIPT)) return null;
  const r = spawnSync('python3', [ORACLE_SCRIPT, '--timing', '--no-xrechnung', '--compact', ...files], {
    encoding: 'utf8',
    env: { ...process.env, ORACLE_ARTEFACTS: artefacts },
    maxBuffer: 256 * 1024 * 1024,
    timeout: 20 * 60_000,
  });
  if (r.status !== 0) return null;
  try {
    const out = JSON.parse(r.stdout) as { results: Record<string, { timing?: Record<string, number> }> };
    const m = new Map<string, number>();
    for (const [f, v] of Object.entries(out.results)) {
      const t = v.timing?.['saxonExecMs:en16931'];
      if (t !== undefined) m.set(path.resolve(f), t);
    }
    return m;
  } catch {
    return null;
  }
}

/** "wall (CPU x)": wall time is what a caller waits; CPU time shows the work when the machine is shared. */
const cell = (t: Timing) => `${fmtMs(t.ms)} (CPU ${fmtMs(t.cpu)})`;
const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(2)} ms`);

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-cii-'));
  try {
    const golden = JSON.parse(readFileSync(path.join(einvoice, 'golden.json'), 'utf8')) as GoldenMeta;
    const schemaDir = path.join(dir, 'schemas');
    const store = new SchemaStore({ dir: schemaDir });
    await store.installFrom(path.join(einvoice, 'schema/cii-d16b'));
    const rows: BenchRow[] = [];

    // ---- real invoices: per file median, then the median over files (in this process: small inputs)
    const real = Object.entries(golden.instances)
      .filter(([, g]) => g.xsdValid && ['en16931-example', 'xrechnung-testsuite', 'zugferd-corpus', 'facturx-fixture'].includes(g.group))
      .map(([f]) => path.join(einvoice, f));
    const perFile = (fn: (b: Uint8Array) => unknown): Timing => {
      const inputs = real.map((f) => new Uint8Array(readFileSync(f)));
      for (let k = 0; k < 3; k++) for (const b of inputs) fn(b); // JIT warm-up over all shapes
      const ts = inputs.map((b) => timeIt(() => fn(b), 9, 1));
      const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      return { ms: med(ts.map((t) => t.ms)), cpu: med(ts.map((t) => t.cpu)) };
    };
    const sizes = real.map((f) => readFileSync(f).length).sort((a, b) => a - b);
    const medianSize = sizes[Math.floor(sizes.length / 2)]!;
    const rulesMs = perFile((b) => validateCii(b, { profile: 'en16931' }));
    const parseMs = perFile((b) => parseXml(b));
    const fullMs = perFile((b) => validateCii(b, { profile: 'xrechnung', schemaStore: store }));
    store.dispose();
    const t = golden.meta.timing;
    rows.push({
      case: `cii: EN 16931 rules incl. parse (parse alone ${cell(parseMs)}), median of ${real.length} real invoices; ref = Saxon-HE warm EN 16931 stylesheet (golden meta.timing)`,
      ours: cell(rulesMs),
      reference: fmtMs(t.saxonWarmExec.en16931.medianMs),
      ratio: ratio(rulesMs.ms, t.saxonWarmExec.en16931.medianMs),
      inputSize: `${mb(medianSize)} (median)`,
      peakRss: '',
    });
    const refFull = t.saxonWarmExec.en16931.medianMs + t.saxonWarmExec.xrechnung.medianMs;
    rows.push({
      case: 'cii: full XRechnung validation (XSD + EN 16931 + XRechnung + KoSIT verdict), median of real invoices; ref = Saxon-HE warm EN 16931 + XRechnung (XSD excluded)',
      ours: cell(fullMs),
      reference: fmtMs(refFull),
      ratio: ratio(fullMs.ms, refFull),
      inputSize: `${mb(medianSize)} (median)`,
      peakRss: '',
    });

    // ---- scaling: n lines, each size in its own process
    const counts = [100, 500, 1000, 5000];
    const files = counts.map((n) => {
      const f = path.join(dir, `lines-${n}.xml`);
      writeFileSync(f, repeatLines(n));
      return f;
    });
    const saxon = liveSaxon(files);
    counts.forEach((n, i) => {
      const f = files[i]!;
      const ours = runCase('rules', f, schemaDir);
      const refMs = saxon?.get(path.resolve(f)) ?? ISSUE_SAXON[n] ?? null;
      const refLabel = refMs === null ? 'n/a (set ORACLE_ARTEFACTS for a live Saxon run)' : `${fmtMs(refMs)}${saxon ? ' (live Saxon-HE)' : ' (issue figure)'}`;
      rows.push({
        case: `cii: EN 16931 rules incl. parse, CII_example1 line x ${n}; ref = Saxon-HE warm EN 16931 stylesheet`,
        ours: typeof ours === 'string' ? `failed: ${ours}` : cell(ours),
        reference: refLabel,
        ratio: typeof ours === 'string' ? 'n/a' : ratio(ours.ms, refMs),
        inputSize: mb(readFileSync(f).length),
        peakRss: typeof ours === 'string' ? '' : mb(ours.rss),
      });
    });
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--cii-case') {
  await worker(process.argv[3] as CaseName, process.argv[4]!, process.argv[5]!);
}
