/** `@kontor/cii/rules`: the native EN 16931 / XRechnung rule engine, public on purpose (the UBL binding in @kontor/ubl runs it). */
export {
  validateCii,
  runRules,
  saysQuiet,
  readForValidation,
  xsdStep,
  rulesetInfo,
  acceptedVerdict,
  type ValidateCiiOptions,
  type ReadDocument,
  type ValidationProfile,
  type CiiValidationResult,
  type CiiXsdReport,
  type RulesetInfo,
} from './engine';
export { readCiiDoc } from './model';
export { kositVerdict, kositScenarios, isXRechnungSpecification, type KositVerdict, type KositScenario } from './kosit';
export { en16931Rules } from './en16931';
export { xrechnungRules } from './xrechnung';
export { XPathDynamicError, untypedDbl, cmpUntyped, fractionLength, xsDateInstant, type CmpOp } from './xpath';
/** XPath string value, fn:normalize-space, `normalize-space(s) = ''` and the casts' trim (XML whitespace only), shared with the UBL bindings. */
export { normalizeSpace, isBlank, trimXmlSpace, sv as stringValue } from './xpath';
/** The de/en message catalogue of the rules (texts keyed by rule id, templates for the formulaic CII syntax tables). */
export { ruleMessages, ruleTexts, templateTexts, noteText, type RuleMessageKey, type RuleTemplateKey, type NoteKey } from './messages';
/** Code lists shared with the UBL binding (@kontor/ubl). */
export { ISO_4217_CURRENCIES } from './codelists';
export { ISO_6523_ICD_EXT_CODES } from './xrechnung/codelists';
export { inSpacedList } from './xrechnung/helpers';
export type { RuleDef, RuleFlag, RuleSet, RuleFinding, Severity, CiiDoc, LineView, Pattern, ContextDef, ContextSpec } from './types';
