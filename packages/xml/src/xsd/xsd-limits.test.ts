/**
 * The XSD step under hostile input: capped diagnostics (first N, all counted) at linear cost, the element and
 * attribute limits before libxml2 parses, and one decoding for every encoding (UTF-16 with and without BOM,
 * ISO-8859-1) of real pain.001 samples.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SchemaStore } from './store';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';

const has = corpusAvailable();
const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-xsd-limits-'));
let store: SchemaStore;
beforeAll(async () => {
  store = new SchemaStore({ dir });
  if (has) await store.installFrom(path.join(corpusDir, 'payments/xsd'));
  // Malformed and over-limit documents go to libxml2-wasm, which the synchronous validate needs loaded.
  await store.prepare();
});
afterAll(() => {
  store.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const SET = 'iso:pain.001.001.09';
const head =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn><GrpHdr><MsgId>A</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm><NbOfTxs>1</NbOfTxs><InitgPty><Nm>X</Nm></InitgPty></GrpHdr>';
const tail = '</CstmrCdtTrfInitn></Document>';
const samples = has ? ['sepa_rator__pain.001.001.09.xml', 'php-sepa-xml__pain.001.001.09.xml'].map((f) => path.join(corpusDir, 'payments/samples/pain.001.001.09', f)) : [];

function utf16(text: string, be: boolean, bom: boolean): Buffer {
  const out = Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);
  return be ? out.swap16() : out;
}

describe.runIf(has)('XSD step limits', () => {
  it('keeps the first 100 of 200,000 errors and counts all (200k empty <PmtInf/>, 1.8 MB)', () => {
    const xml = head + '<PmtInf/>'.repeat(200_000) + tail;
    const r = store.validate(SET, xml);
    expect(r).toMatchObject({ available: true, valid: false, errorCount: 200_000, warningCount: 0, truncated: true });
    expect(r.findings).toHaveLength(100);
    expect(r.findings[0]!.message).toMatch(/PmtInf.*Missing child element/);
    const few = store.validate(SET, head + '<PmtInf/>'.repeat(10) + tail, { maxFindings: 3 });
    expect(few).toMatchObject({ errorCount: 10, truncated: true });
    expect(few.findings).toHaveLength(3);
  });

  it('an invalid file below the cap keeps every diagnostic and says it is complete', () => {
    const r = store.validate(SET, head + '<PmtInf/><PmtInf/>' + tail);
    expect(r).toMatchObject({ valid: false, errorCount: 2, truncated: false });
    expect(r.findings).toHaveLength(2);
  });

  it('refuses too many attributes before libxml2 parses (900,000 attributes), and counts them when allowed', () => {
    const attrs = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}=""`).join('');
    const r = store.validate(SET, head.replace('<GrpHdr>', `<GrpHdr${attrs(900_000)}>`) + '<PmtInf/>' + tail);
    expect(r).toMatchObject({ valid: false, errorCount: 1, truncated: false });
    expect(r.findings[0]).toMatchObject({ code: 'XML_TOO_MANY_ATTRIBUTES', line: 2 });
    // With the limit lifted the engine itself stays bounded: every attribute is an error, 100 are kept.
    const lifted = store.validate(SET, head.replace('<GrpHdr>', `<GrpHdr${attrs(50_000)}>`) + tail, { limits: { maxAttributes: 1_000_000 } });
    expect(lifted.errorCount).toBeGreaterThanOrEqual(50_000);
    expect(lifted.findings).toHaveLength(100);
  });

  it('refuses more elements than the limit before parsing', () => {
    const r = store.validate(SET, head + '<PmtInf/>'.repeat(20) + tail, { limits: { maxElements: 15 } });
    expect(r.findings).toEqual([expect.objectContaining({ code: 'XML_TOO_MANY_NODES', severity: 'error' })]);
  });

  for (const [name, encode] of [
    ['UTF-16 LE with BOM', (t: string) => utf16(t.replace(/encoding="UTF-8"/i, 'encoding="UTF-16"'), false, true)],
    ['UTF-16 BE with BOM', (t: string) => utf16(t.replace(/encoding="UTF-8"/i, 'encoding="UTF-16"'), true, true)],
    ['UTF-16 LE without BOM', (t: string) => utf16(t.replace(/encoding="UTF-8"/i, 'encoding="UTF-16"'), false, false)],
    ['ISO-8859-1', (t: string) => Buffer.from(t.replace(/encoding="UTF-8"/i, 'encoding="ISO-8859-1"'), 'latin1')],
    ['UTF-8 with BOM', (t: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(t)])],
  ] as const) {
    it(`a valid pain.001 re-encoded as ${name} is valid, and an invalid one keeps its line`, () => {
      for (const file of samples) {
        const text = readFileSync(file, 'utf8');
        expect(text).toMatch(/encoding="UTF-8"/i);
        expect(store.validate(SET, Buffer.from(text))).toMatchObject({ valid: true, errorCount: 0 });
        expect(store.validate(SET, encode(text))).toMatchObject({ valid: true, errorCount: 0, findings: [] });
        const broken = text.replace(/<MsgId>/, '<Bogus/><MsgId>');
        const utf8 = store.validate(SET, Buffer.from(broken));
        const other = store.validate(SET, encode(broken));
        expect(other.valid).toBe(false);
        expect(other.findings.map((f) => [f.line, f.message])).toEqual(utf8.findings.map((f) => [f.line, f.message]));
      }
    });
  }
});
