/**
 * Path helpers over the UBL tree, shared by the UBL syntax rules (ubl-syntax.ts) and the UBL bindings
 * (ubl-bindings.ts): relative `cac:X/cbc:Y` paths compiled once per path text, string values, and the document's
 * elements in document order (one walk per document, one memo for both rule lists).
 */
import type { XmlElement } from '@kontor/xml';
import type { CiiDoc } from '@kontor/cii/rules';
import { UBL_NS } from '../binding/to-cii';

export const CAC = UBL_NS.cac;
export const CBC = UBL_NS.cbc;

interface Step {
  ns: string;
  local: string;
}

/** Compiled paths by their text. The texts are the rules' own (literals, or templates over fixed names): bounded. */
const compiled = new Map<string, readonly Step[]>();
const COMPILED_MAX = 4096;

function stepsOf(path: string): readonly Step[] {
  let steps = compiled.get(path);
  if (steps === undefined) {
    steps = path.split('/').map((step) => {
      const [p, local] = step.split(':') as [string, string];
      return { ns: p === 'cac' ? CAC : CBC, local };
    });
    if (compiled.size < COMPILED_MAX) compiled.set(path, steps);
  }
  return steps;
}

/**
 * The children along a relative path of 'cac:X' / 'cbc:Y' steps, in document order (a new array).
 * @example
 * ```ts
 * const ids = sel(party, 'cac:PartyIdentification/cbc:ID'); // every party identifier element
 * ```
 */
export function sel(from: XmlElement | readonly XmlElement[], path: string): XmlElement[] {
  const steps = stepsOf(path);
  let cur: readonly XmlElement[] = Array.isArray(from) ? from : [from as XmlElement];
  for (let i = 0; i < steps.length; i++) {
    const { ns, local } = steps[i]!;
    const next: XmlElement[] = [];
    for (let j = 0; j < cur.length; j++) {
      const ch = cur[j]!.children;
      for (let k = 0; k < ch.length; k++) {
        const c = ch[k]!;
        if (c.local === local && c.ns === ns) next.push(c);
      }
    }
    cur = next;
  }
  return cur as XmlElement[];
}

/**
 * The string value of an element: its text and its descendants' texts, in document order.
 * @example
 * ```ts
 * sv(idElement); // 'DE123456789'
 * ```
 */
export function sv(el: XmlElement): string {
  if (el.children.length === 0) return el.text;
  let s = el.text;
  for (const c of el.children) s += sv(c);
  return s;
}

const ALL = Symbol('ubl-all');
/**
 * Every element of the document in document order (memoised per document). Do not modify the result.
 * @example
 * ```ts
 * for (const e of allElements(doc)) if (e.local === 'Note') count++;
 * ```
 */
export function allElements(doc: CiiDoc): readonly XmlElement[] {
  return doc.memo(ALL, () => {
    const out: XmlElement[] = [];
    const walk = (e: XmlElement): void => {
      out.push(e);
      for (const c of e.children) walk(c);
    };
    walk(doc.root);
    return out;
  });
}
