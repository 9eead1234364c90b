/** official.ts is generated from the corpus code-list database: regenerating it in memory must give the committed file. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script without type declarations
import { CODEDB_PATH, generateCodelists } from '../scripts/gen-codelists.mjs';
import * as official from '../src/codelists/official';

const here = path.dirname(fileURLToPath(import.meta.url));
const codedb = path.resolve(here, '../../../../shared/corpus', CODEDB_PATH as string);
const available = existsSync(codedb);
if (!available && process.env.CI === 'true') throw new Error(`Corpus missing at ${codedb}; CI requires ../shared/corpus`);

describe.skipIf(!available)('generated code lists', () => {
  it('regenerating official.ts from the corpus is a no-op', () => {
    const generated = (generateCodelists as (xml: string) => string)(readFileSync(codedb, 'utf8'));
    expect(generated).toBe(readFileSync(path.resolve(here, '../src/codelists/official.ts'), 'utf8'));
  });
  it('applies the EN 16931 1.3.16 deltas to the Factur-X lists', () => {
    expect(official.CURRENCY_CODES.has('STD')).toBe(true);
    expect(official.CURRENCY_CODES.has('STN')).toBe(false);
    expect(official.VAT_ID_PREFIXES.has('EL')).toBe(true);
    expect(official.COUNTRY_CODES.has('EL')).toBe(false);
    expect(official.EAS_SCHEMES.has('0219')).toBe(true);
  });
  it('refuses a codedb with a DTD and reports a missing list', () => {
    const gen = generateCodelists as (xml: string) => string;
    expect(() => gen('<!DOCTYPE x [<!ENTITY e "1">]><codedb/>')).toThrow(/DTDs/);
    expect(() => gen('<codedb><cl id="2"><enumeration value="380"/></cl></codedb>')).toThrow(/list 24 \(CURRENCY_CODES\) missing/);
  });
});
