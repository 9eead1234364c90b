import { describe, expect, it } from 'vitest';
import { describeValidation, validatePain001 } from './validate';
import { readPain001 } from './read';
import { checkPain001 } from './rules';
import { Pain001Error } from '../errors';

const NS = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** A small hand-written pain.001.001.09 with parameters for the parts the tests vary. */
function doc(o: { txs?: string[]; nb?: string; sum?: string; svc?: string; chrg?: string; ns?: string } = {}): string {
  const tx = (amt: string, ccy = 'EUR', iban = 'DE28100100100001234567', e2e = 'E2E-1') =>
    `<CdtTrfTxInf><PmtId><EndToEndId>${e2e}</EndToEndId></PmtId><Amt><InstdAmt Ccy="${ccy}">${amt}</InstdAmt></Amt><Cdtr><Nm>Empfänger</Nm></Cdtr><CdtrAcct><Id><IBAN>${iban}</IBAN></Id></CdtrAcct><RmtInf><Ustrd>Rechnung</Ustrd></RmtInf></CdtTrfTxInf>`;
  const txs = o.txs ?? [tx('10.00'), tx('5.50', 'EUR', 'DE02500105170005400246', 'E2E-2')];
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${o.ns ?? NS}"><CstmrCdtTrfInitn><GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-03-10T10:00:00</CreDtTm><NbOfTxs>${o.nb ?? '2'}</NbOfTxs><CtrlSum>${o.sum ?? '15.50'}</CtrlSum><InitgPty><Nm>Firma</Nm></InitgPty></GrpHdr>
<PmtInf><PmtInfId>P-1</PmtInfId><PmtMtd>TRF</PmtMtd><NbOfTxs>${o.nb ?? '2'}</NbOfTxs><CtrlSum>${o.sum ?? '15.50'}</CtrlSum>${o.svc === undefined ? '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' : o.svc}<ReqdExctnDt><Dt>2026-03-16</Dt></ReqdExctnDt><Dbtr><Nm>Firma</Nm></Dbtr><DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct><DbtrAgt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></DbtrAgt>${o.chrg ?? '<ChrgBr>SLEV</ChrgBr>'}
${txs.join('\n')}</PmtInf></CstmrCdtTrfInitn></Document>`;
}
const tx = (amt: string, ccy = 'EUR', iban = 'DE28100100100001234567', e2e = 'E2E-1') =>
  `<CdtTrfTxInf><PmtId><EndToEndId>${e2e}</EndToEndId></PmtId><Amt><InstdAmt Ccy="${ccy}">${amt}</InstdAmt></Amt><Cdtr><Nm>Empfänger</Nm></Cdtr><CdtrAcct><Id><IBAN>${iban}</IBAN></Id></CdtrAcct></CdtTrfTxInf>`;

describe('validatePain001 without a schema store', () => {
  it('validates by rules only and says so', async () => {
    const r = await validatePain001(doc());
    expect(r).toMatchObject({ message: 'pain.001', version: '09', profile: 'sct', profileSource: 'detected', verdict: 'valid', schemaChecked: false });
    expect(r.xsd).toMatchObject({ available: false, ruleset: 'dk.gbic5:pain001:09', schemaSet: 'dk:pain.001.001.09_GBIC_5', verdict: 'not_checked', errorCount: 0 });
    expect(r.xsd.note).toMatch(/nur auf den Regeln/);
    expect(r.summary).toMatchObject({ payments: 2, declaredPayments: 2, controlSum: '15.50', declaredControlSum: '15.50', paymentBlocks: 1, executionDates: ['2026-03-16'] });
    expect(describeValidation(r, 'lauf.xml')).toBe('lauf.xml: pain.001.001.09 (SCT), 2 Zahlung(en) in 1 Block/Blöcken, 15.50 EUR; Schema nicht geprüft; gültig.');
  });

  it('reports declared vs computed totals with paths and positions', async () => {
    const r = await validatePain001(doc({ nb: '3', sum: '15.51' }));
    expect(r.verdict).toBe('invalid');
    expect(r.findings.map((f) => [f.code, f.path])).toEqual([
      ['PMTINF_NB_OF_TXS_MISMATCH', 'paymentBlocks.0.numberOfTransactions'],
      ['PMTINF_CTRL_SUM_MISMATCH', 'paymentBlocks.0.controlSum'],
      ['NB_OF_TXS_MISMATCH', 'groupHeader.numberOfTransactions'],
      ['CTRL_SUM_MISMATCH', 'groupHeader.controlSum'],
    ]);
    expect(r.findings[3]).toMatchObject({ line: 2, column: expect.any(Number) });
    expect(r.summary).toMatchObject({ declaredPayments: 3, declaredControlSum: '15.51', controlSum: '15.50' });
  });

  it('detects AXZ from foreign-payment traits and lists the reasons', async () => {
    const r = await validatePain001(doc({ svc: '', chrg: '', txs: [tx('100', 'USD', 'DE28100100100001234567'), tx('5', 'EUR', 'DE02500105170005400246', 'E2')] }));
    expect(r.profile).toBe('axz');
    expect(r.xsd).toMatchObject({ ruleset: 'iso.20022:pain001:09', schemaSet: 'iso:pain.001.001.09' });
    expect(r.profileReasons).toEqual(['Währung USD (nicht EUR)']);
    expect(r.summary.currencies).toEqual([
      { currency: 'EUR', payments: 1, total: '5.00' },
      { currency: 'USD', payments: 1, total: '100.00' },
    ]);
    // AXZ rules: addresses are mandatory
    expect(r.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['AXZ_DEBTOR_ADDRESS_MISSING', 'AXZ_CREDITOR_ADDRESS_MISSING']));
  });

  it('treats the explicit service level SEPA as SCT even with a foreign currency', async () => {
    const r = await validatePain001(doc({ sum: '105.00', txs: [tx('100.00', 'USD'), tx('5.00', 'EUR', 'DE02500105170005400246', 'E2')] }));
    expect(r.profile).toBe('sct');
    expect(r.findings.map((f) => f.code)).toEqual(['SCT_CURRENCY_NOT_EUR']);
  });

  it('warns about duplicates and caps the number of findings', async () => {
    const many = Array.from({ length: 30 }, () => tx('1.00'));
    const r = await validatePain001(doc({ nb: '30', sum: '30.00', txs: many }), { maxFindings: 10 });
    expect(r.findings).toHaveLength(11);
    expect(r.findings.at(-1)).toMatchObject({ code: 'FINDINGS_TRUNCATED', severity: 'info' });
    expect(r.verdict).toBe('valid_with_warnings');
  });

  it('refuses what is not a supported pain.001, with a stable code', async () => {
    await expect(validatePain001('')).rejects.toMatchObject({ code: 'NOT_XML' });
    await expect(validatePain001('%PDF-1.7')).rejects.toMatchObject({ code: 'NOT_XML' });
    await expect(validatePain001('<!DOCTYPE x [<!ENTITY a "b">]><Document/>')).rejects.toMatchObject({ code: 'NOT_XML' });
    await expect(validatePain001('<Invoice xmlns="urn:x"/>')).rejects.toMatchObject({ code: 'UNSUPPORTED_MESSAGE' });
    await expect(validatePain001(doc({ ns: 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.08' }))).rejects.toThrow(/pain\.001\.001\.08/);
    await expect(validatePain001(doc(), { maxBytes: 100 })).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
    await expect(validatePain001(doc(), { profile: 'xyz' as 'sct' })).rejects.toBeInstanceOf(Pain001Error);
  });

  it('reports a file that breaks off with its position', async () => {
    const text = doc();
    const r = await validatePain001(text.slice(0, text.indexOf('<CdtTrfTxInf>') + 40));
    expect(r.verdict).toBe('invalid');
    expect(r.findings[0]).toMatchObject({ code: 'XML_MALFORMED', line: 4 });
  });
});

describe('validatePain001 on large files (positions kept as integers, position.ts)', () => {
  // Over 1 MB: findings everywhere in the file, in the compact form (one long line) and with a line per payment.
  const bad = (i: number) =>
    i % 7 === 0
      ? tx('10.001', 'EUR', 'DE28100100100001234567', `E2E-${i}`)
      : i % 11 === 0
        ? tx('3.00', 'USD', 'DE00100100100001234567', 'E2E-1')
        : tx(`${i}.00`, 'EUR', 'DE28100100100001234567', `E2E-${i}`);
  const body = Array.from({ length: 5000 }, (_, i) => bad(i + 1));
  for (const [name, sep] of [
    ['one long line', ''],
    ['a line per payment', '\n'],
  ] as const) {
    it(`${name}: the findings and positions of the public read model and rules`, async () => {
      const text = doc({ txs: [body.join(sep)], nb: '5000', sum: '1.00' });
      expect(text.length).toBeGreaterThan(1024 * 1024);
      const r = await validatePain001(text, { maxBytes: 8 * 1024 * 1024, maxFindings: 100_000 });
      const expected = checkPain001(await readPain001(text, { maxBytes: 8 * 1024 * 1024 }), 'sct');
      expect(r.findings).toEqual(expected);
      // Positions far into the file, on line 2 (long line) or on late lines.
      const last = r.findings.filter((f) => f.path?.startsWith('paymentBlocks.0.transactions.44')).at(-1)!;
      expect(last.line! > 4000 || last.column! > 500_000).toBe(true);
      expect(r.findings.length).toBeGreaterThan(1000);
    });
  }
});
