/**
 * @kontor/pain001 at 1,000 and 20,000 SEPA transactions: generation (schema + rules + writer, and the full
 * pipeline with the authoritative gate) against the npm `sepa` package (generation only, no checks), and
 * validation (rules + XSD, and XSD alone) against xmllint --schema on the same file (DK GBIC_5).
 * Every case runs in its own process so that its peak RSS is its own.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SchemaStore } from '@kontor/xml';
import { checkPaymentRun, generateSct, parsePaymentRun, validatePain001, writePain001 } from '@kontor/pain001';
import SEPA from 'sepa';
import { fmtStats, mb, ratio, stats, type BenchRow, runChildCase, xmllintSchema, xmllintTiming } from './harness';

const here = fileURLToPath(import.meta.url);
const corpusPayments = path.resolve(path.dirname(here), '../../shared/corpus/payments');
const XSD = path.join(corpusPayments, 'xsd/dk/pain.001.001.09_GBIC_5.xsd');
const NOW = new Date('2026-03-10T10:00:00Z');
const IBANS = ['DE28100100100001234567', 'DE02500105170005400246', 'AT611904300234573201', 'FR7630006000011234567890189', 'NL91ABNA0417164300'];
const BICS = ['PBNKDEFFXXX', 'INGDDEFFXXX', 'BKAUATWWXXX', 'AGRIFRPPXXX', 'ABNANL2AXXX'];

/** A payment run of n SCT payments (deterministic pseudo-random amounts and texts). */
export function benchRun(n: number) {
  let x = 4711;
  const rnd = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return {
    debtor: { name: 'Kontor Bench GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', address: { townName: 'Köln', countryCode: 'DE' } },
    requestedExecutionDate: '2026-03-16',
    payments: Array.from({ length: n }, (_, i) => ({
      creditorName: `Lieferant Müller ${i}`,
      creditorIban: IBANS[i % IBANS.length]!,
      creditorBic: BICS[i % BICS.length]!,
      amount: ((Math.floor(rnd() * 1_000_000) + 1) / 100).toFixed(2),
      remittanceInfo: `Rechnung ${100000 + i} vom 01.03.2026`,
      endToEndId: `E2E-${i}`,
    })),
  };
}

/** The same payments through the npm `sepa` package (pain.001.001.09, no validation of its own output). */
export function sepaJs(run: ReturnType<typeof benchRun>): string {
  const S = SEPA as unknown as { Document: new (t: string) => any };
  const doc = new S.Document('pain.001.001.09');
  doc.grpHdr.id = 'BENCH-1';
  doc.grpHdr.created = NOW;
  doc.grpHdr.initiatorName = run.debtor.name;
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = new Date(run.requestedExecutionDate);
  info.debtorIBAN = run.debtor.iban;
  info.debtorBIC = run.debtor.bic;
  info.debtorName = run.debtor.name;
  doc.addPaymentInfo(info);
  for (const p of run.payments) {
    const tx = info.createTransaction();
    tx.creditorName = p.creditorName;
    tx.creditorIBAN = p.creditorIban;
    tx.creditorBIC = p.creditorBic;
    tx.amount = Number(p.amount);
    tx.remittanceInfo = p.remittanceInfo;
    tx.end2endId = p.endToEndId;
    info.addTransaction(tx);
  }
  return doc.toString();
}

type CaseName = 'gen-core' | 'gen-gated' | 'gen-gated-read' | 'gen-gated-libxml2' | 'gen-sepajs' | 'gen-floor' | 'validate' | 'validate-libxml2' | 'xsd-ours' | 'xsd-libxml2';

type Mode = 'once' | 'calls' | 'warm';

