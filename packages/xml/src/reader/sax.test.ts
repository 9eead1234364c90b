import { describe, expect, it } from 'vitest';
import { newSaxesParser } from './sax';

/** Every event (with line/column/position after it) and the first error, for one parser over chunks. */
function trace(fast: boolean, chunks: readonly string[]): string[] {
  const p = newSaxesParser(fast);
  const out: string[] = [];
  const at = () => `@${p.line}:${p.column}:${p.position}`;
  p.on('opentagstart', (t) => out.push(`start ${t.name} ${at()}`));
  p.on('opentag', (t) => out.push(`open ${t.name} ${t.local} ${t.prefix} ${t.uri} ${JSON.stringify(Object.values(t.attributes).map((a) => [a.name, a.uri, a.value]))} ${t.isSelfClosing} ${at()}`));
  p.on('closetag', (t) => out.push(`close ${t.name} ${at()}`));
  p.on('text', (t) => out.push(`text ${JSON.stringify(t)} ${at()}`));
  p.on('cdata', (t) => out.push(`cdata ${JSON.stringify(t)} ${at()}`));
  p.on('comment', (t) => out.push(`comment ${JSON.stringify(t)} ${at()}`));
  p.on('processinginstruction', (pi) => out.push(`pi ${pi.target} ${JSON.stringify(pi.body)} ${at()}`));
  p.on('doctype', (d) => out.push(`doctype ${JSON.stringify(d)} ${at()}`));
  p.on('error', (e) => {
    out.push(`error ${e.message}`);
    throw e;
  });
  try {
    for (const c of chunks) p.write(c);
    p.close();
  } catch {
    // recorded above
  }
  return out;
}

const docs: string[] = [
  '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:Doc xmlns:rsm="urn:r" xmlns="urn:d">\n  <a x="1" y=\'two &amp; 3\'>text &lt; more</a>\n  <b/>\n</rsm:Doc>\n',
  '<r>\r\n<a>line1\r\nline2\rline3</a>\r\n<!-- a\r\ncomment - with -- dashes? no -->\r\n</r>',
  '<r><![CDATA[x ]] y ]]> z <not a tag>]]><c>]</c><d>]]</d><e>a]b]]c</e></r>',
  '<r>x]]>y</r>',
  '<r a="tab\there" b="nl\nthere" c="cr\r\nthere">\t\ttabs</r>',
  '<r>caf\u00e9 \u20ac \ud83d\ude00 \ue000 \ufffd</r>',
  '<r>\u0001</r>',
  '<r a="\u0002"/>',
  '<r>\ud800x</r>',
  '<r>&#65;&#x42;&unknown;</r>',
  '<r><\u00e9l\u00e9ment attr\u00e9="v">x</\u00e9l\u00e9ment></r>',
  '<r><a\n  b="1"\n  c="2"\n/>\n<d\t>x</d\t>\n</r\n>',
  '<r><a></b></r>',
  '<r><?pi some body ? here?><?other?></r>',
  '<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>',
  '<r>\n' + '  <line n="1">' + 'x'.repeat(100) + '\n' + 'y'.repeat(50) + '</line>\n'.repeat(3) + '</r>',
  '<r xmlns:p="urn:p"><p:a p:x="1" x="2">v</p:a><q:b/></r>',
  // Default namespaces declared, redeclared and undeclared below tags without attributes (the namespace fast path).
  '<a xmlns="urn:1"><b><c xmlns="urn:2"><d/><e><f/></e></c><g/></b><h xmlns=""><i><j/></i></h><k x="1"><l/></k><m/></a>',
  '<p:a xmlns:p="urn:p"><b><c/></b><p:d xmlns="urn:d"><e/></p:d><f/></p:a>',
  '<a><b xmlns="urn:b"><c/></b><d/></a>',
  '<?xml version="1.1"?>\n<r>a\u0085b\u2028c</r>',
  '<r>',
  '<r>a < b</r>',
  '<r a="x<y"/>',
  '<r>text after</r>trailing',
];

/** A few ways to cut a document into chunks, including every single split point for short ones. */
function splits(doc: string): string[][] {
  const out: string[][] = [[doc]];
  if (doc.length <= 120) for (let i = 1; i < doc.length; i++) out.push([doc.slice(0, i), doc.slice(i)]);
  for (const size of [1, 2, 3, 7]) {
    const parts: string[] = [];
    for (let i = 0; i < doc.length; i += size) parts.push(doc.slice(i, i + size));
    out.push(parts);
  }
  return out;
}

describe('fast saxes scanners', () => {
  it('produce exactly the events, positions and errors of plain saxes, however the input is chunked', () => {
    let cases = 0;
    for (const doc of docs) {
      for (const chunks of splits(doc)) {
        expect(trace(true, chunks), JSON.stringify(chunks)).toEqual(trace(false, chunks));
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(500);
  });

  it('agree on a pseudo-random mix of markup, text and special characters', () => {
    let x = 7;
    const rnd = (n: number) => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) % n;
    const bits = [
      '<a>',
      '</a>',
      '<b c="d"/>',
      ' ',
      '\n',
      '\r\n',
      '\r',
      '\t',
      'text',
      ']',
      ']]',
      '>',
      '&amp;',
      '&#x20;',
      '\u00e9',
      '\ud83d\ude00',
      '<!--c-->',
      '<![CDATA[d]]>',
      '<?p q?>',
      '\u0007',
      'x="y"',
    ];
    for (let k = 0; k < 300; k++) {
      let body = '';
      const n = 5 + rnd(40);
      for (let i = 0; i < n; i++) body += bits[rnd(bits.length)];
      const doc = `<r>${body}</r>`;
      const cut = 1 + rnd(Math.max(1, doc.length - 1));
      for (const chunks of [[doc], [doc.slice(0, cut), doc.slice(cut)]]) {
        expect(trace(true, chunks), JSON.stringify(chunks)).toEqual(trace(false, chunks));
      }
    }
  });

  it('agree on long text runs (the native run scanner past 256 characters): newlines, stops and chunk ends inside', () => {
    let x = 11;
    const rnd = (n: number) => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) % n;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
    const specials = ['\n', '\n', '\t', '\r\n', '\r', '&amp;', ']', ']]>', '\u0001', '\u00e9', '\u20ac', '\ud83d\ude00', '\ud800', '\ufffe', '<b/>', '>'];
    for (let k = 0; k < 150; k++) {
      let body = '';
      const runs = 1 + rnd(4);
      for (let r = 0; r < runs; r++) {
        const len = 200 + rnd(1500);
        for (let i = 0; i < len; i++) body += rnd(77) === 0 ? '\n' : alphabet[rnd(alphabet.length)];
        if (rnd(3) !== 0) body += specials[rnd(specials.length)];
      }
      const doc = `<r><a>${body}</a></r>`;
      const cut = 1 + rnd(doc.length - 1);
      for (const chunks of [[doc], [doc.slice(0, cut), doc.slice(cut)], [doc.slice(0, 300), doc.slice(300, 700), doc.slice(700)]]) {
        expect(trace(true, chunks), `case ${k}`).toEqual(trace(false, chunks));
      }
    }
  });
});
