/**
 * The UBL rule message catalogue: sound in both languages, one entry (or one template) behind every UBL-only and
 * UBL-binding rule, no stale entries, and German and English runs of invalid corpus documents give the same findings
 * with German vs English texts (the syntax-neutral rules with the texts of @kontor/cii's catalogue).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueProblems, type Lang } from '@kontor/xml';
import { ublRuleMessages, ublRuleTexts, notUblText } from './messages';
import { ublSyntaxRules } from './ubl-syntax';
import { ublBindingRules } from './ubl-bindings';
import { ublEn16931Rules, ublXrechnungRules, validateUbl } from './validate-ubl';
import { ublCorpusAvailable, ublDir } from '../../test/corpus';
import type { RuleDef } from '@kontor/cii/rules';

const ublRules: readonly RuleDef[] = [...ublSyntaxRules, ...ublBindingRules];
const has = (id: string) => Object.hasOwn(ublRuleMessages, id);
/** The generated UBL-CR table rules and the attribute rules UBL-DT-08…28 (except 18) use templates. */
const TEMPLATED = /^(UBL-CR-\d{3}|UBL-DT-(0[89]|1[0-79]|2\d))$/;

describe('rule message catalogue (ubl)', () => {
  it('is sound: both languages for every key, the same placeholders', () => {
    expect(catalogueProblems(ublRuleMessages)).toEqual([]);
  });

  it('gives every UBL rule a German and an English text from the catalogue', () => {
    const problems: string[] = [];
    for (const r of ublRules) {
      const { de, en } = r.message;
      if (!de || !en || de === en) problems.push(`${r.id}: no distinct de/en text`);
      if (en === r.id || de === r.id) problems.push(`${r.id}: no catalogue entry`);
      if (/\{[A-Za-z_]+\}/.test(de + en)) problems.push(`${r.id}: unfilled placeholder`);
      if (has(r.id)) {
        if (r.message !== ublRuleMessages[r.id as keyof typeof ublRuleMessages]) problems.push(`${r.id}: text not taken from the catalogue`);
      } else if (!TEMPLATED.test(r.id)) problems.push(`${r.id}: neither a catalogue entry nor a templated table rule`);
    }
    expect(problems).toEqual([]);
    expect(ublRules.filter((r) => !has(r.id)).length).toBe(673 + 20);
  });

  it('has no entry that no rule uses (besides the templates and validateUbl’s own texts)', () => {
    const used = new Set(ublRules.map((r) => r.id));
    const stale = Object.keys(ublRuleMessages).filter((k) => !used.has(k) && !k.startsWith('template.') && !k.startsWith('NOT_UBL'));
    expect(stale).toEqual([]);
    expect(ublRuleTexts('UBL-SR-999')).toEqual({ de: 'UBL-SR-999', en: 'UBL-SR-999' });
  });

  it('says "not UBL" in both languages', () => {
    const en = validateUbl('<x:Foo xmlns:x="urn:example"/>');
    const de = validateUbl('<Foo/>', { lang: 'de' });
    expect(en.findings.at(-1)).toMatchObject({ code: 'NOT_UBL', message: 'The document is <x:Foo> in urn:example, not a UBL 2.1 Invoice or CreditNote' });
    expect(de.findings.at(-1)).toMatchObject({ code: 'NOT_UBL', message: notUblText('Foo', '', 'de') });
    expect(de.findings.at(-1)?.message).toContain('ohne Namensraum');
  });
});

const available = ublCorpusAvailable('UBL rule messages de/en');

describe.runIf(available)('validateUbl in German and English (corpus)', () => {
  const byKey = new Map([...ublEn16931Rules, ...ublXrechnungRules].map((r) => [`${r.ruleset} ${r.id}`, r]));
  const cases = [
    'instances/en16931/unit/Invoice-unit-UBL/BR-CL-10__t01.xml',
    'instances/xrechnung/schematron-mutants/ubl-inv-br-de-16-negative-test-bt-151__ubl-inv-mandatory-companyID-with-some-tax-category-BT-151-invalid__v1.xml',
  ];
  const seen = new Set<string>();
  for (const file of cases) {
    it(`${path.basename(file).slice(0, 60)}: same codes, German vs English texts`, () => {
      const xml = readFileSync(path.join(ublDir, file));
      const run = (lang?: Lang) => validateUbl(xml, lang ? { profile: 'xrechnung', lang } : { profile: 'xrechnung' });
      const en = run();
      const de = run('de');
      expect(run('en').findings).toEqual(en.findings);
      expect(de.findings.map((f) => [f.code, f.severity, f.path])).toEqual(en.findings.map((f) => [f.code, f.severity, f.path]));
      expect(de.verdict).toBe(en.verdict);
      const kinds = new Set<string>();
      for (let i = 0; i < en.findings.length; i++) {
        const e = en.findings[i]!;
        const d = de.findings[i]!;
        if (e.ruleset !== 'en16931' && e.ruleset !== 'xrechnung') continue;
        const def = byKey.get(`${e.ruleset} ${e.code}`);
        expect(def, e.code).toBeDefined();
        expect(e.message).toBe(def!.message.en);
        expect(d.message).toBe(def!.message.de);
        expect(d.message).not.toBe(e.message);
        kinds.add(/^UBL-/.test(e.code) ? 'ubl-only' : ublBindingRules.includes(def!) ? 'ubl-binding' : 'neutral');
      }
      expect(kinds.size).toBeGreaterThanOrEqual(2);
      for (const k of kinds) seen.add(k);
    });
  }
  it('the cases cover neutral rules, UBL bindings and UBL-only rules', () => {
    expect([...seen].sort()).toEqual(['neutral', 'ubl-binding', 'ubl-only']);
  });
});
