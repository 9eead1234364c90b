/**
 * The OAuth 2.1 authorization server's state machine (no HTTP here): clients (RFC 7591), authorization codes with
 * PKCE S256 (RFC 7636), access and refresh tokens with rotation and reuse detection, revocation (RFC 7009),
 * consents. Every secret is random (256 bits), stored as a SHA-256 hash and compared in constant time.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../db/schema';
import { authDb, type AuthDB, type OAuthClientsTable, type OAuthTokensTable } from './schema';

export const ACCESS_TOKEN_PREFIX = 'kontor_at_';
export const REFRESH_TOKEN_PREFIX = 'kontor_rt_';
export const CODE_PREFIX = 'kontor_ac_';
export const CLIENT_SECRET_PREFIX = 'kontor_cs_';
export const CLIENT_ID_PREFIX = 'kontor_ci_';

export const SCOPES = ['invoice:verify', 'invoice:create'] as const;
export type Scope = (typeof SCOPES)[number];

export const CODE_TTL_MS = 5 * 60_000;
export const ACCESS_TTL_MS = 60 * 60_000;
export const REFRESH_TTL_MS = 180 * 24 * 60 * 60_000;

export type ClientRow = Selectable<OAuthClientsTable>;
export type TokenRow = Selectable<OAuthTokensTable>;

/** RFC 6749 §5.2 error (token, registration, revocation endpoints; also authorize redirects). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export function sha256Hex(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex');
}

/** Constant-time equality of two strings (compared through their hashes so lengths never leak). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

const VERIFIER_RE = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE_RE = /^[A-Za-z0-9_-]{43}$/;

export function isValidChallenge(c: string): boolean {
  return CHALLENGE_RE.test(c);
}

/** Space-separated scope string → validated, de-duplicated list (throws invalid_scope). Empty → all scopes. */
export function parseScope(s: string | undefined | null, allowed: readonly string[] = SCOPES): Scope[] {
  const parts = (s ?? '').split(' ').filter(Boolean);
  if (!parts.length) return allowed.filter((x): x is Scope => (SCOPES as readonly string[]).includes(x));
  const out: Scope[] = [];
  for (const p of parts) {
    if (!(SCOPES as readonly string[]).includes(p)) throw new OAuthError('invalid_scope', `Unknown scope ${p}; supported: ${SCOPES.join(' ')}`);
    if (!allowed.includes(p)) throw new OAuthError('invalid_scope', `Scope ${p} is not allowed for this client`);
    if (!out.includes(p as Scope)) out.push(p as Scope);
  }
  return out;
}

function isLoopback(u: URL): boolean {
  return u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === '[::1]' || u.hostname === 'localhost');
}

/** A registrable redirect URI: absolute, no fragment, https or an http loopback address (native apps). */
export function checkRedirectUri(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 2000) throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be strings');
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new OAuthError('invalid_redirect_uri', `Not an absolute URL: ${raw}`);
  }
  if (u.hash || raw.includes('#')) throw new OAuthError('invalid_redirect_uri', `A redirect URI must not have a fragment: ${raw}`);
  if (u.username || u.password) throw new OAuthError('invalid_redirect_uri', `A redirect URI must not carry credentials: ${raw}`);
  if (u.protocol !== 'https:' && !isLoopback(u)) throw new OAuthError('invalid_redirect_uri', `A redirect URI must use https (or http on a loopback address): ${raw}`);
  return raw;
}

/**
 * Exact string match against the registered URIs; for loopback http URIs the port may differ (RFC 8252 §7.3,
 * native apps pick a free port), everything else must be identical.
 */
export function redirectMatches(registered: readonly string[], presented: string): boolean {
  if (registered.some((r) => safeEqual(r, presented))) return true;
  let p: URL;
  try {
    p = new URL(presented);
  } catch {
    return false;
  }
  if (!isLoopback(p)) return false;
  return registered.some((r) => {
    const u = new URL(r);
    return isLoopback(u) && u.hostname === p.hostname && u.pathname === p.pathname && u.search === p.search && !p.hash;
  });
}

export interface RegisterInput {
  client_name?: unknown;
  redirect_uris?: unknown;
  token_endpoint_auth_method?: unknown;
  grant_types?: unknown;
  response_types?: unknown;
  scope?: unknown;
}

