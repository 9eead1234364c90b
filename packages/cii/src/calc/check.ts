/**
 * Pre-generation rules: everything that must hold before a CII file is written, on the model (not the XML).
 * Codes are the official EN 16931 / XRechnung / Peppol rule ids where one exists, else stable SCREAMING_SNAKE ids.
 * Errors block generation; warnings and infos travel with the result.
 */
import { ibanMod97, type Finding } from '@kontor/xml';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, attachmentMimeFromFilename } from '../codelists/attachment-types';
import { documentType } from '../codelists/document-types';
import {
  ALLOWANCE_REASON_CODES,
  CHARGE_REASON_CODES,
  COUNTRY_CODES,
  CURRENCY_CODES,
  EAS_SCHEMES,
  ICD_SCHEMES,
  NOTE_SUBJECT_CODES,
  PAYMENT_MEANS_CODES,
  VATEX_CODES,
  VAT_ID_PREFIXES,
} from '../codelists/official';
import { CARD_CODES, CREDIT_TRANSFER_CODES } from '../codelists/payment-means';
import { vatCategory, type VatCategoryEntry } from '../codelists/vat-categories';
import { dec, fractionDigitsOf, num, round2, ZERO } from '../internal/decimal';
import { FindingList } from '../internal/findings';
import type { Invoice, InvoiceProfile } from '../model/invoice';
import { findPlaceholders } from '../model/parse';
import { discountStagesOf, normalizeInvoice, SKONTO_LINE } from './normalize';
import { computeTotals, groupKey, isTaxedCategory, type InvoiceTotals } from './totals';

/** An attachment as the writer takes it (BG-24). */
export interface CiiAttachment {
  /** BT-122 supporting document reference; default: the file name. */
  id?: string;
  filename: string;
  /** Media type; default: from the file name's extension. */
  mimeType?: string;
  /** BT-123; default: the file name. */
  description?: string;
  /** The content (bytes or base64). Required in embedded (XML) mode, ignored in PDF mode. */
  data?: Uint8Array | string;
}

export type AttachmentsMode = 'embedded' | 'pdf';

export interface CheckOptions {
  /** Overrides invoice.profile. */
  profile?: InvoiceProfile;
  attachments?: readonly CiiAttachment[];
  attachmentsMode?: AttachmentsMode;
}

export interface PreparedInvoice {
  /** True when no finding has severity error. */
  ok: boolean;
  /** The normalised invoice (what the writer writes). */
  invoice: Invoice;
  findings: Finding[];
  totals: InvoiceTotals;
}

const SCHEME_BT: Record<string, string> = { S: 'S', Z: 'Z', E: 'E', AE: 'AE', K: 'IC', G: 'G', O: 'O', L: 'AF', M: 'AG' };
const XR_DOC_TYPES = new Set(['326', '380', '384', '389', '381', '875', '876', '877']);
const XR_TELEPHONE = /.*([0-9].*){3,}.*/;
const XR_EMAIL = /^[^@\s]+@([^@.\s]+\.)+[^@.\s]+$/;

function ruleId(cat: VatCategoryEntry, n: string): string {
  return `BR-${SCHEME_BT[cat.code] ?? cat.code}-${n}`;
}

function rateOk(cat: VatCategoryEntry, rate: number): boolean {
  const r = dec(rate);
  switch (cat.rate) {
    case 'positive':
      return r.gt(0);
    case 'non-negative':
      return r.gte(0);
    case 'zero':
    case 'none':
      return r.eq(0);
  }
}

function rateRuleText(cat: VatCategoryEntry): string {
  switch (cat.rate) {
    case 'positive':
      return 'greater than 0';
    case 'non-negative':
      return '0 or more';
    case 'zero':
      return '0';
    case 'none':
      return '0 (it is not written: not subject to VAT)';
  }
}

/** Whether an IBAN passes the ISO 13616 mod-97 check. */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(s)) return false;
  return ibanMod97(s) === 1;
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Normalises and checks an invoice (already accepted by the schema, see parseInvoice).
 * The findings include the normalisation's own (derived values, ignored fields).
 */
