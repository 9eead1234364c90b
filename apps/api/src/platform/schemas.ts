/** Response schemas shared by several route areas (documented once in OpenAPI, used by every area alike). */
import * as v from 'valibot';

export const SeveritySchema = v.picklist(['error', 'warning', 'info']);

/** A finding / issue: {code, severity, message, path?, line?, column?}. */
export const FindingSchema = v.object({
  code: v.string(),
  severity: SeveritySchema,
  message: v.string(),
  path: v.optional(v.string()),
  /** 1-based position in the uploaded XML, when the finding comes from reading it (the shared Finding of @kontor/xml). */
  line: v.optional(v.number()),
  column: v.optional(v.number()),
});

/** The billing object of spec §2.5. */
export const BillingSchema = v.object({
  via: v.picklist(['free_quota', 'subscription', 'check_block', 'credit']),
  freeRemaining: v.nullable(v.number()),
  freePeriod: v.picklist(['day', 'month']),
  checkBlockRemaining: v.optional(v.number()),
  creditsCharged: v.optional(v.number()),
  refunded: v.optional(v.boolean()),
});
