import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { clientAddress, csp, langOf } from './http';

describe('clientAddress', () => {
  it('uses the socket peer, and X-Forwarded-For (last entry) only behind a local proxy', async () => {
    const app = new Hono();
    app.get('/ip', (c) => c.text(clientAddress(c)));
    const server = createAdaptorServer({ fetch: app.fetch }) as http.Server;
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/ip`)).text()).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
      expect(await (await fetch(`${base}/ip`, { headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' } })).text()).toBe('203.0.113.9');
      expect(await (await fetch(`${base}/ip`, { headers: { 'x-forwarded-for': 'not-an-ip' } })).text()).toMatch(/127\.0\.0\.1$/);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    // In-process requests have no socket.
    expect(await (await app.request('/ip')).text()).toBe('local');
  });
});

describe('language and CSP', () => {
  it('ranks Accept-Language, lets ?lang win, defaults to English', async () => {
    const app = new Hono();
    app.get('/l', (c) => c.text(langOf(c)));
    const lang = async (h: string, q = '') => (await app.request(`/l${q}`, { headers: { 'accept-language': h } })).text();
    expect(await lang('de-AT,en;q=0.5')).toBe('de');
    expect(await lang('en;q=0.4,de;q=0.9')).toBe('de');
    expect(await lang('fr,it')).toBe('en');
    expect(await lang('de', '?lang=en')).toBe('en');
  });
  it('allows forms only to ourselves plus named targets', () => {
    expect(csp(['https://client.example.test'])).toContain("form-action 'self' https://client.example.test;");
    expect(csp()).toContain("default-src 'none'");
  });
});
