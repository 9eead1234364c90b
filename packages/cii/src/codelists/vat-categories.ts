/** VAT category codes (BT-95/102/118/151, UNTDID 5305 subset) with the rate and exemption rules of EN 16931. */

export type VatRateRule = 'positive' | 'zero' | 'non-negative' | 'none';
export type ExemptionRule = 'forbidden' | 'required';

export interface VatCategoryEntry {
  code: string;
  name: string;
  nameDe: string;
  /** What the VAT rate must be (BR-x-05/06/07); 'none' = not subject to VAT: no rate is written on lines and allowances. */
  rate: VatRateRule;
  /** Exemption reason (BT-120) or code (BT-121) in the breakdown (BR-x-10). */
  exemption: ExemptionRule;
  /** What the generator writes when the breakdown carries neither reason nor code. */
  defaultExemptionReason?: string;
  defaultExemptionReasonCode?: string;
  /** Who must carry a VAT identifier (BR-x-02); 'vatOrTaxNumber' accepts the seller's tax number (BT-32). */
  sellerId: 'vatOrTaxNumber' | 'vat' | 'forbidden';
  buyerId: 'none' | 'vat' | 'vatOrRegistration' | 'forbidden';
  /** The rule-id infix EN 16931 uses for this category (BR-S-08, BR-IC-08, ...). */
  ruleInfix: string;
  note: string;
}

export const VAT_CATEGORIES: readonly VatCategoryEntry[] = [
  {
    code: 'S',
    name: 'Standard rate',
    nameDe: 'Regelsteuersatz',
    rate: 'positive',
    exemption: 'forbidden',
    sellerId: 'vatOrTaxNumber',
    buyerId: 'none',
    ruleInfix: 'S',
    note: 'Rate > 0 (19 or 7 in Germany); no exemption reason.',
  },
  {
    code: 'Z',
    name: 'Zero rated goods',
    nameDe: 'Nullsatz',
    rate: 'zero',
    exemption: 'forbidden',
    sellerId: 'vatOrTaxNumber',
    buyerId: 'none',
    ruleInfix: 'Z',
    note: 'Rate 0 by law (e.g. § 12 (3) UStG photovoltaics); no exemption reason.',
  },
  {
    code: 'E',
    name: 'Exempt from tax',
    nameDe: 'Steuerbefreit',
    rate: 'zero',
    exemption: 'required',
    sellerId: 'vatOrTaxNumber',
    buyerId: 'none',
    ruleInfix: 'E',
    note: 'Rate 0; exemption reason or VATEX code required (e.g. § 4 Nr. 14 UStG, Kleinunternehmer § 19 UStG).',
  },
  {
    code: 'AE',
    name: 'VAT Reverse charge',
    nameDe: 'Umkehrung der Steuerschuldnerschaft',
    rate: 'zero',
    exemption: 'required',
    defaultExemptionReason: 'Reverse charge',
    defaultExemptionReasonCode: 'VATEX-EU-AE',
    sellerId: 'vatOrTaxNumber',
    buyerId: 'vatOrRegistration',
    ruleInfix: 'AE',
    note: 'Rate 0; buyer VAT ID (or legal registration id) required (BR-AE-02).',
  },
  {
    code: 'K',
    name: 'Intra-community supply',
    nameDe: 'Innergemeinschaftliche Lieferung',
    rate: 'zero',
    exemption: 'required',
    defaultExemptionReason: 'Intra-community supply',
    defaultExemptionReasonCode: 'VATEX-EU-IC',
    sellerId: 'vat',
    buyerId: 'vat',
    ruleInfix: 'IC',
    note: 'Rate 0; seller and buyer VAT IDs, delivery date or period, deliver-to country (BR-IC-02/11/12).',
  },
  {
    code: 'G',
    name: 'Free export item, VAT not charged',
    nameDe: 'Ausfuhr (steuerfrei)',
    rate: 'zero',
    exemption: 'required',
    defaultExemptionReason: 'Export outside the EU',
    defaultExemptionReasonCode: 'VATEX-EU-G',
    sellerId: 'vat',
    buyerId: 'none',
    ruleInfix: 'G',
    note: 'Rate 0; seller VAT ID required (BR-G-02).',
  },
  {
    code: 'O',
    name: 'Services outside scope of tax',
    nameDe: 'Nicht steuerbar',
    rate: 'none',
    exemption: 'required',
    defaultExemptionReason: 'Not subject to VAT',
    defaultExemptionReasonCode: 'VATEX-EU-O',
    sellerId: 'forbidden',
    buyerId: 'forbidden',
    ruleInfix: 'O',
    note: 'No VAT IDs of seller or buyer; no other category in the invoice (BR-O-02, BR-O-11..14). Send rate 0.',
  },
  {
    code: 'L',
    name: 'Canary Islands general indirect tax',
    nameDe: 'IGIC (Kanaren)',
    rate: 'positive',
    exemption: 'forbidden',
    sellerId: 'vatOrTaxNumber',
    buyerId: 'none',
    ruleInfix: 'AF',
    note: 'IGIC rate > 0.',
  },
  {
    code: 'M',
    name: 'Tax for production, services and importation in Ceuta and Melilla',
    nameDe: 'IPSI (Ceuta und Melilla)',
    rate: 'non-negative',
    exemption: 'forbidden',
    sellerId: 'vatOrTaxNumber',
    buyerId: 'none',
    ruleInfix: 'AG',
    note: 'IPSI rate >= 0.',
  },
];

/**
 * @example
 * ```ts
 * vatCategory('AE')?.nameDe; // 'Umkehrung der Steuerschuldnerschaft'
 * ```
 */
export function vatCategory(code: string): VatCategoryEntry | undefined {
  return VAT_CATEGORIES.find((c) => c.code === code);
}
