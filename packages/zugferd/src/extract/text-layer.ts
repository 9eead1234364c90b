/**
 * The text layer of a PDF with positions (pdfjs-dist legacy build): every text run with its x/y box, grouped
 * into visual lines per page. Used by the deterministic extractor (columns by x position) and as the model's input.
 * Unreadable input becomes a ZugferdError with a stable code (PDF_ENCRYPTED, PDF_UNREADABLE), never a crash.
 */
import { ZugferdError } from '../errors';

export interface TextRun {
  str: string;
  /** left edge, baseline (PDF user space, origin bottom left) */
  x: number;
  y: number;
  width: number;
  /** font size as drawn */
  size: number;
}

export interface TextLine {
  page: number;
  y: number;
  /** runs left to right; runs closer than a space are merged into one cell */
  cells: TextRun[];
  text: string;
}

export interface TextPage {
  number: number;
  width: number;
  height: number;
  lines: TextLine[];
}

export interface TextLayer {
  pages: TextPage[];
  /** all runs of all pages, for the "is this a scan" decision */
  runCount: number;
  /** the file was encrypted but opened with the empty user password */
  encrypted: boolean;
  /** pages beyond maxPages were not read */
  truncated: boolean;
}

export interface ReadTextLayerOptions {
  /** default 50 */
  maxPages?: number;
}

