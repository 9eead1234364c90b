/** The one error class of @kontor/cii: thrown for API misuse and for generation refused by the rules. */
import type { Finding } from '@kontor/xml';

export type CiiErrorCode =
  /** writeCii was called with an invoice that has error findings; `findings` lists them. */
  | 'INVOICE_INVALID'
  /** An argument has the wrong type or an unknown option value. */
  | 'INVALID_ARGUMENT'
  /** An attachment cannot be written (missing data, bad base64, duplicate id). */
  | 'INVALID_ATTACHMENT';

export class CiiError extends Error {
  readonly code: CiiErrorCode;
  readonly findings: Finding[];
  constructor(code: CiiErrorCode, message: string, findings: Finding[] = []) {
    super(message);
    this.name = 'CiiError';
    this.code = code;
    this.findings = findings;
  }
}
