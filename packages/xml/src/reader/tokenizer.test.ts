/**
 * The tokenizer against the saxes reference (test/saxes-reference.ts): the same events, the same outcome
 * (error code and line:column) for hand-written edge cases, pseudo-random documents and every chunking.
 */
import { describe, expect, it } from 'vitest';
import { createSaxesReference } from '../../test/saxes-reference';
import { cut, forReference, rng, trace } from '../../test/diff-trace';
import { SHARED_NAMES_MAX, createHardenedParser, sharedNameCount } from './tokenizer';

const ours = (chunks: readonly string[], limits = {}) => trace(createHardenedParser, chunks, limits);
const reference = (doc: string, limits = {}) => trace(createSaxesReference, [forReference(doc)], limits);

/** Whole, every split point for short documents, fixed sizes, and a few random cuts. */
function chunkings(doc: string, seed = 1): string[][] {
  const out: string[][] = [[doc]];
  if (doc.length <= 80) for (let i = 1; i < doc.length; i++) out.push([doc.slice(0, i), doc.slice(i)]);
  for (const size of [1, 2, 3, 7, 64]) {
    const parts: string[] = [];
    for (let i = 0; i < doc.length; i += size) parts.push(doc.slice(i, i + size));
    out.push(parts);
  }
  const r = rng(seed);
  for (let k = 0; k < 3; k++)
    out.push(
      cut(
        doc,
        Array.from({ length: 1 + r(6) }, () => r(doc.length)),
      ),
    );
  return out;
}

function agree(doc: string, limits = {}, seed = 1): void {
  const expected = reference(doc, limits);
  for (const chunks of chunkings(doc, seed)) expect(ours(chunks, limits), `${JSON.stringify(doc.slice(0, 300))} in ${chunks.length} chunks`).toEqual(expected);
}

