/** @kontor/vies: VAT ID syntax and check digits for EU-27 + XI, VIES REST client. */
export {};
