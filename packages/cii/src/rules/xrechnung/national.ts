/**
 * The XRechnung CIUS rules of KoSIT's cii-pattern: BR-DE-* (national business rules) and the temporary
 * BR-TMP-2 / BR-TMP-3 / BR-DE-TMP-32. Contexts are absolute paths from /rsm:CrossIndustryInvoice, as in the official
 * pattern, so a party or address in an unexpected place is not checked here.
 */
import type { XmlElement } from '@kontor/xml';
import { definePattern } from '../model';
import type { CiiDoc, ContextDef, RuleDef } from '../types';
import { anyStr, first, has, one, sel, sv } from '../xpath';
import { absolutePath, anyFilled, each, nspAttr, nspEl, nspOf, normalizeSpace, tokenize } from './helpers';
import { rule } from './rule';
import { XR_CIUS_ID, XR_CVD_ID, XR_EXTENSION_ID } from './ids';

const TX = 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction';
const AGREEMENT = `${TX}/ram:ApplicableHeaderTradeAgreement`;
const SETTLEMENT = `${TX}/ram:ApplicableHeaderTradeSettlement`;
const PAYMENT_MEANS = `${SETTLEMENT}/ram:SpecifiedTradeSettlementPaymentMeans`;

/** The same paths relative to the document element, for tests written from /rsm:CrossIndustryInvoice. */
const rel = (absolute: string) => absolute.slice('rsm:CrossIndustryInvoice/'.length);

const pattern = definePattern('cii-pattern');
/** Declares a context at an absolute path (plus a predicate); the official order gives the priorities. */
function at(priority: number, path: string, where?: (el: XmlElement) => boolean): ContextDef {
  const matchesPath = absolutePath(path);
  return pattern.context({
    label: '/' + path,
    priority,
    locals: [path.slice(path.lastIndexOf(':') + 1)],
    match: (el) => matchesPath(el) && (where === undefined || where(el)),
  });
}

/** normalize-space(ram:TypeCode) in a match pattern: a dynamic error (several codes) means "no match". */
function paymentCodeIn(codes: readonly string[]): (el: XmlElement) => boolean {
  return (el) => {
    const c = sel(el, 'ram:TypeCode');
    return c.length <= 1 && codes.includes(nspEl(c[0]));
  };
}

const cx = {
  invoice: at(14, 'rsm:CrossIndustryInvoice'),
  context: at(13, 'rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext'),
  seller: at(12, `${AGREEMENT}/ram:SellerTradeParty`),
  sellerAddress: at(11, `${AGREEMENT}/ram:SellerTradeParty/ram:PostalTradeAddress`),
  sellerContact: at(10, `${AGREEMENT}/ram:SellerTradeParty/ram:DefinedTradeContact`),
  buyerAddress: at(9, `${AGREEMENT}/ram:BuyerTradeParty/ram:PostalTradeAddress`),
  externalDocument: at(8, `${AGREEMENT}/ram:AdditionalReferencedDocument`, (el) => anyStr(sel(el, 'ram:TypeCode'), '916')),
  shipToAddress: at(7, `${TX}/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress`),
  creditTransfer: at(6, PAYMENT_MEANS, paymentCodeIn(['30', '58'])),
  card: at(5, PAYMENT_MEANS, paymentCodeIn(['48', '54', '55'])),
  directDebit: at(4, PAYMENT_MEANS, paymentCodeIn(['59'])),
  vatBreakdown: at(3, `${SETTLEMENT}/ram:ApplicableTradeTax`),
  transaction: at(2, TX),
  line: at(1, `${TX}/ram:IncludedSupplyChainTradeLineItem`),
};

// ---------------------------------------------------------------- document-level facts

const DIRECT_DEBIT = Symbol('xr.directDebitParts');

/** Which parts of direct debit (BG-19) the document has: BT-89, BT-90 and BT-91 (computed once per document). */
function directDebitParts(doc: CiiDoc): { bt89: boolean; bt90: boolean; bt91: boolean } {
  return doc.memo(DIRECT_DEBIT, () => ({
    bt89: has(doc.root, `${rel(SETTLEMENT)}/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID`),
    bt90: has(doc.root, `${rel(SETTLEMENT)}/ram:CreditorReferenceID`),
    bt91: has(doc.root, `${rel(PAYMENT_MEANS)}/ram:PayerPartyDebtorFinancialAccount/ram:IBANID`),
  }));
}
const mandate = (doc: CiiDoc) => directDebitParts(doc).bt89;
const creditorId = (doc: CiiDoc) => directDebitParts(doc).bt90;

