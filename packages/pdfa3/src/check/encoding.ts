/** The Encoding entry of a simple font (ISO 32000-1, 9.6.6): base encoding name and the Differences array. */
import { PDFDict, PDFNumber, type PDFObject } from 'pdf-lib';
import { get, getArray, getName, nameOf, resolve } from '../internal/pdf';
import type { CheckContext } from './context';

export interface SimpleEncoding {
  /** The Encoding entry as found (undefined when the font has none). */
  entry: PDFObject | undefined;
  /** BaseEncoding of an encoding dictionary, or the name of a named encoding. */
  base: string | undefined;
  /** code → glyph name from the Differences array. */
  diffs: Map<number, string>;
}

export function readSimpleEncoding(ctx: CheckContext['ctx'], font: PDFDict): SimpleEncoding {
  const entry = get(ctx, font, 'Encoding');
  const diffs = new Map<number, string>();
  let base: string | undefined;
  if (entry instanceof PDFDict) {
    base = getName(ctx, entry, 'BaseEncoding');
    let code = 0;
    for (const x of getArray(ctx, entry, 'Differences')?.asArray() ?? []) {
      const r = resolve(ctx, x);
      if (r instanceof PDFNumber) code = r.asNumber();
      else {
        const n = nameOf(r);
        if (n !== undefined) diffs.set(code++, n);
      }
    }
  } else base = nameOf(entry);
  return { entry, base, diffs };
}
