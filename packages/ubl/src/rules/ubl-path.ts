/**
 * Path helpers over the UBL tree, shared by the UBL syntax rules (ubl-syntax.ts) and the UBL bindings
 * (ubl-bindings.ts): relative `cac:X/cbc:Y` paths compiled once per path text (and the string value of
 * @kontor/cii/rules).
 */
import type { XmlElement } from '@kontor/xml';
import { stringValue } from '@kontor/cii/rules';
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

/** The string value of an element: its text and its descendants' texts, in document order. */
export const sv: (el: XmlElement) => string = stringValue;
