/**
 * verifyInvoicePdf: what a receiver needs to know about an incoming ZUGFeRD / Factur-X / XRechnung hybrid PDF,
 * as the report of spec §2.3 — structure (embedded invoice XML, file name, /AF + AFRelationship, Factur-X XMP,
 * pdfaid), the EN 16931 quick check of the embedded XML, the PDF/A-3 binding of every embedded file, the BT-125
 * attachments, and the authoritative verdict (XSD of the detected profile from the schema store, native rules,
 * PDF/A-3 checker; optional KoSIT daemon and veraPDF REST decide when configured and reachable).
 * Bad input is a finding in the report, never an exception; only API misuse throws.
 */
import { AF_RELATIONSHIPS, checkPdfA3, Pdfa3Error, readEmbeddedFiles, readPdfInfo, type EmbeddedFile, type PdfInfo } from '@kontor/pdfa3';
import { positionOf, validateCii, type CiiValidationResult, type ReadDocument, type RuleFinding } from '@kontor/cii';
import { kositScenarios, noteText, rulesetInfo } from '@kontor/cii/rules';
import { ublKind, ublRulesetInfo, ublSchemaSet, validateUbl } from '@kontor/ubl';
import { decodeXmlInput, parseXml, verdictOf, KontorXmlError, type Finding, type Lang, type SchemaStore, type XmlElement } from '@kontor/xml';
import { ZugferdError } from '../errors';
import { msg, type MessageKey } from '../messages';
import { PDF_MAX_BYTES } from '../embed/embed';
import { validateWithKosit, validateWithVeraPdf, type EngineAnswer, type EngineEndpoint, type EngineFinding, type VeraPdfFlavour } from './engines';
import { detectProfile, INVOICE_FILE_NAMES, XMP_INVOICE_NAMESPACES, type InvoiceProfile } from './profiles';
import type {
  AttachmentReport,
  AuthoritativeFinding,
  AuthoritativeReport,
  En16931Report,
  Pdfa3FileReport,
  Pdfa3Report,
  QuickFinding,
  VerificationReport,
  XmlValidationReport,
  ZugferdFacts,
} from './types';

export interface VerifyOptions {
  /** Where the XSD sets (cii-d16b, facturx:*) are installed; without it the XSD step is reported as unavailable. */
  schemaStore?: SchemaStore;
  /** KoSIT validator daemon 1.x: when given and reachable it decides the XML verdict (EN 16931 / XRechnung profiles). */
  kosit?: EngineEndpoint;
  /** veraPDF REST service: when given and reachable it decides the PDF/A verdict. */
  verapdf?: EngineEndpoint;
  /** Largest accepted input (default 25 MB); larger input throws ZugferdError PDF_TOO_LARGE. */
  maxBytes?: number;
  /** Language of the report's texts: findings, notes, summary (default en). External engines' texts pass as they come. */
  lang?: Lang | undefined;
}

export interface ValidateXmlOptions extends Omit<VerifyOptions, 'verapdf'> {
  /** auto (default): by BT-24; en16931 / xrechnung force that rule set (XSD: the CII D16B set). */
  profile?: 'auto' | 'en16931' | 'xrechnung';
  /** name passed to the KoSIT daemon (default invoice.xml) */
  filename?: string;
}

const ENGINE_PDFA = 'Kontor PDF/A-3 checker (@kontor/pdfa3)';
const ENGINE_STRUCTURE = 'Kontor ZUGFeRD/Factur-X structure rules';
const ENGINE_XML = 'Kontor hardened XML reader';
const engineXsd = (set: string) => `XSD ${set} (libxml2)`;
const engineRules = (rs: { name: string; version: string }) => `Kontor native ${rs.name} ${rs.version}`;

const INVOICE_RELATIONSHIPS = ['Data', 'Alternative', 'Source'];
const PDFAID_NS = 'http://www.aiim.org/pdfa/ns/id/';
const PDFA_SCHEMA_NS = 'http://www.aiim.org/pdfa/ns/schema#';

/**
 * The first bytes say PDF (the header may follow up to 1 KB of junk, as readers tolerate).
 * @example
 * ```ts
 * sniffInput(new TextEncoder().encode('%PDF-1.7 …')); // 'pdf'
 * sniffInput(new TextEncoder().encode('<?xml version="1.0"?><a/>')); // 'xml'
 * ```
 */
export function sniffInput(bytes: Uint8Array): 'pdf' | 'xml' | 'empty' | 'other' {
  if (bytes.byteLength === 0) return 'empty';
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  let t = head;
  if (t.startsWith('\xef\xbb\xbf')) t = t.slice(3);
  if (bytes[0] === 0xfe || bytes[0] === 0xff) return 'xml'; // UTF-16 BOM: only XML is sent like that here
  return /^\s*</.test(t) ? 'xml' : 'other';
}

/** The report's `location` string (spec §2.3): the XPath when there is one, else the line and column. */
function loc(f: Pick<Finding, 'path' | 'line' | 'column'>): string | null {
  if (f.path) return f.path;
  const p = positionOf(f);
  return p ? `line ${p.line}${p.column !== undefined ? `, column ${p.column}` : ''}` : null;
}

