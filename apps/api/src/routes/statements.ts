/**
 * Bank statements (spec §4.13, §4.14): POST /statements/validate and POST /statements/parse over one camt XML
 * or a ZIP delivery, as multipart (file) or JSON (xml | file_base64, filename). Domain work is @kontor/camt;
 * this module reads the upload, bills (validation: check blocks, parse: credits) and maps CamtError codes.
 * Rejected files cost nothing: the reservation is released when the library refuses the input.
 */
import * as v from 'valibot';
import { DEFAULT_MAX_BYTES } from '@kontor/camt';
import { langFromAcceptLanguage } from '@kontor/xml';
import { withCharge } from '../billing/billing';
import { defineRoute, type AnyRoute } from '../platform/registry';
import { BillingSchema, FindingSchema, SeveritySchema } from '../platform/schemas';
import { readFileUpload } from '../platform/upload';
import type { Context } from 'hono';
import type { AppEnv } from '../platform/services';
import { transferable } from '../workers/client';

/** base64 of 10 MB plus JSON framing. */
const MAX_BODY_BYTES = 14_500_000;

const Severity = SeveritySchema;
const SkippedSchema = v.object({ name: v.string(), reason: v.string(), code: v.optional(v.string()) });
const Verdict = v.picklist(['valid', 'valid_with_warnings', 'invalid']);
const XsdSchema = v.object({
  available: v.boolean(),
  ruleset: v.string(),
  schemaSet: v.optional(v.string()),
  valid: v.optional(v.boolean()),
  verdict: v.picklist(['valid', 'valid_with_warnings', 'invalid', 'not_checked']),
  errorCount: v.number(),
  warningCount: v.number(),
  findings: v.array(v.object({ code: v.string(), severity: Severity, message: v.string(), line: v.nullable(v.number()), column: v.nullable(v.number()), location: v.nullable(v.string()) })),
  note: v.optional(v.string()),
});
const Message = v.picklist(['camt.052', 'camt.053', 'camt.054', 'camt.086']);

export const StatementValidationSchema = v.object({
  summary: v.string(),
  result: v.object({
    files: v.array(
      v.object({
        name: v.string(),
        message: Message,
        version: v.string(),
        schemaVersion: v.optional(v.string()),
        supported: v.optional(v.boolean()),
        statements: v.number(),
        items: v.number(),
        findings: v.array(FindingSchema),
        xsd: XsdSchema,
        verdict: Verdict,
      }),
    ),
    deliveryFindings: v.array(FindingSchema),
    skipped: v.array(SkippedSchema),
    verdict: Verdict,
    schemaChecked: v.boolean(),
    billing: BillingSchema,
  }),
});

const Money = v.object({ amount: v.number(), currency: v.string() });
const EntrySchema = v.looseObject({
  bookingDate: v.optional(v.string()),
  valueDate: v.optional(v.string()),
  amount: v.number(),
  currency: v.string(),
  creditDebit: v.picklist(['CRDT', 'DBIT']),
  status: v.string(),
  reversal: v.boolean(),
  bankTxCode: v.looseObject({ gvc: v.optional(v.string()) }),
  transactions: v.array(
    v.looseObject({
      counterparty: v.optional(v.looseObject({ name: v.optional(v.string()), iban: v.optional(v.string()), bic: v.optional(v.string()) })),
      remittance: v.looseObject({ unstructured: v.array(v.string()), creditorReference: v.optional(v.looseObject({ reference: v.string() })) }),
      refs: v.looseObject({ endToEndId: v.optional(v.string()) }),
    }),
  ),
});
const StatementSchema = v.looseObject({
  account: v.looseObject({ iban: v.optional(v.string()), otherId: v.optional(v.string()), currency: v.optional(v.string()) }),
  balances: v.array(v.looseObject({ type: v.string(), amount: v.number(), currency: v.string(), creditDebit: v.optional(v.picklist(['CRDT', 'DBIT'])) })),
  summary: v.optional(v.looseObject({ entries: v.number() })),
  entries: v.optional(v.array(EntrySchema)),
  services: v.optional(v.array(v.looseObject({ code: v.optional(v.string()), volume: v.optional(v.number()), amount: v.optional(Money) }))),
  taxRegions: v.optional(v.array(v.looseObject({}))),
});

export const StatementParseSchema = v.object({
  summary: v.string(),
  result: v.object({
    files: v.array(
      v.object({
        name: v.string(),
        message: Message,
        version: v.string(),
        schemaVersion: v.optional(v.string()),
        supported: v.optional(v.boolean()),
        header: v.looseObject({}),
        statements: v.array(StatementSchema),
        totals: v.optional(v.array(v.object({ currency: v.string(), services: v.number(), net: v.number(), waived: v.number(), tax: v.number(), gross: v.number() }))),
        settlementTotals: v.optional(v.array(v.object({ value: v.number(), currency: v.string(), services: v.number() }))),
        parseFindings: v.array(FindingSchema),
      }),
    ),
    skipped: v.array(SkippedSchema),
    billing: BillingSchema,
  }),
});

