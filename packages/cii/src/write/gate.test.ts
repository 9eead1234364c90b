/** generateCii runs the authoritative gate on the XML it wrote (issue 12): XSD when a store has it, then the native rules. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SchemaStore } from '@kontor/xml';
import { evaluateGate, generateCii } from './write-cii';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures');
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(fixtures, `${name}.json`), 'utf8'));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kontor-cii-gate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function strictStore(): SchemaStore {
  const dir = path.join(tmp, 'strict');
  mkdirSync(path.join(dir, 'cii-d16b'), { recursive: true });
  writeFileSync(path.join(dir, 'cii-d16b', 'kontor-schema-set.json'), JSON.stringify({ id: 'cii-d16b', entry: 'strict.xsd' }));
  writeFileSync(
    path.join(dir, 'cii-d16b', 'strict.xsd'),
    '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><xs:element name="Other" type="xs:string"/></xs:schema>',
  );
  return new SchemaStore({ dir });
}

describe('generateCii gate', () => {
  it('reports the XSD step unavailable without a store (or with an empty one) and still runs the native rules', () => {
    const r = generateCii(fixture('02-minimal-xrechnung'), {});
    expect(r).toMatchObject({ ok: true, gate: { xsd: 'unavailable', rules: 'passed' } });
    expect(r.gate!.note).toMatch(/schema store/i);
    const empty = new SchemaStore({ dir: path.join(tmp, 'empty') });
    const e = generateCii(fixture('01-minimal-en16931'), { schemaStore: empty });
    empty.dispose();
    expect(e).toMatchObject({ ok: true, gate: { xsd: 'unavailable', rules: 'passed' } });
    expect(e.stage).toBeUndefined();
  });

  it('input errors are stage "input" and never reach the gate', () => {
    const r = generateCii({ ...fixture('01-minimal-en16931'), totalNet: 1 });
    expect(r).toMatchObject({ ok: false, stage: 'input' });
    expect(r.gate).toBeUndefined();
    expect(r.xml).toBeUndefined();
    expect(r.findings.map((f) => f.code)).toContain('BR-CO-13');
  });

  it('a generated XML the installed XSD rejects is never returned: stage "gate" with the schema findings', () => {
    const store = strictStore();
    const r = generateCii(fixture('01-minimal-en16931'), { schemaStore: store });
    store.dispose();
    expect(r).toMatchObject({ ok: false, stage: 'gate', gate: { xsd: 'failed' } });
    expect(r.xml).toBeUndefined();
    expect(r.bytes).toBeUndefined();
    expect(r.findings[0]).toMatchObject({ code: 'XSD_INVALID', severity: 'error' });
  });

  it('gate: false skips the check (for callers that gate their own output)', () => {
    const store = strictStore();
    const r = generateCii(fixture('01-minimal-en16931'), { schemaStore: store, gate: false });
    store.dispose();
    expect(r.ok).toBe(true);
    expect(r.gate).toBeUndefined();
    expect(r.xml).toContain('CrossIndustryInvoice');
  });

  it('evaluateGate: a rule error fails the rules step; a rejecting verdict without error findings still blocks', () => {
    const xsd = { available: true, valid: true, findings: [] };
    const ruleFail = evaluateGate({ verdict: 'invalid', xsd, findings: [{ code: 'BR-CO-15', severity: 'error', message: 'x', ruleset: 'en16931' }] as never });
    expect(ruleFail.gate).toEqual({ xsd: 'passed', rules: 'failed' });
    expect(ruleFail.failed.map((f) => f.code)).toEqual(['BR-CO-15']);
    const bare = evaluateGate({ verdict: 'invalid', xsd, findings: [] });
    expect(bare.failed.map((f) => f.code)).toEqual(['GATE_FAILED']);
    expect(evaluateGate({ verdict: 'valid', xsd, findings: [] })).toEqual({ gate: { xsd: 'passed', rules: 'passed' }, failed: [] });
  });
});
