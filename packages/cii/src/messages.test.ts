import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '@kontor/xml';
import { fixture } from '../test/helpers';
import { generateCii, parseInvoice } from './index';
import { messages, msg } from './messages';

const base = (): Record<string, any> => structuredClone(fixture('01-minimal-en16931')) as Record<string, any>;

describe('the @kontor/cii message catalogue', () => {
  it('has a German and an English text with the same placeholders for every key', () => {
    expect(catalogueProblems(messages)).toEqual([]);
  });

  it('writes numbers and ISO dates the German way only in German', () => {
    expect(msg('DUE_BEFORE_ISSUE', 'de', { due: '2025-01-10', issue: '2025-01-15' })).toBe('Das Fälligkeitsdatum 10.01.2025 liegt vor dem Rechnungsdatum 15.01.2025');
    expect(msg('DUE_BEFORE_ISSUE', 'en', { due: '2025-01-10', issue: '2025-01-15' })).toBe('The due date 2025-01-10 is before the issue date 2025-01-15');
    expect(msg('SKONTO_RATE_IMPLAUSIBLE', 'de', { percent: 12.5 })).toBe('Ein Skonto von 12,5 % ist ungewöhnlich hoch');
    expect(msg('LINE_RATE', 'de', { category: 'S', requirement: { key: 'RATE_GREATER_ZERO' }, rate: 0 })).toBe(
      'Eine Position mit Umsatzsteuerkategorie S braucht den Satz größer als 0 (angegeben: 0)',
    );
  });

  it('the same bad invoice JSON gives the same codes and paths in de and en, each in its language', () => {
    const j = base();
    delete j.lines[0].lineNetAmount;
    j.lines[0].unitPriceNetX = 1;
    j.issueDate = '15.01.2025';
    j.currency = 'EURO';
    const en = parseInvoice(j).issues;
    const de = parseInvoice(j, { lang: 'de' }).issues;
    expect(en.length).toBeGreaterThanOrEqual(3);
    expect(de.map((i) => [i.code, i.path])).toEqual(en.map((i) => [i.code, i.path]));
    const byPath = (list: typeof en) => Object.fromEntries(list.map((i) => [i.path, i.message]));
    expect(byPath(en)['lines.0.lineNetAmount']).toBe('Required field "lineNetAmount" is missing');
    expect(byPath(de)['lines.0.lineNetAmount']).toBe('Das Pflichtfeld „lineNetAmount“ fehlt');
    expect(byPath(en)['lines.0.unitPriceNetX']).toBe('Unknown property "unitPriceNetX"');
    expect(byPath(de)['lines.0.unitPriceNetX']).toBe('Unbekannte Eigenschaft „unitPriceNetX“');
    expect(byPath(de).issueDate).toMatch(/^Kein Datum der Form JJJJ-MM-TT/);
  });

  it('the same rule-breaking invoice gives the same findings in de and en from generateCii, each in its language', () => {
    const j = base();
    j.totalNet = 1;
    j.payment = { meansCode: '999', iban: 'DE00123' };
    const en = generateCii(j, { legalChecks: false });
    const de = generateCii(j, { legalChecks: false, lang: 'de' });
    expect(en.ok).toBe(false);
    expect(de.findings.map((f) => [f.code, f.path, f.severity])).toEqual(en.findings.map((f) => [f.code, f.path, f.severity]));
    const co13 = (r: typeof en) => r.findings.find((f) => f.code === 'BR-CO-13')!.message;
    expect(co13(en)).toMatch(/^totalNet 1 must equal/);
    expect(co13(de)).toMatch(/^totalNet 1 muss Σ Positionsbeträge/);
    expect(de.findings.find((f) => f.code === 'BR-CL-16')!.message).toMatch(/steht nicht in UNTDID 4461/);
    expect(en.findings.find((f) => f.code === 'IBAN_INVALID')!.message).toBe('IBAN "DE00123" fails the ISO 13616 check');
    expect(de.findings.find((f) => f.code === 'IBAN_INVALID')!.message).toBe('Die IBAN „DE00123“ besteht die Prüfung nach ISO 13616 nicht');
  });
});

describe('the CII reader in de and en', () => {
  it('the same document gives the same findings, skip notes and issues by code and place, each in its language', async () => {
    const { readCii } = await import('./read/read-cii');
    const xml = `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocument><ram:ID>1</ram:ID><ram:IssueDateTime><udt:DateTimeString format="610">202501</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction><ram:ApplicableHeaderTradeSettlement><ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:GrandTotalAmount>12,50</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
    const en = readCii(xml);
    const de = readCii(xml, { lang: 'de' });
    const shape = (r: typeof en) => [r.findings.map((f) => [f.code, f.line ?? null, f.path ?? null]), r.issues.map((i) => [i.code, i.path]), r.unsupported.map((u) => u.path)];
    expect(shape(de)).toEqual(shape(en));
    const byCode = (r: typeof en) => Object.fromEntries(r.findings.map((f) => [f.code, f.message]));
    expect(byCode(en).INVALID_NUMBER).toBe('"12,50" is not a decimal number');
    expect(byCode(de).INVALID_NUMBER).toBe('„12,50“ ist keine Dezimalzahl');
    expect(byCode(de).GUIDELINE_MISSING).toBe('Keine Spezifikationskennung (BT-24)');
    expect(readCii('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>', { lang: 'de' }).findings[0]).toMatchObject({
      code: 'NOT_CII',
      message: expect.stringMatching(/^Das Dokument ist ein UBL-Dokument/),
      line: 1,
    });
  });
});
