/** Facts about a PDF relevant to PDF/A and hybrid documents, read without judging them. */
import { PDFArray, PDFDict, PDFName, PDFStream } from 'pdf-lib';
import type { PDFDocument } from 'pdf-lib';
import { Pdfa3Error } from '../errors';
import { latin1, utf8 } from '../internal/bytes';
import { readIccHeader } from '../internal/icc';
import { decodeReusing, decodeStream, get, getArray, getDict, getName, getText, loadTolerant, looksEncrypted, resolve } from '../internal/pdf';
import { parsePdfDate } from '../internal/pdf-date';
import { readXmpFacts, type XmpFacts } from '../xmp/read';
import { nameTreeEntries } from '../write/attach-file';

export interface PdfInfo {
  /** header version, raised by a catalog /Version if that is higher */
  pdfVersion: string;
  headerVersion: string;
  encrypted: boolean;
  /** null when the page tree cannot be followed */
  pageCount: number | null;
  /** XMP packet text of the catalog metadata, null if absent or unreadable */
  xmp: string | null;
  /** the XMP packet parses as XML (pdfaid is then read from the tree, else by pattern) */
  xmpWellFormed: boolean;
  /** pdfaid:part as a number (null if absent or not a number) */
  pdfaPart: number | null;
  /** pdfaid:conformance as written (e.g. "B", "u") */
  pdfaConformance: string | null;
  hasOutputIntent: boolean;
  outputIntents: { subtype?: string; outputConditionIdentifier?: string; profileColorSpace?: string }[];
  hasAfArray: boolean;
  afCount: number;
  embeddedFileCount: number;
  info: { title?: string; author?: string; subject?: string; keywords?: string; creator?: string; producer?: string; creationDate?: Date; modDate?: Date };
  lang?: string;
  tagged: boolean;
  hasTrailerId: boolean;
}

/**
 * @example
 * ```ts
 * const info = await readPdfInfo(await readFile('invoice.pdf'));
 * console.log(info.pdfVersion, info.pageCount, info.pdfaPart, info.pdfaConformance); // e.g. '1.7' 1 3 'B'
 * ```
 */
export async function readPdfInfo(bytes: Uint8Array): Promise<PdfInfo> {
  if (!(bytes instanceof Uint8Array)) throw new Pdfa3Error('INVALID_ARGUMENT', 'bytes must be a Uint8Array');
  const loaded = await loadTolerant(bytes, { requirePageTree: false });
  if ('error' in loaded) {
    if (looksEncrypted(bytes)) throw new Pdfa3Error('PDF_ENCRYPTED', 'the PDF is encrypted and cannot be parsed');
    throw new Pdfa3Error('PDF_UNREADABLE', `not a readable PDF: ${loaded.error}`);
  }
  return pdfInfoOf(loaded.doc, bytes);
}

/** What a check run of the same document read already (see inspectPdfA3): taken instead of reading it again. */
export interface PdfInfoReuse {
  /** checkMetadata's reading: the packet text and its facts */
  metadata?: { xmpText?: string; xmpByteLength?: number; xmp?: XmpFacts };
  /** streams the run decoded */
  decoded?: (stream: PDFStream) => Uint8Array | undefined;
}

const XMP_MAX_BYTES = 16 * 1024 * 1024;

