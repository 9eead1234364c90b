/**
 * Business rules on a pain.001 read model (any producer): header sums, identifiers, amounts, accounts,
 * and the profile rules of SCT (DK GBIC / EPC) and AXZ (DK foreign payments). Messages in German (default) or
 * English from ../messages, stable codes, dot paths into the read model and source positions (line/column).
 *
 * Speed (a file of 20,000 payments is checked in a few milliseconds per thousand): dot paths are built only for a
 * finding (the collector knows the block and transaction being checked), amounts are integer hundredths unless
 * they have more decimals or digits (decimal-sum.ts; big.js then), lengths in code points are counted only when
 * the UTF-16 length is over the limit. Findings are the same as before (test/reader.differential.test.ts).
 */
import Big from 'big.js';
import { ibanProblem, type Finding, type Lang, type Severity } from '@kontor/xml';
import { isBic } from '../model/identifiers';
import { ibanFinding } from '../model/iban';
import { msg, sayer, type Msg, type Say } from '../messages';
import { currencyMinorUnits, isKnownCurrency, isSepaCountry, isCountryCode } from '../model/codes';
import { ID_PATTERN, isInCharacterSet, unsupportedCharacters } from '../model/charset';
import { isIsoDate } from '../model/dates';
import type { Profile } from '../model/run';
import type { Loc, Pain001ReadModel, ReadAccount, ReadAddress, ReadAgent, ReadParty, ReadPaymentBlock, ReadTransaction } from './model';
import { DECIMAL, DecimalSum, decimalHundredths, hundredths } from './decimal-sum';
import { locOf } from './position';
import { HashSlots } from './hash-slots';

const SCT_MAX = new Big('999999999.99');
/** SCT_MAX in hundredths. */
const SCT_MAX_H = 99_999_999_999;
/** Transaction coordinates in one number (block * 2^20 + transaction; at most 1,000,000 transactions). */
const TX_SHIFT = 1_048_576;

class Collector {
  readonly issues: Finding[] = [];
  readonly say: Say;
  /** Block and transaction being checked (-1: none): the base of the relative paths given to `add`. */
  bi = -1;
  ti = -1;
  constructor(readonly lang: Lang) {
    this.say = sayer(lang);
  }
  /** `path` is relative to the current block/transaction (absolute when there is none), e.g. '.amount'. */
  add(code: string, severity: Severity, m: Msg, path: string, location?: Loc): void {
    const full = this.bi < 0 ? path : this.ti < 0 ? `paymentBlocks.${this.bi}${path}` : `paymentBlocks.${this.bi}.transactions.${this.ti}${path}`;
    // Positions of validatePain001's own model are small integers (position.ts): decoded here, for the finding only.
    const at = location === undefined ? undefined : locOf(location);
    this.issues.push({ code, severity, message: this.say(m.key, m.params), path: full, ...(at ? { line: at.line, column: at.column } : {}) });
  }
}

const txPath = (coord: number) => `paymentBlocks.${Math.floor(coord / TX_SHIFT)}.transactions.${coord % TX_SHIFT}`;

/** Length in code points (what [...s].length counts: a surrogate pair is one, a lone surrogate one). */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** Code points above max (the UTF-16 length bounds them from above, so most values need no count). */
const longerThan = (s: string, max: number) => s.length > max && codePoints(s) > max;

/** Adds the IBAN finding if any; true when the IBAN is valid (the SEPA country check reuses it, one check per value). */
function ibanRaw(c: Collector, iban: string, label: string, path: string, at?: Loc): boolean {
  // The file value must already be in electronic form (the shared rule set): lower case or blanks are a format error.
  const p = ibanProblem(iban);
  if (p) {
    const f = ibanFinding(iban, p, c.lang);
    c.add(f.code, 'error', msg('IBAN_PROBLEM', { label: `@${label}`, problem: f.problem }), path, at);
    return false;
  }
  return true;
}

function checkAgentBic(c: Collector, a: ReadAgent | undefined, label: string, path: string): void {
  if (a?.bic !== undefined && !isBic(a.bic)) c.add('BIC_INVALID', 'error', msg('BIC_INVALID', { label: `@${label}`, bic: a.bic }), `${path}.bic`, a.fieldAt.bic ?? a.at);
}

function checkName(c: Collector, p: ReadParty | undefined, label: string, path: string, profile: Profile, required: boolean): void {
  // The common case decided here, the rest (and every finding) in nameFindings: a small function is optimised
  // early in a process (see checkTransaction).
  const name = p?.name;
  if (name !== undefined && name.length <= (profile === 'sct' ? 70 : 140) && (profile !== 'sct' || isInCharacterSet(name, 'dk'))) return;
  nameFindings(c, p, label, path, profile, required);
}

function nameFindings(c: Collector, p: ReadParty | undefined, label: string, path: string, profile: Profile, required: boolean): void {
  if (!p) return;
  const max = profile === 'sct' ? 70 : 140;
  if (p.name === undefined) {
    if (required) c.add('NAME_MISSING', 'error', msg('NAME_MISSING', { label: `@${label}` }), `${path}.name`, p.at);
    return;
  }
  if (longerThan(p.name, max)) c.add('NAME_TOO_LONG', 'error', msg('NAME_TOO_LONG', { label: `@${label}`, max, length: codePoints(p.name) }), `${path}.name`, p.fieldAt.name);
  if (profile === 'sct' && !isInCharacterSet(p.name, 'dk')) {
    c.add('UNSUPPORTED_CHARACTER', 'warning', msg('NAME_CHARSET', { label: `@${label}`, chars: unsupportedCharacters(p.name, 'dk').join(' ') }), `${path}.name`, p.fieldAt.name);
  }
}

