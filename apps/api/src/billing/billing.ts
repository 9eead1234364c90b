/**
 * Billing: the one module deciding who pays for an operation (spec §1, §2.5, §4, §8).
 *
 * Every charge is a reservation made with one atomic conditional statement (so two concurrent requests can never
 * spend the same credit, check or quota slot), committed when the operation succeeds and released when it fails:
 * a rejected or failed request costs nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { BillingDB, Undo } from './reservations';
import { ApiError } from '../platform/errors';
import { featuresOf, subscriptionOf, type AccountRow } from '../platform/accounts';
import { berlinDay, berlinMonth, nextBerlinMidnight, nextBerlinMonthStart, secondsUntil } from '../platform/time';

export type Via = 'free_quota' | 'subscription' | 'check_block' | 'credit';

/** Spec §2.5. */
export interface BillingObject {
  via: Via;
  freeRemaining: number | null;
  freePeriod: 'day' | 'month';
  checkBlockRemaining?: number;
  creditsCharged?: number;
  refunded?: boolean;
}

export interface Charge {
  billing: BillingObject;
  /** True when the free tier pays: the invoice must carry the verification seal. */
  watermark: boolean;
  commit(): Promise<void>;
  release(): Promise<void>;
  /** Release even when a commit was attempted and failed (no-op once a commit succeeded). */
  releaseAfterFailure(): Promise<void>;
}

export const FREE_VALIDATIONS_PER_DAY = 5;
export const FREE_PARSES_PER_MONTH = 5;
export const CHECKS_PER_BLOCK = 10;
export const FAIR_USE_BASE = 100;
export const FAIR_USE_PER_PACKAGE = 1000;

type Counter = 'invoice_free' | 'validation_free' | 'parse_free' | 'fair_use';
type Db = Kysely<DB> | Transaction<DB>;

/** Default lifetime of a reservation (Config.chargeHoldSeconds). */
export const DEFAULT_HOLD_SECONDS = 900;

