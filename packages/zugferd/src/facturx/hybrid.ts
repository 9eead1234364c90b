/**
 * The hybrid step shared by both modes: make a pdf-lib document PDF/A-3B with the Factur-X XMP, attach
 * factur-x.xml (and supporting documents), save deterministically; and our own check of the finished bytes
 * (PDF/A-3 clauses, the embedded XML equal to what we wrote, Factur-X metadata, native EN 16931 rules).
 */
import { attachFile, inspectPdfA3, makePdfA3, Pdfa3Error, savePdfA3, type Pdfa3Precheck, type XmpFacts } from '@kontor/pdfa3';
import { ZugferdError } from '../errors';
import { positionOf, validateCii } from '@kontor/cii';
import { parseXml, verdictOf, type Lang, type SchemaStore, type Verdict } from '@kontor/xml';
import type { PDFDocument } from 'pdf-lib';
import type { Finding, HybridCheck } from '../types';
import { FACTURX_FILENAME, FACTURX_NAMESPACE, FACTURX_VERSION, facturxRelationship, buildFacturxXmp, type FacturxConformanceLevel } from './xmp';

export const PRODUCER = 'Kontor (@kontor/zugferd)';

export interface HybridAttachment {
  filename: string;
  data: Uint8Array;
  mimeType: string;
  description?: string;
}

export interface FinishHybridOptions {
  xml: string;
  level: FacturxConformanceLevel;
  attachments: readonly HybridAttachment[];
  now: Date;
  /** creation date of the document (embed mode keeps the original's when known) */
  created?: Date;
  title: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creator?: string;
  lang?: string;
}

export interface FinishHybridResult {
  bytes: Uint8Array;
  /** what makePdfA3 removed or replaced */
  removed: string[];
  warnings: Finding[];
}

export async function finishHybrid(doc: PDFDocument, o: FinishHybridOptions): Promise<FinishHybridResult> {
  const made = makePdfA3(doc, {
    title: o.title,
    ...(o.author !== undefined ? { author: o.author } : {}),
    ...(o.subject !== undefined ? { subject: o.subject } : {}),
    ...(o.keywords !== undefined ? { keywords: o.keywords } : {}),
    ...(o.lang !== undefined ? { lang: o.lang } : {}),
    creator: o.creator ?? PRODUCER,
    producer: PRODUCER,
    createDate: o.created ?? o.now,
    modifyDate: o.now,
    conformance: 'B',
    extraXmp: buildFacturxXmp(o.level),
  });
  attachFile(doc, {
    name: FACTURX_FILENAME,
    data: new TextEncoder().encode(o.xml),
    mimeType: 'text/xml',
    description: 'Factur-X/ZUGFeRD invoice (CII, EN 16931)',
    relationship: facturxRelationship(o.level),
    creationDate: o.now,
    modDate: o.now,
    replace: true,
  });
  for (const a of o.attachments) {
    try {
      attachFile(doc, {
        name: a.filename,
        data: a.data,
        mimeType: a.mimeType,
        description: a.description ?? a.filename,
        relationship: 'Supplement',
        creationDate: o.now,
        modDate: o.now,
      });
    } catch (e) {
      if (e instanceof Pdfa3Error && (e.code === 'DUPLICATE_ATTACHMENT' || e.code === 'INVALID_MIME_TYPE')) {
        throw new ZugferdError('ATTACHMENT_INVALID', e.code === 'DUPLICATE_ATTACHMENT' ? `The PDF already contains a file named ${a.filename}; rename the attachment` : e.message, {
          details: [{ code: 'ATTACHMENT_INVALID', severity: 'error', message: e.message, path: 'attachments' }],
        });
      }
      throw e;
    }
  }
  const bytes = await savePdfA3(doc);
  const warnings: Finding[] = made.warnings.map((w) => ({ ...w, source: 'pdfa' as const }));
  return { bytes, removed: made.removed, warnings };
}

export interface CheckHybridOptions {
  /** the XML that must be embedded byte for byte */
  xml: string;
  level?: FacturxConformanceLevel;
  /** names of the supporting documents that must be embedded as Supplement */
  attachmentNames?: readonly string[];
  /** enables the XSD step of the EN 16931 validation */
  schemaStore?: SchemaStore;
  /**
   * loadForPdfA3's precheck of the PDF the hybrid was made from: its unchanged pages are not checked again (the
   * findings are the same as without it; see @kontor/pdfa3 checkPdfA3)
   */
  precheck?: Pdfa3Precheck | undefined;
  /** language of the PDF/A findings' messages (default 'en'; codes and clauses do not depend on it) */
  lang?: Lang | undefined;
}

/**
 * Our own check of a finished hybrid invoice: nothing that fails it is delivered.
 * @example
 * ```ts
 * const check = await checkHybrid(pdf, { xml, level: 'EN 16931' });
 * console.log(check.verdict, check.pdfa.length, check.en16931.errorCount); // 'valid' 0 0
 * ```
 */
