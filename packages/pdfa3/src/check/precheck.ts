/**
 * The page-level part of a check, kept for re-use: loadForPdfA3 checks the supplied PDF once; after
 * makePdfA3 + attachFile + savePdfA3 the pages are usually byte for byte what was checked (same object
 * numbers, same objects), so checkPdfA3 on the saved file can replay what the page passes found
 * instead of tokenising every content stream and font program again.
 *
 * Exactness: the page passes (content streams, resources, annotations, fonts, glyph widths, font programs,
 * Unicode maps) read only objects reachable from the catalog's /Pages entry. The precheck stores every such
 * object as its print (printOf: every value it holds, written unambiguously); it is used only when the new file's /Pages reaches exactly the same objects
 * under the same numbers with the same bytes, and the options and the conformance level agree. Otherwise the
 * full check runs. What the page passes found is stored as the calls they made (in order), so the de-duplication
 * and the per-rule cap of CheckContext apply as in a full run; the one page finding that depends on the
 * document (6.2.10-2, transparency without an output intent) is re-decided against the new output intent.
 */
import { PDFArray, PDFBool, PDFDict, PDFHexString, PDFName, PDFNull, PDFNumber, PDFRawStream, PDFRef, PDFStream, PDFString, type PDFContext, type PDFDocument, type PDFObject } from 'pdf-lib';
import { forEachEntry, pdfName } from '../internal/pdf';

/** One call the page passes made on the check context, or a page whose 6.2.10-2 depends on the output intent. */
export type RecordedCall =
  | { t: 'fail'; rule: string; message: string; path: string | undefined; severity: 'error' | 'warning' | 'info'; font?: string }
  | { t: 'note'; code: string; message: string; path: string | undefined; severity: 'error' | 'warning' | 'info' }
  | { t: 'transparency'; path: string };

type DeviceSpace = 'DeviceRGB' | 'DeviceCMYK' | 'DeviceGray';

/** Where an object of the page closure sits: "12 0" for an indirect object, "12 0/Annots/0/A" for a direct one inside it. */
type Address = string;

/**
 * What the page passes of one check found, with the objects they could have read. Opaque: obtained from
 * loadForPdfA3, passed to checkPdfA3 through `precheck`.
 */
export class Pdfa3Precheck {
  /** @internal */
  constructor(
    /** options and level the page passes ran with */
    readonly key: string,
    /** "n g" of the catalog's /Pages */
    readonly pagesRef: string,
    /** prints of the objects of the page closure by "n g" */
    readonly closure: ReadonlyMap<string, ObjectPrint>,
    /** calls of the page loop (graphics) */
    readonly pageCalls: readonly RecordedCall[],
    /** calls of the glyph-width, font-program and Unicode passes */
    readonly fontCalls: readonly RecordedCall[],
    readonly deviceUse: ReadonlyMap<DeviceSpace, string>,
    /** FileAttachment /FS values: a reference, or the address of a direct file specification */
    readonly attachmentSpecs: readonly (PDFRef | Address)[],
    /** actions the page loop judged (the document-level action checks skip them) */
    readonly checkedActions: readonly Address[],
  ) {}
}

export function precheckKey(opts: { maxStreamBytes: number; maxPages: number; maxOperators: number }, level: string, lang: string): string {
  // the recorded calls hold message texts: a precheck made in another language is not replayed
  return JSON.stringify([opts.maxStreamBytes, opts.maxPages, opts.maxOperators, level, lang]);
}

const tagOf = (ref: PDFRef): string => `${ref.objectNumber} ${ref.generationNumber}`;

/**
 * What the page passes could read of an indirect object, as a value to compare: `text` encodes the object (a
 * stream: its dictionary) with every name, string, number, reference and nesting written unambiguously (a type
 * letter, variable parts with their length), `data` is a stream's undecoded data. Equal prints mean equal objects
 * for every reader of pdf-lib's objects; built from the objects' own values, without writing them out as PDF bytes
 * (pdf-lib's writer, used before, formats every number and copies byte by byte: a noticeable share of an embed).
 */
export interface ObjectPrint {
  readonly text: string;
  readonly data: Uint8Array | undefined;
}

