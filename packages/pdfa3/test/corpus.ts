/** Test helpers: the shared corpus (fail in CI when missing, skip elsewhere) and the veraPDF / qpdf oracles. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_PDF = fileURLToPath(new URL('../../../../shared/corpus/pdf/', import.meta.url));
const TOOLS = fileURLToPath(new URL('../../../../shared/tools/', import.meta.url));

/** true when the PDF corpus is there; throws in CI when it is not; otherwise prints why tests skip. */
export function corpusAvailable(): boolean {
  if (existsSync(join(CORPUS_PDF, 'verapdf-expected.json'))) return true;
  if (process.env.CI === 'true') throw new Error(`PDF corpus missing at ${CORPUS_PDF}`);
  console.log(`skipping corpus tests: ${CORPUS_PDF} not found`);
  return false;
}

/** Every .pdf file under `dir`, subdirectories included (the whole PDF corpus by default). */
export function* pdfFiles(dir = CORPUS_PDF): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) yield* pdfFiles(join(dir, e.name));
    else if (e.name.toLowerCase().endsWith('.pdf')) yield join(dir, e.name);
  }
}

export function readCorpus(rel: string): Uint8Array {
  return new Uint8Array(readFileSync(join(CORPUS_PDF, rel)));
}

export function readExpected<T>(name: string): Record<string, T> {
  return JSON.parse(readFileSync(join(CORPUS_PDF, name), 'utf8')) as Record<string, T>;
}

export interface VeraResult {
  file: string;
  compliant: boolean | null;
  flavour: string | null;
  failedRules: { clause: string; testNumber: number; description: string; count: number }[];
  error: string | null;
}

/** veraPDF is used only when VERAPDF_JAR names a readable jar; the reason for skipping is printed. */
export function veraAvailable(): boolean {
  const jar = process.env.VERAPDF_JAR;
  if (jar && existsSync(jar) && existsSync(join(TOOLS, 'verapdf.sh'))) return true;
  console.log('skipping veraPDF oracle checks: set VERAPDF_JAR to the veraPDF jar (see ../shared/tools/README.md)');
  return false;
}

/** Validates files with veraPDF (one JVM); `inputs` are paths or [name, bytes] pairs written to a temp dir. */
export function runVera(inputs: (string | [string, Uint8Array])[], flavour = '3b'): VeraResult[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdfa3-vera-'));
  try {
    const paths = inputs.map((x) => {
      if (typeof x === 'string') return x;
      const p = join(dir, x[0]);
      writeFileSync(p, x[1]);
      return p;
    });
    const r = spawnSync(join(TOOLS, 'verapdf.sh'), ['--flavour', flavour, ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: process.env });
    if (r.status === 2 || !r.stdout) throw new Error(`verapdf.sh failed: ${r.stderr}`);
    return r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as VeraResult);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function qpdfAvailable(): boolean {
  const r = spawnSync('qpdf', ['--version'], { encoding: 'utf8' });
  if (r.status === 0) return true;
  console.log('skipping qpdf checks: qpdf is not installed (apt-get install -y qpdf)');
  return false;
}

/** `qpdf --check` on bytes: exit 0 = no problems, 3 = warnings, 2 = errors. */
export function qpdfCheck(bytes: Uint8Array): { status: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pdfa3-qpdf-'));
  try {
    const p = join(dir, 'f.pdf');
    writeFileSync(p, bytes);
    const r = spawnSync('qpdf', ['--check', p], { encoding: 'utf8' });
    return { status: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
