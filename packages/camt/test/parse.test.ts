/** The normalised model: mapping of both schema generations, corpus cross-checks against a DOM reading, edge cases of the input. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Big, parseXml, type XmlElement } from '@kontor/xml';
import { CamtError, DECIMAL_FIELDS, entriesToCsv, parseResultToJson, parseStatements, streamStatements, type BillingStatement, type Statement } from '../src/index';
import { corpusAvailable, golden, sample } from './corpus';
import { ACCOUNT_IBAN, generateCamt053, makeIban, syntheticEntries } from './generate';

const run = corpusAvailable();

async function statementsOf(bytes: Uint8Array | string, opts = {}): Promise<Statement[]> {
  const r = await parseStatements(bytes, opts);
  return r.files[0]!.statements as Statement[];
}

describe.runIf(run)('camt.052/053/054 mapping', () => {
  it('reads the DK intraday report: reversal, return reason, pending entry, GVC', async () => {
    const [s] = await statementsOf(sample('samples/constructed/camt.052.001.08_dk_intraday_pending_reversal.xml'));
    expect(s!.account).toMatchObject({ iban: 'DE89370400440532013000', currency: 'EUR' });
    expect(s!.electronicSequenceNumber).toBe('3');
    expect(s!.balances.map((b) => [b.type, b.amount, b.creditDebit, b.date])).toEqual([
      ['ITBD', '12345.67', 'CRDT', '2026-03-16'],
      ['ITAV', '345.67', 'DBIT', '2026-03-16'],
    ]);
    const [credit, reversal, pending] = s!.entries;
    expect(credit).toMatchObject({ amount: '250.00', creditDebit: 'CRDT', status: 'BOOK', bookingDate: '2026-03-16', reversal: false });
    expect(credit!.bankTxCode).toMatchObject({ swiftCode: 'NTRF', gvc: '166', textKey: '00931', proprietary: { code: 'NTRF+166+00931', issuer: 'DK' } });
    expect(credit!.transactions[0]!.counterparty).toEqual({ name: 'Bäckerei Schäfer e.K.', iban: 'DE02500105170005400246' });
    expect(credit!.transactions[0]!.remittance.unstructured).toEqual(['Gutschrift Bonus']);
    expect(reversal).toMatchObject({ reversal: true, creditDebit: 'DBIT', additionalInfo: 'Rücklastschrift (Storno)' });
    expect(reversal!.bankTxCode.gvc).toBe('109');
    expect(reversal!.transactions[0]!.refs).toMatchObject({ endToEndId: 'RUECKL-2026-77', mandateId: 'MANDAT-4711' });
    expect(reversal!.transactions[0]!.returnReason).toEqual({ code: 'MD06', additionalInfo: [] });
    expect(pending).toMatchObject({ status: 'PDNG', valueDate: '2026-03-17' });
    expect(pending!.bookingDate).toBeUndefined();
    // Booked net: +250.00 - 99.90; the pending 1000.00 does not count.
    expect(s!.summary).toMatchObject({ entries: 3, bookedNet: '150.1', net: '-849.9' });
  });

  it('resolves a DK batch into its transactions with references and parties', async () => {
    const [s] = await statementsOf(sample('samples/constructed/camt.054.001.08_dk_batch_resolution.xml'));
    const e = s!.entries[0]!;
    expect(s!.account.servicerBic).toBe('COBADEFFXXX');
    expect(e.batches).toEqual([{ messageId: 'MSG-2026-03-13-0001', paymentInfoId: 'PMTINF-SCT-0001', transactions: 3, total: { amount: '1530.00', currency: 'EUR' }, creditDebit: 'DBIT' }]);
    expect(e.transactions).toHaveLength(3);
    const t = e.transactions[0]!;
    expect(t).toMatchObject({ amount: '1500.00', currency: 'EUR', creditDebit: 'DBIT' });
    expect(t.refs).toMatchObject({ endToEndId: 'E2E-000001', instructionId: 'INSTR-000001', paymentInfoId: 'PMTINF-SCT-0001', messageId: 'MSG-2026-03-13-0001' });
    // Money paid: the counterparty is the creditor, with the agent's BIC.
    expect(t.counterparty).toEqual({ name: 'Müller & Söhne GmbH', iban: 'DE28100100100001234567', bic: 'PBNKDEFFXXX' });
    expect(t.debtor?.name).toBe('Musterfirma Handels AG');
    expect(e.transactions.map((x) => x.amount)).toEqual(['1500.00', '29.99', '0.01']);
  });

  it('keeps unstructured lines and the structured creditor reference apart', async () => {
    const [s] = await statementsOf(sample('samples/camt.054.001.02/iso20022__FI_camt_054_sample.xml'));
    const txs = s!.entries.flatMap((e) => e.transactions);
    const withRef = txs.filter((t) => t.remittance.creditorReference);
    expect(withRef.length).toBeGreaterThan(0);
    for (const t of withRef) {
      expect(t.remittance.creditorReference!.type).toBe('SCOR');
      expect(t.remittance.unstructured).not.toContain(t.remittance.creditorReference!.reference);
    }
    expect(txs.some((t) => t.remittance.unstructured.length > 0 && !t.remittance.creditorReference)).toBe(true);
    // Return reasons with their additional information lines.
    expect(txs.find((t) => t.returnReason?.code === 'AC01')?.returnReason?.additionalInfo).toEqual(['1+TILIÄ EI LÖYDY']);
    // .02 charges records.
    expect(txs.find((t) => t.charges)?.charges?.records[0]).toMatchObject({ amount: '20.00', currency: 'EUR', type: 'COMM' });
  });

  it('reads .02 and .08 of the same content into the same model', async () => {
    const entries = syntheticEntries(20, 3);
    entries[2] = { ...entries[2]!, creditorReference: 'RF18539007547034', mandateId: 'M-1' };
    const strip = (s: Statement) => JSON.parse(JSON.stringify(s, (k, v) => (k === 'location' ? undefined : v))) as Statement;
    const a = strip((await statementsOf(generateCamt053({ version: '02', entries })))[0]!);
    const b = strip((await statementsOf(generateCamt053({ version: '08', entries })))[0]!);
    expect(a.entries).toHaveLength(20);
    expect(a).toEqual(b);
    expect(a.entries[2]!.transactions[0]!.remittance.creditorReference).toEqual({ reference: 'RF18539007547034', type: 'SCOR' });
    expect(a.account).toEqual({ iban: ACCOUNT_IBAN, currency: 'EUR', owner: 'Musterfirma Handels GmbH', servicerBic: 'COBADEFFXXX' });
  });
});

/** Paths of decimal fields that are still strings after the JSON edge (must be none), and of non-finite numbers. */
function decimalStringsLeft(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => decimalStringsLeft(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => {
      if (DECIMAL_FIELDS.has(k) && (typeof v === 'string' || (typeof v === 'number' && !Number.isFinite(v)))) return [`${path}.${k}`];
      return decimalStringsLeft(v, `${path}.${k}`);
    });
  }
  return [];
}