const NO_OBJECT: ObjectPrint = { text: '', data: undefined };

/** @internal the print of an indirect object (exported for its test); `copyData` keeps a copy of a stream's data */
export function printOf(obj: PDFObject | undefined, copyData = false): ObjectPrint {
  if (obj === undefined) return NO_OBJECT;
  if (obj instanceof PDFRawStream) return { text: `S${encode(obj.dict)}`, data: copyData ? obj.contents.slice() : obj.contents };
  return { text: encode(obj), data: undefined };
}

function encode(o: PDFObject): string {
  if (o instanceof PDFName) {
    const v = o.asString();
    return `n${v.length}:${v}`;
  }
  if (o instanceof PDFNumber) return `d${o.asNumber()};`;
  if (o instanceof PDFRef) return `r${o.objectNumber} ${o.generationNumber};`;
  if (o instanceof PDFDict) {
    let s = '<';
    forEachEntry(o, (k, v) => {
      s += encode(k) + encode(v);
    });
    return `${s}>`;
  }
  if (o instanceof PDFArray) {
    let s = '[';
    const items = o.asArray();
    for (let i = 0; i < items.length; i++) s += encode(items[i]!);
    return `${s}]`;
  }
  if (o instanceof PDFString) {
    const v = o.asString();
    return `s${v.length}:${v}`;
  }
  if (o instanceof PDFHexString) {
    const v = o.asString();
    return `h${v.length}:${v}`;
  }
  if (o instanceof PDFBool) return o.asBoolean() ? 'T' : 'F';
  if (o === PDFNull) return 'z';
  // anything else (an object pdf-lib kept as bytes, a stream where none belongs): its bytes as pdf-lib writes them
  const buf = new Uint8Array(o.sizeInBytes());
  o.copyBytesInto(buf, 0);
  return `x${buf.length}:${Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).toString('latin1')}`;
}

function samePrint(a: ObjectPrint, b: ObjectPrint): boolean {
  if (a.text !== b.text) return false;
  if (a.data === undefined || b.data === undefined) return a.data === b.data;
  return a.data.length === b.data.length && Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength).equals(Buffer.from(b.data.buffer, b.data.byteOffset, b.data.byteLength));
}

/**
 * Walks every object reachable from `root` (a reference), indirect objects by number; calls `indirect` with each
 * one's tag and object (return false to stop the walk) and `direct` with each direct dictionary or array inside
 * them and its address. Returns false when stopped.
 */
function walkClosure(ctx: PDFContext, root: PDFRef, indirect: (tag: string, obj: PDFObject | undefined) => boolean, direct?: (address: Address, obj: PDFObject) => void): boolean {
  const seen = new Set<string>([tagOf(root)]);
  const queue: PDFRef[] = [root];
  let truncated = false;
  const inner = (o: PDFObject, address: Address, depth: number): void => {
    if (depth > 64) {
      truncated = true; // nested deeper than we follow: the closure would be incomplete
      return;
    }
    if (o instanceof PDFRef) {
      const t = tagOf(o);
      if (!seen.has(t)) {
        seen.add(t);
        queue.push(o);
      }
      return;
    }
    const d = o instanceof PDFStream ? o.dict : o;
    // addresses are only built for a `direct` callback (usually there is none: nothing to look up by address)
    if (d instanceof PDFDict) {
      if (depth > 0) direct?.(address, o);
      forEachEntry(d, (k, v) => inner(v, direct ? `${address}/${k.asString()}` : address, depth + 1));
    } else if (o instanceof PDFArray) {
      if (depth > 0) direct?.(address, o);
      const items = o.asArray();
      for (let i = 0; i < items.length; i++) inner(items[i]!, direct ? `${address}/${i}` : address, depth + 1);
    }
  };
  for (let i = 0; i < queue.length; i++) {
    const ref = queue[i]!;
    const obj = ctx.lookup(ref);
    const t = tagOf(ref);
    if (!indirect(t, obj)) return false;
    if (obj !== undefined) inner(obj, t, 0);
    if (truncated) return false;
  }
  return true;
}

