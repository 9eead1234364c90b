/**
 * The one table from every library error code to the HTTP answer (spec §7): status, envelope code, message and
 * `details`. Keyed by the error class name (each library has one KontorError subclass) and then by its closed code
 * union, each typed exhaustively: a new library code without an entry here fails typecheck. `toApiError`
 * (./errors.ts) is the only reader. README "Errors" documents the table; error-table.test.ts checks it.
 *
 * Only programming errors (INVALID_ARGUMENT-like codes, a broken installation) answer 500.
 */
import type { AiError, AiErrorCode } from '@kontor/ai';
import type { BankdataError, BankdataErrorCode } from '@kontor/bankdata';
import { DEFAULT_MAX_BYTES as CAMT_MAX_BYTES, type CamtError, type CamtErrorCode } from '@kontor/camt';
import type { CiiError, CiiErrorCode } from '@kontor/cii';
import { DEFAULT_MAX_BYTES as PAIN001_MAX_BYTES, type Pain001Error, type Pain001ErrorCode } from '@kontor/pain001';
import type { Pdfa3Error, Pdfa3ErrorCode } from '@kontor/pdfa3';
import type { PeppolError, PeppolErrorCode } from '@kontor/peppol';
import type { ViesError, ViesErrorCode } from '@kontor/vies';
import type { KontorError, KontorXmlError, XmlErrorCode } from '@kontor/xml';
import { PDF_MAX_BYTES, type ZugferdError, type ZugferdErrorCode } from '@kontor/zugferd';
import type { ApiErrorCode } from './errors';

/** Seconds a client should wait after 503 from an unreachable registry (Peppol SML). */
export const SML_RETRY_AFTER_SECONDS = 30;

/** How one library code is answered. `message` / `details` default to the error's own message and a one-issue list. */
export interface ErrorEntry<E extends KontorError = KontorError> {
  status: 400 | 413 | 422 | 500 | 502 | 503;
  code: ApiErrorCode;
  message?: (e: E) => string;
  details?: (e: E) => unknown;
  headers?: Record<string, string>;
}

/** The issue a refusal without findings carries in `details`: the library code, its message and where it was found. */
export function issueOf(e: KontorError, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { code: e.code, severity: 'error', message: e.message, ...(e.location ? { location: e.location } : {}), ...extra };
}

const INTERNAL: ErrorEntry = { status: 500, code: 'internal_error', message: () => 'Internal server error', details: () => null };
const badInput = <E extends KontorError>(details?: (e: E) => unknown): ErrorEntry<E> => ({ status: 400, code: 'invalid_input', ...(details ? { details } : {}) });
const upstream = <E extends KontorError>(details?: (e: E) => unknown): ErrorEntry<E> => ({ status: 502, code: 'upstream_error', ...(details ? { details } : {}) });

type Table<C extends string, E extends KontorError> = { readonly [K in C]: ErrorEntry<E> };

// ---- @kontor/pain001 (spec §4.9-4.12: 400 schema, 422 rules, 502 gate / model)
const pain001Details = (e: Pain001Error) => e.details;
const pain001: Table<Pain001ErrorCode, Pain001Error> = {
  RUN_SCHEMA_MISMATCH: badInput(pain001Details),
  UNSUPPORTED_MESSAGE: badInput(pain001Details),
  NOT_XML: badInput(pain001Details),
  ADDRESS_INPUT_INVALID: badInput(pain001Details),
  LIMIT_EXCEEDED: badInput(pain001Details),
  RUN_RULES_VIOLATED: { status: 422, code: 'invalid_input', details: pain001Details },
  INPUT_TOO_LARGE: { status: 413, code: 'payload_too_large', details: () => ({ maxBytes: PAIN001_MAX_BYTES }) },
  GATE_FAILED: upstream(pain001Details),
  GATE_UNAVAILABLE: upstream(pain001Details),
  MODEL_UNAVAILABLE: upstream(pain001Details),
  INVALID_ARGUMENT: INTERNAL,
};

// ---- @kontor/camt (spec §4.13-4.14: size and inflation bounds 413, everything else the file's fault 400)
const camtIssues = (e: CamtError) => [issueOf(e)];
const camtTooLarge: ErrorEntry<CamtError> = { status: 413, code: 'payload_too_large', details: (e) => ({ maxBytes: CAMT_MAX_BYTES, issues: [issueOf(e)] }) };
const camt: Table<CamtErrorCode, CamtError> = {
  INPUT_TOO_LARGE: camtTooLarge,
  ZIP_LIMIT_EXCEEDED: camtTooLarge,
  EMPTY_INPUT: badInput(camtIssues),
  NOT_XML: badInput(camtIssues),
  XML_FORBIDDEN: badInput(camtIssues),
  ENCODING_UNSUPPORTED: badInput(camtIssues),
  UNSUPPORTED_FORMAT: badInput(camtIssues),
  UNSUPPORTED_VERSION: badInput(camtIssues),
  ZIP_INVALID: badInput(camtIssues),
  LIMIT_EXCEEDED: badInput(camtIssues),
  NO_SUPPORTED_FILES: badInput((e) => [
    issueOf(e),
    ...((e.details?.['skipped'] as { name: string; code: string; reason: string }[] | undefined) ?? []).map((s) => ({ code: s.code, severity: 'error', message: s.reason, path: s.name })),
  ]),
  INVALID_ARGUMENT: INTERNAL,
};

