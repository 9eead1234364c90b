import { describe, expect, it } from 'vitest';
import type { Pdfa3Error } from '../errors';
import { buildXmp, type PdfA3Metadata } from './build';
import { NS } from './namespaces';
import { readXmpFacts, xmpValue } from './read';

const NS_FX = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
const base: PdfA3Metadata = {
  title: 'Rechnung <4711> & "Söhne"',
  author: 'Kontor',
  subject: 'Subj',
  keywords: 'a, b',
  creator: 'Tool',
  producer: 'Prod',
  createDate: new Date('2024-05-01T10:00:00.789Z'),
  modifyDate: new Date('2024-05-02T11:30:00Z'),
  conformance: 'B',
  extraXmp: {
    extensionSchemas: [{ schema: 'Factur-X', namespaceURI: NS_FX, prefix: 'fx', properties: [{ name: 'DocumentType', valueType: 'Text', category: 'external', description: 'type' }] }],
    properties: [{ namespaceURI: NS_FX, prefix: 'fx', name: 'DocumentType', value: 'INVOICE' }],
  },
};

describe('buildXmp', () => {
  it('writes pdfaid, Dublin Core, dates and the extension schema, readable back', () => {
    const xmp = buildXmp(base);
    expect(xmp.startsWith('<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>')).toBe(true);
    expect(xmp).not.toMatch(/bytes=|encoding=/);
    const f = readXmpFacts(xmp);
    expect(f.pdfaid).toMatchObject({ part: '3', conformance: 'B', prefixes: { part: 'pdfaid', conformance: 'pdfaid' } });
    expect(xmpValue(f, NS.dc, 'title')?.value).toBe('Rechnung <4711> & "Söhne"');
    expect(xmpValue(f, NS.dc, 'title')?.arrayKind).toBe('Alt');
    expect(xmpValue(f, NS.dc, 'creator')?.items).toEqual(['Kontor']);
    expect(xmpValue(f, NS.xmp, 'CreateDate')?.value).toBe('2024-05-01T10:00:00+00:00');
    expect(xmpValue(f, NS.xmp, 'MetadataDate')?.value).toBe('2024-05-02T11:30:00+00:00');
    expect(xmpValue(f, NS.pdf, 'Producer')?.value).toBe('Prod');
    expect(xmpValue(f, NS_FX, 'DocumentType')?.value).toBe('INVOICE');
    expect(f.schemas).toEqual([{ namespaceURI: NS_FX, prefix: 'fx', properties: [{ name: 'DocumentType', valueType: 'Text' }], valueTypes: [] }]);
    expect(f.problems).toEqual([]);
    expect(buildXmp(base)).toBe(xmp);
  });

  it('rejects undeclared properties, bad prefixes and unknown value types', () => {
    const code = (m: PdfA3Metadata) => {
      try {
        buildXmp(m);
        return 'no error';
      } catch (e) {
        return (e as Pdfa3Error).code;
      }
    };
    expect(code({ ...base, extraXmp: { properties: [{ namespaceURI: NS_FX, prefix: 'fx', name: 'DocumentType', value: 'x' }] } })).toBe('INVALID_XMP');
    expect(code({ ...base, extraXmp: { extensionSchemas: [{ schema: 's', namespaceURI: NS_FX, prefix: 'pdf', properties: [] }] } })).toBe('INVALID_XMP');
    expect(
      code({ ...base, extraXmp: { extensionSchemas: [{ schema: 's', namespaceURI: NS_FX, prefix: 'fx', properties: [{ name: 'A', valueType: 'Money', category: 'external', description: 'd' }] }] } }),
    ).toBe('INVALID_XMP');
    expect(code({ ...base, extraXmp: { descriptionsXml: '<rdf:Description rdf:about=""><foo:x xmlns:foo="urn:foo">1</foo:x></rdf:Description>' } })).toBe('INVALID_XMP');
    expect(code({ ...base, extraXmp: { descriptionsXml: '<rdf:Description>' } })).toBe('INVALID_XMP');
    expect(code({ ...base, createDate: new Date('nope') })).toBe('INVALID_DATE');
    expect(code({ ...base, conformance: 'X' as 'B' })).toBe('INVALID_ARGUMENT');
  });

  it('accepts caller descriptions in predefined namespaces', () => {
    const xmp = buildXmp({
      ...base,
      extraXmp: { descriptionsXml: `<rdf:Description rdf:about="" xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/"><xmpRights:Marked>True</xmpRights:Marked></rdf:Description>` },
    });
    expect(xmpValue(readXmpFacts(xmp), 'http://ns.adobe.com/xap/1.0/rights/', 'Marked')?.value).toBe('True');
  });
});

describe('readXmpFacts', () => {
  it('reports extension schema structure problems with veraPDF rule ids', () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="${NS.rdf}">
      <rdf:Description rdf:about="" xmlns:pdfaExtension="${NS.pdfaExtension}" xmlns:pdfaSchema="${NS.pdfaSchema}" xmlns:pdfaProperty="${NS.pdfaProperty}">
        <pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
          <pdfaSchema:schema>S</pdfaSchema:schema><pdfaSchema:prefix>c</pdfaSchema:prefix><pdfaSchema:extra>x</pdfaSchema:extra>
          <pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType="Resource"><pdfaProperty:name>A</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType></rdf:li></rdf:Seq></pdfaSchema:property>
        </rdf:li></rdf:Bag></pdfaExtension:schemas>
      </rdf:Description>
      <rdf:Description rdf:about="" xmlns:pdfaid="${NS.pdfaid}" pdfaid:part="3" pdfaid:conformance="U"/>
    </rdf:RDF></x:xmpmeta>`;
    const f = readXmpFacts(xmp);
    expect(f.packetHeader.present).toBe(false);
    expect(f.pdfaid).toMatchObject({ part: '3', conformance: 'U' });
    expect(f.problems.map((p) => p.rule).sort()).toEqual(['6.6.2.3.2-1', '6.6.2.3.3-10', '6.6.2.3.3-3', '6.6.2.3.3-9']);
  });

  it('refuses DOCTYPE and malformed XML', () => {
    expect(() => readXmpFacts('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>')).toThrow();
    expect(() => readXmpFacts('<x><y></x>')).toThrow();
  });
});
