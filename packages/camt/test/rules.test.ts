/**
 * Business rules on constructed defects: each mutation of a clean, schema-valid statement must raise exactly the
 * rule it breaks (with path and location), while the XSD still accepts it where the defect is not a schema matter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaStore } from '@kontor/xml';
import { validateStatements, type StatementValidationResult } from '../src/index';
import { corpusAvailable, corpusSchemaStore, sample } from './corpus';
import { generateCamt053, makeIban, syntheticEntries, type GenEntry } from './generate';

const run = corpusAvailable();
let store: SchemaStore | undefined;
let dispose = () => {};
beforeAll(async () => {
  if (run) ({ store, dispose } = await corpusSchemaStore());
});
afterAll(() => dispose());

async function check(xml: string | Uint8Array): Promise<StatementValidationResult> {
  return validateStatements(xml, store ? { schemaStore: store } : {});
}

const codes = (r: StatementValidationResult) => r.files.flatMap((f) => f.findings.map((x) => x.code));
const finding = (r: StatementValidationResult, code: string) => r.files.flatMap((f) => f.findings).find((x) => x.code === code);

function entries(n = 6): GenEntry[] {
  return syntheticEntries(n, 11).map((e, i) => ({ ...e, bookingDate: `2026-03-0${2 + Math.floor(i / 3)}` }));
}

describe('camt.052/053/054 rules', () => {
  for (const version of ['02', '08'] as const) {
    it(`a clean statement (.${version}) is valid by rules and schema`, async () => {
      const r = await check(generateCamt053({ version, entries: entries(), from: '2026-03-02', to: '2026-03-03' }));
      expect(codes(r)).toEqual([]);
      expect(r.verdict).toBe('valid');
      if (store) expect(r.files[0]!.xsd).toMatchObject({ available: true, valid: true, ruleset: `iso.20022:camt053:${version}` });
      expect(r.schemaChecked).toBe(!!store);
    });
  }

  it('opening balance + booked entries must equal the closing balance', async () => {
    const xml = generateCamt053({ entries: entries(), from: '2026-03-02', to: '2026-03-03', opening: '1000.00', closing: '1000.01' });
    const r = await check(xml);
    const f = finding(r, 'CAMT_BALANCE_MISMATCH')!;
    expect(f).toMatchObject({ severity: 'error', path: 'statements[0].balances[1]' });
    expect(f.message).toMatch(/Differenz -?\d/);
    expect(f.line).toBe(1);
    expect(r.verdict).toBe('invalid');
    if (store) expect(r.files[0]!.xsd.valid).toBe(true);
  });

  it('pending entries do not move the booked balance', async () => {
    const e = entries();
    e.push({ amount: '999.00', cd: 'DBIT', status: 'PDNG' });
    const r = await check(generateCamt053({ version: '08', entries: e, from: '2026-03-02', to: '2026-03-03' }));
    expect(codes(r)).not.toContain('CAMT_BALANCE_MISMATCH');
    // ... but a statement (camt.053) should carry booked entries only.
    expect(finding(r, 'CAMT_UNBOOKED_IN_STATEMENT')?.severity).toBe('warning');
  });

  it('declared transaction summary: count and sum', async () => {
    const r = await check(generateCamt053({ entries: entries(), from: '2026-03-02', to: '2026-03-03', summary: { entries: 7, sum: '1.00' } }));
    expect(finding(r, 'CAMT_SUMMARY_COUNT_MISMATCH')).toMatchObject({ severity: 'error', path: 'statements[0].summary.declared.entries' });
    expect(finding(r, 'CAMT_SUMMARY_SUM_MISMATCH')).toMatchObject({ severity: 'error', path: 'statements[0].summary.declared.sum' });
  });

  it('IBAN check digits: account (error) and counterparty (warning), still schema-valid', async () => {
    const bad = makeIban('DE', '370400440532013000').replace(/^DE(\d\d)/, (_, d: string) => `DE${String((Number(d) + 1) % 100).padStart(2, '0')}`);
    const e = entries();
    e[1] = { ...e[1]!, iban: 'DE00500105170005400246' };
    const r = await check(generateCamt053({ entries: e, iban: bad, from: '2026-03-02', to: '2026-03-03' }));
    expect(finding(r, 'CAMT_ACCOUNT_IBAN_INVALID')).toMatchObject({ severity: 'error', path: 'statements[0].account.iban' });
    expect(finding(r, 'CAMT_PARTY_IBAN_INVALID')).toMatchObject({ severity: 'warning' });
    expect(finding(r, 'CAMT_PARTY_IBAN_INVALID')!.path).toMatch(/^statements\[0\]\.entries\[1\]\.transactions\[0\]\.(debtor|creditor)\.iban$/);
    if (store) expect(r.files[0]!.xsd.valid).toBe(true);
  });

  it('order of dates and sequence numbers; entries outside the period', async () => {
    const e = entries();
    [e[0], e[4]] = [e[4]!, e[0]!];
    e.push({ amount: '1.00', cd: 'CRDT', bookingDate: '2026-03-09' });
    const r = await check(generateCamt053({ entries: e, from: '2026-03-02', to: '2026-03-03', sequence: 5, more: [{ entries: entries(2), sequence: 4, from: '2026-03-04', to: '2026-03-04' }] }));
    expect(finding(r, 'CAMT_ENTRY_DATE_ORDER')).toMatchObject({ severity: 'warning', path: 'statements[0].entries[1].bookingDate' });
    expect(finding(r, 'CAMT_ENTRY_OUTSIDE_PERIOD')).toMatchObject({ path: 'statements[0].entries[6].bookingDate' });
    expect(finding(r, 'CAMT_SEQUENCE_ORDER')).toMatchObject({ severity: 'warning', path: 'statements[1].electronicSequenceNumber' });
  });

  it('duplicate entries: same bank reference, same content', async () => {
    const e = entries();
    e.push({ ...e[2]! });
    e[3] = { ...e[3]!, accountServicerRef: 'REF-1' };
    e[4] = { ...e[4]!, accountServicerRef: 'REF-1' };
    const r = await check(generateCamt053({ entries: e, from: '2026-03-02', to: '2026-03-03' }));
    expect(finding(r, 'CAMT_DUPLICATE_ENTRY_REF')).toMatchObject({ path: 'statements[0].entries[4].accountServicerRef' });
    // A byte-for-byte copy of an entry (other than its position) is caught by the content hash.
    const e2 = entries();
    e2[2] = { ...e2[2]!, accountServicerRef: 'SAME', endToEndId: 'E2E-X', name: 'Firma X', iban: makeIban('DE', '500105170005400246') };
    e2.push({ ...e2[2]! });
    const r2 = await check(generateCamt053({ entries: e2, from: '2026-03-02', to: '2026-03-03' }));
    expect(finding(r2, 'CAMT_DUPLICATE_ENTRY')).toMatchObject({ severity: 'warning', path: 'statements[0].entries[6]' });
    expect(codes(r2).filter((c) => c === 'CAMT_DUPLICATE_ENTRY')).toHaveLength(1);
  });

  it('entry currency differing from the account currency', async () => {
    const xml = generateCamt053({ entries: entries(), from: '2026-03-02', to: '2026-03-03' }).replace('<Amt Ccy="EUR">', '<Amt Ccy="USD">');
    const r = await check(xml);
    expect(codes(r)).toContain('CAMT_BALANCE_CURRENCY');
  });

  it('caps repeated findings of one code and says how many were left out', async () => {
    const e = syntheticEntries(80).map((x) => ({ ...x, iban: 'DE00500105170005400246' }));
    const r = await check(generateCamt053({ entries: e }));
    const f = r.files[0]!.findings;
    expect(f.filter((x) => x.code === 'CAMT_PARTY_IBAN_INVALID')).toHaveLength(50);
    expect(f.find((x) => x.code === 'CAMT_FINDINGS_TRUNCATED')!.message).toMatch(/30 weitere/);
  });

  it('a truncated file is invalid with the break located', async () => {
    const xml = generateCamt053({ entries: entries() });
    const r = await check(xml.slice(0, Math.floor(xml.length / 2)));
    expect(finding(r, 'XML_MALFORMED')?.line).toBeDefined();
    expect(r.verdict).toBe('invalid');
    if (store) expect(r.files[0]!.xsd.valid).toBe(false);
  });
});

describe.runIf(run)('corpus defects found by the rules', () => {
  it('hbci4java return debit: closing balance off by the returned amount', async () => {
    const r = await check(sample('samples/camt.052.001.02/hbci4java__test-camt-ruecklastschrift.xml'));
    expect(finding(r, 'CAMT_BALANCE_MISMATCH')!.message).toMatch(/Differenz 53,00 EUR/);
  });

  it('camt.054 batch with more transactions than declared', async () => {
    const r = await check(sample('samples/camt.054.001.08/camt__camt054.v8.xml'));
    expect(finding(r, 'CAMT_BATCH_COUNT_MISMATCH')?.message).toMatch(/2 Einzelumsätze, aufgeführt sind 3/);
  });
});

describe.runIf(run)('camt.086 rules', () => {
  const iso = () => sample('samples/camt.086.001.01/Iso20022Net__iso-sample_camt.086.001.01.xml').toString('utf8');

  it('the ISO sample: quantities and taxes agree; one price in another currency', async () => {
    const r = await check(iso());
    expect(codes(r)).toEqual(['CAMT086_PRICE_CURRENCY_MISMATCH']);
    expect(r.files[0]).toMatchObject({ message: 'camt.086', statements: 1, items: 7, verdict: 'valid_with_warnings' });
  });

  it('quantity x unit price', async () => {
    const r = await check(iso().replace('<Vol>3</Vol>', '<Vol>4</Vol>'));
    const f = finding(r, 'CAMT086_QUANTITY_PRICE_MISMATCH')!;
    expect(f).toMatchObject({ severity: 'error', path: 'statements[0].services[5].amount' });
    expect(f.message).toMatch(/Menge 4 × Stückpreis 13,00 GBP = 52,00 GBP, ausgewiesen sind 39,00 GBP/);
    if (store) expect(r.files[0]!.xsd.valid).toBe(true);
  });

  it('tax rate x taxable amount, tax total and tax due per region', async () => {
    const xml = iso().replace(/<TtlTaxAmt>\s*<Amt Ccy="GBP">33.48<\/Amt>/, '<TtlTaxAmt><Amt Ccy="GBP">33.58</Amt>');
    const r = await check(xml);
    expect(finding(r, 'CAMT086_TAX_RATE_MISMATCH')).toMatchObject({ path: 'statements[0].taxRegions[1].methodC.taxIds[0].amount' });
    expect(finding(r, 'CAMT086_TAX_TOTAL_MISMATCH')).toMatchObject({ path: 'statements[0].taxRegions[1].methodC.totalTax' });
    const due = await check(iso().replace(/<TaxDueToRgn>\s*<Amt Ccy="DKK">6.20<\/Amt>/, '<TaxDueToRgn><Amt Ccy="DKK">6.30</Amt>'));
    expect(finding(due, 'CAMT086_TAX_DUE_MISMATCH')).toMatchObject({ path: 'statements[0].taxRegions[0].taxDue' });
  });

  it('unknown tax region of a service', async () => {
    const xml = iso();
    const mutated = xml.replace(/(<TaxDsgnt>\s*<Cd>TAXE<\/Cd>\s*<Rgn>)DKK123456/, '$1XX999');
    expect(mutated).not.toBe(xml);
    const r = await check(mutated);
    expect(finding(r, 'CAMT086_TAX_REGION_UNKNOWN')).toMatchObject({ severity: 'warning', path: 'statements[0].services[2].taxRegion' });
  });

  it('reads camt.086 .02-.05 namespaces with the same model', async () => {
    for (const v of ['02', '03', '04', '05']) {
      const r = await check(iso().replace('camt.086.001.01', `camt.086.001.${v}`));
      expect(r.files[0]).toMatchObject({ message: 'camt.086', version: v, supported: true, items: 7 });
      expect(r.files[0]!.xsd.schemaSet).toBe(`iso:camt.086.001.${v}`);
      // No XSD for .04/.05 exists in the corpus: the check says so instead of guessing.
      if (store && (v === '04' || v === '05')) expect(r.files[0]!.xsd.available).toBe(false);
    }
  });
});
