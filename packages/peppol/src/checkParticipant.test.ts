import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDnsStandin, type DnsStandin } from '@kontor/testkit/dns-standin';
import { BILLING_PROCESS, BIS_INVOICE, startDirectoryStandin, startSmpStandin, XRECHNUNG_CII, type HttpStandin } from '@kontor/testkit/peppol-standins';
import { checkParticipant, type PeppolCheckConfig } from './checkParticipant';
import { PeppolError } from './errors';
import { parseParticipant } from './participant/parseParticipant';
import { cnameHostname, naptrHostname } from './sml/lookupSmp';

const ZONE = 'sml.test.invalid';
const AS4 = 'peppol-transport-as4-v2_0';
const GLN = '7300010000001';
const LEITWEG = '04011000-1234512345-06';

let dns: DnsStandin;
let smp: HttpStandin & { smpUrl: string };
let directory: HttpStandin;

beforeAll(async () => {
  dns = await startDnsStandin();
  smp = await startSmpStandin({
    [`0088:${GLN}`]: {
      documents: [
        { id: BIS_INVOICE, processes: [{ id: BILLING_PROCESS, endpoints: [{ transportProfile: AS4, url: 'https://ap.example.test/as4' }] }] },
        { id: XRECHNUNG_CII, behaviour: 'error500' },
      ],
    },
    [`0204:${LEITWEG}`]: {
      documents: [{ id: XRECHNUNG_CII, processes: [{ id: BILLING_PROCESS, endpoints: [{ transportProfile: AS4, url: 'https://ap.bund.test/as4' }] }] }],
    },
    '9930:DE136695976': { documents: [], behaviour: 'error500' },
    '0088:4012345000009': {
      documents: [
        { id: BIS_INVOICE, href: 'file:///etc/passwd' },
        { id: XRECHNUNG_CII, href: 'javascript:alert(1)' },
        { id: 'busdox-docid-qns::other', href: 'ftp://smp.example.test/services/other' },
      ],
    },
  });
  directory = await startDirectoryStandin({ [`0088:${GLN}`]: { name: [{ name: 'Beispiel GmbH', language: 'de' }], countryCode: 'DE' } }, { maxPerSecond: 100 });
});
afterAll(async () => {
  await Promise.all([dns.close(), smp.close(), directory.close()]);
});
beforeEach(() => {
  dns.queries.length = 0;
});

function register(value: string, url = smp.smpUrl) {
  const participant = parseParticipant(value);
  dns.set(naptrHostname(participant, ZONE), { naptr: [{ order: 100, preference: 10, flags: 'U', services: 'Meta:SMP', regexp: `!^.*$!${url}!` }] });
}

const config = (overrides: Partial<PeppolCheckConfig> = {}): PeppolCheckConfig => ({
  sml: { zone: ZONE, dnsServer: dns.server, timeoutMs: 150, retries: 0 },
  smp: { timeoutMs: 1000, allowHttp: true },
  directory: { baseUrl: directory.baseUrl, timeoutMs: 1000 },
  now: () => new Date('2027-06-01T00:00:00Z'),
  ...overrides,
});

