/**
 * The JSON edge: the model keeps decimals as strings; the spec wants money and quantities as JSON numbers.
 * Conversion happens here, by field name, for exactly the decimal fields of the model. Also the one-line German
 * summaries that accompany a result.
 */
import type { StatementParseResult, StatementValidationResult } from '../model/types';

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

/** Parse result as the JSON of spec §2.8 (decimals as numbers). */
export function parseResultToJson(result: StatementParseResult): Jsonified<StatementParseResult> {
  return convert(result, undefined) as Jsonified<StatementParseResult>;
}

/** Validation result as JSON (it carries no amounts; this only drops undefined fields). */
export function validationResultToJson(result: StatementValidationResult): StatementValidationResult {
  return convert(result, undefined) as StatementValidationResult;
}

const verdictDe = { valid: 'gültig', valid_with_warnings: 'gültig mit Warnungen', invalid: 'ungültig' } as const;

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One German sentence for the `summary` of a validation response. */
export function describeValidation(r: StatementValidationResult): string {
  const errors = r.files.reduce((n, f) => n + f.findings.filter((x) => x.severity === 'error').length + f.xsd.errorCount, 0) + r.deliveryFindings.filter((x) => x.severity === 'error').length;
  const warnings = r.files.reduce((n, f) => n + f.findings.filter((x) => x.severity === 'warning').length + f.xsd.warningCount, 0) + r.deliveryFindings.filter((x) => x.severity === 'warning').length;
  const parts = [`${plural(r.files.length, 'Datei', 'Dateien')} geprüft: ${verdictDe[r.verdict]}`];
  parts.push(`${plural(errors, 'Fehler', 'Fehler')}, ${plural(warnings, 'Warnung', 'Warnungen')}`);
  if (r.skipped.length) parts.push(`${plural(r.skipped.length, 'Eintrag', 'Einträge')} übersprungen`);
  if (!r.schemaChecked) parts.push('Schemaprüfung nicht für alle Dateien verfügbar');
  return `${parts.join('; ')}.`;
}

/** One German sentence for the `summary` of a parse response. */
export function describeParse(r: StatementParseResult): string {
  let statements = 0;
  let items = 0;
  for (const f of r.files) {
    statements += f.statements.length;
    for (const s of f.statements) items += 'services' in s ? s.services.length : s.entries.length;
  }
  const parts = [`${plural(r.files.length, 'Datei', 'Dateien')} gelesen: ${plural(statements, 'Auszug', 'Auszüge')} mit ${plural(items, 'Position', 'Positionen')}`];
  if (r.skipped.length) parts.push(`${plural(r.skipped.length, 'Eintrag', 'Einträge')} übersprungen`);
  return `${parts.join('; ')}.`;
}
