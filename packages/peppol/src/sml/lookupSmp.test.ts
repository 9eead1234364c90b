import { Resolver } from 'node:dns/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDnsStandin, type DnsStandin } from '@kontor/testkit/dns-standin';
import { PeppolError } from '../errors';
import { parseParticipant } from '../participant/parseParticipant';
import { applyNaptrRegexp, encodeBase32, cnameHostname, lookupSmp, naptrHostname } from './lookupSmp';

const ZONE = 'sml.test.invalid';
const participant = parseParticipant('0088:7300010000001');
const naptr = (regexp: string, order = 100, preference = 10, services = 'Meta:SMP', flags = 'U') => ({ order, preference, flags, services, regexp });

describe('SML names (protocols.md §2.2 test vectors)', () => {
  const vector = { scheme: 'iso6523-actorid-upis', value: '0088:123abc' };
  it('NAPTR: base32(sha256) without padding, lower case', () => {
    expect(naptrHostname(vector, 'zone.example')).toBe('y7dzfxaf3d4cjz4kcgrxtec6twvcga4ky7zwa5boif6mswd4tdrq.iso6523-actorid-upis.zone.example');
    expect(naptrHostname({ scheme: 'iso6523-actorid-upis', value: '9915:test' }, 'z')).toMatch(/^eh5boavaktmbgzyh2a63dz4qov33fvp5nsdvqklucfraayoodw6a\./);
  });
  it('CNAME: B- + md5 hex', () => {
    expect(cnameHostname(vector, 'zone.example.')).toBe('B-f5e78500450d37de5aabe6648ac3bb70.iso6523-actorid-upis.zone.example');
    expect(cnameHostname({ scheme: 'iso6523-actorid-upis', value: '9915:test' }, 'z')).toMatch(/^B-85008b8279e07ab0392da75fa55856a2\./);
  });
  it('values are hashed case-insensitively', () => {
    expect(naptrHostname({ ...vector, value: '0088:123ABC' }, 'z')).toBe(naptrHostname(vector, 'z'));
    expect(cnameHostname({ ...vector, value: '0088:123ABC' }, 'z')).toBe(cnameHostname(vector, 'z'));
  });
  it('base32 follows the RFC 4648 test vectors', () => {
    const cases: Array<[string, string]> = [
      ['', ''],
      ['f', 'my'],
      ['fo', 'mzxq'],
      ['foo', 'mzxw6'],
      ['foob', 'mzxw6yq'],
      ['fooba', 'mzxw6ytb'],
      ['foobar', 'mzxw6ytboi'],
    ];
    for (const [input, output] of cases) expect(encodeBase32(Buffer.from(input))).toBe(output);
  });
});

describe('applyNaptrRegexp', () => {
  it.each([
    ['!^.*$!https://smp.example.test/path!', 'https://smp.example.test/path'],
    ['#^.*$#https://smp.example.test#', 'https://smp.example.test'],
    ['!^(.*)$!https://x.test/\\1!', 'https://x.test/input.name'],
    ['!^INPUT.*$!https://x.test!i', 'https://x.test'],
  ])('%s', (expression, expected) => {
    expect(applyNaptrRegexp(expression, 'input.name')).toBe(expected);
  });
  it.each(['', '!^.*$', '!^.*$!a!b!', '!(!x!', '1^.*$1x1', '!^nomatch$!x!', '!^.*$!x!g'])('unusable: %j', (expression) => {
    expect(applyNaptrRegexp(expression, 'input.name')).toBeUndefined();
  });
});

