/**
 * Reads an XMP packet into the facts PDF/A cares about: packet header attributes, pdfaid, the Dublin
 * Core / XMP / PDF properties mirrored in the information dictionary, every top-level property with its
 * namespace, and the PDF/A extension schema declarations (with structural problems found on the way).
 */
import { parseXml, type MessageParams, type XmlElement } from '@kontor/xml';
import { msg, type Pdfa3MessageKey } from '../messages';
import { NS } from './namespaces';

export interface XmpProperty {
  uri: string;
  prefix: string;
  local: string;
  /** for simple properties: the text; for arrays: the items' texts */
  value: string;
  items: string[];
  /** rdf container of an array value */
  arrayKind?: 'Alt' | 'Bag' | 'Seq';
  /** fields of a structured value (rdf:parseType="Resource" or nested rdf:Description) */
  fields?: { uri: string; local: string }[];
  /** the property element (absent for the attribute form, whose value is `value`) */
  el?: XmlElement;
  line: number;
}

export interface XmpStructureProblem {
  /** veraPDF rule id, e.g. "6.6.2.3.3-7" */
  rule: string;
  /** the English text (checkPdfA3 renders `key` with `params` in the language asked for) */
  message: string;
  key: Pdfa3MessageKey;
  params?: MessageParams;
}

export interface XmpDeclaredValueType {
  type: string;
  namespaceURI?: string;
  fields: string[];
}

export interface XmpDeclaredSchema {
  namespaceURI?: string;
  prefix?: string;
  properties: { name: string; valueType?: string }[];
  valueTypes: string[];
  valueTypeDefs?: XmpDeclaredValueType[];
}

export interface XmpFacts {
  packetHeader: { present: boolean; hasBytes: boolean; hasEncoding: boolean };
  pdfaid: {
    part?: string;
    conformance?: string;
    amd?: string;
    corr?: string;
    /** prefix used for each identification property */
    prefixes: Partial<Record<'part' | 'conformance' | 'amd' | 'corr', string>>;
  };
  properties: XmpProperty[];
  schemas: XmpDeclaredSchema[];
  problems: XmpStructureProblem[];
}

const RDF = NS.rdf;

function isRdf(el: XmlElement, local: string): boolean {
  return el.ns === RDF && el.local === local;
}

function arrayItems(el: XmlElement): { kind?: 'Alt' | 'Bag' | 'Seq'; items: XmlElement[] } {
  const container = el.children.find((c) => c.ns === RDF && (c.local === 'Alt' || c.local === 'Bag' || c.local === 'Seq'));
  if (!container) return { items: [] };
  return { kind: container.local as 'Alt' | 'Bag' | 'Seq', items: container.children.filter((c) => isRdf(c, 'li')) };
}

/** Fields of a struct value: children of an rdf:li parseType=Resource, or of a nested rdf:Description (children and attributes). */
function structFields(li: XmlElement): { uri: string; prefix: string; local: string; text: string; el?: XmlElement }[] {
  const desc = li.children.find((c) => isRdf(c, 'Description'));
  const holder = li.attr('parseType', RDF) === 'Resource' || !desc ? li : desc;
  const fields: { uri: string; prefix: string; local: string; text: string; el?: XmlElement }[] = [];
  for (const a of holder.attributes) if (a.ns !== RDF && a.ns !== NS.xml) fields.push({ uri: a.ns, prefix: a.prefix, local: a.local, text: a.value });
  for (const c of holder.children) fields.push({ uri: c.ns, prefix: c.prefix, local: c.local, text: c.text.trim(), el: c });
  return fields;
}

function textOf(el: XmlElement): string {
  const { items } = arrayItems(el);
  if (items.length > 0) {
    const def = items.find((i) => i.attr('lang', NS.xml) === 'x-default') ?? items[0]!;
    return def.text.trim();
  }
  return el.text.trim();
}

const URI_LIKE = /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/;

