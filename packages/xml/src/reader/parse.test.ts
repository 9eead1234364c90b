import { describe, expect, it } from 'vitest';
import { parseXml, xmlInputToText } from './parse';
import { XmlElement } from './element';
import { KontorXmlError } from '../errors';

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof KontorXmlError ? e.code : 'OTHER';
  }
  return 'NONE';
};

describe('parseXml', () => {
  it('builds a namespace-aware tree with positions', () => {
    const doc = parseXml('<?xml version="1.0"?>\n<a:root xmlns:a="urn:a" xmlns="urn:d">\n  <child id="1">x &amp; y</child>\n  <a:child>z</a:child>\n</a:root>');
    expect(doc.root.local).toBe('root');
    expect(doc.root.ns).toBe('urn:a');
    const c = doc.root.child('child', 'urn:d')!;
    expect(c.text).toBe('x & y');
    expect(c.attr('id')).toBe('1');
    expect(c.line).toBe(3);
    expect(doc.root.elements('child')).toHaveLength(2);
    expect(doc.root.children[1]!.xpath()).toBe('/a:root[1]/a:child[1]');
  });

  it('gives every container its own child list of exactly its children, in order (1 to 40 children, nested)', () => {
    for (const n of [1, 2, 3, 4, 5, 6, 17, 18, 40]) {
      const kids = Array.from({ length: n }, (_, i) => `<c${i}><g>${i}</g>${i % 2 ? '<h/>' : ''}</c${i}>`).join('\n  ');
      const { root } = parseXml(`<r>\n  <a>${kids}</a>\n  <b>${kids}</b>\n</r>`);
      expect(root.children.map((c) => c.local)).toEqual(['a', 'b']);
      for (const box of root.children) {
        expect(box.children.map((c) => c.local)).toEqual(Array.from({ length: n }, (_, i) => `c${i}`));
        expect(box.children.map((c) => c.children.map((g) => g.local).join())).toEqual(Array.from({ length: n }, (_, i) => (i % 2 ? 'g,h' : 'g')));
        expect(box.children.every((c) => c.parent === box && c.children[0]!.text === c.local.slice(1))).toBe(true);
        expect(box.text).toBe('\n  '.repeat(Math.max(0, n - 1)));
      }
      expect(root.children[0]!.children).not.toBe(root.children[1]!.children);
      expect(root.text).toBe('\n  \n  \n');
    }
  });

  it('counts the elements of the tree it returns (root included; comments, PIs and text are not elements)', () => {
    const doc = parseXml('<?xml version="1.0"?><a><!-- c --><b>t<c/><?p x?></b><b/>tail<d><e><f/></e></d></a>');
    const walk = (e: { children: readonly unknown[] }): number => 1 + (e.children as { children: readonly unknown[] }[]).reduce((n, c) => n + walk(c), 0);
    expect(doc.elementCount).toBe(walk(doc.root));
    expect(doc.elementCount).toBe(7);
    expect(parseXml('<only/>').elementCount).toBe(1);
  });

  it('rejects DOCTYPE, entities, XXE', () => {
    expect(code(() => parseXml('<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>'))).toBe('XML_DOCTYPE_FORBIDDEN');
    expect(code(() => parseXml('<!DOCTYPE r SYSTEM "file:///etc/passwd"><r/>'))).toBe('XML_DOCTYPE_FORBIDDEN');
    expect(code(() => parseXml('<r>&lol;</r>'))).toBe('XML_ENTITY_FORBIDDEN');
    expect(parseXml('<r>&#65;&lt;</r>').root.text).toBe('A<');
  });

  it('bounds size, depth and element count', () => {
    expect(code(() => parseXml('<r>' + 'x'.repeat(2000) + '</r>', { maxBytes: 1000 }))).toBe('XML_TOO_LARGE');
    expect(code(() => parseXml('<a>'.repeat(50) + '</a>'.repeat(50), { maxDepth: 20 }))).toBe('XML_TOO_DEEP');
    expect(code(() => parseXml('<r>' + '<a/>'.repeat(100) + '</r>', { maxElements: 50 }))).toBe('XML_TOO_MANY_NODES');
  });

  it('reports malformed input with a location', () => {
    try {
      parseXml('<r>\n<a></b></r>');
      expect.fail('should throw');
    } catch (e) {
      expect(e).toBeInstanceOf(KontorXmlError);
      expect((e as KontorXmlError).code).toBe('XML_MALFORMED');
      expect((e as KontorXmlError).location?.line).toBe(2);
    }
    expect(code(() => parseXml(''))).toBe('XML_EMPTY');
    expect(code(() => parseXml('<r>'))).toBe('XML_MALFORMED');
  });

  it('decodes bytes with BOM and declared latin-1', () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('<r>ä</r>')]);
    expect(parseXml(utf8).root.text).toBe('ä');
    const latin = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><r>'), Buffer.from([0xe4]), Buffer.from('</r>')]);
    expect(parseXml(latin).root.text).toBe('ä');
  });
});

