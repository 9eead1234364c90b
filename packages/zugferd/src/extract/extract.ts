/**
 * extractInvoice (spec §4.7): invoice data from any PDF. An embedded e-invoice (ZUGFeRD 2.x / Factur-X / XRechnung
 * CII) is read deterministically by @kontor/cii's reader (source xml; what the model cannot hold becomes an issue).
 * Otherwise the print is read: the text layer with positions, the deterministic text path, and — when a model
 * provider is given — the model path with its repair loop (source llm).
 *
 * Split in two so that servers can run the heavy, CPU-bound half (PDF parsing) in a worker and the model call where
 * their outbound network policy lives: prepareExtraction (pure, no network) + completeExtraction (model, optional).
 */
import { readEmbeddedFiles, type EmbeddedFile } from '@kontor/pdfa3';
import { positionOf, readCii, type InvoiceInput } from '@kontor/cii';
import type { ModelProvider } from '@kontor/ai';
import { ZugferdError } from '../errors';
import { msg } from '../messages';
import type { Lang } from '@kontor/xml';
import { PDF_MAX_BYTES } from '../embed/embed';
import { sniffInput } from '../verify/verify';
import { INVOICE_FILE_NAMES } from '../verify/profiles';
import { readTextLayer, renderPageImages, textLayerToPlainText } from './text-layer';
import { extractFromTextLayer, type TextExtraction } from './text-extract';
import { extractWithModel } from './model-extract';
import { zugferd1ToCii, type Zugferd1Conversion } from './zugferd1';
import type { ExtractionIssue, ExtractionResult } from './types';

export interface ExtractOptions {
  /** A model provider (OpenAI-compatible) for the model path; without it the deterministic text path answers. */
  model?: ModelProvider;
  /** Repair rounds of the model path (default 2). */
  maxRepairRounds?: number;
  /** Largest accepted input (default 25 MB). */
  maxBytes?: number;
  /** Pages read from the text layer (default 50). */
  maxPages?: number;
  /** Render page images of a PDF without text layer (a scan) for a vision model; default: when a model is given. */
  renderScans?: boolean;
  signal?: AbortSignal;
  /** Language of the issue messages (default en). */
  lang?: Lang | undefined;
}

/** The result of the CPU-bound half: either the finished xml result or the print's text and the text-path result. */
export type PreparedExtraction = { kind: 'xml'; result: ExtractionResult } | { kind: 'print'; text: string; textPath: TextExtraction; notes: ExtractionIssue[]; images?: string[] };

const isInvoiceName = (n: string) => INVOICE_FILE_NAMES.some((x) => x.toLowerCase() === n.toLowerCase());

/** Embedded files that may be the invoice: the registered names first, then any XML with a CII root element. */
function invoiceFileCandidates(files: EmbeddedFile[]): EmbeddedFile[] {
  const named = files.filter((f) => isInvoiceName(f.name) && f.data.byteLength > 0);
  const other = files.filter(
    (f) => !named.includes(f) && /\.xml$/i.test(f.name) && f.data.byteLength > 0 && /<(\w+:)?Cross(Industry)?(Invoice|Document)\b/.test(Buffer.from(f.data.subarray(0, 4096)).toString('utf8')),
  );
  return [...named, ...other];
}

/** Embedded CII → the invoice model, every unmapped element and attachment listed as an issue. */
function fromEmbeddedXml(file: EmbeddedFile, allowZugferd1: boolean, lang: Lang): { result?: ExtractionResult; notes: ExtractionIssue[] } {
  let read = readCii(file.data);
  let converted: Zugferd1Conversion | undefined;
  const isZugferd1 = !read.invoice && read.findings.some((f) => f.code === 'NOT_CII' && /ZUGFeRD 1\.0/.test(f.message));
  if (isZugferd1 && !allowZugferd1) return { notes: [] };
  if (isZugferd1) {
    try {
      converted = zugferd1ToCii(file.data);
    } catch {
      converted = undefined;
    }
    const again = converted ? readCii(converted.xml) : null;
    if (again?.invoice) read = again;
    else converted = undefined;
  }
  if (!read.invoice) {
    const why = read.findings.map((f) => f.message).join('; ') || 'unknown';
    const zf1 = read.findings.some((f) => f.code === 'NOT_CII' && /ZUGFeRD 1\.0/.test(f.message));
    return {
      notes: [
        zf1
          ? { code: 'EMBEDDED_ZUGFERD1_NOT_READ', severity: 'warning', message: msg('EMBEDDED_ZUGFERD1_NOT_READ', lang, { name: file.name }) }
          : { code: 'EMBEDDED_XML_UNREADABLE', severity: 'warning', message: msg('EMBEDDED_XML_UNREADABLE', lang, { name: file.name, reason: why }) },
      ],
    };
  }
  const issues: ExtractionIssue[] = [];
  if (converted) {
    issues.push({ code: 'ZUGFERD1_MAPPED', severity: 'warning', message: msg('ZUGFERD1_MAPPED', lang, { name: file.name }) });
    for (const p of converted.droppedTextLines) issues.push({ code: 'NOT_IN_MODEL', severity: 'warning', message: msg('TEXT_LINE_NOT_IN_MODEL', lang), path: p });
  }
  for (const f of read.findings) issues.push({ code: f.code, severity: f.severity === 'error' ? 'error' : 'warning', message: f.message, ...positionOf(f) });
  for (const i of read.issues) issues.push({ code: i.code, severity: i.severity === 'error' ? 'error' : 'warning', message: i.message, path: i.path });
  for (const u of read.unsupported) issues.push({ code: 'NOT_IN_MODEL', severity: 'warning', message: msg('NOT_IN_MODEL', lang, { reason: u.reason }), path: u.path });
  read.attachments.forEach((a, n) =>
    issues.push({ code: 'ATTACHMENT_NOT_IN_MODEL', severity: 'warning', message: msg('ATTACHMENT_NOT_IN_MODEL', lang, { name: a.filename ?? a.id ?? n + 1 }), path: `attachments.${n}` }),
  );
  return { result: { invoice: read.invoice, issues, repairedPaths: [], source: 'xml' }, notes: [] };
}

