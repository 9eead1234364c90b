/**
 * What the KoSIT validator configuration for XRechnung 3.0.x (release 2026-01-31) does with a CII invoice:
 * it picks a scenario by BT-24 (exact match), runs the EN 16931 and — for the XRechnung scenarios — the
 * XRechnung schematron, lowers or raises some rule levels ("customLevel"), and accepts when the XSD is valid and
 * no remaining message has level error. Facts transcribed from the configuration's scenarios.xml.
 */
import type { RuleFinding } from './types';

const XR = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

type Level = 'error' | 'warning' | 'information';

export interface KositScenario {
  name: string;
  /** Runs the XRechnung schematron in addition to EN 16931. */
  xrechnung: boolean;
  /** Rule id → level that replaces the rule's own flag for the verdict. */
  overrides: Readonly<Record<string, Level>>;
}

const STRICTER: Record<string, Level> = { 'CII-SR-452': 'error', 'CII-SR-453': 'error', 'CII-SR-454': 'error' };

export const kositScenarios: Readonly<Record<string, KositScenario>> = {
  [XR]: {
    name: 'xrechnung-3.0',
    xrechnung: true,
    overrides: { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', ...STRICTER },
  },
  [`${XR}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`]: {
    name: 'xrechnung-3.0-extension',
    xrechnung: true,
    overrides: {
      'BR-CL-23': 'warning',
      'BR-CL-21': 'information',
      'BR-CL-11': 'information',
      'BR-CL-10': 'information',
      'BR-CL-24': 'information',
      'BR-CL-25': 'information',
      'BR-CL-26': 'information',
      ...STRICTER,
    },
  },
  [`${XR}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`]: {
    name: 'xrechnung-3.0-cvd',
    xrechnung: true,
    overrides: { 'BR-CL-13': 'information', 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', ...STRICTER },
  },
  'urn:cen.eu:en16931:2017': { name: 'en16931', xrechnung: false, overrides: {} },
};

export interface KositVerdict {
  /** BT-24 as found (trimmed), null when absent. */
  specificationId: string | null;
  /** Scenario name, null when no scenario matches BT-24 (→ reject). */
  scenario: string | null;
  accept: boolean;
  /** What blocks acceptance: rule ids, 'XSD', or a reason. Sorted, unique. */
  errors: string[];
}

export function kositScenarioFor(specificationId: string | undefined): KositScenario | undefined {
  return specificationId === undefined ? undefined : kositScenarios[specificationId];
}

/**
 * @example
 * ```ts
 * import { isXRechnungSpecification } from '@kontor/cii/rules';
 * isXRechnungSpecification('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'); // true
 * isXRechnungSpecification('urn:cen.eu:en16931:2017');                                                // false
 * ```
 */
export function isXRechnungSpecification(specificationId: string | undefined): boolean {
  return kositScenarioFor(specificationId)?.xrechnung === true;
}

function levelOf(f: RuleFinding): Level {
  return f.flag === 'warning' ? 'warning' : f.flag === 'information' ? 'information' : 'error';
}

/**
 * The KoSIT-style accept/reject. `findings` are the rule findings of EN 16931 (and XRechnung when the scenario
 * runs it); `xsdValid` null means "not checked" (it then does not block, and the caller notes it).
 * @example
 * ```ts
 * import { kositVerdict } from '@kontor/cii/rules';
 * const v = kositVerdict('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', true, findings, true);
 * console.log(v.accept, v.scenario); // what the KoSIT validator would decide for these findings
 * ```
 */
export function kositVerdict(specificationId: string | undefined, xsdValid: boolean | null, findings: readonly RuleFinding[], xrechnungRan: boolean): KositVerdict {
  const sc = kositScenarioFor(specificationId);
  if (!sc) return { specificationId: specificationId ?? null, scenario: null, accept: false, errors: ['no scenario matches BT-24'] };
  const errors = new Set<string>();
  if (xsdValid === false) errors.add('XSD');
  if (sc.xrechnung && !xrechnungRan) errors.add('xrechnung: not run');
  for (const f of findings) {
    if (f.ruleset !== 'en16931' && !(sc.xrechnung && f.ruleset === 'xrechnung')) continue;
    const level = sc.overrides[f.code] ?? levelOf(f);
    if (level === 'error') errors.add(f.code);
  }
  return { specificationId: specificationId ?? null, scenario: sc.name, accept: errors.size === 0, errors: [...errors].sort() };
}
