/** UNTDID 4451 text subject qualifiers (BT-21), curated to the ones German/EU invoices actually use. */

export interface NoteSubjectEntry {
  code: string;
  name: string;
  nameDe: string;
  use: string;
}

export const NOTE_SUBJECTS: readonly NoteSubjectEntry[] = [
  { code: 'AAI', name: 'General information', nameDe: 'Allgemeine Informationen', use: 'Any free text about the invoice' },
  { code: 'SUR', name: 'Remarks by seller', nameDe: 'Anmerkungen des Verkäufers', use: 'Supplier remarks' },
  { code: 'REG', name: 'Regulatory information', nameDe: 'Regulatorische Informationen', use: 'Managing directors, commercial register, court (German § 35a GmbHG data)' },
  { code: 'ABL', name: 'Government information', nameDe: 'Rechtliche Informationen', use: 'Legal statements, e.g. Kleinunternehmer or reverse-charge wording' },
  { code: 'TXD', name: 'Tax declaration', nameDe: 'Steuerliche Informationen', use: 'Tax statements such as the reason for a VAT exemption' },
  { code: 'CUS', name: 'Customs declaration information', nameDe: 'Zollinformationen', use: 'Export/customs remarks' },
  { code: 'PMT', name: 'Payment information', nameDe: 'Zahlungsinformationen', use: 'Payment remarks beyond the payment terms' },
  { code: 'PMD', name: 'Payment detail/remittance information', nameDe: 'Zahlungsdetails', use: 'How to reference the payment' },
  { code: 'AAB', name: 'Terms of payments', nameDe: 'Zahlungsbedingungen', use: 'Payment conditions as a note' },
  { code: 'AAJ', name: 'Additional conditions of sale/purchase', nameDe: 'Zusätzliche Verkaufsbedingungen', use: 'General terms and conditions' },
  { code: 'AAK', name: 'Price conditions', nameDe: 'Preiskonditionen', use: 'Price agreements' },
  { code: 'ACB', name: 'Additional information', nameDe: 'Zusätzliche Informationen', use: 'Anything not covered elsewhere' },
  { code: 'DEL', name: 'Delivery information', nameDe: 'Lieferinformationen', use: 'Delivery remarks' },
  { code: 'PRD', name: 'Product information', nameDe: 'Produktinformationen', use: 'Item remarks at document level' },
  { code: 'ACY', name: 'Factoring', nameDe: 'Factoring', use: 'Assignment (Abtretung) clause for factoring' },
];
