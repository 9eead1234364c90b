/**
 * The Invoice of spec §2.1 as a valibot schema: the single source of the JSON shape, its defaults, its limits (§8)
 * and its TypeScript types. Plain validations only (no transforms, no custom checks), so that
 * @valibot/to-json-schema converts it for the OpenAPI description; everything computed lives in ../calc.
 */
import * as v from 'valibot';

/** Document type codes the generator supports (UNCL 1001 subset of spec §2.1). */
export const SUPPORTED_DOCUMENT_TYPES = ['380', '381', '384', '383', '386', '326', '389', '875', '876', '877'] as const;
export type DocumentTypeCode = (typeof SUPPORTED_DOCUMENT_TYPES)[number];

export const INVOICE_PROFILES = ['en16931', 'xrechnung'] as const;
export type InvoiceProfile = (typeof INVOICE_PROFILES)[number];

/** Limits of spec §8 that the schema enforces. */
export const INVOICE_LIMITS = {
  lines: 500,
  vatBreakdown: 50,
  documentAllowanceCharges: 50,
  lineAllowanceCharges: 10,
  notes: 20,
  noteLength: 1000,
  invoiceJsonBytes: 1_000_000,
} as const;

const str = (max: number) => v.pipe(v.string(), v.maxLength(max, `At most ${max} characters`));
const reqStr = (max: number) => v.pipe(v.string(), v.minLength(1, 'Must not be empty'), v.maxLength(max, `At most ${max} characters`));
const len = (n: number) => v.pipe(v.string(), v.length(n, `Exactly ${n} characters`));
const date = () => v.pipe(v.string(), v.isoDate('A date in the form YYYY-MM-DD'));
const num = () => v.number('A JSON number');
const percent = () => v.pipe(v.number('A JSON number'), v.minValue(0, 'At least 0'), v.maxValue(100, 'At most 100'));

export const AddressSchema = v.strictObject({
  line1: v.optional(str(150)),
  line2: v.optional(str(150)),
  city: v.optional(str(100)),
  postalCode: v.optional(str(20)),
  countryCode: v.optional(len(2), 'DE'),
});

/** Delivery address (BG-15): no country default; it falls back to deliveryCountryCode. */
export const DeliveryAddressSchema = v.strictObject({
  line1: v.optional(str(150)),
  line2: v.optional(str(150)),
  postalCode: v.optional(str(20)),
  city: v.optional(str(100)),
  countryCode: v.optional(len(2)),
});

export const ContactSchema = v.strictObject({
  name: v.optional(str(150)),
  email: v.optional(str(150)),
  phone: v.optional(str(40)),
});

export const ElectronicAddressSchema = v.strictObject({
  id: reqStr(200),
  scheme: v.optional(str(10), 'EM'),
});

const partyEntries = {
  name: reqStr(200),
  vatId: v.optional(str(20)),
  gln: v.optional(str(20)),
  /** BT-30 (seller) / BT-47 (buyer) legal registration identifier. */
  registrationId: v.optional(str(60)),
  address: v.optional(AddressSchema, {}),
  contact: v.optional(ContactSchema),
  electronicAddress: v.optional(ElectronicAddressSchema),
};

export const SellerSchema = v.object({
  ...partyEntries,
  /** BT-29 seller identifier as assigned by the customer (supplier number). */
  customerAssignedId: v.optional(str(100)),
  /** BT-32 seller tax registration (German Steuernummer), when no VAT identifier exists. */
  taxNumber: v.optional(str(30)),
  /**
   * BT-33 seller additional legal information: Rechtsform, Sitz, Registergericht and -nummer, Geschäftsführer /
   * Vorstand (§ 35a GmbHG, § 80 AktG, § 125 HGB). Written to CII as SellerTradeParty/Description, printed in the footer.
   */
  legalInfo: v.optional(str(1000)),
});

export const BuyerSchema = v.object(partyEntries);