function checkAddress(c: Collector, a: ReadAddress | undefined, label: string, path: string, at: Loc | undefined, requiredForAxz: boolean, profile: Profile): void {
  if (!a) {
    if (requiredForAxz) c.add(label === 'L_CREDITOR' ? 'AXZ_CREDITOR_ADDRESS_MISSING' : 'AXZ_DEBTOR_ADDRESS_MISSING', 'error', msg('ADDRESS_MISSING', { label: `@${label}` }), path, at);
    return;
  }
  const structured = a.townName !== undefined || a.streetName !== undefined || a.postCode !== undefined;
  if (a.countryCode !== undefined && !isCountryCode(a.countryCode))
    c.add('COUNTRY_CODE_UNKNOWN', 'error', msg('COUNTRY_CODE_UNKNOWN', { label: `@${label}`, country: a.countryCode }), `${path}.countryCode`, at);
  if (profile === 'axz' || structured) {
    if (a.townName === undefined && a.addressLines.length === 0) c.add('ADDRESS_TOWN_MISSING', 'error', msg('ADDRESS_TOWN_MISSING', { label: `@${label}` }), `${path}.townName`, at);
    if (a.countryCode === undefined) c.add('ADDRESS_COUNTRY_MISSING', 'error', msg('ADDRESS_COUNTRY_MISSING', { label: `@${label}` }), `${path}.countryCode`, at);
  }
  if (a.addressLines.length > 0 && !structured) {
    c.add('ADDRESS_UNSTRUCTURED', 'warning', msg('ADDRESS_UNSTRUCTURED', { label: `@${label}` }), path, at);
  }
}

/**
 * The amount of a transaction: hundredths (≥ 0) for the common form, a big.js value for the others, or null when
 * it is missing or not a decimal (each with its finding).
 */
function checkAmount(c: Collector, t: ReadTransaction, profile: Profile): number | Big | null {
  // The common case (SCT: a positive amount of at most two decimals within the maximum) decided here, the rest (and
  // every finding) in amountFindings: a small function is optimised early in a process (see checkTransaction).
  const amount = t.amount;
  if (profile === 'sct' && amount !== undefined) {
    const h = decimalHundredths(amount);
    if (h > 0 && h <= SCT_MAX_H) return h;
  }
  return amountFindings(c, t, profile);
}

function amountFindings(c: Collector, t: ReadTransaction, profile: Profile): number | Big | null {
  const at = t.fieldAt.amount ?? t.fieldAt.amountBlock ?? t.at;
  const amount = t.amount;
  if (amount === undefined) {
    c.add('AMOUNT_MISSING', 'error', msg('AMOUNT_MISSING'), '.amount', at);
    return null;
  }
  if (!DECIMAL.test(amount)) {
    c.add(amount.startsWith('-') ? 'AMOUNT_NOT_POSITIVE' : 'AMOUNT_INVALID', 'error', msg('AMOUNT_NOT_DECIMAL', { amount }), '.amount', at);
    return null;
  }
  const h = hundredths(amount);
  const b = h < 0 ? new Big(amount) : null;
  if (b === null ? h === 0 : b.lte(0)) c.add('AMOUNT_NOT_POSITIVE', 'error', msg('AMOUNT_NOT_POSITIVE', { amount }), '.amount', at);
  // The currency's minor units matter for AXZ only (SCT: two decimals).
  const minor = profile !== 'sct' && t.currency ? currencyMinorUnits(t.currency) : undefined;
  const maxDec = profile === 'sct' ? 2 : Math.min(2, minor ?? 2);
  // Like xs:fractionDigits, trailing zeros do not count: 1500.000 is fine, 1500.001 is not.
  const tooMany = b === null ? (maxDec === 2 ? false : h % (maxDec === 1 ? 10 : 100) !== 0) : !b.round(maxDec, Big.roundDown).eq(b);
  if (tooMany) {
    c.add(
      'AMOUNT_TOO_MANY_DECIMALS',
      'error',
      profile === 'axz' && minor !== undefined && minor < 2 ? msg('AMOUNT_DECIMALS_CURRENCY', { amount, max: maxDec, currency: t.currency }) : msg('AMOUNT_DECIMALS', { amount, max: maxDec }),
      '.amount',
      at,
    );
  }
  if (profile === 'sct' && (b === null ? h > SCT_MAX_H : b.gt(SCT_MAX))) c.add('AMOUNT_TOO_LARGE', 'error', msg('AMOUNT_TOO_LARGE_SCT', { amount }), '.amount', at);
  return b ?? h;
}

function checkId(c: Collector, value: string | undefined, label: string, code: string, path: string, at: Loc | undefined, profile: Profile, required: boolean): void {
  // The common case decided here, the rest (and every finding) in idFindings (see checkName).
  if (value !== undefined && value !== '' && value.length <= 35 && (profile !== 'sct' || ID_PATTERN.test(value))) return;
  idFindings(c, value, label, code, path, at, profile, required);
}

