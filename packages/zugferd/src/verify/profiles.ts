/**
 * Which invoice an embedded (or bare) XML is: the profile named by its guideline id (BT-24) and root namespace,
 * and what each profile implies — file name, XMP ConformanceLevel, XSD set and rule set (protocols.md §7).
 * Every identifier found in real files is mapped, including ZUGFeRD 1.0 (own namespace) and XRechnung 1.x-3.x.
 */
import type { Lang } from '@kontor/xml';
import { msg } from '../messages';

export const CII_NAMESPACE = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
export const ZUGFERD1_NAMESPACE = 'urn:ferd:CrossIndustryDocument:invoice:1p0';

export type InvoiceProfileId = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED' | 'XRECHNUNG' | 'PEPPOL' | 'ZUGFERD 1.0 BASIC' | 'ZUGFERD 1.0 COMFORT' | 'ZUGFERD 1.0 EXTENDED' | 'UNKNOWN';

export interface InvoiceProfile {
  id: InvoiceProfileId;
  /** BT-24 as written (trimmed), null when absent */
  guidelineId: string | null;
  /** CII (Factur-X / ZUGFeRD 2.x / XRechnung) or the ZUGFeRD 1.0 CrossIndustryDocument */
  syntax: 'CII D16B' | 'ZUGFeRD 1.0' | 'unknown';
  /** XMP fx:ConformanceLevel values that are consistent with this profile */
  conformanceLevels: readonly string[];
  /** embedded file names the standards give this profile's XML */
  fileNames: readonly string[];
  /** the XSD set of the schema store that applies, null when none exists natively */
  schemaSet: string | null;
  /** which native rule set applies; null: none (with `note` saying why) */
  rules: 'en16931' | 'xrechnung' | null;
  /** XRechnung version for XRECHNUNG ids (e.g. "3.0", "2.1", "1.2") */
  xrechnungVersion?: string;
  /** outdated XRechnung: of the XRechnung rules only the core BR-DE-1..18 apply */
  xrechnungCoreOnly?: boolean;
  note?: string;
}

const FX_NAMES = ['factur-x.xml', 'zugferd-invoice.xml'];

/**
 * Profile of a CII/ZUGFeRD 1.0 document from its root namespace and guideline id.
 * @example
 * ```ts
 * detectProfile('urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100', 'CrossIndustryInvoice', 'urn:cen.eu:en16931:2017');
 * // { id: 'EN 16931', guidelineId: 'urn:cen.eu:en16931:2017', syntax: 'CII D16B', … }
 * ```
 */
