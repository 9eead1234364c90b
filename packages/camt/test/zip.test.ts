/** ZIP deliveries: members, skipped entries with reasons, delivery findings, zip bombs, path tricks, the 10 MB limit. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStatements, validateStatements } from '../src/index';
import { corpusAvailable, sample } from './corpus';
import { generateCamt053, makeIban, syntheticEntries } from './generate';
import { buildZip } from '@kontor/testkit/zipwriter';

const run = corpusAvailable();

function statementXml(sequence: number, opening: string, opts: { iban?: string; day?: string; closing?: string } = {}): string {
  const day = opts.day ?? `2026-03-${String(1 + sequence).padStart(2, '0')}`;
  return generateCamt053({
    entries: syntheticEntries(4, sequence, day),
    sequence,
    opening,
    from: day,
    to: day,
    id: `STMT-${sequence}`,
    ...(opts.iban ? { iban: opts.iban } : {}),
    ...(opts.closing ? { closing: opts.closing } : {}),
  });
}

/** Closing balance of a generated statement, read back through the parser. */
async function closingOf(xml: string): Promise<string> {
  const r = await parseStatements(xml);
  const s = r.files[0]!.statements[0] as { balances: { type: string; amount: string; creditDebit: string }[] };
  const c = s.balances.find((b) => b.type === 'CLBD')!;
  return c.creditDebit === 'DBIT' ? `-${c.amount}` : c.amount;
}