async function worker(name: CaseName, n: number, file: string, schemaDir: string, mode: Mode = 'calls'): Promise<void> {
  const store = new SchemaStore({ dir: schemaDir });
  // The previous XSD path (libxml2-wasm over a UTF-8 copy of the whole file, full tree), for before/after rows.
  const lib = new SchemaStore({ dir: schemaDir, engine: 'libxml2' });
  // libxml2-wasm is loaded on first need only: in the libxml2 cases' processes, before the timing.
  if (name.endsWith('libxml2')) await lib.prepare();
  const run = benchRun(n);
  const bytes = new Uint8Array(readFileSync(file));
  const fns: Record<CaseName, () => unknown> = {
    'gen-core': () => {
      const { run: r, issues } = parsePaymentRun(run, 'sct');
      if (issues.length) throw new Error(issues[0]!.message);
      const rules = checkPaymentRun(r, { profile: 'sct', now: NOW }).filter((i) => i.severity === 'error');
      if (rules.length) throw new Error(rules[0]!.message);
      return writePain001(r, 'sct', { messageId: 'BENCH-1', createdAt: '2026-03-10T11:00:00' }).xml.length;
    },
    'gen-gated': async () => {
      const r = await generateSct(run, { schemaStore: store, now: () => NOW, messageId: 'BENCH-1', createdAt: '2026-03-10T11:00:00' });
      if (!r.verification.passed) throw new Error('gate not passed');
    },
    // The previous gate (before the one-pass gate): write the whole file, then validatePain001 reads it again
    // (native XSD in the rules' reader pass) — the steps generateSct took, for a before/after in the same run.
    'gen-gated-read': async () => {
      const { run: r, issues } = parsePaymentRun(run, 'sct');
      if (issues.length) throw new Error(issues[0]!.message);
      const rules = checkPaymentRun(r, { profile: 'sct', now: NOW }).filter((i) => i.severity === 'error');
      if (rules.length) throw new Error(rules[0]!.message);
      const { xml } = writePain001(r, 'sct', { messageId: 'BENCH-1', createdAt: '2026-03-10T11:00:00' });
      const v = await validatePain001(xml, { profile: 'sct', schemaStore: store, maxBytes: Number.MAX_SAFE_INTEGER });
      if (v.verdict === 'invalid') throw new Error('gate not passed');
    },
    // The process floor of these cases: the same modules loaded and the run built, nothing generated.
    'gen-floor': () => run.payments.length,
    'gen-gated-libxml2': async () => {
      const r = await generateSct(run, { schemaStore: lib, now: () => NOW, messageId: 'BENCH-1', createdAt: '2026-03-10T11:00:00' });
      if (!r.verification.passed) throw new Error('gate not passed');
    },
    'gen-sepajs': () => sepaJs(run).length,
    'validate-libxml2': async () => {
      const r = await validatePain001(bytes, { schemaStore: lib, maxBytes: 64 * 1024 * 1024 });
      if (r.verdict === 'invalid') throw new Error(`invalid: ${JSON.stringify(r.findings.slice(0, 2))} ${JSON.stringify(r.xsd.findings.slice(0, 2))}`);
    },
    'xsd-libxml2': () => {
      const r = lib.validate('dk:pain.001.001.09_GBIC_5', bytes, { maxBytes: 64 * 1024 * 1024 });
      if (!r.valid) throw new Error(`XSD says invalid: ${r.findings[0]?.message}`);
    },
    validate: async () => {
      const r = await validatePain001(bytes, { schemaStore: store, maxBytes: 64 * 1024 * 1024 });
      if (r.verdict === 'invalid') throw new Error(`invalid: ${JSON.stringify(r.findings.slice(0, 2))} ${JSON.stringify(r.xsd.findings.slice(0, 2))}`);
    },
    'xsd-ours': () => {
      const r = store.validate('dk:pain.001.001.09_GBIC_5', bytes, { maxBytes: 64 * 1024 * 1024 });
      if (!r.valid) throw new Error(`XSD says invalid: ${r.findings[0]?.message}`);
    },
  };
  if (mode === 'once') {
    // Peak RSS of one call in a fresh process (the repeated runs below keep earlier runs' garbage until a major GC).
    const c = process.cpuUsage();
    const s = performance.now();
    await fns[name]();
    const d = process.cpuUsage(c);
    process.stdout.write(`@@CASE@@${JSON.stringify({ ms: performance.now() - s, cpu: (d.user + d.system) / 1000, rss: process.resourceUsage().maxRSS * 1024 })}\n`);
    store.dispose();
    lib.dispose();
    return;
  }
  // Wall time and CPU time (user + system) of the same runs: on a shared, loaded machine CPU time is the steadier one.
  // 'calls' (the usual shape): calls 2-4 after one warm-up call — what a short-lived process sees, JIT still warming.
  // 'warm': calls for at least 2 s (and 5 calls) first, then 9 timed — a long-running process (server, batch), the
  // way the Saxon reference is warmed.
  const timed = mode === 'warm' ? 9 : 3;
  if (mode === 'warm') {
    const until = performance.now() + 2000;
    for (let k = 0; k < 5 || performance.now() < until; k++) await fns[name]();
  } else await fns[name]();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < timed; i++) {
    const c = process.cpuUsage();
    const s = performance.now();
    await fns[name]();
    wall.push(performance.now() - s);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  process.stdout.write(`@@CASE@@${JSON.stringify({ ms: med(wall), cpu: med(cpu), rss: process.resourceUsage().maxRSS * 1024 })}\n`);
  store.dispose();
  lib.dispose();
}

