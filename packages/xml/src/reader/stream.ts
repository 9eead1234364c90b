/**
 * streamXml: the hardened reader in streaming form. Only subtrees the caller asks to keep are built,
 * handed over when they close and then dropped, so memory stays flat for large statements.
 */
import { KontorXmlError } from '../errors';
import { XmlElement } from './element';
import { defaultXmlLimits, inputSizeFor, type XmlLimits } from './limits';
import { createHardenedParser, type HardenedParser } from './sax';
import { XmlChunkDecoder } from './decode';

/** Bytes decoded and parsed per step when the whole document is given as one buffer. */
const BYTE_SLICE = 64 * 1024;

export interface OpenInfo {
  local: string;
  ns: string;
  name: string;
  line: number;
  column: number;
  attributes: XmlElement['attributes'];
  /** Local names of the open ancestors (root first), excluding this element. */
  path: readonly string[];
}

export interface StreamHandlers {
  /** Return true to build this element's subtree and receive it in onElement. */
  keep(info: OpenInfo): boolean;
  onElement(el: XmlElement, path: readonly string[]): void;
  onOpen?(info: OpenInfo): void;
  onClose?(local: string, path: readonly string[]): void;
  /**
   * Every event of the document, before the handlers above see it (e.g. a native XSD validation sharing this
   * pass): start tags with their attributes and position, text (also of elements not kept), end tags.
   */
  tap?: StreamTap;
}

/** Raw events of the streaming reader (see StreamHandlers.tap). */
export interface StreamTap {
  open(name: string, local: string, prefix: string, ns: string, attributes: XmlElement['attributes'], line: number, column: number): void;
  close(): void;
  text(text: string): void;
}

export type StreamSource = string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

/**
 * @example
 * ```ts
 * let entries = 0;
 * await streamXml(createReadStream('camt053.xml'), {
 *   keep: (info) => info.local === 'Ntry',
 *   onElement: () => void entries++,
 * });
 * ```
 */
export async function streamXml(source: StreamSource, handlers: StreamHandlers, limits: Partial<XmlLimits> = {}): Promise<void> {
  const lim: XmlLimits = { ...defaultXmlLimits, ...limits };
  const path: string[] = [];
  let kept: XmlElement | null = null; // innermost element of the kept subtree being built
  let keptCount = 0;
  const tap = handlers.tap;
  const parser = createHardenedParser(lim, {
    open(name, local, prefix, ns, attributes, line, column, qn) {
      tap?.open(name, local, prefix, ns, attributes, line, column);
      if (kept) {
        if (++keptCount > lim.maxElements) throw new KontorXmlError('XML_TOO_MANY_NODES', `More than ${lim.maxElements} elements in one subtree`, { location: { line, column } });
        const el = new XmlElement({ qn, attributes, line, column, parent: kept });
        kept.children.push(el);
        kept = el;
      } else {
        const info: OpenInfo = { local, ns, name, line, column, attributes, path };
        handlers.onOpen?.(info);
        if (handlers.keep(info)) {
          keptCount = 1;
          kept = new XmlElement({ qn, attributes, line, column, parent: null });
        }
      }
      path.push(local);
    },
    close() {
      tap?.close();
      const local = path.pop() ?? '';
      if (kept) {
        const done = kept;
        kept = kept.parent;
        if (!kept) handlers.onElement(done, path);
        return;
      }
      handlers.onClose?.(local, path);
    },
    text(t) {
      tap?.text(t);
      if (kept) kept.text += t;
    },
  });
  await feedSource(source, lim, parser);
}

/**
 * The tap-only form of streamXml: every event of the document goes straight from the parser to `events`, with no
 * per-element work of this module (no info object, no element path, no subtree building). For consumers that
 * keep their own state per event (pain.001 read model, native XSD validation sharing the pass).
 * They are called as methods of `events` (`this` is `events`), as the parser calls its handlers.
 * @example
 * ```ts
 * let elements = 0;
 * await streamXmlEvents(bytes, { open: () => void elements++, close() {}, text() {} });
 * ```
 */
export async function streamXmlEvents(source: StreamSource, events: StreamTap, limits: Partial<XmlLimits> = {}): Promise<void> {
  const lim: XmlLimits = { ...defaultXmlLimits, ...limits };
  await feedSource(source, lim, createHardenedParser(lim, events));
}

/** Decodes and feeds a source to the parser (byte limit enforced while feeding), then closes it. */
async function feedSource(source: StreamSource, lim: XmlLimits, parser: HardenedParser): Promise<void> {
  let total = 0;
  let first = true;
  const decoder = new XmlChunkDecoder();
  const push = (text: string) => {
    if (first && text) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    if (text) parser.write(text);
  };
  const feed = (chunk: string | Uint8Array) => {
    total += typeof chunk === 'string' ? Buffer.byteLength(chunk, 'utf8') : chunk.byteLength;
    if (total > lim.maxBytes) throw new KontorXmlError('XML_TOO_LARGE', `XML input exceeds the limit of ${lim.maxBytes} bytes`);
    push(typeof chunk === 'string' ? chunk : decoder.write(chunk));
  };
  if (typeof source === 'string') {
    // The whole document at once: its size checked as xmlInputToText does (no exact UTF-8 count where none is needed).
    if (inputSizeFor(source, lim.maxBytes) > lim.maxBytes) throw new KontorXmlError('XML_TOO_LARGE', `XML input exceeds the limit of ${lim.maxBytes} bytes`);
    push(source);
  } else if (source instanceof Uint8Array) {
    // Decoded in slices: no full-document string is built for large statements.
    if (source.byteLength > lim.maxBytes) throw new KontorXmlError('XML_TOO_LARGE', `XML input of ${source.byteLength} bytes exceeds the limit of ${lim.maxBytes} bytes`);
    for (let i = 0; i < source.byteLength; i += BYTE_SLICE) feed(source.subarray(i, Math.min(source.byteLength, i + BYTE_SLICE)));
  } else if (Symbol.asyncIterator in (source as object)) for await (const c of source as AsyncIterable<string | Uint8Array>) feed(c);
  else for (const c of source as Iterable<string | Uint8Array>) feed(c);
  push(decoder.end());
  parser.close();
}
