/** The one error class of @kontor/bankdata, with a closed code union. */
export type BankdataErrorCode = 'BANKDATA_EMPTY' | 'BANKDATA_FORMAT_UNKNOWN' | 'BANKDATA_INDEX_INVALID' | 'BANKDATA_INVALID_ARGUMENT';

export class BankdataError extends Error {
  readonly code: BankdataErrorCode;
  constructor(code: BankdataErrorCode, message: string) {
    super(message);
    this.name = 'BankdataError';
    this.code = code;
  }
}
