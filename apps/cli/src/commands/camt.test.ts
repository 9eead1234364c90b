import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaStore } from '@kontor/xml';
import { paymentsAvailable, paymentsDir } from '@kontor/testkit/corpus';
import { generateCamt053, syntheticEntries } from '@kontor/testkit/camt-statements';
import { buildZip } from '@kontor/testkit/zipwriter';
import { runCapture } from '../../test/run';

const haveCorpus = paymentsAvailable();
const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-camt-'));
const schemaDir = path.join(dir, 'schemas');

beforeAll(async () => {
  const entries = syntheticEntries(3);
  entries[0] = { ...entries[0]!, cd: 'DBIT', amount: '12.50', remittance: ['Miete März'] };
  writeFileSync(path.join(dir, 'ok.xml'), generateCamt053({ entries }));
  writeFileSync(path.join(dir, 'bad.xml'), generateCamt053({ entries, closing: '1.00' }));
  writeFileSync(
    path.join(dir, 'delivery.zip'),
    buildZip([
      { name: 'a.xml', data: generateCamt053({ entries }) },
      { name: 'readme.txt', data: 'x' },
    ]),
  );
  writeFileSync(path.join(dir, 'pain.xml'), '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>');
  if (haveCorpus) {
    const s = new SchemaStore({ dir: schemaDir });
    await s.installFrom(paymentsDir);
    s.dispose();
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[]) {
  return runCapture(argv, { cwd: dir, env: { KONTOR_SCHEMA_DIR: schemaDir } });
}

describe('kontor camt parse', () => {
  it('prints JSON with numbers, or a CSV of the entries', async () => {
    const j = await run(['camt', 'parse', 'ok.xml', '--json', '--lang', 'de']);
    expect(j.code).toBe(0);
    const body = JSON.parse(j.out) as { summary: string; result: { files: { statements: { entries: { amount: number }[] }[] }[] } };
    expect(body.summary).toMatch(/3 Positionen/);
    expect(body.result.files[0]!.statements[0]!.entries[0]!.amount).toBe(12.5);
    const c = await run(['camt', 'parse', 'ok.xml', '--csv']);
    const rows = c.out.trimEnd().split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain(';-12,50;DBIT;');
    expect(rows[1]).toContain(';Miete März;');
    const human = await run(['camt', 'parse', 'delivery.zip', '--lang', 'de']);
    expect(human.out).toContain('a.xml: camt.053.001.08');
    expect(human.out).toContain('übersprungen: readme.txt: Keine XML-Datei.');
  });

  it('usage and input errors', async () => {
    expect((await run(['camt', 'parse'])).code).toBe(2);
    expect((await run(['camt', 'parse', 'ok.xml', '--json', '--csv'])).code).toBe(2);
    const missing = await run(['camt', 'parse', 'nope.xml']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('nope.xml: Error [FILE_NOT_FOUND]');
    const pain = await run(['camt', 'parse', 'pain.xml']);
    expect(pain).toMatchObject({ code: 1 });
    expect(pain.err).toContain('Error [UNSUPPORTED_FORMAT]');
  });
});

describe('kontor camt validate', () => {
  it('exit 0 for a valid file, 1 for an invalid one, with the findings', async () => {
    const ok = await run(['camt', 'validate', 'ok.xml', '--lang', 'de']);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('Urteil: valid');
    if (haveCorpus) expect(ok.out).toContain('XSD iso:camt.053.001.08: gültig');
    const okEn = await run(['camt', 'validate', 'ok.xml', '--lang', 'en']);
    expect(okEn.out).toContain('Verdict: valid');
    if (haveCorpus) expect(okEn.out).toContain('XSD iso:camt.053.001.08: valid');
    const bad = await run(['camt', 'validate', 'bad.xml', '--json']);
    expect(bad.code).toBe(1);
    const r = JSON.parse(bad.out) as { result: { verdict: string; schemaChecked: boolean; files: { findings: { code: string; path: string }[] }[] } };
    expect(r.result.verdict).toBe('invalid');
    expect(r.result.schemaChecked).toBe(haveCorpus);
    expect(r.result.files[0]!.findings).toContainEqual(expect.objectContaining({ code: 'CAMT_BALANCE_MISMATCH', path: 'statements[0].balances[1]' }));
    // --lang picks the language of the library's findings and summary; the codes stay the same.
    const de = JSON.parse((await run(['camt', 'validate', 'bad.xml', '--json', '--lang', 'de'])).out) as { summary: string; result: { files: { findings: { code: string; message: string }[] }[] } };
    const en = JSON.parse((await run(['camt', 'validate', 'bad.xml', '--json', '--lang', 'en'])).out) as typeof de;
    expect(en.result.files[0]!.findings.map((f) => f.code)).toEqual(de.result.files[0]!.findings.map((f) => f.code));
    expect(de.result.files[0]!.findings.find((f) => f.code === 'CAMT_BALANCE_MISMATCH')!.message).toMatch(/^Anfangssaldo/);
    expect(en.result.files[0]!.findings.find((f) => f.code === 'CAMT_BALANCE_MISMATCH')!.message).toMatch(/^Opening balance/);
    expect(de.summary).toMatch(/^1 Datei geprüft: ungültig/);
    expect(en.summary).toMatch(/^1 file checked: invalid/);
  });
});

describe('kontor camt validate on hostile files', () => {
  it('130,000 empty <Stmt/>: a clear LIMIT_EXCEEDED answer, not "Maximum call stack size exceeded" (regression)', async () => {
    const head =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>A</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr>';
    writeFileSync(path.join(dir, 'stmt130k.xml'), head + '<Stmt/>'.repeat(130_000) + '</BkToCstmrStmt></Document>');
    const r = await run(['camt', 'validate', 'stmt130k.xml', '--json']);
    expect(`${r.out}${r.err}`).not.toMatch(/call stack/i);
    expect(`${r.out}${r.err}`).toMatch(/LIMIT_EXCEEDED/);
    expect(r.code).not.toBe(0);
  });
});
