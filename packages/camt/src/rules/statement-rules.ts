/**
 * Business rules for camt.052/053/054, fed entry by entry while the reader streams: balances, declared summary,
 * IBAN check digits, order of sequence numbers and dates, duplicate entries, batches. Keeps only running values
 * and compact keys, never the entries themselves.
 */
import { Big, fractionDigits } from '@kontor/xml';
import type { CamtFinding, CamtMessage, Entry, Statement, StatementFacts } from '../model/types';
import type { EntryReadInfo } from '../read/entry';
import type { StatementEndInfo } from '../read/reader';
import { isIsoDate } from '../read/common';
import { currencyDecimals, fmtAmount } from '../internal/format';
import { ibanText } from './iban';
import { sayer, type CamtMessageKey, type Say } from '../messages';
import { ibanProblem, type Lang } from '@kontor/xml';

const PLACEHOLDER_REFS = new Set(['NONREF', 'NOTPROVIDED', 'NOT PROVIDED', 'NONE', '']);

interface PerStatement {
  lastBookingDate?: string;
  dateOrderReported: boolean;
  refs: Set<number>;
  fingerprints: Set<number>;
}

function signed(amount: string, cd: 'CRDT' | 'DBIT'): Big {
  const b = new Big(amount);
  return cd === 'DBIT' ? b.neg() : b;
}

function dateOf(s: string | undefined): string | undefined {
  return s && s.length >= 10 ? s.slice(0, 10) : undefined;
}

export class StatementRules {
  private cur: PerStatement = { dateOrderReported: false, refs: new Set(), fingerprints: new Set() };
  private curIndex = -1;
  private readonly seqByAccount = new Map<string, { seq: Big; index: number }>();
  private readonly statementIds = new Map<string, number>();
  readonly facts: StatementFacts[] = [];

  constructor(
    private readonly message: CamtMessage,
    private readonly emit: (f: CamtFinding) => void,
    private readonly fileName = '',
    private readonly lang: Lang = 'de',
  ) {
    this.say = sayer(lang);
  }

  private readonly say: Say;

  private f(code: string, severity: CamtFinding['severity'], key: CamtMessageKey, params: Record<string, string | number>, path: string, location?: { line: number; column: number }): void {
    this.emit({ code, severity, message: this.say(key, params), path, ...(location ? { line: location.line, column: location.column } : {}) });
  }

