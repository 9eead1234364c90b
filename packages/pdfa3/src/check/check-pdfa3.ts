/**
 * checkPdfA3: the cheap, reliable part of ISO 19005-3 as findings with clause numbers. Not a full
 * validator: `checkedClauses` says which clauses are covered fully and which partly; a result without
 * errors means "none of these checks failed", not "PDF/A compliant" (use veraPDF for that).
 */
import type { PDFDocument, PDFObject, PDFStream } from 'pdf-lib';
import { verdictOf, type Verdict } from '@kontor/xml';
import { Pdfa3Error } from '../errors';
import { loadTolerant, looksEncrypted } from '../internal/pdf';
import { msg } from '../messages';
import type { Finding } from '../types';
import { countPageObjects } from '../internal/limits';
import { CheckContext, DEFAULT_LIMITS, type CheckOptions } from './context';
import { checkCatalogKeys, checkEmbeddedFiles, checkInfoConsistency, checkMetadata, checkOutputIntents, checkTrailer, type DocumentFacts } from './document';
import { decodedBefore } from './decoded';
import { FontProgramChecker } from './font-programs';
import { GlyphWidthChecker } from './glyph-widths';
import { GraphicsChecker } from './graphics/index';
import { checkObjects } from './objects';
import { buildPrecheck, matchPrecheck, precheckKey, type Pdfa3Precheck, type RecordedCall } from './precheck';
import { checkRaw } from './raw';
import { UnicodeMapChecker } from './unicode';

export type { CheckOptions };

export interface ClauseCoverage {
  clause: string;
  coverage: 'full' | 'partial';
  /** veraPDF rule numbers of the clause we check */
  rules: number[];
}

/** What checkPdfA3 checks, by clause (veraPDF PDF/A-3B profile rule numbers). */
export const CHECKED_CLAUSES: readonly ClauseCoverage[] = [
  { clause: '6.1.2', coverage: 'full', rules: [1, 2] },
  { clause: '6.1.3', coverage: 'full', rules: [1, 2, 3] },
  { clause: '6.1.4', coverage: 'full', rules: [2] },
  { clause: '6.1.6', coverage: 'full', rules: [1, 2] },
  { clause: '6.1.7.1', coverage: 'full', rules: [1, 2, 3] },
  { clause: '6.1.7.2', coverage: 'full', rules: [1] },
  { clause: '6.1.8', coverage: 'partial', rules: [1] },
  { clause: '6.1.9', coverage: 'full', rules: [1] },
  { clause: '6.1.10', coverage: 'full', rules: [1] },
  { clause: '6.1.12', coverage: 'full', rules: [1, 2] },
  { clause: '6.1.13', coverage: 'full', rules: [1, 2, 3, 4, 5, 7, 8, 9, 10, 11] },
  { clause: '6.2.2', coverage: 'full', rules: [1, 2] },
  { clause: '6.2.3', coverage: 'full', rules: [1, 2, 3] },
  { clause: '6.2.4.2', coverage: 'full', rules: [1, 2] },
  { clause: '6.2.4.3', coverage: 'full', rules: [2, 3, 4] },
  { clause: '6.2.4.4', coverage: 'full', rules: [1, 2] },
  { clause: '6.2.5', coverage: 'full', rules: [1, 2, 3, 4, 5, 6] },
  { clause: '6.2.6', coverage: 'full', rules: [1] },
  { clause: '6.2.8', coverage: 'full', rules: [1, 2, 3, 4, 5] },
  { clause: '6.2.8.3', coverage: 'full', rules: [1, 2, 3, 4, 5] },
  { clause: '6.2.9', coverage: 'full', rules: [1, 2, 3] },
  { clause: '6.2.10', coverage: 'full', rules: [1, 2] },
  { clause: '6.2.11.2', coverage: 'full', rules: [1, 2, 3, 4, 5, 6, 7] },
  { clause: '6.2.11.3.1', coverage: 'partial', rules: [1] },
  { clause: '6.2.11.3.2', coverage: 'full', rules: [1] },
  { clause: '6.2.11.3.3', coverage: 'full', rules: [1, 2, 3] },
  { clause: '6.2.11.4.1', coverage: 'partial', rules: [1, 2] },
  { clause: '6.2.11.4.2', coverage: 'partial', rules: [1, 2] },
  { clause: '6.2.11.5', coverage: 'partial', rules: [1] },
  { clause: '6.2.11.6', coverage: 'partial', rules: [1, 2, 3, 4] },
  { clause: '6.2.11.7.2', coverage: 'partial', rules: [1, 2] },
  { clause: '6.2.11.8', coverage: 'partial', rules: [1] },
  { clause: '6.3.1', coverage: 'full', rules: [1] },
  { clause: '6.3.2', coverage: 'full', rules: [1, 2] },
  { clause: '6.3.3', coverage: 'full', rules: [1, 2, 3, 4] },
  { clause: '6.4.1', coverage: 'full', rules: [1, 2, 3] },
  { clause: '6.4.2', coverage: 'full', rules: [1, 2] },
  { clause: '6.5.1', coverage: 'full', rules: [1, 2] },
  { clause: '6.5.2', coverage: 'full', rules: [1, 2] },
  { clause: '6.6.2.1', coverage: 'partial', rules: [1, 2, 3, 4, 5] },
  { clause: '6.6.2.3.1', coverage: 'full', rules: [1, 2] },
  { clause: '6.6.2.3.2', coverage: 'full', rules: [1] },
  { clause: '6.6.2.3.3', coverage: 'full', rules: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] },
  { clause: '6.6.4', coverage: 'full', rules: [1, 2, 3, 4, 5, 6, 7] },
  { clause: '6.8', coverage: 'full', rules: [1, 2, 3, 4] },
  { clause: '6.9', coverage: 'full', rules: [1, 2, 3, 4] },
  { clause: '6.10', coverage: 'full', rules: [1, 2] },
  { clause: '6.11', coverage: 'full', rules: [1] },
];

