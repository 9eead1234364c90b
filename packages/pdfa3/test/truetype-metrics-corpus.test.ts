/**
 * The glyph-width check reads TrueType metrics straight from the tables (trueTypeMetrics) instead of building a
 * fontkit font. Proof of sameness: for every FontFile2 program in the PDF corpus, and for cut-off copies of
 * each (where fontkit's reading starts to fail), both give the same answer — no program, or the same glyph
 * count and the same advance (or the same throw) for every glyph id, one below and one past the end.
 */
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { PDFDict, PDFName, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { trueTypeMetrics } from '../src/check/glyph-widths';
import { decodeStream, loadTolerant, resolve } from '../src/internal/pdf';
import { CORPUS_PDF, corpusAvailable, pdfFiles } from './corpus';

type Answer = null | { numGlyphs: number; advances: (number | string)[] };

const outcome = (fn: () => number): number | string => {
  try {
    return fn();
  } catch {
    return 'throws';
  }
};

/** What GlyphWidthChecker got from fontkit before (same expressions). */
function viaFontkit(b: Buffer): Answer {
  try {
    const f = fontkit.create(b) as unknown as { unitsPerEm: number; numGlyphs: number; hmtx: { metrics: { length: number; get(i: number): { advance: number } | undefined } } };
    const upem = f.unitsPerEm;
    const metrics = f.hmtx.metrics;
    const n = metrics.length;
    if (!(upem > 0 && n > 0 && f.numGlyphs > 0)) return null;
    const advance = (gid: number) => ((metrics.get(Math.min(gid, n - 1))?.advance ?? NaN) * 1000) / upem;
    return { numGlyphs: f.numGlyphs, advances: gids(f.numGlyphs).map((g) => outcome(() => advance(g))) };
  } catch {
    return null;
  }
}

function viaTables(b: Buffer): Answer | 'fontkit' {
  try {
    const m = trueTypeMetrics(b);
    if (m === undefined) return 'fontkit';
    if (m === null) return null;
    return { numGlyphs: m.numGlyphs, advances: gids(m.numGlyphs).map((g) => outcome(() => m.advance(g))) };
  } catch {
    return null;
  }
}

const gids = (numGlyphs: number) => [-1, ...Array.from({ length: Math.min(numGlyphs, 3000) + 1 }, (_, i) => i)];

describe.skipIf(!corpusAvailable())('TrueType metrics read from the tables', () => {
  it('equal fontkit on every FontFile2 of the corpus and on cut-off copies', async () => {
    let programs = 0;
    let readable = 0;
    for (const file of pdfFiles(CORPUS_PDF)) {
      const loaded = await loadTolerant(new Uint8Array(readFileSync(file)));
      if ('error' in loaded) continue;
      const ctx = loaded.doc.context;
      const seen = new Set<PDFStream>();
      for (const [, obj] of ctx.enumerateIndirectObjects()) {
        if (!(obj instanceof PDFDict)) continue;
        const ff = resolve(ctx, obj.get(PDFName.of('FontFile2')));
        if (!(ff instanceof PDFStream) || seen.has(ff)) continue;
        seen.add(ff);
        let bytes: Uint8Array;
        try {
          bytes = decodeStream(ctx, ff);
        } catch {
          continue;
        }
        const full = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
        programs++;
        const variants = [full, ...[8, 40, 200, 0.5, 0.9, 0.99].map((cut) => full.subarray(0, cut < 1 ? Math.floor(full.length * cut) : cut))];
        for (const v of variants) {
          const fast = viaTables(v);
          if (fast === 'fontkit') continue;
          if (v === full && fast) readable++;
          expect(fast, `${file} (${v.length} of ${full.length} bytes)`).toEqual(viaFontkit(v));
        }
      }
    }
    console.log(`${programs} TrueType programs, ${readable} with metrics, each also cut off at 6 lengths`);
    expect(readable).toBeGreaterThan(100);
  }, 600_000);
});
