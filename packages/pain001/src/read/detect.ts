/**
 * Profile detection for a pain.001 read model: SCT (SEPA credit transfer, DK GBIC profile) or AXZ (foreign
 * payment). An explicit SEPA marker (service level SEPA or charge bearer SLEV) declares SCT; otherwise any
 * foreign-payment trait makes it AXZ; a file with neither is SCT.
 */
import type { Profile } from '../model/run';
import { isSepaCountry } from '../model/codes';
import type { Lang } from '@kontor/xml';
import type { Pain001ReadModel, ReadTransaction } from './model';
import { sayer } from '../messages';

const NONE: readonly string[] = [];

/**
 * The common case decided from the payment blocks alone: a block with service level SEPA and a block with charge
 * bearer SLEV make it SCT with both reasons whatever the transactions hold, and of the transactions only the
 * currencies matter then (all EUR: a third reason). Null when the blocks do not decide.
 */
function sctByBlocks(m: Pain001ReadModel, say: ReturnType<typeof sayer>): Detection | null {
  let sepa = false;
  let slev = false;
  for (const b of m.paymentBlocks) {
    for (const s of b.paymentType?.serviceLevels ?? NONE) if (s === 'SEPA') sepa = true;
    if (b.chargeBearer === 'SLEV') slev = true;
  }
  if (!sepa || !slev) return null;
  const reasons = [say('REASON_SEPA_LEVEL'), say('REASON_SLEV')];
  if (allEuro(m)) reasons.push(say('REASON_ALL_EUR'));
  return { profile: 'sct', reasons };
}

/**
 * Some payment names a currency and every named currency is EUR. The loop over a block's payments is a function of
 * its own (euroOf): in sctByBlocks (with the `say` calls after it) its on-stack-replaced code was thrown away once per
 * call, and with the block loop around it the optimised code met a block access without feedback in the third call.
 */
function allEuro(m: Pain001ReadModel): boolean {
  let any = false;
  for (let bi = 0; bi < m.paymentBlocks.length; bi++) {
    const r = euroOf(m.paymentBlocks[bi]!.transactions);
    if (r === NOT_EURO) return false;
    if (r === EURO) any = true;
  }
  return any;
}

const NO_CURRENCY = 0;
const EURO = 1;
const NOT_EURO = 2;

/** NOT_EURO when a payment names another currency than EUR, else EURO when one names EUR, else NO_CURRENCY. */
function euroOf(txs: readonly ReadTransaction[]): number {
  let r = NO_CURRENCY;
  for (let ti = 0; ti < txs.length; ti++) {
    const t = txs[ti]!;
    if (t.currency) {
      if (t.currency !== 'EUR') return NOT_EURO;
      r = EURO;
    }
    if (t.transferCurrency) {
      if (t.transferCurrency !== 'EUR') return NOT_EURO;
      r = EURO;
    }
  }
  return r;
}

export interface Detection {
  profile: Profile;
  reasons: string[];
}

/**
 * The profile and why (reasons in `lang`, default de).
 * @example
 * ```ts
 * const model = await readPain001(text);
 * const { profile, reasons } = detectProfile(model, 'en'); // 'sct' | 'axz' and why
 * ```
 */
export function detectProfile(m: Pain001ReadModel, lang: Lang = 'de'): Detection {
  const say = sayer(lang);
  const sct = sctByBlocks(m, say);
  if (sct !== null) return sct;
  const sepaLevel = new Set<string>();
  const currencies = new Set<string>();
  const chargeBearers = new Set<string>();
  const otherLevels = new Set<string>();
  let nonIban = 0;
  let regulatory = 0;
  let equivalent = 0;
  const foreignCountries = new Set<string>();
  // Per transaction the common values repeat (EUR, SLEV, the same few IBAN countries): the last value added to a set
  // is not added again, and an IBAN's country is judged once per letter pair.
  let lastCurrency: string | undefined;
  let lastCharge: string | undefined;
  const pairs = new Map<number, boolean>();
  const foreign = (cc: string) => {
    if (/^[A-Z]{2}$/.test(cc) && !isSepaCountry(cc)) foreignCountries.add(cc);
  };
  for (const b of m.paymentBlocks) {
    for (const s of b.paymentType?.serviceLevels ?? NONE) (s === 'SEPA' ? sepaLevel : otherLevels).add(s);
    if (b.chargeBearer) chargeBearers.add(b.chargeBearer);
    for (const t of b.transactions) {
      const pt = t.paymentType;
      if (pt !== undefined) for (const s of pt.serviceLevels) (s === 'SEPA' ? sepaLevel : otherLevels).add(s);
      const cur = t.currency;
      if (cur && cur !== lastCurrency) {
        currencies.add(cur);
        lastCurrency = cur;
      }
      if (t.transferCurrency) {
        currencies.add(t.transferCurrency);
        equivalent++;
      }
      const cb = t.chargeBearer;
      if (cb && cb !== lastCharge) {
        chargeBearers.add(cb);
        lastCharge = cb;
      }
      const acc = t.creditorAccount;
      if (acc && !acc.iban && acc.other) nonIban++;
      if (t.regulatoryReporting) regulatory++;
      // The country: the IBAN's first two letters (upper-cased), else the creditor address's country.
      const iban = acc?.iban;
      if (iban === undefined) {
        const cc = t.creditor?.address?.countryCode;
        if (cc) foreign(cc);
        continue;
      }
      const a = iban.charCodeAt(0) | 0x20;
      const z = iban.charCodeAt(1) | 0x20;
      if (iban.length >= 2 && a >= 0x61 && a <= 0x7a && z >= 0x61 && z <= 0x7a) {
        // ASCII letters (either case): upper-cased they are A–Z, judged once per pair.
        const key = (a << 8) | z;
        if (pairs.get(key) === undefined) {
          const cc = String.fromCharCode(a & ~0x20, z & ~0x20);
          pairs.set(key, true);
          foreign(cc);
        }
      } else {
        const cc = iban.slice(0, 2).toUpperCase();
        if (cc) foreign(cc);
      }
    }
  }
  // Explicit SEPA markers decide for SCT: service level SEPA, or the SEPA charge bearer SLEV.
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
