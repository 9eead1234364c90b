/** State shared by the checks of one checkPdfA3 run: the bytes, the parsed document, the findings. */
import type { PDFContext, PDFDocument } from 'pdf-lib';
import type { Finding, Severity } from '../types';

export interface CheckOptions {
  /** ISO 19005 part the file must declare: 3 (default), or 2 to apply the PDF/A-2 identification */
  part?: 2 | 3;
  /**
   * conformance level to check: 'B' (default when the XMP declares none), 'U' or 'A' add the Unicode
   * mapping rules (6.2.11.7.2); without this option the level the XMP declares is checked (as veraPDF
   * does when it detects the flavour)
   */
  conformance?: 'A' | 'B' | 'U';
  /** cap for any single decoded stream (default 64 MB) */
  maxStreamBytes?: number;
}

export class CheckContext {
  readonly findings: Finding[] = [];
  private readonly seen = new Set<string>();
  readonly part: 2 | 3;
  readonly maxStreamBytes: number;

  constructor(
    readonly bytes: Uint8Array,
    readonly doc: PDFDocument,
    opts: CheckOptions,
  ) {
    this.part = opts.part ?? 3;
    this.maxStreamBytes = opts.maxStreamBytes ?? 64 * 1024 * 1024;
  }

  get ctx(): PDFContext {
    return this.doc.context;
  }

  /**
   * Records a failed rule ("6.6.4-2"): code = clause, one finding per rule and path (the same rule failing
   * on many objects is reported up to 20 times).
   */
  fail(rule: string, message: string, path?: string, severity: Severity = 'error'): void {
    const clause = rule.replace(/-\d+$/, '');
    const key = `${rule}|${path ?? ''}`;
    if (this.seen.has(key)) return;
    const perRule = this.findings.filter((f) => f.rule === rule).length;
    if (perRule >= 20) return;
    this.seen.add(key);
    this.findings.push({ code: clause, rule, severity, message, ...(path !== undefined ? { path } : {}) });
  }

  note(code: string, severity: Severity, message: string, path?: string): void {
    this.findings.push({ code, severity, message, ...(path !== undefined ? { path } : {}) });
  }
}
