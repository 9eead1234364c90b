import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaStore } from '@kontor/xml';
import { ciiSchemaStore, loadFixtures } from '../../../test/helpers';
import { generateCii, parseInvoice, readCii, validateCii, type Invoice } from '../../index';
import { checkGermanLegalContent, legalContentWarnings, detectLegalForm } from './legal-content';

let store: SchemaStore | null = null;
beforeAll(async () => {
  store = await ciiSchemaStore();
});
afterAll(() => store?.dispose());

/** A German invoice that states everything: no warning. */
function complete(): Record<string, any> {
  return {
    invoiceNumber: 'L-1',
    issueDate: '2026-03-02',
    dueDate: '2026-04-01',
    deliveryDate: '2026-02-27',
    seller: {
      name: 'Muster Maschinen GmbH',
      vatId: 'DE811907980',
      registrationId: 'HRB 4711',
      legalInfo: 'Sitz: Köln · Amtsgericht Köln HRB 4711 · Geschäftsführerin: Erika Muster',
      address: { line1: 'Hauptstraße 1', city: 'Köln', postalCode: '50667' },
    },
    buyer: { name: 'Kunde KG', vatId: 'DE999999999', address: { city: 'Bonn', postalCode: '53111' } },
    lines: [{ name: 'Fräse', quantity: 1, unitPriceNet: 1000, vatRatePercent: 19, lineNetAmount: 1000 }],
    vatBreakdown: [{ categoryCode: 'S', ratePercent: 19, basisAmount: 1000, taxAmount: 190 }],
    totalNet: 1000,
    totalVat: 190,
    totalGross: 1190,
  };
}

function warn(json: Record<string, any>): string[] {
  const p = parseInvoice(json);
  if (!p.invoice) throw new Error(JSON.stringify(p.issues));
  return legalContentWarnings(p.invoice).map((w) => `${w.code}@${w.path}`);
}

function zeroRated(cat: string, extra: Record<string, any> = {}): Record<string, any> {
  const j = complete();
  j.lines[0].categoryCode = cat;
  j.lines[0].vatRatePercent = 0;
  j.vatBreakdown = [{ categoryCode: cat, ratePercent: 0, basisAmount: 1000, taxAmount: 0, ...extra }];
  j.totalVat = 0;
  j.totalGross = 1000;
  return j;
}

describe('legal form from the seller name', () => {
  it.each([
    ['Muster Maschinen GmbH', 'GmbH', 'DE-GmbHG-35a'],
    ['Gemeinnützige Pflege gGmbH', 'GmbH', 'DE-GmbHG-35a'],
    ['Start Up UG (haftungsbeschränkt)', 'UG (haftungsbeschränkt)', 'DE-GmbHG-35a'],
    ['Weber Maschinenbau GmbH & Co. KG', 'GmbH & Co. KG', 'DE-HGB-177a'],
    ['Nordsee Beteiligungs AG & Co. KG', 'AG & Co. KG', 'DE-HGB-177a'],
    ['Hanse Handel AG', 'AG', 'DE-AktG-80'],
    ['Merck KGaA', 'KGaA', 'DE-AktG-80'],
    ['Nordsee Energie SE', 'SE', 'DE-AktG-80'],
    ['Müller & Söhne KG', 'KG', 'DE-HGB-177a'],
    ['Schmidt und Partner OHG', 'OHG', 'DE-HGB-125'],
    ['Volksbank Rhein eG', 'eG', 'DE-GenG-25a'],
    ['Blumen Meier e.K.', 'e. K.', 'DE-HGB-37a'],
  ])('%s → %s (%s)', (name, form, prefix) => {
    expect(detectLegalForm(name)).toMatchObject({ form, prefix });
  });

  it.each(['Agentur Sonnenschein', 'Malermeisterin Erika Muster', 'Kagan Design', 'Seestern Bau'])('%s has no legal form', (name) => {
    expect(detectLegalForm(name)).toBeUndefined();
  });
});

