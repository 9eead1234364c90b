/** Independent readers for the tests: pdf.js (text, attachments) and the decoded page content streams (pdf-lib). */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';

export interface PdfFacts {
  pages: string[];
  attachments: Map<string, Uint8Array>;
}

/** Page texts (items joined by spaces, whitespace squeezed) and embedded files, as pdf.js reads them. */
export async function readWithPdfJs(bytes: Uint8Array): Promise<PdfFacts> {
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const tc = await page.getTextContent();
      pages.push(
        tc.items
          .map((it) => ('str' in it ? it.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    const att = (await doc.getAttachments()) as Record<string, { filename: string; content: Uint8Array }> | null;
    const attachments = new Map<string, Uint8Array>();
    for (const v of Object.values(att ?? {})) attachments.set(v.filename, v.content);
    return { pages, attachments };
  } finally {
    await doc.destroy();
  }
}

/** The decoded content streams of every page, concatenated per page. */
export async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  return doc.getPages().map((p) => {
    const c = p.node.get(PDFName.of('Contents'));
    const refs = c instanceof PDFArray ? c.asArray() : c ? [c] : [];
    return refs
      .map((r) => {
        const s = r instanceof PDFRef ? doc.context.lookup(r) : r;
        if (!(s instanceof PDFStream)) return '';
        const raw = s instanceof PDFRawStream ? s.contents : new Uint8Array();
        const filter = s.dict.get(PDFName.of('Filter'));
        const data = filter && String(filter) === '/FlateDecode' ? inflateSync(raw) : Buffer.from(raw);
        return Buffer.from(data).toString('latin1');
      })
      .join('\n');
  });
}
