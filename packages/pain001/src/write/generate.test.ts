import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseXml, SchemaStore } from '@kontor/xml';
import { BankDirectory, type BankCodeRecord } from '@kontor/bankdata';
import { generateAxz, generateSct, type PaymentFileResult } from './generate';
import { Pain001Error } from '../errors';
import { validatePain001 } from '../read/validate';
import { corpusAvailable, corpusSchemaStore, paymentsDir, xmllintAvailable, xmllintValid } from '../../test/corpus';
import { axzRun, now, rejection, sctRun } from '../../test/runs';

const has = corpusAvailable();
const lint = has && xmllintAvailable();
let store: SchemaStore;
let cleanup = () => {};
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kontor-pain-gen-'));
beforeAll(async () => {
  if (has) ({ store, cleanup } = await corpusSchemaStore());
});
afterAll(() => {
  cleanup();
  rmSync(tmp, { recursive: true, force: true });
});

const fixed = { now, messageId: 'MSG-TEST-1', createdAt: '2026-03-10T11:00:00' };

function xmllintAccepts(r: PaymentFileResult, xsd: string): void {
  if (!lint) return;
  const f = path.join(tmp, r.filename);
  writeFileSync(f, r.xml);
  const out = xmllintValid(f, path.join(paymentsDir, 'xsd', xsd));
  expect(out.output).toMatch(/validates/);
  expect(out.valid).toBe(true);
}

