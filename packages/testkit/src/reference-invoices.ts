/**
 * Ten reference invoices for layout, visual, extraction and API tests: every document type title, Skonto and own
 * terms, prepaid amounts, reverse charge, a small business, legal details in the footer, long names and addresses,
 * and several multi-page tables. The drafts are plain data; the caller completes the amounts with
 * @kontor/cii's `completeInvoice` (passed in, so this private package needs no dependency on the libraries).
 */

export type ReferenceLang = 'de' | 'en';

export interface ReferenceInvoice<J> {
  name: string;
  lang: ReferenceLang;
  json: J;
}

/** The loose draft shape this module writes (the caller's completeInvoice checks it properly). */
type DraftLine = Record<string, unknown>;
type Draft = Record<string, unknown> & { lines: DraftLine[]; exemptionReason?: string };
type Completed = { vatBreakdown: { exemptionReason?: string | undefined }[] };

const seller = {
  name: 'Nordlicht Software GmbH',
  vatId: 'DE811907980',
  taxNumber: '37/123/45678',
  registrationId: 'HRB 123456 B',
  legalInfo: 'Sitz der Gesellschaft: Berlin · Registergericht: Amtsgericht Charlottenburg, HRB 123456 B · Geschäftsführer: Anna Schmidt, Bernd Müller',
  address: { line1: 'Friedrichstraße 123', city: 'Berlin', postalCode: '10117', countryCode: 'DE' },
  contact: { name: 'Anna Schmidt', phone: '+49 30 1234567', email: 'buchhaltung@nordlicht.example' },
};
const buyer = { name: 'Hanse Handel AG', vatId: 'DE999999999', address: { line1: 'Speicherstadt 5', line2: 'Block C', city: 'Hamburg', postalCode: '20457', countryCode: 'DE' } };
const payment = { iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };

function lines(n: number, rate = 19, start = 0): DraftLine[] {
  return Array.from({ length: n }, (_, k) => {
    const i = k + start;
    return {
      name: i % 6 === 4 ? `Wartung Serverraum Nord gemäß Anlage ${i}: Prüfung der Klimatechnik, USV-Test, Brandschutz und Dokumentation der Ergebnisse` : `Leistungsposition ${i + 1}`,
      quantity: (i % 5) + 1,
      unitPriceNet: Number(((i * 37) % 400) + 12.5),
      vatRatePercent: i % 3 === 0 && rate === 19 ? 7 : rate,
      ...(i % 4 === 1 ? { sellerArticleId: `A-${10000 + i}` } : {}),
    };
  });
}

