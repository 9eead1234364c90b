/**
 * CII writer (UN/CEFACT CII D16B, EN 16931 semantic model; profiles en16931 and xrechnung). Element order follows
 * the D16B XSD sequences exactly. Deterministic: the same invoice and options give the same bytes.
 */
import { formatDecimal, formatDecimalTrim, XmlWriter, type Lang, type SchemaStore } from '@kontor/xml';
import { msg } from '../messages';
import { validateCii, type CiiValidationResult } from '../rules/engine';
import { attachmentMimeFromFilename } from '../codelists/attachment-types';
import { CARD_CODES } from '../codelists/payment-means';
import { readDiscountStages } from '../calc/normalize';
import { prepareInvoice, type AttachmentsMode, type CiiAttachment, type PreparedInvoice } from '../calc/check';
import { dec } from '../internal/decimal';
import { CiiError } from '../internal/errors';
import { positionOf, type Finding } from '../internal/findings';
import type { Invoice, InvoiceAddress, InvoiceProfile } from '../model/invoice';
import { parseInvoice } from '../model/parse';
import { legalContentWarnings } from '../rules/de-ustg/legal-content';
import { toInvoiceWarnings, type InvoiceWarning } from './warnings';

export const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const;

/** BT-24 per profile and the Peppol business process (BT-23) XRechnung carries. */
export const GUIDELINES = {
  en16931: 'urn:cen.eu:en16931:2017',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
} as const;
export const PEPPOL_BUSINESS_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

export interface WriteCiiOptions {
  /** Overrides invoice.profile. */
  profile?: InvoiceProfile;
  /** 'embedded' (default, format=xml): attachments as base64 in BT-125; 'pdf': references (type 916) to files the PDF/A-3 embeds. */
  attachmentsMode?: AttachmentsMode;
  attachments?: readonly CiiAttachment[];
  /** Language of the finding messages (default en), and of `warnings` unless `warningLang` says otherwise. */
  lang?: Lang | undefined;
  /**
   * Language of `warnings` when it differs from the findings' (POST /invoices: warnings in the document language, the
   * error findings after Accept-Language); default `lang`.
   */
  warningLang?: Lang | undefined;
  /** The German legal-content warnings (§ 14 UStG, § 35a GmbHG, ...) for a German seller; default true. */
  legalChecks?: boolean;
  /**
   * Schema store for the authoritative gate's XSD step (set cii-d16b). Without one, or when the set is not
   * installed, the gate runs the native rules only and reports `gate.xsd: 'unavailable'`.
   */
  schemaStore?: SchemaStore;
  /**
   * The authoritative gate on the generated XML (XSD when available, then the native EN 16931 / XRechnung rules);
   * default true. Only a caller that gates its own output (generateUbl gates the UBL it derives) passes false.
   */
  gate?: boolean;
}

/** What the authoritative gate checked on the generated XML. */
export interface GenerateGateReport {
  /** XSD step: passed, failed, or unavailable (no schema store given, or the set is not installed). */
  xsd: 'passed' | 'failed' | 'unavailable';
  /** Native EN 16931 (and XRechnung, for that profile) rules on the generated XML. */
  rules: 'passed' | 'failed';
  /** Why the XSD step was unavailable. */
  note?: string;
}

/** What both outcomes of generateCii (and generateUbl) carry. */
interface GenerateResultBase {
  /** The authoritative gate's outcome (present once XML was generated and gated). */
  gate?: GenerateGateReport | undefined;
  /** Schema issues and rule findings (errors when not ok; warnings and infos otherwise). */
  findings: Finding[];
  /** The normalised invoice (when the input got that far). */
  invoice?: Invoice | undefined;
  /** The findings of severity warning as {code, message, path} in the requested language (never blocking). */
  warnings: InvoiceWarning[];
}

/** The invoice was written (and, unless `gate: false`, passed the gate). Narrow on `ok` to reach `xml`. */
export interface GenerateSuccess extends GenerateResultBase {
  ok: true;
  /** The XML (CII from generateCii, UBL from generateUbl). */
  xml: string;
  /** UTF-8 length of xml. */
  bytes: number;
  /** The normalised invoice that was written. */
  invoice: Invoice;
  stage?: undefined;
}