export class Billing {
  private readonly holdMs: number;
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => Date,
    private readonly opts: { freeInvoicesPerDay: number; holdSeconds?: number },
  ) {
    this.holdMs = (opts.holdSeconds ?? DEFAULT_HOLD_SECONDS) * 1000;
  }

  private res(db: Db): Kysely<BillingDB> {
    return (db as Kysely<DB>).withTables<{ charge_reservations: BillingDB['charge_reservations'] }>();
  }

  // ---- reservations ----------------------------------------------------------------------------------------------

  /**
   * Takes something (take returns null when it cannot) and records how to give it back, in one transaction, so a
   * crash can never leave a taking without its reservation row.
   */
  private async hold<T>(accountId: string, undo: Undo, take: (db: Db) => Promise<T | null>): Promise<{ value: T; id: string } | null> {
    return this.db.transaction().execute(async (trx) => {
      const value = await take(trx);
      if (value === null) return null;
      const id = randomUUID();
      const now = this.clock();
      await this.res(trx)
        .insertInto('charge_reservations')
        .values({ id, account_id: accountId, undo: JSON.stringify(undo), created_at: now.toISOString(), expires_at: new Date(now.getTime() + this.holdMs).toISOString() })
        .execute();
      return { value, id };
    });
  }

  /** Deletes the reservation row; true when this call deleted it (and so owns the decision). */
  private async dropReservation(db: Db, id: string, onlyExpiredBy?: string): Promise<boolean> {
    let q = this.res(db).deleteFrom('charge_reservations').where('id', '=', id);
    if (onlyExpiredBy) q = q.where('expires_at', '<=', onlyExpiredBy);
    const r = await q.executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  private async giveBack(db: Db, accountId: string, undo: Undo, why: string): Promise<void> {
    switch (undo.t) {
      case 'slot':
        return this.giveSlot(db, accountId, undo.kind, undo.period);
      case 'credit':
        return this.giveCredit(db, accountId, `${undo.note} ${why}`);
      case 'check':
        await db.updateTable('accounts').set({ check_block_remaining: sql<number>`check_block_remaining + 1` }).where('id', '=', accountId).execute();
        return;
      case 'block':
        return this.undoBlock(db, accountId, why);
    }
  }

  private async releaseReservation(id: string, accountId: string, undo: Undo): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (await this.dropReservation(trx, id)) await this.giveBack(trx, accountId, undo, 'failed');
    });
  }

  /**
   * Gives back every reservation past its expiry (its request's process died between reserve and commit).
   * Safe to run concurrently with commits, releases and other sweeps. Returns how many were given back.
   */
  async releaseExpired(limit = 500): Promise<number> {
    const now = this.clock().toISOString();
    const rows = await this.res(this.db).selectFrom('charge_reservations').select(['id', 'account_id', 'undo']).where('expires_at', '<=', now).limit(limit).execute();
    let n = 0;
    for (const r of rows) {
      await this.db.transaction().execute(async (trx) => {
        if (await this.dropReservation(trx, r.id, now)) {
          await this.giveBack(trx, r.account_id, JSON.parse(r.undo) as Undo, 'returned: reservation expired');
          n++;
        }
      });
    }
    return n;
  }

  /** Open reservations of an account (tests, admin). */
  async openReservations(accountId: string): Promise<number> {
    const r = await this.res(this.db)
      .selectFrom('charge_reservations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  // ---- atomic primitives -------------------------------------------------------------------------------------

  /** Takes one slot of a bounded counter; returns the new count, or null when the limit is reached. */
  private async takeSlot(db: Db, accountId: string, kind: Counter, period: string, limit: number): Promise<number | null> {
    if (limit <= 0) return null;
    const r = await db
      .insertInto('usage_counters')
      .values({ account_id: accountId, kind, period, count: 1 })
      .onConflict((oc) => oc.columns(['account_id', 'kind', 'period']).doUpdateSet({ count: sql<number>`usage_counters.count + 1` }).where('usage_counters.count', '<', limit))
      .returning('count')
      .executeTakeFirst();
    return r ? Number(r.count) : null;
  }

  private async giveSlot(db: Db, accountId: string, kind: Counter, period: string): Promise<void> {
    await db
      .updateTable('usage_counters')
      .set({ count: sql<number>`count - 1` })
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('period', '=', period)
      .where('count', '>', 0)
      .execute();
  }

  private async countOf(accountId: string, kind: Counter, period: string): Promise<number> {
    const r = await this.db.selectFrom('usage_counters').select('count').where('account_id', '=', accountId).where('kind', '=', kind).where('period', '=', period).executeTakeFirst();
    return r ? Number(r.count) : 0;
  }

  private async takeCredit(db: Db, accountId: string, note: string): Promise<true | null> {
    const r = await db.updateTable('accounts').set({ credits: sql<number>`credits - 1` }).where('id', '=', accountId).where('credits', '>=', 1).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return null;
    await this.ledger(db, accountId, 'credit_charged', -1, note);
    return true;
  }

  private async giveCredit(db: Db, accountId: string, note: string): Promise<void> {
    await db.updateTable('accounts').set({ credits: sql<number>`credits + 1` }).where('id', '=', accountId).execute();
    await this.ledger(db, accountId, 'credit_refunded', 1, note);
  }

  private async ledger(db: Db, accountId: string, kind: string, delta: number, note: string): Promise<void> {
    await db.insertInto('ledger').values({ id: randomUUID(), account_id: accountId, kind, credits_delta: delta, note, created_at: this.clock().toISOString() }).execute();
  }

  private async takeCheck(db: Db, accountId: string): Promise<number | null> {
    const r = await db
      .updateTable('accounts')
      .set({ check_block_remaining: sql<number>`check_block_remaining - 1` })
      .where('id', '=', accountId)
      .where('check_block_remaining', '>=', 1)
      .returning('check_block_remaining')
      .executeTakeFirst();
    return r ? Number(r.check_block_remaining) : null;
  }

  /** 1 credit buys a block of 10 checks, one of which this call uses. Returns the checks left, or null. */
  private async buyBlock(db: Db, accountId: string): Promise<number | null> {
    const r = await db
      .updateTable('accounts')
      .set({ credits: sql<number>`credits - 1`, check_block_remaining: sql<number>`check_block_remaining + ${CHECKS_PER_BLOCK - 1}` })
      .where('id', '=', accountId)
      .where('credits', '>=', 1)
      .returning('check_block_remaining')
      .executeTakeFirst();
    if (!r) return null;
    await this.ledger(db, accountId, 'check_block_bought', -1, `block of ${CHECKS_PER_BLOCK} checks`);
    return Number(r.check_block_remaining);
  }

  /** Undo a block purchase: the credit comes back if the block is still untouched, otherwise the check does. */
  private async undoBlock(db: Db, accountId: string, why: string): Promise<void> {
    const r = await db
      .updateTable('accounts')
      .set({ credits: sql<number>`credits + 1`, check_block_remaining: sql<number>`check_block_remaining - ${CHECKS_PER_BLOCK - 1}` })
      .where('id', '=', accountId)
      .where('check_block_remaining', '>=', CHECKS_PER_BLOCK - 1)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) await this.ledger(db, accountId, 'check_block_refunded', 1, `operation ${why}`);
    else await db.updateTable('accounts').set({ check_block_remaining: sql<number>`check_block_remaining + 1` }).where('id', '=', accountId).execute();
  }

  /** A charge backed by a reservation row: commit drops the row, release drops it and gives back. */
  private reserved(billing: BillingObject, accountId: string, held: { id: string }, undo: Undo, commit: () => Promise<void> = async () => {}, watermark = false): Charge {
    return this.charge(
      billing,
      () => this.releaseReservation(held.id, accountId, undo),
      async () => {
        // Not deleted: the reservation had expired and was already given back; the operation stays free.
        if (await this.dropReservation(this.db, held.id)) await commit();
      },
      watermark,
    );
  }

  private charge(billing: BillingObject, release: () => Promise<void>, commit: () => Promise<void> = async () => {}, watermark = false): Charge {
    let settled: 'committed' | 'released' | 'committing' | null = null;
    return {
      billing,
      watermark,
      commit: async () => {
        if (settled) return;
        settled = 'committing';
        await commit();
        settled = 'committed';
      },
      release: async () => {
        if (settled) return;
        settled = 'released';
        await release();
      },
      releaseAfterFailure: async () => {
        if (settled === 'committed' || settled === 'released') return;
        settled = 'released';
        await release();
      },
    };
  }

  // ---- operations ----------------------------------------------------------------------------------------------

  /** Payment-file and statement validation: payments feature → free 5/day → check block → 1 credit buys a block. */
  async reserveValidation(account: AccountRow): Promise<Charge> {
    const now = this.clock();
    if (featuresOf(account, now).includes('payments')) return this.charge({ via: 'subscription', freeRemaining: null, freePeriod: 'day' }, async () => {});
    const day = berlinDay(now);
    const slot: Undo = { t: 'slot', kind: 'validation_free', period: day };
    const used = await this.hold(account.id, slot, (db) => this.takeSlot(db, account.id, 'validation_free', day, FREE_VALIDATIONS_PER_DAY));
    if (used !== null) {
      return this.reserved({ via: 'free_quota', freeRemaining: FREE_VALIDATIONS_PER_DAY - used.value, freePeriod: 'day' }, account.id, used, slot);
    }
    const left = await this.hold(account.id, { t: 'check' }, (db) => this.takeCheck(db, account.id));
    if (left !== null) {
      return this.reserved({ via: 'check_block', freeRemaining: 0, freePeriod: 'day', checkBlockRemaining: left.value, creditsCharged: 0 }, account.id, left, { t: 'check' });
    }
    const afterBuy = await this.hold(account.id, { t: 'block' }, (db) => this.buyBlock(db, account.id));
    if (afterBuy !== null) {
      return this.reserved({ via: 'check_block', freeRemaining: 0, freePeriod: 'day', checkBlockRemaining: afterBuy.value, creditsCharged: 1 }, account.id, afterBuy, { t: 'block' });
    }
    const retry = secondsUntil(now, nextBerlinMidnight(now));
    throw new ApiError(
      402,
      'payment_required',
      'Daily free validations used up; no subscription with the payments feature, no open check block and no credit',
      { freePeriod: 'day', retryAfterSeconds: retry },
      { 'Retry-After': String(retry) },
    );
  }

  /** Statement parsing: payments feature → free 5/month → 1 credit per call. */
  async reserveParse(account: AccountRow): Promise<Charge> {
    const now = this.clock();
    if (featuresOf(account, now).includes('payments')) return this.charge({ via: 'subscription', freeRemaining: null, freePeriod: 'month' }, async () => {});
    const month = berlinMonth(now);
    const slot: Undo = { t: 'slot', kind: 'parse_free', period: month };
    const used = await this.hold(account.id, slot, (db) => this.takeSlot(db, account.id, 'parse_free', month, FREE_PARSES_PER_MONTH));
    if (used !== null) {
      return this.reserved({ via: 'free_quota', freeRemaining: FREE_PARSES_PER_MONTH - used.value, freePeriod: 'month' }, account.id, used, slot);
    }
    const credit: Undo = { t: 'credit', note: 'statement parse' };
    const paid = await this.hold(account.id, credit, (db) => this.takeCredit(db, account.id, 'statement parse'));
    if (paid !== null) {
      return this.reserved({ via: 'credit', freeRemaining: 0, freePeriod: 'month', creditsCharged: 1 }, account.id, paid, credit);
    }
    const retry = secondsUntil(now, nextBerlinMonthStart(now));
    throw new ApiError(
      402,
      'payment_required',
      'Monthly free parses used up; no subscription with the payments feature and no credit',
      { freePeriod: 'month', retryAfterSeconds: retry },
      { 'Retry-After': String(retry) },
    );
  }

  /** Invoice PDF (rule 1): subscription → 1 credit → free watermarked quota per Berlin day → 429. */
  async reserveInvoicePdf(account: AccountRow): Promise<Charge> {
    const now = this.clock();
    const sub = subscriptionOf(account, now);
    if (sub.active)
      return this.charge(
        { via: 'subscription', freeRemaining: null, freePeriod: 'day' },
        async () => {},
        () => this.countFairUse(account.id),
      );
    const credit: Undo = { t: 'credit', note: 'invoice pdf' };
    const paid = await this.hold(account.id, credit, (db) => this.takeCredit(db, account.id, 'invoice pdf'));
    if (paid !== null) {
      return this.reserved({ via: 'credit', freeRemaining: null, freePeriod: 'day', creditsCharged: 1 }, account.id, paid, credit);
    }
    const day = berlinDay(now);
    const slot: Undo = { t: 'slot', kind: 'invoice_free', period: day };
    const used = await this.hold(account.id, slot, (db) => this.takeSlot(db, account.id, 'invoice_free', day, this.opts.freeInvoicesPerDay));
    if (used !== null) {
      return this.reserved({ via: 'free_quota', freeRemaining: this.opts.freeInvoicesPerDay - used.value, freePeriod: 'day' }, account.id, used, slot, async () => {}, true);
    }
    const retry = secondsUntil(now, nextBerlinMidnight(now));
    throw new ApiError(
      429,
      'free_quota_exhausted',
      `The free quota of ${this.opts.freeInvoicesPerDay} watermarked invoices per day is used up`,
      { freePeriod: 'day', retryAfterSeconds: retry },
      { 'Retry-After': String(retry) },
    );
  }

  /** XML invoices and extraction (rule 2): subscription or 1 credit, else 403 subscription_required. */
  async reserveSubscriptionOrCredit(account: AccountRow, what: string, countsFairUse: boolean): Promise<Charge> {
    const now = this.clock();
    if (subscriptionOf(account, now).active) {
      return this.charge({ via: 'subscription', freeRemaining: null, freePeriod: 'day' }, async () => {}, countsFairUse ? () => this.countFairUse(account.id) : async () => {});
    }
    const credit: Undo = { t: 'credit', note: what };
    const paid = await this.hold(account.id, credit, (db) => this.takeCredit(db, account.id, what));
    if (paid !== null) {
      return this.reserved({ via: 'credit', freeRemaining: null, freePeriod: 'day', creditsCharged: 1 }, account.id, paid, credit);
    }
    throw new ApiError(403, 'subscription_required', `${what} needs an active subscription or a credit`);
  }

  /** The fair-use counter counts watermark-free subscription invoices per Berlin month; it never blocks. */
  private async countFairUse(accountId: string): Promise<void> {
    await this.db
      .insertInto('usage_counters')
      .values({ account_id: accountId, kind: 'fair_use', period: berlinMonth(this.clock()), count: 1 })
      .onConflict((oc) => oc.columns(['account_id', 'kind', 'period']).doUpdateSet({ count: sql<number>`usage_counters.count + 1` }))
      .execute();
  }

  async fairUse(account: AccountRow): Promise<{ month: string; limit: number; used: number | null; volumePackages: number } | null> {
    const now = this.clock();
    if (!subscriptionOf(account, now).active) return null;
    const month = berlinMonth(now);
    let used: number | null;
    try {
      used = await this.countOf(account.id, 'fair_use', month);
    } catch {
      used = null;
    }
    return { month, limit: FAIR_USE_BASE + FAIR_USE_PER_PACKAGE * account.volume_packages, used, volumePackages: account.volume_packages };
  }

  async freeInvoicesRemaining(account: AccountRow): Promise<number> {
    return Math.max(0, this.opts.freeInvoicesPerDay - (await this.countOf(account.id, 'invoice_free', berlinDay(this.clock()))));
  }
}

