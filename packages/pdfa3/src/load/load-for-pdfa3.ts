/**
 * Prepares a supplied PDF for PDF/A-3: parses it, runs the checker, refuses what cannot be repaired
 * without changing what the pages show (encryption, fonts not embedded, JavaScript and other forbidden
 * actions, device colour the output intent cannot cover, ...), repairs small things in place (existing
 * attachments, CIDSet/CharSet, image Interpolate, missing annotation flags) and reports what
 * makePdfA3 + savePdfA3 will fix (metadata, output intent, trailer ID, header, file structure).
 * Page content streams and resources are never changed.
 */
import { PDFArray, PDFBool, PDFDict, type PDFDocument, PDFName, PDFNumber, PDFStream, type PDFObject } from 'pdf-lib';
import type { Lang } from '@kontor/xml';
import { Pdfa3Error } from '../errors';
import { msg } from '../messages';
import { iccComponents, readIccHeader } from '../internal/icc';
import { decodeReusing, get, getArray, getDict, getName, getNumber, loadTolerant, looksEncrypted, resolve } from '../internal/pdf';
import { runChecks } from '../check/check-pdfa3';
import type { Pdfa3Precheck } from '../check/precheck';
import { normalizeNames } from '../internal/names';
import type { Finding } from '../types';
import { MIME_TYPE_PATTERN, nameTreeEntries } from '../write/attach-file';

export interface LoadForPdfA3Options {
  /** language of the findings' messages (default 'en'); codes and clauses do not depend on it */
  lang?: Lang | undefined;
  /**
   * Changes made to the parsed document before it is judged, for a caller that fixes something the checks would
   * refuse (@kontor/zugferd embeds a font program for an unembedded Helvetica): the object and page checks judge the
   * changed document, the byte-level checks (header, xref, stream keywords, object spacing) the supplied bytes, which
   * savePdfA3 rewrites anyway. Saves writing the changed file and parsing it again. Called once, and only for a
   * readable, unencrypted document with pages; what it throws, loadForPdfA3 throws. It may return the decoded bytes of
   * streams it created (they are then not decoded again by the checks); it must not change them afterwards.
   */
  prepare?: ((doc: PDFDocument) => PreparedStreams | void) | undefined;
}

/** What a `prepare` hook may hand back: the decoded bytes of stream objects it created, by stream. */
export interface PreparedStreams {
  decoded?: ReadonlyMap<PDFStream, Uint8Array>;
}

export type LoadForPdfA3Result =
  | {
      ok: true;
      doc: PDFDocument;
      findings: Finding[];
      /**
       * what the page checks found, for checkPdfA3's `precheck` option on the file saved from `doc`: pages that stay
       * byte for byte the same are not checked twice (absent when the pages could not be fingerprinted)
       */
      precheck?: Pdfa3Precheck;
    }
  | { ok: false; findings: Finding[] };

/** Clauses (or rules) whose failures makePdfA3 / savePdfA3 repair by rewriting the file or its metadata. */
const FIXED_ON_SAVE = [
  '6.1.2',
  '6.1.3-1',
  '6.1.3-3',
  '6.1.4',
  '6.1.7.1-1',
  '6.1.7.1-2',
  '6.1.9',
  '6.2.3',
  '6.2.10-2',
  '6.4.1-3',
  '6.4.2',
  '6.5.2',
  '6.6.2.1',
  '6.6.2.3.1',
  '6.6.2.3.2',
  '6.6.2.3.3',
  '6.6.4',
  '6.10',
  '6.11',
];
/** Repaired by loadForPdfA3 itself. */
const FIXED_ON_LOAD = ['6.8', '6.2.8-3', '6.2.11.4.2', '6.3.2-1'];

function matches(list: string[], f: Finding): boolean {
  return list.some((x) => x === f.code || x === f.rule);
}