describe('ZIP deliveries', () => {
  it('reads every camt member and skips the rest with a reason', async () => {
    const zip = buildZip([
      { name: 'C53/2026-03-02_001.xml', data: statementXml(1, '100.00') },
      { name: 'C53/readme.txt', data: 'Kontoauszüge März' },
      { name: 'C53/zahlung.xml', data: '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn/></Document>' },
      { name: 'C53/alt.xml', data: '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"/>' },
      { name: 'inner.zip', data: buildZip([{ name: 'a.xml', data: statementXml(2, '0') }]) },
      { name: 'C53/stored.xml', data: statementXml(2, '0'), method: 0 },
      { name: 'evil.xml', data: '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d>&x;</d>' },
    ]);
    const r = await validateStatements(zip, { filename: 'delivery.zip' });
    expect(r.files.map((f) => f.name)).toEqual(['C53/2026-03-02_001.xml', 'C53/stored.xml']);
    const reasons = Object.fromEntries(r.skipped.map((s) => [s.name, s.code]));
    expect(reasons).toEqual({
      'C53/readme.txt': 'NOT_XML',
      'C53/zahlung.xml': 'UNSUPPORTED_FORMAT',
      'C53/alt.xml': 'UNSUPPORTED_VERSION',
      'inner.zip': 'ZIP_NESTED_ARCHIVE',
      'evil.xml': 'XML_FORBIDDEN',
    });
    for (const s of r.skipped) expect(s.reason.length).toBeGreaterThan(5);
    expect(r.skipped.find((s) => s.name === 'C53/zahlung.xml')!.reason).toMatch(/pain\.001\.001\.09/);
    const p = await parseStatements(zip);
    expect(p.files).toHaveLength(2);
    expect(p.skipped).toHaveLength(5);
  });

  it('delivery findings: sequence gap, broken balance chain, mixed accounts and periods', async () => {
    const s1 = statementXml(1, '100.00');
    const c1 = await closingOf(s1);
    const s2 = statementXml(2, c1);
    const c2 = await closingOf(s2);
    const s4 = statementXml(4, c2); // 3 is missing
    const s5 = statementXml(5, '1.00'); // opening does not continue 4's closing
    const other = statementXml(1, '0', { iban: makeIban('DE', '500105170005400246') });
    const zip = buildZip([
      { name: '1.xml', data: s1 },
      { name: '2.xml', data: s2 },
      { name: '4.xml', data: s4 },
      { name: '5.xml', data: s5 },
      { name: 'other.xml', data: other },
    ]);
    const r = await validateStatements(zip);
    expect(r.files.every((f) => f.verdict === 'valid')).toBe(true);
    const d = Object.fromEntries(r.deliveryFindings.map((f) => [f.code, f]));
    expect(d.CAMT_DELIVERY_SEQUENCE_GAP).toMatchObject({ severity: 'warning', path: '4.xml:statements[0]' });
    expect(d.CAMT_DELIVERY_SEQUENCE_GAP!.message).toMatch(/nach 2 folgt 4, es fehlen 1/);
    expect(d.CAMT_DELIVERY_BALANCE_CHAIN).toMatchObject({ severity: 'warning', path: '5.xml:statements[0]' });
    expect(r.deliveryFindings.filter((f) => f.code === 'CAMT_DELIVERY_BALANCE_CHAIN')).toHaveLength(1);
    expect(d.CAMT_DELIVERY_MIXED_ACCOUNTS?.severity).toBe('info');
    expect(d.CAMT_DELIVERY_MIXED_PERIODS?.severity).toBe('info');
    expect(r.verdict).toBe('valid_with_warnings');
    // The same statement delivered twice.
    const dup = await validateStatements(
      buildZip([
        { name: 'a.xml', data: s1 },
        { name: 'b.xml', data: s1 },
      ]),
    );
    expect(dup.deliveryFindings.map((f) => f.code)).toEqual(expect.arrayContaining(['CAMT_DELIVERY_DUPLICATE_STATEMENT', 'CAMT_DELIVERY_SEQUENCE_DUPLICATE']));
  });

  it('refuses path tricks, symlink-like and encrypted members without reading them', async () => {
    const good = statementXml(1, '0');
    const zip = buildZip([
      { name: '../../etc/cron.d/evil.xml', data: good },
      { name: '/abs/statement.xml', data: good },
      { name: 'C:\\Windows\\statement.xml', data: good },
      { name: 'ok/../../up.xml', data: good },
      { name: 'ctrl\u0007name.xml', data: good },
      { name: 'secret.xml', data: good, encrypted: true },
      { name: 'fine/statement.xml', data: good },
      { name: 'fine/statement.xml', data: good },
    ]);
    const r = await validateStatements(zip);
    expect(r.files.map((f) => f.name)).toEqual(['fine/statement.xml']);
    const codes = r.skipped.map((s) => [s.name, s.code]);
    expect(codes).toEqual([
      ['../../etc/cron.d/evil.xml', 'ZIP_UNSAFE_PATH'],
      ['/abs/statement.xml', 'ZIP_UNSAFE_PATH'],
      ['C:/Windows/statement.xml', 'ZIP_UNSAFE_PATH'],
      ['ok/../../up.xml', 'ZIP_UNSAFE_PATH'],
      ['ctrl?name.xml', 'ZIP_UNSAFE_PATH'],
      ['secret.xml', 'ZIP_ENCRYPTED'],
      ['fine/statement.xml', 'ZIP_DUPLICATE_NAME'],
    ]);
  });

  it('stops zip bombs: high ratio, too much in total, lying sizes, overlapping members', async () => {
    const zeros = new Uint8Array(24 * 1024 * 1024);
    const xml = statementXml(1, '0');
    // Honest header, ratio ~1000:1.
    const ratio = buildZip([
      { name: 'a.xml', data: xml },
      { name: 'bomb.xml', data: zeros },
    ]);
    expect(ratio.length).toBeLessThan(100 * 1024);
    await expect(validateStatements(ratio)).rejects.toMatchObject({ code: 'ZIP_LIMIT_EXCEEDED' });
    // Declared total above the bound.
    await expect(validateStatements(ratio, { zipLimits: { maxRatio: 10_000, maxTotalBytes: 8 * 1024 * 1024 } })).rejects.toMatchObject({ code: 'ZIP_LIMIT_EXCEEDED' });
    // Lying header: declares 1 KB, inflates to 24 MB; inflation stops at the declared size.
    const liar = buildZip([
      { name: 'a.xml', data: xml },
      { name: 'liar.xml', data: zeros, declaredSize: 1024 },
    ]);
    const r = await validateStatements(liar);
    expect(r.files.map((f) => f.name)).toEqual(['a.xml']);
    expect(r.skipped).toEqual([{ name: 'liar.xml', code: 'ZIP_MEMBER_CORRUPT', reason: expect.stringMatching(/mehr Bytes/) }]);
    expect(r.deliveryFindings.find((f) => f.code === 'CAMT_ZIP_MEMBER_CORRUPT')?.severity).toBe('error');
    expect(r.verdict).toBe('invalid');
    // Many members sharing one compressed body (the overlapping construction).
    const overlap = buildZip([
      { name: 'a.xml', data: xml },
      { name: 'b.xml', data: xml, aliasOf: 0 },
      { name: 'c.xml', data: xml, aliasOf: 0 },
    ]);
    await expect(validateStatements(overlap)).rejects.toMatchObject({ code: 'ZIP_INVALID' });
    // Too many members.
    const many = buildZip(Array.from({ length: 30 }, (_, i) => ({ name: `${i}.txt`, data: 'x' })));
    await expect(validateStatements(many, { zipLimits: { maxEntries: 20 } })).rejects.toMatchObject({ code: 'ZIP_LIMIT_EXCEEDED' });
  });

  it('damaged members and archives', async () => {
    const xml = statementXml(1, '0');
    const badCrc = buildZip([
      { name: 'a.xml', data: xml },
      { name: 'b.xml', data: xml, crc: 12345 },
    ]);
    const r = await validateStatements(badCrc);
    expect(r.skipped).toEqual([{ name: 'b.xml', code: 'ZIP_MEMBER_CORRUPT', reason: expect.stringMatching(/CRC-32/) }]);
    const zip = buildZip([{ name: 'a.xml', data: xml }]);
    await expect(validateStatements(zip.subarray(0, zip.length - 10))).rejects.toMatchObject({ code: 'ZIP_INVALID' });
    await expect(validateStatements(buildZip([{ name: 'x.txt', data: 'hello' }]))).rejects.toMatchObject({ code: 'NO_SUPPORTED_FILES', details: { skipped: [{ name: 'x.txt', code: 'NOT_XML' }] } });
  });

  it('the 10 MB limit applies to the upload; a ZIP may inflate to more', async () => {
    const big = buildZip([{ name: 'big.xml', data: generateCamt053({ entries: syntheticEntries(12_000) }) }]);
    expect(big.length).toBeLessThan(2 * 1024 * 1024);
    const r = await validateStatements(big);
    expect(r.files[0]!.items).toBe(12_000);
    await expect(validateStatements(new Uint8Array(10 * 1024 * 1024 + 1))).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
    await expect(validateStatements(big, { maxBytes: big.length - 1 })).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
  });
});

