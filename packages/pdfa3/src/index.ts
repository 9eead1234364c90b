/** @kontor/pdfa3: generic PDF/A-3 (ISO 19005-3) writing, reading of embedded files and a clause-numbered conformance checker. */
export { Pdfa3Error, type Pdfa3ErrorCode } from './errors';
export { AF_RELATIONSHIPS, type AfRelationship, type Finding, type PdfaConformance, type Severity } from './types';
export { generateSrgbIccProfile, SRGB_PROFILE_DESCRIPTION } from './icc/srgb';
export { buildXmp, type ExtraXmp, type PdfA3Metadata, type XmpExtensionProperty, type XmpExtensionSchema, type XmpTextProperty } from './xmp/build';
export { makePdfA3, type MakePdfA3Options, type MakePdfA3Result } from './write/make-pdfa3';
export { attachFile, MIME_TYPE_PATTERN, type AttachFileOptions } from './write/attach-file';
export { embedPdfA3Font, loadLiberationSans, missingGlyphs, type LiberationSansStyle } from './write/fonts';
export { savePdfA3 } from './write/save';
export { loadForPdfA3, type LoadForPdfA3Options, type LoadForPdfA3Result, type PreparedStreams } from './load/load-for-pdfa3';
export { messages as pdfa3Messages, type Pdfa3MessageKey } from './messages';
export { readEmbeddedFiles, type EmbeddedFile, type ReadEmbeddedFilesOptions } from './read/embedded-files';
export { readPdfInfo, type PdfInfo } from './read/pdf-info';
export { baseFontStartsWith, someRawPdfBytes } from './read/raw-bytes';
export { checkPdfA3, CHECKED_CLAUSES, type CheckOptions, type CheckPdfA3Result, type ClauseCoverage } from './check/check-pdfa3';
export type { Pdfa3Precheck } from './check/precheck';
export { inspectPdfA3, type PdfA3Inspection, type Settled } from './check/inspect';
export type { XmpFacts, XmpProperty } from './xmp/read';
