/**
 * The streaming camt reader. It detects message and version at the root element, then builds only small
 * subtrees: the group header, each statement-level child (account, balance, summary, one entry at a time) and,
 * for camt.086, each child of a billing statement. Entries are handed to the caller and dropped, so memory does
 * not grow with the number of entries unless the caller keeps them.
 */
import { Big, KontorXmlError, streamXml, type StreamTap, type XmlElement } from '@kontor/xml';
import { CamtError } from '../errors';
import { sayer, type Say } from '../messages';
import type { Lang } from '@kontor/xml';
import type { BillingStatement, CamtFinding, MessageHeader, Statement } from '../model/types';
import { applyBillingChild, newBillingStatement } from './billing';
import { decimalText, loc, num, partyName, readAccount, readAmount, readCreditDebit, readDateChoice, t, type Issue } from './common';
import { detectCamtNamespace, messageElements, statementElements, type CamtKind } from './detect';
import { readEntry, type EntryReadInfo } from './entry';

export interface StatementEndInfo {
  /** False when at least one entry amount was unreadable: balance and sum checks would be meaningless. */
  amountsValid: boolean;
}

export interface CamtReadHandlers {
  /** Called once the root element has been classified. */
  kind?(kind: CamtKind): void;
  header?(header: MessageHeader): void;
  /** Each entry as soon as it is read; `statement` is the statement being built (balances and account known). */
  entry?(info: EntryReadInfo, statement: Statement, statementIndex: number, path: string): void;
  statementEnd?(statement: Statement, statementIndex: number, info: StatementEndInfo): void;
  billingStatement?(statement: BillingStatement, statementIndex: number): void;
  finding(f: CamtFinding): void;
}

/**
 * Structural bounds of one camt file, so that work and memory follow the size of real statements rather than
 * whatever a hostile file repeats: generous defaults that real bank files never reach.
 */
export interface CamtLimits {
  /** Statements / reports / notifications (camt.086: billing statements) per file. */
  maxStatements: number;
  /** Entries (Ntry) per file, all statements together. */
  maxEntries: number;
  /** Transaction details (TxDtls) per file, all entries together. */
  maxTransactions: number;
}

export const defaultCamtLimits: CamtLimits = {
  maxStatements: 10_000,
  maxEntries: 500_000,
  maxTransactions: 1_000_000,
};

export interface ReadOptions {
  /** Structural limits (defaults: defaultCamtLimits); a file beyond them throws CamtError LIMIT_EXCEEDED. */
  limits?: Partial<CamtLimits>;
  /** Read camt versions outside .02/.08 (camt.086: .01-.05) best-effort instead of rejecting them. */
  bestEffort?: boolean;
  /** Keep entries in Statement.entries (parse) or drop them after the handler ran (validate). */
  keepEntries?: boolean;
  /** Byte bound of the XML text (default 50 MB). */
  maxXmlBytes?: number;
  /** Language of the finding messages (default de). */
  lang?: Lang | undefined;
  /**
   * Every reader event also goes here first, called as methods of this object (validateStatements: the native
   * XSD validation sharing this pass, see xsd/xsd.ts), so the file is tokenized once for rules and schema.
   */
  tap?: StreamTap | undefined;
}

export interface ReadOutcome {
  kind: CamtKind;
  /** False when the XML broke off (not well-formed); what was read before is kept. */
  complete: boolean;
  statements: number;
  items: number;
}

function readHeader(el: XmlElement): MessageHeader {
  const h: MessageHeader = {};
  const msgId = t(el, 'MsgId');
  if (msgId) h.messageId = msgId;
  const cre = t(el, 'CreDtTm');
  if (cre) h.createdAt = cre;
  const rcpt = partyName(el.child('MsgRcpt'));
  if (rcpt) h.recipient = rcpt;
  const pg = el.child('MsgPgntn');
  if (pg) h.pagination = { page: t(pg, 'PgNb') ?? '', last: t(pg, 'LastPgInd') === 'true' };
  const addtl = t(el, 'AddtlInf');
  if (addtl) h.additionalInfo = addtl;
  const rptId = t(el, 'RptId');
  if (rptId) h.reportId = rptId;
  return h;
}

