/**
 * The DK rules (checkPain001) and the validation summary (summarize) as they were before the rules' speed work
 * (decimal sums in hundredths, paths built only for findings): kept unchanged but for their names, as the reference
 * of the differential test (reader.differential.test.ts).
 */
import Big from 'big.js';
import { ibanProblem, type Finding, type Lang, type Severity } from '@kontor/xml';
import { isBic } from '../src/model/identifiers';
import { ibanFinding } from '../src/model/iban';
import { msg, sayer, type Msg, type Say } from '../src/messages';
import { currencyMinorUnits, isKnownCurrency, isSepaCountry, isCountryCode } from '../src/model/codes';
import { ID_PATTERN, isInCharacterSet, unsupportedCharacters } from '../src/model/charset';
import { isIsoDate } from '../src/model/dates';
import type { Profile } from '../src/model/run';
import type { Loc, Pain001ReadModel, ReadAccount, ReadAddress, ReadAgent, ReadParty, ReadTransaction } from '../src/read/model';

const DECIMAL = /^\d+(\.\d+)?$/;
const SCT_MAX = new Big('999999999.99');

class Collector {
  readonly issues: Finding[] = [];
  readonly say: Say;
  constructor(readonly lang: Lang) {
    this.say = sayer(lang);
  }
  add(code: string, severity: Severity, m: Msg, path: string, location?: Loc): void {
    this.issues.push({ code, severity, message: this.say(m.key, m.params), path, ...(location ? { line: location.line, column: location.column } : {}) });
  }
}

function ibanRaw(c: Collector, iban: string, label: string, path: string, at?: Loc): void {
  // The file value must already be in electronic form (the shared rule set): lower case or blanks are a format error.
  const p = ibanProblem(iban);
  if (p) {
    const f = ibanFinding(iban, p, c.lang);
    c.add(f.code, 'error', msg('IBAN_PROBLEM', { label: `@${label}`, problem: f.problem }), path, at);
  }
}

function checkAgentBic(c: Collector, a: ReadAgent | undefined, label: string, path: string): void {
  if (a?.bic !== undefined && !isBic(a.bic)) c.add('BIC_INVALID', 'error', msg('BIC_INVALID', { label: `@${label}`, bic: a.bic }), `${path}.bic`, a.fieldAt.bic ?? a.at);
}

