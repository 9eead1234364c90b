/**
 * embedInvoice: a supplied visual invoice PDF becomes a PDF/A-3B ZUGFeRD/Factur-X hybrid with factur-x.xml.
 * Page content is not touched. @kontor/pdfa3's loadForPdfA3 decides what can be converted and repairs small
 * things; here we add what concerns hybrids (an earlier invoice XML is replaced, a signed file is refused, a stale
 * linearisation dictionary dropped). Refusals carry a reason code; nothing that fails our own check is returned.
 */
import { baseFontStartsWith, loadForPdfA3, someRawPdfBytes, type Finding as PdfaFinding } from '@kontor/pdfa3';
import type { SchemaStore } from '@kontor/xml';
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRef, PDFStream, PDFString, type PDFDocument, type PDFObject } from 'pdf-lib';
import { embedStandardFonts } from './standard-fonts';
import { ownCheckFailed, ZugferdError, type ZugferdErrorCode } from '../errors';
import { checkHybrid, finishHybrid } from '../facturx/hybrid';
import { preparePdfInvoice } from '../internal/invoice';
import { labelsFor } from '../typeset/i18n';
import type { Finding, HybridInvoiceResult, InvoiceAttachment, Lang } from '../types';

/** §8: 25 MB. */
export const PDF_MAX_BYTES = 26_214_400;

export interface EmbedOptions {
  attachments?: InvoiceAttachment[];
  /** modification time written into the PDF and its XMP */
  now: Date;
  /** language of the document title written into the metadata (default de) */
  lang?: Lang;
  maxPdfBytes?: number;
  /** enables the XSD step of the EN 16931 check */
  schemaStore?: SchemaStore;
}

