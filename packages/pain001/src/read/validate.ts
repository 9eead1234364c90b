/**
 * validatePain001: the validation result of spec §2.6 (without the billing object, which the service adds):
 * profile detection, read-model summary, rule findings, XSD check against the schema store, verdict.
 */
import { xmlInputToText, KontorXmlError, findSchemaSet, verdictOf, xsdVerdict, type Finding, type Lang, type SchemaStore, type XsdFinding, type XsdCheck, type XsdCheckFinding } from '@kontor/xml';
import { Pain001Error } from '../errors';
import { sayer, type Pain001MessageKey, type Say } from '../messages';
import type { Profile } from '../model/run';
import { detectProfile } from './detect';
import { readModel, type Pain001Limits } from './read';
import { sharedXsdPass, type SharedXsdPass } from './xsd-pass';
import { checkPain001 } from './rules';
import { DecimalSum, decimalHundredths } from './decimal-sum';

import type { Pain001ReadModel } from './model';

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
/** Files of at least this many characters (~3,000 payments) are read with positions as integers (see validatePain001). */
const PACKED_POSITIONS_FROM = 1024 * 1024;

export type { XsdCheck, XsdCheckFinding } from '@kontor/xml';

export interface ValidationSummary {
  payments: number;
  declaredPayments: number | null;
  controlSum: string;
  declaredControlSum: string | null;
  currencies: { currency: string; payments: number; total: string }[];
  executionDates: string[];
  paymentBlocks: number;
  messageId: string | null;
  createdAt: string | null;
}

export type { Verdict } from '@kontor/xml';
import type { Verdict } from '@kontor/xml';

export interface Pain001ValidationResult {
  message: 'pain.001';
  version: '09' | '03';
  namespace: string;
  profile: Profile;
  profileSource: 'detected' | 'requested';
  profileReasons: string[];
  summary: ValidationSummary;
  findings: Finding[];
  xsd: XsdCheck;
  verdict: Verdict;
  schemaChecked: boolean;
}

export interface ValidateOptions {
  /** auto (default) detects SCT/AXZ; sct or axz applies that profile's rules and schema. */
  profile?: 'auto' | Profile;
  schemaStore?: SchemaStore;
  /** Override of the schema set (must target the file's namespace). */
  schemaSet?: string;
  /** Upper bound for the input (default 10 MB, spec §8). */
  maxBytes?: number;
  /** Cap for rule and XSD findings each (default 1000); an info finding says when more were dropped. */
  maxFindings?: number;
  /** Structural limits (payment blocks, transactions); defaults: defaultPain001Limits. */
  limits?: Partial<Pain001Limits>;
  /** Language of findings, notes and profile reasons (default de, spec §2.6). */
  lang?: Lang | undefined;
}

/**
 * Schema set the file is checked against: DK GBIC_5 for SCT .09, ISO .09 for AXZ (no public DK AXZ XSD), ISO .03 for .03.
 * @example
 * ```ts
 * schemaSetFor('09', 'sct'); // 'dk:pain.001.001.09_GBIC_5'
 * schemaSetFor('03', 'sct'); // 'iso:pain.001.001.03'
 * ```
 */
export function schemaSetFor(version: '09' | '03', profile: Profile): string {
  if (version === '03') return 'iso:pain.001.001.03';
  return profile === 'sct' ? 'dk:pain.001.001.09_GBIC_5' : 'iso:pain.001.001.09';
}

/** libxml2 diagnostics → our stable code; the code is also the catalogue key of its text. */
const XSD_PATTERNS: [RegExp, Pain001MessageKey][] = [
  [/\[facet 'pattern'\]/, 'XSD_PATTERN'],
  [/\[facet 'maxLength'\]/, 'XSD_MAX_LENGTH'],
  [/\[facet 'minLength'\]/, 'XSD_MIN_LENGTH'],
  [/\[facet 'enumeration'\]/, 'XSD_ENUMERATION'],
  [/\[facet 'minInclusive'\]/, 'XSD_MIN_INCLUSIVE'],
  [/\[facet 'maxInclusive'\]/, 'XSD_MAX_INCLUSIVE'],
  [/\[facet 'fractionDigits'\]/, 'XSD_FRACTION_DIGITS'],
  [/\[facet 'totalDigits'\]/, 'XSD_TOTAL_DIGITS'],
  [/This element is not expected/, 'XSD_UNEXPECTED_ELEMENT'],
  [/Missing child element/, 'XSD_MISSING_ELEMENT'],
  [/No matching global declaration/, 'XSD_ROOT_UNKNOWN'],
  [/is not a valid value of the (atomic|local atomic|list|union) type/, 'XSD_VALUE_INVALID'],
  [/Character content other than whitespace/, 'XSD_TEXT_NOT_ALLOWED'],
  [/attribute .* is required|The attribute '.*' is required/, 'XSD_ATTRIBUTE_MISSING'],
];