const docs: string[] = [
  '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:Doc xmlns:rsm="urn:r" xmlns="urn:d">\n  <a x="1" y=\'two &amp; 3\'>text &lt; more</a>\n  <b/>\n</rsm:Doc>\n',
  '<r>\r\n<a>line1\r\nline2\rline3</a>\r\n<!-- a\r\ncomment - with dashes -->\r\n</r>',
  '<r><![CDATA[x ]] y ]]> z <not a tag>]]><c>]</c><d>]]</d><e>a]b]]c</e><![CDATA[]]><![CDATA[a\r\nb]]]]></r>',
  // Comments and CDATA sections taken at once after "<!": empty, dashes right after the opening, a broken end.
  '<r><!----><a/><!-----><b/></r>',
  '<r><!-----></r>',
  '<r><!--x--><![CDATA[]]><!---x--><![CDATA[<!--]]><![CDAT[x]]></r>',
  '<r>x]]>y</r>',
  // The start tag guessed from the one before it (same name last time) and the names it must not be taken for.
  '<r><a><b/></a><a><bc/></a><a><b/><b\n/></a><a><b\tx="1"/></a><a><b/><c:b/></a><a><\u00e9b/><b>x</b></a><a><bb/><b/></a></r>',
  '<r><x:a xmlns:x="urn:1"/><x:a xmlns:x="urn:2"/><x:ab/><x:a/></r>',
  '<r><a><b/></a><a><c/></a><a><b></b></a><a><d>1</d></a></r>',
  // A prefixed name resolved again in another scope (the URI is remembered per name and scope).
  '<r xmlns:p="urn:1"><p:a/><x xmlns:p="urn:2"><p:a/><y xmlns:q="urn:3"><p:a/></y></x><p:a/></r>',
  '<r><x xmlns:p="urn:1"><p:a/></x><p:a/></r>',
  '<r>x]]]>y</r>',
  '<r>x]]&gt;y]]\n>z</r>',
  '<r a="tab\there" b="nl\nthere" c="cr\r\nthere" d="&#9;&#10;&#13;">\t\ttabs</r>',
  '<r>caf\u00e9 \u20ac \ud83d\ude00 \ue000 \ufffd</r>',
  '<r>\ud83d\ude00<a x="\ud83d\ude00">\ud83d\ude00</a>\n<b/><c\n/></r>',
  '<r>\u0001</r>',
  '<r a="\u0002"/>',
  '<r>\ud800x</r>',
  '<r>x\udc00</r>',
  '<r>\ufffe</r>',
  '<r>&#65;&#x42;&unknown;</r>',
  '<r>&#0;</r>',
  '<r>&#X41;</r>',
  '<r>&#x110000;</r>',
  '<r>&;</r>',
  '<r>& b</r>',
  '<r>a & b; c</r>',
  '<r>a &amp b <c/>;</r>',
  '<r a="&quot;&apos;&lt;&gt;&amp;"/>',
  '<r a="x &bogus; y"/>',
  '<r><\u00e9l\u00e9ment attr\u00e9="v">x</\u00e9l\u00e9ment></r>',
  '<r><a\n  b="1"\n  c="2"\n/>\n<d\t>x</d\t>\n</r\n>',
  '<r><a></b></r>',
  '<r></>',
  '<r/></r>',
  '</r>',
  '<r><?pi some body ? here?><?other?><?p ??><?q\n  x\r\n?></r>',
  '<?pi?><r/>',
  '<r><?xml version="1.0"?></r>',
  '<r><?XML x?></r>',
  '<r><? x?></r>',
  '<r><?1x?></r>',
  '<?xml version="1.0" standalone="yes"?><r/>',
  '<?xml version="1.0" encoding="ISO-8859-1" standalone="no" ?>\n<r/>',
  '<?xml version="2.0"?><r/>',
  '<?xml encoding="UTF-8"?><r/>',
  '<?xml version="1.0"encoding="UTF-8"?><r/>',
  '<?xml version=1.0?><r/>',
  '<?xml version="1.0" encoding="8bit"?><r/>',
  '<?xml?><r/>',
  '<?xml version="1.0" ?x><r/>',
  ' <?xml version="1.0"?><r/>',
  '\n<r/>\n',
  '\ufeff<r/>',
  '<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>',
  '<!DOCTYPE r SYSTEM "file:///etc/passwd"><r/>',
  '<!DOCTYPE r [<!-- c --><?p x?y>?><!ELEMENT r ANY>]><r/>',
  '<!DOCTYPE r [<!-- c -- x -->]><r/>',
  '<!DOCTYPE r',
  '<r/><!DOCTYPE r>',
  '<r><!DOCTYPE r></r>',
  '<!-- a -- b --><r/>',
  '<!---><r/>--><r/>',
  '<!-x-><r/>',
  '<!ELEMENT r><r/>',
  '<![CDATA[x]]><r/>',
  '<r/><![CDATA[x]]>',
  '<r>\n' + '  <line n="1">' + 'x'.repeat(100) + '\n' + 'y'.repeat(50) + '</line>\n'.repeat(3) + '</r>',
  '<r xmlns:p="urn:p"><p:a p:x="1" x="2">v</p:a><q:b/></r>',
  '<r xmlns:p="urn:p"><a q:x="1"/></r>',
  '<r xmlns:p="urn:p" xmlns:q="urn:p"><a p:x="1" q:x="2"/></r>',
  '<r a="1" a="2"/>',
  '<r xmlns:a="x" xmlns:a="y"/>',
  '<r xmlns:p=""/>',
  '<r xmlns:xml="urn:x"/>',
  '<r xmlns:xml="http://www.w3.org/XML/1998/namespace" xml:lang="de"/>',
  '<r xmlns:x="http://www.w3.org/XML/1998/namespace"/>',
  '<r xmlns="http://www.w3.org/2000/xmlns/"/>',
  '<r xmlns:xmlns="urn:x"/>',
  '<xmlns:r/>',
  '<r :a="1"/>',
  '<r a:="1"/>',
  '<r a:b:c="1"/>',
  '<a:b:c/>',
  '<:a/>',
  '<r a="1"b="2"/>',
  '<r a="1"/ >',
  '<r a/>',
  '<r a >',
  '<r a=1/>',
  '<r a = "1" />',
  '<r a="x<y"/>',
  '<r =""/>',
  "<r a='\"'/>",
  // Default namespaces declared, redeclared and undeclared below tags without attributes.
  '<a xmlns="urn:1"><b><c xmlns="urn:2"><d/><e><f/></e></c><g/></b><h xmlns=""><i><j/></i></h><k x="1"><l/></k><m/></a>',
  '<p:a xmlns:p="urn:p"><b><c/></b><p:d xmlns="urn:d"><e/></p:d><f/></p:a>',
  '<a><b xmlns=" urn:b "><c/></b><d/></a>',
  '<?xml version="1.1"?>\n<r>a\u0085b\u2028c\r\u0085d</r>',
  '<?xml version="1.1"?>\n<r>\u0080</r>',
  '<?xml version="1.1"?>\n<r>&#1;</r>',
  '<?xml version="1.1"?>\n<r xmlns:p=""><x/></r>',
  '<?xml version="1.1"?>\n<r xmlns:p=""><p:x/></r>',
  '<r>',
  '<r><a>',
  '<r',
  '<r a="1',
  '<r><!-- x',
  '<r/><',
  '<r/>&amp;',
  '',
  '   ',
  'x',
  '<r>a < b</r>',
  '<r><1/></r>',
  '<r></1></r>',
  '<r>text after</r>trailing',
  '<r>text after</r>trailing\r',
  '<r/>  \n',
  '<r/><r/>',
  '<r/>\n<!-- c -->\n<?p?>\n',
  'pre<r/>',
  '\u0001<r/>',
  '<r>\u00a0</r>',
  '<r>&#xD800;</r>',
];

