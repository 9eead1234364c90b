import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchemaStore } from '@kontor/xml';
import { ciiSchemaStore, fixture, loadFixtures } from '../../test/helpers';
import { generateCii, readCii, writeCii } from '../index';

let store: SchemaStore | null = null;
beforeAll(async () => {
  store = await ciiSchemaStore();
});
afterAll(() => store?.dispose());

const pdfBytes = new TextEncoder().encode('%PDF-1.7\n%test\n');

describe('writeCii', () => {
  it('writes BT-23 and the XRechnung BT-24 for profile xrechnung only', () => {
    const en = writeCii(fixture('01-minimal-en16931'));
    expect(en).not.toContain('BusinessProcessSpecifiedDocumentContextParameter');
    const xr = writeCii(fixture('02-minimal-xrechnung'));
    expect(xr).toContain('<ram:ID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</ram:ID>');
    expect(xr).toContain('<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>');
    // The option overrides invoice.profile.
    expect(writeCii(fixture('02-minimal-xrechnung'), { profile: 'en16931' })).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
  });

  it('embeds attachments as base64 in XML mode, references them as 916 in PDF mode', () => {
    const attachments = [
      { filename: 'lieferschein.pdf', description: 'Lieferschein', data: pdfBytes },
      { filename: 'stunden.csv', id: 'TS-1', data: Buffer.from('a;b\n1;2\n').toString('base64') },
    ];
    const xml = writeCii(fixture('02-minimal-xrechnung'), { attachments });
    expect(xml).toContain(`<ram:AttachmentBinaryObject mimeCode="application/pdf" filename="lieferschein.pdf">${Buffer.from(pdfBytes).toString('base64')}</ram:AttachmentBinaryObject>`);
    expect(xml).toContain('<ram:IssuerAssignedID>TS-1</ram:IssuerAssignedID>');
    expect(xml).toContain('mimeCode="text/csv"');
    const back = readCii(xml);
    expect(back.attachments).toEqual([
      { id: 'lieferschein.pdf', description: 'Lieferschein', data: Buffer.from(pdfBytes).toString('base64'), mimeType: 'application/pdf', filename: 'lieferschein.pdf' },
      { id: 'TS-1', description: 'stunden.csv', data: Buffer.from('a;b\n1;2\n').toString('base64'), mimeType: 'text/csv', filename: 'stunden.csv' },
    ]);
    const pdfMode = writeCii(fixture('01-minimal-en16931'), { attachmentsMode: 'pdf', attachments: [{ filename: 'daten.xml' }, { filename: 'foto.png' }] });
    expect(pdfMode).not.toContain('AttachmentBinaryObject');
    expect(pdfMode.match(/<ram:TypeCode>916<\/ram:TypeCode>/g)).toHaveLength(2);
    if (store) {
      expect(store.validate('cii-d16b', xml).valid).toBe(true);
      expect(store.validate('cii-d16b', pdfMode).valid).toBe(true);
    }
  });

  it('writes both VAT totals with a tax currency', () => {
    const xml = writeCii(fixture('38-tax-currency-usd'));
    expect(xml).toContain('<ram:TaxCurrencyCode>EUR</ram:TaxCurrencyCode>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="USD">285.00</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">262.50</ram:TaxTotalAmount>');
  });

  it('normalises unit aliases and warns about unknown units', () => {
    const r = generateCii(fixture('39-unit-aliases'), { legalChecks: false });
    expect(r.xml!.match(/unitCode="([^"]+)"/g)).toEqual(['unitCode="C62"', 'unitCode="KGM"', 'unitCode="HUR"', 'unitCode="MTK"', 'unitCode="LS"', 'unitCode="C62"']);
    expect(r.findings).toEqual([expect.objectContaining({ code: 'UNIT_UNKNOWN', severity: 'warning', path: 'lines.5.unitCode' })]);
  });

  it('fills the AE defaults and writes the open amount', () => {
    const ae = writeCii(fixture('10-reverse-charge-ae'));
    expect(ae).toContain('<ram:ExemptionReason>Reverse charge</ram:ExemptionReason>');
    expect(ae).toContain('<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>');
    const custom = writeCii(fixture('11-reverse-charge-ae-registration-id'));
    expect(custom).toContain('<ram:ExemptionReason>Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)</ram:ExemptionReason>');
    const paid = writeCii(fixture('32-paid-partially'));
    expect(paid).toContain('<ram:GrandTotalAmount>2856.00</ram:GrandTotalAmount>');
    expect(paid).toContain('<ram:TotalPrepaidAmount>1000.00</ram:TotalPrepaidAmount>');
    expect(paid).toContain('<ram:DuePayableAmount>1856.00</ram:DuePayableAmount>');
  });

  it('writes one Skonto marker line per stage, each ending in a line break', () => {
    const xml = writeCii(fixture('31-skonto-stages'));
    expect(xml).toContain('<ram:Description>#SKONTO#TAGE=7#PROZENT=3.00#\n#SKONTO#TAGE=14#PROZENT=2.00#\n#SKONTO#TAGE=21#PROZENT=1.50#BASISBETRAG=642.60#\n</ram:Description>');
  });

  it('never writes an empty element (PEPPOL-EN16931-R008) and escapes text', () => {
    for (const fx of loadFixtures()) {
      const xml = writeCii(fx.json);
      expect(xml, fx.name).not.toMatch(/<([\w:]+)[^>]*>\s*<\/\1>/);
      expect(xml.replace('<ram:ApplicableHeaderTradeDelivery/>', ''), fx.name).not.toMatch(/<[\w:]+\/>/);
    }
    const j = fixture('01-minimal-en16931') as Record<string, any>;
    j.buyer.name = 'Müller & Söhne <GmbH>\u0001';
    const xml = writeCii(j);
    expect(xml).toContain('<ram:Name>Müller &amp; Söhne &lt;GmbH&gt;</ram:Name>');
    expect(readCii(xml).invoice!.buyer.name).toBe('Müller & Söhne <GmbH>');
  });

  it('is deterministic across calls and independent of key order', () => {
    const a = fixture('41-leitweg-xrechnung-full');
    const b = Object.fromEntries(Object.entries(a).reverse());
    expect(writeCii(b)).toBe(writeCii(a));
  });
});
