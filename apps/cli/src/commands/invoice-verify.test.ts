/** kontor invoice verify and kontor pdf check over generated hybrids (good, defective) in one process; exit codes 0/1/2. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { savePdfA3 } from '@kontor/pdfa3';
import { typesetInvoice } from '@kontor/zugferd';
import { runCapture } from '../../test/run';
import { loadFixtures } from '@kontor/testkit/invoice-fixtures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-verify-'));

beforeAll(async () => {
  const r = await typesetInvoice(structuredClone(loadFixtures()[0]!.json), { now: new Date('2025-03-10T09:30:00Z') });

  writeFileSync(path.join(dir, 'good.pdf'), r.pdf);
  writeFileSync(path.join(dir, 'invoice.xml'), r.xml);
  writeFileSync(path.join(dir, 'notes.txt'), 'not a pdf');
  const noAf = await PDFDocument.load(r.pdf, { updateMetadata: false });
  noAf.catalog.delete(PDFName.of('AF'));
  writeFileSync(path.join(dir, 'no-af.pdf'), await savePdfA3(noAf));
  const font = await PDFDocument.load(r.pdf, { updateMetadata: false });
  font.getPage(0).drawText('x', { x: 10, y: 10, size: 8, font: await font.embedFont(StandardFonts.Helvetica) });
  writeFileSync(path.join(dir, 'helvetica.pdf'), await savePdfA3(font));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (argv: string[]) => runCapture(argv, { cwd: dir, env: { KONTOR_SCHEMA_DIR: path.join(dir, 'schemas') } });

describe('kontor invoice verify', () => {
  it('verifies several PDFs in one process: 0 when all pass, 1 when one is invalid', async () => {
    const ok = await run(['invoice', 'verify', 'good.pdf']);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^good\.pdf: VALID/);
    expect(ok.out).toMatch(/structure: invoice XML yes, file name yes, \/AF yes, Factur-X XMP yes, PDF\/A 3B/);
    const both = await run(['invoice', 'verify', 'good.pdf', 'no-af.pdf', '--json']);
    expect(both.code).toBe(1);
    const j = JSON.parse(both.out) as { results: { file: string; result: { authoritative: { verdict: string; findings: { code: string }[] } } }[] };
    expect(j.results.map((r) => r.file)).toEqual(['good.pdf', 'no-af.pdf']);
    expect(j.results[0]!.result.authoritative.verdict).not.toBe('invalid');
    expect(j.results[1]!.result.authoritative.verdict).toBe('invalid');
    expect(j.results[1]!.result.authoritative.findings.map((f) => f.code)).toContain('FACTURX_NOT_ASSOCIATED');
  });

  it('reports XML given as a PDF as invalid (NOT_A_PDF), missing files and bad options as exit 2', async () => {
    const x = await run(['invoice', 'verify', 'invoice.xml', '--json']);
    expect(x.code).toBe(1);
    expect((JSON.parse(x.out) as { result: { authoritative: { findings: { code: string }[] } } }).result.authoritative.findings[0]!.code).toBe('NOT_A_PDF');
    const missing = await run(['invoice', 'verify', 'nope.pdf', 'good.pdf']);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.pdf: Error \[FILE_NOT_FOUND\]/);
    expect(missing.out).toMatch(/good\.pdf: VALID/);
    expect((await run(['invoice', 'verify'])).code).toBe(2);
    expect((await run(['invoice', 'verify', 'good.pdf', '--kosit-url', 'not a url'])).code).toBe(2);
  });

  it('names an unreachable engine and keeps the native verdict', async () => {
    const r = await run(['invoice', 'verify', 'good.pdf', '--verapdf-url', 'http://127.0.0.1:9', '--json']);
    const a = (JSON.parse(r.out) as { result: { authoritative: { available: boolean; note: string; verdict: string } } }).result.authoritative;
    expect(a.available).toBe(false);
    expect(a.note).toMatch(/veraPDF service at http:\/\/127\.0\.0\.1:9\/ is unreachable/);
    expect(a.verdict).not.toBe('invalid');
  });
});

describe('kontor pdf check', () => {
  it('--jsonl: one line per file with file, flavour, compliant, findings', async () => {
    const r = await run(['pdf', 'check', 'good.pdf', 'helvetica.pdf', 'notes.txt', '--flavour', '3b', '--jsonl']);
    expect(r.code).toBe(1);
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; flavour: string; compliant: boolean; findings: { code: string; severity: string }[] });
    expect(lines.map((l) => [l.file, l.flavour, l.compliant])).toEqual([
      ['good.pdf', '3b', true],
      ['helvetica.pdf', '3b', false],
      ['notes.txt', '3b', false],
    ]);
    expect(Object.keys(lines[0]!).sort()).toEqual(['compliant', 'file', 'findings', 'flavour']);
    expect(lines[1]!.findings.filter((f) => f.severity === 'error').every((f) => f.code.startsWith('6.2.11'))).toBe(true);
    expect(lines[2]!.findings.map((f) => f.code)).toEqual(['PDF_UNREADABLE']);
  });

  it('applies the flavour: a PDF/A-3 file is not PDF/A-2; human output; exit 0 / 2', async () => {
    const two = await run(['pdf', 'check', 'good.pdf', '--flavour', '2b', '--json']);
    expect(two.code).toBe(1);
    expect((JSON.parse(two.out) as { findings: { code: string }[] }).findings.map((f) => f.code)).toContain('6.6.4');
    const human = await run(['pdf', 'check', 'good.pdf', '--flavour', '3u']);
    expect(human.out).toMatch(/good\.pdf.*PDF\/A-3U/);
    const ok = await run(['pdf', 'check', 'good.pdf', '--flavour', '3b']);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/good\.pdf.*PDF\/A-3B compliant|good\.pdf: compliant \(PDF\/A-3B\)/);
    const missing = await run(['pdf', 'check', 'nope.pdf', '--flavour', '3b', '--jsonl']);
    expect(missing.code).toBe(2);
    // an I/O error is a line naming the file and the error (exit 2), never a crash
    expect(JSON.parse(missing.out)).toMatchObject({ file: 'nope.pdf', error: expect.stringMatching(/ENOENT|not found/) });
    expect((await run(['pdf', 'check', 'good.pdf', '--flavour', '1a'])).code).toBe(2);
  });
});
