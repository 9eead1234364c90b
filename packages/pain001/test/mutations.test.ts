/**
 * More one-defect mutations of the constructed GBIC_5 file than the corpus ships: each must yield its finding
 * (rules only, so this also holds when no schema set is installed) and nothing else new of severity error.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validatePain001 } from '../src/read/validate';
import { corpusAvailable, paymentsDir } from './corpus';

const has = corpusAvailable();
const base = has ? readFileSync(path.join(paymentsDir, 'samples/constructed/pain.001.001.09_gbic5_sct+inst_valid.xml'), 'utf8') : '';

/** [defect, mutation, expected code, expected path] */
const CASES: [string, (s: string) => string, string, string][] = [
  ['creditor name removed', (s) => s.replace('<Nm>Stadtwerke Musterstadt</Nm>', ''), 'NAME_MISSING', 'paymentBlocks.0.transactions.2.creditor.name'],
  [
    'creditor account removed',
    (s) => s.replace(/<CdtrAcct>\s*<Id>\s*<IBAN>DE96701500000001002003<\/IBAN>\s*<\/Id>\s*<\/CdtrAcct>/, ''),
    'CREDITOR_ACCOUNT_MISSING',
    'paymentBlocks.0.transactions.2.creditorAccount',
  ],
  ['end-to-end id removed', (s) => s.replace('<EndToEndId>E2E-000002</EndToEndId>', ''), 'END_TO_END_ID_MISSING', 'paymentBlocks.0.transactions.1.endToEndId'],
  ['end-to-end id of 36 characters', (s) => s.replace('E2E-000002', 'E'.repeat(36)), 'END_TO_END_ID_TOO_LONG', 'paymentBlocks.0.transactions.1.endToEndId'],
  ['message id removed', (s) => s.replace('<MsgId>MSG-2026-03-13-0001</MsgId>', ''), 'MESSAGE_ID_MISSING', 'groupHeader.messageId'],
  ['message id with underscore', (s) => s.replace('MSG-2026-03-13-0001', 'MSG_2026'), 'MESSAGE_ID_CHARSET', 'groupHeader.messageId'],
  ['negative amount', (s) => s.replace('>29.99<', '>-29.99<'), 'AMOUNT_NOT_POSITIVE', 'paymentBlocks.0.transactions.1.amount'],
  ['amount above the SEPA maximum', (s) => s.replace(/999999999\.99/g, '1000000000.00'), 'AMOUNT_TOO_LARGE', 'paymentBlocks.1.transactions.0.amount'],
  ['amount with a comma', (s) => s.replace('>29.99<', '>29,99<'), 'AMOUNT_INVALID', 'paymentBlocks.0.transactions.1.amount'],
  ['currency attribute missing', (s) => s.replace('<InstdAmt Ccy="EUR">29.99', '<InstdAmt>29.99'), 'CURRENCY_MISSING', 'paymentBlocks.0.transactions.1.currency'],
  ['charge bearer SHAR', (s) => s.replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>SHAR</ChrgBr>'), 'SCT_CHARGE_BEARER', 'paymentBlocks.0.chargeBearer'],
  ['service level URGP', (s) => s.replace('<Cd>SEPA</Cd>', '<Cd>URGP</Cd>'), 'SCT_SERVICE_LEVEL', 'paymentBlocks.0.paymentType.serviceLevels'],
  ['creditor IBAN check digits', (s) => s.replace('DE02500105170005400246', 'DE03500105170005400246'), 'IBAN_CHECKSUM', 'paymentBlocks.0.transactions.1.creditorAccount.iban'],
  ['creditor IBAN too short for DE', (s) => s.replace('DE02500105170005400246', 'DE0250010517000540024'), 'IBAN_COUNTRY_FORMAT', 'paymentBlocks.0.transactions.1.creditorAccount.iban'],
  ['creditor BIC of 9 characters', (s) => s.replace('INGDDEFFXXX', 'INGDDEFFX'), 'BIC_INVALID', 'paymentBlocks.0.transactions.1.creditorAgent.bic'],
  ['creditor outside SEPA', (s) => s.replace('DE02500105170005400246', 'BR9700360305000010009795493P1'), 'SCT_COUNTRY_NOT_SEPA', 'paymentBlocks.0.transactions.1.creditorAccount.iban'],
  ['remittance of 141 characters', (s) => s.replace('Rechnung 2 vom 01.03.2026', 'R'.repeat(141)), 'REMITTANCE_TOO_LONG', 'paymentBlocks.0.transactions.1.remittance.unstructured.0'],
  [
    'two unstructured remittance lines',
    (s) => s.replace('<Ustrd>Rechnung 2 vom 01.03.2026</Ustrd>', '<Ustrd>a</Ustrd><Ustrd>b</Ustrd>'),
    'REMITTANCE_MULTIPLE',
    'paymentBlocks.0.transactions.1.remittance.unstructured',
  ],
  ['execution date 30 February', (s) => s.replace('<Dt>2026-03-16</Dt>', '<Dt>2026-02-30</Dt>'), 'EXECUTION_DATE_INVALID', 'paymentBlocks.0.executionDate'],
  ['creation time without time', (s) => s.replace('2026-03-13T09:30:00', '2026-03-13'), 'CREATION_TIME_INVALID', 'groupHeader.createdAt'],
  ['block NbOfTxs off by one', (s) => s.replace('<NbOfTxs>3</NbOfTxs>', '<NbOfTxs>2</NbOfTxs>'), 'PMTINF_NB_OF_TXS_MISMATCH', 'paymentBlocks.0.numberOfTransactions'],
  ['block CtrlSum off by one cent', (s) => s.replace('<CtrlSum>1530.00</CtrlSum>', '<CtrlSum>1530.01</CtrlSum>'), 'PMTINF_CTRL_SUM_MISMATCH', 'paymentBlocks.0.controlSum'],
  ['payment method cheque', (s) => s.replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>CHK</PmtMtd>'), 'PAYMENT_METHOD_INVALID', 'paymentBlocks.0.method'],
  ['debtor removed', (s) => s.replace(/<Dbtr>\s*<Nm>Musterfirma Handels AG<\/Nm>\s*<\/Dbtr>/, ''), 'DEBTOR_MISSING', 'paymentBlocks.1.debtor'],
  ['debtor agent removed', (s) => s.replace(/<DbtrAgt>\s*<FinInstnId>\s*<BICFI>COBADEFFXXX<\/BICFI>\s*<\/FinInstnId>\s*<\/DbtrAgt>/, ''), 'DEBTOR_AGENT_MISSING', 'paymentBlocks.0.debtorAgent'],
  [
    'structured address without country',
    (s) => s.replace('<Ctry>DE</Ctry>\n</PstlAdr>\n</Cdtr>', '</PstlAdr>\n</Cdtr>'),
    'ADDRESS_COUNTRY_MISSING',
    'paymentBlocks.0.transactions.0.creditor.address.countryCode',
  ],
  ['lower-case currency', (s) => s.replace('<InstdAmt Ccy="EUR">29.99', '<InstdAmt Ccy="eur">29.99'), 'CURRENCY_UNKNOWN', 'paymentBlocks.0.transactions.1.currency'],
  ['group header NbOfTxs not a number', (s) => s.replace('<NbOfTxs>4</NbOfTxs>', '<NbOfTxs>vier</NbOfTxs>'), 'NB_OF_TXS_INVALID', 'groupHeader.numberOfTransactions'],
  [
    'priority on the transaction',
    (s) =>
      s
        .replace('<PmtId>\n<InstrId>INSTR-000002', '<PmtId>\n<InstrId>INSTR-000002')
        .replace('</PmtId>\n<Amt>\n<InstdAmt Ccy="EUR">29.99', '</PmtId>\n<PmtTpInf>\n<InstrPrty>HIGH</InstrPrty>\n</PmtTpInf>\n<Amt>\n<InstdAmt Ccy="EUR">29.99'),
    'SCT_PRIORITY_LEVEL',
    'paymentBlocks.0.transactions.1.paymentType.instructionPriority',
  ],
];

describe.runIf(has)('one-defect mutations of the GBIC_5 file (rules only)', () => {
  it('the base file has no findings', async () => {
    expect((await validatePain001(base)).findings).toEqual([]);
  });
  for (const [what, mutate, code, p] of CASES) {
    it(`${what} → ${code}`, async () => {
      const mutated = mutate(base);
      expect(mutated).not.toBe(base);
      const r = await validatePain001(mutated);
      expect(r.profile).toBe('sct');
      expect(r.verdict).toBe('invalid');
      expect(r.findings.map((f) => `${f.code}@${f.path}`)).toContain(`${code}@${p}`);
      expect(r.findings.find((f) => f.code === code)!.line).toBeGreaterThan(0);
    });
  }
});