const runCase = (name: CaseName, n: number, file: string, schemaDir: string, mode: Mode = 'calls') => runChildCase(here, ['--pain-case', name, String(n), file, schemaDir, `--${mode}`]);

const xmllint = (file: string) => xmllintSchema(XSD, file);

const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(1)} ms`);

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-pain-'));
  try {
    const schemaDir = path.join(dir, 'schemas');
    if (!existsSync(XSD)) return [{ case: 'pain001: corpus with the GBIC_5 XSD not found', ours: '', reference: '', ratio: '', inputSize: '', peakRss: '' }];
    await new SchemaStore({ dir: schemaDir }).installFrom(path.join(corpusPayments, 'xsd'));
    const rows: BenchRow[] = [];
    const cell = (r: { ms: number; rss: number; cpu?: number } | string) => (typeof r === 'string' ? `failed: ${r}` : `${fmtMs(r.ms)}${r.cpu !== undefined ? ` (CPU ${fmtMs(r.cpu)})` : ''}`);
    const cpuOf = (r: { ms: number; rss: number; cpu?: number } | string) => (typeof r === 'string' ? null : (r.cpu ?? null));
    const rssOf = (r: { ms: number; rss: number } | string) => (typeof r === 'string' ? '' : mb(r.rss));
    const msOf = (r: { ms: number; rss: number } | string) => (typeof r === 'string' ? null : r.ms);
    for (const n of [1000, 20000]) {
      // The file both validators read: our own generated, gated output.
      const gen = await generateSct(benchRun(n), { schemaStore: new SchemaStore({ dir: schemaDir }), now: () => NOW, messageId: 'BENCH-1', createdAt: '2026-03-10T11:00:00' });
      const file = path.join(dir, `sct-${n}.xml`);
      writeFileSync(file, gen.xml);
      const size = mb(Buffer.byteLength(gen.xml));
      const label = `${n.toLocaleString('en')} tx`;
      // Generation pairs in separate processes, interleaved (sepa, gated, core, sepa, gated, core, ...): each process
      // reports its in-process median of 3 after a warm-up run; the cell is the median over the 3 processes.
      const reps = {
        sepa: [] as { ms: number; rss: number }[],
        gated: [] as { ms: number; rss: number }[],
        core: [] as { ms: number; rss: number }[],
        gatedRead: [] as { ms: number; rss: number }[],
        gatedLib: [] as { ms: number; rss: number }[],
        floor: [] as { ms: number; rss: number }[],
      };
      let failed: Partial<Record<keyof typeof reps, string>> = {};
      for (let k = 0; k < 3; k++) {
        for (const [key, name] of [
          ['sepa', 'gen-sepajs'],
          ['gated', 'gen-gated'],
          ['core', 'gen-core'],
          ['gatedRead', 'gen-gated-read'],
          ['gatedLib', 'gen-gated-libxml2'],
          ['floor', 'gen-floor'],
        ] as const) {
          const r = runCase(name, n, file, schemaDir);
          if (typeof r === 'string') failed = { ...failed, [key]: r };
          else reps[key].push(r);
        }
      }
      const pick = (key: keyof typeof reps): { ms: number; rss: number; cpu?: number } | string => {
        if (failed[key] || reps[key].length === 0) return failed[key] ?? 'no run';
        const st = stats(reps[key].map((r) => r.ms));
        const cpus = reps[key].map((r) => (r as { cpu?: number }).cpu).filter((c): c is number => c !== undefined);
        return { ms: st.median, rss: Math.max(...reps[key].map((r) => r.rss)), ...(cpus.length ? { cpu: stats(cpus).median } : {}) };
      };
      const spread = (key: keyof typeof reps) => (reps[key].length ? ` (${fmtStats(stats(reps[key].map((r) => r.ms)))} over ${reps[key].length} processes)` : '');
      const sepa = pick('sepa');
      const sepaCell = typeof sepa === 'string' ? `sepa failed: ${sepa}` : `sepa ${fmtMs(sepa.ms)}${spread('sepa')}${sepa.cpu !== undefined ? `, CPU ${fmtMs(sepa.cpu)}` : ''}, RSS ${mb(sepa.rss)}`;
      const core = pick('core');
      rows.push({
        case: `pain001: generate SCT (schema + rules + writer), ${label}; ref = npm sepa 3.0 (no checks), interleaved processes`,
        ours: typeof core === 'string' ? cell(core) : `${cell(core)}${spread('core')}`,
        reference: sepaCell,
        ratio: typeof core === 'string' ? 'n/a' : `${(core.ms / (msOf(sepa) ?? NaN)).toFixed(2)} of sepa (CPU ${((cpuOf(core) ?? NaN) / (cpuOf(sepa) ?? NaN)).toFixed(2)})`,
        inputSize: size,
        peakRss: rssOf(core),
      });
      const gated = pick('gated');
      const floor = pick('floor');
      rows.push({
        case: `pain001: generateSct incl. authoritative gate in one pass (writer events → native GBIC_5 XSD + read model → file rules; no second read), ${label}; ref = npm sepa (no checks), interleaved processes`,
        ours: typeof gated === 'string' ? cell(gated) : `${cell(gated)}${spread('gated')}`,
        reference: sepaCell,
        ratio: typeof gated === 'string' ? 'n/a' : `${(gated.ms / (msOf(sepa) ?? NaN)).toFixed(2)} of sepa (CPU ${((cpuOf(gated) ?? NaN) / (cpuOf(sepa) ?? NaN)).toFixed(2)})`,
        inputSize: size,
        peakRss: typeof gated === 'string' || typeof floor === 'string' ? rssOf(gated) : `${rssOf(gated)} (+${mb(Math.max(0, gated.rss - floor.rss))} above the floor ${mb(floor.rss)})`,
      });
      // Peak RSS of a single call, fresh processes interleaved (floor, sepa, gated) x 3, median per side.
      const onceRss: Record<'floor' | 'sepa' | 'gated', number[]> = { floor: [], sepa: [], gated: [] };
      for (let k = 0; k < 3; k++) {
        for (const [key, name] of [
          ['floor', 'gen-floor'],
          ['sepa', 'gen-sepajs'],
          ['gated', 'gen-gated'],
        ] as const) {
          const r = runCase(name, n, file, schemaDir, 'once');
          if (typeof r !== 'string') onceRss[key].push(r.rss);
        }
      }
      if (onceRss.floor.length && onceRss.sepa.length && onceRss.gated.length) {
        const [fl, se, ga] = [stats(onceRss.floor).median, stats(onceRss.sepa).median, stats(onceRss.gated).median];
        rows.push({
          case: `pain001: peak RSS of one generateSct call incl. gate (fresh process, median of 3), ${label}; ref = npm sepa, one call`,
          ours: `${mb(ga)} (+${mb(Math.max(0, ga - fl))} above the floor ${mb(fl)})`,
          reference: `sepa ${mb(se)} (+${mb(Math.max(0, se - fl))})`,
          ratio: `${((ga - fl) / Math.max(1, se - fl)).toFixed(2)} of sepa's growth`,
          inputSize: size,
          peakRss: mb(ga),
        });
      }
      const gatedRead = pick('gatedRead');
      rows.push({
        case: `pain001: the previous gate (whole file written, then validatePain001 reads it: native XSD in the rules' reader pass), ${label}; ref = npm sepa, interleaved processes`,
        ours: typeof gatedRead === 'string' ? cell(gatedRead) : `${cell(gatedRead)}${spread('gatedRead')}`,
        reference: sepaCell,
        ratio: typeof gatedRead === 'string' ? 'n/a' : `${(gatedRead.ms / (msOf(sepa) ?? NaN)).toFixed(2)} of sepa (CPU ${((cpuOf(gatedRead) ?? NaN) / (cpuOf(sepa) ?? NaN)).toFixed(2)})`,
        inputSize: size,
        peakRss: rssOf(gatedRead),
      });
      const gatedLib = pick('gatedLib');
      rows.push({
        case: `pain001: generateSct with the previous gate (libxml2-wasm XSD: UTF-8 copy + full tree, second read), ${label}; ref = npm sepa, interleaved processes`,
        ours: typeof gatedLib === 'string' ? cell(gatedLib) : `${cell(gatedLib)}${spread('gatedLib')}`,
        reference: sepaCell,
        ratio: typeof gatedLib === 'string' ? 'n/a' : `${(gatedLib.ms / (msOf(sepa) ?? NaN)).toFixed(2)} of sepa (CPU ${((cpuOf(gatedLib) ?? NaN) / (cpuOf(sepa) ?? NaN)).toFixed(2)})`,
        inputSize: size,
        peakRss: rssOf(gatedLib),
      });
      const lint = xmllint(file);
      const lintCell = lint ? `xmllint ${fmtMs(lint.ms)}${lint.rss ? `, RSS ${mb(lint.rss)}` : ''}` : 'xmllint not installed';
      // In-process equivalent: xmllint's own --timing (median of 3) for parse + validate, schema compiled apart.
      const timings = [0, 1, 2].map(() => xmllintTiming(XSD, file)).filter((t): t is NonNullable<typeof t> => t !== null);
      const inproc = timings.length ? stats(timings.map((t) => t.parse + t.validate)).median : null;
      const val = runCase('validate', n, file, schemaDir);
      rows.push({
        case: `pain001: validatePain001 (streaming rules + GBIC_5 XSD), ${label}; ref = xmllint --schema (XSD only, incl. start)`,
        ours: cell(val),
        reference: lintCell,
        ratio: typeof val === 'string' ? 'n/a' : ratio(val.ms, lint?.ms ?? null),
        inputSize: size,
        peakRss: rssOf(val),
      });
      if (inproc !== null && typeof val !== 'string') {
        rows.push({
          case: `pain001: validatePain001 in process (rules + XSD, schema cached), ${label}; ref = xmllint --timing parse + validate (schema compiled apart)`,
          ours: cell(val),
          reference: `xmllint ${fmtMs(inproc)}`,
          ratio: `${(val.ms / Math.max(inproc, 1)).toFixed(2)} of xmllint`,
          inputSize: size,
          peakRss: rssOf(val),
        });
      }
      // The same call in a process that has been validating this file for 2 s (JIT warm, as Saxon is warmed), and
      // xmllint --timing again right after it (same conditions).
      const warm = runCase('validate', n, file, schemaDir, 'warm');
      const timings2 = [0, 1, 2].map(() => xmllintTiming(XSD, file)).filter((t): t is NonNullable<typeof t> => t !== null);
      const inproc2 = timings2.length ? stats([...timings, ...timings2].map((t) => t.parse + t.validate)).median : null;
      if (inproc2 !== null && typeof warm !== 'string') {
        rows.push({
          case: `pain001: validatePain001 in process, warmed (calls for 2 s first, then the median of 9), ${label}; ref = xmllint --timing parse + validate (median of 6 around it)`,
          ours: cell(warm),
          reference: `xmllint ${fmtMs(inproc2)}`,
          ratio: `${(warm.ms / Math.max(inproc2, 1)).toFixed(2)} of xmllint`,
          inputSize: size,
          peakRss: rssOf(warm),
        });
      }
      const valLib = runCase('validate-libxml2', n, file, schemaDir);
      if (inproc !== null && typeof valLib !== 'string') {
        rows.push({
          case: `pain001: validatePain001 in process with the previous XSD step (libxml2-wasm, second read), ${label}; ref = xmllint --timing parse + validate`,
          ours: cell(valLib),
          reference: `xmllint ${fmtMs(inproc)}`,
          ratio: `${(valLib.ms / Math.max(inproc, 1)).toFixed(2)} of xmllint`,
          inputSize: size,
          peakRss: rssOf(valLib),
        });
      }
      const xsd = runCase('xsd-ours', n, file, schemaDir);
      rows.push({
        case: `pain001: XSD only (schema store, native streaming engine, compiled schema cached), ${label}; ref = xmllint`,
        ours: cell(xsd),
        reference: lintCell,
        ratio: typeof xsd === 'string' ? 'n/a' : ratio(xsd.ms, lint?.ms ?? null),
        inputSize: size,
        peakRss: rssOf(xsd),
      });
      if (inproc !== null && typeof xsd !== 'string') {
        rows.push({
          case: `pain001: XSD only in process (native engine: hardened read + validation), ${label}; ref = xmllint --timing parse + validate`,
          ours: cell(xsd),
          reference: `xmllint ${fmtMs(inproc)}`,
          ratio: `${(xsd.ms / Math.max(inproc, 1)).toFixed(2)} of xmllint`,
          inputSize: size,
          peakRss: rssOf(xsd),
        });
      }
      const xsdLib = runCase('xsd-libxml2', n, file, schemaDir);
      rows.push({
        case: `pain001: XSD only (schema store, libxml2-wasm: pre-scan + UTF-8 copy + tree; previous path), ${label}; ref = xmllint`,
        ours: cell(xsdLib),
        reference: lintCell,
        ratio: typeof xsdLib === 'string' ? 'n/a' : ratio(xsdLib.ms, lint?.ms ?? null),
        inputSize: size,
        peakRss: rssOf(xsdLib),
      });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--pain-case') {
  await worker(process.argv[3] as CaseName, Number(process.argv[4]), process.argv[5]!, process.argv[6]!, (process.argv[7]?.slice(2) ?? 'calls') as Mode);
}
