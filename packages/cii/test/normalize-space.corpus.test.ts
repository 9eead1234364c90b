/**
 * normalize-space as the official validator (Saxon-HE 9.9) evaluates it: only XML whitespace (space, tab, CR, LF) is
 * collapsed and taken off the ends; a no-break space or an ideographic space stays part of the value. Changed copies
 * of an XRechnung test-suite invoice; each expectation is the complete list of EN 16931 + XRechnung findings the
 * official schematrons give for that copy (checked with the oracle, ../shared/tools/validate-cii.py).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { einvoiceCorpusAvailable, einvoiceDir, ruleCounts } from './conformance-corpus';

const available = einvoiceCorpusAvailable('normalize-space on Unicode spaces');

describe.runIf(available)('normalize-space keeps a no-break space, as the official validator does', () => {
  const base = available ? readFileSync(path.join(einvoiceDir, 'instances/xrechnung/testsuite/business-cases/standard/02.02a-INVOICE_uncefact.xml'), 'utf8') : '';
  const counts = ruleCounts;
  const change = (from: string, to: string): string => {
    expect(base).toContain(from);
    return base.replace(from, to);
  };

  it('the base invoice is clean', () => {
    expect(counts(base)).toEqual({});
  });

  it('a currency code with a trailing no-break space is not EUR (BR-CL-04, R054)', () => {
    expect(counts(change('<ram:InvoiceCurrencyCode>EUR<', '<ram:InvoiceCurrencyCode>EUR\u00a0<'))).toEqual({ 'BR-CL-04': 1, 'PEPPOL-EN16931-R054': 1 });
  });

  it('a country code between a no-break space and a tab is not DE (BR-CL-14)', () => {
    expect(counts(change('<ram:CountryID>DE<', '<ram:CountryID>\u00a0DE \t<'))).toEqual({ 'BR-CL-14': 1 });
  });

  it('a name of one no-break space is not blank', () => {
    expect(counts(change('<ram:Name>Beratung<', '<ram:Name>\u00a0<'))).toEqual({});
  });
});
