/** The one error class of @kontor/pdfa3 (on the shared KontorError base): API misuse and PDFs that cannot be read at all; PDF/A problems are findings. */
import { KontorError } from '@kontor/xml';

export type Pdfa3ErrorCode =
  /** Wrong argument types or values (a programming error; also font bytes fontkit cannot read). */
  | 'INVALID_ARGUMENT'
  /** An attachment's MIME type is not type/subtype. */
  | 'INVALID_MIME_TYPE'
  /** A date argument is not a valid Date or out of the PDF date range. */
  | 'INVALID_DATE'
  /** An attachment with this name exists already (and replace was not asked for). */
  | 'DUPLICATE_ATTACHMENT'
  /** XMP metadata that cannot be read or written as PDF/A needs it. */
  | 'INVALID_XMP'
  /** A bundled font cannot be loaded (a broken installation). */
  | 'FONT_UNAVAILABLE'
  /** The PDF cannot be made PDF/A-3 without changing its pages (e.g. encryption). */
  | 'NOT_PDFA_READY'
  /** Not a readable PDF. */
  | 'PDF_UNREADABLE'
  /** The PDF is encrypted. */
  | 'PDF_ENCRYPTED'
  /** A stream decodes to more than the byte cap (a filter bomb, or simply too large to judge). */
  | 'PDF_STREAM_TOO_LARGE';

export class Pdfa3Error extends KontorError<Pdfa3ErrorCode, undefined> {
  override readonly name = 'Pdfa3Error';
}
