import { describe, expect, it } from 'vitest';
import type { Lang } from '@kontor/xml';
import { isSepaCountry } from '../model/codes';
import { sayer } from '../messages';
import { detectProfile, type Detection } from './detect';
import type { Pain001ReadModel, ReadTransaction } from './model';

/** detectProfile before its per-transaction shortcuts (memo of repeated values, IBAN country per letter pair): the oracle. */
function referenceDetect(m: Pain001ReadModel, lang: Lang = 'de'): Detection {
  const say = sayer(lang);
  const sepaLevel = new Set<string>();
  const currencies = new Set<string>();
  const chargeBearers = new Set<string>();
  const otherLevels = new Set<string>();
  let nonIban = 0;
  let regulatory = 0;
  let equivalent = 0;
  const foreignCountries = new Set<string>();
  for (const b of m.paymentBlocks) {
    for (const s of b.paymentType?.serviceLevels ?? []) (s === 'SEPA' ? sepaLevel : otherLevels).add(s);
    if (b.chargeBearer) chargeBearers.add(b.chargeBearer);
    for (const t of b.transactions) {
      for (const s of t.paymentType?.serviceLevels ?? []) (s === 'SEPA' ? sepaLevel : otherLevels).add(s);
      if (t.currency) currencies.add(t.currency);
      if (t.transferCurrency) currencies.add(t.transferCurrency);
      if (t.chargeBearer) chargeBearers.add(t.chargeBearer);
      if (t.creditorAccount && !t.creditorAccount.iban && t.creditorAccount.other) nonIban++;
      if (t.regulatoryReporting) regulatory++;
      if (t.transferCurrency) equivalent++;
      const cc = t.creditorAccount?.iban?.slice(0, 2).toUpperCase() ?? t.creditor?.address?.countryCode;
      if (cc && /^[A-Z]{2}$/.test(cc) && !isSepaCountry(cc)) foreignCountries.add(cc);
    }
  }
  if (sepaLevel.size > 0 || chargeBearers.has('SLEV')) {
    const reasons: string[] = [];
    if (sepaLevel.size > 0) reasons.push(say('REASON_SEPA_LEVEL'));
    if (chargeBearers.has('SLEV')) reasons.push(say('REASON_SLEV'));
    if (currencies.size > 0 && [...currencies].every((c) => c === 'EUR')) reasons.push(say('REASON_ALL_EUR'));
    return { profile: 'sct', reasons };
  }
  const axz: string[] = [];
  const nonEur = [...currencies].filter((c) => c !== 'EUR');
  if (nonEur.length) axz.push(say('REASON_NON_EUR', { currencies: nonEur.sort().join(', ') }));
  const foreignCb = [...chargeBearers].filter((c) => c !== 'SLEV');
  if (foreignCb.length) axz.push(say('REASON_CHARGE_BEARER', { values: foreignCb.sort().join(', ') }));
  if (otherLevels.size) axz.push(say('REASON_SERVICE_LEVEL', { values: [...otherLevels].sort().join(', ') }));
  if (nonIban) axz.push(say('REASON_NON_IBAN', { count: nonIban }));
  if (regulatory) axz.push(say('REASON_REGULATORY', { count: regulatory }));
  if (equivalent) axz.push(say('REASON_EQUIVALENT', { count: equivalent }));
  if (foreignCountries.size) axz.push(say('REASON_FOREIGN', { countries: [...foreignCountries].sort().join(', ') }));
  if (axz.length) return { profile: 'axz', reasons: axz };
  const reasons = [say('REASON_NO_FOREIGN_TRAITS')];
  if (currencies.size === 0 || [...currencies].every((c) => c === 'EUR')) reasons.push(say('REASON_ALL_EUR'));
  return { profile: 'sct', reasons };
}

const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const IBANS = [undefined, '', 'D', 'DE89370400440532013000', 'de89370400440532013000', 'dE12', 'US12345', 'us12', 'CH93', 'GB29NWBK', 'ſs12', 'ıT12', 'ßX', 'Ä1', '1234', ' DE', 'é', '\ud83d\ude00x'];
const COUNTRIES = [undefined, '', 'DE', 'US', 'us', 'JP', 'CH', 'X', 'USA'];

