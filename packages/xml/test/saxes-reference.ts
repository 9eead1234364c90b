/**
 * The reader as it was before Kontor's own tokenizer: saxes (plain, namespaces and positions on) with the
 * hardened set-up the readers used (refusals, error codes, positions). Test-only: the differential tests hold
 * the tokenizer against it. saxes is a devDependency of @kontor/xml for this file alone.
 */
import { SaxesParser } from 'saxes';
import { KontorXmlError } from '../src/errors';
import type { XmlAttribute } from '../src/reader/element';
import type { XmlLimits } from '../src/reader/limits';
import type { HardenedParser, SaxHandlers } from '../src/reader/tokenizer';

const NO_ATTRIBUTES = Object.freeze([]) as unknown as XmlAttribute[];

export function createSaxesReference(limits: XmlLimits, h: SaxHandlers): HardenedParser {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const maxDepth = limits.maxDepth;
  const maxAttributes = limits.maxAttributes;
  let depth = 0;
  let attributeCount = 0;
  let tagLine = 1;
  let tagColumn = 1;
  const where = () => ({ line: parser.line, column: parser.column });
  parser.on('error', (err: Error) => {
    const msg = err.message.replace(/^\d+:\d+: /, '');
    // The old reader tested the whole message, so an unclosed or unbound name containing "entity" (e.g.
    // cac:PartyLegalEntity) made XML_ENTITY_FORBIDDEN of a plain XML_MALFORMED; the names after ": " are left out here.
    if (/entity/i.test(msg.split(':')[0]!)) {
      throw new KontorXmlError('XML_ENTITY_FORBIDDEN', `Entity references are not allowed: ${msg}`, { location: where() });
    }
    throw new KontorXmlError('XML_MALFORMED', `Malformed XML: ${msg}`, { location: where() });
  });
  parser.on('doctype', () => {
    throw new KontorXmlError('XML_DOCTYPE_FORBIDDEN', 'DOCTYPE declarations are not allowed', { location: where() });
  });
  parser.on('opentagstart', () => {
    attributeCount = 0;
    tagLine = parser.line;
    const c = parser.column;
    tagColumn = Math.max(c, 1);
  });
  parser.on('attribute', () => {
    if (++attributeCount > maxAttributes) {
      throw new KontorXmlError('XML_TOO_MANY_ATTRIBUTES', `More than ${maxAttributes} attributes on one element`, { location: { line: tagLine, column: tagColumn } });
    }
  });
  parser.on('opentag', (tag) => {
    if (++depth > maxDepth) throw new KontorXmlError('XML_TOO_DEEP', `Element nesting deeper than ${maxDepth}`, { location: where() });
    let attrs: XmlAttribute[] = NO_ATTRIBUTES;
    const all = tag.attributes;
    for (const k in all) {
      const a = all[k]!;
      if (a.prefix === 'xmlns' || a.name === 'xmlns') continue;
      if (attrs === NO_ATTRIBUTES) attrs = [];
      attrs.push({ name: a.name, local: a.local, prefix: a.prefix, ns: a.uri, value: a.value });
    }
    h.open(tag.name, tag.local, tag.prefix, tag.uri, attrs, tagLine, tagColumn, { name: tag.name, local: tag.local, prefix: tag.prefix, ns: tag.uri });
  });
  parser.on('closetag', () => {
    depth--;
    h.close();
  });
  parser.on('text', h.text);
  parser.on('cdata', h.text);
  parser.on('processinginstruction', (pi) => h.pi?.(pi.target, pi.body, parser.line));
  return {
    write: (chunk) => void parser.write(chunk),
    close: () => void parser.close(),
  };
}
