/**
 * Conformance of the native EN 16931 rules with the official CEN CII validation artefacts 1.3.16: for every instance
 * of ../shared/corpus/einvoice/golden.json, the multiset (rule id, flag, count) of our EN 16931 findings equals the
 * oracle's, and our XSD verdict (CII D16B via the schema store) equals the oracle's xmllint verdict.
 * Prints an agreement table per corpus group. Where the official stylesheet aborted with a dynamic error (9
 * XSD-invalid mutants) there is no official rule list: only the XSD verdict is compared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SchemaStore } from '@kontor/xml';
import { validateCii } from '../src/rules';
import { einvoiceCorpusAvailable, einvoiceDir, loadGolden } from './conformance-corpus';

interface Outcome {
  file: string;
  group: string;
  /** undefined when the official stylesheet aborted (no rule list to compare). */
  rulesAgree: boolean | undefined;
  ruleDiff: string[];
  xsdAgree: boolean;
  engineErrors: string[];
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

const available = einvoiceCorpusAvailable('EN 16931 conformance');

describe.runIf(available)('EN 16931 CII validation 1.3.16 conformance (golden.json)', () => {
  const outcomes: Outcome[] = [];
  let schemaDir = '';

  beforeAll(async () => {
    schemaDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-en16931-schemas-'));
    const store = new SchemaStore({ dir: schemaDir });
    await store.installFrom(path.join(einvoiceDir, 'schema/cii-d16b'));
    try {
      const golden = loadGolden();
      for (const [file, g] of Object.entries(golden.instances)) {
        const r = validateCii(readFileSync(path.join(einvoiceDir, file)), { profile: 'en16931', schemaStore: store });
        const engineErrors = r.findings.filter((f) => f.code === 'RULE_ENGINE_ERROR' || (f.code === 'RULE_NOT_EVALUATED' && g.xsdValid)).map((f) => f.message);
        let rulesAgree: boolean | undefined;
        let ruleDiff: string[] = [];
        if (Array.isArray(g.en16931)) {
          const ours = multiset(r.findings.filter((f) => f.ruleset === 'en16931').map((f) => [f.code, f.flag ?? ''] as const));
          const official = multiset(g.en16931.map((x) => [x.id, x.flag, x.count] as const));
          ruleDiff = diff(ours, official);
          rulesAgree = ruleDiff.length === 0;
        }
        outcomes.push({ file, group: g.group, rulesAgree, ruleDiff, xsdAgree: r.xsd.valid === g.xsdValid, engineErrors });
      }
    } finally {
      store.dispose();
    }
  });

  afterAll(() => {
    if (schemaDir) rmSync(schemaDir, { recursive: true, force: true });
  });

  it('prints the agreement table', () => {
    const groups = [...new Set(outcomes.map((o) => o.group))].sort();
    const rows = groups.map((group) => {
      const os_ = outcomes.filter((o) => o.group === group);
      const compared = os_.filter((o) => o.rulesAgree !== undefined);
      return {
        group,
        'EN 16931 rules': `${compared.filter((o) => o.rulesAgree).length}/${compared.length}`,
        'XSD verdict': `${os_.filter((o) => o.xsdAgree).length}/${os_.length}`,
        'official aborted': os_.length - compared.length,
      };
    });
    const compared = outcomes.filter((o) => o.rulesAgree !== undefined);
    rows.push({
      group: 'TOTAL',
      'EN 16931 rules': `${compared.filter((o) => o.rulesAgree).length}/${compared.length}`,
      'XSD verdict': `${outcomes.filter((o) => o.xsdAgree).length}/${outcomes.length}`,
      'official aborted': outcomes.length - compared.length,
    });
    console.log('\nEN 16931 conformance (ours vs CEN artefacts 1.3.16 + xmllint)');
    console.table(rows);
    expect(outcomes.length).toBe(Object.keys(loadGolden().instances).length);
  });

  it('reports the same (rule id, flag, count) multiset as the official EN 16931 schematron on every instance', () => {
    const bad = outcomes.filter((o) => o.rulesAgree === false).map((o) => `${o.file}: ${o.ruleDiff.join('; ')}`);
    expect(bad).toEqual([]);
  });

  it('gives the same XSD verdict as xmllint on every instance', () => {
    expect(outcomes.filter((o) => !o.xsdAgree).map((o) => o.file)).toEqual([]);
  });

  it('evaluates every rule on every XSD-valid instance (no skipped rule, no engine error)', () => {
    expect(outcomes.filter((o) => o.engineErrors.length > 0).map((o) => `${o.file}: ${o.engineErrors.join('; ')}`)).toEqual([]);
  });
});