/** Our refusal code for a clause. */
function refusalCode(f: Finding, lang: Lang): string {
  const c = f.code;
  if (c.startsWith('PDF_')) return c; // structural limits and unreadable parts keep their own codes
  if (f.rule === '6.1.3-2') return 'PDFA_ENCRYPTED';
  if (f.rule === '6.2.11.4.1-1') return 'PDFA_FONT_NOT_EMBEDDED';
  if (c === '6.2.11.5') return 'PDFA_FONT_WIDTHS';
  if (c.startsWith('6.2.11')) return 'PDFA_FONT_INVALID';
  // a JavaScript action is told by its catalogue message (the action name is its only parameter), not by wording
  if (c === '6.5.1') return f.rule === '6.5.1-1' && f.message === msg('ACTION_NOT_PERMITTED', lang, { action: 'JavaScript' }) ? 'PDFA_JAVASCRIPT' : 'PDFA_FORBIDDEN_ACTION';
  if (c === '6.2.4.3') return 'PDFA_DEVICE_COLOUR';
  if (c.startsWith('6.2.4')) return 'PDFA_COLOUR_SPACE';
  if (c === '6.2.10') return 'PDFA_TRANSPARENCY';
  if (c.startsWith('6.3')) return 'PDFA_ANNOTATION';
  if (c.startsWith('6.4')) return 'PDFA_FORM';
  if (c.startsWith('6.2')) return 'PDFA_GRAPHICS';
  if (c.startsWith('6.1')) return 'PDFA_FILE_STRUCTURE';
  return 'PDFA_NOT_CONVERTIBLE';
}

/** Colour space of the output intent makePdfA3 will leave in place: a valid existing one, else sRGB. */
function resultingOutputCS(doc: PDFDocument, decoded: (s: PDFStream) => Uint8Array | undefined): string {
  const ctx = doc.context;
  const intents = getArray(ctx, doc.catalog, 'OutputIntents');
  let cs: string | undefined;
  let first: PDFObject | undefined;
  for (const e of intents?.asArray() ?? []) {
    const oi = resolve(ctx, e);
    if (!(oi instanceof PDFDict)) return 'RGB ';
    const raw = oi.get(PDFName.of('DestOutputProfile'));
    const p = resolve(ctx, raw);
    if (!(p instanceof PDFStream)) continue;
    if (first !== undefined && raw !== first) return 'RGB ';
    first = raw;
    try {
      const h = readIccHeader(decodeReusing(ctx, p, 16 * 1024 * 1024, decoded));
      if (!h || !(h.deviceClass === 'mntr' || h.deviceClass === 'prtr') || !iccComponents(h.colorSpace) || h.colorSpace === 'Lab ' || h.colorSpace === 'XYZ ' || h.version >= 5) return 'RGB ';
      cs = h.colorSpace;
    } catch {
      return 'RGB ';
    }
  }
  return cs ?? 'RGB ';
}

