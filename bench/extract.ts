/**
 * Invoice extraction (POST /extractions, `kontor invoice extract`): field accuracy of the deterministic text path on
 * our own typeset invoices (the ten reference invoices and every en16931 fixture of @kontor/cii in German and
 * English, read back from the text layer only) — goal ≥ 95 % header fields, ≥ 90 % lines exact — and the time per
 * file for a hybrid (source xml) and for its plain print (text path); reference for the latter: poppler's
 * `pdftotext -layout` on the same file (text only, no fields, incl. process start).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractInvoice, typesetInvoice } from '@kontor/zugferd';
import { commandMs, mb, medianMs, peakRss, ratio, type BenchRow } from './harness';
import { compareExtraction, emptyReport, roundTrip, stripEmbeddedInvoice, summary } from '../packages/zugferd/test/extract-accuracy';
import { loadFixtures } from '../packages/zugferd/test/helpers';
import { referenceInvoices } from '../packages/zugferd/test/reference-invoices';

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const cases = [
    ...referenceInvoices().map((x) => ({ name: x.name, json: x.json, lang: x.lang })),
    ...loadFixtures().flatMap((f) => [
      { name: `${f.name}-de`, json: f.json, lang: 'de' as const },
      { name: `${f.name}-en`, json: f.json, lang: 'en' as const },
    ]),
  ];
  const r = emptyReport();
  for (const c of cases) compareExtraction(c.name, c.json, await roundTrip(c.json, c.lang), r);
  const s = summary(r);
  rows.push({
    case: `extract text path: header fields exact (${r.invoices} typeset invoices)`,
    ours: `${(s.header * 100).toFixed(1)} % (${r.headerEqual}/${r.headerCompared})`,
    reference: 'goal 95 %',
    ratio: 'n/a',
    inputSize: `${r.invoices} PDFs`,
    peakRss: peakRss(),
  });
  rows.push({
    case: 'extract text path: lines exact',
    ours: `${(s.lines * 100).toFixed(1)} % (${r.linesExact}/${r.linesCompared})`,
    reference: 'goal 90 %',
    ratio: 'n/a',
    inputSize: `${r.linesCompared} lines`,
    peakRss: peakRss(),
  });
  const weak = Object.entries(r.header)
    .filter(([, t]) => t.equal < t.compared)
    .map(([f, t]) => `${f} ${t.equal}/${t.compared}`)
    .join(', ');
  if (weak) rows.push({ case: 'extract text path: fields below 100 %', ours: weak, reference: '', ratio: 'n/a', inputSize: '', peakRss: peakRss() });

  const ref = referenceInvoices()[0]!;
  const { pdf } = await typesetInvoice(ref.json, { now: new Date('2025-03-10T10:00:00Z'), lang: ref.lang });
  const print = await stripEmbeddedInvoice(pdf);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-extract-'));
  try {
    const file = path.join(dir, 'print.pdf');
    writeFileSync(file, print);
    const xmlMs = await medianMs(() => extractInvoice(pdf), 9, 2);
    const textMs = await medianMs(() => extractInvoice(print), 9, 2);
    const pdftotext = commandMs('pdftotext', ['-layout', file, '-'], 5);
    rows.push({ case: 'extract hybrid (source xml), 2 pages', ours: `${xmlMs.toFixed(1)} ms`, reference: 'n/a', ratio: 'n/a', inputSize: mb(pdf.byteLength), peakRss: peakRss() });
    rows.push({
      case: 'extract print (text path, fields), 2 pages',
      ours: `${textMs.toFixed(1)} ms`,
      reference: pdftotext === null ? 'pdftotext missing' : `pdftotext -layout ${pdftotext.toFixed(1)} ms (text only)`,
      ratio: ratio(textMs, pdftotext),
      inputSize: mb(print.byteLength),
      peakRss: peakRss(),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
