/**
 * Warnings as data: the non-blocking findings of a generation as `{code, message, path}` in German or English.
 * The checks write English messages; the German text of each known code is derived here from the English one
 * (its values are captured by one pattern per code), so the two languages cannot drift apart silently: an
 * English message that no longer matches its pattern falls back to a generic German text for the code.
 */
import type { Finding } from '@kontor/xml';

export type WarningLang = 'de' | 'en';

/** One warning of a generation result (spec §4.6: reported, never blocking). */
export interface InvoiceWarning {
  /** official rule id where one exists (BR-DE-26, PEPPOL-EN16931-R040), our stable id otherwise (SKONTO_AFTER_DUE_DATE, DE-UStG-14-4-6) */
  code: string;
  message: string;
  /** dot path into the invoice JSON */
  path?: string;
}

type Translation = [RegExp, (m: RegExpExecArray) => string, string];

const deDate = (iso: string | undefined): string => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('.') : (iso ?? ''));
const deNumber = (n: string | undefined): string => (n ?? '').replace('.', ',');

/** [pattern on the English message, German text from its captures, German text when the pattern fails] */
const GERMAN: Record<string, Translation> = {
  SKONTO_RATE_IMPLAUSIBLE: [/A cash discount of (\S+) %/, (m) => `Ein Skonto von ${deNumber(m[1])} % ist ungewöhnlich hoch`, 'Der Skontosatz ist ungewöhnlich hoch'],
  SKONTO_AFTER_DUE_DATE: [
    /\((\d+) days from (\S+)\) ends after the due date (\S+)/,
    (m) => `Die Skontofrist (${m[1]} Tage ab ${deDate(m[2])}) endet nach dem Fälligkeitsdatum ${deDate(m[3])}`,
    'Die Skontofrist endet nach dem Fälligkeitsdatum',
  ],
  PAID_AMOUNT_EXCEEDS_TOTAL: [/paidAmount (\S+) exceeds totalGross (\S+);/, (m) => `Der bereits gezahlte Betrag ${deNumber(m[1])} übersteigt den Rechnungsbetrag ${deNumber(m[2])}; der Zahlbetrag ist negativ`, 'Der bereits gezahlte Betrag übersteigt den Rechnungsbetrag'],
  'PEPPOL-EN16931-R005': [/./, () => 'Die Währung der Umsatzsteuer entspricht der Rechnungswährung; taxCurrencyCode weglassen', ''],
  'PEPPOL-EN16931-R055': [/./, () => 'totalVat und totalVatInTaxCurrency haben unterschiedliche Vorzeichen', ''],
  CREDIT_NOTE_NEGATIVE_TOTAL: [/./, () => 'Eine Rechnungskorrektur trägt positive Beträge (sie mindern die ursprüngliche Rechnung); ein negativer Gesamtbetrag kehrt sie um', ''],
  IBAN_INVALID: [/IBAN "([^"]*)"/, (m) => `Die IBAN „${m[1]}“ besteht die Prüfung nach ISO 13616 nicht`, 'Die IBAN besteht die Prüfung nach ISO 13616 nicht'],
  'BR-DE-19': [/IBAN "([^"]*)"/, (m) => `Die IBAN „${m[1]}“ besteht die Prüfung nach ISO 13616 nicht`, 'Die IBAN besteht die Prüfung nach ISO 13616 nicht'],
  'BR-DE-20': [/IBAN "([^"]*)"/, (m) => `Die IBAN des Lastschriftkontos „${m[1]}“ besteht die Prüfung nach ISO 13616 nicht`, 'Die IBAN des Lastschriftkontos besteht die Prüfung nach ISO 13616 nicht'],
  'BR-DE-26': [/./, () => 'Eine korrigierte Rechnung (384) sollte die korrigierte Rechnung nennen (precedingInvoiceNumber)', ''],
  PRECEDING_INVOICE_RECOMMENDED: [/./, () => 'Eine Rechnungskorrektur (381) sollte die Rechnung nennen, auf die sie sich bezieht (precedingInvoiceNumber)', ''],
  DUE_DATE_BEFORE_ISSUE_DATE: [/due date (\S+) is before the issue date (\S+)/, (m) => `Das Fälligkeitsdatum ${deDate(m[1])} liegt vor dem Rechnungsdatum ${deDate(m[2])}`, 'Das Fälligkeitsdatum liegt vor dem Rechnungsdatum'],
  'BR-DE-27': [/./, () => 'Die Telefonnummer des Verkäufers sollte mindestens drei Ziffern enthalten', ''],
  'BR-DE-28': [/./, () => 'Die E-Mail-Adresse des Verkäufers sieht nicht gültig aus', ''],
  'BR-DE-17': [/\(got (\S+)\)/, (m) => `XRechnung erwartet die Dokumentart 326, 380, 381, 384, 389 oder 875–877 (angegeben: ${m[1]})`, 'XRechnung erwartet die Dokumentart 326, 380, 381, 384, 389 oder 875–877'],
  'BR-CO-17': [/./, () => 'Der Steuerbetrag weicht von Bemessungsgrundlage × Steuersatz ab; als zeilenweise Rundung akzeptiert', ''],
  UNIT_UNKNOWN: [/Unit "([^"]*)"/, (m) => `Die Einheit „${m[1]}“ ist weder ein Code nach UN/ECE Rec 20 noch ein bekannter Alias; geschrieben als C62 (Stück)`, 'Unbekannte Einheit; geschrieben als C62 (Stück)'],
  'PEPPOL-EN16931-R042': [/./, () => 'Ein Basisbetrag ohne Prozentsatz ist in XRechnung nicht erlaubt; der Basisbetrag wird weggelassen', ''],
  'PEPPOL-EN16931-R040': [/./, () => 'Der Betrag des Zu- oder Abschlags entspricht nicht Basisbetrag × Prozentsatz / 100', ''],
  PAYEE_ONE_IDENTIFIER: [/./, () => 'Ein abweichender Zahlungsempfänger trägt eine Kennung (CII-SR-451): die GLN wird geschrieben, payee.id entfällt', ''],
  PAYEE_ACCOUNT_IGNORED: [/payment\.(\w+)/, (m) => `payment.${m[1]} wird bei einer SEPA-Lastschrift nicht geschrieben (das Konto des Käufers wird belastet)`, 'Bei einer SEPA-Lastschrift wird kein Zahlungsempfängerkonto geschrieben'],
  DIRECT_DEBIT_FIELD_IGNORED: [/payment\.(\w+)/, (m) => `payment.${m[1]} gehört zu einer Lastschrift (meansCode 59) und wird für diese Zahlungsart nicht geschrieben`, 'Lastschriftangaben werden für diese Zahlungsart nicht geschrieben'],
  CARD_IGNORED: [/./, () => 'payment.cardNumber/cardHolder werden nur mit Zahlungsart 48, 54 oder 55 geschrieben', ''],
};

/** The German text of a finding's message (the English message when no translation is known). */
export function germanMessage(f: Pick<Finding, 'code' | 'message'>): string {
  const t = GERMAN[f.code];
  if (!t) return f.message;
  const m = t[0].exec(f.message);
  return m ? t[1](m) : t[2] || f.message;
}

/** True when the code has a German text of its own. */
export function hasGermanMessage(code: string): boolean {
  return code in GERMAN;
}

/**
 * The warnings (severity warning) of a list of findings as `{code, message, path}`; `messages` maps a
 * code+path to a ready text per language (the legal-content rules bring both), else German is derived here.
 */
export function toInvoiceWarnings(findings: readonly Finding[], lang: WarningLang = 'en', messages?: ReadonlyMap<string, { de: string; en: string }>): InvoiceWarning[] {
  return findings
    .filter((f) => f.severity === 'warning')
    .map((f) => {
      const own = messages?.get(`${f.code}|${f.path ?? ''}`);
      const message = own ? own[lang] : lang === 'de' ? germanMessage(f) : f.message;
      const w: InvoiceWarning = { code: f.code, message };
      if (f.path !== undefined) w.path = f.path;
      return w;
    });
}
