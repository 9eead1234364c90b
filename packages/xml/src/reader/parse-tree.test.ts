/**
 * parseXml's tree against a plain reference build from the same parser events (every element its own child
 * array, text appended as it comes, the input decoded in one piece by xmlInputToText): same names, namespaces,
 * attributes, text, positions, parents and children on every XML file of the corpus (CII and payments, every
 * 4th UBL file), plus the shared empty child list of leaves. Fails (does not skip) under CI=true when the
 * corpus is missing.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { corpusAvailable, corpusDir } from '@kontor/testkit/corpus';
import { describe, expect, it } from 'vitest';
import { XmlElement, type XmlAttribute } from './element';
import { defaultXmlLimits } from './limits';
import { parseXml, xmlInputToText, type XmlInput } from './parse';
import { createHardenedParser } from './tokenizer';
import { xmlFiles } from '../../test/xml-files';

interface RefNode {
  name: string;
  local: string;
  prefix: string;
  ns: string;
  attributes: XmlAttribute[];
  text: string;
  line: number;
  column: number;
  children: RefNode[];
}

function reference(input: XmlInput): RefNode {
  const text = xmlInputToText(input, defaultXmlLimits.maxBytes);
  const stack: RefNode[] = [];
  let root: RefNode | null = null;
  const p = createHardenedParser(defaultXmlLimits, {
    open(name, local, prefix, ns, attributes, line, column) {
      const n: RefNode = { name, local, prefix, ns, attributes: attributes.map((a) => ({ ...a })), text: '', line, column, children: [] };
      const top = stack[stack.length - 1];
      if (top) top.children.push(n);
      else root = n;
      stack.push(n);
    },
    close() {
      stack.pop();
    },
    text(t) {
      const top = stack[stack.length - 1];
      if (top) top.text += t;
    },
  });
  p.write(text);
  p.close();
  return root!;
}

/** The tree as plain data, checking parent links on the way. */
function plain(el: XmlElement, parent: XmlElement | null): RefNode {
  expect(el.parent).toBe(parent);
  const { name, local, prefix, ns, text, line, column } = el;
  return { name, local, prefix, ns, attributes: el.attributes.map((a) => ({ ...a })), text, line, column, children: el.children.map((c) => plain(c, el)) };
}

/**
 * Containers of 1–6 children whose text pieces between the children have equal lengths but different characters,
 * in a pseudo-random order, short and long: each container's children and text must be exactly its own.
 */
function separatedBy(pieces: string[]): string {
  let x = 7;
  const pick = () => pieces[(x = (x * 1103515245 + 12345) % 2147483648) % pieces.length]!;
  let out = '<r>';
  for (let k = 0; k < 40; k++) {
    out += pick() + '<c>';
    for (let j = 0; j < 1 + (k % 6); j++) out += pick() + `<v>${k}</v>`;
    out += pick() + '</c>';
  }
  return out + pick() + '</r>';
}

/**
 * Containers that parseXml's shared container texts must tell apart: at one depth, with the same number of pieces,
 * the same first piece and pieces that differ in one place only, in more shapes than it keeps per depth and count
 * (rotating), and containers with more pieces than it shares.
 */
function sameShapes(): string {
  const shapes = ['\n  ', '\n\t', '\n ', ' \n', '\n  ', '\n\n'];
  let out = '<r>\n ';
  for (let k = 0; k < 60; k++) {
    const odd = shapes[k % shapes.length]!;
    out += '<c>\n  ';
    for (let j = 0; j < 4; j++) out += `<v>${j}</v>${j === k % 4 ? odd : '\n  '}`;
    out += '</c>\n ';
  }
  out += '<w>' + '<v/>\n'.repeat(70) + '</w><w>' + '<v/>\n'.repeat(69) + '<v/>\r\n</w>';
  return out + '</r>';
}