const LEGACY_XML_NAMES = new Set(['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'order-x.xml']);

function refuse(code: ZugferdErrorCode, message: string, findings: Finding[] = []): never {
  throw new ZugferdError(code, message, { details: findings.length ? findings : [{ code, severity: 'error', message, source: 'structure' }] });
}

function lookup(doc: PDFDocument, o: PDFObject | undefined): PDFObject | undefined {
  return o instanceof PDFRef ? doc.context.lookup(o) : o;
}

/**
 * @example
 * ```ts
 * const r = await embedInvoice(await readFile('rechnung-aus-dem-wawi.pdf'), invoice, { now: new Date() });
 * await writeFile('RE-1-zugferd.pdf', r.pdf); // the supplied page content, made PDF/A-3B, with the CII embedded
 * ```
 */
export async function embedInvoice(pdf: Uint8Array, invoice: unknown, opts: EmbedOptions): Promise<HybridInvoiceResult> {
  if (!(pdf instanceof Uint8Array)) throw new ZugferdError('INVALID_ARGUMENT', 'pdf must be a Uint8Array');
  if (!opts || typeof opts !== 'object' || !(opts.now instanceof Date) || Number.isNaN(opts.now.getTime())) throw new ZugferdError('INVALID_ARGUMENT', 'options with a valid now (Date) are required');
  const lang = opts.lang ?? 'de';
  if (lang !== 'de' && lang !== 'en') throw new ZugferdError('INVALID_ARGUMENT', `lang must be de or en, not ${String(lang)}`);
  const max = opts.maxPdfBytes ?? PDF_MAX_BYTES;
  if (pdf.length > max) refuse('PDF_TOO_LARGE', `The PDF has ${pdf.length} bytes; at most ${max} are allowed`);
  // the invoice first: a data error is the more useful answer
  const prepared = preparePdfInvoice(invoice, opts.attachments, lang);

  const head = Buffer.from(pdf.buffer, pdf.byteOffset, Math.min(pdf.byteLength, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) refuse('PDF_UNREADABLE', 'The file is not a PDF (no %PDF- header)');
  // The one page-level problem we can fix without changing the pages: standard Helvetica/Arial not embedded. The
  // substitution is made on the parsed document before the load check judges it (no second file, no second parse).
  // When the file's bytes show such a font it is made in the one load check; fonts the bytes do not show (inside
  // object streams the guess could not read) are found by the check, which then runs again with the substitution.
  // An encrypted file is refused by the load check before anything is substituted.
  let substituted: string[] = [];
  const substitute = (d: PDFDocument) => {
    const r = embedStandardFonts(d);
    substituted = r.fonts;
    return { decoded: r.decoded };
  };
  const early = namesStandardFont(pdf);
  let loaded = await loadForPdfA3(pdf, early ? { prepare: substitute } : {});
  if (!early && !loaded.ok && onlyUnembeddedFonts(loaded.findings)) loaded = await loadForPdfA3(pdf, { prepare: substitute });
  if (!loaded.ok) refuseLoad(loaded.findings);
  const doc = loaded.doc;
  if (isSigned(doc)) refuse('PDF_SIGNED', 'The PDF carries a digital signature that embedding the invoice XML would invalidate; embed the XML before signing.');
  const fixed: string[] = loaded.findings.filter((f) => f.code === 'PDFA_REPAIRED').map((f) => f.message);
  if (substituted.length) fixed.push(`embedded Liberation Sans (same widths) for the unembedded font(s) ${substituted.join(', ')}`);
  dropLinearization(doc, fixed);
  removeOldInvoiceXml(doc, fixed);

  const L = labelsFor(lang);
  const inv = prepared.invoice;
  const title = `${L.documentTitles[inv.documentTypeCode] ?? L.documentTitles['380']} ${inv.invoiceNumber}`;
  let finished;
  try {
    const creator = creatorOf(doc);
    finished = await finishHybrid(doc, {
      xml: prepared.xml,
      level: 'EN 16931',
      attachments: prepared.attachments,
      now: opts.now,
      title,
      author: inv.seller.name,
      subject: `${title} – ${inv.seller.name} → ${inv.buyer.name}`,
      keywords: 'ZUGFeRD, Factur-X, EN 16931, e-invoice',
      ...(creator ? { creator } : {}),
      lang: lang === 'de' ? 'de-DE' : 'en',
    });
  } catch (e) {
    if (e instanceof ZugferdError) throw e;
    if ((e as { code?: string }).code === 'NOT_PDFA_READY') refuse('PDF_NOT_CONVERTIBLE', (e as Error).message);
    throw e;
  }
  const check = await checkHybrid(finished.bytes, {
    xml: prepared.xml,
    attachmentNames: prepared.attachments.map((a) => a.filename),
    ...(opts.schemaStore ? { schemaStore: opts.schemaStore } : {}),
    // the supplied pages were checked on load; unless they changed, their findings are replayed, not re-tokenised
    precheck: loaded.precheck,
  });
  if (check.verdict === 'invalid') classifyFailure(check);
  const warnings: Finding[] = [
    ...prepared.warnings,
    ...finished.warnings,
    ...[...fixed, ...finished.removed].map((what) => ({ code: 'PDF_FIXED', severity: 'info' as const, message: `fixed for PDF/A-3: ${what}`, source: 'structure' as const })),
    ...loaded.findings.filter((f) => f.severity === 'warning').map((f) => ({ ...f, source: 'pdfa' as const })),
  ];
  return { pdf: finished.bytes, xml: prepared.xml, pages: doc.getPageCount(), warnings, invoiceWarnings: prepared.invoiceWarnings, check };
}

function onlyUnembeddedFonts(findings: readonly PdfaFinding[]): boolean {
  const errors = findings.filter((f) => f.severity === 'error');
  return errors.length > 0 && errors.every((f) => f.code === 'PDFA_FONT_NOT_EMBEDDED');
}

/**
 * Whether the file names a font we can substitute: `/BaseFont` followed by a Helvetica or Arial name without a
 * subset tag (an embedded subset is `/ABCDEF+ArialMT`), in the clear or inside a FlateDecode object stream (pdf-lib
 * writes its font dictionaries there). A guess that decides only the order of the work: a fully embedded Arial also
 * matches (embedStandardFonts then substitutes nothing), and a font this does not see is found by the load check.
 * @internal exported for its test
 */
export function namesStandardFont(pdf: Uint8Array): boolean {
  return someRawPdfBytes(pdf, (b) => baseFontStartsWith(b, STANDARD_FONT_NAMES));
}

const STANDARD_FONT_NAMES = ['/Helvetica', '/Arial'];

/** Maps @kontor/pdfa3's refusal to our reason codes (its findings travel along). */
function refuseLoad(findings: PdfaFinding[]): never {
  const errors: Finding[] = findings.filter((f) => f.severity === 'error').map((f) => ({ ...f, source: 'pdfa' as const }));
  const has = (code: string) => errors.some((f) => f.code === code);
  if (has('PDFA_ENCRYPTED')) refuse('PDF_ENCRYPTED', 'The PDF is encrypted or password protected; PDF/A forbids encryption. Supply an unprotected PDF.', errors);
  if (has('PDF_UNREADABLE') || has('PDF_NO_PAGES')) refuse('PDF_UNREADABLE', `The PDF cannot be read: ${errors[0]?.message ?? 'damaged'}`, errors);
  const fonts = errors.filter((f) => f.code === 'PDFA_FONT_NOT_EMBEDDED');
  if (fonts.length) {
    const names = fontNames(fonts);
    refuse('PDF_FONTS_NOT_EMBEDDED', `The PDF uses fonts that are not embedded (${names.join(', ') || 'see findings'}); PDF/A needs every font embedded. Export the PDF with embedded fonts.`, errors);
  }
  const reasons = [...new Set(errors.map((f) => f.code))];
  refuse('PDF_NOT_CONVERTIBLE', `The PDF cannot become PDF/A-3 without changing its pages (${reasons.join(', ')}): ${errors[0]?.message ?? ''}`, errors);
}

/** The fonts the findings are about: @kontor/pdfa3 gives the /BaseFont name as data (`font`), in every message language. */
function fontNames(findings: readonly Finding[]): string[] {
  return [...new Set(findings.map((f) => f.font).filter((n): n is string => n !== undefined))];
}

/**
 * After conversion, failures in page content are the input's (400 with a reason); document-level ones
 * (metadata, embedded files, structure, the XML) would be ours: CHECK_FAILED (→ 502).
 */
function classifyFailure(check: HybridInvoiceResult['check']): never {
  const pdfaErrors = check.pdfa.filter((f) => f.severity === 'error');
  const notEmbedded = pdfaErrors.filter((f) => f.code === '6.2.11.4.1');
  const input = pdfaErrors.filter((f) => /^6\.(1\.(4|5|6|7|8|9|10|11|12|13)|2|3|4|5|7|9|10|11)(\.|$)/.test(f.code));
  if (notEmbedded.length) {
    const names = fontNames(notEmbedded);
    refuse(
      'PDF_FONTS_NOT_EMBEDDED',
      `The PDF uses fonts that are not embedded (${names.join(', ') || 'see findings'}); PDF/A needs every font embedded. Export the PDF with embedded fonts.`,
      notEmbedded,
    );
  }
  if (input.length) {
    const clauses = [...new Set(input.map((f) => f.rule ?? f.code))];
    refuse('PDF_NOT_CONVERTIBLE', `The PDF has content PDF/A-3 forbids that cannot be fixed without changing its pages (${clauses.slice(0, 6).join(', ')}): ${input[0]!.message}`, input);
  }
  const all = [...pdfaErrors, ...check.structure.filter((f) => f.severity === 'error'), ...check.en16931.findings.filter((f) => f.severity === 'error')];
  throw ownCheckFailed('hybrid PDF', all);
}

function creatorOf(doc: PDFDocument): string | undefined {
  try {
    const c = doc.getCreator();
    return c && c.trim() ? c.trim().slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

/** A signature field with a value: rewriting the file would break the signature. */
function isSigned(doc: PDFDocument): boolean {
  const acro = lookup(doc, doc.catalog.get(PDFName.of('AcroForm')));
  if (!(acro instanceof PDFDict)) return false;
  const fields = lookup(doc, acro.get(PDFName.of('Fields')));
  const seen = new Set<PDFObject>();
  const walk = (arr: PDFObject | undefined, depth: number): boolean => {
    if (!(arr instanceof PDFArray) || depth > 16) return false;
    for (const x of arr.asArray()) {
      const f = lookup(doc, x);
      if (!(f instanceof PDFDict) || seen.has(f)) continue;
      seen.add(f);
      const ft = lookup(doc, f.get(PDFName.of('FT')));
      if (ft instanceof PDFName && ft.decodeText() === 'Sig' && f.has(PDFName.of('V'))) return true;
      if (walk(lookup(doc, f.get(PDFName.of('Kids'))), depth + 1)) return true;
    }
    return false;
  };
  return walk(fields, 0);
}

/** A linearisation dictionary is stale after a full rewrite (and confuses readers that trust it). */
function dropLinearization(doc: PDFDocument, fixed: string[]): void {
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && !(obj instanceof PDFStream) && obj.has(PDFName.of('Linearized'))) {
      doc.context.delete(ref);
      fixed.push('removed the stale linearisation dictionary');
    }
  }
}

/** An invoice XML of an earlier hybrid is removed (ours replaces it): name-tree entry, /AF entry and objects. */
function removeOldInvoiceXml(doc: PDFDocument, fixed: string[]): void {
  const ctx = doc.context;
  const namesDict = lookup(doc, doc.catalog.get(PDFName.of('Names')));
  if (!(namesDict instanceof PDFDict)) return;
  const root = lookup(doc, namesDict.get(PDFName.of('EmbeddedFiles')));
  if (!(root instanceof PDFDict)) return;
  const entries: [PDFString | PDFHexString, PDFObject][] = [];
  const seen = new Set<PDFObject>();
  const walk = (node: PDFObject | undefined, depth: number): void => {
    const n = lookup(doc, node);
    if (!(n instanceof PDFDict) || seen.has(n) || depth > 32) return;
    seen.add(n);
    const arr = lookup(doc, n.get(PDFName.of('Names')));
    if (arr instanceof PDFArray) {
      for (let i = 0; i + 1 < arr.size(); i += 2) {
        const k = lookup(doc, arr.get(i));
        if (k instanceof PDFString || k instanceof PDFHexString) entries.push([k, arr.get(i + 1)]);
      }
    }
    const kids = lookup(doc, n.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) for (const k of kids.asArray()) walk(k, depth + 1);
  };
  walk(root, 0);
  const af = lookup(doc, doc.catalog.get(PDFName.of('AF')));
  const keep: [PDFString | PDFHexString, PDFObject][] = [];
  for (const [k, v] of entries) {
    const spec = lookup(doc, v);
    const labels = [textOf(k)];
    if (spec instanceof PDFDict) labels.push(textOf(lookup(doc, spec.get(PDFName.of('UF')))), textOf(lookup(doc, spec.get(PDFName.of('F')))));
    if (!(spec instanceof PDFDict) || !labels.some((x) => x !== undefined && LEGACY_XML_NAMES.has(x.toLowerCase()))) {
      keep.push([k, v]);
      continue;
    }
    if (af instanceof PDFArray) {
      for (let i = af.size() - 1; i >= 0; i--) if ((lookup(doc, af.get(i)) ?? af.get(i)) === spec) af.remove(i);
    }
    // delete the objects too: pdf-lib writes every object of the context, referenced or not
    const ef = lookup(doc, spec.get(PDFName.of('EF')));
    if (ef instanceof PDFDict) {
      for (const key of ['F', 'UF']) {
        const r = ef.get(PDFName.of(key));
        if (r instanceof PDFRef) ctx.delete(r);
      }
    }
    if (v instanceof PDFRef) ctx.delete(v);
    fixed.push(`removed the previous invoice XML ${labels.find((x) => x) ?? ''}`);
  }
  if (keep.length !== entries.length) {
    const flat: PDFObject[] = [];
    for (const [k, v] of keep) flat.push(k, v);
    namesDict.set(PDFName.of('EmbeddedFiles'), ctx.register(ctx.obj({ Names: ctx.obj(flat) })));
  }
}

function textOf(o: PDFObject | undefined): string | undefined {
  if (!(o instanceof PDFString || o instanceof PDFHexString)) return undefined;
  try {
    return o.decodeText();
  } catch {
    return undefined;
  }
}
