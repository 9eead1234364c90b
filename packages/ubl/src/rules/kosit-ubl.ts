/**
 * The KoSIT XRechnung configuration (release 2026-01-31) for UBL: scenario by root element and exact BT-24, the
 * UBL scenarios' level overrides, accept = XSD valid and no remaining error. Facts from its scenarios.xml.
 */
import type { KositVerdict, RuleFinding } from '@kontor/cii/rules';
import type { UblDocumentKind } from '../binding/to-cii';

type Level = 'error' | 'warning' | 'information';
interface Scenario {
  name: string;
  xrechnung: boolean;
  overrides: Readonly<Record<string, Level>>;
}

const XR = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const EXT = `${XR}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`;
const CVD = `${XR}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`;
const BASE: Record<string, Level> = { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning' };

function scenarioFor(kind: UblDocumentKind, bt24: string | undefined): Scenario | undefined {
  switch (bt24) {
    case XR:
      return { name: 'xrechnung-3.0', xrechnung: true, overrides: { ...BASE, 'UBL-CR-646': 'error' } };
    case EXT:
      // There is no extension scenario for CreditNote.
      return kind === 'Invoice'
        ? {
            name: 'xrechnung-3.0-extension',
            xrechnung: true,
            overrides: {
              ...BASE,
              'BR-CL-10': 'information',
              'BR-CL-11': 'information',
              'BR-CL-21': 'information',
              'BR-CL-24': 'information',
              'BR-CL-25': 'information',
              'BR-CL-26': 'information',
              'BR-CO-16': 'information',
              'UBL-CR-470': 'information',
              'UBL-CR-646': 'information',
            },
          }
        : undefined;
    case CVD:
      return { name: 'xrechnung-3.0-cvd', xrechnung: true, overrides: { ...BASE, 'BR-CL-13': 'information', 'UBL-CR-646': 'error' } };
    case 'urn:cen.eu:en16931:2017':
      return { name: 'en16931', xrechnung: false, overrides: {} };
    default:
      return undefined;
  }
}

const levelOf = (f: RuleFinding): Level => (f.flag === 'warning' ? 'warning' : f.flag === 'information' ? 'information' : 'error');

export function kositUblVerdict(kind: UblDocumentKind, bt24: string | undefined, xsdValid: boolean | null, findings: readonly RuleFinding[]): KositVerdict {
  const sc = scenarioFor(kind, bt24);
  if (!sc) return { specificationId: bt24 ?? null, scenario: null, accept: false, errors: ['no scenario matches BT-24'] };
  const errors = new Set<string>();
  if (xsdValid === false) errors.add('XSD');
  for (const f of findings) {
    if (f.code === 'RULE_NOT_EVALUATED' || f.code === 'RULE_ENGINE_ERROR') {
      errors.add(f.code);
      continue;
    }
    if (f.ruleset !== 'en16931' && !(sc.xrechnung && f.ruleset === 'xrechnung')) continue;
    const level = sc.overrides[f.code] ?? levelOf(f);
    if (level === 'error') errors.add(f.code);
  }
  return { specificationId: bt24 ?? null, scenario: sc.name, accept: errors.size === 0, errors: [...errors].sort() };
}
