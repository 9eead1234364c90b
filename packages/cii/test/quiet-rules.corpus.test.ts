/**
 * RuleDef.quiet lets the engine skip the checks of rules that cannot report on a document (their context fires on no
 * node, their table found nothing). On every golden.json instance and on mutations that make tables and contexts
 * fire, it must never hide anything: when a rule says quiet, its own check reports nothing and throws nothing, and
 * runRules gives the same findings (order included) as with every check run.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseXml } from '@kontor/xml';
import { en16931Rules, readCiiDoc, runRules, saysQuiet, xrechnungRules } from '../src/rules';
import type { RuleDef } from '../src/rules/types';
import { einvoiceCorpusAvailable, einvoiceDir, forEachReadableInstance } from './conformance-corpus';

const allRules = [...en16931Rules, ...xrechnungRules];
/** The same rules without `quiet` (every check runs). */
const unquiet: RuleDef[] = allRules.map((r) => ({ ...r, quiet: undefined }));

/** Disagreements of one document: rules that say quiet but report or throw, and a different runRules result. */
function disagreements(xml: string, label: string): { quiet: number; diffs: string[] } {
  const root = parseXml(xml).root;
  const diffs: string[] = [];
  let quiet = 0;
  const doc = readCiiDoc(root);
  for (const r of allRules) {
    if (!saysQuiet(r, doc)) continue;
    quiet++;
    let reported = 0;
    try {
      r.check(doc, () => reported++);
    } catch (e) {
      diffs.push(`${label}: ${r.id} says quiet but throws ${String(e)}`);
    }
    if (reported) diffs.push(`${label}: ${r.id} says quiet but reports ${reported}`);
  }
  const a = runRules(allRules, readCiiDoc(root));
  const b = runRules(unquiet, readCiiDoc(root));
  if (JSON.stringify(a) !== JSON.stringify(b)) diffs.push(`${label}: runRules differs with and without quiet`);
  return { quiet, diffs };
}

const available = einvoiceCorpusAvailable('quiet rules');

describe.runIf(available)('RuleDef.quiet hides no finding', () => {
  it('has rules that use it (contexts, absent and attribute tables)', () => {
    const quiet = allRules.filter((r) => r.quiet !== undefined);
    expect(quiet.length).toBeGreaterThan(700);
    expect(quiet.some((r) => r.id.startsWith('CII-SR'))).toBe(true);
    expect(quiet.some((r) => r.id.startsWith('BR-'))).toBe(true);
    // Every XRechnung rule is written with `each` (xrechnung/helpers.ts), which gives it its context's quiet.
    expect(xrechnungRules.every((r) => r.quiet !== undefined)).toBe(true);
  });

  it('on every golden.json instance', () => {
    const diffs: string[] = [];
    let quiet = 0;
    const docs = forEachReadableInstance((xml, file) => {
      const r = disagreements(xml.toString('utf8'), file);
      quiet += r.quiet;
      diffs.push(...r.diffs);
    });
    expect(diffs).toEqual([]);
    // The comparison has substance: most instances were compared, and many rules were skipped.
    expect(docs).toBeGreaterThan(500);
    expect(quiet).toBeGreaterThan(100_000);
  });

  it('on mutations that make absent and attribute tables and rare contexts fire', () => {
    const base = readFileSync(path.join(einvoiceDir, 'instances/en16931/examples/CII_example1.xml'), 'utf8');
    const mutants: [string, string][] = [
      // An element the binding does not use under the seller (an absent-table row fires).
      ['unused element', base.replace('<ram:SellerTradeParty>', '<ram:SellerTradeParty><ram:RoleCode>X</ram:RoleCode>')],
      // An attribute the binding does not use (an attribute-table row fires).
      ['unused attribute', base.replace('<ram:LineID>', '<ram:LineID schemeID="X">')],
      // A value that fails a cast (rules skipped with RULE_NOT_EVALUATED).
      ['bad amount', base.replace(/<ram:LineTotalAmount>[^<]*</, '<ram:LineTotalAmount>abc<')],
      // A document-level allowance: contexts that example 1 does not have fire.
      [
        'allowance',
        base.replace(
          '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
          '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>yes</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>1.001</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge><ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
        ),
      ],
    ];
    const diffs: string[] = [];
    for (const [label, xml] of mutants) {
      expect(xml).not.toBe(base);
      diffs.push(...disagreements(xml, label).diffs);
    }
    expect(diffs).toEqual([]);
  });
});