export function prepareInvoice(input: Invoice, opts: CheckOptions = {}): PreparedInvoice {
  const norm = normalizeInvoice(input, opts.profile ? { profile: opts.profile } : {});
  const inv = norm.invoice;
  const f = new FindingList();
  for (const p of findPlaceholders(input)) f.error(p.code, p.message, p.path);
  const totals = computeTotals(inv);
  checkCodes(inv, f);
  checkDecimals(inv, f);
  checkLines(inv, totals, f);
  checkDocumentAllowanceCharges(inv, f);
  checkVat(inv, totals, f);
  checkTotals(inv, totals, f);
  checkParties(inv, f);
  checkPayment(inv, totals, f);
  checkDatesAndReferences(inv, f);
  if (inv.profile === 'xrechnung') checkXRechnung(inv, f);
  checkAttachments(opts.attachments ?? [], opts.attachmentsMode ?? 'embedded', inv.profile === 'xrechnung', f);
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const x of [...norm.findings, ...f.items]) {
    const key = `${x.code}|${x.path ?? ''}|${x.severity}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(x);
  }
  return { ok: !findings.some((x) => x.severity === 'error'), invoice: inv, findings, totals };
}

/** The findings of prepareInvoice: errors block generation. */
export function checkInvoice(invoice: Invoice, opts: CheckOptions = {}): Finding[] {
  return prepareInvoice(invoice, opts).findings;
}

function checkCodes(inv: Invoice, f: FindingList): void {
  if (!CURRENCY_CODES.has(inv.currency)) f.error('BR-CL-04', `Currency "${inv.currency}" is not an ISO 4217 code`, 'currency', 'BT-5');
  if (inv.taxCurrencyCode !== undefined && !CURRENCY_CODES.has(inv.taxCurrencyCode)) f.error('BR-CL-05', `Tax currency "${inv.taxCurrencyCode}" is not an ISO 4217 code`, 'taxCurrencyCode', 'BT-6');
  const country = (code: string | undefined, path: string, bt: string): void => {
    if (code !== undefined && !COUNTRY_CODES.has(code)) f.error('BR-CL-14', `Country code "${code}" is not an ISO 3166-1 alpha-2 code`, path, bt);
  };
  country(inv.seller.address.countryCode, 'seller.address.countryCode', 'BT-40');
  country(inv.buyer.address.countryCode, 'buyer.address.countryCode', 'BT-55');
  country(inv.deliveryCountryCode, 'deliveryCountryCode', 'BT-80');
  country(inv.delivery?.address?.countryCode, 'delivery.address.countryCode', 'BT-80');
  for (const [who, p] of [['seller', inv.seller], ['buyer', inv.buyer]] as const) {
    if (p.vatId !== undefined && !VAT_ID_PREFIXES.has(p.vatId.slice(0, 2))) f.error('BR-CO-09', `VAT identifier "${p.vatId}" must start with a country prefix (e.g. DE, ATU.., EL for Greece)`, `${who}.vatId`, who === 'seller' ? 'BT-31' : 'BT-48');
    if (p.electronicAddress && !EAS_SCHEMES.has(p.electronicAddress.scheme)) f.error('BR-CL-25', `Electronic address scheme "${p.electronicAddress.scheme}" is not in the CEF EAS code list (e.g. EM, 0204, 9930, 0088)`, `${who}.electronicAddress.scheme`, who === 'seller' ? 'BT-34-1' : 'BT-49-1');
  }
  (inv.notes ?? []).forEach((n, i) => {
    if (typeof n !== 'string' && n.subjectCode !== undefined && !NOTE_SUBJECT_CODES.has(n.subjectCode)) f.error('BR-CL-08', `Note subject code "${n.subjectCode}" is not in UNTDID 4451`, `notes.${i}.subjectCode`, 'BT-21');
  });
  if (inv.payment?.meansCode !== undefined && !PAYMENT_MEANS_CODES.has(inv.payment.meansCode)) f.error('BR-CL-16', `Payment means code "${inv.payment.meansCode}" is not in UNTDID 4461 (30 credit transfer, 58 SEPA credit transfer, 59 SEPA direct debit, ...)`, 'payment.meansCode', 'BT-81');
}

const DEC_RULES: { path: (inv: Invoice) => [string, number | undefined][]; code: string; bt: string }[] = [
  { code: 'BR-DEC-12', bt: 'BT-109', path: (i) => [['totalNet', i.totalNet]] },
  { code: 'BR-DEC-13', bt: 'BT-110', path: (i) => [['totalVat', i.totalVat]] },
  { code: 'BR-DEC-14', bt: 'BT-112', path: (i) => [['totalGross', i.totalGross]] },
  { code: 'BR-DEC-15', bt: 'BT-111', path: (i) => [['totalVatInTaxCurrency', i.totalVatInTaxCurrency]] },
  { code: 'BR-DEC-16', bt: 'BT-113', path: (i) => [['paidAmount', i.paidAmount]] },
  { code: 'BR-DEC-23', bt: 'BT-131', path: (i) => i.lines.map((l, n) => [`lines.${n}.lineNetAmount`, l.lineNetAmount]) },
  { code: 'BR-DEC-19', bt: 'BT-116', path: (i) => i.vatBreakdown.map((b, n) => [`vatBreakdown.${n}.basisAmount`, b.basisAmount]) },
  { code: 'BR-DEC-20', bt: 'BT-117', path: (i) => i.vatBreakdown.map((b, n) => [`vatBreakdown.${n}.taxAmount`, b.taxAmount]) },
];

function checkDecimals(inv: Invoice, f: FindingList): void {
  const two = (code: string, path: string, value: number | undefined, bt: string): void => {
    if (value !== undefined && Number.isFinite(value) && fractionDigitsOf(value) > 2) f.error(code, `At most 2 decimals are allowed (got ${value})`, path, bt);
    if (value !== undefined && !Number.isFinite(value)) f.error('INVALID_NUMBER', 'Not a finite number', path, bt);
  };
  for (const r of DEC_RULES) for (const [p, v] of r.path(inv)) two(r.code, p, v, r.bt);
  inv.lines.forEach((l, i) => {
    (l.allowanceCharges ?? []).forEach((ac, j) => {
      two(ac.charge ? 'BR-DEC-27' : 'BR-DEC-24', `lines.${i}.allowanceCharges.${j}.amount`, ac.amount, ac.charge ? 'BT-141' : 'BT-136');
      two(ac.charge ? 'BR-DEC-28' : 'BR-DEC-25', `lines.${i}.allowanceCharges.${j}.basisAmount`, ac.basisAmount, ac.charge ? 'BT-142' : 'BT-137');
    });
  });
  (inv.allowanceCharges ?? []).forEach((ac, k) => {
    two(ac.charge ? 'BR-DEC-05' : 'BR-DEC-01', `allowanceCharges.${k}.amount`, ac.amount, ac.charge ? 'BT-99' : 'BT-92');
    two(ac.charge ? 'BR-DEC-06' : 'BR-DEC-02', `allowanceCharges.${k}.basisAmount`, ac.basisAmount, ac.charge ? 'BT-100' : 'BT-93');
  });
}

function checkLines(inv: Invoice, totals: InvoiceTotals, f: FindingList): void {
  if (inv.lines.length === 0) f.error('BR-16', 'An invoice needs at least one line', 'lines', 'BG-25');
  inv.lines.forEach((line, i) => {
    const p = `lines.${i}`;
    if (line.name === '') f.error('BR-25', 'The item name must not be empty', `${p}.name`, 'BT-153');
    if (dec(line.unitPriceNet).lt(0)) f.error('BR-27', 'The item net price must not be negative (use a negative quantity or an allowance)', `${p}.unitPriceNet`, 'BT-146');
    if (line.categoryCode !== undefined && !vatCategory(line.categoryCode)) f.error('BR-CL-18', `VAT category "${line.categoryCode}" is not one of S, Z, E, AE, K, G, O, L, M`, `${p}.categoryCode`, 'BT-151');
    if (line.globalArticleId !== undefined && line.globalArticleScheme !== undefined && !ICD_SCHEMES.has(line.globalArticleScheme)) f.error('BR-CL-21', `Item identifier scheme "${line.globalArticleScheme}" is not an ISO 6523 ICD code (0160 = GTIN)`, `${p}.globalArticleScheme`, 'BT-157-1');
    (line.allowanceCharges ?? []).forEach((ac, j) => {
      const ap = `${p}.allowanceCharges.${j}`;
      if (ac.reason === undefined && ac.reasonCode === undefined) f.error(ac.charge ? 'BR-44' : 'BR-42', `A line ${ac.charge ? 'charge' : 'allowance'} needs a reason or a reason code`, `${ap}.reason`, ac.charge ? 'BT-144' : 'BT-139');
      if (ac.reasonCode !== undefined) {
        if (ac.charge && !CHARGE_REASON_CODES.has(ac.reasonCode)) f.error('BR-CL-20', `Charge reason code "${ac.reasonCode}" is not in UNTDID 7161`, `${ap}.reasonCode`, 'BT-145');
        if (!ac.charge && !ALLOWANCE_REASON_CODES.has(ac.reasonCode)) f.error('BR-CL-19', `Allowance reason code "${ac.reasonCode}" is not in UNTDID 5189 (e.g. 95 discount, 100 special agreement)`, `${ap}.reasonCode`, 'BT-140');
      }
    });
    const expected = totals.lineNetAmounts[i]!;
    if (Number.isFinite(line.lineNetAmount) && !expected.eq(dec(line.lineNetAmount))) {
      f.error('PEPPOL-EN16931-R120', `Line net amount ${line.lineNetAmount} must equal quantity × price − allowances + charges = ${expected.toFixed(2)}`, `${p}.lineNetAmount`, 'BT-131');
    }
  });
}

function checkDocumentAllowanceCharges(inv: Invoice, f: FindingList): void {
  (inv.allowanceCharges ?? []).forEach((ac, k) => {
    const p = `allowanceCharges.${k}`;
    if (ac.reason === undefined && ac.reasonCode === undefined) f.error(ac.charge ? 'BR-38' : 'BR-33', `A document ${ac.charge ? 'charge' : 'allowance'} needs a reason or a reason code`, `${p}.reason`, ac.charge ? 'BT-104' : 'BT-97');
    if (ac.reasonCode !== undefined) {
      if (ac.charge && !CHARGE_REASON_CODES.has(ac.reasonCode)) f.error('BR-CL-20', `Charge reason code "${ac.reasonCode}" is not in UNTDID 7161`, `${p}.reasonCode`, 'BT-105');
      if (!ac.charge && !ALLOWANCE_REASON_CODES.has(ac.reasonCode)) f.error('BR-CL-19', `Allowance reason code "${ac.reasonCode}" is not in UNTDID 5189 (e.g. 95 discount, 100 special agreement)`, `${p}.reasonCode`, 'BT-98');
    }
    if (ac.categoryCode !== undefined && !vatCategory(ac.categoryCode)) f.error('BR-CL-17', `VAT category "${ac.categoryCode}" is not one of S, Z, E, AE, K, G, O, L, M`, `${p}.categoryCode`, ac.charge ? 'BT-102' : 'BT-95');
  });
}

/** Category-dependent rules: rates, VAT identifiers, the breakdown and its exemption reasons. */
function checkVat(inv: Invoice, totals: InvoiceTotals, f: FindingList): void {
  const lineCats = new Set<string>();
  const allowanceCats = new Set<string>();
  const chargeCats = new Set<string>();
  inv.lines.forEach((line, i) => {
    const cat = line.categoryCode ? vatCategory(line.categoryCode) : undefined;
    if (!cat) return;
    lineCats.add(cat.code);
    if (!rateOk(cat, line.vatRatePercent)) f.error(ruleId(cat, '05'), `A line with VAT category ${cat.code} needs the rate ${rateRuleText(cat)} (got ${line.vatRatePercent})`, `lines.${i}.vatRatePercent`, 'BT-152');
  });
  (inv.allowanceCharges ?? []).forEach((ac, k) => {
    const cat = ac.categoryCode ? vatCategory(ac.categoryCode) : undefined;
    if (!cat || ac.ratePercent === undefined) return;
    (ac.charge ? chargeCats : allowanceCats).add(cat.code);
    if (!rateOk(cat, ac.ratePercent)) f.error(ruleId(cat, ac.charge ? '07' : '06'), `A document ${ac.charge ? 'charge' : 'allowance'} with VAT category ${cat.code} needs the rate ${rateRuleText(cat)} (got ${ac.ratePercent})`, `allowanceCharges.${k}.ratePercent`, ac.charge ? 'BT-103' : 'BT-96');
  });

  // VAT identifiers the categories require (BR-x-02 lines, -03 allowances, -04 charges).
  const hasSellerVat = inv.seller.vatId !== undefined;
  const hasSellerTaxId = hasSellerVat || inv.seller.taxNumber !== undefined;
  for (const [cats, n] of [[lineCats, '02'], [allowanceCats, '03'], [chargeCats, '04']] as const) {
    for (const code of cats) {
      const cat = vatCategory(code)!;
      const id = ruleId(cat, n);
      if (cat.sellerId === 'vatOrTaxNumber' && !hasSellerTaxId) f.error(id, `VAT category ${code} requires the seller's VAT identifier (BT-31) or tax number (BT-32)`, 'seller.vatId', 'BT-31');
      if (cat.sellerId === 'vat' && !hasSellerVat) f.error(id, `VAT category ${code} requires the seller's VAT identifier (BT-31)`, 'seller.vatId', 'BT-31');
      if (cat.sellerId === 'forbidden' && hasSellerVat) f.error(id, 'An invoice not subject to VAT (O) must not carry the seller VAT identifier; use seller.taxNumber if needed', 'seller.vatId', 'BT-31');
      if (cat.buyerId === 'vatOrRegistration' && inv.buyer.vatId === undefined && inv.buyer.registrationId === undefined) f.error(id, 'Reverse charge (AE) requires the buyer VAT identifier (BT-48) or the buyer legal registration identifier (BT-47)', 'buyer.vatId', 'BT-48');
      if (cat.buyerId === 'vat' && inv.buyer.vatId === undefined) f.error(id, `VAT category ${code} requires the buyer VAT identifier (BT-48)`, 'buyer.vatId', 'BT-48');
      if (cat.buyerId === 'forbidden' && inv.buyer.vatId !== undefined) f.error(id, 'An invoice not subject to VAT (O) must not carry the buyer VAT identifier', 'buyer.vatId', 'BT-48');
    }
  }

  // The breakdown entries themselves.
  const seen = new Set<string>();
  const breakdownCats = new Set<string>();
  inv.vatBreakdown.forEach((b, i) => {
    const p = `vatBreakdown.${i}`;
    const cat = vatCategory(b.categoryCode);
    if (!cat) {
      f.error(b.categoryCode === 'B' ? 'BR-B-01' : 'BR-CL-18', b.categoryCode === 'B' ? 'Split payment (B) applies to domestic Italian invoices only' : `VAT category "${b.categoryCode}" is not one of S, Z, E, AE, K, G, O, L, M`, `${p}.categoryCode`, 'BT-118');
      return;
    }
    breakdownCats.add(cat.code);
    const key = groupKey(cat.code, b.ratePercent);
    if (seen.has(key)) f.error('VAT_BREAKDOWN_DUPLICATE', `Two breakdown entries for category ${cat.code} and rate ${b.ratePercent} %`, p, 'BG-23');
    seen.add(key);
    if (!rateOk(cat, b.ratePercent)) f.error(ruleId(cat, '05'), `VAT category ${cat.code} needs the rate ${rateRuleText(cat)} (got ${b.ratePercent})`, `${p}.ratePercent`, 'BT-119');
    const g = totals.vatGroups.get(key);
    const expectedBasis = g ? g.basisAmount : ZERO;
    if (Number.isFinite(b.basisAmount) && !expectedBasis.eq(dec(b.basisAmount))) {
      f.error(ruleId(cat, '08'), `Taxable amount of ${cat.code} ${b.ratePercent} % is ${b.basisAmount}, but its lines − allowances + charges give ${expectedBasis.toFixed(2)}`, `${p}.basisAmount`, 'BT-116');
    }
    if (Number.isFinite(b.taxAmount) && Number.isFinite(b.basisAmount)) {
      if (isTaxedCategory(cat.code)) {
        const expectedTax = round2(dec(b.basisAmount).times(dec(b.ratePercent)).div(100));
        const diff = expectedTax.minus(dec(b.taxAmount)).abs();
        // VAT summed from per-line roundings may differ by up to a cent per line; EN 16931 itself tolerates 1.00.
        const tolerance = dec('0.01').times(Math.max(1, g ? g.lineCount + g.allowanceChargeCount : 1));
        const msg = `Tax amount of ${cat.code} ${b.ratePercent} % should be round(${b.basisAmount} × ${b.ratePercent} / 100) = ${expectedTax.toFixed(2)} (got ${b.taxAmount})`;
        if (diff.gt(tolerance)) f.error('BR-CO-17', msg, `${p}.taxAmount`, 'BT-117');
        else if (diff.gt(0)) f.warning('BR-CO-17', `${msg}; accepted as per-line rounding`, `${p}.taxAmount`, 'BT-117');
      } else if (!dec(b.taxAmount).eq(0)) f.error(ruleId(cat, '09'), `The tax amount of VAT category ${cat.code} must be 0 (got ${b.taxAmount})`, `${p}.taxAmount`, 'BT-117');
    }
    const hasExemption = b.exemptionReason !== undefined || b.exemptionReasonCode !== undefined;
    if (cat.exemption === 'forbidden' && hasExemption) f.error(ruleId(cat, '10'), `VAT category ${cat.code} must not carry an exemption reason or code`, b.exemptionReason !== undefined ? `${p}.exemptionReason` : `${p}.exemptionReasonCode`, 'BT-120');
    if (cat.exemption === 'required' && !hasExemption) f.error(ruleId(cat, '10'), `VAT category ${cat.code} needs an exemption reason (BT-120) or a VATEX code (BT-121)`, `${p}.exemptionReason`, 'BT-120');
    if (b.exemptionReasonCode !== undefined && !VATEX_CODES.has(b.exemptionReasonCode.toUpperCase())) f.error('BR-CL-22', `Exemption reason code "${b.exemptionReasonCode}" is not in the VATEX code list (e.g. VATEX-EU-AE)`, `${p}.exemptionReasonCode`, 'BT-121');
  });

  // Every category/rate used by lines and allowances/charges needs its breakdown entry.
  for (const g of totals.vatGroups.values()) {
    const cat = vatCategory(g.categoryCode);
    if (!cat || seen.has(groupKey(cat.code, g.ratePercent))) continue;
    if (!breakdownCats.has(cat.code)) f.error(ruleId(cat, '01'), `Lines or allowances/charges use VAT category ${cat.code} but the breakdown has no entry for it`, 'vatBreakdown', 'BG-23');
    else f.error(ruleId(cat, '08'), `Lines or allowances/charges use ${cat.code} ${g.ratePercent} % but the breakdown has no entry for that rate (expected taxable amount ${g.basisAmount.toFixed(2)})`, 'vatBreakdown', 'BG-23');
  }

  // Not subject to VAT excludes every other category (BR-O-11..14).
  if (breakdownCats.has('O')) {
    inv.vatBreakdown.forEach((b, i) => {
      if (b.categoryCode !== 'O') f.error('BR-O-11', 'An invoice with category O must not have other VAT breakdown entries', `vatBreakdown.${i}.categoryCode`, 'BT-118');
    });
    inv.lines.forEach((l, i) => {
      if (l.categoryCode !== undefined && l.categoryCode !== 'O') f.error('BR-O-12', 'An invoice with category O must not have lines of another category', `lines.${i}.categoryCode`, 'BT-151');
    });
    (inv.allowanceCharges ?? []).forEach((ac, k) => {
      if (ac.categoryCode !== undefined && ac.categoryCode !== 'O') f.error(ac.charge ? 'BR-O-14' : 'BR-O-13', `An invoice with category O must not have document ${ac.charge ? 'charges' : 'allowances'} of another category`, `allowanceCharges.${k}.categoryCode`);
    });
  }

  // Intra-community supply: delivery date or period, deliver-to country.
  if (breakdownCats.has('K')) {
    if (inv.deliveryDate === undefined && inv.invoicingPeriod?.start === undefined && inv.invoicingPeriod?.end === undefined) f.error('BR-IC-11', 'An intra-community supply (K) needs the delivery date (deliveryDate) or the invoicing period', 'deliveryDate', 'BT-72');
    if (inv.deliveryCountryCode === undefined) f.error('BR-IC-12', 'An intra-community supply (K) needs the deliver-to country (deliveryCountryCode or delivery.address.countryCode)', 'deliveryCountryCode', 'BT-80');
  }
}

