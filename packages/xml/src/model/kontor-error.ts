/**
 * The one error base of every Kontor library. A library throws only for misuse or input it cannot read at all;
 * everything a check finds is a `Finding` (./finding.ts). Each package declares its codes as a closed union and
 * subclasses this base once (`class CamtError extends KontorError<CamtErrorCode, …>`); the apps map `code` to an
 * HTTP status or an exit code in one table each.
 */

/** Where in an XML text something was found (1-based). */
export interface XmlLocation {
  line: number;
  column: number;
}

export interface KontorErrorOptions<D> {
  /** Structured detail for the caller (findings, the offending field, limits …); goes to the API envelope's `details`. */
  details?: D | undefined;
  /** The lower-level error this one wraps (kept for logs, never shown to API clients). */
  cause?: unknown;
  /** Position in the XML input, when the error comes from reading one. */
  location?: XmlLocation | undefined;
}

// A registered symbol brands every instance, so the guard also holds when two copies of @kontor/xml are installed
// (an app bundling one version, a library depending on another): `instanceof` alone would say no.
const BRAND = Symbol.for('kontor.error');

/**
 * @example
 * ```ts
 * type ShopErrorCode = 'NOT_FOUND' | 'TOO_LARGE';
 * class ShopError extends KontorError<ShopErrorCode> {
 *   override readonly name = 'ShopError';
 * }
 * throw new ShopError('TOO_LARGE', 'The file is larger than 25 MB', { details: { limitBytes: 25_000_000 } });
 * ```
 */
export class KontorError<C extends string = string, D = unknown> extends Error {
  readonly code: C;
  readonly details: D | undefined;
  readonly location: XmlLocation | undefined;
  declare readonly [BRAND]: true;

  constructor(code: C, message: string, options: KontorErrorOptions<D> = {}) {
    const loc = options.location;
    super(loc ? `${message} (line ${loc.line}, column ${loc.column})` : message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details;
    this.location = loc;
    Object.defineProperty(this, BRAND, { value: true, enumerable: false });
  }
}

/**
 * True for an error of any Kontor library (optionally: with one of the given codes).
 *
 * @example
 * ```ts
 * try { await readStatement(bytes); }
 * catch (e) { if (isKontorError(e, ['LIMIT_EXCEEDED'])) console.log(e.details); else throw e; }
 * ```
 */
export function isKontorError<C extends string = string>(e: unknown, codes?: readonly C[]): e is KontorError<C> {
  if (typeof e !== 'object' || e === null || (e as { [BRAND]?: unknown })[BRAND] !== true) return false;
  return codes === undefined || codes.includes((e as KontorError).code as C);
}
