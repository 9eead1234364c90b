/**
 * Business rules on a pain.001 read model (any producer): header sums, identifiers, amounts, accounts,
 * and the profile rules of SCT (DK GBIC / EPC) and AXZ (DK foreign payments). German messages, stable codes,
 * dot paths into the read model and source positions.
 */
import Big from 'big.js';
import type { PaymentIssue } from '../errors';
import { checkIban, isBic, type IbanProblem } from '../model/identifiers';
import { currencyMinorUnits, isKnownCurrency, isSepaCountry, isCountryCode } from '../model/codes';
import { ID_PATTERN, isInCharacterSet, unsupportedCharacters } from '../model/charset';
import { isIsoDate } from '../model/dates';
import type { Profile } from '../model/run';
import type { Loc, Pain001ReadModel, ReadAccount, ReadAddress, ReadAgent, ReadParty, ReadTransaction } from './model';

const DECIMAL = /^\d+(\.\d+)?$/;
const SCT_MAX = new Big('999999999.99');

export const IBAN_MESSAGES: Record<IbanProblem, string> = {
  IBAN_INVALID_FORMAT: 'ist keine IBAN in elektronischer Form (Großbuchstaben, ohne Leerzeichen)',
  IBAN_UNKNOWN_COUNTRY: 'hat einen Ländercode, für den es keine IBAN gibt',
  IBAN_COUNTRY_FORMAT: 'hat nicht die Länge bzw. den Aufbau, den das Land vorschreibt',
  IBAN_CHECKSUM: 'hat falsche Prüfziffern (ISO 13616, Modulo 97)',
};

class Collector {
  readonly issues: PaymentIssue[] = [];
  add(code: string, severity: PaymentIssue['severity'], message: string, path: string, location?: Loc): void {
    this.issues.push({ code, severity, message, path, ...(location ? { location } : {}) });
  }
}

function ibanRaw(c: Collector, iban: string, label: string, path: string, at?: Loc): void {
  // The file value must already be in electronic form; lower case or blanks are a format error here.
  const problem = /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban) ? checkIban(iban) : 'IBAN_INVALID_FORMAT';
  if (problem) c.add(problem, 'error', `${label} "${iban}" ${IBAN_MESSAGES[problem]}`, path, at);
}

function checkAgentBic(c: Collector, a: ReadAgent | undefined, label: string, path: string): void {
  if (a?.bic !== undefined && !isBic(a.bic)) c.add('BIC_INVALID', 'error', `${label}: "${a.bic}" ist kein gültiger BIC (8 oder 11 Zeichen nach ISO 9362)`, `${path}.bic`, a.fieldAt.bic ?? a.at);
}

function checkName(c: Collector, p: ReadParty | undefined, label: string, path: string, profile: Profile, required: boolean): void {
  if (!p) return;
  const max = profile === 'sct' ? 70 : 140;
  if (p.name === undefined) {
    if (required) c.add('NAME_MISSING', 'error', `${label}: Name fehlt`, `${path}.name`, p.at);
    return;
  }
  if ([...p.name].length > max) c.add('NAME_TOO_LONG', 'error', `${label}: Name ist länger als ${max} Zeichen (${[...p.name].length})`, `${path}.name`, p.fieldAt.name);
  if (profile === 'sct' && !isInCharacterSet(p.name, 'dk')) {
    c.add('UNSUPPORTED_CHARACTER', 'warning', `${label}: Name enthält Zeichen außerhalb des DK-Zeichensatzes (${unsupportedCharacters(p.name, 'dk').join(' ')}); die Bank kann sie ersetzen oder ablehnen`, `${path}.name`, p.fieldAt.name);
  }
}