  entry(info: EntryReadInfo, s: Statement, index: number, path: string): void {
    if (index !== this.curIndex) {
      this.curIndex = index;
      this.cur = { dateOrderReported: false, refs: new Set(), fingerprints: new Set() };
    }
    const e = info.entry;
    const L = e.location;
    const acctCcy = s.account.currency;
    if (info.amountValid && e.currency) {
      if (acctCcy && e.currency !== acctCcy) {
        this.f('CAMT_ENTRY_CURRENCY_MISMATCH', 'error', 'ENTRY_CURRENCY_MISMATCH', { currency: e.currency, accountCurrency: acctCcy }, `${path}.currency`, L);
      }
      if (fractionDigits(e.amount) > currencyDecimals(e.currency)) {
        this.f('CAMT_AMOUNT_DECIMALS', 'warning', 'AMOUNT_DECIMALS', { amount: e.amount, currency: e.currency, decimals: currencyDecimals(e.currency) }, `${path}.amount`, L);
      }
    }
    // Booking date, then value date (no list per entry).
    const bookingDateOk = e.bookingDate !== undefined && isIsoDate(e.bookingDate);
    if (e.bookingDate !== undefined && !bookingDateOk) this.f('CAMT_DATE_INVALID', 'error', 'DATE_INVALID', { value: e.bookingDate }, `${path}.bookingDate`, L);
    if (e.valueDate !== undefined && !isIsoDate(e.valueDate)) this.f('CAMT_DATE_INVALID', 'error', 'DATE_INVALID', { value: e.valueDate }, `${path}.valueDate`, L);
    if (e.status === 'BOOK' && !e.bookingDate) {
      this.f('CAMT_BOOKING_DATE_MISSING', 'warning', 'BOOKING_DATE_MISSING', {}, `${path}.bookingDate`, L);
    }
    if (this.message === 'camt.053' && e.status !== 'BOOK') {
      this.f('CAMT_UNBOOKED_IN_STATEMENT', 'warning', 'UNBOOKED_IN_STATEMENT', { status: e.status }, `${path}.status`, L);
    }
    if (e.status === 'BOOK' && e.bookingDate && bookingDateOk) {
      const from = dateOf(s.period?.from);
      const to = dateOf(s.period?.to);
      if ((from && e.bookingDate < from) || (to && e.bookingDate > to)) {
        this.f('CAMT_ENTRY_OUTSIDE_PERIOD', 'warning', 'ENTRY_OUTSIDE_PERIOD', { date: e.bookingDate, from: from ?? '…', to: to ?? '…' }, `${path}.bookingDate`, L);
      }
      if (this.cur.lastBookingDate && e.bookingDate < this.cur.lastBookingDate && !this.cur.dateOrderReported) {
        this.cur.dateOrderReported = true;
        this.f('CAMT_ENTRY_DATE_ORDER', 'warning', 'ENTRY_DATE_ORDER', { date: e.bookingDate, previous: this.cur.lastBookingDate }, `${path}.bookingDate`, L);
      }
      if (!this.cur.lastBookingDate || e.bookingDate > this.cur.lastBookingDate) this.cur.lastBookingDate = e.bookingDate;
    }
    const ref = e.accountServicerRef?.trim();
    if (ref && !PLACEHOLDER_REFS.has(ref.toUpperCase())) {
      const h = hash53(ref);
      if (this.cur.refs.has(h)) this.f('CAMT_DUPLICATE_ENTRY_REF', 'warning', 'DUPLICATE_ENTRY_REF', { ref }, `${path}.accountServicerRef`, L);
      else this.cur.refs.add(h);
    }
    const fp = fingerprint(e);
    if (this.cur.fingerprints.has(fp)) {
      this.f(
        'CAMT_DUPLICATE_ENTRY',
        'warning',
        e.creditDebit === 'CRDT' ? 'DUPLICATE_ENTRY_CREDIT' : 'DUPLICATE_ENTRY_DEBIT',
        { amount: fmtAmount(e.amount, e.currency), date: e.bookingDate ?? this.say('NO_DATE') },
        path,
        L,
      );
    } else this.cur.fingerprints.add(fp);
    this.checkBatch(e, path);
    const txs = e.transactions;
    for (let i = 0; i < txs.length; i++) {
      const tx = txs[i]!;
      // Debtor, then creditor.
      const debtorIban = tx.debtor?.iban;
      if (debtorIban) this.partyIban(debtorIban, 'PARTY_IBAN_DEBTOR', `${path}.transactions[${i}].debtor.iban`, tx.location);
      const creditorIban = tx.creditor?.iban;
      if (creditorIban) this.partyIban(creditorIban, 'PARTY_IBAN_CREDITOR', `${path}.transactions[${i}].creditor.iban`, tx.location);
    }
  }

  private partyIban(iban: string, key: 'PARTY_IBAN_DEBTOR' | 'PARTY_IBAN_CREDITOR', path: string, location: { line: number; column: number } | undefined): void {
    const p = ibanProblem(iban);
    if (p) this.f('CAMT_PARTY_IBAN_INVALID', 'warning', key, { problem: ibanText(iban, p, this.lang) }, path, location);
  }

  private checkBatch(e: Entry, path: string): void {
    const L = e.location;
    const txs = e.transactions;
    const declared = e.batches.reduce((n, b) => n + (b.transactions ?? 0), 0);
    if (e.batches.length && txs.length > 1 && declared > 0 && declared !== txs.length) {
      this.f('CAMT_BATCH_COUNT_MISMATCH', 'warning', 'BATCH_COUNT_MISMATCH', { declared, count: txs.length }, `${path}.batches`, L);
    }
    for (const [i, b] of e.batches.entries()) {
      if (b.total && b.total.currency === e.currency && e.batches.length === 1 && !new Big(b.total.amount).eq(new Big(e.amount))) {
        this.f(
          'CAMT_BATCH_TOTAL_MISMATCH',
          'warning',
          'BATCH_TOTAL_MISMATCH',
          { total: fmtAmount(b.total.amount, b.total.currency), amount: fmtAmount(e.amount, e.currency) },
          `${path}.batches[${i}].total`,
          L,
        );
      }
    }
    if (txs.length > 1 && txs.every((t) => t.amount !== undefined && t.currency === e.currency)) {
      let sum = new Big(0);
      for (const t of txs) sum = sum.plus(signed(t.amount!, t.creditDebit ?? e.creditDebit));
      const expected = signed(e.amount, e.creditDebit);
      if (!sum.eq(expected)) {
        this.f('CAMT_BATCH_SUM_MISMATCH', 'warning', 'BATCH_SUM_MISMATCH', { sum: fmtAmount(sum.abs(), e.currency), amount: fmtAmount(e.amount, e.currency) }, `${path}.transactions`, L);
      }
    }
  }

