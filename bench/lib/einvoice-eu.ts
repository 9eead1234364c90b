/**
 * Bench inputs shared by modules that compare with npm @e-invoice-eu/core: one synthetic invoice with n lines
 * (our input shape, totals completed by completeInvoice) and the same invoice in @e-invoice-eu/core's internal
 * UBL-shaped JSON (used by cii-validate, ubl-validate, zugferd and verify).
 */
import { completeInvoice, type InvoiceInput } from '@kontor/cii';

export function invoiceWith(lines: number): InvoiceInput {
  return completeInvoice({
    invoiceNumber: `BENCH-${lines}`,
    issueDate: '2025-03-10',
    dueDate: '2025-04-09',
    seller: {
      name: 'Nordlicht Software GmbH',
      vatId: 'DE811907980',
      address: { line1: 'Friedrichstraße 123', city: 'Berlin', postalCode: '10117', countryCode: 'DE' },
      contact: { name: 'Anna Schmidt', phone: '+49 30 1234567', email: 'buchhaltung@nordlicht.example' },
      electronicAddress: { id: 'rechnung@nordlicht.example', scheme: 'EM' },
    },
    buyer: {
      name: 'Hanse Handel AG',
      vatId: 'DE999999999',
      address: { line1: 'Speicherstadt 5', city: 'Hamburg', postalCode: '20457', countryCode: 'DE' },
      electronicAddress: { id: 'eingang@hanse.example', scheme: 'EM' },
    },
    payment: { iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
    lines: Array.from({ length: lines }, (_, i) => ({
      name: i % 7 === 3 ? `Wartungsvertrag Serverraum Nord, Leistungsumfang gemäß Anlage ${i}: Prüfung der Klimatechnik, USV-Test und Dokumentation` : `Artikel ${i + 1} Schrauben M${(i % 12) + 3}`,
      quantity: (i % 9) + 1,
      unitCode: 'C62',
      unitPriceNet: Number((((i * 37) % 1000) / 10 + 1.5).toFixed(2)),
      vatRatePercent: i % 4 === 0 ? 7 : 19,
    })),
  } as never);
}

/** The same invoice in @e-invoice-eu/core's internal (UBL-shaped) format. */
export function toEInvoiceEu(inv: InvoiceInput): unknown {
  const cur = inv.currency ?? 'EUR';
  const amt = (n: number) => n.toFixed(2);
  const party = (p: InvoiceInput['seller'], seller: boolean) => ({
    'cbc:EndpointID': p.electronicAddress?.id ?? 'x@example.com',
    'cbc:EndpointID@schemeID': 'EM',
    'cac:PostalAddress': {
      'cbc:StreetName': p.address?.line1,
      'cbc:CityName': p.address?.city,
      'cbc:PostalZone': p.address?.postalCode,
      'cac:Country': { 'cbc:IdentificationCode': p.address?.countryCode ?? 'DE' },
    },
    ...(p.vatId ? { 'cac:PartyTaxScheme': seller ? [{ 'cbc:CompanyID': p.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : { 'cbc:CompanyID': p.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
    'cac:PartyLegalEntity': { 'cbc:RegistrationName': p.name },
  });
  return {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': inv.invoiceNumber,
      'cbc:IssueDate': inv.issueDate,
      'cbc:DueDate': inv.dueDate,
      'cbc:InvoiceTypeCode': '380',
      'cbc:DocumentCurrencyCode': cur,
      'cbc:BuyerReference': 'BENCH',
      'cac:AccountingSupplierParty': { 'cac:Party': party(inv.seller, true) },
      'cac:AccountingCustomerParty': { 'cac:Party': party(inv.buyer, false) },
      'cac:PaymentMeans': [{ 'cbc:PaymentMeansCode': '58', 'cac:PayeeFinancialAccount': { 'cbc:ID': inv.payment!.iban } }],
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amt(inv.totalVat),
          'cbc:TaxAmount@currencyID': cur,
          'cac:TaxSubtotal': inv.vatBreakdown.map((b) => ({
            'cbc:TaxableAmount': amt(b.basisAmount),
            'cbc:TaxableAmount@currencyID': cur,
            'cbc:TaxAmount': amt(b.taxAmount),
            'cbc:TaxAmount@currencyID': cur,
            'cac:TaxCategory': { 'cbc:ID': b.categoryCode ?? 'S', 'cbc:Percent': String(b.ratePercent), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amt(inv.totalNet),
        'cbc:LineExtensionAmount@currencyID': cur,
        'cbc:TaxExclusiveAmount': amt(inv.totalNet),
        'cbc:TaxExclusiveAmount@currencyID': cur,
        'cbc:TaxInclusiveAmount': amt(inv.totalGross),
        'cbc:TaxInclusiveAmount@currencyID': cur,
        'cbc:PayableAmount': amt(inv.totalGross),
        'cbc:PayableAmount@currencyID': cur,
      },
      'cac:InvoiceLine': inv.lines.map((l, i) => ({
        'cbc:ID': String(i + 1),
        'cbc:InvoicedQuantity': String(l.quantity),
        'cbc:InvoicedQuantity@unitCode': l.unitCode ?? 'C62',
        'cbc:LineExtensionAmount': amt(l.lineNetAmount),
        'cbc:LineExtensionAmount@currencyID': cur,
        'cac:Item': { 'cbc:Name': l.name, 'cac:ClassifiedTaxCategory': { 'cbc:ID': 'S', 'cbc:Percent': String(l.vatRatePercent), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } },
        'cac:Price': { 'cbc:PriceAmount': String(l.unitPriceNet), 'cbc:PriceAmount@currencyID': cur },
      })),
    },
  };
}
