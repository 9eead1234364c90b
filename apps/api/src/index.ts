/** @kontor/api: the Hono service. */
export { createApp, API_BASE, type KontorApp, type AppOptions } from './app';
export { startServer, runServer, bootstrapDevAccount, StartupError, type RunningServer, type RunIo } from './server';
export { Metrics } from './platform/metrics';
export { loadConfig, ConfigError, ConfigSchema, type Config } from './config';
export { DEFAULT_SCHEMA_DIR, schemaDirFrom } from './schema-dir';
export { openDatabase } from './db';
export { Accounts, plans, subscriptionStatuses, featuresOf, subscriptionOf, type Plan, type Feature, type AccountRow } from './platform/accounts';
export { ApiKeys, API_KEY_PREFIX } from './platform/keys';
export { OAuthServer, ACCESS_TOKEN_PREFIX, SCOPES as OAUTH_SCOPES, type ClientRow as OAuthClientRow } from './oauth/server';
export { Billing, withCharge, type BillingObject, type Charge } from './billing/billing';
export { ApiError } from './platform/errors';
export {
  createOutboundFetch,
  outboundFetchFor,
  OutboundError,
  isOutboundError,
  isPublicAddress,
  nonPublicReason,
  type OutboundPolicy,
  type OutboundLookup,
  type OutboundCaller,
} from './platform/outbound';
export { berlinDay, berlinMonth } from './platform/time';
