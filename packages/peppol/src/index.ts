/** @kontor/peppol: Peppol participant identifiers, SML lookup (DNS U-NAPTR), SMP client, Directory client. */
export { checkParticipant } from './checkParticipant';
export type { DocumentTypeCapability, Finding, PeppolCheckConfig, PeppolCheckResult, ProcessEndpoint } from './checkParticipant';
export { KNOWN_ICD_NAMES, PARTICIPANT_SCHEME, parseParticipant, tryParseParticipant } from './participant/parseParticipant';
export type { ParticipantId, ParticipantInputKind, ParticipantParseResult } from './participant/parseParticipant';
export { isValidGermanVatNumber, isValidGs1CheckDigit, isValidLeitwegId } from './participant/checkDigits';
export { applyNaptrRegexp, encodeBase32, cnameHostname, lookupSmp, naptrHostname } from './sml/lookupSmp';
export type { SmlConfig, SmlLookupResult, SmlMethod } from './sml/lookupSmp';
export { fetchServiceGroup, fetchServiceMetadata } from './smp/smpClient';
export type { ServiceGroup, ServiceMetadata, ServiceMetadataReference, SmpClientOptions, SmpEndpoint, SmpIdentifier, SmpProcess } from './smp/smpClient';
export type { CertificateInfo } from './smp/certificate';
export { documentTypeName } from './smp/documentTypes';
export { searchDirectory } from './directory/searchDirectory';
export type { DirectoryEntry, DirectoryOptions } from './directory/searchDirectory';
export { PeppolError, type PeppolErrorDetails } from './errors';
export type { ParticipantReason, PeppolErrorCode } from './errors';
