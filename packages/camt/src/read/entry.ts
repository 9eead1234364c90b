/** Maps one Ntry subtree (any camt.052/053/054 version) to the normalised Entry with its transactions. */
import type { XmlElement } from '@kontor/xml';
import type { BankTransactionCode, Batch, Charges, ChargeRecord, CreditorReference, Entry, Remittance, ReturnReason, Transaction, TransactionRefs } from '../model/types';
import { creditorIdOf, loc, num, readAmount, readCreditDebit, readDateChoice, readParty, t, type Issue } from './common';

/**
 * Splits a DK proprietary code "NTRF+166+00931" into SWIFT code, GVC, text key and primanota.
 * @example
 * ```ts
 * parseDkCode('NTRF+166+00931'); // { swiftCode: 'NTRF', gvc: '166', textKey: '00931' }
 * ```
 */
export function parseDkCode(code: string): Pick<BankTransactionCode, 'swiftCode' | 'gvc' | 'textKey' | 'primanota'> {
  const parts = code.split('+');
  if (parts.length < 2 || !/^[A-Z0-9]{4}$/.test(parts[0]!) || !/^\d{3}$/.test(parts[1]!)) return {};
  const out: Pick<BankTransactionCode, 'swiftCode' | 'gvc' | 'textKey' | 'primanota'> = { swiftCode: parts[0]!, gvc: parts[1]! };
  if (parts[2]) out.textKey = parts[2];
  if (parts[3]) out.primanota = parts[3];
  return out;
}

export function readBankTxCode(el: XmlElement | undefined): BankTransactionCode {
  const out: BankTransactionCode = {};
  if (!el) return out;
  const domn = el.child('Domn');
  const domain = t(domn, 'Cd');
  if (domain) out.domain = domain;
  const family = t(domn, 'Fmly', 'Cd');
  if (family) out.family = family;
  const sub = t(domn, 'Fmly', 'SubFmlyCd');
  if (sub) out.subFamily = sub;
  const prtry = el.child('Prtry');
  const code = t(prtry, 'Cd');
  if (code) {
    const issuer = t(prtry, 'Issr');
    out.proprietary = issuer ? { code, issuer } : { code };
    Object.assign(out, parseDkCode(code));
  }
  return out;
}

function isEmptyCode(c: BankTransactionCode): boolean {
  return Object.keys(c).length === 0;
}

function readRemittance(rmt: XmlElement | undefined): Remittance {
  const out: Remittance = { unstructured: [], creditorReferences: [], referredDocuments: [], additionalInfo: [] };
  if (!rmt) return out;
  for (const u of rmt.elements('Ustrd')) {
    const line = u.text.trim();
    if (line) out.unstructured.push(line);
  }
  for (const s of rmt.elements('Strd')) {
    for (const cri of s.elements('CdtrRefInf')) {
      const reference = t(cri, 'Ref');
      if (!reference) continue;
      const ref: CreditorReference = { reference };
      const type = t(cri, 'Tp', 'CdOrPrtry', 'Cd') ?? t(cri, 'Tp', 'CdOrPrtry', 'Prtry');
      if (type) ref.type = type;
      const issuer = t(cri, 'Tp', 'Issr');
      if (issuer) ref.issuer = issuer;
      out.creditorReferences.push(ref);
    }
    for (const rdi of s.elements('RfrdDocInf')) {
      const d: { type?: string; number?: string; date?: string } = {};
      const type = t(rdi, 'Tp', 'CdOrPrtry', 'Cd') ?? t(rdi, 'Tp', 'CdOrPrtry', 'Prtry');
      if (type) d.type = type;
      const nb = t(rdi, 'Nb');
      if (nb) d.number = nb;
      const dt = t(rdi, 'RltdDt') ?? t(rdi, 'RltdDt', 'Dt');
      if (dt) d.date = dt;
      if (Object.keys(d).length) out.referredDocuments.push(d);
    }
    for (const a of s.elements('AddtlRmtInf')) {
      const line = a.text.trim();
      if (line) out.additionalInfo.push(line);
    }
  }
  if (out.creditorReferences[0]) out.creditorReference = out.creditorReferences[0];
  return out;
}

const refFields: [string, keyof TransactionRefs][] = [
  ['EndToEndId', 'endToEndId'],
  ['MndtId', 'mandateId'],
  ['InstrId', 'instructionId'],
  ['AcctSvcrRef', 'accountServicerRef'],
  ['TxId', 'transactionId'],
  ['PmtInfId', 'paymentInfoId'],
  ['MsgId', 'messageId'],
  ['UETR', 'uetr'],
  ['ChqNb', 'chequeNumber'],
  ['ClrSysRef', 'clearingSystemRef'],
];

