/** Types of invoice extraction (spec §4.7): the result {invoice, issues, repairedPaths, source} and its issues (§2.2). */
import type { InvoiceInput } from '@kontor/cii';
import type { Finding } from '@kontor/xml';

/**
 * An extraction issue (spec §2.2): the shared Finding with severity error or warning; an error blocks POST /invoices
 * (placeholders), a warning does not. `path`: dot path in the invoice (seller.name, lines.0.lineNetAmount) or, for
 * embedded XML the model cannot hold, the XPath; `line`/`column` when the embedded XML itself could not be read.
 */
export interface ExtractionIssue extends Finding {
  severity: 'error' | 'warning';
}

export interface ExtractionResult {
  invoice: InvoiceInput;
  issues: ExtractionIssue[];
  /** dot paths of the fields that carry a placeholder (KORRIGIEREN, 1900-01-01, 0) */
  repairedPaths: string[];
  /** xml: taken from the embedded e-invoice; llm: read from the print (text layer and/or a model) */
  source: 'xml' | 'llm';
}
