import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/helpers';
import { generateCii } from '../index';
import { toInvoiceWarnings } from './warnings';

function base(): Record<string, any> {
  const j = structuredClone(fixture('01-minimal-en16931')) as Record<string, any>;
  j.deliveryDate = j.issueDate;
  return j;
}

describe('generation warnings as {code, message, path}', () => {
  it('Skonto after the due date and an implausible rate: in English by default, in German with lang de', () => {
    const j = base();
    j.dueDate = '2025-01-20';
    j.payment = { iban: 'DE02120300000000202051', discountPercent: 12.5, discountDays: 14 };
    const en = generateCii(j, { legalChecks: false });
    expect(en.ok).toBe(true);
    expect(en.warnings).toEqual([
      { code: 'SKONTO_RATE_IMPLAUSIBLE', message: 'A cash discount of 12.5 % is unusually high', path: 'payment.discountPercent' },
      { code: 'SKONTO_AFTER_DUE_DATE', message: 'The discount period (14 days from 2025-01-15) ends after the due date 2025-01-20', path: 'payment.discountDays' },
    ]);
    const de = generateCii(j, { legalChecks: false, lang: 'de' });
    expect(de.warnings).toEqual([
      { code: 'SKONTO_RATE_IMPLAUSIBLE', message: 'Ein Skonto von 12,5 % ist ungewöhnlich hoch', path: 'payment.discountPercent' },
      { code: 'SKONTO_AFTER_DUE_DATE', message: 'Die Skontofrist (14 Tage ab 15.01.2025) endet nach dem Fälligkeitsdatum 20.01.2025', path: 'payment.discountDays' },
    ]);
    // the XML is the same whatever the language
    expect(de.xml).toBe(en.xml);
  });

  it('German texts for the date, paid-amount and unit warnings carry their values', () => {
    const j = base();
    j.dueDate = '2025-01-10';
    j.paidAmount = 200;
    j.lines[0].unitCode = 'Kiste';
    const de = generateCii(j, { legalChecks: false, lang: 'de' });
    const byCode = Object.fromEntries(de.warnings.map((w) => [w.code, w.message]));
    expect(byCode.DUE_DATE_BEFORE_ISSUE_DATE).toBe('Das Fälligkeitsdatum 10.01.2025 liegt vor dem Rechnungsdatum 15.01.2025');
    expect(byCode.PAID_AMOUNT_EXCEEDS_TOTAL).toBe('Der bereits gezahlte Betrag 200 übersteigt den Rechnungsbetrag 119; der Zahlbetrag ist negativ');
    expect(byCode.UNIT_UNKNOWN).toContain('„Kiste“');
  });

  it('infos are not warnings; a finding without catalogue texts keeps its own message', () => {
    const findings = [
      { code: 'EXEMPTION_REASON_DEFAULTED', severity: 'info' as const, message: 'x' },
      { code: 'SOMETHING_NEW', severity: 'warning' as const, message: 'Something new', path: 'a.b' },
    ];
    expect(toInvoiceWarnings(findings, 'de')).toEqual([{ code: 'SOMETHING_NEW', message: 'Something new', path: 'a.b' }]);
  });

  it('legal-content warnings join the result with their own German and English texts; legalChecks false leaves them out', () => {
    const j = base();
    delete j.deliveryDate;
    const de = generateCii(j, { lang: 'de' });
    const codes = de.warnings.map((w) => w.code);
    expect(codes).toEqual(expect.arrayContaining(['DE-UStG-14-4-6', 'DE-GmbHG-35a-SEAT']));
    expect(de.warnings.find((w) => w.code === 'DE-UStG-14-4-6')!.message).toMatch(/^Es fehlt der Zeitpunkt der Lieferung/);
    // lang is the language of the findings too; warningLang alone changes only the warnings
    expect(de.findings.find((f) => f.code === 'DE-UStG-14-4-6')!.message).toMatch(/^Es fehlt der Zeitpunkt der Lieferung/);
    const split = generateCii(j, { lang: 'en', warningLang: 'de' });
    expect(split.findings.find((f) => f.code === 'DE-UStG-14-4-6')!.message).toMatch(/^The date of supply is missing/);
    expect(split.warnings.find((w) => w.code === 'DE-UStG-14-4-6')!.message).toMatch(/^Es fehlt der Zeitpunkt der Lieferung/);
    expect(generateCii(j, { legalChecks: false }).warnings).toEqual([]);
  });

  it('a rejected invoice still reports its warnings next to the errors', () => {
    const j = base();
    j.totalNet = 1;
    j.dueDate = '2025-01-10';
    const r = generateCii(j, { legalChecks: false });
    expect(r.ok).toBe(false);
    expect(r.warnings.map((w) => w.code)).toContain('DUE_DATE_BEFORE_ISSUE_DATE');
  });
});