function idFindings(c: Collector, value: string | undefined, label: string, code: string, path: string, at: Loc | undefined, profile: Profile, required: boolean): void {
  if (value === undefined || value === '') {
    if (required) c.add(`${code}_MISSING`, 'error', msg('ID_MISSING', { label: `@${label}` }), path, at);
    return;
  }
  if (longerThan(value, 35)) c.add(`${code}_TOO_LONG`, 'error', msg('ID_TOO_LONG', { label: `@${label}` }), path, at);
  else if (profile === 'sct' && !ID_PATTERN.test(value)) {
    c.add(`${code}_CHARSET`, 'error', msg('ID_CHARSET', { label: `@${label}`, value }), path, at);
  }
}

/**
 * Whether the IBAN starts with two letters A–Z that are not a SEPA country: a table lookup by the letter pair, without
 * a two-letter string per payment.
 */
function outsideSepa(iban: string): boolean {
  const a = iban.charCodeAt(0) - 0x41;
  const b = iban.charCodeAt(1) - 0x41;
  if (!(a >= 0 && a < 26 && b >= 0 && b < 26)) return false;
  return SEPA_PAIRS[a * 26 + b] === 0;
}

/** 1 for the letter pairs (first * 26 + second, A–Z) that are SEPA countries, else 0; made once when the module loads. */
const SEPA_PAIRS = ((): Uint8Array => {
  const t = new Uint8Array(26 * 26);
  for (let a = 0; a < 26; a++) for (let b = 0; b < 26; b++) t[a * 26 + b] = isSepaCountry(String.fromCharCode(0x41 + a, 0x41 + b)) ? 1 : 0;
  return t;
})();

const NO_LEVELS: readonly string[] = [];

// Duplicate payments (same account, amount to the cent, currency, remittance text, creditor reference and execution
// date): a 32-bit hash of the parts that tell payments apart per payment and a comparison of all parts on a hit,
// instead of a joined key string per payment.

function hashText(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return Math.imul(h ^ 0x1f, 0x01000193);
}

/** The remittance text as the key has it: the unstructured lines joined with '|'. */
const remittanceText = (t: ReadTransaction) => (t.remittance.unstructured.length === 1 ? t.remittance.unstructured[0]! : t.remittance.unstructured.join('|'));

/** The amount to the cent: hundredths, or -1 with the big.js text beyond 13 integer digits. */
function centsOf(t: ReadTransaction): [number, string] {
  const a = t.amount!;
  const h = hundredths(a);
  if (h >= 0) return [h, ''];
  const fixed = new Big(a).toFixed(2);
  const hf = hundredths(fixed);
  return hf >= 0 ? [hf, ''] : [-1, fixed];
}

/** Characters of an account identifier the hash takes: the last ones (an IBAN's account number). */
const ACCOUNT_TAIL = 10;

/**
 * The duplicate hash of a payment: the account's last ACCOUNT_TAIL characters and its length, the amount, the
 * remittance text and the creditor reference. Not the currency and the execution date (a file's payments mostly share
 * them) nor an IBAN's country and bank part: every character hashed is a charCodeAt on a cut-out of the file's text,
 * and two payments that differ only there share a hash value, which costs one comparison of the parts and one full key
 * (PaymentDuplicates), not a wrong result.
 */
