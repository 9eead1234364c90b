/**
 * Turns an XML byte buffer into small chunks for the streaming reader, so no full-document string is ever built.
 * UTF-8 stays bytes (the reader decodes them across chunk boundaries); single-byte encodings and UTF-16 are
 * decoded chunk by chunk here, following the BOM or the encoding of the XML declaration.
 */
import { CamtError } from '../errors';

export const CHUNK_SIZE = 64 * 1024;

const singleByte: Record<string, string> = {
  'iso-8859-1': 'latin1',
  latin1: 'latin1',
  'iso8859-1': 'latin1',
  iso_8859_1: 'latin1',
  'iso_8859-1': 'latin1',
  'iso-8859-15': 'iso-8859-15',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
  'us-ascii': 'latin1',
  ascii: 'latin1',
};

export function* xmlChunks(input: Uint8Array | string, chunkSize = CHUNK_SIZE): Generator<string | Uint8Array> {
  if (typeof input === 'string') {
    for (let i = 0; i < input.length; i += chunkSize) yield input.slice(i, i + chunkSize);
    return;
  }
  let start = 0;
  let decoder: TextDecoder | null = null;
  if (input.length >= 3 && input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) start = 3;
  else if (input.length >= 2 && input[0] === 0xff && input[1] === 0xfe) {
    decoder = new TextDecoder('utf-16le');
    start = 2;
  } else if (input.length >= 2 && input[0] === 0xfe && input[1] === 0xff) {
    decoder = new TextDecoder('utf-16be');
    start = 2;
  } else {
    const head = new TextDecoder('latin1').decode(input.subarray(0, Math.min(input.length, 256)));
    const m = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
    const enc = (m?.[1] ?? 'utf-8').toLowerCase();
    if (enc === 'utf-8' || enc === 'utf8') decoder = null;
    else if (singleByte[enc]) decoder = new TextDecoder(singleByte[enc]);
    else if (enc === 'utf-16') decoder = new TextDecoder('utf-16le');
    else throw new CamtError('ENCODING_UNSUPPORTED', `Unsupported XML encoding "${enc}"`);
  }
  for (let i = start; i < input.length; i += chunkSize) {
    const slice = input.subarray(i, Math.min(input.length, i + chunkSize));
    if (!decoder) yield slice;
    else {
      const text = decoder.decode(slice, { stream: i + chunkSize < input.length });
      if (text) yield text;
    }
  }
}

/** True when the bytes look like a ZIP archive (local file header or empty-archive end record). */
export function isZip(input: Uint8Array | string): boolean {
  if (typeof input === 'string') return false;
  return input.length >= 4 && input[0] === 0x50 && input[1] === 0x4b && ((input[2] === 0x03 && input[3] === 0x04) || (input[2] === 0x05 && input[3] === 0x06));
}

export function byteSize(input: Uint8Array | string): number {
  return typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
}
