/** @kontor/peppol: Peppol participant identifiers, SML lookup (DNS U-NAPTR), SMP client, Directory client. */
export {};
