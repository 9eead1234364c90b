/**
 * Visual regression of the typeset layout: page 1 and the last page of the ten reference invoices, rendered by
 * poppler's pdftoppm at 30 dpi, reduced to grey, compared with the committed PNGs in ./visual-references (pixel diff ratio
 * with a small tolerance). A layout change updates the references on purpose:
 *
 *     UPDATE_REFERENCES=1 pnpm vitest run packages/zugferd/test/visual.test.ts
 *
 * On a mismatch the rendered page is written next to the temp directory named in the failure. With VERAPDF_JAR set,
 * the same ten PDFs also pass the veraPDF PDF/A-3B oracle.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { typesetInvoice } from '../src/index';
import { tool, veraPdf } from './helpers';
import { decodeGrayPng, encodeGrayPng, pixelDiffRatio, renderPages } from './pdf-geometry';
import { referenceInvoices } from './reference-invoices';

const DPI = 30;
/**
 * Share of pixels allowed to differ by more than a fifth of the grey range: about 40 pixels of a page, room for
 * rasteriser noise but not for one added line of 7.5 pt text (~0.15 %).
 */
const TOLERANCE = 0.0005;
const refDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'visual-references');
const update = process.env.UPDATE_REFERENCES === '1';
const hasPoppler = tool('pdftoppm');
if (!hasPoppler && process.env.CI === 'true') throw new Error('poppler-utils (pdftoppm) is required in CI');
const now = new Date('2025-03-10T09:30:00Z');

describe.skipIf(!hasPoppler)('visual regression of typeset invoices (pdftoppm, 30 dpi)', () => {
  const refs = referenceInvoices();
  const pdfs = new Map<string, Uint8Array>();

  it('has ten reference invoices, several of them with more than one page', async () => {
    expect(refs.length).toBe(10);
    for (const r of refs) pdfs.set(r.name, (await typesetInvoice(structuredClone(r.json), { now, lang: r.lang })).pdf);
    const multi = [...pdfs.values()].filter(
      (p) =>
        Buffer.from(p)
          .toString('latin1')
          .match(/\/Type\s*\/Page[^s]/g)!.length > 1,
    );
    expect(multi.length).toBeGreaterThanOrEqual(3);
  });

  for (const ref of referenceInvoices()) {
    it(`${ref.name}: page 1 and the last page match the references`, async () => {
      const pdf = pdfs.get(ref.name) ?? (await typesetInvoice(structuredClone(ref.json), { now, lang: ref.lang })).pdf;
      const pageCount = Buffer.from(pdf)
        .toString('latin1')
        .match(/\/Type\s*\/Page[^s]/g)!.length;
      const pages = pageCount > 1 ? [1, pageCount] : [1];
      const images = renderPages(pdf, pages, DPI);
      if (update && existsSync(refDir)) for (const f of readdirSync(refDir).filter((x) => x.startsWith(`${ref.name}-p`))) rmSync(path.join(refDir, f));
      for (const [page, png] of images) {
        const file = path.join(refDir, `${ref.name}-p${page === 1 ? 1 : 'last'}.png`);
        if (update) {
          mkdirSync(refDir, { recursive: true });
          writeFileSync(file, encodeGrayPng(decodeGrayPng(png)));
          continue;
        }
        expect(existsSync(file), `${path.basename(file)} missing: run with UPDATE_REFERENCES=1 to create it`).toBe(true);
        const ratio = pixelDiffRatio(decodeGrayPng(png), decodeGrayPng(new Uint8Array(readFileSync(file))));
        if (ratio > TOLERANCE) {
          const out = mkdtempSync(path.join(tmpdir(), 'zf-visual-'));
          writeFileSync(path.join(out, path.basename(file)), png);
          expect.fail(`${path.basename(file)} differs in ${(ratio * 100).toFixed(2)} % of its pixels (allowed ${TOLERANCE * 100} %); rendered page in ${out}`);
        }
      }
    });
  }

  it('the comparison sees a changed layout (a different invoice on the same page differs beyond the tolerance)', () => {
    const a = decodeGrayPng(new Uint8Array(readFileSync(path.join(refDir, '380-skonto-terms-p1.png'))));
    const b = decodeGrayPng(new Uint8Array(readFileSync(path.join(refDir, '381-rechnungskorrektur-p1.png'))));
    expect(pixelDiffRatio(a, a)).toBe(0);
    expect(pixelDiffRatio(a, b)).toBeGreaterThan(TOLERANCE);
    // a block moved by one pixel row (2.4 pt at 30 dpi) is a change too
    const shifted = { ...a, data: new Uint8Array(a.data.length).fill(255) };
    shifted.data.set(a.data.subarray(0, a.data.length - a.width), a.width);
    expect(pixelDiffRatio(a, shifted)).toBeGreaterThan(TOLERANCE);
  });

  it.skipIf(!process.env.VERAPDF_JAR)(
    'the reference invoices pass veraPDF (PDF/A-3B)',
    async () => {
      const files = [];
      for (const r of refs) files.push({ name: r.name, bytes: pdfs.get(r.name) ?? (await typesetInvoice(structuredClone(r.json), { now, lang: r.lang })).pdf });
      const results = veraPdf(files);
      expect(results).not.toBeNull();
      expect(results!.filter((r) => r.compliant !== true).map((r) => ({ file: r.file, rules: r.failedRules, error: r.error }))).toEqual([]);
    },
    300_000,
  );
});
