/**
 * Hostile pain.001 input: structural limits with a stable code and position, capped XSD diagnostics for 200k
 * empty payment blocks, and the corpus samples re-encoded (UTF-16 with BOM, ISO-8859-1) judged exactly like
 * their UTF-8 originals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaStore } from '@kontor/xml';
import { defaultPain001Limits, Pain001Error, validatePain001 } from '../src/index';
import { corpusAvailable, corpusSchemaStore, paymentsDir } from './corpus';

const has = corpusAvailable();
let store: SchemaStore | undefined;
let cleanup = () => {};
beforeAll(async () => {
  if (has) ({ store, cleanup } = await corpusSchemaStore());
});
afterAll(() => cleanup());

const head =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn><GrpHdr><MsgId>A</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm><NbOfTxs>1</NbOfTxs><InitgPty><Nm>X</Nm></InitgPty></GrpHdr>';
const tail = '</CstmrCdtTrfInitn></Document>';

async function painError(p: Promise<unknown>): Promise<Pain001Error> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Pain001Error) return e;
    throw e;
  }
  throw new Error('expected a Pain001Error');
}

describe('structural limits', () => {
  it('payment blocks and transactions beyond the configured limits: LIMIT_EXCEEDED with the position', async () => {
    const xml = head + '\n<PmtInf/><PmtInf/>\n<PmtInf><CdtTrfTxInf/><CdtTrfTxInf/><CdtTrfTxInf/></PmtInf>' + tail;
    const blocks = await painError(validatePain001(xml, { limits: { maxPaymentBlocks: 2 } }));
    expect(blocks.code).toBe('LIMIT_EXCEEDED');
    expect(blocks.details).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', line: 4, column: 8 })]);
    const tx = await painError(validatePain001(xml, { limits: { maxTransactions: 2 } }));
    expect(tx.details[0]).toMatchObject({ code: 'LIMIT_EXCEEDED', message: expect.stringMatching(/Transaktionen/) });
    await expect(validatePain001(xml, { limits: { maxPaymentBlocks: 3, maxTransactions: 3 } })).resolves.toMatchObject({ verdict: 'invalid' });
    expect(defaultPain001Limits.maxTransactions).toBeGreaterThanOrEqual(100_000);
  });
});

describe.runIf(has)('schema step under load and in other encodings', () => {
  it('200,000 empty <PmtInf/> (1.8 MB): invalid, XSD findings capped, every error counted', async () => {
    const r = await validatePain001(head + '<PmtInf/>'.repeat(200_000) + tail, { schemaStore: store!, maxFindings: 50 });
    expect(r.verdict).toBe('invalid');
    expect(r.xsd).toMatchObject({ available: true, valid: false, truncated: true });
    // One error per empty block (missing PmtInfId), plus what the profile's schema says about the header.
    expect(r.xsd.errorCount).toBeGreaterThanOrEqual(200_000);
    expect(r.xsd.errorCount).toBeLessThan(200_010);
    expect(r.xsd.findings).toHaveLength(50);
    expect(r.xsd.note).toBe(`${r.xsd.errorCount - 50} weitere Schemameldungen ausgelassen`);
    expect(r.findings.length).toBeLessThanOrEqual(51);
  });

  const dirs = ['samples/pain.001.001.09', 'samples/pain.001.001.03'];
  const files = has
    ? dirs.flatMap((d) =>
        readdirSync(path.join(paymentsDir, d))
          .filter((f) => f.endsWith('.xml'))
          .map((f) => path.join(paymentsDir, d, f)),
      )
    : [];
  it('every corpus sample re-encoded as UTF-16 (LE/BE, BOM) and ISO-8859-1 gets the verdict of its UTF-8 original', async () => {
    let checked = 0;
    let valid = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (!/^<\?xml[^>]*encoding="UTF-8"/i.test(text)) continue;
      let ref;
      try {
        ref = await validatePain001(text, { schemaStore: store! });
      } catch (e) {
        if (e instanceof Pain001Error) continue;
        throw e;
      }
      const as16 = text.replace(/encoding="UTF-8"/i, 'encoding="UTF-16"');
      const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(as16, 'utf16le')]);
      const variants = [le, Buffer.from(le).swap16()];
      // ISO-8859-1 can only carry Latin-1 text.
      if (!/[^\u0000-\u00ff]/.test(text)) variants.push(Buffer.from(text.replace(/encoding="UTF-8"/i, 'encoding="ISO-8859-1"'), 'latin1'));
      for (const bytes of variants) {
        const r = await validatePain001(bytes, { schemaStore: store! });
        expect({ file, verdict: r.verdict, xsd: r.xsd.valid, errors: r.xsd.errorCount, summary: r.summary }).toEqual({
          file,
          verdict: ref.verdict,
          xsd: ref.xsd.valid,
          errors: ref.xsd.errorCount,
          summary: ref.summary,
        });
      }
      checked++;
      if (ref.xsd.valid) valid++;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(valid).toBeGreaterThanOrEqual(2);
  });
});
