/**
 * Each one-defect constructed file of ../shared/corpus/payments/constructed.json yields the finding for its
 * defect, and the file it was derived from does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SchemaStore } from '@kontor/xml';
import { validatePain001, type Pain001ValidationResult } from '../src/read/validate';
import { Pain001Error } from '../src/errors';
import { corpusAvailable, corpusSchemaStore, paymentsDir } from './corpus';
import { rejection } from './runs';

const has = corpusAvailable();
let store: SchemaStore;
let cleanup = () => {};
beforeAll(async () => {
  if (has) ({ store, cleanup } = await corpusSchemaStore());
});
afterAll(() => cleanup());

const read = (f: string) => readFileSync(path.join(paymentsDir, f));
const base = 'samples/constructed/pain.001.001.09_gbic5_sct+inst_valid.xml';

/** file suffix → [rule finding code (or null when only the schema can see it), XSD finding code, line]. */
const EXPECTED: Record<string, [string | null, string, number]> = {
  'bad-zero-amount': ['AMOUNT_NOT_POSITIVE', 'XSD_MIN_INCLUSIVE', 54],
  'bad-usd-in-sct': ['SCT_CURRENCY_NOT_EUR', 'XSD_ENUMERATION', 54],
  'bad-three-decimals': ['AMOUNT_TOO_MANY_DECIMALS', 'XSD_FRACTION_DIGITS', 54],
  'bad-name-71-chars': ['NAME_TOO_LONG', 'XSD_MAX_LENGTH', 62],
  'bad-e2e-underscore': ['END_TO_END_ID_CHARSET', 'XSD_PATTERN', 51],
  'bad-missing-reqdexctndt': ['EXECUTION_DATE_MISSING', 'XSD_UNEXPECTED_ELEMENT', 24],
  'bad-bic-format': ['BIC_INVALID', 'XSD_PATTERN', 44],
  'bad-iban-lowercase': ['IBAN_INVALID_FORMAT', 'XSD_PATTERN', 39],
  'bad-element-order': [null, 'XSD_UNEXPECTED_ELEMENT', 15],
  'bad-truncated': ['XML_MALFORMED', 'XML_MALFORMED', 137],
  'xsdvalid-nboftxs-mismatch': ['NB_OF_TXS_MISMATCH', '', 0],
  'xsdvalid-ctrlsum-mismatch': ['CTRL_SUM_MISMATCH', '', 0],
  'xsdvalid-iban-checksum': ['IBAN_CHECKSUM', '', 0],
};

const intents: { file: string; intent: string; derived_from?: string }[] = has ? JSON.parse(readFileSync(path.join(paymentsDir, 'constructed.json'), 'utf8')) : [];

describe.runIf(has)('constructed one-defect files', () => {
  let baseline: Pain001ValidationResult;
  beforeAll(async () => {
    baseline = await validatePain001(read(base), { schemaStore: store });
  });

  it('the base file is valid on schema and rules', () => {
    expect(baseline).toMatchObject({ verdict: 'valid', profile: 'sct', version: '09', xsd: { available: true, valid: true, schemaSet: 'dk:pain.001.001.09_GBIC_5' } });
    expect(baseline.findings).toEqual([]);
    expect(baseline.summary).toEqual({
      payments: 4,
      declaredPayments: 4,
      controlSum: '1000001529.99',
      declaredControlSum: '1000001529.99',
      currencies: [{ currency: 'EUR', payments: 4, total: '1000001529.99' }],
      executionDates: ['2026-03-16'],
      paymentBlocks: 2,
      messageId: 'MSG-2026-03-13-0001',
      createdAt: '2026-03-13T09:30:00',
    });
  });

  it('every mutation named in constructed.json is covered here', () => {
    const mutated = intents.filter((i) => i.derived_from === base).map((i) => /_gbic5_(.+)\.xml$/.exec(i.file)![1]!);
    expect(mutated.sort()).toEqual([...Object.keys(EXPECTED), 'bad-wrong-namespace'].sort());
  });

  for (const [suffix, [ruleCode, xsdCode, line]] of Object.entries(EXPECTED)) {
    it(`${suffix}: ${ruleCode ?? xsdCode}`, async () => {
      const r = await validatePain001(read(`samples/constructed/pain.001.001.09_gbic5_${suffix}.xml`), { schemaStore: store });
      expect(r.verdict).toBe('invalid');
      const newCodes = r.findings.map((f) => f.code).filter((c) => !baseline.findings.some((b) => b.code === c));
      if (ruleCode) {
        expect(newCodes).toContain(ruleCode);
        const f = r.findings.find((x) => x.code === ruleCode)!;
        expect(f.severity).toBe('error');
        expect(f.message).toMatch(/[äöüÄÖÜß]|fehlt|Betrag|Prüfziffer|Zeichen|XML|Währung|angegeben|Kontrollsumme|BIC|IBAN/);
        expect(f.line).toBeGreaterThan(0);
      }
      if (xsdCode) {
        expect(r.xsd.valid).toBe(false);
        expect(r.xsd.findings[0]).toMatchObject({ code: xsdCode, line });
        // xmllint puts the caret at column 13; the hardened reader (saxes) counts one less.
        if (suffix === 'bad-truncated') expect([12, 13]).toContain(r.xsd.findings[0]!.column);
      } else expect(r.xsd.valid).toBe(true);
    });
  }

  it('bad-wrong-namespace: refused as an unsupported message, naming the namespace', async () => {
    const e = await rejection(validatePain001(read('samples/constructed/pain.001.001.09_gbic5_bad-wrong-namespace.xml'), { schemaStore: store }));
    expect(e).toBeInstanceOf(Pain001Error);
    expect(e.code).toBe('UNSUPPORTED_MESSAGE');
    expect(e.message).toContain('pain.001.001.08');
  });

  it('the AXZ sample is detected as AXZ with reasons and is ISO-valid', async () => {
    const r = await validatePain001(read('samples/constructed/pain.001.001.09_axz_foreign_usd_chf.xml'), { schemaStore: store });
    expect(r).toMatchObject({ profile: 'axz', profileSource: 'detected', verdict: 'valid', xsd: { schemaSet: 'iso:pain.001.001.09', valid: true } });
    expect(r.profileReasons.join(' | ')).toMatch(/USD.*SHAR|Entgeltregelung/);
    expect(r.summary.currencies.map((c) => c.currency)).toEqual(['EUR', 'USD']);
    // Requested as SCT it breaks the SCT rules and the DK schema.
    const s = await validatePain001(read('samples/constructed/pain.001.001.09_axz_foreign_usd_chf.xml'), { schemaStore: store, profile: 'sct' });
    expect(s).toMatchObject({ profile: 'sct', profileSource: 'requested', verdict: 'invalid', xsd: { schemaSet: 'dk:pain.001.001.09_GBIC_5', valid: false } });
    expect(s.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['SCT_CURRENCY_NOT_EUR', 'SCT_CHARGE_BEARER', 'CREDITOR_IBAN_MISSING']));
  });
});
