import { describe, expect, it } from 'vitest';
import { parseXml } from './parse';
import { streamXml } from './stream';
import { defaultXmlLimits } from './limits';
import { KontorXmlError } from '../errors';

const withAttributes = (n: number) => `<r>\n  <e ${Array.from({ length: n }, (_, i) => `a${i}="${i}"`).join(' ')}/></r>`;

describe('attributes per element', () => {
  it('accepts the default limit and refuses one more, with the position of the start tag', async () => {
    const max = defaultXmlLimits.maxAttributes;
    const ok = parseXml(withAttributes(max)).root.children[0]!;
    expect(ok.attributes).toHaveLength(max);
    const err = (() => {
      try {
        parseXml(withAttributes(max + 1));
      } catch (e) {
        return e as KontorXmlError;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(KontorXmlError);
    // The position of the start tag, as the reader reports it for elements.
    expect(err).toMatchObject({ code: 'XML_TOO_MANY_ATTRIBUTES', location: { line: ok.line, column: ok.column } });
    expect(ok.line).toBe(2);
    await expect(streamXml(withAttributes(max + 1), { keep: () => false, onElement: () => {} })).rejects.toMatchObject({ code: 'XML_TOO_MANY_ATTRIBUTES' });
  });

  it('is configurable and counts namespace declarations too', () => {
    expect(() => parseXml('<a xmlns="urn:x" xmlns:p="urn:p" p:b="1"/>', { maxAttributes: 2 })).toThrow(/More than 2 attributes/);
    expect(parseXml('<a xmlns="urn:x" p="1"/>', { maxAttributes: 2 }).root.attributes).toHaveLength(1);
  });

  it('stops a 900,000-attribute element at the first one too many instead of reading it all', async () => {
    let chunks = 0;
    function* source() {
      yield '<r><e';
      for (let c = 0; c < 9000; c++) {
        chunks++;
        yield Array.from({ length: 100 }, (_, i) => ` a${c * 100 + i}=""`).join('');
      }
      yield '/></r>';
    }
    await expect(streamXml(source(), { keep: () => false, onElement: () => {} }, { maxBytes: 50 * 1024 * 1024 })).rejects.toMatchObject({ code: 'XML_TOO_MANY_ATTRIBUTES' });
    expect(chunks).toBe(11);
  });
});
