/** @kontor/zugferd: ZUGFeRD / Factur-X hybrid invoices — typeset an invoice from data, or embed its CII into a supplied PDF, as PDF/A-3B. */
export { typesetInvoice, type TypesetOptions } from './typeset/typeset';
export { embedInvoice, PDF_MAX_BYTES, type EmbedOptions } from './embed/embed';
export { checkHybrid, type CheckHybridOptions } from './facturx/hybrid';
export { checkInvoiceForPdf, ciiOptionsForPdf } from './internal/invoice';
export { checkLogo, checkSvgLogo, detectLogoMime, LOGO_MAX_BYTES } from './typeset/logo';
export { formatMoney, formatDate, formatNumber, formatPercent } from './typeset/i18n';
export { FACTURX_FILENAME, FACTURX_NAMESPACE, FACTURX_VERSION, facturxRelationship, buildFacturxXmp, type FacturxConformanceLevel } from './facturx/xmp';
export { ZugferdError, type ZugferdErrorCode } from './errors';
export type { Finding, HybridCheck, HybridInvoiceResult, InvoiceAttachment, Lang, Logo, LogoMime } from './types';
export { verifyInvoicePdf, validateInvoiceXml, sniffInput, type VerifyOptions, type ValidateXmlOptions } from './verify/verify';
export { detectProfile, INVOICE_FILE_NAMES, XMP_INVOICE_NAMESPACES, type InvoiceProfile, type InvoiceProfileId } from './verify/profiles';
export { validateWithKosit, validateWithVeraPdf, type EngineEndpoint, type EngineAnswer, type EngineFinding, type VeraPdfFlavour } from './verify/engines';
export type {
  ReportFinding,
  FileFacts,
  ZugferdFacts,
  QuickFinding,
  En16931Report,
  Pdfa3FileReport,
  Pdfa3Report,
  AttachmentReport,
  AuthoritativeFinding,
  AuthoritativeReport,
  VerificationReport,
  XmlValidationReport,
  Verdict,
} from './verify/types';
export { extractInvoice, prepareExtraction, completeExtraction, type ExtractOptions, type PreparedExtraction } from './extract/extract';
export { readTextLayer, textLayerToPlainText, type TextLayer, type TextLine, type TextPage, type TextRun } from './extract/text-layer';
export { extractFromTextLayer, type TextExtraction } from './extract/text-extract';
export { extractWithModel, checkExtractedInvoice, EXTRACTION_JSON_SCHEMA, type ModelExtractOptions } from './extract/model-extract';
export type { ExtractionIssue, ExtractionResult } from './extract/types';
export { zugferd1ToCii, type Zugferd1Conversion } from './extract/zugferd1';
