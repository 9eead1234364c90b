/** UNTDID 4461 payment means (BT-81), the subset invoices use, with what each one obliges the invoice to carry. */

export interface PaymentMeansEntry {
  code: string;
  name: string;
  nameDe: string;
  /** Fields of invoice.payment that must be present for this code. */
  requires: readonly string[];
  /** Fields that are not written for this code (e.g. no payee account with a direct debit). */
  excludes: readonly string[];
  directDebit: boolean;
  note: string;
}

export const PAYMENT_MEANS: readonly PaymentMeansEntry[] = [
  {
    code: '30',
    name: 'Credit transfer',
    nameDe: 'Überweisung',
    requires: ['iban'],
    excludes: ['mandateId', 'creditorId', 'debitedIban'],
    directDebit: false,
    note: 'Payee account BT-84 required (BR-61).',
  },
  {
    code: '58',
    name: 'SEPA credit transfer',
    nameDe: 'SEPA-Überweisung',
    requires: ['iban'],
    excludes: ['mandateId', 'creditorId', 'debitedIban'],
    directDebit: false,
    note: 'Default when payment.iban is set and meansCode is omitted. IBAN required (BR-61).',
  },
  {
    code: '59',
    name: 'SEPA direct debit',
    nameDe: 'SEPA-Lastschrift',
    requires: ['mandateId', 'creditorId', 'debitedIban'],
    excludes: ['iban', 'bic', 'accountName'],
    directDebit: true,
    note: 'Mandate reference BT-89, creditor identifier BT-90 and debited IBAN BT-91 required; no payee account in the file.',
  },
  { code: '49', name: 'Direct debit', nameDe: 'Lastschrift', requires: ['mandateId', 'debitedIban'], excludes: [], directDebit: true, note: 'Non-SEPA direct debit.' },
  { code: '10', name: 'In cash', nameDe: 'Barzahlung', requires: [], excludes: [], directDebit: false, note: '' },
  { code: '20', name: 'Cheque', nameDe: 'Scheck', requires: [], excludes: [], directDebit: false, note: '' },
  { code: '42', name: 'Payment to bank account', nameDe: 'Zahlung auf Bankkonto', requires: [], excludes: [], directDebit: false, note: '' },
  {
    code: '48',
    name: 'Bank card',
    nameDe: 'Bankkarte',
    requires: ['cardNumber'],
    excludes: [],
    directDebit: false,
    note: 'Card number BT-87: only the last 4 to 6 digits (BR-51); XRechnung requires the card group (BR-DE-24-a).',
  },
  { code: '54', name: 'Credit card', nameDe: 'Kreditkarte', requires: ['cardNumber'], excludes: [], directDebit: false, note: 'As 48.' },
  { code: '55', name: 'Debit card', nameDe: 'Debitkarte', requires: ['cardNumber'], excludes: [], directDebit: false, note: 'As 48.' },
  { code: '57', name: 'Standing agreement', nameDe: 'Dauerauftrag', requires: [], excludes: [], directDebit: false, note: '' },
  { code: '68', name: 'Online payment service', nameDe: 'Online-Zahlungsdienst', requires: [], excludes: [], directDebit: false, note: 'PayPal and similar.' },
  { code: '97', name: 'Clearing between partners', nameDe: 'Verrechnung', requires: [], excludes: [], directDebit: false, note: '' },
  { code: '1', name: 'Instrument not defined', nameDe: 'Nicht definiert', requires: [], excludes: [], directDebit: false, note: '' },
  { code: 'ZZZ', name: 'Mutually defined', nameDe: 'Gegenseitig vereinbart', requires: [], excludes: [], directDebit: false, note: '' },
];

/**
 * @example
 * ```ts
 * paymentMeans('58')?.name; // 'SEPA credit transfer'
 * ```
 */
export function paymentMeans(code: string): PaymentMeansEntry | undefined {
  return PAYMENT_MEANS.find((p) => p.code === code);
}

/** Codes whose credit-transfer group (payee IBAN) is mandatory. */
export const CREDIT_TRANSFER_CODES: ReadonlySet<string> = new Set(['30', '58']);
export const CARD_CODES: ReadonlySet<string> = new Set(['48', '54', '55']);
