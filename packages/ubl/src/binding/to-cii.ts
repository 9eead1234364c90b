/**
 * The UBL → CII syntax binding: maps a UBL 2.1 Invoice/CreditNote tree element by element onto the CII D16B
 * tree that carries the same EN 16931 business terms, keeping every element's source line/column. This is
 * what lets the one EN 16931 rule definition (and the one reader) of @kontor/cii serve both syntaxes: a BT is
 * found at its UBL place, presented at its CII place. Missing UBL elements stay missing (so "must exist"
 * rules still fire), repeated ones stay repeated (so counts agree), and values are copied untouched except
 * dates (YYYY-MM-DD → CII format 102) and indicators.
 */
import { XmlElement, type XmlAttribute, type XmlName } from '@kontor/xml';
import { normalizeSpace, stringValue, trimXmlSpace } from '@kontor/cii/rules';

export const UBL_NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;
const CAC = UBL_NS.cac;
const CBC = UBL_NS.cbc;

const CII = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
} as const;
type CiiPrefix = keyof typeof CII;

export type UblDocumentKind = 'Invoice' | 'CreditNote';

/**
 * Which UBL root this is, or undefined for anything else.
 * @example
 * ```ts
 * ublKind(parseXml(ublXml).root); // 'Invoice' | 'CreditNote'
 * ublKind(parseXml('<a/>').root); // undefined
 * ```
 */
export function ublKind(root: XmlElement): UblDocumentKind | undefined {
  if (root.local === 'Invoice' && root.ns === UBL_NS.inv) return 'Invoice';
  if (root.local === 'CreditNote' && root.ns === UBL_NS.cn) return 'CreditNote';
  return undefined;
}

// ------------------------------------------------------------------ small tree builders

type Src = XmlElement | undefined;
type Kid = XmlElement | undefined | null | false | readonly (XmlElement | undefined | null | false)[];

/** The name records of the CII elements made, by qualified name (the binding's own names: a bounded set). */
const NAMES = new Map<string, XmlName>();
function nameOf(qname: string): XmlName {
  let qn = NAMES.get(qname);
  if (qn === undefined) {
    const i = qname.indexOf(':');
    const prefix = qname.slice(0, i) as CiiPrefix;
    qn = { name: qname, local: qname.slice(i + 1), prefix, ns: CII[prefix] };
    NAMES.set(qname, qn);
  }
  return qn;
}

const NO_ATTRIBUTES: Record<string, string | undefined> = {};

function make(qname: string, at: Src, b: { root: XmlElement; used: Set<XmlElement> }, attrs: Record<string, string | undefined> = NO_ATTRIBUTES, text = ''): XmlElement {
  const fallback = b.root;
  if (at) b.used.add(at);
  // One shared name record per name (as the reader shares them): the rules' per-name index and path trie then meet
  // the same local-name string each time, not a new slice per element.
  const qn = nameOf(qname);
  const attributes: XmlAttribute[] = [];
  if (attrs !== NO_ATTRIBUTES) for (const k in attrs) if (attrs[k] !== undefined) attributes.push({ name: k, local: k, prefix: '', ns: '', value: attrs[k] });
  const pos = at ?? fallback;
  const el = new XmlElement({ qn, attributes, line: pos.line, column: pos.column, parent: null });
  el.text = text;
  return el;
}

function attach(parent: XmlElement, kids: readonly Kid[]): XmlElement {
  for (const k of kids) {
    if (!k) continue;
    if (Array.isArray(k)) {
      for (const e of k)
        if (e) {
          e.parent = parent;
          parent.children.push(e);
        }
    } else {
      const e = k as XmlElement;
      e.parent = parent;
      parent.children.push(e);
    }
  }
  return parent;
}

const kidsOf = (el: Src, local: string, ns: string = CAC): XmlElement[] => (el ? el.children.filter((c) => c.local === local && c.ns === ns) : []);
const kidOf = (el: Src, local: string, ns: string = CAC): XmlElement | undefined => el?.children.find((c) => c.local === local && c.ns === ns);
const cbcs = (el: Src, local: string): XmlElement[] => kidsOf(el, local, CBC);
const cbc = (el: Src, local: string): XmlElement | undefined => kidOf(el, local, CBC);
const attr = (el: Src, name: string): string | undefined => el?.attr(name);
/** Text content (all descendant text, as XPath's string value). */
const sv: (el: XmlElement) => string = stringValue;