export function dupHash(t: ReadTransaction, acc: ReadAccount, cents: number, fixed: string): number {
  const id = acc.iban ?? acc.other ?? '';
  const n = id.length;
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  for (let i = n > ACCOUNT_TAIL ? n - ACCOUNT_TAIL : 0; i < n; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h = cents >= 0 ? Math.imul(h ^ (cents % 0x40000000), 0x01000193) ^ Math.floor(cents / 0x40000000) : hashText(h, fixed);
  const u = t.remittance.unstructured;
  if (u.length === 1) h = hashText(h, u[0]!);
  else h = hashText(h, u.join('|'));
  // Kept within 30 bits (hash-slots.ts).
  return hashText(h, t.remittance.creditorReference ?? '') & 0x3fffffff;
}

/** The duplicate key as one string (parts joined by NUL, which no XML text contains). */
function fullKey(t: ReadTransaction, b: { executionDate?: string }, cents: number, fixed: string): string {
  const a = t.creditorAccount!;
  return `${a.iban ?? a.other ?? ''}\u0000${cents >= 0 ? cents : `f${fixed}`}\u0000${t.currency ?? ''}\u0000${remittanceText(t)}\u0000${t.remittance.creditorReference ?? ''}\u0000${b.executionDate ?? ''}`;
}

/** Payments of all blocks (the size of the duplicate checks' tables). */
function countTransactions(blocks: Pain001ReadModel['paymentBlocks']): number {
  let n = 0;
  for (const b of blocks) n += b.transactions.length;
  return n;
}

/**
 * The payments seen so far by duplicate key. `hash` is the key's hash (replaceable so that tests can make every key
 * collide and exercise the comparison). Each hash value's slot (hash-slots.ts) holds the first payment with that
 * value; a payment with the same value is compared with it part by part, and when the keys differ it goes by its
 * full key string into a Map (V8 hashes strings with a per-process seed). The hash is fixed, so an upload can be made
 * of many payments whose keys share one hash value: each then costs one comparison and one full key, so no upload
 * makes the check quadratic.
 */
export class PaymentDuplicates {
  private readonly slots: HashSlots;
  /** First payments of keys whose hash value's slot holds another key, by full key. */
  private readonly others = new Map<string, number>();
  /** Part-by-part comparisons made so far (tests bound it). */
  comparisons = 0;
  constructor(
    private readonly blocks: Pain001ReadModel['paymentBlocks'],
    private readonly hash: typeof dupHash = dupHash,
  ) {
    this.slots = new HashSlots(countTransactions(blocks));
  }

  /**
   * The coordinates (block * 2^20 + transaction) of the first earlier payment with the key of transaction `ti` of
   * block `bi` (which has a creditor account and a decimal amount), else undefined — and then it is remembered.
   * `knownCents`: the amount's hundredths when the caller has them already (checkAmount), else -1.
   */
  firstOf(bi: number, ti: number, knownCents = -1): number | undefined {
    const b = this.blocks[bi]!;
    const t = b.transactions[ti]!;
    // The common amount form without the pair centsOf makes (small functions: optimised early, see checkTransaction).
    const cents = knownCents >= 0 ? knownCents : hundredths(t.amount!);
    return cents >= 0 ? this.lookup(b, t, bi * TX_SHIFT + ti, cents, '') : this.lookupBig(b, t, bi * TX_SHIFT + ti);
  }

  private lookupBig(b: ReadPaymentBlock, t: ReadTransaction, coord: number): number | undefined {
    const [cents, fixed] = centsOf(t);
    return this.lookup(b, t, coord, cents, fixed);
  }

  private lookup(b: ReadPaymentBlock, t: ReadTransaction, coord: number, cents: number, fixed: string): number | undefined {
    const prev = this.slots.claim(this.hash(t, t.creditorAccount!, cents, fixed), coord);
    if (prev < 0) return undefined;
    this.comparisons++;
    if (samePayment(this.blocks, prev, t, b)) return prev;
    return this.byFullKey(fullKey(t, b, cents, fixed), coord);
  }

  private byFullKey(key: string, coord: number): number | undefined {
    const first = this.others.get(key);
    if (first === undefined) this.others.set(key, coord);
    return first;
  }
}

/** Whether the earlier transaction at `coord` has the same duplicate key as `t` (of block `b`). */
function samePayment(blocks: Pain001ReadModel['paymentBlocks'], coord: number, t: ReadTransaction, b: { executionDate?: string }): boolean {
  const pb = blocks[Math.floor(coord / TX_SHIFT)]!;
  const p = pb.transactions[coord % TX_SHIFT]!;
  const pa = p.creditorAccount!;
  const ta = t.creditorAccount!;
  if ((pa.iban ?? pa.other ?? '') !== (ta.iban ?? ta.other ?? '')) return false;
  if ((p.currency ?? '') !== (t.currency ?? '')) return false;
  if ((p.remittance.creditorReference ?? '') !== (t.remittance.creditorReference ?? '')) return false;
  if ((pb.executionDate ?? '') !== (b.executionDate ?? '')) return false;
  const [pc, pf] = centsOf(p);
  const [tc, tf] = centsOf(t);
  if (pc !== tc || pf !== tf) return false;
  return remittanceText(p) === remittanceText(t);
}

/** A 30-bit hash of an end-to-end id (hash-slots.ts). */
export const idHash = (id: string): number => hashText(0x811c9dc5, id) & 0x3fffffff;

/**
 * The end-to-end ids seen so far (NOTPROVIDED and empty ones are not passed in): each id's hash value has a slot
 * (hash-slots.ts) with the first payment of the id that took it; an id whose slot holds another id goes into a Map
 * (V8's seeded string hashes), so ids made to share one hash value cost one string comparison and one Map entry each.
 * `hash` is replaceable so that tests can make every id collide.
 */
export class EndToEndIds {
  private readonly slots: HashSlots;
  /** First payments of ids whose hash value's slot holds another id. */
  private readonly others = new Map<string, number>();
  constructor(
    private readonly blocks: Pain001ReadModel['paymentBlocks'],
    private readonly hash: (id: string) => number = idHash,
  ) {
    this.slots = new HashSlots(countTransactions(blocks));
  }

  /** The coordinates (block * 2^20 + transaction) of the first earlier payment with this id, else undefined (and it is remembered). */
  firstOf(id: string, bi: number, ti: number): number | undefined {
    const coord = bi * TX_SHIFT + ti;
    const prev = this.slots.claim(this.hash(id), coord);
    if (prev < 0) return undefined;
    if (this.blocks[Math.floor(prev / TX_SHIFT)]!.transactions[prev % TX_SHIFT]!.endToEndId === id) return prev;
    const first = this.others.get(id);
    if (first === undefined) this.others.set(id, coord);
    return first;
  }
}

/** A currency code's form (the regular expression made once: a literal in a function makes a new one per call). */
const CURRENCY_CODE = /^[A-Z]{3}$/;

// Findings of one transaction, made by txFinding: its kinds.
const F_DUPLICATE_END_TO_END_ID = 0;
const F_CURRENCY_MISSING = 1;
const F_CURRENCY_UNKNOWN = 2;
const F_SCT_CURRENCY = 3;
const F_SCT_TRANSFER_CURRENCY = 4;
const F_CREDITOR_MISSING = 5;
const F_CREDITOR_ACCOUNT_MISSING = 6;
const F_CREDITOR_IBAN_MISSING = 7;
const F_SCT_COUNTRY = 8;
const F_SCT_CHARGE_BEARER = 9;
const F_SCT_SERVICE_LEVEL = 10;
const F_SCT_PRIORITY_LEVEL = 11;
const F_SCT_REGULATORY_REPORTING = 12;
const F_REMITTANCE_MULTIPLE = 13;
const F_REMITTANCE_BOTH = 14;
const F_REMITTANCE_TOO_LONG = 15;
const F_DUPLICATE_PAYMENT = 16;

/**
 * A finding of transaction `t` (`x`: the earlier payment's coordinates, the service level or the remittance line's
 * index, by kind). Apart from the per-payment functions, which only decide: see checkTransaction.
 */
function txFinding(c: Collector, t: ReadTransaction, kind: number, x: number | string = 0): void {
  const acc = t.creditorAccount;
  const at = t.fieldAt.amount ?? t.at;
  switch (kind) {
    case F_DUPLICATE_END_TO_END_ID:
      return c.add('DUPLICATE_END_TO_END_ID', 'warning', msg('DUPLICATE_END_TO_END_ID', { id: t.endToEndId, first: txPath(x as number) }), '.endToEndId', t.fieldAt.endToEndId);
    case F_CURRENCY_MISSING:
      return c.add('CURRENCY_MISSING', 'error', msg('CURRENCY_MISSING'), '.currency', at);
    case F_CURRENCY_UNKNOWN:
      return c.add('CURRENCY_UNKNOWN', 'error', msg('CURRENCY_UNKNOWN', { currency: t.currency }), '.currency', at);
    case F_SCT_CURRENCY:
      return c.add('SCT_CURRENCY_NOT_EUR', 'error', msg('SCT_CURRENCY_NOT_EUR', { currency: t.currency }), '.currency', at);
    case F_SCT_TRANSFER_CURRENCY:
      return c.add('SCT_CURRENCY_NOT_EUR', 'error', msg('SCT_TRANSFER_CURRENCY', { currency: t.transferCurrency }), '.currency', at);
    case F_CREDITOR_MISSING:
      return c.add('CREDITOR_MISSING', 'error', msg('CREDITOR_MISSING'), '.creditor', t.at);
    case F_CREDITOR_ACCOUNT_MISSING:
      return c.add('CREDITOR_ACCOUNT_MISSING', 'error', msg('CREDITOR_ACCOUNT_MISSING'), '.creditorAccount', acc?.at ?? t.at);
    case F_CREDITOR_IBAN_MISSING:
      return c.add('CREDITOR_IBAN_MISSING', 'error', msg('CREDITOR_IBAN_MISSING'), '.creditorAccount.iban', acc!.at);
    case F_SCT_COUNTRY:
      return c.add('SCT_COUNTRY_NOT_SEPA', 'error', msg('SCT_COUNTRY_NOT_SEPA', { country: acc!.iban!.slice(0, 2) }), '.creditorAccount.iban', acc!.fieldAt.iban);
    case F_SCT_CHARGE_BEARER:
      return c.add('SCT_CHARGE_BEARER', 'error', msg('SCT_CHARGE_BEARER', { value: t.chargeBearer }), '.chargeBearer', t.fieldAt.chargeBearer);
    case F_SCT_SERVICE_LEVEL:
      return c.add('SCT_SERVICE_LEVEL', 'error', msg('SCT_SERVICE_LEVEL', { value: x }), '.paymentType.serviceLevels', t.at);
    case F_SCT_PRIORITY_LEVEL:
      return c.add('SCT_PRIORITY_LEVEL', 'error', msg('SCT_PRIORITY_LEVEL'), '.paymentType.instructionPriority', t.at);
    case F_SCT_REGULATORY_REPORTING:
      return c.add('SCT_REGULATORY_REPORTING', 'warning', msg('SCT_REGULATORY_REPORTING'), '.regulatoryReporting', t.at);
    case F_REMITTANCE_MULTIPLE:
      return c.add('REMITTANCE_MULTIPLE', 'error', msg('REMITTANCE_MULTIPLE'), '.remittance.unstructured', t.fieldAt.remittance);
    case F_REMITTANCE_BOTH:
      return c.add('REMITTANCE_BOTH', 'warning', msg('REMITTANCE_BOTH'), '.remittance', t.fieldAt.remittance);
    case F_REMITTANCE_TOO_LONG: {
      const u = t.remittance.unstructured[x as number]!;
      return c.add('REMITTANCE_TOO_LONG', 'error', msg('REMITTANCE_TOO_LONG', { length: codePoints(u) }), `.remittance.unstructured.${x}`, t.fieldAt.remittance);
    }
    case F_DUPLICATE_PAYMENT:
      return c.add('DUPLICATE_PAYMENT', 'warning', msg('DUPLICATE_PAYMENT', { first: txPath(x as number) }), '', t.at);
  }
}

/** The SCT rules of one transaction (checkTransaction's part for profile sct; small for the same reason). */
function sctTransaction(c: Collector, m: Pain001ReadModel, t: ReadTransaction, acc: ReadAccount | undefined, creditorIbanValid: boolean): void {
  const creditor = t.creditor;
  if (creditor?.address) checkAddress(c, creditor.address, 'L_CREDITOR', '.creditor.address', creditor.fieldAt.address ?? creditor.at, false, 'sct');
  if (acc && acc.iban === undefined && acc.other !== undefined) txFinding(c, t, F_CREDITOR_IBAN_MISSING);
  if (creditorIbanValid && outsideSepa(acc!.iban!)) txFinding(c, t, F_SCT_COUNTRY);
  if (t.chargeBearer !== undefined && t.chargeBearer !== 'SLEV') txFinding(c, t, F_SCT_CHARGE_BEARER);
  const pt = t.paymentType;
  if (pt !== undefined) {
    const levels = pt.serviceLevels;
    for (let i = 0; i < levels.length; i++) if (levels[i] !== 'SEPA') txFinding(c, t, F_SCT_SERVICE_LEVEL, levels[i]);
    if (pt.instructionPriority !== undefined && m.version === '09') txFinding(c, t, F_SCT_PRIORITY_LEVEL);
  }
  if (t.regulatoryReporting) txFinding(c, t, F_SCT_REGULATORY_REPORTING);
  const r = t.remittance;
  if (r.unstructured.length > 1) txFinding(c, t, F_REMITTANCE_MULTIPLE);
  if (r.unstructured.length > 0 && r.structured > 0) txFinding(c, t, F_REMITTANCE_BOTH);
}

/** The AXZ rules of one transaction (checkTransaction's part for profile axz). */
function axzTransaction(c: Collector, t: ReadTransaction, acc: ReadAccount | undefined): void {
  checkAddress(c, t.creditor?.address, 'L_CREDITOR', '.creditor.address', t.creditor?.fieldAt.address ?? t.creditor?.at ?? t.at, true, 'axz');
  if (t.chargeBearer !== undefined && !['DEBT', 'CRED', 'SHAR', 'SLEV'].includes(t.chargeBearer))
    c.add('CHARGE_BEARER_INVALID', 'error', msg('CHARGE_BEARER_INVALID', { value: t.chargeBearer }), '.chargeBearer', t.fieldAt.chargeBearer);
  if (acc && acc.iban === undefined && acc.other !== undefined) {
    const ag = t.creditorAgent;
    const agentOk = !!ag && (ag.bic !== undefined || ag.clearingMemberId !== undefined || (ag.name !== undefined && ag.address !== undefined));
    if (!agentOk) c.add('AXZ_CREDITOR_AGENT_MISSING', 'error', msg('AXZ_CREDITOR_AGENT_MISSING'), '.creditorAgent', ag?.at ?? t.at);
  }
}

/**
 * The rules of one transaction (transaction `ti` of block `bi`, `c.ti` set): its own function, called once per
 * payment, so that it is optimised like any hot function early in a process (not only by on-stack replacement of the
 * whole check's loop). Returns its amount as checkAmount does. It only decides; findings are made by txFinding: V8
 * optimises a function once an amount of its own bytecode has run that grows with the function's size (here 3 + 1
 * per 150 bytes of "ticks"), and the finding code, which a valid file never runs, made this function 2,435 bytes:
 * 19 ticks, reached in a process's third call of 1,000 payments.
 */
function checkTransaction(c: Collector, m: Pain001ReadModel, bi: number, t: ReadTransaction, ti: number, profile: Profile, e2e: EndToEndIds, dup: PaymentDuplicates): number | Big | null {
  checkId(c, t.endToEndId, 'L_E2E_ID_XML', 'END_TO_END_ID', '.endToEndId', t.fieldAt.endToEndId ?? t.at, profile, true);
  checkId(c, t.instructionId, 'L_INSTR_ID_XML', 'INSTRUCTION_ID', '.instructionId', t.fieldAt.instructionId, profile, false);
  const id = t.endToEndId;
  if (id && id !== 'NOTPROVIDED') {
    const prev = e2e.firstOf(id, bi, ti);
    if (prev !== undefined) txFinding(c, t, F_DUPLICATE_END_TO_END_ID, prev);
  }
  const amount = checkAmount(c, t, profile);
  // Currency
  const cur = t.currency;
  if (t.amount !== undefined && !cur) txFinding(c, t, F_CURRENCY_MISSING);
  // EUR (a known code and the SCT currency) by one comparison; the others by form and list.
  else if (cur && cur !== 'EUR') {
    if (!CURRENCY_CODE.test(cur) || !isKnownCurrency(cur)) txFinding(c, t, F_CURRENCY_UNKNOWN);
    else if (profile === 'sct') txFinding(c, t, F_SCT_CURRENCY);
  }
  if (t.transferCurrency && profile === 'sct') txFinding(c, t, F_SCT_TRANSFER_CURRENCY);
  // Creditor side
  const creditor = t.creditor;
  if (!creditor) txFinding(c, t, F_CREDITOR_MISSING);
  else checkName(c, creditor, 'L_CREDITOR', '.creditor', profile, true);
  if (t.ultimateDebtor) checkName(c, t.ultimateDebtor, 'L_ULTIMATE_DEBTOR', '.ultimateDebtor', profile, profile === 'axz');
  if (t.ultimateCreditor) checkName(c, t.ultimateCreditor, 'L_ULTIMATE_CREDITOR', '.ultimateCreditor', profile, profile === 'axz');
  checkAgentBic(c, t.creditorAgent, 'L_CREDITOR_AGENT', '.creditorAgent');
  const acc = t.creditorAccount;
  let creditorIbanValid = false;
  if (!acc || (acc.iban === undefined && acc.other === undefined)) txFinding(c, t, F_CREDITOR_ACCOUNT_MISSING);
  else if (acc.iban !== undefined) creditorIbanValid = ibanRaw(c, acc.iban, 'L_CREDITOR_IBAN', '.creditorAccount.iban', acc.fieldAt.iban);
  if (profile === 'sct') sctTransaction(c, m, t, acc, creditorIbanValid);
  else axzTransaction(c, t, acc);
  const unstructured = t.remittance.unstructured;
  for (let i = 0; i < unstructured.length; i++) if (longerThan(unstructured[i]!, 140)) txFinding(c, t, F_REMITTANCE_TOO_LONG, i);
  // Duplicate payments: same account, amount, currency, remittance and date.
  if (amount !== null && acc) {
    const first = dup.firstOf(bi, ti, typeof amount === 'number' ? amount : -1);
    if (first !== undefined) txFinding(c, t, F_DUPLICATE_PAYMENT, first);
  }
  return amount;
}

/**
 * The payments of block `bi`: their checks, and their amounts added to the block's and the file's sums; false when an
 * amount is missing or no decimal (the sums then do not count). The loop has a function of its own with nothing
 * before it: checkPain001 runs once per file, so its code before the loops first ran before V8 kept feedback for it,
 * and its optimised code threw itself away at the next file's first `new` ('insufficient type feedback for
 * construct', third call), then ran the payments unoptimised until on-stack replacement.
 */
function checkTransactions(
  c: Collector,
  m: Pain001ReadModel,
  bi: number,
  txs: readonly ReadTransaction[],
  profile: Profile,
  e2e: EndToEndIds,
  dup: PaymentDuplicates,
  blockSum: DecimalSum,
  sum: DecimalSum,
): boolean {
  let valid = true;
  for (let ti = 0; ti < txs.length; ti++) {
    c.ti = ti;
    const amount = checkTransaction(c, m, bi, txs[ti]!, ti, profile, e2e, dup);
    if (amount === null) valid = false;
    else if (typeof amount === 'number') {
      blockSum.addHundredths(amount);
      sum.addHundredths(amount);
    } else {
      blockSum.addBig(amount);
      sum.addBig(amount);
    }
  }
  return valid;
}

/**
 * @example
 * ```ts
 * const model = await readPain001(text);
 * const findings = checkPain001(model, 'sct', 'en'); // the DK business rules on a file someone else wrote
 * ```
 */
export function checkPain001(m: Pain001ReadModel, profile: Profile, lang: Lang = 'de'): Finding[] {
  const c = new Collector(lang);
  const g = m.groupHeader;
  // DK-only mandatory fields: errors for .09 (GBIC_5 is the reference); for .03 the ISO schema is the reference.
  const dkSeverity: Severity = m.version === '09' ? 'error' : 'warning';
  let txCount = 0;
  const sum = new DecimalSum();
  let sumValid = true;

  if (!g) c.add('GROUP_HEADER_MISSING', 'error', msg('GROUP_HEADER_MISSING'), 'groupHeader', { line: 1, column: 1 });
  else {
    checkId(c, g.messageId, 'L_MSG_ID', 'MESSAGE_ID', 'groupHeader.messageId', g.fieldAt.messageId ?? g.at, profile, true);
    if (g.createdAt === undefined) c.add('CREATION_TIME_MISSING', 'error', msg('CREATION_TIME_MISSING'), 'groupHeader.createdAt', g.at);
    else if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(g.createdAt) || !isIsoDate(g.createdAt.slice(0, 10))) {
      c.add('CREATION_TIME_INVALID', 'error', msg('CREATION_TIME_INVALID', { value: g.createdAt }), 'groupHeader.createdAt', g.fieldAt.createdAt);
    }
    if (g.initiatingParty) checkName(c, g.initiatingParty, 'L_INITIATING_PARTY', 'groupHeader.initiatingParty', profile, false);
  }
  if (m.paymentBlocks.length === 0 && !m.malformed) c.add('PAYMENT_BLOCK_MISSING', 'error', msg('PAYMENT_BLOCK_MISSING'), 'paymentBlocks', g?.at ?? { line: 1, column: 1 });

  /** First transaction (coordinates) of each end-to-end id, and of each payment (duplicate key). */
  const e2e = new EndToEndIds(m.paymentBlocks);
  const dup = new PaymentDuplicates(m.paymentBlocks);
  const blockIds = new Map<string, number>();
  const blocks = m.paymentBlocks;
  for (let bi = 0; bi < blocks.length; bi++) {
    const b = blocks[bi]!;
    c.bi = bi;
    c.ti = -1;
    checkId(c, b.id, 'L_PMTINF_ID', 'PMTINF_ID', '.id', b.fieldAt.id ?? b.at, profile, true);
    if (b.id !== undefined) {
      const prev = blockIds.get(b.id);
      if (prev !== undefined) c.add('DUPLICATE_PMTINF_ID', 'warning', msg('DUPLICATE_PMTINF_ID', { id: b.id, first: `paymentBlocks.${prev}` }), '.id', b.fieldAt.id);
      else blockIds.set(b.id, bi);
    }
    if (b.method !== undefined && b.method !== 'TRF')
      c.add('PAYMENT_METHOD_INVALID', profile === 'sct' ? 'error' : 'warning', msg('PAYMENT_METHOD_INVALID', { method: b.method }), '.method', b.fieldAt.method);
    if (b.executionDate === undefined) c.add('EXECUTION_DATE_MISSING', 'error', msg('EXECUTION_DATE_MISSING'), '.executionDate', b.fieldAt.executionDate ?? b.at);
    else if (!isIsoDate(b.executionDate)) c.add('EXECUTION_DATE_INVALID', 'error', msg('EXECUTION_DATE_INVALID', { date: b.executionDate }), '.executionDate', b.fieldAt.executionDate);

    // Debtor side
    if (!b.debtor) c.add('DEBTOR_MISSING', 'error', msg('DEBTOR_MISSING'), '.debtor', b.at);
    else {
      checkName(c, b.debtor, 'L_DEBTOR', '.debtor', profile, true);
      checkAddress(c, b.debtor.address, 'L_DEBTOR', '.debtor.address', b.debtor.fieldAt.address ?? b.debtor.at, profile === 'axz', profile);
    }
    if (!b.debtorAccount) c.add('DEBTOR_ACCOUNT_MISSING', 'error', msg('DEBTOR_ACCOUNT_MISSING'), '.debtorAccount', b.at);
    else if (b.debtorAccount.iban !== undefined) ibanRaw(c, b.debtorAccount.iban, 'L_DEBTOR_IBAN', '.debtorAccount.iban', b.debtorAccount.fieldAt.iban);
    else if (profile === 'sct') c.add('DEBTOR_IBAN_MISSING', 'error', msg('DEBTOR_IBAN_MISSING'), '.debtorAccount.iban', b.debtorAccount.at);
    if (!b.debtorAgent) c.add('DEBTOR_AGENT_MISSING', 'error', msg('DEBTOR_AGENT_MISSING'), '.debtorAgent', b.at);
    else checkAgentBic(c, b.debtorAgent, 'L_DEBTOR_AGENT', '.debtorAgent');
    if (b.ultimateDebtor) checkName(c, b.ultimateDebtor, 'L_ULTIMATE_DEBTOR', '.ultimateDebtor', profile, profile === 'axz');

    if (profile === 'sct') {
      if (b.chargeBearer !== undefined && b.chargeBearer !== 'SLEV') c.add('SCT_CHARGE_BEARER', 'error', msg('SCT_CHARGE_BEARER', { value: b.chargeBearer }), '.chargeBearer', b.fieldAt.chargeBearer);
      for (const s of b.paymentType?.serviceLevels ?? NO_LEVELS)
        if (s !== 'SEPA') c.add('SCT_SERVICE_LEVEL', 'error', msg('SCT_SERVICE_LEVEL', { value: s }), '.paymentType.serviceLevels', b.fieldAt.paymentType);
      if (b.controlSum === undefined) c.add('CTRL_SUM_MISSING', dkSeverity, msg('CTRL_SUM_MISSING_BLOCK'), '.controlSum', b.at);
      if (b.numberOfTransactions === undefined) c.add('NB_OF_TXS_MISSING', dkSeverity, msg('NB_OF_TXS_MISSING_BLOCK'), '.numberOfTransactions', b.at);
    }

    const blockSum = new DecimalSum();
    const txs = b.transactions;
    txCount += txs.length;
    const blockSumValid = checkTransactions(c, m, bi, txs, profile, e2e, dup, blockSum, sum);
    if (!blockSumValid) sumValid = false;
    c.ti = -1;
    // Block totals
    if (b.numberOfTransactions !== undefined) {
      if (!/^\d{1,15}$/.test(b.numberOfTransactions))
        c.add('PMTINF_NB_OF_TXS_INVALID', 'error', msg('NB_OF_TXS_INVALID', { value: b.numberOfTransactions }), '.numberOfTransactions', b.fieldAt.numberOfTransactions);
      else if (Number(b.numberOfTransactions) !== b.transactions.length)
        c.add(
          'PMTINF_NB_OF_TXS_MISMATCH',
          'error',
          msg('PMTINF_NB_OF_TXS_MISMATCH', { declared: b.numberOfTransactions, count: b.transactions.length }),
          '.numberOfTransactions',
          b.fieldAt.numberOfTransactions,
        );
    }
    if (b.controlSum !== undefined && blockSumValid) {
      if (!DECIMAL.test(b.controlSum)) c.add('PMTINF_CTRL_SUM_INVALID', 'error', msg('CTRL_SUM_INVALID', { value: b.controlSum }), '.controlSum', b.fieldAt.controlSum);
      else if (!blockSum.equals(b.controlSum))
        c.add('PMTINF_CTRL_SUM_MISMATCH', 'error', msg('PMTINF_CTRL_SUM_MISMATCH', { declared: b.controlSum, sum: blockSum.toFixed2() }), '.controlSum', b.fieldAt.controlSum);
    }
  }
  c.bi = -1;
  c.ti = -1;

  if (g) {
    if (g.numberOfTransactions === undefined) c.add('NB_OF_TXS_MISSING', 'error', msg('NB_OF_TXS_MISSING'), 'groupHeader.numberOfTransactions', g.at);
    else if (!/^\d{1,15}$/.test(g.numberOfTransactions))
      c.add('NB_OF_TXS_INVALID', 'error', msg('NB_OF_TXS_INVALID', { value: g.numberOfTransactions }), 'groupHeader.numberOfTransactions', g.fieldAt.numberOfTransactions);
    else if (!m.malformed && Number(g.numberOfTransactions) !== txCount)
      c.add('NB_OF_TXS_MISMATCH', 'error', msg('NB_OF_TXS_MISMATCH', { declared: g.numberOfTransactions, count: txCount }), 'groupHeader.numberOfTransactions', g.fieldAt.numberOfTransactions);
    if (g.controlSum === undefined) {
      if (profile === 'sct') c.add('CTRL_SUM_MISSING', dkSeverity, msg('CTRL_SUM_MISSING'), 'groupHeader.controlSum', g.at);
    } else if (!DECIMAL.test(g.controlSum)) c.add('CTRL_SUM_INVALID', 'error', msg('CTRL_SUM_INVALID', { value: g.controlSum }), 'groupHeader.controlSum', g.fieldAt.controlSum);
    else if (sumValid && !m.malformed && !sum.equals(g.controlSum))
      c.add('CTRL_SUM_MISMATCH', 'error', msg('CTRL_SUM_MISMATCH', { declared: g.controlSum, sum: sum.toFixed2() }), 'groupHeader.controlSum', g.fieldAt.controlSum);
  }
  return c.issues;
}
