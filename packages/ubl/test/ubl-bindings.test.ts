/**
 * The UBL bindings of EN 16931 rules whose official UBL context, test or count differs from the CII one
 * (src/rules/ubl-bindings.ts). Each case is a small UBL invoice built here where the CII-style evaluation and the
 * CEN UBL 1.3.16 schematron give different answers; the expectation is the official UBL one.
 */
import { describe, expect, it } from 'vitest';
import { validateUbl } from '../src';

const NS =
  'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"';

const cat = (el: 'TaxCategory' | 'ClassifiedTaxCategory', id: string, pct = '0'): string =>
  `<cac:${el}><cbc:ID>${id}</cbc:ID><cbc:Percent>${pct}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${el}>`;
const ac = (charge: boolean, id: string): string =>
  `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">10</cbc:Amount>${cat('TaxCategory', id)}</cac:AllowanceCharge>`;
const line = (n: number, id: string): string =>
  `<cac:InvoiceLine><cbc:ID>${n}</cbc:ID><cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">100</cbc:LineExtensionAmount><cac:Item><cbc:Name>x</cbc:Name>${cat('ClassifiedTaxCategory', id)}</cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">100</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`;

interface Doc {
  sellerVat?: boolean;
  buyerVat?: boolean;
  acs?: string[];
  lines?: string[];
  breakdown?: string;
  /** Raw UBL inserted after the buyer (schema order does not matter to the rules). */
  extra?: string;
}
/** A small invoice fragment: parties (seller / buyer VAT id optional), document allowances/charges, one breakdown, lines. */
function invoice(d: Doc): string {
  const vat = (id: string): string => `<cac:PartyTaxScheme><cbc:CompanyID>${id}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`;
  return `<?xml version="1.0"?><Invoice ${NS}><cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID><cbc:ID>1</cbc:ID><cbc:IssueDate>2026-01-01</cbc:IssueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
<cac:AccountingSupplierParty><cac:Party><cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>${d.sellerVat ? vat('DE123456789') : ''}<cac:PartyLegalEntity><cbc:RegistrationName>S</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
<cac:AccountingCustomerParty><cac:Party><cac:PostalAddress><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress>${d.buyerVat ? vat('FR12345678901') : ''}<cac:PartyLegalEntity><cbc:RegistrationName>B</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
${d.extra ?? ''}${(d.acs ?? []).join('')}<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">0</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">200</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">0</cbc:TaxAmount>${cat('TaxCategory', d.breakdown ?? 'E')}</cac:TaxSubtotal></cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">200</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">200</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">200</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">200</cbc:PayableAmount></cac:LegalMonetaryTotal>
${(d.lines ?? []).join('')}</Invoice>`;
}
const count = (xml: string, code: string): number => validateUbl(xml, { profile: 'en16931' }).findings.filter((f) => f.code === code && f.ruleset === 'en16931').length;

