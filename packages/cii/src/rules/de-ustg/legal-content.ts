/**
 * German legal content of an invoice (§ 14 Abs. 4 UStG, § 14a UStG, § 19 UStG, company law on business letters):
 * what a German seller's invoice must state although EN 16931 does not require it. Every rule only WARNS — an
 * invoice is never blocked for it, and the EN 16931 / XRechnung verdict of the XML is unchanged. Runs on the
 * schema-parsed invoice (before defaults such as the AE text "Reverse charge" are filled in), so it sees what the
 * sender actually wrote. Every message names its legal source; the texts (German and English) are entries of the rule
 * message catalogue ../messages.ts (DE-UStG-*, DE-LEGAL-FORM.*).
 */
import type { Finding, Lang } from '@kontor/xml';
import type { Invoice } from '../../model/invoice';
import { ruleMessageTexts } from '../messages';

/** One legal-content warning in both languages. */
export interface LegalContentWarning {
  code: string;
  path: string;
  bt?: string;
  de: string;
  en: string;
}

/** A legal form recognised in a seller name and the law that says what its business letters must state. */
export interface LegalForm {
  form: string;
  /** code prefix, e.g. DE-GmbHG-35a */
  prefix: string;
  /** citation, e.g. "§ 35a GmbHG" */
  source: string;
  /** who must be named: managing directors, management board, general partner, or nobody */
  management: 'directors' | 'board' | 'generalPartner' | 'none';
}

// Order matters: the more specific form first ("GmbH & Co. KG" before "GmbH" and "KG", "KGaA" before "KG").
const FORMS: readonly [RegExp, LegalForm][] = [
  [/\bGmbH\s*(?:&|\+|und)\s*Co\.?\s*KG\b/i, { form: 'GmbH & Co. KG', prefix: 'DE-HGB-177a', source: '§ 177a i. V. m. § 125 HGB, § 35a GmbHG', management: 'generalPartner' }],
  [/\b(?:AG|SE)\s*(?:&|\+|und)\s*Co\.?\s*KG\b/, { form: 'AG & Co. KG', prefix: 'DE-HGB-177a', source: '§ 177a i. V. m. § 125 HGB, § 80 AktG', management: 'generalPartner' }],
  [/\b(?:GmbH|AG|SE)\s*(?:&|\+|und)\s*Co\.?\s*OHG\b/, { form: 'GmbH & Co. OHG', prefix: 'DE-HGB-125', source: '§ 125 HGB', management: 'generalPartner' }],
  [/\bUG\s*\(\s*haftungsbeschränkt\s*\)|\bUnternehmergesellschaft\b/i, { form: 'UG (haftungsbeschränkt)', prefix: 'DE-GmbHG-35a', source: '§ 35a GmbHG', management: 'directors' }],
  [/\bKGaA\b|Kommanditgesellschaft auf Aktien/i, { form: 'KGaA', prefix: 'DE-AktG-80', source: '§ 80 AktG (§ 278 Abs. 3 AktG)', management: 'board' }],
  [/\bg?GmbH\b|\bmbH\b|Gesellschaft mit beschränkter Haftung/i, { form: 'GmbH', prefix: 'DE-GmbHG-35a', source: '§ 35a GmbHG', management: 'directors' }],
  [/\bSE\b|Societas Europaea/, { form: 'SE', prefix: 'DE-AktG-80', source: '§ 80 AktG (Art. 9 SE-VO)', management: 'board' }],
  [/\bAG\b|Aktiengesellschaft/, { form: 'AG', prefix: 'DE-AktG-80', source: '§ 80 AktG', management: 'board' }],
  [/\beG\b|eingetragene Genossenschaft/, { form: 'eG', prefix: 'DE-GenG-25a', source: '§ 25a GenG', management: 'board' }],
  [/\bKG\b|Kommanditgesellschaft/, { form: 'KG', prefix: 'DE-HGB-177a', source: '§ 177a i. V. m. § 125 HGB', management: 'none' }],
  [/\bOHG\b|offene Handelsgesellschaft/i, { form: 'OHG', prefix: 'DE-HGB-125', source: '§ 125 HGB', management: 'none' }],
  [/\be\.\s?K(?:fm|fr)?\.(?=\s|$|,)|eingetragene[rn]? Kauf(?:mann|frau)/i, { form: 'e. K.', prefix: 'DE-HGB-37a', source: '§ 37a HGB', management: 'none' }],
];

/**
 * The legal form of a German company recognised from its name (undefined for a sole trader or an unknown form).
 * @example
 * ```ts
 * detectLegalForm('Muster Bau GmbH & Co. KG')?.form; // 'GmbH & Co. KG'
 * detectLegalForm('Erika Mustermann');          // undefined (sole trader)
 * ```
 */
