/**
 * The built CLI as a user runs it (child processes of plain JS, apps/cli/dist, built by the launcher when stale):
 * the process floor of one-call commands that do not touch PDFs (`--version`, `vat syntax`, `pay validate`,
 * `camt parse|validate`, `invoice validate`, `pay sepa`) against `node -e 0` — interleaved rounds after a warm-up
 * round, medians of wall time, CPU time and peak RSS — and `pay validate` against `xmllint --schema` as whole
 * processes (corpus sample, 1,000 and 20,000 transfers), each split into Node's start (`node -e 0`), loading the
 * command (`pay validate --help`) and the rest, measured in the same rounds; then batch validation over the corpora (`invoice validate
 * --jsonl` over every e-invoice instance, `pay validate --jsonl` over the pain.001 samples): wall time and peak RSS
 * (the pool's worker threads live in the same process), with xmllint over the same files (XSD only, one process).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow } from './harness';
import { fmtStats, mb, ratio, stats } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(root, '../shared/corpus');
const launcher = path.join(root, 'apps/cli/launch.mjs');
const main = path.join(root, 'apps/cli/dist/main.js');

function medianSpawn(args: string[], runs = 15): number {
  const t: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const s = performance.now();
    const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
    if (r.status !== 0 && !(args.includes('vat') && r.status === 1)) throw new Error(`${args.join(' ')} exited ${r.status}`);
    if (i >= 2) t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)]!;
}

/** Wall ms and peak RSS (bytes, /usr/bin/time) of one run; the output lines counted. */
function timed(cmd: string, args: string[], env: Record<string, string> = {}): { ms: number; rss: number | null; lines: number; code: number | null } {
  const useTime = existsSync('/usr/bin/time');
  const s = performance.now();
  const r = useTime
    ? spawnSync('/usr/bin/time', ['-f', '@@RSS@@%M', cmd, ...args], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, env: { ...process.env, ...env } })
    : spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, env: { ...process.env, ...env } });
  const ms = performance.now() - s;
  const m = /@@RSS@@(\d+)/.exec(r.stderr ?? '');
  return { ms, rss: m ? Number(m[1]) * 1024 : null, lines: (r.stdout ?? '').split('\n').filter(Boolean).length, code: r.status };
}

/** One whole process under /usr/bin/time: wall ms, CPU ms (user + sys) and peak RSS in bytes (null without /usr/bin/time). */
function proc(cmd: string, args: string[], env: Record<string, string>): { ms: number; cpu: number | null; rss: number | null; code: number | null } {
  const useTime = existsSync('/usr/bin/time');
  const s = performance.now();
  const r = useTime
    ? spawnSync('/usr/bin/time', ['-f', '@@RES@@%M %U %S', cmd, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } })
    : spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env } });
  const ms = performance.now() - s;
  const m = /@@RES@@(\d+) ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
  return { ms, cpu: m ? (Number(m[2]) + Number(m[3])) * 1000 : null, rss: m ? Number(m[1]) * 1024 : null, code: r.status };
}

interface FloorCase {
  label: string;
  cmd: string;
  args: string[];
  /** Exit codes that count as a normal run (a refused file is still a full run). */
  codes: number[];
  /** Environment of this case over the rounds' one. */
  env?: Record<string, string>;
}

interface FloorResult {
  wall: ReturnType<typeof stats>;
  cpu: number | null;
  rss: number | null;
  failed?: string;
}

/**
 * Interleaved rounds over all cases (one warm-up round first, then `runs` rounds of A, B, C, … in separate
 * processes), so load on the shared machine hits every case alike. Medians of wall, CPU and peak RSS per case.
 */
function floorRounds(cases: FloorCase[], env: Record<string, string>, runs: number): FloorResult[] {
  const wall: number[][] = cases.map(() => []);
  const cpu: number[][] = cases.map(() => []);
  const rss: number[][] = cases.map(() => []);
  const failed: (string | undefined)[] = cases.map(() => undefined);
  for (let round = 0; round <= runs; round++) {
    cases.forEach((c, i) => {
      if (failed[i]) return;
      const r = proc(c.cmd, c.args, { ...env, ...c.env });
      if (r.code === null || !c.codes.includes(r.code)) failed[i] = `exit ${r.code}`;
      else if (round > 0) {
        wall[i]!.push(r.ms);
        if (r.cpu !== null) cpu[i]!.push(r.cpu);
        if (r.rss !== null) rss[i]!.push(r.rss);
      }
    });
  }
  const med = (xs: number[]) => (xs.length ? stats(xs).median : null);
  return cases.map((_, i) => ({ wall: stats(wall[i]!.length ? wall[i]! : [NaN]), cpu: med(cpu[i]!), rss: med(rss[i]!), ...(failed[i] ? { failed: failed[i] } : {}) }));
}