const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M'];
const INVOICE_TYPES = ['326', '380', '384', '389', '381', '875', '876', '877'];
const SKONTO = /(^|\r?\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;
// XPath's \s is [ \t\n\r]; JavaScript's is wider, so the classes are spelled out.
const EMAIL = /^[^@ \t\n\r]+@([^@. \t\n\r]+\.)+[^@. \t\n\r]+$/;
const URL_SCHEME = /^([a-zA-Z])([a-zA-Z0-9+.-])+:/;

/** The official pattern '.*([0-9].*){3,}.*' on a normalized (single-line) string: at least three digits. */
function digitCount(s: string): number {
  let n = 0;
  for (const ch of s) if (ch >= '0' && ch <= '9') n++;
  return n;
}

/**
 * BR-DE-18 on the first description of each payment terms: every line starting with '#' is a Skonto line of the
 * prescribed form, and the text after the last #...# segment starts with a line break.
 */
function skontoLinesValid(invoice: XmlElement): boolean {
  const descriptions = sel(invoice, `${rel(SETTLEMENT)}/ram:SpecifiedTradePaymentTerms`)
    .map((terms) => first(terms, 'ram:Description'))
    .filter((d): d is XmlElement => d !== undefined);
  const lines = descriptions.flatMap((d) => tokenize(sv(d), /\r?\n/)).filter((l) => normalizeSpace(l).startsWith('#'));
  for (const line of lines) {
    if (!SKONTO.test(normalizeSpace(line))) return false;
    // `tokenize(., '#.+#')[last()]` per description; matches() takes one string ('.' excludes CR and LF).
    const tails = descriptions.map((d) => tokenize(sv(d), /#[^\n\r]+#/).at(-1)).filter((t): t is string => t !== undefined);
    if (!/^[ \t\r\n]*\n/.test(one(tails) ?? '')) return false;
  }
  return true;
}

/** BR-DE-22: no additional referenced document repeats an attachment file name of a preceding sibling. */
function attachmentNamesUnique(doc: CiiDoc): boolean {
  const seenByParent = new Map<XmlElement, Set<string>>();
  for (const ref of doc.all('AdditionalReferencedDocument')) {
    let seen = seenByParent.get(ref.parent!);
    if (!seen) seenByParent.set(ref.parent!, (seen = new Set()));
    const names = sel(ref, 'ram:AttachmentBinaryObject')
      .map((o) => o.attr('filename'))
      .filter((n): n is string => n !== undefined);
    if (names.some((n) => seen.has(n))) return false;
    for (const n of names) seen.add(n);
  }
  return true;
}

/** BR-DE-19/20: whitespace removed, shape AA00..., then mod 97 with letters as cp - 55 (lower case included, as written). */
function ibanValid(paymentMeans: XmlElement, account: string): boolean {
  const iban = normalizeSpace(sv(one(sel(paymentMeans, `${account}/ram:IBANID`))).replace(/[ \n\r\t]/g, ''));
  if (!/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$/.test(iban)) return false;
  let digits = '';
  for (const ch of iban.slice(4) + iban.slice(0, 2).toUpperCase() + iban.slice(2, 4)) {
    const cp = ch.codePointAt(0)!;
    digits += String(cp > 64 ? cp - 55 : cp - 48);
  }
  return BigInt(digits) % 97n === 1n;
}

// ---------------------------------------------------------------- rules

export const nationalRules: RuleDef[] = [
  // /rsm:CrossIndustryInvoice
  rule(
    'BR-DE-30',
    'fatal',
    'BT-90',
    each(cx.invoice, (_, doc) => {
      const { bt89, bt90, bt91 } = directDebitParts(doc);
      return ((bt89 || bt91) && bt90) || !(bt89 || bt90 || bt91);
    }),
  ),
  rule(
    'BR-DE-31',
    'fatal',
    'BT-91',
    each(cx.invoice, (_, doc) => {
      const { bt89, bt90, bt91 } = directDebitParts(doc);
      return ((bt89 || bt90) && bt91) || !(bt89 || bt90 || bt91);
    }),
  ),
  rule(
    'BR-DE-1',
    'fatal',
    'BG-16',
    each(cx.invoice, (el) => has(el, rel(PAYMENT_MEANS))),
  ),
  rule(
    'BR-DE-15',
    'fatal',
    'BT-10',
    each(cx.invoice, (el) => anyFilled(el, `${rel(AGREEMENT)}/ram:BuyerReference`)),
  ),
  rule(
    'BR-DE-16',
    'fatal',
    'BT-31',
    each(cx.invoice, (el) => {
      const lineTaxes = sel(el, `${rel(TX)}/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`);
      const charges = sel(el, `${rel(SETTLEMENT)}/ram:SpecifiedTradeAllowanceCharge`);
      const onLines = anyStr(sel(lineTaxes, 'ram:TypeCode'), 'VAT') && anyStr(sel(lineTaxes, 'ram:CategoryCode'), ...VAT_CATEGORIES);
      // As written officially: the whole ram:CategoryTradeTax element is compared with 'VAT'.
      const onCharges = anyStr(sel(charges, 'ram:CategoryTradeTax'), 'VAT') && anyStr(sel(charges, 'ram:CategoryTradeTax/ram:CategoryCode'), ...VAT_CATEGORIES);
      if (!onLines && !onCharges) return true;
      const taxIds = sel(el, `${rel(AGREEMENT)}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID`).filter((id) => ['VA', 'FC'].includes(nspAttr(id, 'schemeID')) && nspEl(id) !== '');
      return taxIds.length > 0 || has(el, `${rel(AGREEMENT)}/ram:SellerTaxRepresentativeTradeParty`);
    }),
  ),
  rule(
    'BR-DE-17',
    'warning',
    'BT-3',
    each(cx.invoice, (el) => INVOICE_TYPES.includes(nspOf(el, 'rsm:ExchangedDocument/ram:TypeCode'))),
  ),
  rule('BR-DE-18', 'fatal', 'BT-20', each(cx.invoice, skontoLinesValid)),
  rule(
    'BR-DE-22',
    'fatal',
    'BT-125',
    each(cx.invoice, (_, doc) => attachmentNamesUnique(doc)),
  ),
  rule(
    'BR-DE-26',
    'warning',
    'BG-3',
    each(cx.invoice, (el) => nspOf(el, 'rsm:ExchangedDocument/ram:TypeCode') !== '384' || has(el, `${rel(SETTLEMENT)}/ram:InvoiceReferencedDocument`)),
  ),

  // /rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext
  rule(
    'BR-DE-21',
    'warning',
    'BT-24',
    each(cx.context, (el) => anyStr(sel(el, 'ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'), XR_CIUS_ID, XR_EXTENSION_ID, XR_CVD_ID)),
  ),

  // seller
  rule(
    'BR-DE-2',
    'fatal',
    'BG-6',
    each(cx.seller, (el) => has(el, 'ram:DefinedTradeContact')),
  ),
  rule(
    'BR-DE-3',
    'fatal',
    'BT-37',
    each(cx.sellerAddress, (el) => anyFilled(el, 'ram:CityName')),
  ),
  rule(
    'BR-DE-4',
    'fatal',
    'BT-38',
    each(cx.sellerAddress, (el) => anyFilled(el, 'ram:PostcodeCode')),
  ),
  rule(
    'BR-DE-5',
    'fatal',
    'BT-41',
    each(cx.sellerContact, (el) => anyFilled(el, 'ram:PersonName') || anyFilled(el, 'ram:DepartmentName')),
  ),
  rule(
    'BR-DE-6',
    'fatal',
    'BT-42',
    each(cx.sellerContact, (el) => anyFilled(el, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber')),
  ),
  rule(
    'BR-DE-7',
    'fatal',
    'BT-43',
    each(cx.sellerContact, (el) => anyFilled(el, 'ram:EmailURIUniversalCommunication/ram:URIID')),
  ),
  rule(
    'BR-DE-27',
    'warning',
    'BT-42',
    each(cx.sellerContact, (el) => digitCount(nspOf(el, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber')) >= 3),
  ),
  rule(
    'BR-DE-28',
    'warning',
    'BT-43',
    each(cx.sellerContact, (el) => EMAIL.test(nspOf(el, 'ram:EmailURIUniversalCommunication/ram:URIID'))),
  ),

  // buyer
  rule(
    'BR-DE-8',
    'fatal',
    'BT-52',
    each(cx.buyerAddress, (el) => anyFilled(el, 'ram:CityName')),
  ),
  rule(
    'BR-DE-9',
    'fatal',
    'BT-53',
    each(cx.buyerAddress, (el) => anyFilled(el, 'ram:PostcodeCode')),
  ),

  // external document location
  rule(
    'BR-TMP-2',
    'warning',
    'BT-124',
    each(cx.externalDocument, (el) => {
      const uri = one(sel(el, 'ram:URIID'));
      return uri === undefined || URL_SCHEME.test(sv(uri));
    }),
  ),

  // deliver-to address
  rule(
    'BR-DE-10',
    'fatal',
    'BT-77',
    each(cx.shipToAddress, (el) => anyFilled(el, 'ram:CityName')),
  ),
  rule(
    'BR-DE-11',
    'fatal',
    'BT-78',
    each(cx.shipToAddress, (el) => anyFilled(el, 'ram:PostcodeCode')),
  ),

  // payment means: credit transfer (30, 58)
  rule(
    'BR-DE-19',
    'warning',
    'BT-84',
    each(cx.creditTransfer, (el) => nspOf(el, 'ram:TypeCode') !== '58' || ibanValid(el, 'ram:PayeePartyCreditorFinancialAccount')),
  ),
  rule(
    'BR-DE-23-a',
    'fatal',
    'BG-17',
    each(cx.creditTransfer, (el) => has(el, 'ram:PayeePartyCreditorFinancialAccount')),
  ),
  rule(
    'BR-DE-23-b',
    'fatal',
    'BG-18',
    each(cx.creditTransfer, (el, doc) => !has(el, 'ram:ApplicableTradeSettlementFinancialCard') && !(mandate(doc) || creditorId(doc) || has(el, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID'))),
  ),

  // payment means: card (48, 54, 55)
  rule(
    'BR-DE-24-a',
    'fatal',
    'BG-18',
    each(cx.card, (el) => has(el, 'ram:ApplicableTradeSettlementFinancialCard')),
  ),
  rule(
    'BR-DE-24-b',
    'fatal',
    'BG-17',
    each(cx.card, (el, doc) => !has(el, 'ram:PayeePartyCreditorFinancialAccount') && !(mandate(doc) || creditorId(doc) || has(el, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID'))),
  ),

  // payment means: direct debit (59)
  rule(
    'BR-DE-20',
    'warning',
    'BT-91',
    each(cx.directDebit, (el) => ibanValid(el, 'ram:PayerPartyDebtorFinancialAccount')),
  ),
  rule(
    'BR-DE-25-a',
    'fatal',
    'BG-19',
    each(cx.directDebit, (el, doc) => mandate(doc) || creditorId(doc) || has(el, 'ram:PayerPartyDebtorFinancialAccount/ram:IBANID')),
  ),
  rule(
    'BR-DE-25-b',
    'fatal',
    'BG-17',
    each(
      cx.directDebit,
      (el) =>
        !has(el, 'ram:PayeePartyCreditorFinancialAccount') &&
        !has(el, 'ram:PayeeSpecifiedCreditorFinancialInstitution') &&
        !has(el, 'ram:PayerSpecifiedDebtorFinancialInstitution') &&
        !has(el, 'ram:ApplicableTradeSettlementFinancialCard'),
    ),
  ),

  // VAT breakdown
  rule(
    'BR-DE-14',
    'fatal',
    'BT-119',
    each(cx.vatBreakdown, (el) => anyFilled(el, 'ram:RateApplicablePercent')),
  ),

  // transaction
  rule(
    'BR-DE-TMP-32',
    'information',
    'BT-72',
    each(
      cx.transaction,
      (el) =>
        has(el, 'ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime') ||
        has(el, 'ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod') ||
        sel(el, 'ram:IncludedSupplyChainTradeLineItem').every((line) => has(line, 'ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod')),
    ),
  ),

  // line
  rule(
    'BR-TMP-3',
    'fatal',
    'BT-149',
    each(cx.line, (el) => {
      const gross = sel(el, 'ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity');
      const net = sel(el, 'ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity');
      if (gross.length === 0 || net.length === 0) return true;
      // Untyped values compare as strings: "1" and "1.0" differ.
      const sameQuantity = gross.some((g) => net.some((n) => sv(g) === sv(n)));
      const units = (els: XmlElement[]) => els.map((e) => e.attr('unitCode')).filter((u): u is string => u !== undefined);
      const [gu, nu] = [units(gross), units(net)];
      return sameQuantity && (nu.length === 0 || gu.length === 0 || gu.some((u) => nu.includes(u)));
    }),
  ),
];
