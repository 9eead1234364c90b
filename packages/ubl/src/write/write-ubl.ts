/**
 * writeUbl / generateUbl: the EN 16931 invoice model → UBL 2.1 Invoice (or CreditNote for type code 381).
 * The model is checked, completed and computed exactly as for CII (@kontor/cii generateCii: same totals, same VAT
 * breakdown, same findings), then bound to UBL element by element. CustomizationID is the profile's BT-24
 * (XRechnung 3.0 or EN 16931); ProfileID (BT-23) the Peppol billing process when the profile is xrechnung.
 * Deterministic bytes.
 */
import { parseXml } from '@kontor/xml';
import { generateCii, CiiError, type WriteCiiOptions, type GenerateCiiResult } from '@kontor/cii';
import { ciiTreeToUbl } from './cii-to-ubl';
import type { UblDocumentKind } from '../binding/to-cii';

export interface WriteUblOptions extends WriteCiiOptions {
  /** Force the UBL root; default: CreditNote for type code 381, else Invoice. */
  documentKind?: UblDocumentKind;
}

export interface GenerateUblResult extends Omit<GenerateCiiResult, 'xml'> {
  /** The UBL XML (only when ok). */
  xml?: string;
}

/** Like generateCii, with UBL output. Never throws on bad invoice data: problems are findings. */
export function generateUbl(json: unknown, opts: WriteUblOptions = {}): GenerateUblResult {
  const r = generateCii(json, opts);
  if (!r.ok || r.xml === undefined) return r;
  const xml = ciiTreeToUbl(parseXml(r.xml, { maxBytes: Number.MAX_SAFE_INTEGER }).root, opts.documentKind);
  return { ...r, xml, bytes: Buffer.byteLength(xml, 'utf8') };
}

/** Writes UBL or throws CiiError INVOICE_INVALID with the findings (as writeCii). */
export function writeUbl(invoice: unknown, opts: WriteUblOptions = {}): string {
  const r = generateUbl(invoice, opts);
  if (!r.ok || r.xml === undefined) {
    const errors = r.findings.filter((f) => f.severity === 'error');
    throw new CiiError('INVOICE_INVALID', `The invoice cannot be written: ${errors.map((e) => `${e.code}${e.path ? ` at ${e.path}` : ''}`).join(', ')}`, r.findings);
  }
  return r.xml;
}
