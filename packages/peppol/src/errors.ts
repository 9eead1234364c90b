/** The one error class of @kontor/peppol (on the shared KontorError base); `code` is a closed union the apps map to HTTP statuses. */
import { KontorError } from '@kontor/xml';

export type PeppolErrorCode =
  /** The input is not a recognisable Peppol participant identifier (HTTP: 400); see `details.reason`. */
  | 'PARTICIPANT_INVALID'
  /** The SML could not be asked: DNS timeout, SERVFAIL/REFUSED, network error, malformed answer (HTTP: 503). */
  | 'SML_UNAVAILABLE'
  /** The SML answered with a record we cannot use (bad NAPTR regexp, not a URL). */
  | 'SML_INVALID_RECORD'
  /** An SMP or Directory answer could not be fetched or read (used inside issues, thrown by the low-level clients). */
  | 'SMP_UNAVAILABLE'
  | 'SMP_INVALID_RESPONSE'
  | 'DIRECTORY_UNAVAILABLE'
  | 'DIRECTORY_INVALID_RESPONSE'
  /** Wrong argument types or configuration values. */
  | 'INVALID_ARGUMENT';

/** Why a participant identifier was refused (with PARTICIPANT_INVALID). */
export type ParticipantReason =
  | 'PARTICIPANT_EMPTY'
  | 'PARTICIPANT_TOO_LONG'
  | 'PARTICIPANT_SCHEME_UNSUPPORTED'
  | 'PARTICIPANT_ICD_INVALID'
  | 'PARTICIPANT_VALUE_INVALID'
  | 'PARTICIPANT_GLN_CHECKSUM'
  | 'PARTICIPANT_LEITWEG_FORMAT'
  | 'PARTICIPANT_LEITWEG_CHECKSUM'
  | 'PARTICIPANT_VAT_CHECKSUM'
  | 'PARTICIPANT_UNRECOGNISED';

/** `details` of a PeppolError: `reason` with PARTICIPANT_INVALID; otherwise machine-readable context (HTTP status, DNS rcode, URL, …). */
export interface PeppolErrorDetails {
  reason?: ParticipantReason;
  [key: string]: unknown;
}

export class PeppolError extends KontorError<PeppolErrorCode, PeppolErrorDetails> {
  override readonly name = 'PeppolError';
}