  statementEnd(s: Statement, index: number, info: StatementEndInfo): void {
    const p = `statements[${index}]`;
    const L = s.location;
    const acct = s.account.iban ?? s.account.otherId;
    if (!acct) this.f('CAMT_ACCOUNT_MISSING', 'error', 'ACCOUNT_MISSING', {}, `${p}.account`, L);
    if (s.account.iban) {
      const prob = ibanProblem(s.account.iban);
      if (prob) this.f('CAMT_ACCOUNT_IBAN_INVALID', 'error', 'ACCOUNT_IBAN_INVALID', { problem: ibanText(s.account.iban, prob, this.lang) }, `${p}.account.iban`, L);
    }
    if (s.id !== undefined) {
      const key = `${acct ?? ''}|${s.id}`;
      if (this.statementIds.has(key)) this.f('CAMT_STATEMENT_DUPLICATE_ID', 'warning', 'STATEMENT_DUPLICATE_ID', { id: s.id }, `${p}.id`, L);
      else this.statementIds.set(key, index);
    }
    const from = dateOf(s.period?.from);
    const to = dateOf(s.period?.to);
    if (s.period?.from && s.period.to && Date.parse(s.period.from) > Date.parse(s.period.to)) {
      this.f('CAMT_PERIOD_INVALID', 'error', 'PERIOD_INVALID', { from: s.period.from, to: s.period.to }, `${p}.period`, L);
    }
    this.checkSequence(s, p, acct, index);
    const bal = this.checkBalances(s, p, info);
    this.checkSummary(s, p, info);
    const fact: StatementFacts = { file: this.fileName, path: p, message: this.message };
    if (s.id) fact.id = s.id;
    if (acct) fact.account = acct;
    if (s.account.currency) fact.currency = s.account.currency;
    if (s.electronicSequenceNumber) fact.electronicSequenceNumber = s.electronicSequenceNumber;
    if (s.legalSequenceNumber) fact.legalSequenceNumber = s.legalSequenceNumber;
    if (from) fact.from = from;
    if (to) fact.to = to;
    if (bal.opening) fact.opening = bal.opening;
    if (bal.closing) fact.closing = bal.closing;
    this.facts.push(fact);
  }

  private checkSequence(s: Statement, p: string, acct: string | undefined, index: number): void {
    const raw = s.electronicSequenceNumber ?? s.legalSequenceNumber;
    if (!raw || !/^\d+$/.test(raw)) return;
    const seq = new Big(raw);
    const key = acct ?? '';
    const prev = this.seqByAccount.get(key);
    if (prev) {
      if (seq.eq(prev.seq)) this.f('CAMT_SEQUENCE_DUPLICATE', 'warning', 'SEQUENCE_DUPLICATE', { number: raw, index: prev.index }, `${p}.electronicSequenceNumber`, s.location);
      else if (seq.lt(prev.seq)) this.f('CAMT_SEQUENCE_ORDER', 'warning', 'SEQUENCE_ORDER', { number: raw, previous: prev.seq.toFixed() }, `${p}.electronicSequenceNumber`, s.location);
    }
    if (!prev || seq.gt(prev.seq)) this.seqByAccount.set(key, { seq, index });
  }

