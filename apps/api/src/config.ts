/** Service configuration: read from the environment once, validated with valibot, one message per bad setting. */
import * as v from 'valibot';
import path from 'node:path';

const intString = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${max}`));

const boolString = v.pipe(v.picklist(['true', 'false', '1', '0'], 'must be true or false'), v.transform((s) => s === 'true' || s === '1'));

export const ConfigSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'development'),
  PORT: v.optional(intString(0, 65535), '8787'),
  HOST: v.optional(v.string(), '127.0.0.1'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty')), './data/kontor.sqlite'),
  KONTOR_SCHEMA_DIR: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty')), './data/schemas'),
  KONTOR_BANKDATA_FILE: v.optional(v.string()),
  KONTOR_LOG: v.optional(v.picklist(['json', 'off'], 'must be json or off'), 'json'),
  KONTOR_FREE_INVOICES_PER_DAY: v.optional(intString(0, 10_000), '5'),
  KONTOR_VIES_URL: v.optional(v.pipe(v.string(), v.url('must be a URL')), 'https://ec.europa.eu/taxation_customs/vies/rest-api'),
  KONTOR_VIES_TIMEOUT_MS: v.optional(intString(100, 120_000), '10000'),
  KONTOR_SML_ZONE: v.optional(v.string(), 'edelivery.tech.ec.europa.eu'),
  KONTOR_DNS_RESOLVER: v.optional(v.string()),
  KONTOR_PEPPOL_DIRECTORY_URL: v.optional(v.pipe(v.string(), v.url('must be a URL')), 'https://directory.peppol.eu'),
  KONTOR_AI_BASE_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  KONTOR_AI_MODEL: v.optional(v.string()),
  KONTOR_AI_API_KEY: v.optional(v.string()),
  KONTOR_DEV_BOOTSTRAP: v.optional(boolString),
});

export type RawConfig = v.InferOutput<typeof ConfigSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  schemaDir: string;
  bankdataFile: string | undefined;
  log: boolean;
  freeInvoicesPerDay: number;
  vies: { baseUrl: string; timeoutMs: number };
  peppol: { smlZone: string; dnsResolver: string | undefined; directoryUrl: string };
  ai: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
  devBootstrap: boolean;
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
    bankdataFile: o.KONTOR_BANKDATA_FILE ? path.resolve(cwd, o.KONTOR_BANKDATA_FILE) : undefined,
    log: o.KONTOR_LOG === 'json',
    freeInvoicesPerDay: o.KONTOR_FREE_INVOICES_PER_DAY,
    vies: { baseUrl: o.KONTOR_VIES_URL, timeoutMs: o.KONTOR_VIES_TIMEOUT_MS },
    peppol: { smlZone: o.KONTOR_SML_ZONE, dnsResolver: o.KONTOR_DNS_RESOLVER, directoryUrl: o.KONTOR_PEPPOL_DIRECTORY_URL },
    ai: o.KONTOR_AI_BASE_URL && o.KONTOR_AI_MODEL ? { baseUrl: o.KONTOR_AI_BASE_URL, model: o.KONTOR_AI_MODEL, apiKey: o.KONTOR_AI_API_KEY } : undefined,
    devBootstrap: o.KONTOR_DEV_BOOTSTRAP ?? o.NODE_ENV !== 'production',
  };
}

/** Rows of the README configuration table, kept next to the schema so they cannot drift apart. */
export const configDocs: { name: keyof RawConfig; default: string; meaning: string }[] = [
  { name: 'NODE_ENV', default: 'development', meaning: '`production` disables the development bootstrap account' },
  { name: 'PORT', default: '8787', meaning: 'HTTP port' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'Interface to listen on (`0.0.0.0` for all)' },
  { name: 'DATABASE_URL', default: './data/kontor.sqlite', meaning: 'SQLite file path, or a `postgres://` URL for PostgreSQL' },
  { name: 'KONTOR_SCHEMA_DIR', default: './data/schemas', meaning: 'Schema store directory (filled by `kontor schemas install`)' },
  { name: 'KONTOR_BANKDATA_FILE', default: '(unset)', meaning: 'Bundesbank bank-code file (TXT or CSV) for bank lookups' },
  { name: 'KONTOR_LOG', default: 'json', meaning: '`json` request logs on stdout, `off` for none' },
  { name: 'KONTOR_FREE_INVOICES_PER_DAY', default: '5', meaning: 'Free watermarked invoices per account and Berlin day' },
  { name: 'KONTOR_VIES_URL', default: 'https://ec.europa.eu/taxation_customs/vies/rest-api', meaning: 'VIES REST base URL' },
  { name: 'KONTOR_VIES_TIMEOUT_MS', default: '10000', meaning: 'Timeout of one VIES call' },
  { name: 'KONTOR_SML_ZONE', default: 'edelivery.tech.ec.europa.eu', meaning: 'Peppol SML DNS zone (test: acc.edelivery.tech.ec.europa.eu)' },
  { name: 'KONTOR_DNS_RESOLVER', default: '(system)', meaning: 'DNS resolver `host:port` for SML lookups' },
  { name: 'KONTOR_PEPPOL_DIRECTORY_URL', default: 'https://directory.peppol.eu', meaning: 'Peppol Directory base URL' },
  { name: 'KONTOR_AI_BASE_URL', default: '(unset)', meaning: 'OpenAI-compatible model provider base URL (address structuring, extraction)' },
  { name: 'KONTOR_AI_MODEL', default: '(unset)', meaning: 'Model name at that provider' },
  { name: 'KONTOR_AI_API_KEY', default: '(unset)', meaning: 'API key for the provider, if it needs one' },
  { name: 'KONTOR_DEV_BOOTSTRAP', default: 'true unless production', meaning: 'Create a local all-features account on an empty database and print its key once' },
];