function xsdFinding(f: XsdFinding, say: Say): XsdCheckFinding {
  const element = /Element '(?:\{[^}]*\})?([^']+)'/.exec(f.message)?.[1];
  let code = f.code === 'XSD' ? 'XSD' : f.code;
  let what: Pain001MessageKey = f.code.startsWith('XML_') ? 'XSD_XML' : 'XSD';
  if (f.code === 'XSD') {
    for (const [re, c] of XSD_PATTERNS) {
      if (re.test(f.message)) {
        code = what = c;
        break;
      }
    }
  }
  // libxml2 reports no column for validity errors (0), like xmllint.
  const column = f.line !== undefined && f.column ? f.column : undefined;
  const where = f.line === undefined ? '' : column ? say('AT_LINE_COLUMN', { line: f.line, column }) : say('AT_LINE', { line: f.line });
  return {
    code,
    severity: f.severity === 'warning' ? 'warning' : 'error',
    message: say('XSD_FINDING', { what: say(what), element: element ? say('AT_ELEMENT', { element }) : '', where, detail: f.message }),
    ...(f.line !== null ? { line: f.line } : {}),
    ...(column ? { column } : {}),
    ...(element ? { path: element } : {}),
  };
}

/**
 * The ruleset label of the spec's xsd object for a schema set id.
 * @example
 * ```ts
 * rulesetLabel(schemaSetFor('09', 'sct')); // 'dk.gbic5:pain001:09'
 * ```
 */
export function rulesetLabel(setId: string): string {
  const m = /^(dk|iso):pain\.001\.001\.(\d\d)(?:_GBIC_(\d))?$/.exec(setId);
  if (!m) return setId;
  return m[1] === 'dk' ? `dk.gbic${m[3] ?? ''}:pain001:${m[2]}` : `iso.20022:pain001:${m[2]}`;
}

async function runXsd(store: SchemaStore | undefined, setId: string, text: string, maxFindings: number, say: Say, shared?: Pick<SharedXsdPass, 'result'>): Promise<XsdCheck> {
  const title = findSchemaSet(setId)?.title;
  const base = { ruleset: rulesetLabel(setId), schemaSet: setId, ...(title ? { title } : {}), errorCount: 0, warningCount: 0, findings: [] as XsdCheckFinding[] };
  if (!store) return { available: false, ...base, verdict: 'not_checked', note: say('XSD_NO_STORE') };
  // Validated in the reader pass when the store does this set natively; otherwise (or when the native path declined) here.
  // (validateAsync: libxml2-wasm is loaded only when this document needs it, e.g. not well-formed.)
  const r = shared?.result(setId) ?? (await store.validateAsync(setId, text, { maxBytes: Number.MAX_SAFE_INTEGER, maxFindings }));
  if (!r.available) return { available: false, ...base, verdict: 'not_checked', note: say('XSD_NOT_INSTALLED', { schemaSet: setId, note: r.note ?? '' }).trim() };
  // The store keeps the first maxFindings diagnostics and counts all of them.
  const findings = r.findings.map((f) => xsdFinding(f, say));
  const { errorCount, warningCount } = r;
  const dropped = errorCount + warningCount - findings.length;
  return {
    available: true,
    ...base,
    valid: r.valid === true,
    verdict: xsdVerdict({ valid: r.valid === true, warningCount }),
    errorCount,
    warningCount,
    findings,
    ...(r.truncated ? { truncated: true, note: say('XSD_TRUNCATED', { dropped }) } : {}),
  };
}

/**
 * @example
 * ```ts
 * const model = await readPain001(text);
 * const s = summarize(model);
 * console.log(s.payments, s.controlSum, s.currencies); // 3 '1234.50' [{ currency: 'EUR', payments: 3, total: '1234.50' }]
 * ```
 */