export function detectProfile(rootNamespace: string, rootLocal: string, guidelineId: string | null | undefined, lang: Lang = 'en'): InvoiceProfile {
  const g = guidelineId?.trim() || null;
  const low = (g ?? '').toLowerCase();
  // the ZUGFeRD 1.0 release candidate (2014) used the CBFBUY Invoice root of UN/CEFACT
  if (rootNamespace === ZUGFERD1_NAMESPACE || rootLocal === 'CrossIndustryDocument' || (rootLocal === 'Invoice' && rootNamespace.startsWith('urn:un:unece:uncefact:data:standard:CBFBUY'))) {
    // release ids end in :1p0:<level>; the 1.0 release candidate wrote urn:ferd:invoice:rc:<level>; "komfort" is the German spelling
    const level = /:(?:1p0|rc):extended$/.test(low) ? 'EXTENDED' : /:(?:1p0|rc):(comfort|komfort)$/.test(low) ? 'COMFORT' : /:(?:1p0|rc):basic$/.test(low) ? 'BASIC' : null;
    const note = msg('PROFILE_ZUGFERD1', lang);
    return {
      id: level ? (`ZUGFERD 1.0 ${level}` as InvoiceProfileId) : 'UNKNOWN',
      guidelineId: g,
      syntax: 'ZUGFeRD 1.0',
      conformanceLevels: level ? [level] : ['BASIC', 'COMFORT', 'EXTENDED'],
      fileNames: ['ZUGFeRD-invoice.xml'],
      schemaSet: null,
      rules: null,
      note: level ? note : msg('PROFILE_ZUGFERD1_RC', lang, { guideline: g ?? '', note }),
    };
  }
  if (rootNamespace !== CII_NAMESPACE || rootLocal !== 'CrossIndustryInvoice') {
    return {
      id: 'UNKNOWN',
      guidelineId: g,
      syntax: 'unknown',
      conformanceLevels: [],
      fileNames: [],
      schemaSet: null,
      rules: null,
      note: msg('PROFILE_NOT_CII', lang, { root: `{${rootNamespace}}${rootLocal}` }),
    };
  }
  const cii = (id: InvoiceProfileId, levels: string[], schemaSet: string | null, rules: 'en16931' | 'xrechnung' | null, extra: Partial<InvoiceProfile> = {}): InvoiceProfile => ({
    id,
    guidelineId: g,
    syntax: 'CII D16B',
    conformanceLevels: levels,
    fileNames: FX_NAMES,
    schemaSet,
    rules,
    ...extra,
  });
  if (low.includes('xrechnung')) {
    const version = /xrechnung_(\d+\.\d+)/.exec(low)?.[1] ?? null;
    const current = version === '3.0';
    return cii('XRECHNUNG', ['XRECHNUNG'], 'cii-d16b', 'xrechnung', {
      fileNames: ['xrechnung.xml', 'factur-x.xml'],
      ...(version ? { xrechnungVersion: version } : {}),
      ...(current
        ? {}
        : {
            xrechnungCoreOnly: true,
            note: msg('PROFILE_XRECHNUNG_OLD', lang, { version: version ?? { key: 'UNKNOWN_VERSION' } }),
          }),
    });
  }
  // Factur-X 1.0 ids end in the level word (":minimum", "#...:basic"); ZUGFeRD 2.0 used urn:zugferd.de:2p0:<level>, early
  // Factur-X drafts a colon form "urn:cen.eu:en16931:2017:compliant:factur-x.eu:1p0:<level>".
  const level = /(?:factur-x\.eu|zugferd\.de):(?:1p0|2p0):(minimum|basicwl|basic|en16931|comfort|extended)$/.exec(low)?.[1];
  if (level === 'minimum') {
    return cii('MINIMUM', ['MINIMUM'], 'facturx:minimum', null, {
      note: msg('PROFILE_MINIMUM', lang),
    });
  }
  if (level === 'basicwl') {
    return cii('BASIC WL', ['BASIC WL'], 'facturx:basicwl', null, {
      note: msg('PROFILE_BASIC_WL', lang),
    });
  }
  if (level === 'basic') {
    return cii('BASIC', ['BASIC'], 'facturx:basic', 'en16931', {
      note: msg('PROFILE_BASIC', lang),
    });
  }
  if (level === 'extended') {
    return cii('EXTENDED', ['EXTENDED'], 'facturx:extended', 'en16931', {
      note: msg('PROFILE_EXTENDED', lang),
    });
  }
  if (low.includes('peppol.eu:2017:poacc:billing')) {
    return cii('PEPPOL', [], 'cii-d16b', 'en16931', { note: msg('PROFILE_PEPPOL', lang) });
  }
  if (low === 'urn:cen.eu:en16931:2017' || level === 'en16931' || level === 'comfort') {
    return cii('EN 16931', ['EN 16931', 'COMFORT'], 'facturx:en16931', 'en16931');
  }
  return cii('UNKNOWN', [], 'cii-d16b', 'en16931', {
    note: g === null ? msg('PROFILE_NO_BT24', lang) : msg('PROFILE_UNKNOWN_BT24', lang, { guideline: g }),
  });
}

/** Embedded file names that carry an invoice XML, in order of preference. */
export const INVOICE_FILE_NAMES = ['factur-x.xml', 'xrechnung.xml', 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml'] as const;

/** The namespaces Factur-X / ZUGFeRD have used for the XMP invoice schema, newest first. */
export const XMP_INVOICE_NAMESPACES = [
  { ns: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#', standard: 'Factur-X / ZUGFeRD 2.1+', version: '1.0' },
  { ns: 'urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0#', standard: 'ZUGFeRD 2.0', version: '2p0' },
  { ns: 'urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#', standard: 'ZUGFeRD 1.0', version: '1.0' },
  { ns: 'urn:ferd:pdfa:invoice:rc#', standard: 'ZUGFeRD 1.0 release candidate', version: 'RC' },
] as const;
