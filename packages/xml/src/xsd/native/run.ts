/**
 * Runs a native validation over a whole document with the hardened reader, synchronously: strings in one go,
 * bytes decoded slice by slice (no full-document string, no tree), so memory stays flat in the file size.
 * Returns null when the native path cannot answer the way libxml2 would — the document is not well-formed,
 * breaks a reader limit, or uses xsi:type/xsi:nil — and the caller validates with libxml2 instead (same
 * findings as before for such input).
 */
import { KontorXmlError } from '../../errors';
import { XmlChunkDecoder } from '../../reader/decode';
import { defaultXmlLimits, type XmlLimits } from '../../reader/limits';
import { DecodedXml } from '../../reader/parse';
import { createHardenedParser } from '../../reader/sax';
import type { DiagnosticSink } from '../engine';
import type { NativeSchema } from './schema';
import { NativeUnsupported, NativeValidation, TooManyElements } from './validate';

const BYTE_SLICE = 64 * 1024;

export function runNative(schema: NativeSchema, input: string | Uint8Array | DecodedXml, maxFindings: number, limits: Partial<XmlLimits> = {}): NativeValidation | null {
  const lim: XmlLimits = { ...defaultXmlLimits, ...limits };
  const sink: DiagnosticSink = { max: maxFindings, kept: [], errors: 0, warnings: 0 };
  const v = new NativeValidation(schema, sink);
  v.maxElements = lim.maxElements;
  // The validation is the parser's handler object itself (no wrapper call per event); it counts the elements.
  const parser = createHardenedParser(lim, v);
  try {
    if (typeof input === 'string') {
      parser.write(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
    } else if (input instanceof DecodedXml) {
      // Decoded once by the caller (BOM dropped), in pieces: taken one after another as a stream's chunks.
      const pieces = input.pieces;
      const pieceBytes = input.pieceBytes;
      for (let i = 0; i < pieces.length; i++) parser.write(pieces[i]!, pieceBytes[i] ?? undefined);
    } else {
      const decoder = new XmlChunkDecoder();
      let first = true;
      const push = (text: string) => {
        if (first && text) {
          if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
          first = false;
        }
        if (text) parser.write(text);
      };
      for (let i = 0; i < input.byteLength; i += BYTE_SLICE) push(decoder.write(input.subarray(i, Math.min(input.byteLength, i + BYTE_SLICE))));
      push(decoder.end());
    }
    parser.close();
  } catch (e) {
    if (e instanceof KontorXmlError || e instanceof NativeUnsupported || e instanceof TooManyElements) return null;
    throw e;
  }
  if (v.elements === 0) return null;
  return v;
}
