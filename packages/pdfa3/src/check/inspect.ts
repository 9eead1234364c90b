/**
 * inspectPdfA3: checkPdfA3, readEmbeddedFiles and readPdfInfo of one file from a single parse — what the check of
 * a finished hybrid needs (three parses of the same bytes otherwise). The answers are those of the three calls;
 * whenever the check's parse is not the one the readers would make (page or object limits, unreadable, encrypted,
 * invalid arguments) the three simply run as they are.
 */
import { DEFAULT_MAX_OBJECTS, loadTolerant } from '../internal/pdf';
import { countPageObjects } from '../internal/limits';
import { embeddedFilesOf, readEmbeddedFiles, type EmbeddedFile, type ReadEmbeddedFilesOptions } from '../read/embedded-files';
import { pdfInfoOf, readPdfInfo, type PdfInfo } from '../read/pdf-info';
import { checkPdfA3, runChecks, type CheckPdfA3Result } from './check-pdfa3';
import { DEFAULT_LIMITS, type CheckOptions } from './context';
import type { XmpFacts } from '../xmp/read';

/** A reader's answer, or what it threw. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface PdfA3Inspection {
  check: CheckPdfA3Result;
  files: Settled<EmbeddedFile[]>;
  info: Settled<PdfInfo>;
  /**
   * the catalog's XMP packet as the check read it (properties with their namespaces, pdfaid, extension schemas), so
   * a caller that needs more of it does not parse `info.xmp` again; absent when it could not be read, or when the
   * three ran separately (limits, unreadable or encrypted files)
   */
  xmp?: XmpFacts;
}

async function settle<T>(fn: () => T | Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * @example
 * ```ts
 * const { check, files, info } = await inspectPdfA3(await readFile('hybrid.pdf'));
 * console.log(check.passed, files.ok && files.value.map((f) => f.name), info.ok && info.value.pdfaPart); // true [ 'factur-x.xml' ] 3
 * ```
 */
export async function inspectPdfA3(bytes: Uint8Array, opts: CheckOptions & ReadEmbeddedFilesOptions = {}): Promise<PdfA3Inspection> {
  const separately = async (): Promise<PdfA3Inspection> => ({
    check: await checkPdfA3(bytes, opts),
    files: await settle(() => readEmbeddedFiles(bytes, opts)),
    info: await settle(() => readPdfInfo(bytes)),
  });
  const argsOk = bytes instanceof Uint8Array && (opts.part === undefined || opts.part === 2 || opts.part === 3) && (opts.conformance === undefined || ['A', 'B', 'U'].includes(opts.conformance));
  // the readers parse with the default object limit: a higher one could let the check parse what they refuse
  if (!argsOk || (opts.maxObjects !== undefined && opts.maxObjects > DEFAULT_MAX_OBJECTS)) return separately();
  const maxPages = opts.maxPages ?? DEFAULT_LIMITS.maxPages;
  if (countPageObjects(bytes, maxPages) > maxPages) return separately();
  const loaded = await loadTolerant(bytes, { maxObjects: opts.maxObjects ?? DEFAULT_LIMITS.maxObjects });
  if ('error' in loaded || loaded.doc.context.trailerInfo.Encrypt) return separately();
  const doc = loaded.doc;
  // the checks do not modify the document; the readers see what they would have parsed themselves
  const run = runChecks(bytes, doc, opts, { reuse: opts.precheck });
  const { metadata, decoded } = run.facts;
  // the reader takes the XMP text, its facts and the decoded output profile from the check (same answer)
  const info = await settle(() => pdfInfoOf(doc, bytes, { metadata, decoded }));
  return { check: run.result, files: await settle(() => embeddedFilesOf(doc, opts)), info, ...(metadata.xmp ? { xmp: metadata.xmp } : {}) };
}
