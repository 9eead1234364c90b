/** One set of migrations for SQLite and PostgreSQL (only portable DDL). */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { chargeReservationsMigration } from '../billing/reservations';
import { oauthMigration } from '../oauth/schema';

const migrations: Record<string, Migration> = {
  '0001_accounts_keys_billing': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current schema types (Kysely documents Kysely<any> for migrations)
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sub_status', 'text', (c) => c.notNull().defaultTo('none'))
        .addColumn('sub_plan', 'text')
        .addColumn('sub_abroad', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sub_current_period_end', 'text')
        .addColumn('sub_cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('volume_packages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('check_block_remaining', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('accounts_credits_nonneg', sql`credits >= 0`)
        .addCheckConstraint('accounts_block_nonneg', sql`check_block_remaining >= 0`)
        .execute();
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('display_prefix', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();
      await db.schema
        .createTable('usage_counters')
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('usage_counters_pk', ['account_id', 'kind', 'period'])
        .execute();
      await db.schema
        .createTable('ledger')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('credits_delta', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current schema types (Kysely documents Kysely<any> for migrations)
    async down(db: Kysely<any>) {
      for (const t of ['ledger', 'usage_counters', 'api_keys', 'accounts']) await db.schema.dropTable(t).execute();
    },
  },
  '0002_rate_windows': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current schema types (Kysely documents Kysely<any> for migrations)
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_windows')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_no', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_windows_pk', ['key', 'window_no'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current schema types (Kysely documents Kysely<any> for migrations)
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rate_windows').execute();
    },
  },
};

// Charge reservations live with billing; the table is billing's own.
migrations['0003_charge_reservations'] = chargeReservationsMigration;
// Sign-in, browser sessions and OAuth 2.1 (tables of apps/api/src/oauth).
migrations['0005_oauth_sessions'] = oauthMigration;

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
