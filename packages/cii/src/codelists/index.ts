/** The code lists served at GET /codelists/<name>: one JSON-ready body per list. */
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from './attachment-types';
import { DOCUMENT_TYPES } from './document-types';
import { NOTE_SUBJECTS } from './note-subjects';
import { PAYMENT_MEANS } from './payment-means';
import { UNITS } from './units';
import { VAT_CATEGORIES } from './vat-categories';

export const CODELIST_NAMES = ['document-types', 'note-subjects', 'units', 'vat-categories', 'payment-means', 'attachment-types'] as const;
export type CodelistName = (typeof CODELIST_NAMES)[number];

export interface CodelistBody {
  name: CodelistName;
  title: string;
  source: string;
  /** Business terms the list is used for. */
  businessTerms: string[];
  entries: readonly object[];
  notes?: string[];
}

export function isCodelistName(name: string): name is CodelistName {
  return (CODELIST_NAMES as readonly string[]).includes(name);
}

/**
 * The body of one code list (fresh object each call, safe to serialise or mutate).
 * @example
 * ```ts
 * const units = codelist('units');
 * console.log(units.title, units.entries.length);
 * ```
 */
export function codelist(name: CodelistName): CodelistBody {
  switch (name) {
    case 'document-types':
      return {
        name,
        title: 'Document types',
        source: 'UNTDID 1001 (subset supported for generation)',
        businessTerms: ['BT-3'],
        entries: structuredClone(DOCUMENT_TYPES),
        notes: ['Default 380. XRechnung warns (BR-DE-17) for codes with xrechnung=false.'],
      };
    case 'note-subjects':
      return {
        name,
        title: 'Note subject codes',
        source: 'UNTDID 4451 (curated)',
        businessTerms: ['BT-21'],
        entries: structuredClone(NOTE_SUBJECTS),
        notes: ['Any UNTDID 4451 code is accepted; these are the usual ones.'],
      };
    case 'units':
      return {
        name,
        title: 'Units of measure',
        source: 'UN/ECE Recommendation 20 and 21',
        businessTerms: ['BT-130', 'BT-150'],
        entries: structuredClone(UNITS),
        notes: ['Any official Rec 20/21 code is accepted. A listed alias (case-insensitive) is normalised to its code; anything else falls back to C62 (piece) with a warning.'],
      };
    case 'vat-categories':
      return { name, title: 'VAT categories', source: 'UNTDID 5305 (EN 16931 subset)', businessTerms: ['BT-95', 'BT-102', 'BT-118', 'BT-151'], entries: structuredClone(VAT_CATEGORIES) };
    case 'payment-means':
      return {
        name,
        title: 'Payment means',
        source: 'UNTDID 4461 (subset)',
        businessTerms: ['BT-81'],
        entries: structuredClone(PAYMENT_MEANS),
        notes: ['Without meansCode and with payment.iban the code is 58.', 'Any UNTDID 4461 code is accepted.'],
      };
    case 'attachment-types':
      return {
        name,
        title: 'Attachment types',
        source: 'EN 16931 BR-CL-24 (XML level) and PDF/A-3 embedded files (PDF level)',
        businessTerms: ['BG-24', 'BT-125'],
        entries: structuredClone(ATTACHMENT_TYPES),
        notes: [
          `At most ${ATTACHMENT_MAX_BYTES} bytes each. In format=xml attachments are base64 in the XML (xml=true types only); in the PDF path they are embedded files referenced as document type 916.`,
        ],
      };
  }
}

export { DOCUMENT_TYPES, documentType, type DocumentTypeEntry } from './document-types';
export { NOTE_SUBJECTS, type NoteSubjectEntry } from './note-subjects';
export { UNITS, normalizeUnit, type UnitEntry, type UnitNormalization } from './units';
export { VAT_CATEGORIES, vatCategory, type VatCategoryEntry, type VatRateRule, type ExemptionRule } from './vat-categories';
export { PAYMENT_MEANS, paymentMeans, CREDIT_TRANSFER_CODES, CARD_CODES, type PaymentMeansEntry } from './payment-means';
export { ATTACHMENT_TYPES, ATTACHMENT_MAX_BYTES, XLSX_MIME, ODS_MIME, attachmentMimeFromFilename, type AttachmentTypeEntry } from './attachment-types';
export { buildFormatsDirectory, type FormatsDirectory, type FormatEntry } from './formats';