/** The catalog's /Pages reference, or undefined when it is missing or direct (then nothing is re-used). */
export function pagesRefOf(doc: PDFDocument): PDFRef | undefined {
  const p = doc.catalog.get(pdfName('Pages'));
  return p instanceof PDFRef ? p : undefined;
}

/** What the page passes of a recording run leave behind, turned into a precheck (call at the end of the run, before any repair). */
export function buildPrecheck(
  doc: PDFDocument,
  key: string,
  pageCalls: readonly RecordedCall[],
  fontCalls: readonly RecordedCall[],
  deviceUse: ReadonlyMap<DeviceSpace, string>,
  attachmentSpecs: readonly PDFObject[],
  checkedActions: ReadonlySet<PDFObject>,
): Pdfa3Precheck | undefined {
  const pages = pagesRefOf(doc);
  if (!pages) return undefined;
  const ctx = doc.context;
  const closure = new Map<string, ObjectPrint>();
  const addressOf = new Map<PDFObject, Address>();
  const want = new Set<PDFObject>([...checkedActions, ...attachmentSpecs.filter((x) => !(x instanceof PDFRef))]);
  const complete = walkClosure(
    ctx,
    pages,
    (tag, obj) => {
      closure.set(tag, printOf(obj, true));
      if (obj !== undefined && want.has(obj)) addressOf.set(obj, tag);
      return true;
    },
    want.size === 0
      ? undefined
      : (address, obj) => {
          if (want.has(obj) && !addressOf.has(obj)) addressOf.set(obj, address);
        },
  );
  if (!complete) return undefined;
  const specs: (PDFRef | Address)[] = [];
  for (const s of attachmentSpecs) {
    if (s instanceof PDFRef) specs.push(s);
    else {
      const a = addressOf.get(s);
      if (a === undefined) return undefined; // read from outside the closure: cannot be re-used safely
      specs.push(a);
    }
  }
  const actions: Address[] = [];
  for (const a of checkedActions) {
    const address = addressOf.get(a);
    if (address === undefined) return undefined;
    actions.push(address);
  }
  return new Pdfa3Precheck(key, tagOf(pages), closure, [...pageCalls], [...fontCalls], new Map(deviceUse), specs, actions);
}

/** What a matching precheck gives the new document: its facts translated to the new document's objects. */
export interface PrecheckMatch {
  attachmentSpecs: PDFObject[];
  checkedActions: Set<PDFObject>;
}

/**
 * The precheck applied to `doc`, when its /Pages reaches the same objects with the same bytes and `key` agrees;
 * undefined otherwise (then the full check runs).
 */
export function matchPrecheck(pre: Pdfa3Precheck, doc: PDFDocument, key: string): PrecheckMatch | undefined {
  if (pre.key !== key) return undefined;
  const pages = pagesRefOf(doc);
  if (!pages || tagOf(pages) !== pre.pagesRef) return undefined;
  const ctx = doc.context;
  const need = new Set<Address>([...pre.checkedActions, ...pre.attachmentSpecs.filter((x): x is Address => typeof x === 'string')]);
  const byAddress = new Map<Address, PDFObject>();
  let count = 0;
  const same = walkClosure(
    ctx,
    pages,
    (tag, obj) => {
      const before = pre.closure.get(tag);
      if (before === undefined) return false;
      if (!samePrint(before, printOf(obj))) return false;
      count++;
      if (obj !== undefined && need.has(tag)) byAddress.set(tag, obj);
      return true;
    },
    need.size === 0
      ? undefined
      : (address, obj) => {
          if (need.has(address) && !byAddress.has(address)) byAddress.set(address, obj);
        },
  );
  if (!same || count !== pre.closure.size) return undefined;
  const attachmentSpecs: PDFObject[] = [];
  for (const s of pre.attachmentSpecs) {
    const o = typeof s === 'string' ? byAddress.get(s) : s;
    if (o === undefined) return undefined;
    attachmentSpecs.push(o);
  }
  const checkedActions = new Set<PDFObject>();
  for (const a of pre.checkedActions) {
    const o = byAddress.get(a);
    if (o === undefined) return undefined;
    checkedActions.add(o);
  }
  return { attachmentSpecs, checkedActions };
}