interface XmlFacts {
  /** The document read once (decoded in pieces, and its tree): the profile, the native rules and the XSD step use it. */
  doc: ReadDocument | null;
  readError?: string;
  profile: InvoiceProfile | null;
}

function readInvoiceXml(data: Uint8Array, lang: Lang): XmlFacts {
  try {
    const text = decodeXmlInput(data, 50 * 1024 * 1024);
    const { root, elementCount } = parseXml(text);
    const g =
      root.find('ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID')?.text.trim() ??
      root.find('SpecifiedExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID')?.text.trim();
    return { doc: { text, root, elementCount }, profile: detectProfile(root.ns, root.local, g, lang) };
  } catch (e) {
    if (e instanceof KontorXmlError || e instanceof Error) return { doc: null, readError: e.message, profile: null };
    throw e;
  }
}

/** BT-125: every AttachmentBinaryObject (CII and ZUGFeRD 1.0 use the same local name) or UBL EmbeddedDocumentBinaryObject. */
function attachmentsOf(root: XmlElement | null): AttachmentReport[] {
  if (!root) return [];
  const out: AttachmentReport[] = [];
  for (const el of root.descendants()) {
    if (el.local !== 'AttachmentBinaryObject' && el.local !== 'EmbeddedDocumentBinaryObject') continue;
    const b64 = el.text.replace(/\s+/g, '');
    const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
    out.push({ filename: el.attr('filename') ?? '', mimeCode: el.attr('mimeCode') ?? null, sizeBytes: Math.max(0, Math.floor((b64.length * 3) / 4) - pad) });
  }
  return out;
}

/** A reachable KoSIT daemon decides: its findings, a rejection without errors made explicit, an acceptance lowering its errors. */
function addKositAnswer(k: Extract<EngineAnswer, { available: true }>, findings: AuthoritativeFinding[], engines: string[], lang: Lang): void {
  engines.push(k.engine);
  findings.push(...k.findings.map((f: EngineFinding) => ({ ...f, engine: k.engine })));
  if (!k.accepted && !k.findings.some((f) => f.severity === 'error')) {
    findings.push({ code: 'KOSIT_REJECTED', severity: 'error', message: msg('KOSIT_REJECTED', lang), location: null, source: 'schematron', ruleset: 'KoSIT', engine: k.engine });
  }
  // accepted: remaining errors are those the configuration lowers; keep them visible as warnings
  if (k.accepted) for (const f of findings) if (f.engine === k.engine && f.severity === 'error') f.severity = 'warning';
}

/** The XML half of the authoritative check (shared by the PDF and the bare XML path). */
interface XmlCheck {
  quick: En16931Report | null;
  findings: AuthoritativeFinding[];
  engines: string[];
  notes: string[];
  available: boolean;
}