describe('tokenizer vs saxes reference', () => {
  it('agrees on hand-written edge cases, however the input is chunked', () => {
    for (const doc of docs) agree(doc);
  });

  it('agrees on limits: depth, attributes', () => {
    agree('<a>'.repeat(30) + '</a>'.repeat(30), { maxDepth: 20 });
    agree(`<r>\n  <e ${Array.from({ length: 12 }, (_, i) => `a${i}="${i}"`).join(' ')}/></r>`, { maxAttributes: 10 });
    agree('<r xmlns="urn:x" xmlns:p="urn:p" p:b="1"/>', { maxAttributes: 2 });
  });

  it('reads huge tokens fed one character at a time in linear time (the kept part is retried only after it doubled)', () => {
    // Quadratic re-reading would not finish within the test timeout (vitest is the hang detector here).
    const big = 'A'.repeat(300_000);
    for (const doc of [`<r><a v="${big}"/></r>`, `<r><!--${big.replace(/A{3}/g, '-a\r')}--></r>`, `<r>&${big}</r>`, `<r><![CDATA[${big}]]></r>`, `<!DOCTYPE r [${big}]><r/>`]) {
      const expected = reference(doc);
      expect(ours([doc]), doc.slice(0, 20)).toEqual(expected);
      expect(ours(Array.from(doc)), doc.slice(0, 20)).toEqual(expected);
    }
    expect(ours([`<r><a v="${big}"/></r>`]).at(-1)).toBe('end');
  });

  it('agrees on pseudo-random mixes of markup, text and special characters', () => {
    const r = rng(7);
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
      '&',
      ';',
      '\u00e9',
      '\ud83d\ude00',
      '\ud800',
      '<!--c-->',
      '<![CDATA[d]]>',
      '<?p q?>',
      '\u0007',
      'x="y"',
      '"',
      '<',
      '/>',
      '<p:e xmlns:p="urn:p">',
      '</p:e>',
      '<!DOCTYPE',
      '?>',
    ];
    for (let k = 0; k < 400; k++) {
      let body = '';
      const n = 3 + r(30);
      for (let i = 0; i < n; i++) body += bits[r(bits.length)];
      const doc = r(4) === 0 ? body : `<r>${body}</r>`;
      const expected = reference(doc);
      for (const chunks of [[doc], cut(doc, [r(doc.length)]), cut(doc, [r(doc.length), r(doc.length), r(doc.length)])]) {
        expect(ours(chunks), JSON.stringify(chunks)).toEqual(expected);
      }
    }
  });

  it('agrees on runs longer than 1,000 characters ended by each character that needs a closer look, in one-byte and two-byte input, XML 1.0 and 1.1', () => {
    // A run this long up to the next "<" in input without characters beyond Latin-1 is searched on its own; input
    // with such a character (the "€" in the attribute) takes the sticky pattern: both must end the run alike.
    const r = rng(23);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= \u00e4\u00df';
    const stops = ['&amp;', '&#65;', ']', ']]>', '\r', '\r\n', '\u0001', '\u001f', '\u0085', '\u009f', '\u2028', '\ud800', '\udc00x', '\ud83d\ude00', '\ufffe', '\uffff', '<b/>', ''];
    for (const decl of ['', '<?xml version="1.1"?>']) {
      for (const wide of [false, true]) {
        for (const stop of stops) {
          const run = (n: number) => Array.from({ length: n }, () => (r(90) === 0 ? '\n' : alphabet[r(alphabet.length)])).join('');
          const body = run(1_000 + r(3_000)) + stop + run(r(2) === 0 ? 5 : 1_500);
          const doc = `${decl}<r${wide ? ' c="\u20ac"' : ''}><a>${body}</a>${body.length > 3_000 ? body : ''}</r>`;
          const expected = reference(doc);
          for (const chunks of [[doc], cut(doc, [r(doc.length)]), cut(doc, [500, 1_100, 2_600])]) expect(ours(chunks), `${decl} wide=${wide} stop=${JSON.stringify(stop)}`).toEqual(expected);
        }
      }
    }
  });

  it('agrees on comments and CDATA sections of 0-200 characters with each character that needs a closer look, XML 1.0 and 1.1', () => {
    // positions after such a body (line breaks inside) and errors in it must come out as saxes gives them
    const r = rng(31);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 :()<&]\t\u00e0\u00e9\u20ac\u00a0';
    const specials = ['', '\n', '\r', '\r\n', '\u0001', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029', '\ud7ff', '\ue000', '\ud83d\ude00', '\ud800', '\ufffd', '\ufffe', '-', '>'];
    for (const decl of ['', '<?xml version="1.1"?>']) {
      for (const special of specials) {
        for (const len of [0, 5, 15, 16, 17, 40, 200]) {
          const run = (n: number) => Array.from({ length: n }, () => (r(25) === 0 ? '\n' : alphabet[r(alphabet.length)])).join('');
          const at = r(len + 1);
          const body = run(at) + special + run(len - at);
          // the element right after the body, on its last line: its column counts from the body's last line break
          for (const doc of [`${decl}<r>\n  <!--${body}--><a x="1"/>\n</r>`, `${decl}<r><a><![CDATA[${body}]]></a><b/></r>`]) {
            const expected = reference(doc);
            for (const chunks of [[doc], cut(doc, [r(doc.length)])]) expect(ours(chunks), `${decl} ${JSON.stringify(special)} ${len}: ${JSON.stringify(doc)}`).toEqual(expected);
          }
        }
      }
    }
  });

  it('agrees on long text runs, attribute values and comments split anywhere', () => {
    const r = rng(11);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
    const specials = ['\n', '\t', '\r\n', '\r', '&amp;', ']', ']]>', '\u0001', '\u00e9', '\ud83d\ude00', '\ud800', '\ufffe', '<b/>', '>', '"'];
    for (let k = 0; k < 120; k++) {
      let body = '';
      for (let run = 1 + r(4); run > 0; run--) {
        for (let len = 200 + r(1500); len > 0; len--) body += r(77) === 0 ? '\n' : alphabet[r(alphabet.length)];
        if (r(3) !== 0) body += specials[r(specials.length)];
      }
      const where = r(3);
      const doc = where === 0 ? `<r><a>${body}</a></r>` : where === 1 ? `<r><a v="${body}"/></r>` : `<r><!--${body}--></r>`;
      const expected = reference(doc);
      for (const chunks of [[doc], cut(doc, [r(doc.length)]), cut(doc, [300, 700, 1500])]) expect(ours(chunks), `case ${k}`).toEqual(expected);
    }
  });
});

