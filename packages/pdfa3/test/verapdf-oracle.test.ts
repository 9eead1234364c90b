/**
 * Our outputs judged by veraPDF (only when VERAPDF_JAR is set): generated PDF/A-3B and 3U with text in
 * embedded fonts and an attachment, and supplied PDFs converted by loadForPdfA3. Zero failed rules.
 */
import { describe, expect, it } from 'vitest';
import { attachFile, checkPdfA3, loadForPdfA3, makePdfA3, savePdfA3 } from '../src/index';
import { corpusAvailable, readCorpus, runVera, veraAvailable } from './corpus';
import { buildSample, CREATED, FX_XMP, MODIFIED, plainTwoPager, XML } from './fixtures';

const CONVERT = [
  'zugferd/ferd-2.4/EN16931_Betriebskostenabrechnung_fx.pdf',
  'zugferd/ferd-2.1.1/zugferd_2p1_EN16931_Einfach.pdf',
  'zugferd/derived/xml-attached-to-plain-pdf14.pdf',
  'zugferd/mustang/MustangBeispiel20221026.pdf',
  'plain/ocrmypdf/linn.pdf',
];

async function convert(bytes: Uint8Array): Promise<Uint8Array> {
  const r = await loadForPdfA3(bytes);
  if (!r.ok)
    throw new Error(
      `refused: ${r.findings
        .filter((f) => f.severity === 'error')
        .map((f) => f.code)
        .join()}`,
    );
  makePdfA3(r.doc, { title: 'Converted invoice', createDate: CREATED, modifyDate: MODIFIED, conformance: 'B', extraXmp: FX_XMP });
  attachFile(r.doc, { name: 'factur-x.xml', data: XML, mimeType: 'text/xml', relationship: 'Alternative', modDate: MODIFIED, replace: true });
  return savePdfA3(r.doc);
}

describe.skipIf(!veraAvailable())('veraPDF on our output', () => {
  it('generated and converted files are PDF/A-3 compliant with zero failed rules', async () => {
    const inputs: [string, Uint8Array][] = [
      ['generated-3b.pdf', await buildSample({ conformance: 'B', extraXmp: FX_XMP })],
      ['generated-3u.pdf', await buildSample({ conformance: 'U', pages: 2 })],
      ['generated-no-attachment.pdf', await buildSample({ attach: false })],
      ['converted-plain-two-pager.pdf', await convert(await plainTwoPager())],
    ];
    if (corpusAvailable()) CONVERT.forEach((p, i) => inputs.push([`converted-${i}.pdf`, readCorpus(p)]));
    const converted = await Promise.all(inputs.map(async ([n, b]) => [n, n.startsWith('converted-') && !n.includes('plain-two') ? await convert(b) : b] as [string, Uint8Array]));
    for (const [n, b] of converted)
      expect(
        (await checkPdfA3(b)).findings.filter((f) => f.severity === 'error'),
        n,
      ).toEqual([]);
    const results = runVera(converted, 'auto');
    for (const r of results) {
      console.log(`${r.file.split('/').pop()}: ${r.flavour} compliant=${r.compliant} failed=${JSON.stringify(r.failedRules.map((x) => `${x.clause}-${x.testNumber}`))}`);
    }
    expect(results.map((r) => ({ file: r.file.split('/').pop(), compliant: r.compliant, failed: r.failedRules.length }))).toEqual(converted.map(([n]) => ({ file: n, compliant: true, failed: 0 })));
    expect(results.map((r) => r.flavour)).toEqual(converted.map(([n]) => (n === 'generated-3u.pdf' ? '3u' : '3b')));
  }, 180_000);
});
