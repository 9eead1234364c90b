import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCii } from '@kontor/cii';
import { runCapture } from '../../test/run';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/cii/test/fixtures');
const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-cii-'));

beforeAll(() => {
  copyFileSync(path.join(fixtures, '02-minimal-xrechnung.json'), path.join(dir, 'xr.json'));
  copyFileSync(path.join(fixtures, '01-minimal-en16931.json'), path.join(dir, 'en.json'));
  const bad = JSON.parse(readFileSync(path.join(fixtures, '01-minimal-en16931.json'), 'utf8'));
  bad.totalNet = 1;
  writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(bad));
  writeFileSync(path.join(dir, 'note.csv'), 'a;b\n1;2\n');
  writeFileSync(path.join(dir, 'scan.pdf'), '%PDF-1.7\n%%EOF\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  return runCapture(argv, { cwd: dir, env: {} });
}

describe('kontor invoice xml', () => {
  it('prints the XML the library writes, or writes it to -o', async () => {
    const en = JSON.parse(readFileSync(path.join(dir, 'en.json'), 'utf8'));
    const r = await run(['invoice', 'xml', 'en.json']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(writeCii(en));
    const o = await run(['invoice', 'xml', 'en.json', '--profile', 'xrechnung', '-o', 'out.xml']);
    expect(o.code).toBe(1);
    expect(o.err).toContain('BR-DE-15');
    const x = await run(['invoice', 'xml', 'xr.json', '-o', 'out.xml', '--attach', 'note.csv']);
    expect(x.code).toBe(0);
    const xml = readFileSync(path.join(dir, 'out.xml'), 'utf8');
    expect(xml).toContain('filename="note.csv"');
    expect(x.out).toMatch(/out\.xml: \d+ bytes, profile xrechnung/);
  });

  it('reports rule findings as JSON and exits 1 on rejection', async () => {
    const r = await run(['invoice', 'xml', 'bad.json', '--json']);
    expect(r.code).toBe(1);
    const body = JSON.parse(r.out) as { ok: boolean; findings: { code: string }[] };
    expect(body.ok).toBe(false);
    expect(body.findings.map((f) => f.code)).toContain('BR-CO-13');
    expect((await run(['invoice', 'xml', 'en.json', '--profile', 'peppol'])).code).toBe(2);
    expect((await run(['invoice', 'xml'])).code).toBe(2);
  });
});

describe('kontor invoice read', () => {
  it('reads a CII file back into the model', async () => {
    await run(['invoice', 'xml', 'xr.json', '-o', 'back.xml']);
    const r = await run(['invoice', 'read', 'back.xml', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as { profile: string; invoice: { invoiceNumber: string }; unsupported: unknown[] };
    expect(body.profile).toBe('xrechnung');
    expect(body.invoice.invoiceNumber).toBe(JSON.parse(readFileSync(path.join(dir, 'xr.json'), 'utf8')).invoiceNumber);
    expect(body.unsupported).toEqual([]);
    const human = await run(['invoice', 'read', 'back.xml']);
    expect(human.out).toContain('XRECHNUNG');
  });

  it('says that PDF extraction is not available yet, and reports unreadable XML', async () => {
    const p = await run(['invoice', 'read', 'scan.pdf', '--json']);
    expect(p.code).toBe(1);
    expect(JSON.parse(p.out)).toMatchObject({ code: 'PDF_EXTRACTION_UNAVAILABLE' });
    writeFileSync(path.join(dir, 'broken.xml'), '<a>');
    const b = await run(['invoice', 'read', 'broken.xml']);
    expect(b.code).toBe(1);
    expect(b.err).toContain('XML_MALFORMED');
  });

  it('gives the reader texts in the language of --lang, codes unchanged', async () => {
    writeFileSync(path.join(dir, 'not-cii.xml'), '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2x"/>');
    const en = JSON.parse((await run(['invoice', 'read', 'not-cii.xml', '--json', '--lang', 'en'])).out) as { findings: { code: string; message: string }[] };
    const de = JSON.parse((await run(['invoice', 'read', 'not-cii.xml', '--json', '--lang', 'de'])).out) as typeof en;
    expect(de.findings.map((f) => f.code)).toEqual(en.findings.map((f) => f.code));
    expect(en.findings[0]).toMatchObject({ code: 'NOT_CII', message: expect.stringMatching(/^The document is a UBL document/) });
    expect(de.findings[0]).toMatchObject({ code: 'NOT_CII', message: expect.stringMatching(/^Das Dokument ist ein UBL-Dokument/) });
  });
});
