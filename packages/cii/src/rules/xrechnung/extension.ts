/**
 * The rules of KoSIT's cii-extension-pattern (BR-DEX-*): they apply only when BT-24 is the XRechnung extension
 * identifier, and check scheme identifiers against the ISO 6523 / EAS lists extended by the DiGA codes.
 */
import type { XmlElement } from '@kontor/xml';
import { definePattern } from '../model';
import type { CiiDoc, RuleDef } from '../types';
import { hasAncestor, is, RAM, RSM, sel } from '../xpath';
import { each, inSpacedList, nspAttr } from './helpers';
import { rule } from './rule';
import { XR_EXTENSION_ID } from './ids';
import { CEF_EAS_EXT_CODES, ISO_6523_ICD_EXT_CODES } from './codelists';

const IS_EXTENSION = Symbol('xr.isExtension');

/** $isExtension: some BT-24 text node is exactly the extension identifier. */
export function isExtension(doc: CiiDoc): boolean {
  return doc.memo(
    IS_EXTENSION,
    () => is(doc.root, 'CrossIndustryInvoice', RSM) && sel(doc.root, 'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID').some((id) => id.text === XR_EXTENSION_ID),
  );
}

const pattern = definePattern('cii-extension-pattern');
const withScheme = (el: XmlElement, doc: CiiDoc) => el.ns === RAM && el.attr('schemeID') !== undefined && isExtension(doc);

const cx = {
  lineDocument: pattern.context({
    label: 'line AssociatedDocumentLineDocument (extension)',
    priority: 7,
    locals: ['AssociatedDocumentLineDocument'],
    match: (el, doc) =>
      el.ns === RAM && isExtension(doc) && is(el.parent, 'IncludedSupplyChainTradeLineItem') && is(el.parent?.parent, 'SupplyChainTradeTransaction', RSM) && el.parent?.parent?.parent === doc.root,
  }),
  globalId: pattern.context({
    label: 'ram:GlobalID with scheme outside products and deliver-to parties (extension)',
    priority: 6,
    locals: ['GlobalID'],
    match: (el, doc) => withScheme(el, doc) && !hasAncestor(el, 'SpecifiedTradeProduct') && !hasAncestor(el, 'ShipToTradeParty'),
  }),
  id: pattern.context({
    label: 'ram:ID with scheme outside tax registrations (extension)',
    priority: 5,
    locals: ['ID'],
    match: (el, doc) => withScheme(el, doc) && !hasAncestor(el, 'SpecifiedTaxRegistration'),
  }),
  productGlobalId: pattern.context({
    label: 'ram:SpecifiedTradeProduct/ram:GlobalID with scheme (extension)',
    priority: 4,
    locals: ['GlobalID'],
    match: (el, doc) => withScheme(el, doc) && is(el.parent, 'SpecifiedTradeProduct'),
  }),
  endpoint: pattern.context({
    label: 'ram:URIUniversalCommunication/ram:URIID with scheme (extension)',
    priority: 3,
    locals: ['URIID'],
    match: (el, doc) => withScheme(el, doc) && is(el.parent, 'URIUniversalCommunication'),
  }),
  deliveryGlobalId: pattern.context({
    label: 'deliver-to location identifier with scheme (extension)',
    priority: 2,
    locals: ['GlobalID'],
    match: (el, doc) => withScheme(el, doc) && is(el.parent, 'ShipToTradeParty') && is(el.parent?.parent, 'ApplicableHeaderTradeDelivery'),
  }),
  attachment: pattern.context({
    label: 'ram:AttachmentBinaryObject (extension)',
    priority: 1,
    locals: ['AttachmentBinaryObject'],
    match: (el, doc) => el.ns === RAM && isExtension(doc),
  }),
};

const icd = (el: XmlElement) => inSpacedList(ISO_6523_ICD_EXT_CODES, nspAttr(el, 'schemeID'));

/** MIME codes allowed for attachments in the extension: the EN 16931 list plus application/xml. */
const EXTENSION_MIME_CODES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/xml',
];

export const extensionRules: RuleDef[] = [
  rule(
    'BR-DEX-15',
    'warning',
    'BT-126',
    each(cx.lineDocument, (_, doc) => doc.all('ParentLineID').length === 0),
  ),
  rule('BR-DEX-04', 'fatal', undefined, each(cx.globalId, icd)),
  rule('BR-DEX-05', 'fatal', undefined, each(cx.id, icd)),
  rule('BR-DEX-06', 'fatal', 'BT-157', each(cx.productGlobalId, icd)),
  rule(
    'BR-DEX-07',
    'fatal',
    'BT-34',
    each(cx.endpoint, (el) => inSpacedList(CEF_EAS_EXT_CODES, nspAttr(el, 'schemeID'))),
  ),
  rule('BR-DEX-08', 'fatal', 'BT-71', each(cx.deliveryGlobalId, icd)),
  rule(
    'BR-DEX-01',
    'fatal',
    'BT-125',
    each(cx.attachment, (el) => {
      const mime = el.attr('mimeCode');
      return mime !== undefined && EXTENSION_MIME_CODES.includes(mime);
    }),
  ),
];
