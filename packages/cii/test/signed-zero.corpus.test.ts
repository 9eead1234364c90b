/**
 * A negative zero in an amount, compared as the official validator (Saxon-HE 9.9) compares an untyped node with a
 * number: against an xs:integer (a literal, or a sum of nothing) an integer form is read as an integer, so "-0" is 0;
 * against a computed double or decimal (a sum of amounts) the node is read as xs:double, and -0.0 is not 0 there
 * (Java's Double.compare order). Changed copies of a ZUGFeRD corpus invoice (exempt, VAT 0); each expectation is the
 * complete list of EN 16931 + XRechnung findings the official schematrons give for that copy (checked with the
 * oracle, ../shared/tools/validate-cii.py).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { einvoiceCorpusAvailable, einvoiceDir, ruleCounts } from './conformance-corpus';

const available = einvoiceCorpusAvailable('signed zero in amounts');

describe.runIf(available)('a negative zero amount against computed and literal zeros, as in the official run', () => {
  const base = available ? readFileSync(path.join(einvoiceDir, 'instances/zugferd-corpus/EN16931_Physiotherapeut.cii.xml'), 'utf8') : '';
  const change = (from: string, to: string): string => {
    expect(base).toContain(from);
    return base.replace(from, to);
  };
  // What the official run reports for the unchanged invoice (XRechnung rules only: it is a ZUGFeRD EN 16931 invoice).
  const baseline = { 'BR-DE-15': 1, 'BR-DE-21': 1, 'BR-DE-TMP-32': 1, 'PEPPOL-EN16931-R001': 1, 'PEPPOL-EN16931-R008': 6, 'PEPPOL-EN16931-R010': 1, 'PEPPOL-EN16931-R020': 1 };
  const total = '<ram:TaxTotalAmount currencyID="EUR">0</ram:TaxTotalAmount>';
  const calculated = '<ram:CalculatedAmount>0</ram:CalculatedAmount>';
  const lines = '<ram:LineTotalAmount>380.00</ram:LineTotalAmount>';

  it('the unchanged invoice has only the XRechnung findings', () => {
    expect(ruleCounts(base)).toEqual(baseline);
  });

  it('BR-CO-14: a VAT total of -0 or -0.00 is not the rounded sum 0 of the breakdown amounts (a double)', () => {
    expect(ruleCounts(change(total, total.replace('>0<', '>-0<')))).toEqual({ ...baseline, 'BR-CO-14': 1 });
    expect(ruleCounts(change(total, total.replace('>0<', '>-0.00<')))).toEqual({ ...baseline, 'BR-CO-14': 1 });
  });

  it('BR-CO-14: a breakdown amount of -0 sums to -0.0, which a VAT total of 0 is not; BR-E-09 reads "-0" as the integer 0', () => {
    expect(ruleCounts(change(calculated, calculated.replace('>0<', '>-0<')))).toEqual({ ...baseline, 'BR-CO-14': 1 });
    expect(ruleCounts(change(calculated, calculated.replace('>0<', '>-0.00<')))).toEqual({ ...baseline, 'BR-CO-14': 1, 'BR-E-09': 1 });
  });

  it('BR-CO-11: without allowances the sum is the integer 0, which "-0" equals and "-0.00" does not', () => {
    expect(ruleCounts(change(lines, `${lines}\n            <ram:AllowanceTotalAmount>-0</ram:AllowanceTotalAmount>`))).toEqual(baseline);
    expect(ruleCounts(change(lines, `${lines}\n            <ram:AllowanceTotalAmount>-0.00</ram:AllowanceTotalAmount>`))).toEqual({ ...baseline, 'BR-CO-11': 1 });
  });
});
