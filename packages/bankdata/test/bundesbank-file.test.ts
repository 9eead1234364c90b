import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BankDirectory } from '../src/directory';
import { parseBankCodeFile } from '../src/parse';
import { corpusAvailable, corpusDir } from './corpus';

const has = corpusAvailable();

describe.runIf(has)('real Bundesbank bank-code file (corpus)', () => {
  const bytes = has ? readFileSync(path.join(corpusDir, 'payments/bankdata/blz-aktuell-txt-data.txt')) : new Uint8Array();

  it('parses every record with the counts the corpus README states', () => {
    const p = parseBankCodeFile(bytes);
    expect(p.findings).toEqual([]);
    expect(p.records).toHaveLength(13877);
    expect(new Set(p.records.map((r) => r.bankCode)).size).toBe(3506);
    expect(p.records.filter((r) => r.bic).length).toBe(4803);
    const flags = { U: 0, D: 0, M: 0, A: 0 };
    for (const r of p.records) flags[r.change]++;
    expect(flags).toEqual({ U: 13763, D: 74, M: 36, A: 4 });
    expect(p.records.filter((r) => r.deletionAnnounced)).toHaveLength(75);
  });

  it("agrees with schwifty's derived JSON on every primary record with a BIC", () => {
    const { directory } = BankDirectory.load(bytes, { dataDate: '2026-06-08' });
    expect(directory.size).toBe(3506);
    const schwifty = JSON.parse(readFileSync(path.join(corpusDir, 'payments/bankdata/schwifty_generated_de.json'), 'utf8')) as { bank_code: string; bic: string; name: string; primary: boolean }[];
    const primaries = schwifty.filter((s) => s.primary);
    expect(primaries.length).toBeGreaterThan(3000);
    let mismatches = 0;
    for (const s of primaries) {
      const r = directory.lookup(s.bank_code);
      if (!r.found || r.bic !== s.bic || r.bankName !== s.name) mismatches++;
    }
    expect(mismatches).toBe(0);
    expect(directory.lookup('10010010')).toMatchObject({ found: true, bic: 'PBNKDEFFXXX', bankName: 'Postbank Ndl der Deutsche Bank', town: 'Berlin' });
    expect(directory.bicForIban('DE89370400440532013000')).toBe('COBADEFFXXX');
  });
});