function checkTotals(inv: Invoice, t: InvoiceTotals, f: FindingList): void {
  const fin = (n: number): boolean => Number.isFinite(n);
  if (fin(inv.totalNet) && !t.taxBasisTotal.eq(dec(inv.totalNet))) {
    f.error('BR-CO-13', `totalNet ${inv.totalNet} must equal Σ line net amounts ${t.lineTotal.toFixed(2)} − allowances ${t.allowanceTotal.toFixed(2)} + charges ${t.chargeTotal.toFixed(2)} = ${t.taxBasisTotal.toFixed(2)}`, 'totalNet', 'BT-109');
  }
  if (fin(inv.totalVat) && !t.taxTotal.eq(dec(inv.totalVat))) f.error('BR-CO-14', `totalVat ${inv.totalVat} must equal the sum of the breakdown tax amounts ${t.taxTotal.toFixed(2)}`, 'totalVat', 'BT-110');
  if (fin(inv.totalGross) && fin(inv.totalNet) && fin(inv.totalVat) && !t.grandTotal.eq(dec(inv.totalGross))) f.error('BR-CO-15', `totalGross ${inv.totalGross} must equal totalNet + totalVat = ${t.grandTotal.toFixed(2)}`, 'totalGross', 'BT-112');
  if (inv.paidAmount !== undefined && fin(inv.totalGross) && dec(inv.paidAmount).gt(dec(inv.totalGross)) && dec(inv.totalGross).gte(0)) f.warning('PAID_AMOUNT_EXCEEDS_TOTAL', `paidAmount ${inv.paidAmount} exceeds totalGross ${inv.totalGross}; the amount due is negative`, 'paidAmount', 'BT-113');
  if (inv.taxCurrencyCode !== undefined) {
    if (inv.totalVatInTaxCurrency === undefined) f.error('BR-53', `With taxCurrencyCode ${inv.taxCurrencyCode} the total VAT in that currency (totalVatInTaxCurrency) is required`, 'totalVatInTaxCurrency', 'BT-111');
    if (inv.taxCurrencyCode === inv.currency) {
      if (inv.profile === 'xrechnung') f.error('PEPPOL-EN16931-R005', 'The VAT accounting currency must differ from the invoice currency', 'taxCurrencyCode', 'BT-6');
      else f.warning('PEPPOL-EN16931-R005', 'The VAT accounting currency equals the invoice currency; leave it out', 'taxCurrencyCode', 'BT-6');
    }
  } else if (inv.totalVatInTaxCurrency !== undefined) f.error('TAX_CURRENCY_CODE_REQUIRED', 'totalVatInTaxCurrency needs taxCurrencyCode', 'taxCurrencyCode', 'BT-6');
  if (inv.totalVatInTaxCurrency !== undefined && inv.taxCurrencyCode !== undefined && fin(inv.totalVat)) {
    const a = dec(inv.totalVatInTaxCurrency).lt(0);
    const b = dec(inv.totalVat).lt(0);
    if (a !== b) {
      if (inv.profile === 'xrechnung') f.error('PEPPOL-EN16931-R055', 'totalVat and totalVatInTaxCurrency must have the same sign', 'totalVatInTaxCurrency', 'BT-111');
      else f.warning('PEPPOL-EN16931-R055', 'totalVat and totalVatInTaxCurrency have different signs', 'totalVatInTaxCurrency', 'BT-111');
    }
  }
  const dt = documentType(inv.documentTypeCode);
  if (dt?.creditNote && fin(inv.totalGross) && dec(inv.totalGross).lt(0)) f.warning('CREDIT_NOTE_NEGATIVE_TOTAL', 'A credit note carries positive amounts (they reduce the preceding invoice); a negative total reverses it', 'totalGross', 'BT-112');
}

