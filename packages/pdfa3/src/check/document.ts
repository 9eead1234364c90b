/**
 * Document-level checks: trailer (6.1.3), permissions (6.1.12), output intents (6.2.3), interactive
 * form and catalog keys (6.4.2, 6.5.2, 6.10, 6.11), metadata and identification (6.6), embedded files
 * (6.8, PDF/A-3 only), optional content (6.9), and the Info/XMP consistency note.
 */
import { PDFArray, PDFBool, PDFDict, type PDFHexString, PDFName, PDFStream, type PDFString, type PDFObject } from 'pdf-lib';
import { isUtf8, utf8 } from '../internal/bytes';
import { readIccHeader } from '../internal/icc';
import { topLevelKeys } from '../internal/trailer';
import { get, getArray, getDict, getName, getText, resolve, pdfName } from '../internal/pdf';
import { parsePdfDate, parseXmpDate } from '../internal/pdf-date';
import { MIME_TYPE_PATTERN, nameTreeEntries } from '../write/attach-file';
import { NS, PREDEFINED_NAMESPACES } from '../xmp/namespaces';
import { hasValueType, PREDEFINED_TYPES, predefinedType } from '../xmp/predefined';
import { readXmpFacts, xmpValue, type XmpFacts } from '../xmp/read';
import type { CheckContext } from './context';
import { decodeOnce } from './decoded';
import type { ObjectFacts } from './objects';
import type { RawFacts } from './raw';

/** The pdfaid properties ISO 19005-2 and -3 define (part, conformance, amendment, corrigendum). */
const PDFAID_PROPERTIES: ReadonlySet<string> = new Set(['part', 'conformance', 'amd', 'corr']);

export interface DocumentFacts {
  xmp?: XmpFacts;
  xmpText?: string;
  /** decoded size of the metadata stream xmpText was read from */
  xmpByteLength?: number;
  outputCS?: string;
}

