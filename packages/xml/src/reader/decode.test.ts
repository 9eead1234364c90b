import { describe, expect, it } from 'vitest';
import { decodeUtf8, decodeXmlBytes, detectXmlEncoding, XmlChunkDecoder } from './decode';
import { parseXml } from './parse';
import { streamXml } from './stream';
import { KontorXmlError } from '../errors';

const doc = (enc: string) => `<?xml version="1.0" encoding="${enc}"?>\n<a x="Grüße €">Straße ½ 𝄞</a>`;

function utf16(text: string, be: boolean, bom: boolean): Uint8Array {
  const le = Buffer.from(text, 'utf16le');
  const out = Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), le]);
  if (be) out.swap16();
  return new Uint8Array(out);
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return e instanceof KontorXmlError ? e.code : `untyped: ${String(e)}`;
  }
}

describe('detectXmlEncoding', () => {
  it('follows the BOM, then the first bytes, then the declaration', () => {
    expect(detectXmlEncoding(Buffer.from('\ufeff<a/>'))).toEqual({ encoding: 'utf-8', bomLength: 3 });
    expect(detectXmlEncoding(utf16('<a/>', false, true))).toEqual({ encoding: 'utf-16le', bomLength: 2 });
    expect(detectXmlEncoding(utf16('<a/>', true, true))).toEqual({ encoding: 'utf-16be', bomLength: 2 });
    expect(detectXmlEncoding(utf16('<?xml version="1.0"?><a/>', false, false))).toEqual({ encoding: 'utf-16le', bomLength: 0 });
    expect(detectXmlEncoding(utf16('<?xml version="1.0"?><a/>', true, false))).toEqual({ encoding: 'utf-16be', bomLength: 0 });
    expect(detectXmlEncoding(Buffer.from(doc('ISO-8859-1'), 'latin1')).encoding).toBe('windows-1252');
    expect(detectXmlEncoding(Buffer.from(doc('iso-8859-15'), 'latin1')).encoding).toBe('iso-8859-15');
    expect(detectXmlEncoding(Buffer.from(doc('UTF-8'))).encoding).toBe('utf-8');
    expect(detectXmlEncoding(Buffer.from('<a/>')).encoding).toBe('utf-8');
  });

  it('refuses encodings it does not read, with a stable code', () => {
    expect(codeOf(() => detectXmlEncoding(Buffer.from(doc('Shift_JIS'))))).toBe('XML_ENCODING_UNSUPPORTED');
    expect(codeOf(() => detectXmlEncoding(new Uint8Array([0x00, 0x00, 0xfe, 0xff, 0, 0, 0, 0x3c])))).toBe('XML_ENCODING_UNSUPPORTED');
    expect(codeOf(() => detectXmlEncoding(new Uint8Array([0x4c, 0x6f, 0xa7, 0x94])))).toBe('XML_ENCODING_UNSUPPORTED');
  });

  it('reads the declaration with any byte 0x80-0xFF in it as it reads the windows-1252 text of its head', () => {
    // The head is looked at as Latin-1 text; the reference pattern here runs on the head decoded as windows-1252.
    const reference = (head: Uint8Array): string => {
      const m = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]*)["']/.exec(new TextDecoder('windows-1252').decode(head));
      if (!m) return 'utf-8';
      const name = m[1]!.toLowerCase();
      return name === 'utf-8' ? 'utf-8' : name === 'latin1' ? 'windows-1252' : `refused ${m[1]}`;
    };
    const outcome = (head: Uint8Array): string => {
      try {
        return detectXmlEncoding(head).encoding;
      } catch (e) {
        return `refused ${/"([^"]*)"/.exec((e as Error).message)![1]}`;
      }
    };
    let refused = 0;
    for (let b = 0x80; b <= 0xff; b++) {
      for (const [before, after] of [
        ['<?xml', 'version="1.0" encoding="latin1"?><a/>'],
        ['<?xml version="1.0"', 'encoding="utf-8"?><a/>'],
        ['<?xml version="1.0"', 'encoding="koi8-r"?><a/>'],
        ['<?xml version="1.0" encoding=', '"latin1"?><a/>'],
        ['<?xml version="1.0" encoding="lat', 'in1"?><a/>'],
        ['', '<?xml version="1.0" encoding="latin1"?><a/>'],
      ]) {
        const head = new Uint8Array([...Buffer.from(before!, 'latin1'), b, ...Buffer.from(after!, 'latin1')]);
        const want = reference(head);
        if (want.startsWith('refused')) refused++;
        expect(outcome(head), `${b.toString(16)} ${before}`).toBe(want);
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe('decodeXmlBytes and the readers', () => {
  const expected = 'Straße ½ 𝄞';
  const variants: [string, Uint8Array][] = [
    ['UTF-8', new Uint8Array(Buffer.from(doc('UTF-8')))],
    ['UTF-8 with BOM', new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(doc('UTF-8'))]))],
    ['UTF-16 LE with BOM', utf16(doc('UTF-16'), false, true)],
    ['UTF-16 BE with BOM', utf16(doc('UTF-16'), true, true)],
    ['UTF-16 LE without BOM', utf16(doc('UTF-16'), false, false)],
    ['UTF-16 BE without BOM', utf16(doc('UTF-16'), true, false)],
  ];
  for (const [name, bytes] of variants) {
    it(`reads ${name} the same in the tree reader, the stream reader and byte by byte`, async () => {
      expect(decodeXmlBytes(bytes)).toBe(doc('UTF-8').replace('UTF-8', name.startsWith('UTF-16') ? 'UTF-16' : 'UTF-8'));
      const tree = parseXml(bytes).root;
      expect(tree.text).toBe(expected);
      expect(tree.attributes[0]!.value).toBe('Grüße €');
      const seen: string[] = [];
      const oneByteChunks = Array.from(bytes, (b) => new Uint8Array([b]));
      for (const source of [bytes, oneByteChunks]) {
        await streamXml(source, { keep: () => true, onElement: (el) => seen.push(el.text) });
      }
      expect(seen).toEqual([expected, expected]);
    });
  }

  it('reads ISO-8859-1 and ISO-8859-15 by their declaration', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>Grüße</a>', 'latin1');
    expect(parseXml(latin1).root.text).toBe('Grüße');
    // 0xA4 is the euro sign in ISO-8859-15 (and the currency sign in ISO-8859-1).
    const latin9 = new Uint8Array([...Buffer.from('<?xml version="1.0" encoding="ISO-8859-15"?><a>'), 0xa4, ...Buffer.from('</a>')]);
    expect(parseXml(latin9).root.text).toBe('€');
  });

  it('holds back the head until the declaration is complete', () => {
    const d = new XmlChunkDecoder();
    const bytes = Buffer.from('<?xml version="1.0" encoding="ISO-8859-15"?><a>\xa4</a>', 'latin1');
    let text = '';
    for (const b of bytes) text += d.write(new Uint8Array([b]));
    text += d.end();
    expect(text).toBe('<?xml version="1.0" encoding="ISO-8859-15"?><a>€</a>');
    expect(new XmlChunkDecoder().end()).toBe('');
  });

  it('decodes UTF-8 in chunks exactly as TextDecoder does whole (ASCII chunks copied once the decoder is clean)', () => {
    let x = 17;
    const rnd = (n: number) => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) % n;
    const pieces = [[0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9d, 0x84, 0x9e], [0xef, 0xbb, 0xbf], [0xc3], [0xe2, 0x82], [0xf0, 0x9d], [0x80], [0xff], [0xed, 0xa0, 0x80]];
    for (let k = 0; k < 200; k++) {
      const bytes: number[] = [];
      if (rnd(3) === 0) bytes.push(0xef, 0xbb, 0xbf);
      bytes.push(0x3c, 0x61, 0x3e);
      const n = 100 + rnd(rnd(2) === 0 ? 3000 : 9000);
      const oddness = 1 + rnd(k % 2 === 0 ? 200 : 2000);
      for (let i = 0; i < n; i++) {
        if (rnd(oddness) === 0) bytes.push(...pieces[rnd(pieces.length)]!);
        else bytes.push(rnd(20) === 0 ? 0x0a : 0x20 + rnd(95));
      }
      const u8 = new Uint8Array(bytes);
      const expected = new TextDecoder('utf-8').decode(u8);
      for (const size of [1, 2, 3, 7, 64, 1000, 0, -1]) {
        const cuts: number[] = [];
        // -1: the head, then the rest in one chunk (cut in 1 KB pieces inside)
        if (size === -1) cuts.push(64);
        else if (size === 0) for (let c = rnd(6); c > 0; c--) cuts.push(rnd(u8.length));
        else for (let i = size; i < u8.length; i += size) cuts.push(i);
        cuts.sort((a, b) => a - b);
        const d = new XmlChunkDecoder();
        let text = '';
        let from = 0;
        for (const c of [...cuts, u8.length]) {
          text += d.write(u8.subarray(from, c));
          from = c;
        }
        text += d.end();
        expect(text, `case ${k} size ${size}`).toBe(expected);
      }
    }
    // A sequence cut (or broken) right at the end of a 1 KB piece inside a chunk, then a whole ASCII piece.
    for (const tail of [[0xe2, 0x82], [0xe2], [0xf0, 0x9d, 0x84], [0xe2, 0x82, 0xac], [0xc3, 0xa9]]) {
      for (const shift of [0, 1, 2]) {
        const head = new TextEncoder().encode(`<a>${'h'.repeat(61)}`);
        const body = new Uint8Array(3000).fill(0x62);
        body.set([0xc3, 0xa4], 10);
        body.set(tail, 1024 - tail.length + shift);
        const u8 = new Uint8Array([...head, ...body]);
        const d = new XmlChunkDecoder();
        const text = d.write(u8.subarray(0, head.length)) + d.write(u8.subarray(head.length)) + d.end();
        expect(text, `${tail} ${shift}`).toBe(new TextDecoder().decode(u8));
      }
    }
  });
});

