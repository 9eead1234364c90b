/**
 * The CII → UBL direction of the syntax binding: a CII D16B invoice tree (as @kontor/cii writes it, or as read
 * from a file) → a UBL 2.1 Invoice or CreditNote, element by element in UBL schema order. Deterministic: the same
 * tree gives the same bytes. Used by `writeUbl` (model → CII → UBL) and by the CII → UBL conversion.
 */
import { Big, XmlWriter, type XmlElement } from '@kontor/xml';
import { UBL_NS, type UblDocumentKind } from '../binding/to-cii';

/** A node to write; empty containers are dropped. */
interface N {
  n: string;
  a?: Record<string, string | undefined>;
  t?: string;
  c?: (N | undefined)[];
}

const kids = (el: XmlElement | undefined, local: string): XmlElement[] => (el ? el.children.filter((c) => c.local === local) : []);
const kid = (el: XmlElement | undefined, local: string): XmlElement | undefined => el?.children.find((c) => c.local === local);
const path = (el: XmlElement | undefined, ...locals: string[]): XmlElement | undefined => {
  let cur = el;
  for (const l of locals) cur = kid(cur, l);
  return cur;
};
const txt = (el: XmlElement | undefined): string | undefined => (el ? el.text.trim() : undefined);
/** Free text kept as written (line breaks matter, e.g. the XRechnung Skonto lines of BT-20). */
const raw = (el: XmlElement | undefined): string | undefined => (el ? el.text : undefined);
const at = (el: XmlElement | undefined, name: string): string | undefined => el?.attributes.find((a) => a.local === name)?.value;

function leaf(n: string, t: string | undefined, a?: Record<string, string | undefined>): N | undefined {
  if (t === undefined || t === '') return undefined;
  return a ? { n, t, a } : { n, t };
}
const box = (n: string, ...c: (N | undefined)[]): N => ({ n, c });

/** CII date (format 102 YYYYMMDD) → xs:date. */
function date(holder: XmlElement | undefined): string | undefined {
  const s = txt(holder?.children.find((c) => c.local === 'DateTimeString' || c.local === 'DateString'));
  if (!s) return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : s;
}

