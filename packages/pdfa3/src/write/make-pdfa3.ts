/**
 * Turns a pdf-lib document into PDF/A-3 (level B, U or A as declared): XMP metadata mirrored in the
 * information dictionary, a PDF/A OutputIntent with an sRGB profile (or the document's own valid one),
 * header 1.7, a provisional trailer /ID, /Lang, and removal of document-level things PDF/A forbids.
 */
import { PDFDict, PDFDocument, PDFHeader, PDFHexString, PDFName, PDFRef, PDFStream, PDFString } from 'pdf-lib';
import { Pdfa3Error } from '../errors';
import { SRGB_PROFILE_DESCRIPTION } from '../icc/srgb';
import { md5, toHex } from '../internal/bytes';
import { iccComponents, readIccHeader } from '../internal/icc';
import { normalizeNames } from '../internal/names';
import { decodeStream, get, getArray, getDict, getName, resolve } from '../internal/pdf';
import { formatPdfDate } from '../internal/pdf-date';
import { srgbDeflated } from '../internal/srgb-stream';
import { pdfText } from '../internal/pdf-text';
import { FORBIDDEN_ACTIONS } from '../internal/rules';
import type { Finding } from '../types';
import { buildXmp, type PdfA3Metadata } from '../xmp/build';

export type MakePdfA3Options = PdfA3Metadata;

export interface MakePdfA3Result {
  /** what was removed or rewritten, e.g. "catalog/AA", "Names/JavaScript" */
  removed: string[];
  /** colour space of the output intent now in force: 'RGB ' (our sRGB) or the kept profile's */
  outputIntentColorSpace: string;
  warnings: Finding[];
}

/** A valid PDF/A output profile already in the document, if any: [profile stream ref/obj, colour space]. */
function existingOutputProfile(doc: PDFDocument): { profile: PDFRef | PDFStream; colorSpace: string } | undefined {
  const ctx = doc.context;
  const intents = getArray(ctx, doc.catalog, 'OutputIntents');
  if (!intents) return undefined;
  let found: { profile: PDFRef | PDFStream; colorSpace: string } | undefined;
  for (const entry of intents.asArray()) {
    const oi = resolve(ctx, entry);
    if (!(oi instanceof PDFDict)) return undefined;
    const raw = oi.get(PDFName.of('DestOutputProfile'));
    const stream = resolve(ctx, raw);
    if (!(stream instanceof PDFStream)) continue;
    if (found && raw !== found.profile) return undefined; // differing profiles: rebuild
    let head;
    try {
      head = readIccHeader(decodeStream(ctx, stream, 16 * 1024 * 1024));
    } catch {
      return undefined;
    }
    if (!head || !(head.deviceClass === 'mntr' || head.deviceClass === 'prtr') || !iccComponents(head.colorSpace) || head.colorSpace === 'Lab ' || head.colorSpace === 'XYZ ' || head.version >= 5)
      return undefined;
    found = { profile: raw as PDFRef | PDFStream, colorSpace: head.colorSpace };
  }
  return found;
}

function setOutputIntent(doc: PDFDocument, removed: string[]): string {
  const ctx = doc.context;
  const existing = existingOutputProfile(doc);
  if (existing) {
    const intents = getArray(ctx, doc.catalog, 'OutputIntents')!;
    const hasPdfa = intents.asArray().some((e) => getName(ctx, resolve(ctx, e) as PDFDict, 'S') === 'GTS_PDFA1');
    if (!hasPdfa) {
      intents.push(
        ctx.obj({
          Type: 'OutputIntent',
          S: 'GTS_PDFA1',
          OutputConditionIdentifier: PDFString.of('Custom'),
          DestOutputProfile: existing.profile,
        }),
      );
    }
    return existing.colorSpace;
  }
  if (doc.catalog.has(PDFName.of('OutputIntents'))) removed.push('catalog/OutputIntents');
  // the same stream as ctx.flateStream(generateSrgbIccProfile(), { N: 3 }), its data deflated once per process
  const icc = ctx.stream(srgbDeflated(), { N: 3, Filter: 'FlateDecode' });
  const iccRef = ctx.register(icc);
  const intent = ctx.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of(SRGB_PROFILE_DESCRIPTION),
    RegistryName: PDFString.of('http://www.color.org'),
    Info: PDFString.of(SRGB_PROFILE_DESCRIPTION),
    DestOutputProfile: iccRef,
  });
  doc.catalog.set(PDFName.of('OutputIntents'), ctx.obj([ctx.register(intent)]));
  return 'RGB ';
}

function setInfo(doc: PDFDocument, o: MakePdfA3Options): void {
  const ctx = doc.context;
  const existing = resolve(ctx, ctx.trailerInfo.Info);
  const info = existing instanceof PDFDict ? existing : ctx.obj({});
  const set = (key: string, value: string | undefined) => {
    if (value === undefined) info.delete(PDFName.of(key));
    else info.set(PDFName.of(key), pdfText(value));
  };
  set('Title', o.title);
  set('Author', o.author);
  set('Subject', o.subject);
  set('Keywords', o.keywords);
  set('Creator', o.creator);
  set('Producer', o.producer);
  info.set(PDFName.of('CreationDate'), PDFString.of(formatPdfDate(o.createDate, 'createDate')));
  info.set(PDFName.of('ModDate'), PDFString.of(formatPdfDate(o.modifyDate, 'modifyDate')));
  info.delete(PDFName.of('Trapped'));
  if (!(existing instanceof PDFDict)) ctx.trailerInfo.Info = ctx.register(info);
}

