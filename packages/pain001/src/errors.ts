/** Findings of @kontor/pain001 and its one error class (on the shared KontorError base) with a closed code union. */
import { KontorError, type Finding, type KontorErrorOptions } from '@kontor/xml';

/**
 * A finding of @kontor/pain001: the shared Finding of @kontor/xml (message in the language asked for, default de;
 * `path` a dot path into the payment run or the read model; `line`/`column` in the file).
 */
export type PaymentIssue = Finding;

export type Pain001ErrorCode =
  /** The payment run does not match the schema (types, required fields, enums): HTTP 400. */
  | 'RUN_SCHEMA_MISMATCH'
  /** The run matches the schema but violates business rules; details = every issue: HTTP 422. */
  | 'RUN_RULES_VIOLATED'
  /** The generated file failed the authoritative check (schema + rules); details = findings: HTTP 502. */
  | 'GATE_FAILED'
  /** The authoritative check could not run (schema set not installed); no unchecked file: HTTP 502. */
  | 'GATE_UNAVAILABLE'
  /** Not a pain.001 of a supported version (.001.09 / .001.03): HTTP 400. */
  | 'UNSUPPORTED_MESSAGE'
  /** Not readable as XML before the root element (empty, DOCTYPE, binary): HTTP 400. */
  | 'NOT_XML'
  /** Above the size limit: HTTP 413. */
  | 'INPUT_TOO_LARGE'
  /** Address-structuring request outside its limits (≤ 50 items, 1-4 lines): HTTP 400. */
  | 'ADDRESS_INPUT_INVALID'
  /** The configured model provider failed: HTTP 502. */
  | 'MODEL_UNAVAILABLE'
  /** More payment blocks or transactions than the structural limits allow (see Pain001Limits): HTTP 400. */
  | 'LIMIT_EXCEEDED'
  /** Programming error in the call (wrong option types); the service answers 500. */
  | 'INVALID_ARGUMENT';

/** `details`: every issue behind the error (empty when there are none). */
export class Pain001Error extends KontorError<Pain001ErrorCode, PaymentIssue[]> {
  override readonly name = 'Pain001Error';
  declare readonly details: PaymentIssue[];
  constructor(code: Pain001ErrorCode, message: string, options: KontorErrorOptions<PaymentIssue[]> = {}) {
    super(code, message, { ...options, details: options.details ?? [] });
  }
}