export function detectLegalForm(name: string): LegalForm | undefined {
  for (const [re, form] of FORMS) if (re.test(name)) return form;
  return undefined;
}

const REGISTER_NUMBER = /\b(?:HR\s?[AB]|GnR|GenR|PR|VR)\s*:?\s*\d+/i;
const REGISTER_COURT = /Amtsgericht|Registergericht|register court|local court|court of registration|\bAG\s+[A-ZÄÖÜ][a-zäöüß]/i;
const SEAT = /\bSitz\b|registered (?:office|seat)|\bseat\b|\bdomicile\b/i;
const DIRECTORS = /Geschäftsführ|managing director|\bCEO\b|Geschäftsleitung/i;
const BOARD = /Vorstand|management board|executive board|board of directors|geschäftsführende[rn]? Direktor|persönlich haftende/i;
const GENERAL_PARTNER = /Komplementär|persönlich haftende|general partner/i;

const REVERSE_CHARGE_NOTE = /Steuerschuldnerschaft des Leistungsempfängers|reverse[\s-]charge/i;
const SAME_DATE_NOTE = /Leistungsdatum\s*(?:=|entspricht|ist|gleich)\s*(?:dem\s+)?Rechnungsdatum|date of supply\s*(?:=|is|equals)\s*(?:the\s+)?invoice date/i;
const SMALL_BUSINESS = /§\s*19\b|\b19\s*(?:Abs\.\s*1\s*)?UStG|Kleinunternehmer|small business/i;
const LEGAL_PROVISION = /§|\bUStG\b|\bArt\.|\bArtikel\b|\bArticle\b|Kleinunternehmer|VATEX/i;

const EXEMPT_CATEGORIES = new Set(['E', 'AE', 'K', 'G', 'O']);

/**
 * The warnings for one invoice. Empty unless the seller is German (seller.address.countryCode DE, the default).
 * "Leistungsdatum = Rechnungsdatum" is expressed by deliveryDate equal to issueDate (or a note saying so).
 * @example
 * ```ts
 * const invoice = completeInvoice({ invoiceNumber: 'RE-1', issueDate: '2026-03-10', dueDate: '2026-04-09',
 *   seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
 *   buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
 *   lines: [{ name: 'Beratung', quantity: 8, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }] });
 * for (const w of legalContentWarnings(invoice)) console.log(w.code, w.de); // e.g. the seller's tax number or VAT id
 * ```
 */
