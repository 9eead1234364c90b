/** Accounts and their subscription state; features are derived from plan and add-on (spec §5). */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AccountsTable, DB } from '../db/schema';
import { ApiError } from './errors';

export type Plan = 'converter' | 'payments' | 'payments+abroad';
export const plans: readonly Plan[] = ['converter', 'payments', 'payments+abroad'];
export type Feature = 'converter' | 'payments' | 'paymentsAbroad';
export type SubscriptionStatus = 'none' | 'active' | 'trialing' | 'past_due' | 'canceled';
export const subscriptionStatuses: readonly SubscriptionStatus[] = ['none', 'active', 'trialing', 'past_due', 'canceled'];

export type AccountRow = Selectable<AccountsTable>;

export interface Subscription {
  status: SubscriptionStatus;
  active: boolean;
  plan: Plan | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export function subscriptionOf(a: AccountRow, now: Date): Subscription {
  const status = a.sub_status as SubscriptionStatus;
  const inPeriod = a.sub_current_period_end === null || new Date(a.sub_current_period_end).getTime() > now.getTime();
  const plan = a.sub_plan === 'payments' ? (a.sub_abroad ? 'payments+abroad' : 'payments') : a.sub_plan === 'converter' ? 'converter' : null;
  return {
    status,
    active: (status === 'active' || status === 'trialing') && inPeriod && plan !== null,
    plan,
    currentPeriodEnd: a.sub_current_period_end,
    cancelAtPeriodEnd: a.sub_cancel_at_period_end === 1,
  };
}

/** converter comes with every active subscription; payments with the payments plan; paymentsAbroad with its add-on. */
export function featuresOf(a: AccountRow, now: Date): Feature[] {
  const s = subscriptionOf(a, now);
  if (!s.active) return [];
  const f: Feature[] = ['converter'];
  if (s.plan === 'payments' || s.plan === 'payments+abroad') f.push('payments');
  if (s.plan === 'payments+abroad') f.push('paymentsAbroad');
  return f;
}

export class Accounts {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => Date,
  ) {}

  async create(input: { email: string; plan?: Plan | null; credits?: number; periodEnd?: string | null }): Promise<AccountRow> {
    const email = input.email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new ApiError(400, 'invalid_input', `Not an e-mail address: ${input.email}`);
    const existing = await this.byEmail(email);
    if (existing) throw new ApiError(400, 'invalid_input', `An account for ${email} exists already`);
    const plan = input.plan ?? null;
    const row: AccountRow = {
      id: randomUUID(),
      email,
      credits: input.credits ?? 0,
      sub_status: plan ? 'active' : 'none',
      sub_plan: plan === 'payments+abroad' ? 'payments' : plan,
      sub_abroad: plan === 'payments+abroad' ? 1 : 0,
      sub_current_period_end: plan ? (input.periodEnd ?? null) : null,
      sub_cancel_at_period_end: 0,
      volume_packages: 0,
      check_block_remaining: 0,
      created_at: this.clock().toISOString(),
    };
    await this.db.insertInto('accounts').values(row).execute();
    return row;
  }

  async byId(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async byEmail(email: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  async require(email: string): Promise<AccountRow> {
    const a = await this.byEmail(email);
    if (!a) throw new ApiError(404, 'not_found', `No account for ${email}`);
    return a;
  }

  async list(): Promise<AccountRow[]> {
    return this.db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('email').execute();
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async addCredits(id: string, amount: number, note = 'admin'): Promise<AccountRow> {
    if (!Number.isInteger(amount) || amount === 0) throw new ApiError(400, 'invalid_input', 'Credit amount must be a non-zero whole number');
    await this.db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable('accounts')
        .set((eb) => ({ credits: eb('credits', '+', amount) }))
        .where('id', '=', id)
        .where((eb) => eb('credits', '>=', -amount))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new ApiError(400, 'invalid_input', 'Credits would become negative');
      await tx.insertInto('ledger').values({ id: randomUUID(), account_id: id, kind: 'credits_adjusted', credits_delta: amount, note, created_at: this.clock().toISOString() }).execute();
    });
    return (await this.byId(id))!;
  }

  async setSubscription(
    id: string,
    s: { plan?: Plan | null; status?: SubscriptionStatus; currentPeriodEnd?: string | null; cancelAtPeriodEnd?: boolean; volumePackages?: number },
  ): Promise<AccountRow> {
    const patch: Partial<AccountRow> = {};
    if (s.plan !== undefined) {
      patch.sub_plan = s.plan === 'payments+abroad' ? 'payments' : s.plan;
      patch.sub_abroad = s.plan === 'payments+abroad' ? 1 : 0;
      if (s.plan === null) patch.sub_status = 'none';
      else if (s.status === undefined) patch.sub_status = 'active';
    }
    if (s.status !== undefined) patch.sub_status = s.status;
    if (s.currentPeriodEnd !== undefined) patch.sub_current_period_end = s.currentPeriodEnd;
    if (s.cancelAtPeriodEnd !== undefined) patch.sub_cancel_at_period_end = s.cancelAtPeriodEnd ? 1 : 0;
    if (s.volumePackages !== undefined) {
      if (!Number.isInteger(s.volumePackages) || s.volumePackages < 0) throw new ApiError(400, 'invalid_input', 'volumePackages must be a whole number >= 0');
      patch.volume_packages = s.volumePackages;
    }
    if (Object.keys(patch).length) await this.db.updateTable('accounts').set(patch).where('id', '=', id).execute();
    return (await this.byId(id))!;
  }
}
