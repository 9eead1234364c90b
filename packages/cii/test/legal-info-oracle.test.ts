/**
 * BT-33 (seller.legalInfo) and the German legal-content warnings must not change what the official artefacts say:
 * every fixture is written with and without seller legal information and both go through the oracle (XSD, EN 16931
 * and XRechnung schematrons on Saxon) in one JVM; the results must be identical. Runs only when ORACLE_ARTEFACTS
 * points at prepared artefacts (see ../shared/tools/README.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCii } from '../src/index';
import { CORPUS_DIR, loadFixtures } from './helpers';

const artefacts = process.env.ORACLE_ARTEFACTS;
const script = path.resolve(CORPUS_DIR, '../tools/validate-cii.py');
const available = !!artefacts && existsSync(path.join(artefacts, 'READY')) && existsSync(script);
if (!available) console.warn('skipping BT-33 oracle test: set ORACLE_ARTEFACTS to prepared official artefacts');

interface OracleResult {
  xsdValid: boolean;
  en16931: { failed: { id: string; flag: string }[] };
  xrechnung: { failed: { id: string; flag: string }[] };
}

const signature = (r: OracleResult) => ({
  xsd: r.xsdValid,
  en16931: r.en16931.failed.map((f) => `${f.id}/${f.flag}`).sort(),
  xrechnung: r.xrechnung.failed.map((f) => `${f.id}/${f.flag}`).sort(),
});

describe.runIf(available)('official oracle with BT-33', () => {
  it('gives the same XSD, EN 16931 and XRechnung results with and without seller legal information', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kontor-cii-bt33-'));
    const pairs: [string, string][] = [];
    for (const fx of loadFixtures()) {
      const plain = generateCii(structuredClone(fx.json));
      if (!plain.ok) continue;
      const withLegal = structuredClone(fx.json) as { seller: Record<string, unknown> };
      withLegal.seller.legalInfo = 'Sitz Berlin · Amtsgericht Charlottenburg HRB 123456 B · Geschäftsführer: Anna Schmidt & Bernd Müller';
      const legal = generateCii(withLegal);
      expect(legal.ok, fx.name).toBe(true);
      expect(legal.xml).toContain('<ram:Description>Sitz Berlin');
      const a = path.join(dir, `${fx.name}.plain.xml`);
      const b = path.join(dir, `${fx.name}.bt33.xml`);
      writeFileSync(a, plain.xml!);
      writeFileSync(b, legal.xml!);
      pairs.push([a, b]);
    }
    expect(pairs.length).toBeGreaterThanOrEqual(45);
    const out = execFileSync('python3', [script, ...pairs.flat()], { env: { ...process.env, ORACLE_ARTEFACTS: artefacts }, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' });
    const results = (JSON.parse(out) as { results: Record<string, OracleResult> }).results;
    for (const [a, b] of pairs) {
      const ra = results[path.basename(a)] ?? results[a];
      const rb = results[path.basename(b)] ?? results[b];
      expect(ra, a).toBeDefined();
      expect(rb, b).toBeDefined();
      expect(signature(rb!), path.basename(b)).toEqual(signature(ra!));
      expect(rb!.xsdValid).toBe(true);
      expect(rb!.en16931.failed.filter((f) => f.flag === 'fatal')).toEqual([]);
    }
  }, 600_000);
});
