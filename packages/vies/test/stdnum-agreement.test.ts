/**
 * Cross-check against the reference implementation: python-stdnum's eu.vat over a few thousand
 * generated real-format ids (valid and invalid) must give the same verdict and compact form.
 * Skips with a printed reason where python3-stdnum is not installed.
 */
import { describe, expect, it } from 'vitest';
import { checkVatSyntax } from '../src/index';
import { findStdnumInterpreter, runStdnum } from './stdnumOracle';
import { generateVatIdSamples } from './vatIdSamples';

const interpreter = findStdnumInterpreter();
if (!interpreter) console.warn('skipping python-stdnum agreement: python3-stdnum not installed (apt-get install -y python3-stdnum)');

describe.skipIf(!interpreter)('agreement with python-stdnum', () => {
  it('gives the same verdict and canonical form on every generated id', () => {
    const ids = generateVatIdSamples({ bodiesPerTemplate: 8 });
    const reference = runStdnum(ids);
    expect(reference).not.toBeNull();
    const disagreements: string[] = [];
    let validCount = 0;
    ids.forEach((id, index) => {
      const ours = checkVatSyntax(id);
      const theirs = reference!.verdicts[index]!;
      if (ours.valid) validCount++;
      const same = ours.valid === theirs.valid && (!ours.valid || ours.normalized === theirs.detail);
      if (!same) disagreements.push(`${id}: ours ${ours.valid ? ours.normalized : ours.code}, stdnum ${theirs.valid} ${theirs.detail}`);
    });
    expect(disagreements).toEqual([]);
    // the sample must exercise both outcomes in every country to mean anything
    expect(validCount).toBeGreaterThan(ids.length / 50);
    const countriesWithValid = new Set(ids.filter((id) => checkVatSyntax(id).valid).map((id) => id.slice(0, 2).toUpperCase()));
    expect(countriesWithValid.size).toBe(28);
  });
});
