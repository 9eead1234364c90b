/** The pure building blocks of the checker, each against facts from the standards (no corpus needed). */
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { ascii85, asciiHex, decodeFilters, flate, lzw, runLength, StreamLimitError } from '../internal/decode';
import { topLevelKeys, trailerHasEncrypt } from '../internal/trailer';
import { parseXml } from '@kontor/xml';
import { hasValueType } from '../xmp/predefined';
import { jpxProblems, readJp2Header } from './jpx';
import { inGlyphList, ToUnicodeMap } from './unicode';

const RDF = 'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:x="urn:x#"';
const prop = (inner: string) => parseXml(`<x:p ${RDF}>${inner}</x:p>`).root;

describe('XMP 2005 value types (6.6.2.3.1-2)', () => {
  it('simple types: Integer, Real, Boolean, Date, Rational', () => {
    expect(hasValueType({ value: '+52' }, 'Integer')).toBe(true);
    expect(hasValueType({ value: '+52.0' }, 'Integer')).toBe(false);
    expect(hasValueType({ value: '12.2630' }, 'Real')).toBe(true);
    expect(hasValueType({ value: '13/1' }, 'Real')).toBe(false);
    expect(hasValueType({ value: 'True' }, 'Boolean')).toBe(true);
    expect(hasValueType({ value: 'true' }, 'Boolean')).toBe(false);
    expect(hasValueType({ value: '2016-02-01T13:19:21+01:00' }, 'Date')).toBe(true);
    expect(hasValueType({ value: 'Date: 2016-02-01' }, 'Date')).toBe(false);
    expect(hasValueType({ value: '187820/65536' }, 'Rational')).toBe(true);
    expect(hasValueType({ value: '1.5' }, 'Rational')).toBe(false);
  });

  it('arrays must have the defined container; a simple value is not an array and vice versa', () => {
    expect(hasValueType(prop('<rdf:Bag><rdf:li>a</rdf:li></rdf:Bag>'), 'Bag Text')).toBe(true);
    expect(hasValueType(prop('<rdf:Seq><rdf:li>a</rdf:li></rdf:Seq>'), 'Bag Text')).toBe(false);
    expect(hasValueType(prop('a'), 'Bag Text')).toBe(false);
    expect(hasValueType(prop('<rdf:Seq><rdf:li>a</rdf:li></rdf:Seq>'), 'Text')).toBe(false);
    expect(hasValueType(prop('<rdf:Seq><rdf:li>1</rdf:li><rdf:li>1/1</rdf:li></rdf:Seq>'), 'Seq Integer')).toBe(false);
  });

  it('language alternatives need xml:lang on every item', () => {
    expect(hasValueType(prop('<rdf:Alt><rdf:li xml:lang="x-default">t</rdf:li></rdf:Alt>'), 'Lang Alt')).toBe(true);
    expect(hasValueType(prop('<rdf:Alt><rdf:li>t</rdf:li></rdf:Alt>'), 'Lang Alt')).toBe(false);
    expect(hasValueType(prop('t'), 'Lang Alt')).toBe(false);
  });

  it('structures: fields typed where the type fixes them; qualified simple values are read through rdf:value', () => {
    const dims = (w: string) => prop(`<rdf:Description><x:w>${w}</x:w><x:h>2</x:h><x:unit>mm</x:unit></rdf:Description>`);
    expect(hasValueType(dims('256.0'), 'Dimensions')).toBe(true);
    expect(hasValueType(dims('wide'), 'Dimensions')).toBe(false);
    expect(hasValueType(prop('w:720, h: 480'), 'Dimensions')).toBe(false);
    expect(hasValueType(prop('<rdf:Description><rdf:value>v</rdf:value><x:Scheme>s</x:Scheme></rdf:Description>'), 'Text')).toBe(true);
  });
});

describe('JPEG 2000 header (6.2.8.3)', () => {
  const box = (type: string, body: number[]) => [0, 0, 0, 8 + body.length, ...[...type].map((c) => c.charCodeAt(0)), ...body];
  const jp2 = (nc: number, bpc: number, colr: number[][]) => {
    const ihdr = box('ihdr', [0, 0, 0, 1, 0, 0, 0, 1, nc >> 8, nc & 255, bpc, 7, 0, 0]);
    const inner = [...ihdr, ...colr.flatMap((c) => box('colr', c))];
    return new Uint8Array([...box('jP  ', [13, 10, 135, 10]), ...box('jp2h', inner), ...box('jp2c', [0xff, 0x4f])]);
  };
  const rules = (b: Uint8Array, cs = false) => jpxProblems(readJp2Header(b)!, cs).map(([r]) => r);

  it('accepts 3 channels, 8 bits, one sRGB enumerated colr', () => {
    expect(rules(jp2(3, 7, [[1, 0, 0, 0, 0, 0, 16]]))).toEqual([]);
  });
  it('flags channels, bit depth, several colr without one APPROX 1, method 4, CIEJab', () => {
    expect(rules(jp2(5, 7, [[1, 0, 0, 0, 0, 0, 16]]))).toEqual(['6.2.8.3-1']);
    expect(rules(jp2(3, 40, [[1, 0, 0, 0, 0, 0, 16]]))).toEqual(['6.2.8.3-5']);
    expect(
      rules(
        jp2(3, 7, [
          [1, 0, 0, 0, 0, 0, 16],
          [1, 0, 0, 0, 0, 0, 17],
        ]),
      ),
    ).toEqual(['6.2.8.3-2']);
    expect(rules(jp2(3, 7, [[4, 0, 0]]))).toEqual(['6.2.8.3-3']);
    expect(rules(jp2(3, 7, [[1, 0, 0, 0, 0, 0, 19]]))).toEqual(['6.2.8.3-4']);
    expect(rules(jp2(3, 7, [[1, 0, 0, 0, 0, 0, 19]]), true)).toEqual([]);
  });
  it('a bare codestream has no JP2 header', () => {
    expect(readJp2Header(new Uint8Array([0xff, 0x4f, 0xff, 0x51]))).toBeUndefined();
  });
});

