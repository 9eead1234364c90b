/**
 * German and English checks of the veraPDF corpus: the same findings (code, rule, severity, path) in the same order,
 * each English text an instance of a catalogue template and its German counterpart an instance of the same key's
 * German template.
 */
import { describe, expect, it } from 'vitest';
import { isGermanOf, keysOfEnglish } from './message-patterns';
import { checkPdfA3 } from '../src/index';
import type { Pdfa3MessageKey } from '../src/messages';
import { corpusAvailable, readCorpus, readExpected } from './corpus';

const hasCorpus = corpusAvailable();

describe.skipIf(!hasCorpus)('pdfa3 findings in German and English (veraPDF corpus)', () => {
  it('give the same codes, rules and paths, with texts from the language asked for', async () => {
    const expected = readExpected<{ part: 2 | 3; conformance: 'A' | 'B' | 'U' }>('verapdf-expected.json');
    let compared = 0;
    const keysSeen = new Set<Pdfa3MessageKey>();
    for (const [file, rec] of Object.entries(expected)) {
      const bytes = readCorpus(file);
      const en = await checkPdfA3(bytes, { part: rec.part, conformance: rec.conformance });
      const de = await checkPdfA3(bytes, { part: rec.part, conformance: rec.conformance, lang: 'de' });
      const shape = (r: typeof en) => r.findings.map((f) => [f.code, f.rule, f.severity, f.path]);
      expect(shape(de), file).toEqual(shape(en));
      for (const [i, f] of en.findings.entries()) {
        const keys = keysOfEnglish(f.message);
        expect(keys.length, `${file}: no template for "${f.message}"`).toBeGreaterThan(0);
        const text = de.findings[i]!.message;
        expect(isGermanOf(text, keys), `${file}: "${text}" is not the German of "${f.message}"`).toBe(true);
        expect(text, file).not.toBe(f.message);
        for (const k of keys) keysSeen.add(k);
        compared++;
      }
    }
    // measured 2026-11-24: 750 findings on 1,071 files
    expect(compared).toBeGreaterThanOrEqual(700);
    expect(keysSeen.size).toBeGreaterThanOrEqual(60);
  }, 600_000);
});