/** Bounds for hostile text layers: runs per page and characters per cell (an invoice needs far less). */
const MAX_RUNS_PER_PAGE = 20_000;
const MAX_CELL_CHARS = 2_000;
const MAX_CELLS_PER_LINE = 200;
const MAX_LINE_CHARS = 10_000;

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfjsModule> | undefined;
// A module cache, not mutable state: the loaded module is immutable and shared by every call.
const loadPdfjs = (): Promise<PdfjsModule> => (pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * @example
 * ```ts
 * const layer = await readTextLayer(await readFile('invoice.pdf'), { maxPages: 5 });
 * console.log(layer.pages.length, layer.runCount); // runCount 0: a scan without text
 * ```
 */
export async function readTextLayer(bytes: Uint8Array, opts: ReadTextLayerOptions = {}): Promise<TextLayer> {
  const pdfjs = await loadPdfjs();
  const maxPages = opts.maxPages ?? 50;
  // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, disableFontFace: true, verbosity: 0, stopAtErrors: false });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => undefined);
    const name = (e as { name?: string }).name;
    if (name === 'PasswordException') throw new ZugferdError('PDF_ENCRYPTED', 'The PDF is encrypted with a password; it cannot be read');
    throw new ZugferdError('PDF_UNREADABLE', `The PDF cannot be read: ${(e as Error).message}`);
  }
  try {
    let encrypted = false;
    try {
      const meta = (await doc.getMetadata()) as { info?: { IsEncrypted?: boolean } } | undefined;
      encrypted = !!meta?.info?.IsEncrypted;
    } catch {
      /* metadata is optional */
    }
    const pages: TextPage[] = [];
    let runCount = 0;
    const n = Math.min(doc.numPages, maxPages);
    for (let p = 1; p <= n; p++) {
      let runs: TextRun[] = [];
      let width = 595;
      let height = 842;
      try {
        const page = await doc.getPage(p);
        const vp = page.getViewport({ scale: 1 });
        width = vp.width;
        height = vp.height;
        const tc = await page.getTextContent();
        for (const it of tc.items as { str?: string; transform?: number[]; width?: number; height?: number }[]) {
          if (runs.length >= MAX_RUNS_PER_PAGE) break;
          if (typeof it.str !== 'string' || !it.transform) continue;
          const str = it.str.slice(0, MAX_CELL_CHARS).replace(/\s+/g, ' ');
          if (str.trim() === '') continue;
          const [a = 1, b = 0, , , e = 0, f = 0] = it.transform;
          runs.push({ str, x: e, y: f, width: it.width ?? 0, size: Math.hypot(a, b) || (it.height ?? 10) });
        }
        page.cleanup();
      } catch {
        runs = [];
      }
      runCount += runs.length;
      pages.push({ number: p, width, height, lines: groupLines(runs, p) });
    }
    return { pages, runCount, encrypted, truncated: doc.numPages > maxPages };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}

/** Runs on (nearly) one baseline form a line; within a line, runs separated by less than ~a space join into a cell. */
export function groupLines(runs: TextRun[], page: number): TextLine[] {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: TextRun[][] = [];
  for (const r of sorted) {
    const last = lines[lines.length - 1];
    const tol = Math.max(1.5, r.size * 0.35);
    if (last && Math.abs(last[0]!.y - r.y) <= tol) last.push(r);
    else lines.push([r]);
  }
  return lines.map((runsOfLine) => {
    runsOfLine.sort((a, b) => a.x - b.x);
    const cells: TextRun[] = [];
    for (const r of runsOfLine) {
      const prev = cells[cells.length - 1];
      const gap = prev ? r.x - (prev.x + prev.width) : Infinity;
      if (prev && gap < Math.max(2, r.size * 0.75) && prev.str.length < MAX_CELL_CHARS) {
        prev.str = gap > r.size * 0.15 && !prev.str.endsWith(' ') && !r.str.startsWith(' ') ? `${prev.str} ${r.str}` : prev.str + r.str;
        prev.width = r.x + r.width - prev.x;
      } else cells.push({ ...r });
    }
    for (const c of cells) c.str = c.str.trim();
    const y = runsOfLine.reduce((s, r) => s + r.y, 0) / runsOfLine.length;
    const kept = cells.filter((c) => c.str !== '').slice(0, MAX_CELLS_PER_LINE);
    return {
      page,
      y,
      cells: kept,
      text: kept
        .map((c) => c.str)
        .join('  ')
        .slice(0, MAX_LINE_CHARS),
    };
  });
}

/**
 * The text layer as plain text for a model: one visual line per line, cells separated by two spaces.
 * @example
 * ```ts
 * const text = textLayerToPlainText(await readTextLayer(bytes), 20_000); // lines in reading order, capped
 * ```
 */
export function textLayerToPlainText(layer: TextLayer, maxChars = 60_000): string {
  const out: string[] = [];
  for (const p of layer.pages) {
    out.push(`--- page ${p.number} ---`);
    for (const l of p.lines) out.push(l.text);
  }
  const s = out.join('\n');
  return s.length > maxChars ? s.slice(0, maxChars) : s;
}

export interface RenderPagesOptions {
  /** pages rendered (default 3) */
  maxPages?: number;
  /** resolution (default 150 dpi), capped by maxWidth */
  dpi?: number;
  /** widest image in pixels (default 1600) */
  maxWidth?: number;
}

/**
 * Page images for a vision model (scans): pdf.js renders with its Node canvas factory (@napi-rs/canvas, the canvas
 * implementation pdfjs-dist ships as its optional dependency) into JPEG data URLs. Returns [] when the PDF or the
 * canvas is not available, never throws for bad input.
 */
export async function renderPageImages(bytes: Uint8Array, opts: RenderPagesOptions = {}): Promise<string[]> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0, stopAtErrors: false });
  const out: string[] = [];
  try {
    const doc = await task.promise;
    const factory = (doc as unknown as { canvasFactory?: { create(w: number, h: number): { canvas: { toBuffer(mime: string, quality?: number): Buffer }; context: unknown } } }).canvasFactory;
    if (!factory) return [];
    const n = Math.min(doc.numPages, opts.maxPages ?? 3);
    for (let p = 1; p <= n; p++) {
      const page = await doc.getPage(p);
      const base = page.getViewport({ scale: 1 });
      const scale = Math.min((opts.dpi ?? 150) / 72, (opts.maxWidth ?? 1600) / base.width);
      const viewport = page.getViewport({ scale });
      const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({ canvasContext: context, viewport, canvas } as never).promise;
      out.push(`data:image/jpeg;base64,${canvas.toBuffer('image/jpeg', 80).toString('base64')}`);
      page.cleanup();
    }
  } catch {
    /* no images: the caller reports the scan as unreadable */
  } finally {
    await task.destroy().catch(() => undefined);
  }
  return out;
}