export function summarize(m: Pain001ReadModel): ValidationSummary {
  let payments = 0;
  const sum = new DecimalSum();
  const cur = new Map<string, { payments: number; total: DecimalSum }>();
  const dates = new Set<string>();
  // The currency of the payment before (payments of a file mostly share one) and its entry.
  let lastKey: string | undefined;
  let e: { payments: number; total: DecimalSum } | undefined;
  for (const b of m.paymentBlocks) {
    if (b.executionDate) dates.add(b.executionDate);
    for (const t of b.transactions) {
      payments++;
      const amount = t.amount;
      // Hundredths once for both sums (the common form), else the literal (big.js) — a non-decimal counts as 0.
      const dh = amount !== undefined ? decimalHundredths(amount) : 0;
      const h = dh === -2 ? 0 : dh;
      const key = t.currency ?? '';
      if (key !== lastKey || e === undefined) {
        e = cur.get(key);
        if (e === undefined) {
          e = { payments: 0, total: new DecimalSum() };
          cur.set(key, e);
        }
        lastKey = key;
      }
      e.payments++;
      if (h >= 0) {
        sum.addHundredths(h);
        e.total.addHundredths(h);
      } else {
        sum.add(amount!);
        e.total.add(amount!);
      }
    }
  }
  const g = m.groupHeader;
  const declared = g?.numberOfTransactions !== undefined && /^\d{1,15}$/.test(g.numberOfTransactions) ? Number(g.numberOfTransactions) : null;
  return {
    payments,
    declaredPayments: declared,
    controlSum: sum.format(),
    declaredControlSum: g?.controlSum ?? null,
    currencies: [...cur.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, e]) => ({ currency, payments: e.payments, total: e.total.format() })),
    executionDates: [...dates].sort(),
    paymentBlocks: m.paymentBlocks.length,
    messageId: g?.messageId ?? null,
    createdAt: g?.createdAt ?? null,
  };
}

/**
 * Validates a pain.001 file (.001.09 or .001.03). Throws Pain001Error for input that is not a supported pain.001.
 * @example
 * ```ts
 * const r = await validatePain001(await readFile('payments.xml'), { schemaStore });
 * console.log(r.verdict, r.profile, r.summary.payments); // 'valid' 'sct' 12
 * for (const f of r.findings) console.log(f.code, f.line, f.message);
 * ```
 */
export async function validatePain001(input: string | Uint8Array, opts: ValidateOptions = {}): Promise<Pain001ValidationResult> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxFindings = opts.maxFindings ?? 1000;
  const lang = opts.lang ?? 'de';
  const say = sayer(lang);
  if (opts.profile !== undefined && !['auto', 'sct', 'axz'].includes(opts.profile)) throw new Pain001Error('INVALID_ARGUMENT', `profile must be auto, sct or axz: ${String(opts.profile)}`);
  let text: string;
  try {
    text = xmlInputToText(input, maxBytes);
  } catch (e) {
    if (e instanceof KontorXmlError) {
      if (e.code === 'XML_TOO_LARGE') throw new Pain001Error('INPUT_TOO_LARGE', say('E_TOO_LARGE', { max: maxBytes }));
      throw new Pain001Error('NOT_XML', say('E_NOT_XML', { detail: e.message }));
    }
    throw e;
  }
  // One pass over the file: the rules' streaming read also feeds the native XSD validation (when the store has one).
  const pass = opts.schemaStore
    ? sharedXsdPass(opts.schemaStore, { requested: opts.profile && opts.profile !== 'auto' ? opts.profile : undefined, schemaSet: opts.schemaSet, maxFindings, setFor: schemaSetFor })
    : undefined;
  // This model only meets the rules, which decode a position for a finding: in a large file its positions are small
  // integers (position.ts; no position objects for the garbage collector to copy while the file is read). Small files
  // keep objects: measured, integers paid only from some thousand payments on and slowed a process's first calls.
  const packed = text.length >= PACKED_POSITIONS_FROM;
  const model = await readModel(text, { maxBytes, lang, ...(opts.limits ? { limits: opts.limits } : {}), ...(pass ? { tapFor: pass.tapFor } : {}) }, packed);
  return assessPain001(model, text, opts, pass);
}

/**
 * validatePain001 after its read: profile, rules, schema result, verdict and summary of a read model. `shared` holds
 * the schema results of the read pass (when the store validated natively in it); a set without one is validated on
 * `text`. Also the generation gate's last step (write/gate.ts), which builds the model and the native schema result
 * from the writer's own events instead of reading the file it has just written.
 */
