/** @kontor/ubl: EN 16931 UBL 2.1 (Invoice, CreditNote) reader, writer and native validation, as a syntax binding of @kontor/cii. */
export { ublKind, ublToCiiTree, serializeTree, UBL_NS, type UblDocumentKind } from './binding/to-cii';
export { validateUbl, runUblRules, ublSchemaSet, ublRulesetInfo, ublEn16931Rules, ublXrechnungRules, type ValidateUblOptions, type UblValidationResult } from './rules/validate-ubl';
export { kositUblVerdict } from './rules/kosit-ubl';
export { ublSyntaxRules } from './rules/ubl-syntax';
