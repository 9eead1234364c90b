/**
 * UBL bindings whose official test differs from the CII view in a way only whole documents show (found by comparing
 * fresh mutants of the corpus's whole UBL documents with the CEN UBL 1.3.16 and XRechnung UBL 2.5.0 schematrons).
 * Each case changes one thing in a valid XRechnung UBL invoice of ../shared/corpus and expects the complete list of
 * EN 16931 + XRechnung findings the official schematrons give for it (the CII-style evaluation differs in each).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateUbl } from '../src';
import { ublCorpusAvailable, ublDir } from './corpus';

const available = ublCorpusAvailable('UBL whole-document bindings');

/** The findings of both rule sets as "id: count", sorted. */
function counts(xml: string): Record<string, number> {
  const r = validateUbl(xml, { profile: 'xrechnung' });
  const out: Record<string, number> = {};
  for (const f of r.findings) if (f.ruleset === 'en16931' || f.ruleset === 'xrechnung') out[f.code] = (out[f.code] ?? 0) + 1;
  return out;
}

/** `base` with the first occurrence of `from` replaced (which must occur). */
function change(base: string, from: string, to: string): string {
  expect(base.includes(from), from).toBe(true);
  return base.replace(from, to);
}

describe.runIf(available)('UBL bindings on whole documents (official UBL schematron semantics)', () => {
  const comprehensive = available ? readFileSync(path.join(ublDir, 'instances/xrechnung/testsuite/technical-cases/cius/01.04_comprehensive_test_ubl.xml'), 'utf8') : '';
  const buyerVat = '<cbc:CompanyID>DE12345ABC</cbc:CompanyID>';

  it('the base document is clean', () => {
    expect(counts(comprehensive)).toEqual({});
  });

  it("BR-CO-09 is UBL's plain contains(list, substring(CompanyID, 1, 2)) over the UBL list (SS, no AN)", () => {
    // One character, or a letter and a space that end a listed code: contained in the list string, so no finding
    // (CII puts spaces around the prefix and would report both).
    expect(counts(change(comprehensive, buyerVat, '<cbc:CompanyID>1</cbc:CompanyID>'))).toEqual({});
    expect(counts(change(comprehensive, buyerVat, '<cbc:CompanyID>E 12345ABC</cbc:CompanyID>'))).toEqual({});
    expect(counts(change(comprehensive, buyerVat, '<cbc:CompanyID>SS12345ABC</cbc:CompanyID>'))).toEqual({});
    expect(counts(change(comprehensive, buyerVat, '<cbc:CompanyID>AN12345ABC</cbc:CompanyID>'))).toEqual({ 'BR-CO-09': 1 });
    expect(counts(change(comprehensive, buyerVat, '<cbc:CompanyID>X1345ABC</cbc:CompanyID>'))).toEqual({ 'BR-CO-09': 1 });
  });

  it('BR-62 / BR-63 / BR-65 ask for the attribute to exist; an empty one is only a code-list finding', () => {
    const seller = '<cbc:EndpointID schemeID="EM">rechnungsausgang@test.com';
    expect(counts(change(comprehensive, seller, '<cbc:EndpointID schemeID="">rechnungsausgang@test.com'))).toEqual({ 'BR-CL-25': 1 });
    expect(counts(change(comprehensive, seller, '<cbc:EndpointID>rechnungsausgang@test.com'))).toEqual({ 'BR-62': 1 });
    const buyer = '<cbc:EndpointID schemeID="EM">rechnungseingang@test.de';
    expect(counts(change(comprehensive, buyer, '<cbc:EndpointID schemeID="">rechnungseingang@test.de'))).toEqual({ 'BR-CL-25': 1 });
    expect(counts(change(comprehensive, 'listID="IB"', 'listID=""'))).toEqual({ 'BR-CL-13': 1 });
  });

  it('normalize-space keeps a no-break space and an ideographic space (only XML whitespace is trimmed)', () => {
    // Each: the complete EN 16931 + XRechnung UBL findings of the official run for that copy.
    expect(counts(change(comprehensive, '<cbc:Telephone>012 3456789<', '<cbc:Telephone>\u00a0<'))).toEqual({ 'BR-DE-27': 1 });
    expect(counts(change(comprehensive, '<cbc:DocumentCurrencyCode>EUR<', '<cbc:DocumentCurrencyCode>EUR\u00a0 <'))).toEqual({
      'BR-CO-15': 1,
      'BR-CL-04': 1,
      'PEPPOL-EN16931-R055': 1,
    });
    expect(counts(change(comprehensive, '<cbc:IdentificationCode>DE<', '<cbc:IdentificationCode>\u3000DE<'))).toEqual({ 'BR-CL-14': 1 });
    // The seller's VAT scheme is normalize-space(upper-case(cbc:ID)) = 'VAT': with no-break spaces around it, it is
    // none, and the seller of this extension invoice has no other identifier (BR-CO-26).
    const extension = readFileSync(path.join(ublDir, 'instances/xrechnung/testsuite/business-cases/extension/04.04a-INVOICE_ubl.xml'), 'utf8');
    expect(counts(change(extension, '<cbc:ID>VAT</cbc:ID>', '<cbc:ID> \u00a0 VAT \u00a0</cbc:ID>'))).toEqual({ 'BR-CO-26': 1, 'UBL-CR-646': 1, 'BR-DE-TMP-32': 1 });
    // BR-03 is normalize-space(cbc:IssueDate) != '': a no-break space between XML whitespace is a date there.
    expect(counts(change(comprehensive, '<cbc:IssueDate>2018-04-13<', '<cbc:IssueDate> \u00a0\t<'))).toEqual({});
    expect(counts(change(comprehensive, '<cbc:IssueDate>2018-04-13<', '<cbc:IssueDate>\t\n <'))).toEqual({ 'BR-03': 1, 'PEPPOL-EN16931-R008': 1 });
  });

  it('BR-DEX-04 checks every party identifier scheme of an extension invoice: ICD, or SEPA (normalised, case kept) for the seller or payee', () => {
    // Each: the complete EN 16931 + XRechnung UBL findings of the official run for that copy.
    const ext = readFileSync(path.join(ublDir, 'instances/xrechnung/testsuite/business-cases/extension/04.02a-INVOICE_ubl.xml'), 'utf8');
    const sellerSepa = '<cbc:ID schemeID="SEPA">ID123456</cbc:ID>';
    const buyerId = '<cbc:ID>345LA5324</cbc:ID>';
    expect(counts(ext)).toEqual({ 'UBL-CR-646': 1 });
    expect(counts(change(ext, sellerSepa, '<cbc:ID schemeID=" SEPA ">ID123456</cbc:ID>'))).toEqual({ 'UBL-CR-646': 1, 'BR-DE-30': 1 });
    expect(counts(change(ext, sellerSepa, '<cbc:ID schemeID="sepa">ID123456</cbc:ID>'))).toEqual({ 'UBL-CR-646': 1, 'BR-CL-10': 1, 'BR-DE-30': 1, 'BR-DEX-04': 1 });
    expect(counts(change(ext, buyerId, '<cbc:ID schemeID="SEPA">345LA5324</cbc:ID>'))).toEqual({ 'UBL-CR-646': 1, 'UBL-SR-29': 1, 'BR-CL-10': 1, 'BR-DEX-04': 1 });
    expect(counts(change(ext, buyerId, '<cbc:ID schemeID="0244">345LA5324</cbc:ID>'))).toEqual({ 'UBL-CR-646': 1, 'BR-DEX-04': 1 });
    expect(counts(change(ext, buyerId, '<cbc:ID schemeID="0088">345LA5324</cbc:ID>'))).toEqual({ 'UBL-CR-646': 1 });
  });

  it('PEPPOL-EN16931-R130 reports a line price base quantity once (the CII view has a gross and a net price)', () => {
    const bq = '<cbc:BaseQuantity unitCode="XPP">1</cbc:BaseQuantity>';
    expect(counts(change(comprehensive, bq, '<cbc:BaseQuantity unitCode="C62">1</cbc:BaseQuantity>'))).toEqual({ 'PEPPOL-EN16931-R130': 1 });
  });

  it('BR-CO-15 wants exactly one TaxTotal/TaxAmount in the document currency (no fallback as in the CII binding)', () => {
    const tax = '<cbc:TaxAmount currencyID="EUR">2048.44</cbc:TaxAmount>';
    expect(counts(change(comprehensive, tax, '<cbc:TaxAmount currencyID="USD">2048.44</cbc:TaxAmount>'))).toEqual({ 'BR-CO-15': 1, 'PEPPOL-EN16931-R055': 1 });
  });

  it("UBL-SR-13: a seller TaxScheme without an ID reads '' and so counts as not VAT", () => {
    const vatScheme = '<cbc:CompanyID>ATU123456789</cbc:CompanyID>\n        <cac:TaxScheme>\n          <cbc:ID>VAT</cbc:ID>';
    const noId = change(comprehensive, vatScheme, '<cbc:CompanyID>ATU123456789</cbc:CompanyID>\n        <cac:TaxScheme>');
    expect(counts(noId)).toEqual({ 'UBL-SR-13': 1, 'UBL-SR-53': 1, 'PEPPOL-EN16931-R008': 1 });
  });

  it('compares untyped amounts with numbers as the official run does ("-0.00" is below zero), decimals exactly', () => {
    // BR-27 (price >= 0) and R055 (same sign of the two VAT totals) compare the untyped value: -0.00 is negative.
    const price = '<cbc:PriceAmount currencyID="EUR">158.125</cbc:PriceAmount>';
    expect(counts(change(comprehensive, price, '<cbc:PriceAmount currencyID="EUR">-0.00</cbc:PriceAmount>'))).toEqual({ 'BR-27': 1, 'PEPPOL-EN16931-R046': 1, 'PEPPOL-EN16931-R120': 1 });
    const taxInGbp = '<cbc:TaxAmount currencyID="GBP">2048.44</cbc:TaxAmount>';
    expect(counts(change(comprehensive, taxInGbp, '<cbc:TaxAmount currencyID="GBP">-0.00</cbc:TaxAmount>'))).toEqual({ 'PEPPOL-EN16931-R055': 1 });
    // BR-CO-11 casts to xs:decimal in UBL (no negative zero there); R121 too, once per line.
    const allowances = '<cbc:AllowanceTotalAmount currencyID="EUR">0</cbc:AllowanceTotalAmount>';
    expect(counts(change(comprehensive, allowances, '<cbc:AllowanceTotalAmount currencyID="EUR">-0.00</cbc:AllowanceTotalAmount>'))).toEqual({});
    const bq = '<cbc:BaseQuantity unitCode="XPP">1</cbc:BaseQuantity>';
    expect(counts(change(comprehensive, bq, '<cbc:BaseQuantity unitCode="XPP">-0.00</cbc:BaseQuantity>'))).toEqual({ 'PEPPOL-EN16931-R121': 1 });
  });

  it('BR-DEC-13 cannot fail in UBL (its predicate reads cbc:DocumentCurrencyCode below cbc:TaxAmount); UBL-DT-01 reports the decimals', () => {
    // The official run for a document TaxAmount with three decimals: the same value (2048.440), then a changed one.
    const total = '<cac:TaxTotal>\n    <cbc:TaxAmount currencyID="EUR">2048.44<';
    expect(counts(change(comprehensive, total, '<cac:TaxTotal>\n    <cbc:TaxAmount currencyID="EUR">2048.440<'))).toEqual({ 'UBL-DT-01': 1 });
    expect(counts(change(comprehensive, total, '<cac:TaxTotal>\n    <cbc:TaxAmount currencyID="EUR">2048.441<'))).toEqual({ 'BR-CO-14': 1, 'UBL-DT-01': 1 });
  });

  it('BR-CO-13 without document charges or allowances compares the line total exactly (the CII binding rounds it)', () => {
    // A CEN example without charges and allowances; the official run's complete lists for it and for two copies whose
    // LineExtensionAmount total (BT-106) has more decimals than the TaxExclusiveAmount (BT-109, 147.00).
    const example9 = readFileSync(path.join(ublDir, 'instances/en16931/examples/ubl-tc434-example9.xml'), 'utf8');
    const base = { 'BR-DE-15': 1, 'BR-DE-21': 1, 'BR-DE-5': 1, 'PEPPOL-EN16931-R001': 1, 'PEPPOL-EN16931-R010': 1, 'PEPPOL-EN16931-R020': 1 };
    const lines = '<cbc:LineExtensionAmount currencyID="EUR">147.00</cbc:LineExtensionAmount>\n        <cbc:TaxExclusiveAmount';
    expect(counts(example9)).toEqual(base);
    for (const v of ['147.001', '147.000000001'])
      expect(counts(change(example9, lines, lines.replace('147.00<', `${v}<`)))).toEqual({ ...base, 'BR-CO-10': 1, 'BR-CO-13': 1, 'BR-DEC-09': 1, 'UBL-DT-01': 1 });
  });

  it('BR-29, BR-30, R110 and R111 compare periods as xs:date: a year of five digits is later, a time zone moves the day', () => {
    // An XRechnung invoice with a document period and nine line periods (2016-01-01 to 2016-12-31); the official run's
    // complete lists for three copies. Without a time zone a date is read in UTC (the official run's implicit zone).
    const periods = readFileSync(path.join(ublDir, 'instances/xrechnung/testsuite/business-cases/standard/03.04a-INVOICE_ubl.xml'), 'utf8');
    const nth = (src: string, from: string, to: string, n: number): string => {
      let i = -1;
      for (let k = 0; k < n; k++) i = src.indexOf(from, i + 1);
      expect(i, from).toBeGreaterThanOrEqual(0);
      return src.slice(0, i) + to + src.slice(i + from.length);
    };
    expect(counts(periods)).toEqual({});
    // a line period ending in the year 12024: after the document's end (the 102 strings compare the other way)
    expect(counts(nth(periods, '<cbc:EndDate>2016-12-31<', '<cbc:EndDate>12024-01-01<', 2))).toEqual({ 'PEPPOL-EN16931-R111': 1 });
    // the document period starting in 12024: after its own end, and after every line's start
    expect(counts(nth(periods, '<cbc:StartDate>2016-01-01<', '<cbc:StartDate>12024-01-01<', 1))).toEqual({ 'BR-29': 1, 'PEPPOL-EN16931-R110': 9 });
    // the document period ending 2016-12-31+01:00 (23:00 UTC the day before): every line ends after it
    expect(counts(nth(periods, '<cbc:EndDate>2016-12-31<', '<cbc:EndDate>2016-12-31+01:00<', 1))).toEqual({ 'PEPPOL-EN16931-R111': 9 });
  });

  it('BR-56 asks for the tax representative VAT identifier to exist; an empty one is only R008', () => {
    const trVat = '<cbc:CompanyID>DE124567</cbc:CompanyID>';
    expect(counts(change(comprehensive, trVat, '<cbc:CompanyID />'))).toEqual({ 'PEPPOL-EN16931-R008': 1 });
    expect(counts(change(comprehensive, trVat, ''))).toEqual({ 'BR-56': 1, 'UBL-SR-53': 1 });
  });

  it('reads a decimal with a leading + as xs:decimal does (no engine error, the same findings)', () => {
    const line = '<cbc:LineExtensionAmount currencyID="EUR">4743.75</cbc:LineExtensionAmount>';
    const plus = change(comprehensive, line, '<cbc:LineExtensionAmount currencyID="EUR">+4743.75</cbc:LineExtensionAmount>');
    expect(validateUbl(plus, { profile: 'xrechnung' }).findings.filter((f) => f.ruleset === 'engine')).toEqual([]);
    expect(counts(plus)).toEqual({});
  });

  it('BR-CO-16 rounds the amount due less the rounding amount to cents (UBL formula)', () => {
    const payable = '<cbc:PayableAmount currencyID="EUR">12829.69</cbc:PayableAmount>';
    const withRounding = (v: string): string => change(comprehensive, payable, `<cbc:PayableRoundingAmount currencyID="EUR">${v}</cbc:PayableRoundingAmount>${payable}`);
    // 12829.69 - 0.005 rounds back to 12829.69 (only the three-decimal amount itself is a finding); 0.01 does not.
    expect(counts(withRounding('0.005'))).toEqual({ 'BR-DEC-17': 1, 'UBL-DT-01': 1 });
    expect(counts(withRounding('0.01'))).toEqual({ 'BR-CO-16': 1 });
  });

  it('BR-CL-23 checks quantities of sub-invoice lines too (the CII view has no sub-lines)', () => {
    const withSubs = readFileSync(path.join(ublDir, 'instances/xrechnung/schematron-mutants/ubl-inv-br-dex-02-check-0-values__calculate-with-incorrect-lower-level-values__v2.xml'), 'utf8');
    const clean = counts(withSubs);
    // The last sub-invoice line's quantity gets a unit that is not in UN/ECE Rec 20/21.
    const at = withSubs.lastIndexOf('<cbc:InvoicedQuantity unitCode="C62">');
    expect(at).toBeGreaterThan(0);
    const bad = `${withSubs.slice(0, at)}<cbc:InvoicedQuantity unitCode="QQQ">${withSubs.slice(at + '<cbc:InvoicedQuantity unitCode="C62">'.length)}`;
    const after = counts(bad);
    expect(after['BR-CL-23']).toBe((clean['BR-CL-23'] ?? 0) + 1);
  });

  it('BR-O-12: a line category without an ID counts as a category other than O', () => {
    const oDoc = readFileSync(path.join(ublDir, 'instances/xrechnung/schematron-tests/ubl-inv-paymentmeans-test.xml'), 'utf8');
    expect(counts(oDoc)['BR-O-12']).toBeUndefined();
    const noId = oDoc.replace(/<cac:ClassifiedTaxCategory>\s*<cbc:ID>O<\/cbc:ID>/, '<cac:ClassifiedTaxCategory>');
    expect(noId).not.toBe(oDoc);
    expect(counts(noId)).toEqual({ 'BR-O-12': 1, 'BR-O-08': 1, 'BR-CO-04': 1, 'BR-DE-14': 1, 'BR-DE-TMP-32': 1 });
  });
});
