/**
 * The PDF/A part of verifyInvoicePdf against the veraPDF oracle (PDF/A-3B) on hybrids with one defect each: the
 * verdicts must agree and every clause we report must be one veraPDF reports. Runs when VERAPDF_JAR is set
 * (../shared/tools/README.md); one JVM for all files.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, StandardFonts, type PDFStream } from 'pdf-lib';
import { attachFile, savePdfA3 } from '@kontor/pdfa3';
import { typesetInvoice, verifyInvoicePdf } from '../src/index';
import { loadFixtures, veraPdf } from './helpers';

const enabled = !!process.env.VERAPDF_JAR;
if (!enabled) console.warn('[zugferd tests] VERAPDF_JAR not set: veraPDF comparison of verify skipped');

describe.skipIf(!enabled)('verifyInvoicePdf PDF/A verdicts vs veraPDF', () => {
  it('agrees on good and one-defect hybrids', async () => {
    const now = new Date('2025-03-10T09:30:00Z');
    const r = await typesetInvoice(structuredClone(loadFixtures()[0]!.json), { now });
    const mutate = async (f: (d: PDFDocument) => void | Promise<void>) => {
      const d = await PDFDocument.load(r.pdf, { updateMetadata: false });
      await f(d);
      return savePdfA3(d);
    };
    const xmpOf = (d: PDFDocument) => new TextDecoder().decode((d.context.lookup(d.catalog.get(PDFName.of('Metadata'))) as unknown as { contents: Uint8Array }).contents);
    const setXmp = (d: PDFDocument, t: string) =>
      d.catalog.set(PDFName.of('Metadata'), d.context.register(d.context.stream(new TextEncoder().encode(t), { Type: 'Metadata', Subtype: 'XML' }) as PDFStream));
    const files: Record<string, Uint8Array> = {
      good: r.pdf,
      brokenxmp: await mutate((d) => setXmp(d, xmpOf(d).replace('</x:xmpmeta>', ''))),
      undeclared: await mutate((d) => setXmp(d, xmpOf(d).replace(/<pdfaExtension:schemas>[\s\S]*<\/pdfaExtension:schemas>/, ''))),
      noaf: await mutate((d) => {
        d.catalog.delete(PDFName.of('AF'));
      }),
      badxml: await mutate((d) => {
        attachFile(d, {
          name: 'factur-x.xml',
          data: new TextEncoder().encode(r.xml.replace(/<ram:GrandTotalAmount>[\d.]+</, '<ram:GrandTotalAmount>1.00<')),
          mimeType: 'text/xml',
          relationship: 'Alternative',
          modDate: now,
          replace: true,
        });
      }),
      helvetica: await mutate(async (d) => {
        d.getPage(0).drawText('x', { x: 10, y: 10, size: 8, font: await d.embedFont(StandardFonts.Helvetica) });
      }),
    };
    const vera = veraPdf(Object.entries(files).map(([name, bytes]) => ({ name, bytes })));
    expect(vera).not.toBeNull();
    const rows: string[] = [];
    for (const v of vera!) {
      const ours = await verifyInvoicePdf(files[v.file]!);
      const clauses = [...new Set(ours.result.authoritative.findings.filter((f) => f.source === 'pdfa' && f.severity === 'error').map((f) => f.code))];
      rows.push(`${v.file}: veraPDF ${v.compliant ? 'compliant' : v.failedRules.map((x) => `${x.clause}-${x.testNumber}`).join(',')} / ours ${clauses.join(',') || 'compliant'}`);
      expect(clauses.length === 0, v.file).toBe(v.compliant);
      for (const c of clauses)
        expect(
          v.failedRules.map((x) => x.clause),
          v.file,
        ).toContain(c);
    }
    console.log(rows.join('\n'));
    expect(vera!.map((v) => v.compliant)).toEqual([true, false, false, false, true, false]);
  }, 600_000);
});