export function checkTrailer(c: CheckContext, raw: RawFacts): void {
  // veraPDF reads the ID of the last trailer, or of the first-page trailer in a linearized file;
  // its first string must not be empty
  const hasId = (t: string) => /\/ID[\0\t\n\f\r ]*\[[\0\t\n\f\r ]*(<[\0\t\n\f\r ]*[0-9A-Fa-f]|\((?!\)))/.test(t);
  let ok: boolean;
  const decisive = raw.linearized ? raw.trailers[0] : raw.trailers[raw.trailers.length - 1];
  if (decisive !== undefined) ok = hasId(decisive);
  else ok = c.ctx.trailerInfo.ID instanceof PDFArray;
  if (!ok) c.fail('6.1.3-1', c.t('TRAILER_NO_ID'), 'trailer');
  if (c.ctx.trailerInfo.Encrypt || raw.trailers.some((t) => topLevelKeys(t, Math.max(0, t.indexOf('<<'))).has('Encrypt'))) c.fail('6.1.3-2', c.t('TRAILER_ENCRYPT'), 'trailer');
}

export function checkOutputIntents(c: CheckContext): string | undefined {
  const ctx = c.ctx;
  const intents = getArray(ctx, c.doc.catalog, 'OutputIntents');
  if (!intents) return undefined;
  let outputCS: string | undefined;
  const profiles: PDFObject[] = [];
  intents.asArray().forEach((entry, i) => {
    const path = `catalog/OutputIntents[${i}]`;
    const oi = resolve(ctx, entry);
    if (!(oi instanceof PDFDict)) return;
    const s = getName(ctx, oi, 'S');
    if (s === 'GTS_PDFX' && oi.has(pdfName('DestOutputProfileRef'))) c.fail('6.2.3-3', c.t('OI_PDFX_PROFILE_REF'), path);
    const rawProfile = oi.get(pdfName('DestOutputProfile'));
    const profile = resolve(ctx, rawProfile);
    if (!(profile instanceof PDFStream)) return;
    profiles.push(rawProfile!);
    let head;
    try {
      head = readIccHeader(decodeOnce(c, profile));
    } catch {
      head = undefined;
    }
    if (!head || !(head.deviceClass === 'prtr' || head.deviceClass === 'mntr') || !['RGB ', 'CMYK', 'GRAY'].includes(head.colorSpace) || head.version >= 5) {
      c.fail(
        '6.2.3-1',
        c.t('OI_PROFILE_KIND', { head: head ? c.t('OI_PROFILE_HEAD', { deviceClass: head.deviceClass, colorSpace: head.colorSpace.trim(), version: head.version }) : '' }),
        `${path}/DestOutputProfile`,
      );
    }
    if (s === 'GTS_PDFA1' && head && outputCS === undefined) outputCS = head.colorSpace;
  });
  if (profiles.length > 1 && profiles.some((p) => p !== profiles[0])) {
    c.fail('6.2.3-2', c.t('OI_DIFFERENT_PROFILES'), 'catalog/OutputIntents');
  }
  return outputCS;
}

/**
 * A metadata stream whose packet cannot be read (not decodable, not well-formed, bytes that are not UTF-8 in a packet
 * that is not UTF-16): veraPDF then reports it as invalid XMP (6.6.2.1-4), its encoding as not UTF-8 (6.6.2.1-5, it
 * could not establish one) and the identification as missing (6.6.4-1; a file without any metadata stream gets
 * 6.6.2.1-1 only). Confirmed with veraPDF on constructed files.
 */
function unreadablePacket(c: CheckContext, why: string): void {
  c.fail('6.6.2.1-4', why, 'catalog/Metadata');
  // a UTF-16 packet has failed -5 already: fail() keeps the first finding of a rule and path
  c.fail('6.6.2.1-5', c.t('XMP_ENCODING_UNREAD'), 'catalog/Metadata');
  c.fail('6.6.4-1', c.t('PDFAID_MISSING'), 'catalog/Metadata');
}

/**
 * The packet's encoding as an XML reader detects it: a UTF-16 byte order mark, or (without one) ASCII characters
 * in UTF-16 (a zero byte before or after each of the first two); otherwise UTF-8. Broader than @kontor/xml's
 * detectXmlEncoding, which knows UTF-16 without a mark only from "<?": veraPDF also reads a packet that starts with
 * "<x:xmpmeta" in UTF-16 without a mark (constructed files, both byte orders).
 */
function packetEncoding(b: Uint8Array): 'utf-8' | 'utf-16be' | 'utf-16le' {
  if (b.length < 2) return 'utf-8';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b.length < 4) return 'utf-8';
  if (b[0] === 0 && b[1] !== 0 && b[2] === 0 && b[3] !== 0) return 'utf-16be';
  if (b[0] !== 0 && b[1] === 0 && b[2] !== 0 && b[3] === 0) return 'utf-16le';
  return 'utf-8';
}