export interface RegisteredClient {
  client_id: string;
  client_secret?: string;
  client_id_issued_at: number;
  client_secret_expires_at?: number;
  client_name: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
  grant_types: string[];
  response_types: string[];
  scope: string;
}

export interface IssuedTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export interface AccessTokenInfo {
  accountId: string;
  clientId: string;
  tokenId: string;
  scopes: Scope[];
  resource: string | null;
  expiresAt: string;
}

export class OAuthServer {
  private readonly db: Kysely<AuthDB>;
  constructor(
    db: Kysely<DB>,
    private readonly clock: () => Date,
  ) {
    this.db = authDb(db);
  }

  private now(): string {
    return this.clock().toISOString();
  }
  private later(ms: number): string {
    return new Date(this.clock().getTime() + ms).toISOString();
  }

  /** RFC 7591 registration (also used by the account area with an owner). */
  async register(input: RegisterInput, ownerAccountId: string | null = null): Promise<RegisteredClient> {
    const name = input.client_name === undefined ? 'Unnamed application' : input.client_name;
    if (typeof name !== 'string' || !name.trim() || name.length > 200) throw new OAuthError('invalid_client_metadata', 'client_name must be a non-empty string of at most 200 characters');
    if (!Array.isArray(input.redirect_uris) || input.redirect_uris.length === 0 || input.redirect_uris.length > 20) {
      throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be a non-empty array (at most 20)');
    }
    const uris = [...new Set(input.redirect_uris.map(checkRedirectUri))];
    const method = input.token_endpoint_auth_method ?? 'client_secret_basic';
    if (method !== 'none' && method !== 'client_secret_basic' && method !== 'client_secret_post') {
      throw new OAuthError('invalid_client_metadata', 'token_endpoint_auth_method must be none, client_secret_basic or client_secret_post');
    }
    const grants = input.grant_types ?? ['authorization_code', 'refresh_token'];
    if (!Array.isArray(grants) || !grants.length || grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token') || !grants.includes('authorization_code')) {
      throw new OAuthError('invalid_client_metadata', 'grant_types may contain authorization_code and refresh_token only (authorization_code required)');
    }
    const responses = input.response_types ?? ['code'];
    if (!Array.isArray(responses) || responses.length !== 1 || responses[0] !== 'code') throw new OAuthError('invalid_client_metadata', 'response_types must be ["code"]');
    if (input.scope !== undefined && typeof input.scope !== 'string') throw new OAuthError('invalid_client_metadata', 'scope must be a space-separated string');
    let scope: string;
    try {
      scope = parseScope(input.scope as string | undefined).join(' ');
    } catch (e) {
      throw new OAuthError('invalid_client_metadata', (e as Error).message);
    }
    const clientId = CLIENT_ID_PREFIX + randomBytes(16).toString('base64url');
    const secret = method === 'none' ? undefined : CLIENT_SECRET_PREFIX + randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db
      .insertInto('oauth_clients')
      .values({
        client_id: clientId,
        secret_hash: secret ? sha256Hex(secret) : null,
        name: name.trim(),
        redirect_uris: JSON.stringify(uris),
        auth_method: method,
        grant_types: JSON.stringify([...new Set(grants as string[])]),
        scope,
        owner_account_id: ownerAccountId,
        created_at: now.toISOString(),
        blocked_at: null,
      })
      .execute();
    return {
      client_id: clientId,
      ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
      client_id_issued_at: Math.floor(now.getTime() / 1000),
      client_name: name.trim(),
      redirect_uris: uris,
      token_endpoint_auth_method: method,
      grant_types: [...new Set(grants as string[])],
      response_types: ['code'],
      scope,
    };
  }

  async client(clientId: string): Promise<ClientRow | undefined> {
    if (typeof clientId !== 'string' || clientId.length > 200) return undefined;
    return this.db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
  }

  async listClients(filter: { owner?: string } = {}): Promise<ClientRow[]> {
    let q = this.db.selectFrom('oauth_clients').selectAll();
    if (filter.owner) q = q.where('owner_account_id', '=', filter.owner);
    return q.orderBy('created_at').orderBy('client_id').execute();
  }

  /** Blocks a client: it can no longer authorize, exchange, refresh, and its tokens stop working. */
  async blockClient(clientId: string, ownerAccountId?: string): Promise<boolean> {
    let q = this.db.updateTable('oauth_clients').set({ blocked_at: this.now() }).where('client_id', '=', clientId).where('blocked_at', 'is', null);
    if (ownerAccountId) q = q.where('owner_account_id', '=', ownerAccountId);
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await this.db.updateTable('oauth_tokens').set({ revoked_at: this.now() }).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
    return true;
  }