function checkParties(inv: Invoice, f: FindingList): void {
  if (inv.seller.name === '') f.error('BR-06', 'The seller name must not be empty', 'seller.name', 'BT-27');
  if (inv.buyer.name === '') f.error('BR-07', 'The buyer name must not be empty', 'buyer.name', 'BT-44');
  const s = inv.seller;
  if (s.customerAssignedId === undefined && s.gln === undefined && s.registrationId === undefined && s.vatId === undefined) {
    f.error('BR-CO-26', 'The seller needs an identifier: vatId (BT-31), registrationId (BT-30), gln or customerAssignedId (BT-29)', 'seller.vatId', 'BT-31');
  }
  if (inv.payee) {
    const pe = inv.payee;
    if (pe.name === s.name) f.error('BR-17', 'The payee (BG-10) must differ from the seller; leave payee out when the seller is paid', 'payee.name', 'BT-59');
    else if (pe.registrationId !== undefined && pe.registrationId === s.registrationId) f.error('BR-17', 'The payee has the seller\'s legal registration identifier; leave payee out when the seller is paid', 'payee.registrationId', 'BT-61');
    else if (pe.id !== undefined && pe.id === s.customerAssignedId) f.error('BR-17', 'The payee has the seller\'s identifier; leave payee out when the seller is paid', 'payee.id', 'BT-60');
  }
  if (inv.delivery?.address && inv.delivery.address.countryCode === undefined) f.error('BR-57', 'A delivery address needs a country code (delivery.address.countryCode or deliveryCountryCode)', 'delivery.address.countryCode', 'BT-80');
}