function readExtensionSchemas(prop: XmlElement, facts: XmpFacts): void {
  const problem = (rule: string, key: Pdfa3MessageKey, params?: MessageParams) => facts.problems.push({ rule, message: msg(key, 'en', params), key, ...(params ? { params } : {}) });
  const { kind, items } = arrayItems(prop);
  if (kind !== 'Bag' || prop.prefix !== 'pdfaExtension') problem('6.6.2.3.3-1', 'EXT_SCHEMAS_BAG');
  for (const li of items) {
    const schema: XmpDeclaredSchema = { properties: [], valueTypes: [] };
    const fields = structFields(li);
    const field = (local: string) => fields.find((f) => f.uri === NS.pdfaSchema && f.local === local);
    for (const f of fields) {
      if (f.uri !== NS.pdfaSchema || !['schema', 'namespaceURI', 'prefix', 'property', 'valueType'].includes(f.local)) {
        problem('6.6.2.3.2-1', 'EXT_SCHEMA_UNDEFINED_FIELD', { prefix: f.prefix, local: f.local });
      }
    }
    const s = field('schema');
    if (!s || !s.text || s.prefix !== 'pdfaSchema') problem('6.6.2.3.3-2', 'EXT_NOT_TEXT', { property: 'pdfaSchema:schema' });
    const ns = field('namespaceURI');
    if (!ns || !URI_LIKE.test(ns.text) || ns.prefix !== 'pdfaSchema') problem('6.6.2.3.3-3', 'EXT_NOT_URI', { property: 'pdfaSchema:namespaceURI' });
    if (ns && URI_LIKE.test(ns.text)) schema.namespaceURI = ns.text;
    const px = field('prefix');
    if (!px || !px.text || px.prefix !== 'pdfaSchema') problem('6.6.2.3.3-4', 'EXT_NOT_TEXT', { property: 'pdfaSchema:prefix' });
    if (px?.text) schema.prefix = px.text;
    const vt = field('valueType');
    if (vt) {
      const arr = vt.el ? arrayItems(vt.el) : { items: [] };
      if (arr.kind !== 'Seq' || vt.prefix !== 'pdfaSchema') problem('6.6.2.3.3-6', 'EXT_NOT_SEQ', { property: 'pdfaSchema:valueType' });
      for (const tli of arr.items) {
        const tf = structFields(tli);
        const get = (l: string) => tf.find((f) => f.uri === NS.pdfaType && f.local === l);
        for (const f of tf) {
          if (f.uri !== NS.pdfaType || !['type', 'namespaceURI', 'prefix', 'description', 'field'].includes(f.local)) {
            problem('6.6.2.3.2-1', 'EXT_VALUE_TYPE_UNDEFINED_FIELD', { prefix: f.prefix, local: f.local });
          }
        }
        const type = get('type');
        if (!type || !type.text || type.prefix !== 'pdfaType') problem('6.6.2.3.3-11', 'EXT_NOT_TEXT', { property: 'pdfaType:type' });
        else schema.valueTypes.push(type.text);
        const def: XmpDeclaredValueType = { type: type?.text ?? '', fields: [] };
        (schema.valueTypeDefs ??= []).push(def);
        const tns = get('namespaceURI');
        if (tns && URI_LIKE.test(tns.text)) def.namespaceURI = tns.text;
        if (!tns || !URI_LIKE.test(tns.text) || tns.prefix !== 'pdfaType') problem('6.6.2.3.3-12', 'EXT_NOT_URI', { property: 'pdfaType:namespaceURI' });
        const tpx = get('prefix');
        if (!tpx || !tpx.text || tpx.prefix !== 'pdfaType') problem('6.6.2.3.3-13', 'EXT_NOT_TEXT', { property: 'pdfaType:prefix' });
        const tds = get('description');
        if (!tds || !tds.text || tds.prefix !== 'pdfaType') problem('6.6.2.3.3-14', 'EXT_NOT_TEXT', { property: 'pdfaType:description' });
        const tfld = get('field');
        if (tfld) {
          const farr = tfld.el ? arrayItems(tfld.el) : { items: [] };
          if (farr.kind !== 'Seq' || tfld.prefix !== 'pdfaType') problem('6.6.2.3.3-15', 'EXT_NOT_SEQ', { property: 'pdfaType:field' });
          for (const fli of farr.items) {
            const ff = structFields(fli);
            const g = (l: string) => ff.find((f) => f.uri === NS.pdfaField && f.local === l);
            for (const f of ff) {
              if (f.uri !== NS.pdfaField || !['name', 'valueType', 'description'].includes(f.local)) {
                problem('6.6.2.3.2-1', 'EXT_FIELD_UNDEFINED_FIELD', { prefix: f.prefix, local: f.local });
              }
            }
            const n = g('name');
            if (!n || !n.text || n.prefix !== 'pdfaField') problem('6.6.2.3.3-16', 'EXT_NOT_TEXT', { property: 'pdfaField:name' });
            if (n?.text) def.fields.push(n.text);
            const fv = g('valueType');
            if (!fv || !fv.text || fv.prefix !== 'pdfaField') problem('6.6.2.3.3-17', 'EXT_NOT_TEXT', { property: 'pdfaField:valueType' });
            const fd = g('description');
            if (!fd || !fd.text || fd.prefix !== 'pdfaField') problem('6.6.2.3.3-18', 'EXT_NOT_TEXT', { property: 'pdfaField:description' });
          }
        }
      }
    }
    const pr = field('property');
    if (pr) {
      const arr = pr.el ? arrayItems(pr.el) : { items: [] };
      if (arr.kind !== 'Seq' || pr.prefix !== 'pdfaSchema') problem('6.6.2.3.3-5', 'EXT_NOT_SEQ', { property: 'pdfaSchema:property' });
      for (const pli of arr.items) {
        const pf = structFields(pli);
        const g = (l: string) => pf.find((f) => f.uri === NS.pdfaProperty && f.local === l);
        for (const f of pf) {
          if (f.uri !== NS.pdfaProperty || !['name', 'valueType', 'category', 'description'].includes(f.local)) {
            problem('6.6.2.3.2-1', 'EXT_PROPERTY_UNDEFINED_FIELD', { prefix: f.prefix, local: f.local });
          }
        }
        const n = g('name');
        if (!n || !n.text || n.prefix !== 'pdfaProperty') problem('6.6.2.3.3-7', 'EXT_NOT_TEXT', { property: 'pdfaProperty:name' });
        const v = g('valueType');
        if (!v || !v.text || v.prefix !== 'pdfaProperty') problem('6.6.2.3.3-8', 'EXT_NOT_TEXT', { property: 'pdfaProperty:valueType' });
        const c = g('category');
        if (!c || (c.text !== 'external' && c.text !== 'internal') || c.prefix !== 'pdfaProperty') {
          problem('6.6.2.3.3-9', 'EXT_CATEGORY');
        }
        const d = g('description');
        if (!d || !d.text || d.prefix !== 'pdfaProperty') problem('6.6.2.3.3-10', 'EXT_NOT_TEXT', { property: 'pdfaProperty:description' });
        if (n?.text) schema.properties.push({ name: n.text, ...(v?.text ? { valueType: v.text } : {}) });
      }
    }
    facts.schemas.push(schema);
  }
}

