/**
 * The official oracle (XSD + EN 16931 + XRechnung schematrons on Saxon) over every fixture's XML. Runs only when
 * ORACLE_ARTEFACTS points at prepared artefacts (see ../shared/tools/README.md): one JVM for all files.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCii } from '../src/index';
import { CORPUS_DIR, loadFixtures } from './helpers';

const artefacts = process.env.ORACLE_ARTEFACTS;
const script = path.resolve(CORPUS_DIR, '../tools/validate-cii.py');
const available = !!artefacts && existsSync(path.join(artefacts, 'READY')) && existsSync(script);
if (!available) console.warn('skipping oracle test: set ORACLE_ARTEFACTS to prepared official artefacts');

interface OracleResult {
  xsdValid: boolean;
  en16931: { failed: { id: string; flag: string }[] };
  xrechnung: { failed: { id: string; flag: string }[] };
}

describe.runIf(available)('official oracle', () => {
  it('finds no fatal EN 16931 rule in any fixture, and no fatal XRechnung rule in the xrechnung ones', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kontor-cii-oracle-'));
    const files: { file: string; profile: string }[] = [];
    for (const fx of loadFixtures()) {
      const profile = String(fx.json.profile ?? 'en16931');
      const file = path.join(dir, `${fx.name}.xml`);
      writeFileSync(file, writeCii(fx.json));
      files.push({ file, profile });
    }
    const attach = path.join(dir, 'attachments-embedded.xml');
    writeFileSync(
      attach,
      writeCii(loadFixtures().find((f) => f.name.startsWith('02-'))!.json, {
        attachments: [
          { filename: 'a.pdf', data: new TextEncoder().encode('%PDF-1.7') },
          { filename: 'b.csv', data: 'YTtiCg==' },
        ],
      }),
    );
    files.push({ file: attach, profile: 'xrechnung' });
    const out = execFileSync('python3', [script, ...files.map((f) => f.file)], { env: { ...process.env, ORACLE_ARTEFACTS: artefacts }, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' });
    const results = (JSON.parse(out) as { results: Record<string, OracleResult> }).results;
    const fatal: string[] = [];
    for (const { file, profile } of files) {
      const r = results[path.basename(file)] ?? results[file];
      expect(r, file).toBeDefined();
      if (!r!.xsdValid) fatal.push(`${path.basename(file)}: XSD`);
      for (const x of r!.en16931.failed) if (x.flag === 'fatal') fatal.push(`${path.basename(file)}: ${x.id}`);
      if (profile === 'xrechnung') for (const x of r!.xrechnung.failed) if (x.flag === 'fatal') fatal.push(`${path.basename(file)}: ${x.id}`);
    }
    expect(fatal).toEqual([]);
  }, 600_000);
});
