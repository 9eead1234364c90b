/**
 * POST /invoices, format=pdf (spec §4.6): the PDF/A-3 ZUGFeRD/Factur-X path of the same endpoint as invoices.ts.
 * Order: input checks (invoice rules, logo, sizes) → billing rule 1 (subscription → credit → free watermarked
 * quota → 429) → typeset or embed with @kontor/zugferd, whose own check (PDF/A-3 + EN 16931) must pass before a
 * file leaves (rule 4; a failure is 502 upstream_error). Any failure after the reservation releases it, so a
 * rejected request costs nothing. The xrechnung profile is XML only: the PDF path answers 400 invalid_input.
 */
import type { Context } from 'hono';
import { checkInvoiceForPdf, checkLogo, embedInvoice, PDF_MAX_BYTES, typesetInvoice, ZugferdError, type InvoiceAttachment, type LogoMime } from '@kontor/zugferd';
import { withCharge } from '../billing/billing';
import type { AccountRow } from '../platform/accounts';
import { ApiError } from '../platform/errors';
import type { AppEnv, Services } from '../platform/services';
import type { InvoiceWarning } from '@kontor/cii';
import { setWarningHeaders, warningLang } from './invoices';

export interface PdfInvoiceInput {
  invoice: unknown;
  attachments: InvoiceAttachment[];
  filename: string | undefined;
  pdf?: Uint8Array;
  logo?: Uint8Array;
  /** declared logo type (logo_mime, a data: URI's type, or the multipart part's type); checked against the content */
  logoMime?: string;
  lang?: string;
}

export interface PdfNegotiation {
  /** Accept names application/json explicitly (no wildcard): answer {pdf_base64, bytes} */
  json: boolean;
}

const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/svg+xml']);

function invalid(message: string, details: unknown = null): ApiError {
  return new ApiError(400, 'invalid_input', message, details);
}

/** A ZugferdError as the §7 envelope: input problems are 400 invalid_input, a failed self-check is 502. */
export function toApiError(e: ZugferdError): ApiError {
  if (e.code === 'CHECK_FAILED') {
    return new ApiError(502, 'upstream_error', `The generated PDF did not pass the authoritative check (PDF/A-3, EN 16931); no file was delivered`, e.findings);
  }
  if (e.code === 'INVOICE_INVALID') {
    const codes = [...new Set(e.findings.filter((f) => f.severity === 'error').map((f) => f.code))];
    return invalid(`The invoice was rejected: ${codes.join(', ')}`, e.findings);
  }
  const reason = { code: e.code, severity: 'error', message: e.message };
  return invalid(e.message, [reason, ...e.findings.filter((f) => f.code !== e.code || f.message !== e.message)]);
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Runs the PDF path and answers. `filename` is already the output name (default invoice.pdf).
 */
export async function createPdfInvoice(c: Context<AppEnv>, services: Services, account: AccountRow, req: PdfInvoiceInput, neg: PdfNegotiation, filename: string): Promise<Response> {
  // 1. everything that needs no file generation, before any billing
  if (req.lang !== undefined && req.lang !== 'de' && req.lang !== 'en') throw invalid('lang must be de or en', [{ code: 'INVALID_LANG', severity: 'error', message: 'de or en', path: 'lang' }]);
  if (req.pdf && req.logo) {
    throw invalid('A logo can only be used when the invoice is typeset (without pdf); with a supplied PDF the logo is part of that PDF', [
      { code: 'LOGO_WITH_PDF', severity: 'error', message: 'logo and pdf are mutually exclusive', path: 'logo' },
    ]);
  }
  if (req.pdf && req.pdf.byteLength > PDF_MAX_BYTES) {
    throw invalid(`The PDF has ${req.pdf.byteLength} bytes; at most ${PDF_MAX_BYTES} are allowed`, [{ code: 'PDF_TOO_LARGE', severity: 'error', message: `At most ${PDF_MAX_BYTES} bytes`, path: 'pdf' }]);
  }
  let logoMime: LogoMime | undefined;
  let warnings: InvoiceWarning[] = [];
  try {
    warnings = checkInvoiceForPdf(req.invoice, req.attachments, warningLang(req.lang)).invoiceWarnings;
    if (req.logo) logoMime = checkLogo(req.logo, req.logoMime !== undefined && LOGO_TYPES.has(req.logoMime) ? req.logoMime : undefined);
  } catch (e) {
    if (e instanceof ZugferdError) throw toApiError(e);
    throw e;
  }

  // 2. rule 1: subscription → credit → free watermarked quota (429 free_quota_exhausted)
  const charge = await services.billing.reserveInvoicePdf(account);
  const now = services.clock();
  const lang = req.lang === 'en' ? 'en' : 'de';
  const { value } = await withCharge(charge, async () => {
    try {
      if (req.pdf) return await embedInvoice(req.pdf, req.invoice, { now, lang, attachments: req.attachments, schemaStore: services.schemaStore });
      return await typesetInvoice(req.invoice, {
        now,
        lang,
        watermark: charge.watermark,
        attachments: req.attachments,
        schemaStore: services.schemaStore,
        ...(req.logo ? { logo: { bytes: req.logo, ...(logoMime ? { mime: logoMime } : {}) } } : {}),
      });
    } catch (e) {
      if (e instanceof ZugferdError) throw toApiError(e);
      throw e;
    }
  });

  c.header('Content-Disposition', contentDisposition(filename));
  c.header('X-Invoice-Watermark', charge.watermark ? 'true' : 'false');
  setWarningHeaders(c, warnings);
  if (neg.json) {
    const payload = JSON.stringify({ pdf_base64: Buffer.from(value.pdf).toString('base64'), bytes: value.pdf.byteLength, warnings });
    c.header('X-Invoice-Bytes', String(Buffer.byteLength(payload, 'utf8')));
    return c.body(payload, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  }
  c.header('X-Invoice-Bytes', String(value.pdf.byteLength));
  return c.body(value.pdf as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/pdf' });
}
