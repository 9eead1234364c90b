/**
 * Profile detection for a pain.001 read model: SCT (SEPA credit transfer, DK GBIC profile) or AXZ (foreign
 * payment). An explicit SEPA marker (service level SEPA or charge bearer SLEV) declares SCT; otherwise any
 * foreign-payment trait makes it AXZ; a file with neither is SCT.
 */
import type { Profile } from '../model/run';
import { isSepaCountry } from '../model/codes';
import type { Lang } from '@kontor/xml';
import type { Pain001ReadModel } from './model';
import { sayer } from '../messages';

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
