import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createOutboundFetch, isPublicAddress, nonPublicReason, outboundFetchFor, refusalReason, type OutboundLookup } from './outbound';

interface Seen {
  method: string;
  url: string;
  host: string | undefined;
  authorization: string | undefined;
  body: string;
}

interface Standin {
  port: number;
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

const open: Standin[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/**
 * Two stand-ins on one port number at two loopback addresses. The first takes a free port; the second must get the
 * same number at its address, which another process may hold there (EADDRINUSE): then both are given up and
 * another port is tried.
 */
async function standinPair(a: [handler: Parameters<typeof standin>[0], host: string], b: [handler: Parameters<typeof standin>[0], host: string]): Promise<[Standin, Standin]> {
  for (let attempt = 1; ; attempt++) {
    const first = await standin(a[0], a[1]);
    try {
      return [first, await standin(b[0], b[1], first.port)];
    } catch (e) {
      await first.close();
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 20) throw e;
    }
  }
}

/** A real HTTP server on a loopback address; the handler decides the answer, every request is recorded. */
async function standin(handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void, host = '127.0.0.1', port = 0): Promise<Standin> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host, authorization: req.headers.authorization, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  const s: Standin = {
    port: actual,
    origin: `http://${host}:${actual}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(s);
  return s;
}

const ok = (text: string) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(text);
};

function countingLookup(answers: Array<string[]>): OutboundLookup & { calls: string[] } {
  const calls: string[] = [];
  const fn = (async (hostname: string) => {
    calls.push(hostname);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] ?? [];
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as OutboundLookup & { calls: string[] };
  fn.calls = calls;
  return fn;
}

describe('address classification', () => {
  it.each([
    ['0.1.2.3', 'this-network'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.100.100.200', 'cloud metadata'], // Alibaba
    ['100.127.255.255', 'shared (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (metadata)'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.192', 'IETF protocol assignment'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['168.63.129.16', 'cloud metadata'],
  ])('IPv4 %s is %s', (ip, reason) => {
    expect(nonPublicReason(ip)).toBe(reason);
  });

  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'], // WHATWG form of [::ffff:127.0.0.1]
    ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local (metadata)'], // 169.254.169.254
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated link-local (metadata)'],
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 link-local (metadata)'],
    ['64:ff9b::192.168.0.1', 'NAT64 private'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4 loopback'],
    ['2002:a9fe:a9fe::', '6to4 link-local (metadata)'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001:20::1', 'ORCHIDv2'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'site-local (deprecated)'],
    ['fc00::1', 'unique-local (private)'],
    ['fd00:ec2::254', 'cloud metadata'], // AWS IMDS over IPv6
    ['fd00:ec2::253', 'unique-local (private)'],
    ['ff02::1', 'multicast'],
    ['::7f00:1', 'IPv4-compatible (deprecated)'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('IPv6 %s is %s', (ip, reason) => {
    expect(nonPublicReason(ip)).toBe(reason);
  });

  it('public addresses pass, including public IPv4 behind the embedding prefixes', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '193.0.14.129',
      '100.63.255.255',
      '100.128.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '192.0.1.1',
      '198.17.255.255',
      '198.20.0.0',
      '223.255.255.255',
      '2001:4860:4860::8888',
      '2606:4700:4700::1111',
      '2a00:1450:4001:80b::200e',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(nonPublicReason(ip), ip).toBeNull();
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });

  it('allowPrivate opens loopback and private ranges, never metadata, link-local, unspecified or multicast', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '100.64.0.1', 'fd12::1', '::1', '::ffff:127.0.0.1', '64:ff9b::a00:1']) {
      expect(refusalReason(ip, true), ip).toBeNull();
      expect(refusalReason(ip, false), ip).not.toBeNull();
    }
    for (const ip of [
      '169.254.169.254',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
      '168.63.129.16',
      '100.100.100.200',
      'fd00:ec2::254',
      'fe80::1',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255',
    ]) {
      expect(refusalReason(ip, true), ip).not.toBeNull();
    }
  });

  it('anything that is not an address is refused', () => {
    for (const text of ['', 'localhost', '1.2.3', '1.2.3.4.5', '::ffff:1.2.3.999', '1:2:3:4:5:6:7:8:9', 'fe80::1::2']) {
      expect(nonPublicReason(text), text).toBe('not an IP address');
    }
  });
});

describe('createOutboundFetch: literal addresses', () => {
  it.each([
    'http://127.0.0.1:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://[0:0:0:0:0:ffff:7f00:1]:PORT/',
    'http://[::ffff:0:7f00:1]:PORT/',
    'http://[64:ff9b::7f00:1]:PORT/',
    'http://[::1]:PORT/',
    'http://2130706433:PORT/', // decimal
    'http://0x7f000001:PORT/', // hex
    'http://0177.0.0.1:PORT/', // octal
    'http://0x7f.1:PORT/',
    'http://127.1:PORT/',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0:PORT/',
  ])('%s is refused before connecting', async (template) => {
    const s = await standin(ok('secret'));
    const lookup = countingLookup([['8.8.8.8']]);
    const guarded = createOutboundFetch({ lookup });
    await expect(guarded(template.replace('PORT', String(s.port)))).rejects.toMatchObject({ reason: 'OUTBOUND_BLOCKED', status: 502, code: 'upstream_error' });
    expect(s.seen).toHaveLength(0);
    expect(lookup.calls).toHaveLength(0);
  });

  it('the message names the origin and the kind of address, not the address', async () => {
    const lookup = countingLookup([['93.184.215.14', '10.20.30.40']]);
    const error = (await createOutboundFetch({ lookup })('https://smp.example.test/x').then(
      () => new Error('no refusal'),
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toBe('Refused to connect to https://smp.example.test: smp.example.test resolves to an address that is not a public address (private).');
    expect(error.message).not.toContain('10.20.30.40');
  });
});

describe('createOutboundFetch: resolve once, check every address, connect to exactly that address', () => {
  it('refuses a name when any one of its addresses is not public', async () => {
    const s = await standin(ok('secret'));
    const lookup = countingLookup([['93.184.215.14', '127.0.0.1']]);
    await expect(createOutboundFetch({ lookup })(`http://mixed.test:${s.port}/`)).rejects.toMatchObject({ reason: 'OUTBOUND_BLOCKED' });
    expect(s.seen).toHaveLength(0);
  });

  it('refuses localhost through the system resolver', async () => {
    const s = await standin(ok('secret'));
    await expect(createOutboundFetch()(`http://localhost:${s.port}/`)).rejects.toMatchObject({ reason: 'OUTBOUND_BLOCKED' });
    expect(s.seen).toHaveLength(0);
  });

  it('connects to the looked-up address without a second resolution; Host stays the hostname', async () => {
    const s = await standin(ok('pinned'));
    const lookup = countingLookup([['127.0.0.1']]);
    // rebind.test exists in no DNS: the request can only arrive if the validated address is used directly
    const res = await createOutboundFetch({ lookup, allowPrivate: true })(`http://rebind.test:${s.port}/path?q=1`);
    expect(await res.text()).toBe('pinned');
    expect(res.url).toBe(`http://rebind.test:${s.port}/path?q=1`);
    expect(s.seen).toEqual([expect.objectContaining({ url: '/path?q=1', host: `rebind.test:${s.port}` })]);
    expect(lookup.calls).toEqual(['rebind.test']);
  });

  it('DNS rebinding: the second answer of the resolver is never used', async () => {
    // "public" stands for the address validated first (127.0.0.2), "internal" for what the name rebinds to (127.0.0.1);
    // both listen on the same port, so only the address chosen decides who answers
    const [validated, internal] = await standinPair([ok('validated'), '127.0.0.2'], [ok('internal secret'), '127.0.0.1']);
    const lookup = countingLookup([['127.0.0.2'], ['127.0.0.1']]);
    const guarded = createOutboundFetch({ lookup, allowPrivate: true, alsoDeny: (address) => address === '127.0.0.1' });
    const res = await guarded(`http://rebinding.test:${validated.port}/`);
    expect(await res.text()).toBe('validated');
    expect(validated.seen).toHaveLength(1);
    expect(internal.seen).toHaveLength(0);
    expect(lookup.calls).toHaveLength(1);
    // the next call resolves again, sees the rebound address and refuses it
    await expect(guarded(`http://rebinding.test:${validated.port}/`)).rejects.toMatchObject({ reason: 'OUTBOUND_BLOCKED' });
    expect(internal.seen).toHaveLength(0);
  });

  it('a kept-alive connection is reused only for the same validated address', async () => {
    const [first, second] = await standinPair([ok('first'), '127.0.0.2'], [ok('second'), '127.0.0.3']);
    const lookup = countingLookup([['127.0.0.2'], ['127.0.0.2'], ['127.0.0.3']]);
    const guarded = createOutboundFetch({ lookup, allowPrivate: true });
    const url = `http://moving.test:${first.port}/`;
    expect(await (await guarded(url)).text()).toBe('first');
    expect(await (await guarded(url)).text()).toBe('first');
    // the name now points elsewhere: the open connection to the old address must not carry the request
    expect(await (await guarded(url)).text()).toBe('second');
    expect([first.seen.length, second.seen.length]).toEqual([2, 1]);
    expect(lookup.calls).toHaveLength(3);
  });

  it('a name without addresses is a network failure (TypeError), not a refusal', async () => {
    const lookup: OutboundLookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    };
    await expect(createOutboundFetch({ lookup })('https://nowhere.test/')).rejects.toMatchObject({ name: 'TypeError', cause: { code: 'ENOTFOUND' } });
  });
});