describe('follows (indentation and the next tag as they followed a tag last time)', () => {
  it('agrees on hits, near misses and errors after hits, however the input is chunked', () => {
    const cases = [
      // Hits after start tags, end tags and empty elements; with and without indentation.
      '<r>\n  <a>\n    <b>1</b>\n  </a>\n  <a>\n    <b>2</b>\n  </a>\n  <a>\n    <b>3</b>\n  </a>\n</r>',
      '<r><a><b>1</b><c/></a><a><b>2</b><c/></a><a><b>3</b><c x="1"/></a><a><b>4</b><c/></a></r>',
      // The same source, but the end tag is not the open element's (must fail where the reference fails).
      '<r>\n<a><x/>\n</a><c><x/>\n</a></c></r>',
      '<r><a><x/></a><c><x/></a></c></r>',
      // The next name starts like the remembered one, is longer or shorter, or ends differently.
      '<r>\n <a>\n  <b>1</b>\n </a>\n <a>\n  <bc>2</bc>\n </a>\n <a>\n  <b x="1">3</b>\n </a>\n <a>\n  <b/>\n </a>\n <a>\n  <b\n/>\n </a>\n <a>\n  <>\n </a></r>',
      '<r>\n <a>\n  <bc>1</bc>\n </a>\n <a>\n  <b>2</b>\n </a>\n <a>\n  <b\tx="1">3</b>\n </a></r>',
      // Other indentation, tabs, CRLF, a second line break, text, references and comments where the follow was.
      '<r>\n <a>\n  <b/>\n </a>\n <a>\n   <b/>\n </a>\n <a>\n\t<b/>\n </a>\n <a>\r\n  <b/>\n </a>\n <a>\n\n  <b/>\n </a>\n <a>\n  x<b/>\n </a>\n <a>\n  &amp;<b/>\n </a>\n <a>\n  <!-- c --><b/>\n </a>\n <a>\n  <b/>\n </a></r>',
      // Positions after hits: errors in the text, the name, the attributes, and a tag too deep.
      '<r>\n <a>\n  <b>1</b>\n </a>\n <a>\n  <b>2</b>\n </a>\n <a>\n  <b>&bad;</b>\n </a></r>',
      '<r>\n <a>\n  <b x="1"/>\n </a>\n <a>\n  <b x="2"/>\n </a>\n <a>\n  <b x="3" x="4"/>\n </a></r>',
      '<r>\n <a>\n  <b/>\n </a>\n <a>\n  <b/>\n </a>\n <a>\n  <b/>\n </a>\n</r>\n<r/>',
      '<r>\n <a>\n  <b/>\n </a>\n <a>\n  <b/>\n </a>\n <a>\n  <b/>\n </a>\n</q>',
      // Prefixed names, namespace scopes, self-closing tags and non-ASCII names around hits.
      '<p:r xmlns:p="urn:p">\n <p:a>\n  <p:b/>\n </p:a>\n <p:a xmlns:p="urn:q">\n  <p:b/>\n </p:a>\n <p:a>\n  <p:b/>\n </p:a>\n <p:a>\n  <q:b/>\n </p:a></p:r>',
      '<r>\n <\u00e9>\n  <b/>\n </\u00e9>\n <\u00e9>\n  <b/>\n </\u00e9>\n <a>\n  <\u00e9/>\n </a>\n <a>\n  <\u00e9/>\n </a></r>',
      '<r>\n<a>\n<b>\ud83d\ude00</b>\n</a>\n<a>\n<b>\ud83d\ude00</b>\n</a>\n<a>\n<b>\ud83d\ude00<c/></b>\n</a></r>',
      // End tags right after a leaf's text: the open element's name, a longer or shorter one, spaces before ">".
      '<r><a>x</a><a>y</b></r>',
      '<r><ab>x</a></r>',
      '<r><a>x</ab></r>',
      '<r><a>x</a\n><a>y</a ><a>z</a></r\n>',
      '<r><a>x</\u00e9></r>',
      '<r><a>&amp;</a><a>x&amp;</a><a>\r\n</a></r>',
    ];
    for (const doc of cases) agree(doc);
    agree('<r>\n <a>\n  <a>\n   <a>\n    <a>\n     <a/>\n    </a>\n   </a>\n  </a>\n </a>\n <a>\n  <a>\n   <a>\n    <a>\n     <a>\n      <a/>\n     </a>\n    </a>\n   </a>\n  </a>\n </a></r>', {
      maxDepth: 6,
    });
  });

  it('agrees on CR LF indentation (read as its LF, with follows and pairs), however the input is chunked', () => {
    const crlf = (doc: string) => doc.replace(/\n/g, '\r\n');
    const item = (k: number) => `\n    <p:Line>\n      <p:Product>\n        <p:Quantity>${k}</p:Quantity>  <!-- c ${k} -->\n      </p:Product>\n    </p:Line>`;
    const lines = Array.from({ length: 6 }, (_, k) => item(k)).join('');
    const cases = [
      crlf(`<p:r xmlns:p="urn:p">${lines}\n</p:r>`),
      crlf('<r>\n <a>\n  <b>1</b>\n </a>\n <a>\n  <b>2</b>\n </a>\n <a>\n  <b>&bad;</b>\n </a></r>'),
      crlf('<r>\n <a>\n  <b x="1"/>\n </a>\n <a>\n  <b x="2"/>\n </a>\n <a>\n  <b x="3" x="4"/>\n </a></r>'),
      // LF and CR LF mixed where a follow was recorded; a lone CR; CR LF CR LF; CR LF after text, a comment, "]".
      '<r>\r\n <a>\r\n  <b/>\r\n </a>\n <a>\r\n  <b/>\n </a>\r <a>\r\n\r\n  <b/>\r\n </a>\r\n <a>x\r\n  <b/>\r\n </a><!-- c -->\r\n <a>]\r\n</a>\r\n</r>\r\n',
      '<?xml version="1.0"?>\r\n<r>\r\n  <a>1</a>\r\n  <a>2</a>\r\n  <a>3</a>\r\n</r>\r\n',
    ];
    for (const doc of cases) agree(doc);
  });

  it('agrees on pairs (two follows in a row compared at once) whose second half changes, however the input is chunked', () => {
    // Pairs are made of follows of at least 13 characters (indentation and a name, as in a CII invoice).
    const item = (ind: string, b: string, c: string) => `\n    <p:Line>\n      <${b}>${ind}<${c}/>\n      </${b}>\n    </p:Line>`;
    const B = 'p:Product';
    const C = 'p:Quantity';
    const cases = [
      // Chains of containers: the pair after <p:Line> (indentation, <p:Product>, indentation, <p:Quantity) hits,
      // then its second half differs: other indentation, another name, a longer name, attributes, text.
      `<p:r xmlns:p="urn:p">${item('\n        ', B, C)}${item('\n        ', B, C)}${item('\n         ', B, C)}${item('\n        ', B, 'p:Quantities')}${item('\n        ', 'p:Products', C)}${item('\n        ', B, `${C} x="1"`)}${item('\n        x', B, C)}${item('\n        ', B, C)}${item('\n\t\t\t\t', B, C)}${item('\n        ', B, C)}\n</p:r>`,
      // End tags in a pair: the source matches, but the element open is another one (the reference fails there).
      `<p:r xmlns:p="urn:p">${item('\n        ', B, C)}${item('\n        ', B, C)}\n    <p:Other>\n      <${B}>\n        <${C}/>\n      </${B}>\n    </p:Line>\n</p:r>`,
      `<p:r xmlns:p="urn:p">${item('\n        ', B, C)}${item('\n        ', B, C)}\n    <p:Line>\n      <p:Other>\n        <${C}/>\n      </${B}>\n    </p:Line>\n</p:r>`,
      // Long chains of end tags and start tags (pairs of pairs), deep and shallow in turn, and a name changing deep inside.
      `<p:r xmlns:p="urn:p">${[4, 4, 4, 2, 4, 3, 4, 4]
        .map((d, k) => {
          let x = '';
          for (let i = 1; i <= d; i++) x += `\n${'  '.repeat(i)}<p:Level${i}>`;
          x += `\n${'  '.repeat(d + 1)}<p:${k === 6 ? 'Lea' : 'Leaf'}/>`;
          for (let i = d; i >= 1; i--) x += `\n${'  '.repeat(i)}</p:Level${i}>`;
          return x;
        })
        .join('')}\n</p:r>`,
    ];
    for (const doc of cases) agree(doc);
    // Pseudo-random: what follows each name in a chain of pairs changes now and then (attributes, white space, names).
    const r = rng(31);
    for (let k = 0; k < 30; k++) {
      const open = () => (r(8) === 0 ? [' a="1">', '\t>', 's>'][r(3)]! : '>');
      const close = () => (r(10) === 0 ? ' >' : '>');
      let body = '';
      for (let rep = 0; rep < 10; rep++) {
        body += `\n  <p:Line${open()}\n    <p:Product${open()}\n      <p:Quantity${r(8) === 0 ? 's' : ''}/>\n    </p:Product${close()}\n  </p:Line${close()}`;
      }
      agree(`<p:r xmlns:p="urn:p">${body}\n</p:r>`, {}, k);
    }
  });

  it('agrees on pseudo-random repeated structures with variations, whole and in chunks', () => {
    const r = rng(23);
    const names = ['a', 'ram:LineID', 'ram:SpecifiedTradeProduct', 'b', 'ram:Name', 'p:x'];
    const variants = ['', '\n', '\n  ', '\n    ', '\n\t', '\r\n  ', ' ', '\n  x', '&amp;'];
    for (let k = 0; k < 60; k++) {
      const shapes = Array.from({ length: 1 + r(3) }, () => Array.from({ length: 1 + r(4) }, () => names[r(names.length)]!));
      let body = '';
      for (let rep = 0; rep < 8 + r(8); rep++) {
        const shape = shapes[r(shapes.length)]!;
        const ind = r(10) === 0 ? variants[r(variants.length)]! : '\n  ';
        body += `${ind}<item>`;
        for (const n of shape) body += `${r(12) === 0 ? variants[r(variants.length)]! : `${ind}  `}<${n}${r(15) === 0 ? ' k="v"' : ''}>${r(20) === 0 ? '' : 'v'}</${r(60) === 0 ? 'zz' : n}>`;
        body += `${ind}</item>`;
      }
      const doc = `<root xmlns:ram="urn:r" xmlns:p="urn:p">${body}\n</root>`;
      const expected = reference(doc);
      for (const chunks of [
        [doc],
        cut(
          doc,
          [r(doc.length), r(doc.length)].sort((x, y) => x - y),
        ),
        Array.from({ length: Math.ceil(doc.length / 37) }, (_, i) => doc.slice(i * 37, i * 37 + 37)),
      ]) {
        expect(ours(chunks), `case ${k}`).toEqual(expected);
      }
    }
  });
});

