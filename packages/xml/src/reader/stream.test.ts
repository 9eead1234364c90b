import { describe, expect, it } from 'vitest';
import { streamXml, streamXmlEvents, type StreamTap } from './stream';
import { KontorXmlError } from '../errors';

describe('streamXml', () => {
  it('hands over kept subtrees only, from chunked input', async () => {
    const xml = '<Doc xmlns="urn:x"><Hdr><Id>1</Id></Hdr>' + Array.from({ length: 5 }, (_, i) => `<Ntry><Amt>${i}</Amt></Ntry>`).join('') + '</Doc>';
    const chunks = xml.match(/.{1,7}/gs)!.map((s) => Buffer.from(s));
    const amounts: string[] = [];
    let hdr = '';
    await streamXml(chunks, {
      keep: (i) => i.local === 'Ntry' || i.local === 'Hdr',
      onElement: (el, path) => {
        expect(path).toEqual(['Doc']);
        if (el.local === 'Hdr') hdr = el.textAt('Id') ?? '';
        else amounts.push(el.textAt('Amt')!);
        expect(el.parent).toBeNull();
      },
    });
    expect(hdr).toBe('1');
    expect(amounts).toEqual(['0', '1', '2', '3', '4']);
  });

  it('rejects DOCTYPE and oversize streams', async () => {
    await expect(streamXml('<!DOCTYPE d><d/>', { keep: () => false, onElement: () => {} })).rejects.toMatchObject({ code: 'XML_DOCTYPE_FORBIDDEN' });
    await expect(streamXml(['<d>', 'x'.repeat(100), '</d>'], { keep: () => false, onElement: () => {} }, { maxBytes: 50 })).rejects.toBeInstanceOf(KontorXmlError);
  });
});

/** The events a tap sees, one line each (positions and attributes included). */
function recorder(): { tap: StreamTap; events: string[] } {
  const events: string[] = [];
  return {
    events,
    tap: {
      open: (name, local, prefix, ns, attributes, line, column) =>
        void events.push(`open ${name} ${local} ${prefix} {${ns}} ${attributes.map((a) => `${a.name}=${a.value}`).join(',')} @${line}:${column}`),
      close: () => void events.push('close'),
      text: (t) => void events.push(`text ${JSON.stringify(t)}`),
    },
  };
}

describe('streamXmlEvents', () => {
  const xml =
    '\ufeff<?xml version="1.0"?>\n<p:Doc xmlns:p="urn:p" xmlns="urn:d" a="1">\n  <Hdr id="x &amp; y"><Id>1</Id></Hdr>' +
    Array.from({ length: 40 }, (_, i) => `<Ntry n="${i}"><Amt Ccy="EUR">${i}.5</Amt><T>\u00e4 &lt;${i}&gt; \ud83d\ude00</T></Ntry>`).join('\n') +
    '<!-- c --><![CDATA[<x>]]></p:Doc>\n';

  it("gives the same events as streamXml's tap, for strings, bytes and chunks of either", async () => {
    const ref = recorder();
    await streamXml(xml, { keep: () => false, onElement: () => {}, tap: ref.tap });
    expect(ref.events.filter((e) => e.startsWith('open')).length).toBe(1 + 2 + 40 * 3);
    const bytes = Buffer.from(xml);
    for (const source of [xml, new Uint8Array(bytes), xml.match(/.{1,5}/gsu)!, Array.from({ length: Math.ceil(bytes.length / 3) }, (_, i) => bytes.subarray(i * 3, i * 3 + 3))]) {
      const r = recorder();
      await streamXmlEvents(source, r.tap);
      // Text may come in other pieces: compare opens/closes exactly and the text in between joined.
      const norm = (ev: string[]) => {
        const out: string[] = [];
        let text = '';
        for (const e of ev) {
          if (e.startsWith('text ')) text += JSON.parse(e.slice(5)) as string;
          else {
            if (text) out.push(`text ${text}`);
            text = '';
            out.push(e);
          }
        }
        return out;
      };
      expect(norm(r.events)).toEqual(norm(ref.events));
    }
  });

  it('calls the events as methods of the object given (this is that object)', async () => {
    class Counter implements StreamTap {
      opens = 0;
      closes = 0;
      chars = 0;
      open(): void {
        this.opens++;
      }
      close(): void {
        this.closes++;
      }
      text(t: string): void {
        this.chars += t.length;
      }
    }
    const c = new Counter();
    await streamXmlEvents('<a><b>xy</b><c>z</c>\n</a>', c);
    expect([c.opens, c.closes, c.chars]).toEqual([3, 3, 4]);
  });

  it('takes detached functions and refuses like streamXml', async () => {
    let opens = 0;
    const { open, close, text } = { open: () => void opens++, close() {}, text() {} };
    await streamXmlEvents('<a><b/><c>t</c></a>', { open, close, text });
    expect(opens).toBe(3);
    const none: StreamTap = { open() {}, close() {}, text() {} };
    await expect(streamXmlEvents('<!DOCTYPE d><d/>', none)).rejects.toMatchObject({ code: 'XML_DOCTYPE_FORBIDDEN' });
    await expect(streamXmlEvents(['<d>', 'x'.repeat(100), '</d>'], none, { maxBytes: 50 })).rejects.toMatchObject({ code: 'XML_TOO_LARGE' });
    await expect(streamXmlEvents(new Uint8Array(Buffer.from(`<d>${'x'.repeat(100)}</d>`)), none, { maxBytes: 50 })).rejects.toMatchObject({ code: 'XML_TOO_LARGE' });
    await expect(streamXmlEvents('<a><b></a>', none)).rejects.toMatchObject({ code: 'XML_MALFORMED' });
    await expect(streamXmlEvents('<a><b><c/></b></a>', none, { maxDepth: 2 })).rejects.toBeInstanceOf(KontorXmlError);
  });

  it('holds a string source to its UTF-8 size in bytes, also when only the exact count can tell', async () => {
    const none: StreamTap = { open() {}, close() {}, text() {} };
    // 'ä' is 2 bytes in UTF-8: 3 + 30 * 2 + 4 = 67 bytes in 37 code units (37 * 3 = 111 > 67, so the exact count decides).
    const doc = `<d>${'ä'.repeat(30)}</d>`;
    expect(Buffer.byteLength(doc, 'utf8')).toBe(67);
    await expect(streamXmlEvents(doc, none, { maxBytes: 67 })).resolves.toBeUndefined();
    await expect(streamXmlEvents(doc, none, { maxBytes: 66 })).rejects.toMatchObject({ code: 'XML_TOO_LARGE' });
    await expect(streamXml(doc, { keep: () => false, onElement() {} }, { maxBytes: 66 })).rejects.toMatchObject({ code: 'XML_TOO_LARGE' });
    // '€' is 3 bytes: at the bound of 3 bytes per code unit the count is not needed and the limit still holds.
    const wide = `<d>${'€'.repeat(10)}</d>`;
    expect(Buffer.byteLength(wide, 'utf8')).toBe(wide.length * 3 - 14);
    let texts = '';
    await streamXmlEvents(wide, { open() {}, close() {}, text: (t) => void (texts += t) }, { maxBytes: wide.length * 3 });
    expect(texts).toBe('€'.repeat(10));
    await expect(streamXmlEvents(wide, none, { maxBytes: Buffer.byteLength(wide, 'utf8') - 1 })).rejects.toMatchObject({ code: 'XML_TOO_LARGE' });
  });
});
