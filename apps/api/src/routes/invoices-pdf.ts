/**
 * POST /invoices, format=pdf (spec §4.6): the PDF/A-3 ZUGFeRD/Factur-X path of the same endpoint as invoices.ts.
 * Order: input checks (invoice rules, logo, sizes) → billing rule 1 (subscription → credit → free watermarked
 * quota → 429) → typeset or embed with @kontor/zugferd, whose own check (PDF/A-3 + EN 16931) must pass before a
 * file leaves (rule 4; a failure is 502 upstream_error). Any failure after the reservation releases it, so a
 * rejected request costs nothing. The xrechnung profile is XML only: the PDF path answers 400 invalid_input.
 */
import type { Context } from 'hono';
import { PDF_MAX_BYTES, type InvoiceAttachment, type LogoMime } from '@kontor/zugferd';
import { withCharge } from '../billing/billing';
import type { AccountRow } from '../platform/accounts';
import { ApiError } from '../platform/errors';
import type { AppEnv, Services } from '../platform/services';
import type { InvoiceWarning } from '@kontor/cii';
import { findingsLang, setWarningHeaders, warningLang } from './invoices';
import { transferable } from '../workers/client';

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
    throw invalid(`The PDF has ${req.pdf.byteLength} bytes; at most ${PDF_MAX_BYTES} are allowed`, [
      { code: 'PDF_TOO_LARGE', severity: 'error', message: `At most ${PDF_MAX_BYTES} bytes`, path: 'pdf' },
    ]);
  }
  // The invoice rules and the logo check run in a job worker (bounded time and heap), still before billing.
  const pre = await services.jobs.run<{ warnings: InvoiceWarning[]; logoMime?: LogoMime }>('pdf.precheck', {
    invoice: req.invoice,
    attachments: req.attachments,
    lang: warningLang(req.lang),
    findingsLang: findingsLang(c.req.header('accept-language')),
    ...(req.logo ? { logo: req.logo } : {}),
    ...(req.logoMime !== undefined && LOGO_TYPES.has(req.logoMime) ? { logoMime: req.logoMime } : {}),
  });
  const warnings: InvoiceWarning[] = pre.warnings;
  const logoMime: LogoMime | undefined = pre.logoMime;

  // 2. rule 1: subscription → credit → free watermarked quota (429 free_quota_exhausted)
  const charge = await services.billing.reserveInvoicePdf(account);
  const now = services.clock();
  const lang = req.lang === 'en' ? 'en' : 'de';
  // Typesetting or embedding runs in a job worker; the charge commits only once the response body exists.
  return withCharge(
    charge,
    async () => {
      const pdf = req.pdf ? transferable(req.pdf) : undefined;
      return await services.jobs.run<{ pdf: Uint8Array }>(
        'pdf.create',
        {
          invoice: req.invoice,
          attachments: req.attachments,
          lang,
          watermark: charge.watermark,
          now: now.toISOString(),
          ...(pdf ? { pdf: pdf.bytes } : {}),
          ...(req.logo ? { logo: req.logo } : {}),
          ...(logoMime ? { logoMime } : {}),
        },
        pdf ? { transfer: pdf.transfer, inputBytes: pdf.bytes.byteLength } : {},
      );
    },
    (value) => {
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
    },
  );
}