function checkPayment(inv: Invoice, t: InvoiceTotals, f: FindingList): void {
  const p = inv.payment;
  const xr = inv.profile === 'xrechnung';
  const stages = discountStagesOf(p);
  const hasTerms = p?.terms !== undefined || stages.length > 0;
  if (t.duePayable.gt(0) && inv.dueDate === undefined && !hasTerms) f.error('BR-CO-25', 'With an amount due, the invoice needs dueDate or payment terms', 'dueDate', 'BT-9');
  if (!p) return;
  const code = p.meansCode;
  if (code !== undefined) {
    if (CREDIT_TRANSFER_CODES.has(code) && p.iban === undefined) f.error('BR-61', `Payment means ${code} (credit transfer) needs the payee IBAN (payment.iban)`, 'payment.iban', 'BT-84');
    if (code === '59' || (code === '49' && xr)) {
      if (p.mandateId === undefined) f.error('PEPPOL-EN16931-R061', 'A SEPA direct debit needs the mandate reference (payment.mandateId)', 'payment.mandateId', 'BT-89');
      if (p.creditorId === undefined) f.error('BR-DE-30', 'A SEPA direct debit needs the creditor identifier (payment.creditorId)', 'payment.creditorId', 'BT-90');
      if (p.debitedIban === undefined) f.error('BR-DE-31', 'A SEPA direct debit needs the debited account (payment.debitedIban)', 'payment.debitedIban', 'BT-91');
    }
    if (CARD_CODES.has(code) && xr) {
      if (p.cardNumber === undefined) f.error('BR-DE-24-a', `Payment means ${code} (card) needs payment.cardNumber (last 4-6 digits)`, 'payment.cardNumber', 'BT-87');
      if (p.iban !== undefined) f.error('BR-DE-24-b', `With card payment (${code}) XRechnung allows no credit transfer account; leave payment.iban out`, 'payment.iban', 'BT-84');
    }
  } else if (p.iban === undefined && (p.bic !== undefined || p.accountName !== undefined)) {
    f.error('BR-61', 'payment.bic/accountName need payment.iban', 'payment.iban', 'BT-84');
  }
  if (p.cardNumber !== undefined && p.cardNumber.replace(/\s/g, '').length > 10) f.error('BR-51', 'Only the last 4 to 6 digits of a card number may appear on an invoice', 'payment.cardNumber', 'BT-87');
  if (p.iban !== undefined && !ibanValid(p.iban)) f.warning(xr ? 'BR-DE-19' : 'IBAN_INVALID', `IBAN "${p.iban}" fails the ISO 13616 check`, 'payment.iban', 'BT-84');
  if (p.debitedIban !== undefined && !ibanValid(p.debitedIban)) f.warning(xr ? 'BR-DE-20' : 'IBAN_INVALID', `Debited IBAN "${p.debitedIban}" fails the ISO 13616 check`, 'payment.debitedIban', 'BT-91');
  // Skonto stages and the terms text.
  stages.forEach((s, i) => {
    const path = i === 0 && p.discountPercent !== undefined ? 'payment.discountPercent' : `payment.discountStages.${i - (p.discountPercent !== undefined ? 1 : 0)}.percent`;
    if (fractionDigitsOf(s.percent) > 2) f.error('BR-DE-18', `Skonto percent ${s.percent} has more than 2 decimals`, path, 'BT-20');
    if (s.basisAmount !== undefined && fractionDigitsOf(s.basisAmount) > 2) f.error('BR-DE-18', `Skonto basis amount ${s.basisAmount} has more than 2 decimals`, path.replace(/percent$/, 'basisAmount'), 'BT-20');
    if (s.percent > 10) f.warning('SKONTO_RATE_IMPLAUSIBLE', `A cash discount of ${s.percent} % is unusually high`, path, 'BT-20');
    if (inv.dueDate !== undefined && addDays(inv.issueDate, s.days) > inv.dueDate) f.warning('SKONTO_AFTER_DUE_DATE', `The discount period (${s.days} days from ${inv.issueDate}) ends after the due date ${inv.dueDate}`, path.replace(/percent$/, 'days').replace('discountPercent', 'discountDays'), 'BT-20');
  });
  if (xr && p.terms !== undefined) {
    for (const line of p.terms.split(/\r?\n/)) {
      if (line.trim().startsWith('#') && !SKONTO_LINE.test(line.trim())) f.error('BR-DE-18', `A payment terms line starting with # must be a Skonto marker #SKONTO#TAGE=n#PROZENT=n.nn#: "${line.trim()}"`, 'payment.terms', 'BT-20');
    }
  }
}

