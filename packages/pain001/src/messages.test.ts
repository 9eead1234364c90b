/** The de/en catalogue of @kontor/pain001: sound, and German and English runs of the same bad input give the same codes. */
import { catalogueProblems } from '@kontor/xml';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { describeValidation, generateSct, Pain001Error, validatePain001 } from './index';

const BAD_FILE = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">
<CstmrCdtTrfInitn>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-03-01T10:00:00</CreDtTm><NbOfTxs>2</NbOfTxs><CtrlSum>5.00</CtrlSum><InitgPty><Nm>Firma</Nm></InitgPty></GrpHdr>
<PmtInf><PmtInfId>B1</PmtInfId><PmtMtd>TRF</PmtMtd><NbOfTxs>1</NbOfTxs><CtrlSum>10.00</CtrlSum>
<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf><ReqdExctnDt><Dt>2026-03-02</Dt></ReqdExctnDt>
<Dbtr><Nm>Firma</Nm></Dbtr><DbtrAcct><Id><IBAN>DE88370400440532013000</IBAN></Id></DbtrAcct><DbtrAgt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></DbtrAgt>
<ChrgBr>SLEV</ChrgBr>
<CdtTrfTxInf><PmtId><EndToEndId>E1</EndToEndId></PmtId><Amt><InstdAmt Ccy="EUR">10.00</InstdAmt></Amt>
<Cdtr><Nm>Lieferant</Nm></Cdtr><CdtrAcct><Id><IBAN>DE8937040044053201300</IBAN></Id></CdtrAcct></CdtTrfTxInf>
</PmtInf>
</CstmrCdtTrfInitn>
</Document>`;

const codes = (fs: readonly { code: string; path?: string | undefined }[]) => fs.map((f) => `${f.code}@${f.path ?? ''}`);

describe('pain001 messages', () => {
  it('every key has a German and an English text with the same placeholders', () => {
    expect(catalogueProblems(messages)).toEqual([]);
  });

  it('validation: same codes and paths in both languages, texts in the language asked for', async () => {
    const de = await validatePain001(BAD_FILE);
    const en = await validatePain001(BAD_FILE, { lang: 'en' });
    expect(codes(en.findings)).toEqual(codes(de.findings));
    expect(codes(de.findings)).toEqual(
      expect.arrayContaining([
        'IBAN_CHECKSUM@paymentBlocks.0.debtorAccount.iban',
        'IBAN_COUNTRY_FORMAT@paymentBlocks.0.transactions.0.creditorAccount.iban',
        'NB_OF_TXS_MISMATCH@groupHeader.numberOfTransactions',
        'CTRL_SUM_MISMATCH@groupHeader.controlSum',
      ]),
    );
    const text = (r: typeof de, code: string) => r.findings.find((f) => f.code === code)!.message;
    expect(text(de, 'IBAN_CHECKSUM')).toBe('IBAN des Auftraggebers: Die Prüfziffern der IBAN „DE88370400440532013000“ stimmen nicht (Modulo-97-Prüfung nach ISO 13616).');
    expect(text(en, 'IBAN_CHECKSUM')).toBe('Debtor\'s IBAN: The check digits of IBAN "DE88370400440532013000" are wrong (mod-97 check of ISO 13616).');
    expect(text(de, 'CTRL_SUM_MISMATCH')).toBe('Gruppenkopf: Kontrollsumme 5.00, Summe der Beträge 10.00');
    expect(text(en, 'CTRL_SUM_MISMATCH')).toBe('Group header: control sum 5.00, sum of the amounts 10.00');
    expect(en.profileReasons[0]).toBe('service level SEPA given (SvcLvl/Cd = SEPA)');
    expect(en.xsd.note).toMatch(/^No schema store configured/);
    expect(describeValidation(en, 'x.xml', 'en')).toMatch(/^x\.xml: pain\.001\.001\.09 \(SCT\), 1 payment\(s\) in 1 block\(s\), 10\.00 EUR; schema not checked; invalid \(\d+ errors\)\.$/);
    expect(describeValidation(de, 'x.xml')).toMatch(/; Schema nicht geprüft; ungültig \(\d+ Fehler\)\.$/);
    // Positions are line/column of the shared Finding.
    expect(de.findings.find((f) => f.code === 'IBAN_CHECKSUM')).toMatchObject({ line: 7 });
  });

  it('refusals: message and details in the language asked for, same code', async () => {
    const camt = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>';
    const refusal = async (lang: 'de' | 'en') => {
      try {
        await validatePain001(camt, { lang });
      } catch (e) {
        if (e instanceof Pain001Error) return e;
      }
      throw new Error('expected UNSUPPORTED_MESSAGE');
    };
    const de = await refusal('de');
    const en = await refusal('en');
    expect([de.code, en.code]).toEqual(['UNSUPPORTED_MESSAGE', 'UNSUPPORTED_MESSAGE']);
    expect(de.message).toBe('Keine unterstützte pain.001-Nachricht: Namensraum "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08". Unterstützt werden pain.001.001.09 und pain.001.001.03.');
    expect(en.message).toBe('Not a supported pain.001 message: namespace "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08". Supported are pain.001.001.09 and pain.001.001.03.');
    expect(en.details[0]).toMatchObject({ code: 'UNSUPPORTED_MESSAGE', message: 'Not supported: namespace "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"', line: 1 });
  });

  it('generation: the 422 issue list has the same codes in both languages, labels and schema texts translated', async () => {
    const run = {
      debtor: { name: 'Firma', iban: 'DE88370400440532013000' },
      requestedExecutionDate: '2099-01-05',
      payments: [{ creditorName: 'Lieferant', creditorIban: 'de89 3704 0044 0532 0130 00', amount: '10.001', remittanceInfo: 'x'.repeat(141), currency: 'USD' }],
    };
    const issues = async (lang: 'de' | 'en') => {
      try {
        await generateSct(run, { lang, now: () => new Date('2026-03-01T10:00:00Z') });
      } catch (e) {
        if (e instanceof Pain001Error) return e.details;
      }
      throw new Error('expected RUN_RULES_VIOLATED');
    };
    const de = await issues('de');
    const en = await issues('en');
    expect(codes(en)).toEqual(codes(de));
    expect(codes(de)).toEqual(expect.arrayContaining(['AMOUNT_TOO_MANY_DECIMALS@payments.0.amount', 'REMITTANCE_TOO_LONG@payments.0.remittanceInfo']));
    const text = (list: typeof de, code: string) => list.find((f) => f.code === code)!.message;
    expect(text(de, 'REMITTANCE_TOO_LONG')).toBe('Verwendungszweck ist länger als 140 Zeichen (Länge: 141)');
    expect(text(en, 'REMITTANCE_TOO_LONG')).toBe('Remittance information is longer than 140 characters (length: 141)');
    expect(text(en, 'AMOUNT_TOO_MANY_DECIMALS')).toBe('Amount has more than 2 decimals');
  });
});
