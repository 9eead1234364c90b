/** The one error class of @kontor/zugferd: API misuse, refused input (with a reason code) and failed self-checks. */
import { KontorError, type KontorErrorOptions } from '@kontor/xml';
import type { Finding } from './types';

export type ZugferdErrorCode =
  /** An argument has the wrong type or an unknown option value. */
  | 'INVALID_ARGUMENT'
  /** The invoice data is rejected by the schema or the EN 16931 rules; `details` lists why. No file is made. */
  | 'INVOICE_INVALID'
  /** The profile cannot be delivered as a PDF (xrechnung is XML only). */
  | 'PROFILE_NOT_SUPPORTED'
  /** The logo is not a readable PNG, JPEG or SVG, or too large. */
  | 'LOGO_INVALID'
  /** The SVG logo contains scripts, event handlers or references to other files. */
  | 'LOGO_UNSAFE'
  /** An attachment has no usable name, an unsupported type, is too large or clashes with factur-x.xml. */
  | 'ATTACHMENT_INVALID'
  /** The supplied PDF is larger than allowed (25 MB by default). */
  | 'PDF_TOO_LARGE'
  /** The supplied PDF cannot be read. */
  | 'PDF_UNREADABLE'
  /** The supplied PDF is encrypted or password protected (PDF/A forbids encryption). */
  | 'PDF_ENCRYPTED'
  /** The supplied PDF is digitally signed; rewriting it would invalidate the signature. */
  | 'PDF_SIGNED'
  /** The supplied PDF uses fonts that are not embedded (PDF/A needs every font embedded). */
  | 'PDF_FONTS_NOT_EMBEDDED'
  /** The supplied PDF has content PDF/A-3 forbids and that cannot be fixed without changing the pages. */
  | 'PDF_NOT_CONVERTIBLE'
  /** Our own output failed our own check (PDF/A-3 or EN 16931): nothing is delivered. */
  | 'CHECK_FAILED'
  /** Extraction: the input is not a PDF (no %PDF- header) or is empty. */
  | 'NOT_A_PDF'
  /** Extraction: the model provider was unreachable, timed out, refused, or gave no usable JSON (HTTP 502). */
  | 'MODEL_FAILED';

/** `details`: the findings behind the error (empty when there are none). */
export class ZugferdError extends KontorError<ZugferdErrorCode, Finding[]> {
  override readonly name = 'ZugferdError';
  declare readonly details: Finding[];
  constructor(code: ZugferdErrorCode, message: string, options: KontorErrorOptions<Finding[]> = {}) {
    super(code, message, { ...options, details: options.details ?? [] });
  }
}

/** CHECK_FAILED for our own output (`what`: "hybrid PDF", "generated PDF"): the first codes in the message, every error finding in `details`. */
export function ownCheckFailed(what: string, errors: Finding[]): ZugferdError {
  const codes = errors
    .slice(0, 5)
    .map((f) => f.code)
    .join(', ');
  return new ZugferdError('CHECK_FAILED', `The ${what} failed our own check (${codes}); no file is delivered`, { details: errors });
}
