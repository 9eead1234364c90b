/**
 * CII reader: any UN/CEFACT CII D16B invoice (ZUGFeRD 2.x / Factur-X MINIMUM..EXTENDED, XRechnung CII) into the
 * invoice model, plus the list of elements the model cannot hold. Never throws for bad input: unreadable files
 * give findings. Every element is accounted for: what is not mapped is reported as unsupported.
 */
import { Big, KontorXmlError, parseDecimal, parseXml, type Lang, type XmlElement, type XmlInput, type XmlLimits } from '@kontor/xml';
import { msg, type MessageKey, type TextParams } from '../messages';
import { splitSkontoMarkers } from '../calc/normalize';
import { FindingList, type Finding } from '../internal/findings';
import { SUPPORTED_DOCUMENT_TYPES, type InvoiceInput, type InvoiceProfile } from '../model/invoice';
import { parseInvoice, type InvoiceIssue } from '../model/parse';
import { NS } from '../write/write-cii';

export type CiiProfileName = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED' | 'XRECHNUNG' | 'PEPPOL' | 'unknown';

export interface UnsupportedElement {
  /** XPath of the element, as the official validators print it. */
  path: string;
  reason: string;
  line?: number;
}

export interface ReadAttachment {
  id?: string;
  filename?: string;
  mimeType?: string;
  description?: string;
  /** Base64 content when the XML embeds it (BT-125). */
  data?: string;
  /** BT-124 external location. */
  uri?: string;
}

export interface ReadCiiResult {
  /** The invoice as far as the model can hold it; null when the input is not a readable CII invoice. */
  invoice: InvoiceInput | null;
  /** The model profile: xrechnung for an XRechnung guideline, else en16931. */
  profile: InvoiceProfile | null;
  /** The profile named by the guideline. */
  profileName: CiiProfileName;
  /** BT-24 as written. */
  guideline: string | null;
  /** BT-23 as written. */
  businessProcess: string | null;
  attachments: ReadAttachment[];
  /** What the model cannot hold. */
  unsupported: UnsupportedElement[];
  /** Problems reading the file (malformed XML, wrong root, unparsable numbers or dates). */
  findings: Finding[];
  /** Schema issues of the read invoice (missing required data etc.), with dot paths. */
  issues: InvoiceIssue[];
}

export interface ReadCiiOptions {
  limits?: Partial<XmlLimits>;
  /** Language of the reader's findings, notes and issues (default en). */
  lang?: Lang | undefined;
}

/** Business terms of common elements the model leaves out, to make the unsupported list readable. */
const KNOWN: Record<string, string> = {
  SellerOrderReferencedDocument: 'BT-14 sales order reference',
  SellerTaxRepresentativeTradeParty: 'BG-11 seller tax representative',
  RoundingAmount: 'BT-114 rounding amount',
  TaxPointDate: 'BT-7 VAT point date',
  DueDateTypeCode: 'BT-8 VAT point date code',
  GrossPriceProductTradePrice: 'BT-148 item gross price',
  BillingSpecifiedPeriod: 'BG-26 invoice line period',
  Description: 'description text',
  ApplicableProductCharacteristic: 'BG-32 item attributes',
  DesignatedProductClassification: 'BT-158 item classification',
  OriginTradeCountry: 'BT-159 item country of origin',
  TradingBusinessName: 'BT-28/BT-45 trading name',
  IncludedNote: 'BT-127 line note',
  BuyerOrderReferencedDocument: 'BT-132 order line reference',
  ReceivableSpecifiedTradeAccountingAccount: 'BT-133 line accounting reference',
  InvoiceeTradeParty: 'invoicee (EXTENDED)',
  SpecifiedLogisticsServiceCharge: 'logistics charge (EXTENDED)',
  TestIndicator: 'test indicator',
};

const DATE_102 = /^(\d{4})(\d{2})(\d{2})$/;

class Reader {
  readonly consumed = new Set<XmlElement>();
  readonly visited = new Set<XmlElement>();
  readonly f: FindingList;
  readonly notes = new Map<XmlElement, string>();

  constructor(readonly lang: Lang) {
    this.f = new FindingList(lang);
  }

  /** A text of the package catalogue in the reader's language. */
  t(key: MessageKey, params: TextParams = {}): string {
    return msg(key, this.lang, params);
  }

  take(el: XmlElement | undefined): XmlElement | undefined {
    if (!el) return undefined;
    this.consumed.add(el);
    for (let p = el.parent; p; p = p.parent) this.visited.add(p);
    return el;
  }

