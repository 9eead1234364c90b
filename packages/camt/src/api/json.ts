/**
 * The JSON edge: the model keeps decimals as strings; the spec wants money and quantities as JSON numbers.
 * Conversion happens here, by field name, for exactly the decimal fields of the model; the xsd objects get the spec's
 * null positions (xsdCheckToJson). Also the one-line summaries (de/en) that accompany a result.
 */
import { xsdCheckToJson, type Lang, type XsdCheckJson } from '@kontor/xml';
import type { StatementParseResult, StatementValidationResult, ValidatedFile } from '../model/types';
import { sayer, type CamtMessageKey, type Say } from '../messages';

/** Every model field that holds a DecimalString. */
export const DECIMAL_FIELDS: ReadonlySet<string> = new Set(['amount', 'sum', 'net', 'bookedNet', 'volume', 'rate', 'waived', 'tax', 'gross', 'value']);

type DecimalKey = 'amount' | 'sum' | 'net' | 'bookedNet' | 'volume' | 'rate' | 'waived' | 'tax' | 'gross' | 'value';

/** The model with every DecimalString field replaced by number (type level). */
export type Jsonified<T> = T extends (infer U)[]
  ? Jsonified<U>[]
  : T extends object
    ? { [K in keyof T]: K extends DecimalKey ? (NonNullable<T[K]> extends string ? number | Extract<T[K], undefined> : Jsonified<T[K]>) : Jsonified<T[K]> }
    : T;

function convert(value: unknown, key: string | undefined): unknown {
  if (typeof value === 'string') return key !== undefined && DECIMAL_FIELDS.has(key) ? Number(value) : value;
  if (Array.isArray(value)) return value.map((v) => convert(v, undefined));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = convert(v, k);
    return out;
  }
  return value;
}

/**
 * Parse result as the JSON of spec §2.8 (decimals as numbers).
 * @example
 * ```ts
 * const json = parseResultToJson(await parseStatements(bytes));
 * res.json(json); // amounts as decimal strings, dates as YYYY-MM-DD
 * ```
 */
export function parseResultToJson(result: StatementParseResult): Jsonified<StatementParseResult> {
  return convert(result, undefined) as Jsonified<StatementParseResult>;
}

/** The validation result in its JSON shape: xsd findings with null positions (spec §2.6/2.7). */
export type StatementValidationJson = Omit<StatementValidationResult, 'files'> & { files: (Omit<ValidatedFile, 'xsd'> & { xsd: XsdCheckJson })[] };

/**
 * Validation result as JSON (it carries no amounts): drops undefined fields, xsd findings get null positions.
 * @example
 * ```ts
 * const body = validationResultToJson(await validateStatements(bytes));
 * console.log(JSON.stringify(body.verdict)); // "valid"
 * ```
 */
export function validationResultToJson(result: StatementValidationResult): StatementValidationJson {
  const json = convert(result, undefined) as StatementValidationResult;
  return { ...json, files: json.files.map((f) => ({ ...f, xsd: xsdCheckToJson(f.xsd) })) };
}

const verdictKey = { valid: 'VERDICT_VALID', valid_with_warnings: 'VERDICT_VALID_WITH_WARNINGS', invalid: 'VERDICT_INVALID' } as const;

function plural(say: Say, n: number, one: CamtMessageKey, many: CamtMessageKey): string {
  return say(n === 1 ? one : many, { n });
}

/**
 * One sentence (de by default, en on request) for the `summary` of a validation response.
 * @example
 * ```ts
 * console.log(describeValidation(await validateStatements(bytes), 'en')); // verdict, then one line per finding
 * ```
 */
export function describeValidation(r: StatementValidationResult, lang: Lang = 'de'): string {
  const say = sayer(lang);
  const errors = r.files.reduce((n, f) => n + f.findings.filter((x) => x.severity === 'error').length + f.xsd.errorCount, 0) + r.deliveryFindings.filter((x) => x.severity === 'error').length;
  const warnings = r.files.reduce((n, f) => n + f.findings.filter((x) => x.severity === 'warning').length + f.xsd.warningCount, 0) + r.deliveryFindings.filter((x) => x.severity === 'warning').length;
  const parts = [say('SUMMARY_VALIDATED', { files: plural(say, r.files.length, 'FILES_ONE', 'FILES_MANY'), verdict: say(verdictKey[r.verdict]) })];
  parts.push(`${plural(say, errors, 'ERRORS_ONE', 'ERRORS_MANY')}, ${plural(say, warnings, 'WARNINGS_ONE', 'WARNINGS_MANY')}`);
  if (r.skipped.length) parts.push(plural(say, r.skipped.length, 'SKIPPED_ONE', 'SKIPPED_MANY'));
  if (!r.schemaChecked) parts.push(say('SUMMARY_SCHEMA_PARTIAL'));
  return `${parts.join('; ')}.`;
}

/**
 * One sentence (de by default, en on request) for the `summary` of a parse response.
 * @example
 * ```ts
 * console.log(describeParse(await parseStatements(bytes), 'de')); // one human-readable line per statement
 * ```
 */
export function describeParse(r: StatementParseResult, lang: Lang = 'de'): string {
  const say = sayer(lang);
  let statements = 0;
  let items = 0;
  for (const f of r.files) {
    statements += f.statements.length;
    for (const s of f.statements) items += 'services' in s ? s.services.length : s.entries.length;
  }
  const parts = [
    say('SUMMARY_PARSED', {
      files: plural(say, r.files.length, 'FILES_ONE', 'FILES_MANY'),
      statements: plural(say, statements, 'STATEMENTS_ONE', 'STATEMENTS_MANY'),
      items: plural(say, items, 'ITEMS_ONE', 'ITEMS_MANY'),
    }),
  ];
  if (r.skipped.length) parts.push(plural(say, r.skipped.length, 'SKIPPED_ONE', 'SKIPPED_MANY'));
  return `${parts.join('; ')}.`;
}
