/**
 * Conformance of the native UBL validation with the official artefacts, for every instance of
 * ../shared/corpus/einvoice-ubl/golden.json: the multiset (rule id, flag, count) of our EN 16931 findings and of our
 * XRechnung findings against the CEN UBL 1.3.16 and XRechnung UBL 2.5.0 schematrons, the XSD verdict against
 * xmllint (UBL 2.1 Invoice/CreditNote from the schema store), and the KoSIT accept. Prints an agreement table per
 * group and the disagreements by rule; asserts the agreement reached so far (a floor that may only rise) and full
 * agreement of the XSD verdict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SchemaStore } from '@kontor/xml';
import { validateUbl } from '../src';
import { loadGolden, ublCorpusAvailable, ublDir, type GoldenRule } from './corpus';

interface Outcome {
  file: string;
  group: string;
  en: string[] | undefined;
  xr: string[] | undefined;
  xsdAgree: boolean;
  kositAgree: boolean;
}

function multiset(entries: Iterable<readonly [string, string, number?]>): Map<string, number> {
  const m = new Map<string, number>();
  for (const [id, flag, n] of entries) m.set(`${id} ${flag}`, (m.get(`${id} ${flag}`) ?? 0) + (n ?? 1));
  return m;
}
function diff(ours: Map<string, number>, official: Map<string, number>): string[] {
  const out: string[] = [];
  for (const k of [...new Set([...ours.keys(), ...official.keys()])].sort()) {
    const a = ours.get(k) ?? 0;
    const b = official.get(k) ?? 0;
    if (a !== b) out.push(`${k}: ours ${a}, official ${b}`);
  }
  return out;
}

/** Instances agreeing, out of 721 / 735 whole documents (rule lists compared), 1131 / 1129 unit fragments, 1866 KoSIT. */
const FLOORS = { wholeEn16931: 721, wholeXrechnung: 735, unitEn16931: 1131, unitXrechnung: 1129, kositAccept: 1866 };

const available = ublCorpusAvailable('UBL conformance');

describe.runIf(available)('native UBL validation vs official artefacts (golden.json)', () => {
  const outcomes: Outcome[] = [];
  let schemaDir = '';

  beforeAll(async () => {
    schemaDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-ubl-schemas-'));
    const store = new SchemaStore({ dir: schemaDir });
    await store.installFrom(path.join(ublDir, 'schema'));
    try {
      for (const [file, g] of Object.entries(loadGolden().instances)) {
        const r = validateUbl(readFileSync(path.join(ublDir, file)), { profile: 'xrechnung', schemaStore: store });
        const cmp = (set: 'en16931' | 'xrechnung', official: GoldenRule[] | { error: string }): string[] | undefined =>
          Array.isArray(official)
            ? diff(multiset(r.findings.filter((f) => f.ruleset === set).map((f) => [f.code, f.flag ?? ''] as const)), multiset(official.map((x) => [x.id, x.flag, x.count] as const)))
            : undefined;
        const k = r.kosit;
        const kositAgree = g.kosit.scenario === null ? !k?.accept : k?.accept === g.kosit.accept;
        outcomes.push({ file, group: g.group, en: cmp('en16931', g.en16931), xr: cmp('xrechnung', g.xrechnung), xsdAgree: r.xsd.valid === g.xsdValid, kositAgree });
      }
    } finally {
      store.dispose();
    }
  }, 600_000);

  afterAll(() => {
    if (schemaDir) rmSync(schemaDir, { recursive: true, force: true });
  });

  const agreeing = (os_: Outcome[], k: 'en' | 'xr'): string => {
    const c = os_.filter((o) => o[k] !== undefined);
    return `${c.filter((o) => o[k]!.length === 0).length}/${c.length}`;
  };

  it('prints the agreement table and the disagreements by rule', () => {
    const groups = [...new Set(outcomes.map((o) => o.group))].sort();
    const rows = [...groups.map((group) => ({ group, os: outcomes.filter((o) => o.group === group) })), { group: 'TOTAL', os: outcomes }].map(({ group, os: os_ }) => ({
      group,
      'EN 16931 rules': agreeing(os_, 'en'),
      'XRechnung rules': agreeing(os_, 'xr'),
      'XSD verdict': `${os_.filter((o) => o.xsdAgree).length}/${os_.length}`,
      'KoSIT accept': `${os_.filter((o) => o.kositAgree).length}/${os_.length}`,
    }));
    console.log('\nUBL conformance (ours vs CEN UBL 1.3.16, XRechnung UBL 2.5.0, xmllint, KoSIT)');
    console.table(rows);
    for (const unit of [false, true]) {
      const byRule = new Map<string, number>();
      for (const o of outcomes) if ((o.group === 'en16931-unit') === unit) for (const d of [...(o.en ?? []), ...(o.xr ?? [])]) byRule.set(d.split(':')[0]!, (byRule.get(d.split(':')[0]!) ?? 0) + 1);
      console.log(`${unit ? 'unit fragments' : 'whole documents'}: instances disagreeing, by rule:`, JSON.stringify([...byRule].sort((a, b) => b[1] - a[1])));
    }
    if (process.env.UBL_CONFORMANCE_DETAIL)
      for (const o of outcomes) if (o.group !== 'en16931-unit' && (o.en?.length || o.xr?.length)) console.log(o.file, [...(o.en ?? []), ...(o.xr ?? [])].join('; '));
    expect(outcomes.length).toBe(Object.keys(loadGolden().instances).length);
  });

  it('gives the same XSD verdict as xmllint on every instance', () => {
    expect(outcomes.filter((o) => !o.xsdAgree).map((o) => o.file)).toEqual([]);
  });

  it('reaches at least the recorded agreement (rules and KoSIT accept)', () => {
    const agree = (unit: boolean, k: 'en' | 'xr'): number => outcomes.filter((o) => (o.group === 'en16931-unit') === unit && o[k] !== undefined && o[k]!.length === 0).length;
    // Floors = the agreement measured when this test was last tightened; they may only rise.
    expect(agree(false, 'en')).toBeGreaterThanOrEqual(FLOORS.wholeEn16931);
    expect(agree(false, 'xr')).toBeGreaterThanOrEqual(FLOORS.wholeXrechnung);
    expect(agree(true, 'en')).toBeGreaterThanOrEqual(FLOORS.unitEn16931);
    expect(agree(true, 'xr')).toBeGreaterThanOrEqual(FLOORS.unitXrechnung);
    expect(outcomes.filter((o) => o.kositAgree).length).toBeGreaterThanOrEqual(FLOORS.kositAccept);
    // Whole documents (examples, test suite, KoSIT tests and mutants) agree completely, rule by rule.
    expect(outcomes.filter((o) => o.group !== 'en16931-unit' && (o.en?.length || o.xr?.length || !o.kositAgree)).map((o) => `${o.file}: ${[...(o.en ?? []), ...(o.xr ?? [])].join('; ')}`)).toEqual([]);
  });
});
