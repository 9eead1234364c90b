/**
 * Tables of OAuth 2.1, sign-in and browser sessions (migration 0005). Portable DDL only; ids and timestamps are text
 * (ISO-8601, compared as strings), flags integers. Every secret (client secret, code, token, session id, one-time
 * link) is stored as its SHA-256 hash only.
 */
import type { Kysely, Migration } from 'kysely';
import type { DB } from '../db/schema';

export interface AccountLoginsTable {
  account_id: string;
  /** scrypt$N$r$p$salt$hash (base64url parts). */
  password_hash: string | null;
  email_confirmed_at: string | null;
  created_at: string;
}

export interface OAuthClientsTable {
  client_id: string;
  secret_hash: string | null;
  name: string;
  /** JSON array of exact redirect URIs. */
  redirect_uris: string;
  auth_method: string;
  /** JSON array. */
  grant_types: string;
  /** Space-separated scopes the client may ask for. */
  scope: string;
  /** The account that created the application in the account area; null for dynamic registration. */
  owner_account_id: string | null;
  created_at: string;
  blocked_at: string | null;
}

export interface OAuthCodesTable {
  hash: string;
  client_id: string;
  account_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  resource: string | null;
  /** The token family the code starts (a replayed code revokes it). */
  family_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OAuthTokensTable {
  hash: string;
  kind: string; // 'access' | 'refresh'
  family_id: string;
  client_id: string;
  account_id: string;
  scope: string;
  resource: string | null;
  expires_at: string;
  /** Refresh tokens: set when rotated (presenting it again is reuse). */
  used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface OAuthConsentsTable {
  account_id: string;
  client_id: string;
  scope: string;
  created_at: string;
  revoked_at: string | null;
}

export interface WebSessionsTable {
  id_hash: string;
  account_id: string;
  csrf: string;
  created_at: string;
  expires_at: string;
}

export interface OneTimeLinksTable {
  hash: string;
  account_id: string;
  purpose: string; // 'confirm' | 'reset'
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface AuthTables {
  account_logins: AccountLoginsTable;
  oauth_clients: OAuthClientsTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
  oauth_consents: OAuthConsentsTable;
  web_sessions: WebSessionsTable;
  one_time_links: OneTimeLinksTable;
  mail_outbox: MailOutboxTable;
}

export type AuthDB = DB & AuthTables;

/** The app's database seen with the auth tables (they are this module's own; db/schema.ts stays untouched). */
export function authDb(db: Kysely<DB>): Kysely<AuthDB> {
  return db as unknown as Kysely<AuthDB>;
}

export const oauthMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current schema types (Kysely documents Kysely<any> for migrations)
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('account_logins')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('password_hash', 'text')
      .addColumn('email_confirmed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('oauth_clients')
      .addColumn('client_id', 'text', (c) => c.primaryKey())
      .addColumn('secret_hash', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('redirect_uris', 'text', (c) => c.notNull())
      .addColumn('auth_method', 'text', (c) => c.notNull())
      .addColumn('grant_types', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('owner_account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('blocked_at', 'text')
      .execute();
    await db.schema
      .createTable('oauth_codes')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.client_id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('code_challenge', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('resource', 'text')
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('oauth_tokens')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.client_id').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('resource', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oauth_tokens_family').on('oauth_tokens').column('family_id').execute();
    await db.schema.createIndex('oauth_tokens_account_client').on('oauth_tokens').columns(['account_id', 'client_id']).execute();
    await db.schema
      .createTable('oauth_consents')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.client_id').onDelete('cascade'))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addPrimaryKeyConstraint('oauth_consents_pk', ['account_id', 'client_id'])
      .execute();
    await db.schema
      .createTable('web_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('csrf', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('one_time_links')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current schema types (Kysely documents Kysely<any> for migrations)
  async down(db: Kysely<any>) {
    for (const t of ['mail_outbox', 'one_time_links', 'web_sessions', 'oauth_consents', 'oauth_tokens', 'oauth_codes', 'oauth_clients', 'account_logins']) await db.schema.dropTable(t).execute();
  },
};