/** Nothing was written; `findings` say why. */
export interface GenerateFailure extends GenerateResultBase {
  ok: false;
  /**
   * Where the rejection happened: 'input' — the invoice data broke the schema or a rule (the caller's fault;
   * HTTP 400); 'gate' — the XML we generated failed the authoritative check (our fault; HTTP 502).
   */
  stage: 'input' | 'gate';
  xml?: undefined;
  bytes?: undefined;
}

export type GenerateCiiResult = GenerateSuccess | GenerateFailure;

/**
 * Parses, checks and writes in one call; never throws for bad input. This is what POST /invoices?format=xml runs.
 * @example
 * ```ts
 * const invoice = completeInvoice({ invoiceNumber: 'RE-1', issueDate: '2026-03-10', dueDate: '2026-04-09',
 *   seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
 *   buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
 *   lines: [{ name: 'Beratung', quantity: 8, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }] });
 * const r = generateCii(invoice, { profile: 'xrechnung', lang: 'de' });
 * if (r.ok) await writeFile('RE-1.xml', r.xml);
 * else console.log(r.stage, r.findings.map((f) => f.code)); // 'input' [ 'BR-DE-15', … ]
 * ```
 */
export function generateCii(json: unknown, opts: WriteCiiOptions = {}): GenerateCiiResult {
  const lang: Lang = opts.lang === 'de' ? 'de' : 'en';
  const warningLang: Lang = opts.warningLang ?? lang;
  const parsed = parseInvoice(json, { lang });
  if (!parsed.invoice) return { ok: false, stage: 'input', findings: parsed.issues, warnings: toInvoiceWarnings(parsed.issues, warningLang) };
  const prepared = prepareInvoice(parsed.invoice, checkOpts(opts));
  // legal content runs on what the sender wrote (before defaults such as the AE text are filled in)
  const legal = opts.legalChecks === false ? [] : legalContentWarnings(parsed.invoice);
  const legalFindings: Finding[] = legal.map((w) => ({ code: w.code, severity: 'warning', message: w[lang], path: w.path, ...(w.bt !== undefined ? { bt: w.bt } : {}) }));
  const texts = new Map([...prepared.texts, ...legal.map((w) => [`${w.code}|${w.path}`, { de: w.de, en: w.en }] as const)]);
  const findings = mergeFindings(parsed.issues, [...prepared.findings, ...legalFindings]);
  const warnings = toInvoiceWarnings(findings, warningLang, texts);
  if (!prepared.ok || !parsed.ok) return { ok: false, stage: 'input', findings, invoice: prepared.invoice, warnings };
  const xml = serialize(prepared, opts);
  if (opts.gate === false) return { ok: true, xml, bytes: new TextEncoder().encode(xml).byteLength, findings, invoice: prepared.invoice, warnings };
  const profile = prepared.invoice.profile === 'xrechnung' ? 'xrechnung' : 'en16931';
  const check = validateCii(xml, { profile, ...(opts.schemaStore ? { schemaStore: opts.schemaStore } : {}), limits: { maxBytes: Number.MAX_SAFE_INTEGER } });
  const { gate, failed } = evaluateGate(check, lang);
  if (failed.length || check.verdict === 'invalid') return { ok: false, stage: 'gate', gate, findings: failed, invoice: prepared.invoice, warnings };
  return { ok: true, gate, xml, bytes: new TextEncoder().encode(xml).byteLength, findings, invoice: prepared.invoice, warnings };
}

/**
 * The gate report and blocking findings of a validation of generated XML (CII here; generateUbl uses it for its
 * UBL check, whose result has the same xsd/findings shape).
 * @example
 * ```ts
 * const check = validateCii(xml, { profile: 'en16931' });
 * const { gate, failed } = evaluateGate(check, 'en');
 * console.log(gate); // { xsd: 'unavailable', rules: 'passed', note: … }; failed: the blocking findings
 * ```
 */
