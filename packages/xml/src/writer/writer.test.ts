import { describe, expect, it } from 'vitest';
import { XmlWriter } from './writer';
import { parseXml } from '../reader/parse';

describe('XmlWriter', () => {
  it('escapes, strips illegal characters, skips empty leaves and round-trips', () => {
    const w = new XmlWriter();
    w.open('r', { a: 'x"<y>', skip: undefined });
    w.leaf('t', 'a & b < c\u0001');
    w.leaf('none', undefined);
    w.leaf('zero', 0);
    w.empty('e', { k: 'v' });
    w.close();
    const s = w.toString();
    expect(s.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(s).not.toContain('none');
    const doc = parseXml(s);
    expect(doc.root.attr('a')).toBe('x"<y>');
    expect(doc.root.textAt('t')).toBe('a & b < c');
    expect(doc.root.textAt('zero')).toBe('0');
  });
  it('refuses unbalanced output', () => {
    const w = new XmlWriter();
    w.open('a');
    expect(() => w.toString()).toThrow();
  });
});
