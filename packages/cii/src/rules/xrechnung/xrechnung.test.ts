/**
 * Focused cases for the places where the XRechnung schematron behaves in a way one would not guess: XPath
 * whitespace, prefix-dependent name(), the code-list string quirks, untyped (string) comparison, Saxon's decimal
 * division, the HUF slack and dynamic errors. Every expectation below was checked against the official
 * XRechnung-CII-validation.xsl (Saxon-HE) on the same documents.
 */
import { describe, expect, it } from 'vitest';
import { parseXml } from '@kontor/xml';
import { runRules } from '../engine';
import { xrechnungRules } from './index';
import { XR_CIUS_ID, XR_EXTENSION_ID } from './ids';

const NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" ' +
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

interface Parts {
  bt24?: string;
  buyerReference?: string;
  sellerExtra?: string;
  line?: string;
  delivery?: string;
  paymentTerms?: string;
  currency?: string;
  headerCharge?: string;
}

/** A small XRechnung-shaped CII invoice; each test changes one part. */
function invoice(p: Parts = {}): string {
  const line =
    p.line ??
    `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>10</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
     <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
     <ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
       <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>10</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice ${NS}>
  <rsm:ExchangedDocumentContext>
    <ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${p.bt24 ?? XR_CIUS_ID}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>1</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20250101</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>Item</ram:Name></ram:SpecifiedTradeProduct>
      ${line}
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:BuyerReference>${p.buyerReference ?? '04011000-12345-34'}</ram:BuyerReference>
      <ram:SellerTradeParty>
        ${p.sellerExtra ?? ''}<ram:Name>Seller</ram:Name>
        <ram:DefinedTradeContact><ram:PersonName>A</ram:PersonName><ram:TelephoneUniversalCommunication><ram:CompleteNumber>0301234</ram:CompleteNumber></ram:TelephoneUniversalCommunication><ram:EmailURIUniversalCommunication><ram:URIID>a@seller.de</ram:URIID></ram:EmailURIUniversalCommunication></ram:DefinedTradeContact>
        <ram:PostalTradeAddress><ram:PostcodeCode>10115</ram:PostcodeCode><ram:CityName>Berlin</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
        <ram:URIUniversalCommunication><ram:URIID schemeID="EM">a@seller.de</ram:URIID></ram:URIUniversalCommunication>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE123456789</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>Buyer</ram:Name>
        <ram:PostalTradeAddress><ram:PostcodeCode>20095</ram:PostcodeCode><ram:CityName>Hamburg</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
        <ram:URIUniversalCommunication><ram:URIID schemeID="EM">b@buyer.de</ram:URIID></ram:URIUniversalCommunication>
      </ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    ${p.delivery ?? '<ram:ApplicableHeaderTradeDelivery><ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">20250101</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent></ram:ApplicableHeaderTradeDelivery>'}
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${p.currency ?? 'EUR'}</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE75512108001245126199</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>
      <ram:ApplicableTradeTax><ram:CalculatedAmount>1.90</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>10</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
      ${p.headerCharge ?? ''}
      ${p.paymentTerms ?? '<ram:SpecifiedTradePaymentTerms><ram:Description>Zahlbar sofort</ram:Description></ram:SpecifiedTradePaymentTerms>'}
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>10</ram:LineTotalAmount><ram:TaxBasisTotalAmount>10</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${p.currency ?? 'EUR'}">1.90</ram:TaxTotalAmount><ram:GrandTotalAmount>11.90</ram:GrandTotalAmount><ram:DuePayableAmount>11.90</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}

/** Rule ids reported (sorted, with repeats), plus the rules the engine could not evaluate. */
function run(xml: string): { ids: string[]; notEvaluated: string[] } {
  const findings = runRules(xrechnungRules, parseXml(xml).root);
  return {
    ids: findings
      .filter((f) => f.ruleset === 'xrechnung')
      .map((f) => f.code)
      .sort(),
    notEvaluated: findings.filter((f) => f.code === 'RULE_NOT_EVALUATED').map((f) => f.detail ?? ''),
  };
}

const line = (qty: string, price: string, base: string, total: string) =>
  `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${price}</ram:ChargeAmount><ram:BasisQuantity unitCode="C62">${base}</ram:BasisQuantity></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
   <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${qty}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
   <ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
   <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${total}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>`;

describe('xrechnung rules', () => {
  it('defines every assertion of the schematron once, with its official flag', () => {
    const ids = xrechnungRules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(71);
    expect(xrechnungRules.every((r) => r.ruleset === 'xrechnung' && r.message.en.length > 0 && r.message.de.length > 0)).toBe(true);
    const flag = (id: string) => xrechnungRules.find((r) => r.id === id)?.flag;
    expect([flag('BR-DE-1'), flag('BR-DE-17'), flag('BR-DE-TMP-32'), flag('PEPPOL-EN16931-R120'), flag('BR-DEX-15')]).toEqual(['fatal', 'warning', 'information', 'warning', 'warning']);
  });

  it('passes the baseline invoice', () => {
    expect(run(invoice())).toEqual({ ids: [], notEvaluated: [] });
  });

  it('treats a no-break space as content, as normalize-space does (only XML whitespace is blank)', () => {
    expect(run(invoice({ buyerReference: '\u00a0' })).ids).toEqual([]);
    // A blank element is also an empty element for R008.
    expect(run(invoice({ buyerReference: ' \t\n' })).ids).toEqual(['BR-DE-15', 'PEPPOL-EN16931-R008']);
  });

  it('exempts only an empty delivery element spelled ram:ApplicableHeaderTradeDelivery from R008 (name() is prefix-dependent)', () => {
    const empty = invoice({ delivery: '<ram:ApplicableHeaderTradeDelivery/>' });
    expect(run(empty).ids).toEqual(['BR-DE-TMP-32']);
    const otherPrefix = empty.replace(
      '<ram:ApplicableHeaderTradeDelivery/>',
      '<x:ApplicableHeaderTradeDelivery xmlns:x="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"/>',
    );
    expect(run(otherPrefix).ids).toEqual(['BR-DE-TMP-32', 'PEPPOL-EN16931-R008']);
  });

  it('checks Skonto lines and the closing line break (BR-DE-18)', () => {
    const terms = (d: string) => invoice({ paymentTerms: `<ram:SpecifiedTradePaymentTerms><ram:Description>${d}</ram:Description></ram:SpecifiedTradePaymentTerms>` });
    expect(run(terms('#SKONTO#TAGE=7#PROZENT=2.00#\n')).ids).toEqual([]);
    expect(run(terms('#SKONTO#TAGE=7#PROZENT=2.00#\n#SKONTO#TAGE=14#PROZENT=1.00#BASISBETRAG=-5.00#\n')).ids).toEqual([]);
    expect(run(terms('#SKONTO#TAGE=7#PROZENT=2.00#')).ids).toEqual(['BR-DE-18']);
    expect(run(terms('#skonto#TAGE=7#PROZENT=2.00#\n')).ids).toEqual(['BR-DE-18']);
    expect(run(terms('#SKONTO#TAGE=7#PROZENT=2#\n')).ids).toEqual(['BR-DE-18']);
  });

  it('compares price base quantities as strings (BR-TMP-3: "1" differs from "1.0")', () => {
    const prices = (gross: string, net: string) =>
      `<ram:SpecifiedLineTradeAgreement><ram:GrossPriceProductTradePrice><ram:ChargeAmount>10</ram:ChargeAmount><ram:BasisQuantity>${gross}</ram:BasisQuantity></ram:GrossPriceProductTradePrice><ram:NetPriceProductTradePrice><ram:ChargeAmount>10</ram:ChargeAmount><ram:BasisQuantity>${net}</ram:BasisQuantity></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
       <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
       <ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>10</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>`;
    expect(run(invoice({ line: prices('1', '1') })).ids).toEqual([]);
    expect(run(invoice({ line: prices('1', '1.0') })).ids).toEqual(['BR-TMP-3']);
  });

  it('divides decimals as Saxon does: 0.1 div 12 keeps 19 fraction digits (R120)', () => {
    // 2.5 × (0.1 / 12) = 0.02083333333333333325 with Saxon's scale; 18 truncated digits would accept the first total.
    expect(run(invoice({ line: line('2.5', '0.1', '12', '0.0008333333333333332') })).ids).toEqual(['PEPPOL-EN16931-R120']);
    expect(run(invoice({ line: line('2.5', '0.1', '12', '0.0008333333333333333') })).ids).toEqual([]);
    expect(run(invoice({ line: line('3', '10', '3', '10.019') })).ids).toEqual([]);
    expect(run(invoice({ line: line('3', '10', '3', '10.021') })).ids).toEqual(['PEPPOL-EN16931-R120']);
  });

  it('allows a slack of 0.5 for HUF, 0.02 otherwise (R040)', () => {
    const charge =
      '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:CalculationPercent>10</ram:CalculationPercent><ram:BasisAmount>10</ram:BasisAmount><ram:ActualAmount>1.30</ram:ActualAmount><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>';
    expect(run(invoice({ headerCharge: charge })).ids).toEqual(['PEPPOL-EN16931-R040']);
    expect(run(invoice({ headerCharge: charge, currency: 'HUF' })).ids).toEqual([]);
  });

  it('reproduces the extension code-list strings: 0244 is not found, an empty scheme is (BR-DEX-04)', () => {
    const ext = (scheme: string) => invoice({ bt24: XR_EXTENSION_ID, sellerExtra: `<ram:GlobalID schemeID="${scheme}">4000001123452</ram:GlobalID>` });
    expect(run(ext('0088')).ids).toEqual([]);
    expect(run(ext('XR01')).ids).toEqual([]);
    expect(run(ext('')).ids).toEqual([]);
    expect(run(ext('0244')).ids).toEqual(['BR-DEX-04']);
    expect(run(ext('0088 0060')).ids).toEqual(['BR-DEX-04']);
    // Outside the extension the rule does not apply.
    expect(run(invoice({ sellerExtra: '<ram:GlobalID schemeID="0244">4000001123452</ram:GlobalID>' })).ids).toEqual([]);
  });

  it('skips a rule where the official XPath raises a dynamic error (xs:decimal("abc"))', () => {
    const r = run(invoice({ line: line('1', '10', 'abc', '10') }));
    expect(r.notEvaluated).toContain('PEPPOL-EN16931-R121');
    expect(r.notEvaluated).toContain('PEPPOL-EN16931-R120');
  });
});
