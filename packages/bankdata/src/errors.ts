/** The one error class of @kontor/bankdata (on the shared KontorError base), with a closed code union. */
import { KontorError } from '@kontor/xml';

export type BankdataErrorCode =
  /** The directory file holds no bank at all. */
  | 'BANKDATA_EMPTY'
  /** The file is neither a Bundesbank TXT/CSV file nor a kontor-bankdata/1 index. */
  | 'BANKDATA_FORMAT_UNKNOWN'
  /** A kontor-bankdata/1 index that does not match its own format. */
  | 'BANKDATA_INDEX_INVALID'
  /** Wrong argument types or option values (a programming error). */
  | 'BANKDATA_INVALID_ARGUMENT';

export class BankdataError extends KontorError<BankdataErrorCode, undefined> {
  override readonly name = 'BankdataError';
}
