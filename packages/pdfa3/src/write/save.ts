/**
 * Deterministic PDF/A save: no object streams, classic xref table, and a trailer /ID of two identical
 * MD5 digests over the file written with a zero /ID (so the same document gives the same bytes).
 */
import { PDFDocument, PDFHexString, PDFWriter } from 'pdf-lib';
import { Pdfa3Error } from '../errors';
import { ascii, lastIndexOfBytes, md5, toHex } from '../internal/bytes';

const ZERO_ID = '0'.repeat(32);

/**
 * @example
 * ```ts
 * makePdfA3(doc, { title: 'Lieferschein 4711', createDate: now, modifyDate: now, conformance: 'B' });
 * const bytes = await savePdfA3(doc); // same inputs, same bytes (no object streams, deterministic /ID)
 * ```
 */
export async function savePdfA3(doc: PDFDocument): Promise<Uint8Array> {
  if (!(doc instanceof PDFDocument)) throw new Pdfa3Error('INVALID_ARGUMENT', 'doc must be a pdf-lib PDFDocument');
  if (doc.getPageCount() === 0) doc.addPage();
  await doc.flush();
  const ctx = doc.context;
  ctx.trailerInfo.ID = ctx.obj([PDFHexString.of(ZERO_ID), PDFHexString.of(ZERO_ID)]);
  const bytes = await PDFWriter.forContext(ctx, Number.POSITIVE_INFINITY).serializeToBuffer();
  const id = toHex(md5(bytes));
  const needle = ascii(`<${ZERO_ID}>`);
  let at = bytes.length;
  for (let n = 0; n < 2; n++) {
    at = lastIndexOfBytes(bytes, needle, at - 1);
    if (at < 0) throw new Error('trailer /ID placeholder not found');
    bytes.set(ascii(`<${id}>`), at);
  }
  ctx.trailerInfo.ID = ctx.obj([PDFHexString.of(id), PDFHexString.of(id)]);
  return bytes;
}
