/**
 * The read model of a pain.001 file (.001.09 and .001.03): what validation findings point into with their
 * dot paths (e.g. `paymentBlocks.0.transactions.2.amount`). Values are the trimmed texts of the file;
 * `at` holds the source position of each node and of the fields the rules look at. Fields the file does not have
 * are undefined (a party's name and address, an account's IBAN, an agent's BIC and a transaction's id, amount,
 * currency and creditor parts are present as keys with the value undefined; JSON leaves them out like the other
 * absent fields).
 */

export interface Loc {
  line: number;
  column: number;
}

export interface ReadAddress {
  streetName?: string;
  buildingNumber?: string;
  postCode?: string;
  townName?: string;
  countrySubDivision?: string;
  countryCode?: string;
  addressLines: string[];
}

export interface ReadParty {
  name?: string | undefined;
  address?: ReadAddress | undefined;
  /** First identifier found (AnyBIC/BICOrBEI, LEI, Othr/Id). */
  id?: string;
  at: Loc;
  fieldAt: Record<string, Loc>;
}

export interface ReadAccount {
  iban?: string | undefined;
  other?: string;
  currency?: string;
  at: Loc;
  fieldAt: Record<string, Loc>;
}

export interface ReadAgent {
  bic?: string | undefined;
  clearingMemberId?: string;
  name?: string;
  address?: ReadAddress;
  other?: string;
  at: Loc;
  fieldAt: Record<string, Loc>;
}

export interface ReadPaymentType {
  instructionPriority?: string;
  serviceLevels: string[];
  localInstrument?: string;
  categoryPurpose?: string;
}

export interface ReadTransaction {
  instructionId?: string;
  endToEndId?: string | undefined;
  paymentType?: ReadPaymentType;
  /** InstdAmt, or EqvtAmt/Amt when the amount is given as an equivalent. */
  amount?: string | undefined;
  currency?: string | undefined;
  /** Set when the amount is an equivalent amount (EqvtAmt): the currency of transfer. */
  transferCurrency?: string;
  chargeBearer?: string;
  ultimateDebtor?: ReadParty;
  creditorAgent?: ReadAgent | undefined;
  creditor?: ReadParty | undefined;
  creditorAccount?: ReadAccount | undefined;
  ultimateCreditor?: ReadParty;
  purpose?: string;
  remittance: { unstructured: string[]; structured: number; creditorReference?: string };
  regulatoryReporting: boolean;
  at: Loc;
  fieldAt: Record<string, Loc>;
}

export interface ReadPaymentBlock {
  id?: string;
  method?: string;
  batchBooking?: string;
  numberOfTransactions?: string;
  controlSum?: string;
  paymentType?: ReadPaymentType;
  executionDate?: string;
  executionDateTime?: string;
  debtor?: ReadParty;
  debtorAccount?: ReadAccount;
  debtorAgent?: ReadAgent;
  ultimateDebtor?: ReadParty;
  chargeBearer?: string;
  transactions: ReadTransaction[];
  at: Loc;
  fieldAt: Record<string, Loc>;
}

export interface ReadGroupHeader {
  messageId?: string;
  createdAt?: string;
  numberOfTransactions?: string;
  controlSum?: string;
  initiatingParty?: ReadParty;
  at: Loc;
  fieldAt: Record<string, Loc>;
}

export interface Pain001ReadModel {
  /** '09' or '03'. */
  version: '09' | '03';
  namespace: string;
  groupHeader?: ReadGroupHeader;
  paymentBlocks: ReadPaymentBlock[];
  /** Set when the file broke off (not well-formed): the model holds what was read before. */
  malformed?: { message: string; location?: Loc; code: string };
}
