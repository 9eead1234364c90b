/**
 * The XRechnung 3.0 CII schematron 2.5.0 (KoSIT release xrechnung-3.0.2-schematron-2.5.0) as native rules:
 * the Peppol BIS rules KoSIT merges in, the national CIUS rules (BR-DE-*, BR-TMP-*), the extension rules
 * (BR-DEX-*) and the CVD rules. The EN 16931 rules run separately (../en16931), as in the KoSIT configuration.
 */
import type { RuleDef } from '../types';
import { peppolRules } from './peppol';
import { nationalRules } from './national';
import { extensionRules } from './extension';
import { cvdRules } from './cvd';

export const xrechnungRules: readonly RuleDef[] = [...peppolRules, ...nationalRules, ...extensionRules, ...cvdRules];

export { XR_CIUS_ID, XR_EXTENSION_ID, XR_CVD_ID } from './ids';
