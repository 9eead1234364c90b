/**
 * validatePain001: the validation result of spec §2.6 (without the billing object, which the service adds):
 * profile detection, read-model summary, rule findings, XSD check against the schema store, verdict.
 */
import Big from 'big.js';
import { xmlInputToText, KontorXmlError, findSchemaSet, type SchemaStore, type XsdFinding, type XsdCheck, type XsdCheckFinding } from '@kontor/xml';
import { Pain001Error, type PaymentIssue } from '../errors';
import type { Profile } from '../model/run';
import { detectProfile } from './detect';
import { readPain001, type Pain001Limits } from './read';
import { sharedXsdPass, type SharedXsdPass } from './xsd-pass';
import { checkPain001 } from './rules';
import type { Pain001ReadModel } from './model';

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

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

export type Verdict = 'valid' | 'valid_with_warnings' | 'invalid';

export interface Pain001ValidationResult {
  message: 'pain.001';
  version: '09' | '03';
  namespace: string;
  profile: Profile;
  profileSource: 'detected' | 'requested';
  profileReasons: string[];
  summary: ValidationSummary;
  findings: PaymentIssue[];
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
}

/** Schema set the file is checked against: DK GBIC_5 for SCT .09, ISO .09 for AXZ (no public DK AXZ XSD), ISO .03 for .03. */
export function schemaSetFor(version: '09' | '03', profile: Profile): string {
  if (version === '03') return 'iso:pain.001.001.03';
  return profile === 'sct' ? 'dk:pain.001.001.09_GBIC_5' : 'iso:pain.001.001.09';
}

const XSD_PATTERNS: [RegExp, string, string][] = [
  [/\[facet 'pattern'\]/, 'XSD_PATTERN', 'Wert entspricht nicht dem vorgeschriebenen Muster'],
  [/\[facet 'maxLength'\]/, 'XSD_MAX_LENGTH', 'Wert ist zu lang'],
  [/\[facet 'minLength'\]/, 'XSD_MIN_LENGTH', 'Wert ist zu kurz oder leer'],
  [/\[facet 'enumeration'\]/, 'XSD_ENUMERATION', 'Wert ist nicht zulässig'],
  [/\[facet 'minInclusive'\]/, 'XSD_MIN_INCLUSIVE', 'Wert ist kleiner als erlaubt'],
  [/\[facet 'maxInclusive'\]/, 'XSD_MAX_INCLUSIVE', 'Wert ist größer als erlaubt'],
  [/\[facet 'fractionDigits'\]/, 'XSD_FRACTION_DIGITS', 'zu viele Nachkommastellen'],
  [/\[facet 'totalDigits'\]/, 'XSD_TOTAL_DIGITS', 'zu viele Stellen'],
  [/This element is not expected/, 'XSD_UNEXPECTED_ELEMENT', 'Element an dieser Stelle nicht erlaubt'],
  [/Missing child element/, 'XSD_MISSING_ELEMENT', 'Pflichtelement fehlt'],
  [/No matching global declaration/, 'XSD_ROOT_UNKNOWN', 'Wurzelelement passt nicht zum Schema'],
  [/is not a valid value of the (atomic|local atomic|list|union) type/, 'XSD_VALUE_INVALID', 'Wert hat nicht den vorgeschriebenen Datentyp'],
  [/Character content other than whitespace/, 'XSD_TEXT_NOT_ALLOWED', 'Text an dieser Stelle nicht erlaubt'],
  [/attribute .* is required|The attribute '.*' is required/, 'XSD_ATTRIBUTE_MISSING', 'Pflichtattribut fehlt'],
];

function xsdFinding(f: XsdFinding): XsdCheckFinding {
  const element = /Element '(?:\{[^}]*\})?([^']+)'/.exec(f.message)?.[1];
  let code = f.code === 'XSD' ? 'XSD' : f.code;
  let german = f.code.startsWith('XML_') ? 'XML nicht wohlgeformt' : 'Schemaverletzung';
  if (f.code === 'XSD') {
    for (const [re, c, g] of XSD_PATTERNS) {
      if (re.test(f.message)) {
        code = c;
        german = `Schemaverletzung: ${g}`;
        break;
      }
    }
  }
  const where = f.line !== null ? ` (Zeile ${f.line}${f.column ? `, Spalte ${f.column}` : ''})` : '';
  return {
    code,
    severity: f.severity === 'warning' ? 'warning' : 'error',
    message: `${german}${element ? ` bei ${element}` : ''}${where}: ${f.message}`,
    line: f.line,
    column: f.line !== null && f.column ? f.column : null,
    location: element ?? null,
  };
}

