/**
 * CSV export of statement entries for spreadsheets: one row per entry (or per transaction), signed amounts,
 * German defaults (semicolon, decimal comma). Text cells that a spreadsheet would run as a formula are defused.
 */
import type { Entry, ParsedFile, Statement, StatementParseResult, Transaction } from '../model/types';

export interface EntriesCsvOptions {
  /** Field separator (default ";"). */
  delimiter?: string;
  /** Decimal separator of amounts (default ","). */
  decimalSeparator?: '.' | ',';
  /** One row per transaction of a batch instead of one per entry (default false). */
  perTransaction?: boolean;
  /** Prefix a UTF-8 byte order mark so that Excel detects the encoding (default false). */
  bom?: boolean;
  /** Line ending (default "\r\n", RFC 4180). */
  newline?: string;
}

export const entryCsvColumns = [
  'file',
  'statement',
  'account',
  'currency',
  'bookingDate',
  'valueDate',
  'amount',
  'creditDebit',
  'status',
  'reversal',
  'bankTxCode',
  'gvc',
  'additionalInfo',
  'counterpartyName',
  'counterpartyIban',
  'counterpartyBic',
  'remittance',
  'creditorReference',
  'endToEndId',
  'mandateId',
  'creditorId',
  'accountServicerRef',
  'returnReason',
] as const;

function signedAmount(amount: string, cd: string | undefined, sep: '.' | ','): string {
  const neg = cd === 'DBIT' && !amount.startsWith('-');
  const s = `${neg ? '-' : ''}${amount}`;
  return sep === ',' ? s.replace('.', ',') : s;
}

/** Quotes when needed; a leading =, +, -, @, tab or CR in text would start a formula, so it gets a quote mark. */
function cell(v: string | undefined, delimiter: string, text = true): string {
  let s = v ?? '';
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  if (s.includes(delimiter) || /["\r\n]/.test(s)) s = `"${s.replace(/"/g, '""')}"`;
  return s;
}

function btc(e: Entry): string {
  const c = e.bankTxCode;
  const domain = [c.domain, c.family, c.subFamily].filter(Boolean).join('/');
  return domain || c.proprietary?.code || '';
}

function row(file: ParsedFile, s: Statement, e: Entry, tx: Transaction | undefined, txCount: number, o: Required<Omit<EntriesCsvOptions, 'perTransaction'>> & { perTransaction: boolean }): string {
  const account = s.account.iban ?? s.account.otherId ?? '';
  const useTx = o.perTransaction && tx && txCount > 1 && tx.amount !== undefined;
  const amount = useTx ? signedAmount(tx.amount!, tx.creditDebit ?? e.creditDebit, o.decimalSeparator) : signedAmount(e.amount, e.creditDebit, o.decimalSeparator);
  const detail = txCount === 1 || o.perTransaction ? tx : undefined;
  const values: [string | undefined, boolean][] = [
    [file.name, true],
    [s.id, true],
    [account, true],
    [useTx ? (tx.currency ?? e.currency) : e.currency, true],
    [e.bookingDate, false],
    [e.valueDate, false],
    [amount, false],
    [useTx ? (tx.creditDebit ?? e.creditDebit) : e.creditDebit, true],
    [e.status, true],
    [e.reversal ? 'true' : 'false', true],
    [btc(e), true],
    [e.bankTxCode.gvc, true],
    [e.additionalInfo, true],
    [detail?.counterparty?.name ?? (txCount > 1 && !o.perTransaction ? `${txCount} Einzelumsätze` : undefined), true],
    [detail?.counterparty?.iban ?? detail?.counterparty?.otherAccountId, true],
    [detail?.counterparty?.bic, true],
    [detail?.remittance.unstructured.join(' '), true],
    [detail?.remittance.creditorReference?.reference, true],
    [detail?.refs.endToEndId, true],
    [detail?.refs.mandateId, true],
    [detail?.refs.creditorId, true],
    [e.accountServicerRef ?? detail?.refs.accountServicerRef, true],
    [detail?.returnReason?.code ?? detail?.returnReason?.proprietary, true],
  ];
  return values.map(([v, text]) => cell(v, o.delimiter, text)).join(o.delimiter);
}

/**
 * @example
 * ```ts
 * const csv = entriesToCsv(await parseStatements(bytes), { separator: ';' });
 * await writeFile('entries.csv', csv); // one row per entry, header first, CRLF line ends
 * ```
 */
export function entriesToCsv(result: StatementParseResult, opts: EntriesCsvOptions = {}): string {
  const o = {
    delimiter: opts.delimiter ?? ';',
    decimalSeparator: opts.decimalSeparator ?? (opts.delimiter === ',' ? '.' : ','),
    perTransaction: opts.perTransaction ?? false,
    bom: opts.bom ?? false,
    newline: opts.newline ?? '\r\n',
  } as const;
  const lines: string[] = [entryCsvColumns.join(o.delimiter)];
  for (const file of result.files) {
    if (file.message === 'camt.086') continue;
    for (const s of file.statements as Statement[]) {
      for (const e of s.entries) {
        const n = e.transactions.length;
        if (o.perTransaction && n > 1) for (const tx of e.transactions) lines.push(row(file, s, e, tx, n, o));
        else lines.push(row(file, s, e, e.transactions[0], n, o));
      }
    }
  }
  return (o.bom ? '\ufeff' : '') + lines.join(o.newline) + o.newline;
}
