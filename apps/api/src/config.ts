/** Service configuration: read from the environment once, validated with valibot, one message per bad setting. */
import * as v from 'valibot';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { DEFAULT_SCHEMA_DIR } from './schema-dir';

const intString = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${max}`));

const boolString = v.pipe(
  v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
  v.transform((s) => s === 'true' || s === '1'),
);

export const ConfigSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'development'),
  PORT: v.optional(intString(0, 65535), '8787'),
  HOST: v.optional(v.string(), '127.0.0.1'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty')), './data/kontor.sqlite'),
  KONTOR_SCHEMA_DIR: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty')), DEFAULT_SCHEMA_DIR),
  KONTOR_BANKDATA_FILE: v.optional(v.string()),
  KONTOR_LOG: v.optional(v.picklist(['json', 'off'], 'must be json or off'), 'json'),
  KONTOR_FREE_INVOICES_PER_DAY: v.optional(intString(0, 10_000), '5'),
  KONTOR_VIES_URL: v.optional(v.pipe(v.string(), v.url('must be a URL')), 'https://ec.europa.eu/taxation_customs/vies/rest-api'),
  KONTOR_VIES_TIMEOUT_MS: v.optional(intString(100, 120_000), '10000'),
  KONTOR_SML_ZONE: v.optional(v.string(), 'participant.sml.prod.tech.peppol.org'),
  KONTOR_SML_METHOD: v.optional(v.picklist(['naptr', 'cname', 'naptr-then-cname'], 'must be naptr, cname or naptr-then-cname'), 'naptr'),
  KONTOR_SMP_ALLOW_HTTP: v.optional(boolString),
  KONTOR_SMP_ALLOW_PRIVATE: v.optional(boolString),
  KONTOR_DNS_RESOLVER: v.optional(v.string()),
  KONTOR_PEPPOL_DIRECTORY_URL: v.optional(v.pipe(v.string(), v.url('must be a URL')), 'https://directory.peppol.eu'),
  KONTOR_AI_BASE_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  KONTOR_AI_MODEL: v.optional(v.string()),
  KONTOR_AI_API_KEY: v.optional(v.string()),
  KONTOR_DEV_BOOTSTRAP: v.optional(boolString),
  KONTOR_RATE_LIMITS: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  KONTOR_METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  KONTOR_METRICS_PORT: v.optional(intString(1, 65535)),
  KONTOR_SHUTDOWN_GRACE_MS: v.optional(intString(0, 600_000), '10000'),
  KONTOR_WORKERS: v.optional(intString(1, 256)),
  KONTOR_JOB_TIMEOUT_MS: v.optional(intString(1_000, 3_600_000), '60000'),
  KONTOR_WORKER_HEAP_MB: v.optional(intString(64, 65_536), '512'),
  KONTOR_JOB_QUEUE: v.optional(intString(0, 100_000), '16'),
  KONTOR_WORKER_RECYCLE_BYTES: v.optional(intString(0, 1_000_000_000), '1000000'),
  KONTOR_CHARGE_HOLD_SECONDS: v.optional(intString(60, 86_400), '900'),
  KONTOR_KOSIT_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  KONTOR_VERAPDF_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  KONTOR_ENGINE_TIMEOUT_MS: v.optional(intString(100, 300_000), '30000'),
  KONTOR_PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'), v.regex(/^https?:\/\/[^/?#]+$/, 'must be an origin (scheme, host, port; no path)'))),
  KONTOR_SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtp:\/\/[^/?#]+$/, 'must be smtp://host:port'))),
  KONTOR_MAIL_FROM: v.optional(v.string(), 'kontor@localhost'),
});

export type RawConfig = v.InferOutput<typeof ConfigSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  schemaDir: string;
  /** Bank directory: KONTOR_BANKDATA_FILE, else bankdata.json beside the schema directory. */
  bankdataFile: string;
  log: boolean;
  freeInvoicesPerDay: number;
  vies: { baseUrl: string; timeoutMs: number };
  peppol: { smlZone: string; smlMethod: 'naptr' | 'cname' | 'naptr-then-cname'; smpAllowHttp: boolean; smpAllowPrivate: boolean; dnsResolver: string | undefined; directoryUrl: string };
  ai: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
  devBootstrap: boolean;
  rateLimits: boolean;
  /** GET /metrics: on the main port behind this bearer token, and/or without a token on a separate port. */
  metrics: { token: string | undefined; port: number | undefined };
  /** On SIGTERM/SIGINT: how long in-flight requests may take before their connections are closed. */
  shutdownGraceMs: number;
  /** The job worker pool (heavy work off the main thread). */
  workers: { size: number; jobTimeoutMs: number; heapMb: number; queueLength: number; recycleAboveBytes: number };
  /** How long a charge reservation of a request holds before it expires and returns (a crashed process). */
  chargeHoldSeconds: number;
  /** Optional external validators for POST /verify and /invoices/validate: KoSIT daemon and veraPDF REST base URLs. */
  engines: { kositUrl: string | undefined; verapdfUrl: string | undefined; timeoutMs: number };
  /** {auth_url}: the public origin (OAuth issuer, discovery documents, links in mails). Unset: the origin of each request (development). */
  publicUrl: string | undefined;
  /** Mail: the outbox table always; an SMTP relay (plain SMTP, no auth) when KONTOR_SMTP_URL is set. */
  mail: { smtpUrl: string | undefined; from: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates an environment map; empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const clean: Record<string, string> = {};
  for (const key of Object.keys(ConfigSchema.entries)) {
    const val = env[key];
    if (val !== undefined && val !== '') clean[key] = val;
  }
  const r = v.safeParse(ConfigSchema, clean);
  if (!r.success) {
    throw new ConfigError(r.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message} (got ${JSON.stringify(i.input)})`));
  }
  const o = r.output;
  const problems: string[] = [];
  if ((o.KONTOR_AI_BASE_URL && !o.KONTOR_AI_MODEL) || (!o.KONTOR_AI_BASE_URL && o.KONTOR_AI_MODEL)) problems.push('KONTOR_AI_BASE_URL and KONTOR_AI_MODEL must be set together');
  if (o.KONTOR_CHARGE_HOLD_SECONDS * 1000 < 2 * o.KONTOR_JOB_TIMEOUT_MS) problems.push('KONTOR_CHARGE_HOLD_SECONDS must be at least twice KONTOR_JOB_TIMEOUT_MS (a reservation must outlive its job)');
  if (problems.length) throw new ConfigError(problems);
  const db = o.DATABASE_URL;
  const database: Config['database'] = /^postgres(ql)?:\/\//.test(db)
    ? { kind: 'postgres', url: db }
    : { kind: 'sqlite', file: db === ':memory:' ? db : path.resolve(cwd, db.replace(/^(sqlite|file):(\/\/)?/, '')) };
  return {
    env: o.NODE_ENV,
    port: o.PORT,
    host: o.HOST,
    database,
    schemaDir: path.resolve(cwd, o.KONTOR_SCHEMA_DIR),
    bankdataFile: o.KONTOR_BANKDATA_FILE ? path.resolve(cwd, o.KONTOR_BANKDATA_FILE) : path.join(path.dirname(path.resolve(cwd, o.KONTOR_SCHEMA_DIR)), 'bankdata.json'),
    log: o.KONTOR_LOG === 'json',
    freeInvoicesPerDay: o.KONTOR_FREE_INVOICES_PER_DAY,
    vies: { baseUrl: o.KONTOR_VIES_URL, timeoutMs: o.KONTOR_VIES_TIMEOUT_MS },
    peppol: {
      smlZone: o.KONTOR_SML_ZONE,
      smlMethod: o.KONTOR_SML_METHOD,
      smpAllowHttp: o.KONTOR_SMP_ALLOW_HTTP ?? false,
      smpAllowPrivate: o.KONTOR_SMP_ALLOW_PRIVATE ?? false,
      dnsResolver: o.KONTOR_DNS_RESOLVER,
      directoryUrl: o.KONTOR_PEPPOL_DIRECTORY_URL,
    },
    ai: o.KONTOR_AI_BASE_URL && o.KONTOR_AI_MODEL ? { baseUrl: o.KONTOR_AI_BASE_URL, model: o.KONTOR_AI_MODEL, apiKey: o.KONTOR_AI_API_KEY } : undefined,
    devBootstrap: o.KONTOR_DEV_BOOTSTRAP ?? o.NODE_ENV !== 'production',
    rateLimits: o.KONTOR_RATE_LIMITS === 'on',
    metrics: { token: o.KONTOR_METRICS_TOKEN, port: o.KONTOR_METRICS_PORT },
    shutdownGraceMs: o.KONTOR_SHUTDOWN_GRACE_MS,
    workers: {
      size: o.KONTOR_WORKERS ?? availableParallelism(),
      jobTimeoutMs: o.KONTOR_JOB_TIMEOUT_MS,
      heapMb: o.KONTOR_WORKER_HEAP_MB,
      queueLength: o.KONTOR_JOB_QUEUE,
      recycleAboveBytes: o.KONTOR_WORKER_RECYCLE_BYTES,
    },
    chargeHoldSeconds: o.KONTOR_CHARGE_HOLD_SECONDS,
    engines: { kositUrl: o.KONTOR_KOSIT_URL, verapdfUrl: o.KONTOR_VERAPDF_URL, timeoutMs: o.KONTOR_ENGINE_TIMEOUT_MS },
    publicUrl: o.KONTOR_PUBLIC_URL,
    mail: { smtpUrl: o.KONTOR_SMTP_URL, from: o.KONTOR_MAIL_FROM },
  };
}