describe('createOutboundFetch: schemes', () => {
  it.each(['file:///etc/passwd', 'ftp://ftp.example.test/x', 'javascript:alert(1)', 'data:text/plain,hi', 'gopher://example.test/'])('%s is refused', async (url) => {
    await expect(createOutboundFetch()(url)).rejects.toMatchObject({ reason: 'OUTBOUND_BLOCKED' });
  });

  it('https-only callers refuse http, except for trusted origins', async () => {
    const s = await standin(ok('trusted'));
    const lookup = countingLookup([['8.8.8.8']]);
    await expect(createOutboundFetch({ schemes: ['https:'], lookup })('http://smp.example.test/')).rejects.toThrow(/scheme http: is not allowed/);
    expect(lookup.calls).toHaveLength(0);
    const res = await createOutboundFetch({ schemes: ['https:'], trustedOrigins: [`${s.origin}/some/base`] })(`${s.origin}/x`);
    expect(await res.text()).toBe('trusted');
  });

  it('credentials in URLs are refused', async () => {
    await expect(createOutboundFetch({ lookup: countingLookup([['8.8.8.8']]) })('https://user:pw@example.test/')).rejects.toMatchObject({ reason: 'OUTBOUND_BLOCKED' });
  });
});

describe('createOutboundFetch: redirects are followed by hand and every hop is checked', () => {
  const redirectTo = (status: number, location: string) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(status, { location });
    res.end();
  };

  it.each([
    ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['an IPv4-mapped loopback literal', 'http://[::ffff:7f00:1]:INNER/'],
    ['another loopback origin', 'http://127.0.0.1:INNER/'],
    ['a name resolving to a private address', 'http://intranet.test:INNER/'],
    ['a file: URL', 'file:///etc/passwd'],
  ])('a redirect to %s is refused', async (_what, location) => {
    const inner = await standin(ok('internal secret'));
    const outer = await standin(redirectTo(302, location.replace('INNER', String(inner.port))));
    const lookup = countingLookup([['10.0.0.5']]);
    const guarded = createOutboundFetch({ trustedOrigins: [outer.origin], lookup });
    await expect(guarded(`${outer.origin}/start`)).rejects.toMatchObject({ reason: 'OUTBOUND_BLOCKED' });
    expect(outer.seen).toHaveLength(1);
    expect(inner.seen).toHaveLength(0);
  });

  it('follows redirects within allowed destinations; POST becomes GET on 303, stays POST with its body on 307', async () => {
    const target = await standin((req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, body }));
    });
    const via303 = await standin(redirectTo(303, `${target.origin}/after-303`));
    const via307 = await standin(redirectTo(307, `${target.origin}/after-307`));
    const guarded = createOutboundFetch({ trustedOrigins: [via303.origin, via307.origin, target.origin] });
    const a = await guarded(`${via303.origin}/`, { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } });
    expect(await a.json()).toEqual({ method: 'GET', body: '' });
    expect(a.url).toBe(`${target.origin}/after-303`);
    const b = await guarded(`${via307.origin}/`, { method: 'POST', body: 'payload' });
    expect(await b.json()).toEqual({ method: 'POST', body: 'payload' });
  });

  it('drops Authorization when the redirect leaves the origin', async () => {
    const other = await standin(ok('other'));
    const first = await standin((req, res) => {
      if (req.url === '/same') return redirectTo(302, '/landing')(req, res);
      if (req.url === '/cross') return redirectTo(302, `${other.origin}/landing`)(req, res);
      return ok('first')(req, res);
    });
    const guarded = createOutboundFetch({ trustedOrigins: [first.origin, other.origin] });
    await (await guarded(`${first.origin}/same`, { headers: { authorization: 'Bearer k' } })).text();
    expect(first.seen.map((r) => r.authorization)).toEqual(['Bearer k', 'Bearer k']);
    await (await guarded(`${first.origin}/cross`, { headers: { authorization: 'Bearer k' } })).text();
    expect(other.seen.map((r) => r.authorization)).toEqual([undefined]);
  });

  it('stops after maxRedirects', async () => {
    const loop = await standin(redirectTo(302, '/again'));
    await expect(createOutboundFetch({ trustedOrigins: [loop.origin], maxRedirects: 3 })(`${loop.origin}/`)).rejects.toMatchObject({ reason: 'OUTBOUND_TOO_MANY_REDIRECTS' });
    expect(loop.seen).toHaveLength(4);
  });

  it('redirect: "manual" hands the 3xx to the caller without following it', async () => {
    const inner = await standin(ok('inner'));
    const outer = await standin(redirectTo(302, `${inner.origin}/`));
    const res = await createOutboundFetch({ trustedOrigins: [outer.origin] })(`${outer.origin}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${inner.origin}/`);
    expect(inner.seen).toHaveLength(0);
  });
});

