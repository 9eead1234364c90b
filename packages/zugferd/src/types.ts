/** Shared public types of @kontor/zugferd. */
import type { Finding as BaseFinding, Verdict } from '@kontor/xml';
import type { InvoiceWarning } from '@kontor/cii';

/**
 * A finding: `code` is the official rule id (BR-CO-13, ISO 19005-3 clause "6.2.11.4.1", ...) where one exists,
 * else a stable SCREAMING_SNAKE id. `source` says which check produced it.
 */
export interface Finding extends BaseFinding {
  source?: 'invoice' | 'pdfa' | 'en16931' | 'structure';
  /** veraPDF rule id ("6.2.11.4.1-1") for PDF/A findings, where one corresponds */
  rule?: string;
  clause?: string;
  /** PDF/A font findings: the /BaseFont name of the font concerned (from @kontor/pdfa3's Finding.font) */
  font?: string;
}

export type Lang = 'de' | 'en';

export type LogoMime = 'image/png' | 'image/jpeg' | 'image/svg+xml';

export interface Logo {
  bytes: Uint8Array;
  /** Detected from the content when absent; a given value must match the content. */
  mime?: LogoMime;
}

/** A supporting document (BG-24): embedded in the PDF/A-3 (AFRelationship Supplement), referenced as type 916 in the XML. */
export interface InvoiceAttachment {
  filename: string;
  data: Uint8Array;
  /** Media type; detected from the file name when absent (PDF, PNG, JPEG, CSV, XLSX, ODS, XML). */
  mimeType?: string;
  /** BT-123; default: the file name. */
  description?: string;
}

/** Result of our own check of a finished hybrid PDF. */
export interface HybridCheck {
  /** invalid: a PDF/A-3 or structure error, or the EN 16931 validation rejects (nothing invalid is delivered). */
  verdict: Verdict;
  /** PDF/A-3 findings of @kontor/pdfa3's checker (an error makes the verdict invalid). */
  pdfa: Finding[];
  /** Native EN 16931 validation of the embedded XML. */
  en16931: { verdict: Verdict; errorCount: number; warningCount: number; findings: Finding[] };
  /** Structure: factur-x.xml present and equal to the written XML, AFRelationship, Factur-X XMP. */
  structure: Finding[];
}

export interface HybridInvoiceResult {
  /** The PDF/A-3 hybrid invoice. */
  pdf: Uint8Array;
  /** The embedded CII XML (identical to writeCii with profile en16931 and attachmentsMode 'pdf'). */
  xml: string;
  pages: number;
  /** Non-blocking findings of the invoice check (warnings, infos) and of our PDF/A changes. */
  warnings: Finding[];
  /** The invoice warnings (spec §4.6, § 14 UStG legal content) as {code, message, path} in the document language. */
  invoiceWarnings: InvoiceWarning[];
  check: HybridCheck;
}
