/** Byte → text decoding for XML input: BOM sniffing and the encoding named in the XML declaration. */
import { KontorXmlError } from '../errors';

const latin1Names = new Set(['iso-8859-1', 'latin1', 'iso8859-1', 'iso_8859-1', 'windows-1252', 'cp1252', 'us-ascii', 'ascii']);

export function decodeXmlBytes(bytes: Uint8Array): string {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(3));
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 200)));
  const m = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  const enc = (m?.[1] ?? 'utf-8').toLowerCase();
  if (enc === 'utf-8' || enc === 'utf8') return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (latin1Names.has(enc)) return new TextDecoder(enc.startsWith('windows') || enc.startsWith('cp') ? 'windows-1252' : 'latin1').decode(bytes);
  if (enc === 'utf-16') return new TextDecoder('utf-16le').decode(bytes);
  throw new KontorXmlError('XML_ENCODING_UNSUPPORTED', `Unsupported XML encoding "${enc}"`);
}

/** Removes the encoding pseudo-attribute's influence: saxes wants text, the declaration stays as-is. */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