/** readPdfInfo on a document already parsed from `bytes` (one parse for several readers; `reuse`: same answer, less work). */
export function pdfInfoOf(doc: PDFDocument, bytes: Uint8Array, reuse: PdfInfoReuse = {}): PdfInfo {
  const ctx = doc.context;
  const cat = doc.catalog;
  const encrypted = !!ctx.trailerInfo.Encrypt;
  const headerVersion = /^%PDF-(\d+\.\d+)/.exec(latin1(bytes, 0, 1024).replace(/^[^%]*/, ''))?.[1] ?? '';
  const catVersion = getName(ctx, cat, 'Version');
  const pdfVersion = catVersion && /^\d+\.\d+$/.test(catVersion) && Number(catVersion) > Number(headerVersion) ? catVersion : headerVersion;

  let xmp: string | null = null;
  let pdfaPart: number | null = null;
  let pdfaConformance: string | null = null;
  let xmpWellFormed = false;
  const meta = get(ctx, cat, 'Metadata');
  // the check read this stream as valid UTF-8 (the same text the lenient decoding below gives) and parsed it
  const known = reuse.metadata?.xmpText !== undefined && (reuse.metadata.xmpByteLength ?? Number.POSITIVE_INFINITY) <= XMP_MAX_BYTES ? reuse.metadata : undefined;
  if (meta instanceof PDFStream && !encrypted) {
    try {
      let t: string;
      if (known) t = known.xmpText!;
      else {
        t = utf8(decodeStream(ctx, meta, XMP_MAX_BYTES));
        if (t.charCodeAt(0) === 0xfeff) t = t.slice(1);
      }
      xmp = t;
      try {
        if (known && !known.xmp) throw new Error('the check could not parse it');
        const f = known?.xmp ?? readXmpFacts(t);
        xmpWellFormed = true;
        if (f.pdfaid.part !== undefined && /^\d+$/.test(f.pdfaid.part.trim())) pdfaPart = Number(f.pdfaid.part.trim());
        if (f.pdfaid.conformance !== undefined) pdfaConformance = f.pdfaid.conformance.trim();
      } catch {
        // not well-formed XML: report what the packet declares, found by pattern
        const part = /pdfaid:part(?:>\s*|\s*=\s*["'])(\d+)/.exec(t)?.[1];
        const conf = /pdfaid:conformance(?:>\s*|\s*=\s*["'])([A-Za-z])/.exec(t)?.[1];
        if (part) pdfaPart = Number(part);
        if (conf) pdfaConformance = conf;
      }
    } catch {
      xmp = null;
    }
  }

  const intents = getArray(ctx, cat, 'OutputIntents');
  const outputIntents: PdfInfo['outputIntents'] = [];
  for (const e of intents?.asArray() ?? []) {
    const oi = resolve(ctx, e);
    if (!(oi instanceof PDFDict)) continue;
    const item: PdfInfo['outputIntents'][number] = {};
    const s = getName(ctx, oi, 'S');
    if (s !== undefined) item.subtype = s;
    const id = getText(ctx, oi, 'OutputConditionIdentifier');
    if (id !== undefined && !encrypted) item.outputConditionIdentifier = id;
    const prof = get(ctx, oi, 'DestOutputProfile');
    if (prof instanceof PDFStream && !encrypted) {
      try {
        const h = readIccHeader(decodeReusing(ctx, prof, 16 * 1024 * 1024, reuse.decoded));
        if (h) item.profileColorSpace = h.colorSpace.trim();
      } catch {
        // leave unknown
      }
    }
    outputIntents.push(item);
  }
  const af = get(ctx, cat, 'AF');
  const infoDict = resolve(ctx, ctx.trailerInfo.Info);
  const info: PdfInfo['info'] = {};
  if (infoDict instanceof PDFDict && !encrypted) {
    for (const [k, key] of [
      ['title', 'Title'],
      ['author', 'Author'],
      ['subject', 'Subject'],
      ['keywords', 'Keywords'],
      ['creator', 'Creator'],
      ['producer', 'Producer'],
    ] as const) {
      const v = getText(ctx, infoDict, key);
      if (v !== undefined) info[k] = v;
    }
    const cd = getText(ctx, infoDict, 'CreationDate');
    const md = getText(ctx, infoDict, 'ModDate');
    const cdd = cd ? parsePdfDate(cd) : undefined;
    const mdd = md ? parsePdfDate(md) : undefined;
    if (cdd) info.creationDate = cdd;
    if (mdd) info.modDate = mdd;
  }
  const mark = getDict(ctx, cat, 'MarkInfo');
  const out: PdfInfo = {
    pdfVersion,
    headerVersion,
    encrypted,
    pageCount: (() => {
      try {
        return doc.getPageCount();
      } catch {
        return null;
      }
    })(),
    xmp,
    xmpWellFormed,
    pdfaPart,
    pdfaConformance,
    hasOutputIntent: outputIntents.length > 0,
    outputIntents,
    hasAfArray: af instanceof PDFArray,
    afCount: af instanceof PDFArray ? af.size() : 0,
    embeddedFileCount: nameTreeEntries(doc, getDict(ctx, getDict(ctx, cat, 'Names'), 'EmbeddedFiles')).length,
    info,
    tagged: !!mark && get(ctx, mark, 'Marked')?.toString() === 'true' && cat.has(PDFName.of('StructTreeRoot')),
    hasTrailerId: ctx.trailerInfo.ID instanceof PDFArray,
  };
  const lang = getText(ctx, cat, 'Lang');
  if (lang !== undefined && !encrypted) out.lang = lang;
  return out;
}
