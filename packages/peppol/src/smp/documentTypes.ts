/** Human names for the document type identifiers most often seen in Peppol (protocols.md §2.1). */

const UBL_INVOICE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice';
const UBL_CREDIT_NOTE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote';
const CII = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100::CrossIndustryInvoice';
const PEPPOL_BIS3 = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const XRECHNUNG3 = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
const XRECHNUNG3_EXTENSION = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0';

const NAMES: Readonly<Record<string, string>> = {
  [`busdox-docid-qns::${UBL_INVOICE}##${PEPPOL_BIS3}::2.1`]: 'Peppol BIS Billing 3.0 UBL Invoice',
  [`busdox-docid-qns::${UBL_CREDIT_NOTE}##${PEPPOL_BIS3}::2.1`]: 'Peppol BIS Billing 3.0 UBL CreditNote',
  [`busdox-docid-qns::${CII}##${PEPPOL_BIS3}::D16B`]: 'Peppol BIS Billing 3.0 CII',
  [`busdox-docid-qns::${UBL_INVOICE}##${XRECHNUNG3}::2.1`]: 'XRechnung 3.0 UBL Invoice',
  [`busdox-docid-qns::${UBL_CREDIT_NOTE}##${XRECHNUNG3}::2.1`]: 'XRechnung 3.0 UBL CreditNote',
  [`busdox-docid-qns::${CII}##${XRECHNUNG3}::D16B`]: 'XRechnung 3.0 CII',
  [`busdox-docid-qns::${UBL_INVOICE}##${XRECHNUNG3_EXTENSION}::2.1`]: 'XRechnung 3.0 Extension UBL Invoice',
  [`busdox-docid-qns::${UBL_CREDIT_NOTE}##${XRECHNUNG3_EXTENSION}::2.1`]: 'XRechnung 3.0 Extension UBL CreditNote',
  [`busdox-docid-qns::${CII}##${XRECHNUNG3_EXTENSION}::D16B`]: 'XRechnung 3.0 Extension CII',
};

/**
 * Known name of a document type id (`scheme::value`; the scheme is compared case-insensitively).
 * @example
 * ```ts
 * documentTypeName('busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1');
 * // 'Peppol BIS Billing 3.0 UBL Invoice' (undefined for an unknown id)
 * ```
 */
export function documentTypeName(id: string): string | undefined {
  const separator = id.indexOf('::');
  if (separator < 0) return undefined;
  return NAMES[`${id.slice(0, separator).toLowerCase()}::${id.slice(separator + 2)}`];
}
