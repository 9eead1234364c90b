/**
 * The service's configuration loader (and its Berlin calendar day) for the commands that need a setting, without
 * the rest of the service: with the barrel-bypass of tsup.config.ts this module's chunk reaches apps/api's
 * config.ts and platform/time.ts only, so `await import('../api/config')` loads valibot, not hono, the database
 * drivers or pdf.js (`import('@kontor/api')` loaded the whole service: +80 MB RSS for `kontor pay validate`).
 */
import { berlinDay, loadConfig } from '@kontor/api';

export { berlinDay, loadConfig };