describe('Unicode mapping (6.2.11.7.2)', () => {
  it('reads bfchar and bfrange (base increment and arrays)', () => {
    const m = new ToUnicodeMap('2 beginbfchar <01> <0041> <02> <0000> endbfchar 2 beginbfrange <10> <12> <0061> <20> <21> [<0031> <FEFF>] endbfrange');
    expect(m.lookup(1)).toEqual([0x41]);
    expect(m.lookup(2)).toEqual([0]);
    expect(m.lookup(0x12)).toEqual([0x63]);
    expect(m.lookup(0x21)).toEqual([0xfeff]);
    expect(m.lookup(0x30)).toBeUndefined();
  });
  it('glyph-list names: standard names, uniXXXX, suffixes and ligatures; made-up names are not', () => {
    for (const n of ['A', 'germandbls', 'Euro', 'infinity', 'uni20AC', 'u1F600', 'afii10017', 'a.sc', 'f_f_i']) expect(inGlyphList(n), n).toBe(true);
    for (const n of ['grav', 'integraldisplay', 'g123', 'uniXYZ1']) expect(inGlyphList(n), n).toBe(false);
  });
});

describe('trailer keys', () => {
  it('only top-level keys count: not in strings, comments, nested dictionaries or arrays', () => {
    const keys = topLevelKeys('<< /Size 3 /Info (x /Encrypt 5 0 R) /Root 1 0 R % /Encrypt 2 0 R\n /A << /Encrypt 1 0 R >> /B [/Encrypt] /ID [<00> <00>] >>');
    expect([...keys].sort()).toEqual(['A', 'B', 'ID', 'Info', 'Root', 'Size']);
    expect(topLevelKeys('<< /Size 3 /Encrypt 5 0 R >>').has('Encrypt')).toBe(true);
  });
  it('finds /Encrypt in classic and cross-reference stream trailers only', () => {
    const enc = (s: string) => trailerHasEncrypt(new TextEncoder().encode(s));
    expect(enc('%PDF-1.7\ntrailer\n<< /Size 2 /Encrypt 4 0 R >>')).toBe(true);
    expect(enc('%PDF-1.7\n9 0 obj\n<< /Type /XRef /Size 9 /Encrypt 4 0 R >>\nstream\n')).toBe(true);
    expect(enc('%PDF-1.7\n1 0 obj\n<< /Encrypt 4 0 R >>\nendobj\ntrailer\n<< /Size 2 /X (/Encrypt 4 0 R) >>')).toBe(false);
  });
  it('ends on stray delimiters in a trailer (a fuzzed file looped forever on a lone ")")', () => {
    for (const d of [')', '>', '{', '}']) {
      expect([...topLevelKeys(`<< /Size 3 ${d} /Encrypt 5 0 R ${d} ${d} /Root 1 0 R >>`)].sort()).toEqual(['Encrypt', 'Root', 'Size']);
      expect(trailerHasEncrypt(new TextEncoder().encode(`trailer\n<< /Size 2 ${d}\n/Encrypt 4 0 R >>`))).toBe(true);
    }
  });
});

describe('stream filters (ISO 32000-1 7.4)', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('decode the standard examples', () => {
    expect(Buffer.from(asciiHex(bytes('48 65 6c6C6f7>'), 100)).toString('latin1')).toBe('Hellop');
    expect(Buffer.from(ascii85(bytes('87cURD]i,"Ebo80~>'), 100)).toString()).toBe('Hello World!');
    expect([...lzw(new Uint8Array([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]), 100)]).toEqual([45, 45, 45, 45, 45, 65, 45, 45, 45, 66]);
    expect([...runLength(new Uint8Array([2, 1, 2, 3, 254, 9, 128]), 100)]).toEqual([1, 2, 3, 9, 9, 9]);
  });
  it('every stage stops at the cap', () => {
    expect(() => runLength(new Uint8Array([129, 0, 129, 0]), 200)).toThrow(StreamLimitError);
    expect(() => decodeFilters(bytes('00'.repeat(300)), [{ name: 'ASCIIHexDecode' }], 200)).toThrow(StreamLimitError);
  });
  it('inflates large streams whole (output in large chunks), and stops a deflate bomb at the cap', () => {
    const data = new Uint8Array(3_000_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24; // little redundancy: input > 8 KB
    const packed = deflateSync(data);
    expect(packed.length).toBeGreaterThan(8192);
    expect(Buffer.from(flate(packed, 10_000_000)).equals(Buffer.from(data))).toBe(true);
    const bomb = deflateSync(new Uint8Array(50_000_000));
    expect(bomb.length).toBeGreaterThan(8192);
    expect(() => flate(bomb, 20_000_000)).toThrow(StreamLimitError);
    expect(() => flate(packed, 2_999_999)).toThrow(StreamLimitError);
  });
});
