/**
 * Differential test over the corpus: every XML file of ../shared/corpus (CII and UBL invoices, pain.001 and camt
 * samples) gives the same event stream and outcome under the tokenizer (whole and in random chunks) as under the
 * saxes reference; generated mutations of a spread of them (truncations, character flips, inserted "&", DOCTYPE,
 * CR, NUL, unpaired surrogates, deep nesting, huge attributes) give the same accept/refuse, code and position.
 * Fails (does not skip) under CI=true when the corpus is missing.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';
import { describe, expect, it } from 'vitest';
import { createSaxesReference } from '../../test/saxes-reference';
import { cut, forReference, rng, trace, traceDigest } from '../../test/diff-trace';
import { decodeXmlBytes } from './decode';
import { createHardenedParser } from './tokenizer';
import { xmlFiles } from '../../test/xml-files';

function text(file: string): string {
  const t = decodeXmlBytes(readFileSync(file));
  return t.charCodeAt(0) === 0xfeff ? t.slice(1) : t;
}

const have = corpusAvailable();
const sets = [
  ['einvoice', 'einvoice/instances', 600],
  ['einvoice-ubl', 'einvoice-ubl/instances', 1800],
  ['payments', 'payments/samples', 140],
] as const;

describe.skipIf(!have)('tokenizer vs saxes reference over the corpus', () => {
  for (const [label, rel, atLeast] of sets) {
    it(`${label}: same events and outcome for every file, whole and in random chunks`, () => {
      const files = xmlFiles(path.join(corpusDir, rel));
      expect(files.length).toBeGreaterThanOrEqual(atLeast);
      const r = rng(files.length);
      for (const f of files) {
        const doc = text(f);
        const chunked = cut(
          doc,
          Array.from({ length: 1 + r(8) }, () => r(doc.length)),
        );
        if (doc.length > 1_000_000) {
          const expected = traceDigest(createSaxesReference, [forReference(doc)]);
          expect(traceDigest(createHardenedParser, [doc]), f).toBe(expected);
          expect(traceDigest(createHardenedParser, chunked), f).toBe(expected);
        } else {
          const expected = trace(createSaxesReference, [forReference(doc)]);
          expect(trace(createHardenedParser, [doc]), f).toEqual(expected);
          expect(trace(createHardenedParser, chunked), f).toEqual(expected);
        }
      }
    }, 300_000);
  }

  it('mutations of corpus files: same accept/refuse, code and position as the reference', () => {
    const files = sets.flatMap(([, rel]) => xmlFiles(path.join(corpusDir, rel))).filter((f) => statSync(f).size < 200_000);
    const r = rng(18);
    const inserts = [
      '&',
      '&amp',
      '&#',
      '<!DOCTYPE x>',
      '<!DOCTYPE',
      '\r',
      '\u0000',
      '\ud800',
      '\udc00',
      '<',
      '>',
      ']]>',
      '"',
      "'",
      '=',
      '</',
      '<?xml version="1.0"?>',
      '<!--',
      '-->',
      '<![CDATA[',
      ' xmlns:q="urn:q" ',
      'q:',
      '\u00e9',
      '\ud83d\ude00',
      '\ufffe',
    ];
    let mutants = 0;
    let refusedByBoth = 0;
    for (let k = 0; k < files.length; k += 9) {
      const doc = text(files[k]!);
      const variants: string[] = [];
      const at = () => r(doc.length);
      // truncation, character flips, insertions
      variants.push(doc.slice(0, at()));
      for (let v = 0; v < 3; v++) {
        const p = at();
        variants.push(doc.slice(0, p) + String.fromCharCode(doc.charCodeAt(p) ^ (1 << r(7))) + doc.slice(p + 1));
      }
      for (let v = 0; v < 4; v++) {
        const p = at();
        variants.push(doc.slice(0, p) + inserts[r(inserts.length)] + doc.slice(p));
      }
      // deep nesting around the root, and a huge attribute on it
      const root = doc.indexOf('>', doc.search(/<[A-Za-z]/));
      if (root > 0) {
        variants.push(`<w>`.repeat(300) + doc.slice(doc.search(/<[A-Za-z]/)) + `</w>`.repeat(300));
        if (k % 5 === 0) variants.push(`${doc.slice(0, root)} huge="${'A'.repeat(100_000 + r(1000))}"${doc.slice(root)}`);
      }
      for (const m of variants) {
        const expected = trace(createSaxesReference, [forReference(m)]);
        const chunked = cut(
          m,
          Array.from({ length: 1 + r(6) }, () => r(m.length)),
        );
        expect(trace(createHardenedParser, [m]), `${files[k]} mutant ${mutants}`).toEqual(expected);
        expect(trace(createHardenedParser, chunked), `${files[k]} mutant ${mutants} chunked`).toEqual(expected);
        if (expected[expected.length - 1] !== 'end') refusedByBoth++;
        mutants++;
      }
    }
    expect(mutants).toBeGreaterThan(2500);
    // the mutations do reach the refusals
    expect(refusedByBoth).toBeGreaterThan(mutants / 2);
  }, 300_000);
});
