import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaStore } from '@kontor/xml';
import { paymentsAvailable, paymentsDir } from '@kontor/testkit/corpus';
import { axzRun, sctRun } from '@kontor/testkit/payment-runs';
import { runCapture } from '../../test/run';

const haveCorpus = paymentsAvailable();
const here = path.dirname(fileURLToPath(import.meta.url));
const bankFixture = path.resolve(here, '../../../../packages/bankdata/test/fixtures/synthetic-blz.txt');
const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-pay-'));
const schemaDir = path.join(dir, 'data', 'schemas');

// Runs dated in the future of any clock this test may run at.
function future(run: Record<string, any>): Record<string, any> {
  run.requestedExecutionDate = '2099-03-16';
  for (const p of run.payments) if (p.requestedExecutionDate) p.requestedExecutionDate = '2099-03-20';
  return run;
}

beforeAll(async () => {
  writeFileSync(path.join(dir, 'run.json'), JSON.stringify(future(sctRun())));
  writeFileSync(path.join(dir, 'axz.json'), JSON.stringify(future(axzRun())));
  const bad = future(sctRun());
  bad.payments[0].creditorIban = 'DE28100100100001234568';
  writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(bad));
  writeFileSync(
    path.join(dir, 'items.json'),
    JSON.stringify([
      { id: 'a', countryCode: 'AT', addressLines: ['Stephansplatz 1', 'A-1010 Wien'] },
      { id: 'b', countryCode: 'JP', addressLines: ['x'] },
    ]),
  );
  if (haveCorpus) {
    const s = new SchemaStore({ dir: schemaDir });
    await s.installFrom(path.join(paymentsDir, 'xsd'));
    s.dispose();
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[], env: Record<string, string> = {}) {
  return runCapture(argv, { cwd: dir, env: { KONTOR_SCHEMA_DIR: schemaDir, ...env } });
}

describe('kontor bankdata import / bank lookup', () => {
  it('imports the Bundesbank file into data/bankdata.json and looks codes up', async () => {
    const imp = await run(['bankdata', 'import', bankFixture, '--valid-from', '2026-06-08', '--json']);
    expect(imp.code).toBe(0);
    const summary = JSON.parse(imp.out) as { file: string; banks: number; records: number; validTo: string; findings: unknown[] };
    expect(summary).toMatchObject({ file: path.join(dir, 'data', 'bankdata.json'), banks: 7, records: 10, validTo: '2026-09-06' });
    expect(summary.findings).toHaveLength(1);
    const j = await run(['bank', 'lookup', '10010099', '--json']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.out)).toMatchObject({ found: true, bic: 'KTORDEB1XXX', bankName: 'Kontor Testbank', dataDate: '2026-06-08' });
    const human = await run(['bank', 'lookup', '40040066']);
    expect(human.out).toContain('gelöscht, Nachfolger 10010099');
    expect((await run(['bank', 'lookup', '99999999'])).code).toBe(1);
    expect(JSON.parse((await run(['bank', 'lookup', '10010099', '--country', 'AT', '--json'])).out)).toEqual({ found: false, reason: 'unsupported_country' });
    // the raw file works directly too
    expect(JSON.parse((await run(['bank', 'lookup', '20020088', '--bankdata', bankFixture, '--json'])).out)).toMatchObject({ bic: 'KTORDEM2XXX' });
  });

  it('usage errors', async () => {
    expect((await run(['bank', 'lookup'])).code).toBe(2);
    expect((await run(['bankdata', 'import'])).code).toBe(2);
    expect((await run(['bankdata', 'import', bankFixture, '--valid-from', '8.6.2026'])).code).toBe(2);
    expect((await run(['bank', 'lookup', '1', '--bankdata', 'missing.json'])).code).toBe(2);
  });
});

