/**
 * Font-related streams (font programs, CIDToGIDMap, CIDSet, ToUnicode) decoded once per check run and shared by
 * the checkers that read them (glyph widths, font programs, Unicode maps): the document is not modified during a
 * run. Keyed by the run's CheckContext, so the cache goes away with the run; errors are not cached (a stream that
 * fails to decode throws again for the next reader, as before).
 */
import type { PDFStream } from 'pdf-lib';
import { decodeStream } from '../internal/pdf';
import type { CheckContext } from './context';

const runs = new WeakMap<CheckContext, Map<PDFStream, Uint8Array>>();

/**
 * decodeStream(c.ctx, stream, c.maxStreamBytes), at most once per stream and run; a stream the caller made with its
 * decoded bytes known (c.known) is not decoded at all. The bytes are read-only.
 */
export function decodeOnce(c: CheckContext, stream: PDFStream): Uint8Array {
  let m = runs.get(c);
  if (!m) {
    m = new Map();
    runs.set(c, m);
  }
  let b = m.get(stream);
  if (b === undefined) {
    b = c.known?.get(stream) ?? decodeStream(c.ctx, stream, c.maxStreamBytes);
    m.set(stream, b);
  }
  return b;
}

/** The bytes decodeOnce gave for `stream` in this run, if it decoded it (nothing is decoded here). */
export function decodedBefore(c: CheckContext, stream: PDFStream): Uint8Array | undefined {
  return runs.get(c)?.get(stream);
}
