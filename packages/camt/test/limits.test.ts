/**
 * Hostile camt input: structural limits with a stable code and position, linear work for 130k statements
 * (no call-stack overflow from spreading huge arrays), capped XSD diagnostics, and one decoding for every
 * encoding (UTF-16 with BOM, ISO-8859-1) through @kontor/xml.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaStore } from '@kontor/xml';
import { CamtError, defaultCamtLimits, parseStatements, validateStatements } from '../src/index';
import { corpusAvailable, corpusSchemaStore } from './corpus';
import { generateCamt053, syntheticEntries } from './generate';
import { buildZip } from '@kontor/testkit/zipwriter';

const has = corpusAvailable();
let store: SchemaStore | undefined;
let dispose = () => {};
beforeAll(async () => {
  if (has) ({ store, dispose } = await corpusSchemaStore());
});
afterAll(() => dispose());

const head =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>A</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr>';
const tail = '</BkToCstmrStmt></Document>';
const emptyStatements = (n: number) => head + '\n' + '<Stmt/>'.repeat(n) + tail;

async function camtError(p: Promise<unknown>): Promise<CamtError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof CamtError) return e;
    throw e;
  }
  throw new Error('expected a CamtError');
}

describe('structural limits', () => {
  it('130,000 empty <Stmt/>: LIMIT_EXCEEDED with the position of the first statement too many', async () => {
    const xml = emptyStatements(130_000);
    for (const run of [() => validateStatements(xml), () => parseStatements(xml)]) {
      const e = await camtError(run());
      expect(e.code).toBe('LIMIT_EXCEEDED');
      expect(e.details).toEqual({ limit: 'maxStatements', max: defaultCamtLimits.maxStatements });
      // <Stmt/> is 7 characters; statement number 10,001 follows 10,000 of them on line 3 (the reader's element
      // column is the one after the name, "<Stmt" being 5 characters).
      expect(e.location).toEqual({ line: 3, column: 7 * defaultCamtLimits.maxStatements + 6 });
    }
  });

  it('130,000 statements with the limit lifted: validated in one pass, no call-stack overflow (regression)', async () => {
    const r = await validateStatements(emptyStatements(130_000), { limits: { maxStatements: 200_000 } });
    expect(r.files[0]!.statements).toBe(130_000);
    expect(r.verdict).toBe('invalid');
    // Findings stay bounded: at most 50 per code plus one count line per code.
    expect(r.files[0]!.findings.length).toBeLessThan(200);
    expect(r.files[0]!.findings.find((f) => f.code === 'CAMT_FINDINGS_TRUNCATED')).toBeDefined();
  });

  it('entries and transactions per file are limited as configured', async () => {
    const xml = generateCamt053({ entries: syntheticEntries(30, 3), more: [{ entries: syntheticEntries(30, 4) }] });
    await expect(validateStatements(xml, { limits: { maxEntries: 60 } })).resolves.toMatchObject({ files: [{ statements: 2 }] });
    const entries = await camtError(validateStatements(xml, { limits: { maxEntries: 45 } }));
    expect(entries).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'maxEntries', max: 45 } });
    expect(entries.location!.column).toBeGreaterThan(1);
    const tx = await camtError(parseStatements(xml, { limits: { maxTransactions: 10 } }));
    expect(tx).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'maxTransactions', max: 10 } });
    await expect(parseStatements(xml, { limits: { maxStatements: 1 } })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'maxStatements' } });
  });

  it('a ZIP member beyond the limits fails the delivery instead of exhausting memory (issue: two 47.5 MB members of <Stmt x=""/>)', async () => {
    // Varying attribute values keep the compression ratio below the ZIP ratio limit, as in the attack.
    const member = head + Array.from({ length: 60_000 }, (_, i) => `<Stmt x="${(i * 7919) % 100_003}"/>`).join('') + tail;
    const zip = buildZip([
      { name: 'a.xml', data: member, method: 8 },
      { name: 'b.xml', data: member, method: 8 },
    ]);
    expect(zip.byteLength).toBeLessThan(member.length);
    const e = await camtError(parseStatements(zip));
    expect(e).toMatchObject({ code: 'LIMIT_EXCEEDED', details: { limit: 'maxStatements' } });
  });
});

describe.runIf(has)('XSD diagnostics of camt files', () => {
  it('keeps the first 100 and counts all', async () => {
    const r = await validateStatements(emptyStatements(5_000), { schemaStore: store! });
    const xsd = r.files[0]!.xsd;
    expect(xsd).toMatchObject({ available: true, valid: false, truncated: true });
    expect(xsd.findings).toHaveLength(100);
    expect(xsd.errorCount).toBeGreaterThanOrEqual(5_000);
    expect(xsd.note).toMatch(/weitere Schemameldungen/);
    const few = await validateStatements(emptyStatements(50), { schemaStore: store!, maxXsdFindings: 5 });
    expect(few.files[0]!.xsd.findings).toHaveLength(5);
  });

  it('a statement re-encoded as UTF-16 (BOM) or ISO-8859-1 reads and validates exactly like the UTF-8 original', async () => {
    const utf8 = generateCamt053({ entries: syntheticEntries(12, 5) }).replace('</Ustrd>', ' Grüße</Ustrd>');
    expect(utf8).toMatch(/encoding="UTF-8"/);
    const as16 = utf8.replace('encoding="UTF-8"', 'encoding="UTF-16"');
    const asLatin1 = utf8.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(as16, 'utf16le')]);
    const be = Buffer.from(utf16).swap16();
    const latin1 = Buffer.from(asLatin1, 'latin1');
    expect((await validateStatements(Buffer.from(utf8), { schemaStore: store! })).verdict).toBe('valid');
    // The reference is the same text handed over as a string (nothing to decode).
    for (const [bytes, text] of [
      [utf16, as16],
      [be, as16],
      [latin1, asLatin1],
    ] as const) {
      const r = await validateStatements(bytes, { schemaStore: store! });
      expect(r.verdict).toBe('valid');
      expect(r.files[0]!.xsd).toMatchObject({ valid: true, errorCount: 0 });
      const statements = (await parseStatements(bytes)).files[0]!.statements;
      expect(statements).toEqual((await parseStatements(text)).files[0]!.statements);
      expect(JSON.stringify(statements)).toContain('Grüße');
    }
  });
});

describe('reader limits inside a statement', () => {
  it('an element with too many attributes ends the reading with its own code and position', async () => {
    const xml = head + `<Stmt><Id${' a=""'.repeat(1001).replace(/a=""/g, (_m, i: number) => `a${i}=""`)}/></Stmt>` + tail;
    const r = await validateStatements(xml);
    const f = r.files[0]!.findings.find((x) => x.code === 'XML_TOO_MANY_ATTRIBUTES');
    expect(f).toMatchObject({ severity: 'error', message: expect.stringMatching(/zu viele Attribute \(Zeile 2/) });
    expect(r.verdict).toBe('invalid');
  });
});
