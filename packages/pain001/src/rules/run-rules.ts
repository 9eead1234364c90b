/**
 * Business rules on a parsed PaymentRun (after the schema's limits): IBAN check digits and country formats,
 * currencies, execution date (Europe/Berlin), SCT-only and AXZ-only fields, addresses, agents, duplicates,
 * and the German bank directory (deleted bank codes). German messages, stable codes, run paths.
 */
import Big from 'big.js';
import type { BankDirectory } from '@kontor/bankdata';
import type { PaymentIssue } from '../errors';
import { checkIban } from '../model/identifiers';
import { currencyMinorUnits, isCountryCode, isKnownCurrency, isNonEeaSepaCountry, isSepaCountry } from '../model/codes';
import { berlinNow, isTargetBusinessDay } from '../model/dates';
import type { Payment, PaymentRun, PostalAddress, Profile } from '../model/run';
import { IBAN_MESSAGES } from '../read/rules';

export interface RunRuleOptions {
  profile: Profile;
  /** Clock for "not in the past" (compared as a calendar date in Europe/Berlin). */
  now: Date;
  bankDirectory?: BankDirectory;
}

type Sev = PaymentIssue['severity'];

function bicCountry(bic: string | undefined): string | undefined {
  return bic && bic.length >= 6 ? bic.slice(4, 6) : undefined;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Effective currency of a payment: its own, else EUR. */
export function paymentCurrency(p: Payment): string {
  return p.currency ?? 'EUR';
}

export function checkPaymentRun(run: PaymentRun, opts: RunRuleOptions): PaymentIssue[] {
  const out: PaymentIssue[] = [];
  const add = (code: string, severity: Sev, message: string, path: string) => out.push({ code, severity, message, path });
  const { profile } = opts;
  const today = berlinNow(opts.now).date;

  const iban = (value: string | undefined, label: string, path: string) => {
    if (value === undefined) return;
    const problem = checkIban(value);
    if (problem) add(problem, 'error', `${label} "${value}" ${IBAN_MESSAGES[problem]}`, path);
  };

  const bankCode = (ibanValue: string | undefined, label: string, path: string) => {
    if (!opts.bankDirectory || !ibanValue || checkIban(ibanValue) !== null) return;
    const r = opts.bankDirectory.lookupIban(ibanValue);
    if (!r) return;
    if (!r.found) add('BANK_CODE_UNKNOWN', 'warning', `${label}: Bankleitzahl ${ibanValue.slice(4, 12)} steht nicht im Bankleitzahlenverzeichnis (Stand ${opts.bankDirectory.dataDate})`, path);
    else if (r.status === 'deleted') {
      add('BANK_CODE_DELETED', 'error', `${label}: Bankleitzahl ${r.bankCode} (${r.bankName}) ist gelöscht${r.successor ? `; Nachfolge-Bankleitzahl ${r.successor.bankCode}, bitte neue IBAN beim Empfänger erfragen` : ''}`, path);
    } else if (r.status === 'deletion_announced') {
      add('BANK_CODE_DELETION_ANNOUNCED', 'warning', `${label}: Bankleitzahl ${r.bankCode} (${r.bankName}) ist zur Löschung vorgesehen${r.successor ? `; Nachfolge-Bankleitzahl ${r.successor.bankCode}` : ''}`, path);
    }
  };

  const address = (a: PostalAddress | undefined, label: string, path: string, required: boolean, missingCode: string) => {
    if (!a) {
      if (required) add(missingCode, 'error', `${label}: Anschrift fehlt (bei Auslandszahlungen Pflicht, mindestens Ort und Land)`, path);
      return;
    }
    if (a.townName === undefined) add('ADDRESS_TOWN_MISSING', 'error', `${label}: Ort (townName) fehlt`, `${path}.townName`);
    if (a.countryCode === undefined) add('ADDRESS_COUNTRY_MISSING', 'error', `${label}: Land (countryCode) fehlt`, `${path}.countryCode`);
    else if (!isCountryCode(a.countryCode)) add('COUNTRY_CODE_UNKNOWN', 'error', `${label}: "${a.countryCode}" ist kein ISO-3166-Ländercode`, `${path}.countryCode`);
  };

  const executionDate = (date: string, path: string) => {
    if (date < today) add('EXECUTION_DATE_IN_PAST', 'error', `Ausführungsdatum ${date} liegt in der Vergangenheit (heute ist ${today}, Europe/Berlin)`, path);
    else {
      if (!isTargetBusinessDay(date)) add('EXECUTION_DATE_NOT_BUSINESS_DAY', 'warning', `Ausführungsdatum ${date} ist kein TARGET2-Geschäftstag; die Bank führt am nächsten Geschäftstag aus`, path);
      if (date > addDays(today, 365)) add('EXECUTION_DATE_FAR_FUTURE', 'warning', `Ausführungsdatum ${date} liegt mehr als ein Jahr in der Zukunft`, path);
    }
  };

  // Debtor
  iban(run.debtor.iban, 'IBAN des Auftraggebers', 'debtor.iban');
  bankCode(run.debtor.iban, 'Konto des Auftraggebers', 'debtor.iban');
  const dIbanCc = run.debtor.iban.slice(0, 2);
  if (run.debtor.bic && bicCountry(run.debtor.bic) !== dIbanCc && checkIban(run.debtor.iban) === null) {
    add('BIC_COUNTRY_MISMATCH', 'warning', `BIC ${run.debtor.bic} (Land ${bicCountry(run.debtor.bic)}) passt nicht zum IBAN-Land ${dIbanCc}`, 'debtor.bic');
  }
  if (run.debtor.currency && !isKnownCurrency(run.debtor.currency)) add('CURRENCY_UNKNOWN', 'error', `Kontowährung "${run.debtor.currency}" ist kein ISO-4217-Code`, 'debtor.currency');
  if (profile === 'sct') {
    if (run.debtor.currency && run.debtor.currency !== 'EUR') add('SCT_DEBTOR_CURRENCY', 'warning', `Kontowährung ${run.debtor.currency}: SEPA-Überweisungen werden in EUR ausgeführt`, 'debtor.currency');
    if (run.debtor.address) address(run.debtor.address, 'Adresse des Auftraggebers', 'debtor.address', false, '');
    if (!isSepaCountry(dIbanCc) && checkIban(run.debtor.iban) === null) add('SCT_COUNTRY_NOT_SEPA', 'error', `Auftraggeberkonto in ${dIbanCc}: das Land gehört nicht zum SEPA-Raum`, 'debtor.iban');
  } else {
    address(run.debtor.address, 'Adresse des Auftraggebers', 'debtor.address', true, 'AXZ_DEBTOR_ADDRESS_MISSING');
  }
  executionDate(run.requestedExecutionDate, 'requestedExecutionDate');

  const dupes = new Map<string, number>();
  const e2e = new Map<string, number>();
  const instr = new Map<string, number>();
  run.payments.forEach((p, i) => {
    const pp = `payments.${i}`;
    const cur = paymentCurrency(p);
    if (p.requestedExecutionDate) executionDate(p.requestedExecutionDate, `${pp}.requestedExecutionDate`);
    // Currency and amount decimals by currency
    if (!isKnownCurrency(cur)) add('CURRENCY_UNKNOWN', 'error', `Währung "${cur}" ist kein gültiger ISO-4217-Code`, `${pp}.currency`);
    else {
      const minor = currencyMinorUnits(cur)!;
      if (/^\d+(\.\d+)?$/.test(p.amount) && minor < 2 && !new Big(p.amount).round(minor, Big.roundDown).eq(new Big(p.amount))) {
        add('AMOUNT_TOO_MANY_DECIMALS', 'error', `Betrag ${p.amount}: ${cur} hat ${minor} Nachkommastellen`, `${pp}.amount`);
      }
    }
    // Accounts
    iban(p.creditorIban, 'IBAN des Empfängers', `${pp}.creditorIban`);
    const ibanCc = p.creditorIban && checkIban(p.creditorIban) === null ? p.creditorIban.slice(0, 2) : undefined;
    const bic = p.creditorBic ?? p.creditorAgent?.bic;
    if (p.creditorBic && p.creditorAgent?.bic && p.creditorBic !== p.creditorAgent.bic) add('BIC_CONFLICT', 'error', `creditorBic ${p.creditorBic} und creditorAgent.bic ${p.creditorAgent.bic} widersprechen sich`, `${pp}.creditorBic`);
    if (bic && ibanCc && bicCountry(bic) !== ibanCc) add('BIC_COUNTRY_MISMATCH', 'warning', `BIC ${bic} (Land ${bicCountry(bic)}) passt nicht zum IBAN-Land ${ibanCc}`, `${pp}.creditorBic`);
    bankCode(p.creditorIban, 'Konto des Empfängers', `${pp}.creditorIban`);
    if (p.ultimateDebtor && !p.ultimateDebtor.name && !p.ultimateDebtor.id) add('ULTIMATE_PARTY_EMPTY', 'error', 'Abweichender Auftraggeber ohne Name und Kennung', `${pp}.ultimateDebtor`);
    if (p.ultimateCreditor && !p.ultimateCreditor.name && !p.ultimateCreditor.id) add('ULTIMATE_PARTY_EMPTY', 'error', 'Abweichender Empfänger ohne Name und Kennung', `${pp}.ultimateCreditor`);

    if (profile === 'sct') {
      if (cur !== 'EUR') add('SCT_CURRENCY_NOT_EUR', 'error', `Währung ${cur}: SEPA-Überweisungen sind nur in EUR möglich; für andere Währungen den Auslandszahlungsverkehr (AXZ) nutzen`, `${pp}.currency`);
      if (!p.creditorIban) add('CREDITOR_IBAN_MISSING', 'error', 'SEPA-Überweisungen brauchen die IBAN des Empfängers', `${pp}.creditorIban`);
      if (p.creditorAccountOther) add('ACCOUNT_OTHER_NOT_ALLOWED', 'error', 'Kontonummer statt IBAN ist nur bei Auslandszahlungen (AXZ) möglich', `${pp}.creditorAccountOther`);
      if (ibanCc && !isSepaCountry(ibanCc)) add('SCT_COUNTRY_NOT_SEPA', 'error', `Empfängerkonto in ${ibanCc}: das Land gehört nicht zum SEPA-Raum; Auslandszahlung (AXZ) nutzen`, `${pp}.creditorIban`);
      if (ibanCc && isNonEeaSepaCountry(ibanCc) && !bic) add('SCT_BIC_RECOMMENDED', 'warning', `Empfängerkonto in ${ibanCc} (SEPA, nicht EWR): der BIC der Empfängerbank sollte angegeben werden`, `${pp}.creditorBic`);
      if (p.chargeBearer) add('CHARGE_BEARER_NOT_ALLOWED', 'error', 'chargeBearer gibt es nur bei Auslandszahlungen (AXZ); SEPA-Überweisungen tragen immer SLEV', `${pp}.chargeBearer`);
      if (p.serviceLevel) add('SERVICE_LEVEL_NOT_ALLOWED', 'error', 'serviceLevel gibt es nur bei Auslandszahlungen (AXZ); SEPA-Überweisungen tragen SEPA', `${pp}.serviceLevel`);
      if (p.creditorAgent && (p.creditorAgent.name || p.creditorAgent.address || p.creditorAgent.clearingMemberId)) {
        add('AGENT_DETAILS_IGNORED', 'warning', 'Bei SEPA-Überweisungen wird von der Empfängerbank nur der BIC übermittelt', `${pp}.creditorAgent`);
      }
      if (p.ultimateDebtor?.address) add('ULTIMATE_ADDRESS_NOT_ALLOWED', 'error', 'Das DK-Format für SEPA-Überweisungen erlaubt keine Anschrift des abweichenden Auftraggebers', `${pp}.ultimateDebtor.address`);
      if (p.ultimateCreditor?.address) add('ULTIMATE_ADDRESS_NOT_ALLOWED', 'error', 'Das DK-Format für SEPA-Überweisungen erlaubt keine Anschrift des abweichenden Empfängers', `${pp}.ultimateCreditor.address`);
      if (p.creditorAddress) address(p.creditorAddress, 'Adresse des Empfängers', `${pp}.creditorAddress`, false, '');
    } else {
      if (p.categoryPurpose) add('CATEGORY_PURPOSE_NOT_ALLOWED', 'error', 'categoryPurpose (SALA, Gehaltszahlung) gibt es nur bei SEPA-Überweisungen', `${pp}.categoryPurpose`);
      if (p.instrPrty) add('PRIORITY_NOT_ALLOWED', 'error', 'instrPrty gibt es nur bei SEPA-Überweisungen; eilige Auslandszahlungen über serviceLevel URGP', `${pp}.instrPrty`);
      address(p.creditorAddress, 'Adresse des Empfängers', `${pp}.creditorAddress`, true, 'AXZ_CREDITOR_ADDRESS_MISSING');
      if (!p.creditorIban && !p.creditorAccountOther) add('CREDITOR_ACCOUNT_MISSING', 'error', 'Empfängerkonto fehlt: creditorIban oder creditorAccountOther angeben', `${pp}.creditorIban`);
      if (p.creditorIban && p.creditorAccountOther) add('CREDITOR_ACCOUNT_AMBIGUOUS', 'error', 'Entweder creditorIban oder creditorAccountOther angeben, nicht beides', `${pp}.creditorAccountOther`);
      if (p.creditorAccountOther && !p.creditorIban) {
        const a = p.creditorAgent;
        const agentOk = !!bic || (!!a?.name && !!a.address?.townName && !!a.address.countryCode);
        if (!agentOk) add('AXZ_CREDITOR_AGENT_MISSING', 'error', 'Kontonummer ohne IBAN: BIC der Empfängerbank (creditorBic) oder creditorAgent mit Name und Anschrift (Ort, Land) angeben', `${pp}.creditorAgent`);
      }
      if (p.creditorAgent?.address) address(p.creditorAgent.address, 'Adresse der Empfängerbank', `${pp}.creditorAgent.address`, false, '');
      if (p.creditorAgent?.clearingMemberId && !p.creditorAgent.clearingSystemId) add('CLEARING_SYSTEM_MISSING', 'error', 'Clearing-Nummer ohne Clearing-System (clearingSystemId, z. B. USABA)', `${pp}.creditorAgent.clearingSystemId`);
      if (p.ultimateDebtor && !p.ultimateDebtor.name) add('ULTIMATE_NAME_MISSING', 'error', 'Abweichender Auftraggeber: Name ist bei Auslandszahlungen Pflicht', `${pp}.ultimateDebtor.name`);
      if (p.ultimateCreditor && !p.ultimateCreditor.name) add('ULTIMATE_NAME_MISSING', 'error', 'Abweichender Empfänger: Name ist bei Auslandszahlungen Pflicht', `${pp}.ultimateCreditor.name`);
      if (p.ultimateDebtor?.address) address(p.ultimateDebtor.address, 'Adresse des abweichenden Auftraggebers', `${pp}.ultimateDebtor.address`, false, '');
      if (p.ultimateCreditor?.address) address(p.ultimateCreditor.address, 'Adresse des abweichenden Empfängers', `${pp}.ultimateCreditor.address`, false, '');
      if (cur === 'EUR' && ibanCc && isSepaCountry(ibanCc) && (!p.serviceLevel || p.serviceLevel === 'NURG')) {
        add('SCT_POSSIBLE', 'info', `EUR-Zahlung in den SEPA-Raum (${ibanCc}): als SEPA-Überweisung meist günstiger`, pp);
      }
    }
    // Duplicates (warnings): same account, amount, currency, remittance and date.
    const key = [p.creditorIban ?? p.creditorAccountOther, new Big(/^\d+(\.\d+)?$/.test(p.amount) ? p.amount : '0').toFixed(2), cur, p.remittanceInfo ?? '', p.requestedExecutionDate ?? run.requestedExecutionDate].join('\u0000');
    const prev = dupes.get(key);
    if (prev !== undefined) add('DUPLICATE_PAYMENT', 'warning', `Mögliche Doppelzahlung: gleiches Konto, gleicher Betrag, gleicher Verwendungszweck wie Zahlung ${prev + 1}`, pp);
    else dupes.set(key, i);
    if (p.endToEndId && p.endToEndId !== 'NOTPROVIDED') {
      const pe = e2e.get(p.endToEndId);
      if (pe !== undefined) add('DUPLICATE_END_TO_END_ID', 'warning', `Ende-zu-Ende-Referenz "${p.endToEndId}" kommt schon in Zahlung ${pe + 1} vor`, `${pp}.endToEndId`);
      else e2e.set(p.endToEndId, i);
    }
    if (p.instructionId) {
      const pi = instr.get(p.instructionId);
      if (pi !== undefined) add('DUPLICATE_INSTRUCTION_ID', 'warning', `Instruktions-ID "${p.instructionId}" kommt schon in Zahlung ${pi + 1} vor`, `${pp}.instructionId`);
      else instr.set(p.instructionId, i);
    }
  });
  return out;
}
