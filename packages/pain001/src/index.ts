/** @kontor/pain001: ISO 20022 pain.001.001.09 generation (DK SCT / AXZ), business rules, validation of pain.001 .09/.03, address structuring. */
export { Pain001Error, type Pain001ErrorCode, type PaymentIssue } from './errors';
export { paymentRunSchema, LIMITS, type Profile, type PaymentRun, type PaymentRunInput, type Payment, type PostalAddress, type UltimateParty, type PaymentRunSchema } from './model/run';
export { parsePaymentRun, type ParsedRun } from './model/parse-run';
export { transliterate, ID_PATTERN, type CharacterSet } from './model/charset';
export { checkIban, normalizeIban, isBic, isLei, type IbanProblem } from './model/identifiers';
export { isKnownCurrency, isSepaCountry } from './model/codes';
export { isTargetBusinessDay, isIsoDate } from './model/dates';
export { checkPaymentRun, type RunRuleOptions } from './rules/run-rules';
export { writePain001, planBlocks, PAIN_001_001_09, type WriteOptions, type PaymentBlockPlan } from './write/writer';
export type { WriteSink } from './write/emit';
export {
  generateSct,
  generateAxz,
  type GenerateOptions,
  type PaymentFileResult,
  type PaymentFileSummary,
  type PaymentFileVerification,
} from './write/generate';
export { readPain001, pain001Reader, PAIN_NAMESPACES, defaultPain001Limits, type Pain001Limits, type Pain001Reader, type Pain001ReaderOptions } from './read/read';
export { detectProfile, type Detection } from './read/detect';
export { checkPain001 } from './read/rules';
export {
  validatePain001,
  describeValidation,
  schemaSetFor,
  rulesetLabel,
  summarize,
  DEFAULT_MAX_BYTES,
  type Pain001ValidationResult,
  type ValidateOptions,
  type ValidationSummary,
  type XsdCheck,
  type XsdCheckFinding,
  type Verdict,
} from './read/validate';
export type { Pain001ReadModel, ReadPaymentBlock, ReadTransaction, ReadParty, ReadAccount, ReadAgent, ReadAddress, Loc } from './read/model';
export {
  structureAddresses,
  ADDRESS_LIMITS,
  addressRequestSchema,
  type AddressItem,
  type StructuredAddress,
  type StructureOptions,
  type StructureResult,
} from './address/structure';
export { parseAddress, type AddressParts, type ParseOutcome } from './address/parse';
