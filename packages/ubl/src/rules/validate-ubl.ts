/**
 * validateUbl: native EN 16931 / XRechnung validation of UBL 2.1 Invoice and CreditNote. XSD from the schema store
 * (ubl-2.1-invoice / ubl-2.1-creditnote by root element, as the KoSIT validator), then the syntax-neutral rules of
 * @kontor/cii (BR-*, BR-DE-*, PEPPOL-EN16931-*) over the UBL → CII binding, plus the UBL-only syntax rules
 * (UBL-SR-*, UBL-DT-*), then the KoSIT verdict by BT-24 with the UBL scenarios' severity overrides.
 */
import { type XmlElement, verdictOf, type Lang, type SchemaStore, type Verdict, type XmlInput, type XmlLimits, type DecodedXml } from '@kontor/xml';
import {
  en16931Rules,
  xrechnungRules,
  runRules,
  noteText,
  acceptedVerdict,
  readForValidation,
  readCiiDoc,
  xsdStep,
  isXRechnungSpecification,
  type RuleDef,
  type RuleFinding,
  type CiiXsdReport,
  type RulesetInfo,
  type KositVerdict,
  type ValidationProfile,
  type ReadDocument,
} from '@kontor/cii/rules';
import { ublKind, ublToCiiTree, type UblDocumentKind } from '../binding/to-cii';
import { ublSyntaxRules } from './ubl-syntax';
import { kositUblVerdict } from './kosit-ubl';
import { ublBindingRules, ublBindingIds } from './ubl-bindings';
import { notUblText } from './messages';

export interface ValidateUblOptions {
  /** 'auto' (default): XRechnung when BT-24 names an XRechnung 3.0 specification, else EN 16931. */
  profile?: ValidationProfile;
  schemaStore?: SchemaStore;
  limits?: Partial<XmlLimits>;
  /** Language of the findings' messages and the notes (./messages.ts and @kontor/cii's rules/messages.ts), default 'en'. */
  lang?: Lang | undefined;
}

export interface UblValidationResult {
  /** As CiiValidationResult.verdict: KoSIT accept/reject for XRechnung, any error (or the XSD) for EN 16931. */
  verdict: Verdict;
  profile: 'en16931' | 'xrechnung';
  documentKind: UblDocumentKind | null;
  specificationId?: string;
  findings: RuleFinding[];
  xsd: CiiXsdReport;
  rulesets: RulesetInfo[];
  kosit?: KositVerdict;
  notes: string[];
}

export const ublRulesetInfo: Readonly<Record<'en16931' | 'xrechnung', RulesetInfo>> = {
  en16931: { name: 'CEN EN 16931 UBL validation (native, via the UBL syntax binding)', version: '1.3.16' },
  xrechnung: { name: 'XRechnung UBL schematron (incl. Peppol BIS rules), native', version: '2.5.0 (XRechnung 3.0.2)' },
};

/** The syntax-neutral EN 16931 rules (CII-only syntax rules CII-SR/CII-DT are replaced by the UBL ones). */
const neutral = (r: RuleDef): boolean => !r.id.startsWith('CII-') && !ublBindingIds.has(r.id);
const neutralEn16931: readonly RuleDef[] = en16931Rules.filter(neutral);
const neutralXrechnung: readonly RuleDef[] = xrechnungRules.filter(neutral);
const bindingEn16931 = ublBindingRules.filter((r) => r.ruleset === 'en16931');
const bindingXrechnung = ublBindingRules.filter((r) => r.ruleset === 'xrechnung');
/** The rules run on the UBL tree itself: one list for every call, so runRules plans it once (plans are kept per list). */
const ublSyntaxEn16931: readonly RuleDef[] = [...bindingEn16931, ...ublSyntaxRules];

/** Every EN 16931 rule run on UBL: the neutral ones (through the binding), the UBL bindings, the UBL syntax rules. */
export const ublEn16931Rules: readonly RuleDef[] = [...neutralEn16931, ...ublSyntaxEn16931];
export const ublXrechnungRules: readonly RuleDef[] = [...neutralXrechnung, ...bindingXrechnung];

/**
 * Schema set id for a UBL root element (anything that is not a UBL CreditNote goes to the Invoice schema, as KoSIT).
 * @example
 * ```ts
 * ublSchemaSet('CreditNote'); // 'ubl-2.1-creditnote'
 * ublSchemaSet(undefined);    // 'ubl-2.1-invoice'
 * ```
 */
