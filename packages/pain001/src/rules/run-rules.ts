/**
 * Business rules on a parsed PaymentRun (after the schema's limits): IBAN check digits and country formats,
 * currencies, execution date (Europe/Berlin), SCT-only and AXZ-only fields, addresses, agents, duplicates,
 * and the German bank directory (deleted bank codes). Messages de (default) or en from ../messages, stable codes, run paths.
 */
import Big from 'big.js';
import type { BankDirectory } from '@kontor/bankdata';
import type { Finding, Lang, Severity } from '@kontor/xml';
import { checkIban } from '../model/identifiers';
import { ibanFinding } from '../model/iban';
import { msg, sayer, type Msg } from '../messages';
import { ibanProblem } from '@kontor/xml';
import { currencyMinorUnits, isCountryCode, isKnownCurrency, isNonEeaSepaCountry, isSepaCountry } from '../model/codes';
import { berlinNow, isTargetBusinessDay } from '../model/dates';
import type { Payment, PaymentRun, PostalAddress, Profile } from '../model/run';

export interface RunRuleOptions {
  profile: Profile;
  /** Clock for "not in the past" (compared as a calendar date in Europe/Berlin). */
  now: Date;
  bankDirectory?: BankDirectory;
  /** Language of the messages (default de). */
  lang?: Lang | undefined;
}

type Sev = Severity;

