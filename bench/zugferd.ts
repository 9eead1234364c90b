/**
 * @kontor/zugferd: typeset 1-page and 20+-page (500 lines) invoices, embed into a 2-page PDF. Reference: the npm
 * package @e-invoice-eu/core doing the embed job (Factur-X EN 16931 into a supplied PDF, PDF/A-3); it cannot
 * typeset without LibreOffice, so the typeset rows have no reference. Our times include our own check of the
 * result (PDF/A-3 clauses + native EN 16931 rules), which the reference does not do.
 */
import { completeInvoice, type InvoiceInput } from '@kontor/cii';
import { embedInvoice, typesetInvoice } from '@kontor/zugferd';
import { mb, medianMs, peakRss, ratio, type BenchRow } from './harness';

const now = new Date('2025-03-10T10:00:00Z');

function invoiceWith(lines: number): InvoiceInput {
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
    buyer: { name: 'Hanse Handel AG', vatId: 'DE999999999', address: { line1: 'Speicherstadt 5', city: 'Hamburg', postalCode: '20457', countryCode: 'DE' }, electronicAddress: { id: 'eingang@hanse.example', scheme: 'EM' } },
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
function toEInvoiceEu(inv: InvoiceInput): unknown {
  const cur = inv.currency ?? 'EUR';
  const amt = (n: number) => n.toFixed(2);
  const party = (p: InvoiceInput['seller'], seller: boolean) => ({
    'cbc:EndpointID': p.electronicAddress?.id ?? 'x@example.com',
    'cbc:EndpointID@schemeID': 'EM',
    'cac:PostalAddress': { 'cbc:StreetName': p.address?.line1, 'cbc:CityName': p.address?.city, 'cbc:PostalZone': p.address?.postalCode, 'cac:Country': { 'cbc:IdentificationCode': p.address?.countryCode ?? 'DE' } },
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

async function referenceEmbed(): Promise<((pdf: Uint8Array, inv: InvoiceInput) => Promise<unknown>) | null> {
  try {
    const mod = (await import('@e-invoice-eu/core')) as { InvoiceService: new (logger: unknown) => { generate(i: unknown, o: unknown): Promise<unknown> } };
    const quiet = { log() {}, warn() {}, error() {} };
    const svc = new mod.InvoiceService(quiet);
    return (pdf, inv) => svc.generate(toEInvoiceEu(inv), { format: 'Factur-X-EN16931', lang: 'de-de', pdf: { buffer: pdf, filename: 'visual.pdf', mimetype: 'application/pdf' }, noWarnings: true });
  } catch {
    return null;
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const one = invoiceWith(3);
  const big = invoiceWith(500);
  const r1 = await typesetInvoice(one, { now });
  const ms1 = await medianMs(() => typesetInvoice(one, { now }), 7, 2);
  rows.push({ case: `zugferd typeset ${r1.pages} page (3 lines), incl. own check`, ours: `${ms1.toFixed(0)} ms`, reference: 'n/a (no JS peer typesets)', ratio: 'n/a', inputSize: mb(r1.pdf.byteLength), peakRss: peakRss() });
  const r500 = await typesetInvoice(big, { now });
  const ms500 = await medianMs(() => typesetInvoice(big, { now }), 3, 1);
  rows.push({ case: `zugferd typeset ${r500.pages} pages (500 lines), incl. own check`, ours: `${ms500.toFixed(0)} ms`, reference: 'n/a', ratio: 'n/a', inputSize: mb(r500.pdf.byteLength), peakRss: peakRss() });
  const msNoCheck = await medianMs(async () => {
    // the share of our own check: typeset minus check, measured by checking alone
    const { checkHybrid } = await import('@kontor/zugferd');
    await checkHybrid(r500.pdf, { xml: r500.xml });
  }, 3, 1);
  rows.push({ case: 'zugferd own check of the 500-line PDF (PDF/A-3 + EN 16931)', ours: `${msNoCheck.toFixed(0)} ms`, reference: '', ratio: '', inputSize: mb(r500.pdf.byteLength), peakRss: peakRss() });

  // a 2-page visual invoice: a typeset one with enough lines (its own factur-x.xml gets replaced)
  let visual = (await typesetInvoice(invoiceWith(30), { now })).pdf;
  for (let n = 20; n <= 60; n += 5) {
    const t = await typesetInvoice(invoiceWith(n), { now });
    if (t.pages === 2) {
      visual = t.pdf;
      break;
    }
  }
  const e = await embedInvoice(visual, one, { now });
  const msEmbed = await medianMs(() => embedInvoice(visual, one, { now }), 7, 2);
  const ref = await referenceEmbed();
  let refMs: number | null = null;
  let refNote = 'not installed';
  if (ref) {
    try {
      await ref(visual, one);
      refMs = await medianMs(() => ref(visual, one), 7, 2);
      refNote = `${refMs.toFixed(0)} ms (@e-invoice-eu/core 2.3.4)`;
    } catch (err) {
      refNote = `failed: ${(err as Error).message.slice(0, 60)}`;
    }
  }
  rows.push({ case: `zugferd embed into a ${e.pages}-page PDF, incl. own check`, ours: `${msEmbed.toFixed(0)} ms`, reference: refNote, ratio: ratio(msEmbed, refMs), inputSize: mb(visual.byteLength), peakRss: peakRss() });
  return rows;
}
