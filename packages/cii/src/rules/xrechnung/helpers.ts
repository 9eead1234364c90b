/**
 * The few XPath behaviours the XRechnung rules need beyond ../xpath: normalize-space on XML whitespace only,
 * absolute-path contexts, the schematron's space-delimited code-list lookup, fn:tokenize, and the "each context
 * node that fails" loop every rule shares.
 */
import type { XmlElement } from '@kontor/xml';
import type { CiiDoc, ContextDef, RuleDef } from '../types';
import { D, is, isBlank, NS, normalizeSpace, one, sel, sv, XPathDynamicError, type Dec } from '../xpath';

/** fn:normalize-space and `normalize-space(s) = ''` (only XML whitespace: space, tab, CR, LF; a no-break space stays). */
export { isBlank, normalizeSpace };

/** normalize-space(path) from an element: '' for no node, a dynamic error for several (as Saxon). */
export function nspOf(from: XmlElement | undefined, path: string): string {
  return normalizeSpace(sv(one(sel(from, path))));
}

/** normalize-space(.) of an element. */
export function nspEl(el: XmlElement | undefined): string {
  return normalizeSpace(sv(el));
}

/** normalize-space(@name): '' when absent. */
export function nspAttr(el: XmlElement, name: string): string {
  return normalizeSpace(el.attr(name) ?? '');
}

/** `path[boolean(normalize-space(.))]`: some node there has non-blank content. */
export function anyFilled(from: XmlElement | readonly XmlElement[] | undefined, path: string): boolean {
  for (const e of sel(from, path)) if (nspEl(e) !== '') return true;
  return false;
}

/**
 * `contains($LIST, concat(' ', normalize-space(@x), ' '))` with the schematron's guard against inner spaces.
 * @example
 * ```ts
 * import { inSpacedList, ISO_6523_ICD_EXT_CODES } from '@kontor/cii/rules';
 * inSpacedList(ISO_6523_ICD_EXT_CODES, '0088'); // true (GLN)
 * inSpacedList(ISO_6523_ICD_EXT_CODES, '0088 0060'); // false: an inner space
 * ```
 */
export function inSpacedList(list: string, value: string): boolean {
  return !value.includes(' ') && list.includes(` ${value} `);
}

/** fn:tokenize: no tokens for the empty string, otherwise every piece (empty ones included). */
export function tokenize(s: string, separator: RegExp): string[] {
  return s === '' ? [] : s.split(separator);
}

/** A matcher for an absolute path ('rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/...'): the element is exactly there. */
export function absolutePath(path: string): (el: XmlElement) => boolean {
  const steps = path.split('/').map((step) => {
    const c = step.indexOf(':');
    const ns = NS[step.slice(0, c) as keyof typeof NS];
    if (c < 0 || ns === undefined) throw new Error(`bad step ${step}`);
    return { ns, local: step.slice(c + 1) };
  });
  return (el) => {
    let cur: XmlElement | null = el;
    for (let i = steps.length - 1; i >= 0; i--) {
      if (!cur || !is(cur, steps[i]!.local, steps[i]!.ns)) return false;
      cur = cur.parent;
    }
    return cur === null;
  };
}

/** A rule body made by `each`: its check and the context it walks (rule() makes it RuleDef.quiet). */
export interface EachCheck {
  readonly ctx: ContextDef;
  readonly check: RuleDef['check'];
}

/** A rule check that reports every node of the context on which `ok` is false. */
export function each(ctx: ContextDef, ok: (el: XmlElement, doc: CiiDoc) => boolean): EachCheck {
  return {
    ctx,
    check(doc, fail) {
      const nodes = doc.nodes(ctx);
      for (let i = 0; i < nodes.length; i++) if (!ok(nodes[i]!, doc)) fail(nodes[i]!);
    },
  };
}

/** Digits after the point of a Big with trailing zeros stripped (negative for 1E+2); big.js stores values that way. */
function strippedScale(x: Dec): number {
  return x.c.length - 1 - x.e;
}

/**
 * xs:decimal division as Saxon (9.9) does it: values cast from text carry no trailing zeros (so 12.50 has scale 1
 * and 300 scale -2); the quotient keeps max(18, scale(a) - scale(b) + 18) fraction digits, rounded half-down.
 * A dynamic error on division by zero.
 */
export function decimalDiv(a: Dec, b: Dec): Dec {
  if (b.eq(0)) throw new XPathDynamicError('FOAR0001', 'decimal division by zero');
  const sa = strippedScale(a);
  const sb = strippedScale(b);
  const scale = Math.max(18, sa - sb + 18);
  const ai = BigInt((a.s < 0 ? '-' : '') + a.c.join(''));
  const bi = BigInt((b.s < 0 ? '-' : '') + b.c.join(''));
  // a / b = (ai / bi) * 10^(sb - sa); scaled by 10^scale the exponent is scale + sb - sa >= 18.
  const n = ai * 10n ** BigInt(scale + sb - sa);
  let q = n / bi;
  const r = n % bi;
  const twice = (r < 0n ? -r : r) * 2n;
  const absB = bi < 0n ? -bi : bi;
  if (twice > absB) q += n < 0n !== bi < 0n ? -1n : 1n; // half-down: only beyond the half goes away from zero
  const neg = q < 0n;
  const digits = (neg ? -q : q).toString().padStart(scale + 1, '0');
  return D(`${neg ? '-' : ''}${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`);
}