  /** Marks an element as unsupported with a specific reason (it stays out of the model). */
  skip(el: XmlElement | undefined, reason: string): void {
    if (!el) return;
    this.notes.set(el, reason);
  }

  visit(el: XmlElement | undefined): XmlElement | undefined {
    if (!el) return undefined;
    for (let p: XmlElement | null = el; p; p = p.parent) this.visited.add(p);
    return el;
  }

  child(el: XmlElement | undefined, local: string): XmlElement | undefined {
    return el?.children.find((c) => c.local === local);
  }

  children(el: XmlElement | undefined, local: string): XmlElement[] {
    return el ? el.children.filter((c) => c.local === local) : [];
  }

  text(el: XmlElement | undefined, ...path: string[]): string | undefined {
    let cur = el;
    for (const l of path) cur = this.child(cur, l);
    if (!cur) return undefined;
    this.take(cur);
    const t = cur.text.trim();
    return t === '' ? undefined : t;
  }

  attr(el: XmlElement | undefined, name: string): string | undefined {
    const v = el?.attr(name)?.trim();
    return v === '' ? undefined : v;
  }

  number(el: XmlElement | undefined, ...path: string[]): number | undefined {
    let cur = el;
    for (const l of path) cur = this.child(cur, l);
    if (!cur) return undefined;
    this.take(cur);
    const d = parseDecimal(cur.text);
    if (d === undefined) {
      this.f.error('INVALID_NUMBER', this.t('READ_NOT_DECIMAL', { value: cur.text.trim() }), cur.xpath());
      this.locate(cur);
      return undefined;
    }
    return Number(d.toFixed());
  }

  date(el: XmlElement | undefined, ...path: string[]): string | undefined {
    let cur = el;
    for (const l of path) cur = this.child(cur, l);
    if (!cur) return undefined;
    const holder = cur.children.find((c) => c.local === 'DateTimeString') ?? cur.children.find((c) => c.local === 'DateString');
    const target = holder ?? cur;
    this.take(cur);
    const t = target.text.trim();
    const format = target.attr('format');
    const m = DATE_102.exec(t);
    if (m && (format === undefined || format === '102')) return `${m[1]}-${m[2]}-${m[3]}`;
    if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
    this.f.warning('UNSUPPORTED_DATE', this.t('READ_DATE', { value: t, format: format ?? { key: 'NONE' } }), target.xpath());
    this.locate(target);
    return undefined;
  }

  locate(el: XmlElement): void {
    const last = this.f.items[this.f.items.length - 1];
    if (last) {
      last.line = el.line;
      last.column = el.column;
    }
  }

  unsupported(root: XmlElement): UnsupportedElement[] {
    const out: UnsupportedElement[] = [];
    const walk = (el: XmlElement): void => {
      if (this.consumed.has(el)) return;
      if (!this.visited.has(el)) {
        out.push({ path: el.xpath(), reason: this.notes.get(el) ?? this.t('READ_NOT_IN_MODEL', { element: el.local, known: KNOWN[el.local] ? ` (${KNOWN[el.local]})` : '' }), line: el.line });
        return;
      }
      for (const c of el.children) walk(c);
    };
    walk(root);
    return out;
  }
}

function profileOf(guideline: string | null): { profile: InvoiceProfile; name: CiiProfileName } {
  const g = (guideline ?? '').toLowerCase();
  if (g.includes('xrechnung')) return { profile: 'xrechnung', name: 'XRECHNUNG' };
  if (g.includes('minimum')) return { profile: 'en16931', name: 'MINIMUM' };
  if (g.includes('basicwl')) return { profile: 'en16931', name: 'BASIC WL' };
  if (g.includes('basic')) return { profile: 'en16931', name: 'BASIC' };
  if (g.includes('extended')) return { profile: 'en16931', name: 'EXTENDED' };
  if (g.includes('peppol')) return { profile: 'en16931', name: 'PEPPOL' };
  if (g === 'urn:cen.eu:en16931:2017') return { profile: 'en16931', name: 'EN 16931' };
  return { profile: 'en16931', name: 'unknown' };
}

// ------------------------------------------------------------------ the intermediate model
// The reader fills the model's input types (InferInput of the valibot schemas in ../model/invoice.ts). What a
// document may lack although the schema requires it stays optional here; parseInvoice reports it as an issue.

