/** The hardened saxes set-up shared by the tree reader and the streaming reader. */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { KontorXmlError, type XmlLocation } from '../errors';
import type { XmlLimits } from './limits';
import type { XmlAttribute } from './element';

export interface SaxHandlers {
  open(tag: SaxesTagNS, attributes: XmlAttribute[], pos: XmlLocation): void;
  close(): void;
  text(text: string): void;
  pi?(target: string, body: string, line: number): void;
}

export function createHardenedParser(limits: XmlLimits, h: SaxHandlers): SaxesParser<{ xmlns: true; position: true }> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let depth = 0;
  let tagLine = 1;
  let tagColumn = 1;
  const where = (): XmlLocation => ({ line: parser.line, column: parser.column });
  parser.on('error', (err: Error) => {
    const msg = err.message.replace(/^[^:]*:\d+:\d+: /, '');
    if (/undefined entity|entity/i.test(msg) && !/character reference/i.test(msg)) {
      throw new KontorXmlError('XML_ENTITY_FORBIDDEN', `Entity references are not allowed: ${msg}`, where());
    }
    throw new KontorXmlError('XML_MALFORMED', `Malformed XML: ${msg}`, where());
  });
  parser.on('doctype', () => {
    throw new KontorXmlError('XML_DOCTYPE_FORBIDDEN', 'DOCTYPE declarations are not allowed (DTDs and entities are refused)', where());
  });
  parser.on('opentagstart', () => {
    tagLine = parser.line;
    // saxes reports the column after the name; the start tag begins at "<".
    tagColumn = Math.max(1, parser.column);
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (depth > limits.maxDepth) throw new KontorXmlError('XML_TOO_DEEP', `Element nesting deeper than ${limits.maxDepth}`, where());
    const attrs: XmlAttribute[] = [];
    for (const a of Object.values(tag.attributes)) {
      if (a.prefix === 'xmlns' || a.name === 'xmlns') continue;
      attrs.push({ name: a.name, local: a.local, prefix: a.prefix, ns: a.uri, value: a.value });
    }
    h.open(tag, attrs, { line: tagLine, column: tagColumn });
    if (tag.isSelfClosing) {
      // saxes emits closetag for self-closing tags as well; depth is handled there.
    }
  });
  parser.on('closetag', () => {
    depth--;
    h.close();
  });
  parser.on('text', (t) => h.text(t));
  parser.on('cdata', (t) => h.text(t));
  parser.on('processinginstruction', (pi) => h.pi?.(pi.target, pi.body, parser.line));
  return parser;
}
