/**
 * Proof of sameness for the rule engine's context assignment (rules/model.ts): the elements each schematron rule
 * context fires on — which is all a rule sees of the document — are compared with a plain reference written here
 * (every element in document order, every context of the pattern by descending priority, first match wins, an
 * error in a match is a non-match) on every instance of ../shared/corpus/einvoice/golden.json and on generated
 * large invoices (many lines, foreign-namespace elements with CII local names). The engine's shortcuts (visiting
 * only the pattern's local names, settling contexts once per name path) must not change one node.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseXml, type XmlElement } from '@kontor/xml';
import { en16931Rules, readCiiDoc, runRules, xrechnungRules } from '../src/rules';
import { definePattern } from '../src/rules/model';
import type { CiiDoc, ContextDef, Pattern } from '../src/rules/types';
import { einvoiceCorpusAvailable, einvoiceDir, forEachReadableInstance } from './conformance-corpus';

const allRules = [...en16931Rules, ...xrechnungRules];

/** The reference: first-match assignment by brute force. */
function reference(pattern: Pattern, root: XmlElement, doc: CiiDoc): Map<ContextDef, XmlElement[]> {
  const byPrio = [...pattern.contexts].sort((a, b) => b.priority - a.priority);
  const out = new Map<ContextDef, XmlElement[]>(pattern.contexts.map((c) => [c, []]));
  const visit = (el: XmlElement): void => {
    for (const c of byPrio) {
      if (c.locals !== '*' && !c.locals.includes(el.local)) continue;
      let hit = false;
      try {
        hit = c.match(el, doc);
      } catch {
        hit = false;
      }
      if (hit) {
        out.get(c)!.push(el);
        break;
      }
    }
    for (const ch of el.children) visit(ch);
  };
  visit(root);
  return out;
}

/** Runs every EN 16931 and XRechnung rule on the document, then compares every context of every pattern the rules asked for. */
function differences(xml: string | Uint8Array, label: string): { patterns: number; contexts: number; fired: number; diffs: string[] } {
  const root = parseXml(xml).root;
  const doc = readCiiDoc(root);
  const asked = new Set<Pattern>();
  const nodes = doc.nodes.bind(doc);
  (doc as { nodes: CiiDoc['nodes'] }).nodes = (ctx) => {
    asked.add(ctx.pattern);
    return nodes(ctx);
  };
  runRules(allRules, doc);
  const diffs: string[] = [];
  let contexts = 0;
  let fired = 0;
  for (const p of asked) {
    const ref = reference(p, root, doc);
    for (const c of p.contexts) {
      contexts++;
      const ours = nodes(c);
      const want = ref.get(c)!;
      fired += want.length;
      if (ours.length !== want.length || ours.some((e, i) => e !== want[i])) diffs.push(`${label}: ${p.name} / ${c.label}: ${ours.length} nodes, reference ${want.length}`);
    }
  }
  return { patterns: asked.size, contexts, fired, diffs };
}

const EXAMPLE1 = path.join(einvoiceDir, 'instances/en16931/examples/CII_example1.xml');

/** CII_example1 with its lines repeated n times; every `foreign`-th line also carries elements in a foreign namespace named like CII elements. */
function generated(n: number, foreign: number): string {
  const xml = readFileSync(EXAMPLE1, 'utf8');
  const lines = xml.match(/<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>\s*/g)!;
  const start = xml.indexOf(lines[0]!);
  const last = lines[lines.length - 1]!;
  const end = xml.lastIndexOf(last) + last.length;
  const body: string[] = [];
  for (let i = 1; i <= n; i++) {
    let line = lines[(i - 1) % lines.length]!.replace(/<ram:LineID>[^<]*<\/ram:LineID>/, `<ram:LineID>${i}</ram:LineID>`);
    if (foreign > 0 && i % foreign === 0) {
      line = line.replace(
        '<ram:SpecifiedLineTradeSettlement>',
        '<ram:SpecifiedLineTradeSettlement><x:LineTotalAmount xmlns:x="urn:example:other">1</x:LineTotalAmount><x:ApplicableTradeTax xmlns:x="urn:example:other"><x:CategoryCode>S</x:CategoryCode></x:ApplicableTradeTax><x:ChargeAmount xmlns:x="urn:example:other">2</x:ChargeAmount>',
      );
    }
    body.push(line);
  }
  return xml.slice(0, start) + body.join('') + xml.slice(end);
}

const available = einvoiceCorpusAvailable('rule context assignment');

