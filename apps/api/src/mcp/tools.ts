/**
 * The MCP tools. Each tool is a thin adapter onto one /api/v1 route: its input schema is generated from that route's
 * own valibot schemas (query, JSON body) or its multipart description (file parts become `<part>_base64`), and a call
 * becomes the same HTTP request a client would send, answered by the app itself (auth, scope, rate limit, body limit,
 * validation, billing and error codes are the route's — there is no second implementation of any rule).
 */
import { jsonSchemaOf } from '../platform/openapi';
import type { AnyRoute } from '../platform/registry';

/** A request to the app, built from the tool arguments. */
export interface InternalRequest {
  method: 'GET' | 'POST';
  /** Path relative to /api/v1. */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  /** Accept header (the JSON envelope of the file-producing routes). */
  accept?: string;
}

/** A tool argument problem found while building the request (never reaches the app; nothing is charged). */
export class ToolInputError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'ToolInputError';
  }
}

export interface ToolSpec {
  name: string;
  title: string;
  description: string;
  /** operationIds of the routes the tool calls (all must be mounted for the tool to work). */
  operations: string[];
  /** Read-only tools change nothing (checks, validations); billing may still apply as on the route. */
  readOnly: boolean;
  /** Calls outside systems (VIES, SMP/SML, the language model). */
  openWorld: boolean;
  inputSchema(routes: Map<string, AnyRoute>): Record<string, unknown>;
  request(args: Record<string, unknown>): InternalRequest;
  /** One or two sentences for the human reader; the full answer is structuredContent. */
  summarize(body: Record<string, unknown>): string;
}

type Json = Record<string, unknown>;

function objectSchema(s: Json): { properties: Json; required: string[] } {
  return { properties: { ...((s.properties as Json | undefined) ?? {}) }, required: [...((s.required as string[] | undefined) ?? [])] };
}

function routeOf(routes: Map<string, AnyRoute>, operationId: string): AnyRoute {
  const r = routes.get(operationId);
  if (!r) throw new Error(`route ${operationId} is not mounted`);
  return r;
}

/** The route's JSON body schema as the tool input (routes with a valibot json schema). */
function jsonBodySchema(routes: Map<string, AnyRoute>, operationId: string, extra: Json = {}): Json {
  const r = routeOf(routes, operationId);
  const js = jsonSchemaOf(r.json);
  return { ...js, type: 'object', ...extra };
}

/** The route's multipart description with every binary part as `<part>_base64` (a base64 string). */
function multipartSchema(routes: Map<string, AnyRoute>, operationId: string): Json {
  const r = routeOf(routes, operationId);
  const { properties, required } = objectSchema((r.multipart ?? {}) as Json);
  const props: Json = {};
  const req: string[] = [];
  for (const [name, p] of Object.entries(properties) as [string, Json][]) {
    if (p.format === 'binary') {
      props[`${name}_base64`] = { type: 'string', contentEncoding: 'base64', description: `${String(p.description ?? name)} — base64-encoded` };
      if (required.includes(name)) req.push(`${name}_base64`);
    } else {
      props[name] = p;
      if (required.includes(name)) req.push(name);
    }
  }
  props.filename = { type: 'string', maxLength: 255, description: 'File name of the upload (informational)' };
  return { type: 'object', properties: props, required: req, additionalProperties: false };
}

