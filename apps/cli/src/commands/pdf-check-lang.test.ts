/** kontor pdf check --lang: the findings of @kontor/pdfa3 in the language asked for, the same codes in both. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCapture } from '../../test/run';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-pdf-lang-'));

beforeAll(async () => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.addPage([595, 842]);
  writeFileSync(path.join(dir, 'plain.pdf'), await doc.save({ useObjectStreams: false }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (argv: string[]) => runCapture(argv, { cwd: dir, env: {} });
type Out = { findings: { code: string; rule?: string; message: string }[] };

describe('kontor pdf check --lang', () => {
  it('de and en give the same findings, each with the texts of its language', async () => {
    const en = JSON.parse((await run(['pdf', 'check', 'plain.pdf', '--json', '--lang', 'en'])).out) as Out;
    const de = JSON.parse((await run(['pdf', 'check', 'plain.pdf', '--json', '--lang', 'de'])).out) as Out;
    expect(de.findings.map((f) => [f.code, f.rule])).toEqual(en.findings.map((f) => [f.code, f.rule]));
    expect(en.findings.map((f) => f.message)).toContain('the catalog has no Metadata stream');
    expect(de.findings.map((f) => f.message)).toContain('der Katalog hat keinen Metadata-Stream');
  });
});
