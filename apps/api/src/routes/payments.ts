/**
 * Payment files (spec §4.8-4.12): bank lookup, address structuring, SEPA (SCT) and foreign-payment (AXZ)
 * generation with the authoritative gate, and pain.001 validation. Domain work is @kontor/pain001,
 * @kontor/bankdata and @kontor/ai; this module gates features, bills validation, reads uploads and maps
 * Pain001Error codes: 400 shape, 422 business rules, 502 gate/model, 413 size.
 */
import { statSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import type { Context } from 'hono';
import { addressRequestSchema, DEFAULT_MAX_BYTES, paymentRunSchema, structureAddresses, type Pain001ValidationResult, type PaymentFileResult } from '@kontor/pain001';
import { BankDirectory } from '@kontor/bankdata';
import { createModelProvider, type ModelProvider } from '@kontor/ai';
import { langFromAcceptLanguage } from '@kontor/xml';
import { withCharge } from '../billing/billing';
import { ApiError } from '../platform/errors';
import { featuresOf, type AccountRow, type Feature } from '../platform/accounts';
import { defineRoute, type AnyRoute } from '../platform/registry';
import { BillingSchema, FindingSchema } from '../platform/schemas';
import { readFileUpload } from '../platform/upload';
import { lazy, type AppEnv, type Services } from '../platform/services';
import { outboundFetchFor } from '../platform/outbound';
import { berlinDay } from '../platform/time';
import { transferable } from '../workers/client';
import { checkJsonLimits } from '../platform/jsonlimits';

const MAX_UPLOAD_BODY = 14_500_000; // base64 of 10 MB plus JSON framing
const MAX_RUN_BODY = 60_000_000; // 100,000 payments of ~500 bytes

const IssueSchema = FindingSchema;
const SummarySchema = v.object({
  payments: v.number(),
  declaredPayments: v.nullable(v.number()),
  controlSum: v.string(),
  declaredControlSum: v.nullable(v.string()),
  currencies: v.array(v.object({ currency: v.string(), payments: v.number(), total: v.string() })),
  executionDates: v.array(v.string()),
  paymentBlocks: v.number(),
  messageId: v.nullable(v.string()),
  createdAt: v.nullable(v.string()),
});

export const PaymentValidationSchema = v.object({
  summary: v.string(),
  result: v.object({
    message: v.literal('pain.001'),
    version: v.picklist(['09', '03']),
    namespace: v.string(),
    profile: v.picklist(['sct', 'axz']),
    profileSource: v.picklist(['detected', 'requested']),
    profileReasons: v.array(v.string()),
    summary: SummarySchema,
    findings: v.array(IssueSchema),
    xsd: v.object({
      available: v.boolean(),
      ruleset: v.string(),
      schemaSet: v.string(),
      title: v.optional(v.string()),
      valid: v.optional(v.boolean()),
      verdict: v.picklist(['valid', 'valid_with_warnings', 'invalid', 'not_checked']),
      errorCount: v.number(),
      warningCount: v.number(),
      findings: v.array(
        v.object({ code: v.string(), severity: v.picklist(['error', 'warning']), message: v.string(), line: v.nullable(v.number()), column: v.nullable(v.number()), location: v.nullable(v.string()) }),
      ),
      note: v.optional(v.string()),
    }),
    verdict: v.picklist(['valid', 'valid_with_warnings', 'invalid']),
    schemaChecked: v.boolean(),
    billing: BillingSchema,
  }),
});

export const PaymentFileSchema = v.object({
  xml: v.string(),
  filename: v.string(),
  summary: v.looseObject({ profile: v.picklist(['sct', 'axz']), payments: v.number(), controlSum: v.string(), paymentBlocks: v.number(), messageId: v.nullable(v.string()) }),
  warnings: v.array(IssueSchema),
  verification: v.object({
    passed: v.boolean(),
    schemaChecked: v.boolean(),
    schema: v.string(),
    schemaTitle: v.optional(v.string()),
    rulesChecked: v.literal(true),
    verdict: v.picklist(['valid', 'valid_with_warnings', 'invalid']),
    note: v.optional(v.string()),
  }),
});

export const BankLookupSchema = v.object({
  found: v.boolean(),
  bic: v.optional(v.string()),
  bankName: v.optional(v.string()),
  dataDate: v.optional(v.string()),
  reason: v.optional(v.picklist(['unsupported_country', 'invalid_bank_code'])),
  bankCode: v.optional(v.string()),
  town: v.optional(v.string()),
  postCode: v.optional(v.string()),
  status: v.optional(v.picklist(['active', 'deletion_announced', 'deleted'])),
  bicSource: v.optional(v.picklist(['record', 'successor'])),
  successor: v.optional(v.object({ bankCode: v.string(), bic: v.optional(v.string()), bankName: v.optional(v.string()) })),
});

export const AddressResponseSchema = v.object({
  items: v.array(
    v.object({
      id: v.string(),
      confident: v.boolean(),
      townName: v.optional(v.string()),
      postCode: v.optional(v.string()),
      streetName: v.optional(v.string()),
      buildingNumber: v.optional(v.string()),
    }),
  ),
});

/** Documents the PaymentRun in OpenAPI but never fails in the registry: the library decides 400 vs 422. */
const runDoc = (profile: 'sct' | 'axz') => v.fallback(paymentRunSchema(profile), () => ({}) as never);

const ValidateJson = v.strictObject({
  xml: v.optional(v.string()),
  file_base64: v.optional(v.string()),
  filename: v.optional(v.pipe(v.string(), v.maxLength(255))),
  profile: v.optional(v.picklist(['auto', 'sct', 'axz'])),
});
type ValidateJsonT = v.InferOutput<typeof ValidateJson>;

function requireFeature(account: AccountRow, services: Services, anyOf: Feature[]): void {
  const f = featuresOf(account, services.clock());
  if (!anyOf.some((x) => f.includes(x))) {
    const what = anyOf.includes('paymentsAbroad') && !anyOf.includes('payments') ? 'the foreign-payment module (paymentsAbroad)' : `the ${anyOf.join(' or ')} feature`;
    throw new ApiError(403, 'subscription_required', `This endpoint requires ${what}`, { requiredFeatures: anyOf, features: f });
  }
}

/**
 * The bank directory: KONTOR_BANKDATA_FILE (a kontor-bankdata/1 JSON index from `kontor bankdata import`, or a
 * raw Bundesbank TXT/CSV file), else <data dir>/bankdata.json next to the schema directory. Loaded once per app.
 */
export function bankDirectoryOf(services: Services): BankDirectory | null {
  return lazy(services, 'pain001:bankDirectory', () => {
    const file = services.config.bankdataFile;
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      return null;
    }
    return BankDirectory.open(bytes, { dataDate: berlinDay(statSync(file).mtime), source: path.basename(file) });
  });
}