async function checkXml(data: Uint8Array, facts: XmlFacts, o: ValidateXmlOptions, filename: string): Promise<XmlCheck> {
  const lang = o.lang ?? 'en';
  const out: XmlCheck = { quick: null, findings: [], engines: [], notes: [], available: true };
  const doc = facts.doc;
  if (!doc || !facts.profile) {
    out.engines.push(ENGINE_XML);
    out.findings.push({
      code: 'XML_NOT_WELL_FORMED',
      severity: 'error',
      message: msg('XML_NOT_WELL_FORMED', lang, { reason: facts.readError ?? { key: 'UNKNOWN_ERROR' } }),
      location: null,
      source: 'xsd',
      ruleset: 'XML 1.0',
      engine: ENGINE_XML,
    });
    out.quick = { checked: false, errorCount: 0, warningCount: 0, profile: 'UNKNOWN', findings: [] };
    return out;
  }
  const p = facts.profile;
  if (p.note) out.notes.push(p.note);
  const forced = o.profile && o.profile !== 'auto' ? o.profile : null;
  const rules = forced ?? p.rules;
  const schemaSet = forced ? 'cii-d16b' : p.schemaSet;

  // quick check: native rules only (no XSD), errors and warnings
  let native: CiiValidationResult | null = null;
  if (rules && p.syntax === 'CII D16B') {
    // The reading above (its tree), not a second one.
    native = validateCii(doc, { profile: rules, lang });
    if (p.xrechnungCoreOnly && !forced) {
      // an outdated XRechnung: only the German core rules that already applied to it, no Peppol / 3.0 additions
      native.findings = native.findings.filter((f) => f.ruleset !== 'xrechnung' || Number(/^BR-DE-(\d+)$/.exec(f.code)?.[1] ?? 99) <= 18);
    }
    const quick: QuickFinding[] = native.findings
      .filter((f): f is RuleFinding & { severity: 'error' | 'warning' } => f.severity === 'error' || f.severity === 'warning')
      .map((f) => ({ code: f.code, message: f.message, severity: f.severity, location: loc(f), source: f.ruleset === 'en16931' || f.ruleset === 'xrechnung' ? 'schematron' : 'supplementary' }));
    out.quick = { checked: true, errorCount: quick.filter((f) => f.severity === 'error').length, warningCount: quick.filter((f) => f.severity === 'warning').length, profile: p.id, findings: quick };
  } else {
    out.quick = { checked: false, errorCount: 0, warningCount: 0, profile: p.id, findings: [] };
  }

  // external KoSIT daemon decides for the profiles its XRechnung configuration has scenarios for
  let kosit: EngineAnswer | null = null;
  if (o.kosit && (p.id === 'EN 16931' || p.id === 'XRECHNUNG' || forced)) {
    kosit = await validateWithKosit(data, filename, { ...o.kosit, lang });
    if (kosit.available) {
      addKositAnswer(kosit, out.findings, out.engines, lang);
      return out;
    }
    out.available = false;
    out.notes.push(kosit.note);
  } else if (o.kosit) {
    out.notes.push(msg('KOSIT_NO_SCENARIO_FOR_PROFILE', lang, { profile: p.id }));
  }

  // native XSD of the profile
  if (schemaSet) {
    if (o.schemaStore) {
      const x = await o.schemaStore.validateAsync(schemaSet, doc.text);
      if (x.available) {
        out.engines.push(engineXsd(schemaSet));
        for (const f of x.findings) {
          out.findings.push({
            code: f.code === 'XSD' ? 'XSD_INVALID' : f.code,
            severity: f.severity,
            message: f.message,
            location: f.line !== null ? `line ${f.line}${f.column !== null ? `, column ${f.column}` : ''}` : null,
            source: 'xsd',
            ruleset: `XSD ${schemaSet}`,
            engine: engineXsd(schemaSet),
          });
        }
      } else {
        out.available = false;
        out.notes.push(x.note ?? msg('XSD_SET_MISSING', lang, { set: schemaSet }));
      }
    } else {
      out.available = false;
      out.notes.push(msg('NO_SCHEMA_STORE', lang, { set: schemaSet }));
    }
  } else if (p.syntax === 'ZUGFeRD 1.0' || p.syntax === 'unknown') {
    out.available = false;
  }

  // native rules, with the KoSIT scenario levels for XRechnung
  if (native) {
    const sets = native.rulesets.map(engineRules);
    out.engines.push(...sets);
    const scenario = native.specificationId !== undefined && native.profile === 'xrechnung' ? kositScenarios[native.specificationId] : undefined;
    for (const f of native.findings) {
      const level = scenario?.overrides[f.code];
      const severity = level ? (level === 'information' ? 'info' : level) : f.severity;
      const rs = f.ruleset === 'xrechnung' ? rulesetInfo.xrechnung : rulesetInfo.en16931;
      // EXTENDED is an EN 16931 *conformant* extension: its own schematron replaces the EN 16931 business rules
      // (official EXTENDED samples break BR-CO-12 / BR-S-08 with sub-lines), so they inform instead of deciding.
      const extended = p.id === 'EXTENDED' && !forced && severity === 'error' && f.ruleset === 'en16931';
      out.findings.push({
        code: f.code,
        severity: extended ? 'warning' : severity,
        message: extended ? msg('EXTENDED_AS_WARNING', lang, { message: f.message }) : f.message,
        location: loc(f),
        source: 'schematron',
        ruleset: f.ruleset === 'engine' ? 'rule engine' : `${rs.name} ${rs.version}`,
        engine: engineRules(rs),
      });
    }
    if (p.id === 'XRECHNUNG' && p.xrechnungVersion && p.xrechnungVersion !== '3.0' && !forced) {
      out.findings.push({
        code: 'XRECHNUNG_VERSION_OUTDATED',
        severity: 'warning',
        message: msg('XRECHNUNG_VERSION_OUTDATED', lang, { version: p.xrechnungVersion }),
        location: null,
        source: 'schematron',
        ruleset: 'KoSIT XRechnung 3.0 scenarios',
        engine: engineRules(rulesetInfo.en16931),
      });
    }
    // the XSD step's notes are dropped (verify runs its own XSD step above): known by their catalogue keys, not by wording
    const xsdNotes = new Set([
      noteText('NOTE.XSD_SET_UNAVAILABLE', lang, { set: 'cii-d16b' }),
      noteText('NOTE.XSD_INVALID', lang),
      noteText('NOTE.XSD_TRUNCATED', lang, { errors: native.xsd.errorCount, listed: native.xsd.findings.length }),
      ...(native.xsd.note !== undefined ? [native.xsd.note] : []),
    ]);
    for (const n of native.notes) if (!xsdNotes.has(n) && !out.notes.includes(n)) out.notes.push(n);
  }
  return out;
}

interface XmpFacts {
  readable: boolean;
  /** invoice schema values per namespace found */
  schemas: { ns: string; values: Map<string, string> }[];
  declared: Set<string>;
}

