/**
 * A small hardened XML reader for XMP packets (saxes underneath: DOCTYPE rejected, no entity
 * expansion beyond the five predefined ones, bounded size and depth) and XML escaping for writing.
 * Kept inside this package because @kontor/pdfa3 may import no workspace package.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';

export interface XmlAttr {
  uri: string;
  local: string;
  prefix: string;
  value: string;
}

export interface XmlElement {
  uri: string;
  local: string;
  prefix: string;
  attrs: XmlAttr[];
  children: XmlElement[];
  /** concatenated character data directly inside this element */
  text: string;
  line: number;
  column: number;
  /** xmlns declarations made on this element: prefix → uri ('' for the default namespace) */
  nsDecls: Record<string, string>;
}

export interface XmlDocument {
  root: XmlElement;
  processingInstructions: { target: string; body: string }[];
}

export class XmlReadError extends Error {
  readonly line: number;
  readonly column: number;
  constructor(message: string, line: number, column: number) {
    super(message);
    this.name = 'XmlReadError';
    this.line = line;
    this.column = column;
  }
}

export interface ReadXmlOptions {
  maxChars?: number;
  maxDepth?: number;
}

export function readXml(text: string, opts: ReadXmlOptions = {}): XmlDocument {
  const maxChars = opts.maxChars ?? 16 * 1024 * 1024;
  const maxDepth = opts.maxDepth ?? 64;
  if (text.length > maxChars) throw new XmlReadError(`XML larger than ${maxChars} characters`, 1, 1);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlElement[] = [];
  const pis: { target: string; body: string }[] = [];
  let root: XmlElement | undefined;
  let failure: XmlReadError | undefined;
  const fail = (message: string) => {
    if (!failure) failure = new XmlReadError(message, parser.line, parser.column);
  };
  parser.on('error', (e) => fail(e.message));
  parser.on('doctype', () => fail('DOCTYPE is not allowed'));
  parser.on('processinginstruction', (pi) => pis.push({ target: pi.target, body: pi.body ?? '' }));
  parser.on('opentag', (tag) => {
    const t = tag as SaxesTagNS;
    if (stack.length >= maxDepth) fail(`XML nested deeper than ${maxDepth}`);
    const nsDecls: Record<string, string> = {};
    const attrs: XmlAttr[] = [];
    for (const a of Object.values(t.attributes)) {
      if (a.prefix === 'xmlns') nsDecls[a.local] = a.value;
      else if (a.name === 'xmlns') nsDecls[''] = a.value;
      else attrs.push({ uri: a.uri, local: a.local, prefix: a.prefix, value: a.value });
    }
    const el: XmlElement = { uri: t.uri, local: t.local, prefix: t.prefix, attrs, children: [], text: '', line: parser.line, column: parser.column, nsDecls };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else root = el;
    stack.push(el);
  });
  parser.on('text', (t) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  });
  parser.on('cdata', (t) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(text);
    if (!failure) parser.close();
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  if (failure) throw failure;
  if (!root) throw new XmlReadError('no root element', 1, 1);
  return { root, processingInstructions: pis };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text and attribute values; drops characters XML 1.0 cannot carry. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export function attr(el: XmlElement, uri: string, local: string): string | undefined {
  return el.attrs.find((a) => a.uri === uri && a.local === local)?.value;
}

export function childrenNamed(el: XmlElement, uri: string, local: string): XmlElement[] {
  return el.children.filter((c) => c.uri === uri && c.local === local);
}
