/** One-line constructor for the XRechnung rule definitions (the message is the catalogue entry of `id`, ../messages.ts). */
import type { RuleDef, RuleFlag } from '../types';
import { ruleTexts } from '../messages';

export function rule(id: string, flag: RuleFlag, bt: string | undefined, check: RuleDef['check']): RuleDef {
  const message = ruleTexts(id);
  return bt === undefined ? { id, flag, ruleset: 'xrechnung', message, check } : { id, flag, ruleset: 'xrechnung', bt, message, check };
}
