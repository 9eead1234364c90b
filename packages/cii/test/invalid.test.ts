/** Invalid inputs: each is refused before generation with the rule id named in the spec or the official rule set. */
import { describe, expect, it } from 'vitest';
import { CiiError, generateCii, writeCii } from '../src/index';
import { codes, fixture } from './helpers';

type J = Record<string, any>;

function errorsOf(json: J, opts: Parameters<typeof generateCii>[1] = {}): string[] {
  const r = generateCii(json, opts);
  expect(r.ok).toBe(false);
  expect(r.xml).toBeUndefined();
  return codes(r.findings);
}

function expectRule(mutate: (j: J) => void, rule: string, path?: string, base = '01-minimal-en16931'): void {
  const j = fixture(base) as J;
  mutate(j);
  const r = generateCii(j);
  expect(r.ok, `expected ${rule}`).toBe(false);
  const hit = r.findings.find((f) => f.code === rule && f.severity === 'error' && (path === undefined || f.path === path));
  expect(hit, `${rule} at ${path} not in ${JSON.stringify(r.findings)}`).toBeDefined();
}

describe('spec-named rules', () => {
  it('BR-CO-13: totalNet must be lines - allowances + charges', () => {
    expectRule((j) => (j.totalNet = 99.99), 'BR-CO-13', 'totalNet');
  });

  it('BR-AE-02: reverse charge without buyer VAT ID (nor registration id)', () => {
    expectRule((j) => delete j.buyer.vatId, 'BR-AE-02', 'buyer.vatId', '10-reverse-charge-ae');
  });

  it('BR-AE-02 is satisfied by the buyer registration id instead of the VAT id', () => {
    const j = fixture('10-reverse-charge-ae') as J;
    delete j.buyer.vatId;
    j.buyer.registrationId = 'KvK 12345678';
    expect(generateCii(j).ok).toBe(true);
  });

  it('BR-42: line allowance without reason or reason code', () => {
    expectRule((j) => delete j.lines[0].allowanceCharges[0].reasonCode, 'BR-42', 'lines.0.allowanceCharges.0.reason', '06-line-allowance-code-only');
  });

  it('BR-44: line charge without reason', () => {
    expectRule(
      (j) => {
        delete j.lines[0].allowanceCharges[0].reason;
        delete j.lines[0].allowanceCharges[0].reasonCode;
      },
      'BR-44',
      'lines.0.allowanceCharges.0.reason',
      '05-line-charge-amount',
    );
  });

  it('BR-DE-1: xrechnung without payment instructions', () => {
    expectRule((j) => delete j.payment, 'BR-DE-1', 'payment', '02-minimal-xrechnung');
  });

  it('BR-DE-2: xrechnung without seller contact, or with an incomplete one', () => {
    expectRule((j) => delete j.seller.contact, 'BR-DE-2', 'seller.contact', '02-minimal-xrechnung');
    expectRule((j) => delete j.seller.contact.phone, 'BR-DE-2', 'seller.contact.phone', '02-minimal-xrechnung');
    expectRule((j) => delete j.seller.contact.email, 'BR-DE-2', 'seller.contact.email', '02-minimal-xrechnung');
    expectRule((j) => delete j.seller.contact.name, 'BR-DE-2', 'seller.contact.name', '02-minimal-xrechnung');
  });

  it('xrechnung needs buyerReference and both electronic addresses', () => {
    expectRule((j) => delete j.buyerReference, 'BR-DE-15', 'buyerReference', '02-minimal-xrechnung');
    expectRule((j) => delete j.seller.electronicAddress, 'PEPPOL-EN16931-R020', 'seller.electronicAddress', '02-minimal-xrechnung');
    expectRule((j) => delete j.buyer.electronicAddress, 'PEPPOL-EN16931-R010', 'buyer.electronicAddress', '02-minimal-xrechnung');
  });

  it('the same invoice passes as en16931 but not as xrechnung', () => {
    const j = fixture('01-minimal-en16931');
    expect(generateCii(j).ok).toBe(true);
    expect(errorsOf(j, { profile: 'xrechnung' })).toEqual(
      expect.arrayContaining(['BR-DE-15', 'BR-DE-2', 'BR-DE-1', 'PEPPOL-EN16931-R020', 'PEPPOL-EN16931-R010', 'BR-DE-3', 'BR-DE-4', 'BR-DE-8', 'BR-DE-9']),
    );
  });

  it('EXTRACTION_UNCERTAIN: KORRIGIEREN and 1900-01-01 are refused, a 0 amount is not', () => {
    expectRule((j) => (j.seller.name = 'KORRIGIEREN'), 'EXTRACTION_UNCERTAIN', 'seller.name');
    expectRule((j) => (j.issueDate = '1900-01-01'), 'EXTRACTION_UNCERTAIN', 'issueDate');
    expectRule((j) => (j.buyer.address = { countryCode: 'KORRIGIEREN' }), 'EXTRACTION_UNCERTAIN', 'buyer.address.countryCode');
    const zero = fixture('43-zero-amount-line');
    expect(generateCii(zero).ok).toBe(true);
  });
});

