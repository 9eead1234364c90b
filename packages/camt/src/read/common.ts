/**
 * Version-agnostic readers for the building blocks that camt.052/053/054/086 share: amounts, dates, accounts,
 * parties and agents. The .02 and .08 schemas differ in small ways (BIC vs BICFI, Pty wrapper around parties,
 * Sts as text vs Sts/Cd); every difference is absorbed here.
 */
import { dec, parseDecimal, type XmlElement, type XmlLocation } from '@kontor/xml';
import type { Account, CreditDebit, Party, SignedAmount } from '../model/types';
import type { CamtMessageKey } from '../messages';

/** Reports a reader finding: the text is `key` of the catalogue with `params`, in the language of the read. */
export type Issue = (code: string, severity: 'error' | 'warning' | 'info', key: CamtMessageKey, params: Record<string, string | number> | undefined, el: XmlElement | undefined, path: string) => void;

export function loc(el: XmlElement | undefined): XmlLocation | undefined {
  return el ? { line: el.line, column: el.column } : undefined;
}

/** Trimmed text of a descendant chain, undefined when absent or empty. */
export function t(el: XmlElement | undefined, ...locals: string[]): string | undefined {
  if (!el) return undefined;
  const v = el.textAt(...locals);
  return v === undefined || v === '' ? undefined : v;
}

export function num(el: XmlElement | undefined, ...locals: string[]): number | undefined {
  const v = t(el, ...locals);
  if (v === undefined || !/^\d{1,15}$/.test(v)) return undefined;
  return Number(v);
}

/** The lexical decimal of an amount element, or undefined when it is not an xs:decimal. */
export function decimalText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const d = parseDecimal(text);
  if (!d) return undefined;
  const s = text.trim();
  return s.startsWith('+') ? s.slice(1) : s;
}

export interface ReadAmount {
  amount: string;
  currency: string;
  valid: boolean;
}

/** An ActiveOrHistoricCurrencyAndAmount element: text + Ccy attribute. Invalid text is reported and read as 0. */
export function readAmount(el: XmlElement | undefined, path: string, issue: Issue): ReadAmount | undefined {
  if (!el) return undefined;
  const currency = el.attr('Ccy') ?? '';
  const value = decimalText(el.text);
  if (value === undefined) {
    issue('CAMT_AMOUNT_INVALID', 'error', 'AMOUNT_INVALID', { value: el.text.trim() }, el, path);
    return { amount: '0', currency, valid: false };
  }
  if (!currency) issue('CAMT_CURRENCY_MISSING', 'warning', 'CURRENCY_MISSING', undefined, el, path);
  return { amount: value, currency, valid: true };
}

export function readCreditDebit(el: XmlElement | undefined): CreditDebit | undefined {
  const v = el?.text.trim();
  return v === 'CRDT' || v === 'DBIT' ? v : undefined;
}