/** Parses the packet through the hardened reader of @kontor/xml; throws its KontorXmlError when it is not well-formed XML. */
export function readXmpFacts(text: string): XmpFacts {
  const doc = parseXml(text, { maxBytes: 16 * 1024 * 1024, maxDepth: 64 });
  const begin = doc.processingInstructions.find((p) => p.target === 'xpacket' && /\bbegin\s*=/.test(p.body));
  const facts: XmpFacts = {
    packetHeader: { present: !!begin, hasBytes: !!begin && /\bbytes\s*=/.test(begin.body), hasEncoding: !!begin && /\bencoding\s*=/.test(begin.body) },
    pdfaid: { prefixes: {} },
    properties: [],
    schemas: [],
    problems: [],
  };
  const rdfRoots: XmlElement[] = [];
  const findRdf = (el: XmlElement) => {
    if (isRdf(el, 'RDF')) rdfRoots.push(el);
    else el.children.forEach(findRdf);
  };
  findRdf(doc.root);
  for (const rdf of rdfRoots) {
    for (const desc of rdf.children.filter((c) => isRdf(c, 'Description'))) {
      for (const a of desc.attributes) {
        if (a.ns === RDF || a.ns === NS.xml || a.ns === '') continue;
        facts.properties.push({ uri: a.ns, prefix: a.prefix, local: a.local, value: a.value, items: [], line: desc.line });
      }
      for (const p of desc.children) {
        const arr = arrayItems(p);
        const items = arr.items.map((i) => i.text.trim());
        const isStruct = p.attr('parseType', RDF) === 'Resource' || p.children.some((c) => isRdf(c, 'Description'));
        const fields = isStruct ? structFields(p).map((f) => ({ uri: f.uri, local: f.local })) : undefined;
        facts.properties.push({
          uri: p.ns,
          prefix: p.prefix,
          local: p.local,
          value: textOf(p),
          items,
          ...(arr.kind ? { arrayKind: arr.kind } : {}),
          ...(fields ? { fields } : {}),
          el: p,
          line: p.line,
        });
        if (p.ns === NS.pdfaExtension && p.local === 'schemas') readExtensionSchemas(p, facts);
      }
    }
  }
  for (const p of facts.properties) {
    if (p.uri !== NS.pdfaid) continue;
    if (p.local === 'part' || p.local === 'conformance' || p.local === 'amd' || p.local === 'corr') {
      facts.pdfaid[p.local] = p.value;
      facts.pdfaid.prefixes[p.local] = p.prefix;
    }
  }
  return facts;
}

/** First value of a property, or undefined. */
export function xmpValue(facts: XmpFacts, uri: string, local: string): XmpProperty | undefined {
  return facts.properties.find((p) => p.uri === uri && p.local === local);
}