describe('createOutboundFetch: size and time bounds', () => {
  it('errors the body stream beyond maxResponseBytes, also without Content-Length', async () => {
    const s = await standin((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('x'.repeat(600));
      res.end('y'.repeat(600));
    });
    const guarded = createOutboundFetch({ trustedOrigins: [s.origin], maxResponseBytes: 1000 });
    await expect((await guarded(`${s.origin}/`)).text()).rejects.toMatchObject({ reason: 'OUTBOUND_TOO_LARGE' });
    const roomy = createOutboundFetch({ trustedOrigins: [s.origin], maxResponseBytes: 1200 });
    expect((await (await roomy(`${s.origin}/`)).text()).length).toBe(1200);
  });

  it('the deadline also bounds a DNS lookup that never answers', async () => {
    const hanging: OutboundLookup = () => new Promise(() => undefined);
    await expect(createOutboundFetch({ lookup: hanging, timeoutMs: 100 })('https://slow-dns.test/')).rejects.toMatchObject({ name: 'TimeoutError' });
    const caller = new AbortController();
    const pending = createOutboundFetch({ lookup: hanging })('https://slow-dns.test/', { signal: caller.signal });
    caller.abort(new Error('caller gave up'));
    await expect(pending).rejects.toThrow('caller gave up');
  });

  it('one deadline covers the call', async () => {
    const s = await standin(() => undefined); // never answers
    await expect(createOutboundFetch({ trustedOrigins: [s.origin], timeoutMs: 150 })(`${s.origin}/`)).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('outboundFetchFor (service policies from the configuration)', () => {
  it('peppol: SMP URLs must be public and https; the configured Directory is trusted; the switches open both', async () => {
    const directory = await standin(ok('directory'));
    const smp = await standin(ok('smp'));
    const strict = outboundFetchFor(loadConfig({ KONTOR_PEPPOL_DIRECTORY_URL: directory.origin }), 'peppol');
    expect(await (await strict(`${directory.origin}/search/1.0/json?q=x`)).text()).toBe('directory');
    await expect(strict(`${smp.origin}/smp/x`)).rejects.toMatchObject({ reason: 'OUTBOUND_BLOCKED' });
    await expect(strict(`${smp.origin.replace('http:', 'https:')}/smp/x`)).rejects.toThrow(/not a public address \(loopback\)/);
    const open = outboundFetchFor(loadConfig({ KONTOR_PEPPOL_DIRECTORY_URL: directory.origin, KONTOR_SMP_ALLOW_PRIVATE: 'true', KONTOR_SMP_ALLOW_HTTP: 'true' }), 'peppol');
    expect(await (await open(`${smp.origin}/smp/x`)).text()).toBe('smp');
    expect(smp.seen).toHaveLength(1);
  });

  it('vies and ai: the configured base URL is trusted, a redirect away from it is checked', async () => {
    const inner = await standin(ok('internal secret'));
    const vies = await standin((req, res) => {
      if (req.url?.startsWith('/rest-api/check-vat-number')) return ok('{"valid":true}')(req, res);
      res.writeHead(302, { location: `${inner.origin}/` });
      res.end();
    });
    const guarded = outboundFetchFor(loadConfig({ KONTOR_VIES_URL: `${vies.origin}/rest-api` }), 'vies');
    expect(await (await guarded(`${vies.origin}/rest-api/check-vat-number`, { method: 'POST', body: '{}' })).text()).toBe('{"valid":true}');
    await expect(guarded(`${vies.origin}/elsewhere`)).rejects.toMatchObject({ reason: 'OUTBOUND_BLOCKED' });
    const ai = outboundFetchFor(loadConfig({ KONTOR_AI_BASE_URL: `${vies.origin}/v1`, KONTOR_AI_MODEL: 'm' }), 'ai');
    await expect(ai(`${vies.origin}/elsewhere`)).rejects.toMatchObject({ reason: 'OUTBOUND_BLOCKED' });
    expect(inner.seen).toHaveLength(0);
  });
});
