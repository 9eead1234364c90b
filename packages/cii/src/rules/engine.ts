/**
 * validateCii: the one entry point. Parses through the hardened reader, runs the XSD step first (schema set
 * cii-d16b from the store, as the KoSIT validator does), then the native rule sets over one shared read model,
 * and computes the verdict: EN 16931 (any error → invalid) or XRechnung with the KoSIT scenario semantics.
 */
import {
  KontorXmlError,
  XmlElement,
  parseXml,
  provideLibxml2,
  verdictOf,
  decodeXmlInput,
  DecodedXml,
  type Lang,
  type SchemaStore,
  type Verdict,
  type XmlInput,
  type XmlLimits,
  type XsdFinding,
} from '@kontor/xml';
import * as libxml2Api from 'libxml2-wasm';
import * as libxml2Lib from 'libxml2-wasm/lib/libxml2.mjs';
import * as libxml2Node from 'libxml2-wasm/lib/nodejs.mjs';
import type { CiiDoc, Pattern, RuleDef, RuleFinding, RuleSet, Severity } from './types';
import { CiiDocument, readCiiDoc, oraclePath, type PathCache } from './model';
import { XPathDynamicError } from './xpath';
import { isXRechnungSpecification, kositVerdict, type KositVerdict } from './kosit';
import { en16931Rules } from './en16931';
import { engineText, noSchemaStoreNote, noteText, type NoteKey } from './messages';
import { xrechnungRules } from './xrechnung';

export { definePattern } from './model';

// The CII and Factur-X schemas (and UBL's, through xsdStep) are outside the native XSD engine's subset: libxml2-wasm
// validates them, which @kontor/xml loads on first need only. validateCii and xsdStep are synchronous, so this module
// imports libxml2-wasm statically and hands it over (pay and camt commands never import this module). No top-level
// await here: libxml2-wasm's own runs when Node loads it, outside any bundle of ours.
provideLibxml2({ lib: libxml2Lib, api: libxml2Api, nodejs: libxml2Node });

export type ValidationProfile = 'en16931' | 'xrechnung' | 'auto';

export interface ValidateCiiOptions {
  /** 'auto' (default): XRechnung when BT-24 names an XRechnung 3.0 specification, else EN 16931. */
  profile?: ValidationProfile;
  /** Where the cii-d16b XSD set is installed. Without it the XSD step reports available: false. */
  schemaStore?: SchemaStore;
  /** Reader limits (defaults of @kontor/xml). */
  limits?: Partial<XmlLimits>;
  /** Language of the findings' messages and the notes (rules/messages.ts), default 'en'. */
  lang?: Lang | undefined;
}

export interface CiiXsdReport {
  available: boolean;
  valid: boolean | null;
  /** The first 100 schema diagnostics (the schema store's cap). */
  findings: XsdFinding[];
  /** All schema errors, when more were reported than `findings` holds. */
  errorCount?: number;
  truncated?: boolean;
  note?: string;
}

export interface RulesetInfo {
  name: string;
  version: string;
}

export interface CiiValidationResult {
  /**
   * invalid: the XSD or (EN 16931) an error finding or (XRechnung) the KoSIT scenario rejects; valid_with_warnings:
   * accepted, but a warning remains (or an error the KoSIT scenario lowers); valid: nothing above info.
   */
  verdict: Verdict;
  /** The rule profile that was applied. */
  profile: 'en16931' | 'xrechnung';
  /** BT-24 as found in the document. */
  specificationId?: string;
  findings: RuleFinding[];
  xsd: CiiXsdReport;
  rulesets: RulesetInfo[];
  /** KoSIT configuration verdict (present when the XRechnung profile ran). */
  kosit?: KositVerdict;
  /** Plain-language notes: profile choice, skipped steps, specification identifiers we do not fully cover. */
  notes: string[];
}

export const rulesetInfo: Readonly<Record<RuleSet, RulesetInfo>> = {
  en16931: { name: 'CEN EN 16931 CII validation', version: '1.3.16' },
  xrechnung: { name: 'XRechnung CII schematron (incl. Peppol BIS rules)', version: '2.5.0 (XRechnung 3.0.2)' },
};

