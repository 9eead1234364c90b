/** pdf-lib helpers: tolerant loading, typed lookups, text of strings and names, bounded stream decoding. */
import { decodePDFRawStream, PDFArray, PDFBool, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFObject, PDFRawStream, PDFRef, PDFStream, PDFString, type PDFContext } from 'pdf-lib';

import { decodeFilters, StreamLimitError, UnsupportedFilterError, type PredictorParms } from './decode';
import { countObjects } from './limits';
import { parsePdf } from './parser';
import { Pdfa3Error } from '../errors';
import { srgbIfDeflated } from './srgb-stream';
import { trailerHasEncrypt } from './trailer';

/** Most indirect objects a file may declare before it is refused unparsed. */
export const DEFAULT_MAX_OBJECTS = 200_000;

export { PDFArray, PDFBool, PDFDict, PDFHexString, PDFName, PDFNumber, PDFObject, PDFRawStream, PDFRef, PDFStream, PDFString };

/**
 * Raw test for an /Encrypt key in a trailer or cross-reference stream dictionary, for files pdf-lib cannot
 * parse (strings and nested dictionaries are skipped: a string mentioning /Encrypt is not encryption).
 */
export function looksEncrypted(bytes: Uint8Array): boolean {
  return trailerHasEncrypt(bytes);
}