describe('calculation rules', () => {
  it('line net amount must equal quantity x price - allowances + charges', () => {
    expectRule((j) => (j.lines[0].lineNetAmount = 1000), 'PEPPOL-EN16931-R120', 'lines.0.lineNetAmount', '04-line-allowance-percent');
  });
  it('BR-CO-14 / BR-CO-15 / BR-CO-17', () => {
    expectRule((j) => (j.totalVat = 18), 'BR-CO-14', 'totalVat');
    expectRule((j) => (j.totalGross = 118), 'BR-CO-15', 'totalGross');
    expectRule(
      (j) => {
        j.vatBreakdown[0].taxAmount = 18;
        j.totalVat = 18;
        j.totalGross = 118;
      },
      'BR-CO-17',
      'vatBreakdown.0.taxAmount',
    );
  });
  it('BR-S-08: breakdown basis must match its lines', () => {
    expectRule((j) => (j.vatBreakdown[0].basisAmount = 90), 'BR-S-08', 'vatBreakdown.0.basisAmount');
  });
  it('BR-CO-04: a line rate without breakdown entry, or an ambiguous one', () => {
    expectRule((j) => (j.lines[0].vatRatePercent = 7), 'BR-CO-04', 'lines.0.vatRatePercent');
    expectRule((j) => delete j.lines[1].categoryCode, 'BR-CO-04', 'lines.1.categoryCode', '49-two-zero-rate-entries');
  });
  it('document allowance: reason BR-33, charge reason BR-38, missing amount BR-31', () => {
    expectRule((j) => delete j.allowanceCharges[0].reason, 'BR-33', 'allowanceCharges.0.reason', '07-doc-allowance-percent-default-basis');
    expectRule(
      (j) => {
        delete j.allowanceCharges[0].reason;
        delete j.allowanceCharges[0].reasonCode;
      },
      'BR-38',
      'allowanceCharges.0.reason',
      '08-doc-charge-freight',
    );
    expectRule(
      (j) => {
        delete j.allowanceCharges[0].percent;
        delete j.allowanceCharges[0].amount;
      },
      'BR-31',
      'allowanceCharges.0.amount',
      '07-doc-allowance-percent-default-basis',
    );
  });
  it('document allowance without rate on a mixed-rate invoice', () => {
    expectRule((j) => delete j.allowanceCharges[0].ratePercent, 'ALLOWANCE_CHARGE_RATE_REQUIRED', 'allowanceCharges.0.ratePercent', '09-doc-allowance-mixed-rates');
  });
  it('percent amount inconsistent with basis x percent in xrechnung (PEPPOL-EN16931-R040)', () => {
    expectRule(
      (j) => {
        j.allowanceCharges[0].amount = 30;
      },
      'PEPPOL-EN16931-R040',
      'allowanceCharges.0.amount',
      '47-mixed-rates-doc-ac-xrechnung',
    );
  });
  it('BR-DEC-*: amounts with more than 2 decimals', () => {
    expectRule(
      (j) => {
        j.lines[0].unitPriceNet = 100.005;
        j.lines[0].lineNetAmount = 100.005;
      },
      'BR-DEC-23',
      'lines.0.lineNetAmount',
    );
  });
  it('BR-27: negative net price', () => {
    expectRule(
      (j) => {
        j.lines[0].unitPriceNet = -100;
        j.lines[0].quantity = -1;
      },
      'BR-27',
      'lines.0.unitPriceNet',
    );
  });
});

