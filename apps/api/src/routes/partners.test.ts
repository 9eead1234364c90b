import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { naptrHostname, parseParticipant } from '@kontor/peppol';
import { startDnsStandin, type DnsStandin } from '@kontor/testkit/dns-standin';
import { BILLING_PROCESS, BIS_INVOICE, XRECHNUNG_CII, startDirectoryStandin, startSmpStandin, type HttpStandin } from '@kontor/testkit/peppol-standins';
import { startViesStandin, type ViesStandin } from '@kontor/testkit/vies-standin';
import { makeTestApp, testClock, type TestApp } from '../../test/helpers';

const ZONE = 'sml.test.invalid';

let vies: ViesStandin;
let dns: DnsStandin;
let directory: HttpStandin;
let t: TestApp;
let key: string;

beforeAll(async () => {
  vies = await startViesStandin({
    fixtures: {
      DE136695976: { valid: true, name: 'ACME GMBH', address: 'BERLIN' },
      ATU13585627: { error: 'MS_UNAVAILABLE' },
    },
  });
  dns = await startDnsStandin();
  directory = await startDirectoryStandin({ '0088:7300010000001': { name: [{ name: 'Beispiel GmbH' }], countryCode: 'DE' } }, { maxPerSecond: 100 });
  const registered = parseParticipant('0088:7300010000001');
  dns.set(naptrHostname(registered, ZONE), {
    naptr: [{ order: 100, preference: 10, flags: 'U', services: 'Meta:SMP', regexp: '!^.*$!https://127.0.0.1:1/smp!' }],
  });
  dns.set(naptrHostname(parseParticipant('0088:0614141000012'), ZONE), { behaviour: 'servfail' });
  t = await makeTestApp({
    env: {
      KONTOR_VIES_URL: vies.baseUrl,
      KONTOR_VIES_TIMEOUT_MS: '2000',
      KONTOR_SML_ZONE: ZONE,
      KONTOR_DNS_RESOLVER: dns.server,
      KONTOR_PEPPOL_DIRECTORY_URL: directory.baseUrl,
    },
  });
  key = (await t.account()).key;
});

afterAll(async () => {
  await t.dispose();
  await Promise.all([vies.close(), dns.close(), directory.close()]);
});

describe('GET /vat/check', () => {
  it('needs a credential', async () => {
    const r = await t.request('/api/v1/vat/check?vatId=DE136695976');
    expect(r.status).toBe(401);
    expect((await r.json()).code).toBe('auth_required');
  });

  it('answers valid with the VIES data', async () => {
    const r = await t.request('/api/v1/vat/check?vatId=de%20136%20695%20976', { key });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'valid', countryCode: 'DE', vatNumber: '136695976', name: 'ACME GMBH', address: 'BERLIN', source: 'vies' });
  });

  it('answers 200 unavailable (not invalid) when the member state is down', async () => {
    const r = await t.request('/api/v1/vat/check?vatId=ATU13585627', { key });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'unavailable', errorCode: 'MS_UNAVAILABLE' });
  });

  it('400 invalid_input for ids that are not VAT ids, without asking VIES', async () => {
    const before = vies.requests.length;
    for (const [vatId, code] of [
      ['DE136695978', 'VAT_CHECKSUM'],
      ['hello', 'VAT_COUNTRY_UNSUPPORTED'],
      ['123', 'VAT_COUNTRY_MISSING'],
    ]) {
      const r = await t.request(`/api/v1/vat/check?vatId=${encodeURIComponent(vatId!)}`, { key });
      expect(r.status).toBe(400);
      const body = await r.json();
      expect(body).toMatchObject({ code: 'invalid_input', details: [{ code, severity: 'error', path: 'vatId' }] });
    }
    const missing = await t.request('/api/v1/vat/check', { key });
    expect(missing.status).toBe(400);
    expect(vies.requests.length).toBe(before);
  });
});

