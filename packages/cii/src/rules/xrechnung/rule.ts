/** One-line constructor for the XRechnung rule definitions. */
import type { RuleDef, RuleFlag } from '../types';

export function rule(id: string, flag: RuleFlag, bt: string | undefined, message: string, check: RuleDef['check']): RuleDef {
  return bt === undefined ? { id, flag, ruleset: 'xrechnung', message, check } : { id, flag, ruleset: 'xrechnung', bt, message, check };
}
