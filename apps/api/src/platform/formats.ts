/**
 * GET /formats (spec §2.13). The @kontor/cii package owns the code lists; until it exports a formats directory this
 * module states the contract values of the spec itself.
 */
export interface FormatEntry {
  id: string;
  name: string;
  syntax: string;
  guideline: string;
  output: string | null;
  operations: { create: boolean; createFromData: boolean; verify: boolean; extract: boolean };
  outputFormats: { format: 'pdf' | 'xml'; default: boolean; description: string }[];
  attachments: { embedded: boolean; mimeTypes: string[]; maxBytesEach: number };
  fromData: { description: string; languages: string[]; logo: { mimeTypes: string[]; maxBytes: number } };
  documentTypes: string[];
  limits: { pdfMaxBytes: number; logoMaxBytes: number; invoiceJsonMaxBytes: number; requestsPerMinute: { verify: number; create: number } };
  validation: { authoritative: boolean; engines: string[] };
  note: string;
}

const attachmentMimeTypes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
];
const documentTypes = ['380', '381', '383', '384', '386', '326', '389', '875', '876', '877'];
const limits = { pdfMaxBytes: 26_214_400, logoMaxBytes: 512_000, invoiceJsonMaxBytes: 1_000_000, requestsPerMinute: { verify: 30, create: 20 } };
const engines = ['Kontor PDF/A-3 conformance checker', 'Kontor ZUGFeRD/Factur-X rules validator', 'Kontor native EN 16931 / XRechnung schematron rules'];

export function formatsDirectory(): { formats: FormatEntry[] } {
  return {
    formats: [
      {
        id: 'zugferd-en16931',
        name: 'ZUGFeRD 2.3 / Factur-X 1.0 (profile EN 16931)',
        syntax: 'UN/CEFACT CII D16B in PDF/A-3',
        guideline: 'urn:cen.eu:en16931:2017',
        output: 'application/pdf',
        operations: { create: true, createFromData: true, verify: true, extract: true },
        outputFormats: [
          { format: 'pdf', default: true, description: 'PDF/A-3 hybrid with factur-x.xml embedded' },
          { format: 'xml', default: false, description: 'The CII XML alone (format=xml)' },
        ],
        attachments: { embedded: true, mimeTypes: attachmentMimeTypes, maxBytesEach: 10_485_760 },
        fromData: { description: 'Typeset from the invoice data when no PDF is supplied', languages: ['de', 'en'], logo: { mimeTypes: ['image/png', 'image/jpeg', 'image/svg+xml'], maxBytes: 512_000 } },
        documentTypes,
        limits,
        validation: { authoritative: true, engines },
        note: 'Generated files pass the PDF/A-3 and EN 16931 checks before delivery.',
      },
      {
        id: 'xrechnung-cii-3.0',
        name: 'XRechnung 3.0 (CII syntax)',
        syntax: 'UN/CEFACT CII D16B',
        guideline: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
        output: null,
        operations: { create: false, createFromData: false, verify: true, extract: false },
        outputFormats: [{ format: 'xml', default: true, description: 'XRechnung CII XML via POST /invoices?format=xml with profile xrechnung' }],
        attachments: { embedded: true, mimeTypes: attachmentMimeTypes, maxBytesEach: 10_485_760 },
        fromData: { description: 'XML only; no typeset PDF for XRechnung', languages: ['de', 'en'], logo: { mimeTypes: [], maxBytes: 0 } },
        documentTypes,
        limits,
        validation: { authoritative: true, engines },
        note: 'Bare XML is not accepted by /verify, only PDF containers.',
      },
    ],
  };
}
