/** The XSD part of a validation result, one shape for every format (camt, pain.001, ...). */

/** One schema diagnostic as reported to callers (1-based line/column when known, XPath-like location when known). */
export interface XsdCheckFinding {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  line: number | null;
  column: number | null;
  location: string | null;
}

export interface XsdCheck {
  /** False when the schema set is not installed in the store (then `verdict` is `not_checked` and `note` says why). */
  available: boolean;
  /** Label in the service's style, e.g. iso.20022:camt053:08 or dk.gbic5:pain001:09. */
  ruleset: string;
  /** Schema set id in the store, e.g. iso:camt.053.001.08. */
  schemaSet: string;
  title?: string;
  valid?: boolean;
  verdict: 'valid' | 'valid_with_warnings' | 'invalid' | 'not_checked';
  /** All schema errors, also those beyond `findings`. */
  errorCount: number;
  warningCount: number;
  /** The first diagnostics only (DEFAULT_MAX_XSD_FINDINGS by default). */
  findings: XsdCheckFinding[];
  /** True when more diagnostics were reported than `findings` holds. */
  truncated?: boolean;
  note?: string;
}