describe('UBL binding: BR-x-02/03/04 (seller tax id for a category) are one assertion per document', () => {
  it('BR-E-02 / BR-G-02: two exempt / export lines without a seller VAT id fail once (CII: once per line)', () => {
    expect(count(invoice({ lines: [line(1, 'E'), line(2, 'E')] }), 'BR-E-02')).toBe(1);
    expect(count(invoice({ lines: [line(1, 'G'), line(2, 'G')], breakdown: 'G' }), 'BR-G-02')).toBe(1);
    expect(count(invoice({ sellerVat: true, lines: [line(1, 'E'), line(2, 'E')] }), 'BR-E-02')).toBe(0);
  });

  it('BR-S/Z/E/AE/IC/G/AF/AG-03 and -04: two allowances or two charges of the category fail once', () => {
    for (const [rule, code] of [
      ['S', 'S'],
      ['Z', 'Z'],
      ['E', 'E'],
      ['AE', 'AE'],
      ['IC', 'K'],
      ['G', 'G'],
      ['AF', 'L'],
      ['AG', 'M'],
    ] as const) {
      const both = (charge: boolean) => invoice({ acs: [ac(charge, code), ac(charge, code)], lines: [line(1, code)], breakdown: code });
      expect(count(both(false), `BR-${rule}-03`), `BR-${rule}-03`).toBe(1);
      expect(count(both(true), `BR-${rule}-04`), `BR-${rule}-04`).toBe(1);
      expect(count(both(true), `BR-${rule}-03`), `BR-${rule}-03 on charges`).toBe(0);
    }
  });

  it('compares the category code after normalize-space (" S " is S) and needs the buyer ids for AE / K', () => {
    expect(count(invoice({ acs: [ac(false, ' S ')], lines: [line(1, 'S')], breakdown: 'S' }), 'BR-S-03')).toBe(1);
    expect(count(invoice({ sellerVat: true, acs: [ac(true, 'AE')], lines: [line(1, 'AE')], breakdown: 'AE' }), 'BR-AE-04')).toBe(1);
    expect(count(invoice({ sellerVat: true, buyerVat: true, acs: [ac(true, 'AE')], lines: [line(1, 'AE')], breakdown: 'AE' }), 'BR-AE-04')).toBe(0);
    expect(count(invoice({ sellerVat: true, buyerVat: true, acs: [ac(true, 'K'), ac(true, 'K')], lines: [line(1, 'K')], breakdown: 'K' }), 'BR-IC-04')).toBe(0);
  });

  it('a charge indicator that is not a boolean aborts the assertion (RULE_NOT_EVALUATED), as the cast does in XPath', () => {
    const r = validateUbl(invoice({ acs: [ac(false, 'E').replace('>false<', '>yes<')], lines: [line(1, 'E')] }), { profile: 'en16931' });
    expect(r.findings.some((f) => f.code === 'RULE_NOT_EVALUATED' && f.detail === 'BR-E-03')).toBe(true);
  });
});

describe('UBL binding: payment means and the invoicing period', () => {
  const e = (extra: string): string => invoice({ sellerVat: true, lines: [line(1, 'E')], extra });
  it('BR-61: a payment means without a code is no credit transfer (CII-style: fails); 30 without an account fails', () => {
    expect(count(e('<cac:PaymentMeans><cbc:PaymentDueDate>2026-02-01</cbc:PaymentDueDate></cac:PaymentMeans>'), 'BR-61')).toBe(0);
    expect(count(e('<cac:PaymentMeans><cbc:PaymentMeansCode> 30 </cbc:PaymentMeansCode></cac:PaymentMeans>'), 'BR-61')).toBe(1);
    expect(count(e('<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>DE02</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>'), 'BR-61')).toBe(
      0,
    );
  });

  it('BR-51 is a warning per card number in UBL', () => {
    const r = validateUbl(
      e(
        '<cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode><cac:CardAccount><cbc:PrimaryAccountNumberID>1234567890123456</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount></cac:PaymentMeans>',
      ),
      { profile: 'en16931' },
    );
    expect(r.findings.filter((f) => f.code === 'BR-51').map((f) => f.flag)).toEqual(['warning']);
    expect(
      count(
        e(
          '<cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode><cac:CardAccount><cbc:PrimaryAccountNumberID>  1234567890  </cbc:PrimaryAccountNumberID></cac:CardAccount></cac:PaymentMeans>',
        ),
        'BR-51',
      ),
    ).toBe(0);
  });

  it('BR-CO-19 / BR-CL-06 / BR-CO-03: the VAT point date code lives in the UBL invoice period', () => {
    const period = (codes: string[]): string => `<cac:InvoicePeriod>${codes.map((c) => `<cbc:DescriptionCode>${c}</cbc:DescriptionCode>`).join('')}</cac:InvoicePeriod>`;
    expect(count(e(period(['3'])), 'BR-CO-19')).toBe(0);
    expect(count(e(period([])), 'BR-CO-19')).toBe(1);
    expect(count(e(period(['3', '35', '432'])), 'BR-CL-06')).toBe(0);
    expect(count(e(period(['31', '3', '12'])), 'BR-CL-06')).toBe(2);
    expect(count(e(`<cbc:TaxPointDate>2026-01-01</cbc:TaxPointDate>${period(['12'])}`), 'BR-CO-03')).toBe(1);
    expect(count(e(`<cbc:TaxPointDate>2026-01-01</cbc:TaxPointDate>${period([])}`), 'BR-CO-03')).toBe(0);
  });
});

