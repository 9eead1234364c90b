/** Small helpers to build findings consistently (official rule id where one exists, else SCREAMING_SNAKE). */
import type { Finding, Lang, MessageTexts } from '@kontor/xml';

export type { Finding };

/**
 * Collects findings. A message is a plain text or both texts of a catalogue entry (see ../messages.ts): the finding
 * carries the text in the list's language, and `texts` keeps both per `code|path` so that warnings can be given in
 * another language than the findings (POST /invoices: warnings in the document language).
 */
export class FindingList {
  readonly items: Finding[] = [];
  readonly texts = new Map<string, MessageTexts>();

  constructor(readonly lang: Lang = 'en') {}

  error(code: string, message: string | MessageTexts, path?: string, bt?: string): void {
    this.push({ code, severity: 'error', message, path, bt });
  }

  warning(code: string, message: string | MessageTexts, path?: string, bt?: string): void {
    this.push({ code, severity: 'warning', message, path, bt });
  }

  info(code: string, message: string | MessageTexts, path?: string, bt?: string): void {
    this.push({ code, severity: 'info', message, path, bt });
  }

  private push(f: { code: string; severity: Finding['severity']; message: string | MessageTexts; path?: string | undefined; bt?: string | undefined }): void {
    const text = typeof f.message === 'string' ? f.message : f.message[this.lang];
    const out: Finding = { code: f.code, severity: f.severity, message: text };
    if (f.path !== undefined) out.path = f.path;
    if (f.bt !== undefined) out.bt = f.bt;
    if (typeof f.message !== 'string') this.texts.set(`${f.code}|${f.path ?? ''}`, f.message);
    this.items.push(out);
  }
}

/**
 * The 1-based position of a finding as an object (`line`, and `column` when known), or undefined without a line.
 * @example
 * ```ts
 * positionOf({ line: 12, column: 7 });        // { line: 12, column: 7 }
 * positionOf({});                               // undefined
 * ```
 */
export function positionOf(f: Pick<Finding, 'line' | 'column'>): { line: number; column?: number } | undefined {
  if (f.line === undefined) return undefined;
  return f.column !== undefined ? { line: f.line, column: f.column } : { line: f.line };
}

export function hasErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