/** The binding state: the root position for synthesised elements. */
class Binder {
  /** The UBL elements the bound tree was built from (for the reader's `unsupported` list). */
  readonly used = new Set<XmlElement>();
  constructor(readonly root: XmlElement) {}

  /** A CII element copying the value (and the given attributes) of one UBL element. */
  val(qname: string, from: Src, attrs: Record<string, string | undefined> = {}): XmlElement | undefined {
    if (!from) return undefined;
    return make(qname, from, this, attrs, sv(from));
  }
  vals(qname: string, from: readonly XmlElement[], attrs: (e: XmlElement) => Record<string, string | undefined> = () => ({})): XmlElement[] {
    return from.map((f) => make(qname, f, this, attrs(f), sv(f)));
  }
  el(qname: string, at: Src, kids: readonly Kid[], attrs: Record<string, string | undefined> = {}): XmlElement {
    return attach(make(qname, at, this, attrs), kids);
  }
  /** An element that exists only when one of its children does. */
  opt(qname: string, at: Src, kids: readonly Kid[]): XmlElement | undefined {
    const e = this.el(qname, at, kids);
    return e.children.length ? e : undefined;
  }
  /** A UBL date (YYYY-MM-DD) as a CII date-time holder (format 102), value copied untouched when it is not one. */
  date(holder: string, from: Src, inner: 'udt:DateTimeString' | 'qdt:DateTimeString' = 'udt:DateTimeString'): XmlElement | undefined {
    if (!from) return undefined;
    // XML whitespace only off the ends (String.trim would also take a no-break space: BR-03's normalize-space keeps it).
    const t = trimXmlSpace(sv(from));
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
    return this.el(holder, from, [make(inner, from, this, { format: '102' }, m ? `${m[1]}${m[2]}${m[3]}` : t)]);
  }
  amount(qname: string, from: Src): XmlElement | undefined {
    return from ? make(qname, from, this, {}, sv(from)) : undefined;
  }
  amountWithCurrency(qname: string, from: Src): XmlElement | undefined {
    return from ? make(qname, from, this, { currencyID: attr(from, 'currencyID') }, sv(from)) : undefined;
  }
  indicator(from: Src): XmlElement | undefined {
    if (!from) return undefined;
    return this.el('ram:ChargeIndicator', from, [make('udt:Indicator', from, this, {}, sv(from))]);
  }

  /** A document note (BG-1); the XRechnung/Peppol convention "#SUBJ#text" carries the subject code (BT-21). */
  note(n: XmlElement): XmlElement {
    const m = /^#([A-Z]{3})#([\s\S]*)$/.exec(sv(n));
    if (!m) return this.el('ram:IncludedNote', n, [this.val('ram:Content', n)]);
    return this.el('ram:IncludedNote', n, [make('ram:Content', n, this, {}, m[2]!), make('ram:SubjectCode', n, this, {}, m[1]!)]);
  }

  // ---------------------------------------------------------------- parties

  address(qname: string, a: Src): XmlElement | undefined {
    if (!a) return undefined;
    return this.el(qname, a, [
      this.val('ram:PostcodeCode', cbc(a, 'PostalZone')),
      this.val('ram:LineOne', cbc(a, 'StreetName')),
      this.val('ram:LineTwo', cbc(a, 'AdditionalStreetName')),
      kidsOf(a, 'AddressLine').flatMap((l) => this.vals('ram:LineThree', cbcs(l, 'Line'))),
      this.val('ram:CityName', cbc(a, 'CityName')),
      kidsOf(a, 'Country').flatMap((c) => this.vals('ram:CountryID', cbcs(c, 'IdentificationCode'))),
      this.val('ram:CountrySubDivisionName', cbc(a, 'CountrySubentity')),
    ]);
  }

  identifiers(ids: readonly XmlElement[]): XmlElement[] {
    return ids.map((id) => {
      const scheme = attr(id, 'schemeID');
      return scheme !== undefined ? make('ram:GlobalID', id, this, { schemeID: scheme }, sv(id)) : make('ram:ID', id, this, {}, sv(id));
    });
  }