function bicCountry(bic: string | undefined): string | undefined {
  return bic && bic.length >= 6 ? bic.slice(4, 6) : undefined;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The electronic form already (normalizeIban changes nothing): checkIban(x) is then ibanProblem(x) mapped. */
const ELECTRONIC_CHARS = /^[A-Z0-9]*$/;

/** Canonical amounts for the duplicate key: what `new Big(a).toFixed(2)` gives, without a decimal object for the usual forms. */
const PLAIN_2DP = /^(?:0|[1-9]\d*)\.\d\d$/;
const UP_TO_2DP = /^(\d+)(?:\.(\d{1,2}))?$/;
const DECIMAL = /^\d+(\.\d+)?$/;
export function duplicateAmountKey(a: string): string {
  if (PLAIN_2DP.test(a)) return a;
  const m = UP_TO_2DP.exec(a);
  if (m !== null) {
    const int = m[1]!.replace(/^0+(?=\d)/, '');
    const f = m[2];
    return `${int}.${f === undefined ? '00' : f.length === 1 ? `${f}0` : f}`;
  }
  return new Big(DECIMAL.test(a) ? a : '0').toFixed(2);
}

/** Effective currency of a payment: its own, else EUR. */
export function paymentCurrency(p: Payment): string {
  return p.currency ?? 'EUR';
}

/**
 * @example
 * ```ts
 * const { run: parsed } = parsePaymentRun(input, 'sct');
 * const findings = checkPaymentRun(parsed, { profile: 'sct', now: new Date(), lang: 'en' });
 * console.log(findings.filter((f) => f.severity === 'error').map((f) => f.code));
 * ```
 */
export function checkPaymentRun(run: PaymentRun, opts: RunRuleOptions): Finding[] {
  const out: Finding[] = [];
  const lang = opts.lang ?? 'de';
  const say = sayer(lang);
  const add = (code: string, severity: Sev, m: Msg, path: string) => out.push({ code, severity, message: say(m.key, m.params), path });
  const { profile } = opts;
  const today = berlinNow(opts.now).date;

  /**
   * Reports the IBAN's problem; true when checkIban accepts it. One check-digit computation per value: the schema
   * normalised it to the electronic form already, where checkIban's own normalisation changes nothing.
   */
  const iban = (value: string | undefined, label: string, path: string): boolean => {
    if (value === undefined) return false;
    const problem = ibanProblem(value);
    if (problem) {
      const f = ibanFinding(value, problem, lang);
      add(f.code, 'error', msg('IBAN_PROBLEM', { label: `@${label}`, problem: f.problem }), path);
    }
    return ELECTRONIC_CHARS.test(value) ? problem === undefined : checkIban(value) === undefined;
  };

  /** `valid`: checkIban accepts the value (iban() said so). */
  const bankCode = (ibanValue: string | undefined, valid: boolean, label: string, path: string) => {
    if (!opts.bankDirectory || !ibanValue || !valid) return;
    const r = opts.bankDirectory.lookupIban(ibanValue);
    if (!r) return;
    if (!r.found) add('BANK_CODE_UNKNOWN', 'warning', msg('BANK_CODE_UNKNOWN', { label: `@${label}`, bankCode: ibanValue.slice(4, 12), dataDate: opts.bankDirectory.dataDate }), path);
    else if (r.status === 'deleted') {
      const p = { label: `@${label}`, bankCode: r.bankCode, bankName: r.bankName, successor: r.successor?.bankCode };
      add('BANK_CODE_DELETED', 'error', msg(r.successor ? 'BANK_CODE_DELETED_SUCCESSOR' : 'BANK_CODE_DELETED', p), path);
    } else if (r.status === 'deletion_announced') {
      const p = { label: `@${label}`, bankCode: r.bankCode, bankName: r.bankName, successor: r.successor?.bankCode };
      add('BANK_CODE_DELETION_ANNOUNCED', 'warning', msg(r.successor ? 'BANK_CODE_DELETION_ANNOUNCED_SUCCESSOR' : 'BANK_CODE_DELETION_ANNOUNCED', p), path);
    }
  };

  const address = (a: PostalAddress | undefined, label: string, path: string, required: boolean, missingCode: string) => {
    if (!a) {
      if (required) add(missingCode, 'error', msg('ADDRESS_MISSING_RUN', { label: `@${label}` }), path);
      return;
    }
    if (a.townName === undefined) add('ADDRESS_TOWN_MISSING', 'error', msg('ADDRESS_TOWN_MISSING_RUN', { label: `@${label}` }), `${path}.townName`);
    if (a.countryCode === undefined) add('ADDRESS_COUNTRY_MISSING', 'error', msg('ADDRESS_COUNTRY_MISSING_RUN', { label: `@${label}` }), `${path}.countryCode`);
    else if (!isCountryCode(a.countryCode)) add('COUNTRY_CODE_UNKNOWN', 'error', msg('COUNTRY_CODE_UNKNOWN_RUN', { label: `@${label}`, country: a.countryCode }), `${path}.countryCode`);
  };

  let farFuture: string | undefined; // today + 365 days, computed at first need
  // Payments often share their own date: each date's business-day check once per run.
  const businessDay = new Map<string, boolean>();
  const executionDate = (date: string, path: string) => {
    if (date < today) add('EXECUTION_DATE_IN_PAST', 'error', msg('EXECUTION_DATE_IN_PAST', { date, today }), path);
    else {
      let open = businessDay.get(date);
      if (open === undefined) businessDay.set(date, (open = isTargetBusinessDay(date)));
      if (!open) add('EXECUTION_DATE_NOT_BUSINESS_DAY', 'warning', msg('EXECUTION_DATE_NOT_BUSINESS_DAY', { date }), path);
      if (date > (farFuture ??= addDays(today, 365))) add('EXECUTION_DATE_FAR_FUTURE', 'warning', msg('EXECUTION_DATE_FAR_FUTURE', { date }), path);
    }
  };

  // Debtor
  const debtorIbanValid = iban(run.debtor.iban, 'L_DEBTOR_IBAN', 'debtor.iban');
  bankCode(run.debtor.iban, debtorIbanValid, 'L_DEBTOR_ACCOUNT', 'debtor.iban');
  const dIbanCc = run.debtor.iban.slice(0, 2);
  if (run.debtor.bic && bicCountry(run.debtor.bic) !== dIbanCc && debtorIbanValid) {
    add('BIC_COUNTRY_MISMATCH', 'warning', msg('BIC_COUNTRY_MISMATCH', { bic: run.debtor.bic, bicCountry: bicCountry(run.debtor.bic), ibanCountry: dIbanCc }), 'debtor.bic');
  }
  if (run.debtor.currency && !isKnownCurrency(run.debtor.currency)) add('CURRENCY_UNKNOWN', 'error', msg('ACCOUNT_CURRENCY_UNKNOWN', { currency: run.debtor.currency }), 'debtor.currency');
  if (profile === 'sct') {
    if (run.debtor.currency && run.debtor.currency !== 'EUR') add('SCT_DEBTOR_CURRENCY', 'warning', msg('SCT_DEBTOR_CURRENCY', { currency: run.debtor.currency }), 'debtor.currency');
    if (run.debtor.address) address(run.debtor.address, 'L_DEBTOR_ADDRESS', 'debtor.address', false, '');
    if (!isSepaCountry(dIbanCc) && debtorIbanValid) add('SCT_COUNTRY_NOT_SEPA', 'error', msg('SCT_DEBTOR_COUNTRY_NOT_SEPA', { country: dIbanCc }), 'debtor.iban');
  } else {
    address(run.debtor.address, 'L_DEBTOR_ADDRESS', 'debtor.address', true, 'AXZ_DEBTOR_ADDRESS_MISSING');
  }
  executionDate(run.requestedExecutionDate, 'requestedExecutionDate');

  const dupes = new Map<string, number>();
  const e2e = new Map<string, number>();
  const instr = new Map<string, number>();
  const payments = run.payments;
  for (let i = 0; i < payments.length; i++) {
    const p = payments[i]!;
    const pp = `payments.${i}`;
    const cur = paymentCurrency(p);
    if (p.requestedExecutionDate) executionDate(p.requestedExecutionDate, `${pp}.requestedExecutionDate`);
    // Currency and amount decimals by currency
    if (!isKnownCurrency(cur)) add('CURRENCY_UNKNOWN', 'error', msg('CURRENCY_UNKNOWN', { currency: cur }), `${pp}.currency`);
    else {
      const minor = currencyMinorUnits(cur)!;
      if (minor < 2 && DECIMAL.test(p.amount) && !new Big(p.amount).round(minor, Big.roundDown).eq(new Big(p.amount))) {
        add('AMOUNT_TOO_MANY_DECIMALS', 'error', msg('AMOUNT_MINOR_UNITS_RUN', { amount: p.amount, currency: cur, minor }), `${pp}.amount`);
      }
    }
    // Accounts
    const creditorIbanValid = iban(p.creditorIban, 'L_CREDITOR_IBAN', `${pp}.creditorIban`);
    const ibanCc = p.creditorIban && creditorIbanValid ? p.creditorIban.slice(0, 2) : undefined;
    const bic = p.creditorBic ?? p.creditorAgent?.bic;
    if (p.creditorBic && p.creditorAgent?.bic && p.creditorBic !== p.creditorAgent.bic)
      add('BIC_CONFLICT', 'error', msg('BIC_CONFLICT', { bic: p.creditorBic, agentBic: p.creditorAgent.bic }), `${pp}.creditorBic`);
    if (bic && ibanCc && bicCountry(bic) !== ibanCc)
      add('BIC_COUNTRY_MISMATCH', 'warning', msg('BIC_COUNTRY_MISMATCH', { bic, bicCountry: bicCountry(bic), ibanCountry: ibanCc }), `${pp}.creditorBic`);
    bankCode(p.creditorIban, creditorIbanValid, 'L_CREDITOR_ACCOUNT', `${pp}.creditorIban`);
    if (p.ultimateDebtor && !p.ultimateDebtor.name && !p.ultimateDebtor.id) add('ULTIMATE_PARTY_EMPTY', 'error', msg('ULTIMATE_DEBTOR_EMPTY'), `${pp}.ultimateDebtor`);
    if (p.ultimateCreditor && !p.ultimateCreditor.name && !p.ultimateCreditor.id) add('ULTIMATE_PARTY_EMPTY', 'error', msg('ULTIMATE_CREDITOR_EMPTY'), `${pp}.ultimateCreditor`);

    if (profile === 'sct') {
      if (cur !== 'EUR') add('SCT_CURRENCY_NOT_EUR', 'error', msg('SCT_CURRENCY_NOT_EUR_RUN', { currency: cur }), `${pp}.currency`);
      if (!p.creditorIban) add('CREDITOR_IBAN_MISSING', 'error', msg('CREDITOR_IBAN_MISSING_RUN'), `${pp}.creditorIban`);
      if (p.creditorAccountOther) add('ACCOUNT_OTHER_NOT_ALLOWED', 'error', msg('ACCOUNT_OTHER_NOT_ALLOWED'), `${pp}.creditorAccountOther`);
      if (ibanCc && !isSepaCountry(ibanCc)) add('SCT_COUNTRY_NOT_SEPA', 'error', msg('SCT_COUNTRY_NOT_SEPA_RUN', { country: ibanCc }), `${pp}.creditorIban`);
      if (ibanCc && isNonEeaSepaCountry(ibanCc) && !bic) add('SCT_BIC_RECOMMENDED', 'warning', msg('SCT_BIC_RECOMMENDED', { country: ibanCc }), `${pp}.creditorBic`);
      if (p.chargeBearer) add('CHARGE_BEARER_NOT_ALLOWED', 'error', msg('CHARGE_BEARER_NOT_ALLOWED'), `${pp}.chargeBearer`);
      if (p.serviceLevel) add('SERVICE_LEVEL_NOT_ALLOWED', 'error', msg('SERVICE_LEVEL_NOT_ALLOWED'), `${pp}.serviceLevel`);
      if (p.creditorAgent && (p.creditorAgent.name || p.creditorAgent.address || p.creditorAgent.clearingMemberId)) {
        add('AGENT_DETAILS_IGNORED', 'warning', msg('AGENT_DETAILS_IGNORED'), `${pp}.creditorAgent`);
      }
      if (p.ultimateDebtor?.address) add('ULTIMATE_ADDRESS_NOT_ALLOWED', 'error', msg('ULTIMATE_DEBTOR_ADDRESS_NOT_ALLOWED'), `${pp}.ultimateDebtor.address`);
      if (p.ultimateCreditor?.address) add('ULTIMATE_ADDRESS_NOT_ALLOWED', 'error', msg('ULTIMATE_CREDITOR_ADDRESS_NOT_ALLOWED'), `${pp}.ultimateCreditor.address`);
      if (p.creditorAddress) address(p.creditorAddress, 'L_CREDITOR_ADDRESS', `${pp}.creditorAddress`, false, '');
    } else {
      if (p.categoryPurpose) add('CATEGORY_PURPOSE_NOT_ALLOWED', 'error', msg('CATEGORY_PURPOSE_NOT_ALLOWED'), `${pp}.categoryPurpose`);
      if (p.instrPrty) add('PRIORITY_NOT_ALLOWED', 'error', msg('PRIORITY_NOT_ALLOWED'), `${pp}.instrPrty`);
      address(p.creditorAddress, 'L_CREDITOR_ADDRESS', `${pp}.creditorAddress`, true, 'AXZ_CREDITOR_ADDRESS_MISSING');
      if (!p.creditorIban && !p.creditorAccountOther) add('CREDITOR_ACCOUNT_MISSING', 'error', msg('CREDITOR_ACCOUNT_MISSING_RUN'), `${pp}.creditorIban`);
      if (p.creditorIban && p.creditorAccountOther) add('CREDITOR_ACCOUNT_AMBIGUOUS', 'error', msg('CREDITOR_ACCOUNT_AMBIGUOUS'), `${pp}.creditorAccountOther`);
      if (p.creditorAccountOther && !p.creditorIban) {
        const a = p.creditorAgent;
        const agentOk = !!bic || (!!a?.name && !!a.address?.townName && !!a.address.countryCode);
        if (!agentOk) add('AXZ_CREDITOR_AGENT_MISSING', 'error', msg('AXZ_CREDITOR_AGENT_MISSING_RUN'), `${pp}.creditorAgent`);
      }
      if (p.creditorAgent?.address) address(p.creditorAgent.address, 'L_AGENT_ADDRESS', `${pp}.creditorAgent.address`, false, '');
      if (p.creditorAgent?.clearingMemberId && !p.creditorAgent.clearingSystemId) add('CLEARING_SYSTEM_MISSING', 'error', msg('CLEARING_SYSTEM_MISSING'), `${pp}.creditorAgent.clearingSystemId`);
      if (p.ultimateDebtor && !p.ultimateDebtor.name) add('ULTIMATE_NAME_MISSING', 'error', msg('ULTIMATE_DEBTOR_NAME_MISSING'), `${pp}.ultimateDebtor.name`);
      if (p.ultimateCreditor && !p.ultimateCreditor.name) add('ULTIMATE_NAME_MISSING', 'error', msg('ULTIMATE_CREDITOR_NAME_MISSING'), `${pp}.ultimateCreditor.name`);
      if (p.ultimateDebtor?.address) address(p.ultimateDebtor.address, 'L_ULTIMATE_DEBTOR_ADDRESS', `${pp}.ultimateDebtor.address`, false, '');
      if (p.ultimateCreditor?.address) address(p.ultimateCreditor.address, 'L_ULTIMATE_CREDITOR_ADDRESS', `${pp}.ultimateCreditor.address`, false, '');
      if (cur === 'EUR' && ibanCc && isSepaCountry(ibanCc) && (!p.serviceLevel || p.serviceLevel === 'NURG')) {
        add('SCT_POSSIBLE', 'info', msg('SCT_POSSIBLE', { country: ibanCc }), pp);
      }
    }
    // Duplicates (warnings): same account, amount, currency, remittance and date.
    // (Array#join writes undefined as '': an account-less payment keys with an empty account.)
    const key = `${p.creditorIban ?? p.creditorAccountOther ?? ''}\u0000${duplicateAmountKey(p.amount)}\u0000${cur}\u0000${p.remittanceInfo ?? ''}\u0000${p.requestedExecutionDate ?? run.requestedExecutionDate}`;
    const prev = dupes.get(key);
    if (prev !== undefined) add('DUPLICATE_PAYMENT', 'warning', msg('DUPLICATE_PAYMENT_RUN', { first: prev + 1 }), pp);
    else dupes.set(key, i);
    if (p.endToEndId && p.endToEndId !== 'NOTPROVIDED') {
      const pe = e2e.get(p.endToEndId);
      if (pe !== undefined) add('DUPLICATE_END_TO_END_ID', 'warning', msg('DUPLICATE_END_TO_END_ID_RUN', { id: p.endToEndId, first: pe + 1 }), `${pp}.endToEndId`);
      else e2e.set(p.endToEndId, i);
    }
    if (p.instructionId) {
      const pi = instr.get(p.instructionId);
      if (pi !== undefined) add('DUPLICATE_INSTRUCTION_ID', 'warning', msg('DUPLICATE_INSTRUCTION_ID', { id: p.instructionId, first: pi + 1 }), `${pp}.instructionId`);
      else instr.set(p.instructionId, i);
    }
  }
  return out;
}
