/**
 * The one finding type and the one verdict vocabulary of every Kontor package. Findings are data: a check never
 * throws for what it finds. `code` is the official rule id where one exists (BR-CO-13, CII-SR-012, BR-DE-2, an
 * ISO 19005-3 clause such as 6.2.11.4.1) and a stable SCREAMING_SNAKE id of ours otherwise.
 */

export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  code: string;
  severity: Severity;
  /** In the language asked for (`lang`, see ./messages.ts). */
  message: string;
  /** Where in the input: a dot path into a JSON model (`payments.3.amount`) or an XPath into an XML document. */
  path?: string | undefined;
  /** 1-based position in the XML text, when the finding comes from reading one. */
  line?: number | undefined;
  column?: number | undefined;
  /** EN 16931 business term (BT-/BG-) the finding is about, when there is one. */
  bt?: string | undefined;
}

/** `valid_with_warnings`: no error, at least one warning. */
export type Verdict = 'valid' | 'valid_with_warnings' | 'invalid';

/**
 * The verdict of a set of findings: any error → invalid; else any warning → valid_with_warnings; else valid.
 *
 * @example
 * ```ts
 * verdictOf([{ code: 'BR-CO-13', severity: 'warning', message: '…' }]); // 'valid_with_warnings'
 * ```
 */
export function verdictOf(findings: Iterable<{ severity: Severity }>): Verdict {
  let warning = false;
  for (const f of findings) {
    if (f.severity === 'error') return 'invalid';
    if (f.severity === 'warning') warning = true;
  }
  return warning ? 'valid_with_warnings' : 'valid';
}

/**
 * Counts by severity, as the API reports them.
 * @example
 * ```ts
 * countFindings([{ severity: 'error' }, { severity: 'warning' }, { severity: 'warning' }]);
 * // { errorCount: 1, warningCount: 2, infoCount: 0 }
 * ```
 */
export function countFindings(findings: Iterable<{ severity: Severity }>): { errorCount: number; warningCount: number; infoCount: number } {
  let errorCount = 0;
  let warningCount = 0;
  let infoCount = 0;
  for (const f of findings) {
    if (f.severity === 'error') errorCount++;
    else if (f.severity === 'warning') warningCount++;
    else infoCount++;
  }
  return { errorCount, warningCount, infoCount };
}
