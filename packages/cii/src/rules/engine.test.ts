import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SchemaStore } from '@kontor/xml';
import { parseXml } from '@kontor/xml';
import { validateCii, kositVerdict, acceptedVerdict, runRules, readCiiDoc, readForValidation, type RuleDef, type RuleFinding } from './index';
import { einvoiceCorpusAvailable, einvoiceDir } from '../../test/conformance-corpus';

const haveCorpus = einvoiceCorpusAvailable('rule engine tests');
const example1 = () => readFileSync(path.join(einvoiceDir, 'instances/en16931/examples/CII_example1.xml'), 'utf8');
const codes = (fs: RuleFinding[]) => fs.map((f) => f.code);

describe('runRules and RuleDef.quiet', () => {
  // Each rule reports the root once; `quiet` answers are given per test through `answers`.
  const answers = new Map<string, boolean | 'throw'>();
  const asked: string[] = [];
  const quietFn = (name: string) => () => {
    asked.push(name);
    const a = answers.get(name);
    if (a === 'throw') throw new Error('quiet failed');
    return a === true;
  };
  const q1 = quietFn('q1');
  const q2 = quietFn('q2');
  const r = (id: string, quiet?: () => boolean): RuleDef => ({ id, flag: 'fatal', ruleset: 'en16931', message: { de: id, en: id }, quiet, check: (doc, fail) => fail(doc.root) });
  // Runs sharing a function (A, B), a rule without one between two runs of the same function (C), a second function.
  const rules = [r('A', q1), r('B', q1), r('C'), r('D', q1), r('E', q2), r('F', q2)];
  const root = parseXml('<x/>').root;
  const ids = () => runRules(rules, readCiiDoc(root)).map((f) => f.code);

  it('skips every rule of a quiet run and runs the others in list order, asking each run once', () => {
    answers.clear();
    asked.length = 0;
    expect(ids()).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(asked).toEqual(['q1', 'q1', 'q2']);
    answers.set('q1', true);
    expect(ids()).toEqual(['C', 'E', 'F']);
    answers.set('q2', true);
    expect(ids()).toEqual(['C']);
    answers.set('q1', false);
    expect(ids()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('runs the checks of a run whose quiet function throws', () => {
    answers.clear();
    answers.set('q1', true);
    answers.set('q2', 'throw');
    expect(ids()).toEqual(['C', 'E', 'F']);
  });

  it('plans a list again when it changed length (the plan is kept per list)', () => {
    answers.clear();
    const list = [r('A', q1), r('B', q2)];
    expect(runRules(list, readCiiDoc(root)).map((f) => f.code)).toEqual(['A', 'B']);
    list.push(r('C', q2));
    answers.set('q2', true);
    expect(runRules(list, readCiiDoc(root)).map((f) => f.code)).toEqual(['A']);
    answers.set('q2', false);
    expect(runRules(list, readCiiDoc(root)).map((f) => f.code)).toEqual(['A', 'B', 'C']);
  });
});

describe('kositVerdict (KoSIT configuration semantics)', () => {
  const XR = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
  const f = (code: string, flag: 'fatal' | 'warning', ruleset: 'en16931' | 'xrechnung'): RuleFinding => ({ code, flag, ruleset, severity: flag === 'fatal' ? 'error' : 'warning', message: '' });

  it('picks the scenario by BT-24 and lowers only the overridden rules', () => {
    expect(kositVerdict(`${XR}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`, true, [f('BR-CL-13', 'fatal', 'en16931')], true)).toMatchObject({ scenario: 'xrechnung-3.0-cvd', accept: true });
    expect(kositVerdict(XR, true, [f('BR-CL-13', 'fatal', 'en16931')], true)).toMatchObject({ scenario: 'xrechnung-3.0', accept: false, errors: ['BR-CL-13'] });
    expect(kositVerdict(XR, true, [f('BR-CL-23', 'fatal', 'en16931')], true).accept).toBe(true);
  });

  it('raises CII-SR-452..454 to errors and rejects on XSD, no scenario, or an XRechnung error', () => {
    expect(kositVerdict(XR, true, [f('CII-SR-452', 'warning', 'en16931')], true).errors).toEqual(['CII-SR-452']);
    expect(kositVerdict(XR, false, [], true).errors).toEqual(['XSD']);
    expect(kositVerdict('urn:example:unknown', true, [], true)).toMatchObject({ scenario: null, accept: false });
    expect(kositVerdict(XR, true, [f('BR-DE-1', 'fatal', 'xrechnung')], true).accept).toBe(false);
    // The plain EN 16931 scenario does not run (nor count) XRechnung rules.
    expect(kositVerdict('urn:cen.eu:en16931:2017', true, [f('BR-DE-1', 'fatal', 'xrechnung')], true)).toMatchObject({ scenario: 'en16931', accept: true });
  });

  it('maps the decision onto the three verdicts: a rejection stays invalid, an accepted warning or lowered error is valid_with_warnings', () => {
    expect(acceptedVerdict(false, [])).toBe('invalid');
    expect(acceptedVerdict(true, [])).toBe('valid');
    expect(acceptedVerdict(true, [f('BR-CL-23', 'fatal', 'en16931')])).toBe('valid_with_warnings');
    expect(acceptedVerdict(true, [f('BR-DE-21', 'warning', 'xrechnung')])).toBe('valid_with_warnings');
    expect(acceptedVerdict(true, [{ ...f('X', 'warning', 'en16931'), severity: 'info' }])).toBe('valid');
  });
});

describe.runIf(haveCorpus)('validateCii', () => {
  let dir = '';
  let store: SchemaStore;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-engine-'));
    store = new SchemaStore({ dir });
    await store.installFrom(path.join(einvoiceDir, 'schema/cii-d16b'));
  });
  afterAll(() => {
    store.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('validates a correct EN 16931 invoice with XSD first, and names the rule sets', () => {
    const r = validateCii(example1(), { schemaStore: store });
    expect(r).toMatchObject({ verdict: 'valid', profile: 'en16931', xsd: { available: true, valid: true } });
    expect(r.findings).toEqual([]);
    expect(r.rulesets).toEqual([{ name: 'CEN EN 16931 CII validation', version: '1.3.16' }]);
    expect(r.kosit).toBeUndefined();
  });

  it('validates a document read already (readForValidation) as it validates its bytes, XSD step included', () => {
    const xml = example1().replace('<ram:LineTotalAmount>229.6</ram:LineTotalAmount>', '<ram:LineTotalAmount>229.61</ram:LineTotalAmount>');
    const read = readForValidation(new TextEncoder().encode(xml), {});
    if ('unreadable' in read) throw new Error(read.unreadable.message);
    expect(readForValidation(read, {})).toBe(read);
    const fromRead = validateCii(read, { schemaStore: store, profile: 'xrechnung' });
    expect(fromRead.findings.map((f) => f.code)).toContain('BR-CO-10');
    expect(fromRead).toEqual(validateCii(xml, { schemaStore: store, profile: 'xrechnung' }));
    // An XSD violation is found in the read document's text, not taken from its tree.
    const bad = readForValidation(xml.replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>380</ram:TypeCode><ram:Bogus/>'), {});
    if ('unreadable' in bad) throw new Error(bad.unreadable.message);
    expect(validateCii(bad, { schemaStore: store }).xsd.valid).toBe(false);
  });

  it('reports official ids with BT, oracle-style path and source line/column', () => {
    const xml = example1().replace('<ram:LineTotalAmount>229.6</ram:LineTotalAmount>', '<ram:LineTotalAmount>229.61</ram:LineTotalAmount>');
    const r = validateCii(xml, { schemaStore: store });
    expect(r.verdict).toBe('invalid');
    const co10 = r.findings.find((f) => f.code === 'BR-CO-10')!;
    expect(co10).toMatchObject({
      severity: 'error',
      flag: 'fatal',
      bt: 'BT-106',
      ruleset: 'en16931',
      path: '/rsm:CrossIndustryInvoice[1]/rsm:SupplyChainTradeTransaction[1]/ram:ApplicableHeaderTradeSettlement[1]/ram:SpecifiedTradeSettlementHeaderMonetarySummation[1]',
    });
    const line = xml.split('\n').findIndex((l) => l.includes('<ram:SpecifiedTradeSettlementHeaderMonetarySummation>')) + 1;
    expect(co10.line).toBe(line);
  });

  it('fires only the first matching context of a pattern, as the official schematron does', () => {
    // A header VAT breakdown without taxable amount: category S gets BR-45 (generic BG-23 rule) …
    const header = '<ram:BasisAmount>183.23</ram:BasisAmount>\n                <ram:CategoryCode>S</ram:CategoryCode>';
    expect(example1()).toContain(header);
    const s = validateCii(example1().replace(header, '<ram:CategoryCode>S</ram:CategoryCode>')).findings;
    expect(codes(s).filter((c) => c === 'BR-45')).toHaveLength(1);
    // … category O is caught by the BR-O context first, so BR-45 does not fire on it.
    const o = validateCii(example1().replace(header, '<ram:CategoryCode>O</ram:CategoryCode>')).findings;
    expect(codes(o)).toContain('BR-O-11');
    expect(codes(o)).not.toContain('BR-45');
  });

  it('chooses the XRechnung profile from BT-24 and reports the KoSIT verdict', () => {
    const xr = readFileSync(path.join(einvoiceDir, 'instances/zugferd-corpus/XRECHNUNG_Einfach.cii.xml'));
    const r = validateCii(xr, { schemaStore: store });
    expect(r.profile).toBe('xrechnung');
    expect(r.rulesets.map((s) => s.version)).toEqual(['1.3.16', '2.5.0 (XRechnung 3.0.2)']);
    expect(r.kosit?.scenario).toBe('xrechnung-3.0');
    // accepted with warnings left: valid_with_warnings (the three-value verdict of every package)
    expect(r.kosit!.accept).toBe(true);
    expect(r.findings.some((f) => f.severity === 'warning')).toBe(true);
    expect(r.verdict).toBe('valid_with_warnings');
    expect(validateCii(xr, { profile: 'en16931' }).rulesets).toHaveLength(1);
  });

  it('notes a missing schema store and unknown specification identifiers', () => {
    const r = validateCii(example1().replace('urn:cen.eu:en16931:2017</ram:ID>', 'urn:factur-x.eu:1p0:minimum</ram:ID>'));
    expect(r.xsd).toMatchObject({ available: false, valid: null });
    expect(r.notes.join(' ')).toMatch(/schema store/);
    expect(r.notes.join(' ')).toMatch(/MINIMUM/);
  });

  it('never throws on bad input: not well-formed, DOCTYPE, and XSD-invalid values that XPath cannot cast', () => {
    const bad = validateCii('<rsm:CrossIndustryInvoice xmlns:rsm="x"><a></rsm:CrossIndustryInvoice>');
    expect(bad.verdict).toBe('invalid');
    expect(bad.findings[0]!.code).toBe('XML_MALFORMED');
    expect(bad.findings[0]!.line).toBeDefined();
    expect(validateCii('<!DOCTYPE x [<!ENTITY e "x">]><x>&e;</x>').findings[0]!.code).toBe('XML_DOCTYPE_FORBIDDEN');
    // "12,50" is not an xs:decimal: the XSD rejects it and the rules that would cast it are skipped, not crashed.
    const comma = example1().replace('<ram:LineTotalAmount>229.6</ram:LineTotalAmount>', '<ram:LineTotalAmount>229,6</ram:LineTotalAmount>');
    const r = validateCii(comma, { schemaStore: store });
    expect(r.xsd.valid).toBe(false);
    expect(r.verdict).toBe('invalid');
    const skipped = r.findings.filter((f) => f.code === 'RULE_NOT_EVALUATED');
    expect(skipped.map((f) => f.detail)).toContain('BR-CO-10');
    expect(skipped.every((f) => f.severity === 'info')).toBe(true);
  });
});