/** TxsSummry sums are plain DecimalNumber values (no currency attribute). */
function readSummaryDecimal(el: XmlElement | undefined, path: string, issue: Issue): string | undefined {
  if (!el) return undefined;
  const v = decimalText(el.text);
  if (v === undefined) issue('CAMT_AMOUNT_INVALID', 'error', 'SUM_INVALID', { value: el.text.trim() }, el, path);
  return v;
}

function emptySummary(): Statement['summary'] {
  return { entries: 0, credits: { entries: 0, sum: '0' }, debits: { entries: 0, sum: '0' }, net: '0', bookedNet: '0' };
}

/** Running sums of one statement, in Big until the statement closes. */
class Sums {
  credits = new Big(0);
  debits = new Big(0);
  bookedNet = new Big(0);
  creditCount = 0;
  debitCount = 0;
  valid = true;
}

export async function readCamt(input: Uint8Array | string, handlers: CamtReadHandlers, opts: ReadOptions = {}): Promise<ReadOutcome> {
  let kind: CamtKind | undefined;
  let containerName = '';
  let stmt: Statement | null = null;
  let sums = new Sums();
  let stmtIndex = -1;
  let items = 0;
  // camt.086 state
  let group: { groupId?: string; sender?: string | undefined; receiver?: string | undefined } = {};
  let bill: BillingStatement | null = null;

  const limits: CamtLimits = { ...defaultCamtLimits, ...opts.limits };
  let entryCount = 0;
  let transactionCount = 0;
  const beyond = (limit: keyof CamtLimits, what: string, location: { line: number; column: number }) =>
    new CamtError('LIMIT_EXCEEDED', `The file contains more than ${limits[limit]} ${what} (limit ${limit})`, { location, details: { limit, max: limits[limit] } });

  const say = sayer(opts.lang);
  const issue: Issue = (code, severity, key, params, el, path) => handlers.finding({ code, severity, message: say(key, params), path, ...(el ? { line: el.line, column: el.column } : {}) });
  const stmtPath = () => `statements[${stmtIndex}]`;

  const startStatement = (line: number, column: number) => {
    if (stmtIndex + 1 >= limits.maxStatements) throw beyond('maxStatements', 'statements', { line, column });
    stmtIndex++;
    sums = new Sums();
    stmt = { account: {}, balances: [], summary: emptySummary(), entries: [], location: { line, column } };
  };

  const applyStatementChild = (s: Statement, el: XmlElement) => {
    const p = stmtPath();
    switch (el.local) {
      case 'Id':
        s.id = el.text.trim();
        break;
      case 'ElctrncSeqNb':
        s.electronicSequenceNumber = el.text.trim();
        break;
      case 'LglSeqNb':
        s.legalSequenceNumber = el.text.trim();
        break;
      case 'CreDtTm':
        s.createdAt = el.text.trim();
        break;
      case 'FrToDt': {
        const from = t(el, 'FrDtTm') ?? t(el, 'FrDt');
        const to = t(el, 'ToDtTm') ?? t(el, 'ToDt');
        s.period = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
        break;
      }
      case 'StmtPgntn':
      case 'RptPgntn':
      case 'NtfctnPgntn':
        s.pagination = { page: t(el, 'PgNb') ?? '', last: t(el, 'LastPgInd') === 'true' };
        break;
      case 'Acct':
        s.account = readAccount(el);
        break;
      case 'Bal': {
        const bp = `${p}.balances[${s.balances.length}]`;
        const amt = readAmount(el.child('Amt'), `${bp}.amount`, issue);
        if (!amt) {
          issue('CAMT_BALANCE_AMOUNT_MISSING', 'error', 'BALANCE_AMOUNT_MISSING', undefined, el, bp);
          break;
        }
        if (!amt.valid) sums.valid = false;
        let cd = readCreditDebit(el.child('CdtDbtInd'));
        if (!cd) {
          issue('CAMT_BALANCE_CREDIT_DEBIT_MISSING', 'warning', 'BALANCE_CREDIT_DEBIT_MISSING', undefined, el, `${bp}.creditDebit`);
          cd = 'CRDT';
        }
        const cdOrPrtry = el.child('Tp')?.child('CdOrPrtry');
        const code = t(cdOrPrtry, 'Cd');
        const prtry = t(cdOrPrtry, 'Prtry');
        const b: Statement['balances'][number] = { type: code ?? prtry ?? '', amount: amt.amount, currency: amt.currency, creditDebit: cd, location: loc(el)! };
        if (!code && prtry) b.proprietary = true;
        const sub = t(el, 'Tp', 'SubTp', 'Cd') ?? t(el, 'Tp', 'SubTp', 'Prtry');
        if (sub) b.subType = sub;
        const d = readDateChoice(el.child('Dt'));
        if (d.date) b.date = d.date;
        if (d.dateTime) b.dateTime = d.dateTime;
        s.balances.push(b);
        break;
      }
      case 'TxsSummry': {
        const decl: NonNullable<Statement['summary']['declared']> = {};
        const sp = `${p}.summary.declared`;
        const tot = el.child('TtlNtries');
        const n = num(tot, 'NbOfNtries');
        if (n !== undefined) decl.entries = n;
        const sumV = readSummaryDecimal(tot?.child('Sum'), `${sp}.sum`, issue);
        if (sumV !== undefined) decl.sum = sumV;
        // .08: TtlNetNtry{Amt, CdtDbtInd}; .02: TtlNetNtryAmt + CdtDbtInd.
        const netEl = tot?.child('TtlNetNtry');
        const netAmt = netEl ? netEl.child('Amt') : tot?.child('TtlNetNtryAmt');
        const netV = readSummaryDecimal(netAmt, `${sp}.net`, issue);
        if (netV !== undefined) {
          const cd = readCreditDebit((netEl ?? tot)?.child('CdtDbtInd'));
          decl.net = cd ? { amount: netV, creditDebit: cd } : { amount: netV };
        }
        for (const [local, key] of [
          ['TtlCdtNtries', 'credits'],
          ['TtlDbtNtries', 'debits'],
        ] as const) {
          const x = el.child(local);
          if (!x) continue;
          const part: { entries?: number; sum?: string } = {};
          const cn = num(x, 'NbOfNtries');
          if (cn !== undefined) part.entries = cn;
          const cs = readSummaryDecimal(x.child('Sum'), `${sp}.${key}.sum`, issue);
          if (cs !== undefined) part.sum = cs;
          decl[key] = part;
        }
        s.summary.declared = decl;
        break;
      }
      case 'Ntry': {
        const ep = `${p}.entries[${s.summary.entries}]`;
        const info = readEntry(el, ep, issue);
        const e = info.entry;
        transactionCount += e.transactions.length;
        if (transactionCount > limits.maxTransactions) throw beyond('maxTransactions', 'transactions (TxDtls)', { line: el.line, column: el.column });
        if (!info.amountValid) sums.valid = false;
        else {
          const a = new Big(e.amount);
          if (e.creditDebit === 'CRDT') {
            sums.credits = sums.credits.plus(a);
            sums.creditCount++;
          } else {
            sums.debits = sums.debits.plus(a);
            sums.debitCount++;
          }
          if (e.status === 'BOOK') sums.bookedNet = e.creditDebit === 'CRDT' ? sums.bookedNet.plus(a) : sums.bookedNet.minus(a);
        }
        s.summary.entries++;
        items++;
        handlers.entry?.(info, s, stmtIndex, ep);
        if (opts.keepEntries) s.entries.push(e);
        break;
      }
      case 'AddtlStmtInf':
      case 'AddtlRptInf':
      case 'AddtlNtfctnInf':
        s.additionalInfo = el.text.trim();
        break;
      default:
        break;
    }
  };

  const endStatement = () => {
    const s = stmt;
    if (!s) return;
    s.summary.credits = { entries: sums.creditCount, sum: sums.credits.toFixed() };
    s.summary.debits = { entries: sums.debitCount, sum: sums.debits.toFixed() };
    s.summary.net = sums.credits.minus(sums.debits).toFixed();
    s.summary.bookedNet = sums.bookedNet.toFixed();
    handlers.statementEnd?.(s, stmtIndex, { amountsValid: sums.valid });
    stmt = null;
  };

  let rootSeen = false;
  let complete = true;
  try {
    await streamXml(
      input,
      {
        onOpen(info) {
          const depth = info.path.length;
          if (depth === 0) {
            rootSeen = true;
            const k = detectCamtNamespace(info.ns);
            if (info.local !== 'Document' || !k) {
              const what = info.ns ? `Namespace „${info.ns}“` : 'kein Namespace';
              throw new CamtError('UNSUPPORTED_FORMAT', `Not a camt.052/053/054/086 message: root element <${info.local}>, ${what}`, {
                location: { line: info.line, column: info.column },
                details: { root: info.local, namespace: info.ns },
              });
            }
            if (!k.supported && !opts.bestEffort) {
              throw new CamtError('UNSUPPORTED_VERSION', `${k.schemaVersion} is not supported (camt.052/053/054: .02 and .08; camt.086: .01 to .05)`, {
                location: { line: info.line, column: info.column },
                details: { message: k.message, version: k.version, namespace: k.namespace },
              });
            }
            kind = k;
            handlers.kind?.(k);
            if (!k.supported) {
              handlers.finding({ code: 'CAMT_VERSION_BEST_EFFORT', severity: 'warning', message: say('VERSION_BEST_EFFORT', { version: k.schemaVersion }) });
            }
            return;
          }
          if (!kind) return;
          if (depth === 1) {
            if (info.local !== kind.messageElement) {
              handlers.finding({
                code: 'CAMT_MESSAGE_ELEMENT_MISMATCH',
                severity: 'error',
                message: say('MESSAGE_ELEMENT_MISMATCH', { element: info.local, version: kind.schemaVersion, expected: kind.messageElement }),
                line: info.line,
                column: info.column,
              });
            }
            const msg = (Object.keys(messageElements) as (keyof typeof messageElements)[]).find((m) => messageElements[m] === info.local) ?? kind.message;
            containerName = msg === 'camt.086' ? 'BllgStmtGrp' : statementElements[msg];
            return;
          }
          if (kind.message === 'camt.086') {
            if (depth === 2 && info.local === 'BllgStmtGrp') group = {};
            else if (depth === 3 && info.local === 'BllgStmt' && info.path[2] === 'BllgStmtGrp') {
              if (stmtIndex + 1 >= limits.maxStatements) throw beyond('maxStatements', 'billing statements', { line: info.line, column: info.column });
              stmtIndex++;
              bill = newBillingStatement(info, group);
            }
          } else if (depth === 2 && info.local === containerName) startStatement(info.line, info.column);
          else if (depth === 3 && info.local === 'Ntry' && stmt !== null && info.path[2] === containerName && ++entryCount > limits.maxEntries) {
            throw beyond('maxEntries', 'entries', { line: info.line, column: info.column });
          }
        },
        keep(info) {
          if (!kind) return false;
          const depth = info.path.length;
          if (kind.message === 'camt.086') {
            if (depth === 2) return info.local === 'RptHdr';
            if (depth === 3) return info.path[2] === 'BllgStmtGrp' && info.local !== 'BllgStmt';
            return depth === 4 && bill !== null && info.path[3] === 'BllgStmt';
          }
          if (depth === 2) return info.local === 'GrpHdr';
          return depth === 3 && stmt !== null && info.path[2] === containerName;
        },
        onElement(el, path) {
          const depth = path.length;
          if (depth === 2) {
            handlers.header?.(readHeader(el));
            return;
          }
          if (kind?.message === 'camt.086') {
            if (depth === 3) {
              if (el.local === 'GrpId') group.groupId = el.text.trim();
              else if (el.local === 'Sndr') group.sender = t(el, 'Nm') ?? t(el, 'Id', 'OrgId', 'AnyBIC');
              else if (el.local === 'Rcvr') group.receiver = t(el, 'Nm') ?? t(el, 'Id', 'OrgId', 'AnyBIC');
            } else if (bill) applyBillingChild(bill, el, `statements[${stmtIndex}]`, issue);
            return;
          }
          if (stmt) applyStatementChild(stmt, el);
        },
        onClose(local, path) {
          if (!kind) return;
          if (kind.message === 'camt.086') {
            if (path.length === 3 && local === 'BllgStmt' && bill) {
              items += bill.services.length;
              handlers.billingStatement?.(bill, stmtIndex);
              bill = null;
            }
          } else if (path.length === 2 && local === containerName) endStatement();
        },
        ...(opts.tap ? { tap: opts.tap } : {}),
      },
      { maxBytes: opts.maxXmlBytes ?? 50 * 1024 * 1024 },
    );
  } catch (e) {
    if (e instanceof KontorXmlError) {
      if (!rootSeen || !kind) {
        if (e.code === 'XML_DOCTYPE_FORBIDDEN' || e.code === 'XML_ENTITY_FORBIDDEN') throw new CamtError('XML_FORBIDDEN', e.message, { ...(e.location ? { location: e.location } : {}), cause: e });
        if (e.code === 'XML_TOO_LARGE') throw new CamtError('INPUT_TOO_LARGE', e.message, { cause: e });
        if (e.code === 'XML_ENCODING_UNSUPPORTED') throw new CamtError('ENCODING_UNSUPPORTED', e.message, { cause: e });
        if (e.code === 'XML_EMPTY') throw new CamtError('EMPTY_INPUT', e.message, { cause: e });
        throw new CamtError('NOT_XML', `Not readable as XML: ${e.message}`, { ...(e.location ? { location: e.location } : {}), cause: e });
      }
      complete = false;
      handlers.finding({
        code: e.code,
        severity: 'error',
        message: xmlErrorText(e, say),
        ...(e.location ? { line: e.location.line, column: e.location.column } : {}),
      });
      // Hand over what was read of the open statement, so parse shows everything up to the break.
      if (stmt) endStatement();
      if (bill) {
        handlers.billingStatement?.(bill, stmtIndex);
        bill = null;
      }
    } else throw e;
  }
  if (!kind) {
    if (!rootSeen) throw new CamtError('NOT_XML', 'No root element found');
    throw new CamtError('UNSUPPORTED_FORMAT', 'Not a camt message');
  }
  return { kind, complete, statements: stmtIndex + 1, items };
}

function xmlErrorText(e: KontorXmlError, say: Say): string {
  const where = e.location ? say('AT_POSITION', { line: e.location.line, column: e.location.column }) : '';
  switch (e.code) {
    case 'XML_TOO_LARGE':
    case 'XML_TOO_DEEP':
    case 'XML_TOO_MANY_NODES':
    case 'XML_TOO_MANY_ATTRIBUTES':
      return say(e.code, { where });
    case 'XML_DOCTYPE_FORBIDDEN':
    case 'XML_ENTITY_FORBIDDEN':
      return say('XML_FORBIDDEN', { where });
    default:
      return say('XML_MALFORMED', { detail: e.message.replace(/^Malformed XML: /, '') });
  }
}