export function evaluateGate(check: Pick<CiiValidationResult, 'verdict' | 'findings' | 'xsd'>, lang: Lang = 'en'): { gate: GenerateGateReport; failed: Finding[] } {
  const failed: Finding[] = check.findings.filter((f) => f.severity === 'error').map((f) => ({ code: f.code, severity: 'error', message: f.message, ...positionOf(f) }) as Finding);
  const xsd = !check.xsd.available ? 'unavailable' : check.xsd.valid === false ? 'failed' : 'passed';
  const rulesFailed = check.findings.some((f) => f.severity === 'error' && f.ruleset !== 'xsd');
  if (check.verdict === 'invalid' && !failed.length) {
    failed.push({ code: 'GATE_FAILED', severity: 'error', message: msg('GATE_FAILED', lang) });
  }
  const gate: GenerateGateReport = { xsd, rules: rulesFailed || (check.verdict === 'invalid' && xsd !== 'failed') ? 'failed' : 'passed' };
  if (xsd === 'unavailable' && check.xsd.note) gate.note = check.xsd.note;
  return { gate, failed };
}

/**
 * Writes the CII XML of an invoice. Throws CiiError INVOICE_INVALID (with the findings) when the schema or a
 * rule rejects the invoice; use generateCii for a non-throwing variant.
 * @example
 * ```ts
 * const invoice = completeInvoice({ invoiceNumber: 'RE-1', issueDate: '2026-03-10', dueDate: '2026-04-09',
 *   seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
 *   buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
 *   lines: [{ name: 'Beratung', quantity: 8, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }] });
 * const xml = writeCii(invoice, { profile: 'en16931' }); // throws CiiError INVOICE_INVALID on blocking findings
 * ```
 */
export function writeCii(invoice: unknown, opts: WriteCiiOptions = {}): string {
  if (opts.attachmentsMode !== undefined && opts.attachmentsMode !== 'embedded' && opts.attachmentsMode !== 'pdf') {
    throw new CiiError('INVALID_ARGUMENT', `attachmentsMode must be 'embedded' or 'pdf'`);
  }
  if (opts.profile !== undefined && opts.profile !== 'en16931' && opts.profile !== 'xrechnung') throw new CiiError('INVALID_ARGUMENT', `profile must be 'en16931' or 'xrechnung'`);
  const r = generateCii(invoice, opts);
  if (!r.ok || r.xml === undefined) {
    const errors = r.findings.filter((f) => f.severity === 'error');
    throw new CiiError('INVOICE_INVALID', `The invoice cannot be written: ${errors.map((e) => `${e.code}${e.path ? ` at ${e.path}` : ''}`).join(', ')}`, { details: r.findings });
  }
  return r.xml;
}

function checkOpts(opts: WriteCiiOptions): Parameters<typeof prepareInvoice>[1] {
  const o: Parameters<typeof prepareInvoice>[1] = {};
  if (opts.profile) o.profile = opts.profile;
  if (opts.attachments) o.attachments = opts.attachments;
  if (opts.attachmentsMode) o.attachmentsMode = opts.attachmentsMode;
  if (opts.lang) o.lang = opts.lang;
  return o;
}