describe('UBL binding: intra-community supply (K) and deliveries', () => {
  const k = (extra: string, breakdowns = 1): string =>
    invoice({ sellerVat: true, buyerVat: true, lines: [line(1, 'K')], breakdown: 'K', extra }).replace(
      '</cac:TaxSubtotal>',
      `</cac:TaxSubtotal>${`<cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">0</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">0</cbc:TaxAmount>${cat('TaxCategory', 'K')}</cac:TaxSubtotal>`.repeat(breakdowns - 1)}`,
    );
  it('BR-IC-11 / BR-IC-12 are one assertion per document (CII: one per K breakdown); an empty date or country counts as missing', () => {
    expect(count(k('', 2), 'BR-IC-11')).toBe(1);
    expect(count(k('', 2), 'BR-IC-12')).toBe(1);
    expect(count(k('<cac:Delivery><cbc:ActualDeliveryDate/></cac:Delivery>'), 'BR-IC-11')).toBe(1);
    expect(count(k('<cac:Delivery><cbc:ActualDeliveryDate>2026-01-01</cbc:ActualDeliveryDate></cac:Delivery>'), 'BR-IC-11')).toBe(0);
    expect(count(k('<cac:InvoicePeriod><cbc:DescriptionCode>3</cbc:DescriptionCode></cac:InvoicePeriod>'), 'BR-IC-11')).toBe(0);
    const deliverTo = (code: string): string => `<cac:Delivery><cac:DeliveryLocation><cac:Address><cac:Country>${code}</cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>`;
    expect(count(k(deliverTo('<cbc:IdentificationCode/>')), 'BR-IC-12')).toBe(1);
    expect(count(k(deliverTo('<cbc:IdentificationCode>FR</cbc:IdentificationCode>')), 'BR-IC-12')).toBe(0);
  });

  it('BR-57: a deliver-to address with an (empty) country code element passes; without one it fails', () => {
    const addr = (inner: string): string => invoice({ lines: [line(1, 'E')], extra: `<cac:Delivery><cac:DeliveryLocation><cac:Address>${inner}</cac:Address></cac:DeliveryLocation></cac:Delivery>` });
    expect(count(addr('<cac:Country><cbc:IdentificationCode/></cac:Country>'), 'BR-57')).toBe(0);
    expect(count(addr('<cbc:CityName>Paris</cbc:CityName>'), 'BR-57')).toBe(1);
  });
});