function checkDatesAndReferences(inv: Invoice, f: FindingList): void {
  const per = inv.invoicingPeriod;
  if (per) {
    if (per.start === undefined && per.end === undefined) f.error('BR-CO-19', 'An invoicing period needs a start or an end date', 'invoicingPeriod', 'BG-14');
    if (per.start !== undefined && per.end !== undefined && per.end < per.start) f.error('BR-29', `The invoicing period ends (${per.end}) before it starts (${per.start})`, 'invoicingPeriod.end', 'BT-74');
  }
  if (inv.precedingInvoiceDate !== undefined && inv.precedingInvoiceNumber === undefined) f.error('BR-55', 'precedingInvoiceDate needs precedingInvoiceNumber', 'precedingInvoiceNumber', 'BT-25');
  if (inv.precedingInvoiceNumber === undefined) {
    if (inv.documentTypeCode === '384') f.warning('BR-DE-26', 'A corrected invoice (384) should name the corrected invoice (precedingInvoiceNumber)', 'precedingInvoiceNumber', 'BT-25');
    if (inv.documentTypeCode === '381') f.warning('PRECEDING_INVOICE_RECOMMENDED', 'A credit note (381) should name the invoice it refers to (precedingInvoiceNumber)', 'precedingInvoiceNumber', 'BT-25');
  }
  if (inv.dueDate !== undefined && inv.dueDate < inv.issueDate) f.warning('DUE_DATE_BEFORE_ISSUE_DATE', `The due date ${inv.dueDate} is before the issue date ${inv.issueDate}`, 'dueDate', 'BT-9');
  if (inv.invoiceNumber === '') f.error('BR-02', 'The invoice number must not be empty', 'invoiceNumber', 'BT-1');
}

