/**
 * verifyInvoicePdf on hybrids made here with exactly one defect each (broken XMP, missing /AF, XML violating
 * EN 16931, a non-embedded font, wrong ConformanceLevel), plus non-PDF input and the bare-XML variant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, type PDFStream, StandardFonts } from 'pdf-lib';
import { attachFile, savePdfA3 } from '@kontor/pdfa3';
import { writeCii } from '@kontor/cii';
import { SchemaStore } from '@kontor/xml';
import { typesetInvoice } from '../typeset/typeset';
import { ZugferdError } from '../errors';
import { verifyInvoicePdf, validateInvoiceXml, sniffInput } from './verify';
import { corpusAvailable, corpusDir, loadFixtures } from '../../test/helpers';

const now = new Date('2025-03-10T09:30:00Z');
const fixture = loadFixtures()[0]!.json;
const hasCorpus = corpusAvailable();

let good: { pdf: Uint8Array; xml: string };
let store: SchemaStore | undefined;
let dir: string | undefined;

beforeAll(async () => {
  const r = await typesetInvoice(structuredClone(fixture), { now });
  good = { pdf: r.pdf, xml: r.xml };
  if (hasCorpus) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-verify-unit-'));
    store = new SchemaStore({ dir });
    await store.installFrom(path.join(corpusDir, 'einvoice/schema'));
  }
}, 120_000);

afterAll(() => {
  store?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function mutate(bytes: Uint8Array, change: (doc: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  await change(doc);
  return savePdfA3(doc);
}

function xmpOf(doc: PDFDocument): string {
  const s = doc.context.lookup(doc.catalog.get(PDFName.of('Metadata'))) as PDFStream;
  return new TextDecoder().decode((s as unknown as { contents: Uint8Array }).contents);
}

function setXmp(doc: PDFDocument, text: string): void {
  const stream = doc.context.stream(new TextEncoder().encode(text), { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));
}

const errors = (r: { result: { authoritative: { findings: { severity: string; code: string }[] } } }) => r.result.authoritative.findings.filter((f) => f.severity === 'error').map((f) => f.code);

describe('verifyInvoicePdf on generated hybrids', () => {
  it('reports a good hybrid as valid with every structure fact true', async () => {
    const r = await verifyInvoicePdf(good.pdf, store ? { schemaStore: store } : {});
    expect(r.result.structure.file).toEqual({ present: true, bytes: good.pdf.byteLength, isPdf: true, pdfVersion: expect.stringMatching(/^1\.\d$/) });
    expect(r.result.structure.zugferd).toEqual({
      embeddedFiles: true,
      facturXFilename: true,
      associatedFile: true,
      facturXMetadata: true,
      xmlEmbedded: true,
      pdfAPart: '3',
      pdfAConformance: 'B',
      xmlMatchesGenerated: null,
    });
    expect(r.result.en16931).toMatchObject({ checked: true, profile: 'EN 16931', errorCount: 0 });
    expect(r.result.pdfa3).toEqual({
      hasAfArray: true,
      allOk: true,
      files: [{ filename: 'factur-x.xml', afRelationship: 'Alternative', associated: true, status: 'ok', message: 'associated as Alternative, text/xml' }],
    });
    expect(r.result.authoritative.verdict).not.toBe('invalid');
    expect(errors(r)).toEqual([]);
    expect(r.result.authoritative.profile).toBe('EN 16931');
    expect(r.result.authoritative.engines).toEqual(expect.arrayContaining(['Kontor PDF/A-3 checker (@kontor/pdfa3)', 'Kontor ZUGFeRD/Factur-X structure rules']));
    if (store) {
      expect(r.result.authoritative.available).toBe(true);
      expect(r.result.authoritative.engines).toContain('XSD facturx:en16931 (libxml2)');
    }
    expect(r.summary).toMatch(/^Valid e-invoice PDF \(EN 16931\)/);
  });

  it('broken XMP: not well-formed metadata', async () => {
    const bad = await mutate(good.pdf, (doc) => setXmp(doc, xmpOf(doc).replace('</x:xmpmeta>', '')));
    const r = await verifyInvoicePdf(bad);
    expect(r.result.structure.zugferd.facturXMetadata).toBe(false);
    expect(errors(r)).toContain('FACTURX_XMP_UNREADABLE');
    expect(r.result.authoritative.findings.some((f) => f.source === 'pdfa' && f.code.startsWith('6.6.2'))).toBe(true);
    expect(r.result.authoritative.verdict).toBe('invalid');
  });

  it('XMP ConformanceLevel inconsistent with the XML guideline id', async () => {
    const bad = await mutate(good.pdf, (doc) => setXmp(doc, xmpOf(doc).replace(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/, '<fx:ConformanceLevel>BASIC</fx:ConformanceLevel>')));
    const r = await verifyInvoicePdf(bad);
    expect(errors(r)).toEqual(['FACTURX_CONFORMANCE_LEVEL_MISMATCH']);
    expect(r.result.authoritative.findings.find((f) => f.code === 'FACTURX_CONFORMANCE_LEVEL_MISMATCH')!.message).toMatch(/"BASIC".*urn:cen\.eu:en16931:2017/);
  });

  it('XMP without the PDF/A extension schema declaration, and a wrong DocumentFileName', async () => {
    const undeclared = await mutate(good.pdf, (doc) => setXmp(doc, xmpOf(doc).replace(/<pdfaExtension:schemas>[\s\S]*<\/pdfaExtension:schemas>/, '')));
    const r = await verifyInvoicePdf(undeclared);
    expect(errors(r)).toContain('FACTURX_XMP_NOT_DECLARED');
    expect(r.result.structure.zugferd.facturXMetadata).toBe(false);
    const renamed = await mutate(good.pdf, (doc) =>
      setXmp(doc, xmpOf(doc).replace('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>', '<fx:DocumentFileName>invoice.xml</fx:DocumentFileName>')),
    );
    expect(errors(await verifyInvoicePdf(renamed))).toEqual(['FACTURX_XMP_FILENAME']);
  });

  it('missing /AF: the invoice XML is not associated', async () => {
    const bad = await mutate(good.pdf, (doc) => {
      doc.catalog.delete(PDFName.of('AF'));
    });
    const r = await verifyInvoicePdf(bad);
    expect(r.result.structure.zugferd.associatedFile).toBe(false);
    expect(r.result.structure.zugferd.xmlEmbedded).toBe(true);
    expect(r.result.pdfa3).toMatchObject({ hasAfArray: false, allOk: false, files: [{ filename: 'factur-x.xml', associated: false, status: 'error' }] });
    expect(errors(r)).toContain('FACTURX_NOT_ASSOCIATED');
    expect(r.result.authoritative.verdict).toBe('invalid');
  });

  it('embedded XML that violates EN 16931 (BT-112 changed)', async () => {
    const xml = good.xml.replace(/<ram:GrandTotalAmount>([\d.]+)<\/ram:GrandTotalAmount>/, (_m, v: string) => `<ram:GrandTotalAmount>${(Number(v) + 1).toFixed(2)}</ram:GrandTotalAmount>`);
    expect(xml).not.toBe(good.xml);
    const bad = await mutate(good.pdf, (doc) => {
      attachFile(doc, { name: 'factur-x.xml', data: new TextEncoder().encode(xml), mimeType: 'text/xml', relationship: 'Alternative', modDate: now, replace: true });
    });
    const r = await verifyInvoicePdf(bad);
    expect(r.result.structure.zugferd).toMatchObject({ xmlEmbedded: true, associatedFile: true, facturXMetadata: true });
    expect(r.result.en16931!.findings.map((f) => f.code)).toContain('BR-CO-15');
    expect(r.result.en16931!.findings.find((f) => f.code === 'BR-CO-15')).toMatchObject({ severity: 'error', source: 'schematron' });
    expect(errors(r)).toContain('BR-CO-15');
    expect(r.result.authoritative.findings.find((f) => f.code === 'BR-CO-15')!.source).toBe('schematron');
  });

  it('hostile embedded XML (DOCTYPE with an entity bomb) is refused by the hardened reader, not expanded', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>${good.xml.replace(/^<\?xml[^>]*\?>/, '').replace('<ram:ID>', '<ram:ID>&c;')}`;
    const bad = await mutate(good.pdf, (doc) => {
      attachFile(doc, { name: 'factur-x.xml', data: new TextEncoder().encode(bomb), mimeType: 'text/xml', relationship: 'Alternative', modDate: now, replace: true });
    });
    const r = await verifyInvoicePdf(bad);
    expect(errors(r)).toEqual(['XML_NOT_WELL_FORMED']);
    expect(r.result.authoritative.findings[0]!.message).toMatch(/DOCTYPE|DTD/i);
    expect(r.result.en16931).toMatchObject({ checked: false });
  });

  it('a font that is not embedded', async () => {
    const bad = await mutate(good.pdf, async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      doc.getPage(0).drawText('Zahlbar ohne Abzug', { x: 60, y: 40, size: 8, font });
    });
    const r = await verifyInvoicePdf(bad);
    const font = r.result.authoritative.findings.filter((f) => f.source === 'pdfa' && f.code.startsWith('6.2.11.4'));
    expect(font.length).toBeGreaterThan(0);
    expect(font[0]!.severity).toBe('error');
    expect(errors(r).every((c) => /^6\.2\.11/.test(c))).toBe(true);
    expect(r.result.structure.zugferd).toMatchObject({ associatedFile: true, facturXMetadata: true });
  });

  it('BT-125 attachments are listed with their decoded size', async () => {
    const data = new TextEncoder().encode('Pos;Menge\n1;2\n');
    const xml = writeCii(structuredClone(fixture), { attachments: [{ filename: 'aufmass.csv', data, mimeType: 'text/csv' }] });
    const r = await validateInvoiceXml(xml);
    expect(r.result.attachments).toEqual([{ filename: 'aufmass.csv', mimeCode: 'text/csv', sizeBytes: data.byteLength }]);
  });

  it('non-PDF input: XML, empty, other; oversize and misuse throw', async () => {
    const x = await verifyInvoicePdf(new TextEncoder().encode(good.xml));
    expect(x.result.structure.file).toEqual({ present: true, bytes: new TextEncoder().encode(good.xml).byteLength, isPdf: false, pdfVersion: null });
    expect(errors(x)).toEqual(['NOT_A_PDF']);
    expect(x.result.en16931).toBeNull();
    expect(x.result.pdfa3).toBeNull();
    expect(errors(await verifyInvoicePdf(new Uint8Array()))).toEqual(['FILE_EMPTY']);
    expect(sniffInput(new TextEncoder().encode('\ufeff<?xml version="1.0"?><a/>'))).toBe('xml');
    expect(sniffInput(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe('other');
    await expect(verifyInvoicePdf(good.pdf, { maxBytes: 100 })).rejects.toMatchObject({ code: 'PDF_TOO_LARGE' });
    await expect(verifyInvoicePdf('x' as never)).rejects.toBeInstanceOf(ZugferdError);
  });
});

describe('validateInvoiceXml', () => {
  it('validates a CII invoice like the embedded one, forcing XRechnung when asked', async () => {
    const r = await validateInvoiceXml(good.xml, store ? { schemaStore: store } : {});
    expect(r.result.en16931).toMatchObject({ checked: true, profile: 'EN 16931', errorCount: 0 });
    expect(r.result.authoritative.verdict).not.toBe('invalid');
    const xr = await validateInvoiceXml(good.xml, { profile: 'xrechnung', ...(store ? { schemaStore: store } : {}) });
    expect(xr.result.authoritative.verdict).toBe('invalid');
    expect(errors(xr).some((c) => c.startsWith('BR-DE-'))).toBe(true);
    if (store) expect(xr.result.authoritative.engines).toContain('XSD cii-d16b (libxml2)');
  });

  it('unreadable XML and ZUGFeRD 1.0 XML are invalid with a clear reason', async () => {
    const broken = await validateInvoiceXml('<rsm:CrossIndustryInvoice xmlns:rsm="x">');
    expect(errors(broken)).toEqual(['XML_NOT_WELL_FORMED']);
    const z1 = await validateInvoiceXml(
      '<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"><rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter xmlns:ram="r"><ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext></rsm:CrossIndustryDocument>',
    );
    expect(z1.result.authoritative.profile).toBe('ZUGFERD 1.0 COMFORT');
    expect(errors(z1)).toEqual(['ZUGFERD1_NOT_SUPPORTED']);
    expect(z1.result.authoritative.note).toMatch(/own XML namespace/);
    await expect(validateInvoiceXml(good.xml, { profile: 'peppol' as never })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
