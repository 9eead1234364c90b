/**
 * Offline VAT id syntax checks per second: @kontor/vies `checkVatSyntax` versus python-stdnum's
 * `stdnum.eu.vat.validate` (the reference named in protocols.md §1.4) over the same generated list
 * of real-format ids for all 28 VIES countries. python-stdnum runs once in one python3 process and
 * times its own loop, so interpreter start-up is not counted against it. The case text carries how
 * often both agree (verdict and canonical form).
 */
import { checkVatSyntax } from '@kontor/vies';
import { checkVAT, countries as jsvatCountries } from 'jsvat';
import { runStdnum } from '../packages/vies/test/stdnumOracle';
import { generateVatIdSamples } from '../packages/vies/test/vatIdSamples';
import { peakRss, ratio, type BenchRow } from './harness';

const perSecond = (rate: number) => `${Math.round(rate).toLocaleString('en-US')} checks/s (${(1e6 / rate).toFixed(2)} µs each)`;

/** Runs the whole list repeatedly for at least `minMs` after one warm-up pass. */
function measureOurs(ids: readonly string[], minMs: number): number {
  for (const id of ids) checkVatSyntax(id); // warm-up (JIT)
  let checks = 0;
  const started = performance.now();
  let elapsed = 0;
  do {
    for (const id of ids) checkVatSyntax(id);
    checks += ids.length;
    elapsed = performance.now() - started;
  } while (elapsed < minMs);
  return (checks / elapsed) * 1000;
}

/** npm jsvat (offline syntax + check digits) over the same list, same loop. */
function measureJsvat(ids: readonly string[], minMs: number): number {
  for (const id of ids) checkVAT(id, jsvatCountries);
  let checks = 0;
  const started = performance.now();
  let elapsed = 0;
  do {
    for (const id of ids) checkVAT(id, jsvatCountries);
    checks += ids.length;
    elapsed = performance.now() - started;
  } while (elapsed < minMs);
  return (checks / elapsed) * 1000;
}

export async function run(): Promise<BenchRow[]> {
  const ids = generateVatIdSamples({ bodiesPerTemplate: 20 });
  // Interleaved: ours, jsvat, ours, jsvat, ... (each after its own warm-up), the median of 5 each.
  const oursRuns: number[] = [];
  const jsvatRuns: number[] = [];
  for (let k = 0; k < 5; k++) {
    oursRuns.push(measureOurs(ids, 200));
    jsvatRuns.push(measureJsvat(ids, 200));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ours = median(oursRuns);
  const jsvatRate = median(jsvatRuns);
  const jsvatAgree = ids.filter((id) => checkVatSyntax(id).valid === checkVAT(id, jsvatCountries).isValid).length;
  const reference = runStdnum(ids);

  let agreement = 'python-stdnum not installed';
  let referenceRate: number | null = null;
  if (reference) {
    let agreeing = 0;
    ids.forEach((id, index) => {
      const mine = checkVatSyntax(id);
      const theirs = reference.verdicts[index]!;
      if (mine.valid === theirs.valid && (!mine.valid || mine.normalized === theirs.detail)) agreeing++;
    });
    agreement = `agreement ${agreeing}/${ids.length} with python-stdnum ${reference.version}`;
    referenceRate = ids.length / reference.loopSeconds;
  }
  const validCount = ids.filter((id) => checkVatSyntax(id).valid).length;
  // Dots inside the number (a typing habit): we strip them for every country, stdnum only for some (vies README).
  const dotted = ids.filter((id) => checkVatSyntax(id).valid).map((id) => `${id.slice(0, 4)}.${id.slice(4)}`);
  const dottedRef = reference ? runStdnum(dotted) : null;
  let dottedCell = 'python-stdnum not installed';
  if (dottedRef) {
    const differ = dotted.filter((id, i) => checkVatSyntax(id).valid !== dottedRef.verdicts[i]!.valid);
    const countries = [...new Set(differ.map((id) => id.slice(0, 2).toUpperCase()))].sort();
    dottedCell = `${differ.length} of ${dotted.length} differ (stdnum refuses the dot for ${countries.join(' ')}); decided: lenient, see packages/vies README`;
  }

  return [
    {
      case: `vies: VAT id syntax + check digits, 28 countries, ${validCount} valid of ${ids.length} real-format ids; ${agreement}`,
      ours: perSecond(ours),
      reference: referenceRate === null ? 'python-stdnum not installed' : `python-stdnum: ${perSecond(referenceRate)}`,
      // harness ratio compares times: µs per check
      ratio: ratio(1e6 / ours, referenceRate === null ? null : 1e6 / referenceRate),
      inputSize: `${ids.length} ids`,
      peakRss: peakRss(),
    },
    {
      case: `vies: VAT id syntax + check digits vs npm jsvat 2.5 (offline, same ids, interleaved, median of 5); verdicts agree on ${jsvatAgree}/${ids.length}`,
      ours: perSecond(ours),
      reference: `jsvat: ${perSecond(jsvatRate)}`,
      ratio: ratio(1e6 / ours, 1e6 / jsvatRate),
      inputSize: `${ids.length} ids`,
      peakRss: peakRss(),
    },
    { case: 'vies: valid ids with a dot inserted after the 2nd digit, verdicts vs python-stdnum', ours: dottedCell, reference: '', ratio: '', inputSize: `${dotted.length} ids`, peakRss: '' },
  ];
}