function repairAttachments(doc: PDFDocument, fixed: string[], lang: Lang): void {
  const ctx = doc.context;
  const cat = doc.catalog;
  const tree = getDict(ctx, getDict(ctx, cat, 'Names'), 'EmbeddedFiles');
  const entries = nameTreeEntries(doc, tree);
  if (entries.length === 0) return;
  let af = resolve(ctx, cat.get(PDFName.of('AF')));
  const listed = new Set<PDFObject>();
  if (af instanceof PDFArray) for (const x of af.asArray()) listed.add(resolve(ctx, x) ?? x);
  for (const [k, v] of entries) {
    const spec = resolve(ctx, v);
    if (!(spec instanceof PDFDict)) continue;
    const label = (() => {
      try {
        return k.decodeText();
      } catch {
        return '?';
      }
    })();
    if (!(get(ctx, spec, 'AFRelationship') instanceof PDFName)) {
      spec.set(PDFName.of('AFRelationship'), PDFName.of('Unspecified'));
      fixed.push(msg('REPAIRED_RELATIONSHIP', lang, { name: label }));
    }
    const F = spec.get(PDFName.of('F'));
    const UF = spec.get(PDFName.of('UF'));
    if (F && !UF) spec.set(PDFName.of('UF'), F);
    if (UF && !F) spec.set(PDFName.of('F'), UF);
    if (!F || !UF) {
      if (!F && !UF) spec.set(PDFName.of('F'), k);
      if (!F && !UF) spec.set(PDFName.of('UF'), k);
      fixed.push(msg('REPAIRED_F_UF', lang, { name: label }));
    }
    const ef = getDict(ctx, spec, 'EF');
    for (const key of ['F', 'UF']) {
      const s = ef ? get(ctx, ef, key) : undefined;
      if (!(s instanceof PDFStream)) continue;
      const sub = getName(ctx, s.dict, 'Subtype');
      if (sub === undefined || !MIME_TYPE_PATTERN.test(sub)) {
        s.dict.set(PDFName.of('Subtype'), PDFName.of('application/octet-stream'));
        fixed.push(msg('REPAIRED_MIME', lang, { name: label }));
      }
    }
    if (!listed.has(spec)) {
      if (!(af instanceof PDFArray)) {
        af = ctx.obj([]);
        cat.set(PDFName.of('AF'), af as PDFArray);
      }
      (af as PDFArray).push(v instanceof PDFDict ? ctx.register(spec) : v);
      listed.add(spec);
      fixed.push(msg('REPAIRED_AF', lang, { name: label }));
    }
  }
}

/** Removes optional subset descriptors that would have to be complete (6.2.11.4.2), Interpolate true, missing annotation flags. */
function repairObjects(doc: PDFDocument, fixed: string[], lang: Lang): void {
  const ctx = doc.context;
  let cidsets = 0;
  let interp = 0;
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    const d = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : undefined;
    if (!d) continue;
    const type = getName(ctx, d, 'Type');
    if (type === 'FontDescriptor') {
      for (const k of ['CIDSet', 'CharSet']) {
        if (d.has(PDFName.of(k))) {
          d.delete(PDFName.of(k));
          cidsets++;
        }
      }
    }
    if (obj instanceof PDFStream && getName(ctx, d, 'Subtype') === 'Image' && get(ctx, d, 'Interpolate') === PDFBool.True) {
      d.set(PDFName.of('Interpolate'), PDFBool.False);
      interp++;
    }
  }
  if (cidsets) fixed.push(msg('REPAIRED_CIDSET', lang, { count: cidsets }));
  if (interp) fixed.push(msg('REPAIRED_INTERPOLATE', lang, { count: interp }));
  let flags = 0;
  for (const page of doc.getPages()) {
    const annots = getArray(ctx, page.node, 'Annots');
    for (const a of annots?.asArray() ?? []) {
      const ad = resolve(ctx, a);
      if (ad instanceof PDFDict && getName(ctx, ad, 'Subtype') !== 'Popup' && getNumber(ctx, ad, 'F') === undefined) {
        ad.set(PDFName.of('F'), PDFNumber.of(4));
        flags++;
      }
    }
  }
  if (flags) fixed.push(msg('REPAIRED_ANNOT_FLAGS', lang, { count: flags }));
}

/**
 * Parses `bytes` and decides whether the document can become PDF/A-3. On success the returned pdf-lib
 * document has the load-time repairs applied; continue with makePdfA3, attachFile, savePdfA3.
 * @example
 * ```ts
 * const loaded = await loadForPdfA3(await readFile('letter.pdf')); // a supplied PDF, ready to become PDF/A-3
 * if (!loaded.ok) throw new Error(loaded.findings.map((f) => f.message).join('; '));
 * attachFile(loaded.doc, { name: 'factur-x.xml', data: xmlBytes, mimeType: 'text/xml', relationship: 'Alternative', modDate: now });
 * ```
 */