function checkName(c: Collector, p: ReadParty | undefined, label: string, path: string, profile: Profile, required: boolean): void {
  if (!p) return;
  const max = profile === 'sct' ? 70 : 140;
  if (p.name === undefined) {
    if (required) c.add('NAME_MISSING', 'error', msg('NAME_MISSING', { label: `@${label}` }), `${path}.name`, p.at);
    return;
  }
  if ([...p.name].length > max) c.add('NAME_TOO_LONG', 'error', msg('NAME_TOO_LONG', { label: `@${label}`, max, length: [...p.name].length }), `${path}.name`, p.fieldAt.name);
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

function checkAmount(c: Collector, t: ReadTransaction, path: string, profile: Profile): Big | undefined {
  const at = t.fieldAt.amount ?? t.fieldAt.amountBlock ?? t.at;
  if (t.amount === undefined) {
    c.add('AMOUNT_MISSING', 'error', msg('AMOUNT_MISSING'), `${path}.amount`, at);
    return undefined;
  }
  if (!DECIMAL.test(t.amount)) {
    c.add(t.amount.startsWith('-') ? 'AMOUNT_NOT_POSITIVE' : 'AMOUNT_INVALID', 'error', msg('AMOUNT_NOT_DECIMAL', { amount: t.amount }), `${path}.amount`, at);
    return undefined;
  }
  const b = new Big(t.amount);
  if (b.lte(0)) c.add('AMOUNT_NOT_POSITIVE', 'error', msg('AMOUNT_NOT_POSITIVE', { amount: t.amount }), `${path}.amount`, at);
  const minor = t.currency ? currencyMinorUnits(t.currency) : undefined;
  const maxDec = profile === 'sct' ? 2 : Math.min(2, minor ?? 2);
  // Like xs:fractionDigits, trailing zeros do not count: 1500.000 is fine, 1500.001 is not.
  if (!b.round(maxDec, Big.roundDown).eq(b)) {
    c.add(
      'AMOUNT_TOO_MANY_DECIMALS',
      'error',
      profile === 'axz' && minor !== undefined && minor < 2
        ? msg('AMOUNT_DECIMALS_CURRENCY', { amount: t.amount, max: maxDec, currency: t.currency })
        : msg('AMOUNT_DECIMALS', { amount: t.amount, max: maxDec }),
      `${path}.amount`,
      at,
    );
  }
  if (profile === 'sct' && b.gt(SCT_MAX)) c.add('AMOUNT_TOO_LARGE', 'error', msg('AMOUNT_TOO_LARGE_SCT', { amount: t.amount }), `${path}.amount`, at);
  return b;
}

function checkId(c: Collector, value: string | undefined, label: string, code: string, path: string, at: Loc | undefined, profile: Profile, required: boolean): void {
  if (value === undefined || value === '') {
    if (required) c.add(`${code}_MISSING`, 'error', msg('ID_MISSING', { label: `@${label}` }), path, at);
    return;
  }
  if ([...value].length > 35) c.add(`${code}_TOO_LONG`, 'error', msg('ID_TOO_LONG', { label: `@${label}` }), path, at);
  else if (profile === 'sct' && !ID_PATTERN.test(value)) {
    c.add(`${code}_CHARSET`, 'error', msg('ID_CHARSET', { label: `@${label}`, value }), path, at);
  }
}

function accountCountry(a: ReadAccount | undefined): string | undefined {
  const i = a?.iban;
  return i && /^[A-Z]{2}/.test(i) ? i.slice(0, 2) : undefined;
}

/**
 * @example
 * ```ts
 * const model = await readPain001(text);
 * const findings = checkPain001(model, 'sct', 'en'); // the DK business rules on a file someone else wrote
 * ```
 */
export function checkPain001Reference(m: Pain001ReadModel, profile: Profile, lang: Lang = 'de'): Finding[] {
  const c = new Collector(lang);
  const g = m.groupHeader;
  // DK-only mandatory fields: errors for .09 (GBIC_5 is the reference); for .03 the ISO schema is the reference.
  const dkSeverity: Severity = m.version === '09' ? 'error' : 'warning';
  let txCount = 0;
  let sum = new Big(0);
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

  const e2e = new Map<string, string>();
  const dup = new Map<string, string>();
  const blockIds = new Map<string, string>();
  m.paymentBlocks.forEach((b, bi) => {
    const bp = `paymentBlocks.${bi}`;
    checkId(c, b.id, 'L_PMTINF_ID', 'PMTINF_ID', `${bp}.id`, b.fieldAt.id ?? b.at, profile, true);
    if (b.id !== undefined) {
      const prev = blockIds.get(b.id);
      if (prev) c.add('DUPLICATE_PMTINF_ID', 'warning', msg('DUPLICATE_PMTINF_ID', { id: b.id, first: prev }), `${bp}.id`, b.fieldAt.id);
      else blockIds.set(b.id, bp);
    }
    if (b.method !== undefined && b.method !== 'TRF')
      c.add('PAYMENT_METHOD_INVALID', profile === 'sct' ? 'error' : 'warning', msg('PAYMENT_METHOD_INVALID', { method: b.method }), `${bp}.method`, b.fieldAt.method);
    if (b.executionDate === undefined) c.add('EXECUTION_DATE_MISSING', 'error', msg('EXECUTION_DATE_MISSING'), `${bp}.executionDate`, b.fieldAt.executionDate ?? b.at);
    else if (!isIsoDate(b.executionDate)) c.add('EXECUTION_DATE_INVALID', 'error', msg('EXECUTION_DATE_INVALID', { date: b.executionDate }), `${bp}.executionDate`, b.fieldAt.executionDate);

    // Debtor side
    if (!b.debtor) c.add('DEBTOR_MISSING', 'error', msg('DEBTOR_MISSING'), `${bp}.debtor`, b.at);
    else {
      checkName(c, b.debtor, 'L_DEBTOR', `${bp}.debtor`, profile, true);
      checkAddress(c, b.debtor.address, 'L_DEBTOR', `${bp}.debtor.address`, b.debtor.fieldAt.address ?? b.debtor.at, profile === 'axz', profile);
    }
    if (!b.debtorAccount) c.add('DEBTOR_ACCOUNT_MISSING', 'error', msg('DEBTOR_ACCOUNT_MISSING'), `${bp}.debtorAccount`, b.at);
    else if (b.debtorAccount.iban !== undefined) ibanRaw(c, b.debtorAccount.iban, 'L_DEBTOR_IBAN', `${bp}.debtorAccount.iban`, b.debtorAccount.fieldAt.iban);
    else if (profile === 'sct') c.add('DEBTOR_IBAN_MISSING', 'error', msg('DEBTOR_IBAN_MISSING'), `${bp}.debtorAccount.iban`, b.debtorAccount.at);
    if (!b.debtorAgent) c.add('DEBTOR_AGENT_MISSING', 'error', msg('DEBTOR_AGENT_MISSING'), `${bp}.debtorAgent`, b.at);
    else checkAgentBic(c, b.debtorAgent, 'L_DEBTOR_AGENT', `${bp}.debtorAgent`);
    if (b.ultimateDebtor) checkName(c, b.ultimateDebtor, 'L_ULTIMATE_DEBTOR', `${bp}.ultimateDebtor`, profile, profile === 'axz');

    if (profile === 'sct') {
      if (b.chargeBearer !== undefined && b.chargeBearer !== 'SLEV')
        c.add('SCT_CHARGE_BEARER', 'error', msg('SCT_CHARGE_BEARER', { value: b.chargeBearer }), `${bp}.chargeBearer`, b.fieldAt.chargeBearer);
      for (const s of b.paymentType?.serviceLevels ?? [])
        if (s !== 'SEPA') c.add('SCT_SERVICE_LEVEL', 'error', msg('SCT_SERVICE_LEVEL', { value: s }), `${bp}.paymentType.serviceLevels`, b.fieldAt.paymentType);
      if (b.controlSum === undefined) c.add('CTRL_SUM_MISSING', dkSeverity, msg('CTRL_SUM_MISSING_BLOCK'), `${bp}.controlSum`, b.at);
      if (b.numberOfTransactions === undefined) c.add('NB_OF_TXS_MISSING', dkSeverity, msg('NB_OF_TXS_MISSING_BLOCK'), `${bp}.numberOfTransactions`, b.at);
    }

    let blockSum = new Big(0);
    let blockSumValid = true;
    b.transactions.forEach((t, ti) => {
      const tp = `${bp}.transactions.${ti}`;
      txCount++;
      checkId(c, t.endToEndId, 'L_E2E_ID_XML', 'END_TO_END_ID', `${tp}.endToEndId`, t.fieldAt.endToEndId ?? t.at, profile, true);
      checkId(c, t.instructionId, 'L_INSTR_ID_XML', 'INSTRUCTION_ID', `${tp}.instructionId`, t.fieldAt.instructionId, profile, false);
      if (t.endToEndId && t.endToEndId !== 'NOTPROVIDED') {
        const prev = e2e.get(t.endToEndId);
        if (prev) c.add('DUPLICATE_END_TO_END_ID', 'warning', msg('DUPLICATE_END_TO_END_ID', { id: t.endToEndId, first: prev }), `${tp}.endToEndId`, t.fieldAt.endToEndId);
        else e2e.set(t.endToEndId, tp);
      }
      const amount = checkAmount(c, t, tp, profile);
      if (amount) {
        blockSum = blockSum.plus(amount);
        sum = sum.plus(amount);
      } else {
        blockSumValid = false;
        sumValid = false;
      }
      // Currency
      const at = t.fieldAt.amount ?? t.at;
      if (t.amount !== undefined && !t.currency) c.add('CURRENCY_MISSING', 'error', msg('CURRENCY_MISSING'), `${tp}.currency`, at);
      else if (t.currency) {
        if (!/^[A-Z]{3}$/.test(t.currency) || !isKnownCurrency(t.currency)) c.add('CURRENCY_UNKNOWN', 'error', msg('CURRENCY_UNKNOWN', { currency: t.currency }), `${tp}.currency`, at);
        else if (profile === 'sct' && t.currency !== 'EUR') c.add('SCT_CURRENCY_NOT_EUR', 'error', msg('SCT_CURRENCY_NOT_EUR', { currency: t.currency }), `${tp}.currency`, at);
      }
      if (t.transferCurrency && profile === 'sct') c.add('SCT_CURRENCY_NOT_EUR', 'error', msg('SCT_TRANSFER_CURRENCY', { currency: t.transferCurrency }), `${tp}.currency`, at);
      // Creditor side
      if (!t.creditor) c.add('CREDITOR_MISSING', 'error', msg('CREDITOR_MISSING'), `${tp}.creditor`, t.at);
      else checkName(c, t.creditor, 'L_CREDITOR', `${tp}.creditor`, profile, true);
      if (t.ultimateDebtor) checkName(c, t.ultimateDebtor, 'L_ULTIMATE_DEBTOR', `${tp}.ultimateDebtor`, profile, profile === 'axz');
      if (t.ultimateCreditor) checkName(c, t.ultimateCreditor, 'L_ULTIMATE_CREDITOR', `${tp}.ultimateCreditor`, profile, profile === 'axz');
      checkAgentBic(c, t.creditorAgent, 'L_CREDITOR_AGENT', `${tp}.creditorAgent`);
      const acc = t.creditorAccount;
      if (!acc || (acc.iban === undefined && acc.other === undefined)) c.add('CREDITOR_ACCOUNT_MISSING', 'error', msg('CREDITOR_ACCOUNT_MISSING'), `${tp}.creditorAccount`, acc?.at ?? t.at);
      else if (acc.iban !== undefined) ibanRaw(c, acc.iban, 'L_CREDITOR_IBAN', `${tp}.creditorAccount.iban`, acc.fieldAt.iban);
      if (profile === 'sct') {
        if (t.creditor?.address) checkAddress(c, t.creditor.address, 'L_CREDITOR', `${tp}.creditor.address`, t.creditor.fieldAt.address ?? t.creditor.at, false, profile);
        if (acc && acc.iban === undefined && acc.other !== undefined) c.add('CREDITOR_IBAN_MISSING', 'error', msg('CREDITOR_IBAN_MISSING'), `${tp}.creditorAccount.iban`, acc.at);
        const cc = accountCountry(acc);
        if (cc && !isSepaCountry(cc) && ibanProblem(acc!.iban!) === undefined)
          c.add('SCT_COUNTRY_NOT_SEPA', 'error', msg('SCT_COUNTRY_NOT_SEPA', { country: cc }), `${tp}.creditorAccount.iban`, acc!.fieldAt.iban);
        if (t.chargeBearer !== undefined && t.chargeBearer !== 'SLEV')
          c.add('SCT_CHARGE_BEARER', 'error', msg('SCT_CHARGE_BEARER', { value: t.chargeBearer }), `${tp}.chargeBearer`, t.fieldAt.chargeBearer);
        for (const s of t.paymentType?.serviceLevels ?? []) if (s !== 'SEPA') c.add('SCT_SERVICE_LEVEL', 'error', msg('SCT_SERVICE_LEVEL', { value: s }), `${tp}.paymentType.serviceLevels`, t.at);
        if (t.paymentType?.instructionPriority !== undefined && m.version === '09') c.add('SCT_PRIORITY_LEVEL', 'error', msg('SCT_PRIORITY_LEVEL'), `${tp}.paymentType.instructionPriority`, t.at);
        if (t.regulatoryReporting) c.add('SCT_REGULATORY_REPORTING', 'warning', msg('SCT_REGULATORY_REPORTING'), `${tp}.regulatoryReporting`, t.at);
        if (t.remittance.unstructured.length > 1) c.add('REMITTANCE_MULTIPLE', 'error', msg('REMITTANCE_MULTIPLE'), `${tp}.remittance.unstructured`, t.fieldAt.remittance);
        if (t.remittance.unstructured.length > 0 && t.remittance.structured > 0) c.add('REMITTANCE_BOTH', 'warning', msg('REMITTANCE_BOTH'), `${tp}.remittance`, t.fieldAt.remittance);
      } else {
        checkAddress(c, t.creditor?.address, 'L_CREDITOR', `${tp}.creditor.address`, t.creditor?.fieldAt.address ?? t.creditor?.at ?? t.at, true, profile);
        if (t.chargeBearer !== undefined && !['DEBT', 'CRED', 'SHAR', 'SLEV'].includes(t.chargeBearer))
          c.add('CHARGE_BEARER_INVALID', 'error', msg('CHARGE_BEARER_INVALID', { value: t.chargeBearer }), `${tp}.chargeBearer`, t.fieldAt.chargeBearer);
        if (acc && acc.iban === undefined && acc.other !== undefined) {
          const ag = t.creditorAgent;
          const agentOk = !!ag && (ag.bic !== undefined || ag.clearingMemberId !== undefined || (ag.name !== undefined && ag.address !== undefined));
          if (!agentOk) c.add('AXZ_CREDITOR_AGENT_MISSING', 'error', msg('AXZ_CREDITOR_AGENT_MISSING'), `${tp}.creditorAgent`, ag?.at ?? t.at);
        }
      }
      for (const [i, u] of t.remittance.unstructured.entries()) {
        if ([...u].length > 140) c.add('REMITTANCE_TOO_LONG', 'error', msg('REMITTANCE_TOO_LONG', { length: [...u].length }), `${tp}.remittance.unstructured.${i}`, t.fieldAt.remittance);
      }
      // Duplicate payments: same account, amount, currency, remittance and date.
      if (amount && acc) {
        const key = [acc.iban ?? acc.other, amount.toFixed(2), t.currency, t.remittance.unstructured.join('|'), t.remittance.creditorReference ?? '', b.executionDate].join('\u0000');
        const prev = dup.get(key);
        if (prev) c.add('DUPLICATE_PAYMENT', 'warning', msg('DUPLICATE_PAYMENT', { first: prev }), tp, t.at);
        else dup.set(key, tp);
      }
    });
    // Block totals
    if (b.numberOfTransactions !== undefined) {
      if (!/^\d{1,15}$/.test(b.numberOfTransactions))
        c.add('PMTINF_NB_OF_TXS_INVALID', 'error', msg('NB_OF_TXS_INVALID', { value: b.numberOfTransactions }), `${bp}.numberOfTransactions`, b.fieldAt.numberOfTransactions);
      else if (Number(b.numberOfTransactions) !== b.transactions.length)
        c.add(
          'PMTINF_NB_OF_TXS_MISMATCH',
          'error',
          msg('PMTINF_NB_OF_TXS_MISMATCH', { declared: b.numberOfTransactions, count: b.transactions.length }),
          `${bp}.numberOfTransactions`,
          b.fieldAt.numberOfTransactions,
        );
    }
    if (b.controlSum !== undefined && blockSumValid) {
      if (!DECIMAL.test(b.controlSum)) c.add('PMTINF_CTRL_SUM_INVALID', 'error', msg('CTRL_SUM_INVALID', { value: b.controlSum }), `${bp}.controlSum`, b.fieldAt.controlSum);
      else if (!new Big(b.controlSum).eq(blockSum))
        c.add('PMTINF_CTRL_SUM_MISMATCH', 'error', msg('PMTINF_CTRL_SUM_MISMATCH', { declared: b.controlSum, sum: blockSum.toFixed(2) }), `${bp}.controlSum`, b.fieldAt.controlSum);
    }
  });

  if (g) {
    if (g.numberOfTransactions === undefined) c.add('NB_OF_TXS_MISSING', 'error', msg('NB_OF_TXS_MISSING'), 'groupHeader.numberOfTransactions', g.at);
    else if (!/^\d{1,15}$/.test(g.numberOfTransactions))
      c.add('NB_OF_TXS_INVALID', 'error', msg('NB_OF_TXS_INVALID', { value: g.numberOfTransactions }), 'groupHeader.numberOfTransactions', g.fieldAt.numberOfTransactions);
    else if (!m.malformed && Number(g.numberOfTransactions) !== txCount)
      c.add('NB_OF_TXS_MISMATCH', 'error', msg('NB_OF_TXS_MISMATCH', { declared: g.numberOfTransactions, count: txCount }), 'groupHeader.numberOfTransactions', g.fieldAt.numberOfTransactions);
    if (g.controlSum === undefined) {
      if (profile === 'sct') c.add('CTRL_SUM_MISSING', dkSeverity, msg('CTRL_SUM_MISSING'), 'groupHeader.controlSum', g.at);
    } else if (!DECIMAL.test(g.controlSum)) c.add('CTRL_SUM_INVALID', 'error', msg('CTRL_SUM_INVALID', { value: g.controlSum }), 'groupHeader.controlSum', g.fieldAt.controlSum);
    else if (sumValid && !m.malformed && !new Big(g.controlSum).eq(sum))
      c.add('CTRL_SUM_MISMATCH', 'error', msg('CTRL_SUM_MISMATCH', { declared: g.controlSum, sum: sum.toFixed(2) }), 'groupHeader.controlSum', g.fieldAt.controlSum);
  }
  return c.issues;
}

function dp(b: Big): number {
  return Math.max(0, b.c.length - b.e - 1);
}
const fmt = (b: Big) => b.toFixed(Math.max(2, dp(b)));

/**
 * @example
 * ```ts
 * const model = await readPain001(text);
 * const s = summarize(model);
 * console.log(s.payments, s.controlSum, s.currencies); // 3 '1234.50' [{ currency: 'EUR', payments: 3, total: '1234.50' }]
 * ```
 */
export function summarizeReference(m: Pain001ReadModel) {
  let payments = 0;
  let sum = new Big(0);
  const cur = new Map<string, { payments: number; total: Big }>();
  const dates = new Set<string>();
  for (const b of m.paymentBlocks) {
    if (b.executionDate) dates.add(b.executionDate);
    for (const t of b.transactions) {
      payments++;
      const ok = t.amount !== undefined && /^\d+(\.\d+)?$/.test(t.amount);
      const a = ok ? new Big(t.amount!) : new Big(0);
      sum = sum.plus(a);
      const key = t.currency ?? '';
      const e = cur.get(key) ?? { payments: 0, total: new Big(0) };
      e.payments++;
      e.total = e.total.plus(a);
      cur.set(key, e);
    }
  }
  const g = m.groupHeader;
  const declared = g?.numberOfTransactions !== undefined && /^\d{1,15}$/.test(g.numberOfTransactions) ? Number(g.numberOfTransactions) : null;
  return {
    payments,
    declaredPayments: declared,
    controlSum: fmt(sum),
    declaredControlSum: g?.controlSum ?? null,
    currencies: [...cur.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, e]) => ({ currency, payments: e.payments, total: fmt(e.total) })),
    executionDates: [...dates].sort(),
    paymentBlocks: m.paymentBlocks.length,
    messageId: g?.messageId ?? null,
    createdAt: g?.createdAt ?? null,
  };
}