const SEVERITY: Record<RuleDef['flag'], Severity> = { fatal: 'error', warning: 'warning', information: 'info' };

const FACTURX_NOTES: Readonly<Record<string, NoteKey>> = {
  'urn:factur-x.eu:1p0:minimum': 'NOTE.FACTURX_MINIMUM',
  'urn:factur-x.eu:1p0:basicwl': 'NOTE.FACTURX_BASICWL',
  'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic': 'NOTE.FACTURX_BASIC',
  'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended': 'NOTE.FACTURX_EXTENDED',
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0': 'NOTE.PEPPOL_BIS',
};

function specificationNote(id: string | undefined, profile: 'en16931' | 'xrechnung', lang: Lang): string | undefined {
  if (id === undefined) return noteText('NOTE.BT24_MISSING', lang);
  const n = FACTURX_NOTES[id];
  if (n) return noteText(n, lang);
  if (/xrechnung_[12]\./.test(id)) return noteText('NOTE.XRECHNUNG_1_2', lang, { id });
  if (profile === 'xrechnung' && !isXRechnungSpecification(id) && id !== 'urn:cen.eu:en16931:2017') return noteText('NOTE.NO_KOSIT_SCENARIO', lang, { id });
  return undefined;
}

/** EN 16931 then XRechnung rules, the list the xrechnung profile runs (made once, not per call). */
const XRECHNUNG_PROFILE_RULES: readonly RuleDef[] = [...en16931Rules, ...xrechnungRules];

/**
 * A rule list cut into runs of rules in a row that share one `quiet` (a run of rules without one is its own run,
 * asked nothing): run g is rules[starts[g]] .. rules[starts[g + 1] - 1], `quiets[g]` its quiet. runRules asks each
 * run once and skips a quiet run without visiting its rules' definitions (on a usual invoice most of the ~800
 * EN 16931 rules; touching each definition per call was a cache miss each after other work had run).
 */
interface RulePlan {
  readonly length: number;
  readonly starts: Int32Array;
  readonly quiets: readonly RuleDef['quiet'][];
  /**
   * Per run whose quiet is a context (most runs): its id (else -1) and pattern. runRules asks a CiiDocument for it
   * directly: two compact arrays read in order per call, not the context object per run.
   */
  readonly quietIds: Int32Array;
  readonly quietPatterns: readonly (Pattern | undefined)[];
}
// Derived from the (static, read-only) rule lists only; keeps no per-request state.
const rulePlans = new WeakMap<readonly RuleDef[], RulePlan>();

function planOf(rules: readonly RuleDef[]): RulePlan {
  const known = rulePlans.get(rules);
  // A list that changed length since it was planned (lists are read-only; this only guards a misuse) is planned again.
  if (known !== undefined && known.length === rules.length) return known;
  const starts: number[] = [];
  const quiets: RuleDef['quiet'][] = [];
  for (let r = 0; r < rules.length; r++) {
    const q = rules[r]!.quiet;
    if (r === 0 || q !== quiets[quiets.length - 1]) {
      starts.push(r);
      quiets.push(q);
    }
  }
  starts.push(rules.length);
  const quietIds = new Int32Array(quiets.length).fill(-1);
  const quietPatterns: (Pattern | undefined)[] = new Array<Pattern | undefined>(quiets.length).fill(undefined);
  for (let g = 0; g < quiets.length; g++) {
    const q = quiets[g];
    if (q === undefined || typeof q === 'function') continue;
    quietIds[g] = q.id;
    quietPatterns[g] = q.pattern;
  }
  const plan: RulePlan = { length: rules.length, starts: Int32Array.from(starts), quiets, quietIds, quietPatterns };
  rulePlans.set(rules, plan);
  return plan;
}

/**
 * What a rule's `quiet` says of `doc` (false without one): its function's answer, or whether its context fires on no
 * node. Throws what the function throws (runRules then runs the checks).
 * @example
 * ```ts
 * import { en16931Rules, readCiiDoc, saysQuiet } from '@kontor/cii/rules';
 * const doc = readCiiDoc(parseXml(xml).root);
 * const skipped = en16931Rules.filter((r) => saysQuiet(r, doc)).length; // rules that cannot report on this invoice
 * ```
 */