/** Loads without touching the Info dictionary; undefined plus the reason when pdf-lib cannot parse it. */
export async function loadTolerant(bytes: Uint8Array, opts: { requirePageTree?: boolean; maxObjects?: number } = {}): Promise<{ doc: PDFDocument } | { error: string; code?: 'PDF_TOO_MANY_OBJECTS' }> {
  // parsing costs time per object: a file declaring more than the limit is refused before parsing
  const maxObjects = opts.maxObjects ?? DEFAULT_MAX_OBJECTS;
  if (countObjects(bytes, maxObjects) > maxObjects) return { error: `the file declares more than ${maxObjects} indirect objects (limit)`, code: 'PDF_TOO_MANY_OBJECTS' };
  try {
    // pdf-lib's parser with a fast path for integers (./parser.ts); no setTimeout pause every 100 objects (pdf-lib's
    // default): the work is bounded by the object limit
    const doc = await parsePdf(bytes);
    if (!((doc.catalog as unknown) instanceof PDFDict)) return { error: 'the trailer /Root does not lead to a document catalog' };
    if (opts.requirePageTree !== false) {
      try {
        doc.getPageCount();
      } catch {
        return { error: 'the page tree cannot be followed' };
      }
    }
    return { doc };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

export function resolve(ctx: PDFContext, obj: PDFObject | undefined): PDFObject | undefined {
  let o = obj;
  for (let i = 0; i < 32 && o instanceof PDFRef; i++) o = ctx.lookup(o);
  return o instanceof PDFRef ? undefined : o;
}

/**
 * The dictionary keys the checks and writers ask for, as pdf-lib names made once: PDFName.of runs a regular
 * expression over its argument on every call (to decode #xx escapes), which was a noticeable share of a check.
 * A constant (built at load, never changed); other keys go through PDFName.of.
 */
const KNOWN_KEYS: ReadonlyMap<string, PDFName> = new Map(
  (
    'A AA AF AFRelationship AP AS AcroForm Annots BBox BM BaseEncoding BaseFont BitsPerComponent C CA CIDSet CIDSystemInfo ' +
    'CIDToGIDMap CMapName CS CharProcs CharSet CheckSum ColorSpace Colorants Colors Columns Configs Contents CreationDate D DR DW ' +
    'DecodeParms Desc DescendantFonts DestOutputProfile Differences DocMDP EF EarlyChange Encoding ExtGState F FT Fields Filter ' +
    'FirstChar Flags Font FontDescriptor FontFile FontFile2 FontFile3 FontMatrix Group HT HalftoneType ID ImageMask Info Intent ' +
    'Interpolate JavaScript Kids Lang LastChar Length Length1 MarkInfo Marked Metadata ModDate N Name Names NeedAppearances ' +
    'NeedsRendering Next OC OCGs OCProperties OP OPI OPM OpenAction Order Ordering Outlines OutputConditionIdentifier ' +
    'OutputIntents Params Parent Pattern PatternType Perms Predictor Properties PS RI Rect Reference Registry Resources Root S SMask ' +
    'SMaskInData Shading Size StructTreeRoot Subtype Subtype2 Supplement TR TR2 ToUnicode Trapped Type UF UseCMap Version W WMode ' +
    'Widths XObject ca op DestOutputProfileRef Requirements AlternatePresentations DigestLocation DigestMethod DigestValue FFilter ' +
    'FDecodeParms Pages Ref Alternates FS XFA First HTP HalftoneName TransferFunction PresSteps EmbeddedFiles'
  )
    .split(' ')
    .map((k) => [k, PDFName.of(k)] as const),
);

/** PDFName.of(key), without its per-call escape decoding for the keys we know (same instance: pdf-lib pools names). */
export function pdfName(key: string): PDFName {
  return KNOWN_KEYS.get(key) ?? PDFName.of(key);
}

export function get(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFObject | undefined {
  if (!dict) return undefined;
  return resolve(ctx, dict.get(pdfName(key)));
}

export function dictOf(obj: PDFObject | undefined): PDFDict | undefined {
  if (obj instanceof PDFDict) return obj;
  if (obj instanceof PDFStream) return obj.dict;
  return undefined;
}

export function getDict(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFDict | undefined {
  const o = get(ctx, dict, key);
  return o instanceof PDFDict ? o : undefined;
}

export function getArray(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFArray | undefined {
  const o = get(ctx, dict, key);
  return o instanceof PDFArray ? o : undefined;
}

export function getStream(ctx: PDFContext, dict: PDFDict | undefined, key: string): PDFStream | undefined {
  const o = get(ctx, dict, key);
  return o instanceof PDFStream ? o : undefined;
}

/** Decoded name value (`#2F` escapes resolved), undefined for non-names. */
/** A name needs decoding when it holds an escape, or a character decodeText would cut to a byte. */
const NEEDS_DECODING = /[#\u0100-\uffff]/;

export function nameOf(obj: PDFObject | undefined): string | undefined {
  if (!(obj instanceof PDFName)) return undefined;
  const encoded = obj.asString();
  // the common case, without decodeText's byte-by-byte pass: the encoded name minus its slash is the decoded text
  if (!NEEDS_DECODING.test(encoded)) return encoded.slice(1);
  // pdf-lib only decodes upper-case #XX escapes; lower-case ones (#2f) are valid too
  return obj.decodeText().replace(/#([0-9a-f][0-9A-Fa-f]|[0-9A-F][a-f])/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * Calls `fn` with every entry of `dict` in order, without the array of [key, value] pairs PDFDict.entries() copies
 * on every call (a noticeable share of the walks over every object). `fn` must not add or remove entries.
 */
export function forEachEntry(dict: PDFDict, fn: (key: PDFName, value: PDFObject) => void): void {
  const map = (dict as unknown as { dict?: unknown }).dict; // pdf-lib's own Map behind get/set/entries
  if (map instanceof Map) (map as Map<PDFName, PDFObject>).forEach((v, k) => fn(k, v));
  else for (const [k, v] of dict.entries()) fn(k, v);
}

/** Entry whose key decodes to `name` (pdf-lib keys keep lower-case #xx escapes undecoded). */
export function entryByName(dict: PDFDict, name: string): PDFObject | undefined {
  const direct = dict.get(pdfName(name));
  if (direct !== undefined) return direct;
  for (const [k, v] of dict.entries()) if (nameOf(k) === name) return v;
  return undefined;
}

export function getName(ctx: PDFContext, dict: PDFDict | undefined, key: string): string | undefined {
  return nameOf(get(ctx, dict, key));
}

export function getNumber(ctx: PDFContext, dict: PDFDict | undefined, key: string): number | undefined {
  const o = get(ctx, dict, key);
  return o instanceof PDFNumber ? o.asNumber() : undefined;
}

/** Text of a PDF string (PDFDocEncoding or UTF-16BE with BOM). */
export function textOf(obj: PDFObject | undefined): string | undefined {
  if (obj instanceof PDFString || obj instanceof PDFHexString) {
    try {
      return obj.decodeText();
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Raw bytes of a PDF string. */
export function stringBytes(obj: PDFString | PDFHexString): Uint8Array {
  return obj.asBytes();
}

export function getText(ctx: PDFContext, dict: PDFDict | undefined, key: string): string | undefined {
  return textOf(get(ctx, dict, key));
}

export function filtersOf(ctx: PDFContext, dict: PDFDict): string[] {
  const f = get(ctx, dict, 'Filter');
  if (f instanceof PDFName) {
    // decodeText's own result, without its byte-by-byte pass for names that have nothing to decode (see nameOf)
    const encoded = f.asString();
    return [NEEDS_DECODING.test(encoded) ? f.decodeText() : encoded.slice(1)];
  }
  if (f instanceof PDFArray) return f.asArray().map((x) => nameOf(resolve(ctx, x)) ?? '?');
  return [];
}

/** A stream that decodes to more than the cap (a Pdfa3Error, so it maps by code should it ever pass a public function). */
export class StreamTooLargeError extends Pdfa3Error {
  constructor(message: string) {
    super('PDF_STREAM_TOO_LARGE', message);
  }
}

/**
 * Decoded stream bytes, at most `maxBytes` (StreamTooLargeError beyond). Plain FlateDecode goes through
 * zlib with an output cap so a compression bomb cannot exhaust memory; other filter chains use pdf-lib.
 */
export function decodeStream(ctx: PDFContext, stream: PDFStream, maxBytes = 64 * 1024 * 1024): Uint8Array {
  if (!(stream instanceof PDFRawStream)) {
    const s = stream as unknown as { getUnencodedContents?: () => Uint8Array; getContents: () => Uint8Array };
    const out = s.getUnencodedContents ? s.getUnencodedContents() : s.getContents();
    if (out.length > maxBytes) throw new StreamTooLargeError(`stream larger than ${maxBytes} bytes`);
    return out;
  }
  const filters = filtersOf(ctx, stream.dict);
  if (filters.length === 0) {
    if (stream.contents.length > maxBytes) throw new StreamTooLargeError(`stream larger than ${maxBytes} bytes`);
    return stream.contents;
  }
  const rawParms = resolve(ctx, get(ctx, stream.dict, 'DecodeParms'));
  if (rawParms === undefined && filters.length === 1 && filters[0] === 'FlateDecode') {
    // our own sRGB output profile (written by makePdfA3, read again by every check): same bytes, same profile
    const known = srgbIfDeflated(stream.contents);
    if (known) {
      if (known.length > maxBytes) throw new StreamTooLargeError(`stream larger than ${maxBytes} bytes`);
      return known;
    }
  }
  const parmsAt = (i: number): PredictorParms | undefined => {
    const d = resolve(ctx, rawParms instanceof PDFArray ? rawParms.get(i) : i === 0 ? rawParms : undefined);
    if (!(d instanceof PDFDict)) return undefined;
    const n = (k: string) => getNumber(ctx, d, k);
    const p: PredictorParms = {};
    const set = (k: keyof PredictorParms, v: number | undefined) => {
      if (v !== undefined) p[k] = v;
    };
    set('predictor', n('Predictor'));
    set('colors', n('Colors'));
    set('bitsPerComponent', n('BitsPerComponent'));
    set('columns', n('Columns'));
    set('earlyChange', n('EarlyChange'));
    return p;
  };
  try {
    return decodeFilters(
      stream.contents,
      filters.map((name, i) => {
        const parms = parmsAt(i);
        return parms ? { name, parms } : { name };
      }),
      maxBytes,
    );
  } catch (e) {
    if (e instanceof StreamLimitError) throw new StreamTooLargeError(e.message);
    if (!(e instanceof UnsupportedFilterError)) throw e;
  }
  const out = decodePDFRawStream(stream).decode();
  if (out.length > maxBytes) throw new StreamTooLargeError(`stream larger than ${maxBytes} bytes`);
  return out;
}

/**
 * decodeStream(ctx, stream, maxBytes), taking the bytes a check run decoded already when `before` has them (the
 * same answer: a longer result than maxBytes is refused as decodeStream would).
 */
export function decodeReusing(ctx: PDFContext, stream: PDFStream, maxBytes: number, before?: ((s: PDFStream) => Uint8Array | undefined) | undefined): Uint8Array {
  const known = before?.(stream);
  if (known === undefined) return decodeStream(ctx, stream, maxBytes);
  if (known.length > maxBytes) throw new StreamTooLargeError(`stream larger than ${maxBytes} bytes`);
  return known;
}

/** "obj 12 0" for a reference, used in finding paths. */
export function refPath(ref: PDFRef | undefined): string | undefined {
  return ref ? `obj ${ref.objectNumber} ${ref.generationNumber}` : undefined;
}

export function catalogOf(doc: PDFDocument): PDFDict {
  return doc.catalog;
}