/** DateAndDateTimeChoice (Dt | DtTm): the date part as written, never shifted between time zones. */
export function readDateChoice(el: XmlElement | undefined): { date?: string; dateTime?: string } {
  if (!el) return {};
  const dt = t(el, 'Dt');
  const dtTm = t(el, 'DtTm');
  const out: { date?: string; dateTime?: string } = {};
  if (dt) out.date = dt.slice(0, 10);
  if (dtTm) {
    out.dateTime = dtTm;
    if (!out.date) out.date = dtTm.slice(0, 10);
  }
  // Some producers put the date directly into the choice element.
  if (!dt && !dtTm && el.children.length === 0 && el.text.trim()) out.date = el.text.trim().slice(0, 10);
  return out;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar date in the form YYYY-MM-DD (29 February only in leap years). */
export function isIsoDate(s: string | undefined): boolean {
  if (!s || s.length !== 10 || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  if (m < 1 || m > 12 || d < 1 || d > DAYS[m - 1]!) return false;
  return m !== 2 || d < 29 || (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0));
}

/** BIC of a FinInstnId (BIC in .02, BICFI in .08, AnyBIC in party ids). */
export function readBic(finInstnId: XmlElement | undefined): string | undefined {
  return t(finInstnId, 'BICFI') ?? t(finInstnId, 'BIC');
}

/** AccountIdentification4Choice → IBAN or other id. */
export function readAccountId(acct: XmlElement | undefined): { iban?: string; otherId?: string; otherScheme?: string } {
  const id = acct?.child('Id');
  if (!id) return {};
  const iban = t(id, 'IBAN');
  if (iban) return { iban };
  const othr = id.child('Othr');
  const out: { otherId?: string; otherScheme?: string } = {};
  const oid = t(othr, 'Id');
  if (oid) out.otherId = oid;
  const scheme = t(othr, 'SchmeNm', 'Cd') ?? t(othr, 'SchmeNm', 'Prtry');
  if (scheme) out.otherScheme = scheme;
  return out;
}

/** The Acct block of a statement: id, currency, name, owner, servicer. */
export function readAccount(acct: XmlElement | undefined): Account {
  const out: Account = { ...readAccountId(acct) };
  if (!acct) return out;
  const ccy = t(acct, 'Ccy');
  if (ccy) out.currency = ccy;
  const nm = t(acct, 'Nm');
  if (nm) out.name = nm;
  const owner = partyName(acct.child('Ownr'));
  if (owner) out.owner = owner;
  const fin = acct.child('Svcr')?.child('FinInstnId');
  const bic = readBic(fin);
  if (bic) out.servicerBic = bic;
  const svcrNm = t(fin, 'Nm');
  if (svcrNm) out.servicerName = svcrNm;
  return out;
}

/** Party126Choice (.08: Pty | Agt) or PartyIdentification32 (.02) → the party element carrying Nm/Id. */
function partyCore(el: XmlElement | undefined): { party?: XmlElement; agent?: XmlElement } {
  if (!el) return {};
  const pty = el.child('Pty');
  if (pty) return { party: pty };
  const agt = el.child('Agt');
  if (agt) return { agent: agt };
  return { party: el };
}

export function partyName(el: XmlElement | undefined): string | undefined {
  const { party, agent } = partyCore(el);
  if (party) return t(party, 'Nm');
  if (agent) return t(agent, 'FinInstnId', 'Nm');
  return undefined;
}

/** Organisation or private identification: AnyBIC/BICOrBEI, the first Othr/Id, or a birth date marker. */
function partyId(party: XmlElement | undefined): string | undefined {
  const id = party?.child('Id');
  if (!id) return undefined;
  const org = id.child('OrgId');
  const prv = id.child('PrvtId');
  return t(org, 'AnyBIC') ?? t(org, 'BICOrBEI') ?? t(org, 'Othr', 'Id') ?? t(prv, 'Othr', 'Id');
}

/** A related party with its account and agent, e.g. Dbtr + DbtrAcct + RltdAgts/DbtrAgt. */
export function readParty(partyEl: XmlElement | undefined, acctEl: XmlElement | undefined, agentEl: XmlElement | undefined): Party | undefined {
  const p: Party = {};
  const { party, agent } = partyCore(partyEl);
  const name = party ? t(party, 'Nm') : t(agent, 'FinInstnId', 'Nm');
  if (name) p.name = name;
  const id = partyId(party);
  if (id) p.id = id;
  const acc = readAccountId(acctEl);
  if (acc.iban) p.iban = acc.iban;
  if (acc.otherId) p.otherAccountId = acc.otherId;
  const bic = readBic(agentEl?.child('FinInstnId')) ?? (agent ? readBic(agent.child('FinInstnId')) : undefined);
  if (bic) p.bic = bic;
  return Object.keys(p).length ? p : undefined;
}

/** SEPA creditor identifier (Gläubiger-ID) from a creditor party: PrvtId/Othr with scheme SEPA, or the DE..ZZZ.. form. */
export function creditorIdOf(partyEl: XmlElement | undefined): string | undefined {
  const { party } = partyCore(partyEl);
  const id = party?.child('Id');
  if (!id) return undefined;
  for (const holder of [id.child('PrvtId'), id.child('OrgId')]) {
    for (const othr of holder?.elements('Othr') ?? []) {
      const v = t(othr, 'Id');
      if (!v) continue;
      const scheme = t(othr, 'SchmeNm', 'Prtry') ?? t(othr, 'SchmeNm', 'Cd');
      if (scheme?.toUpperCase() === 'SEPA' || (/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(v) && v.slice(4, 7) === 'ZZZ')) return v;
    }
  }
  return undefined;
}

/** AmountAndDirection34 (camt.086): Amt + Sgn (false = negative). */
export function readSigned(el: XmlElement | undefined, path: string, issue: Issue): SignedAmount | undefined {
  if (!el) return undefined;
  const a = readAmount(el.child('Amt'), `${path}.amount`, issue);
  if (!a) return undefined;
  const negative = t(el, 'Sgn') === 'false';
  const amount = negative && !a.amount.startsWith('-') && !dec(a.amount).eq(0) ? `-${a.amount}` : a.amount;
  return { amount, currency: a.currency };
}