describe('checkParticipant', () => {
  it('reports registration, capabilities, certificate and Directory name for a bare GLN', async () => {
    register(`0088:${GLN}`);
    const result = await checkParticipant(GLN, config());
    expect(result.participant).toEqual({ scheme: 'iso6523-actorid-upis', value: `0088:${GLN}`, identifier: `iso6523-actorid-upis::0088:${GLN}` });
    expect(result.registered).toBe(true);
    expect(result.smpUrl).toBe(smp.smpUrl);
    expect(result.sml).toEqual({ zone: ZONE, method: 'naptr', hostname: naptrHostname(result.participant, ZONE) });
    expect(result.directory).toEqual({ found: true, name: 'Beispiel GmbH', countryCode: 'DE' });
    expect(result.documentTypes).toHaveLength(2);
    expect(result.documentTypes[0]).toEqual({
      id: BIS_INVOICE,
      name: 'Peppol BIS Billing 3.0 UBL Invoice',
      signed: true,
      processes: [
        {
          id: BILLING_PROCESS,
          transportProfile: AS4,
          endpointUrl: 'https://ap.example.test/as4',
          certificate: {
            notBefore: '2026-11-22T02:52:13.000Z',
            notAfter: '2036-11-19T02:52:13.000Z',
            subject: 'C=DE, O=Kontor Test AP, OU=PEPPOL TEST AP, CN=PDE000001',
            issuer: 'C=DE, O=Kontor Test AP, OU=PEPPOL TEST AP, CN=PDE000001',
            valid: true,
          },
          serviceActivationDate: '2026-01-01T00:00:00Z',
          serviceExpirationDate: null,
          technicalContactUrl: 'mailto:ops@example.test',
        },
      ],
    });
    // the second document type failed at the SMP: listed without processes, with a warning
    expect(result.documentTypes[1]).toEqual({ id: XRECHNUNG_CII, name: 'XRechnung 3.0 CII', signed: null, processes: [] });
    expect(result.issues).toEqual([expect.objectContaining({ code: 'SMP_UNAVAILABLE', severity: 'warning', path: 'documentTypes[1]' })]);
  });

  it('resolves a Leitweg-ID to 0204 and finds its XRechnung capability', async () => {
    register(`0204:${LEITWEG}`);
    const result = await checkParticipant(LEITWEG, config({ directory: null }));
    expect(result.participant.value).toBe(`0204:${LEITWEG}`);
    expect(result.documentTypes.map((d) => d.name)).toEqual(['XRechnung 3.0 CII']);
    expect(result.directory).toBeNull();
    expect(result.issues).toEqual([]);
  });

  it('registered:false is a normal answer (NXDOMAIN), and the Directory is still asked', async () => {
    const result = await checkParticipant('0088:4000001000005', config());
    expect(result).toMatchObject({ registered: false, smpUrl: null, documentTypes: [], issues: [], directory: { found: false } });
  });

  it('an SML that does not answer is a typed SML_UNAVAILABLE error', async () => {
    const participant = parseParticipant('0088:0614141000012');
    dns.set(naptrHostname(participant, ZONE), { behaviour: 'silence' });
    const error = await checkParticipant('0614141000012', config()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PeppolError);
    expect((error as PeppolError).code).toBe('SML_UNAVAILABLE');
    dns.set(naptrHostname(participant, ZONE), { behaviour: 'servfail' });
    await expect(checkParticipant('0614141000012', config())).rejects.toMatchObject({ code: 'SML_UNAVAILABLE' });
  });

  it('an SML failure is reported at once, without waiting for a slow Directory', async () => {
    const participant = parseParticipant('0088:0614141000012');
    dns.set(naptrHostname(participant, ZONE), { behaviour: 'servfail' });
    // The Directory answers (and times out) only long after the test's own timeout: waiting for it fails the test.
    const slowDirectory = await startDirectoryStandin({}, { behaviour: 'slow', slowMs: 600_000 });
    try {
      await expect(checkParticipant('0614141000012', config({ directory: { baseUrl: slowDirectory.baseUrl, timeoutMs: 600_000 } }))).rejects.toMatchObject({
        code: 'SML_UNAVAILABLE',
      });
    } finally {
      await slowDirectory.close();
    }
  });

  it('refuses unrecognisable input before any network access', async () => {
    await expect(checkParticipant('hello', config())).rejects.toMatchObject({ code: 'PARTICIPANT_INVALID', details: { reason: 'PARTICIPANT_UNRECOGNISED' } });
    expect(dns.queries).toEqual([]);
  });

  it('SMP and Directory failures become issues next to the SML answer', async () => {
    register('9930:DE136695976');
    const downDirectory = await startDirectoryStandin({}, { behaviour: 'error500' });
    try {
      const result = await checkParticipant('DE 136 695 976', config({ directory: { baseUrl: downDirectory.baseUrl } }));
      expect(result).toMatchObject({ registered: true, documentTypes: [], directory: null });
      expect(result.issues.map((i) => [i.code, i.path])).toEqual([
        ['SMP_UNAVAILABLE', 'smpUrl'],
        ['DIRECTORY_UNAVAILABLE', 'directory'],
      ]);
      // German by default; English on request with the same codes, the client's technical reason kept in both.
      expect(result.issues[0]!.message).toMatch(/^SMP nicht erreichbar: /);
      expect(result.issues[1]!.message).toMatch(/^Peppol Directory nicht erreichbar: /);
      const en = await checkParticipant('DE 136 695 976', config({ directory: { baseUrl: downDirectory.baseUrl }, lang: 'en' }));
      expect(en.issues.map((i) => i.code)).toEqual(result.issues.map((i) => i.code));
      expect(en.issues[0]!.message).not.toMatch(/nicht erreichbar/);
      expect(result.issues[0]!.message.endsWith(en.issues[0]!.message)).toBe(true);
    } finally {
      await downDirectory.close();
    }
  });

  it('does not query an http: SMP unless allowed', async () => {
    register(`0088:${GLN}`);
    const requestsBefore = smp.requests.length;
    const result = await checkParticipant(GLN, config({ smp: { timeoutMs: 1000 }, directory: null }));
    expect(result).toMatchObject({ registered: true, smpUrl: smp.smpUrl, documentTypes: [] });
    expect(result.issues.map((i) => i.code)).toEqual(['SMP_NOT_HTTPS']);
    expect(result.issues[0]!.message).toBe(`Die SML verweist auf ${smp.smpUrl}; Peppol-SMPs müssen HTTPS verwenden, daher wurde er nicht abgefragt.`);
    const en = await checkParticipant(GLN, config({ smp: { timeoutMs: 1000 }, directory: null, lang: 'en' }));
    expect(en.issues[0]!.message).toBe(`The SML points to ${smp.smpUrl}; Peppol SMPs must use HTTPS, so it was not queried.`);
    expect(smp.requests.length).toBe(requestsBefore);
  });

  it('flags an access point certificate that is not valid at the check time', async () => {
    register(`0204:${LEITWEG}`);
    const result = await checkParticipant(LEITWEG, config({ directory: null, now: () => new Date('2040-01-01T00:00:00Z') }));
    expect(result.documentTypes[0]?.processes[0]?.certificate?.valid).toBe(false);
    expect(result.issues.map((i) => i.code)).toEqual(['SMP_CERTIFICATE_EXPIRED']);
  });

  it('uses the legacy CNAME record when configured', async () => {
    const participant = parseParticipant(`0204:${LEITWEG}`);
    dns.set(cnameHostname(participant, ZONE), { cname: '127.0.0.1' });
    const port = Number(new URL(smp.baseUrl).port);
    const result = await checkParticipant(
      `iso6523-actorid-upis::0204:${LEITWEG}`,
      config({
        sml: { zone: ZONE, dnsServer: dns.server, timeoutMs: 150, retries: 0, method: 'cname', cnamePort: port },
        smp: { timeoutMs: 1000 },
        directory: null,
      }),
    );
    expect(result).toMatchObject({ registered: true, smpUrl: `http://127.0.0.1:${port}`, sml: { method: 'cname' }, issues: [] });
    expect(result.documentTypes.map((d) => d.name)).toEqual(['XRechnung 3.0 CII']);
    expect(dns.queries).toEqual([`CNAME ${cnameHostname(participant, ZONE)}`]);
  });

  it('hrefs with file:, javascript: or ftp: schemes in a ServiceGroup are reported and never fetched', async () => {
    register('0088:4012345000009');
    const before = smp.requests.length;
    const result = await checkParticipant('4012345000009', config({ directory: null }));
    expect(result.issues.map((i) => [i.code, i.path])).toEqual([
      ['SMP_INVALID_RESPONSE', 'documentTypes[0]'],
      ['SMP_INVALID_RESPONSE', 'documentTypes[1]'],
      ['SMP_INVALID_RESPONSE', 'documentTypes[2]'],
    ]);
    expect(result.issues.map((i) => i.message)).toEqual(
      ['file:', 'javascript:', 'ftp:'].map((scheme) => `Antwort des SMP nicht lesbar: The service metadata reference is a ${scheme} URL; only https and http URLs are fetched.`),
    );
    expect(smp.requests.slice(before)).toEqual(['/smp/iso6523-actorid-upis::0088:4012345000009']);
  });

  it('an SMP that does not know the SML-registered participant is a warning', async () => {
    register('0088:4000001000005');
    const result = await checkParticipant('4000001000005', config({ directory: null }));
    expect(result).toMatchObject({ registered: true, documentTypes: [] });
    expect(result.issues.map((i) => i.code)).toEqual(['SMP_PARTICIPANT_UNKNOWN']);
  });
});
