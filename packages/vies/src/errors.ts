/** The one error class of @kontor/vies (on the shared KontorError base), for API misuse and for inputs VIES must never see. */
import { KontorError } from '@kontor/xml';
import type { VatSyntaxFailure } from './syntax/checkVatSyntax';

export type ViesErrorCode =
  /** The VAT id failed the offline syntax/check-digit test; `details` holds the failure (HTTP: 400). */
  | 'VAT_SYNTAX'
  /** VIES itself rejected the number as malformed (`INVALID_INPUT`) although our syntax check passed. */
  | 'VIES_INPUT_REJECTED'
  /** VIES rejected the configured requester VAT id (`INVALID_REQUESTER_INFO`): a configuration error. */
  | 'VIES_REQUESTER_REJECTED'
  /** Wrong argument types or configuration values. */
  | 'INVALID_ARGUMENT';

/** `details` is the offline check's failure (code, message, location) with VAT_SYNTAX. */
export class ViesError extends KontorError<ViesErrorCode, VatSyntaxFailure> {
  override readonly name = 'ViesError';
}
