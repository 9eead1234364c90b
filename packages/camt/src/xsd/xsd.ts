/** The schema check of one camt file through the @kontor/xml schema store, shaped as the spec's xsd object. */
import type { SchemaStore } from '@kontor/xml';
import type { XsdCheck, XsdCheckFinding } from '../model/types';
import { rulesetLabel, schemaSetId, type CamtKind } from '../read/detect';
import { DEFAULT_MAX_XSD_FINDINGS, schemaSets } from '@kontor/xml';

export function checkXsd(store: SchemaStore | undefined, kind: CamtKind, xml: Uint8Array | string, maxBytes: number, maxFindings = DEFAULT_MAX_XSD_FINDINGS): XsdCheck {
  const schemaSet = schemaSetId(kind);
  const base = { ruleset: rulesetLabel(kind), schemaSet, errorCount: 0, warningCount: 0, findings: [] as XsdCheckFinding[] };
  if (!store) return { ...base, available: false, verdict: 'not_checked', note: 'Keine Schemaprüfung: es ist kein Schema-Speicher konfiguriert; das Urteil beruht allein auf den Regeln.' };
  if (!schemaSets.some((s) => s.id === schemaSet)) {
    return { ...base, available: false, verdict: 'not_checked', note: `Für ${kind.schemaVersion} ist kein Schema hinterlegt; das Urteil beruht allein auf den Regeln.` };
  }
  let r: ReturnType<SchemaStore['validate']>;
  try {
    r = store.validate(schemaSet, xml, { maxBytes, maxFindings });
  } catch (e) {
    // A broken store (unreadable set, engine failure) must not sink the rules: report it as unavailable.
    return { ...base, available: false, verdict: 'not_checked', note: `Schemaprüfung nicht möglich (${(e as Error).message}); das Urteil beruht allein auf den Regeln.` };
  }
  if (!r.available) {
    return { ...base, available: false, verdict: 'not_checked', note: `Schema ${schemaSet} ist nicht installiert; das Urteil beruht allein auf den Regeln. ${r.note ?? ''}`.trim() };
  }
  const findings: XsdCheckFinding[] = r.findings.map((f) => ({
    code: f.code,
    severity: f.severity,
    message: f.message,
    line: f.line,
    // libxml2 reports no column for validity errors (0), like xmllint.
    column: f.column ? f.column : null,
    location: f.path ?? null,
  }));
  const { errorCount, warningCount, truncated } = r;
  const valid = r.valid === true;
  return {
    ...base,
    available: true,
    valid,
    verdict: valid ? (warningCount ? 'valid_with_warnings' : 'valid') : 'invalid',
    errorCount,
    warningCount,
    findings,
    ...(truncated ? { truncated, note: `${errorCount + warningCount - findings.length} weitere Schemameldungen ausgelassen (${errorCount} Fehler insgesamt).` } : {}),
  };
}