describe.runIf(haveCorpus)('kontor pay sepa|axz|validate', () => {
  it('writes the SEPA file, and validate agrees it is valid', async () => {
    const g = await run(['pay', 'sepa', 'run.json', '-o', 'out/sepa.xml', '--lang', 'de']);
    expect(g.code).toBe(0);
    expect(g.out).toMatch(/out\/sepa\.xml: 4 Zahlung\(en\), 4510\.50 EUR, 4 Block\/Blöcke/);
    expect(g.out).toContain('Geprüft gegen dk:pain.001.001.09_GBIC_5: bestanden');
    // English from --lang en or the locale
    const e = await run(['pay', 'sepa', 'run.json', '-o', 'out/sepa-en.xml'], { LANG: 'en_GB.UTF-8' });
    expect(e.out).toMatch(/out\/sepa-en\.xml: 4 payment\(s\), 4510\.50 EUR, 4 block\(s\)/);
    expect(e.out).toContain('Checked against dk:pain.001.001.09_GBIC_5: passed');
    const xml = readFileSync(path.join(dir, 'out/sepa.xml'), 'utf8');
    expect(xml).toContain('<Cd>SALA</Cd>');
    const v = await run(['pay', 'validate', 'out/sepa.xml', '--json']);
    expect(v.code).toBe(0);
    const body = JSON.parse(v.out) as { summary: string; result: { verdict: string; profile: string; xsd: { valid: boolean } } };
    expect(body.result).toMatchObject({ verdict: 'valid', profile: 'sct', xsd: { valid: true } });
  });

  it('writes the AXZ file under its default name; --profile sct makes it invalid', async () => {
    const g = await run(['pay', 'axz', 'axz.json', '--json']);
    expect(g.code).toBe(0);
    const r = JSON.parse(g.out) as { file: string; filename: string; verification: { schema: string } };
    expect(r.filename).toBe('axz-ausland-2099-03-16.xml');
    expect(r.file).toBe(path.join(dir, 'axz-ausland-2099-03-16.xml'));
    expect(r.verification.schema).toBe('iso:pain.001.001.09');
    const v = await run(['pay', 'validate', 'axz-ausland-2099-03-16.xml', '--profile', 'sct']);
    expect(v.code).toBe(1);
    expect(v.out).toContain('SCT_CURRENCY_NOT_EUR');
  });

  it('prints the issue list and exits 1 for business-rule violations', async () => {
    const h = await run(['pay', 'sepa', 'bad.json']);
    expect(h.code).toBe(1);
    expect(h.err).toContain('Error [RUN_RULES_VIOLATED]');
    expect(h.err).toMatch(/IBAN_CHECKSUM \(payments\.0\.creditorIban\)/);
    const j = await run(['pay', 'sepa', 'bad.json', '--json', '--lang', 'de']);
    expect(JSON.parse(j.out)).toMatchObject({
      code: 'RUN_RULES_VIOLATED',
      details: expect.arrayContaining([expect.objectContaining({ code: 'IBAN_CHECKSUM', severity: 'error', message: expect.stringMatching(/Prüfziffern/) })]),
    });
    const en = await run(['pay', 'sepa', 'bad.json', '--json', '--lang', 'en']);
    expect(JSON.parse(en.out)).toMatchObject({ details: expect.arrayContaining([expect.objectContaining({ code: 'IBAN_CHECKSUM', message: expect.stringMatching(/check digits/) })]) });
  });

  it('refuses without schemas unless --allow-unchecked', async () => {
    const empty = path.join(dir, 'no-schemas');
    const r = await run(['pay', 'sepa', 'run.json', '-o', 'x.xml', '--schema-dir', empty]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('GATE_UNAVAILABLE');
    const u = await run(['pay', 'sepa', 'run.json', '-o', 'x.xml', '--schema-dir', empty, '--allow-unchecked', '--lang', 'de']);
    expect(u.code).toBe(0);
    expect(u.out).toContain('NICHT gegen ein Schema geprüft');
  });

  it('validate: unsupported files and usage errors', async () => {
    writeFileSync(path.join(dir, 'camt.xml'), '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>');
    const c = await run(['pay', 'validate', 'camt.xml']);
    expect(c.code).toBe(1);
    expect(c.err).toContain('UNSUPPORTED_MESSAGE');
    expect((await run(['pay', 'validate', 'camt.xml', '--profile', 'x'])).code).toBe(2);
    expect((await run(['pay', 'validate'])).code).toBe(2);
    expect((await run(['pay', 'sepa', 'run.json', '--charset', 'latin9'])).code).toBe(2);
  });
});

describe('kontor address structure', () => {
  it('splits what the rules can place and marks the rest unsure (no model configured)', async () => {
    const j = await run(['address', 'structure', 'items.json', '--json']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.out)).toEqual({
      items: [
        { id: 'a', confident: true, townName: 'Wien', postCode: '1010', streetName: 'Stephansplatz', buildingNumber: '1' },
        { id: 'b', confident: false },
      ],
    });
    const h = await run(['address', 'structure', 'items.json']);
    expect(h.out).toContain('a: Stephansplatz 1, 1010 Wien');
    expect(h.out).toContain('kein KI-Modell konfiguriert');
  });
});