function randomModel(seed: number): Pain001ReadModel {
  let x = seed;
  const rnd = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const maybe = <T>(v: T, p = 0.3): T | undefined => (rnd() < p ? v : undefined);
  const tx = (): ReadTransaction => {
    const t: ReadTransaction = { remittance: { unstructured: [], structured: 0 }, regulatoryReporting: rnd() < 0.1, at: { line: 1, column: 1 }, fieldAt: {} };
    const cur = maybe(pick(rnd, ['EUR', 'EUR', 'USD', 'CHF', '']), 0.8);
    if (cur !== undefined) t.currency = cur;
    const tc = maybe(pick(rnd, ['USD', 'EUR', '']), 0.1);
    if (tc !== undefined) t.transferCurrency = tc;
    const cb = maybe(pick(rnd, ['SLEV', 'SHAR', 'DEBT', '']), 0.2);
    if (cb !== undefined) t.chargeBearer = cb;
    if (rnd() < 0.15) t.paymentType = { serviceLevels: rnd() < 0.5 ? ['SEPA'] : ['URGP', 'SEPA'].slice(0, 1 + Math.floor(rnd() * 2)) };
    if (rnd() < 0.9) {
      const iban = pick(rnd, IBANS);
      t.creditorAccount = { at: { line: 1, column: 1 }, fieldAt: {}, ...(iban !== undefined ? { iban } : {}), ...(rnd() < 0.3 ? { other: 'ACC-1' } : {}) };
    }
    if (rnd() < 0.7) {
      const cc = pick(rnd, COUNTRIES);
      t.creditor = { at: { line: 1, column: 1 }, fieldAt: {}, ...(rnd() < 0.8 ? { address: { addressLines: [], ...(cc !== undefined ? { countryCode: cc } : {}) } } : {}) };
    }
    return t;
  };
  const blocks = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ({
    transactions: Array.from({ length: Math.floor(rnd() * 12) }, tx),
    at: { line: 1, column: 1 },
    fieldAt: {},
    ...(rnd() < 0.3 ? { chargeBearer: pick(rnd, ['SLEV', 'SHAR']) } : {}),
    ...(rnd() < 0.3 ? { paymentType: { serviceLevels: [pick(rnd, ['SEPA', 'NURG'])] } } : {}),
  }));
  return { version: '09', namespace: 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09', paymentBlocks: blocks };
}

describe('detectProfile', () => {
  it('decides and explains as before its shortcuts, on 3,000 varied models (IBAN cases, non-ASCII first letters, address countries)', () => {
    let axz = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const m = randomModel(seed);
      const lang: Lang = seed % 2 ? 'de' : 'en';
      const got = detectProfile(m, lang);
      expect(got, `seed ${seed}`).toEqual(referenceDetect(m, lang));
      if (got.profile === 'axz') axz++;
    }
    // Both outcomes are exercised.
    expect(axz).toBeGreaterThan(300);
    expect(axz).toBeLessThan(2700);
  });

  it('takes the country of a lower-case IBAN and of the address when there is no IBAN', () => {
    const m = randomModel(1);
    m.paymentBlocks = [{ transactions: [], at: { line: 1, column: 1 }, fieldAt: {} }];
    const t = (iban: string | undefined, country?: string): ReadTransaction => ({
      remittance: { unstructured: [], structured: 0 },
      regulatoryReporting: false,
      at: { line: 1, column: 1 },
      fieldAt: {},
      currency: 'EUR',
      creditorAccount: { at: { line: 1, column: 1 }, fieldAt: {}, ...(iban !== undefined ? { iban } : {}) },
      creditor: { at: { line: 1, column: 1 }, fieldAt: {}, address: { addressLines: [], ...(country ? { countryCode: country } : {}) } },
    });
    m.paymentBlocks[0]!.transactions.push(t('us12'), t(undefined, 'JP'), t('DE12', 'US'), t('us34'));
    const d = detectProfile(m, 'en');
    expect(d.profile).toBe('axz');
    expect(d.reasons.join(' ')).toMatch(/JP, US/);
    expect(d).toEqual(referenceDetect(m, 'en'));
  });
});
