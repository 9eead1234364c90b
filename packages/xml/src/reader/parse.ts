/** parseXml: the hardened reader every Kontor parser uses (no DTD, no entities, bounded size/depth/count). */
import { KontorXmlError } from '../errors';
import { NO_CHILDREN, XmlElement, type XmlDocument } from './element';
import { defaultXmlLimits, inputSizeFor, type XmlLimits } from './limits';
import { createHardenedParser } from './sax';
import { decodeXmlBytes } from './decode';

export type XmlInput = string | Uint8Array;

/**
 * @example
 * ```ts
 * const text = xmlInputToText(await readFile('invoice.xml'), 5_000_000); // decoded (UTF-8/UTF-16/ISO-8859-1), size-capped
 * ```
 */
export function xmlInputToText(input: XmlInput, maxBytes: number): string {
  const size = inputSizeFor(input, maxBytes);
  if (size > maxBytes) throw new KontorXmlError('XML_TOO_LARGE', `XML input of ${size} bytes exceeds the limit of ${maxBytes} bytes`);
  let text = typeof input === 'string' ? input : decodeXmlBytes(input);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw new KontorXmlError('XML_EMPTY', 'The XML input is empty');
  return text;
}

/**
 * @example
 * ```ts
 * const { root } = parseXml('<Invoice xmlns="urn:x"><ID>RE-1</ID></Invoice>', { maxBytes: 5_000_000 });
 * console.log(root.find('ID')?.text); // 'RE-1' — DOCTYPE and entities are refused (KontorXmlError)
 * ```
 */
export function parseXml(input: XmlInput, limits: Partial<XmlLimits> = {}): XmlDocument {
  const lim: XmlLimits = { ...defaultXmlLimits, ...limits };
  const text = xmlInputToText(input, lim.maxBytes);
  let root: XmlElement | null = null;
  let current: XmlElement | null = null;
  let count = 0;
  const maxElements = lim.maxElements;
  const pis: XmlDocument['processingInstructions'] = [];
  const parser = createHardenedParser(lim, {
    open(_name, _local, _prefix, _ns, attributes, line, column, qn) {
      if (++count > maxElements) throw new KontorXmlError('XML_TOO_MANY_NODES', `More than ${maxElements} elements`, { location: { line, column } });
      // Leaves keep the shared empty child list; an element gets its own array with its first child.
      const el = new XmlElement({ qn, attributes, line, column, parent: current, children: NO_CHILDREN });
      if (current) {
        if (current.children === NO_CHILDREN) (current as { children: XmlElement[] }).children = [el];
        else current.children.push(el);
      } else root = el;
      current = el;
    },
    close() {
      current = current?.parent ?? null;
    },
    text(t) {
      if (current) current.text += t;
    },
    pi(target, body, line) {
      pis.push({ target, body, line });
    },
  });
  parser.write(text);
  parser.close();
  if (!root) throw new KontorXmlError('XML_MALFORMED', 'No root element');
  return { root, processingInstructions: pis, elementCount: count };
}
