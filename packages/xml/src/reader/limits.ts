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
