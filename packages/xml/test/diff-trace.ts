/** Event traces of a hardened parser (the tokenizer or the saxes reference) for the differential tests. */
import { createHash } from 'node:crypto';
import { KontorXmlError } from '../src/errors';
import { defaultXmlLimits, type XmlLimits } from '../src/reader/limits';
import type { HardenedParser, SaxHandlers } from '../src/reader/tokenizer';

export type ParserFactory = (limits: XmlLimits, h: SaxHandlers) => HardenedParser;

/** The trace of `trace`, folded into a SHA-1 digest and a count (for large documents). */
export function traceDigest(factory: ParserFactory, chunks: readonly string[], limits: Partial<XmlLimits> = {}): string {
  const hash = createHash('sha1');
  let events = 0;
  const add = (line: string) => {
    events++;
    hash.update(line);
    hash.update('\n');
  };
  run(factory, chunks, limits, add);
  return `${events} events ${hash.digest('hex')}`;
}

/** Every event, then the outcome: `end` or `error CODE line:column`. Adjacent text events are joined (both split text differently only at chunk ends — they do not). */
export function trace(factory: ParserFactory, chunks: readonly string[], limits: Partial<XmlLimits> = {}): string[] {
  const out: string[] = [];
  run(factory, chunks, limits, (line) => out.push(line));
  return out;
}

function run(factory: ParserFactory, chunks: readonly string[], limits: Partial<XmlLimits>, out: { push(line: string): unknown } | ((line: string) => unknown)): void {
  if (typeof out === 'function') out = { push: out };
  const sink = out;
  const p = factory(
    { ...defaultXmlLimits, ...limits },
    {
      open(name, local, prefix, ns, attributes, line, column) {
        sink.push(`open ${name} ${local} ${prefix} ${ns} ${JSON.stringify(attributes.map((a) => [a.name, a.local, a.prefix, a.ns, a.value]))} @${line}:${column}`);
      },
      close() {
        sink.push('close');
      },
      text(t) {
        sink.push(`text ${JSON.stringify(t)}`);
      },
      pi(target, body, line) {
        sink.push(`pi ${target} ${JSON.stringify(body)} @${line}`);
      },
    },
  );
  try {
    for (const c of chunks) p.write(c);
    p.close();
    sink.push('end');
  } catch (e) {
    if (!(e instanceof KontorXmlError)) throw e;
    sink.push(`error ${e.code} ${e.location?.line}:${e.location?.column}`);
  }
}

/**
 * The input the saxes reference is given for a document: unpaired surrogates replaced by U+0001. saxes read an
 * unpaired high surrogate together with the next character (and accepted most such pairs); the tokenizer refuses
 * it as XML_MALFORMED right there — where saxes refuses U+0001, a character of the same width.
 */
export function forReference(doc: string): string {
  return doc.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\u0001');
}

/** Cuts a document into chunks at the given points. */
export function cut(doc: string, points: readonly number[]): string[] {
  const out: string[] = [];
  let from = 0;
  for (const p of [...points].sort((a, b) => a - b)) {
    if (p > from && p < doc.length) {
      out.push(doc.slice(from, p));
      from = p;
    }
  }
  out.push(doc.slice(from));
  return out;
}

/** A small deterministic generator (LCG), so failures reproduce. */
export function rng(seed: number): (n: number) => number {
  let x = seed >>> 0;
  return (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return Math.floor((x / 0x1_0000_0000) * n);
  };
}
