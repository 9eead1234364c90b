/**
 * Lists the files embedded in a PDF: the catalog /Names /EmbeddedFiles name tree plus file
 * specifications that only the catalog /AF array lists, with their MIME type, AFRelationship,
 * dates, size and decoded bytes.
 */
import { PDFArray, PDFDict, PDFName, PDFStream, type PDFObject } from 'pdf-lib';
import type { PDFDocument } from 'pdf-lib';
import { Pdfa3Error } from '../errors';
import { md5 } from '../internal/bytes';
import { decodeStream, get, getDict, getName, getNumber, getText, loadTolerant, looksEncrypted, resolve, StreamTooLargeError } from '../internal/pdf';
import { parsePdfDate } from '../internal/pdf-date';
import { nameTreeEntries } from '../write/attach-file';

export interface EmbeddedFile {
  /** /UF, else /F, else the name-tree key */
  name: string;
  /** key in the EmbeddedFiles name tree, undefined when the file is only listed in /AF */
  key?: string;
  mimeType?: string;
  relationship?: string;
  /** listed in the catalog /AF array */
  associated: boolean;
  description?: string;
  /** /Params /Size, else the decoded length */
  size: number;
  data: Uint8Array;
  creationDate?: Date;
  modDate?: Date;
  /** /Params /CheckSum compared with the MD5 of the data, when present */
  checksumValid?: boolean;
  /** why `data` is empty (too large, undecodable, no stream) */
  error?: string;
  /** true when `readData` declined this file: `data` is empty, `size` is /Params /Size (0 without it), no checksum */
  dataSkipped?: true;
}

export interface ReadEmbeddedFilesOptions {
  /** per-file cap on decoded bytes (default 64 MB) */
  maxFileBytes?: number;
  /**
   * Which files to decode (default: all). A caller that needs the bytes of one file only (e.g. factur-x.xml) saves
   * inflating and hashing the others; a declined file is listed with `dataSkipped: true` and empty `data`.
   */
  readData?: (file: { name: string }) => boolean;
}

/**
 * @example
 * ```ts
 * for (const f of await readEmbeddedFiles(await readFile('invoice.pdf'))) console.log(f.name, f.data.byteLength);
 * ```
 */
export async function readEmbeddedFiles(bytes: Uint8Array, opts: ReadEmbeddedFilesOptions = {}): Promise<EmbeddedFile[]> {
  if (!(bytes instanceof Uint8Array)) throw new Pdfa3Error('INVALID_ARGUMENT', 'bytes must be a Uint8Array');
  const loaded = await loadTolerant(bytes, { requirePageTree: false });
  if ('error' in loaded) {
    if (looksEncrypted(bytes)) throw new Pdfa3Error('PDF_ENCRYPTED', 'the PDF is encrypted and cannot be parsed');
    throw new Pdfa3Error('PDF_UNREADABLE', `not a readable PDF: ${loaded.error}`);
  }
  return embeddedFilesOf(loaded.doc, opts);
}

/** readEmbeddedFiles on a document already parsed from the file's bytes (one parse for several readers). */
export function embeddedFilesOf(doc: PDFDocument, opts: ReadEmbeddedFilesOptions = {}): EmbeddedFile[] {
  const ctx = doc.context;
  if (ctx.trailerInfo.Encrypt) throw new Pdfa3Error('PDF_ENCRYPTED', 'the PDF is encrypted; its embedded files cannot be read');
  const max = opts.maxFileBytes ?? 64 * 1024 * 1024;
  const cat = doc.catalog;
  const af = resolve(ctx, cat.get(PDFName.of('AF')));
  const associated = new Set<PDFObject>();
  if (af instanceof PDFArray)
    for (const x of af.asArray()) {
      const r = resolve(ctx, x);
      if (r) associated.add(r);
    }
  const specs: { spec: PDFDict; key?: string }[] = [];
  const seen = new Set<PDFObject>();
  const tree = getDict(ctx, getDict(ctx, cat, 'Names'), 'EmbeddedFiles');
  for (const [k, v] of nameTreeEntries(doc, tree)) {
    const spec = resolve(ctx, v);
    if (!(spec instanceof PDFDict) || seen.has(spec)) continue;
    seen.add(spec);
    let key: string | undefined;
    try {
      key = k.decodeText();
    } catch {
      key = undefined;
    }
    specs.push({ spec, ...(key !== undefined ? { key } : {}) });
  }
  for (const a of associated) {
    if (a instanceof PDFDict && !seen.has(a) && a.has(PDFName.of('EF'))) {
      seen.add(a);
      specs.push({ spec: a });
    }
  }

  return specs.map(({ spec, key }) => {
    const ef = getDict(ctx, spec, 'EF');
    const stream = (ef ? (get(ctx, ef, 'UF') ?? get(ctx, ef, 'F')) : undefined) as PDFObject | undefined;
    const out: EmbeddedFile = {
      name: getText(ctx, spec, 'UF') ?? getText(ctx, spec, 'F') ?? key ?? '',
      associated: associated.has(spec),
      size: 0,
      data: new Uint8Array(0),
    };
    if (key !== undefined) out.key = key;
    const rel = getName(ctx, spec, 'AFRelationship');
    if (rel !== undefined) out.relationship = rel;
    const desc = getText(ctx, spec, 'Desc');
    if (desc !== undefined) out.description = desc;
    if (!(stream instanceof PDFStream)) {
      out.error = 'the file specification has no embedded file stream';
      return out;
    }
    const mime = getName(ctx, stream.dict, 'Subtype');
    if (mime !== undefined) out.mimeType = mime;
    const params = getDict(ctx, stream.dict, 'Params');
    const cd = params ? getText(ctx, params, 'CreationDate') : undefined;
    const md = params ? getText(ctx, params, 'ModDate') : undefined;
    const cdd = cd ? parsePdfDate(cd) : undefined;
    const mdd = md ? parsePdfDate(md) : undefined;
    if (cdd) out.creationDate = cdd;
    if (mdd) out.modDate = mdd;
    if (opts.readData && !opts.readData(out)) {
      out.dataSkipped = true;
      out.size = (params ? getNumber(ctx, params, 'Size') : undefined) ?? 0;
      return out;
    }
    try {
      out.data = decodeStream(ctx, stream, max);
    } catch (e) {
      out.error = e instanceof StreamTooLargeError ? e.message : `cannot decode the embedded file: ${(e as Error).message}`;
    }
    out.size = (params ? getNumber(ctx, params, 'Size') : undefined) ?? out.data.length;
    const sum = params ? get(ctx, params, 'CheckSum') : undefined;
    if (sum && !out.error && 'asBytes' in sum) {
      const expected = Buffer.from((sum as unknown as { asBytes(): Uint8Array }).asBytes());
      out.checksumValid = expected.equals(Buffer.from(md5(out.data)));
    }
    return out;
  });
}
