/**
 * pdf-lib decodes only upper-case #XX escapes in names; a name written "/text#2fxml" keeps "#2f" and is
 * written back as "/text#232fxml", which means something else. Rewrites such names to their decoded
 * value so saving keeps their meaning.
 */
import { PDFArray, PDFDict, PDFName, PDFStream, type PDFDocument, type PDFObject } from 'pdf-lib';
import { forEachEntry, nameOf } from './pdf';

const LOWER_ESCAPE = /#([0-9a-f][0-9A-Fa-f]|[0-9A-F][a-f])/;

function fixed(n: PDFName): PDFName | undefined {
  // without a '#' in its written form a name decodes to the same characters: no escape to fix (most names)
  if (!n.asString().includes('#')) return undefined;
  const raw = n.decodeText();
  if (!LOWER_ESCAPE.test(raw)) return undefined;
  // PDFName.of decodes upper-case escapes again, so protect literal '#' first
  const decoded = nameOf(n)!;
  return PDFName.of(decoded.replace(/#/g, '#23'));
}

/** Returns how many names were rewritten. */
export function normalizeNames(doc: PDFDocument): number {
  let count = 0;
  const seen = new Set<PDFObject>();
  const visit = (o: PDFObject, depth: number): void => {
    // only containers hold names to fix (numbers, strings, references: nothing to look up)
    if (depth > 64 || !(o instanceof PDFArray || o instanceof PDFDict || o instanceof PDFStream) || seen.has(o)) return;
    if (o instanceof PDFArray) {
      seen.add(o);
      for (let i = 0; i < o.size(); i++) {
        const v = o.get(i);
        if (v instanceof PDFName) {
          const f = fixed(v);
          if (f) {
            o.set(i, f);
            count++;
          }
        } else visit(v, depth + 1);
      }
    } else if (o instanceof PDFDict || o instanceof PDFStream) {
      const d = o instanceof PDFStream ? o.dict : o;
      seen.add(d);
      // most dictionaries hold no name written with '#' (fixed() is undefined for all of them): walked without the
      // snapshot of their entries that rewriting needs (visiting a value does not change this dictionary)
      let hash = false;
      forEachEntry(d, (k, v) => {
        if (!hash && (k.asString().includes('#') || (v instanceof PDFName && v.asString().includes('#')))) hash = true;
      });
      if (!hash) {
        forEachEntry(d, (_, v) => {
          if (!(v instanceof PDFName)) visit(v, depth + 1);
        });
        return;
      }
      for (const [k, v] of d.entries()) {
        let key = k;
        const fk = fixed(k);
        if (fk) {
          d.delete(k);
          key = fk;
          count++;
        }
        if (v instanceof PDFName) {
          const f = fixed(v);
          d.set(key, f ?? v);
          if (f) count++;
        } else {
          if (fk) d.set(key, v);
          visit(v, depth + 1);
        }
      }
    }
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) visit(obj, 0);
  return count;
}