describe.runIf(run)('corpus ZIP deliveries', () => {
  it('constructed EBICS C53 bundle: five members, mixed messages and accounts', async () => {
    const r = await validateStatements(sample('zip/constructed__c53-delivery.zip'));
    expect(r.files.map((f) => `${f.message}.${f.version}`)).toEqual(['camt.053.02', 'camt.053.02', 'camt.053.08', 'camt.053.08', 'camt.052.08']);
    expect(r.skipped).toEqual([]);
    const codes = r.deliveryFindings.map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['CAMT_DELIVERY_MIXED_ACCOUNTS', 'CAMT_DELIVERY_MIXED_MESSAGES']));
    expect(r.verdict).toBe('invalid');
  });

  it('OCA delivery: two statements carrying the same sequence number', async () => {
    const r = await parseStatements(sample('zip/bank-statement-import__test-camt053.zip'), { filename: path.basename('x.zip') });
    expect(r.files.map((f) => f.name)).toEqual(['test-camt053_02.xml', 'test-camt053_03.xml']);
    const v = await validateStatements(sample('zip/bank-statement-import__test-camt053.zip'));
    expect(v.deliveryFindings.find((f) => f.code === 'CAMT_DELIVERY_SEQUENCE_DUPLICATE')?.message).toMatch(/Auszugsnummer 2 \(camt\.053, Konto NL77ABNA0574908765\)/);
  });
});