function readXmp(xmp: string | null): XmpFacts {
  const facts: XmpFacts = { readable: false, schemas: [], declared: new Set() };
  if (xmp === null) return facts;
  let root: XmlElement;
  try {
    root = parseXml(xmp).root;
  } catch {
    return facts;
  }
  facts.readable = true;
  const known = new Map<string, Map<string, string>>();
  const props = new Set(['DocumentType', 'DocumentFileName', 'Version', 'ConformanceLevel']);
  const put = (ns: string, k: string, val: string) => {
    if (!props.has(k) || ns === PDFA_SCHEMA_NS || ns === PDFAID_NS) return;
    if (!known.has(ns)) known.set(ns, new Map());
    known.get(ns)!.set(k, val.trim());
  };
  for (const el of root.descendants()) {
    put(el.ns, el.local, el.text);
    for (const a of el.attributes) put(a.ns, a.local, a.value);
    if (el.ns === PDFA_SCHEMA_NS && el.local === 'namespaceURI') facts.declared.add(el.text.trim());
    const attrDecl = el.attr('namespaceURI', PDFA_SCHEMA_NS);
    if (attrDecl) facts.declared.add(attrDecl.trim());
  }
  facts.schemas = [...known].map(([ns, values]) => ({ ns, values }));
  return facts;
}

function pickInvoiceFile(files: EmbeddedFile[]): { file: EmbeddedFile; standardName: boolean } | null {
  for (const n of INVOICE_FILE_NAMES) {
    const f = files.find((x) => x.name.toLowerCase() === n.toLowerCase());
    if (f) return { file: f, standardName: true };
  }
  for (const f of files) {
    if (!f.data.length) continue;
    const head = Buffer.from(f.data.subarray(0, 4096)).toString('utf8');
    if (/<([A-Za-z0-9_-]+:)?(CrossIndustryInvoice|CrossIndustryDocument)[\s>]/.test(head)) return { file: f, standardName: false };
  }
  return null;
}

function summarize(kind: MessageKey, a: AuthoritativeReport, lang: Lang): string {
  const counts =
    lang === 'en'
      ? `${a.errorCount} error${a.errorCount === 1 ? '' : 's'}, ${a.warningCount} warning${a.warningCount === 1 ? '' : 's'}`
      : msg('SUMMARY_COUNTS', lang, { errors: a.errorCount, warnings: a.warningCount });
  const params = { kind: { key: kind }, profile: a.profile ? ` (${a.profile})` : '' };
  const first = a.findings.find((f) => f.severity === 'error');
  const head = msg(a.verdict === 'valid' ? 'SUMMARY_VALID' : a.verdict === 'valid_with_warnings' ? 'SUMMARY_VALID_WITH_WARNINGS' : 'SUMMARY_INVALID', lang, params);
  return `${head}: ${counts}${first ? msg('SUMMARY_FIRST_ERROR', lang, { code: first.code, message: first.message.slice(0, 160) }) : ''}${a.available ? '' : msg('SUMMARY_NOT_ALL_RAN', lang)}`;
}

function authoritativeOf(profile: string | null, findings: AuthoritativeFinding[], engines: string[], notes: string[], available: boolean, lang: Lang): AuthoritativeReport {
  const verdict = verdictOf(findings);
  return {
    available,
    profile,
    verdict,
    errorCount: findings.filter((f) => f.severity === 'error').length,
    warningCount: findings.filter((f) => f.severity === 'warning').length,
    engines: [...new Set(engines)],
    findings,
    note: notes.length ? notes.join(' ') : msg('ALL_CHECKS_RAN', lang),
  };
}

/**
 * Verifies a received hybrid invoice PDF. Never throws for bad input; throws ZugferdError for misuse or oversize input.
 * @example
 * ```ts
 * const report = await verifyInvoicePdf(await readFile('eingang.pdf'), { schemaStore });
 * console.log(report.summary);
 * console.log(report.result.en16931?.errorCount, report.result.pdfa3?.allOk);
 * ```
 */