function checkAddress(c: Collector, a: ReadAddress | undefined, label: string, path: string, at: Loc | undefined, requiredForAxz: boolean, profile: Profile): void {
  if (!a) {
    if (requiredForAxz) c.add(label.startsWith('Empfänger') ? 'AXZ_CREDITOR_ADDRESS_MISSING' : 'AXZ_DEBTOR_ADDRESS_MISSING', 'error', `${label}: Anschrift fehlt (bei Auslandszahlungen Pflicht)`, path, at);
    return;
  }
  const structured = a.townName !== undefined || a.streetName !== undefined || a.postCode !== undefined;
  if (a.countryCode !== undefined && !isCountryCode(a.countryCode)) c.add('COUNTRY_CODE_UNKNOWN', 'error', `${label}: Ländercode "${a.countryCode}" ist kein ISO-3166-Code`, `${path}.countryCode`, at);
  if (profile === 'axz' || structured) {
    if (a.townName === undefined && a.addressLines.length === 0) c.add('ADDRESS_TOWN_MISSING', 'error', `${label}: Ort fehlt`, `${path}.townName`, at);
    if (a.countryCode === undefined) c.add('ADDRESS_COUNTRY_MISSING', 'error', `${label}: Land fehlt`, `${path}.countryCode`, at);
  }
  if (a.addressLines.length > 0 && !structured) {
    c.add('ADDRESS_UNSTRUCTURED', 'warning', `${label}: nur unstrukturierte Adresszeilen; ab November 2026 verlangen die Banken mindestens Ort und Land strukturiert`, path, at);
  }
}

function checkAmount(c: Collector, t: ReadTransaction, path: string, profile: Profile): Big | undefined {
  const at = t.fieldAt.amount ?? t.fieldAt.amountBlock ?? t.at;
  if (t.amount === undefined) {
    c.add('AMOUNT_MISSING', 'error', 'Betrag fehlt', `${path}.amount`, at);
    return undefined;
  }
  if (!DECIMAL.test(t.amount)) {
    c.add(t.amount.startsWith('-') ? 'AMOUNT_NOT_POSITIVE' : 'AMOUNT_INVALID', 'error', `Betrag "${t.amount}" ist keine positive Dezimalzahl`, `${path}.amount`, at);
    return undefined;
  }
  const b = new Big(t.amount);
  if (b.lte(0)) c.add('AMOUNT_NOT_POSITIVE', 'error', `Betrag ${t.amount} muss größer als 0 sein (mindestens 0.01)`, `${path}.amount`, at);
  const minor = t.currency ? currencyMinorUnits(t.currency) : undefined;
  const maxDec = profile === 'sct' ? 2 : Math.min(2, minor ?? 2);
  // Like xs:fractionDigits, trailing zeros do not count: 1500.000 is fine, 1500.001 is not.
  if (!b.round(maxDec, Big.roundDown).eq(b)) {
    c.add('AMOUNT_TOO_MANY_DECIMALS', 'error', `Betrag ${t.amount} hat mehr als ${maxDec} Nachkommastellen${profile === 'axz' && minor !== undefined && minor < 2 ? ` (Währung ${t.currency})` : ''}`, `${path}.amount`, at);
  }
  if (profile === 'sct' && b.gt(SCT_MAX)) c.add('AMOUNT_TOO_LARGE', 'error', `Betrag ${t.amount} ist größer als 999999999.99 (Höchstbetrag SEPA)`, `${path}.amount`, at);
  return b;
}

function checkId(c: Collector, value: string | undefined, label: string, code: string, path: string, at: Loc | undefined, profile: Profile, required: boolean): void {
  if (value === undefined || value === '') {
    if (required) c.add(`${code}_MISSING`, 'error', `${label} fehlt`, path, at);
    return;
  }
  if ([...value].length > 35) c.add(`${code}_TOO_LONG`, 'error', `${label} ist länger als 35 Zeichen`, path, at);
  else if (profile === 'sct' && !ID_PATTERN.test(value)) {
    c.add(`${code}_CHARSET`, 'error', `${label} "${value}" enthält Zeichen außerhalb von A-Z a-z 0-9 + ? / - : ( ) . , ' und Leerzeichen`, path, at);
  }
}

function accountCountry(a: ReadAccount | undefined): string | undefined {
  const i = a?.iban;
  return i && /^[A-Z]{2}/.test(i) ? i.slice(0, 2) : undefined;
}

