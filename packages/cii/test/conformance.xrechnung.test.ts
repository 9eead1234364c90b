/**
 * Conformance of the native XRechnung rules with the official KoSIT XRechnung CII schematron 2.5.0: for every
 * instance of ../shared/corpus/einvoice/golden.json, the multiset (rule id, flag, count) of our xrechnung findings
 * equals the oracle's, and the KoSIT-style accept/reject (XSD + EN 16931 + XRechnung, scenario by BT-24,
 * severity overrides) equals golden `kosit`. Prints an agreement table per corpus group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SchemaStore } from '@kontor/xml';
import { validateCii, xrechnungRules, type CiiValidationResult } from '../src/rules';
import { einvoiceCorpusAvailable, einvoiceDir, loadGolden } from './conformance-corpus';

/** "id|flag" → count. */
function multiset(entries: Iterable<[string, string]>): Map<string, number> {
  const m = new Map<string, number>();
  for (const [id, flag] of entries) m.set(`${id}|${flag}`, (m.get(`${id}|${flag}`) ?? 0) + 1);
  return m;
}

function diff(ours: Map<string, number>, golden: Map<string, number>): string[] {
  const out: string[] = [];
  for (const k of [...new Set([...ours.keys(), ...golden.keys()])].sort()) {
    const a = ours.get(k) ?? 0;
    const b = golden.get(k) ?? 0;
    if (a !== b) out.push(`${k} ours ${a} / official ${b}`);
  }
  return out;
}

interface Outcome {
  file: string;
  group: string;
  rulesAgree: boolean;
  ruleDiff: string[];
  kositAgree: boolean;
  kositDiff: string;
}

const available = einvoiceCorpusAvailable('XRechnung conformance');

describe.runIf(available)('XRechnung CII schematron 2.5.0 conformance (golden.json)', () => {
  const outcomes: Outcome[] = [];
  let schemaDir = '';
  let store: SchemaStore;

  beforeAll(async () => {
    schemaDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-xr-schemas-'));
    store = new SchemaStore({ dir: schemaDir });
    await store.installFrom(path.join(einvoiceDir, 'schema/cii-d16b'));
    const golden = loadGolden();
    const xrIds = new Set(xrechnungRules.map((r) => r.id));

    for (const [file, g] of Object.entries(golden.instances)) {
      const r: CiiValidationResult = validateCii(readFileSync(path.join(einvoiceDir, file)), { profile: 'xrechnung', schemaStore: store });
      const ours = multiset(r.findings.filter((f) => f.ruleset === 'xrechnung').map((f): [string, string] => [f.code, f.flag!]));
      // A rule we could not evaluate counts as a disagreement, whatever the official result.
      for (const f of r.findings) if (f.ruleset === 'engine' && f.detail && xrIds.has(f.detail)) ours.set(`${f.detail}|not-evaluated`, 1);
      const official = Array.isArray(g.xrechnung) ? new Map(g.xrechnung.map((x) => [`${x.id}|${x.flag}`, x.count] as const)) : new Map([['stylesheet-error|', 1]]);
      const ruleDiff = diff(ours, official);
      const k = r.kosit!;
      const kositAgree = k.accept === g.kosit.accept && k.scenario === g.kosit.scenario;
      const kositDiff = kositAgree ? '' : `ours ${k.accept ? 'accept' : 'reject'} [${k.errors.join(' ')}] / official ${g.kosit.accept ? 'accept' : 'reject'} [${g.kosit.errors.join(' ')}]`;
      outcomes.push({ file, group: g.group, rulesAgree: ruleDiff.length === 0, ruleDiff, kositAgree, kositDiff });
    }

    const groups = [...new Set(outcomes.map((o) => o.group))].sort();
    const rows = [...groups, 'total'].map((group) => {
      const os_ = group === 'total' ? outcomes : outcomes.filter((o) => o.group === group);
      const rules = os_.filter((o) => o.rulesAgree).length;
      const kosit = os_.filter((o) => o.kositAgree).length;
      return `${group.padEnd(28)} ${`${rules}/${os_.length}`.padStart(9)}   ${`${kosit}/${os_.length}`.padStart(9)}`;
    });
    console.log(['', `${'group'.padEnd(28)} ${'xrechnung'.padStart(9)}   ${'kosit'.padStart(9)}`, ...rows].join('\n'));
    const bad = outcomes.filter((o) => !o.rulesAgree || !o.kositAgree);
    for (const o of bad.slice(0, 40)) console.log(`  ${o.file}\n    ${[...o.ruleDiff, o.kositDiff].filter(Boolean).join('\n    ')}`);
    if (bad.length > 40) console.log(`  ... and ${bad.length - 40} more`);
  }, 180_000);

  afterAll(() => {
    store?.dispose();
    if (schemaDir) rmSync(schemaDir, { recursive: true, force: true });
  });

  it('covers the whole golden set', () => {
    expect(outcomes.length).toBe(616);
  });

  it('reports the official multiset (rule id, flag, count) of the XRechnung schematron for every instance', () => {
    expect(outcomes.filter((o) => !o.rulesAgree).map((o) => `${o.file}: ${o.ruleDiff.join('; ')}`)).toEqual([]);
  });

  it('gives the KoSIT accept/reject (and scenario) of the official configuration for every instance', () => {
    expect(outcomes.filter((o) => !o.kositAgree).map((o) => `${o.file}: ${o.kositDiff}`)).toEqual([]);
  });
});