export async function verifyInvoicePdf(bytes: Uint8Array, o: VerifyOptions = {}): Promise<VerificationReport> {
  const lang = o.lang ?? 'en';
  if (!(bytes instanceof Uint8Array)) throw new ZugferdError('INVALID_ARGUMENT', 'bytes must be a Uint8Array');
  const max = o.maxBytes ?? PDF_MAX_BYTES;
  if (bytes.byteLength > max) throw new ZugferdError('PDF_TOO_LARGE', `The PDF has ${bytes.byteLength} bytes; at most ${max} are allowed`);
  const kind = sniffInput(bytes);
  const zugferd: ZugferdFacts = {
    embeddedFiles: false,
    facturXFilename: false,
    associatedFile: false,
    facturXMetadata: false,
    xmlEmbedded: false,
    pdfAPart: null,
    pdfAConformance: null,
    xmlMatchesGenerated: null,
  };
  const file = { present: bytes.byteLength > 0, bytes: bytes.byteLength, isPdf: kind === 'pdf', pdfVersion: null as string | null };
  const structure: AuthoritativeFinding[] = [];
  const fail = (code: string, message: string, severity: AuthoritativeFinding['severity'] = 'error', location: string | null = null) =>
    structure.push({ code, severity, message, location, source: 'structure', ruleset: 'ZUGFeRD 2.x / Factur-X 1.0 hybrid structure', engine: ENGINE_STRUCTURE });

  if (kind !== 'pdf') {
    fail(kind === 'empty' ? 'FILE_EMPTY' : 'NOT_A_PDF', msg(kind === 'empty' ? 'FILE_EMPTY' : kind === 'xml' ? 'FILE_IS_XML' : 'NOT_A_PDF', lang));
    const a = authoritativeOf(null, structure, [ENGINE_STRUCTURE], [], true, lang);
    return { summary: summarize('KIND_PDF', a, lang), result: { structure: { file, zugferd }, en16931: null, pdfa3: null, attachments: [], authoritative: a } };
  }

  const notes: string[] = [];
  let available = true;
  let info: PdfInfo | null = null;
  let files: EmbeddedFile[] = [];
  try {
    [info, files] = await Promise.all([readPdfInfo(bytes), readEmbeddedFiles(bytes)]);
  } catch (e) {
    if (!(e instanceof Pdfa3Error)) throw e;
    fail(e.code === 'PDF_ENCRYPTED' ? 'PDF_ENCRYPTED' : 'PDF_UNREADABLE', e.code === 'PDF_ENCRYPTED' ? msg('PDF_ENCRYPTED', lang) : e.message);
  }
  file.pdfVersion = info?.pdfVersion || /%PDF-(\d\.\d)/.exec(Buffer.from(bytes.subarray(0, 1024)).toString('latin1'))?.[1] || null;

  // PDF/A: veraPDF decides when reachable, else our checker
  const pdfaFindings: AuthoritativeFinding[] = [];
  const engines: string[] = [];
  const conformance = info?.pdfaConformance?.toUpperCase() ?? null;
  let vera: EngineAnswer | null = null;
  if (o.verapdf) {
    const flavour: VeraPdfFlavour = conformance === 'A' ? '3a' : conformance === 'U' ? '3u' : '3b';
    vera = await validateWithVeraPdf(bytes, flavour, { ...o.verapdf, lang });
    if (vera.available) {
      engines.push(vera.engine);
      pdfaFindings.push(...vera.findings.map((f) => ({ ...f, engine: vera!.engine })));
    } else {
      available = false;
      notes.push(vera.note);
    }
  }
  if (!vera || !vera.available) {
    const pdfa = await checkPdfA3(bytes, { part: 3, lang });
    engines.push(ENGINE_PDFA);
    for (const f of pdfa.findings) {
      pdfaFindings.push({
        code: f.code,
        severity: f.severity,
        message: f.message,
        location: f.path ?? null,
        source: 'pdfa',
        ruleset: f.rule ? `ISO 19005-3 (veraPDF rule ${f.rule})` : 'ISO 19005-3',
        engine: ENGINE_PDFA,
      });
    }
  }

  engines.push(ENGINE_STRUCTURE);
  let pdfa3: Pdfa3Report | null = null;
  let xmlFacts: XmlFacts | null = null;
  let xmlCheck: XmlCheck | null = null;
  let invoiceName: string | null = null;
  if (info) {
    zugferd.pdfAPart = info.pdfaPart !== null ? String(info.pdfaPart) : null;
    zugferd.pdfAConformance = info.pdfaConformance;
    zugferd.embeddedFiles = files.length > 0;
    if (info.pdfaPart === null) fail('PDFA_NOT_DECLARED', msg('PDFA_NOT_DECLARED', lang));
    else if (info.pdfaPart !== 3) fail('PDFA_PART', msg('PDFA_PART', lang, { part: info.pdfaPart }));
    if (info.pdfaConformance !== null && !/^[ABU]$/.test(info.pdfaConformance)) fail('PDFA_CONFORMANCE', msg('PDFA_CONFORMANCE', lang, { value: info.pdfaConformance }));

    const picked = pickInvoiceFile(files);
    if (!files.length) fail('NO_EMBEDDED_FILES', msg('NO_EMBEDDED_FILES', lang));
    else if (!picked) fail('INVOICE_XML_MISSING', msg('INVOICE_XML_MISSING', lang, { files: files.map((f) => f.name).join(', ') }));
    if (picked) {
      const fx = picked.file;
      invoiceName = fx.name;
      if (fx.error || !fx.data.length) {
        fail('INVOICE_XML_UNREADABLE', msg('INVOICE_XML_UNREADABLE', lang, { name: fx.name, reason: fx.error ?? { key: 'EMPTY_STREAM' } }));
      } else {
        zugferd.xmlEmbedded = true;
        xmlFacts = readInvoiceXml(fx.data, lang);
      }
      const profile = xmlFacts?.profile ?? null;
      // file name
      if (!picked.standardName) fail('FACTURX_FILENAME', msg('FACTURX_FILENAME_UNKNOWN', lang, { name: fx.name, expected: profile?.fileNames.join(msg('OR', lang)) || 'factur-x.xml' }));
      else if (profile && profile.fileNames.length && !profile.fileNames.some((n) => n.toLowerCase() === fx.name.toLowerCase())) {
        fail('FACTURX_FILENAME', msg('FACTURX_FILENAME_PROFILE', lang, { profile: profile.id, name: fx.name, expected: profile.fileNames.join(msg('OR', lang)) }), 'warning');
        zugferd.facturXFilename = true;
      } else zugferd.facturXFilename = true;
      // /AF binding
      if (!fx.associated) fail('FACTURX_NOT_ASSOCIATED', msg('FACTURX_NOT_ASSOCIATED', lang, { name: fx.name }));
      if (!fx.relationship) fail('FACTURX_AF_RELATIONSHIP', msg('FACTURX_NO_RELATIONSHIP', lang, { name: fx.name }));
      else if (!INVOICE_RELATIONSHIPS.includes(fx.relationship)) fail('FACTURX_AF_RELATIONSHIP', msg('FACTURX_BAD_RELATIONSHIP', lang, { name: fx.name, relationship: fx.relationship }));
      zugferd.associatedFile = fx.associated && !!fx.relationship && INVOICE_RELATIONSHIPS.includes(fx.relationship);
      if (fx.mimeType && fx.mimeType !== 'text/xml' && fx.mimeType !== 'application/xml') fail('FACTURX_MIME_TYPE', msg('FACTURX_MIME_TYPE', lang, { name: fx.name, mime: fx.mimeType }), 'warning');
      // XMP
      zugferd.facturXMetadata = checkXmp(info, fx.name, profile, fail, lang);
    }

    // PDF/A-3 binding of every embedded file
    pdfa3 = {
      hasAfArray: info.hasAfArray,
      allOk: false,
      files: files.map((f): Pdfa3FileReport => {
        const rel = f.relationship ?? null;
        const isInvoice = f.name === invoiceName;
        const base = { filename: f.name, afRelationship: rel, associated: f.associated };
        if (!f.associated) return { ...base, status: 'error', message: msg('AF_NOT_ASSOCIATED', lang) };
        if (!rel) return { ...base, status: 'error', message: msg('AF_NO_RELATIONSHIP', lang) };
        if (!(AF_RELATIONSHIPS as readonly string[]).includes(rel))
          return { ...base, status: 'error', message: msg('AF_BAD_RELATIONSHIP', lang, { relationship: rel, allowed: AF_RELATIONSHIPS.join(', ') }) };
        if (!f.mimeType) return { ...base, status: 'error', message: msg('AF_NO_SUBTYPE', lang) };
        if (isInvoice && !INVOICE_RELATIONSHIPS.includes(rel)) return { ...base, status: 'error', message: msg('AF_INVOICE_RELATIONSHIP', lang, { relationship: rel }) };
        const p = xmlFacts?.profile;
        if (isInvoice && p && (p.id === 'MINIMUM' || p.id === 'BASIC WL') && rel !== 'Data') return { ...base, status: 'warning', message: msg('AF_EXPECT_DATA', lang, { profile: p.id }) };
        if (isInvoice && p && ['BASIC', 'EN 16931', 'EXTENDED', 'XRECHNUNG'].includes(p.id) && rel === 'Data')
          return { ...base, status: 'warning', message: msg('AF_EXPECT_ALTERNATIVE', lang, { profile: p.id }) };
        return { ...base, status: 'ok', message: msg('AF_OK', lang, { relationship: rel, mime: f.mimeType ? `, ${f.mimeType}` : '' }) };
      }),
    };
    pdfa3.allOk = pdfa3.hasAfArray && pdfa3.files.length > 0 && pdfa3.files.every((f) => f.status !== 'error');
    for (const f of pdfa3.files) if (f.status === 'warning') fail('AF_RELATIONSHIP_PROFILE', msg('AF_PROFILE', lang, { name: f.filename, message: f.message }), 'warning');

    if (xmlFacts && invoiceName) {
      const data = files.find((f) => f.name === invoiceName)!.data;
      xmlCheck = await checkXml(data, xmlFacts, o, invoiceName);
      engines.push(...xmlCheck.engines);
      notes.push(...xmlCheck.notes);
      if (!xmlCheck.available) available = false;
    }
  }

  const findings = [...structure, ...(xmlCheck?.findings ?? []), ...pdfaFindings];
  const a = authoritativeOf(xmlFacts?.profile?.id ?? null, findings, engines, notes, available, lang);
  return {
    summary: summarize('KIND_PDF', a, lang),
    result: {
      structure: { file, zugferd },
      en16931: xmlCheck?.quick ?? null,
      pdfa3,
      attachments: attachmentsOf(xmlFacts?.doc?.root ?? null),
      authoritative: a,
    },
  };
}

