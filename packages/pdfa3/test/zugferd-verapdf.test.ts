/**
 * checkPdfA3 against veraPDF on the 101 e-invoice PDFs of ../shared/corpus/pdf/zugferd (only when
 * VERAPDF_JAR is set: the corpus has no validator verdicts for these files). veraPDF validates each file
 * as the flavour its XMP declares; a file declaring PDF/A-1 or PDF/A-4 is out of our scope (we check
 * parts 2 and 3) and must be refused by the identification rule 6.6.4 instead.
 */
import { describe, expect, it } from 'vitest';
import { checkPdfA3 } from '../src/index';
import { CORPUS_PDF, corpusAvailable, readCorpus, readExpected, runVera, veraAvailable } from './corpus';

describe.skipIf(!veraAvailable() || !corpusAvailable())('ZUGFeRD / Factur-X corpus against veraPDF', () => {
  it('same verdict as veraPDF on every file of part 2 or 3; other parts refused by 6.6.4', async () => {
    const files = Object.keys(readExpected<unknown>('zugferd-expected.json'));
    const vera = runVera(
      files.map((f) => `${CORPUS_PDF}${f}`),
      'auto',
    );
    const disagree: string[] = [];
    const otherParts: string[] = [];
    let agree = 0;
    for (const [i, v] of vera.entries()) {
      const file = files[i]!;
      const part = v.flavour && /^[23]/.test(v.flavour) ? (Number(v.flavour[0]) as 2 | 3) : undefined;
      const r = await checkPdfA3(readCorpus(file), part ? { part } : {});
      if (part === undefined && v.flavour) {
        otherParts.push(`${file} (${v.flavour})`);
        expect(
          r.findings.map((f) => f.code),
          file,
        ).toContain('6.6.4');
        continue;
      }
      if (r.passed === (v.compliant === true)) agree++;
      else
        disagree.push(
          `${file}: veraPDF ${v.compliant} ${JSON.stringify(v.failedRules.map((x) => `${x.clause}-${x.testNumber}`))}, ours ${r.findings.filter((f) => f.severity === 'error').map((f) => f.rule ?? f.code)}`,
        );
    }
    console.log(`agree with veraPDF on ${agree} of ${files.length - otherParts.length} part-2/3 files; other parts: ${otherParts.join(', ')}`);
    expect(disagree).toEqual([]);
  }, 300_000);
});
