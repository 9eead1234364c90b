/**
 * @kontor/cii's two entry points as a dependent package sees them (resolved through package.json `exports`): the rule
 * engine that validateUbl runs is public under `@kontor/cii/rules`, and only there; the root keeps validateCii.
 */
import * as cii from '@kontor/cii';
import * as rules from '@kontor/cii/rules';
import { describe, expect, it } from 'vitest';

describe('@kontor/cii subpath exports', () => {
  it('the engine is reachable under @kontor/cii/rules', () => {
    for (const name of ['runRules', 'en16931Rules', 'xrechnungRules', 'readForValidation', 'xsdStep', 'readCiiDoc', 'kositScenarios', 'XPathDynamicError']) {
      expect(rules, name).toHaveProperty(name);
    }
    expect(rules.validateCii).toBe(cii.validateCii);
  });

  it('engine internals are not part of the root export', () => {
    for (const name of ['runRules', 'en16931Rules', 'readCiiDoc', 'definePattern', 'oraclePath', 'xsdStep']) expect(Object.keys(cii), name).not.toContain(name);
    expect(Object.keys(rules)).not.toContain('definePattern');
  });
});
