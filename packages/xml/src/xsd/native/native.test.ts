/**
 * The native XSD engine on a small schema of our own that uses every construct of the supported subset, against
 * libxml2-wasm in process on valid and invalid instances (same verdict, count, lines, messages); the refusals; the
 * XSD → JavaScript regular-expression translation. The corpus-wide comparisons are in test/xsd-native-*.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { validateWithSchema } from '../engine';
import { loadLibxml2 } from '../libxml2';
import { compileXsdPattern, translateXsdRegex } from './regex';
import { runNative } from './run';
import { compileNativeSchema, type NativeSchema } from './schema';

const XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns="urn:kontor:test" xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:kontor:test" elementFormDefault="qualified">
  <xs:element name="Doc" type="DocT"/>
  <xs:complexType name="DocT">
    <xs:sequence>
      <xs:element name="Id" type="Id35"/>
      <xs:element name="When" type="xs:date" minOccurs="0"/>
      <xs:element name="At" type="xs:dateTime" minOccurs="0"/>
      <xs:choice maxOccurs="3">
        <xs:element name="Amt" type="AmtT"/>
        <xs:element name="Note" type="Note10"/>
      </xs:choice>
      <xs:element name="Code" type="CodeT" minOccurs="0" maxOccurs="2"/>
      <xs:element name="Flag" type="xs:boolean" minOccurs="0"/>
      <xs:element name="Local" minOccurs="0">
        <xs:simpleType><xs:restriction base="Id35"><xs:enumeration value="X-1"/></xs:restriction></xs:simpleType>
      </xs:element>
      <xs:element name="Narrow" type="NarrowT" minOccurs="0"/>
      <xs:element name="Ext" type="ExtT" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>
  <xs:complexType name="WideT">
    <xs:sequence>
      <xs:element name="A" type="Note10" minOccurs="0"/>
      <xs:element name="B" type="Note10" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>
  <xs:complexType name="NarrowT">
    <xs:complexContent>
      <xs:restriction base="WideT">
        <xs:sequence><xs:element name="B" type="Note10"/></xs:sequence>
      </xs:restriction>
    </xs:complexContent>
  </xs:complexType>
  <xs:simpleType name="Id35"><xs:restriction base="xs:string"><xs:minLength value="1"/><xs:maxLength value="35"/><xs:pattern value="[A-Z0-9\\-]+"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Note10"><xs:restriction base="xs:string"><xs:maxLength value="10"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="CodeT"><xs:restriction base="xs:string"><xs:enumeration value="A"/><xs:enumeration value="B"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Dec"><xs:restriction base="xs:decimal"><xs:fractionDigits value="2"/><xs:totalDigits value="6"/><xs:minInclusive value="0.01"/><xs:maxInclusive value="9999.99"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Ccy"><xs:restriction base="xs:string"><xs:pattern value="[A-Z]{3}"/></xs:restriction></xs:simpleType>
  <xs:complexType name="AmtT"><xs:simpleContent><xs:extension base="Dec"><xs:attribute name="Ccy" type="Ccy" use="required"/></xs:extension></xs:simpleContent></xs:complexType>
  <xs:complexType name="ExtT"><xs:sequence><xs:any namespace="##any" processContents="lax" maxOccurs="unbounded"/></xs:sequence></xs:complexType>
</xs:schema>`;

const doc = (body: string, root = '<Doc xmlns="urn:kontor:test">') => `<?xml version="1.0"?>\n${root}\n${body}\n</Doc>\n`;
const ok = '<Id>AB-1</Id>\n<Amt Ccy="EUR">12.50</Amt>';

const INSTANCES: string[] = [
  doc(ok),
  doc(
    `${ok}\n<Note>hello</Note>\n<Amt Ccy="USD">0.01</Amt>\n<Code>A</Code>\n<Code>B</Code>\n<Flag>true</Flag>\n<Local>X-1</Local>\n<Narrow><B>b</B></Narrow>\n<Ext><Doc><Id>Z</Id><Note>n</Note></Doc><foo xmlns="urn:other"><bar/></foo></Ext>`,
  ),
  doc('<Amt Ccy="EUR">1</Amt>'),
  doc('<Id>AB-1</Id>'),
  doc(`${ok}\n<Note>a</Note>\n<Note>b</Note>\n<Note>c</Note>`),
  doc(`${ok}\n<Code>A</Code>\n<Code>B</Code>\n<Code>A</Code>`),
  doc(`<Id>AB-1</Id>\n<Flag>true</Flag>`),
  doc(`<Id></Id>\n<Amt Ccy="EUR">1</Amt>`),
  doc(`<Id>${'A'.repeat(36)}</Id>\n<Amt Ccy="EUR">1</Amt>`),
  doc(`<Id>ab_1</Id>\n<Amt Ccy="EUR">1</Amt>`),
  doc(`<Id>AB</Id>\n<When>2026-02-29</When>\n<Amt Ccy="EUR">1</Amt>`),
  doc(`<Id>AB</Id>\n<When> 2026-02-28</When>\n<Amt Ccy="EUR">1</Amt>`),
  doc(`<Id>AB</Id>\n<When>2024-02-29</When>\n<At>2026-03-01T24:00:00</At>\n<Amt Ccy="EUR">1</Amt>`),
  doc(`<Id>AB</Id>\n<At>2026-03-01T10:00:00.5+01:00</At>\n<Amt Ccy="EUR">1</Amt>`),
  doc(`<Id>AB</Id>\n<Amt Ccy="EUR">1.234</Amt>`),
  doc(`<Id>AB</Id>\n<Amt Ccy="EUR">1.230</Amt>`),
  doc(`<Id>AB</Id>\n<Amt Ccy="EUR">0.00</Amt>`),
  doc(`<Id>AB</Id>\n<Amt Ccy="EUR">10000</Amt>`),
  doc(`<Id>AB</Id>\n<Amt Ccy="EUR">1234567</Amt>`),
  doc(`<Id>AB</Id>\n<Amt Ccy="EUR"> 12.5 </Amt>`),
  doc(`<Id>AB</Id>\n<Amt Ccy="EUR">1,5</Amt>`),
  doc(`<Id>AB</Id>\n<Amt Ccy="eur">1</Amt>`),
  doc(`<Id>AB</Id>\n<Amt>1</Amt>`),
  doc(`<Id>AB</Id>\n<Amt Ccy="EUR" x="1">1</Amt>`),
  doc(`<Id>AB</Id>\n<Amt Ccy="EUR">1<b/></Amt>`),
  doc(`<Id>AB</Id>\n<Note>${'x'.repeat(11)}</Note>\n<Code>C</Code>\n<Flag>yes</Flag>`),
  doc(`<Id>AB</Id>\n<Note>n</Note>\n<Local>X-2</Local>`),
  doc(`<Id>AB</Id>\n<Note>n</Note>\n<Narrow><A>a</A><B>b</B></Narrow>`),
  doc(`<Id>AB</Id>\ntext here\n<Note>n</Note>\n<Narrow/>`),
  doc(`<Note>n</Note>\n<Id>AB</Id>`),
  doc(`<Id>AB</Id>\n<Unknown/>\n<Note>n</Note>`),
  doc(`<Id>AB</Id>\n<Note xmlns="urn:other">n</Note>`),
  doc(ok, '<Doc xmlns="urn:other">'),
  doc(ok, '<Doc xmlns="urn:kontor:test" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:kontor:test t.xsd">'),
];

const lx = await loadLibxml2();
const lib = lx.XsdValidator.fromDoc(lx.XmlDocument.fromString(XSD));
afterAll(() => lib.dispose());

function compiled(): NativeSchema {
  const s = compileNativeSchema(XSD);
  if ('refused' in s) throw new Error(s.refused);
  return s;
}

describe('native XSD engine', () => {
  it('agrees with libxml2 on every instance (verdict, count, lines, messages)', () => {
    const schema = compiled();
    let invalid = 0;
    for (const xml of INSTANCES) {
      const l = validateWithSchema(lx, lib, Buffer.from(xml), 100);
      const n = runNative(schema, xml, 100)!;
      expect(n, xml).not.toBeNull();
      const strip = (d: { line: number; message: string }[]) => d.map((x) => ({ line: x.line, message: x.message.trim() }));
      expect({ valid: n.valid, errors: n.sink.errors, d: strip(n.sink.kept) }, xml).toEqual({ valid: l.kind === 'validated' && l.valid, errors: l.diagnostics.errors, d: strip(l.diagnostics.kept) });
      if (!n.valid) invalid++;
    }
    expect(invalid).toBeGreaterThan(20);
  });

  it('declines documents it cannot judge like libxml2 (not well-formed, xsi:type)', () => {
    const schema = compiled();
    expect(runNative(schema, doc(`${ok}<Note>`), 10)).toBeNull();
    expect(runNative(schema, doc(`<Id xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="Id35">AB</Id>\n<Note>n</Note>`), 10)).toBeNull();
    expect(runNative(schema, '', 10)).toBeNull();
  });

  it('refuses constructs outside the subset', () => {
    const wrap = (inner: string) => `<xs:schema xmlns="urn:t" xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t" elementFormDefault="qualified">${inner}</xs:schema>`;
    for (const inner of [
      '<xs:import namespace="urn:x" schemaLocation="x.xsd"/>',
      '<xs:group name="G"><xs:sequence/></xs:group>',
      '<xs:simpleType name="L"><xs:list itemType="xs:string"/></xs:simpleType>',
      '<xs:element name="E" type="xs:base64Binary"/>',
      '<xs:complexType name="M" mixed="true"><xs:sequence/></xs:complexType>',
      '<xs:element name="E" type="xs:string" nillable="true"/>',
      '<xs:simpleType name="P"><xs:restriction base="xs:string"><xs:pattern value="\\i\\c*"/></xs:restriction></xs:simpleType>',
    ]) {
      expect(compileNativeSchema(wrap(inner)), inner).toHaveProperty('refused');
    }
    expect(compileNativeSchema(wrap('<xs:element name="E" type="xs:string"/>'))).not.toHaveProperty('refused');
  });

  it('translates XSD regular expressions (implicit anchors, literal ^ and $, XSD escapes and dot)', () => {
    const re = (p: string) => compileXsdPattern(p)!;
    expect(re('[A-Z]{2,2}').test('DE')).toBe(true);
    expect(re('[A-Z]{2,2}').test('DEX')).toBe(false);
    expect(re('a$b').test('a$b')).toBe(true);
    expect(re('^a').test('^a')).toBe(true);
    expect(re('.+').test('a\nb')).toBe(false);
    expect(re('\\d{3}').test('١٢٣')).toBe(true);
    expect(re('[\\+|\\?|/|\\-]{1,4}').test('+?/-')).toBe(true);
    expect(re('[a-]+').test('a-a')).toBe(true);
    expect(re('\\p{Lu}+').test('ÄB')).toBe(true);
    expect(re('a|b').test('ab')).toBe(false);
    expect(translateXsdRegex('[a-z-[aeiou]]')).toBeNull();
    expect(translateXsdRegex('\\w+')).toBeNull();
    expect(translateXsdRegex('(?:x)')).toBeNull();
  });
});

describe('native XSD engine memory', () => {
  it('does not remember element names of documents that the schema does not declare (the compiled schema is long-lived)', () => {
    const schema = compiled();
    const states = (s: NativeSchema) => {
      const doc = s.elements.get('{urn:kontor:test}Doc')!;
      const t = doc.type as { automaton?: { start: { next: Map<string, unknown> } } };
      return t.automaton!.start.next;
    };
    for (let i = 0; i < 50; i++) runNative(schema, doc(`<Bogus${i}/>`), 10);
    for (let i = 0; i < 50; i++) runNative(schema, doc(`${ok}\n<Ext><Any${i}/></Ext>`), 10);
    expect([...states(schema).keys()].every((k) => !k.includes('Bogus'))).toBe(true);
    expect(states(schema).size).toBeLessThanOrEqual(1);
  });
});