  /**
   * Client authentication at the token and revocation endpoints: HTTP Basic or client_secret_post for confidential
   * clients, client_id alone for public ones. Throws invalid_client (401).
   */
  async authenticateClient(basic: { id: string; secret: string } | null, form: { client_id?: string; client_secret?: string }): Promise<ClientRow> {
    const id = basic?.id ?? form.client_id;
    if (!id) throw new OAuthError('invalid_client', 'Client authentication failed: no client_id', 401);
    if (basic && form.client_id && form.client_id !== basic.id) throw new OAuthError('invalid_request', 'client_id differs from the authenticated client');
    const client = await this.client(id);
    const secret = basic?.secret ?? form.client_secret;
    if (!client) {
      safeEqual(sha256Hex(secret ?? ''), '0'.repeat(64));
      throw new OAuthError('invalid_client', 'Client authentication failed', 401);
    }
    if (client.auth_method === 'none') {
      if (secret) throw new OAuthError('invalid_client', 'This is a public client; it has no secret', 401);
    } else {
      if (!secret || !client.secret_hash || !safeEqual(sha256Hex(secret), client.secret_hash)) throw new OAuthError('invalid_client', 'Client authentication failed', 401);
      if (client.auth_method === 'client_secret_basic' && !basic) throw new OAuthError('invalid_client', 'This client authenticates with HTTP Basic (client_secret_basic)', 401);
      if (client.auth_method === 'client_secret_post' && basic) throw new OAuthError('invalid_client', 'This client authenticates with client_secret_post', 401);
    }
    if (client.blocked_at) throw new OAuthError('invalid_client', 'This client is blocked', 401);
    return client;
  }

  async consent(accountId: string, clientId: string): Promise<string[] | null> {
    const r = await this.db.selectFrom('oauth_consents').selectAll().where('account_id', '=', accountId).where('client_id', '=', clientId).where('revoked_at', 'is', null).executeTakeFirst();
    return r ? r.scope.split(' ').filter(Boolean) : null;
  }

  async listConsents(accountId: string): Promise<{ clientId: string; name: string; scope: string; createdAt: string }[]> {
    const rows = await this.db
      .selectFrom('oauth_consents')
      .innerJoin('oauth_clients', 'oauth_clients.client_id', 'oauth_consents.client_id')
      .select(['oauth_consents.client_id as clientId', 'oauth_clients.name as name', 'oauth_consents.scope as scope', 'oauth_consents.created_at as createdAt'])
      .where('oauth_consents.account_id', '=', accountId)
      .where('oauth_consents.revoked_at', 'is', null)
      .orderBy('oauth_consents.created_at')
      .execute();
    return rows;
  }

