/**
 * Pre-generation rules: everything that must hold before a CII file is written, on the model (not the XML).
 * Codes are the official EN 16931 / XRechnung / Peppol rule ids where one exists, else stable SCREAMING_SNAKE ids.
 * Errors block generation; warnings and infos travel with the result.
 */
import { ibanProblem, normalizeIban, type Finding, type Lang, type MessageTexts } from '@kontor/xml';
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
import { texts as T, type MessageKey } from '../messages';
import type { Invoice, InvoiceProfile } from '../model/invoice';
import { findPlaceholders } from '../model/parse';
import { readDiscountStages, normalizeInvoice, SKONTO_LINE } from './normalize';
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
  /** Language of the finding messages (default en). */
  lang?: Lang | undefined;
}

export interface PreparedInvoice {
  /** True when no finding has severity error. */
  ok: boolean;
  /** The normalised invoice (what the writer writes). */
  invoice: Invoice;
  findings: Finding[];
  /** Both texts of the catalogue findings by `code|path` (warnings can then be given in another language). */
  texts: ReadonlyMap<string, MessageTexts>;
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

function rateRuleText(cat: VatCategoryEntry): { key: MessageKey } {
  switch (cat.rate) {
    case 'positive':
      return { key: 'RATE_GREATER_ZERO' };
    case 'non-negative':
      return { key: 'RATE_NON_NEGATIVE' };
    case 'zero':
      return { key: 'RATE_ZERO' };
    case 'none':
      return { key: 'RATE_NONE' };
  }
}

/**
 * Whether an IBAN is valid under the one IBAN rule set of @kontor/xml (invoice JSON is human input: blanks and lower
 * case are normalised first; then format, registry country and length, mod 97).
 * @example
 * ```ts
 * isValidIban('DE02 1203 0000 0000 2020 51'); // true (spaces are ignored)
 * isValidIban('DE02120300000000202052');      // false
 * ```
 */
export function isValidIban(iban: string): boolean {
  return ibanProblem(normalizeIban(iban)) === undefined;
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Normalises and checks an invoice (already accepted by the schema, see parseInvoice).
 * The findings include the normalisation's own (derived values, ignored fields).
 * @example
 * ```ts
 * const invoice = completeInvoice({ invoiceNumber: 'RE-1', issueDate: '2026-03-10', dueDate: '2026-04-09',
 *   seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
 *   buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
 *   lines: [{ name: 'Beratung', quantity: 8, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }] });
 * const prepared = prepareInvoice(invoice, { profile: 'xrechnung' });
 * if (!prepared.ok) console.log(prepared.findings); // BR-DE-* findings: XRechnung needs a Leitweg-ID and seller contact
 * ```
 */
export function prepareInvoice(input: Invoice, opts: CheckOptions = {}): PreparedInvoice {
  const lang = opts.lang ?? 'en';
  const norm = normalizeInvoice(input, { ...(opts.profile ? { profile: opts.profile } : {}), lang });
  const inv = norm.invoice;
  const f = new FindingList(lang);
  for (const p of findPlaceholders(input, '', lang)) f.error(p.code, p.message, p.path);
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
  return { ok: !findings.some((x) => x.severity === 'error'), invoice: inv, findings, texts: new Map([...norm.texts, ...f.texts]), totals };
}

/**
 * The findings of prepareInvoice: errors block generation.
 * @example
 * ```ts
 * const invoice = completeInvoice({ invoiceNumber: 'RE-1', issueDate: '2026-03-10', dueDate: '2026-04-09',
 *   seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
 *   buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
 *   lines: [{ name: 'Beratung', quantity: 8, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }] });
 * const errors = checkInvoice(invoice).filter((f) => f.severity === 'error'); // [] — ready to write
 * ```
 */
export function checkInvoice(invoice: Invoice, opts: CheckOptions = {}): Finding[] {
  return prepareInvoice(invoice, opts).findings;
}

function checkCodes(inv: Invoice, f: FindingList): void {
  if (!CURRENCY_CODES.has(inv.currency)) f.error('BR-CL-04', T('CURRENCY_NOT_ISO', { code: inv.currency }), 'currency', 'BT-5');
  if (inv.taxCurrencyCode !== undefined && !CURRENCY_CODES.has(inv.taxCurrencyCode)) f.error('BR-CL-05', T('TAX_CURRENCY_NOT_ISO', { code: inv.taxCurrencyCode }), 'taxCurrencyCode', 'BT-6');
  const country = (code: string | undefined, path: string, bt: string): void => {
    if (code !== undefined && !COUNTRY_CODES.has(code)) f.error('BR-CL-14', T('COUNTRY_NOT_ISO', { code }), path, bt);
  };
  country(inv.seller.address.countryCode, 'seller.address.countryCode', 'BT-40');
  country(inv.buyer.address.countryCode, 'buyer.address.countryCode', 'BT-55');
  country(inv.deliveryCountryCode, 'deliveryCountryCode', 'BT-80');
  country(inv.delivery?.address?.countryCode, 'delivery.address.countryCode', 'BT-80');
  for (const [who, p] of [
    ['seller', inv.seller],
    ['buyer', inv.buyer],
  ] as const) {
    if (p.vatId !== undefined && !VAT_ID_PREFIXES.has(p.vatId.slice(0, 2))) f.error('BR-CO-09', T('VAT_ID_PREFIX', { vatId: p.vatId }), `${who}.vatId`, who === 'seller' ? 'BT-31' : 'BT-48');
    if (p.electronicAddress && !EAS_SCHEMES.has(p.electronicAddress.scheme))
      f.error('BR-CL-25', T('EAS_UNKNOWN', { scheme: p.electronicAddress.scheme }), `${who}.electronicAddress.scheme`, who === 'seller' ? 'BT-34-1' : 'BT-49-1');
  }
  (inv.notes ?? []).forEach((n, i) => {
    if (typeof n !== 'string' && n.subjectCode !== undefined && !NOTE_SUBJECT_CODES.has(n.subjectCode))
      f.error('BR-CL-08', T('NOTE_SUBJECT_UNKNOWN', { code: n.subjectCode }), `notes.${i}.subjectCode`, 'BT-21');
  });
  if (inv.payment?.meansCode !== undefined && !PAYMENT_MEANS_CODES.has(inv.payment.meansCode))
    f.error('BR-CL-16', T('PAYMENT_MEANS_UNKNOWN', { code: inv.payment.meansCode }), 'payment.meansCode', 'BT-81');
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
    if (value !== undefined && Number.isFinite(value) && fractionDigitsOf(value) > 2) f.error(code, T('TWO_DECIMALS', { value }), path, bt);
    if (value !== undefined && !Number.isFinite(value)) f.error('INVALID_NUMBER', T('NOT_FINITE'), path, bt);
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
  if (inv.lines.length === 0) f.error('BR-16', T('LINES_REQUIRED'), 'lines', 'BG-25');
  inv.lines.forEach((line, i) => {
    const p = `lines.${i}`;
    if (line.name === '') f.error('BR-25', T('ITEM_NAME_EMPTY'), `${p}.name`, 'BT-153');
    if (dec(line.unitPriceNet).lt(0)) f.error('BR-27', T('ITEM_PRICE_NEGATIVE'), `${p}.unitPriceNet`, 'BT-146');
    if (line.categoryCode !== undefined && !vatCategory(line.categoryCode)) f.error('BR-CL-18', T('VAT_CATEGORY_UNKNOWN', { code: line.categoryCode }), `${p}.categoryCode`, 'BT-151');
    if (line.globalArticleId !== undefined && line.globalArticleScheme !== undefined && !ICD_SCHEMES.has(line.globalArticleScheme))
      f.error('BR-CL-21', T('ITEM_SCHEME_UNKNOWN', { scheme: line.globalArticleScheme }), `${p}.globalArticleScheme`, 'BT-157-1');
    (line.allowanceCharges ?? []).forEach((ac, j) => {
      const ap = `${p}.allowanceCharges.${j}`;
      if (ac.reason === undefined && ac.reasonCode === undefined)
        f.error(ac.charge ? 'BR-44' : 'BR-42', T(ac.charge ? 'LINE_CHARGE_REASON' : 'LINE_ALLOWANCE_REASON'), `${ap}.reason`, ac.charge ? 'BT-144' : 'BT-139');
      if (ac.reasonCode !== undefined) {
        if (ac.charge && !CHARGE_REASON_CODES.has(ac.reasonCode)) f.error('BR-CL-20', T('CHARGE_REASON_UNKNOWN', { code: ac.reasonCode }), `${ap}.reasonCode`, 'BT-145');
        if (!ac.charge && !ALLOWANCE_REASON_CODES.has(ac.reasonCode)) f.error('BR-CL-19', T('ALLOWANCE_REASON_UNKNOWN', { code: ac.reasonCode }), `${ap}.reasonCode`, 'BT-140');
      }
    });
    const expected = totals.lineNetAmounts[i]!;
    if (Number.isFinite(line.lineNetAmount) && !expected.eq(dec(line.lineNetAmount))) {
      f.error('PEPPOL-EN16931-R120', T('LINE_NET_AMOUNT', { amount: line.lineNetAmount, expected: expected.toFixed(2) }), `${p}.lineNetAmount`, 'BT-131');
    }
  });
}

function checkDocumentAllowanceCharges(inv: Invoice, f: FindingList): void {
  (inv.allowanceCharges ?? []).forEach((ac, k) => {
    const p = `allowanceCharges.${k}`;
    if (ac.reason === undefined && ac.reasonCode === undefined)
      f.error(ac.charge ? 'BR-38' : 'BR-33', T(ac.charge ? 'DOC_CHARGE_REASON' : 'DOC_ALLOWANCE_REASON'), `${p}.reason`, ac.charge ? 'BT-104' : 'BT-97');
    if (ac.reasonCode !== undefined) {
      if (ac.charge && !CHARGE_REASON_CODES.has(ac.reasonCode)) f.error('BR-CL-20', T('CHARGE_REASON_UNKNOWN', { code: ac.reasonCode }), `${p}.reasonCode`, 'BT-105');
      if (!ac.charge && !ALLOWANCE_REASON_CODES.has(ac.reasonCode)) f.error('BR-CL-19', T('ALLOWANCE_REASON_UNKNOWN', { code: ac.reasonCode }), `${p}.reasonCode`, 'BT-98');
    }
    if (ac.categoryCode !== undefined && !vatCategory(ac.categoryCode)) f.error('BR-CL-17', T('VAT_CATEGORY_UNKNOWN', { code: ac.categoryCode }), `${p}.categoryCode`, ac.charge ? 'BT-102' : 'BT-95');
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
    if (!rateOk(cat, line.vatRatePercent))
      f.error(ruleId(cat, '05'), T('LINE_RATE', { category: cat.code, requirement: rateRuleText(cat), rate: line.vatRatePercent }), `lines.${i}.vatRatePercent`, 'BT-152');
  });
  (inv.allowanceCharges ?? []).forEach((ac, k) => {
    const cat = ac.categoryCode ? vatCategory(ac.categoryCode) : undefined;
    if (!cat || ac.ratePercent === undefined) return;
    (ac.charge ? chargeCats : allowanceCats).add(cat.code);
    if (!rateOk(cat, ac.ratePercent))
      f.error(
        ruleId(cat, ac.charge ? '07' : '06'),
        T(ac.charge ? 'DOC_CHARGE_RATE' : 'DOC_ALLOWANCE_RATE', { category: cat.code, requirement: rateRuleText(cat), rate: ac.ratePercent }),
        `allowanceCharges.${k}.ratePercent`,
        ac.charge ? 'BT-103' : 'BT-96',
      );
  });

  // VAT identifiers the categories require (BR-x-02 lines, -03 allowances, -04 charges).
  const hasSellerVat = inv.seller.vatId !== undefined;
  const hasSellerTaxId = hasSellerVat || inv.seller.taxNumber !== undefined;
  for (const [cats, n] of [
    [lineCats, '02'],
    [allowanceCats, '03'],
    [chargeCats, '04'],
  ] as const) {
    for (const code of cats) {
      const cat = vatCategory(code)!;
      const id = ruleId(cat, n);
      if (cat.sellerId === 'vatOrTaxNumber' && !hasSellerTaxId) f.error(id, T('SELLER_VAT_OR_TAX_NUMBER', { category: code }), 'seller.vatId', 'BT-31');
      if (cat.sellerId === 'vat' && !hasSellerVat) f.error(id, T('SELLER_VAT_REQUIRED', { category: code }), 'seller.vatId', 'BT-31');
      if (cat.sellerId === 'forbidden' && hasSellerVat) f.error(id, T('SELLER_VAT_FORBIDDEN'), 'seller.vatId', 'BT-31');
      if (cat.buyerId === 'vatOrRegistration' && inv.buyer.vatId === undefined && inv.buyer.registrationId === undefined) f.error(id, T('BUYER_VAT_OR_REGISTRATION'), 'buyer.vatId', 'BT-48');
      if (cat.buyerId === 'vat' && inv.buyer.vatId === undefined) f.error(id, T('BUYER_VAT_REQUIRED', { category: code }), 'buyer.vatId', 'BT-48');
      if (cat.buyerId === 'forbidden' && inv.buyer.vatId !== undefined) f.error(id, T('BUYER_VAT_FORBIDDEN'), 'buyer.vatId', 'BT-48');
    }
  }

  // The breakdown entries themselves.
  const seen = new Set<string>();
  const breakdownCats = new Set<string>();
  inv.vatBreakdown.forEach((b, i) => {
    const p = `vatBreakdown.${i}`;
    const cat = vatCategory(b.categoryCode);
    if (!cat) {
      f.error(b.categoryCode === 'B' ? 'BR-B-01' : 'BR-CL-18', b.categoryCode === 'B' ? T('SPLIT_PAYMENT') : T('VAT_CATEGORY_UNKNOWN', { code: b.categoryCode }), `${p}.categoryCode`, 'BT-118');
      return;
    }
    breakdownCats.add(cat.code);
    const key = groupKey(cat.code, b.ratePercent);
    if (seen.has(key)) f.error('VAT_BREAKDOWN_DUPLICATE', T('BREAKDOWN_DUPLICATE', { category: cat.code, rate: b.ratePercent }), p, 'BG-23');
    seen.add(key);
    if (!rateOk(cat, b.ratePercent)) f.error(ruleId(cat, '05'), T('BREAKDOWN_RATE', { category: cat.code, requirement: rateRuleText(cat), rate: b.ratePercent }), `${p}.ratePercent`, 'BT-119');
    const g = totals.vatGroups.get(key);
    const expectedBasis = g ? g.basisAmount : ZERO;
    if (Number.isFinite(b.basisAmount) && !expectedBasis.eq(dec(b.basisAmount))) {
      f.error(ruleId(cat, '08'), T('BREAKDOWN_BASIS', { category: cat.code, rate: b.ratePercent, basis: b.basisAmount, expected: expectedBasis.toFixed(2) }), `${p}.basisAmount`, 'BT-116');
    }
    if (Number.isFinite(b.taxAmount) && Number.isFinite(b.basisAmount)) {
      if (isTaxedCategory(cat.code)) {
        const expectedTax = round2(dec(b.basisAmount).times(dec(b.ratePercent)).div(100));
        const diff = expectedTax.minus(dec(b.taxAmount)).abs();
        // VAT summed from per-line roundings may differ by up to a cent per line; EN 16931 itself tolerates 1.00.
        const tolerance = dec('0.01').times(Math.max(1, g ? g.lineCount + g.allowanceChargeCount : 1));
        const params = { category: cat.code, rate: b.ratePercent, basis: b.basisAmount, expected: expectedTax.toFixed(2), tax: b.taxAmount };
        if (diff.gt(tolerance)) f.error('BR-CO-17', T('BREAKDOWN_TAX', params), `${p}.taxAmount`, 'BT-117');
        else if (diff.gt(0)) f.warning('BR-CO-17', T('BREAKDOWN_TAX_ROUNDING', params), `${p}.taxAmount`, 'BT-117');
      } else if (!dec(b.taxAmount).eq(0)) f.error(ruleId(cat, '09'), T('BREAKDOWN_TAX_ZERO', { category: cat.code, tax: b.taxAmount }), `${p}.taxAmount`, 'BT-117');
    }
    const hasExemption = b.exemptionReason !== undefined || b.exemptionReasonCode !== undefined;
    if (cat.exemption === 'forbidden' && hasExemption)
      f.error(ruleId(cat, '10'), T('EXEMPTION_FORBIDDEN', { category: cat.code }), b.exemptionReason !== undefined ? `${p}.exemptionReason` : `${p}.exemptionReasonCode`, 'BT-120');
    if (cat.exemption === 'required' && !hasExemption) f.error(ruleId(cat, '10'), T('EXEMPTION_REQUIRED', { category: cat.code }), `${p}.exemptionReason`, 'BT-120');
    if (b.exemptionReasonCode !== undefined && !VATEX_CODES.has(b.exemptionReasonCode.toUpperCase()))
      f.error('BR-CL-22', T('VATEX_UNKNOWN', { code: b.exemptionReasonCode }), `${p}.exemptionReasonCode`, 'BT-121');
  });

  // Every category/rate used by lines and allowances/charges needs its breakdown entry.
  for (const g of totals.vatGroups.values()) {
    const cat = vatCategory(g.categoryCode);
    if (!cat || seen.has(groupKey(cat.code, g.ratePercent))) continue;
    if (!breakdownCats.has(cat.code)) f.error(ruleId(cat, '01'), T('BREAKDOWN_CATEGORY_MISSING', { category: cat.code }), 'vatBreakdown', 'BG-23');
    else f.error(ruleId(cat, '08'), T('BREAKDOWN_RATE_MISSING', { category: cat.code, rate: g.ratePercent, expected: g.basisAmount.toFixed(2) }), 'vatBreakdown', 'BG-23');
  }

  // Not subject to VAT excludes every other category (BR-O-11..14).
  if (breakdownCats.has('O')) {
    inv.vatBreakdown.forEach((b, i) => {
      if (b.categoryCode !== 'O') f.error('BR-O-11', T('O_OTHER_BREAKDOWN'), `vatBreakdown.${i}.categoryCode`, 'BT-118');
    });
    inv.lines.forEach((l, i) => {
      if (l.categoryCode !== undefined && l.categoryCode !== 'O') f.error('BR-O-12', T('O_OTHER_LINES'), `lines.${i}.categoryCode`, 'BT-151');
    });
    (inv.allowanceCharges ?? []).forEach((ac, k) => {
      if (ac.categoryCode !== undefined && ac.categoryCode !== 'O')
        f.error(ac.charge ? 'BR-O-14' : 'BR-O-13', T(ac.charge ? 'O_OTHER_CHARGES' : 'O_OTHER_ALLOWANCES'), `allowanceCharges.${k}.categoryCode`);
    });
  }

  // Intra-community supply: delivery date or period, deliver-to country.
  if (breakdownCats.has('K')) {
    if (inv.deliveryDate === undefined && inv.invoicingPeriod?.start === undefined && inv.invoicingPeriod?.end === undefined) f.error('BR-IC-11', T('K_DELIVERY_DATE'), 'deliveryDate', 'BT-72');
    if (inv.deliveryCountryCode === undefined) f.error('BR-IC-12', T('K_DELIVERY_COUNTRY'), 'deliveryCountryCode', 'BT-80');
  }
}

function checkTotals(inv: Invoice, t: InvoiceTotals, f: FindingList): void {
  const fin = (n: number): boolean => Number.isFinite(n);
  if (fin(inv.totalNet) && !t.taxBasisTotal.eq(dec(inv.totalNet))) {
    f.error(
      'BR-CO-13',
      T('TOTAL_NET', { total: inv.totalNet, lines: t.lineTotal.toFixed(2), allowances: t.allowanceTotal.toFixed(2), charges: t.chargeTotal.toFixed(2), expected: t.taxBasisTotal.toFixed(2) }),
      'totalNet',
      'BT-109',
    );
  }
  if (fin(inv.totalVat) && !t.taxTotal.eq(dec(inv.totalVat))) f.error('BR-CO-14', T('TOTAL_VAT', { total: inv.totalVat, expected: t.taxTotal.toFixed(2) }), 'totalVat', 'BT-110');
  if (fin(inv.totalGross) && fin(inv.totalNet) && fin(inv.totalVat) && !t.grandTotal.eq(dec(inv.totalGross)))
    f.error('BR-CO-15', T('TOTAL_GROSS', { total: inv.totalGross, expected: t.grandTotal.toFixed(2) }), 'totalGross', 'BT-112');
  if (inv.paidAmount !== undefined && fin(inv.totalGross) && dec(inv.paidAmount).gt(dec(inv.totalGross)) && dec(inv.totalGross).gte(0))
    f.warning('PAID_AMOUNT_EXCEEDS_TOTAL', T('PAID_EXCEEDS_TOTAL', { paid: inv.paidAmount, total: inv.totalGross }), 'paidAmount', 'BT-113');
  if (inv.taxCurrencyCode !== undefined) {
    if (inv.totalVatInTaxCurrency === undefined) f.error('BR-53', T('TAX_CURRENCY_TOTAL_REQUIRED', { code: inv.taxCurrencyCode }), 'totalVatInTaxCurrency', 'BT-111');
    if (inv.taxCurrencyCode === inv.currency) {
      if (inv.profile === 'xrechnung') f.error('PEPPOL-EN16931-R005', T('TAX_CURRENCY_SAME_ERROR'), 'taxCurrencyCode', 'BT-6');
      else f.warning('PEPPOL-EN16931-R005', T('TAX_CURRENCY_SAME_WARNING'), 'taxCurrencyCode', 'BT-6');
    }
  } else if (inv.totalVatInTaxCurrency !== undefined) f.error('TAX_CURRENCY_CODE_REQUIRED', T('TAX_CURRENCY_CODE_REQUIRED'), 'taxCurrencyCode', 'BT-6');
  if (inv.totalVatInTaxCurrency !== undefined && inv.taxCurrencyCode !== undefined && fin(inv.totalVat)) {
    const a = dec(inv.totalVatInTaxCurrency).lt(0);
    const b = dec(inv.totalVat).lt(0);
    if (a !== b) {
      if (inv.profile === 'xrechnung') f.error('PEPPOL-EN16931-R055', T('TAX_CURRENCY_SIGN_ERROR'), 'totalVatInTaxCurrency', 'BT-111');
      else f.warning('PEPPOL-EN16931-R055', T('TAX_CURRENCY_SIGN_WARNING'), 'totalVatInTaxCurrency', 'BT-111');
    }
  }
  const dt = documentType(inv.documentTypeCode);
  if (dt?.creditNote && fin(inv.totalGross) && dec(inv.totalGross).lt(0)) f.warning('CREDIT_NOTE_NEGATIVE_TOTAL', T('CREDIT_NOTE_NEGATIVE'), 'totalGross', 'BT-112');
}

function checkParties(inv: Invoice, f: FindingList): void {
  if (inv.seller.name === '') f.error('BR-06', T('SELLER_NAME_EMPTY'), 'seller.name', 'BT-27');
  if (inv.buyer.name === '') f.error('BR-07', T('BUYER_NAME_EMPTY'), 'buyer.name', 'BT-44');
  const s = inv.seller;
  if (s.customerAssignedId === undefined && s.gln === undefined && s.registrationId === undefined && s.vatId === undefined) {
    f.error('BR-CO-26', T('SELLER_IDENTIFIER'), 'seller.vatId', 'BT-31');
  }
  if (inv.payee) {
    const pe = inv.payee;
    if (pe.name === s.name) f.error('BR-17', T('PAYEE_IS_SELLER'), 'payee.name', 'BT-59');
    else if (pe.registrationId !== undefined && pe.registrationId === s.registrationId) f.error('BR-17', T('PAYEE_SELLER_REGISTRATION'), 'payee.registrationId', 'BT-61');
    else if (pe.id !== undefined && pe.id === s.customerAssignedId) f.error('BR-17', T('PAYEE_SELLER_ID'), 'payee.id', 'BT-60');
  }
  if (inv.delivery?.address && inv.delivery.address.countryCode === undefined) f.error('BR-57', T('DELIVERY_ADDRESS_COUNTRY'), 'delivery.address.countryCode', 'BT-80');
}

function checkPayment(inv: Invoice, t: InvoiceTotals, f: FindingList): void {
  const p = inv.payment;
  const xr = inv.profile === 'xrechnung';
  const stages = readDiscountStages(p);
  const hasTerms = p?.terms !== undefined || stages.length > 0;
  if (t.duePayable.gt(0) && inv.dueDate === undefined && !hasTerms) f.error('BR-CO-25', T('DUE_DATE_OR_TERMS'), 'dueDate', 'BT-9');
  if (!p) return;
  const code = p.meansCode;
  if (code !== undefined) {
    if (CREDIT_TRANSFER_CODES.has(code) && p.iban === undefined) f.error('BR-61', T('CREDIT_TRANSFER_IBAN', { code }), 'payment.iban', 'BT-84');
    if (code === '59' || (code === '49' && xr)) {
      if (p.mandateId === undefined) f.error('PEPPOL-EN16931-R061', T('DIRECT_DEBIT_MANDATE'), 'payment.mandateId', 'BT-89');
      if (p.creditorId === undefined) f.error('BR-DE-30', T('DIRECT_DEBIT_CREDITOR'), 'payment.creditorId', 'BT-90');
      if (p.debitedIban === undefined) f.error('BR-DE-31', T('DIRECT_DEBIT_ACCOUNT'), 'payment.debitedIban', 'BT-91');
    }
    if (CARD_CODES.has(code) && xr) {
      if (p.cardNumber === undefined) f.error('BR-DE-24-a', T('CARD_NUMBER_REQUIRED', { code }), 'payment.cardNumber', 'BT-87');
      if (p.iban !== undefined) f.error('BR-DE-24-b', T('CARD_NO_IBAN', { code }), 'payment.iban', 'BT-84');
    }
  } else if (p.iban === undefined && (p.bic !== undefined || p.accountName !== undefined)) {
    f.error('BR-61', T('BIC_NEEDS_IBAN'), 'payment.iban', 'BT-84');
  }
  if (p.cardNumber !== undefined && p.cardNumber.replace(/\s/g, '').length > 10) f.error('BR-51', T('CARD_NUMBER_TOO_LONG'), 'payment.cardNumber', 'BT-87');
  if (p.iban !== undefined && !isValidIban(p.iban)) f.warning(xr ? 'BR-DE-19' : 'IBAN_INVALID', T('IBAN_CHECK', { iban: p.iban }), 'payment.iban', 'BT-84');
  if (p.debitedIban !== undefined && !isValidIban(p.debitedIban)) f.warning(xr ? 'BR-DE-20' : 'IBAN_INVALID', T('DEBITED_IBAN_CHECK', { iban: p.debitedIban }), 'payment.debitedIban', 'BT-91');
  // Skonto stages and the terms text.
  stages.forEach((s, i) => {
    const path = i === 0 && p.discountPercent !== undefined ? 'payment.discountPercent' : `payment.discountStages.${i - (p.discountPercent !== undefined ? 1 : 0)}.percent`;
    if (fractionDigitsOf(s.percent) > 2) f.error('BR-DE-18', T('SKONTO_PERCENT_DECIMALS', { percent: s.percent }), path, 'BT-20');
    if (s.basisAmount !== undefined && fractionDigitsOf(s.basisAmount) > 2)
      f.error('BR-DE-18', T('SKONTO_BASIS_DECIMALS', { amount: s.basisAmount }), path.replace(/percent$/, 'basisAmount'), 'BT-20');
    if (s.percent > 10) f.warning('SKONTO_RATE_IMPLAUSIBLE', T('SKONTO_RATE_IMPLAUSIBLE', { percent: s.percent }), path, 'BT-20');
    if (inv.dueDate !== undefined && addDays(inv.issueDate, s.days) > inv.dueDate)
      f.warning(
        'SKONTO_AFTER_DUE_DATE',
        T('SKONTO_AFTER_DUE_DATE', { days: s.days, from: inv.issueDate, due: inv.dueDate }),
        path.replace(/percent$/, 'days').replace('discountPercent', 'discountDays'),
        'BT-20',
      );
  });
  if (xr && p.terms !== undefined) {
    for (const line of p.terms.split(/\r?\n/)) {
      if (line.trim().startsWith('#') && !SKONTO_LINE.test(line.trim())) f.error('BR-DE-18', T('SKONTO_MARKER', { line: line.trim() }), 'payment.terms', 'BT-20');
    }
  }
}

function checkDatesAndReferences(inv: Invoice, f: FindingList): void {
  const per = inv.invoicingPeriod;
  if (per) {
    if (per.start === undefined && per.end === undefined) f.error('BR-CO-19', T('PERIOD_BOUNDS'), 'invoicingPeriod', 'BG-14');
    if (per.start !== undefined && per.end !== undefined && per.end < per.start) f.error('BR-29', T('PERIOD_ORDER', { end: per.end, start: per.start }), 'invoicingPeriod.end', 'BT-74');
  }
  if (inv.precedingInvoiceDate !== undefined && inv.precedingInvoiceNumber === undefined) f.error('BR-55', T('PRECEDING_NUMBER'), 'precedingInvoiceNumber', 'BT-25');
  if (inv.precedingInvoiceNumber === undefined) {
    if (inv.documentTypeCode === '384') f.warning('BR-DE-26', T('CORRECTED_INVOICE_REFERENCE'), 'precedingInvoiceNumber', 'BT-25');
    if (inv.documentTypeCode === '381') f.warning('PRECEDING_INVOICE_RECOMMENDED', T('CREDIT_NOTE_REFERENCE'), 'precedingInvoiceNumber', 'BT-25');
  }
  if (inv.dueDate !== undefined && inv.dueDate < inv.issueDate) f.warning('DUE_DATE_BEFORE_ISSUE_DATE', T('DUE_BEFORE_ISSUE', { due: inv.dueDate, issue: inv.issueDate }), 'dueDate', 'BT-9');
  if (inv.invoiceNumber === '') f.error('BR-02', T('INVOICE_NUMBER_EMPTY'), 'invoiceNumber', 'BT-1');
}

function checkXRechnung(inv: Invoice, f: FindingList): void {
  const s = inv.seller;
  const b = inv.buyer;
  if (inv.buyerReference === undefined) f.error('BR-DE-15', T('XR_BUYER_REFERENCE'), 'buyerReference', 'BT-10');
  if (!s.contact) f.error('BR-DE-2', T('XR_SELLER_CONTACT'), 'seller.contact', 'BG-6');
  else {
    if (s.contact.name === undefined) f.error('BR-DE-2', T('XR_CONTACT_NAME'), 'seller.contact.name', 'BT-41');
    if (s.contact.phone === undefined) f.error('BR-DE-2', T('XR_CONTACT_PHONE'), 'seller.contact.phone', 'BT-42');
    else if (!XR_TELEPHONE.test(s.contact.phone)) f.warning('BR-DE-27', T('XR_PHONE_DIGITS'), 'seller.contact.phone', 'BT-42');
    if (s.contact.email === undefined) f.error('BR-DE-2', T('XR_CONTACT_EMAIL'), 'seller.contact.email', 'BT-43');
    else if (!XR_EMAIL.test(s.contact.email)) f.warning('BR-DE-28', T('XR_EMAIL_FORMAT'), 'seller.contact.email', 'BT-43');
  }
  if (s.address.city === undefined) f.error('BR-DE-3', T('XR_SELLER_CITY'), 'seller.address.city', 'BT-37');
  if (s.address.postalCode === undefined) f.error('BR-DE-4', T('XR_SELLER_POSTCODE'), 'seller.address.postalCode', 'BT-38');
  if (b.address.city === undefined) f.error('BR-DE-8', T('XR_BUYER_CITY'), 'buyer.address.city', 'BT-52');
  if (b.address.postalCode === undefined) f.error('BR-DE-9', T('XR_BUYER_POSTCODE'), 'buyer.address.postalCode', 'BT-53');
  if (inv.delivery?.address || inv.deliveryCountryCode !== undefined) {
    if (inv.delivery?.address?.city === undefined) f.error('BR-DE-10', T('XR_DELIVERY_CITY'), 'delivery.address.city', 'BT-77');
    if (inv.delivery?.address?.postalCode === undefined) f.error('BR-DE-11', T('XR_DELIVERY_POSTCODE'), 'delivery.address.postalCode', 'BT-78');
  }
  if (!s.electronicAddress) f.error('PEPPOL-EN16931-R020', T('XR_SELLER_ADDRESS'), 'seller.electronicAddress', 'BT-34');
  if (!b.electronicAddress) f.error('PEPPOL-EN16931-R010', T('XR_BUYER_ADDRESS'), 'buyer.electronicAddress', 'BT-49');
  if (!inv.payment || (inv.payment.iban === undefined && inv.payment.meansCode === undefined)) f.error('BR-DE-1', T('XR_PAYMENT'), 'payment', 'BG-16');
  const used = new Set([...inv.lines.map((l) => l.categoryCode), ...(inv.allowanceCharges ?? []).map((a) => a.categoryCode), ...inv.vatBreakdown.map((v) => v.categoryCode)]);
  if ([...used].some((c) => c !== undefined && c !== 'O') && s.vatId === undefined && s.taxNumber === undefined) f.error('BR-DE-16', T('XR_SELLER_TAX_ID'), 'seller.vatId', 'BT-31');
  if (!XR_DOC_TYPES.has(inv.documentTypeCode)) f.warning('BR-DE-17', T('XR_DOCUMENT_TYPE', { code: inv.documentTypeCode }), 'documentTypeCode', 'BT-3');
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
      f.error('ATTACHMENT_FILENAME_REQUIRED', T('ATTACHMENT_FILENAME'), `${p}.filename`, 'BT-125-2');
      return;
    }
    const mime = a.mimeType ?? attachmentMimeFromFilename(a.filename);
    const type = ATTACHMENT_TYPES.find((t) => t.mimeType === mime);
    if (mode === 'embedded' && !type?.xml) f.error('BR-CL-24', T('ATTACHMENT_NOT_EMBEDDABLE', { mime: mime ?? { key: 'UNKNOWN_VALUE' } }), `${p}.mimeType`, 'BT-125-1');
    if (mode === 'pdf' && !type?.pdf) f.error('ATTACHMENT_TYPE_UNSUPPORTED', T('ATTACHMENT_TYPE', { mime: mime ?? { key: 'UNKNOWN_VALUE' } }), `${p}.mimeType`);
    if (mode === 'embedded' && (a.data === undefined || attachmentSize(a.data) === 0)) f.error('ATTACHMENT_DATA_MISSING', T('ATTACHMENT_DATA'), `${p}.data`, 'BT-125');
    if (attachmentSize(a.data) > ATTACHMENT_MAX_BYTES) f.error('ATTACHMENT_TOO_LARGE', T('ATTACHMENT_SIZE', { max: ATTACHMENT_MAX_BYTES }), `${p}.data`, 'BT-125');
    const id = a.id ?? a.filename;
    if (ids.has(id)) f.error('ATTACHMENT_ID_DUPLICATE', T('ATTACHMENT_ID_DUPLICATE', { id }), `${p}.id`, 'BT-122');
    ids.add(id);
    if (names.has(a.filename) && xr) f.error('BR-DE-22', T('ATTACHMENT_NAME_DUPLICATE', { name: a.filename }), `${p}.filename`, 'BT-125-2');
    names.add(a.filename);
  });
}

/** Exposed for property tests: the breakdown entries an invoice's lines and allowances imply. */
export function impliedVatBreakdown(inv: Invoice): { categoryCode: string; ratePercent: number; basisAmount: number; taxAmount: number }[] {
  const t = computeTotals(inv);
  return [...t.vatGroups.values()].map((g) => ({ categoryCode: g.categoryCode, ratePercent: g.ratePercent, basisAmount: num(g.basisAmount), taxAmount: num(g.taxAmount) }));
}