/** `T` with the keys `K` optional: required model values a document may not carry. */
type Lacking<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** Seller, buyer and deliver-to party as read (the seller's input type: the buyer's plus BT-29, BT-32, BT-33). */
type PartyInput = InvoiceInput['seller'];
type AddressInput = NonNullable<PartyInput['address']>;
type ContactInput = NonNullable<PartyInput['contact']>;
type DeliveryInput = NonNullable<InvoiceInput['delivery']>;
/** Document level allowance/charge (a line's has no VAT category and rate: those are never set for a line). */
type AllowanceChargeInput = NonNullable<InvoiceInput['allowanceCharges']>[number];
type NoteInput = NonNullable<InvoiceInput['notes']>[number];
type PayeeInput = NonNullable<InvoiceInput['payee']>;
type PaymentInput = NonNullable<InvoiceInput['payment']>;
type PeriodInput = NonNullable<InvoiceInput['invoicingPeriod']>;
/** (`name` and `ratePercent` are always set, only after the values read before them: the key order of the output.) */
type LineDraft = Lacking<InvoiceInput['lines'][number], 'name' | 'quantity' | 'unitPriceNet' | 'vatRatePercent' | 'lineNetAmount'>;
type VatBreakdownDraft = Lacking<InvoiceInput['vatBreakdown'][number], 'ratePercent' | 'basisAmount' | 'taxAmount'>;

/** The invoice as read: the model's input type, with what a document may lack optional and BT-3 as written. */
type InvoiceDraft = Lacking<Omit<InvoiceInput, 'documentTypeCode' | 'lines' | 'vatBreakdown' | 'seller' | 'buyer'>, 'invoiceNumber' | 'issueDate' | 'totalNet' | 'totalVat' | 'totalGross'> & {
  /** BT-3 as written; a code outside SUPPORTED_DOCUMENT_TYPES gets a DOCUMENT_TYPE_UNSUPPORTED warning. */
  documentTypeCode?: string;
  seller?: PartyInput;
  buyer?: InvoiceInput['buyer'];
  lines?: LineDraft[];
  vatBreakdown?: VatBreakdownDraft[];
};

/**
 * The draft handed out as the model's input type. Every value it holds has its input type (see InvoiceDraft); what
 * the narrowing does not prove is presence of the required values and a supported BT-3, and those are exactly what
 * `issues` (parseInvoice of the same object) reports.
 */
function asInvoiceInput(draft: InvoiceDraft): InvoiceInput {
  return draft as InvoiceInput;
}

function readParty(r: Reader, el: XmlElement, who: 'seller' | 'buyer' | 'delivery'): PartyInput {
  r.visit(el);
  const party: PartyInput = { name: r.text(el, 'Name') ?? '' };
  // BT-33 seller additional legal information
  if (who === 'seller' && r.child(el, 'Description')) {
    const d = r.text(el, 'Description');
    if (d !== undefined) party.legalInfo = d;
  }
  const ids = r.children(el, 'ID');
  if (who === 'seller' && ids[0] && r.attr(ids[0], 'schemeID') === undefined) set(party, 'customerAssignedId', r.text(ids[0]));
  for (const g of r.children(el, 'GlobalID')) {
    if (party.gln === undefined && r.attr(g, 'schemeID') === '0088') set(party, 'gln', r.text(g));
    else r.skip(g, r.t('READ_GLOBAL_ID', { scheme: r.attr(g, 'schemeID') ?? { key: 'NONE' } }));
  }
  const legal = r.child(el, 'SpecifiedLegalOrganization');
  if (legal) {
    r.visit(legal);
    const id = r.text(legal, 'ID');
    if (id !== undefined) party.registrationId = id;
  }
  const contacts = r.children(el, 'DefinedTradeContact');
  if (contacts[0]) {
    const c = r.visit(contacts[0])!;
    const contact: ContactInput = {};
    const name = r.text(c, 'PersonName') ?? (r.child(c, 'DepartmentName') ? r.text(c, 'DepartmentName') : undefined);
    if (name !== undefined) contact.name = name;
    const phone = r.text(c, 'TelephoneUniversalCommunication', 'CompleteNumber');
    if (phone !== undefined) contact.phone = phone;
    const email = r.text(c, 'EmailURIUniversalCommunication', 'URIID');
    if (email !== undefined) contact.email = email;
    if (Object.keys(contact).length) party.contact = contact;
  }
  const addr = r.child(el, 'PostalTradeAddress');
  if (addr) {
    r.visit(addr);
    const a: AddressInput = {};
    const set = (k: keyof typeof a, local: string): void => {
      const v = r.text(addr, local);
      if (v !== undefined) a[k] = v;
    };
    set('postalCode', 'PostcodeCode');
    set('line1', 'LineOne');
    set('line2', 'LineTwo');
    set('city', 'CityName');
    set('countryCode', 'CountryID');
    party.address = a;
  }
  const uri = r.child(el, 'URIUniversalCommunication');
  if (uri) {
    r.visit(uri);
    const idEl = r.child(uri, 'URIID');
    const id = r.text(uri, 'URIID');
    if (id !== undefined) {
      party.electronicAddress = { id };
      const scheme = r.attr(idEl, 'schemeID');
      if (scheme !== undefined) party.electronicAddress.scheme = scheme;
    }
  }
  for (const reg of r.children(el, 'SpecifiedTaxRegistration')) {
    const idEl = r.child(reg, 'ID');
    const scheme = r.attr(idEl, 'schemeID');
    if (scheme === 'VA' && party.vatId === undefined) {
      r.visit(reg);
      set(party, 'vatId', r.text(reg, 'ID'));
    } else if (scheme === 'FC' && who === 'seller' && party.taxNumber === undefined) {
      r.visit(reg);
      set(party, 'taxNumber', r.text(reg, 'ID'));
    } else r.skip(reg, r.t('READ_TAX_REGISTRATION', { scheme: scheme ?? { key: 'NONE' }, party: { key: who === 'seller' ? 'SELLER' : 'BUYER' } }));
  }
  return party;
}

