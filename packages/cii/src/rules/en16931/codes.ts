/**
 * EN 16931 code-list rules (pattern "EN16931-Codes" of the CEN artefacts 1.3.16): each coded value must come
 * from its list. A value matches when, after normalize-space, it is one token of the list.
 */
import type { XmlElement } from '@kontor/xml';
import type { RuleDef } from '../types';
import { definePattern } from '../model';
import { RAM, RSM, attr, hasAncestor, indicatorIs, is, nsp, sel, sv } from '../xpath';
import {
  EAS_CODES,
  ISO_3166_COUNTRIES,
  ISO_4217_CURRENCIES,
  ISO_6523_ICD,
  UNECE_REC20_REC21_UNITS,
  UNTDID_1001_INVOICE_TYPES,
  UNTDID_1153_REFERENCE_QUALIFIERS,
  UNTDID_2475_TAX_POINT_DATE_CODES,
  UNTDID_4451_TEXT_SUBJECTS,
  UNTDID_4461_PAYMENT_MEANS,
  UNTDID_5189_ALLOWANCE_REASONS,
  UNTDID_5305_VAT_CATEGORIES,
  UNTDID_7143_ITEM_CLASSIFICATION,
  UNTDID_7161_CHARGE_REASONS,
  VATEX_CODES,
} from '../codelists';
import { rule } from './dsl';

const P = definePattern('EN16931-Codes');
const ram = (el: XmlElement) => el.ns === RAM;
const withAttr = (name: string) => (el: XmlElement) => ram(el) && attr(el, name) !== undefined;
/** ram:SpecifiedTradeAllowanceCharge[ram:ChargeIndicator/udt:Indicator = <value>] as the parent. */
const underAllowanceCharge = (charge: boolean) => (el: XmlElement) =>
  ram(el) && is(el.parent, 'SpecifiedTradeAllowanceCharge') && indicatorIs(sel(el.parent, 'ram:ChargeIndicator/udt:Indicator'), charge);

const C = {
  documentType: P.context({ label: 'invoice type code (BT-3)', priority: 1022, locals: ['TypeCode'], match: (el) => ram(el) && is(el.parent, 'ExchangedDocument', RSM) }),
  taxTotalCurrency: P.context({ label: 'VAT total with currency', priority: 1021, locals: ['TaxTotalAmount'], match: withAttr('currencyID') }),
  invoiceCurrency: P.context({ label: 'invoice currency (BT-5)', priority: 1020, locals: ['InvoiceCurrencyCode'], match: ram }),
  taxCurrency: P.context({ label: 'VAT accounting currency (BT-6)', priority: 1019, locals: ['TaxCurrencyCode'], match: ram }),
  dueDateType: P.context({ label: 'VAT point date code (BT-8)', priority: 1018, locals: ['DueDateTypeCode'], match: ram }),
  referenceType: P.context({ label: 'reference scheme (BT-18)', priority: 1017, locals: ['ReferenceTypeCode'], match: ram }),
  subject: P.context({ label: 'note subject (BT-21)', priority: 1016, locals: ['SubjectCode'], match: ram }),
  partyGlobalId: P.context({
    label: 'global identifier with scheme, outside items and deliver-to',
    priority: 1015,
    locals: ['GlobalID'],
    match: (el) => withAttr('schemeID')(el) && !hasAncestor(el, 'SpecifiedTradeProduct') && !hasAncestor(el, 'ShipToTradeParty'),
  }),
  schemedId: P.context({
    label: 'identifier with scheme, outside tax registrations',
    priority: 1014,
    locals: ['ID'],
    match: (el) => withAttr('schemeID')(el) && !hasAncestor(el, 'SpecifiedTaxRegistration'),
  }),
  classCode: P.context({ label: 'item classification (BT-158)', priority: 1013, locals: ['ClassCode'], match: withAttr('listID') }),
  country: P.context({ label: 'country code', priority: 1012, locals: ['CountryID'], match: ram }),
  originCountry: P.context({ label: 'item country of origin (BT-159)', priority: 1011, locals: ['ID'], match: (el) => ram(el) && is(el.parent, 'OriginTradeCountry') }),
  paymentMeans: P.context({ label: 'payment means code (BT-81)', priority: 1010, locals: ['TypeCode'], match: (el) => ram(el) && is(el.parent, 'SpecifiedTradeSettlementPaymentMeans') }),
  allowanceChargeCategory: P.context({ label: 'allowance/charge VAT category', priority: 1009, locals: ['CategoryCode'], match: (el) => ram(el) && is(el.parent, 'CategoryTradeTax') }),
  taxCategory: P.context({ label: 'VAT category', priority: 1008, locals: ['CategoryCode'], match: (el) => ram(el) && is(el.parent, 'ApplicableTradeTax') }),
  allowanceReason: P.context({ label: 'allowance reason code', priority: 1007, locals: ['ReasonCode'], match: underAllowanceCharge(false) }),
  chargeReason: P.context({ label: 'charge reason code', priority: 1006, locals: ['ReasonCode'], match: underAllowanceCharge(true) }),
  itemGlobalId: P.context({ label: 'item standard identifier (BT-157)', priority: 1005, locals: ['GlobalID'], match: (el) => withAttr('schemeID')(el) && is(el.parent, 'SpecifiedTradeProduct') }),
  exemptionReason: P.context({ label: 'VAT exemption reason code (BT-121)', priority: 1004, locals: ['ExemptionReasonCode'], match: ram }),
  unit: P.context({ label: 'quantity unit', priority: 1003, locals: ['BasisQuantity', 'BilledQuantity'], match: withAttr('unitCode') }),
  mime: P.context({ label: 'attachment MIME code (BT-125)', priority: 1002, locals: ['AttachmentBinaryObject'], match: withAttr('mimeCode') }),
  electronicAddress: P.context({
    label: 'electronic address scheme (BT-34, BT-49)',
    priority: 1001,
    locals: ['URIID'],
    match: (el) => withAttr('schemeID')(el) && is(el.parent, 'URIUniversalCommunication'),
  }),
  shipToGlobalId: P.context({
    label: 'deliver-to location identifier (BT-71)',
    priority: 1000,
    locals: ['GlobalID'],
    match: (el) => withAttr('schemeID')(el) && is(el.parent, 'ShipToTradeParty') && is(el.parent!.parent, 'ApplicableHeaderTradeDelivery'),
  }),
};