export function legalContentWarnings(inv: Invoice): LegalContentWarning[] {
  const out: LegalContentWarning[] = [];
  const s = inv.seller;
  if ((s.address?.countryCode ?? 'DE').toUpperCase() !== 'DE') return out;
  const notes = (inv.notes ?? []).map((n) => (typeof n === 'string' ? n : n.text));
  const categories = new Set(inv.vatBreakdown.map((b) => (b.categoryCode ?? 'S').toUpperCase()));

  // § 14 Abs. 4 Satz 1 Nr. 2 UStG: Steuernummer or USt-IdNr. of the supplier
  if (!s.vatId && !s.taxNumber) {
    out.push({
      code: 'DE-UStG-14-4-2',
      path: 'seller.taxNumber',
      bt: 'BT-32',
      ...ruleMessageTexts('DE-UStG-14-4-2'),
    });
  }

  // § 14 Abs. 4 Satz 1 Nr. 6 UStG: time of supply (an advance payment invoice 386 states the payment date instead)
  const period = inv.invoicingPeriod;
  if (inv.documentTypeCode !== '386' && inv.deliveryDate === undefined && !(period && (period.start || period.end)) && !notes.some((n) => SAME_DATE_NOTE.test(n))) {
    out.push({
      code: 'DE-UStG-14-4-6',
      path: 'deliveryDate',
      bt: 'BT-72',
      ...ruleMessageTexts('DE-UStG-14-4-6'),
    });
  }

  inv.vatBreakdown.forEach((b, i) => {
    const cat = (b.categoryCode ?? 'S').toUpperCase();
    if (!EXEMPT_CATEGORIES.has(cat)) return;
    const reason = b.exemptionReason?.trim();
    const texts = [reason ?? '', ...notes];
    if (cat === 'AE') {
      // § 14a Abs. 5 UStG: the statement "Steuerschuldnerschaft des Leistungsempfängers"
      if (!texts.some((t) => REVERSE_CHARGE_NOTE.test(t))) {
        out.push({
          code: 'DE-UStG-14a-5',
          path: `vatBreakdown.${i}.exemptionReason`,
          bt: 'BT-120',
          ...ruleMessageTexts('DE-UStG-14a-5'),
        });
      }
      return;
    }
    // § 14 Abs. 4 Satz 1 Nr. 8 UStG: a reference to the exemption (a plain-language reason, not only a code)
    if (!reason) {
      out.push({
        code: 'DE-UStG-14-4-8',
        path: `vatBreakdown.${i}.exemptionReason`,
        bt: 'BT-120',
        ...ruleMessageTexts('DE-UStG-14-4-8', { category: cat }),
      });
    }
  });

  // § 14a Abs. 3 UStG: intra-community supply names the VAT IDs of both parties
  if (categories.has('K')) {
    if (!inv.buyer.vatId) {
      out.push({
        code: 'DE-UStG-14a-3',
        path: 'buyer.vatId',
        bt: 'BT-48',
        ...ruleMessageTexts('DE-UStG-14a-3.buyer'),
      });
    }
    if (!s.vatId) {
      out.push({
        code: 'DE-UStG-14a-3',
        path: 'seller.vatId',
        bt: 'BT-31',
        ...ruleMessageTexts('DE-UStG-14a-3.seller'),
      });
    }
  }

  // § 19 UStG with § 14 Abs. 4 Satz 1 Nr. 8 UStG (§ 34a UStDV): a small business states why no VAT is charged
  const allExempt = categories.size > 0 && [...categories].every((c) => c === 'E');
  const reasons = inv.vatBreakdown.map((b) => b.exemptionReason ?? '');
  if (allExempt && !reasons.some((r) => LEGAL_PROVISION.test(r)) && ![...reasons, ...notes].some((t) => SMALL_BUSINESS.test(t))) {
    out.push({
      code: 'DE-UStG-19',
      path: 'vatBreakdown.0.exemptionReason',
      bt: 'BT-120',
      ...ruleMessageTexts('DE-UStG-19'),
    });
  }

  // Company law: what a business letter (and so an invoice) of a registered company must state
  const form = detectLegalForm(s.name);
  if (form) {
    const legal = s.legalInfo ?? '';
    const params = { form: form.form, source: form.source };
    const missing = (code: 'REGISTER-NUMBER' | 'REGISTER-COURT' | 'SEAT' | 'MANAGING-DIRECTORS' | 'MANAGEMENT-BOARD' | 'GENERAL-PARTNER', path: string, bt: string): void => {
      out.push({ code: `${form.prefix}-${code}`, path, bt, ...ruleMessageTexts(`DE-LEGAL-FORM.${code}`, params) });
    };
    if (!s.registrationId && !REGISTER_NUMBER.test(legal)) missing('REGISTER-NUMBER', 'seller.registrationId', 'BT-30');
    if (!REGISTER_COURT.test(legal)) missing('REGISTER-COURT', 'seller.legalInfo', 'BT-33');
    if (!SEAT.test(legal)) missing('SEAT', 'seller.legalInfo', 'BT-33');
    if (form.management === 'directors' && !DIRECTORS.test(legal)) missing('MANAGING-DIRECTORS', 'seller.legalInfo', 'BT-33');
    if (form.management === 'board' && !BOARD.test(legal)) missing('MANAGEMENT-BOARD', 'seller.legalInfo', 'BT-33');
    if (form.management === 'generalPartner' && !(GENERAL_PARTNER.test(legal) && (DIRECTORS.test(legal) || BOARD.test(legal)))) missing('GENERAL-PARTNER', 'seller.legalInfo', 'BT-33');
  }
  return out;
}

/**
 * The legal-content warnings as findings (severity warning) in one language.
 * @example
 * ```ts
 * const invoice = completeInvoice({ invoiceNumber: 'RE-1', issueDate: '2026-03-10', dueDate: '2026-04-09',
 *   seller: { name: 'Muster GmbH', vatId: 'DE123456789', address: { line1: 'Hauptstr. 1', postalCode: '50667', city: 'Köln' } },
 *   buyer: { name: 'Kunde AG', address: { line1: 'Marktplatz 2', postalCode: '10115', city: 'Berlin' } },
 *   lines: [{ name: 'Beratung', quantity: 8, unitCode: 'HUR', unitPriceNet: 120, vatRatePercent: 19 }] });
 * checkGermanLegalContent(invoice, 'en'); // Finding[] (warnings): what § 14 UStG asks beyond EN 16931
 * ```
 */
export function checkGermanLegalContent(inv: Invoice, lang: Lang = 'en'): Finding[] {
  return legalContentWarnings(inv).map((w) => {
    const f: Finding = { code: w.code, severity: 'warning', message: lang === 'de' ? w.de : w.en, path: w.path };
    if (w.bt !== undefined) f.bt = w.bt;
    return f;
  });
}
