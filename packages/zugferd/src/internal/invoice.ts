/**
 * The invoice side of both modes: refuse the xrechnung profile, check the attachments (types and sizes of
 * spec §8), and run @kontor/cii's generateCii with attachmentsMode 'pdf' — the same call the XML path makes,
 * so the embedded bytes equal its output for the same options.
 */
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, attachmentMimeFromFilename, computeTotals, generateCii, type CiiAttachment, type Invoice, type InvoiceTotals, type InvoiceWarning } from '@kontor/cii';
import { ZugferdError } from '../errors';
import { FACTURX_FILENAME } from '../facturx/xmp';
import type { HybridAttachment } from '../facturx/hybrid';
import type { Finding, InvoiceAttachment } from '../types';
import type { Lang } from '@kontor/xml';
import { msg, type MessageKey, type TextParams } from '../messages';

export interface PdfInvoice {
  /** the normalised invoice (what the XML says) */
  invoice: Invoice;
  totals: InvoiceTotals;
  xml: string;
  attachments: HybridAttachment[];
  /** non-blocking findings (warnings and infos); warning messages in the requested language */
  warnings: Finding[];
  /** the warnings as {code, message, path} in the requested language */
  invoiceWarnings: InvoiceWarning[];
}

const PDF_TYPES = new Set(ATTACHMENT_TYPES.filter((t) => t.pdf).map((t) => t.mimeType));

/**
 * The options the PDF path passes to writeCii/generateCii (the XML of a hybrid equals writeCii(invoice, this)).
 * @example
 * ```ts
 * const xml = writeCii(invoice, { profile: 'en16931', ...ciiOptionsForPdf(attachments) }); // the XML a hybrid embeds
 * ```
 */
export function ciiOptionsForPdf(attachments: readonly InvoiceAttachment[]): { attachmentsMode: 'pdf'; attachments: CiiAttachment[] } {
  return {
    attachmentsMode: 'pdf',
    attachments: attachments.map((a) => {
      const c: CiiAttachment = { filename: a.filename, mimeType: a.mimeType ?? attachmentMimeFromFilename(a.filename) ?? 'application/octet-stream' };
      if (a.description !== undefined) c.description = a.description;
      return c;
    }),
  };
}

export function checkAttachments(list: readonly InvoiceAttachment[] | undefined, maxBytes = ATTACHMENT_MAX_BYTES, lang: Lang = 'en'): HybridAttachment[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new ZugferdError('INVALID_ARGUMENT', 'attachments must be an array');
  const seen = new Set<string>();
  return list.map((a, i) => {
    const where = `attachments.${i}`;
    const bad = (key: MessageKey, params: TextParams = {}): never => {
      const message = msg(key, lang, { where, ...params });
      throw new ZugferdError('ATTACHMENT_INVALID', message, { details: [{ code: 'ATTACHMENT_INVALID', severity: 'error', message, path: where }] });
    };
    if (!a || typeof a !== 'object') bad('ATT_NOT_OBJECT');
    if (typeof a.filename !== 'string' || a.filename.trim() === '') bad('ATT_NAME_REQUIRED');
    const name = a.filename.trim();
    if (name.length > 200 || /[\\/\u0000-\u001f]/.test(name)) bad('ATT_NAME_PLAIN', { name: name.slice(0, 60) });
    if (name.toLowerCase() === FACTURX_FILENAME || name.toLowerCase() === 'xrechnung.xml' || name.toLowerCase() === 'zugferd-invoice.xml') bad('ATT_NAME_RESERVED', { name });
    if (seen.has(name)) bad('ATT_NAME_TWICE', { name });
    seen.add(name);
    if (!(a.data instanceof Uint8Array)) bad('ATT_DATA_BYTES');
    if (a.data.length === 0) bad('ATT_EMPTY', { name });
    if (a.data.length > maxBytes) bad('ATT_TOO_LARGE', { name, bytes: a.data.length, max: maxBytes });
    const mime = (a.mimeType ?? attachmentMimeFromFilename(name))?.toLowerCase();
    if (!mime) bad('ATT_TYPE_UNKNOWN', { name });
    if (!PDF_TYPES.has(mime!)) bad('ATT_TYPE_NOT_ALLOWED', { mime, allowed: [...PDF_TYPES].join(', ') });
    if (a.description !== undefined && (typeof a.description !== 'string' || a.description.length > 1000)) bad('ATT_DESCRIPTION');
    const out: HybridAttachment = { filename: name, data: a.data, mimeType: mime! };
    if (a.description !== undefined && a.description.trim() !== '') out.description = a.description.trim();
    return out;
  });
}

