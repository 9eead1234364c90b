/**
 * POST /invoices (spec §4.6, MCP create_zugferd). The XML path: JSON or multipart body → @kontor/cii generateCii
 * (schema, EN 16931 / XRechnung pre-generation rules, then the CII writer). Validation runs before billing, so a
 * rejected invoice costs nothing; billing rule 2 (subscription, else 1 credit, else 403). format=pdf goes to
 * createPdfInvoice (invoices-pdf.ts, @kontor/zugferd).
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import type { Context } from 'hono';
import { ATTACHMENT_MAX_BYTES, attachmentMimeFromFilename, checkInvoiceJsonSize, INVOICE_LIMITS, InvoiceSchema, type CiiAttachment, type Finding, type InvoiceWarning } from '@kontor/cii';
import { langFromAcceptLanguage, type Lang } from '@kontor/xml';
import { withCharge } from '../billing/billing';
import { ApiError } from '../platform/errors';
import { defineRoute, type AnyRoute } from '../platform/registry';
import type { AppEnv } from '../platform/services';
import { checkJsonLimits } from '../platform/jsonlimits';
import { createPdfInvoice } from './invoices-pdf';

/** PDF 25 MB + 10 MB attachments, base64 in JSON: generous, still bounded while streaming. */
const MAX_INVOICE_BODY = 100_000_000;

const invoiceJsonSchema = (() => {
  const js = toJsonSchema(InvoiceSchema, { errorMode: 'ignore', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete js.$schema;
  return js;
})();

/**
 * The JSON body. `invoice` is validated by @kontor/cii (to report rule ids and placeholders), so the route schema
 * accepts any value there and only documents the Invoice schema.
 */
const InvoiceRequestSchema = v.object({
  invoice: v.pipe(v.unknown(), v.metadata(invoiceJsonSchema)),
  pdf_base64: v.optional(v.string()),
  logo_base64: v.optional(v.string()),
  logo_mime: v.optional(v.picklist(['image/png', 'image/jpeg', 'image/svg+xml'])),
  lang: v.optional(v.pipe(v.picklist(['de', 'en']), v.description('Language of the typeset invoice (default de) and of the warning messages (both formats)'))),
  filename: v.optional(v.pipe(v.string(), v.maxLength(200))),
  attachments: v.optional(
    v.array(
      v.object({
        filename: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
        mime_type: v.optional(v.string()),
        description: v.optional(v.pipe(v.string(), v.maxLength(1000))),
        data_base64: v.string(),
      }),
    ),
  ),
});
type InvoiceRequest = v.InferOutput<typeof InvoiceRequestSchema>;

const QuerySchema = v.object({
  format: v.optional(v.picklist(['pdf', 'xml'], 'format must be pdf or xml'), 'pdf'),
  /** XML syntax (beyond the spec): cii (default) or ubl (UBL 2.1 Invoice, CreditNote for type code 381). */
  syntax: v.optional(v.picklist(['cii', 'ubl'], 'syntax must be cii or ubl'), 'cii'),
});

const multipartDoc = {
  type: 'object',
  required: ['invoice'],
  properties: {
    invoice: { type: 'string', contentMediaType: 'application/json', description: 'The Invoice object (spec §2.1) as JSON' },
    pdf: { type: 'string', format: 'binary', description: 'Visual invoice PDF (max 25 MB); ignored with format=xml' },
    attachments: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'PDF, PNG, JPEG, CSV, XLSX, ODS (XML only in the PDF path); max 10 MB each' },
    attachmentDescriptions: { type: 'array', items: { type: 'string' }, description: 'BT-123 per attachment, same order; default the file name' },
    filename: { type: 'string', description: 'Output file name, default invoice.pdf; with format=xml a .pdf ending becomes .xml' },
    logo: { type: 'string', format: 'binary' },
    lang: { type: 'string', enum: ['de', 'en'], description: 'Language of the typeset invoice (default de) and of the warning messages (both formats)' },
  },
};

interface ParsedRequest {
  invoice: unknown;
  /** Raw size of the invoice JSON in bytes (spec §8: 1,000,000). */
  invoiceBytes: number;
  attachments: CiiAttachment[];
  filename: string | undefined;
  /** PDF path only (ignored with format=xml): the visual PDF, the logo and its declared type, the language */
  pdf?: Uint8Array;
  logo?: Uint8Array;
  logoMime?: string;
  lang?: string;
}

function badInput(message: string, details: Finding[] | null = null): ApiError {
  return new ApiError(400, 'invalid_input', message, details);
}

function decodeBase64(data: string, path: string): Uint8Array {
  const clean = data.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) {
    throw badInput(`${path} is not base64`, [{ code: 'INVALID_BASE64', severity: 'error', message: 'Not base64', path }]);
  }
  return new Uint8Array(Buffer.from(clean, 'base64'));
}

