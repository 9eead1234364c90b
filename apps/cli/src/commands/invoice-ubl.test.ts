/** kontor invoice xml --syntax ubl, invoice convert --to ubl|cii, invoice read and invoice validate on UBL. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaStore } from '@kontor/xml';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';
import { runCapture } from '../../test/run';

const haveCorpus = corpusAvailable();
const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-cli-ubl-'));
const schemaDir = path.join(dir, 'schemas');
const fixture = path.resolve(__dirname, '../../../../packages/cii/test/fixtures/02-minimal-xrechnung.json');

beforeAll(async () => {
  copyFileSync(fixture, path.join(dir, 'inv.json'));
  if (!haveCorpus) return;
  const s = new SchemaStore({ dir: schemaDir });
  await s.installFrom(path.join(corpusDir, 'einvoice-ubl/schema'));
  s.dispose();
  const tsFile = path.join(corpusDir, 'einvoice-ubl/instances/xrechnung/testsuite/business-cases/standard/01.01a-INVOICE_ubl.xml');
  copyFileSync(tsFile, path.join(dir, 'ts.xml'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (argv: string[]) => runCapture(argv, { cwd: dir, env: { KONTOR_SCHEMA_DIR: schemaDir } });

describe('kontor invoice xml --syntax ubl / convert / read', () => {
  it('writes UBL from invoice JSON', async () => {
    const r = await run(['invoice', 'xml', 'inv.json', '--syntax', 'ubl', '-o', 'inv.ubl.xml', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ ok: true, syntax: 'ubl', profile: 'xrechnung' });
    const xml = readFileSync(path.join(dir, 'inv.ubl.xml'), 'utf8');
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(xml).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>');
  });

  it('refuses an unknown syntax with a clear message', async () => {
    const r = await run(['invoice', 'xml', 'inv.json', '--syntax', 'edifact']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('Unknown syntax "edifact"');
  });

  it('converts UBL → CII → UBL through the model, byte-identical on the way back', async () => {
    await run(['invoice', 'xml', 'inv.json', '--syntax', 'ubl', '-o', 'a.ubl.xml']);
    const toCii = await run(['invoice', 'convert', 'a.ubl.xml', '--to', 'cii', '-o', 'a.cii.xml', '--json']);
    expect(toCii.code).toBe(0);
    expect(JSON.parse(toCii.out)).toMatchObject({ ok: true, from: 'ubl', to: 'cii', unsupported: [] });
    expect(readFileSync(path.join(dir, 'a.cii.xml'), 'utf8')).toContain('rsm:CrossIndustryInvoice');
    const back = await run(['invoice', 'convert', 'a.cii.xml', '--to', 'ubl', '-o', 'b.ubl.xml']);
    expect(back.code).toBe(0);
    expect(readFileSync(path.join(dir, 'b.ubl.xml'), 'utf8')).toBe(readFileSync(path.join(dir, 'a.ubl.xml'), 'utf8'));
  });

  it('convert needs --to and a readable invoice', async () => {
    expect((await run(['invoice', 'convert', 'inv.json'])).err).toContain('--to must be ubl or cii');
    writeFileSync(path.join(dir, 'x.xml'), '<a/>');
    const r = await run(['invoice', 'convert', 'x.xml', '--to', 'ubl', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, from: null, findings: [{ code: 'UNKNOWN_SYNTAX' }] });
  });

  it('reads UBL into the model', async () => {
    await run(['invoice', 'xml', 'inv.json', '--syntax', 'ubl', '-o', 'r.ubl.xml']);
    const r = await run(['invoice', 'read', 'r.ubl.xml', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as { profileName: string; invoice: { invoiceNumber: string }; unsupported: unknown[] };
    expect(body.profileName).toBe('XRECHNUNG');
    expect(body.unsupported).toEqual([]);
    expect(body.invoice.invoiceNumber).toBe(JSON.parse(readFileSync(fixture, 'utf8')).invoiceNumber);
  });
});

describe.runIf(haveCorpus)('kontor invoice validate on UBL', () => {
  it('detects UBL and validates it (XSD UBL 2.1, XRechnung, KoSIT accept)', async () => {
    const r = await run(['invoice', 'validate', 'ts.xml', '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out) as { syntax: string; verdict: string; profile: string; xsd: { available: boolean; valid: boolean }; kosit: { accept: boolean } };
    expect(body).toMatchObject({ syntax: 'ubl', verdict: 'valid', profile: 'xrechnung', xsd: { available: true, valid: true }, kosit: { accept: true } });
  });

  it('rejects a UBL invoice whose VAT breakdown is missing', async () => {
    const xml = readFileSync(path.join(dir, 'ts.xml'), 'utf8').replace(/<cac:TaxSubtotal>[\s\S]*?<\/cac:TaxSubtotal>/g, '');
    writeFileSync(path.join(dir, 'bad.xml'), xml);
    const r = await run(['invoice', 'validate', 'bad.xml', '--json']);
    expect(r.code).toBe(1);
    const body = JSON.parse(r.out) as { verdict: string; findings: { code: string }[] };
    expect(body.verdict).toBe('invalid');
    expect(body.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['BR-CO-18', 'PEPPOL-EN16931-R053']));
  });
});
