/**
 * POST /extractions (spec §4.7, MCP tool extract_invoice): invoice data from any PDF. The PDF work (embedded
 * e-invoice, text layer, deterministic text path) is @kontor/zugferd's prepareExtraction, run in the job pool; the
 * optional model path (KONTOR_AI_*) runs here with the service's guarded outbound fetch. Billing: subscription or
 * 1 credit (no free quota), reserved after the cheap input checks and committed only once the response exists;
 * unreadable input and an unreachable model release it (400 / 502, nothing charged). 10 per minute per credential.
 */
import * as v from 'valibot';
import type { Context } from 'hono';
import { toJsonSchema } from '@valibot/to-json-schema';
import { InvoiceSchema } from '@kontor/cii';
import { createModelProvider, type ModelProvider } from '@kontor/ai';
import { completeExtraction, PDF_MAX_BYTES, sniffInput, type ExtractionResult, type PreparedExtraction } from '@kontor/zugferd';
import { langFromAcceptLanguage } from '@kontor/xml';
import { ApiError } from '../platform/errors';
import { defineRoute, type AnyRoute } from '../platform/registry';
import { readFileUpload } from '../platform/upload';
import { outboundFetchFor } from '../platform/outbound';
import { lazy, type AppEnv, type Services } from '../platform/services';
import { withCharge } from '../billing/billing';
import type { AccountRow } from '../platform/accounts';
import { transferable } from '../workers/client';

const invoiceJsonSchema = (() => {
  const js = toJsonSchema(InvoiceSchema, { errorMode: 'ignore', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete js.$schema;
  return js;
})();

export const ExtractionIssueSchema = v.object({
  code: v.pipe(
    v.string(),
    v.description(
      'Stable code: EXTRACTION_UNCERTAIN (placeholder), NO_MODEL_USED, MODEL_USED, NO_TEXT_LAYER, TOTALS_MISMATCH, VAT_ID_CHECKSUM, IBAN_CHECKSUM, NOT_IN_MODEL (embedded data the model cannot hold), …',
    ),
  ),
  severity: v.pipe(v.picklist(['error', 'warning']), v.description('error blocks POST /invoices (placeholders), warning does not')),
  message: v.string(),
  path: v.optional(v.pipe(v.string(), v.description('Dot path in the invoice (seller.name, lines.0.lineNetAmount), or the XPath of embedded data the model cannot hold'))),
});

export const ExtractionResultSchema = v.object({
  invoice: v.pipe(v.unknown(), v.metadata(invoiceJsonSchema)),
  issues: v.array(ExtractionIssueSchema),
  repairedPaths: v.pipe(v.array(v.string()), v.description('Dot paths of fields filled with placeholders: KORRIGIEREN (text), 1900-01-01 (dates), 0 (amounts and quantities)')),
  source: v.pipe(
    v.picklist(['xml', 'llm']),
    v.description('xml: taken deterministically from the embedded e-invoice; llm: read from the print (text layer, and the configured model when there is one)'),
  ),
});

/** Upper bound for the whole model path of one request (per-attempt timeout 60 s, retries and repair rounds included). */
const MODEL_DEADLINE_MS = 150_000;

/** multipart framing on top of the 25 MB file */
const MAX_BODY_BYTES = PDF_MAX_BYTES + 256 * 1024;

function invalid(message: string, code: string, path = 'pdf'): ApiError {
  return new ApiError(400, 'invalid_input', message, [{ code, severity: 'error', message, path }]);
}

function modelProviderOf(services: Services): ModelProvider | undefined {
  const ai = services.config.ai;
  if (!ai) return undefined;
  return lazy(services, 'extract:modelProvider', () =>
    createModelProvider({ baseUrl: ai.baseUrl, model: ai.model, ...(ai.apiKey ? { apiKey: ai.apiKey } : {}), timeoutMs: 60_000, maxRetries: 1, fetch: outboundFetchFor(services.config, 'ai') }),
  );
}

async function runExtraction(c: Context<AppEnv>, services: Services, account: AccountRow): Promise<Response> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) throw invalid('Send the PDF as multipart/form-data in the part "pdf"', 'MULTIPART_REQUIRED');
  const upload = await readFileUpload(c, undefined, { maxBytes: PDF_MAX_BYTES, what: 'PDF invoice', part: 'pdf' });
  const kind = sniffInput(upload.bytes);
  if (kind === 'empty') throw invalid('The pdf part is empty', 'FILE_EMPTY');
  if (kind === 'xml') throw invalid('The file is XML, not a PDF; an XML invoice needs no extraction (validate it with POST /invoices/validate)', 'XML_NOT_ACCEPTED');
  if (kind !== 'pdf') throw invalid('The file is not a PDF (no %PDF- header in the first 1024 bytes)', 'NOT_A_PDF');

  // Spec §4.7: subscription, else 1 credit; no free quota; else 403 subscription_required.
  const charge = await services.billing.reserveSubscriptionOrCredit(account, 'Invoice extraction', false);
  return withCharge(
    charge,
    // Library refusals (400 / 413) and a failed model (502) are answered by the one error table; withCharge releases the charge.
    async () => {
      const { bytes, transfer } = transferable(upload.bytes);
      // page images of scans are rendered only when a model will read them
      // issue messages after Accept-Language (default en)
      const lang = langFromAcceptLanguage(c.req.header('accept-language'), 'en');
      const prepared = await services.jobs.run<PreparedExtraction>('invoice.extract', { bytes, renderScans: !!services.config.ai, lang }, { transfer, inputBytes: bytes.byteLength });
      const model = prepared.kind === 'print' ? modelProviderOf(services) : undefined;
      // the whole model path (attempts, retries, repair rounds) is bounded, and ends when the client goes away
      return await completeExtraction(prepared, model ? { model, lang, signal: AbortSignal.any([c.req.raw.signal, AbortSignal.timeout(MODEL_DEADLINE_MS)]) } : { lang });
    },
    (result: ExtractionResult) => c.json(result),
  );
}

