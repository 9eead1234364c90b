/**
 * The Factur-X / ZUGFeRD 2.x XMP facts (protocols.md §7): the fx extension schema declaration and its four
 * values, the embedded file name and the AFRelationship per conformance level.
 */
import type { ExtraXmp } from '@kontor/pdfa3';

export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const FACTURX_PREFIX = 'fx';
export const FACTURX_FILENAME = 'factur-x.xml';
export const FACTURX_VERSION = '1.0';

export type FacturxConformanceLevel = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED';

/**
 * MINIMUM and BASIC WL are not invoices in the legal sense: their XML is "Data"; from BASIC on it is an "Alternative" of the visual invoice.
 * @example
 * ```ts
 * facturxRelationship('EN 16931'); // 'Alternative'
 * facturxRelationship('MINIMUM');  // 'Data' (not an invoice in the legal sense)
 * ```
 */
export function facturxRelationship(level: FacturxConformanceLevel): 'Data' | 'Alternative' {
  return level === 'MINIMUM' || level === 'BASIC WL' ? 'Data' : 'Alternative';
}

/**
 * The XMP additions for a Factur-X invoice: the extension schema block and the fx:* values.
 * @example
 * ```ts
 * makePdfA3(doc, { title: 'Rechnung RE-1', createDate: now, modifyDate: now, conformance: 'B', extraXmp: buildFacturxXmp('EN 16931') });
 * ```
 */
export function buildFacturxXmp(level: FacturxConformanceLevel, fileName = FACTURX_FILENAME): ExtraXmp {
  const prop = (name: string, description: string) => ({ name, valueType: 'Text', category: 'external' as const, description });
  return {
    extensionSchemas: [
      {
        schema: 'Factur-X PDFA Extension Schema',
        namespaceURI: FACTURX_NAMESPACE,
        prefix: FACTURX_PREFIX,
        properties: [
          prop('DocumentFileName', 'The name of the embedded XML document'),
          prop('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'),
          prop('Version', 'The actual version of the standard applying to the embedded XML document'),
          prop('ConformanceLevel', 'The conformance level of the embedded XML document'),
        ],
      },
    ],
    properties: [
      { namespaceURI: FACTURX_NAMESPACE, prefix: FACTURX_PREFIX, name: 'DocumentType', value: 'INVOICE' },
      { namespaceURI: FACTURX_NAMESPACE, prefix: FACTURX_PREFIX, name: 'DocumentFileName', value: fileName },
      { namespaceURI: FACTURX_NAMESPACE, prefix: FACTURX_PREFIX, name: 'Version', value: FACTURX_VERSION },
      { namespaceURI: FACTURX_NAMESPACE, prefix: FACTURX_PREFIX, name: 'ConformanceLevel', value: level },
    ],
  };
}
