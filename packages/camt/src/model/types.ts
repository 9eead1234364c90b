/**
 * The normalised statement model (spec §2.7/§2.8): one shape for camt.052/053/054 in every version and one for
 * camt.086. Amounts, rates and quantities are decimal strings here; `toJson` turns them into JSON numbers at the edge.
 */
import type { Finding, XmlLocation } from '@kontor/xml';

/** A decimal in its lexical form, e.g. "1530.00" or "-12.5" (never a float). */
export type DecimalString = string;

export type CamtMessage = 'camt.052' | 'camt.053' | 'camt.054' | 'camt.086';
export type CreditDebit = 'CRDT' | 'DBIT';
export type EntryStatus = 'BOOK' | 'PDNG' | 'INFO' | (string & {});
export type { Severity } from '@kontor/xml';

/**
 * A camt finding is the shared Finding of @kontor/xml: stable SCREAMING_SNAKE code (ours) or the code of the XML/XSD
 * layer, message in the language asked for (`lang`, default de), `path` a dot path into the read model (e.g.
 * statements[0].entries[3].amount), `line`/`column` the position in the XML.
 */
export type CamtFinding = Finding;

export interface Pagination {
  page: string;
  last: boolean;
}

export interface MessageHeader {
  messageId?: string;
  createdAt?: string;
  recipient?: string;
  pagination?: Pagination;
  additionalInfo?: string;
  /** camt.086: RptHdr/RptId. */
  reportId?: string;
}

export interface Account {
  iban?: string;
  /** Othr/Id when the account has no IBAN. */
  otherId?: string;
  otherScheme?: string;
  currency?: string;
  name?: string;
  owner?: string;
  servicerBic?: string;
  servicerName?: string;
}

export interface Balance {
  /** Cd (OPBD, CLBD, PRCD, ITBD, CLAV, FWAV, ...) or the proprietary value. */
  type: string;
  proprietary?: boolean;
  subType?: string;
  amount: DecimalString;
  currency: string;
  creditDebit: CreditDebit;
  /** YYYY-MM-DD (from Dt, or the date part of DtTm as written). */
  date?: string;
  dateTime?: string;
  location?: XmlLocation;
}

/** TxsSummry as declared by the bank. */
export interface DeclaredSummary {
  entries?: number;
  sum?: DecimalString;
  net?: { amount: DecimalString; creditDebit?: CreditDebit };
  credits?: { entries?: number; sum?: DecimalString };
  debits?: { entries?: number; sum?: DecimalString };
}

export interface StatementSummary {
  entries: number;
  credits: { entries: number; sum: DecimalString };
  debits: { entries: number; sum: DecimalString };
  /** Credits minus debits over all entries (signed). */
  net: DecimalString;
  /** Booked entries only (status BOOK), signed; what opening + booked = closing uses. */
  bookedNet: DecimalString;
  declared?: DeclaredSummary;
}

export interface BankTransactionCode {
  domain?: string;
  family?: string;
  subFamily?: string;
  proprietary?: { code: string; issuer?: string };
  /** German DK codes from Prtry/Cd "NTRF+166+00931": SWIFT code, Geschäftsvorfallcode, text key (Textschlüsselergänzung), primanota. */
  swiftCode?: string;
  gvc?: string;
  textKey?: string;
  primanota?: string;
}

export interface Party {
  name?: string;
  iban?: string;
  otherAccountId?: string;
  bic?: string;
  /** Organisation/private identification (first Othr/Id, AnyBIC, ...). */
  id?: string;
}

export interface CreditorReference {
  reference: string;
  /** SCOR, RADM, ... or the proprietary type. */
  type?: string;
  issuer?: string;
}

export interface Remittance {
  /** Every Ustrd line, in order, untouched apart from trimming. */
  unstructured: string[];
  /** The first structured creditor reference (CdtrRefInf/Ref), never merged into the lines. */
  creditorReference?: CreditorReference;
  /** All structured creditor references when there are several. */
  creditorReferences: CreditorReference[];
  referredDocuments: { type?: string; number?: string; date?: string }[];
  additionalInfo: string[];
}