export function saysQuiet(rule: RuleDef, doc: CiiDoc): boolean {
  const q = rule.quiet;
  if (q === undefined) return false;
  return typeof q === 'function' ? q(doc) : doc.nodes(q).length === 0;
}

/** The finding of a rule whose check threw: the official stylesheet would stop with a dynamic error there. */
function notEvaluated(rule: RuleDef, e: unknown, lang: Lang, xsdValid: boolean | null | undefined): RuleFinding {
  const known = e instanceof XPathDynamicError;
  return {
    code: known ? 'RULE_NOT_EVALUATED' : 'RULE_ENGINE_ERROR',
    severity: xsdValid === false ? 'info' : 'error',
    message: engineText(known ? 'RULE_NOT_EVALUATED' : 'RULE_ENGINE_ERROR', lang, { rule: rule.id, reason: e instanceof Error ? e.message : String(e) }),
    ruleset: 'engine',
    detail: rule.id,
  };
}

/**
 * Runs rule definitions over a parsed tree (or an existing read model) and returns their findings (no XSD, no verdict).
 * @example
 * ```ts
 * import { en16931Rules, runRules } from '@kontor/cii/rules';
 * const { root } = parseXml(xml);
 * const findings = runRules(en16931Rules, root, { lang: 'en' }); // RuleFinding[] with official ids
 * ```
 */
export function runRules(rules: readonly RuleDef[], input: XmlElement | CiiDoc, opts: { xsdValid?: boolean | null; lang?: Lang | undefined } = {}): RuleFinding[] {
  const doc = input instanceof XmlElement ? readCiiDoc(input) : input;
  const out: RuleFinding[] = [];
  const paths: PathCache = new Map();
  // One reporting function for all rules (checks call it synchronously), reading the rule being run.
  let rule: RuleDef = rules[0]!;
  let severity: Severity = 'error';
  // The rule's severity and text in the language asked for: looked up at the rule's first finding (most rules
  // find nothing), once per rule, none per further finding.
  const lang = opts.lang ?? 'en';
  let text = '';
  let resolved: RuleDef | undefined;
  const fail = (el: XmlElement | null, detail?: string): void => {
    if (resolved !== rule) {
      resolved = rule;
      severity = SEVERITY[rule.flag];
      text = rule.message[lang];
    }
    const f: RuleFinding = {
      code: rule.id,
      severity,
      message: detail ? `${text} (${detail})` : text,
      path: oraclePath(el, paths),
      ruleset: rule.ruleset,
      flag: rule.flag,
    };
    if (rule.bt) f.bt = rule.bt;
    if (el) {
      f.line = el.line;
      f.column = el.column;
    }
    out.push(f);
  };
  const plan = planOf(rules);
  const starts = plan.starts;
  const quiets = plan.quiets;
  const quietIds = plan.quietIds;
  const quietPatterns = plan.quietPatterns;
  // The read model of readCiiDoc answers a context's emptiness by the context's id (another CiiDoc is asked by saysQuiet).
  const model = doc instanceof CiiDocument ? doc : undefined;
  for (let g = 0; g < quiets.length; g++) {
    const id = quietIds[g]!;
    const start = starts[g]!;
    // The whole run of rules sharing this answer is skipped without visiting their definitions.
    if (quiets[g] !== undefined) {
      let quiet: boolean;
      try {
        quiet = id >= 0 && model !== undefined ? model.firesNone(quietPatterns[g]!, id) : saysQuiet(rules[start]!, doc);
      } catch {
        quiet = false;
      }
      if (quiet) continue;
    }
    const end = starts[g + 1]!;
    for (let r = start; r < end; r++) {
      rule = rules[r]!;
      const mark = out.length;
      try {
        rule.check(doc, fail);
      } catch (e) {
        // The official stylesheet would stop with a dynamic error here; we drop this rule's partial findings,
        // skip only this rule and say so.
        out.length = mark;
        out.push(notEvaluated(rule, e, lang, opts.xsdValid));
      }
    }
  }
  return out;
}