describe('GET /peppol/check', () => {
  it('reports a registered participant with its Directory name', async () => {
    const r = await t.request('/api/v1/peppol/check?participant=7300010000001', { key });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body).toMatchObject({
      participant: { value: '0088:7300010000001', identifier: 'iso6523-actorid-upis::0088:7300010000001' },
      registered: true,
      smpUrl: 'https://127.0.0.1:1/smp',
      directory: { found: true, name: 'Beispiel GmbH', countryCode: 'DE' },
      sml: { zone: ZONE, method: 'naptr' },
    });
    // the SMP address from DNS is a loopback address: refused before connecting (an issue, not an error)
    expect(body.issues.map((i: { code: string }) => i.code)).toEqual(['SMP_UNAVAILABLE']);
    expect(JSON.stringify(body.issues)).toContain('not a public address');
  });

  it('registered=false is a normal 200 answer', async () => {
    const r = await t.request(`/api/v1/peppol/check?participant=${encodeURIComponent('iso6523-actorid-upis::9930:DE136695976')}`, { key });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ registered: false, smpUrl: null, documentTypes: [], directory: { found: false } });
  });

  it('400 invalid_input for unrecognisable identifiers', async () => {
    const r = await t.request('/api/v1/peppol/check?participant=7300010000002', { key });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'invalid_input', details: [{ code: 'PARTICIPANT_GLN_CHECKSUM', path: 'participant' }] });
  });

  it('503 when the SML cannot answer', async () => {
    const r = await t.request('/api/v1/peppol/check?participant=0614141000012', { key });
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('30');
    expect((await r.json()).code).toBe('service_unavailable');
  });

  it('is documented in the OpenAPI description', () => {
    const paths = t.openapi.paths as Record<string, unknown>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/vat/check', '/peppol/check']));
  });
});

describe('GET /peppol/check with KONTOR_SMP_ALLOW_PRIVATE (private Peppol networks, stand-ins)', () => {
  it('reads a loopback SMP, and still refuses hostile reference hrefs and redirects to the metadata address', async () => {
    const smp = await startSmpStandin({
      '0088:4012345000009': {
        documents: [
          { id: BIS_INVOICE, processes: [{ id: BILLING_PROCESS, endpoints: [{ transportProfile: 'peppol-transport-as4-v2_0', url: 'https://ap.example.test/as4' }] }] },
          { id: XRECHNUNG_CII, href: 'file:///etc/passwd' },
          { id: 'busdox-docid-qns::other', redirectTo: 'http://[::ffff:a9fe:a9fe]/latest/meta-data/' },
        ],
      },
    });
    const participant = parseParticipant('0088:4012345000009');
    dns.set(naptrHostname(participant, ZONE), { naptr: [{ order: 1, preference: 1, flags: 'U', services: 'Meta:SMP', regexp: `!^.*$!${smp.smpUrl}!` }] });
    const open = await makeTestApp({
      env: {
        KONTOR_SML_ZONE: ZONE,
        KONTOR_DNS_RESOLVER: dns.server,
        KONTOR_PEPPOL_DIRECTORY_URL: directory.baseUrl,
        KONTOR_SMP_ALLOW_PRIVATE: 'true',
        KONTOR_SMP_ALLOW_HTTP: 'true',
      },
    });
    try {
      const { key: openKey } = await open.account();
      const r = await open.request('/api/v1/peppol/check?participant=0088:4012345000009', { key: openKey });
      expect(r.status).toBe(200);
      const body = await r.json();
      expect(body.documentTypes.map((d: { processes: unknown[] }) => d.processes.length)).toEqual([1, 0, 0]);
      expect(body.issues).toEqual([
        expect.objectContaining({ code: 'SMP_INVALID_RESPONSE', path: 'documentTypes[1]', message: expect.stringContaining('is a file: URL') }),
        // allow-private opens loopback and private ranges, never the metadata address
        expect.objectContaining({ code: 'SMP_UNAVAILABLE', path: 'documentTypes[2]', message: expect.stringContaining('not a public address (IPv4-mapped link-local (metadata))') }),
      ]);
      // Issue messages: German by default, English for Accept-Language: en (same codes)
      expect(body.issues[1].message).toMatch(/^SMP nicht erreichbar: /);
      const en = await (await open.request('/api/v1/peppol/check?participant=0088:4012345000009', { key: openKey, headers: { 'accept-language': 'en' } })).json();
      expect(en.issues.map((i: { code: string }) => i.code)).toEqual(body.issues.map((i: { code: string }) => i.code));
      expect(en.issues[1].message).not.toMatch(/nicht erreichbar/);
      expect(smp.requests.some((p) => p.includes('etc/passwd'))).toBe(false);
    } finally {
      await open.dispose();
      await smp.close();
    }
  });
});

describe('rate limit', () => {
  it('allows 30 partner checks per minute per key, then 429', async () => {
    // a stopped clock: the fixed window must not turn over between the requests on a slow machine
    const clocked = await makeTestApp({ clock: testClock() });
    try {
      const { key: fresh } = await clocked.account();
      for (let i = 0; i < 30; i++) {
        expect((await clocked.request('/api/v1/vat/check?vatId=XX', { key: fresh })).status).toBe(400);
      }
      const r = await clocked.request('/api/v1/vat/check?vatId=XX', { key: fresh });
      expect(r.status).toBe(429);
      expect((await r.json()).code).toBe('rate_limited');
      // the peppol group has its own budget
      expect((await clocked.request('/api/v1/peppol/check?participant=x', { key: fresh })).status).toBe(400);
    } finally {
      await clocked.dispose();
    }
  });
});