/** Factur-X XMP: invoice schema present, declared as extension schema, values consistent with the embedded XML. */
function checkXmp(info: PdfInfo, embeddedName: string, profile: InvoiceProfile | null, fail: (code: string, message: string, severity?: 'error' | 'warning') => void, lang: Lang): boolean {
  if (info.xmp === null) {
    fail('FACTURX_XMP_MISSING', msg('XMP_MISSING', lang));
    return false;
  }
  const xmp = readXmp(info.xmp);
  if (!xmp.readable) {
    fail('FACTURX_XMP_UNREADABLE', msg('XMP_UNREADABLE', lang));
    return false;
  }
  const knownNs = XMP_INVOICE_NAMESPACES.map((n) => n.ns as string);
  const candidates = xmp.schemas.filter((s) => s.values.has('DocumentFileName') || s.values.has('ConformanceLevel'));
  const schema = candidates.find((s) => s.values.get('DocumentFileName')?.toLowerCase() === embeddedName.toLowerCase()) ?? candidates.find((s) => knownNs.includes(s.ns)) ?? candidates[0];
  if (!schema) {
    fail('FACTURX_XMP_MISSING', msg('XMP_NO_INVOICE_PROPERTIES', lang));
    return false;
  }
  let ok = true;
  const bad = (code: string, message: string, severity: 'error' | 'warning' = 'error') => {
    fail(code, message, severity);
    if (severity === 'error') ok = false;
  };
  if (!knownNs.includes(schema.ns)) bad('FACTURX_XMP_NAMESPACE', msg('XMP_NAMESPACE', lang, { ns: schema.ns }));
  if (!xmp.declared.has(schema.ns)) bad('FACTURX_XMP_NOT_DECLARED', msg('XMP_NOT_DECLARED', lang, { ns: schema.ns }));
  const v = schema.values;
  if (v.get('DocumentType') !== 'INVOICE') bad('FACTURX_XMP_DOCUMENT_TYPE', msg('XMP_DOCUMENT_TYPE', lang, { value: v.has('DocumentType') ? `"${v.get('DocumentType')}"` : { key: 'MISSING' } }));
  const name = v.get('DocumentFileName');
  if (name === undefined) bad('FACTURX_XMP_FILENAME', msg('XMP_FILENAME_MISSING', lang));
  else if (name !== embeddedName) bad('FACTURX_XMP_FILENAME', msg('XMP_FILENAME', lang, { name, embedded: embeddedName }));
  const known = XMP_INVOICE_NAMESPACES.find((n) => n.ns === schema.ns);
  const version = v.get('Version');
  if (version === undefined) bad('FACTURX_XMP_VERSION', msg('XMP_VERSION_MISSING', lang));
  else if (known && version !== known.version && !(known.version === '1.0' && /^1\.0/.test(version)))
    bad('FACTURX_XMP_VERSION', msg('XMP_VERSION', lang, { version, expected: known.version, standard: known.standard }), 'warning');
  const level = v.get('ConformanceLevel');
  if (level === undefined) bad('FACTURX_XMP_CONFORMANCE_LEVEL', msg('XMP_LEVEL_MISSING', lang), profile?.syntax === 'ZUGFeRD 1.0' ? 'warning' : 'error');
  else if (profile && profile.conformanceLevels.length && !profile.conformanceLevels.includes(level.toUpperCase())) {
    bad(
      'FACTURX_CONFORMANCE_LEVEL_MISMATCH',
      msg('XMP_LEVEL_MISMATCH', lang, { level, guideline: profile.guidelineId ?? { key: 'NONE' }, profile: profile.id, expected: profile.conformanceLevels.join(msg('OR', lang)) }),
    );
  } else if (!profile || !profile.conformanceLevels.length) {
    if (!['MINIMUM', 'BASIC WL', 'BASIC', 'EN 16931', 'COMFORT', 'EXTENDED', 'XRECHNUNG'].includes(level.toUpperCase()))
      bad('FACTURX_XMP_CONFORMANCE_LEVEL', msg('XMP_LEVEL_UNKNOWN', lang, { level }));
  }
  return ok;
}

