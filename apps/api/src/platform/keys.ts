/**
 * API keys: a fixed prefix (OAuth access tokens carry another, kontor_at_), 256 random bits, stored only as a SHA-256
 * hash, shown once, revocable, with a last-used time. Lookups go by hash and are confirmed in constant time.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, DB } from '../db/schema';
import { ApiError } from './errors';

export const API_KEY_PREFIX = 'kontor_sk_';
export type ApiKeyRow = Selectable<ApiKeysTable>;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export class ApiKeys {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: () => Date,
  ) {}

  async create(accountId: string, name = 'default'): Promise<{ id: string; key: string; displayPrefix: string }> {
    const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const id = randomUUID();
    const displayPrefix = key.slice(0, API_KEY_PREFIX.length + 6);
    await this.db
      .insertInto('api_keys')
      .values({ id, account_id: accountId, name, display_prefix: displayPrefix, hash: hashSecret(key), created_at: this.clock().toISOString(), last_used_at: null, revoked_at: null })
      .execute();
    return { id, key, displayPrefix };
  }

  /** Returns the account id of a valid key, or throws 401 invalid_key. */
  async verify(key: string): Promise<{ accountId: string; keyId: string }> {
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw new ApiError(401, 'invalid_key', 'Invalid API key');
    const h = hashSecret(key);
    const row = await this.db.selectFrom('api_keys').selectAll().where('hash', '=', h).executeTakeFirst();
    if (!row || !timingSafeEqual(Buffer.from(row.hash, 'hex'), Buffer.from(h, 'hex')) || row.revoked_at !== null) {
      throw new ApiError(401, 'invalid_key', 'Invalid, expired or revoked API key');
    }
    const now = this.clock();
    // Last-used is informational: write at most once a minute per key.
    if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > 60_000) {
      await this.db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', row.id).execute();
    }
    return { accountId: row.account_id, keyId: row.id };
  }

  async list(accountId: string): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
  }

  /** Revokes a key only when it belongs to the account (the account pages). */
  async revokeOwned(accountId: string, id: string): Promise<boolean> {
    const r = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: this.clock().toISOString() })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async revoke(id: string): Promise<boolean> {
    const r = await this.db.updateTable('api_keys').set({ revoked_at: this.clock().toISOString() }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
