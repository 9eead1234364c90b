/**
 * Oracle agreement: for every pain.001 sample of ../shared/corpus/payments/golden.json, our XSD verdict equals
 * xmllint's for every schema the store holds, the schema our validator picks gives xmllint's verdict, and the
 * first reported error line matches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SchemaStore } from '@kontor/xml';
import { validatePain001 } from '../src/read/validate';
import { Pain001Error } from '../src/errors';
import { corpusAvailable, corpusSchemaStore, paymentsDir } from './corpus';

interface GoldenValidation {
  xsd: string;
  valid: boolean;
  errors: { line: number | null; column: number | null; kind: string; message: string }[];
}
interface GoldenSample {
  file: string;
  namespace: string;
  message: string;
  version: string | null;
  validations: GoldenValidation[];
}

const has = corpusAvailable();
const NS09 = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';
const NS03 = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';
const SET_OF_XSD: Record<string, string> = {
  'xsd/dk/pain.001.001.09_GBIC_5.xsd': 'dk:pain.001.001.09_GBIC_5',
  'xsd/iso/pain.001.001.09.xsd': 'iso:pain.001.001.09',
  'xsd/dk/pain.001.001.03_GBIC_3.xsd': 'dk:pain.001.001.03_GBIC_3',
  'xsd/iso/pain.001.001.03.xsd': 'iso:pain.001.001.03',
};

const samples: GoldenSample[] = has
  ? (JSON.parse(readFileSync(path.join(paymentsDir, 'golden.json'), 'utf8')) as { samples: GoldenSample[] }).samples.filter((s) => s.message === 'pain.001' || s.file.includes('pain'))
  : [];

let store: SchemaStore;
let cleanup = () => {};
beforeAll(async () => {
  if (has) ({ store, cleanup } = await corpusSchemaStore());
});
afterAll(() => cleanup());

describe.runIf(has)('golden.json agreement (xmllint oracle)', () => {
  it('covers every pain.001 sample of the corpus', () => {
    // 20 × .001.09, 17 × .001.03 (ISO namespace), the rest other versions/namespaces (corpus README counts).
    expect(samples.filter((s) => s.namespace === NS09).length).toBe(19);
    expect(samples.filter((s) => s.namespace === NS03).length).toBe(17);
    expect(samples.length).toBe(54);
  });

  it("validatePain001 picks the schema by namespace and profile; every (sample, schema) pair gives xmllint's verdict and first error line", async () => {
    let pairs = 0;
    let checked = 0;
    let refused = 0;
    const disagreements: string[] = [];
    const compare = (file: string, set: string, valid: boolean | null | undefined, firstLine: number | null | undefined, g: GoldenValidation) => {
      pairs++;
      if (valid !== g.valid) disagreements.push(`${file} × ${set}: ours ${valid}, xmllint ${g.valid}`);
      else if (!g.valid && g.errors[0]?.line != null && firstLine !== g.errors[0].line) disagreements.push(`${file} × ${set}: first error line ours ${firstLine}, xmllint ${g.errors[0].line}`);
    };
    for (const s of samples) {
      const bytes = readFileSync(path.join(paymentsDir, s.file));
      let chosen: string | undefined;
      try {
        const r = await validatePain001(bytes, { schemaStore: store, maxBytes: 20 * 1024 * 1024 });
        chosen = r.xsd.schemaSet;
        const xsdFile = Object.entries(SET_OF_XSD).find(([, id]) => id === chosen)![0];
        const g = s.validations.find((v) => v.xsd === xsdFile);
        if (!g) disagreements.push(`${s.file}: golden has no verdict for ${xsdFile}`);
        else {
          checked++;
          expect(r.xsd.available).toBe(true);
          compare(s.file, chosen, r.xsd.valid, r.xsd.findings[0]?.line, g);
          if (!g.valid) expect(r.verdict).toBe('invalid');
        }
      } catch (e) {
        // Only other versions and namespaces may be refused, and only with UNSUPPORTED_MESSAGE.
        expect(e).toBeInstanceOf(Pain001Error);
        expect((e as Pain001Error).code).toBe('UNSUPPORTED_MESSAGE');
        expect([NS09, NS03]).not.toContain(s.namespace);
        refused++;
      }
      // The other schemas the store holds for this sample (e.g. ISO next to GBIC_5, GBIC_3 next to ISO .03).
      for (const g of s.validations) {
        const set = SET_OF_XSD[g.xsd];
        if (!set || set === chosen) continue;
        const r = store.validate(set, bytes, { maxBytes: 20 * 1024 * 1024 });
        compare(s.file, set, r.valid, r.findings[0]?.line, g);
      }
    }
    expect(disagreements).toEqual([]);
    expect(pairs).toBe(74);
    expect(checked).toBe(samples.filter((s) => s.namespace === NS09 || s.namespace === NS03).length);
    expect(refused).toBe(samples.length - checked);
  });
});