export function checkMetadata(c: CheckContext): DocumentFacts {
  const ctx = c.ctx;
  const facts: DocumentFacts = {};
  const metaObj = get(ctx, c.doc.catalog, 'Metadata');
  // a stream typed neither /Type /Metadata nor /Subtype /XML is not a metadata stream (as veraPDF reads it)
  if (!(metaObj instanceof PDFStream) || (getName(ctx, metaObj.dict, 'Type') !== 'Metadata' && getName(ctx, metaObj.dict, 'Subtype') !== 'XML')) {
    c.fail('6.6.2.1-1', c.t('METADATA_MISSING'), 'catalog/Metadata');
    return facts;
  }
  let bytes: Uint8Array;
  try {
    bytes = decodeOnce(c, metaObj);
  } catch (e) {
    unreadablePacket(c, c.t('METADATA_UNDECODABLE', { error: (e as Error).message }));
    return facts;
  }
  const encoding = packetEncoding(bytes);
  let text: string;
  if (encoding !== 'utf-8') {
    // read, as veraPDF reads it, and judged like any packet; but it is not UTF-8
    c.fail('6.6.2.1-5', c.t('XMP_NOT_UTF8'), 'catalog/Metadata');
    try {
      text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    } catch {
      unreadablePacket(c, c.t('XMP_MALFORMED', { error: `not valid ${encoding.toUpperCase()}` }));
      return facts;
    }
  } else {
    if (!isUtf8(bytes)) {
      unreadablePacket(c, c.t('XMP_INVALID_UTF8'));
      return facts;
    }
    text = utf8(bytes);
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    // the text readers of the same document may take (pdfInfoOf reads UTF-8 only)
    facts.xmpText = text;
    facts.xmpByteLength = bytes.length;
  }
  let xmp: XmpFacts;
  try {
    xmp = readXmpFacts(text);
  } catch (e) {
    // the message of @kontor/xml's KontorXmlError ends with the position (line, column)
    unreadablePacket(c, c.t('XMP_MALFORMED', { error: (e as Error).message.replace(/^Malformed XML: /, '') }));
    return facts;
  }
  facts.xmp = xmp;
  if (xmp.packetHeader.hasBytes) c.fail('6.6.2.1-2', c.t('XPACKET_BYTES'), 'catalog/Metadata');
  if (xmp.packetHeader.hasEncoding) c.fail('6.6.2.1-3', c.t('XPACKET_ENCODING'), 'catalog/Metadata');

  // 6.6.4 identification
  const id = xmp.pdfaid;
  if (id.part === undefined && id.conformance === undefined) {
    c.fail('6.6.4-1', c.t('PDFAID_MISSING'), 'catalog/Metadata');
  } else {
    if (id.part !== String(c.part)) c.fail('6.6.4-2', c.t('PDFAID_PART', { part: id.part ?? c.t('MISSING_VALUE'), expected: c.part }), 'catalog/Metadata');
    if (!['A', 'B', 'U'].includes(id.conformance ?? '')) c.fail('6.6.4-3', c.t('PDFAID_CONFORMANCE', { conformance: id.conformance ?? c.t('MISSING_VALUE') }), 'catalog/Metadata');
  }
  const prefixRules: [keyof typeof id.prefixes, string][] = [
    ['part', '6.6.4-4'],
    ['conformance', '6.6.4-5'],
    ['amd', '6.6.4-6'],
    ['corr', '6.6.4-7'],
  ];
  for (const [k, rule] of prefixRules) {
    const px = id.prefixes[k];
    if (px !== undefined && px !== 'pdfaid') c.fail(rule, c.t('PDFAID_PREFIX', { key: k, prefix: px }), 'catalog/Metadata');
  }

  // 6.6.2.3: properties need predefined or declared schemas; extension schema structure
  const declared = new Map<string, Set<string>>();
  const byPrefix = new Map<string, Set<string>>();
  for (const s of xmp.schemas) {
    const names = s.properties.map((p) => p.name);
    if (s.namespaceURI) declared.set(s.namespaceURI, new Set([...(declared.get(s.namespaceURI) ?? []), ...names]));
    // a schema whose namespaceURI is broken (reported under 6.6.2.3.3) still declares by prefix
    else if (s.prefix) byPrefix.set(s.prefix, new Set([...(byPrefix.get(s.prefix) ?? []), ...names]));
  }
  for (const p of xmp.properties) {
    if (PREDEFINED_NAMESPACES.has(p.uri)) {
      // A property of a predefined schema that the schema does not define (pdfaid:rev of PDF/A-4, dc:foo, pdf:Bogus):
      // like any undeclared property it fails both tests of 6.6.2.3.1, for it has no schema and so no value type (as
      // veraPDF reports it). Namespaces without a property table here (field namespaces, the extension container)
      // are not judged by name.
      const known = p.uri === NS.pdfaid ? PDFAID_PROPERTIES.has(p.local) : !PREDEFINED_TYPES[p.uri] || predefinedType(p.uri, p.local) !== undefined;
      if (!known && !declared.get(p.uri)?.has(p.local)) {
        c.fail('6.6.2.3.1-1', c.t('XMP_PROPERTY_UNDECLARED', { prefix: p.prefix, local: p.local, uri: p.uri }), `catalog/Metadata line ${p.line}`);
        c.fail('6.6.2.3.1-2', c.t('XMP_PROPERTY_NO_TYPE', { prefix: p.prefix, local: p.local }), `catalog/Metadata line ${p.line}`);
      }
      continue;
    }
    const names = declared.get(p.uri) ?? byPrefix.get(p.prefix);
    if (!names) c.fail('6.6.2.3.1-1', c.t('XMP_PROPERTY_UNDECLARED', { prefix: p.prefix, local: p.local, uri: p.uri }), `catalog/Metadata line ${p.line}`);
    else if (!names.has(p.local)) c.fail('6.6.2.3.1-1', c.t('XMP_PROPERTY_NOT_IN_SCHEMA', { prefix: p.prefix, local: p.local, uri: p.uri }), `catalog/Metadata line ${p.line}`);
  }
  for (const pr of xmp.problems) c.fail(pr.rule, c.t(pr.key, pr.params), 'catalog/Metadata');
  checkExtensionValueTypes(c, xmp);
  // 6.6.2.3.1: a predefined property carries a value of the type the XMP Specification 2005 defines
  for (const p of xmp.properties) {
    const type = predefinedType(p.uri, p.local);
    if (type === undefined || hasValueType(p.el ?? { value: p.value }, type)) continue;
    c.fail('6.6.2.3.1-2', c.t('XMP_VALUE_PREDEFINED_TYPE', { prefix: p.prefix, local: p.local, type }), `catalog/Metadata line ${p.line}`);
  }
  return facts;
}