  private checkBalances(s: Statement, p: string, info: StatementEndInfo): { opening?: { amount: string; date?: string }; closing?: { amount: string; date?: string } } {
    const out: { opening?: { amount: string; date?: string }; closing?: { amount: string; date?: string } } = {};
    if (this.message === 'camt.054') return out;
    const acctCcy = s.account.currency;
    s.balances.forEach((b, i) => {
      if (acctCcy && b.currency && b.currency !== acctCcy) {
        this.f('CAMT_BALANCE_CURRENCY', 'error', 'BALANCE_CURRENCY', { type: b.type, currency: b.currency, accountCurrency: acctCcy }, `${p}.balances[${i}].currency`, b.location);
      }
      if (b.date !== undefined && !isIsoDate(b.date)) this.f('CAMT_DATE_INVALID', 'error', 'DATE_INVALID', { value: b.date }, `${p}.balances[${i}].date`, b.location);
    });
    const find = (type: string) => {
      const i = s.balances.findIndex((b) => b.type === type && !b.proprietary);
      return i < 0 ? undefined : { b: s.balances[i]!, i };
    };
    const opening = find('OPBD') ?? find('PRCD');
    const closing = find('CLBD');
    const interim = closing ? undefined : find('ITBD');
    if (opening) out.opening = { amount: signed(opening.b.amount, opening.b.creditDebit).toFixed(), ...(opening.b.date ? { date: opening.b.date } : {}) };
    if (closing) out.closing = { amount: signed(closing.b.amount, closing.b.creditDebit).toFixed(), ...(closing.b.date ? { date: closing.b.date } : {}) };
    if (this.message === 'camt.053' && (!opening || !closing)) {
      const key = !opening && !closing ? 'BALANCE_MISSING_BOTH' : !opening ? 'BALANCE_MISSING_OPENING' : 'BALANCE_MISSING_CLOSING';
      this.f('CAMT_BALANCE_MISSING', 'warning', key, {}, `${p}.balances`, s.location);
    }
    const end = closing ?? interim;
    if (!opening || !end || !info.amountsValid) return out;
    if (opening.b.currency !== end.b.currency) return out;
    if (opening.b.date && end.b.date && isIsoDate(opening.b.date) && isIsoDate(end.b.date) && opening.b.date > end.b.date) {
      this.f('CAMT_BALANCE_DATE_ORDER', 'error', 'BALANCE_DATE_ORDER', { opening: opening.b.date, closing: end.b.date }, `${p}.balances[${end.i}].date`, end.b.location);
    }
    const open = signed(opening.b.amount, opening.b.creditDebit);
    const close = signed(end.b.amount, end.b.creditDebit);
    const expected = open.plus(new Big(s.summary.bookedNet));
    if (!expected.eq(close)) {
      const ccy = end.b.currency;
      const msg = {
        openingType: opening.b.type,
        opening: fmtAmount(open, ccy),
        booked: fmtAmount(s.summary.bookedNet, ccy),
        expected: fmtAmount(expected, ccy),
        closingType: end.b.type,
        closing: fmtAmount(close, ccy),
        difference: fmtAmount(close.minus(expected), ccy),
      };
      if (closing) this.f('CAMT_BALANCE_MISMATCH', 'error', 'BALANCE_MISMATCH', msg, `${p}.balances[${end.i}]`, end.b.location);
      else this.f('CAMT_INTERIM_BALANCE_MISMATCH', 'warning', 'BALANCE_MISMATCH', msg, `${p}.balances[${end.i}]`, end.b.location);
    }
    return out;
  }

  private checkSummary(s: Statement, p: string, info: StatementEndInfo): void {
    const d = s.summary.declared;
    if (!d) return;
    const sp = `${p}.summary.declared`;
    const L = s.location;
    const sum = s.summary;
    const count = sum.entries;
    if (d.entries !== undefined && d.entries !== count) {
      this.f('CAMT_SUMMARY_COUNT_MISMATCH', 'error', 'SUMMARY_COUNT_MISMATCH', { declared: d.entries, count }, `${sp}.entries`, L);
    }
    if (!info.amountsValid) return;
    const ccy = s.account.currency;
    const credits = new Big(sum.credits.sum);
    const debits = new Big(sum.debits.sum);
    if (d.sum !== undefined && !new Big(d.sum).eq(credits.plus(debits))) {
      this.f('CAMT_SUMMARY_SUM_MISMATCH', 'error', 'SUMMARY_SUM_MISMATCH', { declared: fmtAmount(d.sum, ccy), sum: fmtAmount(credits.plus(debits), ccy) }, `${sp}.sum`, L);
    }
    if (d.net) {
      const net = credits.minus(debits);
      const declared = d.net.creditDebit === 'DBIT' ? new Big(d.net.amount).neg() : new Big(d.net.amount);
      // Without an indicator only the absolute value can be compared.
      const ok = d.net.creditDebit ? declared.eq(net) : declared.abs().eq(net.abs());
      if (!ok) this.f('CAMT_SUMMARY_NET_MISMATCH', 'error', 'SUMMARY_NET_MISMATCH', { declared: fmtAmount(declared, ccy), net: fmtAmount(net, ccy) }, `${sp}.net`, L);
    }
    for (const [key, actual] of [
      ['credits', sum.credits],
      ['debits', sum.debits],
    ] as const) {
      const part = d[key];
      if (!part) continue;
      if (part.entries !== undefined && part.entries !== actual.entries) {
        this.f(
          'CAMT_SUMMARY_COUNT_MISMATCH',
          'error',
          key === 'credits' ? 'SUMMARY_CREDITS_COUNT_MISMATCH' : 'SUMMARY_DEBITS_COUNT_MISMATCH',
          { declared: part.entries, count: actual.entries },
          `${sp}.${key}.entries`,
          L,
        );
      }
      if (part.sum !== undefined && !new Big(part.sum).eq(new Big(actual.sum))) {
        this.f(
          'CAMT_SUMMARY_SUM_MISMATCH',
          'error',
          key === 'credits' ? 'SUMMARY_CREDITS_SUM_MISMATCH' : 'SUMMARY_DEBITS_SUM_MISMATCH',
          { declared: fmtAmount(part.sum, ccy), sum: fmtAmount(actual.sum, ccy) },
          `${sp}.${key}.sum`,
          L,
        );
      }
    }
  }
}

