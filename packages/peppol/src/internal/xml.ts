/**
 * SMP answers are read with the shared hardened reader (@kontor/xml: DOCTYPE refused, no entities, bounded size,
 * depth and element count, namespaces, line/column), with tighter bounds for this small, untrusted document.
 */
import { KontorXmlError, parseXml, type XmlElement } from '@kontor/xml';
import { PeppolError } from '../errors';

export type { XmlElement };

export interface XmlLimits {
  maxBytes?: number;
  maxDepth?: number;
  maxElements?: number;
}

/** An SMP answer that is not usable XML: a PeppolError SMP_INVALID_RESPONSE (with the position when known). */
export class XmlReadError extends PeppolError {
  constructor(message: string, location?: { line: number; column: number }) {
    super('SMP_INVALID_RESPONSE', message, { location });
  }
}

export function readXml(input: string, limits: XmlLimits = {}): XmlElement {
  const maxBytes = limits.maxBytes ?? 1_048_576;
  try {
    return parseXml(input, { maxBytes, maxDepth: limits.maxDepth ?? 64, maxElements: limits.maxElements ?? 20_000 }).root;
  } catch (error) {
    if (!(error instanceof KontorXmlError)) throw error;
    const message =
      error.code === 'XML_TOO_LARGE'
        ? `XML larger than ${maxBytes} bytes.`
        : error.code === 'XML_DOCTYPE_FORBIDDEN'
          ? 'DOCTYPE is not allowed.'
          : error.code === 'XML_TOO_DEEP' || error.code === 'XML_TOO_MANY_NODES'
            ? error.message
            : `Not well-formed XML: ${error.message}`;
    throw new XmlReadError(message, error.location);
  }
}

/** Children with the given local name (and namespace, or one of several namespaces, when given). */
export function childElements(parent: XmlElement, local: string, ns?: string | readonly string[]): XmlElement[] {
  return parent.children.filter((child) => child.local === local && (ns === undefined || (typeof ns === 'string' ? child.ns === ns : ns.includes(child.ns))));
}

export function childElement(parent: XmlElement, local: string, ns?: string | readonly string[]): XmlElement | undefined {
  return childElements(parent, local, ns)[0];
}
