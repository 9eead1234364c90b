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
}

export type PdfaConformance = 'A' | 'B' | 'U';

export type AfRelationship = 'Data' | 'Source' | 'Alternative' | 'Supplement' | 'Unspecified';

export const AF_RELATIONSHIPS: readonly AfRelationship[] = ['Data', 'Source', 'Alternative', 'Supplement', 'Unspecified'];
