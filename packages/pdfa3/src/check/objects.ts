/**
 * Checks on every indirect object of the file, used or not, referenced or not, as veraPDF's COS-level
 * rules do: hexadecimal strings (6.1.6), stream dictionaries and filters (6.1.7.1, 6.1.7.2),
 * implementation limits (6.1.13). Also collects what later checks need: every /AF array entry and every
 * file specification carrying /EF.
 */
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFNumber, type PDFObject, PDFRawStream, PDFStream, PDFString } from 'pdf-lib';
import { filtersOf, forEachEntry, refPath, resolve, pdfName } from '../internal/pdf';
import { ALLOWED_FILTERS } from '../internal/rules';
import type { CheckContext } from './context';

export interface ObjectFacts {
  /** resolved objects listed in any /AF array */
  associated: Set<PDFObject>;
  /** file specification dictionaries carrying /EF, with a path */
  fileSpecs: { spec: PDFDict; path: string }[];
}

export function checkObjects(c: CheckContext): ObjectFacts {
  const facts: ObjectFacts = { associated: new Set(), fileSpecs: [] };
  const specSeen = new Set<PDFObject>();
  const ctx = c.ctx;
  const objects = ctx.enumerateIndirectObjects();
  if (objects.length > 8388607) c.fail('6.1.13-7', c.t('TOO_MANY_OBJECTS', { count: objects.length }));

  const visit = (o: PDFObject, path: string, depth: number): void => {
    if (depth > 64) return;
    if (o instanceof PDFHexString) {
      const raw = o.asString();
      const digits = raw.replace(/[\0\t\n\f\r ]/g, '');
      if (digits.length % 2 !== 0) c.fail('6.1.6-1', c.t('HEX_ODD'), path);
      if (/[^0-9A-Fa-f]/.test(digits)) c.fail('6.1.6-2', c.t('HEX_CHARS'), path);
      if (Math.ceil(digits.length / 2) > 32767) c.fail('6.1.13-3', c.t('STRING_TOO_LONG'), path);
    } else if (o instanceof PDFString) {
      if (o.asString().length > 32767 && o.asBytes().length > 32767) c.fail('6.1.13-3', c.t('STRING_TOO_LONG'), path);
    } else if (o instanceof PDFName) {
      // a name decodes to at most one byte per character of its written form (without the "/"): most need no decoding
      if (o.asString().length - 1 > 127 && o.decodeText().length > 127) c.fail('6.1.13-4', c.t('NAME_TOO_LONG'), path);
    } else if (o instanceof PDFNumber) {
      const v = o.asNumber();
      if (Number.isInteger(v) && Math.abs(v) <= 3.403e38 && (v > 2147483647 || v < -2147483648)) c.fail('6.1.13-1', c.t('INTEGER_RANGE', { value: v }), path);
      else if (Math.abs(v) > 3.403e38) c.fail('6.1.13-2', c.t('REAL_RANGE', { value: v }), path);
      else if (v !== 0 && Math.abs(v) < 1.175e-38) c.fail('6.1.13-5', c.t('REAL_TINY', { value: v }), path);
    } else if (o instanceof PDFArray) {
      o.asArray().forEach((x, i) => visit(x, path, depth + 1));
    } else if (o instanceof PDFDict || o instanceof PDFStream) {
      const d = o instanceof PDFStream ? o.dict : o;
      if (o instanceof PDFStream) {
        for (const k of ['F', 'FFilter', 'FDecodeParms']) if (d.has(pdfName(k))) c.fail('6.1.7.1-3', c.t('STREAM_EXTERNAL_KEY', { key: k }), path);
        if (o instanceof PDFRawStream) {
          for (const f of filtersOf(ctx, d)) if (!ALLOWED_FILTERS.has(f)) c.fail('6.1.7.2-1', c.t('STREAM_FILTER', { filter: f }), path);
        }
      }
      const af = resolve(ctx, d.get(pdfName('AF')));
      if (af instanceof PDFArray)
        for (const x of af.asArray()) {
          const r = resolve(ctx, x);
          if (r) facts.associated.add(r);
        }
      if (d.has(pdfName('EF')) && !specSeen.has(d)) {
        specSeen.add(d);
        facts.fileSpecs.push({ spec: d, path });
      }
      forEachEntry(d, (k, v) => {
        visit(k, path, depth + 1);
        visit(v, path, depth + 1);
      });
    }
  };

  for (const [ref, obj] of objects) visit(obj, refPath(ref) ?? '', 0);
  // the trailer is not an indirect object
  const tid = ctx.trailerInfo.ID;
  if (tid) visit(tid, 'trailer/ID', 0);
  return facts;
}