describe('UBL binding: BR-x-05/06/07 (category rates) with the UBL contexts and tests', () => {
  const withRate = (id: string, pct: string | null, where: 'line' | 'allowance' | 'charge'): string => {
    const c = (el: 'TaxCategory' | 'ClassifiedTaxCategory'): string => (pct === null ? cat(el, id).replace(/<cbc:Percent>[^<]*<\/cbc:Percent>/, '') : cat(el, id, pct));
    if (where === 'line') return invoice({ lines: [line(1, 'E').replace(cat('ClassifiedTaxCategory', 'E'), c('ClassifiedTaxCategory'))] });
    return invoice({ acs: [ac(where === 'charge', 'E').replace(cat('TaxCategory', 'E'), c('TaxCategory'))], lines: [line(1, 'E')] });
  };
  it('L and M: a rate of 0 is allowed in UBL (≥ 0), a negative one is not', () => {
    for (const [p, code] of [
      ['AF', 'L'],
      ['AG', 'M'],
    ] as const) {
      expect(count(withRate(code, '0', 'line'), `BR-${p}-05`)).toBe(0);
      expect(count(withRate(code, '0', 'allowance'), `BR-${p}-06`)).toBe(0);
      expect(count(withRate(code, '0', 'charge'), `BR-${p}-07`)).toBe(0);
      expect(count(withRate(code, '-1', 'charge'), `BR-${p}-07`)).toBe(1);
      expect(count(withRate(code, null, 'line'), `BR-${p}-05`)).toBe(1);
    }
  });
  it('the category code is compared after normalize-space (" K" is K: a missing rate fails BR-IC-05)', () => {
    expect(count(withRate(' K', null, 'line'), 'BR-IC-05')).toBe(1);
    expect(count(withRate(' K', '0', 'line'), 'BR-IC-05')).toBe(0);
    expect(count(withRate('S ', '0', 'allowance'), 'BR-S-06')).toBe(1);
    expect(count(withRate(' O', '0', 'charge'), 'BR-O-07')).toBe(1);
    expect(count(withRate(' O', null, 'charge'), 'BR-O-07')).toBe(0);
  });
});

describe('UBL binding: BR-O-11..14 (category O excludes the others)', () => {
  it('an allowance of another category fails BR-O-13 only, a charge BR-O-14 only (by the charge indicator)', () => {
    const o = (charge: boolean) => invoice({ acs: [ac(charge, 'S')], lines: [line(1, 'O')], breakdown: 'O' });
    expect([count(o(false), 'BR-O-13'), count(o(false), 'BR-O-14')]).toEqual([1, 0]);
    expect([count(o(true), 'BR-O-13'), count(o(true), 'BR-O-14')]).toEqual([0, 1]);
  });
  it('a category without an id is "not O" (normalize-space(()) is the empty string)', () => {
    const noId = invoice({ acs: [ac(true, 'O').replace('<cbc:ID>O</cbc:ID>', '')], lines: [line(1, 'O')], breakdown: 'O' });
    expect(count(noId, 'BR-O-14')).toBe(1);
    expect(count(invoice({ acs: [ac(true, ' O ')], lines: [line(1, 'O')], breakdown: 'O' }), 'BR-O-14')).toBe(0);
  });
});

describe('UBL binding: code lists on every element the UBL contexts reach', () => {
  const e = (extra: string): string => invoice({ sellerVat: true, lines: [line(1, 'E')], extra });
  const pid = (scheme: string): string => `<cac:PartyIdentification><cbc:ID schemeID="${scheme}">1</cbc:ID></cac:PartyIdentification>`;
  it('BR-CL-10: tax representative and payee identifiers too; SEPA only below the seller or the payee', () => {
    expect(count(e(`<cac:TaxRepresentativeParty>${pid('9999')}</cac:TaxRepresentativeParty><cac:PayeeParty>${pid('SEPA')}${pid('0088')}</cac:PayeeParty>`), 'BR-CL-10')).toBe(1);
    expect(count(e(`<cac:TaxRepresentativeParty>${pid('SEPA')}</cac:TaxRepresentativeParty>`), 'BR-CL-10')).toBe(1);
  });
  it('BR-CL-11 / BR-CL-21: registration and item identifiers wherever they stand', () => {
    expect(count(e('<cac:PayeeParty><cac:PartyLegalEntity><cbc:CompanyID schemeID="9901">1</cbc:CompanyID></cac:PartyLegalEntity></cac:PayeeParty>'), 'BR-CL-11')).toBe(1);
    const item = (scheme: string): string => `<cac:Item><cac:StandardItemIdentification><cbc:ID schemeID="${scheme}">1</cbc:ID></cac:StandardItemIdentification></cac:Item>`;
    const twoItems = invoice({ sellerVat: true, lines: [line(1, 'E').replace('</cac:InvoiceLine>', `${item('0160')}${item('0283')}${item('9901')}</cac:InvoiceLine>`)] });
    expect(count(twoItems, 'BR-CL-21')).toBe(2);
  });
  it('BR-CL-14 uses the UBL artefact list (SS yes, AN no); BR-CL-17 / BR-CL-18 split by TaxCategory / ClassifiedTaxCategory', () => {
    const country = (c: string): string =>
      `<cac:Delivery><cac:DeliveryLocation><cac:Address><cac:Country><cbc:IdentificationCode>${c}</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>`;
    expect(count(e(country('SS')), 'BR-CL-14')).toBe(0);
    expect(count(e(country('AN')), 'BR-CL-14')).toBe(1);
    const x = invoice({ sellerVat: true, acs: [ac(false, 'X')], breakdown: 'Y', lines: [line(1, 'E')] });
    expect([count(x, 'BR-CL-17'), count(x, 'BR-CL-18')]).toEqual([2, 0]);
  });
  it('BR-CL-07 only on references with document type 130', () => {
    const ref = (type: string): string => `<cac:AdditionalDocumentReference><cbc:ID schemeID="XXA">1</cbc:ID><cbc:DocumentTypeCode>${type}</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>`;
    expect(count(e(ref('100')), 'BR-CL-07')).toBe(0);
    expect(count(e(ref('130')), 'BR-CL-07')).toBe(1);
  });
});

