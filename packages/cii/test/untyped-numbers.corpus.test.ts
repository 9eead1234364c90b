/**
 * Negative zero and NaN in node values, compared with numbers as the official validator (Saxon-HE 9.9, Java's
 * Double.compare order) compares them: "-0.00" and "-0e0" are below zero (so `= 0` and `>= 0` fail), an integer "-0"
 * is zero, "NaN" is not 0. Changed copies of an XRechnung test-suite invoice; each expectation is the complete list of
 * EN 16931 + XRechnung findings the official schematrons give for that copy (checked with the oracle).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { einvoiceCorpusAvailable, einvoiceDir, ruleCounts } from './conformance-corpus';

const available = einvoiceCorpusAvailable('untyped number comparisons');

describe.runIf(available)('untyped node values against numbers, as the official validator compares them', () => {
  const base = available ? readFileSync(path.join(einvoiceDir, 'instances/xrechnung/testsuite/business-cases/standard/02.02a-INVOICE_uncefact.xml'), 'utf8') : '';
  const counts = ruleCounts;
  const EXEMPT_RATE = '<ram:CategoryCode>E</ram:CategoryCode>\n                    <ram:RateApplicablePercent>0</ram:RateApplicablePercent>';
  const rate = (v: string): string => {
    expect(base).toContain(EXEMPT_RATE);
    return base.replace(EXEMPT_RATE, EXEMPT_RATE.replace('>0<', `>${v}<`));
  };

  it('the base invoice is clean', () => {
    expect(counts(base)).toEqual({});
  });

  it('BR-E-05 (rate = 0): "-0.00" and "-0e0" fail, "-0" passes, "NaN" fails', () => {
    expect(counts(rate('-0.00'))).toEqual({ 'BR-E-05': 1 });
    expect(counts(rate('-0e0'))).toEqual({ 'BR-E-05': 1 });
    expect(counts(rate('-0'))).toEqual({});
    expect(counts(rate('NaN'))).toEqual({ 'BR-E-05': 1 });
  });

  it('BR-27 (net price >= 0): "-0.00" fails', () => {
    const price = /(<ram:NetPriceProductTradePrice>\s*<ram:ChargeAmount>)[^<]*</;
    expect(base).toMatch(price);
    expect(counts(base.replace(price, '$1-0.00<'))).toEqual({ 'BR-27': 1, 'PEPPOL-EN16931-R120': 1 });
  });

  it('sums keep a negative zero: a total of 0 against a sum of -0.0 fails (BR-CO-14), of "-0" charges/allowances too (BR-CO-12, BR-CO-11)', () => {
    const calc = /<ram:CalculatedAmount>0<\/ram:CalculatedAmount>/;
    expect(base).toMatch(calc);
    expect(counts(base.replace(calc, '<ram:CalculatedAmount>-0.0</ram:CalculatedAmount>'))).toEqual({ 'BR-CO-14': 1, 'BR-E-09': 1 });
    // The document charge's amount, then the allowance's (in that order in the invoice).
    const actual = [...base.matchAll(/<ram:ActualAmount>0<\/ram:ActualAmount>/g)];
    expect(actual.length).toBe(2);
    const at = (i: number): string => base.slice(0, actual[i]!.index) + '<ram:ActualAmount>-0</ram:ActualAmount>' + base.slice(actual[i]!.index! + actual[i]![0].length);
    expect(counts(at(0))).toEqual({ 'BR-CO-12': 1 });
    expect(counts(at(1))).toEqual({ 'BR-CO-11': 1 });
  });
});