  taxRegistrations(party: Src): XmlElement[] {
    const out: XmlElement[] = [];
    for (const pts of kidsOf(party, 'PartyTaxScheme')) {
      const scheme = kidOf(pts, 'TaxScheme');
      const schemeId = cbc(scheme, 'ID');
      // normalize-space(upper-case(cbc:ID)) = 'VAT', as the official UBL rules ask (String.trim would also take a no-break space).
      const isVat = schemeId !== undefined && normalizeSpace(sv(schemeId).toUpperCase()) === 'VAT';
      if (schemeId) this.used.add(schemeId);
      for (const c of cbcs(pts, 'CompanyID')) out.push(this.el('ram:SpecifiedTaxRegistration', pts, [make('ram:ID', c, this, { schemeID: isVat ? 'VA' : 'FC' }, sv(c))]));
    }
    return out;
  }

  contact(c: Src): XmlElement | undefined {
    if (!c) return undefined;
    return this.el('ram:DefinedTradeContact', c, [
      this.val('ram:PersonName', cbc(c, 'Name')),
      cbc(c, 'Telephone') && this.el('ram:TelephoneUniversalCommunication', cbc(c, 'Telephone'), [this.val('ram:CompleteNumber', cbc(c, 'Telephone'))]),
      cbc(c, 'ElectronicMail') && this.el('ram:EmailURIUniversalCommunication', cbc(c, 'ElectronicMail'), [this.val('ram:URIID', cbc(c, 'ElectronicMail'))]),
    ]);
  }

  /** Seller / buyer: BG-4 / BG-7. `sepaToCreditor` keeps SEPA creditor ids (BT-90) out of the seller identifiers. */
  tradeParty(qname: string, wrapper: Src): XmlElement | undefined {
    if (!wrapper) return undefined;
    const p = kidOf(wrapper, 'Party');
    const ids = kidsOf(p, 'PartyIdentification')
      .flatMap((pi) => cbcs(pi, 'ID'))
      .filter((id) => (attr(id, 'schemeID') ?? '').toUpperCase() !== 'SEPA');
    const legal = kidsOf(p, 'PartyLegalEntity');
    const names = kidsOf(p, 'PartyName').flatMap((pn) => cbcs(pn, 'Name'));
    const companyIds = legal.flatMap((l) => cbcs(l, 'CompanyID'));
    const org =
      companyIds.length || names.length
        ? this.el('ram:SpecifiedLegalOrganization', legal[0] ?? p, [
            companyIds.map((c) => make('ram:ID', c, this, { schemeID: attr(c, 'schemeID') }, sv(c))),
            names.map((n) => make('ram:TradingBusinessName', n, this, {}, sv(n))),
          ])
        : undefined;
    return this.el(qname, p ?? wrapper, [
      this.identifiers(ids),
      legal.flatMap((l) => this.vals('ram:Name', cbcs(l, 'RegistrationName'))),
      legal.flatMap((l) => this.vals('ram:Description', cbcs(l, 'CompanyLegalForm'))),
      org,
      kidsOf(p, 'Contact').map((c) => this.contact(c)),
      kidsOf(p, 'PostalAddress').map((a) => this.address('ram:PostalTradeAddress', a)),
      cbcs(p, 'EndpointID').map((e) => this.el('ram:URIUniversalCommunication', e, [make('ram:URIID', e, this, { schemeID: attr(e, 'schemeID') }, sv(e))])),
      this.taxRegistrations(p),
    ]);
  }

  payee(p: Src): XmlElement | undefined {
    if (!p) return undefined;
    const ids = kidsOf(p, 'PartyIdentification')
      .flatMap((pi) => cbcs(pi, 'ID'))
      .filter((id) => (attr(id, 'schemeID') ?? '').toUpperCase() !== 'SEPA');
    const companyIds = kidsOf(p, 'PartyLegalEntity').flatMap((l) => cbcs(l, 'CompanyID'));
    return this.el('ram:PayeeTradeParty', p, [
      this.identifiers(ids),
      kidsOf(p, 'PartyName').flatMap((pn) => this.vals('ram:Name', cbcs(pn, 'Name'))),
      companyIds.length ? this.el('ram:SpecifiedLegalOrganization', companyIds[0], [companyIds.map((c) => make('ram:ID', c, this, { schemeID: attr(c, 'schemeID') }, sv(c)))]) : undefined,
    ]);
  }

