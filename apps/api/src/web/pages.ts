/**
 * The account web pages (server-rendered, no scripts): sign-up, sign-in, e-mail confirmation, password reset, and
 * the account area (API keys, OAuth applications, connected applications, credits, subscription, fair use).
 * Every state-changing form carries a CSRF token: the session's own when signed in, a double-submit cookie before.
 */
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { randomBytes } from 'node:crypto';
import type { AppEnv, Services } from '../platform/services';
import { featuresOf, subscriptionOf, type AccountRow } from '../platform/accounts';
import { OAuthError, OAuthServer, safeEqual } from '../oauth/server';
import { WebAuth, MAX_PASSWORD, MIN_PASSWORD, type Mail, type Session } from './auth';
import { clientAddress, html, langOf, LANG_COOKIE, page, PRE_CSRF_COOKIE, publicOrigin, SESSION_COOKIE, setAuthCookie, STYLE } from './http';
import { texts, type Texts } from './i18n';
import { SESSION_TTL_MS } from './auth';
import { sendSmtp, smtpOptionsFromUrl } from './smtp';

type C = Context<AppEnv>;

/** Only same-site paths may be a post-sign-in target (no open redirect). */
export function safeNext(next: string | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.length > 4000) return '/account';
  return next;
}

async function readForm(c: C): Promise<Record<string, string> | null> {
  const ct = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(ct)) return null;
  const text = await c.req.text();
  if (text.length > 64 * 1024) return null;
  return Object.fromEntries(new URLSearchParams(text));
}

export interface WebOptions {
  /** Mail delivery besides the outbox (the log line in development, SMTP when configured). */
  deliver?: ((m: Mail) => Promise<void> | void) | undefined;
  /** Called when the SMTP relay refuses or cannot be reached. */
  onMailError?: ((e: unknown) => void) | undefined;
}

