/** PDF helpers for tests: turn a hybrid invoice into a plain print (no embedded XML) for the extraction paths. */

/** The same PDF without its embedded files and associated files (/Names, /AF removed from the catalog). */
export async function stripEmbeddedInvoice(pdf: Uint8Array): Promise<Uint8Array> {
  const { PDFDocument, PDFName } = await import('pdf-lib');
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  doc.catalog.delete(PDFName.of('Names'));
  doc.catalog.delete(PDFName.of('AF'));
  return doc.save();
}
