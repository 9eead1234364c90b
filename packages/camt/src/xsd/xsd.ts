/** The schema check of one camt file through the @kontor/xml schema store, shaped as the spec's xsd object. */
import type { Lang, SchemaStore, SharedXsdValidation, StreamTap, XmlElement, XsdResult } from '@kontor/xml';
import { sayer } from '../messages';
import type { XsdCheck, XsdCheckFinding } from '../model/types';
import { detectCamtNamespace, rulesetLabel, schemaSetId, type CamtKind } from '../read/detect';
import { DEFAULT_MAX_XSD_FINDINGS, defaultXmlLimits, findSchemaSet, xsdVerdict } from '@kontor/xml';

/**
 * The native schema validation in the rules' read pass (one tokenizer pass per file): `tap` goes to readCamt and
 * hands every reader event to the store's native validation of the set the root element's namespace names
 * (decided at the root's start tag). `result(complete)` is that validation's answer, or null when the pass could
 * not give the answer `store.validateAsync` would give — no native validation (set outside the native subset, not
 * installed, unknown version), a document the native path cannot judge (xsi:type / xsi:nil), a read that broke off
 * (not well-formed, reader limit), more elements than the reader's element limit (the store's own pass hands such
 * documents to libxml2), or a failure inside the validation — and checkXsd validates the file with the store as
 * before.
 */
export class XsdPass implements StreamTap {
  private decided = false;
  private validation: SharedXsdValidation | null = null;
  private v: StreamTap | null = null;
  private elements = 0;

  constructor(
    private readonly store: SchemaStore,
    private readonly maxFindings: number,
  ) {}

  private decide(ns: string): void {
    this.decided = true;
    const kind = detectCamtNamespace(ns);
    if (!kind) return;
    const id = schemaSetId(kind);
    if (!findSchemaSet(id)) return;
    try {
      this.validation = this.store.nativeValidation(id, { maxFindings: this.maxFindings });
    } catch {
      // A store that cannot give one (unreadable set): checkXsd's own validation reports it.
      this.validation = null;
    }
    this.v = this.validation?.tap ?? null;
  }

  private fail(): void {
    this.validation = null;
    this.v = null;
  }

  open(name: string, local: string, prefix: string, ns: string, attributes: XmlElement['attributes'], line: number, column: number): void {
    if (!this.decided) this.decide(ns);
    this.elements++;
    if (this.v === null) return;
    try {
      this.v.open(name, local, prefix, ns, attributes, line, column);
    } catch {
      this.fail();
    }
  }

  close(): void {
    if (this.v === null) return;
    try {
      this.v.close();
    } catch {
      this.fail();
    }
  }

  text(t: string): void {
    if (this.v === null) return;
    try {
      this.v.text(t);
    } catch {
      this.fail();
    }
  }

  /** The native result of the pass for `kind`, or null (validate with the store). `complete`: the read reached the end. */
  result(kind: CamtKind, complete: boolean): XsdResult | null {
    const v = this.validation;
    if (v === null || !complete || this.elements > defaultXmlLimits.maxElements || v.schemaSet !== schemaSetId(kind)) return null;
    return v.result();
  }
}

/** The pass's tap for validateStatements, or undefined without a store. */
export function xsdPass(store: SchemaStore | undefined, maxFindings = DEFAULT_MAX_XSD_FINDINGS): XsdPass | undefined {
  return store ? new XsdPass(store, maxFindings) : undefined;
}

export async function checkXsd(
  store: SchemaStore | undefined,
  kind: CamtKind,
  xml: Uint8Array | string,
  maxBytes: number,
  maxFindings = DEFAULT_MAX_XSD_FINDINGS,
  lang: Lang = 'de',
  /** The result of the read pass's native validation (XsdPass.result); null or absent: validate here. */
  shared?: XsdResult | null,
): Promise<XsdCheck> {
  const say = sayer(lang);
  const schemaSet = schemaSetId(kind);
  const base = { ruleset: rulesetLabel(kind), schemaSet, errorCount: 0, warningCount: 0, findings: [] as XsdCheckFinding[] };
  if (!store) return { ...base, available: false, verdict: 'not_checked', note: say('XSD_NO_STORE') };
  if (!findSchemaSet(schemaSet)) {
    return { ...base, available: false, verdict: 'not_checked', note: say('XSD_NO_SET', { version: kind.schemaVersion }) };
  }
  let r: XsdResult;
  try {
    // libxml2-wasm is loaded only when this document needs it (the camt sets are validated natively).
    r = shared ?? (await store.validateAsync(schemaSet, xml, { maxBytes, maxFindings }));
  } catch (e) {
    // A broken store (unreadable set, engine failure) must not sink the rules: report it as unavailable.
    return { ...base, available: false, verdict: 'not_checked', note: say('XSD_FAILED', { reason: (e as Error).message }) };
  }
  if (!r.available) {
    return { ...base, available: false, verdict: 'not_checked', note: say('XSD_NOT_INSTALLED', { schemaSet, note: r.note ?? '' }).trim() };
  }
  const findings: XsdCheckFinding[] = r.findings.map((f) => ({
    code: f.code,
    severity: f.severity,
    message: f.message,
    ...(f.line !== null ? { line: f.line } : {}),
    // libxml2 reports no column for validity errors (0), like xmllint.
    ...(f.column ? { column: f.column } : {}),
    ...(f.path ? { path: f.path } : {}),
  }));
  const { errorCount, warningCount, truncated } = r;
  const valid = r.valid === true;
  return {
    ...base,
    available: true,
    valid,
    verdict: xsdVerdict({ valid, warningCount }),
    errorCount,
    warningCount,
    findings,
    ...(truncated ? { truncated, note: say('XSD_TRUNCATED', { dropped: errorCount + warningCount - findings.length, errors: errorCount }) } : {}),
  };
}
