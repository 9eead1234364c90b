/**
 * Fixed-window rate limits per credential and endpoint group (spec §8). Two stores: in this process's memory (the
 * single-instance SQLite default), and in the database (PostgreSQL: every instance counts in one row per credential,
 * group and window, taken with one atomic conditional upsert, so N instances together allow exactly the limit).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one request for `key` in the current window unless `limit` is reached. */
  hit(key: string, limit: number): Promise<RateDecision>;
}

interface Window {
  number: number;
  retryAfterSeconds: number;
}

function windowOf(now: number, windowMs: number): Window {
  const number = Math.floor(now / windowMs);
  return { number, retryAfterSeconds: Math.max(1, Math.ceil(((number + 1) * windowMs - now) / 1000)) };
}

/** Counters in this process: right for one instance only. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { number: number; count: number }>();
  constructor(
    private readonly clock: () => Date,
    private readonly windowMs = 60_000,
  ) {}

  async hit(key: string, limit: number): Promise<RateDecision> {
    const w = windowOf(this.clock().getTime(), this.windowMs);
    let entry = this.windows.get(key);
    if (!entry || entry.number !== w.number) {
      entry = { number: w.number, count: 0 };
      this.windows.set(key, entry);
      if (this.windows.size > 50_000) this.sweep(w.number);
    }
    if (entry.count >= limit) return { allowed: false, remaining: 0, retryAfterSeconds: w.retryAfterSeconds };
    entry.count++;
    return { allowed: true, remaining: limit - entry.count, retryAfterSeconds: w.retryAfterSeconds };
  }

  private sweep(current: number): void {
    for (const [k, e] of this.windows) if (e.number !== current) this.windows.delete(k);
  }
}

/** Counters in the database, shared by every instance on it (no read-modify-write: one statement decides). */
export class DatabaseRateLimiter implements RateLimiter {
  /** Last window this instance cleared old rows for (cleanup runs at most once per window and instance). */
  private swept = -1;
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => Date,
    private readonly windowMs = 60_000,
  ) {}

  async hit(key: string, limit: number): Promise<RateDecision> {
    const w = windowOf(this.clock().getTime(), this.windowMs);
    if (limit <= 0) return { allowed: false, remaining: 0, retryAfterSeconds: w.retryAfterSeconds };
    if (this.swept !== w.number) {
      this.swept = w.number;
      await this.db.deleteFrom('rate_windows').where('window_no', '<', w.number).execute();
    }
    const row = await this.db
      .insertInto('rate_windows')
      .values({ key, window_no: w.number, count: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_no']).doUpdateSet({ count: sql<number>`rate_windows.count + 1` }).where('rate_windows.count', '<', limit))
      .returning('count')
      .executeTakeFirst();
    if (!row) return { allowed: false, remaining: 0, retryAfterSeconds: w.retryAfterSeconds };
    return { allowed: true, remaining: Math.max(0, limit - Number(row.count)), retryAfterSeconds: w.retryAfterSeconds };
  }
}

/** Requests per minute per credential, by endpoint group. Groups the spec leaves open get 60. */
export const rateLimits = {
  me: 60,
  verify: 30,
  create: 20,
  extraction: 10,
  vat: 30,
  peppol: 30,
  paymentsValidate: 30,
  statements: 30,
  paymentsGenerate: 60,
  bankLookup: 120,
  structureAddresses: 30,
} as const;
export type RateGroup = keyof typeof rateLimits;