export const DeliverySchema = v.strictObject({
  name: v.optional(str(200)),
  gln: v.optional(str(20)),
  address: v.optional(DeliveryAddressSchema),
});

export const PeriodSchema = v.strictObject({
  start: v.optional(date()),
  end: v.optional(date()),
});

export const DocumentAllowanceChargeSchema = v.strictObject({
  charge: v.boolean(),
  amount: v.optional(v.pipe(num(), v.minValue(0, 'At least 0'))),
  basisAmount: v.optional(num()),
  percent: v.optional(percent()),
  /** Default S; resolved from the VAT breakdown entry with the same rate when omitted. */
  categoryCode: v.optional(str(12)),
  ratePercent: v.optional(num()),
  reason: v.optional(str(200)),
  reasonCode: v.optional(str(10)),
});

export const LineAllowanceChargeSchema = v.strictObject({
  charge: v.boolean(),
  amount: v.optional(v.pipe(num(), v.minValue(0, 'At least 0'))),
  basisAmount: v.optional(num()),
  percent: v.optional(percent()),
  reason: v.optional(str(200)),
  reasonCode: v.optional(str(10)),
});

export const LineSchema = v.strictObject({
  name: reqStr(300),
  quantity: num(),
  unitCode: v.optional(str(12), 'C62'),
  sellerArticleId: v.optional(str(200)),
  buyerArticleId: v.optional(str(200)),
  globalArticleId: v.optional(str(60)),
  globalArticleScheme: v.optional(v.pipe(str(10), v.regex(/^[A-Za-z0-9]*$/, 'Letters and digits only')), '0160'),
  unitPriceNet: num(),
  vatRatePercent: num(),
  categoryCode: v.optional(str(12)),
  allowanceCharges: v.optional(v.pipe(v.array(LineAllowanceChargeSchema), v.maxLength(INVOICE_LIMITS.lineAllowanceCharges, `At most ${INVOICE_LIMITS.lineAllowanceCharges} entries`))),
  lineNetAmount: num(),
});

export const VatBreakdownSchema = v.strictObject({
  ratePercent: num(),
  basisAmount: num(),
  taxAmount: num(),
  categoryCode: v.optional(str(12), 'S'),
  exemptionReason: v.optional(str(500)),
  exemptionReasonCode: v.optional(str(30)),
});

export const NoteSchema = v.union([
  str(INVOICE_LIMITS.noteLength),
  v.object({
    text: str(INVOICE_LIMITS.noteLength),
    subjectCode: v.optional(v.string()),
  }),
]);

export const PayeeSchema = v.object({
  name: reqStr(200),
  /** BT-60 payee identifier (no scheme). */
  id: v.optional(str(100)),
  gln: v.optional(str(20)),
  registrationId: v.optional(str(60)),
});

/** An additional Skonto stage (one #SKONTO# marker line each). */
export const DiscountStageSchema = v.strictObject({
  days: v.pipe(v.number(), v.integer('Whole days'), v.minValue(0, 'At least 0')),
  percent: percent(),
  basisAmount: v.optional(num()),
});

export const PaymentSchema = v.object({
  iban: v.optional(str(34)),
  bic: v.optional(str(11)),
  /** BT-83 remittance information. */
  reference: v.optional(str(140)),
  /** BT-20 payment terms text. */
  terms: v.optional(str(1000)),
  discountPercent: v.optional(percent()),
  discountDays: v.optional(v.pipe(v.number(), v.integer('Whole days'), v.minValue(0, 'At least 0'))),
  discountStages: v.optional(v.pipe(v.array(DiscountStageSchema), v.maxLength(5, 'At most 5 entries'))),
  meansCode: v.optional(str(3)),
  /** BT-82 payment means text. */
  meansText: v.optional(str(100)),
  mandateId: v.optional(str(35)),
  creditorId: v.optional(str(35)),
  debitedIban: v.optional(str(34)),
  accountName: v.optional(str(70)),
  /** BG-18 payment card: the last 4-6 digits of the card number (BT-87) and the holder (BT-88). */
  cardNumber: v.optional(str(20)),
  cardHolder: v.optional(str(100)),
});

