/**
 * A small hardened XML reader for SMP answers, on saxes: DOCTYPE rejected (so no entity can be
 * declared or expanded), size, depth and element-count bounded, namespace-aware, with line numbers.
 * This package may not import @kontor/xml (architecture.md), hence its own reader.
 */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  /** Namespace URI ('' when none). */
  ns: string;
  local: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Concatenated character data directly inside this element. */
  text: string;
  line: number;
}

export interface XmlLimits {
  maxBytes?: number;
  maxDepth?: number;
  maxElements?: number;
}

export class XmlReadError extends Error {
  override readonly name = 'XmlReadError';
  constructor(
    message: string,
    readonly location?: { line: number; column: number },
  ) {
    super(message);
  }
}

export function readXml(input: string, limits: XmlLimits = {}): XmlElement {
  const maxBytes = limits.maxBytes ?? 1_048_576;
  const maxDepth = limits.maxDepth ?? 64;
  const maxElements = limits.maxElements ?? 20_000;
  if (Buffer.byteLength(input, 'utf8') > maxBytes) throw new XmlReadError(`XML larger than ${maxBytes} bytes.`);

  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let elementCount = 0;
  const where = () => ({ line: parser.line, column: parser.column });

  parser.on('doctype', () => {
    throw new XmlReadError('DOCTYPE is not allowed.', where());
  });
  parser.on('opentag', (tag) => {
    if (++elementCount > maxElements) throw new XmlReadError(`More than ${maxElements} elements.`, where());
    if (stack.length >= maxDepth) throw new XmlReadError(`Nesting deeper than ${maxDepth}.`, where());
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      // namespace declarations are not data; everything else is keyed by local name
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
      attributes[attribute.local] = attribute.value;
    }
    const element: XmlElement = { ns: tag.uri ?? '', local: tag.local ?? tag.name, attributes, children: [], text: '', line: parser.line };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const onText = (text: string) => {
    const current = stack[stack.length - 1];
    if (current) current.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  try {
    parser.write(input).close();
  } catch (error) {
    if (error instanceof XmlReadError) throw error;
    throw new XmlReadError(`Not well-formed XML: ${(error as Error).message}`, where());
  }
  if (!root) throw new XmlReadError('No root element.');
  return root;
}

/** Children with the given local name (and namespace, when given). */
export function childElements(parent: XmlElement, local: string, ns?: string | readonly string[]): XmlElement[] {
  return parent.children.filter(
    (child) => child.local === local && (ns === undefined || (typeof ns === 'string' ? child.ns === ns : ns.includes(child.ns))),
  );
}

export function childElement(parent: XmlElement, local: string, ns?: string | readonly string[]): XmlElement | undefined {
  return childElements(parent, local, ns)[0];
}
