/** PDF string objects for text: printable ASCII as literal strings (escaped), anything else as UTF-16BE hex. */
import { PDFHexString, PDFString } from 'pdf-lib';

export function pdfText(text: string): PDFString | PDFHexString {
  if (/^[\x20-\x7e]*$/.test(text)) return PDFString.of(text.replace(/[\\()]/g, (c) => `\\${c}`));
  return PDFHexString.fromText(text);
}

/** Bytes a name-tree key sorts by (the encoded string bytes). */
export function pdfTextSortKey(s: PDFString | PDFHexString): Uint8Array {
  return s.asBytes();
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