type OpResult<T> = T | { refund: true; value: T };

function isRefund<T>(out: OpResult<T>): out is { refund: true; value: T } {
  return !!out && typeof out === 'object' && (out as { refund?: unknown }).refund === true;
}

/**
 * Runs an operation under a reservation, then produces the response, then commits: commit happens only once the
 * response body exists, so a failure anywhere before (the operation, a worker crash, serialising the body) releases
 * the reservation and the error propagates. The operation may ask for a refund (e.g. the schema check was
 * unreachable): then the reservation is released and billing.refunded is true.
 *
 * Without `respond` (older call sites) the commit happens before the caller builds its response; prefer `respond`.
 */
export async function withCharge<T, R>(charge: Charge, op: (charge: Charge) => Promise<OpResult<T>>, respond: (value: T, billing: BillingObject) => R | Promise<R>): Promise<R>;
export async function withCharge<T>(charge: Charge, op: (charge: Charge) => Promise<OpResult<T>>): Promise<{ value: T; billing: BillingObject }>;
export async function withCharge<T, R>(
  charge: Charge,
  op: (charge: Charge) => Promise<OpResult<T>>,
  respond?: (value: T, billing: BillingObject) => R | Promise<R>,
): Promise<R | { value: T; billing: BillingObject }> {
  let settled: 'commit' | 'release' | null = null;
  try {
    const out = await op(charge);
    const refund = isRefund(out);
    const value = refund ? out.value : (out as T);
    const billing: BillingObject = refund ? { ...charge.billing, refunded: true } : charge.billing;
    if (refund) {
      settled = 'release';
      await charge.release();
    }
    const response = respond ? await respond(value, billing) : ({ value, billing } as const);
    if (!refund) {
      settled = 'commit';
      await charge.commit();
    }
    return response;
  } catch (e) {
    // A failed commit releases too (the row is still there when the commit's delete failed).
    if (settled !== 'release') await charge.releaseAfterFailure().catch(() => undefined);
    throw e;
  }
}
