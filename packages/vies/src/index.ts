/** @kontor/vies: VAT ID syntax and check digits for EU-27 + XI, VIES REST client. */
export { checkVatSyntax, parseVatId, VAT_COUNTRY_CODES } from './syntax/checkVatSyntax';
export type { VatSyntaxCode, VatSyntaxFailure, VatSyntaxResult, VatSyntaxValid } from './syntax/checkVatSyntax';
export { createViesClient } from './client/createViesClient';
export type {
  VatCheckResult,
  VatCheckStatus,
  ViesClient,
  ViesClientOptions,
  ViesRequester,
} from './client/createViesClient';
export { ViesError } from './errors';
export type { ViesErrorCode } from './errors';
