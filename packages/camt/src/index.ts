/** @kontor/camt: camt.052/053/054 (.02/.08) and camt.086 (.01-.05): streaming parse to a normalised model, rule checks, ZIP deliveries. */
export { CamtError, type CamtErrorCode, type CamtErrorDetails } from './errors';
export type {
  DecimalString,
  CamtMessage,
  CreditDebit,
  EntryStatus,
  CamtFinding,
  Pagination,
  MessageHeader,
  Account,
  Balance,
  DeclaredSummary,
  StatementSummary,
  BankTransactionCode,
  Party,
  CreditorReference,
  Remittance,
  TransactionRefs,
  ChargeRecord,
  Charges,
  ReturnReason,
  Transaction,
  Batch,
  Entry,
  Statement,
  SignedAmount,
  ServiceTaxId,
  ServiceTax,
  BillingService,
  TaxRegionService,
  TaxRegion,
  BillingBalance,
  BillingAccount,
  BillingStatement,
  PriceCurrencyTotal,
  SettlementTotal,
  ParsedFile,
  SkippedMember,
  StatementParseResult,
  ValidatedFile,
  StatementFacts,
  StatementValidationResult,
} from './model/types';
export { parseStatements, validateStatements, streamStatements, type ParseOptions, type ValidateOptions, type StreamStatementsOptions } from './api/statements';
export { DEFAULT_MAX_BYTES, type DeliveryOptions } from './api/delivery';
export { parseResultToJson, validationResultToJson, describeParse, describeValidation, DECIMAL_FIELDS, type Jsonified } from './api/json';
export { entriesToCsv, type EntriesCsvOptions } from './csv/entries-csv';
export { detectCamtNamespace, rulesetLabel, type CamtKind } from './read/detect';
export type { CamtReadHandlers, ReadOptions, ReadOutcome, StatementEndInfo, CamtLimits } from './read/reader';
export { defaultCamtLimits } from './read/reader';
export type { EntryReadInfo } from './read/entry';
export { parseDkCode } from './read/entry';
export { isValidIban, ibanProblem, type IbanProblem } from './rules/iban';
export { defaultZipLimits, type ZipLimits } from './zip/zip';