describe('VAT category rules', () => {
  it('S needs a positive rate and no exemption reason', () => {
    expectRule((j) => (j.vatBreakdown[0].exemptionReason = 'steuerfrei'), 'BR-S-10', 'vatBreakdown.0.exemptionReason');
  });
  it('S needs the seller VAT id or tax number (BR-S-02)', () => {
    expectRule(
      (j) => {
        delete j.seller.vatId;
        j.seller.registrationId = 'HRB 1';
      },
      'BR-S-02',
      'seller.vatId',
    );
  });
  it('AE: rate 0 (BR-AE-05) and tax 0 (BR-AE-09)', () => {
    expectRule((j) => (j.lines[0].vatRatePercent = 19), 'BR-CO-04', undefined, '10-reverse-charge-ae');
    expectRule(
      (j) => {
        j.vatBreakdown[0].taxAmount = 10;
        j.totalVat = 10;
        j.totalGross = 2610;
      },
      'BR-AE-09',
      'vatBreakdown.0.taxAmount',
      '10-reverse-charge-ae',
    );
  });
  it('K needs both VAT ids, a delivery date and the deliver-to country', () => {
    expectRule((j) => delete j.buyer.vatId, 'BR-IC-02', 'buyer.vatId', '12-intra-community-k');
    expectRule((j) => delete j.deliveryDate, 'BR-IC-11', 'deliveryDate', '12-intra-community-k');
    expectRule((j) => delete j.deliveryCountryCode, 'BR-IC-12', 'deliveryCountryCode', '12-intra-community-k');
  });
  it('G needs the seller VAT id (BR-G-02)', () => {
    expectRule(
      (j) => {
        delete j.seller.vatId;
        j.seller.taxNumber = '12/345/67890';
      },
      'BR-G-02',
      'seller.vatId',
      '13-export-g',
    );
  });
  it('E needs an exemption reason (BR-E-10)', () => {
    expectRule((j) => delete j.vatBreakdown[0].exemptionReason, 'BR-E-10', 'vatBreakdown.0.exemptionReason', '14-exempt-e-kleinunternehmer');
  });
  it('O excludes VAT ids (BR-O-02) and other categories (BR-O-11)', () => {
    expectRule((j) => (j.buyer.vatId = 'DE999999999'), 'BR-O-02', 'buyer.vatId', '15-not-subject-o');
    expectRule(
      (j) => {
        j.lines.push({ name: 'x', quantity: 1, unitPriceNet: 10, vatRatePercent: 19, lineNetAmount: 10 });
        j.vatBreakdown.push({ ratePercent: 19, basisAmount: 10, taxAmount: 1.9, categoryCode: 'S' });
        j.totalNet = 70;
        j.totalVat = 1.9;
        j.totalGross = 71.9;
        j.seller.vatId = 'DE123456789';
      },
      'BR-O-11',
      'vatBreakdown.1.categoryCode',
      '15-not-subject-o',
    );
  });
  it('Z: no exemption reason (BR-Z-10), rate 0 (BR-Z-05)', () => {
    expectRule((j) => (j.vatBreakdown[0].exemptionReasonCode = 'VATEX-EU-O'), 'BR-Z-10', 'vatBreakdown.0.exemptionReasonCode', '16-zero-rated-z');
    expectRule(
      (j) => {
        j.lines[0].categoryCode = 'Z';
        j.lines[0].vatRatePercent = 7;
      },
      'BR-Z-05',
      'lines.0.vatRatePercent',
      '16-zero-rated-z',
    );
  });
  it('unknown category and exemption code (BR-CL-18, BR-CL-22)', () => {
    expectRule((j) => (j.vatBreakdown[0].categoryCode = 'X'), 'BR-CL-18', 'vatBreakdown.0.categoryCode');
    expectRule((j) => (j.vatBreakdown[0].exemptionReasonCode = 'VATEX-XX'), 'BR-CL-22', 'vatBreakdown.0.exemptionReasonCode', '10-reverse-charge-ae');
  });
});

