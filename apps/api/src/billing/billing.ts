/**
 * Billing: the one module deciding who pays for an operation (spec §1, §2.5, §4, §8).
 *
 * Every charge is a reservation made with one atomic conditional statement (so two concurrent requests can never
 * spend the same credit, check or quota slot), committed when the operation succeeds and released when it fails:
 * a rejected or failed request costs nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
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
}

export const FREE_VALIDATIONS_PER_DAY = 5;
export const FREE_PARSES_PER_MONTH = 5;
export const CHECKS_PER_BLOCK = 10;
export const FAIR_USE_BASE = 100;
export const FAIR_USE_PER_PACKAGE = 1000;

type Counter = 'invoice_free' | 'validation_free' | 'parse_free' | 'fair_use';

export class Billing {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => Date,
    private readonly opts: { freeInvoicesPerDay: number },
  ) {}

  // ---- atomic primitives -------------------------------------------------------------------------------------

  /** Takes one slot of a bounded counter; returns the new count, or null when the limit is reached. */
  private async takeSlot(accountId: string, kind: Counter, period: string, limit: number): Promise<number | null> {
    if (limit <= 0) return null;
    const r = await this.db
      .insertInto('usage_counters')
      .values({ account_id: accountId, kind, period, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'kind', 'period'])
          .doUpdateSet({ count: sql<number>`usage_counters.count + 1` })
          .where('usage_counters.count', '<', limit),
      )
      .returning('count')
      .executeTakeFirst();
    return r ? Number(r.count) : null;
  }

  private async giveSlot(accountId: string, kind: Counter, period: string): Promise<void> {
    await this.db
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

  private async takeCredit(accountId: string, note: string): Promise<boolean> {
    const r = await this.db
      .updateTable('accounts')
      .set({ credits: sql<number>`credits - 1` })
      .where('id', '=', accountId)
      .where('credits', '>=', 1)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await this.ledger(accountId, 'credit_charged', -1, note);
    return true;
  }

  private async giveCredit(accountId: string, note: string): Promise<void> {
    await this.db.updateTable('accounts').set({ credits: sql<number>`credits + 1` }).where('id', '=', accountId).execute();
    await this.ledger(accountId, 'credit_refunded', 1, note);
  }

  private async ledger(accountId: string, kind: string, delta: number, note: string): Promise<void> {
    await this.db.insertInto('ledger').values({ id: randomUUID(), account_id: accountId, kind, credits_delta: delta, note, created_at: this.clock().toISOString() }).execute();
  }

  private async takeCheck(accountId: string): Promise<number | null> {
    const r = await this.db
      .updateTable('accounts')
      .set({ check_block_remaining: sql<number>`check_block_remaining - 1` })
      .where('id', '=', accountId)
      .where('check_block_remaining', '>=', 1)
      .returning('check_block_remaining')
      .executeTakeFirst();
    return r ? Number(r.check_block_remaining) : null;
  }

  /** 1 credit buys a block of 10 checks, one of which this call uses. Returns the checks left, or null. */
  private async buyBlock(accountId: string): Promise<number | null> {
    const r = await this.db
      .updateTable('accounts')
      .set({ credits: sql<number>`credits - 1`, check_block_remaining: sql<number>`check_block_remaining + ${CHECKS_PER_BLOCK - 1}` })
      .where('id', '=', accountId)
      .where('credits', '>=', 1)
      .returning('check_block_remaining')
      .executeTakeFirst();
    if (!r) return null;
    await this.ledger(accountId, 'check_block_bought', -1, `block of ${CHECKS_PER_BLOCK} checks`);
    return Number(r.check_block_remaining);
  }

  /** Undo a block purchase: the credit comes back if the block is still untouched, otherwise the check does. */
  private async undoBlock(accountId: string): Promise<void> {
    const r = await this.db
      .updateTable('accounts')
      .set({ credits: sql<number>`credits + 1`, check_block_remaining: sql<number>`check_block_remaining - ${CHECKS_PER_BLOCK - 1}` })
      .where('id', '=', accountId)
      .where('check_block_remaining', '>=', CHECKS_PER_BLOCK - 1)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) await this.ledger(accountId, 'check_block_refunded', 1, 'operation failed');
    else await this.db.updateTable('accounts').set({ check_block_remaining: sql<number>`check_block_remaining + 1` }).where('id', '=', accountId).execute();
  }

  private charge(billing: BillingObject, release: () => Promise<void>, commit: () => Promise<void> = async () => {}, watermark = false): Charge {
    let settled = false;
    return {
      billing,
      watermark,
      commit: async () => {
        if (settled) return;
        settled = true;
        await commit();
      },
      release: async () => {
        if (settled) return;
        settled = true;
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
    const used = await this.takeSlot(account.id, 'validation_free', day, FREE_VALIDATIONS_PER_DAY);
    if (used !== null) {
      return this.charge({ via: 'free_quota', freeRemaining: FREE_VALIDATIONS_PER_DAY - used, freePeriod: 'day' }, () => this.giveSlot(account.id, 'validation_free', day));
    }
    const left = await this.takeCheck(account.id);
    if (left !== null) {
      return this.charge({ via: 'check_block', freeRemaining: 0, freePeriod: 'day', checkBlockRemaining: left, creditsCharged: 0 }, async () => {
        await this.db.updateTable('accounts').set({ check_block_remaining: sql<number>`check_block_remaining + 1` }).where('id', '=', account.id).execute();
      });
    }
    const afterBuy = await this.buyBlock(account.id);
    if (afterBuy !== null) {
      return this.charge({ via: 'check_block', freeRemaining: 0, freePeriod: 'day', checkBlockRemaining: afterBuy, creditsCharged: 1 }, () => this.undoBlock(account.id));
    }
    const retry = secondsUntil(now, nextBerlinMidnight(now));
    throw new ApiError(402, 'payment_required', 'Daily free validations used up; no subscription with the payments feature, no open check block and no credit', { freePeriod: 'day', retryAfterSeconds: retry }, { 'Retry-After': String(retry) });
  }

  /** Statement parsing: payments feature → free 5/month → 1 credit per call. */
  async reserveParse(account: AccountRow): Promise<Charge> {
    const now = this.clock();
    if (featuresOf(account, now).includes('payments')) return this.charge({ via: 'subscription', freeRemaining: null, freePeriod: 'month' }, async () => {});
    const month = berlinMonth(now);
    const used = await this.takeSlot(account.id, 'parse_free', month, FREE_PARSES_PER_MONTH);
    if (used !== null) {
      return this.charge({ via: 'free_quota', freeRemaining: FREE_PARSES_PER_MONTH - used, freePeriod: 'month' }, () => this.giveSlot(account.id, 'parse_free', month));
    }
    if (await this.takeCredit(account.id, 'statement parse')) {
      return this.charge({ via: 'credit', freeRemaining: 0, freePeriod: 'month', creditsCharged: 1 }, () => this.giveCredit(account.id, 'statement parse failed'));
    }
    const retry = secondsUntil(now, nextBerlinMonthStart(now));
    throw new ApiError(402, 'payment_required', 'Monthly free parses used up; no subscription with the payments feature and no credit', { freePeriod: 'month', retryAfterSeconds: retry }, { 'Retry-After': String(retry) });
  }

  /** Invoice PDF (rule 1): subscription → 1 credit → free watermarked quota per Berlin day → 429. */
  async reserveInvoicePdf(account: AccountRow): Promise<Charge> {
    const now = this.clock();
    const sub = subscriptionOf(account, now);
    if (sub.active) return this.charge({ via: 'subscription', freeRemaining: null, freePeriod: 'day' }, async () => {}, () => this.countFairUse(account.id));
    if (await this.takeCredit(account.id, 'invoice pdf')) {
      return this.charge({ via: 'credit', freeRemaining: null, freePeriod: 'day', creditsCharged: 1 }, () => this.giveCredit(account.id, 'invoice pdf failed'));
    }
    const day = berlinDay(now);
    const used = await this.takeSlot(account.id, 'invoice_free', day, this.opts.freeInvoicesPerDay);
    if (used !== null) {
      return this.charge({ via: 'free_quota', freeRemaining: this.opts.freeInvoicesPerDay - used, freePeriod: 'day' }, () => this.giveSlot(account.id, 'invoice_free', day), async () => {}, true);
    }
    const retry = secondsUntil(now, nextBerlinMidnight(now));
    throw new ApiError(429, 'free_quota_exhausted', `The free quota of ${this.opts.freeInvoicesPerDay} watermarked invoices per day is used up`, { freePeriod: 'day', retryAfterSeconds: retry }, { 'Retry-After': String(retry) });
  }

  /** XML invoices and extraction (rule 2): subscription or 1 credit, else 403 subscription_required. */
  async reserveSubscriptionOrCredit(account: AccountRow, what: string, countsFairUse: boolean): Promise<Charge> {
    const now = this.clock();
    if (subscriptionOf(account, now).active) {
      return this.charge({ via: 'subscription', freeRemaining: null, freePeriod: 'day' }, async () => {}, countsFairUse ? () => this.countFairUse(account.id) : async () => {});
    }
    if (await this.takeCredit(account.id, what)) {
      return this.charge({ via: 'credit', freeRemaining: null, freePeriod: 'day', creditsCharged: 1 }, () => this.giveCredit(account.id, `${what} failed`));
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

/**
 * Runs an operation under a reservation: commit on success, release on any failure (the error propagates).
 * The operation may ask for a refund (e.g. the schema check was unreachable): then the reservation is released
 * and billing.refunded is true.
 */
export async function withCharge<T>(charge: Charge, op: (charge: Charge) => Promise<T | { refund: true; value: T }>): Promise<{ value: T; billing: BillingObject }> {
  let out: T | { refund: true; value: T };
  try {
    out = await op(charge);
  } catch (e) {
    await charge.release();
    throw e;
  }
  if (out && typeof out === 'object' && (out as { refund?: unknown }).refund === true) {
    await charge.release();
    return { value: (out as { value: T }).value, billing: { ...charge.billing, refunded: true } };
  }
  await charge.commit();
  return { value: out as T, billing: charge.billing };
}