const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/** A payment run of n SEPA transfers, executed on a date in the future of any clock this runs at. */
function payRun(n: number) {
  const ibans = ['DE28100100100001234567', 'DE02500105170005400246', 'AT611904300234573201', 'FR7630006000011234567890189', 'NL91ABNA0417164300'];
  const bics = ['PBNKDEFFXXX', 'INGDDEFFXXX', 'BKAUATWWXXX', 'AGRIFRPPXXX', 'ABNANL2AXXX'];
  return {
    debtor: { name: 'Kontor Bench GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', address: { townName: 'Köln', countryCode: 'DE' } },
    requestedExecutionDate: '2099-03-16',
    payments: Array.from({ length: n }, (_, i) => ({
      creditorName: `Lieferant Müller ${i}`,
      creditorIban: ibans[i % ibans.length]!,
      creditorBic: bics[i % bics.length]!,
      amount: (((i * 7919) % 100_000) / 100 + 1).toFixed(2),
      remittanceInfo: `Rechnung ${100_000 + i} vom 01.03.2026`,
      endToEndId: `E2E-${i}`,
    })),
  };
}

/**
 * The process floor (issue 18): one-call commands that touch no PDF, each a whole process of the built CLI, against
 * `node -e 0`; and `pay validate` against `xmllint --schema` (whole process each, schema compiled in both).
 */