/**
 * Validates a bare CII invoice XML (POST /invoices/validate): the report of verifyInvoicePdf minus the PDF parts.
 * @example
 * ```ts
 * const report = await validateInvoiceXml(await readFile('xrechnung.xml'), { kosit: { url: 'http://127.0.0.1:8081' } });
 * console.log(report.summary, report.result.authoritative);
 * ```
 */
export async function validateInvoiceXml(xml: Uint8Array | string, o: ValidateXmlOptions = {}): Promise<XmlValidationReport> {
  if (!(xml instanceof Uint8Array) && typeof xml !== 'string') throw new ZugferdError('INVALID_ARGUMENT', 'xml must be a string or a Uint8Array');
  if (o.profile !== undefined && !['auto', 'en16931', 'xrechnung'].includes(o.profile)) throw new ZugferdError('INVALID_ARGUMENT', 'profile must be auto, en16931 or xrechnung');
  const lang = o.lang ?? 'en';
  const data = typeof xml === 'string' ? new TextEncoder().encode(xml) : xml;
  const facts = readInvoiceXml(data, lang);
  if (facts.doc && ublKind(facts.doc.root)) return validateUblReport(data, facts.doc, o);
  const check = await checkXml(data, facts, o, o.filename ?? 'invoice.xml');
  const findings = [...check.findings];
  if (facts.profile && facts.profile.syntax !== 'CII D16B') {
    findings.push({
      code: facts.profile.syntax === 'ZUGFeRD 1.0' ? 'ZUGFERD1_NOT_SUPPORTED' : 'NOT_CII',
      severity: 'error',
      message: msg(facts.profile.syntax === 'ZUGFeRD 1.0' ? 'ZUGFERD1_NOT_SUPPORTED' : 'NOT_CII', lang),
      location: null,
      source: 'xsd',
      ruleset: 'CII D16B',
      engine: ENGINE_XML,
    });
  }
  const a = authoritativeOf(facts.profile?.id ?? null, findings, check.engines, check.notes, check.available, lang);
  return { summary: summarize('KIND_CII', a, lang), result: { en16931: check.quick, attachments: attachmentsOf(facts.doc?.root ?? null), authoritative: a } };
}

