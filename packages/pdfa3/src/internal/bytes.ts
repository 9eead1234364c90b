/** Small byte helpers: latin1 views, hashing, searching. */
import { isUtf8 as isUtf8Native } from 'node:buffer';
import { createHash } from 'node:crypto';

/** PDF white space (ISO 32000-1, 7.2.2): NUL, tab, LF, FF, CR, space. */
export const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
export const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
export const isAlnum = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, Math.min(end, bytes.length) - start)).toString('latin1');
}

export function md5(...parts: (Uint8Array | string)[]): Uint8Array {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
}

export function sha256(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex').toUpperCase();
}

/** A decoder is stateless for whole-buffer decode() calls: one, made at load (making one per call was measurable). */
const UTF8 = new TextDecoder('utf-8');

/** Lenient UTF-8 decoding (a leading BOM dropped, invalid sequences as U+FFFD), as new TextDecoder('utf-8') does. */
export function utf8(bytes: Uint8Array): string {
  return UTF8.decode(bytes);
}

/** Whether the bytes are valid UTF-8 (what a fatal TextDecoder accepts), by node:buffer's native check. */
export function isUtf8(bytes: Uint8Array): boolean {
  return isUtf8Native(bytes);
}

/** Last index of `needle` in `hay` at or before `from`, -1 if absent. */
export function lastIndexOfBytes(hay: Uint8Array, needle: Uint8Array, from = hay.length - needle.length): number {
  outer: for (let i = Math.min(from, hay.length - needle.length); i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

export function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

export function isUint8Array(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array;
}