function isForbiddenAction(doc: PDFDocument, obj: unknown): boolean {
  const a = resolve(doc.context, obj as never);
  if (!(a instanceof PDFDict)) return false;
  const s = getName(doc.context, a, 'S');
  return s !== undefined && FORBIDDEN_ACTIONS.has(s);
}

function removeForbidden(doc: PDFDocument, removed: string[]): void {
  const ctx = doc.context;
  const cat = doc.catalog;
  const drop = (dict: PDFDict, key: string, label: string) => {
    if (dict.has(PDFName.of(key))) {
      dict.delete(PDFName.of(key));
      removed.push(label);
    }
  };
  drop(cat, 'AA', 'catalog/AA');
  drop(cat, 'NeedsRendering', 'catalog/NeedsRendering');
  drop(cat, 'Requirements', 'catalog/Requirements');
  if (isForbiddenAction(doc, cat.get(PDFName.of('OpenAction')))) drop(cat, 'OpenAction', 'catalog/OpenAction');
  const names = getDict(ctx, cat, 'Names');
  if (names) {
    drop(names, 'JavaScript', 'Names/JavaScript');
    drop(names, 'AlternatePresentations', 'Names/AlternatePresentations');
  }
  const acro = getDict(ctx, cat, 'AcroForm');
  if (acro) {
    drop(acro, 'XFA', 'AcroForm/XFA');
    const na = get(ctx, acro, 'NeedAppearances');
    if (na !== undefined && na.toString() === 'true') drop(acro, 'NeedAppearances', 'AcroForm/NeedAppearances');
  }
  doc.getPages().forEach((p, i) => {
    drop(p.node, 'AA', `page ${i + 1}/AA`);
    drop(p.node, 'PresSteps', `page ${i + 1}/PresSteps`);
  });
  const version = getName(ctx, cat, 'Version');
  if (version !== undefined && !/^1\.[0-7]$/.test(version)) drop(cat, 'Version', 'catalog/Version');
}

/** Two identical 16-byte IDs as hex strings. */
export function setTrailerId(doc: PDFDocument, id: Uint8Array): void {
  const hex = toHex(id);
  doc.context.trailerInfo.ID = doc.context.obj([PDFHexString.of(hex), PDFHexString.of(hex)]);
}

function validate(o: MakePdfA3Options): void {
  if (!o || typeof o !== 'object') throw new Pdfa3Error('INVALID_ARGUMENT', 'options are required');
  if (typeof o.title !== 'string' || o.title.length === 0) throw new Pdfa3Error('INVALID_ARGUMENT', 'title must be a non-empty string');
  for (const k of ['author', 'subject', 'keywords', 'creator', 'producer', 'lang'] as const) {
    if (o[k] !== undefined && typeof o[k] !== 'string') throw new Pdfa3Error('INVALID_ARGUMENT', `${k} must be a string`);
  }
  if (o.lang !== undefined && !/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(o.lang)) throw new Pdfa3Error('INVALID_ARGUMENT', `lang "${o.lang}" is not a language tag`);
}

/**
 * Makes `doc` a PDF/A-3 document (in place). Save it with `savePdfA3` (content-derived /ID, no object
 * streams); a plain `doc.save({ useObjectStreams: false })` also works and keeps the provisional /ID.
 * @example
 * ```ts
 * const doc = await PDFDocument.create({ updateMetadata: false });
 * doc.addPage();
 * makePdfA3(doc, { title: 'Lieferschein 4711', createDate: now, modifyDate: now, conformance: 'B' }); // XMP, OutputIntent, /ID
 * const pdf = await savePdfA3(doc);
 * ```
 */
export function makePdfA3(doc: PDFDocument, opts: MakePdfA3Options): MakePdfA3Result {
  if (!(doc instanceof PDFDocument)) throw new Pdfa3Error('INVALID_ARGUMENT', 'doc must be a pdf-lib PDFDocument');
  validate(opts);
  const ctx = doc.context;
  if (ctx.trailerInfo.Encrypt) throw new Pdfa3Error('NOT_PDFA_READY', 'the document is encrypted; PDF/A forbids encryption');
  const xmp = buildXmp(opts); // validates dates and extension schemas before anything changes
  const removed: string[] = [];
  const warnings: Finding[] = [];

  ctx.header = PDFHeader.forVersion(1, 7);
  const renamed = normalizeNames(doc);
  if (renamed > 0) removed.push(`${renamed} names with lower-case #xx escapes rewritten`);
  removeForbidden(doc, removed);
  setInfo(doc, opts);

  const cat = doc.catalog;
  const old = cat.get(PDFName.of('Metadata'));
  if (old instanceof PDFRef) ctx.delete(old);
  const meta = ctx.stream(new TextEncoder().encode(xmp), { Type: 'Metadata', Subtype: 'XML' });
  cat.set(PDFName.of('Metadata'), ctx.register(meta));

  const outputIntentColorSpace = setOutputIntent(doc, removed);

  if (opts.lang !== undefined) cat.set(PDFName.of('Lang'), pdfText(opts.lang));
  if (cat.has(PDFName.of('StructTreeRoot'))) {
    cat.set(PDFName.of('MarkInfo'), ctx.obj({ Marked: true }));
  } else if (opts.conformance === 'A') {
    warnings.push({
      code: 'PDFA_NOT_TAGGED',
      severity: 'warning',
      clause: '6.7',
      message: 'conformance A declared but the document has no structure tree (StructTreeRoot); only level B/U can be met',
    });
  }
  setTrailerId(doc, md5(JSON.stringify([opts.title, opts.author ?? null, opts.createDate.toISOString(), opts.modifyDate.toISOString(), opts.conformance, doc.getPageCount()])));
  return { removed, outputIntentColorSpace, warnings };
}