function mergeFindings(a: readonly Finding[], b: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const f of [...a, ...b]) {
    const k = `${f.code}|${f.path ?? ''}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(f);
  }
  return out;
}

const amount = (n: number | { toFixed(dp: number): string }): string => formatDecimal(typeof n === 'number' ? n : n.toFixed(2), 2);
const decimal = (n: number, minDp = 0): string => formatDecimalTrim(n, minDp);
const date102 = (iso: string): string => iso.replace(/-/g, '');

function toBase64(data: Uint8Array | string): string {
  if (typeof data !== 'string') return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
  const clean = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new CiiError('INVALID_ATTACHMENT', 'Attachment data is neither bytes nor base64');
  return clean;
}

function serialize(prepared: PreparedInvoice, opts: WriteCiiOptions): string {
  const inv = prepared.invoice;
  const totals = prepared.totals;
  const xr = inv.profile === 'xrechnung';
  const w = new XmlWriter();
  const dateEl = (name: string, iso: string, prefix: 'udt' | 'qdt' = 'udt'): void => {
    w.open(name).leaf(`${prefix}:DateTimeString`, date102(iso), { format: '102' }).close();
  };

  w.open('rsm:CrossIndustryInvoice', { 'xmlns:rsm': NS.rsm, 'xmlns:qdt': NS.qdt, 'xmlns:ram': NS.ram, 'xmlns:udt': NS.udt });

  w.open('rsm:ExchangedDocumentContext');
  if (xr) w.open('ram:BusinessProcessSpecifiedDocumentContextParameter').leaf('ram:ID', PEPPOL_BUSINESS_PROCESS).close();
  w.open('ram:GuidelineSpecifiedDocumentContextParameter').leaf('ram:ID', GUIDELINES[inv.profile]).close();
  w.close();

  w.open('rsm:ExchangedDocument');
  w.leaf('ram:ID', inv.invoiceNumber);
  w.leaf('ram:TypeCode', inv.documentTypeCode);
  dateEl('ram:IssueDateTime', inv.issueDate);
  for (const n of inv.notes ?? []) {
    w.open('ram:IncludedNote');
    if (typeof n === 'string') w.leaf('ram:Content', n);
    else w.leaf('ram:Content', n.text).leaf('ram:SubjectCode', n.subjectCode);
    w.close();
  }
  w.close();

  w.open('rsm:SupplyChainTradeTransaction');
  inv.lines.forEach((line, i) => {
    w.open('ram:IncludedSupplyChainTradeLineItem');
    w.open('ram:AssociatedDocumentLineDocument')
      .leaf('ram:LineID', String(i + 1))
      .close();
    w.open('ram:SpecifiedTradeProduct');
    if (line.globalArticleId !== undefined) w.leaf('ram:GlobalID', line.globalArticleId, { schemeID: line.globalArticleScheme ?? '0160' });
    w.leaf('ram:SellerAssignedID', line.sellerArticleId);
    w.leaf('ram:BuyerAssignedID', line.buyerArticleId);
    w.leaf('ram:Name', line.name);
    w.close();
    w.open('ram:SpecifiedLineTradeAgreement');
    w.open('ram:NetPriceProductTradePrice').leaf('ram:ChargeAmount', decimal(line.unitPriceNet, 2)).close();
    w.close();
    w.open('ram:SpecifiedLineTradeDelivery').leaf('ram:BilledQuantity', decimal(line.quantity), { unitCode: line.unitCode }).close();
    w.open('ram:SpecifiedLineTradeSettlement');
    w.open('ram:ApplicableTradeTax')
      .leaf('ram:TypeCode', 'VAT')
      .leaf('ram:CategoryCode', line.categoryCode ?? 'S');
    if (line.categoryCode !== 'O') w.leaf('ram:RateApplicablePercent', decimal(line.vatRatePercent, 2));
    w.close();
    for (const ac of line.allowanceCharges ?? []) {
      w.open('ram:SpecifiedTradeAllowanceCharge');
      w.open('ram:ChargeIndicator')
        .leaf('udt:Indicator', ac.charge ? 'true' : 'false')
        .close();
      if (ac.percent !== undefined) w.leaf('ram:CalculationPercent', decimal(ac.percent, 2));
      if (ac.basisAmount !== undefined) w.leaf('ram:BasisAmount', amount(ac.basisAmount));
      w.leaf('ram:ActualAmount', amount(ac.amount ?? 0));
      w.leaf('ram:ReasonCode', ac.reasonCode);
      w.leaf('ram:Reason', ac.reason);
      w.close();
    }
    w.open('ram:SpecifiedTradeSettlementLineMonetarySummation').leaf('ram:LineTotalAmount', amount(line.lineNetAmount)).close();
    w.close();
    w.close();
  });

  // BG-4 seller, BG-7 buyer, references, attachments (BG-24), project (BT-11).
  w.open('ram:ApplicableHeaderTradeAgreement');
  w.leaf('ram:BuyerReference', inv.buyerReference);
  writeParty(w, 'ram:SellerTradeParty', inv.seller, inv.seller.customerAssignedId, inv.seller.taxNumber);
  writeParty(w, 'ram:BuyerTradeParty', inv.buyer, undefined, undefined);
  if (inv.purchaseOrderReference !== undefined) w.open('ram:BuyerOrderReferencedDocument').leaf('ram:IssuerAssignedID', inv.purchaseOrderReference).close();
  if (inv.contractReference !== undefined) w.open('ram:ContractReferencedDocument').leaf('ram:IssuerAssignedID', inv.contractReference).close();
  for (const a of opts.attachments ?? []) {
    w.open('ram:AdditionalReferencedDocument');
    w.leaf('ram:IssuerAssignedID', a.id ?? a.filename);
    w.leaf('ram:TypeCode', '916');
    w.leaf('ram:Name', a.description ?? a.filename);
    if ((opts.attachmentsMode ?? 'embedded') === 'embedded' && a.data !== undefined) {
      w.leaf('ram:AttachmentBinaryObject', toBase64(a.data), { mimeCode: a.mimeType ?? attachmentMimeFromFilename(a.filename) ?? 'application/octet-stream', filename: a.filename });
    }
    w.close();
  }
  if (inv.projectReference !== undefined) w.open('ram:SpecifiedProcuringProject').leaf('ram:ID', inv.projectReference).leaf('ram:Name', 'Project reference').close();
  w.close();

  // BG-13 delivery.
  const d = inv.delivery;
  const hasDelivery = d !== undefined || inv.deliveryCountryCode !== undefined || inv.deliveryDate !== undefined || inv.despatchAdviceRef !== undefined || inv.receivingAdviceRef !== undefined;
  if (!hasDelivery) w.empty('ram:ApplicableHeaderTradeDelivery');
  else w.open('ram:ApplicableHeaderTradeDelivery');
  if (d || inv.deliveryCountryCode !== undefined) {
    w.open('ram:ShipToTradeParty');
    if (d?.gln !== undefined) w.leaf('ram:GlobalID', d.gln, { schemeID: '0088' });
    w.leaf('ram:Name', d?.name);
    const country = d?.address?.countryCode ?? inv.deliveryCountryCode;
    if (d?.address || country !== undefined) writeAddress(w, { ...(d?.address ?? {}), countryCode: country });
    w.close();
  }
  if (inv.deliveryDate !== undefined) {
    w.open('ram:ActualDeliverySupplyChainEvent');
    dateEl('ram:OccurrenceDateTime', inv.deliveryDate);
    w.close();
  }
  if (inv.despatchAdviceRef !== undefined) w.open('ram:DespatchAdviceReferencedDocument').leaf('ram:IssuerAssignedID', inv.despatchAdviceRef).close();
  if (inv.receivingAdviceRef !== undefined) w.open('ram:ReceivingAdviceReferencedDocument').leaf('ram:IssuerAssignedID', inv.receivingAdviceRef).close();
  if (hasDelivery) w.close();

  // Settlement.
  const p = inv.payment;
  const means = p?.meansCode;
  const directDebit = means === '59' || means === '49';
  w.open('ram:ApplicableHeaderTradeSettlement');
  if (directDebit) w.leaf('ram:CreditorReferenceID', p?.creditorId);
  w.leaf('ram:PaymentReference', p?.reference);
  w.leaf('ram:TaxCurrencyCode', inv.taxCurrencyCode);
  w.leaf('ram:InvoiceCurrencyCode', inv.currency);
  if (inv.payee) {
    w.open('ram:PayeeTradeParty');
    w.leaf('ram:ID', inv.payee.id);
    if (inv.payee.gln !== undefined) w.leaf('ram:GlobalID', inv.payee.gln, { schemeID: '0088' });
    w.leaf('ram:Name', inv.payee.name);
    if (inv.payee.registrationId !== undefined) w.open('ram:SpecifiedLegalOrganization').leaf('ram:ID', inv.payee.registrationId).close();
    w.close();
  }
  if (p && means !== undefined) {
    w.open('ram:SpecifiedTradeSettlementPaymentMeans');
    w.leaf('ram:TypeCode', means);
    w.leaf('ram:Information', p.meansText);
    if (CARD_CODES.has(means) && p.cardNumber !== undefined) {
      w.open('ram:ApplicableTradeSettlementFinancialCard').leaf('ram:ID', p.cardNumber).leaf('ram:CardholderName', p.cardHolder).close();
    }
    if (directDebit && p.debitedIban !== undefined) w.open('ram:PayerPartyDebtorFinancialAccount').leaf('ram:IBANID', p.debitedIban).close();
    if (!directDebit && p.iban !== undefined) {
      w.open('ram:PayeePartyCreditorFinancialAccount').leaf('ram:IBANID', p.iban).leaf('ram:AccountName', p.accountName).close();
      if (p.bic !== undefined) w.open('ram:PayeeSpecifiedCreditorFinancialInstitution').leaf('ram:BICID', p.bic).close();
    }
    w.close();
  }
  for (const b of inv.vatBreakdown) {
    w.open('ram:ApplicableTradeTax');
    w.leaf('ram:CalculatedAmount', amount(b.taxAmount));
    w.leaf('ram:TypeCode', 'VAT');
    w.leaf('ram:ExemptionReason', b.exemptionReason);
    w.leaf('ram:BasisAmount', amount(b.basisAmount));
    w.leaf('ram:CategoryCode', b.categoryCode);
    w.leaf('ram:ExemptionReasonCode', b.exemptionReasonCode?.toUpperCase());
    // XRechnung wants BT-119 on every entry (BR-DE-14); for O EN 16931 allows 0.
    w.leaf('ram:RateApplicablePercent', decimal(b.ratePercent, 2));
    w.close();
  }
  if (inv.invoicingPeriod) {
    w.open('ram:BillingSpecifiedPeriod');
    if (inv.invoicingPeriod.start !== undefined) dateEl('ram:StartDateTime', inv.invoicingPeriod.start);
    if (inv.invoicingPeriod.end !== undefined) dateEl('ram:EndDateTime', inv.invoicingPeriod.end);
    w.close();
  }
  for (const ac of inv.allowanceCharges ?? []) {
    w.open('ram:SpecifiedTradeAllowanceCharge');
    w.open('ram:ChargeIndicator')
      .leaf('udt:Indicator', ac.charge ? 'true' : 'false')
      .close();
    if (ac.percent !== undefined) w.leaf('ram:CalculationPercent', decimal(ac.percent, 2));
    if (ac.basisAmount !== undefined) w.leaf('ram:BasisAmount', amount(ac.basisAmount));
    w.leaf('ram:ActualAmount', amount(ac.amount ?? 0));
    w.leaf('ram:ReasonCode', ac.reasonCode);
    w.leaf('ram:Reason', ac.reason);
    w.open('ram:CategoryTradeTax')
      .leaf('ram:TypeCode', 'VAT')
      .leaf('ram:CategoryCode', ac.categoryCode ?? 'S');
    if (ac.categoryCode !== 'O' && ac.ratePercent !== undefined) w.leaf('ram:RateApplicablePercent', decimal(ac.ratePercent, 2));
    w.close();
    w.close();
  }
  const terms = paymentTermsText(inv);
  const mandate = directDebit ? p?.mandateId : undefined;
  if (terms !== undefined || inv.dueDate !== undefined || mandate !== undefined) {
    w.open('ram:SpecifiedTradePaymentTerms');
    w.leaf('ram:Description', terms);
    if (inv.dueDate !== undefined) dateEl('ram:DueDateDateTime', inv.dueDate);
    w.leaf('ram:DirectDebitMandateID', mandate);
    w.close();
  }
  w.open('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  w.leaf('ram:LineTotalAmount', amount(totals.lineTotal));
  if ((inv.allowanceCharges ?? []).some((a) => a.charge)) w.leaf('ram:ChargeTotalAmount', amount(totals.chargeTotal));
  if ((inv.allowanceCharges ?? []).some((a) => !a.charge)) w.leaf('ram:AllowanceTotalAmount', amount(totals.allowanceTotal));
  w.leaf('ram:TaxBasisTotalAmount', amount(inv.totalNet));
  w.leaf('ram:TaxTotalAmount', amount(inv.totalVat), { currencyID: inv.currency });
  if (inv.taxCurrencyCode !== undefined && inv.totalVatInTaxCurrency !== undefined) w.leaf('ram:TaxTotalAmount', amount(inv.totalVatInTaxCurrency), { currencyID: inv.taxCurrencyCode });
  w.leaf('ram:GrandTotalAmount', amount(inv.totalGross));
  if (inv.paidAmount !== undefined) w.leaf('ram:TotalPrepaidAmount', amount(inv.paidAmount));
  w.leaf('ram:DuePayableAmount', amount(dec(inv.totalGross).minus(dec(inv.paidAmount ?? 0))));
  w.close();
  if (inv.precedingInvoiceNumber !== undefined) {
    w.open('ram:InvoiceReferencedDocument').leaf('ram:IssuerAssignedID', inv.precedingInvoiceNumber);
    if (inv.precedingInvoiceDate !== undefined) dateEl('ram:FormattedIssueDateTime', inv.precedingInvoiceDate, 'qdt');
    w.close();
  }
  if (inv.costCenter !== undefined) w.open('ram:ReceivableSpecifiedTradeAccountingAccount').leaf('ram:ID', inv.costCenter).close();
  w.close();

  w.close();
  w.close();
  return w.toString();
}

/** BT-20: the terms text, then one #SKONTO# marker line per stage, each ending in a line break (BR-DE-18). */
export function paymentTermsText(inv: Invoice): string | undefined {
  const p = inv.payment;
  const stages = readDiscountStages(p);
  if (!stages.length) return p?.terms;
  const markers = stages.map((s) => `#SKONTO#TAGE=${s.days}#PROZENT=${formatDecimal(s.percent, 2)}#${s.basisAmount !== undefined ? `BASISBETRAG=${formatDecimal(s.basisAmount, 2)}#` : ''}\n`).join('');
  return p?.terms !== undefined ? `${p.terms}\n${markers}` : markers;
}

