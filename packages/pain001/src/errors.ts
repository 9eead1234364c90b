/** Findings of @kontor/pain001 and its one error class with a closed code union. */

export interface PaymentIssue {
  code: string;
  severity: 'error' | 'warning' | 'info';
  /** German text. */
  message: string;
  /** Dot path into the payment run (generation) or the read model (validation). */
  path?: string;
  location?: { line: number; column: number };
}

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
  /** Programming error in the call (wrong option types). */
  | 'INVALID_ARGUMENT';

export class Pain001Error extends Error {
  readonly code: Pain001ErrorCode;
  readonly details: PaymentIssue[];
  constructor(code: Pain001ErrorCode, message: string, details: PaymentIssue[] = []) {
    super(message);
    this.name = 'Pain001Error';
    this.code = code;
    this.details = details;
  }
}

/** The HTTP status the service maps each code to (spec §4.9-4.12, §7). */
export const pain001ErrorStatus: Record<Pain001ErrorCode, number> = {
  RUN_SCHEMA_MISMATCH: 400,
  RUN_RULES_VIOLATED: 422,
  GATE_FAILED: 502,
  GATE_UNAVAILABLE: 502,
  UNSUPPORTED_MESSAGE: 400,
  NOT_XML: 400,
  INPUT_TOO_LARGE: 413,
  ADDRESS_INPUT_INVALID: 400,
  MODEL_UNAVAILABLE: 502,
  LIMIT_EXCEEDED: 400,
  INVALID_ARGUMENT: 500,
};