function readRefs(refs: XmlElement | undefined): TransactionRefs {
  const out: TransactionRefs = {};
  if (!refs) return out;
  for (const [local, key] of refFields) {
    const v = t(refs, local);
    if (v) (out as Record<string, string>)[key] = v;
  }
  const prtry = refs.elements('Prtry').flatMap((p) => {
    const reference = t(p, 'Ref');
    return reference ? [{ type: t(p, 'Tp') ?? '', reference }] : [];
  });
  if (prtry.length) out.proprietary = prtry;
  return out;
}

/** Chrgs: .02 repeats ChargesInformation (Amt, CdtDbtInd, Tp, Br); .08 has one Charges with Rcrd children. */
function readCharges(els: XmlElement[], path: string, issue: Issue): Charges | undefined {
  if (!els.length) return undefined;
  const out: Charges = { records: [] };
  const record = (r: XmlElement, p: string) => {
    const a = readAmount(r.child('Amt'), `${p}.amount`, issue);
    if (!a) return;
    const rec: ChargeRecord = { amount: a.amount, currency: a.currency };
    const cd = readCreditDebit(r.child('CdtDbtInd'));
    if (cd) rec.creditDebit = cd;
    const type = t(r, 'Tp', 'Cd') ?? t(r, 'Tp', 'Prtry', 'Id') ?? t(r, 'Tp', 'Prtry');
    if (type) rec.type = type;
    const br = t(r, 'Br');
    if (br) rec.bearer = br;
    const incl = t(r, 'ChrgInclInd');
    if (incl) rec.included = incl === 'true';
    out.records.push(rec);
  };
  els.forEach((c, i) => {
    const total = readAmount(c.child('TtlChrgsAndTaxAmt'), `${path}.total`, issue);
    if (total && !out.total) out.total = { amount: total.amount, currency: total.currency };
    const rcrds = c.elements('Rcrd');
    if (rcrds.length) rcrds.forEach((r, j) => record(r, `${path}.records[${j}]`));
    else record(c, `${path}.records[${i}]`);
  });
  return out.records.length || out.total ? out : undefined;
}

function readReturn(rtr: XmlElement | undefined): ReturnReason | undefined {
  if (!rtr) return undefined;
  const out: ReturnReason = {
    additionalInfo: rtr
      .elements('AddtlInf')
      .map((a) => a.text.trim())
      .filter(Boolean),
  };
  const code = t(rtr, 'Rsn', 'Cd');
  if (code) out.code = code;
  const prtry = t(rtr, 'Rsn', 'Prtry');
  if (prtry) out.proprietary = prtry;
  return out.code || out.proprietary || out.additionalInfo.length ? out : undefined;
}

function readTransaction(tx: XmlElement, entryCd: 'CRDT' | 'DBIT', reversal: boolean, path: string, issue: Issue): Transaction {
  const rp = tx.child('RltdPties');
  const ra = tx.child('RltdAgts');
  const out: Transaction = { remittance: readRemittance(tx.child('RmtInf')), refs: readRefs(tx.child('Refs')), location: loc(tx)! };
  // .08 carries Amt/CdtDbtInd directly; .02 only AmtDtls/TxAmt.
  const amtEl = tx.child('Amt') ?? tx.find('AmtDtls', 'TxAmt', 'Amt');
  const amt = readAmount(amtEl, `${path}.amount`, issue);
  if (amt) {
    out.amount = amt.amount;
    out.currency = amt.currency;
  }
  // .02 has no transaction-level indicator: the entry's applies.
  const cd = readCreditDebit(tx.child('CdtDbtInd'));
  out.creditDebit = cd ?? entryCd;
  const instd = readAmount(tx.find('AmtDtls', 'InstdAmt', 'Amt'), `${path}.instructedAmount`, issue);
  if (instd) out.instructedAmount = { amount: instd.amount, currency: instd.currency };
  const debtor = readParty(rp?.child('Dbtr'), rp?.child('DbtrAcct'), ra?.child('DbtrAgt'));
  const creditor = readParty(rp?.child('Cdtr'), rp?.child('CdtrAcct'), ra?.child('CdtrAgt'));
  const ultimateDebtor = readParty(rp?.child('UltmtDbtr'), undefined, undefined);
  const ultimateCreditor = readParty(rp?.child('UltmtCdtr'), undefined, undefined);
  if (debtor) out.debtor = debtor;
  if (creditor) out.creditor = creditor;
  if (ultimateDebtor) out.ultimateDebtor = ultimateDebtor;
  if (ultimateCreditor) out.ultimateCreditor = ultimateCreditor;
  // Money in: the other side is the debtor. A reversal undoes the opposite movement, so the side flips.
  const received = ((cd ?? entryCd) === 'CRDT') !== reversal;
  const cp = received ? debtor : creditor;
  const ucp = received ? ultimateDebtor : ultimateCreditor;
  if (cp) out.counterparty = cp;
  if (ucp) out.ultimateCounterparty = ucp;
  const creditorId = creditorIdOf(rp?.child('Cdtr')) ?? creditorIdOf(rp?.child('UltmtCdtr'));
  if (creditorId) out.refs.creditorId = creditorId;
  const btc = readBankTxCode(tx.child('BkTxCd'));
  if (!isEmptyCode(btc)) out.bankTxCode = btc;
  const purp = t(tx, 'Purp', 'Cd') ?? t(tx, 'Purp', 'Prtry');
  if (purp) out.purpose = purp;
  const charges = readCharges(tx.elements('Chrgs'), `${path}.charges`, issue);
  if (charges) out.charges = charges;
  const rtr = readReturn(tx.child('RtrInf'));
  if (rtr) out.returnReason = rtr;
  const addtl = t(tx, 'AddtlTxInf');
  if (addtl) out.additionalInfo = addtl;
  return out;
}

