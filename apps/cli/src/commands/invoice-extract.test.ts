/** kontor invoice extract over a hybrid, its plain print, a non-PDF and a scan in one process; the model path via KONTOR_AI_* against a stand-in. */
import { mkdtempSync, rmSync, writeFileSync, existsSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typesetInvoice } from '@kontor/zugferd';
import { completeInvoice, type DraftInvoice } from '@kontor/cii';
import { runCapture } from '../../test/run';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';
import { referenceInvoices } from '@kontor/testkit/reference-invoices';
import { stripEmbeddedInvoice } from '@kontor/testkit/pdf';
import { startModelStandIn, type ModelStandIn } from '@kontor/testkit/model-standin';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-extract-'));
const ref = referenceInvoices((d) => completeInvoice(d as unknown as DraftInvoice)).find((r) => r.name === '381-rechnungskorrektur')!;
let standIn: ModelStandIn;

beforeAll(async () => {
  standIn = await startModelStandIn();
  const { pdf } = await typesetInvoice(structuredClone(ref.json), { now: new Date('2025-03-10T09:30:00Z'), lang: ref.lang });
  writeFileSync(path.join(dir, 'hybrid.pdf'), pdf);
  writeFileSync(path.join(dir, 'print.pdf'), await stripEmbeddedInvoice(pdf));
  writeFileSync(path.join(dir, 'notes.pdf'), 'not a pdf at all');
  const scan = path.join(corpusDir, 'pdf/plain/ocrmypdf/c02-22.pdf');
  if (corpusAvailable()) copyFileSync(scan, path.join(dir, 'scan.pdf'));
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await standIn.close();
});

const run = (argv: string[], env: Record<string, string> = {}) => runCapture(argv, { cwd: dir, env: { KONTOR_SCHEMA_DIR: path.join(dir, 'schemas'), ...env } });

interface Out {
  file: string;
  source?: string;
  invoice?: { invoiceNumber: string; totalGross: number };
  issues?: { code: string }[];
  repairedPaths?: string[];
  code?: string;
}

describe('kontor invoice extract', () => {
  it('extracts many files in one process: hybrid as xml, the print from the text layer, a non-PDF as NOT_A_PDF', async () => {
    const r = await run(['invoice', 'extract', 'hybrid.pdf', 'print.pdf', 'notes.pdf', '--json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.out) as { results: Out[] };
    const by = Object.fromEntries(j.results.map((x) => [x.file, x]));
    expect(by['hybrid.pdf']!.source).toBe('xml');
    expect(by['hybrid.pdf']!.invoice!.invoiceNumber).toBe(ref.json.invoiceNumber);
    expect(by['print.pdf']!.source).toBe('llm');
    expect(by['print.pdf']!.invoice!.totalGross).toBe(ref.json.totalGross);
    expect(by['print.pdf']!.issues!.map((i) => i.code)).toContain('NO_MODEL_USED');
    expect(by['notes.pdf']!.code).toBe('NOT_A_PDF');
  });

  it('prints a headline per file and lists placeholders of a scan', async () => {
    const args = ['invoice', 'extract', 'print.pdf', ...(existsSync(path.join(dir, 'scan.pdf')) ? ['scan.pdf'] : [])];
    const r = await run(args);
    expect(r.out).toMatch(/print\.pdf: .*source llm: RK-2025-0007/);
    if (args.length > 3) {
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/placeholders to correct: invoiceNumber, issueDate/);
    } else expect(r.code).toBe(0);
  });

  it('uses the KONTOR_AI_* model unless --text-only', async () => {
    standIn.script([{ json: ref.json }]);
    const env = { KONTOR_AI_BASE_URL: standIn.baseUrl, KONTOR_AI_MODEL: 'standin' };
    const m = await run(['invoice', 'extract', 'print.pdf', '--json'], env);
    const out = JSON.parse(m.out) as Out;
    expect(out.issues![0]!.code).toBe('MODEL_USED');
    expect(standIn.requests).toHaveLength(1);
    standIn.script([]);
    const t = await run(['invoice', 'extract', 'print.pdf', '--json', '--text-only'], env);
    expect((JSON.parse(t.out) as Out).issues!.map((i) => i.code)).toContain('NO_MODEL_USED');
    expect(standIn.requests).toHaveLength(0);
    standIn.script([{ status: 500 }, { status: 500 }]);
    const f = await run(['invoice', 'extract', 'print.pdf', '--json'], env);
    expect(f.code).toBe(1);
    expect((JSON.parse(f.out) as Out).code).toBe('MODEL_FAILED');
  });
});