export interface CheckPdfA3Result {
  /** no error findings (for the checked clauses only) — veraPDF's "compliant" */
  passed: boolean;
  /** the house verdict over the findings: any error → invalid; else any warning → valid_with_warnings; else valid */
  verdict: Verdict;
  /** pdfaid as declared in the XMP, if readable */
  declared: { part?: string; conformance?: string };
  findings: Finding[];
  checkedClauses: readonly ClauseCoverage[];
  /** true when the page passes were replayed from `opts.precheck` instead of run (same findings, see precheck.ts) */
  pagesReused: boolean;
}

/**
 * @example
 * ```ts
 * const r = await checkPdfA3(await readFile('invoice.pdf'));
 * for (const f of r.findings) console.log(f.code, f.message); // the clause of ISO 19005-3, e.g. '6.2.11.4.1'
 * ```
 */
export async function checkPdfA3(bytes: Uint8Array, opts: CheckOptions = {}): Promise<CheckPdfA3Result> {
  if (!(bytes instanceof Uint8Array)) throw new Pdfa3Error('INVALID_ARGUMENT', 'bytes must be a Uint8Array');
  if (opts.part !== undefined && opts.part !== 2 && opts.part !== 3) throw new Pdfa3Error('INVALID_ARGUMENT', 'part must be 2 or 3');
  if (opts.conformance !== undefined && !['A', 'B', 'U'].includes(opts.conformance)) throw new Pdfa3Error('INVALID_ARGUMENT', 'conformance must be A, B or U');
  const maxPages = opts.maxPages ?? DEFAULT_LIMITS.maxPages;
  const lang = opts.lang ?? 'en';
  // pages written in the clear are counted before anything is parsed (pages in object streams: later)
  if (countPageObjects(bytes, maxPages) > maxPages) {
    return {
      passed: false,
      verdict: 'invalid',
      declared: {},
      findings: [{ code: 'PDF_TOO_MANY_PAGES', severity: 'error', message: msg('TOO_MANY_PAGES', lang, { max: maxPages }) }],
      checkedClauses: CHECKED_CLAUSES,
      pagesReused: false,
    };
  }
  const loaded = await loadTolerant(bytes, { maxObjects: opts.maxObjects ?? DEFAULT_LIMITS.maxObjects });
  if ('error' in loaded && loaded.code === 'PDF_TOO_MANY_OBJECTS') {
    return {
      passed: false,
      verdict: 'invalid',
      declared: {},
      findings: [{ code: loaded.code, severity: 'error', message: msg('NOT_JUDGED', lang, { error: loaded.error }) }],
      checkedClauses: CHECKED_CLAUSES,
      pagesReused: false,
    };
  }
  if ('error' in loaded) {
    return {
      passed: false,
      verdict: 'invalid',
      declared: {},
      findings: looksEncrypted(bytes)
        ? [{ code: '6.1.3', rule: '6.1.3-2', severity: 'error', message: msg('ENCRYPTED_UNPARSEABLE', lang), path: 'trailer' }]
        : [{ code: 'PDF_UNREADABLE', severity: 'error', message: msg('UNREADABLE', lang, { error: loaded.error }) }],
      checkedClauses: CHECKED_CLAUSES,
      pagesReused: false,
    };
  }
  return runChecks(bytes, loaded.doc, opts, { reuse: opts.precheck }).result;
}

/** What the loader needs beyond the findings. */
export interface CheckFacts {
  encrypted: boolean;
  /** device colour spaces painted without a Default colour space */
  deviceSpaces: Set<'DeviceRGB' | 'DeviceCMYK' | 'DeviceGray'>;
  /** what the metadata check read (the XMP text and its facts), for readers of the same document */
  metadata: DocumentFacts;
  /** the decoded bytes of a stream this run decoded (read-only), undefined for any other */
  decoded: (stream: PDFStream) => Uint8Array | undefined;
}

/** How a run treats the page passes: record them for a later precheck, or replay a precheck instead of running them. */
export interface RunMode {
  record?: boolean;
  reuse?: Pdfa3Precheck | undefined;
  /** decoded bytes of streams the caller made itself (see CheckContext.known) */
  known?: ReadonlyMap<PDFStream, Uint8Array> | undefined;
}

