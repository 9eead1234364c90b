/** One-line constructor for the XRechnung rule definitions (the message is the catalogue entry of `id`, ../messages.ts). */
import type { RuleDef, RuleFlag } from '../types';
import { ruleTexts } from '../messages';
import { emptyContextQuiet } from '../model';
import { contextOfCheck } from './helpers';

/** A check made by `each` gets RuleDef.quiet: its context fires on no node (runRules then skips the rule). */
export function rule(id: string, flag: RuleFlag, bt: string | undefined, check: RuleDef['check']): RuleDef {
  const message = ruleTexts(id);
  const ctx = contextOfCheck(check);
  const quiet = ctx === undefined ? undefined : emptyContextQuiet(ctx);
  const def: RuleDef = { id, flag, ruleset: 'xrechnung', message, check, quiet };
  if (bt !== undefined) def.bt = bt;
  return def;
}
