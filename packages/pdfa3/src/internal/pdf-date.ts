/** PDF and XMP date strings from a Date (always UTC, whole seconds) and back. */
import { Pdfa3Error } from '../errors';

function parts(date: Date, what: string): string[] {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new Pdfa3Error('INVALID_DATE', `${what} must be a valid Date`);
  }
  const y = date.getUTCFullYear();
  if (y < 1 || y > 9999) throw new Pdfa3Error('INVALID_DATE', `${what} year out of range`);
  const p2 = (n: number) => String(n).padStart(2, '0');
  return [String(y).padStart(4, '0'), p2(date.getUTCMonth() + 1), p2(date.getUTCDate()), p2(date.getUTCHours()), p2(date.getUTCMinutes()), p2(date.getUTCSeconds())];
}

/** `D:YYYYMMDDHHmmSS+00'00'` */
export function formatPdfDate(date: Date, what = 'date'): string {
  const [y, mo, d, h, mi, s] = parts(date, what);
  return `D:${y}${mo}${d}${h}${mi}${s}+00'00'`;
}

/** `YYYY-MM-DDTHH:mm:SS+00:00`, the same instant as formatPdfDate. */
export function formatXmpDate(date: Date, what = 'date'): string {
  const [y, mo, d, h, mi, s] = parts(date, what);
  return `${y}-${mo}-${d}T${h}:${mi}:${s}+00:00`;
}

const PDF_DATE = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(?:(\d{2})'?(?:(\d{2})'?)?)?)?\s*$/;

/** Parses a PDF date string; undefined when it does not follow the PDF date syntax. */
export function parsePdfDate(text: string): Date | undefined {
  const m = PDF_DATE.exec(text.startsWith('D:') ? text : `D:${text}`);
  if (!m) return undefined;
  const n = (i: number, dflt: number) => (m[i] === undefined ? dflt : Number(m[i]));
  let ms = Date.UTC(n(1, 0), n(2, 1) - 1, n(3, 1), n(4, 0), n(5, 0), n(6, 0));
  const sign = m[7];
  if (sign === '+' || sign === '-') {
    const off = (n(8, 0) * 60 + n(9, 0)) * 60000;
    ms += sign === '+' ? -off : off;
  }
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const XMP_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** Parses an XMP (ISO 8601 subset) date; undefined if malformed. */
export function parseXmpDate(text: string): Date | undefined {
  const m = XMP_DATE.exec(text.trim());
  if (!m) return undefined;
  const n = (i: number, dflt: number) => (m[i] === undefined ? dflt : Number(m[i]));
  let ms = Date.UTC(n(1, 0), n(2, 1) - 1, n(3, 1), n(4, 0), n(5, 0), n(6, 0));
  const tz = m[7];
  if (tz && tz !== 'Z') {
    const off = (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(4, 6))) * 60000;
    ms += tz[0] === '+' ? -off : off;
  }
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
