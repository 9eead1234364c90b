/**
 * ZUGFeRD 1.0 (CrossIndustryDocument, urn:ferd:CrossIndustryDocument:invoice:1p0, RAM :12, UDT :15) → CII D16B, so
 * that @kontor/cii's reader maps it to the invoice model. ZUGFeRD 1.0 is the same UN/CEFACT library one version
 * earlier: the invoice content keeps its element names except the renamed containers (header/line trade agreement,
 * delivery, settlement, monetary summations) and ApplicablePercent → RateApplicablePercent. What the reader then
 * cannot map is reported by it as unsupported, as for any CII. The input goes through the hardened XML reader.
 */
import { escapeAttr, escapeText, parseXml, type XmlElement } from '@kontor/xml';

export const ZUGFERD1_NS = 'urn:ferd:CrossIndustryDocument:invoice:1p0';
const RAM12 = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12';
const UDT15 = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15';
const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';

const NS: Record<string, [string, string]> = { [ZUGFERD1_NS]: [RSM, 'rsm'], [RAM12]: [RAM, 'ram'], [UDT15]: [UDT, 'udt'] };

const RENAME: Record<string, string> = {
  CrossIndustryDocument: 'CrossIndustryInvoice',
  SpecifiedExchangedDocumentContext: 'ExchangedDocumentContext',
  HeaderExchangedDocument: 'ExchangedDocument',
  SpecifiedSupplyChainTradeTransaction: 'SupplyChainTradeTransaction',
  ApplicableSupplyChainTradeAgreement: 'ApplicableHeaderTradeAgreement',
  ApplicableSupplyChainTradeDelivery: 'ApplicableHeaderTradeDelivery',
  ApplicableSupplyChainTradeSettlement: 'ApplicableHeaderTradeSettlement',
  SpecifiedSupplyChainTradeAgreement: 'SpecifiedLineTradeAgreement',
  SpecifiedSupplyChainTradeDelivery: 'SpecifiedLineTradeDelivery',
  SpecifiedSupplyChainTradeSettlement: 'SpecifiedLineTradeSettlement',
};

const TAX_CONTAINERS = new Set(['ApplicableTradeTax', 'CategoryTradeTax', 'AppliedTradeTax']);

/** CII D16B's order where 1.0 differs: line items before the header trade parts, the product second in a line. */
function ordered(el: XmlElement): XmlElement[] {
  if (el.local === 'SpecifiedSupplyChainTradeTransaction') {
    // a 1.0 line without a product is a text line (a note between positions): CII D16B has no such line
    const items = el.children.filter((c) => c.local === 'IncludedSupplyChainTradeLineItem' && c.child('SpecifiedTradeProduct'));
    return [...items, ...el.children.filter((c) => c.local !== 'IncludedSupplyChainTradeLineItem')];
  }
  if (el.local === 'IncludedSupplyChainTradeLineItem') {
    const doc = el.children.filter((c) => c.local === 'AssociatedDocumentLineDocument');
    const product = el.children.filter((c) => c.local === 'SpecifiedTradeProduct');
    return [...doc, ...product, ...el.children.filter((c) => !doc.includes(c) && !product.includes(c))];
  }
  return el.children;
}

function localName(el: XmlElement): string {
  if (el.local === 'SpecifiedTradeSettlementMonetarySummation')
    return el.parent?.local === 'ApplicableSupplyChainTradeSettlement' ? 'SpecifiedTradeSettlementHeaderMonetarySummation' : 'SpecifiedTradeSettlementLineMonetarySummation';
  if (el.local === 'ApplicablePercent' && el.parent && TAX_CONTAINERS.has(el.parent.local)) return 'RateApplicablePercent';
  return RENAME[el.local] ?? el.local;
}

export interface Zugferd1Conversion {
  /** the CII D16B text */
  xml: string;
  /** text-only lines (no product) that CII cannot carry, by their 1.0 XPath */
  droppedTextLines: string[];
}

/**
 * A ZUGFeRD 1.0 invoice as CII D16B, or undefined when the input is not one. Throws only the reader's KontorXmlError.
 * @example
 * ```ts
 * const c = zugferd1ToCii(await readFile('zugferd-1.0-invoice.xml'));
 * if (c) console.log(readCii(c.xml).invoice?.invoiceNumber, c.droppedTextLines); // undefined when it is not ZUGFeRD 1.0
 * ```
 */
export function zugferd1ToCii(xml: Uint8Array | string): Zugferd1Conversion | undefined {
  const root = parseXml(xml).root;
  if (root.local !== 'CrossIndustryDocument' || root.ns !== ZUGFERD1_NS) return undefined;
  const droppedTextLines = root
    .findAll('SpecifiedSupplyChainTradeTransaction', 'IncludedSupplyChainTradeLineItem')
    .filter((c) => !c.child('SpecifiedTradeProduct'))
    .map((c) => c.xpath());
  const extra = new Map<string, string>();
  const prefixOf = (ns: string): string => {
    const known = NS[ns];
    if (known) return known[1];
    if (ns === RSM) return 'rsm';
    let p = extra.get(ns);
    if (!p) extra.set(ns, (p = `ns${extra.size + 1}`));
    return p;
  };
  const out: string[] = [];
  const write = (el: XmlElement): void => {
    const name = el.ns ? `${prefixOf(el.ns)}:${localName(el)}` : localName(el);
    const attrs = el.attributes
      .filter((a) => a.ns === '' && !a.name.startsWith('xmlns'))
      .map((a) => ` ${a.local}="${escapeAttr(a.value)}"`)
      .join('');
    out.push(`<${name}${attrs}`, el === root ? '@@NS@@' : '', '>');
    if (el.children.length === 0) out.push(escapeText(el.text.trim() === '' ? '' : el.text));
    else for (const c of ordered(el)) write(c);
    out.push(`</${name}>`);
  };
  write(root);
  const decls = [`xmlns:rsm="${RSM}"`, `xmlns:ram="${RAM}"`, `xmlns:udt="${UDT}"`, ...[...extra].map(([ns, p]) => `xmlns:${p}="${escapeAttr(ns)}"`)].join(' ');
  return { xml: `<?xml version="1.0" encoding="UTF-8"?>\n${out.join('').replace('@@NS@@', ` ${decls}`)}`, droppedTextLines };
}
