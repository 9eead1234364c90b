/** @kontor/ubl: EN 16931 UBL 2.1 (Invoice, CreditNote) reader, writer, conversion and native validation, as a syntax binding of @kontor/cii. */
export { ublKind, ublToCiiTree, UBL_NS, type UblDocumentKind } from './binding/to-cii';
export { readUbl, type ReadUblResult, type ReadUblOptions } from './read/read-ubl';
export { writeUbl, generateUbl, type WriteUblOptions, type GenerateUblResult } from './write/write-ubl';
export { ciiTreeToUbl } from './write/cii-to-ubl';
export { convertInvoice, detectInvoiceSyntax, type ConvertOptions, type ConvertResult, type InvoiceSyntax } from './convert';
export { validateUbl, ublSchemaSet, ublRulesetInfo, ublEn16931Rules, ublXrechnungRules, type ValidateUblOptions, type UblValidationResult } from './rules/validate-ubl';
export { ublSyntaxRules } from './rules/ubl-syntax';
export { ublBindingRules } from './rules/ubl-bindings';
