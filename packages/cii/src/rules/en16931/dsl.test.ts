import { describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '@kontor/xml';
import { definePattern, oraclePath, readCiiDoc } from '../model';
import { runRules } from '../engine';
import { RAM } from '../xpath';
import { noAttributes } from './dsl';

const P = definePattern('dsl-test');
const AMOUNT = P.context({ label: 'any ram:…Amount', priority: 1, locals: '*', match: (el) => el.ns === RAM && el.local.endsWith('Amount') });

describe('noAttributes (one pass per context node for the whole table)', () => {
  it('reports, per row, exactly the context nodes that carry the attribute without a namespace, in document order', () => {
    const table = [
      ['T-1', 'f', 'format'],
      ['T-2', 'w', 'currencyCodeListVersionID'],
      ['T-3', 'f', 'format'], // the same attribute in two rows: both report
      ['T-4', 'f', 'unused'],
    ] as const;
    // 200 amounts with a deterministic mix of attributes, some namespaced (never reported).
    const amounts: string[] = [];
    for (let i = 0; i < 200; i++) {
      const attrs = [i % 3 === 0 ? 'format="x"' : '', i % 5 === 0 ? 'currencyCodeListVersionID="1"' : '', i % 7 === 0 ? 'x:format="y"' : ''].join(' ');
      amounts.push(`<ram:${i % 2 ? 'LineTotalAmount' : 'ChargeAmount'} ${attrs}>${i}</ram:${i % 2 ? 'LineTotalAmount' : 'ChargeAmount'}>`);
    }
    const xml = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="${RAM}" xmlns:x="urn:example:x"><ram:A>${amounts.join('')}<ram:B><ram:TaxTotalAmount format="z">1</ram:TaxTotalAmount></ram:B></ram:A></rsm:CrossIndustryInvoice>`;
    const root = parseXml(xml).root;
    const findings = runRules(noAttributes(AMOUNT, table), readCiiDoc(root));
    // Reference: every row tested on every context node, as a plain assertion would.
    const all: XmlElement[] = [];
    const walk = (e: XmlElement): void => {
      if (e.ns === RAM && e.local.endsWith('Amount')) all.push(e);
      e.children.forEach(walk);
    };
    walk(root);
    const expected = table.flatMap(([id, , name]) => all.filter((el) => el.attributes.some((a) => a.local === name && a.ns === '')).map((el) => `${id} ${oraclePath(el)}`));
    expect(findings.map((f) => `${f.code} ${f.path}`)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(100);
    expect(findings.filter((f) => f.code === 'T-4')).toEqual([]);
  });
});
