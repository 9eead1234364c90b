/**
 * pdf-lib's document parser with a faster path for plain integers, the bulk of most files (/W and /Widths arrays,
 * references, lengths). pdf-lib reads every number by appending one character at a time to a string, converts it
 * with Number(), and PDFNumber.of formats the value back to a string (three String() calls and a split); for a
 * 400 KB file with two full TrueType fonts that was ~70 % of the parse. Here a run of at most 15 digits ended by a
 * byte that cannot continue a number is read arithmetically, and small non-negative integers share one immutable
 * PDFNumber each (pdf-lib has no way to change a PDFNumber). Anything else (signs, decimals, long numbers) is read
 * by pdf-lib's own code, so the objects are those PDFDocument.load makes. Object streams are parsed by pdf-lib's
 * object-stream parser as before.
 */
import { ParseSpeeds, PDFDocument, PDFNumber, PDFParser, PDFRef } from 'pdf-lib';
import { isDigit } from './bytes';

/** pdf-lib's ByteStream fields read here (TypeScript-private there). */
interface ByteStreamFields {
  bytes: Uint8Array;
  length: number;
  idx: number;
  column: number;
}

/** Bytes that may continue a number in pdf-lib's reading: digits, '+', '-', '.'. */
const NUMERIC = new Uint8Array(256);
for (const c of '0123456789+-.') NUMERIC[c.charCodeAt(0)] = 1;
const R = 0x52;

/** Shared PDFNumbers for 0..65535 (glyph ids, widths, lengths), made on first use. */
const SMALL: PDFNumber[] = [];
const SMALL_LIMIT = 65536;

function numberObject(v: number): PDFNumber {
  if (Number.isInteger(v) && v >= 0 && v < SMALL_LIMIT) {
    let n = SMALL[v];
    if (n === undefined) {
      n = PDFNumber.of(v);
      SMALL[v] = n;
    }
    return n;
  }
  return PDFNumber.of(v);
}

class FastNumberParser extends PDFParser {
  protected override parseRawNumber(): number {
    const s = this.bytes as unknown as ByteStreamFields;
    const b = s.bytes;
    const end = s.length;
    let i = s.idx;
    let v = 0;
    while (i < end && i - s.idx < 16) {
      const c = b[i]!;
      if (c < 0x30 || c > 0x39) break;
      v = v * 10 + (c - 0x30);
      i++;
    }
    const digits = i - s.idx;
    if (digits > 0 && digits <= 15 && (i >= end || NUMERIC[b[i]!] === 0)) {
      s.idx = i;
      s.column += digits; // as ByteStream.next does for each non-newline byte
      return v;
    }
    return super.parseRawNumber();
  }

  protected override parseNumberOrRef(): PDFNumber | PDFRef {
    // pdf-lib's reading ("n g R" or a number), with the number objects from numberObject
    const first = this.parseRawNumber();
    this.skipWhitespaceAndComments();
    const s = this.bytes as unknown as ByteStreamFields;
    const lookaheadStart = s.idx;
    if (isDigit(s.bytes[s.idx] ?? -1)) {
      const second = this.parseRawNumber();
      this.skipWhitespaceAndComments();
      if (s.bytes[s.idx] === R) {
        this.bytes.assertNext(R);
        return PDFRef.of(first, second);
      }
    }
    this.bytes.moveTo(lookaheadStart);
    return numberObject(first);
  }
}

/** The document PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, parseSpeed: Fastest }) gives. */
export async function parsePdf(bytes: Uint8Array): Promise<PDFDocument> {
  const context = await new FastNumberParser(bytes, ParseSpeeds.Fastest, false, false).parseDocument();
  // PDFDocument.load does exactly this after parsing (its constructor is private in the typings only)
  const Doc = PDFDocument as unknown as new (context: unknown, ignoreEncryption: boolean, updateMetadata: boolean) => PDFDocument;
  return new Doc(context, true, false);
}
