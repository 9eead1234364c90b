/**
 * Small facts about an upload: ZIP or not, and its size. Decoding (BOM, declared encoding, UTF-16) is done by
 * the streaming reader of @kontor/xml, once for every Kontor reader.
 */

/** True when the bytes look like a ZIP archive (local file header or empty-archive end record). */
export function isZip(input: Uint8Array | string): boolean {
  if (typeof input === 'string') return false;
  return input.length >= 4 && input[0] === 0x50 && input[1] === 0x4b && ((input[2] === 0x03 && input[3] === 0x04) || (input[2] === 0x05 && input[3] === 0x06));
}

export function byteSize(input: Uint8Array | string): number {
  return typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
}