describe.runIf(available)('rule context assignment equals the brute-force reference', () => {
  it('on every golden.json instance (EN 16931 + XRechnung patterns)', () => {
    const diffs: string[] = [];
    let fired = 0;
    const docs = forEachReadableInstance((xml, file) => {
      const r = differences(xml, file);
      fired += r.fired;
      diffs.push(...r.diffs);
    });
    expect(diffs).toEqual([]);
    // The comparison has substance: most instances were compared, and contexts really fired.
    expect(docs).toBeGreaterThan(500);
    expect(fired).toBeGreaterThan(50_000);
  });

  it('past the bound of the shared name-path table: elements at paths it has no room for are tried against every candidate', () => {
    // 20,500 distinct foreign element names right after the root fill the table of local names and paths (20,000,
    // module state shared by all documents): the last of them, and every path first seen afterwards (here the
    // foreign-namespace elements of the generated invoice, new to the table), get no path and are tried against every
    // candidate context (the wildcard ones too); paths already in the table keep their plans. All must equal the
    // reference.
    const xml = readFileSync(EXAMPLE1, 'utf8');
    const at = xml.indexOf('<rsm:ExchangedDocumentContext>');
    const filler: string[] = [];
    for (let i = 0; i < 20_500; i++) filler.push(`<x:F${i}/>`);
    const big = `${xml.slice(0, at)}<x:Filler xmlns:x="urn:example:filler">${filler.join('')}</x:Filler>${xml.slice(at)}`;
    for (const [label, doc] of [
      ['filled', big],
      ['after', generated(50, 7)],
    ] as const) {
      const r = differences(doc, label);
      expect(r.diffs).toEqual([]);
      expect(r.fired).toBeGreaterThan(100);
    }
  });

  it('for names first asked for after a document was indexed (found by a scan), and in documents indexed after that (listed by the walk)', () => {
    // Names no rule asks for: a document indexed before a pattern or `all` asks for them lists them on request.
    const marked = (n: number) =>
      generated(n, 0).replace(/<ram:LineID>(\d+)<\/ram:LineID>/g, (m, id: string) => (Number(id) % 3 === 0 ? `${m}<x:H20Marker xmlns:x="urn:example:other"/><ram:H20Marker/>` : m));
    const P = definePattern('h20-test-late-names');
    const markerInLine = P.context({
      label: 'marker under a line document',
      priority: 3,
      locals: ['H20Marker'],
      match: (el) => el.parent?.local === 'AssociatedDocumentLineDocument' && el.ns !== '' && el.ns.startsWith('urn:un'),
    });
    const either = P.context({ label: 'marker or line id', priority: 2, locals: ['H20Marker', 'LineID'], match: () => true });
    const fresh = (xml: string) => {
      const root = parseXml(xml).root;
      const doc = readCiiDoc(root);
      const all: XmlElement[] = [];
      const walk = (e: XmlElement) => {
        all.push(e);
        e.children.forEach(walk);
      };
      walk(root);
      return { root, doc, all };
    };
    const first = fresh(marked(30));
    runRules(en16931Rules, first.doc); // indexed before anything asked for the new names
    const second = fresh(marked(45));
    for (const { root, doc, all } of [first, second]) {
      // `all` for a name asked for the first time (first document: a scan; the second is indexed before it too)
      expect(doc.all('H20OtherMarker')).toEqual([]);
      expect(doc.all('H20Marker')).toEqual(all.filter((e) => e.local === 'H20Marker' && e.ns === 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100'));
      expect(doc.all('H20Marker', 'urn:example:other')).toHaveLength(all.filter((e) => e.ns === 'urn:example:other').length);
      const ref = reference(P, root, doc);
      expect(doc.nodes(markerInLine)).toEqual(ref.get(markerInLine));
      expect(doc.nodes(either)).toEqual(ref.get(either));
      expect(ref.get(markerInLine)!.length).toBeGreaterThan(9);
      expect(ref.get(either)!.length).toBeGreaterThan(29);
    }
    // A document indexed after the pattern asked: its walk lists the names.
    const third = fresh(marked(12));
    const ref = reference(P, third.root, third.doc);
    expect(third.doc.nodes(either)).toEqual(ref.get(either));
    expect(third.doc.nodes(markerInLine)).toEqual(ref.get(markerInLine));
    expect(third.doc.all('H20OtherMarker')).toEqual([]);
  });

  it('on generated large invoices, with foreign-namespace elements that share CII local names', () => {
    for (const [n, foreign] of [
      [300, 0],
      [300, 7],
      [1000, 3],
    ] as const) {
      const r = differences(generated(n, foreign), `${n} lines, foreign every ${foreign}`);
      expect(r.diffs).toEqual([]);
      expect(r.patterns).toBeGreaterThanOrEqual(3);
      expect(r.fired).toBeGreaterThan(n * 10);
    }
  });

  it('on line taxes whose category codes the guard of the line VAT contexts cannot settle (several, none, spaced, other namespace)', () => {
    const xml = generated(40, 0);
    let i = 0;
    // Line taxes in turn: two codes (S then Z, Z then S), no code, a code with spaces, a code in another namespace
    // next to a real one, and a plain code of each category.
    const variants = [
      '<ram:CategoryCode>S</ram:CategoryCode><ram:CategoryCode>Z</ram:CategoryCode>',
      '<ram:CategoryCode>Z</ram:CategoryCode><ram:CategoryCode>S</ram:CategoryCode>',
      '',
      '<ram:CategoryCode> S </ram:CategoryCode>',
      '<x:CategoryCode xmlns:x="urn:example:other">E</x:CategoryCode><ram:CategoryCode>AE</ram:CategoryCode>',
      ...['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'].map((c) => `<ram:CategoryCode>${c}</ram:CategoryCode>`),
    ];
    // Every category code of the document (line, header and allowance taxes) in turn.
    const mutated = xml.replace(/<ram:CategoryCode>[^<]*<\/ram:CategoryCode>/g, () => variants[i++ % variants.length]!);
    expect(i).toBeGreaterThan(variants.length);
    const r = differences(mutated, 'mutated line category codes');
    expect(r.diffs).toEqual([]);
  });
});
