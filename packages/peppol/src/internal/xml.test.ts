import { describe, expect, it } from 'vitest';
import { childElement, childElements, readXml, XmlReadError } from './xml';

describe('readXml', () => {
  it('builds a namespace-aware tree with attributes, text, CDATA and line numbers', () => {
    const root = readXml('<?xml version="1.0"?>\n<a:root xmlns:a="urn:a" xmlns="urn:default" k="v">\n  <child x="1">one &amp; <![CDATA[two]]></child>\n  <a:child/>\n</a:root>');
    expect(root).toMatchObject({ ns: 'urn:a', local: 'root', line: 2 });
    expect(root.attr('k')).toBe('v');
    expect(childElements(root, 'child')).toHaveLength(2);
    expect(childElement(root, 'child', 'urn:default')).toMatchObject({ text: 'one & two', line: 3 });
    expect(childElement(root, 'child', 'urn:default')?.attr('x')).toBe('1');
    expect(childElement(root, 'child', ['urn:a'])?.ns).toBe('urn:a');
  });

  it.each([
    ['<!DOCTYPE r [<!ENTITY x "boom">]><r>&x;</r>', /DOCTYPE/],
    ['<!DOCTYPE r SYSTEM "http://example.test/r.dtd"><r/>', /DOCTYPE/],
    ['<r>&undefined;</r>', /Not well-formed/],
    ['<r><unclosed></r>', /Not well-formed/],
    ['', /Not well-formed|No root/],
    ['just text', /Not well-formed/],
    ['<r/><second/>', /Not well-formed/],
  ])('rejects %j', (input, message) => {
    expect(() => readXml(input)).toThrow(message);
  });

  it('enforces size, depth and element-count limits', () => {
    expect(() => readXml(`<r>${'x'.repeat(2000)}</r>`, { maxBytes: 1000 })).toThrow(/larger than 1000 bytes/);
    expect(() => readXml(`${'<d>'.repeat(70)}${'</d>'.repeat(70)}`)).toThrow(/deeper than 64/);
    expect(() => readXml(`<r>${'<e/>'.repeat(101)}</r>`, { maxElements: 100 })).toThrow(/More than 100 elements/);
    expect(readXml(`${'<d>'.repeat(60)}${'</d>'.repeat(60)}`).local).toBe('d');
  });

  it('reports where the document broke', () => {
    try {
      readXml('<r>\n<a>\n</b></r>');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(XmlReadError);
      expect((error as XmlReadError).location?.line).toBe(3);
    }
  });
});
