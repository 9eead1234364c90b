import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startViesStandin, type ViesStandin, type ViesStandinOptions } from '@kontor/testkit/vies-standin';
import { ViesError } from '../errors';
import { checkVatSyntax } from '../syntax/checkVatSyntax';
import { createViesClient, type ViesClientOptions } from './createViesClient';

const standins: ViesStandin[] = [];
afterEach(async () => {
  await Promise.all(standins.splice(0).map((s) => s.close()));
});

async function setup(standinOptions: ViesStandinOptions, clientOptions: Partial<ViesClientOptions> = {}) {
  const standin = await startViesStandin(standinOptions);
  standins.push(standin);
  const client = createViesClient({ baseUrl: standin.baseUrl, timeoutMs: 1000, retries: 2, backoffMs: 5, ...clientOptions });
  return { standin, client };
}

/** German ids with a valid check digit, for tests that need several distinct numbers. */
function germanIds(count: number): string[] {
  const ids: string[] = [];
  for (let body = 12345670; ids.length < count; body++) {
    const id = [...'0123456789'].map((d) => `DE${body}${d}`).find((candidate) => checkVatSyntax(candidate).valid);
    if (id) ids.push(id);
  }
  return ids;
}

describe('createViesClient: definitive answers', () => {
  it('returns valid with name and address and sends the national part only', async () => {
    const { standin, client } = await setup({
      fixtures: { FR23334175221: { valid: true, name: 'EXAMPLE SA', address: '1 RUE DE TEST\n75001 PARIS' } },
    });
    const result = await client.check('fr 23 334 175 221');
    expect(result).toMatchObject({
      status: 'valid',
      countryCode: 'FR',
      vatNumber: '23334175221',
      name: 'EXAMPLE SA',
      address: '1 RUE DE TEST\n75001 PARIS',
      source: 'vies',
    });
    expect(Number.isNaN(Date.parse(result.requestDate))).toBe(false);
    expect(result.consultationNumber).toBeUndefined();
    expect(standin.requests).toEqual([{ path: '/rest-api/check-vat-number', body: { countryCode: 'FR', vatNumber: '23334175221' } }]);
  });

  it('omits undisclosed ("---") name and address', async () => {
    const { client } = await setup({ fixtures: { DE136695976: { valid: true } } });
    const result = await client.check('DE136695976');
    expect(result.status).toBe('valid');
    expect(result).not.toHaveProperty('name');
    expect(result).not.toHaveProperty('address');
  });

  it('returns invalid for a well-formed number VIES does not know', async () => {
    const { client } = await setup({});
    expect(await client.check('DE136695976')).toMatchObject({ status: 'invalid', countryCode: 'DE', vatNumber: '136695976' });
  });

  it('sends EL for Greek ids written with GR', async () => {
    const { standin, client } = await setup({ fixtures: { EL094259216: { valid: true } } });
    expect((await client.check('GR094259216')).status).toBe('valid');
    expect(standin.requests[0]?.body).toEqual({ countryCode: 'EL', vatNumber: '094259216' });
  });

  it('passes the requester and returns the consultation number', async () => {
    const { standin, client } = await setup({ fixtures: { DE136695976: { valid: true } } }, { requester: { countryCode: 'AT', vatNumber: 'U13585627' } });
    const result = await client.check('DE136695976');
    expect(result.consultationNumber).toMatch(/^WAPI\d{12}$/);
    expect(standin.requests[0]?.body).toMatchObject({ requesterMemberStateCode: 'AT', requesterNumber: 'U13585627' });
  });
});

describe('createViesClient: input that must never reach VIES', () => {
  it('throws VAT_SYNTAX without a request', async () => {
    const { standin, client } = await setup({});
    for (const bad of ['DE136695978', 'XX123', '', 'GB980780684']) {
      await expect(client.check(bad)).rejects.toMatchObject({ name: 'ViesError', code: 'VAT_SYNTAX' });
    }
    expect(standin.requests).toHaveLength(0);
  });

  it('maps VIES INVALID_INPUT and INVALID_REQUESTER_INFO to typed errors', async () => {
    const { client } = await setup({ fixtures: { DE136695976: { error: 'INVALID_INPUT', status: 400 } } });
    await expect(client.check('DE136695976')).rejects.toMatchObject({ code: 'VIES_INPUT_REJECTED' });

    const second = await setup({ invalidRequesters: ['DE136695976'] }, { requester: { countryCode: 'DE', vatNumber: '136695976' } });
    await expect(second.client.check('ATU13585627')).rejects.toMatchObject({ code: 'VIES_REQUESTER_REJECTED' });
  });

  it('rejects an invalid requester at construction', () => {
    expect(() => createViesClient({ baseUrl: 'http://127.0.0.1:1', requester: { countryCode: 'DE', vatNumber: '1' } })).toThrow(ViesError);
    expect(() => createViesClient({ baseUrl: 'ftp://x' })).toThrow(ViesError);
  });
});

