/** Shared public types: the finding (the shared one of @kontor/xml, with the PDF/A rule) and the PDF/A identification. */
import type { Finding as SharedFinding, Severity } from '@kontor/xml';

export type { Severity };

/**
 * A finding: the shared `Finding` of @kontor/xml. `code` is the ISO 19005-3 clause ("6.6.4", "6.8", ...) for
 * conformance findings, or a stable SCREAMING_SNAKE id of ours (PDFA_ENCRYPTED, PDF_UNREADABLE, ...). `rule` names
 * the veraPDF rule ("6.6.4-2") where a finding corresponds to one; `clause` is set on our own codes when a clause
 * applies. `path` locates the object: "trailer", "catalog/Metadata", "obj 12 0", "page 1/Annots[0]"...
 */
export interface Finding extends SharedFinding {
  rule?: string;
  clause?: string;
  /**
   * The font a font finding is about, as data: its /BaseFont name as written (e.g. "Helvetica", "ABCDEF+Arial-BoldMT"),
   * so callers need not read it out of the message (whose wording depends on the language). Set on 6.2.11.x
   * findings about one font that has a /BaseFont: not embedded (6.2.11.4.1-1), glyphs missing from the program
   * (6.2.11.4.1-2), subset descriptors (6.2.11.4.2), widths (6.2.11.5-1), Unicode maps (6.2.11.7.2), .notdef (6.2.11.8-1).
   */
  font?: string;
}

export type PdfaConformance = 'A' | 'B' | 'U';

export type AfRelationship = 'Data' | 'Source' | 'Alternative' | 'Supplement' | 'Unspecified';

export const AF_RELATIONSHIPS: readonly AfRelationship[] = ['Data', 'Source', 'Alternative', 'Supplement', 'Unspecified'];
