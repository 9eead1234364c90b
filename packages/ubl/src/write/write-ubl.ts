/**
 * writeUbl / generateUbl: the EN 16931 invoice model → UBL 2.1 Invoice (or CreditNote for type code 381).
 * The model is checked, completed and computed exactly as for CII (@kontor/cii generateCii: same totals, same VAT
 * breakdown, same findings), then bound to UBL element by element. CustomizationID is the profile's BT-24
 * (XRechnung 3.0 or EN 16931); ProfileID (BT-23) the Peppol billing process when the profile is xrechnung.
 * Deterministic bytes.
 */
import { parseXml } from '@kontor/xml';
import { generateCii, evaluateGate, CiiError, type WriteCiiOptions, type GenerateCiiResult } from '@kontor/cii';
import { validateUbl } from '../rules/validate-ubl';
import { ciiTreeToUbl } from './cii-to-ubl';
import type { UblDocumentKind } from '../binding/to-cii';

export interface WriteUblOptions extends WriteCiiOptions {
  /** Force the UBL root; default: CreditNote for type code 381, else Invoice. */
  documentKind?: UblDocumentKind;
}

/** The result of generateUbl: the shape of generateCii's, `xml` being UBL. */
export type GenerateUblResult = GenerateCiiResult;

/**
 * Like generateCii, with UBL output. Never throws on bad invoice data: problems are findings. The authoritative
 * gate runs on the UBL itself (UBL 2.1 XSD when the schema store has it, then the native EN 16931 / XRechnung UBL
 * rules), not on the intermediate CII: a failure is `{ok: false, stage: 'gate'}`, as for generateCii.
 * @example
 * ```ts
 * const r = generateUbl(invoice, { profile: 'en16931' });
 * if (r.ok) await writeFile('RE-1.ubl.xml', r.xml); else console.log(r.stage, r.findings);
 * ```
 */
export function generateUbl(json: unknown, opts: WriteUblOptions = {}): GenerateUblResult {
  const r = generateCii(json, { ...opts, gate: false });
  if (!r.ok) return r;
  const xml = ciiTreeToUbl(parseXml(r.xml, { maxBytes: Number.MAX_SAFE_INTEGER }).root, opts.documentKind);
  if (opts.gate === false) return { ...r, xml, bytes: Buffer.byteLength(xml, 'utf8') };
  const profile = r.invoice.profile === 'xrechnung' ? 'xrechnung' : 'en16931';
  const check = validateUbl(xml, { profile, ...(opts.schemaStore ? { schemaStore: opts.schemaStore } : {}), limits: { maxBytes: Number.MAX_SAFE_INTEGER } });
  const { gate, failed } = evaluateGate(check);
  if (failed.length || check.verdict === 'invalid') {
    const { xml: _x, bytes: _b, ...rest } = r;
    return { ...rest, ok: false, stage: 'gate', gate, findings: failed };
  }
  return { ...r, gate, xml, bytes: Buffer.byteLength(xml, 'utf8') };
}

/**
 * Writes UBL or throws CiiError INVOICE_INVALID with the findings (as writeCii).
 * @example
 * ```ts
 * const xml = writeUbl(invoice, { profile: 'en16931' }); // throws CiiError INVOICE_INVALID on blocking findings
 * ```
 */
export function writeUbl(invoice: unknown, opts: WriteUblOptions = {}): string {
  const r = generateUbl(invoice, opts);
  if (!r.ok) {
    const errors = r.findings.filter((f) => f.severity === 'error');
    throw new CiiError('INVOICE_INVALID', `The invoice cannot be written: ${errors.map((e) => `${e.code}${e.path ? ` at ${e.path}` : ''}`).join(', ')}`, { details: r.findings });
  }
  return r.xml;
}
