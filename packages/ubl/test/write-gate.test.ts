/** generateUbl gates the UBL it writes (not the intermediate CII): UBL 2.1 XSD when installed, then the native UBL rules. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SchemaStore } from '@kontor/xml';
import { generateUbl } from '../src';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../cii/test/fixtures');
const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'kontor-ubl-gate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A store holding a stricter stand-in for the given set: only another root element is allowed. */
function strictStore(set: string, ns: string): SchemaStore {
  const dir = path.join(tmp, set);
  mkdirSync(path.join(dir, set), { recursive: true });
  writeFileSync(path.join(dir, set, 'kontor-schema-set.json'), JSON.stringify({ id: set, entry: 'strict.xsd' }));
  writeFileSync(path.join(dir, set, 'strict.xsd'), `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${ns}"><xs:element name="Other" type="xs:string"/></xs:schema>`);
  return new SchemaStore({ dir });
}

describe('generateUbl gate', () => {
  it('without a store: UBL delivered, XSD step unavailable, native rules passed', () => {
    const r = generateUbl(fixture('02-minimal-xrechnung'));
    expect(r).toMatchObject({ ok: true, gate: { xsd: 'unavailable', rules: 'passed' } });
    expect(r.xml).toContain('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
  });

  it('a UBL XSD that rejects the output gives stage "gate" and no XML; a CII-only strict set does not (the UBL is gated, not the CII)', () => {
    const ubl = strictStore('ubl-2.1-invoice', 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
    const r = generateUbl(fixture('01-minimal-en16931'), { schemaStore: ubl });
    ubl.dispose();
    expect(r).toMatchObject({ ok: false, stage: 'gate', gate: { xsd: 'failed' } });
    expect(r.xml).toBeUndefined();
    expect(r.findings[0]).toMatchObject({ code: 'XSD_INVALID', severity: 'error' });
    const cii = strictStore('cii-d16b', 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100');
    const ok = generateUbl(fixture('01-minimal-en16931'), { schemaStore: cii });
    cii.dispose();
    expect(ok).toMatchObject({ ok: true, gate: { xsd: 'unavailable' } });
  });

  it('bad input stays stage "input"', () => {
    expect(generateUbl({ ...fixture('01-minimal-en16931'), totalNet: 1 })).toMatchObject({ ok: false, stage: 'input' });
  });
});
