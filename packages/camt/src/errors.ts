/** The one error class of @kontor/camt: input that cannot be read as a statement delivery at all, and API misuse. */
import { KontorError } from '@kontor/xml';

export type CamtErrorCode =
  /** The upload exceeds the byte limit (10 MB by default; HTTP 413). */
  | 'INPUT_TOO_LARGE'
  /** Nothing but whitespace, or zero bytes. */
  | 'EMPTY_INPUT'
  /** Not XML (no root element could be read) and not a ZIP archive. */
  | 'NOT_XML'
  /** DOCTYPE or entity declarations: refused before anything is read. */
  | 'XML_FORBIDDEN'
  /** The XML declares an encoding the reader does not support. */
  | 'ENCODING_UNSUPPORTED'
  /** Well-formed XML, but not a camt.052/053/054/086 message (root element or namespace unknown). */
  | 'UNSUPPORTED_FORMAT'
  /** A camt message in a version that is not supported (strict mode). */
  | 'UNSUPPORTED_VERSION'
  /** The ZIP archive is damaged or uses features we refuse (ZIP64, multi-disk, overlapping members). */
  | 'ZIP_INVALID'
  /** The ZIP archive exceeds the inflation bounds (total size, member size, ratio, member count): a zip bomb. */
  | 'ZIP_LIMIT_EXCEEDED'
  /** A ZIP archive without a single supported camt member; `details.skipped` says why each member was skipped. */
  | 'NO_SUPPORTED_FILES'
  /** More statements, entries or transactions in one file than the structural limits allow (see CamtLimits); `details` names the limit. */
  | 'LIMIT_EXCEEDED'
  /** Wrong argument types or option values. */
  | 'INVALID_ARGUMENT';

/** `details` of a CamtError: names the limit (LIMIT_EXCEEDED, ZIP_LIMIT_EXCEEDED), the skipped members (NO_SUPPORTED_FILES) … */
export type CamtErrorDetails = Record<string, unknown>;

export class CamtError extends KontorError<CamtErrorCode, CamtErrorDetails> {
  override readonly name = 'CamtError';
}