function checkXRechnung(inv: Invoice, f: FindingList): void {
  const s = inv.seller;
  const b = inv.buyer;
  if (inv.buyerReference === undefined) f.error('BR-DE-15', 'XRechnung requires buyerReference (BT-10; the Leitweg-ID for German public buyers)', 'buyerReference', 'BT-10');
  if (!s.contact) f.error('BR-DE-2', 'XRechnung requires the seller contact (seller.contact with name, phone and email)', 'seller.contact', 'BG-6');
  else {
    if (s.contact.name === undefined) f.error('BR-DE-2', 'XRechnung requires the seller contact name (BR-DE-5)', 'seller.contact.name', 'BT-41');
    if (s.contact.phone === undefined) f.error('BR-DE-2', 'XRechnung requires the seller contact phone (BR-DE-6)', 'seller.contact.phone', 'BT-42');
    else if (!XR_TELEPHONE.test(s.contact.phone)) f.warning('BR-DE-27', 'The seller phone should contain at least three digits', 'seller.contact.phone', 'BT-42');
    if (s.contact.email === undefined) f.error('BR-DE-2', 'XRechnung requires the seller contact e-mail (BR-DE-7)', 'seller.contact.email', 'BT-43');
    else if (!XR_EMAIL.test(s.contact.email)) f.warning('BR-DE-28', 'The seller e-mail address does not look valid', 'seller.contact.email', 'BT-43');
  }
  if (s.address.city === undefined) f.error('BR-DE-3', 'XRechnung requires the seller city', 'seller.address.city', 'BT-37');
  if (s.address.postalCode === undefined) f.error('BR-DE-4', 'XRechnung requires the seller postal code', 'seller.address.postalCode', 'BT-38');
  if (b.address.city === undefined) f.error('BR-DE-8', 'XRechnung requires the buyer city', 'buyer.address.city', 'BT-52');
  if (b.address.postalCode === undefined) f.error('BR-DE-9', 'XRechnung requires the buyer postal code', 'buyer.address.postalCode', 'BT-53');
  if (inv.delivery?.address || inv.deliveryCountryCode !== undefined) {
    if (inv.delivery?.address?.city === undefined) f.error('BR-DE-10', 'XRechnung requires the deliver-to city when a delivery address or country is given', 'delivery.address.city', 'BT-77');
    if (inv.delivery?.address?.postalCode === undefined) f.error('BR-DE-11', 'XRechnung requires the deliver-to postal code when a delivery address or country is given', 'delivery.address.postalCode', 'BT-78');
  }
  if (!s.electronicAddress) f.error('PEPPOL-EN16931-R020', 'XRechnung requires the seller electronic address (seller.electronicAddress, scheme EM by default)', 'seller.electronicAddress', 'BT-34');
  if (!b.electronicAddress) f.error('PEPPOL-EN16931-R010', 'XRechnung requires the buyer electronic address (buyer.electronicAddress, scheme EM by default or 0204 for a Leitweg-ID)', 'buyer.electronicAddress', 'BT-49');
  if (!inv.payment || (inv.payment.iban === undefined && inv.payment.meansCode === undefined)) f.error('BR-DE-1', 'XRechnung requires payment instructions: payment.iban or payment.meansCode', 'payment', 'BG-16');
  const used = new Set([...inv.lines.map((l) => l.categoryCode), ...(inv.allowanceCharges ?? []).map((a) => a.categoryCode), ...inv.vatBreakdown.map((v) => v.categoryCode)]);
  if ([...used].some((c) => c !== undefined && c !== 'O') && s.vatId === undefined && s.taxNumber === undefined) f.error('BR-DE-16', 'XRechnung requires the seller VAT identifier or tax number', 'seller.vatId', 'BT-31');
  if (!XR_DOC_TYPES.has(inv.documentTypeCode)) f.warning('BR-DE-17', `XRechnung expects document type 326, 380, 381, 384, 389 or 875-877 (got ${inv.documentTypeCode})`, 'documentTypeCode', 'BT-3');
}

