/**
 * The schema sets Kontor knows: where their entry XSD is found in a directory tree, which files travel with it,
 * and where the official release comes from. Nothing here contains schema text.
 */
export interface SchemaSetDef {
  id: string;
  title: string;
  /** File name of the entry schema. */
  entry: string;
  /** Path fragments the entry's path must contain to be this set (distinguishes coupled/uncoupled). */
  pathMustInclude?: string;
  /** How many directory levels above the entry to copy (imports are relative). 0 = the entry's own folder. */
  rootLevelsUp: number;
  /** Copy only the entry file (self-contained schemas) instead of the folder. */
  singleFile?: boolean;
  /** Target namespace of the root element (for detection). */
  namespace?: string;
  /** Where to get it officially. */
  source: string;
}

const iso = (msg: string, title: string): SchemaSetDef => ({
  id: `iso:${msg}`,
  title,
  entry: `${msg}.xsd`,
  rootLevelsUp: 0,
  singleFile: true,
  namespace: `urn:iso:std:iso:20022:tech:xsd:${msg}`,
  source: 'https://www.iso20022.org/iso-20022-message-definitions',
});

export const schemaSets: readonly SchemaSetDef[] = [
  {
    id: 'cii-d16b',
    title: 'UN/CEFACT Cross Industry Invoice D16B (uncoupled), as used by the CEN and KoSIT validators',
    entry: 'CrossIndustryInvoice_100pD16B.xsd',
    pathMustInclude: 'uncoupled',
    rootLevelsUp: 2,
    namespace: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
    source: 'https://github.com/ConnectingEurope/eInvoicing-EN16931 (cii/schema/D16B SCRDM (Subset)/uncoupled clm)',
  },
  ...(['Invoice', 'CreditNote'] as const).map(
    (doc): SchemaSetDef => ({
      id: `ubl-2.1-${doc.toLowerCase()}`,
      title: `OASIS UBL 2.1 ${doc} (main document schema with its common modules), as used by the CEN and KoSIT validators`,
      entry: `UBL-${doc}-2.1.xsd`,
      rootLevelsUp: 1,
      namespace: `urn:oasis:names:specification:ubl:schema:xsd:${doc}-2`,
      source: 'https://docs.oasis-open.org/ubl/os-UBL-2.1/ (xsd/ or xsdrt/: maindoc + common)',
    }),
  ),
  ...(['MINIMUM', 'BASICWL', 'BASIC', 'EN16931', 'EXTENDED'] as const).map(
    (p): SchemaSetDef => ({
      id: `facturx:${p.toLowerCase()}`,
      title: `Factur-X 1.0.9 / ZUGFeRD 2.3 profile ${p}`,
      entry: `Factur-X_${p}.xsd`,
      rootLevelsUp: 0,
      namespace: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
      source: 'https://fnfe-mpe.org/factur-x/ (Factur-X 1.0.9 release)',
    }),
  ),
  {
    id: 'dk:pain.001.001.09_GBIC_5',
    title: 'Deutsche Kreditwirtschaft pain.001.001.09 GBIC_5 (SCT, DFÜ-Abkommen Anlage 3)',
    entry: 'pain.001.001.09_GBIC_5.xsd',
    rootLevelsUp: 0,
    singleFile: true,
    namespace: 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09',
    source: 'https://www.ebics.de/de/datenformate',
  },
  {
    id: 'dk:pain.001.001.03_GBIC_3',
    title: 'Deutsche Kreditwirtschaft pain.001.001.03 GBIC_3',
    entry: 'pain.001.001.03_GBIC_3.xsd',
    rootLevelsUp: 0,
    singleFile: true,
    namespace: 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03',
    source: 'https://www.ebics.de/de/datenformate',
  },
  iso('pain.001.001.09', 'ISO 20022 pain.001.001.09 (CustomerCreditTransferInitiation V09)'),
  iso('pain.001.001.03', 'ISO 20022 pain.001.001.03 (CustomerCreditTransferInitiation V03)'),
  iso('camt.052.001.02', 'ISO 20022 camt.052.001.02 (BankToCustomerAccountReport V02)'),
  iso('camt.052.001.08', 'ISO 20022 camt.052.001.08 (BankToCustomerAccountReport V08)'),
  iso('camt.053.001.02', 'ISO 20022 camt.053.001.02 (BankToCustomerStatement V02)'),
  iso('camt.053.001.08', 'ISO 20022 camt.053.001.08 (BankToCustomerStatement V08)'),
  iso('camt.054.001.02', 'ISO 20022 camt.054.001.02 (BankToCustomerDebitCreditNotification V02)'),
  iso('camt.054.001.08', 'ISO 20022 camt.054.001.08 (BankToCustomerDebitCreditNotification V08)'),
  iso('camt.086.001.01', 'ISO 20022 camt.086.001.01 (BankServicesBillingStatement V01)'),
  iso('camt.086.001.02', 'ISO 20022 camt.086.001.02 (BankServicesBillingStatement V02)'),
  iso('camt.086.001.03', 'ISO 20022 camt.086.001.03 (BankServicesBillingStatement V03)'),
  iso('camt.086.001.04', 'ISO 20022 camt.086.001.04 (BankServicesBillingStatement V04)'),
  iso('camt.086.001.05', 'ISO 20022 camt.086.001.05 (BankServicesBillingStatement V05)'),
];

/**
 * @example
 * ```ts
 * findSchemaSet('cii-d16b')?.entry; // the entry XSD file name of the CII D16B set
 * findSchemaSet('nope');             // undefined
 * ```
 */
export function findSchemaSet(id: string): SchemaSetDef | undefined {
  return schemaSets.find((s) => s.id === id);
}
