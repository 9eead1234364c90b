/**
 * Property tests for the hardened reader, the byte decoder, the pre-scan and the XSD step (fixed seed, bounded
 * runs): whatever the input, they return or throw KontorXmlError, never anything else, and every run ends
 * (vitest's timeout is the hang detector). A longer run for humans: `pnpm fuzz` (FUZZ_RUNS=5000).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeXmlBytes, KontorXmlError, parseXml, SchemaStore, streamXml, XmlChunkDecoder } from '../src/index';
import { prescanXml } from '../src/xsd/prescan';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const params = (runs = RUNS) => ({ numRuns: runs, seed: SEED });

/** Markup-heavy text: the pieces hostile XML is made of, in any order. */
const TOKENS = [
  '<a>',
  '</a>',
  '<b x="1">',
  '</b>',
  '<c/>',
  '<p:d xmlns:p="urn:p">',
  '</p:d>',
  '<?xml version="1.0" encoding="UTF-16"?>',
  '<?xml version="1.0"?>',
  '<!DOCTYPE a [<!ENTITY e "x">]>',
  '&e;',
  '&amp;',
  '&#0;',
  '&#x10FFFF;',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '<?pi body?>',
  ' x="',
  '"',
  "'",
  '=',
  '\u0000',
  '\ufeff',
  '\ud800',
  '€',
  'ä',
  '\r\n',
  ' ',
  'text',
  '<',
  '>',
  '/>',
  'xmlns=""',
  ' y="2" y="3"',
];
const xmlish = fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 8 })), { maxLength: 40 }).map((a) => a.join(''));
const documentLike = xmlish.map((s) => `<r>${s}</r>`);
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 200 }),
  xmlish.map((s) => new Uint8Array(Buffer.from(s, 'utf16le'))),
  xmlish.map((s) => new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]))),
  xmlish.map((s) => new Uint8Array(Buffer.from(s, 'utf8'))),
);

function typedOnly(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (e) {
    if (e instanceof KontorXmlError) return e.code;
    throw e;
  }
}

async function typedOnlyAsync(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
    return 'ok';
  } catch (e) {
    if (e instanceof KontorXmlError) return e.code;
    throw e;
  }
}

function countElements(el: { children: { children: unknown[] }[] }): number {
  let n = 0;
  const stack = [el];
  while (stack.length) {
    const e = stack.pop()!;
    n++;
    for (const c of e.children) stack.push(c as typeof el);
  }
  return n;
}

describe('hardened reader (fuzz)', () => {
  it('parseXml: a tree no larger than the input, or KontorXmlError', () => {
    fc.assert(
      fc.property(fc.oneof(xmlish, documentLike), (s) => {
        let root;
        const code = typedOnly(() => (root = parseXml(s, { maxDepth: 16, maxElements: 1000 }).root));
        if (code === 'ok') expect(countElements(root!)).toBeLessThanOrEqual(s.length);
      }),
      params(),
    );
  });

  it('parseXml and decodeXmlBytes on arbitrary bytes (UTF-8, UTF-16 with/without BOM, noise)', () => {
    fc.assert(
      fc.property(bytes, (b) => {
        typedOnly(() => decodeXmlBytes(b));
        typedOnly(() => parseXml(b));
      }),
      params(),
    );
  });

  it('streamXml gives the same verdict as parseXml, however the bytes are chunked', async () => {
    await fc.assert(
      fc.asyncProperty(documentLike, fc.integer({ min: 1, max: 7 }), async (s, size) => {
        const b = new Uint8Array(Buffer.from(s, 'utf8'));
        const whole = typedOnly(() => parseXml(b));
        const chunks: Uint8Array[] = [];
        for (let i = 0; i < b.length; i += size) chunks.push(b.subarray(i, i + size));
        const streamed = await typedOnlyAsync(() => streamXml(chunks, { keep: () => true, onElement: () => {} }));
        expect(streamed === 'ok').toBe(whole === 'ok');
      }),
      params(),
    );
  });

  it('the chunk decoder returns the same text as the whole-buffer decoder', () => {
    fc.assert(
      fc.property(bytes, fc.integer({ min: 1, max: 9 }), (b, size) => {
        const whole = typedOnly(() => decodeXmlBytes(b));
        let text = '';
        const chunked = typedOnly(() => {
          const d = new XmlChunkDecoder();
          for (let i = 0; i < b.length; i += size) text += d.write(b.subarray(i, i + size));
          text += d.end();
        });
        expect(chunked).toBe(whole);
        if (whole === 'ok') expect(text).toBe(decodeXmlBytes(b));
      }),
      params(),
    );
  });

  it('prescanXml never throws and always ends', () => {
    fc.assert(
      fc.property(fc.oneof(xmlish, fc.string()), fc.integer({ min: 0, max: 5 }), (s, max) => {
        const r = prescanXml(s, { maxElements: max, maxAttributes: max });
        if (r) expect(['XML_DOCTYPE_FORBIDDEN', 'XML_TOO_MANY_NODES', 'XML_TOO_MANY_ATTRIBUTES']).toContain(r.code);
      }),
      params(),
    );
  });
});

const has = corpusAvailable();
const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-xsd-fuzz-'));
let store: SchemaStore;
beforeAll(async () => {
  store = new SchemaStore({ dir });
  if (has) await store.installFrom(path.join(corpusDir, 'payments/xsd'));
  await store.prepare(); // fuzzed (malformed) documents go to libxml2-wasm
});
afterAll(() => {
  store.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(has)('XSD step (fuzz)', () => {
  it('validate returns a result with bounded findings for any input, never throws', () => {
    const pain = (s: string) => `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"><CstmrCdtTrfInitn>${s}</CstmrCdtTrfInitn></Document>`;
    fc.assert(
      fc.property(fc.oneof(xmlish, xmlish.map(pain), bytes), (input) => {
        let r;
        const code = typedOnly(() => (r = store.validate('iso:pain.001.001.09', input, { maxFindings: 5 })));
        // Only an empty input may throw (XML_EMPTY); everything else is an answer.
        if (code !== 'ok') expect(['XML_EMPTY', 'XML_ENCODING_UNSUPPORTED']).toContain(code);
        else {
          expect(r!.findings.length).toBeLessThanOrEqual(5);
          expect(r!.errorCount + r!.warningCount).toBeGreaterThanOrEqual(r!.findings.length);
          if (r!.valid) expect(r!.errorCount).toBe(0);
        }
      }),
      params(Math.max(50, Math.floor(RUNS / 3))),
    );
  });
});