/**
 * The CPU-bound half: input checks, embedded e-invoice, text layer and the deterministic text path.
 * @example
 * ```ts
 * const prepared = await prepareExtraction(bytes); // PDF work only, no model call
 * const r = prepared.kind === 'xml' ? prepared.result : await completeExtraction(prepared, { model });
 * ```
 */
export async function prepareExtraction(bytes: Uint8Array, opts: Omit<ExtractOptions, 'model' | 'signal' | 'maxRepairRounds'> = {}): Promise<PreparedExtraction> {
  // renderScans: only the caller knows whether a (vision) model will read the result
  if (!(bytes instanceof Uint8Array)) throw new ZugferdError('INVALID_ARGUMENT', 'bytes must be a Uint8Array');
  const max = opts.maxBytes ?? PDF_MAX_BYTES;
  if (bytes.byteLength > max) throw new ZugferdError('PDF_TOO_LARGE', `The PDF has ${bytes.byteLength} bytes; at most ${max} are accepted`);
  const kind = sniffInput(bytes);
  if (kind === 'empty') throw new ZugferdError('NOT_A_PDF', 'The file is empty');
  if (kind !== 'pdf')
    throw new ZugferdError('NOT_A_PDF', kind === 'xml' ? 'The file is XML, not a PDF; extraction reads PDF invoices' : 'The file is not a PDF (no %PDF- header in the first 1024 bytes)');

  const notes: ExtractionIssue[] = [];
  let files: EmbeddedFile[] = [];
  try {
    files = await readEmbeddedFiles(bytes, { maxFileBytes: 50 * 1024 * 1024 });
  } catch {
    // Encrypted (pdfjs may still open it with the empty password) or damaged: the text layer decides below.
  }
  // CII D16B first (a file carrying both ZUGFeRD 1.0 and 2.x answers from the 2.x XML), then ZUGFeRD 1.0
  const candidates = invoiceFileCandidates(files);
  for (const allowZugferd1 of [false, true]) {
    for (const file of candidates) {
      const r = fromEmbeddedXml(file, allowZugferd1, opts.lang ?? 'en');
      if (r.result) return { kind: 'xml', result: r.result };
      if (allowZugferd1) notes.push(...r.notes);
    }
  }
  const layer = await readTextLayer(bytes, { maxPages: opts.maxPages ?? 50 });
  const textPath = extractFromTextLayer(layer, opts.lang ?? 'en');
  const images = layer.runCount === 0 && opts.renderScans ? await renderPageImages(bytes) : [];
  return { kind: 'print', text: textLayerToPlainText(layer), textPath, notes, ...(images.length > 0 ? { images } : {}) };
}

/**
 * The second half: the model path when a provider is given, else the text path's result.
 * @example
 * ```ts
 * const prepared = await prepareExtraction(bytes);
 * const r = await completeExtraction(prepared, { model, maxRepairRounds: 2 }); // the model path, when the PDF had no e-invoice
 * ```
 */
export async function completeExtraction(prepared: PreparedExtraction, opts: Pick<ExtractOptions, 'model' | 'maxRepairRounds' | 'signal' | 'lang'> = {}): Promise<ExtractionResult> {
  if (prepared.kind === 'xml') return prepared.result;
  if (opts.model) {
    const r = await extractWithModel(prepared.text, prepared.textPath, {
      model: opts.model,
      ...(prepared.images ? { images: prepared.images } : {}),
      ...(opts.maxRepairRounds !== undefined ? { maxRepairRounds: opts.maxRepairRounds } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.lang ? { lang: opts.lang } : {}),
    });
    return { ...r, issues: [...prepared.notes, ...r.issues] };
  }
  const t = prepared.textPath;
  return { invoice: t.invoice as InvoiceInput, issues: [...prepared.notes, ...t.issues], repairedPaths: t.repairedPaths, source: 'llm' };
}

/**
 * Invoice data from a PDF. Throws ZugferdError for input that is not a readable PDF (NOT_A_PDF, PDF_TOO_LARGE,
 * PDF_ENCRYPTED, PDF_UNREADABLE) and when the model path fails (MODEL_FAILED); everything else is data.
 * @example
 * ```ts
 * const r = await extractInvoice(await readFile('scan-or-hybrid.pdf'), { model, lang: 'de' });
 * console.log(r.source, r.invoice.invoiceNumber, r.repairedPaths); // 'xml' when an e-invoice was embedded
 * ```
 */
export async function extractInvoice(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<ExtractionResult> {
  const prepared = await prepareExtraction(bytes, { ...opts, renderScans: opts.renderScans ?? !!opts.model });
  return completeExtraction(prepared, opts);
}