const JsonBody = v.strictObject({
  xml: v.optional(v.string()),
  file_base64: v.optional(v.string()),
  filename: v.optional(v.pipe(v.string(), v.maxLength(255))),
});
type JsonBodyT = v.InferOutput<typeof JsonBody>;

const multipartDoc = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'One camt XML file or a ZIP with several, at most 10 MB' },
    filename: { type: 'string', description: 'Optional name for messages' },
  },
};

/** The uploaded bytes and their name, from multipart or JSON; nothing is billed yet. */
const readUpload = (c: Context<AppEnv>, body: JsonBodyT | undefined) => readFileUpload(c, body, { maxBytes: DEFAULT_MAX_BYTES, what: 'statement' });

// 422 input_too_complex, 500 job_failed, 503 overloaded: the job pool's limits (README "Heavy work").
const errors = [400, 401, 402, 413, 422, 429, 500, 502, 503];

export const statementRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/statements/validate',
    operationId: 'validateBankStatement',
    summary: 'Validate camt.052/053/054 (.02, .08) and camt.086 (.01-.05) statements, one XML or a ZIP delivery',
    description:
      'Per file: message, version, rule findings (balances, sums, IBAN check digits, ordering; camt.086 quantity x price and taxes), ' +
      'schema check with line and column, verdict; deliveryFindings across the files of a ZIP; members that are not supported camt files in skipped. ' +
      'Billing: payments feature unlimited, else 5 per day free, then check blocks (1 credit = 10 checks). Rejected files cost nothing. ' +
      'Finding messages, notes, skip reasons and the summary are German by default; Accept-Language: en gives English (codes do not change).',
    tags: ['statements'],
    auth: 'required',
    rateGroup: 'statements',
    maxBodyBytes: MAX_BODY_BYTES,
    json: JsonBody,
    jsonOptional: true,
    multipart: multipartDoc,
    responses: { 200: { description: 'Validation result (spec §2.7)', content: { 'application/json': { schema: StatementValidationSchema } } } },
    errors,
    handler: async ({ c, account, services, body }) => {
      const upload = await readUpload(c, body as JsonBodyT | undefined);
      const lang = langFromAcceptLanguage(c.req.header('accept-language'), 'de');
      const charge = await services.billing.reserveValidation(account);
      // The work runs in a job worker (bounded time and heap); the charge commits after the body exists.
      return withCharge(
        charge,
        async () => {
          const { bytes, transfer } = transferable(upload.bytes);
          const r = await services.jobs.run<{ summary: string; result: Record<string, unknown>; schemaChecked: boolean }>(
            'statements.validate',
            { bytes, lang, ...(upload.filename ? { filename: upload.filename } : {}) },
            { transfer, inputBytes: bytes.byteLength, signal: c.req.raw.signal },
          );
          // Without a schema check the caller gets less than paid for: refund (spec §2.5 refunded).
          return r.schemaChecked ? r : { refund: true as const, value: r };
        },
        (value, billing) => c.json({ summary: value.summary, result: { ...value.result, billing } }),
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/statements/parse',
    operationId: 'parseBankStatement',
    summary: 'Parse camt.052/053/054/086 statements (one XML or a ZIP delivery) into JSON',
    description:
      'Statements with account, balances, summary and entries (booking/value date, amount, credit/debit, status, bank transaction code incl. GVC, ' +
      'transactions with counterparty, remittance and references); camt.086 per settlement account with services, tax regions, balances and totals. ' +
      'No schema check. Billing: payments feature unlimited, else 5 per month free, then 1 credit per call. ' +
      'Parse findings, skip reasons and the summary are German by default; Accept-Language: en gives English (codes do not change).',
    tags: ['statements'],
    auth: 'required',
    rateGroup: 'statements',
    maxBodyBytes: MAX_BODY_BYTES,
    json: JsonBody,
    jsonOptional: true,
    multipart: multipartDoc,
    responses: { 200: { description: 'Parse result (spec §2.8)', content: { 'application/json': { schema: StatementParseSchema } } } },
    errors,
    handler: async ({ c, account, services, body }) => {
      const upload = await readUpload(c, body as JsonBodyT | undefined);
      const lang = langFromAcceptLanguage(c.req.header('accept-language'), 'de');
      const charge = await services.billing.reserveParse(account);
      return withCharge(
        charge,
        () => {
          const { bytes, transfer } = transferable(upload.bytes);
          return services.jobs.run<{ summary: string; result: Record<string, unknown> }>(
            'statements.parse',
            { bytes, lang, ...(upload.filename ? { filename: upload.filename } : {}) },
            { transfer, inputBytes: bytes.byteLength, signal: c.req.raw.signal },
          );
        },
        (value, billing) => c.json({ summary: value.summary, result: { ...value.result, billing } }),
      );
    },
  }),
];
