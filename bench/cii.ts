/**
 * @kontor/cii: generation (schema + pre-generation rules + CII writer) of 1 / 100 / 500-line invoices, and the
 * reader over the whole e-invoice corpus. Each case runs in its own process, so its peak RSS is its own.
 * References: writing — the xmlbuilder2 figure of docs/architecture.md for 500 lines (85 ms, same CII shape;
 * no peer is installed here); reading — xmllint --noout over the same files (libxml2 in C, parse only,
 * one process for all files, incl. start).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { completeInvoice, generateCii, readCii, type DraftInvoice } from '@kontor/cii';
import { parseXml } from '@kontor/xml';
import { childFlags, distOf, mb, medianMs, ratio, type BenchRow } from './harness';

const here = fileURLToPath(import.meta.url);
const instances = path.resolve(path.dirname(here), '../../shared/corpus/einvoice/instances');
/** docs/architecture.md: "CII 500 lines: xmlbuilder2 85 ms, fxp 14 ms" (writer only). */
const ARCH_XMLBUILDER2_500 = 85;

/** A realistic invoice with n lines: two VAT rates, line allowances, a document charge, Skonto. */
export function benchInvoice(n: number) {
  const draft: DraftInvoice = {
    invoiceNumber: `BENCH-${n}`,
    issueDate: '2026-03-10',
    dueDate: '2026-04-09',
    profile: 'xrechnung',
    buyerReference: '04011000-1234512345-06',
    seller: {
      name: 'Kontor Bench GmbH',
      vatId: 'DE123456789',
      address: { line1: 'Hauptstraße 1', city: 'Köln', postalCode: '50667' },
      contact: { name: 'Erika Muster', phone: '+49 221 123456', email: 'rechnung@bench.example' },
      electronicAddress: { id: 'rechnung@bench.example' },
    },
    buyer: { name: 'Stadt Musterstadt', address: { line1: 'Rathausplatz 1', city: 'Musterstadt', postalCode: '12345' }, electronicAddress: { id: '04011000-1234512345-06', scheme: '0204' } },
    lines: Array.from({ length: n }, (_, i) => ({
      name: `Artikel ${i + 1} – Büromaterial`,
      quantity: (i % 9) + 1,
      unitCode: i % 3 === 0 ? 'Stk' : 'HUR',
      unitPriceNet: Number((1.37 * ((i % 50) + 1)).toFixed(2)),
      vatRatePercent: i % 4 === 0 ? 7 : 19,
      sellerArticleId: `A-${i}`,
      ...(i % 5 === 0 ? { allowanceCharges: [{ charge: false, percent: 3, reason: 'Rabatt' }] } : {}),
    })),
    allowanceCharges: [{ charge: true, amount: 25, ratePercent: 19, reason: 'Fracht' }],
    payment: { iban: 'DE02120300000000202051', terms: 'Zahlbar innerhalb 30 Tagen', discountPercent: 2, discountDays: 10 },
  };
  return completeInvoice(draft);
}

function corpusFiles(): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const f of readdirSync(d).sort()) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.xml')) out.push(p);
    }
  };
  walk(instances);
  return out;
}

type Case = { kind: 'write'; lines: number } | { kind: 'read' } | { kind: 'parse' };

async function worker(c: Case): Promise<void> {
  let ms: number;
  let size = 0;
  if (c.kind === 'write') {
    const inv = benchInvoice(c.lines);
    const r = generateCii(inv);
    if (!r.ok) throw new Error(`bench invoice rejected: ${JSON.stringify(r.findings.slice(0, 3))}`);
    size = r.bytes!;
    ms = await medianMs(() => generateCii(inv), c.lines >= 500 ? 7 : 15, 3);
  } else {
    const files = corpusFiles().map((f) => readFileSync(f));
    size = files.reduce((s, b) => s + b.byteLength, 0);
    const fn =
      c.kind === 'read'
        ? () => files.forEach((b) => readCii(b))
        : () =>
            files.forEach((b) => {
              try {
                parseXml(b);
              } catch {
                /* bad files count too */
              }
            });
    ms = await medianMs(fn, 3, 1);
  }
  process.stdout.write(`@@CASE@@${JSON.stringify({ ms, size, rss: process.resourceUsage().maxRSS * 1024 })}\n`);
}

function runCase(c: Case): { ms: number; size: number; rss: number } | string {
  const r = spawnSync(process.execPath, [...childFlags([JSON.stringify(c)]), distOf(here), '--cii-case', JSON.stringify(c)], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 10 * 60_000 });
  const line = (r.stdout ?? '').split('\n').find((l) => l.startsWith('@@CASE@@'));
  if (!line) return (r.stderr ?? '').trim().split('\n').slice(-1)[0] ?? `exit ${r.status}`;
  return JSON.parse(line.slice(8)) as { ms: number; size: number; rss: number };
}

/** xmllint --noout over all corpus files in one process (median of 3), or null without xmllint. */
function xmllintCorpusMs(files: string[]): number | null {
  const t: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = performance.now();
    const r = spawnSync('xmllint', ['--noout', ...files], { stdio: 'ignore' });
    if (r.error) return null;
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[1]!;
}

const fmtMs = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const lines of [1, 100, 500]) {
    const r = runCase({ kind: 'write', lines });
    if (typeof r === 'string') {
      rows.push({ case: `cii: generateCii ${lines} line(s) (xrechnung)`, ours: r, reference: '', ratio: '', inputSize: '', peakRss: '' });
      continue;
    }
    const ref = lines === 500 ? ARCH_XMLBUILDER2_500 : null;
    rows.push({
      case: `cii: generateCii ${lines} line(s), xrechnung (schema + rules + writer)${ref ? '; ref = xmlbuilder2 writer only (architecture.md)' : ''}`,
      ours: fmtMs(r.ms),
      reference: ref ? fmtMs(ref) : 'n/a',
      ratio: ratio(r.ms, ref),
      inputSize: `${lines} lines → ${mb(r.size)} XML`,
      peakRss: mb(r.rss),
    });
  }
  let files: string[] = [];
  try {
    files = corpusFiles();
  } catch {
    rows.push({ case: 'cii: readCii corpus: ../shared/corpus/einvoice not found', ours: '', reference: '', ratio: '', inputSize: '', peakRss: '' });
    return rows;
  }
  const lint = xmllintCorpusMs(files);
  for (const kind of ['read', 'parse'] as const) {
    const r = runCase({ kind });
    if (typeof r === 'string') {
      rows.push({ case: `cii: ${kind} corpus`, ours: r, reference: '', ratio: '', inputSize: '', peakRss: '' });
      continue;
    }
    const mbps = r.size / 1024 / 1024 / (r.ms / 1000);
    rows.push({
      case:
        kind === 'read'
          ? `cii: readCii over the whole corpus (${files.length} files; parse + model + unsupported list); ref = xmllint --noout`
          : `cii: parseXml alone over the corpus (hardened reader floor); ref = xmllint --noout`,
      ours: `${fmtMs(r.ms)} (${mbps.toFixed(1)} MB/s, ${(r.ms / files.length).toFixed(2)} ms/file)`,
      reference: lint === null ? 'xmllint not installed' : `${fmtMs(lint)} (${(r.size / 1024 / 1024 / (lint / 1000)).toFixed(1)} MB/s)`,
      ratio: ratio(r.ms, lint),
      inputSize: mb(r.size),
      peakRss: mb(r.rss),
    });
  }
  return rows;
}

if (process.argv[2] === '--cii-case') await worker(JSON.parse(process.argv[3]!) as Case);