const SIMPLE_CHECK: Record<string, (v: string) => boolean> = {
  Text: () => true,
  Integer: (v) => /^[+-]?\d+$/.test(v.trim()),
  Boolean: (v) => v.trim() === 'True' || v.trim() === 'False',
  Real: (v) => /^[+-]?(\d+\.?\d*|\.\d+)$/.test(v.trim()),
  Date: (v) => parseXmpDate(v) !== undefined,
  URI: () => true,
  URL: () => true,
  AgentName: () => true,
  ProperName: () => true,
  MIMEType: () => true,
  Locale: () => true,
  GUID: () => true,
};

/** 6.6.2.3.1-2 for properties of extension schemas: the value has the declared value type. */
function checkExtensionValueTypes(c: CheckContext, xmp: XmpFacts): void {
  for (const p of xmp.properties) {
    if (PREDEFINED_NAMESPACES.has(p.uri)) continue;
    const schema = xmp.schemas.find((s) => s.namespaceURI === p.uri) ?? xmp.schemas.find((s) => !s.namespaceURI && s.prefix === p.prefix);
    const decl = schema?.properties.find((d) => d.name === p.local);
    if (!schema || !decl?.valueType) continue;
    const at = `catalog/Metadata line ${p.line}`;
    const m = /^(Bag|Seq|Alt) (.+)$/.exec(decl.valueType);
    const base = decl.valueType === 'Lang Alt' ? 'Text' : m ? m[2]! : decl.valueType;
    const container = decl.valueType === 'Lang Alt' ? 'Alt' : m?.[1];
    if (container !== undefined) {
      if (p.arrayKind !== container) c.fail('6.6.2.3.1-2', c.t('XMP_VALUE_CONTAINER', { prefix: p.prefix, local: p.local, container, valueType: decl.valueType }), at);
      continue;
    }
    if (p.arrayKind !== undefined) {
      c.fail('6.6.2.3.1-2', c.t('XMP_VALUE_ARRAY', { prefix: p.prefix, local: p.local, valueType: decl.valueType }), at);
      continue;
    }
    const simple = SIMPLE_CHECK[base];
    if (simple) {
      if (p.fields || !simple(p.value)) c.fail('6.6.2.3.1-2', c.t('XMP_VALUE_TYPE', { prefix: p.prefix, local: p.local, valueType: decl.valueType }), at);
      continue;
    }
    const def = schema.valueTypeDefs?.find((d) => d.type === base);
    if (def && p.fields) {
      // a structured value may only use the fields its value type declares (a type without fields holds text)
      const bad = p.fields.filter((f) => f.uri !== def.namespaceURI || !def.fields.includes(f.local));
      if (bad.length > 0) c.fail('6.6.2.3.1-2', c.t('XMP_VALUE_FIELDS', { prefix: p.prefix, local: p.local, base }), at);
    }
  }
}