export interface TransactionRefs {
  endToEndId?: string;
  mandateId?: string;
  /** SEPA creditor identifier (Gläubiger-ID). */
  creditorId?: string;
  instructionId?: string;
  accountServicerRef?: string;
  transactionId?: string;
  paymentInfoId?: string;
  messageId?: string;
  uetr?: string;
  chequeNumber?: string;
  clearingSystemRef?: string;
  proprietary?: { type: string; reference: string }[];
}

export interface ChargeRecord {
  amount: DecimalString;
  currency: string;
  creditDebit?: CreditDebit;
  type?: string;
  bearer?: string;
  included?: boolean;
}

export interface Charges {
  total?: { amount: DecimalString; currency: string };
  records: ChargeRecord[];
}

export interface ReturnReason {
  code?: string;
  proprietary?: string;
  additionalInfo: string[];
}

export interface Transaction {
  amount?: DecimalString;
  currency?: string;
  creditDebit?: CreditDebit;
  instructedAmount?: { amount: DecimalString; currency: string };
  /** The other side: debtor for money received, creditor for money paid (flipped for reversals). */
  counterparty?: Party;
  ultimateCounterparty?: Party;
  debtor?: Party;
  creditor?: Party;
  ultimateDebtor?: Party;
  ultimateCreditor?: Party;
  remittance: Remittance;
  refs: TransactionRefs;
  bankTxCode?: BankTransactionCode;
  purpose?: string;
  charges?: Charges;
  returnReason?: ReturnReason;
  additionalInfo?: string;
  location?: XmlLocation;
}

export interface Batch {
  messageId?: string;
  paymentInfoId?: string;
  transactions?: number;
  total?: { amount: DecimalString; currency: string };
  creditDebit?: CreditDebit;
}

export interface Entry {
  reference?: string;
  bookingDate?: string;
  bookingDateTime?: string;
  valueDate?: string;
  amount: DecimalString;
  currency: string;
  creditDebit: CreditDebit;
  status: EntryStatus;
  reversal: boolean;
  accountServicerRef?: string;
  bankTxCode: BankTransactionCode;
  additionalInfo?: string;
  batches: Batch[];
  charges?: Charges;
  transactions: Transaction[];
  location?: XmlLocation;
}

export interface Statement {
  /** Stmt/Rpt/Ntfctn Id. */
  id?: string;
  electronicSequenceNumber?: string;
  legalSequenceNumber?: string;
  createdAt?: string;
  period?: { from?: string; to?: string };
  pagination?: Pagination;
  account: Account;
  balances: Balance[];
  summary: StatementSummary;
  entries: Entry[];
  additionalInfo?: string;
  location?: XmlLocation;
}

/* ---------- camt.086 ---------- */

export interface SignedAmount {
  /** Signed decimal (Sgn false = negative). */
  amount: DecimalString;
  currency: string;
}

export interface ServiceTaxId {
  number?: string;
  description?: string;
  rate?: DecimalString;
  /** Tax in host currency (method A/B) or pricing currency (method D). */
  amount?: SignedAmount;
  pricingAmount?: SignedAmount;
}

export interface ServiceTax {
  method: 'A' | 'B' | 'D';
  /** Service charge in host currency (A/B). */
  chargeHostAmount?: SignedAmount;
  /** Total tax of the service in pricing currency (A/B: SvcTax/PricgAmt, D: SvcTaxPricAmt). */
  pricingAmount?: SignedAmount;
  hostAmount?: SignedAmount;
  taxIds: ServiceTaxId[];
}

export interface BillingService {
  code?: string;
  description?: string;
  subService?: { issuer?: string; id?: string };
  commonCode?: { issuer?: string; id?: string };
  serviceType?: string;
  volume?: DecimalString;
  unitPrice?: SignedAmount;
  priceCurrency?: string;
  /** Pric/Mtd: UPRC unit priced, FCHG flat charge, ... */
  priceMethod?: string;
  /** PmtMtd: BCMP, FLAT, PVCH, INVS, WVED, FREE. */
  paymentMethod?: string;
  /** OrgnlChrgPric: the charge in pricing currency. */
  amount?: SignedAmount;
  /** OrgnlChrgSttlmAmt: the charge in settlement currency. */
  settlementAmount?: SignedAmount;
  balanceRequired?: SignedAmount;
  /** TaxDsgnt/Cd: TAXE, XMPT, ZERO. */
  taxDesignation?: string;
  taxRegion?: string;
  tax?: ServiceTax;
  location?: XmlLocation;
}