export function referenceInvoices<J extends Completed>(complete: (draft: Record<string, unknown>) => J): ReferenceInvoice<J>[] {
  const make = (name: string, lang: ReferenceLang, draft: Draft): ReferenceInvoice<J> => {
    const { exemptionReason, ...rest } = draft;
    const json = complete({ seller, buyer, ...rest });
    if (exemptionReason !== undefined) for (const b of json.vatBreakdown) b.exemptionReason = exemptionReason;
    return { name, lang, json };
  };
  return [
    make('380-skonto-terms', 'de', {
      invoiceNumber: 'RE-2025-0380',
      issueDate: '2025-03-10',
      dueDate: '2025-04-09',
      deliveryDate: '2025-03-07',
      purchaseOrderReference: 'PO-4711',
      contractReference: 'Rahmenvertrag 2025/17',
      notes: ['Vielen Dank für Ihren Auftrag.', 'Leistungsort ist Hamburg.'],
      payment: { ...payment, terms: 'Zahlbar innerhalb von 30 Tagen ohne Abzug.', discountPercent: 2, discountDays: 10 },
      lines: lines(5),
    }),
    make('381-rechnungskorrektur', 'de', {
      invoiceNumber: 'RK-2025-0007',
      documentTypeCode: '381',
      precedingInvoiceNumber: 'RE-2025-0380',
      precedingInvoiceDate: '2025-03-10',
      issueDate: '2025-03-20',
      dueDate: '2025-03-30',
      deliveryDate: '2025-03-07',
      payment,
      lines: lines(2),
    }),
    make('384-corrected-en', 'en', {
      invoiceNumber: 'RE-2025-0384',
      documentTypeCode: '384',
      precedingInvoiceNumber: 'RE-2025-0300',
      issueDate: '2025-03-21',
      dueDate: '2025-04-20',
      invoicingPeriod: { start: '2025-02-01', end: '2025-02-28' },
      payment,
      lines: lines(3),
    }),
    make('389-gutschrift', 'de', {
      invoiceNumber: 'GS-2025-0389',
      documentTypeCode: '389',
      issueDate: '2025-03-31',
      dueDate: '2025-04-14',
      invoicingPeriod: { start: '2025-03-01', end: '2025-03-31' },
      payment,
      lines: lines(4),
    }),
    make('326-teilrechnung-multipage', 'de', {
      invoiceNumber: 'TR-2025-0326',
      documentTypeCode: '326',
      issueDate: '2025-03-10',
      dueDate: '2025-04-09',
      invoicingPeriod: { start: '2025-01-01', end: '2025-03-31' },
      payment: { ...payment, terms: 'Zahlbar innerhalb von 30 Tagen ohne Abzug. Bei Zahlungsverzug berechnen wir Verzugszinsen gemäß § 288 BGB.' },
      lines: lines(48),
    }),
    make('875-abschlag-prepaid', 'de', {
      invoiceNumber: 'AR-2025-0875',
      documentTypeCode: '875',
      issueDate: '2025-05-02',
      dueDate: '2025-05-23',
      invoicingPeriod: { start: '2025-04-01', end: '2025-04-30' },
      paidAmount: 5000,
      payment,
      lines: [
        { name: 'Rohbau Los 2, Bautenstand 40 %', quantity: 1, unitPriceNet: 12000, vatRatePercent: 19 },
        { name: 'Baustelleneinrichtung', quantity: 1, unitPriceNet: 1800, vatRatePercent: 19 },
      ],
    }),
    make('877-schluss-prepaid-en', 'en', {
      invoiceNumber: 'SR-2025-0877',
      documentTypeCode: '877',
      issueDate: '2025-07-15',
      dueDate: '2025-08-14',
      invoicingPeriod: { start: '2025-01-15', end: '2025-06-30' },
      paidAmount: 20000,
      payment,
      lines: lines(30, 19, 3),
    }),
    make('ae-reverse-charge-en', 'en', {
      invoiceNumber: 'RE-2025-0900',
      issueDate: '2025-03-10',
      dueDate: '2025-04-09',
      deliveryDate: '2025-03-10',
      buyer: { name: 'Fjord Consulting ApS', vatId: 'DK13585628', address: { line1: 'Havnegade 12', city: 'København', postalCode: '1058', countryCode: 'DK' } },
      exemptionReason: 'Steuerschuldnerschaft des Leistungsempfängers / Reverse charge',
      payment,
      lines: lines(3, 0).map((l) => ({ ...l, categoryCode: 'AE' })),
    }),
    make('e-kleinunternehmer-long-names', 'de', {
      invoiceNumber: 'KU-2025-0019',
      contractReference: 'Rahmenvereinbarung Instandhaltung Treppenhäuser und Fassaden der Wohnanlagen Süd-West, Lose 3 bis 7, einschließlich Nachtrag Nr. 12 vom 14.02.2025',
      issueDate: '2025-03-10',
      dueDate: '2025-03-24',
      deliveryDate: '2025-03-10',
      seller: {
        name: 'Malermeisterin Friederike Sophie Annegret von Hohenzollern-Sigmaringen-Langenscheidt, Meisterbetrieb für Raumgestaltung, Fassadensanierung und historische Maltechniken',
        taxNumber: '21/815/08150',
        customerAssignedId: 'K-2025-77',
        address: {
          line1: 'Am Alten Fischmarkt und Hafenkante Nordufer, Hinterhaus, Aufgang C, 3. Obergeschoss links',
          city: 'Neustadt an der Weinstraße-Mußbach',
          postalCode: '67435',
          countryCode: 'DE',
        },
        contact: { phone: '+49 6321 987654', email: 'rechnungen.und.buchhaltung@malermeisterin-hohenzollern-sigmaringen.example' },
      },
      buyer: {
        name: 'Wohnungsbaugenossenschaft Rheinland-Pfalz Süd-West für Arbeiter, Angestellte und Beamte eingetragene Genossenschaft',
        address: {
          line1: 'Verwaltungsgebäude Süd, Zimmer 4.17, zu Händen der Kreditorenbuchhaltung',
          line2: 'Maximilianstraße 117–121 (Eingang über den Innenhof)',
          city: 'Ludwigshafen am Rhein',
          postalCode: '67059',
          countryCode: 'DE',
        },
        contact: { name: 'Dr. Maximiliane Theresia Oberhauser-Wittelsbach' },
      },
      exemptionReason: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
      payment: { iban: 'DE89370400440532013000', accountName: 'Friederike Sophie Annegret von Hohenzollern-Sigmaringen-Langenscheidt' },
      lines: lines(4, 0).map((l) => ({ ...l, categoryCode: 'E' })),
    }),
    make('gmbh-co-kg-many-lines-en', 'en', {
      invoiceNumber: 'INV-2025-1000',
      issueDate: '2025-03-10',
      dueDate: '2025-04-09',
      deliveryDate: '2025-03-05',
      seller: {
        ...seller,
        name: 'Weber Maschinenbau GmbH & Co. KG',
        registrationId: 'HRA 98765',
        legalInfo:
          'Sitz: Stuttgart, Amtsgericht Stuttgart HRA 98765 · Persönlich haftende Gesellschafterin (Komplementärin): Weber Verwaltungs GmbH, Sitz Stuttgart, Amtsgericht Stuttgart HRB 12345 · Geschäftsführer: Karl Weber, Dr. Petra Weber-Lindqvist',
      },
      payment: { ...payment, discountPercent: 3, discountDays: 14 },
      lines: lines(75),
    }),
  ];
}