/** BT-110 when the CII omits it (UBL requires cbc:TaxAmount): the sum of the VAT breakdown amounts (BT-117). */
function sumOf(els: readonly (XmlElement | undefined)[]): string | undefined {
  let sum = new Big(0);
  for (const e of els) {
    const t = txt(e);
    if (t === undefined || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return undefined;
    sum = sum.plus(t);
  }
  return sum.toFixed(2);
}

class ToUbl {
  constructor(readonly currency: string) {}

  amount(n: string, el: XmlElement | undefined, currency = this.currency): N | undefined {
    return leaf(`cbc:${n}`, txt(el), { currencyID: at(el, 'currencyID') ?? currency });
  }

  address(n: string, a: XmlElement | undefined): N | undefined {
    if (!a) return undefined;
    return box(
      `cac:${n}`,
      leaf('cbc:StreetName', txt(kid(a, 'LineOne'))),
      leaf('cbc:AdditionalStreetName', txt(kid(a, 'LineTwo'))),
      leaf('cbc:CityName', txt(kid(a, 'CityName'))),
      leaf('cbc:PostalZone', txt(kid(a, 'PostcodeCode'))),
      leaf('cbc:CountrySubentity', txt(kid(a, 'CountrySubDivisionName'))),
      kid(a, 'LineThree') ? box('cac:AddressLine', leaf('cbc:Line', txt(kid(a, 'LineThree')))) : undefined,
      kid(a, 'CountryID') ? box('cac:Country', leaf('cbc:IdentificationCode', txt(kid(a, 'CountryID')))) : undefined,
    );
  }

  partyIds(p: XmlElement): N[] {
    return [
      ...kids(p, 'ID').map((id) => box('cac:PartyIdentification', leaf('cbc:ID', txt(id)))),
      ...kids(p, 'GlobalID').map((id) => box('cac:PartyIdentification', leaf('cbc:ID', txt(id), { schemeID: at(id, 'schemeID') }))),
    ];
  }

  taxSchemes(p: XmlElement): N[] {
    return kids(p, 'SpecifiedTaxRegistration').map((r) => {
      const id = kid(r, 'ID');
      return box('cac:PartyTaxScheme', leaf('cbc:CompanyID', txt(id)), box('cac:TaxScheme', leaf('cbc:ID', at(id, 'schemeID') === 'VA' ? 'VAT' : 'FC')));
    });
  }

  /** Seller (BG-4) or buyer (BG-7). */
  party(wrapper: string, p: XmlElement | undefined, extraIds: N[] = []): N | undefined {
    if (!p) return undefined;
    const org = kid(p, 'SpecifiedLegalOrganization');
    const uri = path(p, 'URIUniversalCommunication', 'URIID');
    const contact = kid(p, 'DefinedTradeContact');
    return box(
      `cac:${wrapper}`,
      box(
        'cac:Party',
        leaf('cbc:EndpointID', txt(uri), { schemeID: at(uri, 'schemeID') }),
        ...extraIds,
        ...this.partyIds(p),
        kid(org, 'TradingBusinessName') ? box('cac:PartyName', leaf('cbc:Name', txt(kid(org, 'TradingBusinessName')))) : undefined,
        this.address('PostalAddress', kid(p, 'PostalTradeAddress')),
        ...this.taxSchemes(p),
        box(
          'cac:PartyLegalEntity',
          leaf('cbc:RegistrationName', txt(kid(p, 'Name'))),
          leaf('cbc:CompanyID', txt(kid(org, 'ID')), { schemeID: at(kid(org, 'ID'), 'schemeID') }),
          leaf('cbc:CompanyLegalForm', txt(kid(p, 'Description'))),
        ),
        contact
          ? box(
              'cac:Contact',
              leaf('cbc:Name', txt(kid(contact, 'PersonName'))),
              leaf('cbc:Telephone', txt(path(contact, 'TelephoneUniversalCommunication', 'CompleteNumber'))),
              leaf('cbc:ElectronicMail', txt(path(contact, 'EmailURIUniversalCommunication', 'URIID'))),
            )
          : undefined,
      ),
    );
  }

  taxCategory(n: string, t: XmlElement | undefined, withExemption = false): N | undefined {
    if (!t) return undefined;
    return box(
      `cac:${n}`,
      leaf('cbc:ID', txt(kid(t, 'CategoryCode'))),
      leaf('cbc:Percent', txt(kid(t, 'RateApplicablePercent'))),
      withExemption ? leaf('cbc:TaxExemptionReasonCode', txt(kid(t, 'ExemptionReasonCode'))) : undefined,
      withExemption ? leaf('cbc:TaxExemptionReason', txt(kid(t, 'ExemptionReason'))) : undefined,
      box('cac:TaxScheme', leaf('cbc:ID', txt(kid(t, 'TypeCode')) ?? 'VAT')),
    );
  }

  allowanceCharge(ac: XmlElement, withTax: boolean): N {
    return box(
      'cac:AllowanceCharge',
      leaf('cbc:ChargeIndicator', txt(path(ac, 'ChargeIndicator', 'Indicator'))),
      leaf('cbc:AllowanceChargeReasonCode', txt(kid(ac, 'ReasonCode'))),
      leaf('cbc:AllowanceChargeReason', txt(kid(ac, 'Reason'))),
      leaf('cbc:MultiplierFactorNumeric', txt(kid(ac, 'CalculationPercent'))),
      this.amount('Amount', kid(ac, 'ActualAmount')),
      this.amount('BaseAmount', kid(ac, 'BasisAmount')),
      withTax ? this.taxCategory('TaxCategory', kid(ac, 'CategoryTradeTax')) : undefined,
    );
  }

  period(p: XmlElement | undefined): N | undefined {
    if (!p) return undefined;
    return box('cac:InvoicePeriod', leaf('cbc:StartDate', date(kid(p, 'StartDateTime'))), leaf('cbc:EndDate', date(kid(p, 'EndDateTime'))));
  }

  line(li: XmlElement, kind: UblDocumentKind): N {
    const doc = kid(li, 'AssociatedDocumentLineDocument');
    const prod = kid(li, 'SpecifiedTradeProduct');
    const agr = kid(li, 'SpecifiedLineTradeAgreement');
    const set = kid(li, 'SpecifiedLineTradeSettlement');
    const qty = path(li, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
    const net = kid(agr, 'NetPriceProductTradePrice');
    const gross = kid(agr, 'GrossPriceProductTradePrice');
    const grossAc = kid(gross, 'AppliedTradeAllowanceCharge');
    const basisQty = kid(net, 'BasisQuantity');
    const objRef = kids(set, 'AdditionalReferencedDocument').find((r) => txt(kid(r, 'TypeCode')) === '130');
    return box(
      kind === 'Invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine',
      leaf('cbc:ID', txt(kid(doc, 'LineID'))),
      leaf('cbc:Note', txt(path(doc, 'IncludedNote', 'Content'))),
      leaf(kind === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity', txt(qty), { unitCode: at(qty, 'unitCode') }),
      this.amount('LineExtensionAmount', path(set, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount')),
      leaf('cbc:AccountingCost', txt(path(set, 'ReceivableSpecifiedTradeAccountingAccount', 'ID'))),
      this.period(kid(set, 'BillingSpecifiedPeriod')),
      kid(agr, 'BuyerOrderReferencedDocument') ? box('cac:OrderLineReference', leaf('cbc:LineID', txt(path(agr, 'BuyerOrderReferencedDocument', 'LineID')))) : undefined,
      objRef ? box('cac:DocumentReference', leaf('cbc:ID', txt(kid(objRef, 'IssuerAssignedID')), { schemeID: txt(kid(objRef, 'ReferenceTypeCode')) }), leaf('cbc:DocumentTypeCode', '130')) : undefined,
      ...kids(set, 'SpecifiedTradeAllowanceCharge').map((ac) => this.allowanceCharge(ac, false)),
      box(
        'cac:Item',
        leaf('cbc:Description', txt(kid(prod, 'Description'))),
        leaf('cbc:Name', txt(kid(prod, 'Name'))),
        kid(prod, 'BuyerAssignedID') ? box('cac:BuyersItemIdentification', leaf('cbc:ID', txt(kid(prod, 'BuyerAssignedID')))) : undefined,
        kid(prod, 'SellerAssignedID') ? box('cac:SellersItemIdentification', leaf('cbc:ID', txt(kid(prod, 'SellerAssignedID')))) : undefined,
        kid(prod, 'GlobalID') ? box('cac:StandardItemIdentification', leaf('cbc:ID', txt(kid(prod, 'GlobalID')), { schemeID: at(kid(prod, 'GlobalID'), 'schemeID') })) : undefined,
        kid(prod, 'OriginTradeCountry') ? box('cac:OriginCountry', leaf('cbc:IdentificationCode', txt(path(prod, 'OriginTradeCountry', 'ID')))) : undefined,
        ...kids(prod, 'DesignatedProductClassification').map((c) => {
          const code = kid(c, 'ClassCode');
          return box('cac:CommodityClassification', leaf('cbc:ItemClassificationCode', txt(code), { listID: at(code, 'listID'), listVersionID: at(code, 'listVersionID') }));
        }),
        this.taxCategory('ClassifiedTaxCategory', kid(set, 'ApplicableTradeTax')),
        ...kids(prod, 'ApplicableProductCharacteristic').map((c) => box('cac:AdditionalItemProperty', leaf('cbc:Name', txt(kid(c, 'Description'))), leaf('cbc:Value', txt(kid(c, 'Value'))))),
      ),
      box(
        'cac:Price',
        this.amount('PriceAmount', kid(net, 'ChargeAmount')),
        leaf('cbc:BaseQuantity', txt(basisQty), { unitCode: at(basisQty, 'unitCode') }),
        grossAc
          ? box('cac:AllowanceCharge', leaf('cbc:ChargeIndicator', 'false'), this.amount('Amount', kid(grossAc, 'ActualAmount')), this.amount('BaseAmount', kid(gross, 'ChargeAmount')))
          : undefined,
      ),
    );
  }

  document(root: XmlElement, kind: UblDocumentKind): N {
    const ctx = kid(root, 'ExchangedDocumentContext');
    const ex = kid(root, 'ExchangedDocument');
    const tx = kid(root, 'SupplyChainTradeTransaction');
    const agr = kid(tx, 'ApplicableHeaderTradeAgreement');
    const del = kid(tx, 'ApplicableHeaderTradeDelivery');
    const set = kid(tx, 'ApplicableHeaderTradeSettlement');
    const sum = kid(set, 'SpecifiedTradeSettlementHeaderMonetarySummation');
    const terms = kid(set, 'SpecifiedTradePaymentTerms');
    const taxes = kids(set, 'ApplicableTradeTax');
    const taxTotals = kids(sum, 'TaxTotalAmount');
    const docTax = taxTotals.find((t) => (at(t, 'currencyID') ?? this.currency) === this.currency) ?? taxTotals[0];
    const otherTax = taxTotals.filter((t) => t !== docTax);
    const ship = kid(del, 'ShipToTradeParty');
    const payee = kid(set, 'PayeeTradeParty');
    const creditor = txt(kid(set, 'CreditorReferenceID'));
    const sepaId = creditor ? box('cac:PartyIdentification', leaf('cbc:ID', creditor, { schemeID: 'SEPA' })) : undefined;
    const addRefs = kids(agr, 'AdditionalReferencedDocument');
    const due = date(kid(terms, 'DueDateDateTime'));
    const means = kids(set, 'SpecifiedTradeSettlementPaymentMeans');
    const mandate = txt(kid(terms, 'DirectDebitMandateID'));
    const preceding = kids(set, 'InvoiceReferencedDocument');
    return box(
      kind === 'Invoice' ? 'Invoice' : 'CreditNote',
      leaf('cbc:CustomizationID', txt(path(ctx, 'GuidelineSpecifiedDocumentContextParameter', 'ID'))),
      leaf('cbc:ProfileID', txt(path(ctx, 'BusinessProcessSpecifiedDocumentContextParameter', 'ID'))),
      leaf('cbc:ID', txt(kid(ex, 'ID'))),
      leaf('cbc:IssueDate', date(kid(ex, 'IssueDateTime'))),
      kind === 'Invoice' ? leaf('cbc:DueDate', due) : undefined,
      leaf(kind === 'Invoice' ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode', txt(kid(ex, 'TypeCode'))),
      ...kids(ex, 'IncludedNote').map((n) => {
        const subj = txt(kid(n, 'SubjectCode'));
        const content = raw(kid(n, 'Content')) ?? '';
        return leaf('cbc:Note', subj ? `#${subj}#${content}` : content);
      }),
      leaf('cbc:DocumentCurrencyCode', this.currency),
      leaf('cbc:TaxCurrencyCode', txt(kid(set, 'TaxCurrencyCode'))),
      leaf('cbc:AccountingCost', txt(path(set, 'ReceivableSpecifiedTradeAccountingAccount', 'ID'))),
      leaf('cbc:BuyerReference', txt(kid(agr, 'BuyerReference'))),
      this.period(kid(set, 'BillingSpecifiedPeriod')),
      kid(agr, 'BuyerOrderReferencedDocument') || kid(agr, 'SellerOrderReferencedDocument')
        ? box(
            'cac:OrderReference',
            leaf('cbc:ID', txt(path(agr, 'BuyerOrderReferencedDocument', 'IssuerAssignedID')) ?? 'NA'),
            leaf('cbc:SalesOrderID', txt(path(agr, 'SellerOrderReferencedDocument', 'IssuerAssignedID'))),
          )
        : undefined,
      ...preceding.map((r) =>
        box('cac:BillingReference', box('cac:InvoiceDocumentReference', leaf('cbc:ID', txt(kid(r, 'IssuerAssignedID'))), leaf('cbc:IssueDate', date(kid(r, 'FormattedIssueDateTime'))))),
      ),
      kid(del, 'DespatchAdviceReferencedDocument') ? box('cac:DespatchDocumentReference', leaf('cbc:ID', txt(path(del, 'DespatchAdviceReferencedDocument', 'IssuerAssignedID')))) : undefined,
      kid(del, 'ReceivingAdviceReferencedDocument') ? box('cac:ReceiptDocumentReference', leaf('cbc:ID', txt(path(del, 'ReceivingAdviceReferencedDocument', 'IssuerAssignedID')))) : undefined,
      ...addRefs.filter((r) => txt(kid(r, 'TypeCode')) === '50').map((r) => box('cac:OriginatorDocumentReference', leaf('cbc:ID', txt(kid(r, 'IssuerAssignedID'))))),
      kid(agr, 'ContractReferencedDocument') ? box('cac:ContractDocumentReference', leaf('cbc:ID', txt(path(agr, 'ContractReferencedDocument', 'IssuerAssignedID')))) : undefined,
      ...addRefs
        .filter((r) => txt(kid(r, 'TypeCode')) !== '50')
        .map((r) => {
          const type = txt(kid(r, 'TypeCode'));
          const bin = kid(r, 'AttachmentBinaryObject');
          const uri = txt(kid(r, 'URIID'));
          return box(
            'cac:AdditionalDocumentReference',
            leaf('cbc:ID', txt(kid(r, 'IssuerAssignedID')), type === '130' ? { schemeID: txt(kid(r, 'ReferenceTypeCode')) } : undefined),
            type === '130' ? leaf('cbc:DocumentTypeCode', '130') : undefined,
            leaf('cbc:DocumentDescription', txt(kid(r, 'Name'))),
            bin || uri
              ? box(
                  'cac:Attachment',
                  bin ? leaf('cbc:EmbeddedDocumentBinaryObject', txt(bin), { mimeCode: at(bin, 'mimeCode'), filename: at(bin, 'filename') }) : undefined,
                  uri ? box('cac:ExternalReference', leaf('cbc:URI', uri)) : undefined,
                )
              : undefined,
          );
        }),
      kind === 'Invoice' && kid(agr, 'SpecifiedProcuringProject') ? box('cac:ProjectReference', leaf('cbc:ID', txt(path(agr, 'SpecifiedProcuringProject', 'ID')))) : undefined,
      this.party('AccountingSupplierParty', kid(agr, 'SellerTradeParty'), sepaId && !payee ? [sepaId] : []),
      this.party('AccountingCustomerParty', kid(agr, 'BuyerTradeParty')),
      payee
        ? box(
            'cac:PayeeParty',
            ...(sepaId ? [sepaId] : []),
            ...this.partyIds(payee),
            box('cac:PartyName', leaf('cbc:Name', txt(kid(payee, 'Name')))),
            kid(payee, 'SpecifiedLegalOrganization')
              ? box('cac:PartyLegalEntity', leaf('cbc:CompanyID', txt(path(payee, 'SpecifiedLegalOrganization', 'ID')), { schemeID: at(path(payee, 'SpecifiedLegalOrganization', 'ID'), 'schemeID') }))
              : undefined,
          )
        : undefined,
      kid(agr, 'SellerTaxRepresentativeTradeParty')
        ? (() => {
            const r = kid(agr, 'SellerTaxRepresentativeTradeParty')!;
            return box('cac:TaxRepresentativeParty', box('cac:PartyName', leaf('cbc:Name', txt(kid(r, 'Name')))), this.address('PostalAddress', kid(r, 'PostalTradeAddress')), ...this.taxSchemes(r));
          })()
        : undefined,
      kid(del, 'ActualDeliverySupplyChainEvent') || ship
        ? box(
            'cac:Delivery',
            leaf('cbc:ActualDeliveryDate', date(path(del, 'ActualDeliverySupplyChainEvent', 'OccurrenceDateTime'))),
            ship && (kid(ship, 'GlobalID') || kid(ship, 'ID') || kid(ship, 'PostalTradeAddress'))
              ? box(
                  'cac:DeliveryLocation',
                  leaf('cbc:ID', txt(kid(ship, 'GlobalID') ?? kid(ship, 'ID')), { schemeID: at(kid(ship, 'GlobalID'), 'schemeID') }),
                  this.address('Address', kid(ship, 'PostalTradeAddress')),
                )
              : undefined,
            kid(ship, 'Name') ? box('cac:DeliveryParty', box('cac:PartyName', leaf('cbc:Name', txt(kid(ship, 'Name'))))) : undefined,
          )
        : undefined,
      ...means.map((m) => {
        const card = kid(m, 'ApplicableTradeSettlementFinancialCard');
        const acct = kid(m, 'PayeePartyCreditorFinancialAccount');
        const debtor = kid(m, 'PayerPartyDebtorFinancialAccount');
        return box(
          'cac:PaymentMeans',
          leaf('cbc:PaymentMeansCode', txt(kid(m, 'TypeCode')), { name: txt(kid(m, 'Information')) }),
          kind === 'CreditNote' ? leaf('cbc:PaymentDueDate', due) : undefined,
          leaf('cbc:PaymentID', txt(kid(set, 'PaymentReference'))),
          card ? box('cac:CardAccount', leaf('cbc:PrimaryAccountNumberID', txt(kid(card, 'ID'))), leaf('cbc:NetworkID', 'NA'), leaf('cbc:HolderName', txt(kid(card, 'CardholderName')))) : undefined,
          acct
            ? box(
                'cac:PayeeFinancialAccount',
                leaf('cbc:ID', txt(kid(acct, 'IBANID') ?? kid(acct, 'ProprietaryID'))),
                leaf('cbc:Name', txt(kid(acct, 'AccountName'))),
                kid(m, 'PayeeSpecifiedCreditorFinancialInstitution')
                  ? box('cac:FinancialInstitutionBranch', leaf('cbc:ID', txt(path(m, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID'))))
                  : undefined,
              )
            : undefined,
          mandate || debtor ? box('cac:PaymentMandate', leaf('cbc:ID', mandate), debtor ? box('cac:PayerFinancialAccount', leaf('cbc:ID', txt(kid(debtor, 'IBANID')))) : undefined) : undefined,
        );
      }),
      kid(terms, 'Description') ? box('cac:PaymentTerms', leaf('cbc:Note', raw(kid(terms, 'Description')))) : undefined,
      ...kids(set, 'SpecifiedTradeAllowanceCharge').map((ac) => this.allowanceCharge(ac, true)),
      box(
        'cac:TaxTotal',
        docTax ? this.amount('TaxAmount', docTax) : leaf('cbc:TaxAmount', sumOf(taxes.map((t) => kid(t, 'CalculatedAmount'))), { currencyID: this.currency }),
        ...taxes.map((t) =>
          box('cac:TaxSubtotal', this.amount('TaxableAmount', kid(t, 'BasisAmount')), this.amount('TaxAmount', kid(t, 'CalculatedAmount')), this.taxCategory('TaxCategory', t, true)),
        ),
      ),
      ...otherTax.map((t) => box('cac:TaxTotal', this.amount('TaxAmount', t))),
      box(
        'cac:LegalMonetaryTotal',
        this.amount('LineExtensionAmount', kid(sum, 'LineTotalAmount')),
        this.amount('TaxExclusiveAmount', kid(sum, 'TaxBasisTotalAmount')),
        this.amount('TaxInclusiveAmount', kid(sum, 'GrandTotalAmount')),
        this.amount('AllowanceTotalAmount', kid(sum, 'AllowanceTotalAmount')),
        this.amount('ChargeTotalAmount', kid(sum, 'ChargeTotalAmount')),
        this.amount('PrepaidAmount', kid(sum, 'TotalPrepaidAmount')),
        this.amount('PayableRoundingAmount', kid(sum, 'RoundingAmount')),
        this.amount('PayableAmount', kid(sum, 'DuePayableAmount')),
      ),
      ...kids(tx, 'IncludedSupplyChainTradeLineItem').map((li) => this.line(li, kind)),
    );
  }
}

/** UBL document kind for a CII type code (BT-3): 381 (credit note) → CreditNote, everything else → Invoice. */
export function ublKindForTypeCode(code: string | undefined): UblDocumentKind {
  return code === '381' ? 'CreditNote' : 'Invoice';
}

function prune(n: N): N | undefined {
  if (n.c === undefined) return n.t === undefined || n.t === '' ? undefined : n;
  const c = n.c.map((k) => (k ? prune(k) : undefined)).filter((k): k is N => k !== undefined);
  return c.length ? { ...n, c } : undefined;
}

/**
 * Writes the UBL document for a CII tree.
 * @example
 * ```ts
 * const ubl = ciiTreeToUbl(parseXml(ciiXml).root, 'Invoice'); // element by element, amounts unchanged
 * ```
 */
export function ciiTreeToUbl(root: XmlElement, kind?: UblDocumentKind): string {
  const ex = kid(root, 'ExchangedDocument');
  const k = kind ?? ublKindForTypeCode(txt(kid(ex, 'TypeCode')));
  const currency = txt(path(root, 'SupplyChainTradeTransaction', 'ApplicableHeaderTradeSettlement', 'InvoiceCurrencyCode')) ?? 'EUR';
  const doc = prune(new ToUbl(currency).document(root, k)) ?? { n: k, c: [] };
  const w = new XmlWriter();
  const emit = (n: N, top: boolean): void => {
    const attrs: Record<string, string> = {};
    if (top) {
      attrs.xmlns = k === 'Invoice' ? UBL_NS.inv : UBL_NS.cn;
      attrs['xmlns:cac'] = UBL_NS.cac;
      attrs['xmlns:cbc'] = UBL_NS.cbc;
    }
    for (const [a, v] of Object.entries(n.a ?? {})) if (v !== undefined) attrs[a] = v;
    if (n.c) {
      w.open(n.n, attrs);
      for (const c of n.c) if (c) emit(c, false);
      w.close();
    } else w.leaf(n.n, n.t, attrs);
  };
  emit(doc, true);
  return w.toString();
}
