/**
 * The rule message catalogue: sound in both languages, one entry (or one template) behind every rule the engine
 * defines, no stale entries, and a German run of an invalid corpus document gives the same findings as an English run
 * with the German texts.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueProblems, message, type Lang } from '@kontor/xml';
import { en16931Rules } from './en16931';
import { xrechnungRules } from './xrechnung';
import { noSchemaStoreNote, noteText, ruleMessages, ruleTexts, templateTexts, type NoteKey } from './messages';
import { runRules, validateCii } from './engine';
import type { RuleDef } from './types';
import { einvoiceCorpusAvailable, einvoiceDir } from '../../test/conformance-corpus';
import { type XmlElement, parseXml } from '@kontor/xml';
import { XPathDynamicError } from './xpath';

const rules: readonly RuleDef[] = [...en16931Rules, ...xrechnungRules];
const has = (id: string) => Object.hasOwn(ruleMessages, id);
/** The formulaic CII syntax-binding table rules (en16931/dsl.ts absent / counted / noAttributes) use templates. */
const TEMPLATED = /^CII-(SR|DT)-\d{2,3}$/;

describe('rule message catalogue (cii)', () => {
  it('is sound: both languages for every key, the same placeholders', () => {
    expect(catalogueProblems(ruleMessages)).toEqual([]);
  });

  it('gives every rule the engines define a German and an English text from the catalogue', () => {
    const problems: string[] = [];
    for (const r of rules) {
      const { de, en } = r.message;
      if (!de || !en || de === en) problems.push(`${r.id}: no distinct de/en text`);
      if (en === r.id || de === r.id) problems.push(`${r.id}: no catalogue entry`);
      if (/\{[A-Za-z_]+\}/.test(de + en)) problems.push(`${r.id}: unfilled placeholder`);
      if (has(r.id)) {
        if (r.message !== ruleMessages[r.id as keyof typeof ruleMessages]) problems.push(`${r.id}: text not taken from the catalogue`);
      } else if (!TEMPLATED.test(r.id)) problems.push(`${r.id}: neither a catalogue entry nor a templated syntax rule`);
    }
    expect(problems).toEqual([]);
    // The templates really are used (480 "not part of EN 16931 here" rows, cardinality and attribute tables).
    expect(rules.filter((r) => !has(r.id)).length).toBeGreaterThan(500);
  });

  it('has no entry that no rule uses (besides the templates and the engine texts)', () => {
    const used = new Set(rules.map((r) => r.id));
    // DE-UStG-* / DE-LEGAL-FORM.* are the legal-content warnings (de-ustg/legal-content.ts, tested there).
    const stale = Object.keys(ruleMessages).filter((k) => !used.has(k) && !/^(template\.|RULE_|NOTE\.|DE-UStG-|DE-LEGAL-FORM\.)/.test(k));
    expect(stale).toEqual([]);
  });

  it('falls back to the id for an unknown rule and fills templates in both languages', () => {
    expect(ruleTexts('BR-XX-999')).toEqual({ de: 'BR-XX-999', en: 'BR-XX-999' });
    expect(templateTexts('template.attribute.should', { name: 'format' })).toEqual({
      de: 'Das Attribut @format sollte an diesem Element nicht verwendet werden',
      en: 'Attribute @format should not be used on this element',
    });
  });

  it('writes the notes of an unreadable document in the language asked for', () => {
    expect(validateCii('<not xml', { lang: 'de' }).notes).toEqual(['Das Dokument konnte nicht als XML gelesen werden; es wurde keine Regel ausgeführt.']);
    expect(validateCii('<not xml').notes).toEqual(['The document could not be read as XML; no rule was run.']);
  });

  it('reports the engine’s own findings in the language asked for', () => {
    const throwing: RuleDef = {
      id: 'BR-TEST',
      flag: 'fatal',
      ruleset: 'en16931',
      message: { de: 'de', en: 'en' },
      check() {
        throw new XPathDynamicError('FORG0001', 'cannot cast "abc" to xs:decimal');
      },
    };
    const root: XmlElement = parseXml('<a/>').root;
    const [de] = runRules([throwing], root, { lang: 'de' });
    const [en] = runRules([throwing], root);
    expect(de?.code).toBe('RULE_NOT_EVALUATED');
    expect(en?.code).toBe('RULE_NOT_EVALUATED');
    expect(de?.message).toMatch(/^BR-TEST konnte auf diesem Dokument nicht ausgewertet werden: .*abc/);
    expect(en?.message).toMatch(/^BR-TEST could not be evaluated on this document: .*abc/);
  });
});

