/** Reads the parts of an ICC profile header PDF/A cares about (class, colour space, version) and its tag table. */

export interface IccHeader {
  size: number;
  /** major.minor, e.g. 2.1 */
  version: number;
  deviceClass: string;
  colorSpace: string;
  pcs: string;
  tags: { sig: string; offset: number; size: number }[];
}

const sig = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

/** undefined when the bytes are too short or lack the 'acsp' signature. */
export function readIccHeader(bytes: Uint8Array): IccHeader | undefined {
  if (bytes.length < 132 || sig(bytes, 36) !== 'acsp') return undefined;
  const count = u32(bytes, 128);
  const tags: IccHeader['tags'] = [];
  for (let i = 0; i < count && 132 + 12 * (i + 1) <= bytes.length; i++) {
    const at = 132 + 12 * i;
    tags.push({ sig: sig(bytes, at), offset: u32(bytes, at + 4), size: u32(bytes, at + 8) });
  }
  return {
    size: u32(bytes, 0),
    version: bytes[8]! + (bytes[9]! >> 4) / 10,
    deviceClass: sig(bytes, 12),
    colorSpace: sig(bytes, 16),
    pcs: sig(bytes, 20),
    tags,
  };
}

/** Number of colour components of an ICC colour space signature, undefined for unknown ones. */
export function iccComponents(colorSpace: string): number | undefined {
  switch (colorSpace) {
    case 'GRAY':
      return 1;
    case 'RGB ':
    case 'Lab ':
    case 'XYZ ':
      return 3;
    case 'CMYK':
      return 4;
    default:
      return undefined;
  }
}