export function mountWeb(app: Hono<AppEnv>, services: Services, opts: WebOptions = {}): void {
  // Mail: always the outbox table; the log line (opts.deliver) and, when configured, the SMTP relay. A failing relay
  // is logged by the caller's deliver hook and never fails the page (the mail stays in the outbox).
  const smtp = services.config.mail.smtpUrl ? smtpOptionsFromUrl(services.config.mail.smtpUrl, services.config.mail.from) : null;
  const deliver = async (m: Mail) => {
    await opts.deliver?.(m);
    if (smtp) await sendSmtp({ ...smtp, clock: services.clock }, m).catch((e: unknown) => opts.onMailError?.(e));
  };
  const web = new WebAuth(services.db, services.clock, deliver);
  const oauth = new OAuthServer(services.db, services.clock);

  app.use('/account/*', async (c, next) => {
    const q = c.req.query('lang');
    if (q === 'de' || q === 'en') setAuthCookie(c, services, LANG_COOKIE, q, 365 * 24 * 3600);
    await next();
  });
  app.use('/account', async (c, next) => {
    const q = c.req.query('lang');
    if (q === 'de' || q === 'en') setAuthCookie(c, services, LANG_COOKIE, q, 365 * 24 * 3600);
    await next();
  });

  app.get('/account/style.css', (c) => c.body(STYLE, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' }));

  /** Pre-session CSRF (double-submit cookie) for sign-in, sign-up and reset forms. */
  const preCsrf = (c: C): string => {
    let tok = getCookie(c, PRE_CSRF_COOKIE);
    if (!tok || !/^[A-Za-z0-9_-]{43}$/.test(tok)) {
      tok = randomBytes(32).toString('base64url');
      setAuthCookie(c, services, PRE_CSRF_COOKIE, tok);
    }
    return tok;
  };
  const preCsrfOk = (c: C, form: Record<string, string> | null): boolean => {
    const cookie = getCookie(c, PRE_CSRF_COOKIE);
    return !!form && !!cookie && !!form.csrf && safeEqual(cookie, form.csrf);
  };
  const limited = async (c: C, key: string, limit: number): Promise<boolean> => {
    if (!services.config.rateLimits) return false;
    const d = await services.rateLimiter.hit(key, limit);
    return !d.allowed;
  };
  const clientIp = (c: C) => clientAddress(c);
  const link = (c: C, p: string) => `${publicOrigin(c, services)}${p}`;

  const signInForm = (c: C, t: Texts, next: string, message?: string, status = 200) =>
    page(
      c,
      t.signIn,
      html`${message ? html`<p class="error" role="alert">${message}</p>` : ''}
<form method="post" action="/account/signin">
<input type="hidden" name="csrf" value="${preCsrf(c)}"><input type="hidden" name="next" value="${next}">
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">${t.password}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit" id="signin">${t.signIn}</button>
</form>
<p>${t.noAccount} <a href="/account/signup">${t.signUp}</a> · <a href="/account/reset">${t.forgot}</a></p>`,
      { status },
    );

  app.get('/account/signin', (c) => signInForm(c, texts[langOf(c)], safeNext(c.req.query('next'))));

  app.post('/account/signin', async (c) => {
    const t = texts[langOf(c)];
    const form = await readForm(c);
    const next = safeNext(form?.next);
    if (!preCsrfOk(c, form)) return signInForm(c, t, next, t.csrf, 403);
    const email = (form!.email ?? '').trim().toLowerCase();
    if ((await limited(c, `signin-ip:${clientIp(c)}`, 20)) || (await limited(c, `signin-email:${email}`, 5))) return signInForm(c, t, next, t.tooMany, 429);
    const account = email && email.length <= 320 ? await services.accounts.byEmail(email) : undefined;
    const ok = await web.checkPassword(account, (form!.password ?? '').slice(0, MAX_PASSWORD));
    if (!ok) return signInForm(c, t, next, t.signInFailed, 401);
    // Session fixation: whatever session id the browser had is dropped; the new one is fresh.
    await web.endSession(getCookie(c, SESSION_COOKIE));
    const s = await web.createSession(ok.id);
    setAuthCookie(c, services, SESSION_COOKIE, s.id, SESSION_TTL_MS / 1000);
    return c.redirect(next, 303);
  });

  const signUpForm = (c: C, t: Texts, message?: string, status = 200) =>
    page(
      c,
      t.signUp,
      html`${message ? html`<p class="error" role="alert">${message}</p>` : ''}
<form method="post" action="/account/signup">
<input type="hidden" name="csrf" value="${preCsrf(c)}">
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">${t.password}</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD}" maxlength="${MAX_PASSWORD}" required aria-describedby="pwhint">
<p id="pwhint">${t.passwordHint}</p>
<button type="submit" id="signup">${t.signUp}</button>
</form>
<p><a href="/account/signin">${t.signIn}</a></p>`,
      { status },
    );

  app.get('/account/signup', (c) => signUpForm(c, texts[langOf(c)]));

  app.post('/account/signup', async (c) => {
    const t = texts[langOf(c)];
    const form = await readForm(c);
    if (!preCsrfOk(c, form)) return signUpForm(c, t, t.csrf, 403);
    if (await limited(c, `signup-ip:${clientIp(c)}`, 10)) return signUpForm(c, t, t.tooMany, 429);
    const email = (form!.email ?? '').trim().toLowerCase();
    const password = form!.password ?? '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 320) return signUpForm(c, t, t.badEmail, 400);
    if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) return signUpForm(c, t, t.passwordShort, 400);
    const existing = await services.accounts.byEmail(email);
    if (existing) {
      // No enumeration: the same page; the owner of the address gets a reset link instead.
      const tok = await web.createLink(existing.id, 'reset');
      await web.sendMail({ to: email, subject: t.subjectExists, body: `${t.mailExists}\n${link(c, `/account/reset/${tok}`)}\n` });
    } else {
      const a = await services.accounts.create({ email });
      await web.setPassword(a.id, password, false);
      const tok = await web.createLink(a.id, 'confirm');
      await web.sendMail({ to: email, subject: t.subjectConfirm, body: `${t.mailConfirm}\n${link(c, `/account/confirm/${tok}`)}\n` });
    }
    return page(c, t.signUp, html`<p class="notice" role="status">${t.checkMail}</p>`);
  });

  app.get('/account/confirm/:token', async (c) => {
    const t = texts[langOf(c)];
    const accountId = await web.useLink(c.req.param('token'), 'confirm');
    if (!accountId) return page(c, t.signIn, html`<p class="error" role="alert">${t.linkInvalid}</p>`, { status: 400 });
    await web.confirmEmail(accountId);
    return page(c, t.signIn, html`<p class="notice" role="status">${t.confirmed}</p><p><a href="/account/signin">${t.signIn}</a></p>`);
  });

  const resetRequestForm = (c: C, t: Texts, message?: string, status = 200) =>
    page(
      c,
      t.resetTitle,
      html`${message ? html`<p class="error" role="alert">${message}</p>` : ''}
<form method="post" action="/account/reset"><input type="hidden" name="csrf" value="${preCsrf(c)}">
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="username" required>
<button type="submit" id="reset">${t.resetSend}</button></form>`,
      { status },
    );
  app.get('/account/reset', (c) => resetRequestForm(c, texts[langOf(c)]));
  app.post('/account/reset', async (c) => {
    const t = texts[langOf(c)];
    const form = await readForm(c);
    if (!preCsrfOk(c, form)) return resetRequestForm(c, t, t.csrf, 403);
    const email = (form!.email ?? '').trim().toLowerCase();
    if ((await limited(c, `reset-ip:${clientIp(c)}`, 10)) || (await limited(c, `reset-email:${email}`, 3))) return resetRequestForm(c, t, t.tooMany, 429);
    const account = email.length <= 320 ? await services.accounts.byEmail(email) : undefined;
    if (account) {
      const tok = await web.createLink(account.id, 'reset');
      await web.sendMail({ to: email, subject: t.subjectReset, body: `${t.mailReset}\n${link(c, `/account/reset/${tok}`)}\n` });
    }
    return page(c, t.resetTitle, html`<p class="notice" role="status">${t.checkMail}</p>`);
  });
  const resetForm = (c: C, t: Texts, token: string, message?: string, status = 200) =>
    page(
      c,
      t.resetTitle,
      html`${message ? html`<p class="error" role="alert">${message}</p>` : ''}
<form method="post" action="/account/reset/${token}"><input type="hidden" name="csrf" value="${preCsrf(c)}">
<label for="password">${t.newPassword}</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD}" maxlength="${MAX_PASSWORD}" required>
<button type="submit" id="setpw">${t.resetTitle}</button></form>`,
      { status },
    );
  app.get('/account/reset/:token', async (c) => {
    const t = texts[langOf(c)];
    const token = c.req.param('token');
    if (!(await web.linkValid(token, 'reset'))) return page(c, t.resetTitle, html`<p class="error" role="alert">${t.linkInvalid}</p>`, { status: 400 });
    return resetForm(c, t, token);
  });
  app.post('/account/reset/:token', async (c) => {
    const t = texts[langOf(c)];
    const token = c.req.param('token');
    const form = await readForm(c);
    if (!preCsrfOk(c, form)) return resetForm(c, t, token, t.csrf, 403);
    const password = form!.password ?? '';
    if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) return resetForm(c, t, token, t.passwordShort, 400);
    const accountId = await web.useLink(token, 'reset');
    if (!accountId) return page(c, t.resetTitle, html`<p class="error" role="alert">${t.linkInvalid}</p>`, { status: 400 });
    // Proving the mailbox also confirms the address.
    await web.setPassword(accountId, password, true);
    return page(c, t.resetTitle, html`<p class="notice" role="status">${t.resetDone}</p><p><a href="/account/signin">${t.signIn}</a></p>`);
  });

  // ---- signed-in area ----
  const signedIn = async (c: C): Promise<{ session: Session; account: AccountRow } | null> => {
    const session = await web.session(getCookie(c, SESSION_COOKIE));
    if (!session) return null;
    const account = await services.accounts.byId(session.accountId);
    return account ? { session, account } : null;
  };
  /** A signed-in POST with the session's CSRF token, or the response to send instead. */
  const guardPost = async (c: C): Promise<{ session: Session; account: AccountRow; form: Record<string, string> } | Response> => {
    const s = await signedIn(c);
    if (!s) return c.redirect('/account/signin', 303);
    const form = await readForm(c);
    if (!form || !form.csrf || !safeEqual(form.csrf, s.session.csrf)) {
      const t = texts[langOf(c)];
      return page(c, t.account, html`<p class="error" role="alert">${t.csrf}</p><p><a href="/account">${t.back}</a></p>`, { status: 403 });
    }
    return { ...s, form };
  };

  const dashboard = async (c: C, s: { session: Session; account: AccountRow }, flash?: unknown) => {
    const t = texts[langOf(c)];
    const a = s.account;
    const now = services.clock();
    const sub = subscriptionOf(a, now);
    const features = featuresOf(a, now);
    const fair = await services.billing.fairUse(a);
    const keys = await services.keys.list(a.id);
    const apps = await oauth.listClients({ owner: a.id });
    const consents = await oauth.listConsents(a.id);
    const csrf = s.session.csrf;
    return page(
      c,
      t.account,
      html`<p>${t.signedInAs} <strong>${a.email}</strong></p>
<form method="post" action="/account/signout"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="secondary" id="signout">${t.signOut}</button></form>
${flash ?? ''}
<h2>${t.credits}</h2><p id="credits">${a.credits}</p>
<h2>${t.subscription}</h2><p id="subscription">${sub.plan ? html`${sub.plan} – ${sub.active ? t.active : t.inactive}${sub.currentPeriodEnd ? html` ${t.until} ${sub.currentPeriodEnd.slice(0, 10)}` : ''}` : t.none}</p>
<p>${t.features}: ${features.length ? features.join(', ') : t.none}</p>
<h2>${t.fairUse}</h2><p id="fairuse">${fair ? `${fair.used ?? 0} / ${fair.limit} (${fair.month})` : '–'}</p>
<h2>${t.apiKeys}</h2>
${
  keys.length
    ? html`<table><thead><tr><th>${t.keyName}</th><th>Prefix</th><th>${t.created}</th><th>${t.lastUsed}</th><th></th></tr></thead><tbody>${keys.map(
        (k) =>
          html`<tr><td>${k.name}</td><td><code>${k.display_prefix}…</code></td><td>${k.created_at.slice(0, 10)}</td><td>${k.last_used_at?.slice(0, 16) ?? '–'}</td><td>${
            k.revoked_at
              ? t.revoked
              : html`<form class="inline" method="post" action="/account/keys/${k.id}/revoke"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="secondary" aria-label="${t.revoke} ${k.name}">${t.revoke}</button></form>`
          }</td></tr>`,
      )}</tbody></table>`
    : html`<p>${t.noneYet}</p>`
}
<form method="post" action="/account/keys"><input type="hidden" name="csrf" value="${csrf}">
<label for="keyname">${t.keyName}</label><input id="keyname" name="name" type="text" maxlength="100" value="default">
<button type="submit" id="createkey">${t.createKey}</button></form>
<h2>${t.apps}</h2>
${
  apps.length
    ? html`<table><thead><tr><th>${t.appName}</th><th>${t.clientId}</th><th></th></tr></thead><tbody>${apps.map(
        (x) =>
          html`<tr><td>${x.name}</td><td><code>${x.client_id}</code></td><td>${
            x.blocked_at
              ? t.blocked
              : html`<form class="inline" method="post" action="/account/apps/${x.client_id}/block"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="secondary" aria-label="${t.block} ${x.name}">${t.block}</button></form>`
          }</td></tr>`,
      )}</tbody></table>`
    : html`<p>${t.noneYet}</p>`
}
<form method="post" action="/account/apps"><input type="hidden" name="csrf" value="${csrf}">
<label for="appname">${t.appName}</label><input id="appname" name="name" type="text" maxlength="200" required>
<label for="redirects">${t.redirectUris}</label><textarea id="redirects" name="redirect_uris" rows="3" required></textarea>
<label><input type="checkbox" name="public" value="1"> ${t.publicClient}</label>
<button type="submit" id="createapp">${t.createApp}</button></form>
<h2>${t.consents}</h2>
${
  consents.length
    ? html`<table><tbody>${consents.map(
        (x) =>
          html`<tr><td>${x.name}</td><td>${x.scope}</td><td><form class="inline" method="post" action="/account/consents/${x.clientId}/revoke"><input type="hidden" name="csrf" value="${csrf}"><button type="submit" class="secondary" aria-label="${t.revoke} ${x.name}">${t.revoke}</button></form></td></tr>`,
      )}</tbody></table>`
    : html`<p>${t.noneYet}</p>`
}`,
    );
  };

  app.get('/account', async (c) => {
    const s = await signedIn(c);
    if (!s) return c.redirect('/account/signin', 302);
    return dashboard(c, s);
  });

  app.post('/account/signout', async (c) => {
    const g = await guardPost(c);
    if (g instanceof Response) return g;
    await web.endSession(getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.redirect('/account/signin', 303);
  });

  app.post('/account/keys', async (c) => {
    const g = await guardPost(c);
    if (g instanceof Response) return g;
    const t = texts[langOf(c)];
    const name = (g.form.name ?? '').trim().slice(0, 100) || 'default';
    const k = await services.keys.create(g.account.id, name);
    return dashboard(c, g, html`<div class="notice" role="status"><p>${t.keyCreated}</p><code class="secret" id="newkey">${k.key}</code></div>`);
  });

  app.post('/account/keys/:id/revoke', async (c) => {
    const g = await guardPost(c);
    if (g instanceof Response) return g;
    await services.keys.revokeOwned(g.account.id, c.req.param('id'));
    return c.redirect('/account', 303);
  });

  app.post('/account/apps', async (c) => {
    const g = await guardPost(c);
    if (g instanceof Response) return g;
    const t = texts[langOf(c)];
    const uris = (g.form.redirect_uris ?? '')
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean);
    try {
      const r = await oauth.register({ client_name: g.form.name, redirect_uris: uris, token_endpoint_auth_method: g.form.public === '1' ? 'none' : 'client_secret_basic' }, g.account.id);
      return dashboard(
        c,
        g,
        html`<div class="notice" role="status"><p>${t.appCreated}</p><p>${t.clientId}: <code class="secret" id="newclientid">${r.client_id}</code></p>${r.client_secret ? html`<p>${t.clientSecret}: <code class="secret" id="newclientsecret">${r.client_secret}</code></p>` : ''}</div>`,
      );
    } catch (e) {
      if (e instanceof OAuthError) return dashboard(c, g, html`<p class="error" role="alert">${e.description}</p>`);
      throw e;
    }
  });

  app.post('/account/apps/:id/block', async (c) => {
    const g = await guardPost(c);
    if (g instanceof Response) return g;
    await oauth.blockClient(c.req.param('id'), g.account.id);
    return c.redirect('/account', 303);
  });

  app.post('/account/consents/:id/revoke', async (c) => {
    const g = await guardPost(c);
    if (g instanceof Response) return g;
    await oauth.revokeConsent(g.account.id, c.req.param('id'));
    return c.redirect('/account', 303);
  });
}