describe('createViesClient: unavailable, never invalid', () => {
  it.each(['MS_UNAVAILABLE', 'TIMEOUT', 'VAT_BLOCKED', 'IP_BLOCKED'])('%s → unavailable without retry', async (code) => {
    const { standin, client } = await setup({ fixtures: { DE136695976: { error: code } } });
    const result = await client.check('DE136695976');
    expect(result).toMatchObject({ status: 'unavailable', errorCode: code, countryCode: 'DE', vatNumber: '136695976', source: 'vies' });
    expect(standin.requests).toHaveLength(1);
  });

  it('treats an error envelope as an error even with HTTP 200', async () => {
    const { client } = await setup({ fixtures: { DE136695976: { error: 'MS_UNAVAILABLE', status: 200 } } });
    expect(await client.check('DE136695976')).toMatchObject({ status: 'unavailable', errorCode: 'MS_UNAVAILABLE' });
  });

  it('retries concurrency errors with back-off and then succeeds', async () => {
    const { standin, client } = await setup({
      fixtures: {
        DE136695976: { sequence: [{ error: 'MS_MAX_CONCURRENT_REQ' }, { error: 'GLOBAL_MAX_CONCURRENT_REQ' }, { valid: true }] },
      },
    });
    expect((await client.check('DE136695976')).status).toBe('valid');
    expect(standin.requests).toHaveLength(3);
  });

  it('gives up after the configured retries', async () => {
    const { standin, client } = await setup({ fixtures: { DE136695976: { error: 'SERVICE_UNAVAILABLE' } } }, { retries: 3 });
    expect(await client.check('DE136695976')).toMatchObject({ status: 'unavailable', errorCode: 'SERVICE_UNAVAILABLE' });
    expect(standin.requests).toHaveLength(4);
  });

  it('times out a slow member state after the configured timeout, not a built-in one', async () => {
    // The same 400 ms answer: too slow for 150 ms, in time for 10 s (so the configured value decides).
    const slow = { fixtures: { DE136695976: { delayMs: 400, then: { valid: true } } } };
    const { client } = await setup(slow, { timeoutMs: 150 });
    expect(await client.check('DE136695976')).toMatchObject({ status: 'unavailable', errorCode: 'CLIENT_TIMEOUT' });
    const { client: patient } = await setup(slow, { timeoutMs: 10_000 });
    expect(await patient.check('DE136695976')).toMatchObject({ status: 'valid' });
  });

  it('reports network errors as unavailable after retrying', async () => {
    const standin = await startViesStandin({});
    const baseUrl = standin.baseUrl;
    await standin.close(); // nothing listens on that port any more
    const client = createViesClient({ baseUrl, timeoutMs: 500, retries: 1, backoffMs: 1 });
    expect(await client.check('DE136695976')).toMatchObject({ status: 'unavailable', errorCode: 'NETWORK_ERROR' });
  });

  it.each([
    [{ raw: 'not json' }, 'INVALID_RESPONSE', 1],
    [{ raw: '{"valid":"yes"}' }, 'INVALID_RESPONSE', 1],
    [{ raw: '{"countryCode":"DE"' }, 'INVALID_RESPONSE', 1],
    [{ raw: '<html>Bad Gateway</html>', status: 502, contentType: 'text/html' }, 'HTTP_502', 3],
    [{ raw: '{}', status: 404 }, 'HTTP_404', 1],
    [{ raw: JSON.stringify({ valid: true, name: 'x'.repeat(200_000) }) }, 'RESPONSE_TOO_LARGE', 1],
  ] as const)('malformed answer %# → unavailable %s', async (fixture, errorCode, requests) => {
    const { standin, client } = await setup({ fixtures: { DE136695976: fixture } });
    expect(await client.check('DE136695976')).toMatchObject({ status: 'unavailable', errorCode });
    expect(standin.requests).toHaveLength(requests);
  });

  it('honours the caller abort signal', async () => {
    const { client } = await setup({ fixtures: { DE136695976: { delayMs: 2000, then: { valid: true } } } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await expect(client.check('DE136695976', { signal: controller.signal })).rejects.toThrow('caller gave up');
  });
});

describe('createViesClient: cache', () => {
  it('serves definitive answers from the cache until the TTL ends', async () => {
    let nowMs = Date.parse('2026-05-19T10:00:00Z');
    const { standin, client } = await setup({ fixtures: { DE136695976: { valid: true, name: 'ACME GMBH' } } }, { cacheTtlMs: 60_000, now: () => new Date(nowMs) });
    const first = await client.check('DE136695976');
    const second = await client.check('de 136 695 976');
    expect(first.source).toBe('vies');
    expect(second).toEqual({ ...first, source: 'cache' });
    expect(standin.requests).toHaveLength(1);
    nowMs += 60_001;
    expect((await client.check('DE136695976')).source).toBe('vies');
    expect(standin.requests).toHaveLength(2);
  });

  it('caches invalid answers but never unavailable ones', async () => {
    const { standin, client } = await setup({ fixtures: { ATU13585627: { error: 'MS_UNAVAILABLE' } } });
    await client.check('DE136695976');
    await client.check('DE136695976');
    await client.check('ATU13585627');
    await client.check('ATU13585627');
    expect(standin.requests.map((r) => r.body.countryCode)).toEqual(['DE', 'AT', 'AT']);
  });

  it('keeps the cache per client and evicts the least recently used entry', async () => {
    const { standin, client } = await setup({}, { cacheMaxEntries: 2 });
    const other = createViesClient({ baseUrl: standin.baseUrl, timeoutMs: 1000 });
    const [a, b, c] = germanIds(3) as [string, string, string];
    await client.check(a);
    await other.check(a); // a second client does not see the first one's cache
    expect(standin.requests).toHaveLength(2);
    await client.check(b);
    await client.check(a); // a is now most recent
    await client.check(c); // evicts b
    expect(standin.requests).toHaveLength(4);
    expect((await client.check(a)).source).toBe('cache');
    expect((await client.check(b)).source).toBe('vies');
    client.clearCache();
    expect((await client.check(c)).source).toBe('vies');
  });
});

describe('createViesClient: per-country concurrency', () => {
  it('keeps in-flight requests per member state within the limit', async () => {
    const ids = germanIds(6);
    const fixtures = Object.fromEntries(ids.map((id) => [id, { delayMs: 40, then: { valid: true } }]));
    const { standin, client } = await setup({ fixtures, maxInFlightPerCountry: 2 }, { maxConcurrentPerCountry: 2, retries: 0 });
    const results = await Promise.all(ids.map((id) => client.check(id)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('valid'));
    expect(standin.peakInFlight.DE).toBe(2);
  });

  it('without the limit the stand-in answers MS_MAX_CONCURRENT_REQ (the limit matters)', async () => {
    const ids = germanIds(6);
    const fixtures = Object.fromEntries(ids.map((id) => [id, { delayMs: 40, then: { valid: true } }]));
    const { client } = await setup({ fixtures, maxInFlightPerCountry: 2 }, { maxConcurrentPerCountry: 6, retries: 0 });
    const results = await Promise.all(ids.map((id) => client.check(id)));
    expect(results.filter((r) => r.status === 'unavailable' && r.errorCode === 'MS_MAX_CONCURRENT_REQ').length).toBeGreaterThan(0);
  });
});

describe('createViesClient: test service contract', () => {
  it('the stand-in test service speaks the documented magic numbers', async () => {
    // The stand-in is itself exercised here so the fixtures above rest on the documented contract.
    const { standin } = await setup({});
    const post = (vatNumber: string) =>
      fetch(`${standin.baseUrl}/check-vat-test-service`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ countryCode: 'DE', vatNumber }),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    expect(await post('100')).toMatchObject({ valid: true });
    expect(await post('200')).toMatchObject({ valid: false });
    expect(await post('301')).toMatchObject({ errorWrappers: [{ error: 'MS_UNAVAILABLE' }] });
  });
});

describe('createViesClient: raw HTTP edge cases', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('treats a connection closed mid-answer as unavailable', async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"valid":tr');
      setTimeout(() => res.destroy(), 10);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createViesClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1000, retries: 0 });
    expect(await client.check('DE136695976')).toMatchObject({ status: 'unavailable', errorCode: 'NETWORK_ERROR' });
  });
});
