/**
 * validateInvoiceXml on bare UBL (the route POST /invoices/validate): the verdict agrees with the official artefacts
 * (golden.json of ../shared/corpus/einvoice-ubl) on every whole UBL document: XRechnung documents by the KoSIT
 * accept, the others by the UBL XSD and the fatal EN 16931 asserts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaStore } from '@kontor/xml';
import { validateInvoiceXml } from '../src/index';
import { corpusAvailable, corpusDir } from './helpers';

interface GoldenRule {
  id: string;
  flag: string;
  count: number;
}
interface Golden {
  group: string;
  xsdValid: boolean;
  en16931: GoldenRule[] | { error: string };
  kosit: { accept: boolean };
}

const ublDir = path.join(corpusDir, 'einvoice-ubl');
const available = corpusAvailable();

describe.runIf(available)('validateInvoiceXml on UBL vs the official artefacts', () => {
  let dir = '';
  let store: SchemaStore;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-zugferd-ubl-'));
    store = new SchemaStore({ dir });
    await store.installFrom(path.join(ublDir, 'schema'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the official verdict on every whole UBL document (unit fragments excluded)', async () => {
    const golden = (JSON.parse(readFileSync(path.join(ublDir, 'golden.json'), 'utf8')) as { instances: Record<string, Golden> }).instances;
    const disagree: string[] = [];
    let xr = 0;
    let en = 0;
    for (const [file, g] of Object.entries(golden)) {
      if (g.group === 'en16931-unit' || !Array.isArray(g.en16931)) continue;
      const report = await validateInvoiceXml(new Uint8Array(readFileSync(path.join(ublDir, file))), { schemaStore: store });
      const a = report.result.authoritative;
      expect(a.available, file).toBe(true);
      let official: boolean;
      if (a.profile === 'XRECHNUNG') {
        xr++;
        official = g.kosit.accept;
      } else {
        en++;
        official = g.xsdValid && !g.en16931.some((r) => r.flag === 'fatal');
      }
      if ((a.verdict !== 'invalid') !== official) disagree.push(`${file}: ours ${a.verdict}, official ${official ? 'valid' : 'invalid'}`);
    }
    expect(disagree).toEqual([]);
    expect(xr).toBeGreaterThan(500);
    expect(en).toBeGreaterThan(10);
  });

  it('reports a UBL invoice in the same shape as CII, with BT-125 attachments and the rule ids', async () => {
    const file = path.join(ublDir, 'instances/xrechnung/testsuite/technical-cases/cius/01.03_comprehensive_test_ubl.xml');
    const r = await validateInvoiceXml(new Uint8Array(readFileSync(file)), { schemaStore: store });
    expect(r.result.authoritative.profile).toBe('XRECHNUNG');
    expect(r.result.authoritative.engines.some((e) => e.includes('ubl-2.1-invoice'))).toBe(true);
    expect(r.result.en16931?.checked).toBe(true);
    expect(r.summary).toMatch(/UBL invoice/);
    // break BT-1 (invoice number): BR-02 must appear with the official id
    const broken = readFileSync(file, 'utf8').replace(/<cbc:ID>[^<]*<\/cbc:ID>/, '');
    const b = await validateInvoiceXml(broken, { schemaStore: store });
    expect(b.result.authoritative.verdict).toBe('invalid');
    expect(b.result.authoritative.findings.map((f) => f.code)).toContain('BR-02');
  });
});
