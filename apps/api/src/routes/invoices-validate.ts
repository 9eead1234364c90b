/**
 * POST /invoices/validate: a bare invoice XML — CII (XRechnung, Factur-X / ZUGFeRD XML) or UBL 2.1 (XRechnung UBL, Peppol BIS) → the report of POST /verify
 * without the PDF parts ({summary, result: {en16931, attachments, authoritative}}). JSON ({xml} or {file_base64})
 * or multipart (part "file"); profile auto | en16931 | xrechnung. Free, credential required, 30 per minute.
 */
import * as v from 'valibot';
import { sniffInput } from '@kontor/zugferd';
import { langFromAcceptLanguage } from '@kontor/xml';
import { ApiError } from '../platform/errors';
import { defineRoute, type AnyRoute } from '../platform/registry';
import { readFileUpload } from '../platform/upload';
import { transferable } from '../workers/client';
import { AttachmentsSchema, AuthoritativeSchema, En16931Schema, engineOptions } from './verify';

/** Largest XML accepted (as for payment files and statements). */
export const INVOICE_XML_MAX_BYTES = 10_485_760;
/** base64 of 10 MB plus JSON framing */
const MAX_BODY_BYTES = 14_500_000;

const Profile = v.picklist(['auto', 'en16931', 'xrechnung'], 'profile must be auto, en16931 or xrechnung');

const JsonBody = v.strictObject({
  xml: v.optional(v.pipe(v.string(), v.description('The CII invoice XML as text'))),
  file_base64: v.optional(v.pipe(v.string(), v.description('The XML file, base64'))),
  filename: v.optional(v.pipe(v.string(), v.maxLength(255))),
  profile: v.optional(v.pipe(Profile, v.description('auto (default): by the guideline id BT-24; en16931 or xrechnung force that rule set with the CII D16B XSD'))),
});

export const XmlValidationReportSchema = v.object({
  summary: v.string(),
  result: v.object({ en16931: En16931Schema, attachments: AttachmentsSchema, authoritative: AuthoritativeSchema }),
});

function invalid(message: string, code: string, path: string): ApiError {
  return new ApiError(400, 'invalid_input', message, [{ code, severity: 'error', message, path }]);
}

export const invoiceValidateRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/invoices/validate',
    operationId: 'validateInvoiceXml',
    summary: 'Validate a bare invoice XML (CII or UBL 2.1: XRechnung, Factur-X / ZUGFeRD XML, Peppol BIS) against EN 16931 / XRechnung',
    description:
      'The same report as POST /verify without the PDF parts: EN 16931 quick check with the native rules, BT-125 attachments, and the authoritative verdict ' +
      '(XSD of the detected syntax and profile from the schema store — CII D16B / Factur-X, or UBL 2.1 Invoice / CreditNote detected from the root element — native EN 16931 / XRechnung rules of that syntax with the KoSIT scenario levels; a configured KoSIT validator daemon decides). ' +
      'profile: auto (default, by BT-24), en16931 or xrechnung. Send {xml} or {file_base64} as JSON or the file in the multipart part "file" (with an optional "profile" field); ' +
      'at most 10 MB. PDFs go to POST /verify. Free; 30 requests per minute. ' +
      'Texts (finding messages, notes, summary) in German or English after Accept-Language (default en); codes, verdict and shape do not depend on it.',
    tags: ['invoices'],
    auth: 'required',
    rateGroup: 'verify',
    maxBodyBytes: MAX_BODY_BYTES,
    json: JsonBody,
    jsonOptional: true,
    multipart: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: 'The CII invoice XML, at most 10 MB' },
        profile: { type: 'string', enum: ['auto', 'en16931', 'xrechnung'], description: 'Rule set; default auto' },
      },
    },
    responses: { 200: { description: 'Validation report (spec §2.3 without structure and pdfa3)', content: { 'application/json': { schema: XmlValidationReportSchema } } } },
    errors: [400, 401, 413, 415, 429, 502, 503],
    handler: async ({ c, services, body }) => {
      const b = body as v.InferOutput<typeof JsonBody> | undefined;
      const upload = await readFileUpload(c, b, { maxBytes: INVOICE_XML_MAX_BYTES, what: 'invoice XML' });
      const rawProfile = b?.profile ?? upload.fields.get('profile') ?? 'auto';
      const p = v.safeParse(Profile, rawProfile);
      if (!p.success) throw invalid(`profile must be auto, en16931 or xrechnung (got "${rawProfile}")`, 'SCHEMA', 'profile');
      const kind = sniffInput(upload.bytes);
      if (kind === 'pdf') throw invalid('The file is a PDF: verify hybrid invoices (ZUGFeRD / Factur-X) with POST /verify', 'PDF_NOT_ACCEPTED', 'file');
      if (kind === 'empty') throw invalid('The file is empty', 'FILE_EMPTY', 'file');
      if (kind === 'other') throw invalid('The file is not XML (it does not start with "<")', 'NOT_XML', 'file');
      const { kosit } = engineOptions(services);
      const { bytes, transfer } = transferable(upload.bytes);
      const report = await services.jobs.run<v.InferOutput<typeof XmlValidationReportSchema>>(
        'invoice.validate',
        { bytes, profile: p.output, ...(upload.filename ? { filename: upload.filename } : {}), ...(kosit ? { kosit } : {}), lang: langFromAcceptLanguage(c.req.header('accept-language'), 'en') },
        { transfer, inputBytes: bytes.byteLength, signal: c.req.raw.signal },
      );
      return c.json(report);
    },
  }),
];