/**
 * A 53-bit content hash of an entry without positions: equal hashes mean the bank reported the same booking twice.
 * Only the number is kept per entry, so memory stays small for large statements. The fields are fed to the hash one
 * by one, each with a type tag and strings with their length (an unambiguous encoding of the field list: two entries
 * get the same input exactly when their field lists are equal, as JSON.stringify of the list would tell), without
 * building a string per entry. A transaction's unstructured remittance lines count as their '\n'-joined text.
 */
export function fingerprint(e: Entry): number {
  const h = new Hash53();
  const c = e.bankTxCode;
  h.str(e.amount);
  h.str(e.currency);
  h.str(e.creditDebit);
  h.str(e.status);
  h.bool(e.reversal);
  h.str(e.bookingDate);
  h.str(e.valueDate);
  h.str(e.reference);
  h.str(e.accountServicerRef);
  h.str(e.additionalInfo);
  h.str(c.domain);
  h.str(c.family);
  h.str(c.subFamily);
  h.str(c.proprietary?.code);
  for (const t of e.transactions) {
    const cp = t.counterparty;
    h.str(t.amount);
    h.str(t.creditDebit);
    h.str(cp?.name);
    h.str(cp?.iban);
    h.str(cp?.otherAccountId);
    h.str(t.refs.endToEndId);
    h.str(t.refs.mandateId);
    h.str(t.refs.accountServicerRef);
    h.str(t.refs.transactionId);
    h.lines(t.remittance.unstructured);
    h.str(t.remittance.creditorReference?.reference);
    h.str(t.returnReason?.code);
  }
  return h.end();
}

/** cyrb53 over a sequence of tagged fields (see fingerprint). */
class Hash53 {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  private ch(ch: number): void {
    this.h1 = Math.imul(this.h1 ^ ch, 2654435761);
    this.h2 = Math.imul(this.h2 ^ ch, 1597334677);
  }

  private chars(s: string): void {
    let h1 = this.h1;
    let h2 = this.h2;
    for (let i = 0; i < s.length; i++) {
      const ch = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    this.h1 = h1;
    this.h2 = h2;
  }

  /** A string field (tag 1, length in two 16-bit halves, characters), or an absent one (tag 0, like JSON's null). */
  str(s: string | undefined | null): void {
    if (s === undefined || s === null) {
      this.ch(0);
      return;
    }
    this.ch(1);
    this.ch(s.length & 0xffff);
    this.ch(s.length >>> 16);
    this.chars(s);
  }

  bool(b: boolean | undefined): void {
    this.ch(b === true ? 3 : b === false ? 2 : 0);
  }

  /** The lines joined by '\n' as one string field, without joining them. */
  lines(list: readonly string[]): void {
    let n = list.length === 0 ? 0 : list.length - 1;
    for (const l of list) n += l.length;
    this.ch(1);
    this.ch(n & 0xffff);
    this.ch(n >>> 16);
    for (let i = 0; i < list.length; i++) {
      if (i > 0) this.ch(10);
      this.chars(list[i]!);
    }
  }

  end(): number {
    let { h1, h2 } = this;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 4294967296 * (2097151 & h2) + (h1 >>> 0);
  }
}

/** cyrb53: a fast 53-bit string hash (collisions among 10^5 entries are about 10^-7 likely). */
function hash53(str: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