function readAllowanceCharge(r: Reader, el: XmlElement, level: 'line' | 'document'): AllowanceChargeInput {
  r.visit(el);
  const ind = r.text(el, 'ChargeIndicator', 'Indicator');
  if (ind === undefined) r.f.warning('INVALID_INDICATOR', r.t('READ_NO_INDICATOR'), el.xpath());
  const ac: AllowanceChargeInput = { charge: ind === 'true' || ind === '1' };
  const amount = r.number(el, 'ActualAmount');
  if (amount !== undefined) ac.amount = amount;
  const basis = r.number(el, 'BasisAmount');
  if (basis !== undefined) ac.basisAmount = basis;
  const percent = r.number(el, 'CalculationPercent');
  if (percent !== undefined) ac.percent = percent;
  const reason = r.text(el, 'Reason');
  if (reason !== undefined) ac.reason = reason;
  const code = r.text(el, 'ReasonCode');
  if (code !== undefined) ac.reasonCode = code;
  if (level === 'document') {
    const tax = r.child(el, 'CategoryTradeTax');
    if (tax) {
      r.visit(tax);
      r.text(tax, 'TypeCode');
      const cat = r.text(tax, 'CategoryCode');
      if (cat !== undefined) ac.categoryCode = cat;
      const rate = r.number(tax, 'RateApplicablePercent');
      if (rate !== undefined) ac.ratePercent = rate;
      else if (cat === 'O') ac.ratePercent = 0;
    }
  }
  return ac;
}

/**
 * Reads a CII invoice.
 * @example
 * ```ts
 * const r = readCii(await readFile('xrechnung.xml'));
 * if (r.invoice) console.log(r.profileName, r.invoice.invoiceNumber);
 * for (const u of r.unsupported) console.log('not carried:', u.path);
 * ```
 */
export function readCii(xml: XmlInput, opts: ReadCiiOptions = {}): ReadCiiResult {
  const lang = opts.lang ?? 'en';
  const result: ReadCiiResult = { invoice: null, profile: null, profileName: 'unknown', guideline: null, businessProcess: null, attachments: [], unsupported: [], findings: [], issues: [] };
  let root: XmlElement;
  try {
    root = parseXml(xml, opts.limits ?? {}).root;
  } catch (e) {
    if (e instanceof KontorXmlError) {
      const finding: Finding = { code: e.code, severity: 'error', message: e.message };
      if (e.location) {
        finding.line = e.location.line;
        finding.column = e.location.column;
      }
      result.findings.push(finding);
      return result;
    }
    result.findings.push({ code: 'XML_MALFORMED', severity: 'error', message: (e as Error).message });
    return result;
  }
  if (root.local !== 'CrossIndustryInvoice' || root.ns !== NS.rsm) {
    const what =
      root.local === 'CrossIndustryDocument'
        ? msg('READ_ZUGFERD1', lang)
        : root.local === 'Invoice' || root.local === 'CreditNote'
          ? msg('READ_UBL', lang)
          : msg('READ_OTHER_ROOT', lang, { root: root.name, ns: root.ns || { key: 'NO_NAMESPACE' } });
    result.findings.push({ code: 'NOT_CII', severity: 'error', message: msg('READ_NOT_CII', lang, { what }), line: root.line, column: root.column });
    return result;
  }
  try {
    readInto(root, result, lang);
  } catch (e) {
    // Defensive: a reader bug must not take a server down; report it as a finding.
    result.findings.push({ code: 'READ_FAILED', severity: 'error', message: msg('READ_FAILED', lang, { reason: (e as Error).message }) });
    result.invoice = null;
  }
  return result;
}

