/**
 * Embeds a file the PDF/A-3 way (ISO 19005-3, 6.8): EmbeddedFile stream with MIME /Subtype and /Params
 * (Size, CreationDate, ModDate, CheckSum), a file specification with /F, /UF, /Desc and /AFRelationship,
 * listed in the catalog /Names /EmbeddedFiles name tree (kept sorted) and in the catalog /AF array.
 */
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFStream, PDFString, type PDFObject } from 'pdf-lib';
import { Pdfa3Error } from '../errors';
import { md5, toHex } from '../internal/bytes';
import { resolve } from '../internal/pdf';
import { formatPdfDate } from '../internal/pdf-date';
import { compareBytes, pdfText } from '../internal/pdf-text';
import { AF_RELATIONSHIPS, type AfRelationship } from '../types';

export interface AttachFileOptions {
  /** file name as shown to users, e.g. "factur-x.xml" */
  name: string;
  data: Uint8Array;
  /** MIME type, type/subtype only (6.8: no parameters), e.g. "text/xml" */
  mimeType: string;
  description?: string;
  relationship: AfRelationship;
  creationDate?: Date;
  modDate: Date;
  /** replace an existing attachment of the same name instead of failing */
  replace?: boolean;
}

/** veraPDF's pattern for the /Subtype of an embedded file (6.8-1). */
export const MIME_TYPE_PATTERN = /^[-\w+.]+\/[-\w+.]+$/;

/** All (key, value) pairs of a name tree, flattened (Kids followed recursively, bounded depth). */
export function nameTreeEntries(doc: PDFDocument, root: PDFDict | undefined): [PDFString | PDFHexString, PDFObject][] {
  const out: [PDFString | PDFHexString, PDFObject][] = [];
  const seen = new Set<PDFObject>();
  const walk = (node: PDFObject | undefined, depth: number) => {
    const n = resolve(doc.context, node);
    if (!(n instanceof PDFDict) || seen.has(n) || depth > 32) return;
    seen.add(n);
    const names = resolve(doc.context, n.get(PDFName.of('Names')));
    if (names instanceof PDFArray) {
      for (let i = 0; i + 1 < names.size(); i += 2) {
        const k = resolve(doc.context, names.get(i));
        if (k instanceof PDFString || k instanceof PDFHexString) out.push([k, names.get(i + 1)]);
      }
    }
    const kids = resolve(doc.context, n.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) for (const k of kids.asArray()) walk(k, depth + 1);
  };
  walk(root, 0);
  return out;
}

/** References of the name tree nodes (root and kids) that are indirect objects. */
function treeNodeRefs(doc: PDFDocument, root: PDFObject | undefined): Set<PDFRef> {
  const out = new Set<PDFRef>();
  const walk = (n: PDFObject | undefined, depth: number) => {
    if (depth > 32) return;
    if (n instanceof PDFRef) {
      if (out.has(n)) return;
      out.add(n);
    }
    const d = resolve(doc.context, n);
    const kids = d instanceof PDFDict ? resolve(doc.context, d.get(PDFName.of('Kids'))) : undefined;
    if (kids instanceof PDFArray) for (const k of kids.asArray()) walk(k, depth + 1);
  };
  walk(root, 0);
  return out;
}

/** Deletes a replaced file specification and its streams unless something else still refers to them. */
function dropIfUnreferenced(doc: PDFDocument, spec: PDFObject): void {
  if (!(spec instanceof PDFRef)) return;
  const ctx = doc.context;
  const targets = new Set<PDFRef>([spec]);
  const d = ctx.lookup(spec);
  const efRaw = d instanceof PDFDict ? d.get(PDFName.of('EF')) : undefined;
  if (efRaw instanceof PDFRef) targets.add(efRaw);
  const ef = resolve(ctx, efRaw);
  if (ef instanceof PDFDict) {
    for (const [, v] of ef.entries()) {
      if (!(v instanceof PDFRef)) continue;
      targets.add(v);
      const st = ctx.lookup(v);
      const params = st instanceof PDFStream ? st.dict.get(PDFName.of('Params')) : undefined;
      if (params instanceof PDFRef) targets.add(params);
    }
  }
  let referenced = false;
  const scan = (o: PDFObject, depth: number): void => {
    if (referenced || depth > 32) return;
    if (o instanceof PDFRef) {
      if (targets.has(o)) referenced = true;
    } else if (o instanceof PDFArray) o.asArray().forEach((x) => scan(x, depth + 1));
    else if (o instanceof PDFDict) for (const [, v] of o.entries()) scan(v, depth + 1);
    else if (o instanceof PDFStream) scan(o.dict, depth + 1);
  };
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) if (!targets.has(ref)) scan(obj, 0);
  if (!referenced) for (const r of targets) ctx.delete(r);
}

function keyText(k: PDFString | PDFHexString): string {
  try {
    return k.decodeText();
  } catch {
    return '';
  }
}

