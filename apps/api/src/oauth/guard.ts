/**
 * Authentication of /api/v1 requests: API keys and OAuth access tokens (different fixed prefixes, both as
 * Authorization: Bearer), the browser session on /payments/* (with the CSRF token on state-changing calls), and
 * the scope check. Every 401 carries WWW-Authenticate with resource_metadata (RFC 9728 / RFC 6750).
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { ApiError } from '../platform/errors';
import { API_KEY_PREFIX } from '../platform/keys';
import type { AppEnv, Services } from '../platform/services';
import { ACCESS_TOKEN_PREFIX, OAuthServer, safeEqual, type Scope } from './server';
import { WebAuth } from '../web/auth';
import { publicOrigin, SESSION_COOKIE } from '../web/http';

/** The scope a route needs (spec §5 item 5): verification and creation; every other route needs none. */
export function requiredScope(method: string, path: string, declared?: Scope): Scope | null {
  if (declared) return declared;
  if (path === '/verify' || path === '/invoices/validate') return 'invoice:verify';
  if (method.toLowerCase() === 'post' && (path === '/invoices' || path.startsWith('/invoices/') || path === '/extractions')) return 'invoice:create';
  return null;
}

export function apiResourceMetadataUrl(origin: string): string {
  return `${origin}/.well-known/oauth-protected-resource/api/v1`;
}

function challenge(c: Context<AppEnv>, services: Services, extra = ''): Record<string, string> {
  const rm = apiResourceMetadataUrl(publicOrigin(c, services));
  return { 'WWW-Authenticate': `Bearer resource_metadata="${rm}"${extra}` };
}

export interface Authenticated {
  accountId: string;
  credentialId: string;
  /** Consented OAuth scopes; null for API keys and browser sessions (full scope / feature checks only). */
  scopes: Scope[] | null;
}

export async function authenticate(c: Context<AppEnv>, services: Services, route: { method: string; path: string; scope?: Scope }): Promise<Authenticated> {
  const h = c.req.header('authorization');
  const isPayments = route.path.startsWith('/payments/');
  if (h === undefined) {
    // Browser session: only the payment routes, and state-changing calls only with the session's CSRF token.
    const sid = isPayments ? getCookie(c, SESSION_COOKIE) : undefined;
    if (sid) {
      const web = new WebAuth(services.db, services.clock);
      const s = await web.session(sid);
      if (s) {
        if (route.method.toLowerCase() !== 'get') {
          const presented = c.req.header('x-csrf-token') ?? '';
          if (!presented || !safeEqual(presented, s.csrf))
            throw new ApiError(401, 'invalid_key', 'A state-changing call with the browser session needs the header X-CSRF-Token of the session', null, challenge(c, services));
        }
        return { accountId: s.accountId, credentialId: `session:${s.accountId}`, scopes: null };
      }
    }
    throw new ApiError(401, 'auth_required', 'Send a credential: Authorization: Bearer <API key or access token>', null, challenge(c, services));
  }
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  if (!m) throw new ApiError(401, 'invalid_key', 'Malformed Authorization header', null, challenge(c, services, ', error="invalid_request"'));
  const token = m[1]!;
  let auth: Authenticated;
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
    const info = await new OAuthServer(services.db, services.clock).verifyAccessToken(token);
    if (!info)
      throw new ApiError(
        401,
        'invalid_key',
        'Invalid, expired or revoked access token',
        null,
        challenge(c, services, ', error="invalid_token", error_description="The access token is invalid, expired or revoked"'),
      );
    auth = { accountId: info.accountId, credentialId: `oauth:${info.tokenId}`, scopes: info.scopes };
  } else if (token.startsWith(API_KEY_PREFIX)) {
    const k = await services.keys.verify(token).catch((e: unknown) => {
      if (e instanceof ApiError) throw new ApiError(e.status, e.code, e.message, e.details, challenge(c, services, ', error="invalid_token"'));
      throw e;
    });
    auth = { accountId: k.accountId, credentialId: k.keyId, scopes: null };
  } else {
    throw new ApiError(401, 'invalid_key', 'Unknown credential: API keys start with kontor_sk_, access tokens with kontor_at_', null, challenge(c, services, ', error="invalid_token"'));
  }
  const need = requiredScope(route.method, route.path, route.scope);
  if (need && auth.scopes && !auth.scopes.includes(need)) {
    const rm = apiResourceMetadataUrl(publicOrigin(c, services));
    throw new ApiError(
      403,
      'insufficient_scope',
      `This access token lacks the scope ${need}`,
      { required: need, granted: auth.scopes },
      {
        'WWW-Authenticate': `Bearer error="insufficient_scope", scope="${need}", resource_metadata="${rm}"`,
      },
    );
  }
  return auth;
}