describe('parseXml tree', () => {
  const doc = parseXml('<r xmlns="urn:r">\n  <a>1</a>\n  <b><c/>x<d/></b>\n  <e/>\n</r>');

  it('leaves share one frozen empty child list; parents have their own arrays in document order', () => {
    const [a, b, e] = doc.root.children;
    expect(doc.root.children.map((c) => c.local)).toEqual(['a', 'b', 'e']);
    expect(b!.children.map((c) => c.local)).toEqual(['c', 'd']);
    expect(a!.children).toHaveLength(0);
    expect(a!.children).toBe(e!.children);
    expect(a!.children).toBe(b!.children[0]!.children);
    expect(Object.isFrozen(a!.children)).toBe(true);
    expect(() => a!.children.push(e!)).toThrow(TypeError);
    expect(a!.children).toHaveLength(0);
    expect(parseXml('<x/>').root.children).toBe(a!.children);
    expect(a!.elements()).toEqual([]);
    expect(a!.elements('c')).toEqual([]);
    expect(doc.root.children).not.toBe(b!.children);
    expect(b!.text).toBe('x');
    expect(doc.root.text).toBe('\n  \n  \n  \n');
    expect([...doc.root.descendants()].map((x) => x.local)).toEqual(['r', 'a', 'b', 'c', 'd', 'e']);
    expect(b!.children[1]!.xpath()).toBe('/r[1]/b[1]/d[1]');
  });

  it('elements made with new XmlElement get their own child list, so builders can add to it', () => {
    const init = { name: 'p', local: 'p', prefix: '', ns: '', attributes: [], line: 1, column: 1, parent: null };
    const p = new XmlElement(init);
    const q = new XmlElement(init);
    expect(p.children).not.toBe(q.children);
    p.children.push(q);
    expect(p.children).toEqual([q]);
    expect(q.children).toHaveLength(0);
    expect(new XmlElement({ ...init, children: [p] }).children).toEqual([p]);
  });

  it('equals the reference build on hand-made shapes (mixed content, CDATA, references, comments, PIs, BOM)', () => {
    const cases = [
      '<r/>',
      '<r>t</r>',
      '<r>a<b/>c<d>e</d>f</r>',
      '<r>  <![CDATA[x<y]]>  <a/>&amp;<b/>\r\n</r>',
      '<?xml version="1.0"?>\n<!-- c --><r><?p x?><a><!-- c -->t</a></r>',
      '\ufeff<r xmlns:p="urn:p" p:a="1" b="2"><p:c p:d="3"/></r>',
      '<r>' + '<a>x</a>'.repeat(300) + '<b>' + '<c/>'.repeat(50) + '</b></r>',
      separatedBy(['\n  ', '\n\t\t', '\n \t', '\n\t ', 'x y', ' \n ']),
      separatedBy(['\n' + ' '.repeat(120), '\n' + '\t'.repeat(120), 'y'.repeat(121)]),
      separatedBy(['\n  ', '  <!-- c -->\n  ', '\n  <?p?>\n  ', '\n <![CDATA[ ]]> ', '&#32;\n  ', '\n\n  ']),
      sameShapes(),
    ];
    // Each case also as a document of 256 K characters and more (a comment after the root): the size from which
    // parseXml builds the tree with its stacks (LargeTree) instead of adding children and texts as they come.
    for (const c of [...cases, ...cases.map((c) => `${c}<!--${'-x'.repeat(128 * 1024)}-->`)]) {
      expect(plain(parseXml(c).root, null)).toEqual(reference(c));
      const bytes = new Uint8Array(Buffer.from(c));
      expect(plain(parseXml(bytes).root, null)).toEqual(reference(bytes));
    }
  });
});

const have = corpusAvailable();

describe.skipIf(!have)('parseXml tree vs the reference build over the corpus', () => {
  const sets = [
    ['einvoice/instances', 600, 1],
    ['payments/samples', 140, 1],
    ['einvoice-ubl/instances', 1800, 4],
  ] as const;
  for (const [rel, atLeast, every] of sets) {
    it(`${rel}: same tree for every ${every === 1 ? '' : `${every}th `}file`, () => {
      const all = xmlFiles(path.join(corpusDir, rel));
      expect(all.length).toBeGreaterThanOrEqual(atLeast);
      // the generated multi-megabyte payment files add time, not shapes
      let compared = 0;
      for (let i = 0; i < all.length; i += every) {
        if (statSync(all[i]!).size > 2_000_000) continue;
        const bytes = new Uint8Array(readFileSync(all[i]!));
        let ref: RefNode | null = null;
        try {
          ref = reference(bytes);
        } catch {
          // refused by the reader: parseXml must refuse it too
        }
        if (ref === null) {
          expect(() => parseXml(bytes), all[i]).toThrow();
          continue;
        }
        expect(plain(parseXml(bytes).root, null), all[i]).toEqual(ref);
        compared++;
      }
      expect(compared).toBeGreaterThan(atLeast / every / 2);
    }, 120_000);
  }
});