function validate(o: AttachFileOptions): void {
  if (!o || typeof o !== 'object') throw new Pdfa3Error('INVALID_ARGUMENT', 'options are required');
  if (typeof o.name !== 'string' || o.name.length === 0 || o.name.length > 1024) throw new Pdfa3Error('INVALID_ARGUMENT', 'name must be a non-empty string');
  if (!(o.data instanceof Uint8Array)) throw new Pdfa3Error('INVALID_ARGUMENT', 'data must be a Uint8Array');
  if (typeof o.mimeType !== 'string' || !MIME_TYPE_PATTERN.test(o.mimeType)) {
    throw new Pdfa3Error('INVALID_MIME_TYPE', `mimeType "${String(o.mimeType)}" is not type/subtype (parameters are not allowed)`);
  }
  if (!AF_RELATIONSHIPS.includes(o.relationship)) throw new Pdfa3Error('INVALID_ARGUMENT', `relationship must be one of ${AF_RELATIONSHIPS.join(', ')}`);
  if (o.description !== undefined && typeof o.description !== 'string') throw new Pdfa3Error('INVALID_ARGUMENT', 'description must be a string');
}

/**
 * Embeds the file and returns the reference of its file specification (for /AF of pages or other objects).
 * @example
 * ```ts
 * attachFile(doc, { name: 'factur-x.xml', data: xmlBytes, mimeType: 'text/xml', relationship: 'Alternative', modDate: now });
 * ```
 */
export function attachFile(doc: PDFDocument, opts: AttachFileOptions): PDFRef {
  if (!(doc instanceof PDFDocument)) throw new Pdfa3Error('INVALID_ARGUMENT', 'doc must be a pdf-lib PDFDocument');
  validate(opts);
  const ctx = doc.context;
  const cat = doc.catalog;
  const modDate = formatPdfDate(opts.modDate, 'modDate');
  const creationDate = opts.creationDate ? formatPdfDate(opts.creationDate, 'creationDate') : undefined;

  let names = resolve(ctx, cat.get(PDFName.of('Names')));
  if (!(names instanceof PDFDict)) {
    names = ctx.obj({});
    cat.set(PDFName.of('Names'), ctx.register(names as PDFDict));
  }
  const namesDict = names as PDFDict;
  const treeRoot = resolve(ctx, namesDict.get(PDFName.of('EmbeddedFiles')));
  let entries = nameTreeEntries(doc, treeRoot instanceof PDFDict ? treeRoot : undefined);
  const oldTreeRefs = treeNodeRefs(doc, namesDict.get(PDFName.of('EmbeddedFiles')));
  const existing = entries.filter(([k]) => keyText(k) === opts.name);
  if (existing.length > 0) {
    if (!opts.replace) throw new Pdfa3Error('DUPLICATE_ATTACHMENT', `an attachment named "${opts.name}" exists already`);
    entries = entries.filter(([k]) => keyText(k) !== opts.name);
    const af = resolve(ctx, cat.get(PDFName.of('AF')));
    if (af instanceof PDFArray) {
      const drop = new Set(existing.map(([, v]) => v));
      for (let i = af.size() - 1; i >= 0; i--) if (drop.has(af.get(i))) af.remove(i);
    }
  }

  const params = ctx.obj({
    Size: PDFNumber.of(opts.data.length),
    ModDate: PDFString.of(modDate),
    CheckSum: PDFHexString.of(toHex(md5(opts.data))),
  });
  if (creationDate) params.set(PDFName.of('CreationDate'), PDFString.of(creationDate));
  // compressed by node's zlib (native) rather than ctx.flateStream's pako: same FlateDecode stream, a fraction of the time
  const stream = ctx.stream(deflateSync(opts.data), {
    Type: 'EmbeddedFile',
    Subtype: opts.mimeType,
    Params: params,
    Filter: 'FlateDecode',
  });
  const streamRef = ctx.register(stream);
  const asciiName = /^[\x20-\x7e]*$/.test(opts.name) ? opts.name : opts.name.replace(/[^\x20-\x7e]/g, '_');
  const spec = ctx.obj({
    Type: 'Filespec',
    F: pdfText(asciiName),
    UF: pdfText(opts.name),
    AFRelationship: opts.relationship,
    EF: { F: streamRef, UF: streamRef },
  });
  if (opts.description !== undefined) spec.set(PDFName.of('Desc'), pdfText(opts.description));
  const specRef = ctx.register(spec);

  entries.push([pdfText(opts.name), specRef]);
  entries.sort((a, b) => compareBytes(a[0].asBytes(), b[0].asBytes()));
  const flat: PDFObject[] = [];
  for (const [k, v] of entries) flat.push(k, v);
  const newRoot = ctx.obj({ Names: ctx.obj(flat) });
  namesDict.set(PDFName.of('EmbeddedFiles'), ctx.register(newRoot));
  // the old tree nodes are replaced by the flat one
  for (const r of oldTreeRefs) ctx.delete(r);

  let af = resolve(ctx, cat.get(PDFName.of('AF')));
  if (!(af instanceof PDFArray)) {
    af = ctx.obj([]);
    cat.set(PDFName.of('AF'), af);
  }
  (af as PDFArray).push(specRef);
  // replaced specifications are deleted once nothing live refers to them (veraPDF judges every object)
  for (const [, v] of existing) dropIfUnreferenced(doc, v);
  return specRef;
}