/** An independent DOM reading of the same file: entries per statement with their signed amounts. */
function domEntries(root: XmlElement): { statements: number; entries: number; txs: number; net: Big }[] {
  const msg = root.children[0];
  if (!msg) return [];
  return msg.children
    .filter((c) => ['Stmt', 'Rpt', 'Ntfctn'].includes(c.local))
    .map((st) => {
      let net = new Big(0);
      let txs = 0;
      const ntries = st.elements('Ntry');
      for (const n of ntries) {
        const a = new Big(n.textAt('Amt')!);
        net = n.textAt('CdtDbtInd') === 'DBIT' ? net.minus(a) : net.plus(a);
        txs += n.findAll('NtryDtls', 'TxDtls').length;
      }
      return { statements: 1, entries: ntries.length, txs, net };
    });
}

describe.runIf(run)('corpus cross-check: streaming reader vs DOM reading vs golden.json counts', () => {
  it('every readable camt sample', async () => {
    const g = golden();
    const all = g.samples.filter((s) => s.message?.startsWith('camt'));
    let checked = 0;
    for (const s of all) {
      if (s.file.includes('bulk_6000')) continue; // covered by the bulk test below
      const bytes = sample(s.file);
      const r = await parseStatements(bytes, { bestEffort: true, filename: path.basename(s.file) });
      const file = r.files[0]!;
      const stats = s.stats as Record<string, number>;
      expect(decimalStringsLeft(parseResultToJson(r)), s.file).toEqual([]);
      if (file.message === 'camt.086') {
        const bs = file.statements as BillingStatement[];
        expect(bs.length).toBe(stats.BllgStmt);
        expect(bs.reduce((n, x) => n + x.services.length, 0)).toBe(stats.Svc);
        continue;
      }
      const st = file.statements as Statement[];
      const dom = domEntries(parseXml(bytes).root);
      expect(st.length, s.file).toBe(dom.length);
      expect(st.length, s.file).toBe(stats.Stmt ?? stats.Rpt ?? stats.Ntfctn ?? 0);
      expect(
        st.reduce((n, x) => n + x.entries.length, 0),
        s.file,
      ).toBe(stats.Ntry ?? 0);
      expect(
        st.reduce((n, x) => n + x.balances.length, 0),
        s.file,
      ).toBe(stats.Bal ?? 0);
      st.forEach((x, i) => {
        expect(x.entries.length).toBe(dom[i]!.entries);
        expect(
          x.entries.reduce((n, e) => n + e.transactions.length, 0),
          s.file,
        ).toBe(dom[i]!.txs);
        expect(new Big(x.summary.net).eq(dom[i]!.net), s.file).toBe(true);
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(80);
  });

  it('the 6,001-entry bulk statement: counts from golden.json, balances consistent', async () => {
    const g = golden().samples.find((s) => s.file.includes('bulk_6000'))!;
    const [s] = await statementsOf(sample(g.file));
    expect(s!.entries).toHaveLength((g.stats as Record<string, number>).Ntry!);
    expect(s!.entries.reduce((n, e) => n + e.transactions.length, 0)).toBe((g.stats as Record<string, number>).TxDtls);
    expect(s!.entries.filter((e) => e.reversal).length).toBe(Math.floor(6001 / 997));
    const open = new Big(s!.balances.find((b) => b.type === 'OPBD' || b.type === 'PRCD')!.amount);
    const close = new Big(s!.balances.find((b) => b.type === 'CLBD')!.amount);
    expect(open.plus(new Big(s!.summary.bookedNet)).eq(close)).toBe(true);
  });
});

describe.runIf(run)('camt.086', () => {
  it('services, tax regions, balances and totals of the ISO billing sample', async () => {
    const bytes = sample('samples/camt.086.001.01/Iso20022Net__iso-sample_camt.086.001.01.xml');
    const r = await parseStatements(bytes);
    const f = r.files[0]!;
    expect(f).toMatchObject({ message: 'camt.086', version: '01', supported: true });
    const s = f.statements[0] as BillingStatement;
    expect(s.account).toMatchObject({ otherId: '666777', servicerBic: 'ISOBSBD0', balanceCurrency: 'USD', settlementCurrency: 'GBP', hostCurrency: 'GBP', currency: 'USD' });
    expect(s.services[3]).toMatchObject({
      code: '0003',
      description: 'Checks',
      volume: '1000',
      unitPrice: { amount: '.085000', currency: 'GBP' },
      amount: { amount: '85.00', currency: 'GBP' },
      taxDesignation: 'TAXE',
      taxRegion: 'GB2121234',
      paymentMethod: 'INVS',
    });
    expect(s.taxRegions.map((t) => [t.number, t.methodC?.totalTax?.amount, t.taxDue?.amount])).toEqual([
      ['DKK123456', '6.20', '6.20'],
      ['GB2121234', '37.31', '37.31'],
    ]);
    expect(s.balances.map((b) => [b.type, b.amount, b.currency])).toEqual([
      ['LBNM', '337935.48', 'USD'],
      ['CBAN', '266096.77', 'USD'],
    ]);
    // Totals recomputed from a DOM reading: OrgnlChrgPric per currency, tax per region currency.
    const root = parseXml(bytes).root;
    const net = new Map<string, Big>();
    const count = new Map<string, number>();
    for (const svc of root.findAll('BkSvcsBllgStmt', 'BllgStmtGrp', 'BllgStmt', 'Svc')) {
      const amt = svc.find('OrgnlChrgPric', 'Amt')!;
      const ccy = amt.attr('Ccy')!;
      net.set(ccy, (net.get(ccy) ?? new Big(0)).plus(new Big(amt.text.trim())));
      count.set(ccy, (count.get(ccy) ?? 0) + 1);
    }
    const tax = new Map<string, Big>();
    for (const rg of root.findAll('BkSvcsBllgStmt', 'BllgStmtGrp', 'BllgStmt', 'TaxRgn')) {
      const a = rg.find('MtdC', 'TaxClctn', 'TtlTax', 'Amt')!;
      tax.set(a.attr('Ccy')!, (tax.get(a.attr('Ccy')!) ?? new Big(0)).plus(new Big(a.text.trim())));
    }
    expect(f.totals!.map((t) => t.currency)).toEqual([...net.keys()].sort());
    for (const t of f.totals!) {
      expect(t.services).toBe(count.get(t.currency));
      expect(new Big(t.net).eq(net.get(t.currency)!)).toBe(true);
      expect(new Big(t.tax).eq(tax.get(t.currency) ?? new Big(0))).toBe(true);
      expect(new Big(t.gross).eq(new Big(t.net).plus(new Big(t.tax)))).toBe(true);
      expect(t.waived).toBe('0');
    }
    // Charges whose settlement currency differs from the price currency: 0330 (DKK -> GBP 6.4), 101021 (DKK -> GBP 13.2).
    expect(f.settlementTotals).toEqual([{ value: '19.6', currency: 'GBP', services: 2 }]);
    const json = parseResultToJson(r);
    expect(json.files[0]!.totals![0]!.net).toBeTypeOf('number');
  });
});

describe('input handling', () => {
  const small = () => generateCamt053({ entries: syntheticEntries(3) });

  it('decodes ISO-8859-1 and UTF-16 and survives multi-byte characters on chunk boundaries', async () => {
    const entries = syntheticEntries(900).map((e, i) => ({ ...e, name: `Ärztekammer Öl & Süßwaren ${i} ÄÖÜß€` }));
    const xml = generateCamt053({ entries });
    expect(Buffer.byteLength(xml)).toBeGreaterThan(3 * 64 * 1024);
    const utf8 = await statementsOf(Buffer.from(xml, 'utf8'));
    expect(utf8[0]!.entries[899]!.transactions[0]!.counterparty!.name).toBe('Ärztekammer Öl & Süßwaren 899 ÄÖÜß€');
    const latinXml = xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace(/€/g, 'EUR');
    const latin = await statementsOf(Buffer.from(latinXml, 'latin1'));
    expect(latin[0]!.entries[5]!.transactions[0]!.counterparty!.name).toBe('Ärztekammer Öl & Süßwaren 5 ÄÖÜßEUR');
    const utf16 = await statementsOf(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="UTF-16"'), 'utf16le')]));
    expect(utf16[0]!.entries[899]!.transactions[0]!.counterparty!.name).toBe('Ärztekammer Öl & Süßwaren 899 ÄÖÜß€');
    expect(await statementsOf(xml)).toEqual(utf8);
  });

  it('rejects hostile, empty, oversized, foreign and unsupported input with stable codes', async () => {
    await expect(parseStatements('<!DOCTYPE x [<!ENTITY a "b">]><Document/>')).rejects.toMatchObject({ code: 'XML_FORBIDDEN' });
    await expect(parseStatements('')).rejects.toMatchObject({ code: 'EMPTY_INPUT' });
    await expect(parseStatements(new Uint8Array([1, 2, 3, 4]))).rejects.toMatchObject({ code: 'NOT_XML' });
    await expect(parseStatements('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>')).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
    await expect(parseStatements('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"/>')).rejects.toMatchObject({ code: 'UNSUPPORTED_VERSION' });
    await expect(parseStatements(small(), { maxBytes: 100 })).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
    await expect(parseStatements(new Uint8Array(10 * 1024 * 1024 + 1).fill(32))).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
    await expect(parseStatements(42 as unknown as string)).rejects.toBeInstanceOf(CamtError);
    await expect(parseStatements(Buffer.from('<?xml version="1.0" encoding="EBCDIC"?><a/>'))).rejects.toMatchObject({ code: 'ENCODING_UNSUPPORTED' });
  });

  it('keeps what was read before a break in well-formedness and reports where it broke', async () => {
    const xml = generateCamt053({ entries: syntheticEntries(10) });
    const cut = xml.slice(0, xml.indexOf('<Ntry>', xml.indexOf('<Ntry>') + 10) + 200);
    const r = await parseStatements(cut);
    const f = r.files[0]!;
    expect((f.statements as Statement[])[0]!.entries.length).toBe(1);
    const broken = f.parseFindings.find((x) => x.code === 'XML_MALFORMED');
    expect(broken?.severity).toBe('error');
    expect(broken?.line).toBe(1);
    expect(broken?.column).toBeGreaterThan(1000);
  });

  it('streams entries without keeping them', async () => {
    const xml = generateCamt053({ entries: syntheticEntries(200) });
    let seen = 0;
    let kept = -1;
    const out = await streamStatements(xml, {
      entry: () => void seen++,
      statementEnd: (s) => void (kept = s.entries.length),
    });
    expect(seen).toBe(200);
    expect(kept).toBe(0);
    expect(out).toMatchObject({ complete: true, statements: 1, items: 200 });
  });

  it('maps the IBAN helper used by the fixtures correctly', () => {
    expect(makeIban('DE', '370400440532013000')).toBe('DE89370400440532013000');
  });

  it('exports entries as CSV for spreadsheets, with signed amounts and defused formulas', async () => {
    const entries = syntheticEntries(4);
    entries[0] = { ...entries[0]!, cd: 'DBIT', amount: '12.50', remittance: ['=HYPERLINK("http://x")', 'Zeile 2; mit Semikolon'] };
    const r = await parseStatements(generateCamt053({ entries }));
    const csv = entriesToCsv(r);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]!.split(';')).toContain('counterpartyIban');
    expect(lines[1]).toContain(';-12,50;DBIT;');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"") Zeile 2; mit Semikolon"`);
    expect(lines[1]).toContain(';PMNT/ICDT/ESCT;116;');
    const dot = entriesToCsv(r, { delimiter: ',', bom: true });
    expect(dot.startsWith('\ufefffile,statement')).toBe(true);
    expect(dot).toContain(',-12.50,DBIT,');
  });
});
