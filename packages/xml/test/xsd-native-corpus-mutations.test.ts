/**
 * Property test: structural and value mutations of valid corpus files (pain.001.001.09 GBIC_5 and ISO, pain.001.001.03,
 * camt.052/053/054 .02 and .08) validated by the native engine and by libxml2-wasm in process must give the same
 * verdict, the same error count and the same diagnostics (line + message, in order). Mutations: drop, duplicate or
 * reorder elements, replace a value by a bad one (enumeration, pattern, length, digits, dates, whitespace), put an
 * element into a foreign namespace, add or drop attributes, put text into element-only content; plus the byte
 * mutations of @kontor/testkit (documents that are no longer well-formed are declined by the native path).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentsAvailable, paymentsDir } from '@kontor/testkit/corpus';
import { applyMutations, byteMutations, fuzzParams } from '@kontor/testkit/fuzz';
import { parseXml } from '../src/reader/parse';
import type { XmlElement } from '../src/reader/element';
import { enginePair, libxml2Verdict, nativeVerdict, type EnginePair } from './xsd-native-helpers';

interface Node {
  name: string;
  ns: string | null; // an xmlns declaration written on this element (root, or a mutation)
  attrs: [string, string][];
  text: string;
  children: Node[];
}

function toNode(e: XmlElement, root: boolean): Node {
  return { name: e.local, ns: root ? e.ns : null, attrs: e.attributes.map((a) => [a.name, a.value]), text: e.children.length ? '' : e.text, children: e.children.map((c) => toNode(c, false)) };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function serialize(n: Node, depth = 0, out: string[] = []): string[] {
  const pad = '  '.repeat(depth);
  const attrs = `${n.ns !== null ? ` xmlns="${esc(n.ns)}"` : ''}${n.attrs.map(([k, v]) => ` ${k}="${esc(v)}"`).join('')}`;
  if (n.children.length === 0) out.push(`${pad}<${n.name}${attrs}>${esc(n.text)}</${n.name}>`);
  else {
    out.push(`${pad}<${n.name}${attrs}>${n.text ? esc(n.text) : ''}`);
    for (const c of n.children) serialize(c, depth + 1, out);
    out.push(`${pad}</${n.name}>`);
  }
  return out;
}

function all(n: Node, parent: Node | null = null, out: { node: Node; parent: Node | null }[] = []) {
  out.push({ node: n, parent });
  for (const c of n.children) all(c, n, out);
  return out;
}

const BAD_VALUES = [
  '',
  ' ',
  'x'.repeat(141),
  'EUR ',
  ' 12.5',
  '12.5 ',
  '-1',
  '0',
  '0.001',
  '1.234',
  '1234567890123456789',
  '1e5',
  'abc',
  'NOTPROVIDED',
  'SLEV',
  'DE00',
  'de89370400440532013000',
  'COBADEFF',
  '2026-02-29',
  '2024-02-29',
  '2026-13-01',
  '2026-03-16T25:00:00',
  '2026-03-16T10:00:00Z',
  '2026-03-16T10:00:00.123+01:00',
  ' 2026-03-16',
  'true',
  'false',
  '1',
  'yes',
  'CRDT',
  'BOOK',
  'a_b',
  'ÄÖÜ',
  '+49-1234',
  '999999999.99',
  '1000000000.00',
  '0.00',
];

type Mutation = { kind: 'drop' | 'dup' | 'swap' | 'value' | 'ns' | 'attr' | 'dropattr' | 'text'; at: number; value: number };

function mutate(root: Node, ops: Mutation[]): Node {
  const copy = structuredClone(root);
  for (const op of ops) {
    const nodes = all(copy);
    const pick = nodes[Math.floor(op.at * nodes.length)]!;
    const { node, parent } = pick;
    const i = parent ? parent.children.indexOf(node) : -1;
    switch (op.kind) {
      case 'drop':
        if (parent) parent.children.splice(i, 1);
        break;
      case 'dup':
        if (parent) parent.children.splice(i, 0, structuredClone(node));
        break;
      case 'swap':
        if (parent && i + 1 < parent.children.length) [parent.children[i], parent.children[i + 1]] = [parent.children[i + 1]!, parent.children[i]!];
        break;
      case 'value':
        if (node.children.length === 0) node.text = BAD_VALUES[op.value % BAD_VALUES.length]!;
        else if (node.attrs.length) node.attrs[0]![1] = BAD_VALUES[op.value % BAD_VALUES.length]!;
        break;
      case 'ns':
        node.ns = op.value % 2 ? 'urn:example:other' : '';
        break;
      case 'attr':
        node.attrs.push([op.value % 2 ? 'foo' : 'Ccy', 'EUR']);
        break;
      case 'dropattr':
        node.attrs = [];
        break;
      case 'text':
        node.text = op.value % 2 ? 'stray text' : ' \n ';
        break;
    }
  }
  return copy;
}

const mutation = fc.record({
  kind: fc.constantFrom('drop', 'dup', 'swap', 'value', 'value', 'value', 'ns', 'attr', 'dropattr', 'text'),
  at: fc.double({ min: 0, max: 0.9999, noNaN: true }),
  value: fc.nat({ max: 1000 }),
}) as fc.Arbitrary<Mutation>;

const CASES: [string, string][] = [
  ['samples/constructed/pain.001.001.09_gbic5_sct+inst_valid.xml', 'xsd/dk/pain.001.001.09_GBIC_5.xsd'],
  ['samples/constructed/pain.001.001.09_axz_foreign_usd_chf.xml', 'xsd/iso/pain.001.001.09.xsd'],
  ['samples/pain.001.001.03/Iso20022Net__iso-sample_pain.001.001.03.xml', 'xsd/iso/pain.001.001.03.xsd'],
  ['samples/camt.052.001.02/camt__camt052.v2.xml', 'xsd/iso/camt.052.001.02.xsd'],
  ['samples/constructed/camt.052.001.08_dk_intraday_pending_reversal.xml', 'xsd/iso/camt.052.001.08.xsd'],
  ['samples/constructed/camt.054.001.08_dk_batch_resolution.xml', 'xsd/iso/camt.054.001.08.xsd'],
];

const run = paymentsAvailable();
const pairs: EnginePair[] = [];
afterAll(() => pairs.forEach((p) => p.dispose()));

describe.runIf(run)('native XSD engine = libxml2 under mutations', () => {
  for (const [file, xsd] of CASES) {
    it(`${path.basename(file)} against ${path.basename(xsd)}`, () => {
      const p = enginePair(path.join(paymentsDir, xsd));
      if ('refused' in p) throw new Error(p.refused);
      pairs.push(p);
      const bytes = readFileSync(path.join(paymentsDir, file));
      const root = toNode(parseXml(bytes).root, true);
      const base = `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(root).join('\n')}\n`;
      expect(libxml2Verdict(p, base).valid, 'the serialized original is valid').toBe(true);
      let invalid = 0;
      fc.assert(
        fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (ops) => {
          const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${serialize(mutate(root, ops)).join('\n')}\n`;
          const lib = libxml2Verdict(p, xml);
          const ours = nativeVerdict(p, xml);
          if (lib.valid === false) invalid++;
          // Declined (not well-formed, e.g. a duplicated attribute) exactly when libxml2 says so too.
          if (ours.valid === null || lib.valid === null) expect(ours.valid).toBe(lib.valid);
          else expect(ours).toEqual(lib);
        }),
        fuzzParams(300),
      );
      expect(invalid).toBeGreaterThan(50);
      // Byte mutations: where the result is still well-formed, the engines agree; otherwise the native path declines.
      fc.assert(
        fc.property(byteMutations(['<', '>', '&amp;', '"', 'xmlns="x"', '<a>', '</Amt>', ' Ccy="USD"', '\u00a0'], 200), (ops) => {
          const xml = applyMutations(new Uint8Array(Buffer.from(base)), ops);
          const lib = libxml2Verdict(p, xml);
          const ours = nativeVerdict(p, xml);
          if (ours.valid !== null && lib.valid !== null) expect(ours).toEqual(lib);
        }),
        fuzzParams(150),
      );
    });
  }
});
