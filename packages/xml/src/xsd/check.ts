/** The XSD part of a validation result, one shape for every format (camt, pain.001, ...). */
import { verdictOf, type Finding, type Verdict } from '../model/finding';

/**
 * Diagnostics kept per validation unless the caller says otherwise; the rest are only counted. (Here, not in
 * store.ts, so a module that needs only the number does not load the schema store and libxml2-wasm.)
 */
export const DEFAULT_MAX_XSD_FINDINGS = 100;

/**
 * One schema diagnostic: the shared Finding. `line`/`column` are 1-based when known (libxml2 gives no column for
 * validity errors); `path` is the element the diagnostic is about (XPath-like) when known.
 */
export type XsdCheckFinding = Finding;

export interface XsdCheck {
  /** False when the schema set is not installed in the store (then `verdict` is `not_checked` and `note` says why). */
  available: boolean;
  /** Label in the service's style, e.g. iso.20022:camt053:08 or dk.gbic5:pain001:09. */
  ruleset: string;
  /** Schema set id in the store, e.g. iso:camt.053.001.08. */
  schemaSet: string;
  title?: string;
  valid?: boolean;
  /** `not_checked` only when the schema step could not run (see `available`). */
  verdict: Verdict | 'not_checked';
  /** All schema errors, also those beyond `findings`. */
  errorCount: number;
  warningCount: number;
  /** The first diagnostics only (DEFAULT_MAX_XSD_FINDINGS by default). */
  findings: XsdCheckFinding[];
  /** True when more diagnostics were reported than `findings` holds. */
  truncated?: boolean;
  note?: string;
}

/**
 * The verdict of a schema step that ran: its errors and warnings counted in full (also beyond `findings`), through
 * the one verdict rule (verdictOf). `not_checked` is only for a step that could not run.
 *
 * @example
 * ```ts
 * xsdVerdict({ valid: true, warningCount: 1 }); // 'valid_with_warnings'
 * ```
 */
export function xsdVerdict(r: { valid: boolean; warningCount: number }): Verdict {
  return verdictOf([...(r.valid ? [] : [{ severity: 'error' as const }]), ...(r.warningCount > 0 ? [{ severity: 'warning' as const }] : [])]);
}

/** A schema diagnostic as the HTTP API writes it (spec §2.6 xsd.findings[]): unknown positions are null. */
export interface XsdCheckFindingJson {
  code: string;
  severity: Finding['severity'];
  message: string;
  line: number | null;
  column: number | null;
  location: string | null;
}

export type XsdCheckJson = Omit<XsdCheck, 'findings'> & { findings: XsdCheckFindingJson[] };

/**
 * The xsd object in the JSON shape of the service (spec §2.6): `line`/`column` null when unknown, `path` as `location`.
 *
 * @example
 * ```ts
 * xsdCheckToJson(result.xsd).findings[0]; // { code: 'XSD_PATTERN', severity: 'error', message: '…', line: 12, column: null, location: 'IBAN' }
 * ```
 */
export function xsdCheckToJson(x: XsdCheck): XsdCheckJson {
  return {
    ...x,
    findings: x.findings.map((f) => ({
      code: f.code,
      severity: f.severity,
      message: f.message,
      line: f.line ?? null,
      column: f.column ?? null,
      location: f.path ?? null,
    })),
  };
}
