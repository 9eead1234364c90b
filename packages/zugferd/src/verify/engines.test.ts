/**
 * The optional external engines against local stand-ins on 127.0.0.1 that speak their protocols: when reachable
 * they join engines[] and decide; unreachable, aborted, partial or silent → available:false + note, native result stands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { savePdfA3 } from '@kontor/pdfa3';
import { typesetInvoice } from '../typeset/typeset';
import { verifyInvoicePdf, validateInvoiceXml } from './verify';
import { validateWithKosit, validateWithVeraPdf } from './engines';
import { loadFixtures } from '../../test/helpers';
import { kositStandIn, sha256, silentStandIn, veraPdfStandIn, type StandIn, type VeraVerdict } from '@kontor/testkit/engine-standins';

const now = new Date('2025-03-10T09:30:00Z');
let pdf: Uint8Array;
let xml: string;
let kosit: StandIn;
let vera: StandIn;
let silent: StandIn;
const verdicts = new Map<string, VeraVerdict>();
const closedUrl = 'http://127.0.0.1:9'; // discard port: nothing listens

beforeAll(async () => {
  const r = await typesetInvoice(structuredClone(loadFixtures()[0]!.json), { now });
  pdf = r.pdf;
  xml = r.xml;
  [kosit, vera, silent] = await Promise.all([kositStandIn(), veraPdfStandIn(verdicts), silentStandIn()]);
}, 60_000);

afterAll(async () => {
  await Promise.all([kosit?.close(), vera?.close(), silent?.close()]);
});

const marked = (marker: string) => xml.replace('?>', `?><!-- ${marker} -->`);

describe('KoSIT validator daemon', () => {
  it('posts the raw XML and accepts on 200 + accept', async () => {
    const before = kosit.requests.length;
    const a = await validateWithKosit(new TextEncoder().encode(xml), 'factur-x.xml', { url: kosit.url });
    expect(a).toMatchObject({ available: true, accepted: true, engine: 'KoSIT validator (KoSIT Validator 1.5.0 (stand-in))' });
    const req = kosit.requests[before]!;
    expect(req).toMatchObject({ method: 'POST', path: '/factur-x.xml', contentType: 'application/xml' });
    expect(req.body.toString('utf8')).toBe(xml);
  });

  it('decides the XML verdict in the report: 406 reject with its findings', async () => {
    const r = await validateInvoiceXml(marked('FORCE-REJECT'), { kosit: { url: kosit.url } });
    const a = r.result.authoritative;
    expect(a.available).toBe(true);
    expect(a.engines[0]).toMatch(/^KoSIT validator/);
    expect(a.verdict).toBe('invalid');
    expect(a.findings).toEqual([
      expect.objectContaining({
        code: 'BR-CO-15',
        severity: 'error',
        source: 'schematron',
        location: '/rsm:CrossIndustryInvoice[1]/rsm:SupplyChainTradeTransaction[1]',
        engine: expect.stringMatching(/^KoSIT/),
      }),
    ]);
    // the native quick check still reports on its own
    expect(r.result.en16931).toMatchObject({ checked: true, errorCount: 0 });
  });

  it('an accepted document is valid (its warnings kept)', async () => {
    const r = await verifyInvoicePdf(pdf, { kosit: { url: kosit.url } });
    const a = r.result.authoritative;
    expect(a.engines.some((e) => e.startsWith('KoSIT'))).toBe(true);
    expect(a.findings.filter((f) => f.engine.startsWith('KoSIT')).map((f) => [f.code, f.severity])).toEqual([['BR-DE-21', 'warning']]);
    expect(a.findings.some((f) => f.engine.startsWith('Kontor native'))).toBe(false);
  });

  it('422, a partial report, no listener, or no answer in time: available false, the native result stands', async () => {
    for (const [input, url, timeoutMs, note] of [
      [marked('FORCE-ABORT'), kosit.url, undefined, /HTTP 422/],
      [marked('FORCE-PARTIAL'), kosit.url, undefined, /no assessment/],
      [xml, closedUrl, undefined, /unreachable/],
      [xml, silent.url, 300, /no answer within 300 ms/],
    ] as const) {
      const r = await validateInvoiceXml(input, { kosit: { url, ...(timeoutMs ? { timeoutMs } : {}) } });
      const a = r.result.authoritative;
      expect(a.available).toBe(false);
      expect(a.note).toMatch(note);
      expect(a.note).toMatch(/native result stands/);
      expect(a.engines.some((e) => e.startsWith('KoSIT'))).toBe(false);
      expect(a.engines.some((e) => e.startsWith('Kontor native'))).toBe(true);
      expect(a.verdict).not.toBe('invalid');
    }
  });

  it('is not asked for profiles it has no scenario for (MINIMUM)', async () => {
    const before = kosit.requests.length;
    const min =
      '<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"><rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext></rsm:CrossIndustryInvoice>';
    const r = await validateInvoiceXml(min, { kosit: { url: kosit.url } });
    expect(kosit.requests.length).toBe(before);
    expect(r.result.authoritative.note).toMatch(/no scenario for MINIMUM/);
  });
});

describe('veraPDF REST', () => {
  it('decides PDF/A: a non-compliant verdict with its failed rules replaces our checker', async () => {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    doc.getPage(0).drawText('x', { x: 10, y: 10, size: 8, font: await doc.embedFont(StandardFonts.Helvetica) });
    const bad = await savePdfA3(doc);
    verdicts.set(sha256(bad), {
      compliant: false,
      failed: [{ clause: '6.2.11.4.1', testNumber: 1, description: 'The font programs for all fonts used for rendering within a conforming file shall be embedded' }],
    });
    const before = vera.requests.length;
    const r = await verifyInvoicePdf(bad, { verapdf: { url: vera.url } });
    const req = vera.requests[before]!;
    expect(req).toMatchObject({ method: 'POST', path: '/api/validate/3b', accept: 'application/json' });
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const a = r.result.authoritative;
    expect(a.engines).toContain('veraPDF');
    expect(a.engines).not.toContain('Kontor PDF/A-3 checker (@kontor/pdfa3)');
    expect(a.findings.filter((f) => f.source === 'pdfa')).toEqual([
      expect.objectContaining({ code: '6.2.11.4.1', severity: 'error', engine: 'veraPDF', ruleset: 'PDF/A-3B validation profile 6.2.11.4.1-1' }),
    ]);
    expect(a.verdict).toBe('invalid');
  });

  it('a compliant verdict leaves no PDF/A finding', async () => {
    const r = await verifyInvoicePdf(pdf, { verapdf: { url: vera.url } });
    expect(r.result.authoritative.findings.filter((f) => f.source === 'pdfa')).toEqual([]);
    expect(r.result.authoritative.engines).toContain('veraPDF');
  });

  it('unreachable or unknown answers: available false, our checker decides', async () => {
    const a = await validateWithVeraPdf(pdf, '3b', { url: closedUrl });
    expect(a).toMatchObject({ available: false, note: expect.stringMatching(/unreachable/) });
    const wrongPath = await validateWithVeraPdf(pdf, '3b', { url: `${vera.url}/nothing-here` });
    expect(wrongPath).toMatchObject({ available: false, note: expect.stringMatching(/HTTP 404/) });
    const r = await verifyInvoicePdf(pdf, { verapdf: { url: closedUrl } });
    expect(r.result.authoritative.available).toBe(false);
    expect(r.result.authoritative.engines).toContain('Kontor PDF/A-3 checker (@kontor/pdfa3)');
    expect(r.result.authoritative.note).toMatch(/veraPDF service at http:\/\/127\.0\.0\.1:9 is unreachable/);
  });
});
