/**
 * Native UBL validation (validateUbl: UBL 2.1 XSD from the schema store + EN 16931 + XRechnung UBL rules + KoSIT
 * verdict) over the real UBL invoices of ../shared/corpus/einvoice-ubl (CEN examples and the KoSIT XRechnung test
 * suite): per file the median of repeated warm runs, then the median and maximum over the files; and the rules alone
 * (no XSD). Reference, measured in the same run: Saxon-HE warm in one JVM (bench/saxon-ref.ts) running the official
 * EN 16931 UBL XSLT, interleaved per file with our EN 16931 UBL rules (both parse the file and run the rules, no XSD);
 * without artefacts or Saxon the cell says "skipped: …" — no figure is read from a file. Peer rows: invoice → UBL
 * (generateUbl without / with its gate) against npm @e-invoice-eu/core generate('UBL'), as in bench/cii-validate.ts.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SchemaStore } from '@kontor/xml';
import { generateUbl, validateUbl } from '@kontor/ubl';
import { generationPeerRows } from './cii-validate';
import { interleaved, mb, type BenchRow, warmFor } from './harness';
import { Saxon } from './saxon-ref';

const here = fileURLToPath(import.meta.url);
const ublDir = path.resolve(path.dirname(here), '../../shared/corpus/einvoice-ubl');

function files(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (/\.xml$/i.test(e.name)) out.push(p);
  }
  return out.sort();
}

function medianOf(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function perFile(fn: () => unknown): number {
  for (let i = 0; i < 3; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < 9; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  return medianOf(t);
}

export async function run(): Promise<BenchRow[]> {
  const paths = [...files(path.join(ublDir, 'instances/en16931/examples')), ...files(path.join(ublDir, 'instances/xrechnung/testsuite'))];
  const inputs = paths.map((f) => new Uint8Array(readFileSync(f)));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-bench-ubl-'));
  const store = new SchemaStore({ dir });
  await store.installFrom(path.join(ublDir, 'schema'));
  try {
    const full = inputs.map((b) => perFile(() => validateUbl(b, { profile: 'xrechnung', schemaStore: store })));
    const rules = inputs.map((b) => perFile(() => validateUbl(b, { profile: 'xrechnung' })));
    const size = `${inputs.length} files, median ${(medianOf(inputs.map((b) => b.byteLength)) / 1024).toFixed(1)} KB`;
    const fmt = (xs: number[]) => `median ${medianOf(xs).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms per file`;
    const rows: BenchRow[] = [
      {
        case: 'validateUbl XSD + EN 16931 + XRechnung (real UBL invoices)',
        ours: fmt(full),
        reference: 'n/a (XSD + both rule sets; the Saxon row below is EN 16931 alone)',
        ratio: '',
        inputSize: size,
        peakRss: mb(process.memoryUsage().rss),
      },
      { case: 'validateUbl rules only (no XSD)', ours: fmt(rules), reference: 'n/a', ratio: '', inputSize: size, peakRss: mb(process.memoryUsage().rss) },
    ];
    rows.push(
      ...(await generationPeerRows(
        'UBL',
        (inv) => generateUbl(inv, { gate: false }),
        (inv) => generateUbl(inv, {}),
      )),
    );
    const saxon = await Saxon.start('en16931/ubl/xslt/EN16931-UBL-validation.xslt');
    if (typeof saxon === 'string') {
      rows.push({ case: 'EN 16931 UBL rules incl. parse vs Saxon-HE warm (official EN 16931 UBL XSLT)', ours: '', reference: saxon, ratio: 'n/a', inputSize: size, peakRss: '' });
      return rows;
    }
    try {
      // Both sides warmed alike: the JVM for 12 s, then ours for 12 s, over the same files.
      await saxon.warm(12, paths.slice(0, 10));
      warmFor(12, () => {
        for (const b of inputs.slice(0, 10)) validateUbl(b, { profile: 'en16931' });
      });
      const ours: number[] = [];
      const ref: number[] = [];
      const slower: string[] = [];
      for (let i = 0; i < paths.length; i++) {
        const b = inputs[i]!;
        const r = await interleaved(
          () => {
            const t = performance.now();
            validateUbl(b, { profile: 'en16931' });
            return performance.now() - t;
          },
          async () => (await saxon.run(paths[i]!)).ms,
          7,
          1,
        );
        ours.push(r.a.median);
        ref.push(r.b.median);
        if (r.a.median > r.b.median) slower.push(`${path.basename(paths[i]!)} ${(r.a.median / r.b.median).toFixed(2)}`);
      }
      const o = medianOf(ours);
      const x = medianOf(ref);
      rows.push({
        case: `EN 16931 UBL rules incl. parse, median over ${paths.length} real UBL invoices of per-file medians, interleaved with Saxon-HE warm (same JVM, official EN 16931 UBL XSLT, parse incl.); slower than Saxon on ${slower.length ? slower.join(', ') : 'none'}`,
        ours: `${o.toFixed(2)} ms`,
        reference: `Saxon-HE ${x.toFixed(2)} ms`,
        ratio: `${(o / x).toFixed(2)} of Saxon`,
        inputSize: size,
        peakRss: mb(process.memoryUsage().rss),
      });
    } finally {
      saxon.quit();
    }
    return rows;
  } finally {
    store.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
