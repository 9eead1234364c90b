/**
 * typesetInvoice: invoice data → a professional A4 invoice (German or English) that is a PDF/A-3B
 * ZUGFeRD/Factur-X hybrid with factur-x.xml (EN 16931). The result has passed our own check (PDF/A-3 clauses,
 * embedded XML, Factur-X XMP, native EN 16931 rules); a failure throws CHECK_FAILED and returns no file.
 */
import { embedPdfA3Font, loadLiberationSans } from '@kontor/pdfa3';
import type { SchemaStore } from '@kontor/xml';
import { PDFDocument } from 'pdf-lib';
import { ownCheckFailed, ZugferdError } from '../errors';
import { checkHybrid, finishHybrid } from '../facturx/hybrid';
import { preparePdfInvoice } from '../internal/invoice';
import type { HybridInvoiceResult, InvoiceAttachment, Lang, Logo } from '../types';
import { Canvas, MM } from './canvas';
import { labelsFor } from './i18n';
import { layoutInvoice } from './layout';
import { embedLogo } from './logo';
import { FontText } from './text';

export interface TypesetOptions {
  lang?: Lang;
  logo?: Logo;
  /** the free-tier verification seal on every page */
  watermark?: boolean;
  attachments?: InvoiceAttachment[];
  /** creation and modification time written into the PDF and its XMP */
  now: Date;
  /** enables the XSD step of the EN 16931 check */
  schemaStore?: SchemaStore;
}

/**
 * @example
 * ```ts
 * const invoice = completeInvoice({ invoiceNumber: 'RE-1', issueDate: '2026-03-10', dueDate: '2026-04-09',
 *   seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
 *   buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
 *   lines: [{ name: 'Beratung', quantity: 8, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }] });
 * const { pdf, pages, check } = await typesetInvoice(invoice, { now: new Date(), lang: 'de' });
 * console.log(pages, check.verdict); // 1 'valid' — a PDF/A-3B with factur-x.xml inside
 * await writeFile('RE-1.pdf', pdf);
 * ```
 */
export async function typesetInvoice(invoice: unknown, opts: TypesetOptions): Promise<HybridInvoiceResult> {
  if (!opts || typeof opts !== 'object') throw new ZugferdError('INVALID_ARGUMENT', 'options are required (at least { now })');
  if (!(opts.now instanceof Date) || Number.isNaN(opts.now.getTime())) throw new ZugferdError('INVALID_ARGUMENT', 'now must be a valid Date');
  const lang = opts.lang ?? 'de';
  if (lang !== 'de' && lang !== 'en') throw new ZugferdError('INVALID_ARGUMENT', `lang must be de or en, not ${String(lang)}`);
  const prepared = preparePdfInvoice(invoice, opts.attachments, lang);
  const inv = prepared.invoice;

  const doc = await PDFDocument.create({ updateMetadata: false });
  const [regularBytes, boldBytes] = await Promise.all([loadLiberationSans('regular'), loadLiberationSans('bold')]);
  const regular = new FontText(await embedPdfA3Font(doc, regularBytes), regularBytes);
  const bold = new FontText(await embedPdfA3Font(doc, boldBytes), boldBytes);
  const logo = opts.logo ? await embedLogo(doc, opts.logo.bytes, opts.logo.mime, { width: 70 * MM, height: 26 * MM }) : undefined;

  const canvas = new Canvas(doc, regular, bold);
  layoutInvoice(canvas, {
    invoice: inv,
    totals: prepared.totals,
    lang,
    ...(logo ? { logo } : {}),
    watermark: opts.watermark === true,
    attachments: prepared.attachments.map((a) => (a.description !== undefined ? { filename: a.filename, description: a.description } : { filename: a.filename })),
  });

  canvas.flush();
  const L = labelsFor(lang);
  const title = `${L.documentTitles[inv.documentTypeCode] ?? L.documentTitles['380']} ${inv.invoiceNumber}`;
  const finished = await finishHybrid(doc, {
    xml: prepared.xml,
    level: 'EN 16931',
    attachments: prepared.attachments,
    now: opts.now,
    title,
    author: inv.seller.name,
    subject: `${title} – ${inv.seller.name} → ${inv.buyer.name}`,
    keywords: 'ZUGFeRD, Factur-X, EN 16931, e-invoice',
    lang: lang === 'de' ? 'de-DE' : 'en',
  });
  const check = await checkHybrid(finished.bytes, {
    xml: prepared.xml,
    attachmentNames: prepared.attachments.map((a) => a.filename),
    ...(opts.schemaStore ? { schemaStore: opts.schemaStore } : {}),
  });
  if (check.verdict === 'invalid') {
    const errors = [...check.pdfa, ...check.structure, ...check.en16931.findings].filter((f) => f.severity === 'error');
    throw ownCheckFailed('generated PDF', errors);
  }
  return { pdf: finished.bytes, xml: prepared.xml, pages: canvas.pages.length, warnings: [...prepared.warnings, ...finished.warnings], invoiceWarnings: prepared.invoiceWarnings, check };
}
