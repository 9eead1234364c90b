import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCii } from '@kontor/cii';
import { checkPdfA3, readEmbeddedFiles } from '@kontor/pdfa3';
import { runCapture } from '../../test/run';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, '../../../../packages/cii/test/fixtures');
const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-pdf-'));

beforeAll(() => {
  copyFileSync(path.join(fixtures, '03-two-rates.json'), path.join(dir, 'inv.json'));
  copyFileSync(path.resolve(here, '../../../../packages/zugferd/test/fixtures/logo.svg'), path.join(dir, 'logo.svg'));
  const bad = JSON.parse(readFileSync(path.join(fixtures, '03-two-rates.json'), 'utf8'));
  bad.totalGross = 1;
  writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(bad));
  writeFileSync(path.join(dir, 'hours.csv'), 'a;b\n1;2\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  return runCapture(argv, { cwd: dir, env: {} });
}

describe('kontor invoice pdf', () => {
  it('typesets a PDF/A-3 hybrid with logo and attachment, then embeds into it with --pdf', async () => {
    const r = await run(['invoice', 'pdf', 'inv.json', '--logo', 'logo.svg', '--lang', 'en', '--attach', 'hours.csv', '-o', 'out.pdf']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('out.pdf: 1 page');
    const pdf = new Uint8Array(readFileSync(path.join(dir, 'out.pdf')));
    expect((await checkPdfA3(pdf)).passed).toBe(true);
    const files = await readEmbeddedFiles(pdf);
    expect(files.map((f) => f.name).sort()).toEqual(['factur-x.xml', 'hours.csv']);

    const e = await run(['invoice', 'pdf', 'inv.json', '--pdf', 'out.pdf', '-o', 'embedded.pdf', '--json']);
    expect(e.code, e.err).toBe(0);
    const j = JSON.parse(e.out) as { ok: boolean; mode: string; pages: number; check: { verdict: string } };
    expect(j).toMatchObject({ ok: true, mode: 'embed', pages: 1, check: { verdict: 'valid' } });
    const xml = (await readEmbeddedFiles(new Uint8Array(readFileSync(path.join(dir, 'embedded.pdf'))))).find((f) => f.name === 'factur-x.xml')!;
    expect(Buffer.from(xml.data).toString('utf8')).toBe(writeCii(JSON.parse(readFileSync(path.join(dir, 'inv.json'), 'utf8'))));
  });

  it('reports rejected invoices with their rule ids and writes nothing', async () => {
    const r = await run(['invoice', 'pdf', 'bad.json', '-o', 'bad.pdf']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Error [INVOICE_INVALID]');
    expect(r.err).toContain('BR-CO-15');
    const j = await run(['invoice', 'pdf', 'bad.json', '-o', 'bad.pdf', '--json']);
    expect(JSON.parse(j.out)).toMatchObject({ ok: false, code: 'INVOICE_INVALID' });
    expect(() => readFileSync(path.join(dir, 'bad.pdf'))).toThrow();
  });

  it('rejects usage mistakes with exit code 2', async () => {
    expect((await run(['invoice', 'pdf', 'inv.json'])).code).toBe(2);
    expect((await run(['invoice', 'pdf', 'inv.json', '-o', 'x.pdf', '--lang', 'fr'])).code).toBe(2);
    expect((await run(['invoice', 'pdf', 'inv.json', '-o', 'x.pdf', '--pdf', 'out.pdf', '--logo', 'logo.svg'])).code).toBe(2);
  });
});
