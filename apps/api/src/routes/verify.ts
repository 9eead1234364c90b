/**
 * POST /verify (spec §4.4): a received ZUGFeRD / Factur-X / XRechnung hybrid PDF → the verification report of
 * spec §2.3. Free, credential required, 30 per minute. The work is @kontor/zugferd's verifyInvoicePdf, run in the
 * job pool; the optional KoSIT / veraPDF engines come from the configuration. Bare XML is refused with a pointer
 * to POST /invoices/validate.
 */
import * as v from 'valibot';
import type { Context } from 'hono';
import { PDF_MAX_BYTES, sniffInput, type EngineEndpoint } from '@kontor/zugferd';
import { langFromAcceptLanguage } from '@kontor/xml';
import { ApiError } from '../platform/errors';
import { defineRoute, type AnyRoute } from '../platform/registry';
import { readFileUpload } from '../platform/upload';
import type { AppEnv, Services } from '../platform/services';
import { transferable } from '../workers/client';

const Verdict = v.picklist(['valid', 'valid_with_warnings', 'invalid']);

export const En16931Schema = v.nullable(
  v.object({
    checked: v.boolean(),
    errorCount: v.pipe(v.number(), v.integer()),
    warningCount: v.pipe(v.number(), v.integer()),
    profile: v.pipe(v.string(), v.description('Detected profile: MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED, XRECHNUNG, PEPPOL, ZUGFERD 1.0 BASIC|COMFORT|EXTENDED or UNKNOWN')),
    findings: v.array(
      v.object({ code: v.string(), message: v.string(), severity: v.picklist(['error', 'warning']), location: v.nullable(v.string()), source: v.picklist(['schematron', 'supplementary']) }),
    ),
  }),
);

export const AttachmentsSchema = v.array(v.object({ filename: v.string(), mimeCode: v.nullable(v.string()), sizeBytes: v.pipe(v.number(), v.integer()) }));

export const AuthoritativeSchema = v.object({
  available: v.pipe(v.boolean(), v.description('false when a configured engine or a needed XSD set was unavailable; the verdict then rests on the checks that ran (see note)')),
  profile: v.nullable(v.string()),
  verdict: Verdict,
  errorCount: v.pipe(v.number(), v.integer()),
  warningCount: v.pipe(v.number(), v.integer()),
  engines: v.array(v.string()),
  findings: v.array(
    v.object({
      code: v.string(),
      severity: v.picklist(['error', 'warning', 'info']),
      message: v.string(),
      location: v.nullable(v.string()),
      source: v.picklist(['xsd', 'schematron', 'pdfa', 'structure']),
      ruleset: v.string(),
      engine: v.string(),
    }),
  ),
  note: v.string(),
});

export const VerificationReportSchema = v.object({
  summary: v.string(),
  result: v.object({
    structure: v.object({
      file: v.object({ present: v.boolean(), bytes: v.pipe(v.number(), v.integer()), isPdf: v.boolean(), pdfVersion: v.nullable(v.string()) }),
      zugferd: v.object({
        embeddedFiles: v.boolean(),
        facturXFilename: v.boolean(),
        associatedFile: v.boolean(),
        facturXMetadata: v.boolean(),
        xmlEmbedded: v.boolean(),
        pdfAPart: v.nullable(v.string()),
        pdfAConformance: v.nullable(v.string()),
        xmlMatchesGenerated: v.nullable(v.boolean()),
      }),
    }),
    en16931: En16931Schema,
    pdfa3: v.nullable(
      v.object({
        hasAfArray: v.boolean(),
        allOk: v.boolean(),
        files: v.array(v.object({ filename: v.string(), afRelationship: v.nullable(v.string()), associated: v.boolean(), status: v.picklist(['ok', 'warning', 'error']), message: v.string() })),
      }),
    ),
    attachments: AttachmentsSchema,
    authoritative: AuthoritativeSchema,
  }),
});

