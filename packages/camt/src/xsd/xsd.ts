/** The schema check of one camt file through the @kontor/xml schema store, shaped as the spec's xsd object. */
import type { Lang, SchemaStore } from '@kontor/xml';
import { sayer } from '../messages';
import type { XsdCheck, XsdCheckFinding } from '../model/types';
import { rulesetLabel, schemaSetId, type CamtKind } from '../read/detect';
import { DEFAULT_MAX_XSD_FINDINGS, schemaSets, xsdVerdict } from '@kontor/xml';

export async function checkXsd(
  store: SchemaStore | undefined,
  kind: CamtKind,
  xml: Uint8Array | string,
  maxBytes: number,
  maxFindings = DEFAULT_MAX_XSD_FINDINGS,
  lang: Lang = 'de',
): Promise<XsdCheck> {
  const say = sayer(lang);
  const schemaSet = schemaSetId(kind);
  const base = { ruleset: rulesetLabel(kind), schemaSet, errorCount: 0, warningCount: 0, findings: [] as XsdCheckFinding[] };
  if (!store) return { ...base, available: false, verdict: 'not_checked', note: say('XSD_NO_STORE') };
  if (!schemaSets.some((s) => s.id === schemaSet)) {
    return { ...base, available: false, verdict: 'not_checked', note: say('XSD_NO_SET', { version: kind.schemaVersion }) };
  }
  let r: ReturnType<SchemaStore['validate']>;
  try {
    // libxml2-wasm is loaded only when this document needs it (the camt sets are validated natively).
    r = await store.validateAsync(schemaSet, xml, { maxBytes, maxFindings });
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
