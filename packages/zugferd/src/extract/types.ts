/** Types of invoice extraction (spec §4.7): the result {invoice, issues, repairedPaths, source} and its issues (§2.2). */
import type { InvoiceInput } from '@kontor/cii';

/** An extraction issue (spec §2.2): an error blocks POST /invoices (placeholders), a warning does not. */
export interface ExtractionIssue {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  /** dot path in the invoice (seller.name, lines.0.lineNetAmount) or, for embedded XML the model cannot hold, the XPath */
  path?: string;
}

export interface ExtractionResult {
  invoice: InvoiceInput;
  issues: ExtractionIssue[];
  /** dot paths of the fields that carry a placeholder (KORRIGIEREN, 1900-01-01, 0) */
  repairedPaths: string[];
  /** xml: taken from the embedded e-invoice; llm: read from the print (text layer and/or a model) */
  source: 'xml' | 'llm';
}
