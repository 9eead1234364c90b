/** Default bounds of the hardened reader; every caller may tighten or widen them explicitly. */
export interface XmlLimits {
  /** Maximum input size in bytes (UTF-8 for strings). */
  maxBytes: number;
  /** Maximum element nesting depth. */
  maxDepth: number;
  /** Maximum number of elements in a tree (streaming mode counts only retained subtrees). */
  maxElements: number;
  /** Maximum number of attributes on one element (namespace declarations included). */
  maxAttributes: number;
}

export const defaultXmlLimits: XmlLimits = {
  maxBytes: 50 * 1024 * 1024,
  maxDepth: 256,
  maxElements: 5_000_000,
  maxAttributes: 1_000,
};

/**
 * The size of an input as far as a byte limit of `maxBytes` needs it: bytes' length, a string's UTF-8 size — except
 * that a string of at most maxBytes / 3 code units cannot exceed the limit (UTF-8 takes at most 3 bytes per UTF-16
 * code unit), so its length stands in for the exact count (a pass over the whole text). Either way the result is
 * above maxBytes exactly when the input's real size is.
 */
export function inputSizeFor(input: string | Uint8Array, maxBytes: number): number {
  if (typeof input !== 'string') return input.byteLength;
  return input.length * 3 <= maxBytes ? input.length : Buffer.byteLength(input, 'utf8');
}