  taxRepresentative(p: Src): XmlElement | undefined {
    if (!p) return undefined;
    return this.el('ram:SellerTaxRepresentativeTradeParty', p, [
      kidsOf(p, 'PartyName').flatMap((pn) => this.vals('ram:Name', cbcs(pn, 'Name'))),
      kidsOf(p, 'PostalAddress').map((a) => this.address('ram:PostalTradeAddress', a)),
      this.taxRegistrations(p),
    ]);
  }

  // ---------------------------------------------------------------- money and tax

  category(qname: 'ram:ApplicableTradeTax' | 'ram:CategoryTradeTax', c: Src, extra: readonly Kid[] = []): XmlElement | undefined {
    if (!c) return undefined;
    const scheme = kidOf(c, 'TaxScheme');
    return this.el(qname, c, [
      ...extra.slice(0, 1),
      scheme ? this.val('ram:TypeCode', cbc(scheme, 'ID')) : undefined,
      ...extra.slice(1, 2),
      this.val('ram:CategoryCode', cbc(c, 'ID')),
      ...extra.slice(2),
      this.val('ram:RateApplicablePercent', cbc(c, 'Percent')),
    ]);
  }

  allowanceCharge(ac: XmlElement): XmlElement {
    return this.el('ram:SpecifiedTradeAllowanceCharge', ac, [
      this.indicator(cbc(ac, 'ChargeIndicator')),
      this.val('ram:CalculationPercent', cbc(ac, 'MultiplierFactorNumeric')),
      this.amount('ram:BasisAmount', cbc(ac, 'BaseAmount')),
      this.amount('ram:ActualAmount', cbc(ac, 'Amount')),
      this.val('ram:ReasonCode', cbc(ac, 'AllowanceChargeReasonCode')),
      this.vals('ram:Reason', cbcs(ac, 'AllowanceChargeReason')),
      kidsOf(ac, 'TaxCategory').map((c) => this.category('ram:CategoryTradeTax', c)),
    ]);
  }

  headerTax(sub: XmlElement): XmlElement {
    const c = kidOf(sub, 'TaxCategory');
    const scheme = kidOf(c, 'TaxScheme');
    return this.el('ram:ApplicableTradeTax', sub, [
      this.amount('ram:CalculatedAmount', cbc(sub, 'TaxAmount')),
      scheme ? this.val('ram:TypeCode', cbc(scheme, 'ID')) : undefined,
      this.vals('ram:ExemptionReason', cbcs(c, 'TaxExemptionReason')),
      this.amount('ram:BasisAmount', cbc(sub, 'TaxableAmount')),
      this.val('ram:CategoryCode', cbc(c, 'ID')),
      this.val('ram:ExemptionReasonCode', cbc(c, 'TaxExemptionReasonCode')),
      this.val('ram:RateApplicablePercent', cbc(c, 'Percent')),
    ]);
  }

  period(p: Src): XmlElement | undefined {
    if (!p) return undefined;
    return this.el('ram:BillingSpecifiedPeriod', p, [this.date('ram:StartDateTime', cbc(p, 'StartDate')), this.date('ram:EndDateTime', cbc(p, 'EndDate'))]);
  }

  docRef(qname: string, ref: XmlElement, withDate = false): XmlElement {
    return this.el(qname, ref, [this.val('ram:IssuerAssignedID', cbc(ref, 'ID')), withDate ? this.date('ram:FormattedIssueDateTime', cbc(ref, 'IssueDate'), 'qdt:DateTimeString') : undefined]);
  }

  additionalRef(ref: XmlElement): XmlElement {
    const id = cbc(ref, 'ID');
    const att = kidOf(ref, 'Attachment');
    const bin = cbc(att, 'EmbeddedDocumentBinaryObject');
    const uri = cbc(kidOf(att, 'ExternalReference'), 'URI');
    const type = cbc(ref, 'DocumentTypeCode');
    return this.el('ram:AdditionalReferencedDocument', ref, [
      this.val('ram:IssuerAssignedID', id),
      this.val('ram:URIID', uri),
      type ? this.val('ram:TypeCode', type) : make('ram:TypeCode', ref, this, {}, '916'),
      this.vals('ram:Name', cbcs(ref, 'DocumentDescription')),
      bin ? make('ram:AttachmentBinaryObject', bin, this, { mimeCode: attr(bin, 'mimeCode'), filename: attr(bin, 'filename') }, sv(bin)) : undefined,
      id && attr(id, 'schemeID') !== undefined ? make('ram:ReferenceTypeCode', id, this, {}, attr(id, 'schemeID')!) : undefined,
    ]);
  }

