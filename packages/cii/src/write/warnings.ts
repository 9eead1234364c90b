/**
 * Warnings as data: the non-blocking findings of a generation as `{code, message, path}` in German or English.
 * The checks take their texts from the package's message catalogue (../messages.ts) and keep both languages per
 * `code|path`, so a warning can be given in another language than the findings.
 */
import type { Finding, Lang, MessageTexts } from '@kontor/xml';

/** @deprecated Use `Lang` from @kontor/xml (the same 'de' | 'en'). */
export type WarningLang = Lang;

/** One warning of a generation result (spec §4.6: reported, never blocking). */
export interface InvoiceWarning {
  /** official rule id where one exists (BR-DE-26, PEPPOL-EN16931-R040), our stable id otherwise (SKONTO_AFTER_DUE_DATE, DE-UStG-14-4-6) */
  code: string;
  message: string;
  /** dot path into the invoice JSON */
  path?: string;
}

/**
 * The warnings (severity warning) of a list of findings as `{code, message, path}`; `texts` maps a code+path to both
 * texts of the finding (the checks and the legal-content rules bring both); a finding without them keeps its message.
 * @example
 * ```ts
 * const r = generateCii(invoice);
 * console.log(toInvoiceWarnings(r.findings, 'de')); // [{ code, message, path }] for the warnings only
 * ```
 */
export function toInvoiceWarnings(findings: readonly Finding[], lang: Lang = 'en', texts?: ReadonlyMap<string, MessageTexts>): InvoiceWarning[] {
  return findings
    .filter((f) => f.severity === 'warning')
    .map((f) => {
      const own = texts?.get(`${f.code}|${f.path ?? ''}`);
      const message = own ? own[lang] : f.message;
      const w: InvoiceWarning = { code: f.code, message };
      if (f.path !== undefined) w.path = f.path;
      return w;
    });
}