  /** Withdraws a consent: every token of the account for that client is revoked. */
  async revokeConsent(accountId: string, clientId: string): Promise<boolean> {
    const r = await this.db
      .updateTable('oauth_consents')
      .set({ revoked_at: this.now() })
      .where('account_id', '=', accountId)
      .where('client_id', '=', clientId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await this.db.updateTable('oauth_tokens').set({ revoked_at: this.now() }).where('account_id', '=', accountId).where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Records the consent (scopes granted so far, merged) and issues a single-use code valid 5 minutes. */
  async issueCode(p: { clientId: string; accountId: string; redirectUri: string; codeChallenge: string; scopes: string[]; resource: string | null }): Promise<string> {
    const now = this.now();
    const prev = await this.db.selectFrom('oauth_consents').selectAll().where('account_id', '=', p.accountId).where('client_id', '=', p.clientId).executeTakeFirst();
    if (prev) {
      const merged = prev.revoked_at ? p.scopes : [...new Set([...prev.scope.split(' ').filter(Boolean), ...p.scopes])];
      await this.db
        .updateTable('oauth_consents')
        .set({ scope: merged.join(' '), revoked_at: null, ...(prev.revoked_at ? { created_at: now } : {}) })
        .where('account_id', '=', p.accountId)
        .where('client_id', '=', p.clientId)
        .execute();
    } else {
      await this.db
        .insertInto('oauth_consents')
        .values({ account_id: p.accountId, client_id: p.clientId, scope: p.scopes.join(' '), created_at: now, revoked_at: null })
        .execute();
    }
    const code = CODE_PREFIX + randomBytes(32).toString('base64url');
    await this.db
      .insertInto('oauth_codes')
      .values({
        hash: sha256Hex(code),
        client_id: p.clientId,
        account_id: p.accountId,
        redirect_uri: p.redirectUri,
        code_challenge: p.codeChallenge,
        scope: p.scopes.join(' '),
        resource: p.resource,
        family_id: randomUUID(),
        expires_at: this.later(CODE_TTL_MS),
        used_at: null,
        created_at: now,
      })
      .execute();
    return code;
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.db.updateTable('oauth_tokens').set({ revoked_at: this.now() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  private async issueTokens(p: { familyId: string; clientId: string; accountId: string; scopes: string[]; resource: string | null }): Promise<IssuedTokens> {
    const access = ACCESS_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const refresh = REFRESH_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const base = { family_id: p.familyId, client_id: p.clientId, account_id: p.accountId, scope: p.scopes.join(' '), resource: p.resource, used_at: null, revoked_at: null, created_at: this.now() };
    await this.db
      .insertInto('oauth_tokens')
      .values([
        { ...base, hash: sha256Hex(access), kind: 'access', expires_at: this.later(ACCESS_TTL_MS) },
        { ...base, hash: sha256Hex(refresh), kind: 'refresh', expires_at: this.later(REFRESH_TTL_MS) },
      ])
      .execute();
    return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TTL_MS / 1000, refresh_token: refresh, scope: p.scopes.join(' ') };
  }

  /** grant_type=authorization_code. A replayed code revokes every token it issued. */
  async exchangeCode(client: ClientRow, p: { code?: string; redirect_uri?: string; code_verifier?: string; resource?: string }): Promise<IssuedTokens> {
    if (!p.code) throw new OAuthError('invalid_request', 'code is required');
    if (!p.code_verifier) throw new OAuthError('invalid_request', 'code_verifier is required (PKCE)');
    const row = await this.db.selectFrom('oauth_codes').selectAll().where('hash', '=', sha256Hex(p.code)).executeTakeFirst();
    if (!row || !safeEqual(row.hash, sha256Hex(p.code))) throw new OAuthError('invalid_grant', 'Unknown authorization code');
    if (row.client_id !== client.client_id) throw new OAuthError('invalid_grant', 'The code was issued to another client');
    // Single use, atomically: whoever flips used_at first wins; everybody else is a replay.
    const flip = await this.db.updateTable('oauth_codes').set({ used_at: this.now() }).where('hash', '=', row.hash).where('used_at', 'is', null).executeTakeFirst();
    if (Number(flip.numUpdatedRows) !== 1) {
      await this.revokeFamily(row.family_id);
      throw new OAuthError('invalid_grant', 'The authorization code was already used; the tokens issued with it are revoked');
    }
    if (row.expires_at <= this.now()) throw new OAuthError('invalid_grant', 'The authorization code has expired');
    if (p.redirect_uri === undefined || !safeEqual(p.redirect_uri, row.redirect_uri)) throw new OAuthError('invalid_grant', 'redirect_uri does not match the authorization request');
    if (!VERIFIER_RE.test(p.code_verifier)) throw new OAuthError('invalid_grant', 'code_verifier must be 43-128 characters of [A-Za-z0-9-._~]');
    if (!safeEqual(pkceChallenge(p.code_verifier), row.code_challenge)) throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
    if (p.resource !== undefined && row.resource !== null && p.resource !== row.resource) throw new OAuthError('invalid_target', 'resource differs from the authorization request');
    if (client.blocked_at) throw new OAuthError('invalid_client', 'This client is blocked', 401);
    return this.issueTokens({ familyId: row.family_id, clientId: client.client_id, accountId: row.account_id, scopes: row.scope.split(' ').filter(Boolean), resource: p.resource ?? row.resource });
  }

  /** grant_type=refresh_token with rotation; presenting a rotated token revokes the whole family. */
  async refresh(client: ClientRow, p: { refresh_token?: string; scope?: string; resource?: string }): Promise<IssuedTokens> {
    if (!p.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
    const JSONgrants = JSON.parse(client.grant_types) as string[];
    if (!JSONgrants.includes('refresh_token')) throw new OAuthError('unauthorized_client', 'This client may not use refresh tokens');
    const h = sha256Hex(p.refresh_token);
    const row = await this.db.selectFrom('oauth_tokens').selectAll().where('hash', '=', h).where('kind', '=', 'refresh').executeTakeFirst();
    if (!row || !safeEqual(row.hash, h)) throw new OAuthError('invalid_grant', 'Unknown refresh token');
    if (row.client_id !== client.client_id) throw new OAuthError('invalid_grant', 'The refresh token was issued to another client');
    if (row.used_at) {
      await this.revokeFamily(row.family_id);
      throw new OAuthError('invalid_grant', 'The refresh token was already used (rotated); every token of this grant is revoked');
    }
    if (row.revoked_at) throw new OAuthError('invalid_grant', 'The refresh token is revoked');
    if (row.expires_at <= this.now()) throw new OAuthError('invalid_grant', 'The refresh token has expired');
    const granted = row.scope.split(' ').filter(Boolean);
    const scopes = p.scope === undefined ? granted : parseScope(p.scope, granted);
    if (p.resource !== undefined && row.resource !== null && p.resource !== row.resource) throw new OAuthError('invalid_target', 'resource differs from the original grant');
    const flip = await this.db.updateTable('oauth_tokens').set({ used_at: this.now() }).where('hash', '=', row.hash).where('used_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    if (Number(flip.numUpdatedRows) !== 1) {
      await this.revokeFamily(row.family_id);
      throw new OAuthError('invalid_grant', 'The refresh token was already used (rotated); every token of this grant is revoked');
    }
    return this.issueTokens({ familyId: row.family_id, clientId: client.client_id, accountId: row.account_id, scopes, resource: p.resource ?? row.resource });
  }

  /** RFC 7009: a refresh token revokes its whole family (with its access tokens); unknown tokens are fine. */
  async revoke(client: ClientRow, token: string): Promise<void> {
    const h = sha256Hex(token);
    const row = await this.db.selectFrom('oauth_tokens').selectAll().where('hash', '=', h).executeTakeFirst();
    if (!row || row.client_id !== client.client_id) return;
    if (row.kind === 'refresh') await this.revokeFamily(row.family_id);
    else await this.db.updateTable('oauth_tokens').set({ revoked_at: this.now() }).where('hash', '=', h).where('revoked_at', 'is', null).execute();
  }

  /**
   * Deletes what can no longer be used: tokens past expiry (a rotated refresh token stays until then, for reuse
   * detection), codes a day after expiry, sessions and one-time links past expiry. Returns the rows removed.
   */
  async purgeExpired(): Promise<number> {
    const now = this.now();
    const dayAgo = new Date(this.clock().getTime() - 24 * 3600_000).toISOString();
    const counts = await Promise.all([
      this.db.deleteFrom('oauth_tokens').where('expires_at', '<', now).executeTakeFirst(),
      this.db.deleteFrom('oauth_codes').where('expires_at', '<', dayAgo).executeTakeFirst(),
      this.db.deleteFrom('web_sessions').where('expires_at', '<', now).executeTakeFirst(),
      this.db.deleteFrom('one_time_links').where('expires_at', '<', dayAgo).executeTakeFirst(),
    ]);
    return counts.reduce((n, r) => n + Number(r.numDeletedRows), 0);
  }

  /** A valid access token: known, unexpired, unrevoked, of an unblocked client. */
  async verifyAccessToken(token: string): Promise<AccessTokenInfo | null> {
    if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 200) return null;
    const h = sha256Hex(token);
    const row = await this.db
      .selectFrom('oauth_tokens')
      .innerJoin('oauth_clients', 'oauth_clients.client_id', 'oauth_tokens.client_id')
      .select([
        'oauth_tokens.hash',
        'oauth_tokens.kind',
        'oauth_tokens.account_id',
        'oauth_tokens.client_id',
        'oauth_tokens.scope',
        'oauth_tokens.resource',
        'oauth_tokens.expires_at',
        'oauth_tokens.revoked_at',
        'oauth_clients.blocked_at',
      ])
      .where('oauth_tokens.hash', '=', h)
      .executeTakeFirst();
    if (!row || !safeEqual(row.hash, h) || row.kind !== 'access' || row.revoked_at || row.blocked_at || row.expires_at <= this.now()) return null;
    return {
      accountId: row.account_id,
      clientId: row.client_id,
      tokenId: row.hash.slice(0, 16),
      scopes: row.scope.split(' ').filter(Boolean) as Scope[],
      resource: row.resource,
      expiresAt: row.expires_at,
    };
  }
}