function floorRows(store: string, dir: string): BenchRow[] {
  const rows: BenchRow[] = [];
  const env = { KONTOR_SCHEMA_DIR: store };
  const runs = Number(process.env.KONTOR_BENCH_CLI_RUNS ?? 5);
  const node = process.execPath;
  const pain = path.join(corpus, 'payments/samples/pain.001.001.09/sepa_rator__pain.001.001.09.xml');
  const camt = path.join(corpus, 'payments/samples/camt.053.001.08/camt__camt053.v8.xml');
  const cii = path.join(corpus, 'einvoice/instances/xrechnung/testsuite/business-cases/standard/01.01a-INVOICE_uncefact.xml');
  const runFile = path.join(dir, 'run.json');
  writeFileSync(runFile, JSON.stringify(payRun(4)));
  const out = path.join(dir, 'out.xml');
  const cases: FloorCase[] = [
    { label: 'node -e 0', cmd: node, args: ['-e', '0'], codes: [0] },
    { label: 'kontor --version', cmd: node, args: [main, '--version'], codes: [0] },
    { label: 'kontor vat syntax DE136695976', cmd: node, args: [main, 'vat', 'syntax', 'DE136695976'], codes: [0] },
    { label: `kontor pay validate <pain.001.001.09 sample, ${mb(statSync(pain).size)}>`, cmd: node, args: [main, 'pay', 'validate', pain], codes: [0] },
    { label: `kontor camt parse <camt.053.001.08 sample, ${mb(statSync(camt).size)}>`, cmd: node, args: [main, 'camt', 'parse', camt], codes: [0] },
    { label: 'kontor camt validate <same file> (rules + XSD)', cmd: node, args: [main, 'camt', 'validate', camt], codes: [0, 1] },
    { label: `kontor invoice validate <XRechnung CII 01.01a, ${mb(statSync(cii).size)}> (XSD + EN 16931 + XRechnung)`, cmd: node, args: [main, 'invoice', 'validate', cii], codes: [0] },
    { label: 'kontor pay sepa <run.json, 4 transfers> -o out.xml (generation + gate)', cmd: node, args: [main, 'pay', 'sepa', runFile, '-o', out], codes: [0] },
  ];
  const res = floorRounds(cases, env, runs);
  const base = res[0]!;
  res.forEach((r, i) => {
    const c = cases[i]!;
    if (r.failed) {
      rows.push({ case: `cli floor: ${c.label}`, ours: `failed: ${r.failed}`, reference: '', ratio: '', inputSize: '', peakRss: '' });
      return;
    }
    const cpu = r.cpu === null ? '' : `, CPU ${fmtMs(r.cpu)}`;
    rows.push({
      case: `cli floor: ${c.label} (whole process, ${runs} interleaved rounds)`,
      ours: `${fmtStats(r.wall)}${cpu}`,
      reference: i === 0 ? '' : `node -e 0: ${fmtMs(base.wall.median)}${base.cpu === null ? '' : `, CPU ${fmtMs(base.cpu)}`}, RSS ${base.rss === null ? 'n/a' : mb(base.rss)}`,
      ratio: i === 0 || r.rss === null || base.rss === null ? '' : `+${mb(r.rss - base.rss)} RSS, +${fmtMs(r.wall.median - base.wall.median)}`,
      inputSize: '',
      peakRss: r.rss === null ? 'n/a' : mb(r.rss),
    });
  });

  // pay validate vs xmllint --schema, whole processes, interleaved: the sample and our own 1,000 / 20,000 transfers.
  const xsdDir = path.join(store, 'dk_pain.001.001.09_GBIC_5');
  const xsd = existsSync(xsdDir) ? readdirSync(xsdDir).find((f) => f.endsWith('.xsd')) : undefined;
  if (!xsd || spawnSync('xmllint', ['--version']).error) {
    rows.push({ case: 'cli: pay validate vs xmllint --schema', ours: 'skipped: xmllint or the GBIC_5 schema missing', reference: '', ratio: '', inputSize: '', peakRss: '' });
    return rows;
  }
  const files: [string, string][] = [['sample', pain]];
  for (const n of [1000, 20000]) {
    const f = path.join(dir, `sct-${n}.xml`);
    const runN = path.join(dir, `run-${n}.json`);
    writeFileSync(runN, JSON.stringify(payRun(n)));
    const g = proc(node, [main, 'pay', 'sepa', runN, '-o', f], env);
    if (g.code !== 0) throw new Error(`kontor pay sepa (${n} transfers) exited ${g.code}`);
    files.push([`${n.toLocaleString('en')} tx`, f]);
  }
  // The same command as before issue 18's lazy loading, in the same rounds: libxml2-wasm loaded at start (--import,
  // as importing @kontor/xml did) and the native schema compiled in every process (a store copy whose compiled-schema
  // files cannot be written: a directory sits at each file's name).
  const before = beforeStore(store, node, [main, 'pay', 'validate', pain], env);
  // The least any Node validator built on our reader can take: a process that only reads the file through
  // @kontor/xml's streaming tokenizer (built package, no schema, no rules, events counted and dropped).
  const xmlDist = path.join(root, 'packages/xml/dist/index.js');
  const bareRead = existsSync(xmlDist)
    ? `import { readFileSync } from 'node:fs'; import { streamXmlEvents } from ${JSON.stringify(pathToFileURL(xmlDist).href)}; let n = 0; await streamXmlEvents(readFileSync(process.argv[1]), { open() { n++; }, close() {}, text() {} }); if (n === 0) process.exit(3);`
    : undefined;
  for (const [label, f] of files) {
    // node -e 0 and `pay validate --help` (Node's start + loading the command's modules, no file) in the same rounds
    // split the whole process into start, load and validation.
    const [ours, lint, node0, help, ...rest] = floorRounds(
      [
        { label: 'pay validate', cmd: node, args: [main, 'pay', 'validate', f], codes: [0] },
        { label: 'xmllint', cmd: 'xmllint', args: ['--noout', '--nonet', '--schema', path.join(xsdDir, xsd), f], codes: [0] },
        { label: 'node -e 0', cmd: node, args: ['-e', '0'], codes: [0] },
        { label: 'pay validate --help', cmd: node, args: [main, 'pay', 'validate', '--help'], codes: [0] },
        ...(bareRead ? [{ label: 'bare read', cmd: node, args: ['--input-type=module', '-e', bareRead, f], codes: [0] }] : []),
        ...(before ? [{ label: 'pay validate (before)', cmd: node, args: ['--import', before.libxml2, main, 'pay', 'validate', f], codes: [0], env: { KONTOR_SCHEMA_DIR: before.store } }] : []),
      ],
      env,
      runs,
    ) as FloorResult[] as [FloorResult, FloorResult, FloorResult, FloorResult, ...FloorResult[]];
    const bare = bareRead ? rest.shift() : undefined;
    const old = before ? rest.shift() : undefined;
    if (!ours.failed && !lint.failed && !node0.failed && !help.failed) rows.push(breakdownRow(label, f, ours, lint, node0, help));
    if (bare) {
      rows.push({
        case: `cli: bare read of the file, ${label}: a Node process that only streams it through @kontor/xml's tokenizer (no schema, no rules) — the floor of any validator on our reader; ref = xmllint --schema whole process, same rounds`,
        ours: bare.failed ? `failed: ${bare.failed}` : `${fmtStats(bare.wall)}${bare.cpu === null ? '' : `, CPU ${fmtMs(bare.cpu)}`}`,
        reference: lint.failed ? `xmllint failed: ${lint.failed}` : `xmllint ${fmtMs(lint.wall.median)}`,
        ratio: bare.failed || lint.failed ? 'n/a' : `wall ${(bare.wall.median / lint.wall.median).toFixed(2)}x`,
        inputSize: mb(statSync(f).size),
        peakRss: bare.rss === null ? 'n/a' : mb(bare.rss),
      });
    }
    if (old) {
      rows.push({
        case: `cli: kontor pay validate, ${label}, whole process; ref = the same before lazy libxml2-wasm + kept compiled schema (libxml2-wasm at start, XSD compiled per process), interleaved`,
        ours: ours.failed ? `failed: ${ours.failed}` : `${fmtStats(ours.wall)}${ours.cpu === null ? '' : `, CPU ${fmtMs(ours.cpu)}`}`,
        reference: old.failed ? `failed: ${old.failed}` : `${fmtStats(old.wall)}${old.cpu === null ? '' : `, CPU ${fmtMs(old.cpu)}`}, RSS ${old.rss === null ? 'n/a' : mb(old.rss)}`,
        ratio: ours.cpu === null || old.cpu === null ? '' : `CPU ${(ours.cpu / old.cpu).toFixed(2)}x`,
        inputSize: mb(statSync(f).size),
        peakRss: ours.rss === null ? 'n/a' : mb(ours.rss),
      });
    }
    // /usr/bin/time counts CPU in 10 ms steps: a reference below that has no ratio.
    const cpuRatio =
      ours.cpu === null || lint.cpu === null ? '' : lint.cpu < 10 ? `; CPU ${fmtMs(ours.cpu)} vs < 10 ms` : `; CPU ${(ours.cpu / lint.cpu).toFixed(1)}x (${fmtMs(ours.cpu)} vs ${fmtMs(lint.cpu)})`;
    rows.push({
      case: `cli: kontor pay validate (rules + GBIC_5 XSD), ${label}, whole process; ref = xmllint --noout --schema (XSD only), whole process, interleaved`,
      ours: ours.failed ? `failed: ${ours.failed}` : fmtStats(ours.wall),
      reference: lint.failed ? `xmllint failed: ${lint.failed}` : `xmllint ${fmtStats(lint.wall)}, RSS ${lint.rss === null ? 'n/a' : mb(lint.rss)}`,
      ratio: ours.failed || lint.failed ? 'n/a' : `wall ${(ours.wall.median / lint.wall.median).toFixed(1)}x${cpuRatio}`,
      inputSize: mb(statSync(f).size),
      peakRss: ours.rss === null ? 'n/a' : mb(ours.rss),
    });
  }
  return rows;
}

