/** @kontor/zugferd: ZUGFeRD / Factur-X hybrid invoices: embed CII into PDF/A-3, typeset invoices from data, verify, extract. */
export {};