// ---- invoices: @kontor/zugferd and @kontor/cii (spec §4.6-4.7, §4.4)
interface HasFindings {
  code: string;
  message: string;
  details: readonly { code: string; severity: string; message: string }[];
}
const rejected = <E extends KontorError & HasFindings>(): ErrorEntry<E> => ({
  status: 400,
  code: 'invalid_input',
  message: (e) => `The invoice was rejected: ${[...new Set(e.details.filter((f) => f.severity === 'error').map((f) => f.code))].join(', ')}`,
  details: (e) => e.details,
});
/** A refusal: the reason first, then the findings that say more (without repeating the reason). */
const refusal = <E extends KontorError & HasFindings>(extra: Record<string, unknown> = {}): ErrorEntry<E> =>
  badInput((e) => [issueOf(e, extra), ...e.details.filter((f) => f.code !== e.code || f.message !== e.message)]);
const pdfRefusal = refusal<ZugferdError>({ path: 'pdf' });
const zugferd: Table<ZugferdErrorCode, ZugferdError> = {
  INVOICE_INVALID: rejected(),
  PROFILE_NOT_SUPPORTED: refusal(),
  LOGO_INVALID: refusal(),
  LOGO_UNSAFE: refusal(),
  ATTACHMENT_INVALID: refusal(),
  PDF_UNREADABLE: pdfRefusal,
  PDF_ENCRYPTED: pdfRefusal,
  PDF_SIGNED: pdfRefusal,
  PDF_FONTS_NOT_EMBEDDED: pdfRefusal,
  PDF_NOT_CONVERTIBLE: pdfRefusal,
  NOT_A_PDF: pdfRefusal,
  PDF_TOO_LARGE: { status: 413, code: 'payload_too_large', details: () => ({ maxBytes: PDF_MAX_BYTES }) },
  CHECK_FAILED: {
    status: 502,
    code: 'upstream_error',
    message: () => 'The generated PDF did not pass the authoritative check (PDF/A-3, EN 16931); no file was delivered',
    details: (e) => e.details,
  },
  MODEL_FAILED: { status: 502, code: 'upstream_error', message: (e) => `The language model could not read the invoice; nothing was charged. ${e.message}`, details: (e) => e.details },
  INVALID_ARGUMENT: INTERNAL,
};

const cii: Table<CiiErrorCode, CiiError> = {
  INVOICE_INVALID: rejected(),
  INVALID_ATTACHMENT: refusal({ path: 'attachments' }),
  INVALID_ARGUMENT: INTERNAL,
};

// ---- @kontor/pdfa3 (PDFs supplied by the client; argument and installation faults are ours)
const pdfa3Refusal: ErrorEntry<Pdfa3Error> = badInput((e) => [issueOf(e, { path: 'pdf' })]);
const pdfa3: Table<Pdfa3ErrorCode, Pdfa3Error> = {
  PDF_UNREADABLE: pdfa3Refusal,
  PDF_ENCRYPTED: pdfa3Refusal,
  NOT_PDFA_READY: pdfa3Refusal,
  INVALID_XMP: pdfa3Refusal,
  DUPLICATE_ATTACHMENT: badInput((e) => [issueOf(e, { path: 'attachments' })]),
  INVALID_MIME_TYPE: badInput((e) => [issueOf(e, { path: 'attachments' })]),
  PDF_STREAM_TOO_LARGE: { status: 422, code: 'input_too_complex', details: (e) => [issueOf(e, { path: 'pdf' })] },
  INVALID_ARGUMENT: INTERNAL,
  INVALID_DATE: INTERNAL,
  FONT_UNAVAILABLE: INTERNAL,
};