function writeAddress(w: XmlWriter, a: { [K in keyof InvoiceAddress]?: InvoiceAddress[K] | undefined }): void {
  w.open('ram:PostalTradeAddress');
  w.leaf('ram:PostcodeCode', a.postalCode);
  w.leaf('ram:LineOne', a.line1);
  w.leaf('ram:LineTwo', a.line2);
  w.leaf('ram:CityName', a.city);
  w.leaf('ram:CountryID', a.countryCode);
  w.close();
}

function writeParty(w: XmlWriter, el: string, party: Invoice['seller'] | Invoice['buyer'], id: string | undefined, taxNumber: string | undefined): void {
  w.open(el);
  w.leaf('ram:ID', id);
  if (party.gln !== undefined) w.leaf('ram:GlobalID', party.gln, { schemeID: '0088' });
  w.leaf('ram:Name', party.name);
  // BT-33 (seller only): CII D16B TradePartyType puts Description between Name and SpecifiedLegalOrganization.
  if ('legalInfo' in party) w.leaf('ram:Description', party.legalInfo);
  if (party.registrationId !== undefined) w.open('ram:SpecifiedLegalOrganization').leaf('ram:ID', party.registrationId).close();
  const c = party.contact;
  if (c && (c.name !== undefined || c.phone !== undefined || c.email !== undefined)) {
    w.open('ram:DefinedTradeContact');
    w.leaf('ram:PersonName', c.name);
    if (c.phone !== undefined) w.open('ram:TelephoneUniversalCommunication').leaf('ram:CompleteNumber', c.phone).close();
    if (c.email !== undefined) w.open('ram:EmailURIUniversalCommunication').leaf('ram:URIID', c.email).close();
    w.close();
  }
  writeAddress(w, party.address);
  if (party.electronicAddress)
    w.open('ram:URIUniversalCommunication')
      .leaf('ram:URIID', party.electronicAddress.id, { schemeID: party.electronicAddress.scheme ?? 'EM' })
      .close();
  if (party.vatId !== undefined) w.open('ram:SpecifiedTaxRegistration').leaf('ram:ID', party.vatId, { schemeID: 'VA' }).close();
  if (taxNumber !== undefined) w.open('ram:SpecifiedTaxRegistration').leaf('ram:ID', taxNumber, { schemeID: 'FC' }).close();
  w.close();
}