  // ---------------------------------------------------------------- lines

  line(l: XmlElement, kind: UblDocumentKind): XmlElement {
    const item = kidOf(l, 'Item');
    const price = kidOf(l, 'Price');
    const priceAc = kidsOf(price, 'AllowanceCharge');
    const qty = cbc(l, kind === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity') ?? cbc(l, 'InvoicedQuantity') ?? cbc(l, 'CreditedQuantity');
    const baseQty = cbc(price, 'BaseQuantity');
    return this.el('ram:IncludedSupplyChainTradeLineItem', l, [
      this.el('ram:AssociatedDocumentLineDocument', l, [this.val('ram:LineID', cbc(l, 'ID')), cbcs(l, 'Note').map((n) => this.el('ram:IncludedNote', n, [this.val('ram:Content', n)]))]),
      item &&
        this.el('ram:SpecifiedTradeProduct', item, [
          kidsOf(item, 'StandardItemIdentification').flatMap((s) => cbcs(s, 'ID').map((id) => make('ram:GlobalID', id, this, { schemeID: attr(id, 'schemeID') }, sv(id)))),
          kidsOf(item, 'SellersItemIdentification').flatMap((s) => this.vals('ram:SellerAssignedID', cbcs(s, 'ID'))),
          kidsOf(item, 'BuyersItemIdentification').flatMap((s) => this.vals('ram:BuyerAssignedID', cbcs(s, 'ID'))),
          this.vals('ram:Name', cbcs(item, 'Name')),
          this.vals('ram:Description', cbcs(item, 'Description')),
          kidsOf(item, 'AdditionalItemProperty').map((p) => this.el('ram:ApplicableProductCharacteristic', p, [this.val('ram:Description', cbc(p, 'Name')), this.val('ram:Value', cbc(p, 'Value'))])),
          kidsOf(item, 'CommodityClassification').flatMap((c) =>
            cbcs(c, 'ItemClassificationCode').map((code) =>
              this.el('ram:DesignatedProductClassification', c, [make('ram:ClassCode', code, this, { listID: attr(code, 'listID'), listVersionID: attr(code, 'listVersionID') }, sv(code))]),
            ),
          ),
          kidsOf(item, 'OriginCountry').map((c) => this.el('ram:OriginTradeCountry', c, [this.val('ram:ID', cbc(c, 'IdentificationCode'))])),
        ]),
      this.el('ram:SpecifiedLineTradeAgreement', l, [
        kidsOf(l, 'OrderLineReference').map((o) => this.el('ram:BuyerOrderReferencedDocument', o, [this.val('ram:LineID', cbc(o, 'LineID'))])),
        priceAc.length
          ? this.el('ram:GrossPriceProductTradePrice', priceAc[0], [
              priceAc.flatMap((ac) => (cbc(ac, 'BaseAmount') ? [this.amount('ram:ChargeAmount', cbc(ac, 'BaseAmount'))] : [])),
              baseQty && make('ram:BasisQuantity', baseQty, this, { unitCode: attr(baseQty, 'unitCode') }, sv(baseQty)),
              priceAc.map((ac) => this.el('ram:AppliedTradeAllowanceCharge', ac, [this.indicator(cbc(ac, 'ChargeIndicator')), this.amount('ram:ActualAmount', cbc(ac, 'Amount'))])),
            ])
          : undefined,
        price &&
          this.el('ram:NetPriceProductTradePrice', price, [
            this.amount('ram:ChargeAmount', cbc(price, 'PriceAmount')),
            baseQty && make('ram:BasisQuantity', baseQty, this, { unitCode: attr(baseQty, 'unitCode') }, sv(baseQty)),
          ]),
      ]),
      this.el('ram:SpecifiedLineTradeDelivery', l, [qty && make('ram:BilledQuantity', qty, this, { unitCode: attr(qty, 'unitCode') }, sv(qty))]),
      this.el('ram:SpecifiedLineTradeSettlement', l, [
        kidsOf(item, 'ClassifiedTaxCategory').map((c) => this.category('ram:ApplicableTradeTax', c)),
        kidsOf(l, 'InvoicePeriod').map((p) => this.period(p)),
        kidsOf(l, 'AllowanceCharge').map((ac) => this.allowanceCharge(ac)),
        this.el('ram:SpecifiedTradeSettlementLineMonetarySummation', l, [this.amount('ram:LineTotalAmount', cbc(l, 'LineExtensionAmount'))]),
        kidsOf(l, 'DocumentReference').map((r) => {
          const id = cbc(r, 'ID');
          return this.el('ram:AdditionalReferencedDocument', r, [
            this.val('ram:IssuerAssignedID', id),
            this.val('ram:TypeCode', cbc(r, 'DocumentTypeCode')),
            id && attr(id, 'schemeID') !== undefined ? make('ram:ReferenceTypeCode', id, this, {}, attr(id, 'schemeID')!) : undefined,
          ]);
        }),
        cbcs(l, 'AccountingCost').map((a) => this.el('ram:ReceivableSpecifiedTradeAccountingAccount', a, [this.val('ram:ID', a)])),
      ]),
    ]);
  }

  // ---------------------------------------------------------------- document

  document(kind: UblDocumentKind): XmlElement {
    const u = this.root;
    const sellerW = kidOf(u, 'AccountingSupplierParty');
    const sellerP = kidOf(sellerW, 'Party');
    const sepa = kidsOf(sellerP, 'PartyIdentification')
      .flatMap((pi) => cbcs(pi, 'ID'))
      .concat(kidsOf(kidOf(u, 'PayeeParty'), 'PartyIdentification').flatMap((pi) => cbcs(pi, 'ID')))
      .filter((id) => (attr(id, 'schemeID') ?? '').toUpperCase() === 'SEPA');
    const delivery = kidsOf(u, 'Delivery');
    const taxTotals = kidsOf(u, 'TaxTotal');
    const lmt = kidOf(u, 'LegalMonetaryTotal');
    const paymentMeans = kidsOf(u, 'PaymentMeans');
    const mandates = paymentMeans.flatMap((pm) => kidsOf(pm, 'PaymentMandate'));
    const terms = kidsOf(u, 'PaymentTerms');
    const dueDates = cbcs(u, 'DueDate').concat(paymentMeans.flatMap((pm) => cbcs(pm, 'PaymentDueDate')));
    const docRefs = kidsOf(u, 'AdditionalDocumentReference');
    const lines = kidsOf(u, kind === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine');

    const exchanged = this.el('rsm:ExchangedDocumentContext', u, [
      cbcs(u, 'ProfileID').map((p) => this.el('ram:BusinessProcessSpecifiedDocumentContextParameter', p, [this.val('ram:ID', p)])),
      cbcs(u, 'CustomizationID').map((c) => this.el('ram:GuidelineSpecifiedDocumentContextParameter', c, [this.val('ram:ID', c)])),
    ]);
    const header = this.el('rsm:ExchangedDocument', u, [
      this.val('ram:ID', cbc(u, 'ID')),
      this.vals('ram:TypeCode', cbcs(u, kind === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode')),
      cbcs(u, 'IssueDate').map((d) => this.date('ram:IssueDateTime', d)),
      cbcs(u, 'Note').map((n) => this.note(n)),
    ]);
    const agreement = this.el('ram:ApplicableHeaderTradeAgreement', u, [
      this.vals('ram:BuyerReference', cbcs(u, 'BuyerReference')),
      this.tradeParty('ram:SellerTradeParty', sellerW),
      this.tradeParty('ram:BuyerTradeParty', kidOf(u, 'AccountingCustomerParty')),
      this.taxRepresentative(kidOf(u, 'TaxRepresentativeParty')),
      kidsOf(u, 'OrderReference').flatMap((o) => cbcs(o, 'SalesOrderID').map((s) => this.el('ram:SellerOrderReferencedDocument', s, [this.val('ram:IssuerAssignedID', s)]))),
      kidsOf(u, 'OrderReference').flatMap((o) => cbcs(o, 'ID').map((s) => this.el('ram:BuyerOrderReferencedDocument', s, [this.val('ram:IssuerAssignedID', s)]))),
      kidsOf(u, 'ContractDocumentReference').map((r) => this.docRef('ram:ContractReferencedDocument', r)),
      docRefs.map((r) => this.additionalRef(r)),
      kidsOf(u, 'OriginatorDocumentReference').map((r) => this.el('ram:AdditionalReferencedDocument', r, [this.val('ram:IssuerAssignedID', cbc(r, 'ID')), make('ram:TypeCode', r, this, {}, '50')])),
      kidsOf(u, 'ProjectReference').map((r) => this.el('ram:SpecifiedProcuringProject', r, [this.val('ram:ID', cbc(r, 'ID')), make('ram:Name', r, this, {}, 'Project reference')])),
    ]);
    const deliveryEl = this.el('ram:ApplicableHeaderTradeDelivery', u, [
      delivery.map((d) => {
        const loc = kidOf(d, 'DeliveryLocation');
        const party = kidOf(d, 'DeliveryParty');
        return this.opt('ram:ShipToTradeParty', d, [
          this.identifiers(cbcs(loc, 'ID')),
          kidsOf(party, 'PartyName').flatMap((pn) => this.vals('ram:Name', cbcs(pn, 'Name'))),
          kidsOf(loc, 'Address').map((a) => this.address('ram:PostalTradeAddress', a)),
        ]);
      }),
      delivery.flatMap((d) => cbcs(d, 'ActualDeliveryDate').map((a) => this.el('ram:ActualDeliverySupplyChainEvent', a, [this.date('ram:OccurrenceDateTime', a)]))),
      kidsOf(u, 'DespatchDocumentReference').map((r) => this.docRef('ram:DespatchAdviceReferencedDocument', r)),
      kidsOf(u, 'ReceiptDocumentReference').map((r) => this.docRef('ram:ReceivingAdviceReferencedDocument', r)),
    ]);
    const vatTotals = taxTotals.filter((t) => kidsOf(t, 'TaxSubtotal').length > 0);
    const subtotals = taxTotals.flatMap((t) => kidsOf(t, 'TaxSubtotal'));
    const settlement = this.el('ram:ApplicableHeaderTradeSettlement', u, [
      this.vals('ram:CreditorReferenceID', sepa),
      paymentMeans.flatMap((pm) => this.vals('ram:PaymentReference', cbcs(pm, 'PaymentID'))),
      this.vals('ram:TaxCurrencyCode', cbcs(u, 'TaxCurrencyCode')),
      this.vals('ram:InvoiceCurrencyCode', cbcs(u, 'DocumentCurrencyCode')),
      this.payee(kidOf(u, 'PayeeParty')),
      paymentMeans.map((pm) => {
        const code = cbc(pm, 'PaymentMeansCode');
        const acct = kidOf(pm, 'PayeeFinancialAccount');
        const card = kidOf(pm, 'CardAccount');
        // The card network (cbc:NetworkID) is required by UBL, but no EN 16931 term.
        for (const nw of cbcs(card, 'NetworkID')) this.used.add(nw);
        const branch = kidOf(acct, 'FinancialInstitutionBranch');
        const payer = kidOf(kidOf(pm, 'PaymentMandate'), 'PayerFinancialAccount');
        return this.el('ram:SpecifiedTradeSettlementPaymentMeans', pm, [
          this.val('ram:TypeCode', code),
          code && attr(code, 'name') !== undefined ? make('ram:Information', code, this, {}, attr(code, 'name')!) : undefined,
          card && this.el('ram:ApplicableTradeSettlementFinancialCard', card, [this.val('ram:ID', cbc(card, 'PrimaryAccountNumberID')), this.val('ram:CardholderName', cbc(card, 'HolderName'))]),
          payer && this.el('ram:PayerPartyDebtorFinancialAccount', payer, [this.val('ram:IBANID', cbc(payer, 'ID'))]),
          acct && this.el('ram:PayeePartyCreditorFinancialAccount', acct, [this.val('ram:IBANID', cbc(acct, 'ID')), this.val('ram:AccountName', cbc(acct, 'Name'))]),
          branch && this.opt('ram:PayeeSpecifiedCreditorFinancialInstitution', branch, [this.val('ram:BICID', cbc(branch, 'ID'))]),
        ]);
      }),
      subtotals.map((s) => this.headerTax(s)),
      kidsOf(u, 'InvoicePeriod').map((p) => this.period(p)),
      kidsOf(u, 'AllowanceCharge').map((ac) => this.allowanceCharge(ac)),
      terms.length || dueDates.length || mandates.length
        ? this.el('ram:SpecifiedTradePaymentTerms', terms[0] ?? dueDates[0] ?? mandates[0], [
            terms.flatMap((t) => this.vals('ram:Description', cbcs(t, 'Note'))),
            dueDates.map((d) => this.date('ram:DueDateDateTime', d)),
            mandates.flatMap((m) => this.vals('ram:DirectDebitMandateID', cbcs(m, 'ID'))),
          ])
        : undefined,
      lmt &&
        this.el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', lmt, [
          this.amount('ram:LineTotalAmount', cbc(lmt, 'LineExtensionAmount')),
          this.amount('ram:ChargeTotalAmount', cbc(lmt, 'ChargeTotalAmount')),
          this.amount('ram:AllowanceTotalAmount', cbc(lmt, 'AllowanceTotalAmount')),
          this.amount('ram:TaxBasisTotalAmount', cbc(lmt, 'TaxExclusiveAmount')),
          taxTotals.flatMap((t) => cbcs(t, 'TaxAmount').map((a) => this.amountWithCurrency('ram:TaxTotalAmount', a))),
          this.amount('ram:RoundingAmount', cbc(lmt, 'PayableRoundingAmount')),
          this.amount('ram:GrandTotalAmount', cbc(lmt, 'TaxInclusiveAmount')),
          this.amount('ram:TotalPrepaidAmount', cbc(lmt, 'PrepaidAmount')),
          this.amount('ram:DuePayableAmount', cbc(lmt, 'PayableAmount')),
        ]),
      kidsOf(u, 'BillingReference').flatMap((b) => kidsOf(b, 'InvoiceDocumentReference').map((r) => this.docRef('ram:InvoiceReferencedDocument', r, true))),
      cbcs(u, 'AccountingCost').map((a) => this.el('ram:ReceivableSpecifiedTradeAccountingAccount', a, [this.val('ram:ID', a)])),
    ]);
    void vatTotals;
    const transaction = this.el('rsm:SupplyChainTradeTransaction', u, [lines.map((l) => this.line(l, kind)), agreement, deliveryEl, settlement]);
    return this.el('rsm:CrossIndustryInvoice', u, [exchanged, header, transaction]);
  }
}

/**
 * Presents a UBL Invoice/CreditNote as the CII tree carrying the same business terms (positions point into the
 * UBL source). Throws when the root is not UBL; use `ublKind` first.
 * @example
 * ```ts
 * const cii = ublToCiiTree(parseXml(ublXml).root); // the same invoice as a CII element tree (the rules run on it)
 * console.log(cii.local); // 'CrossIndustryInvoice'
 * ```
 */
export function ublToCiiTree(root: XmlElement): XmlElement {
  return bindUbl(root).tree;
}

/** The bound tree and the set of UBL elements it was built from. */
export function bindUbl(root: XmlElement): { tree: XmlElement; used: ReadonlySet<XmlElement> } {
  const kind = ublKind(root);
  if (!kind) throw new TypeError(`not a UBL Invoice or CreditNote: <${root.name}>`);
  const b = new Binder(root);
  return { tree: b.document(kind), used: b.used };
}

/** Serialises a bound tree (namespace declarations on the root, deterministic). */
export function serializeTree(root: XmlElement): string {
  const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const escA = (s: string): string => esc(s).replace(/"/g, '&quot;');
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  const walk = (e: XmlElement, top: boolean): void => {
    parts.push('<', e.name);
    if (top) for (const [p, u] of Object.entries(CII)) parts.push(` xmlns:${p}="${u}"`);
    for (const a of e.attributes) parts.push(' ', a.name, '="', escA(a.value), '"');
    if (!e.children.length && !e.text) {
      parts.push('/>');
      return;
    }
    parts.push('>');
    if (e.children.length) for (const c of e.children) walk(c, false);
    else parts.push(esc(e.text));
    parts.push('</', e.name, '>');
  };
  walk(root, true);
  return parts.join('');
}
