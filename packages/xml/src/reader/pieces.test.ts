/**
 * Bytes decoded in pieces (decodeXmlInput / DecodedXml) and long text runs checked in the input's bytes a word at a
 * time (the tokenizer's byte path) must read exactly as the whole document as one string does: same tree, same
 * text, same positions, same errors at the same places.
 */
import { describe, expect, it } from 'vitest';
import { KontorXmlError } from '../errors';
import type { XmlElement } from './element';
import { DecodedXml, decodeXmlInput, parseXml } from './parse';
import { decodeXmlPieces } from './decode';

const enc = (s: string) => new TextEncoder().encode(s);

/** Every element as "path line:column attrs = text", in document order. */
function dump(el: XmlElement, out: string[] = [], path = ''): string[] {
  const p = `${path}/${el.local}`;
  out.push(`${p} ${el.line}:${el.column} ${el.attributes.map((a) => `${a.local}=${a.value}`).join(',')} = ${JSON.stringify(el.text)}`);
  for (const c of el.children) dump(c, out, p);
  return out;
}

function outcome(input: string | Uint8Array | DecodedXml): string {
  try {
    return dump(parseXml(input).root).join('\n');
  } catch (e) {
    if (e instanceof KontorXmlError) return `${e.code} ${e.location?.line}:${e.location?.column}`;
    throw e;
  }
}

/** A base64-like run of n characters (with a line break every `every` characters when given). */
function base64(n: number, every = 0, seed = 7): string {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let x = seed;
  let s = '';
  for (let i = 0; i < n; i++) {
    if (every && i && i % every === 0) s += '\n';
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    s += A[x >>> 26]!;
  }
  return s;
}

describe('decoding in pieces', () => {
  it('keeps the ASCII stretches of a large UTF-8 document one-byte, with their bytes, and joins to the whole text', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Beispiel für „Anhänge“ -->\n<r><a>${base64(200_000, 76)}</a><b>Grüße €</b><c>${base64(90_000)}</c></r>`;
    const bytes = enc(xml);
    const p = decodeXmlPieces(bytes);
    expect(p.pieces.join('')).toBe(xml);
    expect(p.pieces.length).toBe(p.bytes.length);
    expect(p.pieces.length).toBeGreaterThan(2);
    for (let i = 0; i < p.pieces.length; i++) {
      const b = p.bytes[i];
      if (b) {
        expect(b.length).toBe(p.pieces[i]!.length);
        expect(Buffer.from(b).toString('latin1')).toBe(p.pieces[i]);
      }
    }
    // The two-byte characters stay in the (small) pieces that hold them.
    expect(p.bytes.some((b) => b !== null && b.length > 100_000)).toBe(true);
    const d = decodeXmlInput(bytes, 10_000_000);
    expect(d.text).toBe(xml);
    expect(d.sizeFor(10_000_000)).toBe(bytes.length);
    expect(outcome(d)).toBe(outcome(xml));
    expect(outcome(bytes)).toBe(outcome(xml));
  });

  it('ends pieces right before a "<" near the segment end (no token kept and joined), the text unchanged', () => {
    // An invoice with accented comments in every line: every 16 KB segment holds non-ASCII bytes.
    const line = (i: number) => `  <l><id>${i}</id>  <!-- Identifiant de ligne : ${i} (é) -->\n    <n>Prix brut de l'article ü</n></l>\n`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<r>\n${Array.from({ length: 3000 }, (_, i) => line(i)).join('')}</r>`;
    const bytes = enc(xml);
    const p = decodeXmlPieces(bytes);
    expect(p.pieces.join('')).toBe(xml);
    expect(p.pieces.length).toBeGreaterThan(10);
    for (let i = 1; i < p.pieces.length; i++) expect(p.pieces[i]!.startsWith('<'), `piece ${i}`).toBe(true);
    expect(outcome(bytes)).toBe(outcome(xml));
    // Broken sequences right before a "<" at a segment end: one U+FFFD each, as TextDecoder gives for the whole.
    const at = 16 * 1024;
    for (const cut of [[0xc3], [0xe2, 0x82], [0xf0, 0x9d, 0x84]]) {
      const head = enc(`<r><a>${'é'.repeat(at / 2)}`);
      const broken = new Uint8Array([...head.subarray(0, at - cut.length), ...cut, ...enc(`</a>${'<b>ü</b>'.repeat(5000)}</r>`)]);
      expect(decodeXmlPieces(broken).pieces.join(''), `cut ${cut.length}`).toBe(new TextDecoder().decode(broken));
    }
    // Text longer than the reach (a base64 attachment) is still cut at the segment: its bytes stay one-byte pieces.
    const att = enc(`<r><c>€</c><a>${base64(300_000)}</a></r>`);
    const q = decodeXmlPieces(att);
    expect(q.pieces.join('')).toBe(new TextDecoder().decode(att));
    expect(q.bytes.some((b) => b !== null && b.length > 250_000)).toBe(true);
  });

  it('checks the size limit and emptiness as the one-string path does', () => {
    const big = enc(`<r>${base64(70_000)}</r>`);
    expect(() => decodeXmlInput(big, 1000)).toThrow(/exceeds/);
    expect(() => parseXml(decodeXmlInput(big, 100_000), { maxBytes: 1000 })).toThrow(/exceeds/);
    expect(() => decodeXmlInput(enc('   \n '), 1000)).toThrow(/empty/);
    expect(() => decodeXmlInput(new DecodedXml(['<a/>']), 2)).toThrow(/exceeds/);
  });
});

