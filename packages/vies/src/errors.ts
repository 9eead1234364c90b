/** The one error class of @kontor/vies, for API misuse and for inputs VIES must never see. */
import type { VatSyntaxFailure } from './syntax/checkVatSyntax';

export type ViesErrorCode =
  /** The VAT id failed the offline syntax/check-digit test; `syntax` holds the details (HTTP: 400). */
  | 'VAT_SYNTAX'
  /** VIES itself rejected the number as malformed (`INVALID_INPUT`) although our syntax check passed. */
  | 'VIES_INPUT_REJECTED'
  /** VIES rejected the configured requester VAT id (`INVALID_REQUESTER_INFO`): a configuration error. */
  | 'VIES_REQUESTER_REJECTED'
  /** Wrong argument types or configuration values. */
  | 'INVALID_ARGUMENT';

export class ViesError extends Error {
  override readonly name = 'ViesError';
  readonly code: ViesErrorCode;
  /** Present for `VAT_SYNTAX`. */
  readonly syntax?: VatSyntaxFailure;

  constructor(code: ViesErrorCode, message: string, options?: { syntax?: VatSyntaxFailure; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options?.syntax) this.syntax = options.syntax;
  }
}

export function isViesError(value: unknown): value is ViesError {
  return value instanceof ViesError;
}
