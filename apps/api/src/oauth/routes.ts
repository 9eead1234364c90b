/**
 * HTTP side of the OAuth 2.1 authorization server: discovery (RFC 8414, RFC 9728), registration (RFC 7591),
 * /authorize with the consent page, /token, /revoke (RFC 7009). Errors of token/register/revoke are RFC 6749 JSON
 * bodies; errors of /authorize go back to the client's redirect URI only when client and redirect URI are verified.
 */
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv, Services } from '../platform/services';
import { clientAddress, html, page, publicOrigin, SESSION_COOKIE, langOf } from '../web/http';
import { texts } from '../web/i18n';
import { WebAuth } from '../web/auth';
import { OAuthError, OAuthServer, SCOPES, isValidChallenge, parseScope, redirectMatches, safeEqual, type ClientRow, type Scope } from './server';

export const OAUTH_BASE = '/api/oauth';

export function resourcesOf(origin: string): { api: string; mcp: string } {
  return { api: `${origin}/api/v1`, mcp: `${origin}/api/mcp` };
}

export function authorizationServerMetadata(origin: string): Record<string, unknown> {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}${OAUTH_BASE}/authorize`,
    token_endpoint: `${origin}${OAUTH_BASE}/token`,
    registration_endpoint: `${origin}${OAUTH_BASE}/register`,
    revocation_endpoint: `${origin}${OAUTH_BASE}/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    scopes_supported: [...SCOPES],
    ui_locales_supported: ['de', 'en'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: false,
    service_documentation: `${origin}/api/v1/docs`,
  };
}

export function protectedResourceMetadata(origin: string, resource: string): Record<string, unknown> {
  return {
    resource,
    authorization_servers: [origin],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: resource.endsWith('/api/mcp') ? 'Kontor MCP server' : 'Kontor API',
    resource_documentation: `${origin}/api/v1/docs`,
  };
}

function oauthJsonError(c: Context<AppEnv>, e: OAuthError, basicUsed = false): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
  if (e.status === 401 && basicUsed) c.header('WWW-Authenticate', 'Basic realm="kontor-oauth"');
  return c.json({ error: e.error, error_description: e.description }, e.status as 400);
}

function basicCredentials(c: Context<AppEnv>): { id: string; secret: string } | null {
  const h = c.req.header('authorization');
  const m = h ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(h) : null;
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return null;
  // RFC 6749 §2.3.1: both parts are form-urlencoded.
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { id: dec(decoded.slice(0, i)), secret: dec(decoded.slice(i + 1)) };
}

const FORM_LIMIT = 64 * 1024;

/** A form body (application/x-www-form-urlencoded), bounded; repeated parameters are an error (RFC 6749 §3.1). */
async function readForm(c: Context<AppEnv>): Promise<Record<string, string>> {
  const ct = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(ct)) throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded');
  const len = Number(c.req.header('content-length') ?? '0');
  if (len > FORM_LIMIT) throw new OAuthError('invalid_request', 'Request body too large');
  const text = await c.req.text();
  if (text.length > FORM_LIMIT) throw new OAuthError('invalid_request', 'Request body too large');
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    if (k in out) throw new OAuthError('invalid_request', `Parameter ${k} is repeated`);
    out[k] = v;
  }
  return out;
}

interface AuthorizeRequest {
  client: ClientRow;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  scopes: Scope[];
  resource: string | null;
}

/** Errors shown on our own page (never sent to an unverified redirect URI); keys of the page texts. */
type FatalError = 'unknownClient' | 'clientBlocked' | 'redirectRequired' | 'redirectMismatch';
type AuthorizeCheck = { ok: true; req: AuthorizeRequest } | { ok: false; fatal: FatalError } | { ok: false; redirect: string };

function errorRedirect(redirectUri: string, issuer: string, error: string, description: string, state: string | undefined): string {
  const u = new URL(redirectUri);
  u.searchParams.set('error', error);
  u.searchParams.set('error_description', description);
  if (state !== undefined) u.searchParams.set('state', state);
  u.searchParams.set('iss', issuer);
  return u.toString();
}