export async function checkHybrid(bytes: Uint8Array, o: CheckHybridOptions): Promise<HybridCheck> {
  const level = o.level ?? 'EN 16931';
  // one parse for the PDF/A check and both readers
  // only factur-x.xml is compared byte for byte: the other embedded files are listed, not inflated and hashed
  const inspection = await inspectPdfA3(bytes, {
    ...(o.precheck ? { precheck: o.precheck } : {}),
    ...(o.lang ? { lang: o.lang } : {}),
    readData: (f) => f.name === FACTURX_FILENAME,
  });
  const pdfaResult = inspection.check;
  const pdfa: Finding[] = pdfaResult.findings.map((f) => ({ ...f, source: 'pdfa' as const }));
  const structure: Finding[] = [];
  const fail = (code: string, message: string) => structure.push({ code, severity: 'error', message, source: 'structure' });
  try {
    if (!inspection.files.ok) throw inspection.files.error;
    if (!inspection.info.ok) throw inspection.info.error;
    const files = inspection.files.value;
    const info = inspection.info.value;
    const fx = files.find((f) => f.name === FACTURX_FILENAME);
    if (!fx) fail('FACTURX_XML_MISSING', `no embedded file named ${FACTURX_FILENAME}`);
    else {
      if (fx.error) fail('FACTURX_XML_UNREADABLE', `${FACTURX_FILENAME} cannot be read: ${fx.error}`);
      else if (!sameBytes(fx.data, new TextEncoder().encode(o.xml))) fail('FACTURX_XML_MISMATCH', `the embedded ${FACTURX_FILENAME} differs from the generated XML`);
      if (fx.relationship !== facturxRelationship(level))
        fail('FACTURX_AF_RELATIONSHIP', `${FACTURX_FILENAME} has AFRelationship ${fx.relationship ?? '(none)'}, expected ${facturxRelationship(level)}`);
      if (!fx.associated) fail('FACTURX_NOT_ASSOCIATED', `${FACTURX_FILENAME} is not listed in the catalog /AF array`);
      if (fx.mimeType !== 'text/xml') fail('FACTURX_MIME_TYPE', `${FACTURX_FILENAME} has MIME type ${fx.mimeType ?? '(none)'}, expected text/xml`);
    }
    if (files.filter((f) => f.name === FACTURX_FILENAME).length > 1) fail('FACTURX_XML_DUPLICATE', `more than one embedded file is named ${FACTURX_FILENAME}`);
    for (const name of o.attachmentNames ?? []) {
      const f = files.find((x) => x.name === name);
      if (!f) fail('ATTACHMENT_MISSING', `the supporting document ${name} is not embedded`);
      else if (f.relationship !== 'Supplement' || !f.associated) fail('ATTACHMENT_NOT_ASSOCIATED', `the supporting document ${name} is not associated as Supplement`);
    }
    checkFacturxXmp(inspection.xmp ?? info.xmp, level, fail);
  } catch (e) {
    fail('PDF_UNREADABLE', `the finished PDF cannot be read: ${(e as Error).message}`);
  }
  const v = validateCii(o.xml, { profile: 'en16931', ...(o.schemaStore ? { schemaStore: o.schemaStore } : {}) });
  const ciiFindings: Finding[] = v.findings.map((f) => {
    const out: Finding = { code: f.code, severity: f.severity, message: f.message, source: 'en16931' };
    const p = positionOf(f);
    if (p) Object.assign(out, p);
    return out;
  });
  const en16931 = {
    verdict: v.verdict,
    errorCount: ciiFindings.filter((f) => f.severity === 'error').length,
    warningCount: ciiFindings.filter((f) => f.severity === 'warning').length,
    findings: ciiFindings,
  };
  const verdict: Verdict = !pdfaResult.passed || v.verdict === 'invalid' ? 'invalid' : verdictOf([...pdfa, ...structure, ...ciiFindings]);
  return { verdict, pdfa, en16931, structure };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/**
 * The fx:* values of the XMP: from the PDF/A check's reading of the packet (its properties) when the inspection has
 * it, else from the packet text (every fx element and attribute). The packet is parsed once either way.
 */
function checkFacturxXmp(xmp: XmpFacts | string | null, level: FacturxConformanceLevel, fail: (code: string, message: string) => void): void {
  if (xmp === null) {
    fail('FACTURX_XMP_MISSING', 'the catalog has no readable XMP metadata stream');
    return;
  }
  const values = new Map<string, string>();
  if (typeof xmp !== 'string') {
    for (const p of xmp.properties) if (p.uri === FACTURX_NAMESPACE) values.set(p.local, (p.el ? p.el.text : p.value).trim());
  } else {
    let root;
    try {
      root = parseXml(xmp).root;
    } catch (e) {
      fail('FACTURX_XMP_UNREADABLE', `the XMP metadata cannot be read: ${(e as Error).message}`);
      return;
    }
    const walk = (el: typeof root): void => {
      if (el.ns === FACTURX_NAMESPACE) values.set(el.local, el.text.trim());
      for (const a of el.attributes) if (a.ns === FACTURX_NAMESPACE) values.set(a.local, a.value.trim());
      for (const c of el.children) walk(c);
    };
    walk(root);
  }
  const expect: [string, string][] = [
    ['DocumentType', 'INVOICE'],
    ['DocumentFileName', FACTURX_FILENAME],
    ['Version', FACTURX_VERSION],
    ['ConformanceLevel', level],
  ];
  for (const [k, want] of expect) {
    const got = values.get(k);
    if (got !== want) fail('FACTURX_XMP', `XMP fx:${k} is ${got === undefined ? 'missing' : `"${got}"`}, expected "${want}"`);
  }
}
