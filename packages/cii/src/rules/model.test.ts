import { describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '@kontor/xml';
import { CiiDocument, oraclePath, readCiiDoc, type PathCache } from './model';
import { RAM, RSM } from './xpath';

describe('oraclePath', () => {
  it('gives the same position paths with the per-run cache as without, however many are asked under one parent', () => {
    // One parent with 40 children of two names in two namespaces (and one without), grandchildren below some.
    const kids: string[] = [];
    for (let i = 0; i < 40; i++) {
      const name = ['ram:A', 'ram:B', 'x:A', 'C'][i % 4]!;
      kids.push(i % 3 === 0 ? `<${name}><ram:D/><ram:D/></${name}>` : `<${name}/>`);
    }
    const root = parseXml(`<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}" xmlns:ram="${RAM}" xmlns:x="urn:other"><ram:P>${kids.join('')}</ram:P></rsm:CrossIndustryInvoice>`).root;
    const all: XmlElement[] = [];
    const walk = (e: XmlElement) => {
      all.push(e);
      e.children.forEach(walk);
    };
    walk(root);
    // A fixed shuffle: positions asked in no particular order, several times each.
    const order = all.map((e, i) => ({ e, k: (i * 7919) % 97 })).sort((a, b) => a.k - b.k);
    const cache: PathCache = new Map();
    for (const round of [1, 2]) for (const { e } of order) expect(oraclePath(e, cache), `round ${round}`).toBe(oraclePath(e));
    expect(oraclePath(all.at(-1)!, cache)).toBe('/rsm:CrossIndustryInvoice[1]/ram:P[1]/C[10]/ram:D[2]');
    expect(oraclePath(root.children[0]!.children[38]!, cache)).toBe("/rsm:CrossIndustryInvoice[1]/ram:P[1]/*:A[namespace-uri()='urn:other'][10]");
    expect(oraclePath(root.children[0]!.children[13]!, cache)).toBe('/rsm:CrossIndustryInvoice[1]/ram:P[1]/ram:B[4]');
  });
});

describe('readCiiDoc with a known element count', () => {
  it('lists the same elements in the same order as when it counts them itself, and a wrong count changes nothing', () => {
    const lines = Array.from(
      { length: 5 },
      (_, i) =>
        `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument></ram:IncludedSupplyChainTradeLineItem>`,
    ).join('');
    const doc = parseXml(`<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}" xmlns:ram="${RAM}"><rsm:SupplyChainTradeTransaction>${lines}</rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`);
    expect(doc.elementCount).toBe(17);
    const counted = new CiiDocument(doc.root);
    const expected = counted.elements();
    expect(expected).toHaveLength(17);
    for (const n of [doc.elementCount, 0, 5, 16, 18, 40]) {
      const d = new CiiDocument(doc.root, n);
      expect(d.elements(), `count ${n}`).toEqual(expected);
      expect(d.elements().length, `count ${n}`).toBe(17);
      expect((readCiiDoc(doc.root, n) as CiiDocument).elements(), `readCiiDoc, count ${n}`).toEqual(expected);
      expect(
        d.all('LineID').map((e) => e.text),
        `count ${n}`,
      ).toEqual(['1', '2', '3', '4', '5']);
    }
  });
});
