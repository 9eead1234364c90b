/**
 * The rules of KoSIT's cii-cvd-pattern (BR-DE-CVD-*, BR-TMP-CVD-01): XRechnung for the Clean Vehicles Directive.
 * They apply only when BT-24 is the CVD identifier.
 */
import type { XmlElement } from '@kontor/xml';
import { definePattern } from '../model';
import type { CiiDoc, RuleDef } from '../types';
import { anyStr, is, RSM, sel } from '../xpath';
import { absolutePath, anyFilled, each, inSpacedList, nspAttr, nspEl, nspOf } from './helpers';
import { rule } from './rule';
import { XR_CVD_ID } from './ids';
import { CVA_CODES, CVD_VEHICLE_CATEGORIES, UNTDID_7143_CVD_CODES } from './codelists';

const IS_CVD = Symbol('xr.isCvd');

/** $isCVD: some BT-24 text node is exactly the CVD identifier. */
export function isCvd(doc: CiiDoc): boolean {
  return doc.memo(
    IS_CVD,
    () => is(doc.root, 'CrossIndustryInvoice', RSM) && sel(doc.root, 'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID').some((id) => id.text === XR_CVD_ID),
  );
}

const TX = 'rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction';
const PRODUCT = `${TX}/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct`;

const pattern = definePattern('cii-cvd-pattern');
function at(priority: number, path: string, where?: (el: XmlElement) => boolean) {
  const matchesPath = absolutePath(path);
  return pattern.context({
    label: `/${path} (CVD)`,
    priority,
    locals: [path.slice(path.lastIndexOf(':') + 1)],
    match: (el, doc) => isCvd(doc) && matchesPath(el) && (where === undefined || where(el)),
  });
}

const cx = {
  transaction: at(5, TX),
  product: at(4, PRODUCT),
  classCode: at(3, `${PRODUCT}/ram:DesignatedProductClassification/ram:ClassCode`),
  cvaAttribute: at(2, `${PRODUCT}/ram:ApplicableProductCharacteristic`, (el) => anyStr(sel(el, 'ram:Description'), 'cva')),
  agreement: at(1, `${TX}/ram:ApplicableHeaderTradeAgreement`),
};

/** Item classification identifiers (BT-158) with scheme 'CVD'. */
const cvdClasses = (product: XmlElement) => sel(product, 'ram:DesignatedProductClassification/ram:ClassCode').filter((c) => c.attr('listID') === 'CVD');
/** Item attributes (BG-32) named 'cva'. */
const cvaAttributes = (product: XmlElement) => sel(product, 'ram:ApplicableProductCharacteristic').filter((a) => anyStr(sel(a, 'ram:Description'), 'cva'));

export const cvdRules: RuleDef[] = [
  rule(
    'BR-DE-CVD-03',
    'fatal',
    'BT-158',
    each(cx.transaction, (el) => sel(el, 'ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct').some((p) => cvdClasses(p).length > 0 && cvaAttributes(p).length > 0)),
  ),
  rule(
    'BR-DE-CVD-06-b',
    'fatal',
    'BT-158',
    each(cx.product, (el) => cvaAttributes(el).length === 0 || cvdClasses(el).length === 1),
  ),
  rule(
    'BR-DE-CVD-06-a',
    'fatal',
    'BT-160',
    each(cx.product, (el) => cvdClasses(el).length === 0 || cvaAttributes(el).length === 1),
  ),
  rule(
    'BR-TMP-CVD-01',
    'fatal',
    'BT-158',
    each(cx.classCode, (el) => inSpacedList(UNTDID_7143_CVD_CODES, nspAttr(el, 'listID'))),
  ),
  rule(
    'BR-DE-CVD-04',
    'fatal',
    'BT-158',
    each(cx.classCode, (el) => nspAttr(el, 'listID') !== 'CVD' || CVD_VEHICLE_CATEGORIES.includes(nspEl(el))),
  ),
  rule(
    'BR-DE-CVD-05',
    'fatal',
    'BT-161',
    each(cx.cvaAttribute, (el) => CVA_CODES.includes(nspOf(el, 'ram:Value'))),
  ),
  rule(
    'BR-DE-CVD-01',
    'fatal',
    'BT-12',
    each(cx.agreement, (el) => anyFilled(el, 'ram:ContractReferencedDocument/ram:IssuerAssignedID')),
  ),
  rule(
    'BR-DE-CVD-02',
    'fatal',
    'BT-17',
    each(cx.agreement, (el) => sel(el, 'ram:AdditionalReferencedDocument').some((d) => nspOf(d, 'ram:TypeCode') === '50' && nspOf(d, 'ram:IssuerAssignedID') !== '')),
  ),
];
