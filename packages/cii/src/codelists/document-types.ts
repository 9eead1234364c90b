/** UNCL 1001 document types the generator supports (BT-3), with the reference fields each one calls for. */

export interface DocumentTypeEntry {
  code: string;
  name: string;
  nameDe: string;
  /** True when XRechnung accepts the code without warning (BR-DE-17). */
  xrechnung: boolean;
  /** Credit notes carry positive amounts that reduce a preceding invoice. */
  creditNote: boolean;
  /** Which invoice fields this type usually needs, and why. */
  referenceHints: { field: string; requirement: 'required' | 'recommended'; note: string }[];
}

export const DOCUMENT_TYPES: readonly DocumentTypeEntry[] = [
  { code: '380', name: 'Commercial invoice', nameDe: 'Handelsrechnung', xrechnung: true, creditNote: false, referenceHints: [] },
  {
    code: '381',
    name: 'Credit note',
    nameDe: 'Rechnungskorrektur (Minderung zugunsten des Käufers; keine Gutschrift im Sinne von § 14 Abs. 2 UStG)',
    xrechnung: true,
    creditNote: true,
    referenceHints: [
      { field: 'precedingInvoiceNumber', requirement: 'recommended', note: 'BT-25: the invoice this credit note refers to' },
      { field: 'precedingInvoiceDate', requirement: 'recommended', note: 'BT-26: its issue date' },
    ],
  },
  {
    code: '384',
    name: 'Corrected invoice',
    nameDe: 'Korrigierte Rechnung',
    xrechnung: true,
    creditNote: false,
    referenceHints: [
      { field: 'precedingInvoiceNumber', requirement: 'recommended', note: 'BT-25: the corrected invoice (XRechnung BR-DE-26)' },
      { field: 'precedingInvoiceDate', requirement: 'recommended', note: 'BT-26: its issue date' },
    ],
  },
  {
    code: '383',
    name: 'Debit note',
    nameDe: 'Belastungsanzeige',
    xrechnung: false,
    creditNote: false,
    referenceHints: [{ field: 'precedingInvoiceNumber', requirement: 'recommended', note: 'BT-25: the invoice the debit note adds to' }],
  },
  {
    code: '386',
    name: 'Prepayment invoice',
    nameDe: 'Vorauszahlungsrechnung',
    xrechnung: false,
    creditNote: false,
    referenceHints: [{ field: 'contractReference', requirement: 'recommended', note: 'BT-12: the contract the prepayment is due under' }],
  },
  {
    code: '326',
    name: 'Partial invoice',
    nameDe: 'Teilrechnung',
    xrechnung: true,
    creditNote: false,
    referenceHints: [
      { field: 'contractReference', requirement: 'recommended', note: 'BT-12: the contract being billed in parts' },
      { field: 'invoicingPeriod', requirement: 'recommended', note: 'BG-14: the period this part covers' },
    ],
  },
  {
    code: '389',
    name: 'Self-billed invoice',
    nameDe: 'Gutschrift (Selbstfakturierung, § 14 Abs. 2 Satz 2 UStG)',
    xrechnung: true,
    creditNote: false,
    referenceHints: [{ field: 'notes', requirement: 'recommended', note: 'BT-22: state "Gutschrift" / self-billing as required by § 14 (2) UStG' }],
  },
  {
    code: '875',
    name: 'Partial construction invoice',
    nameDe: 'Abschlagsrechnung (Bauleistung)',
    xrechnung: true,
    creditNote: false,
    referenceHints: [
      { field: 'contractReference', requirement: 'recommended', note: 'BT-12: the construction contract' },
      { field: 'projectReference', requirement: 'recommended', note: 'BT-11: the construction project' },
    ],
  },
  {
    code: '876',
    name: 'Partial final construction invoice',
    nameDe: 'Teilschlussrechnung (Bauleistung)',
    xrechnung: true,
    creditNote: false,
    referenceHints: [
      { field: 'contractReference', requirement: 'recommended', note: 'BT-12: the construction contract' },
      { field: 'precedingInvoiceNumber', requirement: 'recommended', note: 'BT-25: the preceding partial invoices' },
    ],
  },
  {
    code: '877',
    name: 'Final construction invoice',
    nameDe: 'Schlussrechnung (Bauleistung)',
    xrechnung: true,
    creditNote: false,
    referenceHints: [
      { field: 'contractReference', requirement: 'recommended', note: 'BT-12: the construction contract' },
      { field: 'precedingInvoiceNumber', requirement: 'recommended', note: 'BT-25: the partial invoices being settled' },
    ],
  },
];

/**
 * @example
 * ```ts
 * documentType('381')?.name; // 'Credit note'
 * documentType('999');       // undefined
 * ```
 */
export function documentType(code: string): DocumentTypeEntry | undefined {
  return DOCUMENT_TYPES.find((d) => d.code === code);
}