describe('per-parse name table', () => {
  it('finds names again past its 4,096 entries (hash table first, then a map), in every chunking', () => {
    // 5,000 distinct names, each used twice as an element and once as an attribute; the names past the 4,096th
    // are kept in the map and must be found there again (as must those in the table, with colliding hashes).
    const names = Array.from({ length: 5_000 }, (_, i) => `e${i.toString(36)}`);
    const doc = `<r>${names.map((n, i) => `<${n} ${names[(i * 7) % names.length]}="v"/><${n}>t</${n}>`).join('')}</r>`;
    const expected = reference(doc);
    for (const chunks of [[doc], cut(doc, [1000, 50_000, 100_000]), Array.from({ length: Math.ceil(doc.length / 4096) }, (_, k) => doc.slice(k * 4096, (k + 1) * 4096))]) {
      expect(ours(chunks)).toEqual(expected);
    }
  });

  it('keeps names with colliding hashes apart (chains bounded: the rest go to the map, and are split per parse)', () => {
    // "Aa" and "BB" have the same hash (31 * 65 + 97 = 31 * 66 + 66): 2^11 names of 11 such pairs all collide.
    const names = Array.from({ length: 2048 }, (_, i) => `c${Array.from({ length: 11 }, (_, b) => ((i >> b) & 1 ? 'Aa' : 'BB')).join('')}`);
    const before = sharedNameCount();
    const doc = `<r>${names.map((n, i) => `<${n} ${names[(i * 5) % names.length]}="v"><${n}/></${n}>`).join('')}</r>`;
    const expected = reference(doc);
    for (const chunks of [[doc], cut(doc, [777, 20_000])]) expect(ours(chunks)).toEqual(expected);
    expect(sharedNameCount() - before).toBeLessThanOrEqual(8);
  });
});