/** The ruleset label of the spec's xsd object for a schema set id. */
export function rulesetLabel(setId: string): string {
  const m = /^(dk|iso):pain\.001\.001\.(\d\d)(?:_GBIC_(\d))?$/.exec(setId);
  if (!m) return setId;
  return m[1] === 'dk' ? `dk.gbic${m[3] ?? ''}:pain001:${m[2]}` : `iso.20022:pain001:${m[2]}`;
}

function runXsd(store: SchemaStore | undefined, setId: string, text: string, maxFindings: number, shared?: SharedXsdPass): XsdCheck {
  const title = findSchemaSet(setId)?.title;
  const base = { ruleset: rulesetLabel(setId), schemaSet: setId, ...(title ? { title } : {}), errorCount: 0, warningCount: 0, findings: [] as XsdCheckFinding[] };
  if (!store) return { available: false, ...base, verdict: 'not_checked', note: 'Kein Schema-Speicher konfiguriert; das Ergebnis beruht nur auf den Regeln.' };
  // Validated in the reader pass when the store does this set natively; otherwise (or when the native path declined) here.
  const r = shared?.result(setId) ?? store.validate(setId, text, { maxBytes: Number.MAX_SAFE_INTEGER, maxFindings });
  if (!r.available) return { available: false, ...base, verdict: 'not_checked', note: `Schema ${setId} ist nicht installiert; das Ergebnis beruht nur auf den Regeln. ${r.note ?? ''}`.trim() };
  // The store keeps the first maxFindings diagnostics and counts all of them.
  const findings = r.findings.map(xsdFinding);
  const { errorCount, warningCount } = r;
  const dropped = errorCount + warningCount - findings.length;
  return {
    available: true,
    ...base,
    valid: r.valid === true,
    verdict: r.valid ? 'valid' : 'invalid',
    errorCount,
    warningCount,
    findings,
    ...(r.truncated ? { truncated: true, note: `${dropped} weitere Schemameldungen ausgelassen` } : {}),
  };
}

function dp(b: Big): number {
  return Math.max(0, b.c.length - b.e - 1);
}
const fmt = (b: Big) => b.toFixed(Math.max(2, dp(b)));

export function summarize(m: Pain001ReadModel): ValidationSummary {
  let payments = 0;
  let sum = new Big(0);
  const cur = new Map<string, { payments: number; total: Big }>();
  const dates = new Set<string>();
  for (const b of m.paymentBlocks) {
    if (b.executionDate) dates.add(b.executionDate);
    for (const t of b.transactions) {
      payments++;
      const ok = t.amount !== undefined && /^\d+(\.\d+)?$/.test(t.amount);
      const a = ok ? new Big(t.amount!) : new Big(0);
      sum = sum.plus(a);
      const key = t.currency ?? '';
      const e = cur.get(key) ?? { payments: 0, total: new Big(0) };
      e.payments++;
      e.total = e.total.plus(a);
      cur.set(key, e);
    }
  }
  const g = m.groupHeader;
  const declared = g?.numberOfTransactions !== undefined && /^\d{1,15}$/.test(g.numberOfTransactions) ? Number(g.numberOfTransactions) : null;
  return {
    payments,
    declaredPayments: declared,
    controlSum: fmt(sum),
    declaredControlSum: g?.controlSum ?? null,
    currencies: [...cur.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, e]) => ({ currency, payments: e.payments, total: fmt(e.total) })),
    executionDates: [...dates].sort(),
    paymentBlocks: m.paymentBlocks.length,
    messageId: g?.messageId ?? null,
    createdAt: g?.createdAt ?? null,
  };
}