function modelProviderOf(services: Services): ModelProvider | undefined {
  const ai = services.config.ai;
  if (!ai) return undefined;
  return lazy(services, 'pain001:modelProvider', () =>
    createModelProvider({ baseUrl: ai.baseUrl, model: ai.model, ...(ai.apiKey ? { apiKey: ai.apiKey } : {}), timeoutMs: 30_000, maxRetries: 1, fetch: outboundFetchFor(services.config, 'ai') }),
  );
}

/** Spec §4.10: JSON only when Accept names application/json explicitly and neither application/xml nor *\/*. */
export function wantsJsonEnvelope(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((s) => s.split(';')[0]!.trim().toLowerCase());
  return types.includes('application/json') && !types.includes('application/xml') && !types.includes('*/*');
}

function fileResponse(c: Context<AppEnv>, r: PaymentFileResult): Response {
  if (wantsJsonEnvelope(c.req.header('accept'))) return c.json(r);
  return c.body(r.xml, 200, {
    'content-type': 'application/xml; charset=utf-8',
    'content-disposition': `attachment; filename="${r.filename}"`,
    'x-payment-verification': r.verification.passed ? 'passed' : 'unchecked',
  });
}

async function readUpload(c: Context<AppEnv>, body: ValidateJsonT | undefined): Promise<{ bytes: Uint8Array; filename?: string; profile: 'auto' | 'sct' | 'axz' }> {
  const up = await readFileUpload(c, body, { maxBytes: DEFAULT_MAX_BYTES, what: 'pain.001 file' });
  const p = body?.profile ?? up.fields.get('profile');
  const profile = p === undefined || p === '' ? 'auto' : p;
  if (profile !== 'auto' && profile !== 'sct' && profile !== 'axz') {
    throw new ApiError(400, 'invalid_input', 'profile must be auto, sct or axz', [{ code: 'SCHEMA', severity: 'error', message: 'profile must be auto, sct or axz', path: 'profile' }]);
  }
  return { bytes: up.bytes, profile, ...(up.filename ? { filename: up.filename } : {}) };
}