describe('legalContentWarnings', () => {
  it('a complete German invoice has none, and neither has a seller outside Germany', () => {
    expect(warn(complete())).toEqual([]);
    const fr = complete();
    fr.seller = { name: 'Société Générale de Machines SA', address: { countryCode: 'FR' } };
    fr.deliveryDate = undefined;
    expect(warn(fr)).toEqual([]);
  });

  it('GmbH without legal details: register number, court, seat and managing directors, each named with § 35a GmbHG', () => {
    const j = complete();
    delete j.seller.legalInfo;
    delete j.seller.registrationId;
    expect(warn(j)).toEqual([
      'DE-GmbHG-35a-REGISTER-NUMBER@seller.registrationId',
      'DE-GmbHG-35a-REGISTER-COURT@seller.legalInfo',
      'DE-GmbHG-35a-SEAT@seller.legalInfo',
      'DE-GmbHG-35a-MANAGING-DIRECTORS@seller.legalInfo',
    ]);
    const p = parseInvoice(j).invoice!;
    for (const w of legalContentWarnings(p)) {
      expect(w.de).toContain('§ 35a GmbHG');
      expect(w.en).toContain('§ 35a GmbHG');
    }
    // only the managing directors missing
    j.seller.legalInfo = 'Sitz Köln, Registergericht Köln, HRB 4711';
    expect(warn(j)).toEqual(['DE-GmbHG-35a-MANAGING-DIRECTORS@seller.legalInfo']);
  });

  it('AG needs the management board; GmbH & Co. KG the general partner; a KG no management', () => {
    const ag = complete();
    ag.seller.name = 'Hanse Handel AG';
    expect(warn(ag)).toEqual(['DE-AktG-80-MANAGEMENT-BOARD@seller.legalInfo']);
    ag.seller.legalInfo += ' · Vorstand: Jan Hansen (Vors.), Aufsichtsratsvorsitzende: Dr. Eva Kühn';
    expect(warn(ag)).toEqual([]);
    const co = complete();
    co.seller.name = 'Weber Maschinenbau GmbH & Co. KG';
    expect(warn(co)).toEqual(['DE-HGB-177a-GENERAL-PARTNER@seller.legalInfo']);
    co.seller.legalInfo = 'Sitz Stuttgart, Amtsgericht Stuttgart HRA 98765; Komplementärin: Weber Verwaltungs GmbH, Sitz Stuttgart, Amtsgericht Stuttgart HRB 12345, Geschäftsführer: Karl Weber';
    expect(warn(co)).toEqual([]);
    const kg = complete();
    kg.seller.name = 'Müller & Söhne KG';
    kg.seller.legalInfo = 'Sitz Ulm, Amtsgericht Ulm';
    expect(warn(kg)).toEqual([]);
  });

  it('Steuernummer or USt-IdNr. (§ 14 Abs. 4 Nr. 2 UStG)', () => {
    const j = complete();
    delete j.seller.vatId;
    expect(warn(j)).toEqual(['DE-UStG-14-4-2@seller.taxNumber']);
    j.seller.taxNumber = '217/123/45678';
    expect(warn(j)).toEqual([]);
  });

  it('date of supply (§ 14 Abs. 4 Nr. 6 UStG): deliveryDate, a period, or the explicit "Leistungsdatum = Rechnungsdatum"', () => {
    const j = complete();
    delete j.deliveryDate;
    expect(warn(j)).toEqual(['DE-UStG-14-4-6@deliveryDate']);
    expect(warn({ ...j, deliveryDate: j.issueDate })).toEqual([]);
    expect(warn({ ...j, invoicingPeriod: { end: '2026-02-28' } })).toEqual([]);
    expect(warn({ ...j, notes: ['Leistungsdatum entspricht Rechnungsdatum.'] })).toEqual([]);
    // an advance payment invoice names no supply date yet
    expect(warn({ ...j, documentTypeCode: '386' })).toEqual([]);
  });

  it('reverse charge (AE) needs "Steuerschuldnerschaft des Leistungsempfängers" (§ 14a Abs. 5 UStG); the generator default text is not enough', () => {
    const j = zeroRated('AE');
    expect(warn(j)).toEqual(['DE-UStG-14a-5@vatBreakdown.0.exemptionReason']);
    expect(warn({ ...j, notes: [{ text: 'Steuerschuldnerschaft des Leistungsempfängers', subjectCode: 'TXD' }] })).toEqual([]);
    expect(warn(zeroRated('AE', { exemptionReason: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)' }))).toEqual([]);
    // and the generated XML carries the default only: the warning is about the document, not the JSON
    const g = generateCii(j);
    expect(g.ok).toBe(true);
    expect(g.warnings.map((w) => w.code)).toContain('DE-UStG-14a-5');
  });

  it('intra-community supply (K) names both VAT IDs (§ 14a Abs. 3 UStG); exempt categories need a reason in words (§ 14 Abs. 4 Nr. 8)', () => {
    const k = zeroRated('K', { exemptionReason: 'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 Buchst. b UStG)' });
    expect(warn(k)).toEqual([]);
    delete k.buyer.vatId;
    expect(warn(k)).toEqual(['DE-UStG-14a-3@buyer.vatId']);
    const g = zeroRated('G', { exemptionReasonCode: 'VATEX-EU-G' });
    expect(warn(g)).toEqual(['DE-UStG-14-4-8@vatBreakdown.0.exemptionReason']);
    const o = zeroRated('O', { exemptionReason: 'Nicht steuerbar (Leistungsort im Drittland, § 3a Abs. 2 UStG)' });
    delete o.seller.vatId;
    o.seller.taxNumber = '217/123/45678';
    delete o.buyer.vatId;
    expect(warn(o)).toEqual([]);
  });

  it('small business: no VAT charged without the § 19 UStG note warns; the note or another provision does not', () => {
    const e = zeroRated('E', { exemptionReasonCode: 'VATEX-EU-132-1C' });
    expect(warn(e)).toContain('DE-UStG-19@vatBreakdown.0.exemptionReason');
    expect(warn(zeroRated('E', { exemptionReason: 'Steuerfrei' }))).toEqual(['DE-UStG-19@vatBreakdown.0.exemptionReason']);
    expect(warn(zeroRated('E', { exemptionReason: 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.' }))).toEqual([]);
    expect(warn(zeroRated('E', { exemptionReason: 'Steuerfreie Heilbehandlung nach § 4 Nr. 14 UStG' }))).toEqual([]);
  });

  it('findings in either language carry the legal source', () => {
    const j = complete();
    delete j.deliveryDate;
    const inv = parseInvoice(j).invoice as Invoice;
    expect(checkGermanLegalContent(inv, 'de')[0]).toMatchObject({ code: 'DE-UStG-14-4-6', severity: 'warning', path: 'deliveryDate' });
    expect(checkGermanLegalContent(inv, 'de')[0]!.message).toContain('§ 14 Abs. 4 Satz 1 Nr. 6 UStG');
    expect(checkGermanLegalContent(inv, 'en')[0]!.message).toContain('§ 14 (4) sentence 1 no. 6 UStG');
  });
});

describe('BT-33 in CII and the verdicts', () => {
  it('over every fixture: writes SellerTradeParty/Description after Name, reads it back, and leaves the EN 16931 and XRechnung verdicts and findings unchanged', () => {
    let checked = 0;
    for (const { name, json } of loadFixtures()) {
      const base = structuredClone(json) as Record<string, any>;
      const withLegal = structuredClone(base);
      withLegal.seller.legalInfo = 'Sitz Berlin · Amtsgericht Charlottenburg HRB 123456 B · Geschäftsführer: Anna Schmidt & Bernd Müller';
      const a = generateCii(base);
      const b = generateCii(withLegal);
      if (!a.ok) continue; // fixtures of rejected invoices
      expect(b.ok, name).toBe(true);
      expect(b.xml).toMatch(
        /<ram:Name>[^<]*<\/ram:Name>\s*<ram:Description>Sitz Berlin · Amtsgericht Charlottenburg HRB 123456 B · Geschäftsführer: Anna Schmidt &amp; Bernd Müller<\/ram:Description>/,
      );
      const va = validateCii(a.xml!, { profile: 'auto', ...(store ? { schemaStore: store } : {}) });
      const vb = validateCii(b.xml!, { profile: 'auto', ...(store ? { schemaStore: store } : {}) });
      expect(vb.verdict, name).toBe(va.verdict);
      expect(vb.findings.map((f) => f.code).sort()).toEqual(va.findings.map((f) => f.code).sort());
      if (store) expect(vb.xsd.findings.filter((f) => f.severity === 'error')).toEqual([]);
      expect(readCii(b.xml!).invoice!.seller!.legalInfo).toBe(withLegal.seller.legalInfo);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(45);
  });
});