describe('long text runs read in the input bytes', () => {
  // Characters that end a run of text (XML 1.0): each placed inside a long base64 run at every offset modulo 4 and
  // at the run's start and end; the document is read as bytes (ASCII: one piece with its bytes, the word path), as a
  // large UTF-8 document with a non-ASCII comment (pieces), and as one two-byte string (the reference).
  const stops: [string, string][] = [
    ['&amp;', 'a reference'],
    ['&#65;', 'a character reference'],
    ['&bogus;', 'an undefined entity'],
    [']]>', 'the CDATA end in text'],
    [']', 'a single ]'],
    [']]', 'two ]'],
    ['\r\n', 'CR LF'],
    ['\r', 'a CR'],
    ['\t', 'a TAB'],
    ['\u0001', 'a control character'],
    ['\u001f', 'the last control character'],
    ['\u007f', 'DEL (allowed in XML 1.0)'],
    ['\n\n', 'line breaks'],
  ];
  for (const [stop, label] of stops) {
    it(`${label} anywhere in a long run reads as in a two-byte string`, () => {
      for (const len of [1100, 4099, 70_001]) {
        for (const at of [0, 1, 2, 3, 4, 5, 6, 7, 512, len - 3, len - 2, len - 1, len]) {
          const run = base64(len, 0, at + len);
          const body = run.slice(0, at) + stop + run.slice(at);
          for (const pad of ['', 'x', 'xy', 'xyz']) {
            const ascii = `<r ${pad ? `p="${pad}"` : ''}><a>${body}</a>\n<b>${run.slice(0, 1500)}</b></r>`;
            const ref = outcome(`\u20ac${ascii}`.slice(1));
            expect(outcome(enc(ascii)), `${label} at ${at} of ${len}, pad ${pad.length}`).toBe(ref);
            expect(outcome(ascii)).toBe(ref);
            if (len > 60_000) {
              // Over 64 KB with a character beyond Latin-1 in a comment: decoded in pieces.
              const wide = `<!-- „${pad}“ -->${ascii}`;
              expect(outcome(enc(wide)), `${label} at ${at} of ${len} (pieces)`).toBe(outcome(wide));
            }
          }
        }
      }
    });
  }

  it('a run that crosses the end of a piece, and text in several pieces, read as one text', () => {
    // Non-ASCII characters every ~20 KB: many pieces; the long runs cross their borders.
    const parts: string[] = [];
    for (let i = 0; i < 8; i++) parts.push(`${base64(20_000 + i * 7, i % 2 ? 64 : 0, i)}ä${'€'.repeat(i)}`);
    const xml = `<r><big>${parts.join('')}</big><n>1 &amp; 2</n></r>`;
    const bytes = enc(xml);
    expect(decodeXmlPieces(bytes).pieces.length).toBeGreaterThan(4);
    const doc = parseXml(bytes);
    expect(doc.root.children[0]!.text).toBe(parts.join(''));
    expect(outcome(bytes)).toBe(outcome(xml));
  });
});
