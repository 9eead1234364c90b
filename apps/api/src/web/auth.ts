/**
 * Sign-in state of people (not of API clients): passwords (scrypt), browser sessions with CSRF tokens, one-time
 * links (e-mail confirmation, password reset) and the mail outbox. No HTTP here.
 */
import { randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AccountRow } from '../platform/accounts';
import { authDb, type AuthDB } from '../oauth/schema';
import { safeEqual, sha256Hex } from '../oauth/server';

export const SESSION_TTL_MS = 12 * 60 * 60_000;
export const LINK_TTL_MS = 60 * 60_000;
export const MIN_PASSWORD = 10;
export const MAX_PASSWORD = 200;

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 };

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Always does the scrypt work (a dummy hash for unknown accounts) so timing does not reveal who has an account. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').split('$');
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash ?? '', 'base64url');
  const key = await scrypt(password.normalize('NFC'), Buffer.from(salt ?? '', 'base64url'), expected.length || 32, { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 });
  return stored !== null && expected.length === key.length && timingSafeEqual(expected, key);
}

export interface Session {
  accountId: string;
  csrf: string;
  expiresAt: string;
}

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export class WebAuth {
  private readonly db: Kysely<AuthDB>;
  constructor(
    db: Kysely<DB>,
    private readonly clock: () => Date,
    /** Where a mail goes besides the outbox table (the log in development, an SMTP transport by configuration). */
    private readonly deliver: (m: Mail) => Promise<void> | void = () => undefined,
  ) {
    this.db = authDb(db);
  }

  private now(): string {
    return this.clock().toISOString();
  }

  async login(accountId: string) {
    return this.db.selectFrom('account_logins').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  }

  async setPassword(accountId: string, password: string, confirmed: boolean): Promise<void> {
    const hash = await hashPassword(password);
    const existing = await this.login(accountId);
    if (existing) {
      await this.db
        .updateTable('account_logins')
        .set({ password_hash: hash, ...(confirmed && !existing.email_confirmed_at ? { email_confirmed_at: this.now() } : {}) })
        .where('account_id', '=', accountId)
        .execute();
    } else {
      await this.db
        .insertInto('account_logins')
        .values({ account_id: accountId, password_hash: hash, email_confirmed_at: confirmed ? this.now() : null, created_at: this.now() })
        .execute();
    }
    // A new password ends every other session.
    await this.db.deleteFrom('web_sessions').where('account_id', '=', accountId).execute();
  }

  /** The account when e-mail and password are right and the address is confirmed; null otherwise (one answer for all). */
  async checkPassword(account: AccountRow | undefined, password: string): Promise<AccountRow | null> {
    const login = account ? await this.login(account.id) : undefined;
    const ok = await verifyPassword(password, login?.password_hash ?? null);
    return ok && account && login?.email_confirmed_at ? account : null;
  }

  async confirmEmail(accountId: string): Promise<void> {
    await this.db.updateTable('account_logins').set({ email_confirmed_at: this.now() }).where('account_id', '=', accountId).where('email_confirmed_at', 'is', null).execute();
  }

  /** A fresh session (always a new id: no session fixation). Returns the cookie value. */
  async createSession(accountId: string): Promise<{ id: string; csrf: string }> {
    const id = randomBytes(32).toString('base64url');
    const csrf = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('web_sessions')
      .values({ id_hash: sha256Hex(id), account_id: accountId, csrf, created_at: this.now(), expires_at: new Date(this.clock().getTime() + SESSION_TTL_MS).toISOString() })
      .execute();
    return { id, csrf };
  }

  async session(id: string | undefined): Promise<Session | null> {
    if (!id || id.length > 100) return null;
    const h = sha256Hex(id);
    const row = await this.db.selectFrom('web_sessions').selectAll().where('id_hash', '=', h).executeTakeFirst();
    if (!row || !safeEqual(row.id_hash, h)) return null;
    if (row.expires_at <= this.now()) {
      await this.db.deleteFrom('web_sessions').where('id_hash', '=', h).execute();
      return null;
    }
    return { accountId: row.account_id, csrf: row.csrf, expiresAt: row.expires_at };
  }

  async endSession(id: string | undefined): Promise<void> {
    if (id) await this.db.deleteFrom('web_sessions').where('id_hash', '=', sha256Hex(id)).execute();
  }

  async createLink(accountId: string, purpose: 'confirm' | 'reset'): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('one_time_links')
      .values({ hash: sha256Hex(token), account_id: accountId, purpose, expires_at: new Date(this.clock().getTime() + LINK_TTL_MS).toISOString(), used_at: null, created_at: this.now() })
      .execute();
    return token;
  }

  /** Redeems a one-time link exactly once; null when unknown, used, expired or of another purpose. */
  async useLink(token: string, purpose: 'confirm' | 'reset'): Promise<string | null> {
    if (!token || token.length > 100) return null;
    const h = sha256Hex(token);
    const row = await this.db.selectFrom('one_time_links').selectAll().where('hash', '=', h).executeTakeFirst();
    if (!row || row.purpose !== purpose || row.used_at || row.expires_at <= this.now()) return null;
    const r = await this.db.updateTable('one_time_links').set({ used_at: this.now() }).where('hash', '=', h).where('used_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? row.account_id : null;
  }

  /** Peeks at a link without using it (the reset form is shown first, used on submit). */
  async linkValid(token: string, purpose: 'confirm' | 'reset'): Promise<boolean> {
    if (!token || token.length > 100) return false;
    const row = await this.db.selectFrom('one_time_links').selectAll().where('hash', '=', sha256Hex(token)).executeTakeFirst();
    return !!row && row.purpose === purpose && !row.used_at && row.expires_at > this.now();
  }

  async sendMail(m: Mail): Promise<void> {
    await this.db.insertInto('mail_outbox').values({ id: randomUUID(), to_address: m.to, subject: m.subject, body: m.body, created_at: this.now() }).execute();
    await this.deliver(m);
  }

  async outbox(to?: string): Promise<{ to: string; subject: string; body: string; createdAt: string }[]> {
    let q = this.db.selectFrom('mail_outbox').select(['to_address as to', 'subject', 'body', 'created_at as createdAt']);
    if (to) q = q.where('to_address', '=', to);
    return q.orderBy('created_at').execute();
  }
}