function attachment(filename: string, data: Uint8Array, mime: string | undefined, description: string | undefined, index: number): CiiAttachment {
  if (data.byteLength > ATTACHMENT_MAX_BYTES) {
    throw new ApiError(400, 'invalid_input', `Attachment ${filename} has ${data.byteLength} bytes; at most ${ATTACHMENT_MAX_BYTES} are allowed`, [
      { code: 'ATTACHMENT_TOO_LARGE', severity: 'error', message: `At most ${ATTACHMENT_MAX_BYTES} bytes`, path: `attachments.${index}` },
    ]);
  }
  const a: CiiAttachment = { filename, data };
  const type = mime && mime !== 'application/octet-stream' ? mime.split(';')[0]!.trim().toLowerCase() : attachmentMimeFromFilename(filename);
  if (type) a.mimeType = type;
  if (description !== undefined && description.trim() !== '') a.description = description.trim();
  return a;
}

async function readRequest(c: Context<AppEnv>, body: InvoiceRequest | undefined): Promise<ParsedRequest> {
  const ct = c.req.header('content-type') ?? '';
  if (/^application\/(.+\+)?json\b/i.test(ct)) {
    const b = body!;
    if (b.invoice === undefined || b.invoice === null)
      throw badInput('The body needs an invoice object', [{ code: 'FIELD_REQUIRED', severity: 'error', message: 'invoice is required', path: 'invoice' }]);
    checkJsonLimits(b.invoice, 'invoice');
    const size = checkInvoiceJsonSize(b.invoice);
    const parsed: ParsedRequest = {
      invoice: b.invoice,
      invoiceBytes: size.bytes,
      attachments: (b.attachments ?? []).map((a, i) => attachment(a.filename, decodeBase64(a.data_base64, `attachments.${i}.data_base64`), a.mime_type, a.description, i)),
      filename: b.filename,
    };
    if (b.pdf_base64 !== undefined) parsed.pdf = decodeBase64(b.pdf_base64, 'pdf_base64');
    if (b.logo_base64 !== undefined) {
      parsed.logo = decodeBase64(b.logo_base64, 'logo_base64');
      const dataUriType = /^data:([^;,]+)/.exec(b.logo_base64)?.[1]?.toLowerCase();
      const declared = b.logo_mime ?? dataUriType;
      if (declared !== undefined) parsed.logoMime = declared;
    }
    if (b.lang !== undefined) parsed.lang = b.lang;
    return parsed;
  }
  if (/^multipart\/form-data\b/i.test(ct)) {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw badInput('The multipart body cannot be read');
    }
    const part = form.get('invoice');
    if (part === null)
      throw badInput('No invoice: send the Invoice JSON in the multipart part "invoice"', [{ code: 'FIELD_REQUIRED', severity: 'error', message: 'invoice is required', path: 'invoice' }]);
    const text = typeof part === 'string' ? part : await part.text();
    const size = checkInvoiceJsonSize(text);
    let invoice: unknown;
    if (size.ok) {
      try {
        invoice = JSON.parse(text);
      } catch (e) {
        throw badInput('The invoice part is not valid JSON', [{ code: 'INVALID_JSON', severity: 'error', message: (e as Error).message, path: 'invoice' }]);
      }
      checkJsonLimits(invoice, 'invoice');
    }
    const descriptions = form.getAll('attachmentDescriptions').map((d) => (typeof d === 'string' ? d : undefined));
    const files = form.getAll('attachments');
    const attachments: CiiAttachment[] = [];
    for (const [i, f] of files.entries()) {
      if (typeof f === 'string') throw badInput('attachments parts must be files', [{ code: 'INVALID_TYPE', severity: 'error', message: 'Expected a file', path: `attachments.${i}` }]);
      attachments.push(attachment(f.name || `attachment-${i + 1}`, new Uint8Array(await f.arrayBuffer()), f.type || undefined, descriptions[i], i));
    }
    const filename = form.get('filename');
    const parsed: ParsedRequest = { invoice, invoiceBytes: size.bytes, attachments, filename: typeof filename === 'string' ? filename : undefined };
    const pdf = form.get('pdf');
    if (pdf !== null) {
      if (typeof pdf === 'string') throw badInput('The pdf part must be a file', [{ code: 'INVALID_TYPE', severity: 'error', message: 'Expected a file', path: 'pdf' }]);
      parsed.pdf = new Uint8Array(await pdf.arrayBuffer());
    }
    const logo = form.get('logo');
    if (logo !== null) {
      if (typeof logo === 'string') throw badInput('The logo part must be a file', [{ code: 'INVALID_TYPE', severity: 'error', message: 'Expected a file', path: 'logo' }]);
      parsed.logo = new Uint8Array(await logo.arrayBuffer());
      if (logo.type && logo.type !== 'application/octet-stream') parsed.logoMime = logo.type.split(';')[0]!.trim().toLowerCase();
    }
    const lang = form.get('lang');
    if (typeof lang === 'string') parsed.lang = lang;
    return parsed;
  }
  throw new ApiError(415, 'unsupported_media_type', 'Send application/json or multipart/form-data');
}