/** normalize-space(value) is one token of the list. */
function inList(value: string | undefined, list: ReadonlySet<string>): boolean {
  const v = nsp(value);
  return v !== '' && !v.includes(' ') && list.has(v);
}
// BR-CL-22 compares case-insensitively (upper-case), the other lists exactly.
const text = (list: ReadonlySet<string>) => (el: XmlElement) => inList(sv(el), list);
const attribute = (name: string, list: ReadonlySet<string>) => (el: XmlElement) => inList(attr(el, name), list);

const MIME_CODES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

export const codeRules: readonly RuleDef[] = [
  rule('BR-CL-01', 'f', C.documentType, 'BT-3', text(UNTDID_1001_INVOICE_TYPES)),
  rule('BR-CL-03', 'f', C.taxTotalCurrency, 'BT-111', attribute('currencyID', ISO_4217_CURRENCIES)),
  rule('BR-CL-04', 'f', C.invoiceCurrency, 'BT-5', text(ISO_4217_CURRENCIES)),
  rule('BR-CL-05', 'f', C.taxCurrency, 'BT-6', text(ISO_4217_CURRENCIES)),
  rule('BR-CL-06', 'f', C.dueDateType, 'BT-8', text(UNTDID_2475_TAX_POINT_DATE_CODES)),
  rule('BR-CL-07', 'f', C.referenceType, 'BT-18', text(UNTDID_1153_REFERENCE_QUALIFIERS)),
  rule('BR-CL-08', 'f', C.subject, 'BT-21', text(UNTDID_4451_TEXT_SUBJECTS)),
  rule('BR-CL-10', 'f', C.partyGlobalId, 'BT-29', attribute('schemeID', ISO_6523_ICD)),
  rule('BR-CL-11', 'f', C.schemedId, 'BT-30', attribute('schemeID', ISO_6523_ICD)),
  rule('BR-CL-13', 'f', C.classCode, 'BT-158', attribute('listID', UNTDID_7143_ITEM_CLASSIFICATION)),
  rule('BR-CL-14', 'f', C.country, 'BT-40', text(ISO_3166_COUNTRIES)),
  rule('BR-CL-15', 'f', C.originCountry, 'BT-159', text(ISO_3166_COUNTRIES)),
  rule('BR-CL-16', 'f', C.paymentMeans, 'BT-81', text(UNTDID_4461_PAYMENT_MEANS)),
  rule('BR-CL-17', 'f', C.allowanceChargeCategory, 'BT-95', text(UNTDID_5305_VAT_CATEGORIES)),
  rule('BR-CL-18', 'f', C.taxCategory, 'BT-118', text(UNTDID_5305_VAT_CATEGORIES)),
  rule('BR-CL-19', 'f', C.allowanceReason, 'BT-98', text(UNTDID_5189_ALLOWANCE_REASONS)),
  rule('BR-CL-20', 'f', C.chargeReason, 'BT-105', text(UNTDID_7161_CHARGE_REASONS)),
  rule('BR-CL-21', 'f', C.itemGlobalId, 'BT-157', attribute('schemeID', ISO_6523_ICD)),
  rule('BR-CL-22', 'f', C.exemptionReason, 'BT-121', (el) => !nsp(sv(el)).includes(' ') && inList(sv(el).toUpperCase(), VATEX_CODES)),
  rule('BR-CL-23', 'f', C.unit, 'BT-130', attribute('unitCode', UNECE_REC20_REC21_UNITS)),
  rule('BR-CL-24', 'f', C.mime, 'BT-125', (el) => MIME_CODES.has(attr(el, 'mimeCode') ?? '')),
  rule('BR-CL-25', 'f', C.electronicAddress, 'BT-34', attribute('schemeID', EAS_CODES)),
  rule('BR-CL-26', 'f', C.shipToGlobalId, 'BT-71', attribute('schemeID', ISO_6523_ICD)),
];