/** Info dictionary vs XMP: not a veraPDF rule for PDF/A-2/3, reported as a warning. */
export function checkInfoConsistency(c: CheckContext, xmp: XmpFacts | undefined): void {
  const ctx = c.ctx;
  const info = resolve(ctx, ctx.trailerInfo.Info);
  if (!(info instanceof PDFDict) || !xmp) return;
  const pairs: [string, string, string][] = [
    ['Title', NS.dc, 'title'],
    ['Author', NS.dc, 'creator'],
    ['Subject', NS.dc, 'description'],
    ['Keywords', NS.pdf, 'Keywords'],
    ['Creator', NS.xmp, 'CreatorTool'],
    ['Producer', NS.pdf, 'Producer'],
  ];
  for (const [key, uri, local] of pairs) {
    const i = getText(ctx, info, key);
    if (i === undefined) continue;
    const x = xmpValue(xmp, uri, local);
    const xv = x ? (local === 'creator' ? x.items.join(', ') || x.value : x.value) : undefined;
    if (xv === undefined || xv !== i) {
      c.note(
        'PDFA_INFO_XMP_MISMATCH',
        'warning',
        c.t('INFO_XMP_MISMATCH', { key, info: i, xmp: local, value: xv === undefined ? c.t('MISSING_VALUE') : c.t('QUOTED', { value: xv }) }),
        `trailer/Info/${key}`,
      );
    }
  }
  for (const [key, local] of [
    ['CreationDate', 'CreateDate'],
    ['ModDate', 'ModifyDate'],
  ] as const) {
    const i = getText(ctx, info, key);
    if (i === undefined) continue;
    const id = parsePdfDate(i);
    const x = xmpValue(xmp, NS.xmp, local);
    const xd = x ? parseXmpDate(x.value) : undefined;
    if (!id || !xd || id.getTime() !== xd.getTime()) {
      c.note(
        'PDFA_INFO_XMP_MISMATCH',
        'warning',
        c.t('INFO_XMP_MISMATCH', { key, info: i, xmp: `xmp:${local}`, value: x ? c.t('QUOTED', { value: x.value }) : c.t('MISSING_VALUE') }),
        `trailer/Info/${key}`,
      );
    }
  }
}

export function checkCatalogKeys(c: CheckContext): void {
  const ctx = c.ctx;
  const cat = c.doc.catalog;
  if (cat.has(pdfName('AA'))) c.fail('6.5.2-1', c.t('CATALOG_AA'), 'catalog/AA');
  if (get(ctx, cat, 'NeedsRendering') === PDFBool.True) c.fail('6.4.2-2', c.t('CATALOG_NEEDS_RENDERING'), 'catalog/NeedsRendering');
  if (cat.has(pdfName('Requirements'))) c.fail('6.11-1', c.t('CATALOG_REQUIREMENTS'), 'catalog/Requirements');
  const names = getDict(ctx, cat, 'Names');
  if (names?.has(pdfName('AlternatePresentations'))) c.fail('6.10-1', c.t('ALTERNATE_PRESENTATIONS'), 'catalog/Names/AlternatePresentations');
  if (names?.has(pdfName('JavaScript'))) {
    c.note('PDFA_DOCUMENT_JAVASCRIPT', 'warning', c.t('DOCUMENT_JAVASCRIPT'), 'catalog/Names/JavaScript');
  }

  // 6.1.12 permissions
  const perms = getDict(ctx, cat, 'Perms');
  if (perms) {
    const keys = perms.keys().map((k) => k.decodeText());
    const other = keys.filter((k) => k !== 'UR3' && k !== 'DocMDP');
    if (other.length > 0) c.fail('6.1.12-1', c.t('PERMS_KEYS', { keys: other.join(', ') }), 'catalog/Perms');
    const mdp = getDict(ctx, perms, 'DocMDP');
    const refs = mdp ? getArray(ctx, mdp, 'Reference') : undefined;
    refs?.asArray().forEach((r, i) => {
      const d = resolve(ctx, r);
      if (d instanceof PDFDict && ['DigestLocation', 'DigestMethod', 'DigestValue'].some((k) => d.has(pdfName(k)))) {
        c.fail('6.1.12-2', c.t('SIGNATURE_DIGEST'), `catalog/Perms/DocMDP/Reference[${i}]`);
      }
    });
  }

  // 6.9 optional content
  const ocp = getDict(ctx, cat, 'OCProperties');
  if (ocp) {
    const ocgs = getArray(ctx, ocp, 'OCGs');
    const all = new Set<PDFObject>();
    ocgs?.asArray().forEach((g) => {
      const r = resolve(ctx, g);
      if (r) all.add(r);
    });
    const configs: [PDFDict, string][] = [];
    const d = getDict(ctx, ocp, 'D');
    if (d) configs.push([d, 'catalog/OCProperties/D']);
    getArray(ctx, ocp, 'Configs')
      ?.asArray()
      .forEach((x, i) => {
        const r = resolve(ctx, x);
        if (r instanceof PDFDict) configs.push([r, `catalog/OCProperties/Configs[${i}]`]);
      });
    const names = new Map<string, number>();
    for (const [cfg] of configs) {
      const n = getText(ctx, cfg, 'Name');
      if (n) names.set(n, (names.get(n) ?? 0) + 1);
    }
    for (const [cfg, path] of configs) {
      const n = getText(ctx, cfg, 'Name');
      if (!n) c.fail('6.9-1', c.t('OC_NO_NAME'), path);
      else if ((names.get(n) ?? 0) > 1) c.fail('6.9-2', c.t('OC_NAME_NOT_UNIQUE', { name: n }), path);
      const order = getArray(ctx, cfg, 'Order');
      if (order) {
        const listed = new Set<PDFObject>();
        const collect = (a: PDFArray, depth: number) => {
          if (depth > 32) return;
          for (const x of a.asArray()) {
            const r = resolve(ctx, x);
            if (r instanceof PDFArray) collect(r, depth + 1);
            else if (r) listed.add(r);
          }
        };
        collect(order, 0);
        if ([...all].some((g) => !listed.has(g))) c.fail('6.9-3', c.t('OC_ORDER_INCOMPLETE'), path);
      }
      if (cfg.has(pdfName('AS'))) c.fail('6.9-4', c.t('OC_AS'), path);
    }
  }
}