describe.runIf(has)('generateSct', () => {
  it('writes a GBIC_5 file that xmllint accepts, split into blocks by date, SALA and priority', async () => {
    const r = await generateSct(sctRun(), { ...fixed, schemaStore: store });
    expect(r.filename).toBe('sepa-inland-2026-03-16.xml');
    expect(r.verification).toMatchObject({ passed: true, schemaChecked: true, schema: 'dk:pain.001.001.09_GBIC_5', verdict: 'valid' });
    expect(r.summary.blocks).toEqual([
      { id: 'MSG-TEST-1-1', executionDate: '2026-03-16', payments: 1, controlSum: '1500.00' },
      { id: 'MSG-TEST-1-2', executionDate: '2026-03-16', categoryPurpose: 'SALA', payments: 1, controlSum: '2999.99' },
      { id: 'MSG-TEST-1-3', executionDate: '2026-03-16', instrPrty: 'HIGH', payments: 1, controlSum: '10.50' },
      { id: 'MSG-TEST-1-4', executionDate: '2026-03-20', payments: 1, controlSum: '0.01' },
    ]);
    expect(r.summary).toMatchObject({
      payments: 4,
      declaredPayments: 4,
      controlSum: '4510.50',
      declaredControlSum: '4510.50',
      paymentBlocks: 4,
      messageId: 'MSG-TEST-1',
      createdAt: '2026-03-10T11:00:00',
    });
    const { root } = parseXml(r.xml);
    const blocks = root.findAll('CstmrCdtTrfInitn', 'PmtInf');
    expect(blocks.map((b) => b.textAt('PmtTpInf', 'CtgyPurp', 'Cd') ?? '-')).toEqual(['-', 'SALA', '-', '-']);
    expect(blocks.map((b) => b.textAt('PmtTpInf', 'InstrPrty') ?? '-')).toEqual(['-', '-', 'HIGH', '-']);
    expect(blocks.every((b) => b.textAt('PmtTpInf', 'SvcLvl', 'Cd') === 'SEPA' && b.textAt('ChrgBr') === 'SLEV')).toBe(true);
    const tx = blocks[0]!.find('CdtTrfTxInf')!;
    expect(tx.textAt('PmtId', 'InstrId')).toBe('INSTR-0001');
    expect(tx.textAt('Cdtr', 'Nm')).toBe('Mueller + Soehne GmbH');
    expect(tx.textAt('Cdtr', 'PstlAdr', 'StrtNm')).toBe('Industriestrasse');
    expect(tx.textAt('Purp', 'Cd')).toBe('SUPP');
    expect(tx.textAt('UltmtCdtr', 'Nm')).toBe('Filiale Nord');
    expect(blocks[2]!.find('CdtTrfTxInf')!.textAt('UltmtDbtr', 'Nm')).toBe('Abteilung Einkauf');
    // endToEndId defaults to NOTPROVIDED
    expect(blocks[1]!.find('CdtTrfTxInf')!.textAt('PmtId', 'EndToEndId')).toBe('NOTPROVIDED');
    xmllintAccepts(r, 'dk/pain.001.001.09_GBIC_5.xsd');
  });

  it('is deterministic and derives default ids from the run and the clock', async () => {
    const a = await generateSct(sctRun(), { ...fixed, schemaStore: store });
    const b = await generateSct(sctRun(), { ...fixed, schemaStore: store });
    expect(b.xml).toBe(a.xml);
    const c = await generateSct(sctRun(), { now, schemaStore: store });
    const d = await generateSct(sctRun(), { now, schemaStore: store });
    expect(c.xml).toBe(d.xml);
    expect(c.summary.messageId).toMatch(/^K20260310110000[0-9A-F]{8}$/);
    expect(c.summary.createdAt).toBe('2026-03-10T11:00:00');
    const other = sctRun();
    other.payments[0].amount = 1501;
    expect((await generateSct(other, { now, schemaStore: store })).summary.messageId).not.toBe(c.summary.messageId);
  });

  it('keeps umlauts with the DK character set and escapes &', async () => {
    const r = await generateSct(sctRun(), { ...fixed, schemaStore: store, characterSet: 'dk' });
    expect(r.xml).toContain('<Nm>Müller &amp; Söhne GmbH</Nm>');
    xmllintAccepts(r, 'dk/pain.001.001.09_GBIC_5.xsd');
  });

  it('derives missing BICs from German IBANs through the bank directory', async () => {
    const rec = (bankCode: string, bic: string): BankCodeRecord => ({
      bankCode,
      feature: 1,
      name: 'Testbank',
      postCode: '',
      town: '',
      shortName: '',
      pan: '',
      bic,
      checkDigitMethod: '',
      recordNumber: '',
      change: 'U',
      deletionAnnounced: false,
      successor: null,
      line: 1,
    });
    const dir = BankDirectory.fromRecords([rec('50010517', 'INGDDEFFXXX'), rec('37040044', 'COBADEFFXXX')], { dataDate: '2026-03-02' });
    const run = sctRun();
    delete run.debtor.bic;
    const r = await generateSct(run, { ...fixed, schemaStore: store, bankDirectory: dir });
    expect(r.warnings.filter((w) => w.code === 'BIC_DERIVED').map((w) => w.path)).toEqual(['debtor.bic', 'payments.1.creditorBic']);
    const { root } = parseXml(r.xml);
    expect(root.find('CstmrCdtTrfInitn', 'PmtInf', 'DbtrAgt', 'FinInstnId', 'BICFI')?.text).toBe('COBADEFFXXX');
    expect(r.xml).toContain('<BICFI>INGDDEFFXXX</BICFI>');
    // without a directory the debtor agent is NOTPROVIDED (DK rule) and the file is still valid
    const plain = await generateSct(run, { ...fixed, schemaStore: store });
    expect(plain.xml).toContain('<Id>NOTPROVIDED</Id>');
    xmllintAccepts(plain, 'dk/pain.001.001.09_GBIC_5.xsd');
  });

  it('rejects business-rule violations with the full issue list (422) and shape errors as 400', async () => {
    const run = sctRun();
    run.payments[0].creditorIban = 'DE28100100100001234568';
    run.payments[1].remittanceInfo = 'x'.repeat(141);
    run.requestedExecutionDate = '2026-03-09';
    run.payments.push({ ...run.payments[2] });
    const e = await rejection(generateSct(run, { ...fixed, schemaStore: store }));
    expect(e).toBeInstanceOf(Pain001Error);
    expect(e.code).toBe('RUN_RULES_VIOLATED');
    expect(e.details.map((d) => `${d.severity}:${d.code}`)).toEqual(['error:REMITTANCE_TOO_LONG', 'error:EXECUTION_DATE_IN_PAST', 'error:IBAN_CHECKSUM', 'warning:DUPLICATE_PAYMENT']);
    await expect(generateSct({ debtor: {} }, { ...fixed, schemaStore: store })).rejects.toMatchObject({ code: 'RUN_SCHEMA_MISMATCH' });
    await expect(generateSct(sctRun(), { ...fixed, schemaStore: store, messageId: 'bad_id' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('generates and gates 1,000 payments', async () => {
    const run = sctRun();
    const base = run.payments[0];
    run.payments = Array.from({ length: 1000 }, (_, i) => ({
      ...base,
      amount: `${(i % 997) + 1}.${String(i % 100).padStart(2, '0')}`,
      endToEndId: `E2E-${i}`,
      instructionId: `I-${i}`,
      remittanceInfo: `Rechnung ${i}`,
    }));
    const r = await generateSct(run, { ...fixed, schemaStore: store });
    expect(r.summary.payments).toBe(1000);
    expect(r.summary.paymentBlocks).toBe(1);
    expect(r.verification.passed).toBe(true);
    xmllintAccepts(r, 'dk/pain.001.001.09_GBIC_5.xsd');
  });
});

describe.runIf(has)('generateAxz', () => {
  it('writes an ISO pain.001.001.09 foreign-payment file that xmllint accepts', async () => {
    const r = await generateAxz(axzRun(), { ...fixed, schemaStore: store });
    expect(r.filename).toBe('axz-ausland-2026-03-16.xml');
    expect(r.verification).toMatchObject({ passed: true, schema: 'iso:pain.001.001.09' });
    expect(r.summary.currencies).toEqual([
      { currency: 'CHF', payments: 1, total: '1250.50' },
      { currency: 'JPY', payments: 1, total: '120000.00' },
      { currency: 'USD', payments: 1, total: '25000.00' },
    ]);
    const { root } = parseXml(r.xml);
    const txs = root.findAll('CstmrCdtTrfInitn', 'PmtInf', 'CdtTrfTxInf');
    expect(txs.map((t) => t.textAt('ChrgBr'))).toEqual(['SHAR', 'DEBT', 'CRED']);
    expect(txs[0]!.textAt('CdtrAcct', 'Id', 'Othr', 'Id')).toBe('000123456789');
    expect(txs[0]!.textAt('CdtrAgt', 'FinInstnId', 'ClrSysMmbId', 'MmbId')).toBe('021000021');
    expect(txs[0]!.textAt('UltmtDbtr', 'PstlAdr', 'TwnNm')).toBe('Bonn');
    expect(txs[2]!.textAt('Amt', 'InstdAmt')).toBe('120000'); // JPY has no minor unit
    expect(txs[2]!.textAt('CdtrAgt', 'FinInstnId', 'Nm')).toBe('Mizuho Bank');
    const blocks = root.findAll('CstmrCdtTrfInitn', 'PmtInf');
    expect(blocks.map((b) => b.textAt('PmtTpInf', 'SvcLvl', 'Cd') ?? '-')).toEqual(['URGP', '-']);
    xmllintAccepts(r, 'iso/pain.001.001.09.xsd');
    // and it is detected as AXZ when validated without a profile
    const v = await validatePain001(r.xml, { schemaStore: store });
    expect(v).toMatchObject({ profile: 'axz', verdict: 'valid' });
  });

  it('rejects SALA and priority with 422', async () => {
    const run = axzRun();
    run.payments[0].categoryPurpose = 'SALA';
    run.payments[1].instrPrty = 'HIGH';
    await expect(generateAxz(run, { ...fixed, schemaStore: store })).rejects.toMatchObject({
      code: 'RUN_RULES_VIOLATED',
      details: [expect.objectContaining({ code: 'CATEGORY_PURPOSE_NOT_ALLOWED' }), expect.objectContaining({ code: 'PRIORITY_NOT_ALLOWED' })],
    });
  });
});

describe('authoritative gate', () => {
  it('refuses to deliver when the schema set is not installed, unless the caller opts out', async () => {
    const empty = new SchemaStore({ dir: path.join(tmp, 'empty') });
    const e = await rejection(generateSct(sctRun(), { ...fixed, schemaStore: empty }));
    expect(e).toMatchObject({ code: 'GATE_UNAVAILABLE' });
    expect(e.details[0]!.message).toMatch(/kontor schemas install/);
    await expect(generateAxz(axzRun(), fixed)).rejects.toMatchObject({ code: 'GATE_UNAVAILABLE' });
    const r = await generateSct(sctRun(), { ...fixed, schemaStore: empty, allowUnchecked: true });
    expect(r.verification).toMatchObject({ passed: false, schemaChecked: false, schema: 'dk:pain.001.001.09_GBIC_5' });
    expect(r.verification.note).toMatch(/allowUnchecked/);
  });

  it('fails with GATE_FAILED and the schema findings when the installed schema rejects the file', async () => {
    // A stand-in "GBIC_5" set that demands a different root element: the gate must report, not deliver.
    const src = path.join(tmp, 'strict-src');
    mkdirSync(src, { recursive: true });
    writeFileSync(
      path.join(src, 'pain.001.001.09_GBIC_5.xsd'),
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09" elementFormDefault="qualified"><xs:element name="Other" type="xs:string"/></xs:schema>',
    );
    const strict = new SchemaStore({ dir: path.join(tmp, 'strict') });
    await strict.installFrom(src);
    const e = await rejection(generateSct(sctRun(), { ...fixed, schemaStore: strict }));
    strict.dispose();
    expect(e).toBeInstanceOf(Pain001Error);
    expect(e.code).toBe('GATE_FAILED');
    expect(e.details[0]).toMatchObject({ code: 'XSD_ROOT_UNKNOWN', severity: 'error', line: 2 });
  });
});