describe('decodeUtf8 (ASCII stretches copied, the rest through TextDecoder or by hand)', () => {
  it('decodes runs of 2- and 3-byte sequences by hand exactly as TextDecoder, at their range ends and broken', () => {
    const seqs: number[][] = [];
    // every 2-byte lead with continuation bytes at and beyond the range ends
    for (let c = 0xc0; c <= 0xdf; c++) for (const d of [0x7f, 0x80, 0x9f, 0xa0, 0xbf, 0xc0]) seqs.push([c, d]);
    // 3-byte leads incl. E0 (second byte from A0) and ED (second byte to 9F: no surrogates)
    for (const c of [0xe0, 0xe1, 0xe2, 0xec, 0xed, 0xee, 0xef]) for (const d of [0x7f, 0x80, 0x9f, 0xa0, 0xbf, 0xc0]) for (const f of [0x7f, 0x80, 0xbf, 0xc0]) seqs.push([c, d, f]);
    seqs.push([0xf0, 0x9f, 0x98, 0x80], [0xf4, 0x8f, 0xbf, 0xbf], [0xf5, 0x80], [0xc3], [0xe2, 0x82], [0xff]);
    const reference = new TextDecoder('utf-8');
    for (const a of seqs) {
      for (const b of [[], [0xc3, 0xbc], [0xe2, 0x82, 0xac], [0x80]]) {
        // alone between ASCII, followed by another sequence in the same run, and at the very start and end
        for (const bytes of [
          [0x41, ...a, 0x42],
          [0x41, ...a, ...b, 0x42],
          [...b, ...a],
          [0x3c, ...a, ...b],
        ]) {
          const u8 = new Uint8Array(bytes);
          expect(decodeUtf8(u8, 0, 0), bytes.map((x) => x.toString(16)).join(' ')).toBe(reference.decode(u8));
        }
      }
    }
  });

  it('gives exactly what TextDecoder gives, broken sequences, BOMs and piece boundaries included', () => {
    let x = 5;
    const rnd = (n: number) => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) % n;
    const pieces = [
      [0x41],
      [0x0a],
      [0xc3, 0xa9],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9d, 0x84, 0x9e],
      [0xef, 0xbb, 0xbf],
      [0xc3],
      [0xe2, 0x82],
      [0x80],
      [0xbf],
      [0xff],
      [0xfe],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xc0, 0xaf],
    ];
    const reference = new TextDecoder('utf-8');
    for (let k = 0; k < 300; k++) {
      const bytes: number[] = [];
      if (rnd(4) === 0) bytes.push(0xef, 0xbb, 0xbf);
      const n = 50 + rnd(600);
      for (let i = 0; i < n; i++) {
        if (rnd(5) === 0) bytes.push(...pieces[rnd(pieces.length)]!);
        else bytes.push(0x20 + rnd(95));
      }
      const u8 = new Uint8Array(bytes);
      for (const seg of [0, 1, 2, 3, 5, 16, 64]) expect(decodeUtf8(u8, seg, 0), `case ${k} segment ${seg}`).toBe(reference.decode(u8));
      // run by run (segment 0) at every alignment of the bytes in their buffer (the 32-bit word scan)
      for (const off of [1, 2, 3]) {
        const moved = new Uint8Array(u8.length + 8);
        moved.set(u8, off);
        expect(decodeUtf8(moved.subarray(off, off + u8.length), 0, 0), `case ${k} offset ${off}`).toBe(reference.decode(u8));
      }
    }
  });

  it('decodes small documents in small pieces (default) exactly as TextDecoder, non-ASCII at and across piece ends', () => {
    const enc = new TextEncoder();
    for (const at of [0, 1, 1022, 1023, 1024, 1025, 2047, 5000]) {
      for (const odd of ['€', '𝄞', 'ä', '\ufeff', '\u00a0x']) {
        const text = `${'a'.repeat(at)}${odd}${'<b>x</b>'.repeat(500)}Grüße`;
        const u8 = enc.encode(text);
        expect(decodeUtf8(u8), `${at} ${odd}`).toBe(new TextDecoder().decode(u8));
        // broken sequences: a lone lead byte and a cut 4-byte sequence right at a piece end
        const broken = new Uint8Array([...u8.subarray(0, 1023), 0xf0, 0x9d, 0x84, ...u8.subarray(1023, 3000), 0xc3]);
        expect(decodeUtf8(broken), `${at} ${odd} broken`).toBe(new TextDecoder().decode(broken));
      }
    }
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode('<r>ü</r>')]);
    expect(decodeUtf8(bom)).toBe(new TextDecoder().decode(bom));
  });

  it('copies a long pure-ASCII document and a long document with a few non-ASCII bytes correctly', () => {
    const ascii = new TextEncoder().encode('<r>' + 'QUJD'.repeat(50_000) + '</r>');
    expect(decodeUtf8(ascii)).toBe(new TextDecoder().decode(ascii));
    const mixed = new TextEncoder().encode('<r a="Grüße">' + 'QUJD\n'.repeat(40_000) + '€ 𝄞</r>');
    expect(decodeUtf8(mixed)).toBe(new TextDecoder().decode(mixed));
    expect(decodeXmlBytes(mixed)).toBe(new TextDecoder().decode(mixed));
  });

  it('transcodes pieces with nothing beyond Latin-1 exactly as TextDecoder, and falls back at the first other byte', () => {
    let x = 11;
    const rnd = (n: number) => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) % n;
    const enc = new TextEncoder();
    const reference = new TextDecoder('utf-8');
    for (let k = 0; k < 200; k++) {
      let text = rnd(5) === 0 ? '\ufeff' : '';
      const n = 20 + rnd(400);
      for (let i = 0; i < n; i++) text += rnd(4) === 0 ? String.fromCharCode(0x80 + rnd(128)) : String.fromCharCode(0x20 + rnd(95));
      const clean = enc.encode(text);
      // the same with one foreign byte sequence somewhere: a 3-byte character, a lone lead or continuation byte
      const at = rnd(clean.length);
      const odd = [[0xe2, 0x82, 0xac], [0xc3], [0x80], [0xc4, 0x80], [0xc3, 0xc3]][rnd(5)]!;
      const dirty = new Uint8Array([...clean.subarray(0, at), ...odd, ...clean.subarray(at)]);
      for (const u8 of [clean, dirty]) {
        for (const seg of [0, 1, 7, 64]) expect(decodeUtf8(u8, seg, 0), `case ${k} segment ${seg}`).toBe(reference.decode(u8));
        for (const off of [1, 2, 3]) {
          const moved = new Uint8Array(u8.length + 8);
          moved.set(u8, off);
          for (const seg of [0, 64, 4096]) expect(decodeUtf8(moved.subarray(off, off + u8.length), seg, 0), `case ${k} offset ${off} segment ${seg}`).toBe(reference.decode(u8));
        }
      }
    }
    for (const edge of [[0xc3], [0x41, 0xc2], [0xc2, 0x80], [0xc3, 0xbf], [0xc2, 0x7f], [0xc3, 0xc0]]) {
      const u8 = new Uint8Array(edge);
      for (const seg of [0, 1, 4096]) expect(decodeUtf8(u8, seg, 0)).toBe(reference.decode(u8));
    }
  });

  it('decodes a long document with non-ASCII in every piece run by run, BOM kept only at the start, and a dense one whole', () => {
    const enc = new TextEncoder();
    const line = (i: number) => `<l><n>Für ${i} Stück à 5 €</n><c>\ufeffcafé</c></l>\n`;
    const body = Array.from({ length: 3000 }, (_, i) => line(i)).join('');
    for (const text of [body, `\ufeff${body}`, `${body}\ufeff`]) {
      const u8 = enc.encode(text);
      expect(u8.length).toBeGreaterThan(64 * 1024);
      expect(decodeUtf8(u8)).toBe(new TextDecoder().decode(u8));
      expect(decodeUtf8(u8, 16 * 1024)).toBe(new TextDecoder().decode(u8));
    }
    // Greek text (a run every 2 bytes' worth of words) and broken sequences throughout: TextDecoder's answer.
    const dense = enc.encode('<r>' + 'αβγ δ ε\n'.repeat(20_000) + '</r>');
    const broken = dense.slice();
    for (let i = 100; i < broken.length; i += 997) broken[i] = 0xff;
    for (const u8 of [dense, broken]) expect(decodeUtf8(u8)).toBe(new TextDecoder().decode(u8));
  });
});
