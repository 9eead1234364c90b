/** Test helpers: fixtures, generated invoices, plain visual PDFs, the corpus gate, external tools (qpdf, pdftotext, veraPDF). */
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { completeInvoice, type InvoiceInput } from '@kontor/cii';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { createRequire } from 'node:module';
import { loadFixtures as loadSharedFixtures } from '@kontor/testkit/invoice-fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');

export interface Fixture {
  name: string;
  json: InvoiceInput & Record<string, unknown>;
}

/** The invoice fixtures of @kontor/cii (and our own extra ones), en16931 only: one reader, in @kontor/testkit. */
export function loadFixtures(): Fixture[] {
  return loadSharedFixtures() as Fixture[];
}

/** A valid invoice with `n` lines over two VAT rates, long names every few lines, and line allowances. */
export function manyLines(n: number, extra: Partial<InvoiceInput> = {}): InvoiceInput {
  const lines = Array.from({ length: n }, (_, i) => {
    const line: Record<string, unknown> = {
      name: i % 7 === 3 ? `Wartungsvertrag Serverraum Nord, Leistungsumfang gemäß Anlage ${i}: Prüfung der Klimatechnik, USV-Test und Dokumentation` : `Artikel ${i + 1} Schrauben M${(i % 12) + 3}`,
      quantity: (i % 9) + 1,
      unitCode: i % 5 === 0 ? 'HUR' : 'C62',
      unitPriceNet: Number((((i * 37) % 1000) / 10 + 1.5).toFixed(2)),
      vatRatePercent: i % 4 === 0 ? 7 : 19,
      sellerArticleId: `A-${10000 + i}`,
    };
    if (i % 11 === 5) line.allowanceCharges = [{ charge: false, percent: 10, reason: 'Mengenrabatt' }];
    return line;
  });
  return completeInvoice({
    invoiceNumber: `RE-BIG-${n}`,
    issueDate: '2025-03-10',
    dueDate: '2025-04-09',
    seller: {
      name: 'Nordlicht Software GmbH',
      vatId: 'DE811907980',
      address: { line1: 'Friedrichstraße 123', city: 'Berlin', postalCode: '10117', countryCode: 'DE' },
      contact: { name: 'Anna Schmidt', phone: '+49 30 1234567', email: 'buchhaltung@nordlicht.example' },
    },
    buyer: { name: 'Hanse Handel AG', address: { line1: 'Speicherstadt 5', city: 'Hamburg', postalCode: '20457', countryCode: 'DE' } },
    payment: { iban: 'DE02120300000000202051', bic: 'BYLADEM1001', discountPercent: 2, discountDays: 10 },
    lines: lines as never,
    ...extra,
  } as never);
}

/** A plain (not PDF/A) visual invoice PDF of `pages` pages with an embedded TrueType font, like an ERP would print. */
export async function visualPdf(pages: number, opts: { helvetica?: boolean; times?: boolean; objectStreams?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  let font;
  if (opts.helvetica || opts.times) {
    // a standard-14 font: pdf-lib writes it without a font program, as jsPDF and PDFKit do
    font = await doc.embedFont(opts.times ? 'Times-Roman' : 'Helvetica');
  } else {
    const require = createRequire(import.meta.url);
    font = await doc.embedFont(readFileSync(require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf')), { subset: true });
  }
  doc.setTitle('Rechnung');
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Rechnung RE-2025-0001 – Seite ${p + 1}`, { x: 60, y: 780, size: 16, font, color: rgb(0, 0, 0.4) });
    for (let i = 0; i < 30; i++) page.drawText(`Position ${p * 30 + i + 1}  Beratung  8 Std.  120,00 €`, { x: 60, y: 740 - i * 20, size: 10, font });
    page.drawRectangle({ x: 50, y: 60, width: 495, height: 40, borderColor: rgb(0.5, 0.5, 0.5), borderWidth: 1 });
  }
  // pdf-lib's default puts the font dictionaries into object streams; without them they are in the clear
  return doc.save({ useObjectStreams: opts.objectStreams ?? true });
}

/** Corpus gate: fails in CI when the corpus is missing, otherwise says why it skips. */
export { corpusAvailable } from '@kontor/testkit/corpus';

export function tool(name: string): boolean {
  const r = spawnSync(name, ['--version'], { stdio: 'ignore' });
  return !r.error;
}

/** qpdf --check: exit status 0 (clean) or 3 (warnings) with its output. */
export function qpdfCheck(bytes: Uint8Array): { status: number; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'zf-qpdf-'));
  try {
    const f = path.join(dir, 'in.pdf');
    writeFileSync(f, bytes);
    const r = spawnSync('qpdf', ['--check', f], { encoding: 'utf8' });
    return { status: r.status ?? -1, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Text of all pages via pdftotext (poppler), layout mode. */
export function pdfToText(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'zf-txt-'));
  try {
    const f = path.join(dir, 'in.pdf');
    writeFileSync(f, bytes);
    const r = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', f, '-'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
    return r.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface VeraResult {
  file: string;
  compliant: boolean;
  failedRules: { clause: string; testNumber: number; description: string; count: number }[];
  error?: string;
}

/** Runs the veraPDF oracle (../shared/tools/verapdf.sh) on the given PDFs in one JVM; null when VERAPDF_JAR is not set. */
export function veraPdf(files: { name: string; bytes: Uint8Array }[]): VeraResult[] | null {
  const jar = process.env.VERAPDF_JAR;
  const script = path.resolve(repoRoot, '../shared/tools/verapdf.sh');
  if (!jar || !existsSync(jar) || !existsSync(script)) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'zf-vera-'));
  try {
    const paths = files.map((f) => {
      const p = path.join(dir, `${f.name}.pdf`);
      writeFileSync(p, f.bytes);
      return p;
    });
    const r = spawnSync(script, ['--flavour', '3b', ...paths], { encoding: 'utf8', env: { ...process.env, VERAPDF_JAR: jar }, maxBuffer: 64 * 1024 * 1024 });
    const results = r.stdout
      .split('\n')
      .filter((l) => l.trim().startsWith('{'))
      .map((l) => JSON.parse(l) as VeraResult);
    return results.map((x) => ({ ...x, file: path.basename(x.file, '.pdf') }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
