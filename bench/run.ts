/**
 * pnpm bench: runs every bench module (bench/*.ts exporting run()) in its own process, so peak RSS is per module,
 * and prints one table: case, ours, reference, ratio, input size, peak RSS. `pnpm bench <name>` runs one module.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { childFlags, distOf, type BenchRow } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));

if (process.argv[2] === '--child') {
  const mod = (await import(pathToFileURL(distOf(path.join(here, process.argv[3]!))).href)) as { run(): Promise<BenchRow[]> };
  const rows = await mod.run();
  process.stdout.write('\n@@ROWS@@' + JSON.stringify(rows) + '\n');
} else {
  const argv = process.argv.slice(2);
  const prof = argv.indexOf('--profile');
  if (prof >= 0) {
    // pnpm bench --profile <case> [module]: every child process whose arguments contain <case> writes a .cpuprofile.
    const filter = argv[prof + 1];
    if (!filter) throw new Error('usage: pnpm bench --profile <case> [module]');
    argv.splice(prof, 2);
    const dir = path.join(here, 'profiles');
    mkdirSync(dir, { recursive: true });
    process.env.KONTOR_BENCH_PROFILE = filter;
    process.env.KONTOR_BENCH_PROFILE_DIR = dir;
    process.stderr.write(`profiling cases matching "${filter}" into ${dir}\n`);
  }
  const only = argv;
  const modules = readdirSync(here)
    .filter((f) => f.endsWith('.ts') && !['run.ts', 'harness.ts', 'saxon-ref.ts', 'tsup.config.ts'].includes(f) && !f.endsWith('.test.ts'))
    .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
    .sort((a, b) => (a === 'platform.ts' ? -1 : b === 'platform.ts' ? 1 : a.localeCompare(b)));
  const all: BenchRow[] = [];
  for (const m of modules) {
    process.stderr.write(`bench ${m} ...\n`);
    const r = spawnSync(process.execPath, [...childFlags([m]), distOf(fileURLToPath(import.meta.url)), '--child', m], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 });
    const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('@@ROWS@@'));
    if (!line) {
      all.push({ case: `${m}: failed`, ours: (r.stderr ?? '').trim().split('\n').slice(-1)[0] ?? `exit ${r.status}`, reference: '', ratio: '', inputSize: '', peakRss: '' });
      continue;
    }
    all.push(...(JSON.parse(line.slice(8)) as BenchRow[]));
  }
  const cols: (keyof BenchRow)[] = ['case', 'ours', 'reference', 'ratio', 'inputSize', 'peakRss'];
  const head = ['case', 'ours', 'reference', 'ratio', 'input size', 'peak RSS'];
  const out = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...all.map((r) => `| ${cols.map((c) => String(r[c] ?? '').replace(/\|/g, '/')).join(' | ')} |`)];
  console.log(out.join('\n'));
}
