/** GET /formats (spec §2.13): the two invoice formats the service creates, verifies and extracts, and (beyond the spec) UBL output. */
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from './attachment-types';
import { DOCUMENT_TYPES } from './document-types';

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
  limits: {
    pdfMaxBytes: number;
    logoMaxBytes: number;
    invoiceJsonMaxBytes: number;
    requestsPerMinute: { verify: number; create: number };
  };
  validation: { authoritative: boolean; engines: string[] };
  note: string;
}

export interface FormatsDirectory {
  formats: FormatEntry[];
}

const LIMITS = { pdfMaxBytes: 26_214_400, logoMaxBytes: 512_000, invoiceJsonMaxBytes: 1_000_000, requestsPerMinute: { verify: 30, create: 20 } };
const ENGINES = ['Kontor PDF/A-3 conformance checker', 'Kontor ZUGFeRD/Factur-X rules validator', 'Kontor native EN 16931 / XRechnung schematron rules'];
const LOGO = { mimeTypes: ['image/png', 'image/jpeg', 'image/svg+xml'], maxBytes: 512_000 };

/**
 * The formats directory. `authoritative` says whether generated files pass an authoritative check on this
 * deployment (the service passes it in; default true: the native EN 16931 / XRechnung rules always run).
 * @example
 * ```ts
 * const body = buildFormatsDirectory({ authoritative: false });
 * console.log(body.formats.map((f) => f.id)); // [ 'zugferd-en16931', 'xrechnung-cii-3.0', 'xrechnung-ubl-3.0' ]
 * ```
 */
export function buildFormatsDirectory(opts: { authoritative?: boolean } = {}): FormatsDirectory {
  const authoritative = opts.authoritative ?? true;
  const xmlMimeTypes = ATTACHMENT_TYPES.filter((t) => t.xml).map((t) => t.mimeType);
  const documentTypes = DOCUMENT_TYPES.map((d) => d.code);
  return {
    formats: [
      {
        id: 'zugferd-en16931',
        name: 'ZUGFeRD 2.3 / Factur-X 1.0 EN 16931 (COMFORT)',
        syntax: 'UN/CEFACT CII D16B in PDF/A-3',
        guideline: 'urn:cen.eu:en16931:2017',
        output: 'application/pdf',
        operations: { create: true, createFromData: true, verify: true, extract: true },
        outputFormats: [
          { format: 'pdf', default: true, description: 'Hybrid PDF/A-3 with the CII XML embedded as factur-x.xml' },
          { format: 'xml', default: false, description: 'The CII XML alone (subscription or credits only)' },
        ],
        attachments: { embedded: true, mimeTypes: xmlMimeTypes, maxBytesEach: ATTACHMENT_MAX_BYTES },
        fromData: { description: 'Without a PDF the invoice is typeset from the data (A4, logo top right, optional language).', languages: ['de', 'en'], logo: LOGO },
        documentTypes,
        limits: structuredClone(LIMITS),
        validation: { authoritative, engines: [...ENGINES] },
        note: 'Profile en16931. Generated PDFs pass PDF/A-3 and EN 16931 checks before delivery when typeset by the service.',
      },
      {
        id: 'xrechnung-cii-3.0',
        name: 'XRechnung 3.0 (CII syntax)',
        syntax: 'UN/CEFACT CII D16B',
        guideline: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
        output: null,
        operations: { create: false, createFromData: false, verify: true, extract: false },
        outputFormats: [{ format: 'xml', default: true, description: 'XRechnung CII XML via POST /invoices?format=xml with profile xrechnung' }],
        attachments: { embedded: true, mimeTypes: xmlMimeTypes, maxBytesEach: ATTACHMENT_MAX_BYTES },
        fromData: { description: 'XRechnung is XML only; no typeset PDF.', languages: ['de', 'en'], logo: LOGO },
        documentTypes,
        limits: structuredClone(LIMITS),
        validation: { authoritative, engines: [...ENGINES] },
        note: 'Bare XML is not accepted by /verify, only PDF containers. Requires buyerReference (Leitweg-ID), seller contact, payment instructions and electronic addresses of both parties.',
      },
      {
        // Beyond the spec (issue 21): UBL output of the same model, written by @kontor/ubl.
        id: 'xrechnung-ubl-3.0',
        name: 'XRechnung 3.0 / EN 16931 (UBL 2.1 syntax)',
        syntax: 'OASIS UBL 2.1 Invoice / CreditNote',
        guideline: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
        output: null,
        operations: { create: false, createFromData: false, verify: false, extract: false },
        outputFormats: [{ format: 'xml', default: true, description: 'UBL 2.1 XML via POST /invoices?format=xml&syntax=ubl (profile xrechnung or en16931; CreditNote for type code 381)' }],
        attachments: { embedded: true, mimeTypes: xmlMimeTypes, maxBytesEach: ATTACHMENT_MAX_BYTES },
        fromData: { description: 'UBL is XML only; no typeset PDF.', languages: ['de', 'en'], logo: LOGO },
        documentTypes,
        limits: structuredClone(LIMITS),
        validation: { authoritative, engines: ['Kontor UBL 2.1 XSD validation (schema store)', 'Kontor native EN 16931 UBL rules', 'Kontor native XRechnung UBL rules'] },
        note: 'Beyond the spec. Generated from the same invoice model as the CII XML and checked with the UBL 2.1 XSD and the native EN 16931 / XRechnung UBL rules before delivery. Received bare UBL XML is validated by POST /invoices/validate (same report as for CII); kontor invoice convert converts between CII and UBL.',
      },
    ],
  };
}
