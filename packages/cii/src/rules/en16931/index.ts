/** The EN 16931 CII rule set (CEN validation artefacts 1.3.16): model, syntax and code-list patterns. */
import type { RuleDef } from '../types';
import { modelRules } from './model-rules';
import { syntaxRules } from './syntax';
import { codeRules } from './codes';

export const en16931Rules: readonly RuleDef[] = [...modelRules, ...syntaxRules, ...codeRules];
