/** checkHybrid catches what must never be delivered; the Factur-X XMP facts per conformance level. */
import { describe, expect, it } from 'vitest';
import { writeCii } from '@kontor/cii';
import { checkHybrid, facturxRelationship, buildFacturxXmp, typesetInvoice } from '../src/index';
import { loadFixtures, visualPdf } from './helpers';

const now = new Date('2025-03-10T09:30:00Z');
const fixtures = loadFixtures();

describe('checkHybrid', () => {
  it('passes our own output and fails it against a different XML', async () => {
    const a = fixtures[0]!.json;
    const r = await typesetInvoice(structuredClone(a), { now });
    expect((await checkHybrid(r.pdf, { xml: r.xml })).verdict).not.toBe('invalid');
    const other = writeCii(structuredClone(fixtures[1]!.json));
    const bad = await checkHybrid(r.pdf, { xml: other });
    expect(bad.verdict).toBe('invalid');
    expect(bad.structure.map((f) => f.code)).toContain('FACTURX_XML_MISMATCH');
    const withLevel = await checkHybrid(r.pdf, { xml: r.xml, level: 'BASIC WL' });
    expect(withLevel.structure.map((f) => f.code).sort()).toEqual(['FACTURX_AF_RELATIONSHIP', 'FACTURX_XMP']);
    const missing = await checkHybrid(r.pdf, { xml: r.xml, attachmentNames: ['anlage.pdf'] });
    expect(missing.structure.map((f) => f.code)).toEqual(['ATTACHMENT_MISSING']);
  });

  it('fails a plain PDF: no factur-x.xml, no XMP, not PDF/A', async () => {
    const c = await checkHybrid(await visualPdf(1), { xml: writeCii(structuredClone(fixtures[0]!.json)) });
    expect(c.verdict).toBe('invalid');
    expect(c.structure.map((f) => f.code)).toEqual(expect.arrayContaining(['FACTURX_XML_MISSING', 'FACTURX_XMP_MISSING']));
    expect(c.pdfa.some((f) => f.severity === 'error')).toBe(true);
  });

  it('fails an XML that breaks EN 16931 rules even inside a valid PDF', async () => {
    const r = await typesetInvoice(structuredClone(fixtures[0]!.json), { now });
    const broken = r.xml.replace(/<ram:GrandTotalAmount>[^<]*<\/ram:GrandTotalAmount>/, '<ram:GrandTotalAmount>1.00</ram:GrandTotalAmount>');
    const c = await checkHybrid(r.pdf, { xml: broken });
    expect(c.en16931.verdict).toBe('invalid');
    expect(c.en16931.findings.some((f) => f.code === 'BR-CO-15')).toBe(true);
  });
});

describe('Factur-X XMP', () => {
  it('declares the four fx properties and picks AFRelationship by level', () => {
    const x = buildFacturxXmp('EN 16931');
    expect(x.extensionSchemas![0]!.properties.map((p) => p.name).sort()).toEqual(['ConformanceLevel', 'DocumentFileName', 'DocumentType', 'Version']);
    expect(Object.fromEntries(x.properties!.map((p) => [p.name, p.value]))).toEqual({ DocumentType: 'INVOICE', DocumentFileName: 'factur-x.xml', Version: '1.0', ConformanceLevel: 'EN 16931' });
    expect(facturxRelationship('EN 16931')).toBe('Alternative');
    expect(facturxRelationship('BASIC')).toBe('Alternative');
    expect(facturxRelationship('EXTENDED')).toBe('Alternative');
    expect(facturxRelationship('MINIMUM')).toBe('Data');
    expect(facturxRelationship('BASIC WL')).toBe('Data');
  });
});
