/**
 * The veraPDF oracle (PDF/A-3B profile) over typeset and embed outputs: zero failed rules. Runs when VERAPDF_JAR
 * points at the veraPDF jar (see ../shared/tools/README.md); one JVM for all files.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { embedInvoice, typesetInvoice } from '../src/index';
import { loadFixtures, manyLines, veraPdf, visualPdf } from './helpers';

const enabled = !!process.env.VERAPDF_JAR;
if (!enabled) console.warn('[zugferd tests] VERAPDF_JAR not set: veraPDF oracle test skipped');

describe.skipIf(!enabled)('veraPDF PDF/A-3B', () => {
  it('accepts every typeset and embedded invoice', async () => {
    const now = new Date('2025-03-10T09:30:00Z');
    const fixtures = loadFixtures();
    const logo = new Uint8Array(readFileSync(new URL('./fixtures/logo.svg', import.meta.url)));
    const jpg = new Uint8Array(readFileSync(new URL('./fixtures/logo-rgb.jpg', import.meta.url)));
    const files: { name: string; bytes: Uint8Array }[] = [];
    for (const [i, fx] of fixtures.entries()) {
      const r = await typesetInvoice(structuredClone(fx.json), {
        now,
        lang: i % 2 ? 'en' : 'de',
        watermark: i % 3 === 0,
        ...(i % 4 === 1 ? { logo: { bytes: logo } } : i % 4 === 3 ? { logo: { bytes: jpg } } : {}),
        ...(i % 5 === 2 ? { attachments: [{ filename: 'anlage.csv', data: new TextEncoder().encode('a;b\n1;2\n') }] } : {}),
      });
      files.push({ name: `typeset-${fx.name}`, bytes: r.pdf });
    }
    files.push({ name: 'typeset-500-lines', bytes: (await typesetInvoice(manyLines(500), { now, watermark: true })).pdf });
    const visual = await visualPdf(2);
    for (const fx of fixtures.slice(0, 10)) files.push({ name: `embed-${fx.name}`, bytes: (await embedInvoice(visual, structuredClone(fx.json), { now })).pdf });
    const helvetica = await visualPdf(2, { helvetica: true });
    files.push({ name: 'embed-helvetica', bytes: (await embedInvoice(helvetica, structuredClone(fixtures[0]!.json), { now })).pdf });
    const results = veraPdf(files);
    expect(results).not.toBeNull();
    expect(results!.length).toBe(files.length);
    const failed = results!.filter((r) => r.compliant !== true).map((r) => ({ file: r.file, rules: r.failedRules, error: r.error }));
    expect(failed).toEqual([]);
  }, 600_000);
});
