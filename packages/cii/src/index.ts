/** @kontor/cii: EN 16931 invoice model, calculation, CII writer and reader, native EN 16931 / XRechnung rules, code lists. */
export {
  InvoiceSchema,
  SellerSchema,
  BuyerSchema,
  AddressSchema,
  DeliveryAddressSchema,
  DeliverySchema,
  ContactSchema,
  ElectronicAddressSchema,
  PeriodSchema,
  DocumentAllowanceChargeSchema,
  LineAllowanceChargeSchema,
  LineSchema,
  VatBreakdownSchema,
  NoteSchema,
  PayeeSchema,
  PaymentSchema,
  DiscountStageSchema,
  SUPPORTED_DOCUMENT_TYPES,
  INVOICE_PROFILES,
  INVOICE_LIMITS,
  type Invoice,
  type InvoiceInput,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceBuyer,
  type InvoiceAddress,
  type InvoiceDelivery,
  type InvoicePayment,
  type InvoicePayee,
  type InvoiceNote,
  type DocumentAllowanceCharge,
  type LineAllowanceCharge,
  type VatBreakdownEntry,
  type DocumentTypeCode,
  type InvoiceProfile,
} from './model/invoice';
export { parseInvoice, checkInvoiceJsonSize, PLACEHOLDER_TEXT, PLACEHOLDER_DATE, type ParseInvoiceResult, type ParseInvoiceOptions, type InvoiceIssue, type JsonSizeCheck } from './model/parse';
export { messages as ciiMessages, type MessageKey as CiiMessageKey } from './messages';
export { normalizeInvoice, readDiscountStages, type NormalizeOptions, type NormalizeResult, type DiscountStage } from './calc/normalize';
export { computeTotals, lineNetAmount, type InvoiceTotals, type VatGroup } from './calc/totals';
export { checkInvoice, prepareInvoice, isValidIban, type CheckOptions, type PreparedInvoice, type CiiAttachment, type AttachmentsMode } from './calc/check';
export { completeInvoice, type DraftInvoice } from './calc/complete';
export {
  writeCii,
  generateCii,
  evaluateGate,
  GUIDELINES,
  PEPPOL_BUSINESS_PROCESS,
  NS as CII_NAMESPACES,
  type WriteCiiOptions,
  type GenerateCiiResult,
  type GenerateSuccess,
  type GenerateFailure,
  type GenerateGateReport,
} from './write/write-cii';
export { toInvoiceWarnings, type InvoiceWarning, type WarningLang } from './write/warnings';
export { legalContentWarnings, checkGermanLegalContent, detectLegalForm, type LegalContentWarning, type LegalForm } from './rules/de-ustg/legal-content';
export { readCii, type ReadCiiResult, type ReadCiiOptions, type ReadAttachment, type UnsupportedElement, type CiiProfileName } from './read/read-cii';
import * as officialCodes from './codelists/official';
/** The official EN 16931 code lists (generated from the corpus codedb; see scripts/gen-codelists.mjs), as one namespace. */
export { officialCodes };
export {
  codelist,
  CODELIST_NAMES,
  DOCUMENT_TYPES,
  documentType,
  NOTE_SUBJECTS,
  UNITS,
  normalizeUnit,
  VAT_CATEGORIES,
  vatCategory,
  PAYMENT_MEANS,
  paymentMeans,
  ATTACHMENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  attachmentMimeFromFilename,
  buildFormatsDirectory,
  type CodelistName,
  type CodelistBody,
  type DocumentTypeEntry,
  type NoteSubjectEntry,
  type UnitEntry,
  type UnitNormalization,
  type VatCategoryEntry,
  type PaymentMeansEntry,
  type AttachmentTypeEntry,
  type FormatsDirectory,
  type FormatEntry,
} from './codelists/index';
export { CiiError, type CiiErrorCode } from './internal/errors';
export { positionOf, type Finding } from './internal/findings';
// Validation as a user calls it. The rule engine itself (runRules, rule sets, readForValidation, xsdStep, KoSIT
// scenarios, the CiiDoc view) is public on purpose under the subpath `@kontor/cii/rules` (used by @kontor/ubl).
export { validateCii, type ValidateCiiOptions, type ValidationProfile, type CiiValidationResult, type CiiXsdReport, type RulesetInfo, type ReadDocument } from './rules/engine';
export type { KositVerdict, KositScenario } from './rules/kosit';
export type { RuleFinding } from './rules/types';