export const InvoiceSchema = v.object({
  invoiceNumber: reqStr(60),
  profile: v.optional(v.picklist(INVOICE_PROFILES, 'One of en16931, xrechnung'), 'en16931'),
  documentTypeCode: v.optional(v.picklist(SUPPORTED_DOCUMENT_TYPES, `One of ${SUPPORTED_DOCUMENT_TYPES.join(', ')}`), '380'),
  precedingInvoiceNumber: v.optional(str(60)),
  precedingInvoiceDate: v.optional(date()),
  issueDate: date(),
  dueDate: v.optional(date()),
  deliveryDate: v.optional(date()),
  deliveryCountryCode: v.optional(len(2)),
  delivery: v.optional(DeliverySchema),
  currency: v.optional(len(3), 'EUR'),
  buyerReference: v.optional(str(80)),
  costCenter: v.optional(str(60)),
  purchaseOrderReference: v.optional(str(60)),
  contractReference: v.optional(str(200)),
  projectReference: v.optional(str(200)),
  despatchAdviceRef: v.optional(str(200)),
  receivingAdviceRef: v.optional(str(200)),
  invoicingPeriod: v.optional(PeriodSchema),
  allowanceCharges: v.optional(v.pipe(v.array(DocumentAllowanceChargeSchema), v.maxLength(INVOICE_LIMITS.documentAllowanceCharges, `At most ${INVOICE_LIMITS.documentAllowanceCharges} entries`))),
  seller: SellerSchema,
  buyer: BuyerSchema,
  lines: v.pipe(v.array(LineSchema), v.minLength(1, 'At least one line'), v.maxLength(INVOICE_LIMITS.lines, `At most ${INVOICE_LIMITS.lines} lines`)),
  vatBreakdown: v.pipe(v.array(VatBreakdownSchema), v.minLength(1, 'At least one VAT breakdown entry'), v.maxLength(INVOICE_LIMITS.vatBreakdown, `At most ${INVOICE_LIMITS.vatBreakdown} entries`)),
  totalNet: num(),
  totalVat: num(),
  totalGross: num(),
  paidAmount: v.optional(v.pipe(num(), v.minValue(0, 'At least 0'))),
  notes: v.optional(v.pipe(v.array(NoteSchema), v.maxLength(INVOICE_LIMITS.notes, `At most ${INVOICE_LIMITS.notes} notes`))),
  taxCurrencyCode: v.optional(len(3)),
  totalVatInTaxCurrency: v.optional(num()),
  payee: v.optional(PayeeSchema),
  payment: v.optional(PaymentSchema),
});

/** The invoice as sent (defaults optional). */
export type InvoiceInput = v.InferInput<typeof InvoiceSchema>;
/** The invoice after schema parsing (defaults applied). */
export type Invoice = v.InferOutput<typeof InvoiceSchema>;
export type InvoiceLine = Invoice['lines'][number];
export type InvoiceParty = Invoice['seller'];
export type InvoiceBuyer = Invoice['buyer'];
export type DocumentAllowanceCharge = NonNullable<Invoice['allowanceCharges']>[number];
export type LineAllowanceCharge = NonNullable<InvoiceLine['allowanceCharges']>[number];
export type VatBreakdownEntry = Invoice['vatBreakdown'][number];
export type InvoicePayment = NonNullable<Invoice['payment']>;
export type InvoicePayee = NonNullable<Invoice['payee']>;
export type InvoiceNote = NonNullable<Invoice['notes']>[number];
export type InvoiceAddress = v.InferOutput<typeof AddressSchema>;
export type InvoiceDelivery = NonNullable<Invoice['delivery']>;