function profileOf(input: unknown): unknown {
  return input && typeof input === 'object' ? (input as { profile?: unknown }).profile : undefined;
}

/** Validates the invoice and writes its XML for the PDF path. Throws ZugferdError (INVOICE_INVALID, PROFILE_NOT_SUPPORTED, ATTACHMENT_INVALID). */
export function preparePdfInvoice(input: unknown, attachmentsIn: readonly InvoiceAttachment[] | undefined, lang: Lang = 'en', findingsLang: Lang = 'en'): PdfInvoice {
  if (profileOf(input) === 'xrechnung') {
    throw new ZugferdError('PROFILE_NOT_SUPPORTED', msg('PROFILE_XML_ONLY', findingsLang), {
      details: [{ code: 'PROFILE_NOT_SUPPORTED', severity: 'error', message: msg('PROFILE_XML_ONLY_SHORT', findingsLang), path: 'profile', source: 'invoice' }],
    });
  }
  const attachments = checkAttachments(attachmentsIn, ATTACHMENT_MAX_BYTES, findingsLang);
  // gate: false — the PDF path gates the finished hybrid itself (checkHybrid: XSD + native rules on the embedded XML
  // + PDF/A-3; failure → 502), so the XML is validated once and a generation fault is never reported as bad input.
  const r = generateCii(input, { ...ciiOptionsForPdf(attachments), lang: findingsLang, warningLang: lang, gate: false });
  if (!r.ok || r.xml === undefined || !r.invoice) {
    const errors = r.findings.filter((f) => f.severity === 'error');
    throw new ZugferdError(
      'INVOICE_INVALID',
      msg('INVOICE_NOT_VALID', findingsLang, {
        errors: `${errors
          .slice(0, 5)
          .map((e) => `${e.code}${e.path ? ` (${e.path})` : ''}`)
          .join(', ')}${errors.length > 5 ? msg('AND_MORE', findingsLang, { count: errors.length - 5 }) : ''}`,
      }),
      { details: r.findings.map((f) => ({ ...f, source: 'invoice' as const })) },
    );
  }
  return {
    invoice: r.invoice,
    totals: computeTotals(r.invoice),
    xml: r.xml,
    attachments,
    warnings: localizeFindings(
      r.findings.filter((f) => f.severity !== 'error'),
      r.warnings,
    ).map((f) => ({ ...f, source: 'invoice' as const })),
    invoiceWarnings: r.warnings,
  };
}

/**
 * The checks of the PDF path that need no PDF: profile, attachments, schema and EN 16931 rules. Returns the XML
 * the hybrid will carry and the non-blocking findings; throws ZugferdError like typesetInvoice/embedInvoice would.
 * `lang`: the document language (and that of the warnings); `findingsLang`: that of the findings (default en).
 * @example
 * ```ts
 * const { xml, warnings, invoiceWarnings } = checkInvoiceForPdf(invoiceJson, [], 'de');
 * // throws ZugferdError INVOICE_INVALID (with findings) when the invoice cannot be written
 * ```
 */
export function checkInvoiceForPdf(
  input: unknown,
  attachments?: readonly InvoiceAttachment[],
  lang: Lang = 'en',
  findingsLang: Lang = 'en',
): { xml: string; warnings: Finding[]; invoiceWarnings: InvoiceWarning[] } {
  const p = preparePdfInvoice(input, attachments, lang, findingsLang);
  return { xml: p.xml, warnings: p.warnings, invoiceWarnings: p.invoiceWarnings };
}

/** The findings with the warning messages replaced by the localised ones (same order: warnings are the findings of severity warning). */
function localizeFindings(findings: Finding[], warnings: readonly InvoiceWarning[]): Finding[] {
  let k = 0;
  return findings.map((f) => (f.severity === 'warning' && warnings[k] ? { ...f, message: warnings[k++]!.message } : f));
}
