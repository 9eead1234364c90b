/**
 * The hardened XML reader alone (our own tokenizer, packages/xml/src/reader/tokenizer.ts) against xmllint on the
 * same files in the same run: a generated 10 MB camt.053 (50k entries), a generated pain.001 with 20k transfers,
 * and the 618 CII files of the corpus (one parse each, total). Ours: streamXml (nothing kept) or parseXml (the
 * tree), in this process, CPU and wall time; xmllint: `--noout` as a whole process (it builds its tree), wall time
 * and CPU time (user + system from GNU time; its start is a few ms). Interleaved, warm-up first.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseXml, streamXml } from '@kontor/xml';
import { parsePaymentRun, writePain001 } from '@kontor/pain001';
import { generateBulk } from './camt';
import { benchRun } from './pain001';
import { type BenchRow, fmtStats, interleaved, mb, peakRss, processMs, ratio } from './harness';

const here = fileURLToPath(import.meta.url);
const ciiDir = path.resolve(path.dirname(here), '../../shared/corpus/einvoice/instances');
const LIMIT = 64 * 1024 * 1024;

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = path.join(dir, n);
      return statSync(p).isDirectory() ? files(p) : n.endsWith('.xml') ? [p] : [];
    });
}

/** CPU ms of one call. */
async function cpuMs(fn: () => unknown): Promise<number> {
  const a = process.cpuUsage();
  await fn();
  const b = process.cpuUsage(a);
  return (b.user + b.system) / 1000;
}

/** CPU time (user + system, ms) of one whole `xmllint --noout` process over the files (GNU time); null when missing. */
function xmllintCpuMs(args: string[]): number | null {
  const r = spawnSync('/usr/bin/time', ['-f', '@@CPU@@%U %S', 'xmllint', '--noout', '--nonet', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const m = /@@CPU@@([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
  if (r.error || !m) return null;
  return (Number(m[1]) + Number(m[2])) * 1000;
}

export async function run(): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-xml-'));
  try {
    const camtFile = path.join(dir, 'camt-50k.xml');
    writeFileSync(camtFile, generateBulk(50_000));
    const painFile = path.join(dir, 'pain-20k.xml');
    writeFileSync(painFile, writePain001(parsePaymentRun(benchRun(20_000), 'sct').run, 'sct', { messageId: 'BENCH-1', createdAt: '2026-03-10T11:00:00' }).xml);
    const cii = files(ciiDir);
    const ciiBytes = cii.map((f) => new Uint8Array(readFileSync(f)));
    const ciiSize = ciiBytes.reduce((s, b) => s + b.byteLength, 0);
    const rows: BenchRow[] = [];
    const cases: { label: string; ours: () => unknown; lintArgs: string[]; size: number }[] = [
      {
        label: 'camt.053 10 MB (50k entries), streamXml nothing kept',
        ours: () => streamXml(new Uint8Array(readFileSync(camtFile)), { keep: () => false, onElement: () => {} }, { maxBytes: LIMIT }),
        lintArgs: [camtFile],
        size: statSync(camtFile).size,
      },
      {
        label: 'pain.001 20k transfers, streamXml nothing kept',
        ours: () => streamXml(new Uint8Array(readFileSync(painFile)), { keep: () => false, onElement: () => {} }, { maxBytes: LIMIT }),
        lintArgs: [painFile],
        size: statSync(painFile).size,
      },
      {
        label: 'pain.001 20k transfers, parseXml (whole tree)',
        ours: () => parseXml(new Uint8Array(readFileSync(painFile)), { maxBytes: LIMIT }),
        lintArgs: [painFile],
        size: statSync(painFile).size,
      },
      {
        label: `${cii.length} CII corpus files, parseXml each (total)`,
        ours: () => {
          for (const b of ciiBytes) parseXml(b);
        },
        lintArgs: cii,
        size: ciiSize,
      },
    ];
    for (const c of cases) {
      const lintWall = () => processMs('xmllint', ['--noout', '--nonet', ...c.lintArgs])?.ms ?? Number.NaN;
      const cpu = await interleaved(
        () => cpuMs(c.ours),
        () => xmllintCpuMs(c.lintArgs) ?? Number.NaN,
        7,
        2,
      );
      rows.push({
        case: `xml read: ${c.label}, CPU in process; ref = xmllint --noout CPU (user+sys, whole process, 10 ms resolution)`,
        ours: fmtStats(cpu.a),
        reference: Number.isNaN(cpu.b.median) ? 'xmllint n/a' : `xmllint ${fmtStats(cpu.b)}`,
        ratio: ratio(cpu.a.median, Number.isNaN(cpu.b.median) ? null : cpu.b.median),
        inputSize: mb(c.size),
        peakRss: peakRss(),
      });
      const wall = await interleaved(
        async () => {
          const s = performance.now();
          await c.ours();
          return performance.now() - s;
        },
        lintWall,
        5,
        1,
      );
      rows.push({
        case: `xml read: ${c.label}, wall in process; ref = xmllint --noout, whole process`,
        ours: fmtStats(wall.a),
        reference: Number.isNaN(wall.b.median) ? 'xmllint n/a' : `xmllint ${fmtStats(wall.b)}`,
        ratio: ratio(wall.a.median, Number.isNaN(wall.b.median) ? null : wall.b.median),
        inputSize: mb(c.size),
        peakRss: peakRss(),
      });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