describe('payment rules', () => {
  it('59 needs mandate, creditor id and debited IBAN', () => {
    expectRule((j) => delete j.payment.mandateId, 'PEPPOL-EN16931-R061', 'payment.mandateId', '27-payment-direct-debit-59');
    expectRule((j) => delete j.payment.creditorId, 'BR-DE-30', 'payment.creditorId', '27-payment-direct-debit-59');
    expectRule((j) => delete j.payment.debitedIban, 'BR-DE-31', 'payment.debitedIban', '27-payment-direct-debit-59');
  });
  it('59 writes no payee account: an IBAN is ignored with a warning', () => {
    const j = fixture('27-payment-direct-debit-59') as J;
    j.payment.iban = 'DE02120300000000202051';
    const r = generateCii(j);
    expect(r.ok).toBe(true);
    expect(codes(r.findings, 'warning')).toContain('PAYEE_ACCOUNT_IGNORED');
    expect(r.xml).not.toContain('PayeePartyCreditorFinancialAccount');
    expect(r.xml).toContain('<ram:PayerPartyDebtorFinancialAccount>');
  });
  it('30/58 need an IBAN (BR-61); unknown means code (BR-CL-16)', () => {
    expectRule((j) => (j.payment = { meansCode: '58' }), 'BR-61', 'payment.iban');
    expectRule((j) => (j.payment = { meansCode: '999' }), 'BR-CL-16', 'payment.meansCode');
  });
  it('without meansCode an IBAN means 58', () => {
    const r = generateCii(fixture('01-minimal-en16931'));
    expect(r.ok).toBe(true);
    const j = fixture('01-minimal-en16931') as J;
    j.payment = { iban: 'DE02120300000000202051' };
    expect(generateCii(j).xml).toContain('<ram:TypeCode>58</ram:TypeCode>');
  });
  it('card payments in xrechnung need the card number (BR-DE-24-a), at most 10 characters (BR-51)', () => {
    expectRule((j) => delete j.payment.cardNumber, 'BR-DE-24-a', 'payment.cardNumber', '29-payment-card-54');
    expectRule((j) => (j.payment.cardNumber = '4242424242424242'), 'BR-51', 'payment.cardNumber', '29-payment-card-54');
  });
  it('Skonto: warnings for a period after the due date and an implausible rate; markers appended', () => {
    const j = fixture('30-skonto-single') as J;
    j.payment.discountDays = 45;
    j.payment.discountPercent = 15;
    const r = generateCii(j);
    expect(r.ok).toBe(true);
    expect(codes(r.findings, 'warning')).toEqual(expect.arrayContaining(['SKONTO_AFTER_DUE_DATE', 'SKONTO_RATE_IMPLAUSIBLE']));
    expect(r.xml).toContain('Zahlbar innerhalb 30 Tagen netto.\n#SKONTO#TAGE=45#PROZENT=15.00#\n</ram:Description>');
  });
  it('Skonto needs both percent and days; a # line that is no marker fails BR-DE-18 in xrechnung', () => {
    expectRule((j) => delete j.payment.discountDays, 'SKONTO_INCOMPLETE', 'payment.discountDays', '30-skonto-single');
    expectRule((j) => (j.payment.terms = '#SKONTO#TAGE=10#PROZENT=2#'), 'BR-DE-18', 'payment.terms', '30-skonto-single');
  });
  it('BR-CO-25: an amount due needs a due date or terms', () => {
    expectRule((j) => delete j.dueDate, 'BR-CO-25', 'dueDate');
  });
});