function attachmentSize(data: Uint8Array | string | undefined): number {
  if (data === undefined) return 0;
  if (typeof data !== 'string') return data.byteLength;
  const clean = data.replace(/\s+/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - pad;
}

function checkAttachments(atts: readonly CiiAttachment[], mode: 'embedded' | 'pdf', xr: boolean, f: FindingList): void {
  const ids = new Set<string>();
  const names = new Set<string>();
  atts.forEach((a, i) => {
    const p = `attachments.${i}`;
    if (!a.filename || a.filename.trim() === '') {
      f.error('ATTACHMENT_FILENAME_REQUIRED', 'An attachment needs a file name', `${p}.filename`, 'BT-125-2');
      return;
    }
    const mime = a.mimeType ?? attachmentMimeFromFilename(a.filename);
    const type = ATTACHMENT_TYPES.find((t) => t.mimeType === mime);
    if (mode === 'embedded' && !type?.xml) f.error('BR-CL-24', `Attachment type ${mime ?? 'unknown'} cannot be embedded in the XML (allowed: PDF, PNG, JPEG, CSV, XLSX, ODS)`, `${p}.mimeType`, 'BT-125-1');
    if (mode === 'pdf' && !type?.pdf) f.error('ATTACHMENT_TYPE_UNSUPPORTED', `Attachment type ${mime ?? 'unknown'} is not accepted (PDF, PNG, JPEG, CSV, XLSX, ODS, XML)`, `${p}.mimeType`);
    if (mode === 'embedded' && (a.data === undefined || attachmentSize(a.data) === 0)) f.error('ATTACHMENT_DATA_MISSING', 'An embedded attachment needs its content', `${p}.data`, 'BT-125');
    if (attachmentSize(a.data) > ATTACHMENT_MAX_BYTES) f.error('ATTACHMENT_TOO_LARGE', `An attachment may have at most ${ATTACHMENT_MAX_BYTES} bytes`, `${p}.data`, 'BT-125');
    const id = a.id ?? a.filename;
    if (ids.has(id)) f.error('ATTACHMENT_ID_DUPLICATE', `Two attachments share the reference "${id}"`, `${p}.id`, 'BT-122');
    ids.add(id);
    if (names.has(a.filename) && xr) f.error('BR-DE-22', `Two attachments share the file name "${a.filename}"`, `${p}.filename`, 'BT-125-2');
    names.add(a.filename);
  });
}

/** Exposed for property tests: the breakdown entries an invoice's lines and allowances imply. */
export function impliedVatBreakdown(inv: Invoice): { categoryCode: string; ratePercent: number; basisAmount: number; taxAmount: number }[] {
  const t = computeTotals(inv);
  return [...t.vatGroups.values()].map((g) => ({ categoryCode: g.categoryCode, ratePercent: g.ratePercent, basisAmount: num(g.basisAmount), taxAmount: num(g.taxAmount) }));
}