describe('UBL binding: line rules on either kind of line, and XRechnung rules with UBL contexts', () => {
  const creditNoteWithInvoiceLine = invoice({ sellerVat: true, lines: ['<cac:InvoiceLine><cac:Item><cbc:Name>x</cbc:Name></cac:Item></cac:InvoiceLine>'] })
    .replace('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"', '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"')
    .replace('</Invoice>', '</CreditNote>')
    .replace('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
  it('a CreditNote with a cac:InvoiceLine has a line (BR-16 passes) that BR-21, 22, 23, 24, 26, 27 check', () => {
    expect(creditNoteWithInvoiceLine).toContain('<CreditNote ');
    const codes = validateUbl(creditNoteWithInvoiceLine, { profile: 'en16931' }).findings.map((f) => f.code);
    expect(codes).not.toContain('BR-16');
    for (const id of ['BR-21', 'BR-22', 'BR-23', 'BR-24', 'BR-26', 'BR-27'])
      expect(
        codes.filter((c) => c === id),
        id,
      ).toHaveLength(1);
    expect(codes).not.toContain('BR-25');
  });
  it('BR-DE-TMP-32 (information) looks at those lines too', () => {
    const r = validateUbl(creditNoteWithInvoiceLine, { profile: 'xrechnung' });
    expect(r.findings.filter((f) => f.code === 'BR-DE-TMP-32').map((f) => f.flag)).toEqual(['information']);
  });
  const xr = (xml: string, code: string): number => validateUbl(xml, { profile: 'xrechnung' }).findings.filter((f) => f.code === code && f.ruleset === 'xrechnung').length;
  it('PEPPOL-EN16931-R010 is per buyer party: no cac:Party, no finding', () => {
    expect(xr(invoice({ sellerVat: true, lines: [line(1, 'E')] }), 'PEPPOL-EN16931-R010')).toBe(1);
    const noParty = invoice({ sellerVat: true, lines: [line(1, 'E')] }).replace(/<cac:AccountingCustomerParty>[\s\S]*<\/cac:AccountingCustomerParty>/, '<cac:AccountingCustomerParty/>');
    expect(xr(noParty, 'PEPPOL-EN16931-R010')).toBe(0);
  });
  it('BR-DE-30 / BR-DE-31 need a payment mandate to fire (a SEPA creditor id alone is no direct debit)', () => {
    const sepa = '<cac:PayeeParty><cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification></cac:PayeeParty>';
    expect([xr(invoice({ sellerVat: true, lines: [line(1, 'E')], extra: sepa }), 'BR-DE-30'), xr(invoice({ sellerVat: true, lines: [line(1, 'E')], extra: sepa }), 'BR-DE-31')]).toEqual([0, 0]);
    const mandate = '<cac:PaymentMeans><cbc:PaymentMeansCode>59</cbc:PaymentMeansCode><cac:PaymentMandate><cbc:ID>M1</cbc:ID></cac:PaymentMandate></cac:PaymentMeans>';
    expect([xr(invoice({ sellerVat: true, lines: [line(1, 'E')], extra: mandate }), 'BR-DE-30'), xr(invoice({ sellerVat: true, lines: [line(1, 'E')], extra: mandate }), 'BR-DE-31')]).toEqual([1, 1]);
    expect(xr(invoice({ sellerVat: true, lines: [line(1, 'E')], extra: sepa + mandate }), 'BR-DE-30')).toBe(0);
  });
});

describe('UBL binding: BR-49 and BR-CL-22 anywhere', () => {
  const e = (extra: string, lines = [line(1, 'E')]): string => invoice({ sellerVat: true, lines, extra });
  it('BR-49 on every cac:PaymentMeans, also one misplaced in a line allowance', () => {
    const misplaced = line(1, 'E').replace('</cac:InvoiceLine>', '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cac:PaymentMeans/></cac:AllowanceCharge></cac:InvoiceLine>');
    expect(count(e('<cac:PaymentMeans><cbc:PaymentID>1</cbc:PaymentID></cac:PaymentMeans>', [misplaced]), 'BR-49')).toBe(2);
  });
  it('BR-CL-22 compares the VATEX code in upper case, on every cbc:TaxExemptionReasonCode', () => {
    const reason = (code: string): string =>
      `<cac:TaxTotal><cac:TaxSubtotal><cac:TaxCategory><cbc:ID>E</cbc:ID><cbc:TaxExemptionReasonCode>${code}</cbc:TaxExemptionReasonCode></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>`;
    expect(count(e(reason('vatex-eu-132-1a')), 'BR-CL-22')).toBe(0);
    expect(count(e(reason('VATEX-EU-999')), 'BR-CL-22')).toBe(1);
    const inItem = line(1, 'E').replace('</cbc:Percent>', '</cbc:Percent><cbc:TaxExemptionReasonCode>1</cbc:TaxExemptionReasonCode>');
    expect(count(e('', [inItem]), 'BR-CL-22')).toBe(1);
  });
});

describe('UBL binding: the breakdown rules BR-x-08/09/10 and BR-O-02..04', () => {
  const padded = (code: string, extra: Partial<Doc> = {}): string =>
    invoice({ sellerVat: true, lines: [line(1, code), line(2, code)], breakdown: ` ${code} `, ...extra }).replace(
      /<cbc:TaxAmount currencyID="EUR">0<\/cbc:TaxAmount>(<cac:TaxCategory>)/,
      '<cbc:TaxAmount currencyID="EUR">5</cbc:TaxAmount>$1',
    );
  it('match a breakdown whose code is padded (" E "): taxable vs lines, tax amount 0, exemption reason', () => {
    for (const [p, code] of [
      ['E', 'E'],
      ['G', 'G'],
      ['IC', 'K'],
      ['AE', 'AE'],
    ] as const) {
      const xml = padded(code);
      expect(count(xml, `BR-${p}-08`), `BR-${p}-08`).toBe(0); // 200 = 100 + 100
      expect(count(xml, `BR-${p}-09`), `BR-${p}-09`).toBe(1); // tax 5
      expect(count(xml, `BR-${p}-10`), `BR-${p}-10`).toBe(1); // no exemption reason
      expect(count(padded(code, { acs: [ac(true, code)] }), `BR-${p}-08`), `BR-${p}-08 with a charge`).toBe(1); // 200 ≠ 210
    }
    expect(count(padded('Z'), 'BR-Z-10')).toBe(0);
    expect(
      count(
        padded('Z').replace(
          '<cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>',
          '<cbc:Percent>0</cbc:Percent><cbc:TaxExemptionReason>x</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>',
        ),
        'BR-Z-10',
      ),
    ).toBe(1);
  });
  it('BR-O-02 is one assertion per document (CII: per line); BR-O-03/04 look at document allowances / charges', () => {
    const o = invoice({ sellerVat: true, lines: [line(1, 'O'), line(2, 'O')], breakdown: 'O' });
    expect(count(o, 'BR-O-02')).toBe(1);
    expect(count(invoice({ lines: [line(1, 'O'), line(2, 'O')], breakdown: 'O' }), 'BR-O-02')).toBe(0);
    const oCharge = invoice({ buyerVat: true, acs: [ac(true, ' O ')], lines: [line(1, 'O')], breakdown: 'O' });
    expect([count(oCharge, 'BR-O-03'), count(oCharge, 'BR-O-04')]).toEqual([0, 1]);
  });
});

describe('UBL binding: BR-CL-19 / BR-CL-20 on every allowance / charge reason code', () => {
  it('also on a price discount (cac:Price/cac:AllowanceCharge), by the charge indicator', () => {
    const priced = line(1, 'E').replace(
      '<cbc:PriceAmount currencyID="EUR">100</cbc:PriceAmount>',
      '<cbc:PriceAmount currencyID="EUR">100</cbc:PriceAmount><cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode><cbc:Amount currencyID="EUR">1</cbc:Amount></cac:AllowanceCharge>',
    );
    const xml = invoice({
      sellerVat: true,
      lines: [priced],
      acs: [ac(true, 'E').replace('</cbc:ChargeIndicator>', '</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode>')],
    });
    expect([count(xml, 'BR-CL-19'), count(xml, 'BR-CL-20')]).toEqual([1, 0]);
    expect(count(xml.replace('<cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode>', '<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>'), 'BR-CL-19')).toBe(1);
  });
});

describe('UBL binding: BR-47 / BR-DEC-19 / BR-DEC-20 on every VAT breakdown, whatever its category', () => {
  it('count decimals of the raw value (" 200.00 " has three characters after the point) for a category S breakdown too', () => {
    const s = invoice({ sellerVat: true, lines: [line(1, 'S')], breakdown: 'S' });
    expect(count(s, 'BR-DEC-19')).toBe(0);
    expect(count(s.replace('<cbc:TaxableAmount currencyID="EUR">200</cbc:TaxableAmount>', '<cbc:TaxableAmount currencyID="EUR"> 200.00 </cbc:TaxableAmount>'), 'BR-DEC-19')).toBe(1);
    expect(count(s.replace('<cbc:TaxAmount currencyID="EUR">0</cbc:TaxAmount><cac:TaxCategory>', '<cbc:TaxAmount currencyID="EUR">0.001</cbc:TaxAmount><cac:TaxCategory>'), 'BR-DEC-20')).toBe(1);
    expect(count(s.replace('<cac:TaxCategory><cbc:ID>S</cbc:ID>', '<cac:TaxCategory>'), 'BR-47')).toBe(1);
  });
});

describe('UBL binding: BR-CO-10 sums the lines of either kind', () => {
  it('a CreditNote with one cac:CreditNoteLine and one cac:InvoiceLine: BT-106 is the sum of both', () => {
    const cn = (total: string): string =>
      invoice({ sellerVat: true, lines: [line(1, 'E').replaceAll('InvoiceLine>', 'CreditNoteLine>').replaceAll('InvoicedQuantity', 'CreditedQuantity'), line(2, 'E')] })
        .replace('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"', '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"')
        .replace('</Invoice>', '</CreditNote>')
        .replace('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>')
        .replace(
          '<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">200</cbc:LineExtensionAmount>',
          `<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">${total}</cbc:LineExtensionAmount>`,
        );
    expect(count(cn('200'), 'BR-CO-10')).toBe(0);
    expect(count(cn('100'), 'BR-CO-10')).toBe(1);
  });
});