async function checkAuthorize(oauth: OAuthServer, q: Record<string, string | undefined>, origin: string): Promise<AuthorizeCheck> {
  const client = q.client_id ? await oauth.client(q.client_id) : undefined;
  if (!client) return { ok: false, fatal: 'unknownClient' };
  if (client.blocked_at) return { ok: false, fatal: 'clientBlocked' };
  const registered = JSON.parse(client.redirect_uris) as string[];
  let redirectUri = q.redirect_uri;
  if (redirectUri === undefined) {
    if (registered.length !== 1) return { ok: false, fatal: 'redirectRequired' };
    redirectUri = registered[0]!;
  }
  // Never redirect to an unregistered URI: the error is shown here.
  if (!redirectMatches(registered, redirectUri)) return { ok: false, fatal: 'redirectMismatch' };
  const state = q.state;
  const fail = (error: string, d: string): AuthorizeCheck => ({ ok: false, redirect: errorRedirect(redirectUri!, origin, error, d, state) });
  if (q.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  if (!q.code_challenge) return fail('invalid_request', 'code_challenge is required (PKCE S256)');
  if (q.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  if (!isValidChallenge(q.code_challenge)) return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the verifier (43 characters)');
  let scopes: Scope[];
  try {
    scopes = parseScope(q.scope, client.scope.split(' '));
  } catch (e) {
    return fail('invalid_scope', (e as Error).message);
  }
  if (!scopes.length) return fail('invalid_scope', 'No scope requested');
  let resource: string | null = null;
  if (q.resource !== undefined) {
    const r = resourcesOf(origin);
    if (q.resource !== r.api && q.resource !== r.mcp) return fail('invalid_target', `resource must be ${r.api} or ${r.mcp}`);
    resource = q.resource;
  }
  return { ok: true, req: { client, redirectUri, state, codeChallenge: q.code_challenge, scopes, resource } };
}

const AUTHORIZE_PARAMS = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state', 'scope', 'resource'] as const;

export function mountOAuth(app: Hono<AppEnv>, services: Services): void {
  const oauth = new OAuthServer(services.db, services.clock);
  const web = new WebAuth(services.db, services.clock);

  app.get('/.well-known/oauth-authorization-server', (c) => c.json(authorizationServerMetadata(publicOrigin(c, services))));
  // OIDC-style discovery is tried by some MCP clients; the same document answers.
  app.get('/.well-known/openid-configuration', (c) => c.json(authorizationServerMetadata(publicOrigin(c, services))));
  app.get('/.well-known/oauth-protected-resource', (c) => {
    const o = publicOrigin(c, services);
    return c.json(protectedResourceMetadata(o, resourcesOf(o).api));
  });
  app.get('/.well-known/oauth-protected-resource/api/v1', (c) => {
    const o = publicOrigin(c, services);
    return c.json(protectedResourceMetadata(o, resourcesOf(o).api));
  });
  app.get('/.well-known/oauth-protected-resource/api/mcp', (c) => {
    const o = publicOrigin(c, services);
    return c.json(protectedResourceMetadata(o, resourcesOf(o).mcp));
  });

  app.post(`${OAUTH_BASE}/register`, async (c) => {
    try {
      if (services.config.rateLimits) {
        const ip = clientAddress(c);
        const d = await services.rateLimiter.hit(`oauth-register:${ip}`, 20);
        if (!d.allowed) return c.json({ error: 'temporarily_unavailable', error_description: 'Too many registrations; try again later' }, 429, { 'Retry-After': String(d.retryAfterSeconds) });
      }
      if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) throw new OAuthError('invalid_client_metadata', 'Send the client metadata as application/json');
      const text = await c.req.text();
      if (text.length > FORM_LIMIT) throw new OAuthError('invalid_client_metadata', 'Request body too large');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new OAuthError('invalid_client_metadata', 'The body is not valid JSON');
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new OAuthError('invalid_client_metadata', 'The body must be a JSON object');
      const r = await oauth.register(body as Record<string, unknown>);
      c.header('Cache-Control', 'no-store');
      return c.json(r, 201);
    } catch (e) {
      if (e instanceof OAuthError) return oauthJsonError(c, e);
      throw e;
    }
  });

  const consentPage = async (c: Context<AppEnv>, req: AuthorizeRequest, q: Record<string, string | undefined>, csrf: string, email: string) => {
    const t = texts[langOf(c)];
    const target = new URL(req.redirectUri);
    const hidden = AUTHORIZE_PARAMS.filter((k) => q[k] !== undefined).map((k) => html`<input type="hidden" name="${k}" value="${q[k]}">`);
    return page(
      c,
      t.consentTitle,
      html`<p><strong>${req.client.name}</strong> ${t.consentText}</p>
<ul>${req.scopes.map((s) => html`<li>${s === 'invoice:verify' ? t.scopeVerify : t.scopeCreate}</li>`)}</ul>
<p>${t.redirectNote} <code>${target.origin}</code>.</p>
<p>${t.signedInAs} ${email}</p>
<form method="post" action="${OAUTH_BASE}/authorize">
<input type="hidden" name="csrf" value="${csrf}">${hidden}
<button type="submit" name="decision" value="allow" id="allow">${t.allow}</button>
<button type="submit" name="decision" value="deny" class="secondary" id="deny">${t.deny}</button>
</form>`,
      { formTargets: [target.origin] },
    );
  };

  const fatalPage = (c: Context<AppEnv>, error: FatalError | { message: string }) => {
    const t = texts[langOf(c)];
    const message = typeof error === 'string' ? t[error] : error.message;
    return page(c, t.oauthError, html`<p class="error" role="alert">${message}</p>`, { status: 400 });
  };

  app.get(`${OAUTH_BASE}/authorize`, async (c) => {
    const origin = publicOrigin(c, services);
    const q = c.req.query();
    const check = await checkAuthorize(oauth, q, origin);
    if (!check.ok) return 'fatal' in check ? fatalPage(c, check.fatal) : c.redirect(check.redirect, 302);
    const session = await web.session(getCookie(c, SESSION_COOKIE));
    if (!session) {
      const url = new URL(c.req.url);
      return c.redirect(`/account/signin?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
    }
    const account = await services.accounts.byId(session.accountId);
    return consentPage(c, check.req, q, session.csrf, account?.email ?? '');
  });

  app.post(`${OAUTH_BASE}/authorize`, async (c) => {
    const origin = publicOrigin(c, services);
    let form: Record<string, string>;
    try {
      form = await readForm(c);
    } catch (e) {
      return fatalPage(c, { message: (e as Error).message });
    }
    const session = await web.session(getCookie(c, SESSION_COOKIE));
    const t = texts[langOf(c)];
    if (!session || !form.csrf || !safeEqual(form.csrf, session.csrf)) return page(c, t.oauthError, html`<p class="error" role="alert">${t.csrf}</p>`, { status: 403 });
    const check = await checkAuthorize(oauth, form, origin);
    if (!check.ok) return 'fatal' in check ? fatalPage(c, check.fatal) : c.redirect(check.redirect, 302);
    const { req } = check;
    if (form.decision !== 'allow') return c.redirect(errorRedirect(req.redirectUri, origin, 'access_denied', 'The user denied the request', req.state), 302);
    const code = await oauth.issueCode({
      clientId: req.client.client_id,
      accountId: session.accountId,
      redirectUri: req.redirectUri,
      codeChallenge: req.codeChallenge,
      scopes: req.scopes,
      resource: req.resource,
    });
    const u = new URL(req.redirectUri);
    u.searchParams.set('code', code);
    if (req.state !== undefined) u.searchParams.set('state', req.state);
    u.searchParams.set('iss', origin);
    return c.redirect(u.toString(), 302);
  });

  app.post(`${OAUTH_BASE}/token`, async (c) => {
    const basic = basicCredentials(c);
    try {
      const form = await readForm(c);
      const client = await oauth.authenticateClient(basic, form);
      if (form.resource !== undefined) {
        const r = resourcesOf(publicOrigin(c, services));
        if (form.resource !== r.api && form.resource !== r.mcp) throw new OAuthError('invalid_target', `resource must be ${r.api} or ${r.mcp}`);
      }
      let tokens;
      if (form.grant_type === 'authorization_code') tokens = await oauth.exchangeCode(client, form);
      else if (form.grant_type === 'refresh_token') tokens = await oauth.refresh(client, form);
      else if (!form.grant_type) throw new OAuthError('invalid_request', 'grant_type is required');
      else throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
      c.header('Cache-Control', 'no-store');
      c.header('Pragma', 'no-cache');
      return c.json(tokens);
    } catch (e) {
      if (e instanceof OAuthError) return oauthJsonError(c, e, basic !== null);
      throw e;
    }
  });

  app.post(`${OAUTH_BASE}/revoke`, async (c) => {
    const basic = basicCredentials(c);
    try {
      const form = await readForm(c);
      if (!form.token) throw new OAuthError('invalid_request', 'token is required');
      const client = await oauth.authenticateClient(basic, form);
      await oauth.revoke(client, form.token);
      c.header('Cache-Control', 'no-store');
      return c.body(null, 200);
    } catch (e) {
      if (e instanceof OAuthError) return oauthJsonError(c, e, basic !== null);
      throw e;
    }
  });
}