export async function loadForPdfA3(bytes: Uint8Array, opts: LoadForPdfA3Options = {}): Promise<LoadForPdfA3Result> {
  if (!(bytes instanceof Uint8Array)) throw new Pdfa3Error('INVALID_ARGUMENT', 'bytes must be a Uint8Array');
  const lang = opts.lang ?? 'en';
  const loaded = await loadTolerant(bytes);
  if ('error' in loaded && loaded.code === 'PDF_TOO_MANY_OBJECTS') {
    return { ok: false, findings: [{ code: loaded.code, severity: 'error', message: loaded.error }] };
  }
  if ('error' in loaded && !looksEncrypted(bytes)) {
    return { ok: false, findings: [{ code: 'PDF_UNREADABLE', severity: 'error', message: msg('UNREADABLE', lang, { error: loaded.error }) }] };
  }
  if ('error' in loaded || loaded.doc.context.trailerInfo.Encrypt) {
    return { ok: false, findings: [{ code: 'PDFA_ENCRYPTED', clause: '6.1.3', rule: '6.1.3-2', severity: 'error', message: msg('LOAD_ENCRYPTED', lang), path: 'trailer/Encrypt' }] };
  }
  const doc = loaded.doc;
  if (doc.getPageCount() === 0) {
    return { ok: false, findings: [{ code: 'PDF_NO_PAGES', severity: 'error', message: msg('LOAD_NO_PAGES', lang) }] };
  }
  const prepared = opts.prepare ? (opts.prepare(doc) as PreparedStreams | undefined) : undefined;
  // the level the converted file will claim is chosen later (makePdfA3); judge the level-B rules here
  const { result, facts, precheck } = runChecks(bytes, doc, { part: 3, conformance: 'B', lang }, { record: true, known: prepared?.decoded });
  const findings: Finding[] = [];
  const outCS = resultingOutputCS(doc, facts.decoded);
  for (const f of result.findings) {
    if (f.code === 'PDFA_DOCUMENT_JAVASCRIPT') {
      findings.push({ ...f, code: 'PDFA_JAVASCRIPT', clause: '6.5.1', severity: 'error' });
      continue;
    }
    if (f.severity !== 'error') {
      findings.push(f);
      continue;
    }
    if (f.code === '6.2.4.3') continue; // judged below against the output intent that will be in force
    if (matches(FIXED_ON_SAVE, f) || matches(FIXED_ON_LOAD, f)) {
      findings.push({ ...f, severity: 'info', message: msg('WILL_BE_FIXED', lang, { message: f.message }) });
      continue;
    }
    findings.push({ ...f, code: refusalCode(f, lang), clause: f.code });
  }
  const colourProblem = (space: string, need: string) =>
    findings.push({
      code: 'PDFA_DEVICE_COLOUR',
      clause: '6.2.4.3',
      severity: 'error',
      message: msg('DEVICE_COLOUR_CONFLICT', lang, { space, outputSpace: outCS.trim(), need }),
    });
  if (facts.deviceSpaces.has('DeviceRGB') && outCS !== 'RGB ') colourProblem('DeviceRGB', msg('NEED_RGB', lang));
  if (facts.deviceSpaces.has('DeviceCMYK') && outCS !== 'CMYK') colourProblem('DeviceCMYK', msg('NEED_CMYK', lang));
  if (findings.some((f) => f.severity === 'error')) return { ok: false, findings };
  const fixed: string[] = [];
  const renamed = normalizeNames(doc);
  if (renamed > 0) fixed.push(msg('REPAIRED_NAMES', lang, { count: renamed }));
  repairAttachments(doc, fixed, lang);
  repairObjects(doc, fixed, lang);
  for (const m of fixed) findings.push({ code: 'PDFA_REPAIRED', severity: 'info', message: m });
  return { ok: true, doc, findings, ...(precheck ? { precheck } : {}) };
}
