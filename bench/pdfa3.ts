/**
 * @kontor/pdfa3: make a 1-page PDF/A-3 with an attachment, embed an XML into a supplied 2-page PDF, check
 * the result. References: the same work in plain pdf-lib without PDF/A (the ratio is the PDF/A overhead),
 * and veraPDF for the checker when VERAPDF_JAR is set (its time includes the JVM start); the whole veraPDF
 * corpus through checkPdfA3 in one process against veraPDF's batch run over the same files.
 * The measuring code lives in packages/pdfa3/bench/run.ts so that it resolves pdf-lib from the package.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandMs, mb, ratio, type BenchRow } from './harness';
import { run as measure } from '../packages/pdfa3/bench/run';

const verapdfSh = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/tools/verapdf.sh');

export async function run(): Promise<BenchRow[]> {
  const rows = await measure();
  const jar = process.env.VERAPDF_JAR;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pdfa3-'));
  try {
    return rows.map((r) => {
      let ref = r.reference;
      let refName = r.referenceName;
      if (ref === null && jar && r.files) {
        // the same files through veraPDF's batch mode (one JVM per 400 files), flavour from each file's XMP
        ref = commandMs(verapdfSh, ['--flavour', 'auto', ...r.files], 1);
        refName = 'veraPDF batch incl. JVM starts';
      } else if (ref === null && jar && r.output) {
        const file = path.join(dir, 'out.pdf');
        writeFileSync(file, r.output);
        ref = commandMs(verapdfSh, ['--flavour', '3b', file], 1);
        refName = 'veraPDF incl. JVM start';
      }
      return {
        case: r.case,
        ours: `${r.ours.toFixed(1)} ms`,
        reference: ref === null ? 'n/a (set VERAPDF_JAR)' : `${ref.toFixed(1)} ms (${refName})`,
        ratio: ratio(r.ours, ref),
        inputSize: mb(r.inputSize),
        peakRss: `${r.peakRss} MB`,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