export function ublSchemaSet(kind: UblDocumentKind | undefined): 'ubl-2.1-invoice' | 'ubl-2.1-creditnote' {
  return kind === 'CreditNote' ? 'ubl-2.1-creditnote' : 'ubl-2.1-invoice';
}

/** Runs the UBL rule sets over a parsed UBL root (no XSD, no verdict). */
export function runUblRules(root: XmlElement, profile: 'en16931' | 'xrechnung', opts: { xsdValid?: boolean | null; lang?: Lang | undefined; elementCount?: number | undefined } = {}): RuleFinding[] {
  // One read model per tree, shared by the rule lists that run on it (its index, context assignments and memos are
  // made once, not once per list).
  const cii = readCiiDoc(ublToCiiTree(root));
  const ubl = readCiiDoc(root, opts.elementCount);
  const en = runRules(neutralEn16931, cii, opts);
  const syn = runRules(ublSyntaxEn16931, ubl, opts);
  const out = [...en, ...syn];
  if (profile === 'xrechnung') {
    for (const f of runRules(neutralXrechnung, cii, opts)) out.push(f);
    for (const f of runRules(bindingXrechnung, ubl, opts)) out.push(f);
  }
  return out;
}

function bt24Of(root: XmlElement): string | undefined {
  const c = root.children.find((e) => e.local === 'CustomizationID');
  return c ? c.text.trim() : undefined;
}

/**
 * Validates a UBL Invoice or CreditNote natively. Never throws on bad input.
 * @example
 * ```ts
 * const r = validateUbl(await readFile('peppol-invoice.xml'), { profile: 'xrechnung', lang: 'de' });
 * console.log(r.verdict, r.documentKind); // 'valid' 'Invoice'
 * for (const f of r.findings) console.log(f.code, f.message); // e.g. BR-DE-15, UBL-SR-…
 * ```
 */
export function validateUbl(xml: XmlInput | DecodedXml | ReadDocument, opts: ValidateUblOptions = {}): UblValidationResult {
  const requested = opts.profile ?? 'auto';
  const notes: string[] = [];
  const read = readForValidation(xml, opts);
  if ('unreadable' in read) {
    return {
      verdict: 'invalid',
      profile: requested === 'xrechnung' ? 'xrechnung' : 'en16931',
      documentKind: null,
      findings: [read.unreadable],
      xsd: { available: !!opts.schemaStore, valid: opts.schemaStore ? false : null, findings: [] },
      rulesets: [],
      notes: [noteText('NOTE.UNREADABLE', opts.lang ?? 'en')],
    };
  }
  const { text, root } = read;
  const kind = ublKind(root);
  const setId = ublSchemaSet(kind);

  const xsd = xsdStep(opts, setId, setId, text, notes);

  const bt24 = kind ? bt24Of(root) : undefined;
  const profile: 'en16931' | 'xrechnung' = requested === 'auto' ? (isXRechnungSpecification(bt24) ? 'xrechnung' : 'en16931') : requested;
  const findings: RuleFinding[] = xsd.findings.map((x) => {
    const f: RuleFinding = { code: x.code === 'XSD' ? 'XSD_INVALID' : x.code, severity: x.severity, message: x.message, ruleset: 'xsd' };
    if (x.line !== undefined) f.line = x.line;
    if (x.column !== undefined) f.column = x.column;
    return f;
  });
  const rulesets = [ublRulesetInfo.en16931];
  if (profile === 'xrechnung') rulesets.push(ublRulesetInfo.xrechnung);
  if (!kind) {
    findings.push({ code: 'NOT_UBL', severity: 'error', message: notUblText(root.name, root.ns, opts.lang ?? 'en'), line: root.line, column: root.column, ruleset: 'xsd' });
    return { verdict: 'invalid', profile, documentKind: null, findings, xsd, rulesets, notes };
  }
  for (const f of runUblRules(root, profile, { xsdValid: xsd.valid, lang: opts.lang, elementCount: read.elementCount })) findings.push(f);

  const result: UblValidationResult = { verdict: 'valid', profile, documentKind: kind ?? null, findings, xsd, rulesets, notes };
  if (bt24 !== undefined) result.specificationId = bt24;
  if (profile === 'xrechnung') {
    const k = kositUblVerdict(kind, bt24, xsd.valid, findings);
    result.kosit = k;
    result.verdict = acceptedVerdict(k.accept, findings);
  } else {
    result.verdict = xsd.valid === false ? 'invalid' : verdictOf(findings);
  }
  return result;
}
