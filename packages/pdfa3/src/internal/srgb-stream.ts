/**
 * Our sRGB output profile as makePdfA3 writes it: the profile (icc/srgb.ts) and its FlateDecode data, both built once
 * on first use (the profile is a pure function of constants, pdf-lib's deflate is deterministic) and never changed:
 * callers copy before handing them on. A stream whose data is byte for byte this deflated form decodes to this
 * profile, so decoding it again (the output intent is read by the load check, makePdfA3 and the check of the saved
 * file) can be skipped without trusting anything but the bytes.
 */
import { PDFContext } from 'pdf-lib';
import { generateSrgbIccProfile } from '../icc/srgb';

let built: { readonly profile: Uint8Array; readonly deflated: Uint8Array } | undefined;

function srgb(): { readonly profile: Uint8Array; readonly deflated: Uint8Array } {
  if (!built) {
    const profile = generateSrgbIccProfile();
    built = { profile, deflated: PDFContext.create().flateStream(profile).getContents() };
  }
  return built;
}

/** A copy of the FlateDecode data of our sRGB profile (what `ctx.flateStream(generateSrgbIccProfile())` holds). */
export function srgbDeflated(): Uint8Array {
  return srgb().deflated.slice();
}

/** A copy of our sRGB profile when `data` is exactly its FlateDecode form, else undefined. */
export function srgbIfDeflated(data: Uint8Array): Uint8Array | undefined {
  const { deflated, profile } = srgb();
  if (data.length !== deflated.length) return undefined;
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).equals(deflated) ? profile.slice() : undefined;
}