/** The configured external engines as plain data for the job worker. */
export function engineOptions(services: Services): { kosit?: EngineEndpoint; verapdf?: EngineEndpoint } {
  const e = services.config.engines;
  return {
    ...(e.kositUrl ? { kosit: { url: e.kositUrl, timeoutMs: e.timeoutMs } } : {}),
    ...(e.verapdfUrl ? { verapdf: { url: e.verapdfUrl, timeoutMs: e.timeoutMs } } : {}),
  };
}

/** multipart framing on top of the 25 MB file */
const MAX_BODY_BYTES = PDF_MAX_BYTES + 256 * 1024;

function invalid(message: string, code: string, path = 'pdf'): ApiError {
  return new ApiError(400, 'invalid_input', message, [{ code, severity: 'error', message, path }]);
}

async function runVerify(c: Context<AppEnv>, services: Services): Promise<Response> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
    throw invalid('Send the PDF as multipart/form-data in the part "pdf"', 'MULTIPART_REQUIRED');
  }
  const upload = await readFileUpload(c, undefined, { maxBytes: PDF_MAX_BYTES, what: 'PDF invoice', part: 'pdf' });
  const kind = sniffInput(upload.bytes);
  if (kind === 'xml')
    throw invalid('The file is XML, not a PDF. /verify checks PDF containers (ZUGFeRD/Factur-X); validate bare XML invoices (XRechnung, CII) with POST /invoices/validate', 'XML_NOT_ACCEPTED');
  if (kind === 'empty') throw invalid('The pdf part is empty', 'FILE_EMPTY');
  if (kind !== 'pdf') throw invalid('The file is not a PDF (no %PDF- header in the first 1024 bytes)', 'NOT_A_PDF');
  const { bytes, transfer } = transferable(upload.bytes);
  // the report's texts after Accept-Language (default en); codes and structure do not depend on it
  const lang = langFromAcceptLanguage(c.req.header('accept-language'), 'en');
  const report = await services.jobs.run<v.InferOutput<typeof VerificationReportSchema>>(
    'invoice.verify',
    { bytes, ...engineOptions(services), lang },
    { transfer, inputBytes: bytes.byteLength, signal: c.req.raw.signal },
  );
  return c.json(report);
}

export const verifyRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/verify',
    operationId: 'verifyInvoice',
    summary: 'Verify a received ZUGFeRD / Factur-X / XRechnung hybrid PDF (spec §2.3)',
    description:
      'Structure (embedded invoice XML, file name, /AF and AFRelationship, Factur-X XMP extension schema and ConformanceLevel against the XML guideline id, pdfaid), ' +
      'the EN 16931 quick check of the embedded XML with the native rules, PDF/A-3 binding of every embedded file, BT-125 attachments, and the authoritative verdict: ' +
      'XSD of the detected profile, native EN 16931 / XRechnung rules, PDF/A-3 checker; when configured, a KoSIT validator daemon (KONTOR_KOSIT_URL) and a veraPDF REST service ' +
      '(KONTOR_VERAPDF_URL) decide; unreachable engines give available:false with a note and the native result stands. Profiles: ZUGFeRD 1.0 (reported, not validated: own namespace), ' +
      'ZUGFeRD 2.x, Factur-X MINIMUM / BASIC WL (not EN 16931 invoices: XSD only) / BASIC / EN 16931 / EXTENDED, XRechnung. Free; 30 requests per minute. Bare XML: POST /invoices/validate. ' +
      'Texts (finding messages, notes, summary) in German or English after Accept-Language (default en); codes, verdict and shape do not depend on it.',
    tags: ['invoices'],
    auth: 'required',
    rateGroup: 'verify',
    maxBodyBytes: MAX_BODY_BYTES,
    multipart: {
      type: 'object',
      required: ['pdf'],
      properties: { pdf: { type: 'string', format: 'binary', description: 'The PDF invoice, at most 25 MB (26214400 bytes)' } },
    },
    responses: { 200: { description: 'Verification report (spec §2.3)', content: { 'application/json': { schema: VerificationReportSchema } } } },
    errors: [400, 401, 413, 429, 502, 503],
    handler: ({ c, services }) => runVerify(c, services),
  }),
];
