/**
 * Charge reservations: every charge that took something (a credit, a free slot, a check) writes a row saying how to
 * give it back and until when it holds. Commit deletes the row; release deletes it and gives back; a row whose
 * holder died (process killed between reserve and commit) expires and is given back by the sweep. Exactly one of
 * commit, release and the sweep wins, because each first deletes the row and acts only if it deleted it.
 */
import type { Kysely, Migration } from 'kysely';
import type { DB } from '../db/schema';

export interface ChargeReservationsTable {
  id: string;
  account_id: string;
  /** JSON of Undo. */
  undo: string;
  created_at: string;
  expires_at: string;
}

export type BillingDB = DB & { charge_reservations: ChargeReservationsTable };

export type Undo = { t: 'slot'; kind: 'invoice_free' | 'validation_free' | 'parse_free'; period: string } | { t: 'credit'; note: string } | { t: 'check' } | { t: 'block' };

export const chargeReservationsMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current schema types (Kysely documents Kysely<any> for migrations)
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('charge_reservations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('undo', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('charge_reservations_expiry').on('charge_reservations').column('expires_at').execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on the current schema types (Kysely documents Kysely<any> for migrations)
  async down(db: Kysely<any>) {
    await db.schema.dropTable('charge_reservations').execute();
  },
};