/** Runs all checks on an already parsed document (not modified). */
export function runChecks(bytes: Uint8Array, doc: PDFDocument, opts: CheckOptions, mode: RunMode = {}): { result: CheckPdfA3Result; facts: CheckFacts; precheck?: Pdfa3Precheck } {
  const c = new CheckContext(bytes, doc, opts);
  c.known = mode.known;
  const raw = checkRaw(c);
  checkTrailer(c, raw);
  if (c.ctx.trailerInfo.Encrypt) {
    // the content of an encrypted file cannot be judged without decrypting it
    return { result: finish(c, {}, false), facts: { encrypted: true, deviceSpaces: new Set(), metadata: {}, decoded: () => undefined } };
  }
  const guard = <T>(phase: string, fn: () => T, fallback: T): T => {
    try {
      return fn();
    } catch (e) {
      c.note('PDF_STRUCTURE_BROKEN', 'error', c.t('STRUCTURE_BROKEN', { phase, error: (e as Error).message }));
      return fallback;
    }
  };
  const objects = guard('objects', () => checkObjects(c), { associated: new Set<PDFObject>(), fileSpecs: [] });
  const meta = guard('metadata', () => checkMetadata(c), {});
  guard('info', () => checkInfoConsistency(c, meta.xmp), undefined);
  const outputCS = guard('output intents', () => checkOutputIntents(c), undefined);
  guard('catalog', () => checkCatalogKeys(c), undefined);
  const declaredLevel = meta.xmp?.pdfaid.conformance?.toUpperCase();
  const level = opts.conformance ?? (declaredLevel === 'A' || declaredLevel === 'U' ? declaredLevel : 'B');
  const key = precheckKey({ maxStreamBytes: c.maxStreamBytes, maxPages: c.maxPages, maxOperators: c.maxOperators }, `${c.part}${level}`, c.lang);
  // the page passes are replayed when the precheck was made on the same pages (./precheck.ts), else run (and recorded)
  const match = mode.reuse ? quietly(() => matchPrecheck(mode.reuse!, doc, key)) : undefined;
  const g = new GraphicsChecker(c, outputCS !== undefined ? { outputCS } : {});
  const pageCalls: RecordedCall[] = [];
  const fontCalls: RecordedCall[] = [];
  let pagesDone = false;
  let pageActions: Set<PDFObject> | undefined;
  let pageSpecs: PDFObject[] | undefined;
  guard(
    'pages',
    () => {
      if (match) {
        c.replay(mode.reuse!.pageCalls, outputCS);
        g.adoptPages(mode.reuse!.deviceUse, match.attachmentSpecs, match.checkedActions);
      } else {
        c.recording = mode.record ? pageCalls : undefined;
        try {
          g.runPages();
        } finally {
          c.recording = undefined;
        }
        pagesDone = true;
        if (mode.record) {
          pageActions = new Set(g.checkedActions);
          pageSpecs = [...g.fileAttachmentSpecs];
        }
      }
      g.runDocument();
    },
    undefined,
  );
  if (match) c.replay(mode.reuse!.fontCalls, outputCS);
  else {
    c.recording = mode.record ? fontCalls : undefined;
    guard('glyph widths', () => new GlyphWidthChecker(c).run(g.glyphUse), undefined);
    guard('font programs', () => new FontProgramChecker(c).run(g.glyphUse), undefined);
    if (level !== 'B') guard('unicode maps', () => new UnicodeMapChecker(c).run(g.glyphUse), undefined);
    c.recording = undefined;
  }
  if (c.part === 3) guard('embedded files', () => checkEmbeddedFiles(c, objects, g.fileAttachmentSpecs), undefined);
  const declared: { part?: string; conformance?: string } = {};
  if (meta.xmp?.pdfaid.part !== undefined) declared.part = meta.xmp.pdfaid.part;
  if (meta.xmp?.pdfaid.conformance !== undefined) declared.conformance = meta.xmp.pdfaid.conformance;
  const precheck = mode.record && pagesDone && pageActions && pageSpecs ? quietly(() => buildPrecheck(doc, key, pageCalls, fontCalls, g.deviceUse, pageSpecs!, pageActions!)) : undefined;
  return {
    result: finish(c, declared, match !== undefined),
    facts: { encrypted: false, deviceSpaces: new Set(g.deviceUse.keys()), metadata: meta, decoded: (stream) => decodedBefore(c, stream) },
    ...(precheck ? { precheck } : {}),
  };
}

/** A precheck that cannot be built or matched is no finding: the full check simply runs. */
function quietly<T>(fn: () => T | undefined): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

function finish(c: CheckContext, declared: { part?: string; conformance?: string }, pagesReused: boolean): CheckPdfA3Result {
  const findings = [...c.findings].sort((a, b) => (a.code === b.code ? 0 : compareClause(a.code, b.code)));
  return { passed: !findings.some((f) => f.severity === 'error'), verdict: verdictOf(findings), declared, findings, checkedClauses: CHECKED_CLAUSES, pagesReused };
}

function compareClause(a: string, b: string): number {
  const pa = a.split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : Number.POSITIVE_INFINITY));
  const pb = b.split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : Number.POSITIVE_INFINITY));
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d !== 0) return d;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