export function checkPain001(m: Pain001ReadModel, profile: Profile): PaymentIssue[] {
  const c = new Collector();
  const g = m.groupHeader;
  // DK-only mandatory fields: errors for .09 (GBIC_5 is the reference); for .03 the ISO schema is the reference.
  const dkSeverity: PaymentIssue['severity'] = m.version === '09' ? 'error' : 'warning';
  let txCount = 0;
  let sum = new Big(0);
  let sumValid = true;

  if (!g) c.add('GROUP_HEADER_MISSING', 'error', 'Gruppenkopf (GrpHdr) fehlt', 'groupHeader', { line: 1, column: 1 });
  else {
    checkId(c, g.messageId, 'Nachrichten-ID (MsgId)', 'MESSAGE_ID', 'groupHeader.messageId', g.fieldAt.messageId ?? g.at, profile, true);
    if (g.createdAt === undefined) c.add('CREATION_TIME_MISSING', 'error', 'Erstellungszeitpunkt (CreDtTm) fehlt', 'groupHeader.createdAt', g.at);
    else if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(g.createdAt) || !isIsoDate(g.createdAt.slice(0, 10))) {
      c.add('CREATION_TIME_INVALID', 'error', `Erstellungszeitpunkt "${g.createdAt}" ist kein Zeitpunkt JJJJ-MM-TTThh:mm:ss`, 'groupHeader.createdAt', g.fieldAt.createdAt);
    }
    if (g.initiatingParty) checkName(c, g.initiatingParty, 'Einreicher (InitgPty)', 'groupHeader.initiatingParty', profile, false);
  }
  if (m.paymentBlocks.length === 0 && !m.malformed) c.add('PAYMENT_BLOCK_MISSING', 'error', 'Die Datei enthält keinen Zahlungsblock (PmtInf)', 'paymentBlocks', g?.at ?? { line: 1, column: 1 });

  const e2e = new Map<string, string>();
  const dup = new Map<string, string>();
  const blockIds = new Map<string, string>();
  m.paymentBlocks.forEach((b, bi) => {
    const bp = `paymentBlocks.${bi}`;
    checkId(c, b.id, 'Zahlungsblock-ID (PmtInfId)', 'PMTINF_ID', `${bp}.id`, b.fieldAt.id ?? b.at, profile, true);
    if (b.id !== undefined) {
      const prev = blockIds.get(b.id);
      if (prev) c.add('DUPLICATE_PMTINF_ID', 'warning', `Zahlungsblock-ID "${b.id}" kommt mehrfach vor (zuerst in ${prev})`, `${bp}.id`, b.fieldAt.id);
      else blockIds.set(b.id, bp);
    }
    if (b.method !== undefined && b.method !== 'TRF') c.add('PAYMENT_METHOD_INVALID', profile === 'sct' ? 'error' : 'warning', `Zahlungsart (PmtMtd) "${b.method}" statt TRF (Überweisung)`, `${bp}.method`, b.fieldAt.method);
    if (b.executionDate === undefined) c.add('EXECUTION_DATE_MISSING', 'error', 'Ausführungsdatum (ReqdExctnDt) fehlt', `${bp}.executionDate`, b.fieldAt.executionDate ?? b.at);
    else if (!isIsoDate(b.executionDate)) c.add('EXECUTION_DATE_INVALID', 'error', `Ausführungsdatum "${b.executionDate}" ist kein gültiges Datum`, `${bp}.executionDate`, b.fieldAt.executionDate);

    // Debtor side
    if (!b.debtor) c.add('DEBTOR_MISSING', 'error', 'Auftraggeber (Dbtr) fehlt', `${bp}.debtor`, b.at);
    else {
      checkName(c, b.debtor, 'Auftraggeber', `${bp}.debtor`, profile, true);
      checkAddress(c, b.debtor.address, 'Auftraggeber', `${bp}.debtor.address`, b.debtor.fieldAt.address ?? b.debtor.at, profile === 'axz', profile);
    }
    if (!b.debtorAccount) c.add('DEBTOR_ACCOUNT_MISSING', 'error', 'Auftraggeberkonto (DbtrAcct) fehlt', `${bp}.debtorAccount`, b.at);
    else if (b.debtorAccount.iban !== undefined) ibanRaw(c, b.debtorAccount.iban, 'IBAN des Auftraggebers', `${bp}.debtorAccount.iban`, b.debtorAccount.fieldAt.iban);
    else if (profile === 'sct') c.add('DEBTOR_IBAN_MISSING', 'error', 'Auftraggeberkonto ohne IBAN', `${bp}.debtorAccount.iban`, b.debtorAccount.at);
    if (!b.debtorAgent) c.add('DEBTOR_AGENT_MISSING', 'error', 'Bank des Auftraggebers (DbtrAgt) fehlt', `${bp}.debtorAgent`, b.at);
    else checkAgentBic(c, b.debtorAgent, 'Bank des Auftraggebers', `${bp}.debtorAgent`);
    if (b.ultimateDebtor) checkName(c, b.ultimateDebtor, 'Abweichender Auftraggeber', `${bp}.ultimateDebtor`, profile, profile === 'axz');

    if (profile === 'sct') {
      if (b.chargeBearer !== undefined && b.chargeBearer !== 'SLEV') c.add('SCT_CHARGE_BEARER', 'error', `Entgeltregelung "${b.chargeBearer}" ist bei SEPA-Überweisungen nicht zulässig (nur SLEV)`, `${bp}.chargeBearer`, b.fieldAt.chargeBearer);
      for (const s of b.paymentType?.serviceLevels ?? []) if (s !== 'SEPA') c.add('SCT_SERVICE_LEVEL', 'error', `Service-Level "${s}" ist bei SEPA-Überweisungen nicht zulässig (nur SEPA)`, `${bp}.paymentType.serviceLevels`, b.fieldAt.paymentType);
      if (b.controlSum === undefined) c.add('CTRL_SUM_MISSING', dkSeverity, 'Kontrollsumme (CtrlSum) des Zahlungsblocks fehlt (DK-Pflichtfeld)', `${bp}.controlSum`, b.at);
      if (b.numberOfTransactions === undefined) c.add('NB_OF_TXS_MISSING', dkSeverity, 'Anzahl der Zahlungen (NbOfTxs) des Zahlungsblocks fehlt (DK-Pflichtfeld)', `${bp}.numberOfTransactions`, b.at);
    }

    let blockSum = new Big(0);
    let blockSumValid = true;
    b.transactions.forEach((t, ti) => {
      const tp = `${bp}.transactions.${ti}`;
      txCount++;
      checkId(c, t.endToEndId, 'Ende-zu-Ende-Referenz (EndToEndId)', 'END_TO_END_ID', `${tp}.endToEndId`, t.fieldAt.endToEndId ?? t.at, profile, true);
      checkId(c, t.instructionId, 'Instruktions-ID (InstrId)', 'INSTRUCTION_ID', `${tp}.instructionId`, t.fieldAt.instructionId, profile, false);
      if (t.endToEndId && t.endToEndId !== 'NOTPROVIDED') {
        const prev = e2e.get(t.endToEndId);
        if (prev) c.add('DUPLICATE_END_TO_END_ID', 'warning', `Ende-zu-Ende-Referenz "${t.endToEndId}" kommt mehrfach vor (zuerst in ${prev})`, `${tp}.endToEndId`, t.fieldAt.endToEndId);
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
      if (t.amount !== undefined && !t.currency) c.add('CURRENCY_MISSING', 'error', 'Währung (Ccy) des Betrags fehlt', `${tp}.currency`, at);
      else if (t.currency) {
        if (!/^[A-Z]{3}$/.test(t.currency) || !isKnownCurrency(t.currency)) c.add('CURRENCY_UNKNOWN', 'error', `Währung "${t.currency}" ist kein gültiger ISO-4217-Code`, `${tp}.currency`, at);
        else if (profile === 'sct' && t.currency !== 'EUR') c.add('SCT_CURRENCY_NOT_EUR', 'error', `Währung ${t.currency}: SEPA-Überweisungen sind nur in EUR möglich`, `${tp}.currency`, at);
      }
      if (t.transferCurrency && profile === 'sct') c.add('SCT_CURRENCY_NOT_EUR', 'error', `Gegenwertbetrag in ${t.transferCurrency}: SEPA-Überweisungen sind nur in EUR möglich`, `${tp}.currency`, at);
      // Creditor side
      if (!t.creditor) c.add('CREDITOR_MISSING', 'error', 'Empfänger (Cdtr) fehlt', `${tp}.creditor`, t.at);
      else checkName(c, t.creditor, 'Empfänger', `${tp}.creditor`, profile, true);
      if (t.ultimateDebtor) checkName(c, t.ultimateDebtor, 'Abweichender Auftraggeber', `${tp}.ultimateDebtor`, profile, profile === 'axz');
      if (t.ultimateCreditor) checkName(c, t.ultimateCreditor, 'Abweichender Empfänger', `${tp}.ultimateCreditor`, profile, profile === 'axz');
      checkAgentBic(c, t.creditorAgent, 'Bank des Empfängers', `${tp}.creditorAgent`);
      const acc = t.creditorAccount;
      if (!acc || (acc.iban === undefined && acc.other === undefined)) c.add('CREDITOR_ACCOUNT_MISSING', 'error', 'Empfängerkonto (CdtrAcct) fehlt', `${tp}.creditorAccount`, acc?.at ?? t.at);
      else if (acc.iban !== undefined) ibanRaw(c, acc.iban, 'IBAN des Empfängers', `${tp}.creditorAccount.iban`, acc.fieldAt.iban);
      if (profile === 'sct') {
        if (t.creditor?.address) checkAddress(c, t.creditor.address, 'Empfänger', `${tp}.creditor.address`, t.creditor.fieldAt.address ?? t.creditor.at, false, profile);
        if (acc && acc.iban === undefined && acc.other !== undefined) c.add('CREDITOR_IBAN_MISSING', 'error', 'SEPA-Überweisungen brauchen eine IBAN als Empfängerkonto', `${tp}.creditorAccount.iban`, acc.at);
        const cc = accountCountry(acc);
        if (cc && !isSepaCountry(cc) && checkIban(acc!.iban!) === null) c.add('SCT_COUNTRY_NOT_SEPA', 'error', `Empfängerkonto in ${cc}: das Land gehört nicht zum SEPA-Raum`, `${tp}.creditorAccount.iban`, acc!.fieldAt.iban);
        if (t.chargeBearer !== undefined && t.chargeBearer !== 'SLEV') c.add('SCT_CHARGE_BEARER', 'error', `Entgeltregelung "${t.chargeBearer}" ist bei SEPA-Überweisungen nicht zulässig (nur SLEV)`, `${tp}.chargeBearer`, t.fieldAt.chargeBearer);
        for (const s of t.paymentType?.serviceLevels ?? []) if (s !== 'SEPA') c.add('SCT_SERVICE_LEVEL', 'error', `Service-Level "${s}" ist bei SEPA-Überweisungen nicht zulässig`, `${tp}.paymentType.serviceLevels`, t.at);
        if (t.paymentType?.instructionPriority !== undefined && m.version === '09') c.add('SCT_PRIORITY_LEVEL', 'error', 'Die Priorität (InstrPrty) steht bei SEPA-Überweisungen im Zahlungsblock, nicht in der einzelnen Zahlung (DK GBIC_5)', `${tp}.paymentType.instructionPriority`, t.at);
        if (t.regulatoryReporting) c.add('SCT_REGULATORY_REPORTING', 'warning', 'Meldedaten (RgltryRptg) gehören nicht in eine SEPA-Überweisung', `${tp}.regulatoryReporting`, t.at);
        if (t.remittance.unstructured.length > 1) c.add('REMITTANCE_MULTIPLE', 'error', 'Bei SEPA-Überweisungen ist nur ein unstrukturierter Verwendungszweck (Ustrd) erlaubt', `${tp}.remittance.unstructured`, t.fieldAt.remittance);
        if (t.remittance.unstructured.length > 0 && t.remittance.structured > 0) c.add('REMITTANCE_BOTH', 'warning', 'Strukturierter und unstrukturierter Verwendungszweck zugleich; das EPC-Regelwerk erlaubt nur eine Form', `${tp}.remittance`, t.fieldAt.remittance);
      } else {
        checkAddress(c, t.creditor?.address, 'Empfänger', `${tp}.creditor.address`, t.creditor?.fieldAt.address ?? t.creditor?.at ?? t.at, true, profile);
        if (t.chargeBearer !== undefined && !['DEBT', 'CRED', 'SHAR', 'SLEV'].includes(t.chargeBearer)) c.add('CHARGE_BEARER_INVALID', 'error', `Entgeltregelung "${t.chargeBearer}" unbekannt (DEBT, CRED, SHAR)`, `${tp}.chargeBearer`, t.fieldAt.chargeBearer);
        if (acc && acc.iban === undefined && acc.other !== undefined) {
          const ag = t.creditorAgent;
          const agentOk = !!ag && (ag.bic !== undefined || ag.clearingMemberId !== undefined || (ag.name !== undefined && ag.address !== undefined));
          if (!agentOk) c.add('AXZ_CREDITOR_AGENT_MISSING', 'error', 'Konto ohne IBAN: BIC, Clearing-Nummer oder Name und Anschrift der Empfängerbank sind Pflicht', `${tp}.creditorAgent`, ag?.at ?? t.at);
        }
      }
      for (const [i, u] of t.remittance.unstructured.entries()) {
        if ([...u].length > 140) c.add('REMITTANCE_TOO_LONG', 'error', `Verwendungszweck ist länger als 140 Zeichen (${[...u].length})`, `${tp}.remittance.unstructured.${i}`, t.fieldAt.remittance);
      }
      // Duplicate payments: same account, amount, currency, remittance and date.
      if (amount && acc) {
        const key = [acc.iban ?? acc.other, amount.toFixed(2), t.currency, t.remittance.unstructured.join('|'), t.remittance.creditorReference ?? '', b.executionDate].join('\u0000');
        const prev = dup.get(key);
        if (prev) c.add('DUPLICATE_PAYMENT', 'warning', `Mögliche Doppelzahlung: gleiches Konto, gleicher Betrag und Verwendungszweck wie ${prev}`, tp, t.at);
        else dup.set(key, tp);
      }
    });
    // Block totals
    if (b.numberOfTransactions !== undefined) {
      if (!/^\d{1,15}$/.test(b.numberOfTransactions)) c.add('PMTINF_NB_OF_TXS_INVALID', 'error', `Anzahl (NbOfTxs) "${b.numberOfTransactions}" ist keine Zahl`, `${bp}.numberOfTransactions`, b.fieldAt.numberOfTransactions);
      else if (Number(b.numberOfTransactions) !== b.transactions.length) c.add('PMTINF_NB_OF_TXS_MISMATCH', 'error', `Zahlungsblock: angegeben ${b.numberOfTransactions} Zahlungen, enthalten ${b.transactions.length}`, `${bp}.numberOfTransactions`, b.fieldAt.numberOfTransactions);
    }
    if (b.controlSum !== undefined && blockSumValid) {
      if (!DECIMAL.test(b.controlSum)) c.add('PMTINF_CTRL_SUM_INVALID', 'error', `Kontrollsumme "${b.controlSum}" ist keine Dezimalzahl`, `${bp}.controlSum`, b.fieldAt.controlSum);
      else if (!new Big(b.controlSum).eq(blockSum)) c.add('PMTINF_CTRL_SUM_MISMATCH', 'error', `Zahlungsblock: Kontrollsumme ${b.controlSum}, Summe der Beträge ${blockSum.toFixed(2)}`, `${bp}.controlSum`, b.fieldAt.controlSum);
    }
  });

  if (g) {
    if (g.numberOfTransactions === undefined) c.add('NB_OF_TXS_MISSING', 'error', 'Anzahl der Zahlungen (NbOfTxs) im Gruppenkopf fehlt', 'groupHeader.numberOfTransactions', g.at);
    else if (!/^\d{1,15}$/.test(g.numberOfTransactions)) c.add('NB_OF_TXS_INVALID', 'error', `Anzahl (NbOfTxs) "${g.numberOfTransactions}" ist keine Zahl`, 'groupHeader.numberOfTransactions', g.fieldAt.numberOfTransactions);
    else if (!m.malformed && Number(g.numberOfTransactions) !== txCount) c.add('NB_OF_TXS_MISMATCH', 'error', `Gruppenkopf: angegeben ${g.numberOfTransactions} Zahlungen, enthalten ${txCount}`, 'groupHeader.numberOfTransactions', g.fieldAt.numberOfTransactions);
    if (g.controlSum === undefined) {
      if (profile === 'sct') c.add('CTRL_SUM_MISSING', dkSeverity, 'Kontrollsumme (CtrlSum) im Gruppenkopf fehlt (DK-Pflichtfeld)', 'groupHeader.controlSum', g.at);
    } else if (!DECIMAL.test(g.controlSum)) c.add('CTRL_SUM_INVALID', 'error', `Kontrollsumme "${g.controlSum}" ist keine Dezimalzahl`, 'groupHeader.controlSum', g.fieldAt.controlSum);
    else if (sumValid && !m.malformed && !new Big(g.controlSum).eq(sum)) c.add('CTRL_SUM_MISMATCH', 'error', `Gruppenkopf: Kontrollsumme ${g.controlSum}, Summe der Beträge ${sum.toFixed(2)}`, 'groupHeader.controlSum', g.fieldAt.controlSum);
  }
  return c.issues;
}
