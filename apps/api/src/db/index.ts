/** Opens the database (SQLite file by default, PostgreSQL for postgres:// URLs) and runs migrations. */
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DB } from './schema';
import { migrationProvider } from './migrations';
import type { Config } from '../config';

export type { DB } from './schema';

export interface Database {
  db: Kysely<DB>;
  kind: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

export async function openDatabase(cfg: Config['database']): Promise<Database> {
  let db: Kysely<DB>;
  if (cfg.kind === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    if (cfg.file !== ':memory:') mkdirSync(path.dirname(cfg.file), { recursive: true });
    const sqlite = new SQLite(cfg.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  } else {
    const { default: pg } = await import('pg');
    // A bounded connect: an unreachable server is an error after 5 s, not a hang.
    const pool = new pg.Pool({ connectionString: cfg.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String((error as Error)?.message ?? error)}`);
  }
  return { db, kind: cfg.kind, close: () => db.destroy() };
}