/**
 * Where a whole `pay validate` process goes, from medians of the same interleaved rounds: Node's own start (`node -e 0`),
 * loading the command (`pay validate --help` minus that) and the rest (schema store, reading and validating the file,
 * output, exit), each against xmllint's whole process. Wall and CPU (user + system, all threads).
 */
function breakdownRow(label: string, file: string, ours: FloorResult, lint: FloorResult, node0: FloorResult, help: FloorResult): BenchRow {
  const parts = (a: number, b: number, c: number) => `start ${fmtMs(a)} + load ${fmtMs(b - a)} + validation ${fmtMs(c - b)}`;
  const wall = parts(node0.wall.median, help.wall.median, ours.wall.median);
  const cpu = ours.cpu !== null && node0.cpu !== null && help.cpu !== null ? `; CPU ${parts(node0.cpu, help.cpu, ours.cpu)}` : '';
  const x = lint.wall.median;
  return {
    case: `cli: kontor pay validate, ${label}, whole process split: node -e 0 / pay validate --help / pay validate <file>, same rounds; ref = xmllint --schema whole process`,
    ours: `${wall}${cpu}`,
    reference: `xmllint ${fmtMs(x)}${lint.cpu === null ? '' : `, CPU ${fmtMs(lint.cpu)}`}`,
    ratio: `whole ${(ours.wall.median / x).toFixed(1)}x; start+load alone ${(help.wall.median / x).toFixed(1)}x; validation alone ${((ours.wall.median - help.wall.median) / x).toFixed(1)}x`,
    inputSize: mb(statSync(file).size),
    peakRss: ours.rss === null ? 'n/a' : mb(ours.rss),
  };
}