async function readRun(c: Context<AppEnv>): Promise<unknown> {
  // The registry already parsed the JSON (cached by Hono); the raw object goes to the library so that it can tell
  // shape errors (400) from business rules (422) and report unknown properties.
  let run: unknown;
  try {
    run = await c.req.json();
  } catch {
    throw new ApiError(400, 'invalid_input', 'Request body is not valid JSON');
  }
  checkJsonLimits(run, 'body');
  return run;
}

const fileResponses = (what: string) => ({
  200: {
    description: `${what}: by default the XML file (Content-Disposition attachment); the JSON envelope (spec §2.10) only when Accept names application/json explicitly and neither application/xml nor */*`,
    content: { 'application/xml': { schema: { type: 'string' } }, 'application/json': { schema: PaymentFileSchema } },
  },
});

export const paymentRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/payments/bank-lookup',
    operationId: 'bankLookup',
    summary: 'BIC and bank name for a German bank code (Bundesbank directory)',
    description:
      'Only DE can match; any other country (including empty) gives found=false with reason unsupported_country. A well-formed unknown code is {found:false}. Requires payments or paymentsAbroad.',
    tags: ['payments'],
    auth: 'required',
    rateGroup: 'bankLookup',
    query: v.object({ country: v.optional(v.string()), bankCode: v.optional(v.string()) }),
    responses: { 200: { description: 'Lookup result (spec §2.11)', content: { 'application/json': { schema: BankLookupSchema } } } },
    errors: [401, 403, 429, 503],
    handler: async ({ c, account, services, query }) => {
      requireFeature(account, services, ['payments', 'paymentsAbroad']);
      const q = query as { country?: string; bankCode?: string };
      const country = q.country === undefined ? 'DE' : q.country;
      if (country.trim().toUpperCase() !== 'DE') return c.json({ found: false, reason: 'unsupported_country' });
      const dir = bankDirectoryOf(services);
      if (!dir) throw new ApiError(503, 'service_unavailable', 'No bank directory installed: run `kontor bankdata import <Bundesbank file>` or set KONTOR_BANKDATA_FILE');
      return c.json(dir.lookup(q.bankCode ?? '', 'DE'));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/payments/structure-addresses',
    operationId: 'structureAddresses',
    summary: 'Split free-text addresses into town, postcode, street and building number',
    description:
      'At most 50 items, 1-4 lines each. Deterministic parser first, then the configured AI model; unsure items come back as {id, confident:false}. Nothing is stored. Requires paymentsAbroad.',
    tags: ['payments'],
    auth: 'required',
    rateGroup: 'structureAddresses',
    json: addressRequestSchema,
    responses: { 200: { description: 'Structured addresses in request order (spec §2.12)', content: { 'application/json': { schema: AddressResponseSchema } } } },
    errors: [400, 401, 403, 429, 502],
    handler: async ({ c, account, services, body }) => {
      requireFeature(account, services, ['paymentsAbroad']);
      const provider = modelProviderOf(services);
      const lang = langFromAcceptLanguage(c.req.header('accept-language'), 'de');
      const r = await structureAddresses(body, { lang, ...(provider ? { provider } : {}) });
      return c.json({ items: r.items });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/payments/sepa',
    operationId: 'createSepaCreditTransfer',
    summary: 'SEPA credit transfer batch (pain.001.001.09, DK profile SCT / GBIC_5)',
    description:
      'Step 1 business rules (422 invalid_input with the full issue list), step 2 authoritative check against the DK schema ' +
      '(502 upstream_error with findings, also when the schema set is not installed: no unchecked file is delivered). Requires payments.' +
      ' Issue and warning messages are German by default; Accept-Language: en gives English (codes do not change).',
    tags: ['payments'],
    auth: 'required',
    rateGroup: 'paymentsGenerate',
    maxBodyBytes: MAX_RUN_BODY,
    json: runDoc('sct'),
    responses: fileResponses('SEPA file sepa-inland-<date>.xml'),
    errors: [400, 401, 403, 413, 422, 429, 500, 502, 503],
    handler: async ({ c, account, services }) => {
      requireFeature(account, services, ['payments']);
      const run = await readRun(c);
      // Generation and its schema gate run in a job worker (bounded time and heap).
      const lang = langFromAcceptLanguage(c.req.header('accept-language'), 'de');
      const r = await services.jobs.run<PaymentFileResult>('payments.sct', { run, now: services.clock().toISOString(), lang });
      return fileResponse(c, r);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/payments/axz',
    operationId: 'createForeignPayment',
    summary: 'Foreign-payment file (pain.001.001.09, DK profile AXZ), checked against the ISO schema',
    description:
      'Any ISO currency, chargeBearer (default SHAR), serviceLevel NURG/URGP/SDVA, creditor and debtor addresses mandatory; categoryPurpose and instrPrty give 422. Requires paymentsAbroad. Issue and warning messages are German by default; Accept-Language: en gives English (codes do not change).',
    tags: ['payments'],
    auth: 'required',
    rateGroup: 'paymentsGenerate',
    maxBodyBytes: MAX_RUN_BODY,
    json: runDoc('axz'),
    responses: fileResponses('Foreign-payment file axz-ausland-<date>.xml'),
    errors: [400, 401, 403, 413, 422, 429, 500, 502, 503],
    handler: async ({ c, account, services }) => {
      requireFeature(account, services, ['paymentsAbroad']);
      const run = await readRun(c);
      const lang = langFromAcceptLanguage(c.req.header('accept-language'), 'de');
      const r = await services.jobs.run<PaymentFileResult>('payments.axz', { run, now: services.clock().toISOString(), lang });
      return fileResponse(c, r);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/payments/validate',
    operationId: 'validatePaymentFile',
    summary: 'Validate a pain.001 file (versions 09 and 03; SCT or AXZ, detected or requested)',
    description:
      'Profile detection with reasons, totals declared vs computed, rule findings with paths, schema check with line/column ' +
      '(DK GBIC_5 for SCT, ISO for AXZ and for .03), verdict. Billing: payments feature unlimited, else 5 per day free, then check blocks. Rejected files cost nothing.' +
      ' Messages, notes, profile reasons and the summary are German by default (spec §2.6); Accept-Language: en gives English (codes do not change).',
    tags: ['payments'],
    auth: 'required',
    rateGroup: 'paymentsValidate',
    maxBodyBytes: MAX_UPLOAD_BODY,
    json: ValidateJson,
    jsonOptional: true,
    multipart: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: 'pain.001 XML, at most 10 MB' },
        profile: { type: 'string', enum: ['auto', 'sct', 'axz'], default: 'auto' },
        filename: { type: 'string' },
      },
    },
    responses: { 200: { description: 'Validation result (spec §2.6)', content: { 'application/json': { schema: PaymentValidationSchema } } } },
    errors: [400, 401, 402, 413, 422, 429, 500, 502, 503],
    handler: async ({ c, account, services, body }) => {
      const upload = await readUpload(c, body as ValidateJsonT | undefined);
      const lang = langFromAcceptLanguage(c.req.header('accept-language'), 'de');
      const charge = await services.billing.reserveValidation(account);
      // The work runs in a job worker (bounded time and heap); the charge commits after the body exists.
      return withCharge(
        charge,
        async () => {
          const { bytes, transfer } = transferable(upload.bytes);
          const r = await services.jobs.run<{ summary: string; result: Pain001ValidationResult; schemaChecked: boolean }>(
            'payments.validate',
            { bytes, profile: upload.profile, lang, ...(upload.filename ? { filename: upload.filename } : {}) },
            { transfer, inputBytes: bytes.byteLength, signal: c.req.raw.signal },
          );
          // Without the schema check the caller gets less than paid for: refund (spec §2.5 refunded).
          return r.schemaChecked ? r : { refund: true as const, value: r };
        },
        (value, billing) => c.json({ summary: value.summary, result: { ...value.result, billing } }),
      );
    },
  }),
];
