/**
 * Our schema verdict (schema store, libxml2) against xmllint's in golden.json, for every camt sample and every
 * camt ZIP member whose ISO schema the store targets; the other versions must answer available=false.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaStore } from '@kontor/xml';
import { validateStatements, type ValidatedFile } from '../src/index';
import { corpusAvailable, corpusSchemaStore, golden, sample, type GoldenSample } from './corpus';

const run = corpusAvailable();
let store: SchemaStore;
let dispose = () => {};

beforeAll(async () => {
  if (!run) return;
  ({ store, dispose } = await corpusSchemaStore());
});
afterAll(() => dispose());

const targeted = (version: string | null) => !!version && /^camt\.(05[234]\.001\.0[28]|086\.001\.0[1-5])$/.test(version);

function expectAgreement(ours: ValidatedFile, g: GoldenSample): void {
  const v = g.validations.find((x) => path.basename(x.xsd, '.xsd') === g.version);
  expect(v, `golden has a same-version validation for ${g.file}`).toBeDefined();
  expect(ours.xsd.available, g.file).toBe(true);
  expect(ours.xsd.valid, `${g.file}: xmllint says ${v!.valid}`).toBe(v!.valid);
  // Same errors, same order: libxml2 underneath both; lines must agree (xmllint has no columns for validity errors).
  expect(ours.xsd.errorCount, g.file).toBe(v!.errors.length);
  expect(
    ours.xsd.findings.map((f) => f.line),
    g.file,
  ).toEqual(v!.errors.map((e) => e.line));
  if (!v!.valid) expect(ours.verdict).toBe('invalid');
}

describe.runIf(run)('XSD verdicts agree with xmllint (golden.json)', () => {
  it('every targeted camt sample', async () => {
    const samples = golden().samples.filter((s) => s.message?.startsWith('camt') && targeted(s.version));
    expect(samples.length).toBeGreaterThanOrEqual(60);
    let invalid = 0;
    for (const g of samples) {
      const r = await validateStatements(sample(g.file), { filename: path.basename(g.file), schemaStore: store });
      expect(r.files).toHaveLength(1);
      const f = r.files[0]!;
      expect(`${f.message}.001.${f.version}`).toBe(g.version);
      expectAgreement(f, g);
      if (!f.xsd.valid) invalid++;
    }
    // The corpus deliberately holds both kinds.
    expect(invalid).toBeGreaterThan(10);
  });

  it('every camt member of the ZIP deliveries', async () => {
    for (const z of golden().zips) {
      const r = await validateStatements(sample(z.file), { filename: path.basename(z.file), schemaStore: store });
      const camtMembers = z.members.filter((m) => targeted(m.version));
      expect(r.files.map((f) => f.name).sort()).toEqual(camtMembers.map((m) => m.file.split('!/')[1]).sort());
      for (const m of camtMembers) {
        const f = r.files.find((x) => x.name === m.file.split('!/')[1])!;
        expectAgreement(f, m);
      }
    }
  });

  it('other camt versions are read best-effort with the schema check marked unavailable', async () => {
    const others = golden().samples.filter((s) => s.message?.startsWith('camt') && !targeted(s.version) && s.version);
    expect(others.length).toBeGreaterThan(20);
    for (const g of others) {
      await expect(validateStatements(sample(g.file), { schemaStore: store })).rejects.toMatchObject({ code: 'UNSUPPORTED_VERSION' });
      const r = await validateStatements(sample(g.file), { schemaStore: store, bestEffort: true });
      const f = r.files[0]!;
      expect(f.supported).toBe(false);
      expect(f.xsd.available).toBe(false);
      expect(f.findings.some((x) => x.code === 'CAMT_VERSION_BEST_EFFORT')).toBe(true);
      expect(r.schemaChecked).toBe(false);
    }
  });

  it('files with a broken namespace are rejected cleanly', async () => {
    const broken = golden().samples.filter((s) => s.file.includes('camt') && !s.version && s.namespace.includes('camt'));
    expect(broken.length).toBeGreaterThan(0);
    for (const g of broken) {
      await expect(validateStatements(sample(g.file), { schemaStore: store })).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
    }
  });
});
