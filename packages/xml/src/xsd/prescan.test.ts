import { describe, expect, it } from 'vitest';
import { prescanXml } from './prescan';

const limits = { maxElements: 5, maxAttributes: 2 };

describe('prescanXml', () => {
  it('counts start tags and the attributes of each, not what is quoted, commented or CDATA', () => {
    expect(prescanXml('<?xml version="1.0"?><a x="1" y=\'=2=\'><!-- <b c="1" d="2" e="3"> --><![CDATA[<c/><c/><c/>]]><b/></a>', limits)).toBeNull();
    expect(prescanXml('<a><b/><b/><b/><b/></a>', limits)).toBeNull();
  });

  it('reports the first element beyond a limit with its position', () => {
    expect(prescanXml('<a>\n  <b x="1" y="2" z="3"/></a>', limits)).toEqual({
      code: 'XML_TOO_MANY_ATTRIBUTES',
      message: 'More than 2 attributes on one element',
      location: { line: 2, column: 3 },
    });
    expect(prescanXml('<a><b/><b/><b/><b/>\n<b/></a>', limits)).toMatchObject({ code: 'XML_TOO_MANY_NODES', location: { line: 2, column: 1 } });
    expect(prescanXml('<!-- x --><!DOCTYPE a><a/>', limits)).toMatchObject({ code: 'XML_DOCTYPE_FORBIDDEN', location: { line: 1, column: 11 } });
  });

  it('ends on unterminated constructs and leaves them to libxml2', () => {
    for (const s of ['<a x="1', '<!-- open', '<![CDATA[', '<?pi', '</a', '<', '<a', '']) expect(prescanXml(s, limits)).toBeNull();
  });
});