describe('process-wide name table', () => {
  it('stays bounded under many and long names, and parses agree with the reference before and after it is full', () => {
    const names = Array.from({ length: SHARED_NAMES_MAX + 3_000 }, (_, i) => `p${i % 3}:n${i}${i % 500 === 0 ? 'x'.repeat(120) : ''}`);
    const doc = `<r xmlns:p0="urn:0" xmlns:p1="urn:1" xmlns:p2="urn:2">${names.map((n) => `<${n} ${n}a="v"/>`).join('')}</r>`;
    const small = '<rsm:Doc xmlns:rsm="urn:r" xmlns="urn:d"><a x="1">t</a><rsm:b rsm:y="2"/><neu:c xmlns:neu="urn:n"/></rsm:Doc>';
    expect(ours([small])).toEqual(reference(small));
    expect(ours([doc])).toEqual(reference(doc));
    expect(sharedNameCount()).toBe(SHARED_NAMES_MAX);
    // full: names new to the process are split per parse, names already in it still come from it
    const after = '<rsm:Doc xmlns:rsm="urn:r"><z:fresh xmlns:z="urn:z" z:attr="1"/><p0:n0 xmlns:p0="urn:0"/></rsm:Doc>';
    for (const chunks of chunkings(after)) expect(ours(chunks)).toEqual(reference(after));
    expect(sharedNameCount()).toBe(SHARED_NAMES_MAX);
  });
});