export const extractionRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/extractions',
    operationId: 'extractInvoice',
    summary: 'Extract EN 16931 invoice data from a PDF (spec §4.7)',
    description:
      'An embedded e-invoice (ZUGFeRD 1.0 / 2.x / Factur-X / XRechnung CII) is read deterministically (source xml; whatever the invoice model cannot hold is listed in issues as NOT_IN_MODEL). ' +
      'Otherwise the print is read (source llm): the PDF text layer with positions and a deterministic German/English extractor (labels, amounts, dates, IBAN and VAT ID check digits, ' +
      'address window, line table by columns, totals recomputed); when a language model is configured (KONTOR_AI_BASE_URL / KONTOR_AI_MODEL, OpenAI-compatible) it reads the text with a ' +
      'JSON-schema answer and a bounded repair loop, and IBAN / VAT IDs are only kept as printed. Unreadable fields get placeholders (KORRIGIEREN, 1900-01-01, 0) listed in repairedPaths; ' +
      'POST /invoices rejects the text and date placeholders (EXTRACTION_UNCERTAIN). Scans without a text layer give placeholders only (page images for vision models are not supported yet). ' +
      'ZUGFeRD 1.0 XML is mapped to CII D16B first (issue ZUGFERD1_MAPPED) and answers source xml as well. ' +
      'Issue messages in German or English after Accept-Language (default en); codes and paths do not depend on it. ' +
      'Billing: an active subscription or 1 credit per call (no free quota; else 403 subscription_required); unreadable input (400: NOT_A_PDF, PDF_ENCRYPTED, PDF_UNREADABLE) and a model ' +
      'that is unreachable, times out, refuses or answers no usable JSON (502 upstream_error) are not charged. 10 requests per minute per credential.',
    tags: ['invoices'],
    auth: 'required',
    rateGroup: 'extraction',
    maxBodyBytes: MAX_BODY_BYTES,
    multipart: {
      type: 'object',
      required: ['pdf'],
      properties: { pdf: { type: 'string', format: 'binary', description: 'The PDF invoice, at most 25 MB (26214400 bytes)' } },
    },
    responses: { 200: { description: '{invoice, issues, repairedPaths, source} (spec §4.7)', content: { 'application/json': { schema: ExtractionResultSchema } } } },
    errors: [400, 401, 403, 413, 429, 502, 503],
    handler: ({ c, services, account }) => runExtraction(c, services, account),
  }),
];
