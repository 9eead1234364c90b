import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { BankDirectory, bundesbankValidTo, pickDirectory } from './directory';
import { parseBankCodeFile } from './parse';
import { BankdataError } from './errors';

const fixture = (n: string) => readFileSync(new URL(`../test/fixtures/${n}`, import.meta.url));

describe('parseBankCodeFile', () => {
  it('reads the fixed-width text form (ISO-8859-1) and reports a malformed line', () => {
    const p = parseBankCodeFile(fixture('synthetic-blz.txt'));
    expect(p.format).toBe('txt');
    expect(p.records).toHaveLength(10);
    expect(p.findings).toEqual([expect.objectContaining({ code: 'BANKDATA_LINE_MALFORMED', line: 4 })]);
    const b = p.records.find((r) => r.bankCode === '20020088')!;
    expect(b).toMatchObject({ feature: 1, name: 'Bäckerbank Süd', town: 'München', postCode: '80331', bic: 'KTORDEM2XXX', checkDigitMethod: '24', change: 'M', successor: null });
    expect(p.records.find((r) => r.bankCode === '30030077')).toMatchObject({ deletionAnnounced: true, successor: '20020088', bic: '' });
  });

  it('reads the CSV form to the same records', () => {
    const txt = parseBankCodeFile(fixture('synthetic-blz.txt')).records.map(({ line: _l, ...r }) => r);
    const csv = parseBankCodeFile(fixture('synthetic-blz.csv'));
    expect(csv.format).toBe('csv');
    expect(csv.findings).toEqual([]);
    expect(csv.records.map(({ line: _l, ...r }) => r)).toEqual(txt);
  });

  it('rejects empty and unknown input with a stable code', () => {
    expect(() => parseBankCodeFile('')).toThrow(BankdataError);
    expect(() => parseBankCodeFile('hello world')).toThrow(expect.objectContaining({ code: 'BANKDATA_FORMAT_UNKNOWN' }));
    expect(() => parseBankCodeFile('Bankleitzahl;Merkmal\n"x";"y"')).toThrow(expect.objectContaining({ code: 'BANKDATA_EMPTY' }));
  });
});

describe('BankDirectory', () => {
  const { directory: dir } = BankDirectory.load(fixture('synthetic-blz.txt'), { dataDate: '2026-06-08' });

  it('indexes main records only', () => {
    expect(dir.size).toBe(7);
    expect(dir.lookup('10010099')).toMatchObject({ found: true, bic: 'KTORDEB1XXX', bankName: 'Kontor Testbank', town: 'Berlin', dataDate: '2026-06-08', status: 'active' });
    // a D on a branch record (Merkmal 2) deletes only that branch
    expect(dir.lookup('50050055')).toMatchObject({ found: true, status: 'active', bic: 'KTORDEF5XXX' });
  });

  it('handles deletions and successor chains', () => {
    expect(dir.lookup('40040066')).toMatchObject({ found: true, status: 'deleted', bic: 'KTORDEH4XXX', successor: { bankCode: '10010099', bic: 'KTORDEB1XXX' } });
    // record without BIC: announced deletion; BIC comes from the successor
    expect(dir.lookup('30030077')).toMatchObject({ found: true, status: 'deletion_announced', bic: 'KTORDEM2XXX', bicSource: 'successor', successor: { bankCode: '20020088' } });
    // chain 60060044 (deleted) -> 30030077 (announced) -> 20020088
    expect(dir.resolve('60060044')!.bankCode).toBe('20020088');
    expect(dir.lookup('60060044')).toMatchObject({ status: 'deleted', successor: { bankCode: '20020088', bankName: 'Bäckerbank Süd' } });
  });

  it('answers misses, other countries and malformed codes per spec §2.11', () => {
    expect(dir.lookup('99999999')).toEqual({ found: false });
    expect(dir.lookup('10010099', 'AT')).toEqual({ found: false, reason: 'unsupported_country' });
    expect(dir.lookup('10010099', '')).toEqual({ found: false, reason: 'unsupported_country' });
    expect(dir.lookup('10010099', 'de')).toMatchObject({ found: true });
    expect(dir.lookup('1001')).toEqual({ found: false, reason: 'invalid_bank_code' });
    expect(dir.lookup('1001 0099')).toMatchObject({ found: true });
  });

  it('derives a BIC from a German IBAN', () => {
    expect(dir.bicForIban('DE02 1001 0099 0000 0000 00')).toBe('KTORDEB1XXX');
    expect(dir.bicForIban('AT611904300234573201')).toBeUndefined();
    expect(dir.bicForIban('DE02999999990000000000')).toBeUndefined();
  });

  it('round-trips through the compact JSON index', () => {
    const json = JSON.parse(JSON.stringify(dir.toJSON()));
    const back = BankDirectory.fromJSON(json);
    expect(back.size).toBe(dir.size);
    for (const code of ['10010099', '20020088', '30030077', '40040066', '60060044', '70070033']) expect(back.lookup(code)).toEqual(dir.lookup(code));
    expect(() => BankDirectory.fromJSON({ format: 'x' })).toThrow(expect.objectContaining({ code: 'BANKDATA_INDEX_INVALID' }));
  });

  it('knows the quarterly validity and picks the file for a date', () => {
    expect(bundesbankValidTo('2026-06-08')).toBe('2026-09-06');
    expect(bundesbankValidTo('2026-12-07')).toBe('2027-02-28');
    expect(dir.validTo).toBe('2026-09-06');
    const older = BankDirectory.fromRecords(parseBankCodeFile(fixture('synthetic-blz.csv')).records, { dataDate: '2026-03-02' });
    expect(pickDirectory([older, dir], '2026-07-01')).toBe(dir);
    expect(pickDirectory([older, dir], '2026-04-01')).toBe(older);
    expect(pickDirectory([older, dir], '2027-01-01')).toBe(dir);
    expect(pickDirectory([older, dir], '2025-01-01')).toBeUndefined();
    expect(() => BankDirectory.fromRecords([], { dataDate: 'x' })).toThrow(BankdataError);
  });
});

describe('BankDirectory.open', () => {
  it('opens the JSON index and the raw file alike, and refuses a broken index', () => {
    const raw = fixture('synthetic-blz.txt');
    const direct = BankDirectory.open(raw, { dataDate: '2026-11-01', source: 'blz.txt' });
    const viaIndex = BankDirectory.open(JSON.stringify(direct.toJSON()), { dataDate: '1999-01-01' });
    expect(viaIndex.dataDate).toBe('2026-11-01');
    expect(viaIndex.size).toBe(direct.size);
    expect(viaIndex.lookup('20020088')).toEqual(direct.lookup('20020088'));
    expect(direct.lookup('20020088').found).toBe(true);
    expect(() => BankDirectory.open('{"format":', { dataDate: '2026-11-01' })).toThrow(/kontor-bankdata\/1/);
  });
});