function readInto(root: XmlElement, result: ReadCiiResult, lang: Lang): void {
  const r = new Reader(lang);
  r.visit(root);
  const inv: InvoiceDraft = {};
  const ctx = r.visit(r.child(root, 'ExchangedDocumentContext'));
  const bp = r.child(ctx, 'BusinessProcessSpecifiedDocumentContextParameter');
  if (bp) {
    r.visit(bp);
    result.businessProcess = r.text(bp, 'ID') ?? null;
  }
  const gl = r.child(ctx, 'GuidelineSpecifiedDocumentContextParameter');
  if (gl) {
    r.visit(gl);
    result.guideline = r.text(gl, 'ID') ?? null;
  }
  if (!result.guideline) result.findings.push({ code: 'GUIDELINE_MISSING', severity: 'warning', message: r.t('READ_NO_GUIDELINE') });
  const prof = profileOf(result.guideline);
  result.profile = prof.profile;
  result.profileName = prof.name;
  inv.profile = prof.profile;

  const doc = r.visit(r.child(root, 'ExchangedDocument'));
  set(inv, 'invoiceNumber', r.text(doc, 'ID'));
  const type = r.text(doc, 'TypeCode');
  if (type !== undefined) {
    inv.documentTypeCode = type;
    if (!(SUPPORTED_DOCUMENT_TYPES as readonly string[]).includes(type)) r.f.warning('DOCUMENT_TYPE_UNSUPPORTED', r.t('READ_DOCUMENT_TYPE', { code: type }), 'documentTypeCode', 'BT-3');
  }
  set(inv, 'issueDate', r.date(doc, 'IssueDateTime'));
  const notes: NoteInput[] = [];
  for (const n of r.children(doc, 'IncludedNote')) {
    r.visit(n);
    const contents = r.children(n, 'Content');
    const text = contents.length ? r.text(contents[0]) : undefined;
    for (const extra of contents.slice(1)) r.skip(extra, r.t('READ_NOTE_CONTENT'));
    const subject = r.text(n, 'SubjectCode');
    if (text === undefined) continue;
    notes.push(subject !== undefined ? { text, subjectCode: subject } : text);
  }
  if (notes.length) inv.notes = notes;

  const tx = r.visit(r.child(root, 'SupplyChainTradeTransaction'));
  const lines: LineDraft[] = [];
  for (const item of r.children(tx, 'IncludedSupplyChainTradeLineItem')) lines.push(readLine(r, item));
  inv.lines = lines;
  if (!lines.length) r.f.warning('NO_LINES', r.t('READ_NO_LINES'), 'lines', 'BG-25');

  const agr = r.visit(r.child(tx, 'ApplicableHeaderTradeAgreement'));
  set(inv, 'buyerReference', r.text(agr, 'BuyerReference'));
  const seller = r.child(agr, 'SellerTradeParty');
  inv.seller = seller ? readParty(r, seller, 'seller') : { name: '' };
  const buyer = r.child(agr, 'BuyerTradeParty');
  inv.buyer = buyer ? readParty(r, buyer, 'buyer') : { name: '' };
  const po = r.child(agr, 'BuyerOrderReferencedDocument');
  if (po) set(inv, 'purchaseOrderReference', r.text(r.visit(po), 'IssuerAssignedID'));
  const contract = r.child(agr, 'ContractReferencedDocument');
  if (contract) set(inv, 'contractReference', r.text(r.visit(contract), 'IssuerAssignedID'));
  for (const ref of r.children(agr, 'AdditionalReferencedDocument')) {
    const tc = ref.children.find((c) => c.local === 'TypeCode')?.text.trim();
    if (tc !== '916') {
      r.skip(ref, tc === '50' ? r.t('READ_BT17') : tc === '130' ? r.t('READ_BT18') : r.t('READ_REFERENCED_DOCUMENT', { code: tc ?? { key: 'NONE' } }));
      continue;
    }
    r.visit(ref);
    r.text(ref, 'TypeCode');
    const a: ReadAttachment = {};
    const id = r.text(ref, 'IssuerAssignedID');
    if (id !== undefined) a.id = id;
    const uri = r.text(ref, 'URIID');
    if (uri !== undefined) a.uri = uri;
    const name = r.text(ref, 'Name');
    if (name !== undefined) a.description = name;
    const bin = r.child(ref, 'AttachmentBinaryObject');
    if (bin) {
      r.take(bin);
      const data = bin.text.replace(/\s+/g, '');
      if (data) a.data = data;
      const mime = r.attr(bin, 'mimeCode');
      if (mime !== undefined) a.mimeType = mime;
      const fn = r.attr(bin, 'filename');
      if (fn !== undefined) a.filename = fn;
    }
    result.attachments.push(a);
  }
  const project = r.child(agr, 'SpecifiedProcuringProject');
  if (project) {
    r.visit(project);
    set(inv, 'projectReference', r.text(project, 'ID'));
    r.text(project, 'Name');
  }

  const del = r.visit(r.child(tx, 'ApplicableHeaderTradeDelivery'));
  const shipTo = r.child(del, 'ShipToTradeParty');
  if (shipTo) {
    const p = readParty(r, shipTo, 'delivery');
    const delivery: DeliveryInput = {};
    if (p.name !== '') delivery.name = p.name;
    if (p.gln !== undefined) delivery.gln = p.gln;
    if (p.address) {
      const { countryCode, ...rest } = p.address;
      if (countryCode !== undefined) inv.deliveryCountryCode = countryCode;
      if (Object.keys(rest).length) delivery.address = p.address;
    }
    for (const k of ['vatId', 'registrationId', 'contact', 'electronicAddress', 'customerAssignedId', 'taxNumber'] as const) {
      if (p[k] !== undefined) r.f.info('DELIVERY_PARTY_DETAIL_DROPPED', r.t('READ_DELIVERY_DETAIL', { field: k }), `delivery.${k}`);
    }
    if (Object.keys(delivery).length) inv.delivery = delivery;
  }
  const event = r.child(del, 'ActualDeliverySupplyChainEvent');
  if (event) {
    r.visit(event);
    set(inv, 'deliveryDate', r.date(event, 'OccurrenceDateTime'));
  }
  const desp = r.child(del, 'DespatchAdviceReferencedDocument');
  if (desp) set(inv, 'despatchAdviceRef', r.text(r.visit(desp), 'IssuerAssignedID'));
  const recv = r.child(del, 'ReceivingAdviceReferencedDocument');
  if (recv) set(inv, 'receivingAdviceRef', r.text(r.visit(recv), 'IssuerAssignedID'));

  readSettlement(r, r.visit(r.child(tx, 'ApplicableHeaderTradeSettlement')), inv);

  result.unsupported = r.unsupported(root);
  for (const f of r.f.items) result.findings.push(f);
  result.invoice = asInvoiceInput(inv);
  const parsed = parseInvoice(inv, { lang });
  result.issues = parsed.issues;
}

