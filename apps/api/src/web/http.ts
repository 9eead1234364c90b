/** Shared HTTP pieces of the account pages and the authorization endpoint: origin, cookies, CSP, language, layout. */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import { isIP } from 'node:net';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Services } from '../platform/services';
import { texts, type Lang, type Texts } from './i18n';

export const SESSION_COOKIE = 'kontor_session';
export const PRE_CSRF_COOKIE = 'kontor_csrf';
export const LANG_COOKIE = 'kontor_lang';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
// biome-ignore lint/suspicious/noExplicitAny: page helpers serve handlers of any environment type
type AnyContext = Context<any>;

/** {auth_url}: KONTOR_PUBLIC_URL, else the request's own origin (development). */
export function publicOrigin(c: AnyContext, services: Services): string {
  return services.config.publicUrl ?? new URL(c.req.url).origin;
}

/**
 * Cookies are Secure unless the service runs on plain http on a loopback address (development on 127.0.0.1 /
 * localhost, where browsers would drop Secure cookies); HttpOnly and SameSite=Lax always.
 */
export function secureCookies(c: AnyContext, services: Services): boolean {
  const u = new URL(publicOrigin(c, services));
  return !(u.protocol === 'http:' && (u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]'));
}

export function setAuthCookie(c: AnyContext, services: Services, name: string, value: string, maxAgeSeconds?: number): void {
  setCookie(c, name, value, { path: '/', httpOnly: true, sameSite: 'Lax', secure: secureCookies(c, services), ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}) });
}

function isProxyAddress(a: string): boolean {
  const v4 = a.replace(/^::ffff:/, '');
  return a === '::1' || /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4) || /^f[cd]/i.test(a);
}

/**
 * The client's address for rate limits: the socket's peer; when that peer is a loopback or private address (a
 * reverse proxy in front of us) the last X-Forwarded-For entry, which that proxy appended. A client talking to us
 * directly cannot choose its key by sending the header.
 */
export function clientAddress(c: AnyContext): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined; // in-process requests (tests, the MCP layer) have no socket
  }
  if (!peer || isProxyAddress(peer)) {
    const last = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
    if (last && isIP(last)) return last;
  }
  return peer ?? 'local';
}

export function langOf(c: AnyContext): Lang {
  const q = c.req.query('lang');
  if (q === 'de' || q === 'en') return q;
  const cookie = getCookie(c, LANG_COOKIE);
  if (cookie === 'de' || cookie === 'en') return cookie;
  const al = c.req.header('accept-language') ?? '';
  const ranked = al
    .split(',')
    .map((p) => {
      const [tag, ...params] = p.trim().split(';');
      const q = params.map((x) => /^\s*q=([\d.]+)/.exec(x)?.[1]).find(Boolean);
      return { tag: (tag ?? '').toLowerCase().split('-')[0], q: q ? Number(q) : 1 };
    })
    .filter((x) => x.tag === 'de' || x.tag === 'en')
    .sort((a, b) => b.q - a.q);
  return (ranked[0]?.tag as Lang | undefined) ?? 'en';
}

/** Strict CSP: nothing inline, no scripts at all, forms only to ourselves (plus the client's redirect on consent). */
export function csp(formTargets: string[] = []): string {
  return ["default-src 'none'", "style-src 'self'", "img-src 'self'", `form-action 'self'${formTargets.map((t) => ' ' + t).join('')}`, "frame-ancestors 'none'", "base-uri 'none'"].join('; ');
}

export const STYLE = `
body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b;line-height:1.5}
header{display:flex;justify-content:space-between;align-items:baseline;border-bottom:1px solid #ccc;margin-bottom:1rem}
label{display:block;margin:.6rem 0 .2rem;font-weight:600}
input[type=email],input[type=password],input[type=text],textarea{width:100%;padding:.4rem;border:1px solid #767676;border-radius:3px;box-sizing:border-box}
button{margin-top:.8rem;padding:.4rem 1rem;border:1px solid #1b4f8a;background:#1b4f8a;color:#fff;border-radius:3px;cursor:pointer}
button.secondary{background:#fff;color:#1b4f8a}
.notice{background:#eef5ff;border:1px solid #8ab4e8;padding:.6rem;border-radius:3px}
.error{background:#fff0f0;border:1px solid #d88;padding:.6rem;border-radius:3px}
.secret{font-family:monospace;word-break:break-all;background:#f6f6f6;padding:.4rem;display:block}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.3rem;text-align:left;vertical-align:top}
form.inline{display:inline;margin:0}
:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
`;

export function page(
  c: AnyContext,
  title: string,
  body: HtmlEscapedString | Promise<HtmlEscapedString>,
  opts: { status?: number; formTargets?: string[]; nav?: boolean } = {},
): Response | Promise<Response> {
  const lang = langOf(c);
  const t = texts[lang];
  const other: Lang = lang === 'de' ? 'en' : 'de';
  const here = new URL(c.req.url);
  here.searchParams.set('lang', other);
  c.header('Content-Security-Policy', csp(opts.formTargets));
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
  return c.html(
    html`<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} – Kontor</title><link rel="stylesheet" href="/account/style.css"></head>
<body>
<header><strong>Kontor</strong><nav aria-label="${t.language}"><a href="${here.pathname + here.search}" hreflang="${other}" lang="${other}">${other === 'de' ? 'Deutsch' : 'English'}</a></nav></header>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>`,
    (opts.status ?? 200) as 200,
  );
}

export { html, raw };
export type { Texts };
