/**
 * Writes the XMP packet of a PDF/A-3 file: pdfaid, Dublin Core, XMP basic and Adobe PDF properties
 * (mirroring the document information dictionary), PDF/A extension schema declarations and caller
 * properties. UTF-8, no `bytes`/`encoding` in the packet header, deterministic.
 */
import { Pdfa3Error } from '../errors';
import { formatXmpDate } from '../internal/pdf-date';
import { escapeAttr, escapeText, parseXml } from '@kontor/xml';
import type { PdfaConformance } from '../types';
import { NS, PREDEFINED_NAMESPACES, XMP_VALUE_TYPES } from './namespaces';

export interface XmpExtensionProperty {
  name: string;
  /** an XMP value type: Text, Integer, Date, Boolean, Lang Alt, Seq Text ... */
  valueType: string;
  category: 'external' | 'internal';
  description: string;
}

/** One pdfaExtension:schemas entry (e.g. the Factur-X schema, namespace urn:factur-x:pdfa:...#, prefix fx). */
export interface XmpExtensionSchema {
  /** human-readable schema name ("Factur-X PDFA Extension Schema") */
  schema: string;
  namespaceURI: string;
  prefix: string;
  properties: XmpExtensionProperty[];
}

/** A simple text property written as `<prefix:name>value</prefix:name>`. */
export interface XmpTextProperty {
  namespaceURI: string;
  prefix: string;
  name: string;
  value: string;
}

export interface ExtraXmp {
  extensionSchemas?: XmpExtensionSchema[];
  properties?: XmpTextProperty[];
  /** Further `<rdf:Description rdf:about="">` elements as XML text (must be well-formed; rdf prefix bound by us). */
  descriptionsXml?: string;
}

export interface PdfA3Metadata {
  title: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creator?: string;
  producer?: string;
  createDate: Date;
  modifyDate: Date;
  lang?: string;
  conformance: PdfaConformance;
  extraXmp?: ExtraXmp;
}

const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const RESERVED_PREFIXES = new Set(['x', 'rdf', 'xml', 'xmlns', 'dc', 'xmp', 'pdf', 'pdfaid', 'pdfaExtension', 'pdfaSchema', 'pdfaProperty', 'pdfaType', 'pdfaField']);

function invalid(message: string): never {
  throw new Pdfa3Error('INVALID_XMP', message);
}

function checkExtra(extra: ExtraXmp): void {
  const declared = new Map<string, XmpExtensionSchema>();
  for (const s of extra.extensionSchemas ?? []) {
    if (!s.namespaceURI) invalid('extension schema without namespaceURI');
    if (!NCNAME.test(s.prefix) || RESERVED_PREFIXES.has(s.prefix)) invalid(`extension schema prefix "${s.prefix}" is not usable`);
    if (PREDEFINED_NAMESPACES.has(s.namespaceURI)) invalid(`${s.namespaceURI} is predefined and needs no extension schema`);
    if (declared.has(s.namespaceURI)) invalid(`extension schema ${s.namespaceURI} declared twice`);
    for (const p of s.properties) {
      if (!NCNAME.test(p.name)) invalid(`property name "${p.name}" is not an XML name`);
      if (!XMP_VALUE_TYPES.has(p.valueType)) invalid(`property ${s.prefix}:${p.name}: value type "${p.valueType}" is not a predefined XMP type`);
      if (p.category !== 'external' && p.category !== 'internal') invalid(`property ${s.prefix}:${p.name}: category must be external or internal`);
      if (!p.description) invalid(`property ${s.prefix}:${p.name}: description is required`);
    }
    declared.set(s.namespaceURI, s);
  }
  for (const p of extra.properties ?? []) {
    const schema = declared.get(p.namespaceURI);
    if (!schema) invalid(`property ${p.prefix}:${p.name} uses namespace ${p.namespaceURI}, which no extension schema declares`);
    if (schema.prefix !== p.prefix) invalid(`property ${p.name}: prefix "${p.prefix}" differs from the schema prefix "${schema.prefix}"`);
    const decl = schema.properties.find((d) => d.name === p.name);
    if (!decl) invalid(`property ${p.prefix}:${p.name} is not declared in its extension schema`);
    if (decl.valueType !== 'Text') invalid(`property ${p.prefix}:${p.name} is declared ${decl.valueType}; only Text properties can be given as values`);
  }
  if (extra.descriptionsXml !== undefined) {
    let doc;
    try {
      doc = parseXml(`<rdf:RDF xmlns:rdf="${NS.rdf}">${extra.descriptionsXml}</rdf:RDF>`);
    } catch (e) {
      invalid(`descriptionsXml is not well-formed: ${(e as Error).message}`);
    }
    for (const d of doc.root.children) {
      if (d.ns !== NS.rdf || d.local !== 'Description') invalid('descriptionsXml may only contain rdf:Description elements');
      for (const p of d.children) {
        if (!PREDEFINED_NAMESPACES.has(p.ns) && !declared.has(p.ns)) invalid(`descriptionsXml property ${p.prefix}:${p.local} uses undeclared namespace ${p.ns}`);
      }
    }
  }
}

const li = (v: string, lang?: string) => `<rdf:li${lang ? ' xml:lang="x-default"' : ''}>${escapeText(v)}</rdf:li>`;

/**
 * Builds the XMP packet text.
 * @example
 * ```ts
 * const xmp = buildXmp({ title: 'Rechnung RE-1', createDate: now, modifyDate: now, conformance: 'B' });
 * console.log(xmp.includes('<pdfaid:part>3</pdfaid:part>')); // true
 * ```
 */