const available = einvoiceCorpusAvailable('rule messages de/en');

describe.runIf(available)('validateCii in German and English (corpus)', () => {
  const byId = new Map(rules.map((r) => [r.id, r]));
  // Invalid documents with EN 16931 model rules, templated CII-SR/CII-DT rules and XRechnung rules among their findings.
  const cases: [string, 'en16931' | 'xrechnung'][] = [
    ['instances/facturx/factur-x-minimum.xml', 'en16931'],
    ['instances/facturx/factur-x-extended.xml', 'en16931'],
    ['instances/en16931/examples/CII_business_example_02.xml', 'xrechnung'],
  ];
  for (const [file, profile] of cases) {
    it(`${path.basename(file)} (${profile}): same codes, German vs English texts`, () => {
      const xml = readFileSync(path.join(einvoiceDir, file));
      const run = (lang?: Lang) => validateCii(xml, lang ? { profile, lang } : { profile });
      const en = run();
      const enExplicit = run('en');
      const de = run('de');
      const ruleFindings = en.findings.filter((f) => f.ruleset === 'en16931' || f.ruleset === 'xrechnung');
      expect(ruleFindings.length).toBeGreaterThan(2);
      expect(de.findings.map((f) => [f.code, f.severity, f.path])).toEqual(en.findings.map((f) => [f.code, f.severity, f.path]));
      expect(de.verdict).toBe(en.verdict);
      expect(enExplicit.findings).toEqual(en.findings);
      // The notes too: as many, in the other language (here at least "no schema store: XSD step skipped").
      expect(en.notes).toContain('No schema store given: the XSD step (CII D16B) was skipped.');
      expect(de.notes).toContain('Kein Schemaspeicher angegeben: der XSD-Schritt (CII D16B) wurde übersprungen.');
      expect(de.notes.length).toBe(en.notes.length);
      de.notes.forEach((n, i) => expect(n).not.toBe(en.notes[i]));
      for (let i = 0; i < en.findings.length; i++) {
        const e = en.findings[i]!;
        const d = de.findings[i]!;
        const def = byId.get(e.code);
        if (e.ruleset !== 'en16931' && e.ruleset !== 'xrechnung') continue;
        expect(def, e.code).toBeDefined();
        expect(e.message).toBe(def!.message.en);
        expect(d.message).toBe(def!.message.de);
        expect(d.message).not.toBe(e.message);
      }
    });
  }
});

describe('notes', () => {
  it('noteText and noSchemaStoreNote give the catalogue text with its parameters, on every call and in both languages', () => {
    const keys = (Object.keys(ruleMessages) as NoteKey[]).filter((k) => k.startsWith('NOTE.'));
    expect(keys.length).toBeGreaterThan(5);
    for (const lang of ['de', 'en'] as const)
      for (let round = 0; round < 2; round++) {
        for (const k of keys) expect(noteText(k, lang)).toBe(message(ruleMessages, k, lang));
        for (const label of ['CII D16B', 'UBL 2.1 Invoice', 'x']) expect(noSchemaStoreNote(lang, label)).toBe(message(ruleMessages, 'NOTE.NO_SCHEMA_STORE', lang, { label }));
      }
    expect(noSchemaStoreNote('de', 'CII D16B')).toContain('(CII D16B)');
    expect(noteText('NOTE.XRECHNUNG_1_2', 'en', { id: 'urn:x' })).toContain('urn:x');
  });
});