/** Sets `obj[key]` when the document had a value (an absent element leaves the key out). */
function set<T extends object, K extends keyof T>(obj: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) obj[key] = value;
}

function readLine(r: Reader, item: XmlElement): LineDraft {
  r.visit(item);
  const line: LineDraft = {};
  const docLine = r.child(item, 'AssociatedDocumentLineDocument');
  if (docLine) {
    r.visit(docLine);
    r.text(docLine, 'LineID');
  }
  const product = r.child(item, 'SpecifiedTradeProduct');
  if (product) {
    r.visit(product);
    const g = r.child(product, 'GlobalID');
    if (g) {
      line.globalArticleId = r.text(g);
      const scheme = r.attr(g, 'schemeID');
      if (scheme !== undefined) line.globalArticleScheme = scheme;
    }
    set(line, 'sellerArticleId', r.text(product, 'SellerAssignedID'));
    set(line, 'buyerArticleId', r.text(product, 'BuyerAssignedID'));
    line.name = r.text(product, 'Name') ?? '';
  } else line.name = '';
  const agreement = r.child(item, 'SpecifiedLineTradeAgreement');
  const net = r.child(agreement, 'NetPriceProductTradePrice');
  if (net) {
    r.visit(agreement);
    r.visit(net);
    const price = r.number(net, 'ChargeAmount');
    const baseQty = r.child(net, 'BasisQuantity');
    if (price !== undefined) {
      line.unitPriceNet = price;
      if (baseQty) {
        const q = parseDecimal(baseQty.text);
        r.take(baseQty);
        if (q !== undefined && !q.eq(0) && !q.eq(1)) {
          line.unitPriceNet = Number(new Big(String(price)).div(q).round(10, Big.roundHalfUp).toFixed());
          r.f.info('PRICE_BASE_QUANTITY_CONVERTED', r.t('READ_PRICE_BASE', { price, quantity: q.toFixed() }), baseQty.xpath(), 'BT-149');
          r.locate(baseQty);
        }
      }
    }
  }
  const delivery = r.child(item, 'SpecifiedLineTradeDelivery');
  const billed = r.child(delivery, 'BilledQuantity');
  if (billed) {
    r.visit(delivery);
    const q = r.number(billed);
    if (q !== undefined) line.quantity = q;
    const unit = r.attr(billed, 'unitCode');
    if (unit !== undefined) line.unitCode = unit;
  }
  const settlement = r.child(item, 'SpecifiedLineTradeSettlement');
  if (settlement) {
    r.visit(settlement);
    const tax = r.child(settlement, 'ApplicableTradeTax');
    if (tax) {
      r.visit(tax);
      r.text(tax, 'TypeCode');
      const cat = r.text(tax, 'CategoryCode');
      if (cat !== undefined) line.categoryCode = cat;
      const rate = r.number(tax, 'RateApplicablePercent');
      line.vatRatePercent = rate ?? 0;
    }
    const acs = r.children(settlement, 'SpecifiedTradeAllowanceCharge').map((el) => readAllowanceCharge(r, el, 'line'));
    if (acs.length) line.allowanceCharges = acs;
    const sum = r.child(settlement, 'SpecifiedTradeSettlementLineMonetarySummation');
    if (sum) {
      r.visit(sum);
      set(line, 'lineNetAmount', r.number(sum, 'LineTotalAmount'));
    }
  }
  return line;
}