/**
 * Bare UBL 2.1 Invoice / CreditNote (XRechnung UBL, Peppol BIS, EN 16931 UBL): the same report shape as for CII,
 * from @kontor/ubl's native validation (UBL 2.1 XSD, EN 16931 UBL + XRechnung UBL rules, KoSIT verdict by BT-24).
 * A configured KoSIT daemon decides here as well (its XRechnung configuration has UBL scenarios).
 */
async function validateUblReport(data: Uint8Array, doc: ReadDocument, o: ValidateXmlOptions): Promise<XmlValidationReport> {
  const lang = o.lang ?? 'en';
  const kind = ublKind(doc.root);
  const forced = o.profile && o.profile !== 'auto' ? o.profile : null;
  // The reading of the profile step (its tree), not a second one.
  const r = validateUbl(doc, { ...(forced ? { profile: forced } : {}), ...(o.schemaStore ? { schemaStore: o.schemaStore } : {}), lang });
  const profileId = r.profile === 'xrechnung' ? 'XRECHNUNG' : 'EN 16931';
  const notes = [msg('UBL_DOCUMENT', lang, { kind: kind ?? 'document' }), ...r.notes];
  const engines: string[] = [];
  const findings: AuthoritativeFinding[] = [];
  let available = r.xsd.available;

  const quick: QuickFinding[] = r.findings
    .filter((f): f is RuleFinding & { severity: 'error' | 'warning' } => f.ruleset !== 'xsd' && (f.severity === 'error' || f.severity === 'warning'))
    .map((f) => ({ code: f.code, message: f.message, severity: f.severity, location: loc(f), source: f.ruleset === 'en16931' || f.ruleset === 'xrechnung' ? 'schematron' : 'supplementary' }));
  const en16931: En16931Report = {
    checked: true,
    errorCount: quick.filter((f) => f.severity === 'error').length,
    warningCount: quick.filter((f) => f.severity === 'warning').length,
    profile: profileId,
    findings: quick,
  };

  let decided = false;
  if (o.kosit) {
    const k = await validateWithKosit(data, o.filename ?? 'invoice.xml', { ...o.kosit, lang });
    if (k.available) {
      decided = true;
      addKositAnswer(k, findings, engines, lang);
    } else {
      available = false;
      notes.push(k.note);
    }
  }
  if (!decided) {
    const setId = ublSchemaSet(kind);
    if (r.xsd.available) engines.push(engineXsd(setId));
    const rulesets = r.rulesets.map(engineRules);
    engines.push(...rulesets);
    // KoSIT (XRechnung): an accepted document keeps the errors the scenario lowers visible as warnings
    const accepted = r.kosit?.accept === true;
    for (const f of r.findings) {
      const xsd = f.ruleset === 'xsd';
      const rs = f.ruleset === 'xrechnung' ? ublRulesetInfo.xrechnung : ublRulesetInfo.en16931;
      findings.push({
        code: f.code,
        severity: accepted && f.severity === 'error' && !xsd ? 'warning' : f.severity,
        message: f.message,
        location: loc(f),
        source: xsd ? 'xsd' : 'schematron',
        ruleset: xsd ? `XSD ${setId}` : `${rs.name} ${rs.version}`,
        engine: xsd ? engineXsd(setId) : engineRules(rs),
      });
    }
    if (r.kosit && !r.kosit.accept && !findings.some((f) => f.severity === 'error')) {
      findings.push({
        code: 'KOSIT_REJECTED',
        severity: 'error',
        message: msg('KOSIT_REJECTED_NATIVE', lang, { reasons: r.kosit.errors.join(', ') || { key: 'NO_SCENARIO_FOR_BT24' } }),
        location: null,
        source: 'schematron',
        ruleset: 'KoSIT XRechnung 3.0 scenarios',
        engine: engineRules(ublRulesetInfo.xrechnung),
      });
    }
  }
  const a = authoritativeOf(profileId, findings, engines, notes, available, lang);
  return { summary: summarize('KIND_UBL', a, lang), result: { en16931, attachments: attachmentsOf(doc.root), authoritative: a } };
}
