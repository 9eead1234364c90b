/** @kontor/bankdata: German bank directory (Bundesbank bank-code file): load, index, look up bank code -> BIC and name. */
export { BankdataError, type BankdataErrorCode } from './errors';
export {
  parseBankCodeFile,
  type BankCodeRecord,
  type ChangeFlag,
  type ParseFinding,
  type ParsedBankCodeFile,
} from './parse';
export {
  BankDirectory,
  bundesbankValidTo,
  pickDirectory,
  type BankEntry,
  type BankStatus,
  type BankLookupResult,
  type BankDirectoryJson,
  type BankDirectoryOptions,
} from './directory';
