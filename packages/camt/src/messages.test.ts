/** The de/en catalogue of @kontor/camt: sound, and a German and an English run give the same codes in their language. */
import { catalogueProblems } from '@kontor/xml';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { describeValidation, validateStatements } from './index';

/** A camt.053 with a broken account IBAN, a wrong closing balance, an entry without status and a wrong summary count. */
function badStatement(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
 <BkToCstmrStmt>
  <GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-03-03T08:00:00</CreDtTm></GrpHdr>
  <Stmt>
   <Id>S1</Id>
   <CreDtTm>2026-03-03T08:00:00</CreDtTm>
   <Acct><Id><IBAN>DE88370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
   <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-02</Dt></Dt></Bal>
   <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">999.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-03</Dt></Dt></Bal>
   <TxsSummry><TtlNtries><NbOfNtries>5</NbOfNtries></TtlNtries></TxsSummry>
   <Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-03</Dt></BookgDt><BkTxCd/></Ntry>
  </Stmt>
 </BkToCstmrStmt>
</Document>`;
}

describe('camt messages', () => {
  it('every key has a German and an English text with the same placeholders', () => {
    expect(catalogueProblems(messages)).toEqual([]);
  });

  it('a German and an English run of the same bad file: same codes, texts in the language asked for', async () => {
    const de = await validateStatements(badStatement(), { filename: 'bad.xml' });
    const en = await validateStatements(badStatement(), { filename: 'bad.xml', lang: 'en' });
    const codes = (r: typeof de) => r.files[0]!.findings.map((f) => `${f.code}@${f.path ?? ''}`);
    expect(codes(en)).toEqual(codes(de));
    expect(codes(de)).toEqual(
      expect.arrayContaining(['CAMT_ACCOUNT_IBAN_INVALID@statements[0].account.iban', 'CAMT_BALANCE_MISMATCH@statements[0].balances[1]', 'CAMT_ENTRY_STATUS_MISSING@statements[0].entries[0].status']),
    );
    const text = (r: typeof de, code: string) => r.files[0]!.findings.find((f) => f.code === code)!.message;
    expect(text(de, 'CAMT_ACCOUNT_IBAN_INVALID')).toMatch(/^Konto: Die Prüfziffern der IBAN/);
    expect(text(en, 'CAMT_ACCOUNT_IBAN_INVALID')).toMatch(/^Account: The check digits of IBAN/);
    expect(text(de, 'CAMT_ENTRY_STATUS_MISSING')).toBe('Buchung ohne Status (Sts); als gebucht (BOOK) gelesen.');
    expect(text(en, 'CAMT_ENTRY_STATUS_MISSING')).toBe('Entry without status (Sts); read as booked (BOOK).');
    expect(text(en, 'CAMT_SUMMARY_COUNT_MISMATCH')).toBe('The summary declares 5 entries; the statement contains 1.');
    // Findings carry their position as line/column (the shared Finding), not a location object.
    const f = de.files[0]!.findings.find((x) => x.code === 'CAMT_ENTRY_STATUS_MISSING')!;
    expect(f.line).toBe(12);
    expect(f).not.toHaveProperty('location');
    expect(en.files[0]!.xsd.note).toMatch(/^No schema check/);
    expect(de.files[0]!.xsd.note).toMatch(/^Keine Schemaprüfung/);
    expect(describeValidation(en, 'en')).toMatch(/^1 file checked: invalid; \d+ errors?, \d+ warnings?/);
    expect(describeValidation(de)).toMatch(/^1 Datei geprüft: ungültig/);
  });
});