/** 6.8 (PDF/A-3): every embedded file has a MIME Subtype, F and UF, an AFRelationship, and is associated via /AF. */
export function checkEmbeddedFiles(c: CheckContext, objects: ObjectFacts, attachmentSpecs: PDFObject[]): void {
  const ctx = c.ctx;
  const specs = new Map<PDFObject, string>();
  for (const { spec, path } of objects.fileSpecs) specs.set(spec, path);
  const names = getDict(ctx, getDict(ctx, c.doc.catalog, 'Names'), 'EmbeddedFiles');
  if (names) {
    for (const [k, v] of nameTreeEntries(c.doc, names)) {
      const r = resolve(ctx, v);
      if (r instanceof PDFDict && r.has(pdfName('EF'))) specs.set(r, `catalog/Names/EmbeddedFiles/${textKey(k)}`);
    }
  }
  for (const a of attachmentSpecs) {
    const r = resolve(ctx, a);
    if (r instanceof PDFDict && r.has(pdfName('EF')) && !specs.has(r)) specs.set(r, 'FileAttachment/FS');
  }
  for (const a of objects.associated) {
    if (a instanceof PDFDict && a.has(pdfName('EF')) && !specs.has(a)) specs.set(a, 'AF');
  }
  for (const [spec, path] of specs) {
    const d = spec as PDFDict;
    if (!d.has(pdfName('F')) || !d.has(pdfName('UF'))) c.fail('6.8-2', c.t('FILESPEC_F_UF'), path);
    const rel = get(ctx, d, 'AFRelationship');
    if (!(rel instanceof PDFName)) c.fail('6.8-3', c.t('FILESPEC_NO_RELATIONSHIP'), path);
    if (!objects.associated.has(d)) c.fail('6.8-4', c.t('FILESPEC_NOT_ASSOCIATED'), path);
    const ef = getDict(ctx, d, 'EF');
    const streamsSeen = new Set<PDFObject>();
    for (const key of ['F', 'UF']) {
      const s = ef ? get(ctx, ef, key) : undefined;
      if (!(s instanceof PDFStream) || streamsSeen.has(s)) continue;
      streamsSeen.add(s);
      const sub = getName(ctx, s.dict, 'Subtype');
      if (sub === undefined || !MIME_TYPE_PATTERN.test(sub)) c.fail('6.8-1', c.t('EMBEDDED_NO_MIME', { found: sub ? c.t('EMBEDDED_NO_MIME_FOUND', { subtype: sub }) : '' }), `${path}/EF/${key}`);
    }
  }
}

function textKey(k: PDFString | PDFHexString): string {
  try {
    return k.decodeText();
  } catch {
    return '?';
  }
}
