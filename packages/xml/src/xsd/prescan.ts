/**
 * A cheap single pass over the text before libxml2 sees it: DOCTYPE refusal, and the structural limits libxml2
 * does not enforce itself (elements in total, attributes per element). libxml2 builds a full tree in wasm memory,
 * which never shrinks again, so a hostile document has to be refused before it is parsed there.
 *
 * This is not a parser: it only tracks whether it is inside a start tag, a quoted value, a comment, CDATA or a
 * processing instruction, which is enough to count start tags and the `=` of their attributes. Anything
 * malformed is left to libxml2, which reports it with its own position.
 */
import type { XmlLocation } from '../model/kontor-error';

export interface PrescanLimits {
  maxElements: number;
  maxAttributes: number;
}

export interface PrescanViolation {
  code: 'XML_DOCTYPE_FORBIDDEN' | 'XML_TOO_MANY_NODES' | 'XML_TOO_MANY_ATTRIBUTES';
  message: string;
  location: XmlLocation;
}

const LT = 0x3c;
const GT = 0x3e;
const EQ = 0x3d;
const QUOT = 0x22;
const APOS = 0x27;
const BANG = 0x21;
const QUESTION = 0x3f;
const SLASH = 0x2f;

function locationOf(text: string, index: number): XmlLocation {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

export function prescanXml(text: string, limits: PrescanLimits): PrescanViolation | null {
  const len = text.length;
  let elements = 0;
  let i = 0;
  while (i < len) {
    const lt = text.indexOf('<', i);
    if (lt === -1) break;
    const next = text.charCodeAt(lt + 1);
    if (next === BANG) {
      if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end === -1) return null;
        i = end + 3;
      } else if (text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end === -1) return null;
        i = end + 3;
      } else if (/^<!DOCTYPE/i.test(text.slice(lt, lt + 9))) {
        return { code: 'XML_DOCTYPE_FORBIDDEN', message: 'DOCTYPE declarations are not allowed (DTDs and entities are refused)', location: locationOf(text, lt) };
      } else i = lt + 2;
      continue;
    }
    if (next === QUESTION) {
      const end = text.indexOf('?>', lt + 2);
      if (end === -1) return null;
      i = end + 2;
      continue;
    }
    if (next === SLASH) {
      const end = text.indexOf('>', lt + 2);
      if (end === -1) return null;
      i = end + 1;
      continue;
    }
    // A start tag: count it, then its attributes up to the closing ">" outside quotes.
    if (++elements > limits.maxElements) {
      return { code: 'XML_TOO_MANY_NODES', message: `More than ${limits.maxElements} elements`, location: locationOf(text, lt) };
    }
    let attributes = 0;
    let j = lt + 1;
    for (; j < len; j++) {
      const c = text.charCodeAt(j);
      if (c === GT || c === LT) break;
      if (c === QUOT || c === APOS) {
        const end = text.indexOf(c === QUOT ? '"' : "'", j + 1);
        if (end === -1) return null;
        j = end;
      } else if (c === EQ && ++attributes > limits.maxAttributes) {
        return { code: 'XML_TOO_MANY_ATTRIBUTES', message: `More than ${limits.maxAttributes} attributes on one element`, location: locationOf(text, lt) };
      }
    }
    i = j;
  }
  return null;
}