/** Validates a pain.001 file (.001.09 or .001.03). Throws Pain001Error for input that is not a supported pain.001. */
export async function validatePain001(input: string | Uint8Array, opts: ValidateOptions = {}): Promise<Pain001ValidationResult> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxFindings = opts.maxFindings ?? 1000;
  if (opts.profile !== undefined && !['auto', 'sct', 'axz'].includes(opts.profile)) throw new Pain001Error('INVALID_ARGUMENT', `profile must be auto, sct or axz: ${String(opts.profile)}`);
  let text: string;
  try {
    text = xmlInputToText(input, maxBytes);
  } catch (e) {
    if (e instanceof KontorXmlError) {
      if (e.code === 'XML_TOO_LARGE') throw new Pain001Error('INPUT_TOO_LARGE', `Die Datei ist größer als ${maxBytes} Bytes`);
      throw new Pain001Error('NOT_XML', `Die Datei ist kein lesbares XML: ${e.message}`);
    }
    throw e;
  }
  // One pass over the file: the rules' streaming read also feeds the native XSD validation (when the store has one).
  const pass = opts.schemaStore ? sharedXsdPass(opts.schemaStore, { requested: opts.profile && opts.profile !== 'auto' ? opts.profile : undefined, schemaSet: opts.schemaSet, maxFindings, setFor: schemaSetFor }) : undefined;
  const model = await readPain001(text, { maxBytes, ...(opts.limits ? { limits: opts.limits } : {}), ...(pass ? { tap: pass.tap } : {}) });
  const requested = opts.profile && opts.profile !== 'auto' ? opts.profile : undefined;
  const detection = requested ? { profile: requested, reasons: ['Profil wurde vorgegeben'] } : detectProfile(model);
  const profile = detection.profile;
  const findings: PaymentIssue[] = [];
  if (model.malformed) {
    // Reader limits (depth, elements, attributes per element) keep their own code: the file may be well-formed.
    const limit = /^XML_TOO_/.test(model.malformed.code);
    findings.push({
      code: limit ? model.malformed.code : 'XML_MALFORMED',
      severity: 'error',
      message: limit
        ? `Die Datei überschreitet eine Grenze des XML-Lesers und wurde nur bis dorthin gelesen: ${model.malformed.message}`
        : `Die Datei ist kein wohlgeformtes XML (abgebrochen oder beschädigt): ${model.malformed.message}`,
      path: '',
      ...(model.malformed.location ? { location: model.malformed.location } : {}),
    });
  }
  const rules = checkPain001(model, profile);
  for (let i = 0; i < rules.length && i < maxFindings; i++) findings.push(rules[i]!);
  if (rules.length > maxFindings) findings.push({ code: 'FINDINGS_TRUNCATED', severity: 'info', message: `${rules.length - maxFindings} weitere Regelbefunde ausgelassen`, path: '' });

  let setId = schemaSetFor(model.version, profile);
  if (opts.schemaSet) {
    const def = findSchemaSet(opts.schemaSet);
    if (!def || def.namespace !== model.namespace) throw new Pain001Error('INVALID_ARGUMENT', `Schema set ${opts.schemaSet} does not target ${model.namespace}`);
    setId = opts.schemaSet;
  }
  const xsd = runXsd(opts.schemaStore, setId, text, maxFindings, model.malformed ? undefined : pass);
  const hasError = findings.some((f) => f.severity === 'error') || xsd.valid === false;
  const hasWarning = findings.some((f) => f.severity === 'warning') || xsd.warningCount > 0;
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
    verdict: hasError ? 'invalid' : hasWarning ? 'valid_with_warnings' : 'valid',
    schemaChecked: xsd.available,
  };
}

/** One German sentence for the `summary` string of the service response. */
export function describeValidation(r: Pain001ValidationResult, filename?: string): string {
  const name = filename ? `${filename}: ` : '';
  const cur = r.summary.currencies.map((c) => `${c.total} ${c.currency || '(ohne Währung)'}`).join(', ') || 'keine Beträge';
  const verdict = r.verdict === 'valid' ? 'gültig' : r.verdict === 'valid_with_warnings' ? 'gültig mit Hinweisen' : 'ungültig';
  const errors = r.findings.filter((f) => f.severity === 'error').length + r.xsd.errorCount;
  const schema = r.xsd.available ? `Schema ${r.xsd.schemaSet} ${r.xsd.valid ? 'erfüllt' : 'verletzt'}` : 'Schema nicht geprüft';
  return `${name}pain.001.001.${r.version} (${r.profile.toUpperCase()}), ${r.summary.payments} Zahlung(en) in ${r.summary.paymentBlocks} Block/Blöcken, ${cur}; ${schema}; ${verdict}${errors ? ` (${errors} Fehler)` : ''}.`;
}