/** The route's query schema as the tool input. */
function querySchema(routes: Map<string, AnyRoute>, operationId: string): Json {
  const r = routeOf(routes, operationId);
  return { ...jsonSchemaOf(r.query), type: 'object' };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (whitespace allowed between groups): anything else is a tool input error, not a silently shortened file. */
export function decodeBase64(value: unknown, path: string): Uint8Array<ArrayBuffer> {
  if (typeof value !== 'string') throw new ToolInputError(`${path} must be a base64 string`, path);
  const s = value.replace(/\s+/g, '');
  if (s.length % 4 !== 0 || !BASE64.test(s)) throw new ToolInputError(`${path} is not valid base64`, path);
  return new Uint8Array(Buffer.from(s, 'base64'));
}

function str(args: Json, key: string): string | undefined {
  const v = args[key];
  return typeof v === 'string' ? v : undefined;
}

/** A multipart request whose file part comes from `<part>_base64`. */
function fileForm(args: Json, part: string, mime: string, fallbackName: string): FormData {
  for (const k of Object.keys(args)) {
    if (k !== `${part}_base64` && k !== 'filename') throw new ToolInputError(`Unknown argument ${k}`, k);
  }
  if (args[`${part}_base64`] === undefined) throw new ToolInputError(`${part}_base64 is required`, `${part}_base64`);
  const bytes = decodeBase64(args[`${part}_base64`], `${part}_base64`);
  const form = new FormData();
  form.append(part, new Blob([bytes], { type: mime }), (str(args, 'filename') ?? fallbackName).slice(0, 255));
  return form;
}

function verdictLine(body: Json): string {
  return typeof body.summary === 'string' ? body.summary : JSON.stringify(body).slice(0, 200);
}

export const TOOLS: ToolSpec[] = [
  {
    name: 'check_vat_id',
    title: 'Check an EU VAT ID (VIES)',
    description:
      'Checks a VAT identification number (with country prefix, e.g. DE123456789) against the EU VIES service: status valid | invalid | unavailable, registered name and address where the member state discloses them. Same as GET /api/v1/vat/check.',
    operations: ['checkVatId'],
    readOnly: true,
    openWorld: true,
    inputSchema: (routes) => querySchema(routes, 'checkVatId'),
    request: (args) => ({ method: 'GET', path: '/vat/check', query: { vatId: String(args.vatId ?? '') } }),
    summarize: (b) => `${String(b.countryCode ?? '')}${String(b.vatNumber ?? '')}: ${String(b.status)}${b.name ? ` — ${String(b.name)}` : ''}`,
  },
  {
    name: 'check_peppol_participant',
    title: 'Check a Peppol participant',
    description:
      'Looks a Peppol participant (e.g. 0204:991-12345-67 or iso6523-actorid-upis::9930:de123456789) up through the SML and its SMP: registered or not, the document types and endpoints it accepts, the Peppol Directory entry. Same as GET /api/v1/peppol/check.',
    operations: ['checkPeppolParticipant'],
    readOnly: true,
    openWorld: true,
    inputSchema: (routes) => querySchema(routes, 'checkPeppolParticipant'),
    request: (args) => ({ method: 'GET', path: '/peppol/check', query: { participant: String(args.participant ?? '') } }),
    summarize: (b) => {
      const p = b.participant as { identifier?: string } | undefined;
      const types = Array.isArray(b.documentTypes) ? b.documentTypes.length : 0;
      return `${p?.identifier ?? 'participant'}: ${b.registered ? `registered in Peppol, ${types} document type(s)` : 'not registered in Peppol'}`;
    },
  },
  {
    name: 'verify_zugferd',
    title: 'Verify a ZUGFeRD / Factur-X / XRechnung PDF',
    description:
      'Verifies a received hybrid e-invoice PDF: embedded XML, PDF/A-3 binding, XMP, EN 16931 / XRechnung rules and the XSD, with the authoritative verdict. The PDF goes base64 in pdf_base64 (at most 25 MB decoded). Free. Same as POST /api/v1/verify.',
    operations: ['verifyInvoice'],
    readOnly: true,
    openWorld: false,
    inputSchema: (routes) => multipartSchema(routes, 'verifyInvoice'),
    request: (args) => ({ method: 'POST', path: '/verify', form: fileForm(args, 'pdf', 'application/pdf', 'invoice.pdf') }),
    summarize: verdictLine,
  },
  {
    name: 'create_zugferd',
    title: 'Create a ZUGFeRD / Factur-X invoice or its CII XML',
    description:
      'Creates a PDF/A-3 ZUGFeRD / Factur-X invoice (format pdf, default; answer pdf_base64) or the CII XML (format xml; answer xml) from invoice data (the Invoice object of POST /api/v1/invoices). ' +
      'Billing as on the route: subscription, else 1 credit, else the daily free quota of watermarked PDFs. Needs the OAuth scope invoice:create.',
    operations: ['createInvoice'],
    readOnly: false,
    openWorld: false,
    inputSchema: (routes) => {
      const r = routeOf(routes, 'createInvoice');
      const body = jsonBodySchema(routes, 'createInvoice');
      const q = objectSchema(jsonSchemaOf(r.query));
      const { properties, required } = objectSchema(body);
      return { ...body, type: 'object', properties: { ...properties, ...q.properties }, required };
    },
    request: (args) => {
      const { format, ...body } = args;
      if (format !== undefined && typeof format !== 'string') throw new ToolInputError('format must be pdf or xml', 'format');
      const query: Record<string, string> = format ? { format } : {};
      return { method: 'POST', path: '/invoices', query, json: body, accept: 'application/json' };
    },
    summarize: (b) => {
      const warnings = Array.isArray(b.warnings) ? b.warnings.length : 0;
      const what = typeof b.xml === 'string' ? 'CII XML' : 'PDF/A-3 ZUGFeRD invoice';
      return `Created the ${what} (${String(b.bytes)} bytes)${warnings ? `, ${warnings} warning(s)` : ''}.`;
    },
  },
  {
    name: 'extract_invoice',
    title: 'Extract invoice data from a PDF',
    description:
      'Reads EN 16931 invoice data from a PDF (embedded e-invoice XML deterministically, else the printed text): {invoice, issues, repairedPaths, source}. The PDF goes base64 in pdf_base64. ' +
      'Billing as on POST /api/v1/extractions: subscription or 1 credit. Needs the OAuth scope invoice:create.',
    operations: ['extractInvoice'],
    readOnly: true,
    openWorld: true,
    inputSchema: (routes) => multipartSchema(routes, 'extractInvoice'),
    request: (args) => ({ method: 'POST', path: '/extractions', form: fileForm(args, 'pdf', 'application/pdf', 'invoice.pdf') }),
    summarize: (b) => {
      const repaired = Array.isArray(b.repairedPaths) ? b.repairedPaths.length : 0;
      const issues = Array.isArray(b.issues) ? b.issues.length : 0;
      return `Extracted the invoice (source ${String(b.source)}); ${issues} issue(s), ${repaired} placeholder field(s) to correct.`;
    },
  },
  {
    name: 'validate_payment_file',
    title: 'Validate a pain.001 payment file',
    description:
      'Validates a SEPA / foreign pain.001 file (versions 09 and 03; SCT or AXZ): profile, totals, German rules, schema check, verdict. Send xml (text) or file_base64. Billing as on POST /api/v1/payments/validate.',
    operations: ['validatePaymentFile'],
    readOnly: true,
    openWorld: false,
    inputSchema: (routes) => jsonBodySchema(routes, 'validatePaymentFile'),
    request: (args) => ({ method: 'POST', path: '/payments/validate', json: args }),
    summarize: verdictLine,
  },
  {
    name: 'validate_bank_statement',
    title: 'Validate a camt bank statement',
    description:
      'Validates a camt.052/053/054 (or a ZIP delivery of them): structure, balances, schema check, verdict. Send xml (text) or file_base64. Billing as on POST /api/v1/statements/validate.',
    operations: ['validateBankStatement'],
    readOnly: true,
    openWorld: false,
    inputSchema: (routes) => jsonBodySchema(routes, 'validateBankStatement'),
    request: (args) => ({ method: 'POST', path: '/statements/validate', json: args }),
    summarize: verdictLine,
  },
  {
    name: 'parse_bank_statement',
    title: 'Parse a camt bank statement',
    description:
      'Parses a camt.052/053/054 (or a ZIP delivery) into statements, balances and entries with counterparties and remittance. Send xml (text) or file_base64. Billing as on POST /api/v1/statements/parse.',
    operations: ['parseBankStatement'],
    readOnly: true,
    openWorld: false,
    inputSchema: (routes) => jsonBodySchema(routes, 'parseBankStatement'),
    request: (args) => ({ method: 'POST', path: '/statements/parse', json: args }),
    summarize: verdictLine,
  },
  {
    name: 'validate_invoice_xml',
    title: 'Validate an invoice XML (CII or UBL: XRechnung, Factur-X XML, Peppol BIS)',
    description:
      'Validates a bare invoice XML (CII or UBL 2.1, detected from the root element) against EN 16931 / XRechnung (native rules, XSD, authoritative verdict). Send xml (text) or file_base64; profile auto | en16931 | xrechnung. Free. Same as POST /api/v1/invoices/validate.',
    operations: ['validateInvoiceXml'],
    readOnly: true,
    openWorld: false,
    inputSchema: (routes) => jsonBodySchema(routes, 'validateInvoiceXml'),
    request: (args) => ({ method: 'POST', path: '/invoices/validate', json: args }),
    summarize: verdictLine,
  },
  {
    name: 'create_payment_file',
    title: 'Create a pain.001 payment file (SEPA SCT or foreign AXZ)',
    description:
      'Creates a pain.001.001.09 file from a payment run: profile sct (SEPA credit transfer, POST /api/v1/payments/sepa, needs the payments feature) or axz (foreign payment, POST /api/v1/payments/axz, needs paymentsAbroad). ' +
      'run is the request body of that route. The answer is the JSON envelope with the XML and its verification.',
    operations: ['createSepaCreditTransfer', 'createForeignPayment'],
    readOnly: false,
    openWorld: false,
    inputSchema: (routes) => ({
      type: 'object',
      required: ['profile', 'run'],
      additionalProperties: false,
      properties: {
        profile: { type: 'string', enum: ['sct', 'axz'], description: 'sct: SEPA credit transfer; axz: foreign payment (AZV)' },
        run: { description: 'The payment run (body of /payments/sepa or /payments/axz)', anyOf: [jsonBodySchema(routes, 'createSepaCreditTransfer'), jsonBodySchema(routes, 'createForeignPayment')] },
      },
    }),
    request: (args) => {
      for (const k of Object.keys(args)) if (k !== 'profile' && k !== 'run') throw new ToolInputError(`Unknown argument ${k}`, k);
      if (args.profile !== 'sct' && args.profile !== 'axz') throw new ToolInputError('profile must be sct or axz', 'profile');
      if (args.run === undefined) throw new ToolInputError('run is required', 'run');
      return { method: 'POST', path: args.profile === 'sct' ? '/payments/sepa' : '/payments/axz', json: args.run, accept: 'application/json' };
    },
    summarize: (b) => {
      const ver = b.verification as { passed?: boolean } | undefined;
      return `Created ${String(b.filename ?? 'the payment file')}${ver ? ` (verification ${ver.passed ? 'passed' : 'not passed'})` : ''}.`;
    },
  },
];