// ---- @kontor/xml (XML any endpoint could not read; schema sets of the installation)
const xmlIssues = (e: KontorXmlError) => [issueOf(e)];
const xml: Table<XmlErrorCode, KontorXmlError> = {
  XML_MALFORMED: badInput(xmlIssues),
  XML_DOCTYPE_FORBIDDEN: badInput(xmlIssues),
  XML_ENTITY_FORBIDDEN: badInput(xmlIssues),
  XML_TOO_DEEP: badInput(xmlIssues),
  XML_TOO_MANY_NODES: badInput(xmlIssues),
  XML_TOO_MANY_ATTRIBUTES: badInput(xmlIssues),
  XML_ENCODING_UNSUPPORTED: badInput(xmlIssues),
  XML_EMPTY: badInput(xmlIssues),
  XML_TOO_LARGE: { status: 413, code: 'payload_too_large', details: (e) => ({ issues: [issueOf(e)] }) },
  SCHEMA_NOT_INSTALLED: { status: 503, code: 'service_unavailable', message: (e) => `The schema set needed for this check is not installed on the service: ${e.message}`, details: () => null },
  SCHEMA_INSTALL_FAILED: upstream(() => null),
  SCHEMA_UNKNOWN: INTERNAL,
  SCHEMA_ENGINE_NOT_LOADED: INTERNAL,
};

// ---- partner checks: @kontor/vies, @kontor/peppol (spec §4.2-4.3)
const vies: Table<ViesErrorCode, ViesError> = {
  VAT_SYNTAX: {
    status: 400,
    code: 'invalid_input',
    message: (e) => `Not a VAT ID: ${e.details?.message ?? e.message}`,
    details: (e) => {
      const s = e.details;
      return [{ code: s?.code ?? e.code, severity: 'error', message: s?.message ?? e.message, path: 'vatId', ...(s?.location ? { location: s.location } : {}) }];
    },
  },
  VIES_INPUT_REJECTED: badInput((e) => [{ code: 'VIES_INVALID_INPUT', severity: 'error', message: e.message, path: 'vatId' }]),
  VIES_REQUESTER_REJECTED: upstream(() => null),
  INVALID_ARGUMENT: INTERNAL,
};

const peppol: Table<PeppolErrorCode, PeppolError> = {
  PARTICIPANT_INVALID: {
    status: 400,
    code: 'invalid_input',
    message: (e) => `Not a Peppol participant identifier: ${e.message}`,
    details: (e) => [{ code: e.details?.reason ?? e.code, severity: 'error', message: e.message, path: 'participant' }],
  },
  SML_UNAVAILABLE: {
    status: 503,
    code: 'service_unavailable',
    message: () => 'The Peppol SML could not be reached; no answer is possible right now.',
    details: () => null,
    headers: { 'Retry-After': String(SML_RETRY_AFTER_SECONDS) },
  },
  SML_INVALID_RECORD: upstream(() => null),
  SMP_UNAVAILABLE: upstream(() => null),
  SMP_INVALID_RESPONSE: upstream(() => null),
  DIRECTORY_UNAVAILABLE: upstream(() => null),
  DIRECTORY_INVALID_RESPONSE: upstream(() => null),
  INVALID_ARGUMENT: INTERNAL,
};

// ---- @kontor/ai (directly; the invoice and payment libraries wrap it as MODEL_FAILED / MODEL_UNAVAILABLE)
const ai: Table<AiErrorCode, AiError> = {
  AI_UNREACHABLE: upstream(() => null),
  AI_TIMEOUT: upstream(() => null),
  AI_ABORTED: upstream(() => null),
  AI_RATE_LIMITED: upstream(() => null),
  AI_HTTP_ERROR: upstream(() => null),
  AI_BAD_RESPONSE: upstream(() => null),
  AI_CONFIG_INVALID: INTERNAL,
};

// ---- @kontor/bankdata (the installation's bank directory file)
const bankdata: Table<BankdataErrorCode, BankdataError> = {
  BANKDATA_EMPTY: { status: 503, code: 'service_unavailable', message: (e) => `The bank directory of the service is not usable: ${e.message}`, details: () => null },
  BANKDATA_FORMAT_UNKNOWN: { status: 503, code: 'service_unavailable', message: (e) => `The bank directory of the service is not usable: ${e.message}`, details: () => null },
  BANKDATA_INDEX_INVALID: { status: 503, code: 'service_unavailable', message: (e) => `The bank directory of the service is not usable: ${e.message}`, details: () => null },
  BANKDATA_INVALID_ARGUMENT: INTERNAL,
};

/** Error class name → code → answer. The class names are set explicitly on each class (`override readonly name`). */
export const ERROR_TABLE = {
  Pain001Error: pain001,
  CamtError: camt,
  ZugferdError: zugferd,
  CiiError: cii,
  Pdfa3Error: pdfa3,
  KontorXmlError: xml,
  ViesError: vies,
  PeppolError: peppol,
  AiError: ai,
  BankdataError: bankdata,
} as const;

/** The entry for a library error, or undefined for an unknown class or code (then: 500). */
export function errorEntryOf(e: KontorError): ErrorEntry | undefined {
  const byCode = (ERROR_TABLE as unknown as Record<string, Record<string, ErrorEntry> | undefined>)[e.name];
  return byCode && Object.hasOwn(byCode, e.code) ? byCode[e.code] : undefined;
}
