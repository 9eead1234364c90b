/** Every route of /api/v1. Each area module exports an array of route definitions; add yours here. */
import type { AnyRoute } from '../platform/registry';
import { metaRoutes } from './meta';
import { meRoutes } from './me';
import { partnerRoutes } from './partners';
import { statementRoutes } from './statements';
import { paymentRoutes } from './payments';
import { codelistRoutes } from './codelists';
import { invoiceRoutes } from './invoices';
import { verifyRoutes } from './verify';
import { invoiceValidateRoutes } from './invoices-validate';
import { extractionRoutes } from './extractions';

export const allRoutes: AnyRoute[] = [
  ...metaRoutes,
  ...meRoutes,
  ...partnerRoutes,
  ...statementRoutes,
  ...paymentRoutes,
  ...codelistRoutes,
  ...invoiceRoutes,
  ...verifyRoutes,
  ...invoiceValidateRoutes,
  ...extractionRoutes,
];