export async function assessPain001(model: Pain001ReadModel, text: string, opts: ValidateOptions, shared?: Pick<SharedXsdPass, 'result'>): Promise<Pain001ValidationResult> {
  const maxFindings = opts.maxFindings ?? 1000;
  const lang = opts.lang ?? 'de';
  const say = sayer(lang);
  const requested = opts.profile && opts.profile !== 'auto' ? opts.profile : undefined;
  const detection = requested ? { profile: requested, reasons: [say('PROFILE_REQUESTED')] } : detectProfile(model, lang);
  const profile = detection.profile;
  const findings: Finding[] = [];
  if (model.malformed) {
    // Reader limits (depth, elements, attributes per element) keep their own code: the file may be well-formed.
    const limit = /^XML_TOO_/.test(model.malformed.code);
    findings.push({
      code: limit ? model.malformed.code : 'XML_MALFORMED',
      severity: 'error',
      message: say(limit ? 'XML_LIMIT' : 'XML_MALFORMED', { detail: model.malformed.message }),
      path: '',
      ...(model.malformed.location ? { line: model.malformed.location.line, column: model.malformed.location.column } : {}),
    });
  }
  const rules = checkPain001(model, profile, lang);
  for (let i = 0; i < rules.length && i < maxFindings; i++) findings.push(rules[i]!);
  if (rules.length > maxFindings) findings.push({ code: 'FINDINGS_TRUNCATED', severity: 'info', message: say('FINDINGS_TRUNCATED', { count: rules.length - maxFindings }), path: '' });

  let setId = schemaSetFor(model.version, profile);
  if (opts.schemaSet) {
    const def = findSchemaSet(opts.schemaSet);
    if (!def || def.namespace !== model.namespace) throw new Pain001Error('INVALID_ARGUMENT', `Schema set ${opts.schemaSet} does not target ${model.namespace}`);
    setId = opts.schemaSet;
  }
  const xsd = await runXsd(opts.schemaStore, setId, text, maxFindings, say, model.malformed ? undefined : shared);
  // Rule findings and schema diagnostics together; the schema counts stand for diagnostics beyond xsd.findings.
  const verdict = verdictOf([...findings, ...(xsd.valid === false ? [{ severity: 'error' as const }] : []), ...(xsd.warningCount > 0 ? [{ severity: 'warning' as const }] : [])]);
  return {
    message: 'pain.001',
    version: model.version,
    namespace: model.namespace,
    profile,
    profileSource: requested ? 'requested' : 'detected',
    profileReasons: detection.reasons,
    summary: summarize(model),
    findings,
    xsd,
    verdict,
    schemaChecked: xsd.available,
  };
}

const VERDICT_KEYS = { valid: 'VERDICT_VALID', valid_with_warnings: 'VERDICT_VALID_WITH_WARNINGS', invalid: 'VERDICT_INVALID' } as const;

/**
 * One sentence (German by default, English on request) for the `summary` string of the service response.
 * @example
 * ```ts
 * const r = await validatePain001(bytes);
 * console.log(describeValidation(r, 'payments.xml', 'de')); // a short report for humans (CLI output)
 * ```
 */
export function describeValidation(r: Pain001ValidationResult, filename?: string, lang: Lang = 'de'): string {
  const say = sayer(lang);
  const cur = r.summary.currencies.map((c) => `${c.total} ${c.currency || say('NO_CURRENCY')}`).join(', ') || say('NO_AMOUNTS');
  const errors = r.findings.filter((f) => f.severity === 'error').length + r.xsd.errorCount;
  const schema = r.xsd.available ? say(r.xsd.valid ? 'SCHEMA_MET' : 'SCHEMA_VIOLATED', { schemaSet: r.xsd.schemaSet }) : say('SCHEMA_NOT_CHECKED');
  return say('SUMMARY', {
    name: filename ? `${filename}: ` : '',
    version: r.version,
    profile: r.profile.toUpperCase(),
    payments: r.summary.payments,
    blocks: r.summary.paymentBlocks,
    amounts: cur,
    schema,
    verdict: say(VERDICT_KEYS[r.verdict]),
    errors: errors ? say('ERROR_COUNT', { count: errors }) : '',
  });
}