describe('element names (records shared by the elements of a name in a tree)', () => {
  it('reads name, local, prefix and ns from the shared record, per namespace in effect', () => {
    const { root } = parseXml('<p:r xmlns:p="urn:1" xmlns="urn:d"><p:a/><p:a>x</p:a><a/><q xmlns:p="urn:2"><p:a/></q><p:a/></p:r>');
    const [a1, a2, a3, q, a5] = root.children as [XmlElement, XmlElement, XmlElement, XmlElement, XmlElement];
    const a4 = q.children[0]!;
    expect([a1.name, a1.local, a1.prefix, a1.ns]).toEqual(['p:a', 'a', 'p', 'urn:1']);
    expect([a3.name, a3.local, a3.prefix, a3.ns]).toEqual(['a', 'a', '', 'urn:d']);
    expect([a4.name, a4.local, a4.prefix, a4.ns]).toEqual(['p:a', 'a', 'p', 'urn:2']);
    expect(a1.qn).toBe(a2.qn);
    expect(a5.qn).toEqual(a1.qn); // the same parts again (a record is made anew when a name's namespace changed)
    expect(a1.qn).not.toBe(a3.qn);
    expect(a1.qn).not.toBe(a4.qn);
    expect(a1.qn).toEqual({ name: 'p:a', local: 'a', prefix: 'p', ns: 'urn:1' });
    expect(root.find('q', 'a')?.xpath()).toBe('/p:r[1]/q[1]/p:a[1]');
  });

  it('builds hand-made elements from the four parts or from a record', () => {
    const made = new XmlElement({ name: 'ram:ID', local: 'ID', prefix: 'ram', ns: 'urn:r', attributes: [], line: 1, column: 1, parent: null });
    expect([made.name, made.local, made.prefix, made.ns]).toEqual(['ram:ID', 'ID', 'ram', 'urn:r']);
    const again = new XmlElement({ qn: made.qn, attributes: [], line: 2, column: 1, parent: made });
    expect(again.qn).toBe(made.qn);
    expect(again.local).toBe('ID');
    made.children.push(again);
    expect(made.child('ID', 'urn:r')).toBe(again);
  });
});

describe('xmlInputToText size limit on text input (counted in UTF-8 bytes)', () => {
  const doc = (n: number) => `<r>${'\u00e9'.repeat(n)}</r>`; // 7 + 2n bytes, 7 + n code units
  it('accepts text up to the limit and refuses one byte more, with the exact size', () => {
    expect(xmlInputToText(doc(100), 207)).toBe(doc(100));
    expect(() => xmlInputToText(doc(100), 206)).toThrow('XML input of 207 bytes exceeds the limit of 206 bytes');
    expect(xmlInputToText('<r>\ud83d\ude00</r>', 11)).toBe('<r>\ud83d\ude00</r>');
    expect(() => xmlInputToText('<r>\ud83d\ude00</r>', 10)).toThrow('XML input of 11 bytes');
    // far below the limit: no exact count needed, same answer
    expect(xmlInputToText(doc(100), 10_000)).toBe(doc(100));
  });
});
