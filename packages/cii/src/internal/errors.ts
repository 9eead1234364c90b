/** The one error class of @kontor/cii (on the shared KontorError base): thrown for API misuse and for generation refused by the rules. */
import { type Finding, KontorError, type KontorErrorOptions } from '@kontor/xml';

export type CiiErrorCode =
  /** writeCii was called with an invoice that has error findings; `details` lists them. */
  | 'INVOICE_INVALID'
  /** An argument has the wrong type or an unknown option value (a programming error). */
  | 'INVALID_ARGUMENT'
  /** An attachment cannot be written (missing data, bad base64, duplicate id). */
  | 'INVALID_ATTACHMENT';

/** `details`: the findings behind the error (empty when there are none). */
export class CiiError extends KontorError<CiiErrorCode, Finding[]> {
  override readonly name = 'CiiError';
  declare readonly details: Finding[];
  constructor(code: CiiErrorCode, message: string, options: KontorErrorOptions<Finding[]> = {}) {
    super(code, message, { ...options, details: options.details ?? [] });
  }
}