describe('lookupSmp against a loopback DNS server', () => {
  let dns: DnsStandin;
  const hostname = naptrHostname(participant, ZONE);
  const config = () => ({ zone: ZONE, dnsServer: dns.server, timeoutMs: 150, retries: 1 });

  beforeEach(async () => {
    dns = await startDnsStandin();
  });
  afterEach(async () => {
    await dns.close();
  });

  it('finds the SMP URL in a U-NAPTR record', async () => {
    dns.set(hostname, { naptr: [naptr('!^.*$!https://smp.example.test/base/!')] });
    expect(await lookupSmp(participant, config())).toEqual({
      registered: true,
      smpUrl: 'https://smp.example.test/base',
      zone: ZONE,
      method: 'naptr',
      hostname,
    });
    expect(dns.queries).toEqual([`NAPTR ${hostname}`]);
  });

  it('the same answer as Node’s own resolver reads from the stand-in', async () => {
    dns.set(hostname, { naptr: [naptr('!^.*$!https://smp.example.test!')] });
    const resolver = new Resolver({ timeout: 500, tries: 1 });
    resolver.setServers([dns.server]);
    const [record] = await resolver.resolveNaptr(hostname);
    const ours = await lookupSmp(participant, config());
    expect(applyNaptrRegexp(record!.regexp, hostname)).toBe(ours.smpUrl);
  });

  it('picks the lowest order, then preference, among U / Meta:SMP records only', async () => {
    dns.set(hostname, {
      naptr: [
        naptr('!^.*$!https://later.test!', 200, 1),
        naptr('!^.*$!https://second.test!', 100, 20),
        naptr('!^.*$!https://first.test!', 100, 10),
        naptr('!^.*$!https://wrong-service.test!', 1, 1, 'Meta:SMP2'),
        naptr('!^.*$!https://wrong-flag.test!', 1, 1, 'Meta:SMP', 'S'),
      ],
    });
    expect((await lookupSmp(participant, config())).smpUrl).toBe('https://first.test');
  });

  it('follows a CNAME/DNAME-style alias in the answer', async () => {
    dns.set(hostname, { cname: 'alias.acc.test.invalid' });
    dns.set('alias.acc.test.invalid', { naptr: [naptr('!^.*$!https://aliased.test!')] });
    expect((await lookupSmp(participant, config())).smpUrl).toBe('https://aliased.test');
  });

  it('NXDOMAIN and answers without a usable service mean "not registered"', async () => {
    expect(await lookupSmp(participant, config())).toMatchObject({ registered: false, smpUrl: null });
    dns.set(hostname, { naptr: [naptr('!^.*$!https://x.test!', 1, 1, 'Meta:Other')] });
    expect(await lookupSmp(participant, config())).toMatchObject({ registered: false, smpUrl: null });
  });

  it('a record that yields no URL is an SML_INVALID_RECORD error', async () => {
    dns.set(hostname, { naptr: [naptr('!^.*$!not a url!')] });
    await expect(lookupSmp(participant, config())).rejects.toMatchObject({ code: 'SML_INVALID_RECORD' });
  });

  it.each(['servfail', 'refused', 'malformed'] as const)('%s → SML_UNAVAILABLE without retry', async (behaviour) => {
    dns.set(hostname, { behaviour });
    const error = await lookupSmp(participant, config()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PeppolError);
    expect((error as PeppolError).code).toBe('SML_UNAVAILABLE');
    expect(dns.queries).toHaveLength(1);
  });

  it('silence → SML_UNAVAILABLE after exactly the configured retries', async () => {
    dns.set(hostname, { behaviour: 'silence' });
    await expect(lookupSmp(participant, { ...config(), timeoutMs: 100, retries: 2 })).rejects.toMatchObject({
      code: 'SML_UNAVAILABLE',
      details: { kind: 'TIMEOUT' },
    });
    expect(dns.queries).toHaveLength(3);
  });

  it('a slow answer within the timeout is fine, one beyond it is retried', async () => {
    dns.set(hostname, { naptr: [naptr('!^.*$!https://slow.test!')], delayMs: 30 });
    expect((await lookupSmp(participant, config())).smpUrl).toBe('https://slow.test');
    dns.set(hostname, { naptr: [naptr('!^.*$!https://slow.test!')], delayMs: 400 });
    await expect(lookupSmp(participant, config())).rejects.toMatchObject({ code: 'SML_UNAVAILABLE' });
  });

  it('falls back to TCP when the UDP answer is truncated', async () => {
    dns.set(hostname, { behaviour: 'truncated', naptr: [naptr('!^.*$!https://over-tcp.test!')] });
    expect((await lookupSmp(participant, config())).smpUrl).toBe('https://over-tcp.test');
    expect(dns.queries).toEqual([`NAPTR ${hostname}`, `TCP NAPTR ${hostname}`]);
  });

  it('ignores an answer with a foreign transaction id', async () => {
    dns.set(hostname, { behaviour: 'spoofed', naptr: [naptr('!^.*$!https://genuine.test!')] });
    expect((await lookupSmp(participant, config())).smpUrl).toBe('https://genuine.test');
  });

  it('CNAME method: SMP at http://<target>/, A-record fallback, NXDOMAIN', async () => {
    const legacy = cnameHostname(participant, ZONE);
    dns.set(legacy, { cname: 'smp.legacy.test' });
    expect(await lookupSmp(participant, { ...config(), method: 'cname', cnamePort: 8080 })).toEqual({
      registered: true,
      smpUrl: 'http://smp.legacy.test:8080',
      zone: ZONE,
      method: 'cname',
      hostname: legacy,
    });
    dns.set(legacy, { a: '192.0.2.1' });
    expect((await lookupSmp(participant, { ...config(), method: 'cname' })).smpUrl).toBe(`http://${legacy.toLowerCase()}`);
    dns.set(legacy, {});
    expect((await lookupSmp(participant, { ...config(), method: 'cname' })).registered).toBe(false);
  });

  it('naptr-then-cname tries the legacy record only when NAPTR has none', async () => {
    dns.set(cnameHostname(participant, ZONE), { cname: 'smp.legacy.test' });
    const result = await lookupSmp(participant, { ...config(), method: 'naptr-then-cname' });
    expect(result).toMatchObject({ registered: true, method: 'cname', smpUrl: 'http://smp.legacy.test' });
    expect(dns.queries.map((q) => q.split(' ')[0])).toEqual(['NAPTR', 'CNAME']);
  });

  it('refuses a resolver that is not an IP literal', async () => {
    await expect(lookupSmp(participant, { zone: ZONE, dnsServer: 'dns.example.test' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    await expect(lookupSmp(participant, { zone: '', dnsServer: dns.server })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
