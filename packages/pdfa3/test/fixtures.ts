/** Builds the PDF/A-3 documents the tests judge: text in embedded Liberation Sans, optional attachment. */
import { PDFDocument, PDFName, PDFString, rgb } from 'pdf-lib';
import { attachFile, embedPdfA3Font, loadLiberationSans, makePdfA3, savePdfA3, type ExtraXmp, type PdfaConformance } from '../src/index';

export const FX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** A Factur-X-like extension schema, as the zugferd package passes it in. */
export const FX_XMP: ExtraXmp = {
  extensionSchemas: [
    {
      schema: 'Factur-X PDFA Extension Schema',
      namespaceURI: FX_NS,
      prefix: 'fx',
      properties: ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel'].map((name) => ({
        name,
        valueType: 'Text',
        category: 'external' as const,
        description: `the ${name} of the embedded document`,
      })),
    },
  ],
  properties: [
    { namespaceURI: FX_NS, prefix: 'fx', name: 'DocumentType', value: 'INVOICE' },
    { namespaceURI: FX_NS, prefix: 'fx', name: 'DocumentFileName', value: 'factur-x.xml' },
    { namespaceURI: FX_NS, prefix: 'fx', name: 'Version', value: '1.0' },
    { namespaceURI: FX_NS, prefix: 'fx', name: 'ConformanceLevel', value: 'EN 16931' },
  ],
};

export const CREATED = new Date('2024-05-01T10:00:00Z');
export const MODIFIED = new Date('2024-05-02T11:30:00Z');
export const XML = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>\n');

export interface SampleOptions {
  conformance?: PdfaConformance;
  title?: string;
  attach?: boolean;
  pages?: number;
  extraXmp?: ExtraXmp;
}

export async function buildSampleDoc(o: SampleOptions = {}): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await embedPdfA3Font(doc, await loadLiberationSans('regular'));
  const bold = await embedPdfA3Font(doc, await loadLiberationSans('bold'));
  for (let i = 0; i < (o.pages ?? 1); i++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Rechnung 4711 – Seite ${i + 1}`, { x: 56, y: 780, size: 16, font: bold });
    page.drawText('Grüße aus Köln: 1.234,56 € (äöüß ÄÖÜ)', { x: 56, y: 750, size: 11, font: regular, color: rgb(0.1, 0.1, 0.5) });
    page.drawRectangle({ x: 56, y: 700, width: 300, height: 24, color: rgb(0.92, 0.92, 0.92), opacity: 0.6 });
  }
  if (o.attach ?? true) {
    attachFile(doc, { name: 'factur-x.xml', data: XML, mimeType: 'text/xml', description: 'Factur-X invoice', relationship: 'Alternative', creationDate: CREATED, modDate: MODIFIED });
  }
  makePdfA3(doc, {
    title: o.title ?? 'Rechnung 4711',
    author: 'Kontor GmbH',
    subject: 'Invoice 4711',
    keywords: 'invoice, 4711',
    creator: 'Kontor test',
    producer: 'Kontor pdfa3',
    createDate: CREATED,
    modifyDate: MODIFIED,
    lang: 'de-DE',
    conformance: o.conformance ?? 'B',
    ...(o.extraXmp ? { extraXmp: o.extraXmp } : {}),
  });
  return doc;
}

export async function buildSample(o: SampleOptions = {}): Promise<Uint8Array> {
  return savePdfA3(await buildSampleDoc(o));
}

/** A plain 2-page PDF as an office program might write it: embedded font, no PDF/A parts, a link. */
export async function plainTwoPager(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await embedPdfA3Font(doc, await loadLiberationSans());
  for (let i = 1; i <= 2; i++) doc.addPage().drawText(`Seite ${i} – Übertrag`, { x: 50, y: 700, size: 14, font, color: rgb(0, 0, 0.4) });
  const link = doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, 690, 200, 720], A: { S: 'URI', URI: PDFString.of('https://example.org') } });
  doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return doc.save();
}
