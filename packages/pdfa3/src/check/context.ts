/** State shared by the checks of one checkPdfA3 run: the bytes, the parsed document, the findings. */
import type { PDFContext, PDFDocument, PDFStream } from 'pdf-lib';
import { DEFAULT_MAX_OBJECTS } from '../internal/pdf';
import type { Lang, MessageParams } from '@kontor/xml';
import { msg, type Pdfa3MessageKey } from '../messages';
import type { Finding, Severity } from '../types';
import type { Pdfa3Precheck, RecordedCall } from './precheck';

export interface CheckOptions {
  /** ISO 19005 part the file must declare: 3 (default), or 2 to apply the PDF/A-2 identification */
  part?: 2 | 3;
  /**
   * conformance level to check: 'B' (default when the XMP declares none), 'U' or 'A' add the Unicode
   * mapping rules (6.2.11.7.2); without this option the level the XMP declares is checked (as veraPDF
   * does when it detects the flavour)
   */
  conformance?: 'A' | 'B' | 'U';
  /** cap for any single decoded stream (default 64 MB); beyond it PDF_STREAM_TOO_LARGE (error) */
  maxStreamBytes?: number;
  /** most pages (default 10,000); beyond it PDF_TOO_MANY_PAGES (error; counted before parsing where pages are written in the clear) */
  maxPages?: number;
  /** most indirect objects (default 200,000); beyond it PDF_TOO_MANY_OBJECTS (error, nothing else judged) */
  maxObjects?: number;
  /** most content-stream operators over the whole document (default 10,000,000); beyond it PDF_TOO_MANY_OPERATORS */
  maxOperators?: number;
  /**
   * what loadForPdfA3 found on the pages of the PDF this one was made from: when the pages are unchanged
   * (same objects, same bytes) their checks are replayed instead of run again; otherwise ignored
   */
  precheck?: Pdfa3Precheck | undefined;
  /** language of the findings' messages (default 'en'); codes, rules and clauses do not depend on it */
  lang?: Lang | undefined;
}

export const DEFAULT_LIMITS = { maxStreamBytes: 64 * 1024 * 1024, maxPages: 10_000, maxObjects: DEFAULT_MAX_OBJECTS, maxOperators: 10_000_000 } as const;

export class CheckContext {
  readonly findings: Finding[] = [];
  /** while set, every fail/note call is also appended here (the page passes' record for a precheck) */
  recording: RecordedCall[] | undefined;
  /** decoded bytes of streams the caller made itself (loadForPdfA3's `prepare`), used instead of decoding them */
  known: ReadonlyMap<PDFStream, Uint8Array> | undefined;
  private readonly seen = new Set<string>();
  private readonly perRule = new Map<string, number>();
  readonly part: 2 | 3;
  readonly maxStreamBytes: number;
  readonly maxPages: number;
  readonly maxOperators: number;
  readonly lang: Lang;

  constructor(
    readonly bytes: Uint8Array,
    readonly doc: PDFDocument,
    opts: CheckOptions,
  ) {
    this.part = opts.part ?? 3;
    this.maxStreamBytes = opts.maxStreamBytes ?? DEFAULT_LIMITS.maxStreamBytes;
    this.maxPages = opts.maxPages ?? DEFAULT_LIMITS.maxPages;
    this.maxOperators = opts.maxOperators ?? DEFAULT_LIMITS.maxOperators;
    this.lang = opts.lang ?? 'en';
  }

  /** The text of a catalogue message in the language of this run. */
  t(key: Pdfa3MessageKey, params?: MessageParams): string {
    return msg(key, this.lang, params);
  }

  get ctx(): PDFContext {
    return this.doc.context;
  }

  /**
   * Records a failed rule ("6.6.4-2"): code = clause, one finding per rule and path (the same rule failing
   * on many objects is reported up to 20 times). `font`: the BaseFont name a font finding is about (Finding.font).
   */
  fail(rule: string, message: string, path?: string, severity: Severity = 'error', font?: string): void {
    this.recording?.push({ t: 'fail', rule, message, path, severity, ...(font !== undefined ? { font } : {}) });
    const clause = rule.replace(/-\d+$/, '');
    const key = `${rule}|${path ?? ''}`;
    if (this.seen.has(key)) return;
    const perRule = this.perRule.get(rule) ?? 0;
    if (perRule >= 20) return;
    this.perRule.set(rule, perRule + 1);
    this.seen.add(key);
    this.findings.push({ code: clause, rule, severity, message, ...(path !== undefined ? { path } : {}), ...(font !== undefined ? { font } : {}) });
  }

  /**
   * 6.2.10-2 for a page that uses transparency and has no group colour space: fails without a PDF/A output
   * intent. Recorded as such, so a replay decides it against the output intent then in force.
   */
  transparencyWithoutGroup(path: string, outputCS: string | undefined): void {
    const rec = this.recording;
    rec?.push({ t: 'transparency', path });
    this.recording = undefined;
    try {
      if (!outputCS) this.fail('6.2.10-2', this.t('TRANSPARENCY_NO_GROUP'), path);
    } finally {
      this.recording = rec;
    }
  }

  /** Replays recorded calls (see ./precheck.ts) as if the passes that made them ran now. */
  replay(calls: readonly RecordedCall[], outputCS: string | undefined): void {
    for (const k of calls) {
      if (k.t === 'fail') this.fail(k.rule, k.message, k.path, k.severity, k.font);
      else if (k.t === 'note') this.note(k.code, k.severity, k.message, k.path);
      else this.transparencyWithoutGroup(k.path, outputCS);
    }
  }

  note(code: string, severity: Severity, message: string, path?: string): void {
    this.recording?.push({ t: 'note', code, message, path, severity });
    this.findings.push({ code, severity, message, ...(path !== undefined ? { path } : {}) });
  }
}