interface Negotiation {
  xml: boolean;
  json: boolean;
}

/**
 * The Accept table of §4.6: an alternative form applies only when Accept names it explicitly and holds no
 * wildcard (and, for XML, no application/pdf).
 */
export function negotiateInvoiceResponse(format: 'pdf' | 'xml', accept: string | undefined): Negotiation {
  const types = (accept ?? '')
    .split(',')
    .map((t) => t.split(';')[0]!.trim().toLowerCase())
    .filter(Boolean);
  const wildcard = types.includes('*/*');
  const names = (t: string) => types.includes(t);
  const xmlViaAccept = names('application/xml') && !wildcard && !names('application/pdf');
  const xml = format === 'xml' || xmlViaAccept;
  const json = names('application/json') && !wildcard && !xmlViaAccept;
  return { xml, json };
}

/** The output name: default invoice.pdf; for XML a .pdf ending becomes .xml. */
export function outputFilename(requested: string | undefined, xml: boolean): string {
  const base = (requested ?? '').replace(/[\\/\u0000-\u001f"]/g, '_').trim() || 'invoice.pdf';
  return xml ? base.replace(/\.pdf$/i, '.xml') : base;
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The warnings of a generation on every 200 answer: X-Invoice-Warnings (count) and X-Invoice-Warning-Codes (distinct codes, comma-separated). */
export function setWarningHeaders(c: Context<AppEnv>, warnings: readonly InvoiceWarning[]): void {
  c.header('X-Invoice-Warnings', String(warnings.length));
  if (warnings.length) c.header('X-Invoice-Warning-Codes', [...new Set(warnings.map((w) => w.code))].join(','));
}

/**
 * The language of the finding messages (the `details` of a 400/502): Accept-Language, default en. Independent of
 * the body's `lang`, which is the language of the typeset invoice and of its warnings.
 */
export function findingsLang(acceptLanguage: string | undefined): Lang {
  return langFromAcceptLanguage(acceptLanguage, 'en');
}

/** The language of the warning messages (and of the typeset PDF): en when asked for, else de. */
export function warningLang(lang: string | undefined): 'de' | 'en' {
  return lang === 'en' ? 'en' : 'de';
}

/** OpenAPI: the warnings of a 200 answer. */
export const warningsDoc = {
  type: 'array',
  description:
    'Non-blocking findings (spec §4.6: Skonto period after the due date, implausible rates, …; for a German seller the legal content of § 14 Abs. 4 UStG, § 14a UStG, § 19 UStG and the company-law details of § 35a GmbHG, § 80 AktG, § 125/177a HGB with codes DE-UStG-…, DE-GmbHG-35a-…). Messages in the request language (lang de|en, default de). Never blocking.',
  items: {
    type: 'object',
    required: ['code', 'message'],
    properties: { code: { type: 'string' }, message: { type: 'string' }, path: { type: 'string', description: 'dot path into the invoice JSON' } },
  },
} as const;

export const warningHeadersDoc = {
  'X-Invoice-Warnings': { description: 'Number of warnings (0 when none)', schema: { type: 'integer' } },
  'X-Invoice-Warning-Codes': { description: 'The distinct warning codes, comma-separated (absent when none)', schema: { type: 'string' } },
} as const;

/**
 * The HTTP error of a rejected generation (the same outcomes as `kontor invoice xml`): the invoice data broke the
 * schema or a rule → 400 invalid_input; the generated XML failed the authoritative gate → 502 upstream_error.
 */
export function generationError(r: { stage?: 'input' | 'gate'; findings: readonly Finding[] }): ApiError {
  if (r.stage === 'gate') return new ApiError(502, 'upstream_error', 'The generated XML failed the authoritative check; no file was delivered', [...r.findings]);
  const codes = [...new Set(r.findings.filter((f) => f.severity === 'error').map((e) => e.code))];
  return badInput(`The invoice was rejected: ${codes.join(', ')}`, [...r.findings]);
}

export const invoiceRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/invoices',
    operationId: 'createInvoice',
    summary: 'Create a ZUGFeRD/Factur-X invoice or its CII XML (profiles en16931, xrechnung) from invoice data',
    description:
      'format=pdf (default) returns a PDF/A-3B ZUGFeRD/Factur-X invoice (EN 16931) with factur-x.xml: typeset from the data (lang de|en, optional logo PNG/JPEG/SVG) ' +
      'or, with pdf/pdf_base64, embedded into the supplied visual PDF (its pages are not changed; a PDF that cannot become PDF/A-3 is a 400 invalid_input whose first ' +
      'detail names the reason: PDF_ENCRYPTED, PDF_FONTS_NOT_EMBEDDED, PDF_NOT_CONVERTIBLE, PDF_SIGNED, PDF_UNREADABLE). A logo together with a pdf is a 400; ' +
      'profile xrechnung is XML only and answers 400 invalid_input (PROFILE_NOT_SUPPORTED) on the PDF path. Billing: subscription, else 1 credit, else the free ' +
      'quota of watermarked invoices per day (then 429 free_quota_exhausted with Retry-After). The PDF passes our PDF/A-3 and EN 16931 check before delivery; ' +
      'a failure is a 502 upstream_error and nothing is charged. With Accept: application/json the body is {pdf_base64, bytes}. ' +
      'format=xml (or Accept: application/xml) returns the CII XML; with Accept: application/json the body is {xml, bytes}. ' +
      'Beyond the spec: syntax=ubl (with format=xml) returns UBL 2.1 instead of CII (Invoice; CreditNote for type code 381; CustomizationID = the profile, XRechnung 3.0 or EN 16931), ' +
      'generated from the same model and checked the same way (UBL 2.1 XSD and the native EN 16931 / XRechnung UBL rules); syntax=ubl on the PDF path is a 400 invalid_input (SYNTAX_NOT_SUPPORTED). ' +
      'Warnings never block: every 200 answer carries X-Invoice-Warnings (count) and X-Invoice-Warning-Codes, and the JSON forms add warnings[] {code, message, path} ' +
      '(German or English after lang; for a German seller also the legal content of § 14 UStG and company law: DE-UStG-…, DE-GmbHG-35a-…). ' +
      'The invoice is validated (schema, EN 16931 and XRechnung rules) before anything is generated or billed; a violation is a 400 invalid_input ' +
      'whose details list every finding {code, severity, message, path} with the official rule id where one exists; the finding messages are German or English ' +
      'after Accept-Language (default en), independent of lang (which sets the typeset invoice and its warnings). ' +
      'The generated XML then passes the authoritative gate of @kontor/cii generateCii (@kontor/ubl generateUbl for syntax=ubl): the XSD when installed, ' +
      'then the native EN 16931 / XRechnung rules; a failure is a 502 upstream_error with the findings, no file and no charge (kontor invoice xml runs the same gate). ' +
      'XML needs an active subscription or 1 credit (403 subscription_required otherwise).',
    tags: ['invoices'],
    auth: 'required',
    rateGroup: 'create',
    maxBodyBytes: MAX_INVOICE_BODY,
    query: QuerySchema,
    json: InvoiceRequestSchema,
    jsonOptional: true,
    multipart: multipartDoc,
    responses: {
      200: {
        description: 'The invoice file (CII XML or PDF/A-3), or its JSON envelope when Accept names application/json',
        content: {
          'application/xml': { schema: { type: 'string' } },
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
          'application/json': { schema: { type: 'object', properties: { xml: { type: 'string' }, pdf_base64: { type: 'string' }, bytes: { type: 'integer' }, warnings: warningsDoc } } },
        },
        headers: { 'X-Invoice-Bytes': { description: 'Size of the response body in bytes', schema: { type: 'integer' } }, ...warningHeadersDoc },
      },
    },
    errors: [400, 401, 403, 413, 415, 422, 429, 500, 502, 503],
    handler: async ({ c, services, account, query, body }) => {
      const neg = negotiateInvoiceResponse(query.format, c.req.header('accept'));
      const req = await readRequest(c, body as InvoiceRequest | undefined);
      if (req.invoiceBytes > INVOICE_LIMITS.invoiceJsonBytes) {
        throw badInput(`The invoice JSON has ${req.invoiceBytes} bytes; at most ${INVOICE_LIMITS.invoiceJsonBytes} are allowed`, [
          { code: 'INVOICE_TOO_LARGE', severity: 'error', message: `At most ${INVOICE_LIMITS.invoiceJsonBytes} bytes`, path: 'invoice' },
        ]);
      }
      if (!neg.xml && query.syntax === 'ubl') {
        throw badInput('syntax=ubl is available for format=xml only (a ZUGFeRD/Factur-X PDF embeds CII)', [
          { code: 'SYNTAX_NOT_SUPPORTED', severity: 'error', message: 'UBL is XML only', path: 'syntax' },
        ]);
      }
      if (!neg.xml) {
        const attachments = req.attachments.map((a) => ({ ...a, data: typeof a.data === 'string' ? new Uint8Array(Buffer.from(a.data, 'base64')) : a.data! }));
        return createPdfInvoice(c, services, account, { ...req, attachments }, { json: neg.json }, outputFilename(req.filename, false));
      }
      // Rule 3: validate, generate and gate first, in a job worker (@kontor/cii generateCii / @kontor/ubl generateUbl
      // run the authoritative check — XSD when installed, then the native EN 16931 / XRechnung rules — on what they
      // wrote, exactly as `kontor invoice xml` does); a rejected invoice produces no file and is not billed.
      const result = await services.jobs.run<{ ok: boolean; stage?: 'input' | 'gate'; xml?: string; bytes: number; findings: Finding[]; warnings: InvoiceWarning[] }>(
        query.syntax === 'ubl' ? 'ubl.generate' : 'cii.generate',
        { invoice: req.invoice, attachments: req.attachments, lang: warningLang(req.lang), findingsLang: findingsLang(c.req.header('accept-language')) },
      );
      if (!result.ok || result.xml === undefined) throw generationError(result);
      // Rule 2: subscription, else 1 credit, else 403 subscription_required. withCharge commits only once the
      // response body below exists.
      const charge = await services.billing.reserveSubscriptionOrCredit(account, 'XML invoice', true);
      return withCharge(
        charge,
        async () => result,
        (value) => {
          const xml = value.xml!;
          const name = outputFilename(req.filename, true);
          c.header('Content-Disposition', contentDisposition(name));
          setWarningHeaders(c, value.warnings);
          if (neg.json) {
            const payload = JSON.stringify({ xml, bytes: value.bytes, warnings: value.warnings });
            c.header('X-Invoice-Bytes', String(Buffer.byteLength(payload, 'utf8')));
            return c.body(payload, 200, { 'Content-Type': 'application/json; charset=utf-8' });
          }
          c.header('X-Invoice-Bytes', String(value.bytes));
          return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
        },
      );
    },
  }),
];
