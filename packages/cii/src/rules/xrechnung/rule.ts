/** One-line constructor for the XRechnung rule definitions (the message is the catalogue entry of `id`, ../messages.ts). */
import type { RuleDef, RuleFlag } from '../types';
import { ruleTexts } from '../messages';
import { emptyContextQuiet } from '../model';
import type { EachCheck } from './helpers';

/** Every XRechnung rule is a check made by `each`: RuleDef.quiet says its context fires on no node (runRules then skips it). */
export function rule(id: string, flag: RuleFlag, bt: string | undefined, body: EachCheck): RuleDef {
  const def: RuleDef = { id, flag, ruleset: 'xrechnung', message: ruleTexts(id), check: body.check, quiet: emptyContextQuiet(body.ctx) };
  if (bt !== undefined) def.bt = bt;
  return def;
}