function readSettlement(r: Reader, st: XmlElement | undefined, inv: InvoiceDraft): void {
  if (!st) return;
  const payment: PaymentInput = {};
  set(payment, 'creditorId', r.text(st, 'CreditorReferenceID'));
  set(payment, 'reference', r.text(st, 'PaymentReference'));
  set(inv, 'taxCurrencyCode', r.text(st, 'TaxCurrencyCode'));
  const currency = r.text(st, 'InvoiceCurrencyCode');
  set(inv, 'currency', currency);
  const payee = r.child(st, 'PayeeTradeParty');
  if (payee) {
    r.visit(payee);
    const pe: PayeeInput = { name: r.text(payee, 'Name') ?? '' };
    const ids = r.children(payee, 'ID');
    if (ids[0]) set(pe, 'id', r.text(ids[0]));
    for (const g of r.children(payee, 'GlobalID')) {
      if (pe.gln === undefined && r.attr(g, 'schemeID') === '0088') pe.gln = r.text(g);
    }
    const legal = r.child(payee, 'SpecifiedLegalOrganization');
    if (legal) set(pe, 'registrationId', r.text(r.visit(legal), 'ID'));
    inv.payee = pe;
  }
  const means = r.children(st, 'SpecifiedTradeSettlementPaymentMeans');
  if (means[0]) {
    const m = r.visit(means[0])!;
    set(payment, 'meansCode', r.text(m, 'TypeCode'));
    const info = r.children(m, 'Information');
    if (info[0]) set(payment, 'meansText', r.text(info[0]));
    const card = r.child(m, 'ApplicableTradeSettlementFinancialCard');
    if (card) {
      r.visit(card);
      set(payment, 'cardNumber', r.text(card, 'ID'));
      set(payment, 'cardHolder', r.text(card, 'CardholderName'));
    }
    const debtor = r.child(m, 'PayerPartyDebtorFinancialAccount');
    if (debtor) set(payment, 'debitedIban', r.text(r.visit(debtor), 'IBANID'));
    const creditor = r.child(m, 'PayeePartyCreditorFinancialAccount');
    if (creditor) {
      r.visit(creditor);
      set(payment, 'iban', r.text(creditor, 'IBANID'));
      set(payment, 'accountName', r.text(creditor, 'AccountName'));
    }
    const inst = r.child(m, 'PayeeSpecifiedCreditorFinancialInstitution');
    if (inst) set(payment, 'bic', r.text(r.visit(inst), 'BICID'));
    for (const extra of means.slice(1)) r.skip(extra, r.t('READ_ONE_MEANS'));
  }
  const breakdown: VatBreakdownDraft[] = [];
  for (const t of r.children(st, 'ApplicableTradeTax')) {
    r.visit(t);
    const b: VatBreakdownDraft = {};
    set(b, 'taxAmount', r.number(t, 'CalculatedAmount'));
    r.text(t, 'TypeCode');
    set(b, 'exemptionReason', r.text(t, 'ExemptionReason'));
    set(b, 'basisAmount', r.number(t, 'BasisAmount'));
    set(b, 'categoryCode', r.text(t, 'CategoryCode'));
    set(b, 'exemptionReasonCode', r.text(t, 'ExemptionReasonCode'));
    b.ratePercent = r.number(t, 'RateApplicablePercent') ?? 0;
    breakdown.push(b);
  }
  inv.vatBreakdown = breakdown;
  const period = r.child(st, 'BillingSpecifiedPeriod');
  if (period) {
    r.visit(period);
    const p: PeriodInput = {};
    set(p, 'start', r.date(period, 'StartDateTime'));
    set(p, 'end', r.date(period, 'EndDateTime'));
    inv.invoicingPeriod = p;
  }
  const acs = r.children(st, 'SpecifiedTradeAllowanceCharge').map((el) => readAllowanceCharge(r, el, 'document'));
  if (acs.length) inv.allowanceCharges = acs;
  const terms = r.children(st, 'SpecifiedTradePaymentTerms');
  if (terms[0]) {
    const t = r.visit(terms[0])!;
    const descs = r.children(t, 'Description');
    if (descs[0]) {
      r.take(descs[0]);
      const raw = descs[0].text.replace(/\r\n/g, '\n');
      const split = splitSkontoMarkers(
        raw
          .split('\n')
          .map((l) => l.trim())
          .join('\n'),
      );
      if (split.text !== undefined) payment.terms = split.text;
      const [first, ...more] = split.stages;
      if (first && first.basisAmount === undefined) {
        payment.discountPercent = first.percent;
        payment.discountDays = first.days;
      } else if (first) more.unshift(first);
      if (more.length) payment.discountStages = more;
    }
    set(inv, 'dueDate', r.date(t, 'DueDateDateTime'));
    set(payment, 'mandateId', r.text(t, 'DirectDebitMandateID'));
    for (const extra of terms.slice(1)) r.skip(extra, r.t('READ_ONE_TERMS'));
  }
  const sum = r.child(st, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  if (sum) {
    r.visit(sum);
    r.number(sum, 'LineTotalAmount');
    r.number(sum, 'ChargeTotalAmount');
    r.number(sum, 'AllowanceTotalAmount');
    set(inv, 'totalNet', r.number(sum, 'TaxBasisTotalAmount'));
    for (const t of r.children(sum, 'TaxTotalAmount')) {
      const cur = r.attr(t, 'currencyID');
      if ((cur === undefined || cur === currency) && inv.totalVat === undefined) set(inv, 'totalVat', r.number(t));
      else if (cur !== undefined && cur !== currency && inv.totalVatInTaxCurrency === undefined) set(inv, 'totalVatInTaxCurrency', r.number(t));
      else r.skip(t, r.t('READ_TAX_TOTAL'));
    }
    set(inv, 'totalGross', r.number(sum, 'GrandTotalAmount'));
    const paid = r.number(sum, 'TotalPrepaidAmount');
    if (paid !== undefined) inv.paidAmount = paid;
    r.number(sum, 'DuePayableAmount');
  }
  const prec = r.children(st, 'InvoiceReferencedDocument');
  if (prec[0]) {
    r.visit(prec[0]);
    set(inv, 'precedingInvoiceNumber', r.text(prec[0], 'IssuerAssignedID'));
    set(inv, 'precedingInvoiceDate', r.date(prec[0], 'FormattedIssueDateTime'));
  }
  const acc = r.children(st, 'ReceivableSpecifiedTradeAccountingAccount');
  if (acc[0]) set(inv, 'costCenter', r.text(r.visit(acc[0]), 'ID'));
  if (Object.keys(payment).length) inv.payment = payment;
}
