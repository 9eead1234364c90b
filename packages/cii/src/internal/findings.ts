/** Small helpers to build findings consistently (official rule id where one exists, else SCREAMING_SNAKE). */
import type { Finding } from '@kontor/xml';

export type { Finding };

export class FindingList {
  readonly items: Finding[] = [];

  error(code: string, message: string, path?: string, bt?: string): void {
    this.push({ code, severity: 'error', message, path, bt });
  }

  warning(code: string, message: string, path?: string, bt?: string): void {
    this.push({ code, severity: 'warning', message, path, bt });
  }

  info(code: string, message: string, path?: string, bt?: string): void {
    this.push({ code, severity: 'info', message, path, bt });
  }

  private push(f: { code: string; severity: Finding['severity']; message: string; path?: string | undefined; bt?: string | undefined }): void {
    const out: Finding = { code: f.code, severity: f.severity, message: f.message };
    if (f.path !== undefined) out.path = f.path;
    if (f.bt !== undefined) out.bt = f.bt;
    this.items.push(out);
  }
}

/**
 * The 1-based position of a finding: `line`/`column`, or the deprecated `location` object of findings not yet moved
 * (the one place that still reads it; goes when Finding.location goes).
 */
export function positionOf(f: Pick<Finding, 'line' | 'column' | 'location'>): { line: number; column?: number } | undefined {
  if (f.line !== undefined) return f.column !== undefined ? { line: f.line, column: f.column } : { line: f.line };
  return f.location ? { line: f.location.line, column: f.location.column } : undefined;
}

export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