/**
 * A document read for validation (readForValidation's answer): its decoded text, for the XSD step, and its tree.
 * validateCii and validateUbl take one in place of the bytes, so a caller that has read the document for its own
 * purpose (the verify path: the profile) does not have it read twice.
 */
export interface ReadDocument {
  text: DecodedXml;
  root: XmlElement;
  /** Elements in the tree (parseXml's count), when known. */
  elementCount?: number | undefined;
}

function isReadDocument(x: XmlInput | DecodedXml | ReadDocument): x is ReadDocument {
  return typeof x === 'object' && x !== null && 'root' in x && x.root instanceof XmlElement && x.text instanceof DecodedXml;
}

/**
 * Reads the document for validation: its text and root, or the reader's error as one finding (never throws on bad input).
 * @example
 * ```ts
 * import { readForValidation } from '@kontor/cii/rules';
 * const r = readForValidation(bytes, { limits: { maxBytes: 5_000_000 } });
 * if ('unreadable' in r) console.log(r.unreadable.code); else console.log(r.root.local); // 'CrossIndustryInvoice'
 * ```
 */
export function readForValidation(xml: XmlInput | DecodedXml | ReadDocument, opts: { limits?: Partial<XmlLimits> }): ReadDocument | { unreadable: RuleFinding } {
  // Read already (verify reads the document once for its profile, then validates that reading).
  if (isReadDocument(xml)) return xml;
  try {
    // Decoded once, in pieces (DecodedXml): the tree below and the XSD step read the same text.
    const text = decodeXmlInput(xml, opts.limits?.maxBytes ?? 50 * 1024 * 1024);
    const { root, elementCount } = parseXml(text, opts.limits ?? {});
    return { text, root, elementCount };
  } catch (e) {
    if (!(e instanceof KontorXmlError)) throw e;
    const f: RuleFinding = { code: e.code, severity: 'error', message: e.message, ruleset: 'xsd' };
    if (e.location) {
      f.line = e.location.line;
      f.column = e.location.column;
    }
    return { unreadable: f };
  }
}

/**
 * The XSD step of a native validation (CII here, UBL in @kontor/ubl): the report, with its notes pushed to `notes`.
 * @example
 * ```ts
 * import { xsdStep } from '@kontor/cii/rules';
 * const notes: string[] = [];
 * const xsd = xsdStep({ schemaStore }, 'cii-d16b', 'CII D16B', text, notes);
 * console.log(xsd.available, xsd.valid); // true true — or available: false with a note when the set is missing
 * ```
 */
export function xsdStep(
  opts: { schemaStore?: SchemaStore; limits?: Partial<XmlLimits>; lang?: Lang | undefined },
  setId: string,
  label: string,
  text: XmlInput | DecodedXml,
  notes: string[],
): CiiXsdReport {
  const lang = opts.lang ?? 'en';
  let xsd: CiiXsdReport;
  if (opts.schemaStore) {
    const r = opts.schemaStore.validate(setId, text, opts.limits?.maxBytes !== undefined ? { maxBytes: opts.limits.maxBytes } : {});
    xsd = { available: r.available, valid: r.valid, findings: r.findings };
    if (r.truncated) {
      xsd.errorCount = r.errorCount;
      xsd.truncated = true;
      notes.push(noteText('NOTE.XSD_TRUNCATED', lang, { errors: r.errorCount, listed: r.findings.length }));
    }
    if (r.note) xsd.note = r.note;
  } else {
    xsd = { available: false, valid: null, findings: [], note: noSchemaStoreNote(lang, label) };
  }
  if (!xsd.available) notes.push(xsd.note ?? noteText('NOTE.XSD_SET_UNAVAILABLE', lang, { set: setId }));
  return xsd;
}