export function buildXmp(meta: PdfA3Metadata): string {
  if (!['A', 'B', 'U'].includes(meta.conformance)) throw new Pdfa3Error('INVALID_ARGUMENT', 'conformance must be A, B or U');
  if (typeof meta.title !== 'string') throw new Pdfa3Error('INVALID_ARGUMENT', 'title must be a string');
  const extra = meta.extraXmp ?? {};
  checkExtra(extra);
  const create = formatXmpDate(meta.createDate, 'createDate');
  const modify = formatXmpDate(meta.modifyDate, 'modifyDate');
  const out: string[] = [];
  out.push('<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>');
  out.push(`<x:xmpmeta xmlns:x="${NS.x}">`);
  out.push(` <rdf:RDF xmlns:rdf="${NS.rdf}">`);
  out.push(`  <rdf:Description rdf:about="" xmlns:pdfaid="${NS.pdfaid}">`);
  out.push('   <pdfaid:part>3</pdfaid:part>');
  out.push(`   <pdfaid:conformance>${meta.conformance}</pdfaid:conformance>`);
  out.push('  </rdf:Description>');
  out.push(`  <rdf:Description rdf:about="" xmlns:dc="${NS.dc}">`);
  out.push('   <dc:format>application/pdf</dc:format>');
  out.push(`   <dc:title><rdf:Alt>${li(meta.title, 'x-default')}</rdf:Alt></dc:title>`);
  if (meta.author !== undefined) out.push(`   <dc:creator><rdf:Seq>${li(meta.author)}</rdf:Seq></dc:creator>`);
  if (meta.subject !== undefined) out.push(`   <dc:description><rdf:Alt>${li(meta.subject, 'x-default')}</rdf:Alt></dc:description>`);
  if (meta.lang !== undefined) out.push(`   <dc:language><rdf:Bag>${li(meta.lang)}</rdf:Bag></dc:language>`);
  out.push('  </rdf:Description>');
  out.push(`  <rdf:Description rdf:about="" xmlns:xmp="${NS.xmp}">`);
  if (meta.creator !== undefined) out.push(`   <xmp:CreatorTool>${escapeText(meta.creator)}</xmp:CreatorTool>`);
  out.push(`   <xmp:CreateDate>${create}</xmp:CreateDate>`);
  out.push(`   <xmp:ModifyDate>${modify}</xmp:ModifyDate>`);
  out.push(`   <xmp:MetadataDate>${modify}</xmp:MetadataDate>`);
  out.push('  </rdf:Description>');
  if (meta.producer !== undefined || meta.keywords !== undefined) {
    out.push(`  <rdf:Description rdf:about="" xmlns:pdf="${NS.pdf}">`);
    if (meta.producer !== undefined) out.push(`   <pdf:Producer>${escapeText(meta.producer)}</pdf:Producer>`);
    if (meta.keywords !== undefined) out.push(`   <pdf:Keywords>${escapeText(meta.keywords)}</pdf:Keywords>`);
    out.push('  </rdf:Description>');
  }
  const schemas = extra.extensionSchemas ?? [];
  if (schemas.length > 0) {
    out.push(`  <rdf:Description rdf:about="" xmlns:pdfaExtension="${NS.pdfaExtension}" xmlns:pdfaSchema="${NS.pdfaSchema}" xmlns:pdfaProperty="${NS.pdfaProperty}">`);
    out.push('   <pdfaExtension:schemas>');
    out.push('    <rdf:Bag>');
    for (const s of schemas) {
      out.push('     <rdf:li rdf:parseType="Resource">');
      out.push(`      <pdfaSchema:schema>${escapeText(s.schema)}</pdfaSchema:schema>`);
      out.push(`      <pdfaSchema:namespaceURI>${escapeText(s.namespaceURI)}</pdfaSchema:namespaceURI>`);
      out.push(`      <pdfaSchema:prefix>${s.prefix}</pdfaSchema:prefix>`);
      out.push('      <pdfaSchema:property>');
      out.push('       <rdf:Seq>');
      for (const p of s.properties) {
        out.push('        <rdf:li rdf:parseType="Resource">');
        out.push(`         <pdfaProperty:name>${p.name}</pdfaProperty:name>`);
        out.push(`         <pdfaProperty:valueType>${escapeText(p.valueType)}</pdfaProperty:valueType>`);
        out.push(`         <pdfaProperty:category>${p.category}</pdfaProperty:category>`);
        out.push(`         <pdfaProperty:description>${escapeText(p.description)}</pdfaProperty:description>`);
        out.push('        </rdf:li>');
      }
      out.push('       </rdf:Seq>');
      out.push('      </pdfaSchema:property>');
      out.push('     </rdf:li>');
    }
    out.push('    </rdf:Bag>');
    out.push('   </pdfaExtension:schemas>');
    out.push('  </rdf:Description>');
  }
  // caller properties, one rdf:Description per namespace, in the order first seen
  const byNs = new Map<string, XmpTextProperty[]>();
  for (const p of extra.properties ?? []) byNs.set(p.namespaceURI, [...(byNs.get(p.namespaceURI) ?? []), p]);
  for (const [uri, props] of byNs) {
    out.push(`  <rdf:Description rdf:about="" xmlns:${props[0]!.prefix}="${escapeAttr(uri)}">`);
    for (const p of props) out.push(`   <${p.prefix}:${p.name}>${escapeText(p.value)}</${p.prefix}:${p.name}>`);
    out.push('  </rdf:Description>');
  }
  if (extra.descriptionsXml) out.push(extra.descriptionsXml);
  out.push(' </rdf:RDF>');
  out.push('</x:xmpmeta>');
  out.push('<?xpacket end="w"?>');
  return out.join('\n');
}
