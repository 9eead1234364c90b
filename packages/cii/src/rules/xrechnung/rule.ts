/** One-line constructor for the XRechnung rule definitions (the message is the catalogue entry of `id`, ../messages.ts). */
import type { RuleDef, RuleFlag } from '../types';
import { ruleTexts } from '../messages';
import type { EachCheck } from './helpers';

/** Every XRechnung rule is a check made by `each`: RuleDef.quiet is its context (runRules skips the rule where it fires on no node). */
export function rule(id: string, flag: RuleFlag, bt: string | undefined, body: EachCheck): RuleDef {
  const def: RuleDef = { id, flag, ruleset: 'xrechnung', message: ruleTexts(id), check: body.check, quiet: body.ctx };
  if (bt !== undefined) def.bt = bt;
  return def;
}
