/** The one error class of @kontor/pdfa3: thrown for API misuse only (bad arguments); PDF problems are findings. */

export type Pdfa3ErrorCode =
  | 'INVALID_ARGUMENT'
  | 'INVALID_MIME_TYPE'
  | 'INVALID_DATE'
  | 'DUPLICATE_ATTACHMENT'
  | 'INVALID_XMP'
  | 'FONT_UNAVAILABLE'
  | 'NOT_PDFA_READY'
  | 'PDF_UNREADABLE'
  | 'PDF_ENCRYPTED';

export class Pdfa3Error extends Error {
  readonly code: Pdfa3ErrorCode;
  constructor(code: Pdfa3ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'Pdfa3Error';
    this.code = code;
  }
}