/**
 * For the "before" rows: a copy of the store in which no compiled schema can be kept, and libxml2-wasm's entry to
 * preload. Null when libxml2-wasm cannot be found.
 */
function beforeStore(store: string, node: string, args: string[], env: Record<string, string>): { store: string; libxml2: string } | null {
  let libxml2: string;
  try {
    libxml2 = pathToFileURL(createRequire(path.join(root, 'packages/xml/package.json')).resolve('libxml2-wasm')).href;
  } catch {
    return null;
  }
  const copy = `${store}-before`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(store, copy, { recursive: true });
  // one run writes the compiled schema's file; a directory then takes its name, so it is never read nor written again
  proc(node, args, { ...env, KONTOR_SCHEMA_DIR: copy });
  for (const set of readdirSync(copy)) {
    const dir = path.join(copy, set);
    if (!statSync(dir).isDirectory()) continue;
    for (const f of readdirSync(dir)) {
      if (!/^\.native-[0-9a-f]+\.v8$/.test(f)) continue;
      rmSync(path.join(dir, f), { force: true });
      mkdirSync(path.join(dir, f, 'blocked'), { recursive: true });
    }
  }
  return { store: copy, libxml2 };
}

function xmlFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir).sort()) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) xmlFiles(p, out);
    else if (e.endsWith('.xml')) out.push(p);
  }
  return out;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const built = spawnSync(process.execPath, [launcher, '--version'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`CLI build failed: ${built.stderr}`);
  const node0 = medianSpawn(['-e', '0']);
  const version = medianSpawn([main, '--version']);
  const viaLauncher = medianSpawn([launcher, '--version']);
  rows.push({
    case: 'cli: launcher (stale check + import) --version',
    ours: `${viaLauncher.toFixed(0)} ms`,
    reference: `dist/main.js --version: ${version.toFixed(0)} ms; node -e 0: ${node0.toFixed(0)} ms`,
    ratio: `+${(viaLauncher - node0).toFixed(0)} ms`,
    inputSize: '',
    peakRss: '',
  });

  if (!existsSync(corpus)) {
    rows.push({ case: 'cli: batch validation', ours: 'skipped: ../shared/corpus missing', reference: '', ratio: '', inputSize: '', peakRss: '' });
    return rows;
  }
  const store = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-cli-'));
  const work = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-cli-work-'));
  try {
    spawnSync(process.execPath, [main, 'schemas', 'install', '--from', corpus, '--dir', store], { stdio: 'ignore' });
    rows.push(...floorRows(store, work));
    const env = { KONTOR_SCHEMA_DIR: store };
    const cores = os.availableParallelism();
    const einvoice = path.join(corpus, 'einvoice/instances');
    const invoices = xmlFiles(einvoice);
    const xsd = path.join(corpus, 'einvoice/schema/cii-d16b/uncoupled/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd');
    const lint = timed('xmllint', ['--noout', '--nonet', '--schema', xsd, ...invoices]);
    for (const jobs of [1, cores]) {
      const r = timed(process.execPath, [main, 'invoice', 'validate', einvoice, '--jsonl', '--jobs', String(jobs)], env);
      rows.push({
        case: `cli: invoice validate --jsonl --jobs ${jobs}, e-invoice corpus (XSD + EN 16931/XRechnung rules)`,
        ours: `${(r.ms / 1000).toFixed(1)} s (${r.lines} lines, exit ${r.code})`,
        reference: lint.code === null ? 'xmllint missing' : `xmllint --schema, XSD only, 1 process: ${(lint.ms / 1000).toFixed(1)} s`,
        ratio: lint.code === null ? 'n/a' : ratio(r.ms, lint.ms),
        inputSize: `${invoices.length} files`,
        peakRss: r.rss ? mb(r.rss) : 'n/a',
      });
    }
    const pain = xmlFiles(path.join(corpus, 'payments/samples')).filter((f) => path.basename(f).startsWith('pain.001') || f.includes('pain.001'));
    const r = timed(process.execPath, [main, 'pay', 'validate', ...pain, '--jsonl'], env);
    rows.push({
      case: `cli: pay validate --jsonl, pain.001 samples (jobs ${cores})`,
      ours: `${(r.ms / 1000).toFixed(1)} s (${r.lines} lines, exit ${r.code})`,
      reference: '',
      ratio: '',
      inputSize: `${pain.length} files`,
      peakRss: r.rss ? mb(r.rss) : 'n/a',
    });
  } finally {
    rmSync(store, { recursive: true, force: true });
    rmSync(`${store}-before`, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}