/**
 * Validates a CII document (EN 16931, optionally XRechnung) natively. Never throws on bad input.
 * @example
 * ```ts
 * const r = validateCii(await readFile('xrechnung.xml'), { profile: 'auto', lang: 'de' });
 * console.log(r.verdict); // 'valid' | 'valid_with_warnings' | 'invalid'
 * for (const f of r.findings) console.log(f.code, f.line, f.message); // e.g. BR-CO-13
 * ```
 */
export function validateCii(xml: XmlInput | DecodedXml | ReadDocument, opts: ValidateCiiOptions = {}): CiiValidationResult {
  const requested = opts.profile ?? 'auto';
  const notes: string[] = [];
  const read = readForValidation(xml, opts);
  if ('unreadable' in read) {
    return {
      verdict: 'invalid',
      profile: requested === 'xrechnung' ? 'xrechnung' : 'en16931',
      findings: [read.unreadable],
      xsd: { available: !!opts.schemaStore, valid: opts.schemaStore ? false : null, findings: [] },
      rulesets: [],
      notes: [noteText('NOTE.UNREADABLE', opts.lang ?? 'en')],
    };
  }

  // 1. XSD first.
  const { text, root, elementCount } = read;
  const xsd = xsdStep(opts, 'cii-d16b', 'CII D16B', text, notes);

  // 2. Profile.
  const doc = readCiiDoc(root, elementCount);
  const bt24 = doc.specificationId;
  const profile: 'en16931' | 'xrechnung' = requested === 'auto' ? (isXRechnungSpecification(bt24) ? 'xrechnung' : 'en16931') : requested;
  const sn = specificationNote(bt24, profile, opts.lang ?? 'en');
  if (sn) notes.push(sn);
  if (xsd.valid === false) notes.push(noteText('NOTE.XSD_INVALID', opts.lang ?? 'en'));

  // 3. Rules.
  const rules = profile === 'xrechnung' ? XRECHNUNG_PROFILE_RULES : en16931Rules;
  const findings: RuleFinding[] = xsd.findings.map((x) => {
    const f: RuleFinding = { code: x.code === 'XSD' ? 'XSD_INVALID' : x.code, severity: x.severity, message: x.message, ruleset: 'xsd' };
    if (x.line !== undefined) f.line = x.line;
    if (x.column !== undefined) f.column = x.column;
    return f;
  });
  // A loop, not push(...): an invoice with many lines can yield more findings than fit on the call stack.
  for (const f of runRules(rules, doc, { xsdValid: xsd.valid, lang: opts.lang })) findings.push(f);

  const rulesets = [rulesetInfo.en16931];
  if (profile === 'xrechnung') rulesets.push(rulesetInfo.xrechnung);

  // 4. Verdict.
  const result: CiiValidationResult = { verdict: 'valid', profile, findings, xsd, rulesets, notes };
  if (bt24 !== undefined) result.specificationId = bt24;
  if (profile === 'xrechnung') {
    const k = kositVerdict(bt24, xsd.valid, findings, true);
    const skipped = findings.filter((f) => f.code === 'RULE_NOT_EVALUATED' || f.code === 'RULE_ENGINE_ERROR');
    if (skipped.length && k.scenario) {
      k.errors = [...new Set([...k.errors, ...skipped.map((f) => f.code)])].sort();
      k.accept = false;
    }
    result.kosit = k;
    result.verdict = acceptedVerdict(k.accept, findings);
  } else {
    result.verdict = xsd.valid === false ? 'invalid' : verdictOf(findings);
  }
  return result;
}

/**
 * The verdict of a KoSIT-style decision: rejected → invalid; accepted → valid_with_warnings when any finding above
 * info remains (a warning, or an error the scenario lowered), else valid. Shared by the CII and UBL validators.
 * @example
 * ```ts
 * import { acceptedVerdict } from '@kontor/cii/rules';
 * acceptedVerdict(true, [{ severity: 'warning' }]); // 'valid_with_warnings'
 * acceptedVerdict(false, []);                       // 'invalid'
 * ```
 */
export function acceptedVerdict(accept: boolean, findings: readonly { severity: Severity }[]): Verdict {
  if (!accept) return 'invalid';
  return verdictOf(findings) === 'valid' ? 'valid' : 'valid_with_warnings';
}
