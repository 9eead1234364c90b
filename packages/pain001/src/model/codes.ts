/** Code lists the rules need: ISO 4217 currencies with minor units, SEPA countries, ISO 3166 alpha-2. */

/** Active ISO 4217 codes (list of 2024) with their minor units where they differ from 2. */
const CURRENCIES_2 =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES WST XCD YER ZAR ZMW ZWG';
const CURRENCIES_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const CURRENCIES_3 = 'BHD IQD JOD KWD LYD OMR TND';

const MINOR = new Map<string, number>();
for (const c of CURRENCIES_2.split(' ')) MINOR.set(c, 2);
for (const c of CURRENCIES_0.split(' ')) MINOR.set(c, 0);
for (const c of CURRENCIES_3.split(' ')) MINOR.set(c, 3);

/**
 * @example
 * ```ts
 * isKnownCurrency('CHF'); // true
 * isKnownCurrency('XYZ'); // false
 * ```
 */
export function isKnownCurrency(code: string): boolean {
  return MINOR.has(code);
}

/** Minor units of a currency (undefined for unknown codes). */
export function currencyMinorUnits(code: string): number | undefined {
  return MINOR.get(code);
}

/** Countries of the SEPA scheme (IBAN country codes). EEA members need no BIC; the others do per EPC rulebook. */
const SEPA_EEA = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' ');
const SEPA_NON_EEA = 'CH GB MC SM VA AD GI AL MD ME MK RS'.split(' ');
const SEPA = new Set([...SEPA_EEA, ...SEPA_NON_EEA]);
const NON_EEA = new Set(SEPA_NON_EEA);

/**
 * @example
 * ```ts
 * isSepaCountry('CH'); // true
 * isSepaCountry('US'); // false
 * ```
 */
export function isSepaCountry(cc: string): boolean {
  return SEPA.has(cc);
}

export function isNonEeaSepaCountry(cc: string): boolean {
  return NON_EEA.has(cc);
}

/** ISO 3166-1 alpha-2 (officially assigned codes). */
const ISO3166 = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
    'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ ' +
    'OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
    'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
);

export function isCountryCode(cc: string): boolean {
  return ISO3166.has(cc);
}