describe('other rules', () => {
  it('code lists: currency, country, VAT prefix, note subject, unit fallback', () => {
    expectRule((j) => (j.currency = 'XYZ'), 'BR-CL-04', 'currency');
    expectRule((j) => (j.buyer.address = { countryCode: 'QQ' }), 'BR-CL-14', 'buyer.address.countryCode');
    expectRule((j) => (j.seller.vatId = '123456789'), 'BR-CO-09', 'seller.vatId');
    expectRule((j) => (j.notes = [{ text: 'x', subjectCode: 'XYZ' }]), 'BR-CL-08', 'notes.0.subjectCode');
    expectRule((j) => (j.buyer.electronicAddress = { id: 'x', scheme: 'FOO' }), 'BR-CL-25', 'buyer.electronicAddress.scheme');
  });
  it('seller identification (BR-CO-26) and payee distinct from seller (BR-17)', () => {
    expectRule(
      (j) => {
        delete j.seller.vatId;
        j.seller.taxNumber = '12/345/67890';
      },
      'BR-CO-26',
      'seller.vatId',
    );
    expectRule((j) => (j.payee = { name: j.seller.name }), 'BR-17', 'payee.name');
  });
  it('periods and references (BR-29, BR-CO-19, BR-55, BR-57)', () => {
    expectRule((j) => (j.invoicingPeriod = { start: '2025-02-01', end: '2025-01-01' }), 'BR-29', 'invoicingPeriod.end');
    expectRule((j) => (j.invoicingPeriod = {}), 'BR-CO-19', 'invoicingPeriod');
    expectRule((j) => (j.precedingInvoiceDate = '2025-01-01'), 'BR-55', 'precedingInvoiceNumber');
    expectRule((j) => (j.delivery = { address: { city: 'Berlin' } }), 'BR-57', 'delivery.address.countryCode');
  });
  it('tax currency: BR-53 and PEPPOL-EN16931-R005 (xrechnung)', () => {
    expectRule((j) => delete j.totalVatInTaxCurrency, 'BR-53', 'totalVatInTaxCurrency', '38-tax-currency-usd');
    expectRule(
      (j) => {
        j.taxCurrencyCode = 'EUR';
        j.totalVatInTaxCurrency = 190;
      },
      'PEPPOL-EN16931-R005',
      'taxCurrencyCode',
      '02-minimal-xrechnung',
    );
  });
  it('a credit note without preceding invoice gets a warning, not an error', () => {
    const j = fixture('18-credit-note-381') as J;
    delete j.precedingInvoiceNumber;
    delete j.precedingInvoiceDate;
    const r = generateCii(j);
    expect(r.ok).toBe(true);
    expect(codes(r.findings, 'warning')).toContain('PRECEDING_INVOICE_RECOMMENDED');
  });
  it('attachments: XML-level types only (BR-CL-24), unique file names in xrechnung (BR-DE-22)', () => {
    const j = fixture('02-minimal-xrechnung');
    expect(errorsOf(j, { attachments: [{ filename: 'data.xml', data: 'PGEvPg==' }] })).toContain('BR-CL-24');
    const a = { filename: 'a.pdf', data: new Uint8Array([37, 80, 68, 70]) };
    expect(errorsOf(j, { attachments: [a, { ...a, id: 'second' }] })).toContain('BR-DE-22');
    expect(errorsOf(j, { attachments: [{ filename: 'a.pdf' }] })).toContain('ATTACHMENT_DATA_MISSING');
  });
  it('writeCii throws CiiError INVOICE_INVALID carrying the findings', () => {
    const j = fixture('01-minimal-en16931') as J;
    j.totalNet = 1;
    try {
      writeCii(j);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CiiError);
      expect((e as CiiError).code).toBe('INVOICE_INVALID');
      expect((e as CiiError).details.map((f) => f.code)).toContain('BR-CO-13');
    }
    expect(() => writeCii(fixture('01-minimal-en16931'), { profile: 'peppol' as never })).toThrow(CiiError);
  });
  it('schema problems come back as findings with dot paths', () => {
    const j = fixture('03-two-rates') as J;
    j.lines[1].unitPriceNet = 'zehn';
    j.lines[0].colour = 'red';
    delete j.invoiceNumber;
    const r = generateCii(j);
    expect(r.ok).toBe(false);
    expect(r.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'INVALID_TYPE', path: 'lines.1.unitPriceNet' }),
        expect.objectContaining({ code: 'UNKNOWN_PROPERTY', path: 'lines.0.colour' }),
        expect.objectContaining({ code: 'BR-02', path: 'invoiceNumber' }),
      ]),
    );
  });
});