export interface TaxRegionService {
  code?: string;
  description?: string;
  volume?: DecimalString;
  unitPrice?: SignedAmount;
  amount?: SignedAmount;
  location?: XmlLocation;
}

export interface TaxRegion {
  number?: string;
  name?: string;
  customerTaxId?: string;
  pointDate?: string;
  invoiceNumber?: string;
  vatRegistration?: string;
  taxRegistration?: string;
  /** Method C: tax calculated per region. */
  methodC?: {
    services: TaxRegionService[];
    hostCurrency?: string;
    conversions: { source?: SignedAmount; host?: SignedAmount }[];
    taxableHostAmount?: SignedAmount;
    taxIds: { number?: string; description?: string; rate?: DecimalString; amount?: SignedAmount }[];
    totalTax?: SignedAmount;
  };
  settlementAmount?: SignedAmount;
  taxDue?: SignedAmount;
  location?: XmlLocation;
}

export interface BillingBalance {
  type: string;
  amount: DecimalString;
  currency: string;
  currencyType?: string;
  location?: XmlLocation;
}

export interface BillingAccount extends Account {
  level?: string;
  /** AcctBalCcyCd / SttlmCcyCd / HstCcyCd. */
  balanceCurrency?: string;
  settlementCurrency?: string;
  hostCurrency?: string;
  compensationMethod?: string;
  debitAccount?: string;
}

export interface BillingStatement {
  groupId?: string;
  sender?: string;
  receiver?: string;
  id?: string;
  status?: string;
  createdAt?: string;
  period?: { from?: string; to?: string };
  account: BillingAccount;
  services: BillingService[];
  taxRegions: TaxRegion[];
  balances: BillingBalance[];
  compensations: BillingBalance[];
  location?: XmlLocation;
}

export interface PriceCurrencyTotal {
  currency: string;
  services: number;
  net: DecimalString;
  waived: DecimalString;
  tax: DecimalString;
  gross: DecimalString;
}

export interface SettlementTotal {
  value: DecimalString;
  currency: string;
  services: number;
}

/* ---------- results ---------- */

export interface ParsedFile {
  name: string;
  message: CamtMessage;
  /** Two-digit version, e.g. "08". */
  version: string;
  /** Full namespace version, e.g. camt.053.001.08. */
  schemaVersion: string;
  /** True for the targeted versions (.02/.08, camt.086 .01-.05). */
  supported: boolean;
  header: MessageHeader;
  statements: Statement[] | BillingStatement[];
  totals?: PriceCurrencyTotal[];
  settlementTotals?: SettlementTotal[];
  parseFindings: CamtFinding[];
}

export interface SkippedMember {
  name: string;
  reason: string;
  code: string;
}

export interface StatementParseResult {
  files: ParsedFile[];
  skipped: SkippedMember[];
}

export type { Verdict } from '@kontor/xml';
import type { Verdict } from '@kontor/xml';

import type { XsdCheck } from '@kontor/xml';
export type { XsdCheck, XsdCheckFinding } from '@kontor/xml';

export interface ValidatedFile {
  name: string;
  message: CamtMessage;
  version: string;
  schemaVersion: string;
  supported: boolean;
  statements: number;
  /** Entries (camt.052/053/054) or services (camt.086). */
  items: number;
  findings: CamtFinding[];
  xsd: XsdCheck;
  verdict: Verdict;
}

/** Compact per-statement facts for the delivery checks across the files of a ZIP. */
export interface StatementFacts {
  file: string;
  path: string;
  message: CamtMessage;
  id?: string;
  account?: string;
  currency?: string;
  electronicSequenceNumber?: string;
  legalSequenceNumber?: string;
  from?: string;
  to?: string;
  opening?: { amount: DecimalString; date?: string };
  closing?: { amount: DecimalString; date?: string };
}

export interface StatementValidationResult {
  files: ValidatedFile[];
  deliveryFindings: CamtFinding[];
  skipped: SkippedMember[];
  verdict: Verdict;
  /** False when the schema check was unavailable for at least one file. */
  schemaChecked: boolean;
}