/** The status element: text in .02 (<Sts>BOOK</Sts>), a choice in .08 (<Sts><Cd>BOOK</Cd></Sts>). */
function readStatus(sts: XmlElement | undefined): string | undefined {
  if (!sts) return undefined;
  return t(sts, 'Cd') ?? t(sts, 'Prtry') ?? (sts.text.trim() || undefined);
}

export interface EntryReadInfo {
  entry: Entry;
  /** False when the amount was not a decimal: sums involving it are meaningless. */
  amountValid: boolean;
}

export function readEntry(ntry: XmlElement, path: string, issue: Issue): EntryReadInfo {
  const amt = readAmount(ntry.child('Amt'), `${path}.amount`, issue);
  if (!amt) issue('CAMT_ENTRY_AMOUNT_MISSING', 'error', 'ENTRY_AMOUNT_MISSING', undefined, ntry, `${path}.amount`);
  let creditDebit = readCreditDebit(ntry.child('CdtDbtInd'));
  if (!creditDebit) {
    issue('CAMT_CREDIT_DEBIT_MISSING', 'error', 'ENTRY_CREDIT_DEBIT_MISSING', undefined, ntry.child('CdtDbtInd') ?? ntry, `${path}.creditDebit`);
    creditDebit = 'CRDT';
  }
  const reversal = t(ntry, 'RvslInd') === 'true' || t(ntry, 'RvslInd') === '1';
  const status = readStatus(ntry.child('Sts'));
  if (!status) issue('CAMT_ENTRY_STATUS_MISSING', 'warning', 'ENTRY_STATUS_MISSING', undefined, ntry, `${path}.status`);
  const entry: Entry = {
    amount: amt?.amount ?? '0',
    currency: amt?.currency ?? '',
    creditDebit,
    status: status ?? 'BOOK',
    reversal,
    bankTxCode: readBankTxCode(ntry.child('BkTxCd')),
    batches: [],
    transactions: [],
    location: loc(ntry)!,
  };
  const ref = t(ntry, 'NtryRef');
  if (ref) entry.reference = ref;
  const booking = readDateChoice(ntry.child('BookgDt'));
  if (booking.date) entry.bookingDate = booking.date;
  if (booking.dateTime) entry.bookingDateTime = booking.dateTime;
  const value = readDateChoice(ntry.child('ValDt'));
  if (value.date) entry.valueDate = value.date;
  const asr = t(ntry, 'AcctSvcrRef');
  if (asr) entry.accountServicerRef = asr;
  const addtl = t(ntry, 'AddtlNtryInf');
  if (addtl) entry.additionalInfo = addtl;
  const charges = readCharges(ntry.elements('Chrgs'), `${path}.charges`, issue);
  if (charges) entry.charges = charges;
  // .02 allows several NtryDtls blocks, each with an optional batch and transactions.
  for (const dtls of ntry.elements('NtryDtls')) {
    const btch = dtls.child('Btch');
    if (btch) {
      const b: Batch = {};
      const msgId = t(btch, 'MsgId');
      if (msgId) b.messageId = msgId;
      const pmtInfId = t(btch, 'PmtInfId');
      if (pmtInfId) b.paymentInfoId = pmtInfId;
      const n = num(btch, 'NbOfTxs');
      if (n !== undefined) b.transactions = n;
      const total = readAmount(btch.child('TtlAmt'), `${path}.batches[${entry.batches.length}].total`, issue);
      if (total) b.total = { amount: total.amount, currency: total.currency };
      const cd = readCreditDebit(btch.child('CdtDbtInd'));
      if (cd) b.creditDebit = cd;
      entry.batches.push(b);
    }
    for (const tx of dtls.elements('TxDtls')) {
      entry.transactions.push(readTransaction(tx, creditDebit, reversal, `${path}.transactions[${entry.transactions.length}]`, issue));
    }
  }
  // Entries whose code sits only on the transaction level (common in German camt.052 .02) inherit it.
  if (isEmptyCode(entry.bankTxCode) && entry.transactions[0]?.bankTxCode) entry.bankTxCode = { ...entry.transactions[0].bankTxCode };
  return { entry, amountValid: amt?.valid ?? false };
}
