/** Test-side OAuth client and browser-less sign-in helpers: a cookie jar, PKCE, and the token endpoint calls. */
import { createHash, randomBytes } from 'node:crypto';
import type { TestApp } from './helpers';
import { WebAuth } from '../src/web/auth';

export class Jar {
  cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(r: Response): void {
    for (const line of r.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function browse(t: TestApp, jar: Jar, p: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.cookies.size) headers.set('cookie', jar.header());
  const r = await t.request(p, { ...init, headers, redirect: 'manual' });
  jar.take(r);
  return r;
}

export function hiddenValue(page: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(page);
  if (!m) throw new Error(`no hidden field ${name}`);
  return m[1]!
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

export const form = (o: Record<string, string>) => ({ 'content-type': 'application/x-www-form-urlencoded', body: new URLSearchParams(o).toString() });

export async function postForm(t: TestApp, jar: Jar, p: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const f = form(fields);
  return browse(t, jar, p, { method: 'POST', headers: { 'content-type': f['content-type'], ...headers }, body: f.body });
}

/** An account that can sign in (confirmed, with a password). */
export async function person(t: TestApp, opts: { plan?: 'converter' | 'payments' | 'payments+abroad' | null; email?: string } = {}): Promise<{ id: string; email: string; password: string }> {
  const email = opts.email ?? `p${randomBytes(4).toString('hex')}@example.test`;
  const a = await t.services.accounts.create({ email, plan: opts.plan ?? null });
  const password = 'correct horse battery';
  await new WebAuth(t.services.db, t.services.clock).setPassword(a.id, password, true);
  return { id: a.id, email, password };
}

export async function signIn(t: TestApp, jar: Jar, who: { email: string; password: string }, next = '/account'): Promise<Response> {
  const page = await (await browse(t, jar, `/account/signin?next=${encodeURIComponent(next)}`)).text();
  return postForm(t, jar, '/account/signin', { csrf: hiddenValue(page, 'csrf'), next, email: who.email, password: who.password });
}

export async function register(t: TestApp, body: Record<string, unknown>): Promise<Response> {
  return t.request('/api/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

export async function token(t: TestApp, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const f = form(fields);
  return t.request('/api/oauth/token', { method: 'POST', headers: { 'content-type': f['content-type'], ...headers }, body: f.body });
}

/** Signs in (if needed), opens /authorize, consents; returns the redirect Location. */
export async function authorize(t: TestApp, jar: Jar, q: Record<string, string>, decision: 'allow' | 'deny' = 'allow'): Promise<Response> {
  const url = `/api/oauth/authorize?${new URLSearchParams(q)}`;
  const r = await browse(t, jar, url);
  if (r.status !== 200) return r;
  const html = await r.text();
  const fields: Record<string, string> = { csrf: hiddenValue(html, 'csrf'), decision };
  for (const k of Object.keys(q)) fields[k] = hiddenValue(html, k);
  return postForm(t, jar, '/api/oauth/authorize', fields);
}
